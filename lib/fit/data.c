/* data.c — reading measurements: bench 1 files and plain columns
 * "x y [y ...]" (formats/bench.md), through the shared text reader. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fit/fit.h"

/* The number in field f when it is finite and >= 0; what is wanted is
 * named otherwise ("expected a size >= 0, not 'nan'"). */
static int nonneg_field(tf_reader *r, const tf_field *f, const char *what,
                        double *out)
{
    if (f->kind != TF_NUMBER || !(f->number >= 0) || isinf(f->number)) {
        diag_error(r->d, tf_loc(r, f), "expected %s >= 0, not '%.40s%s'",
                   what, f->text, strlen(f->text) > 40 ? "..." : "");
        return -1;
    }
    *out = f->number;
    return 0;
}

static size_t series_of(fit_data *data, keymap *kinds, const char *kind)
{
    size_t i;
    if (keymap_get(kinds, kind, strlen(kind), &i))
        return i;
    fit_series s = {.kind = xstrdup(kind)};
    VEC_PUSH(&data->series, s);
    keymap_put(kinds, kind, strlen(kind), data->series.len - 1);
    return data->series.len - 1;
}

static void read_bench(fit_data *data, tf_reader *r, keymap *kinds)
{
    int got;
    while ((got = tf_next(r)) != 0) {
        if (got < 0)
            continue;
        const tf_field *key = &r->fields.items[0];
        if (key->kind == TF_WORD && strcmp(key->text, "name") == 0) {
            if (r->fields.len != 2 || r->fields.items[1].kind != TF_STRING)
                diag_error(r->d, tf_loc(r, key), "expected: name \"TEXT\"");
            else if (data->name)
                diag_error(r->d, tf_loc(r, key), "name given twice");
            else
                data->name = xstrdup(r->fields.items[1].text);
            continue;
        }
        if (key->kind != TF_WORD || strcmp(key->text, "sample") != 0) {
            diag_error(r->d, tf_loc(r, key), "unknown record '%.40s' "
                       "(expected name or sample)", key->text);
            continue;
        }
        if (r->fields.len != 4 || r->fields.items[1].kind != TF_WORD) {
            diag_error(r->d, tf_loc(r, key), "expected: sample KIND SIZE TIME");
            continue;
        }
        const tf_field *fx = &r->fields.items[2], *fy = &r->fields.items[3];
        fit_sample s = {.line = fx->line, .col = fx->col};
        if (nonneg_field(r, fx, "a size", &s.x) < 0 ||
            nonneg_field(r, fy, "a time", &s.y) < 0)
            continue;
        /* The index first: series_of may move the array. */
        size_t at = series_of(data, kinds, r->fields.items[1].text);
        fit_series *ser = &data->series.items[at];
        if (ser->samples.len) {
            double prev = ser->samples.items[ser->samples.len - 1].x;
            if (s.x < prev) {
                char a[32], b[32];
                diag_error(r->d, tf_loc(r, fx), "size %s of kind '%s' comes "
                           "after size %s: sort the samples by size",
                           fmt_double(a, s.x), ser->kind, fmt_double(b, prev));
                continue;
            }
        }
        VEC_PUSH(&ser->samples, s);
    }
}

static void read_columns(fit_data *data, tf_reader *r, int got)
{
    size_t width = 0;
    double prev = 0;
    for (; got != 0; got = tf_next(r)) {
        if (got < 0)
            continue;
        size_t w = r->fields.len;
        if (w < 2) {
            diag_error(r->d, tf_loc(r, &r->fields.items[0]), "expected a "
                       "size and at least one time: x y [y ...]");
            continue;
        }
        if (width && w != width) {
            diag_error(r->d, tf_loc(r, &r->fields.items[0]), "a row of %zu "
                       "columns after rows of %zu", w, width);
            continue;
        }
        double *v = xcalloc(w, sizeof *v);
        int bad = 0;
        for (size_t i = 0; i < w && !bad; i++)
            bad = nonneg_field(r, &r->fields.items[i], i ? "a time" : "a size",
                               &v[i]) < 0;
        if (bad) {
            free(v);
            continue;
        }
        const tf_field *fx = &r->fields.items[0];
        if (width && v[0] <= prev) {
            char a[32], b[32];
            if (v[0] == prev)
                diag_error(r->d, tf_loc(r, fx), "size %s repeats the size "
                           "before it: columns need strictly increasing sizes",
                           fmt_double(a, v[0]));
            else
                diag_error(r->d, tf_loc(r, fx), "size %s is not above the "
                           "size before it (%s): columns need strictly "
                           "increasing sizes", fmt_double(a, v[0]),
                           fmt_double(b, prev));
            free(v);
            continue;
        }
        if (!width) {
            width = w;
            for (size_t i = 1; i < w; i++) {
                char name[32];
                snprintf(name, sizeof name, "y%zu", i);
                fit_series s = {.kind = xstrdup(name)};
                VEC_PUSH(&data->series, s);
            }
        }
        prev = v[0];
        for (size_t i = 1; i < w; i++) {
            fit_sample s = {v[0], v[i], fx->line, fx->col};
            VEC_PUSH(&data->series.items[i - 1].samples, s);
        }
        free(v);
    }
}

FILE *fit_text_stream(const char *text, size_t len, const char *file,
                      diag *d)
{
    /* fmemopen of 0 bytes is refused by some libcs: open the text's NUL
     * and read it, leaving an empty stream. */
    FILE *mem = fmemopen((void *)text, len ? len : 1, "r");
    if (!mem)
        die(d->prog, EXIT_RUNTIME, "cannot read '%s': %s", file,
            strerror(errno));
    if (len == 0)
        fgetc(mem);
    return mem;
}

int fit_data_read(fit_data *data, const char *text, size_t len,
                  const char *file, diag *d)
{
    memset(data, 0, sizeof *data);
    data->file = xstrdup(file);
    FILE *mem = fit_text_stream(text, len, file, d);
    int errors = d->errors;
    /* The first record decides: the header 'bench N', or a row. */
    tf_reader r = {.fp = mem, .file = file, .d = d};
    int got = tf_next(&r);
    while (got < 0)
        got = tf_next(&r);
    if (got > 0 && r.fields.items[0].kind == TF_WORD &&
        strcmp(r.fields.items[0].text, "bench") == 0) {
        tf_close(&r);
        rewind(mem);
        if (tf_open(&r, mem, file, d, "bench", 1) == 0) {
            data->is_bench = 1;
            keymap kinds = {0};
            read_bench(data, &r, &kinds);
            keymap_free(&kinds);
        }
    } else if (got > 0) {
        read_columns(data, &r, got);
    }
    int empty = d->errors == errors && data->series.len == 0;
    if (empty)
        diag_error(d, (srcloc){file, r.line, 0}, "no measurements: expected "
                   "rows 'x y [y ...]' or a 'bench 1' file of samples");
    tf_close(&r);
    fclose(mem);
    if (d->errors != errors) {
        fit_data_free(data);
        return -1;
    }
    return 0;
}

void fit_data_free(fit_data *data)
{
    for (size_t i = 0; i < data->series.len; i++) {
        free(data->series.items[i].kind);
        free(data->series.items[i].samples.items);
    }
    free(data->series.items);
    free(data->file);
    free(data->name);
    memset(data, 0, sizeof *data);
}

const fit_series *fit_data_pick(const fit_data *data, const char *want,
                                diag *d)
{
    srcloc at = {data->file, 0, 0};
    if (!want) {
        if (data->series.len == 1 || !data->is_bench)
            return &data->series.items[0];
        strbuf names = {0};
        for (size_t i = 0; i < data->series.len; i++)
            sb_printf(&names, "%s%s", i ? ", " : "", data->series.items[i].kind);
        diag_error(d, at, "%zu kinds of samples (%s): choose one with --kind",
                   data->series.len, sb_str(&names));
        sb_free(&names);
        return NULL;
    }
    char name[32];
    if (!data->is_bench && want[0] >= '1' && want[0] <= '9' &&
        strlen(want) < 20) {
        snprintf(name, sizeof name, "y%s", want);
        want = name;
    }
    for (size_t i = 0; i < data->series.len; i++)
        if (strcmp(data->series.items[i].kind, want) == 0)
            return &data->series.items[i];
    if (data->is_bench)
        diag_error(d, at, "no samples of kind '%.40s'", want);
    else
        diag_error(d, at, "no column %.40s: the file has %zu time column%s",
                   want[0] == 'y' ? want + 1 : want, data->series.len,
                   data->series.len == 1 ? "" : "s");
    return NULL;
}

const char *const fit_stat_names[] = {"mean", "median", "min", NULL};

void fit_points_of(const fit_series *s, fit_stat stat, fit_points *out)
{
    out->len = 0;
    size_t n = s->samples.len;
    for (size_t i = 0; i < n;) {
        const fit_sample *first = &s->samples.items[i];
        /* A running mean: no overflow from a sum of huge times. */
        double mean = 0;
        size_t j = i;
        for (; j < n && s->samples.items[j].x == first->x; j++)
            mean = mean_step(mean, s->samples.items[j].y, j - i + 1);
        fit_point p = {first->x, mean, j - i, first->line, first->col};
        VEC_PUSH(out, p);
        i = j;
    }
    if (stat == FIT_STAT_MEAN)
        return;
    fit_intervals_vec iv = {0};
    fit_intervals(s, 0, &iv);          /* one per point, in the same order */
    for (size_t k = 0; k < out->len; k++)
        out->items[k].y = stat == FIT_STAT_MEDIAN ? iv.items[k].median
                                                  : iv.items[k].min;
    free(iv.items);
}
