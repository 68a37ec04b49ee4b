/* read.c — the readers' shared steps (read.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/read.h"

int sched_doc_open(sched_doc *doc, const char *text, size_t len,
                   const char *file, diag *d, const char *format)
{
    /* fmemopen of 0 bytes is refused by some libcs: an empty text is an
     * empty stream all the same. */
    static const char nothing[1];
    doc->mem = fmemopen((void *)(len ? text : nothing), len ? len : 1, "r");
    if (!doc->mem)
        die(d->prog, EXIT_RUNTIME, "cannot read '%s': %s", file,
            strerror(errno));
    if (!len)
        fgetc(doc->mem);           /* past the one NUL byte: at the end */
    if (tf_open(&doc->r, doc->mem, file, d, format, 1) < 0) {
        fclose(doc->mem);
        return -1;
    }
    return 0;
}

void sched_doc_close(sched_doc *doc)
{
    tf_close(&doc->r);
    fclose(doc->mem);
}

int sched_number(tf_reader *r, size_t i, double min, int exclusive,
                 double *out)
{
    const tf_field *f = i < r->fields.len ? &r->fields.items[i] : NULL;
    if (!f || f->kind != TF_NUMBER || !isfinite(f->number) ||
        (exclusive ? !(f->number > min) : !(f->number >= min))) {
        diag_error(r->d, tf_loc(r, f), "expected a finite number %s %g%s%s%s",
                   exclusive ? ">" : ">=", min, f ? ", not '" : "",
                   f ? f->text : " at the end of the record", f ? "'" : "");
        return -1;
    }
    *out = f->number;
    return 0;
}

int sched_task_type(tf_reader *r, size_t i, uint64_t *type)
{
    const tf_field *f = i < r->fields.len ? &r->fields.items[i] : NULL;
    if (!f || f->kind != TF_WORD || f->text[0] != 'L' ||
        parse_u64(f->text + 1, 1, UINT64_MAX, type) != 0) {
        diag_error(r->d, tf_loc(r, f), "expected a task type L<n> (n >= 1)%s"
                   "%s%s", f ? ", not '" : "", f ? f->text : "",
                   f ? "'" : "");
        return -1;
    }
    return 0;
}

int sched_check_end(tf_reader *r, size_t i, const char *what, uint64_t count)
{
    const tf_field *f = i < r->fields.len ? &r->fields.items[i] : NULL;
    if (r->fields.len != i + 1 || f->kind != TF_NUMBER ||
        f->number != (double)count) {
        diag_error(r->d, tf_loc(r, f ? f : &r->fields.items[0]), "the end "
                   "record does not match the file: it has %llu %s record%s",
                   (unsigned long long)count, what, count == 1 ? "" : "s");
        return -1;
    }
    return 0;
}
