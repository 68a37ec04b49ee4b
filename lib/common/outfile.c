/* outfile.c — all-or-nothing output files and input arguments.
 *
 * A named output is written to "<path>.tmpXXXXXX" beside it and renamed
 * over the path on commit: rename(2) within one directory is atomic, so a
 * reader (or a make rule) sees either the old file or the whole new one,
 * never a truncated result of a failed run. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/common.h"

static int is_std(const char *path)
{
    return !path || strcmp(path, "-") == 0;
}

/* Frees the names and forgets the stream; errno is preserved so callers
 * can report the failure that led here. */
static void out_forget(outfile *o)
{
    int saved = errno;
    free(o->path);
    free(o->tmp_path);
    *o = (outfile){0};
    errno = saved;
}

int out_open(outfile *o, const char *path)
{
    *o = (outfile){0};
    if (is_std(path)) {
        o->fp = stdout;
        return 0;
    }
    strbuf tmp = {0};
    sb_printf(&tmp, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp.text);
    if (fd < 0) {
        sb_free(&tmp);
        return -1;
    }
    /* mkstemp creates mode 0600; a finished output should get the usual
     * 0666 & ~umask, as if fopen had created it. umask can only be read by
     * setting it, so it is set back at once (the programs are single
     * threaded). */
    mode_t mask = umask(0);
    umask(mask);
    FILE *fp = NULL;
    if (fchmod(fd, 0666 & ~mask) != 0 || !(fp = fdopen(fd, "w"))) {
        int saved = errno;
        close(fd);
        unlink(tmp.text);
        sb_free(&tmp);
        errno = saved;
        return -1;
    }
    o->fp = fp;
    o->path = xstrdup(path);
    o->tmp_path = tmp.text;   /* ownership moves from the strbuf */
    return 0;
}

/* ferror catches write errors that an earlier fputs/printf swallowed;
 * those leave errno unspecified by then, so EIO stands in. */
static int flush_checked(FILE *fp)
{
    if (fflush(fp) != 0)
        return -1;
    if (ferror(fp)) {
        errno = EIO;
        return -1;
    }
    return 0;
}

int out_commit(outfile *o)
{
    if (!o->tmp_path)
        return o->fp ? flush_checked(o->fp) : 0;   /* stdout */
    int failed = flush_checked(o->fp) != 0;
    int saved = errno;
    if (fclose(o->fp) != 0 && !failed) {
        failed = 1;
        saved = errno;
    }
    if (!failed && rename(o->tmp_path, o->path) != 0) {
        failed = 1;
        saved = errno;
    }
    if (failed)
        unlink(o->tmp_path);
    out_forget(o);
    errno = saved;
    return failed ? -1 : 0;
}

void out_abort(outfile *o)
{
    if (!o->tmp_path)
        return;   /* stdout: what was written is gone already */
    fclose(o->fp);
    unlink(o->tmp_path);
    out_forget(o);
}

FILE *in_open(const char *path)
{
    return is_std(path) ? stdin : fopen(path, "r");
}

/* stdin stays open: another input argument may be "-" again, and closing
 * fd 0 would let the next open() reuse it. */
void in_close(FILE *fp)
{
    if (fp && fp != stdin)
        fclose(fp);
}
