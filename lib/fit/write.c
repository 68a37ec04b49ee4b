/* write.c — the bench records mpibench writes (formats/bench.md), and what
 * bench2model writes: perf-model records (formats/perf-model.md), a
 * net-model for netsim (formats/net-model.md) and SimGrid SMPI
 * configuration; and the perf-model reader. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fit/fit.h"
#include "sim/sim.h"

/* ------------------------------------------------------------- bench */

/* The first line, then the optional name record. */
static void put_header(FILE *fp, const char *first, const char *name)
{
    fputs(first, fp);
    if (name) {
        fputs("name ", fp);
        tf_put_string(fp, name);
        fputc('\n', fp);
    }
}

void fit_write_bench_header(FILE *fp, const char *name)
{
    put_header(fp, "bench 1\n", name);
}

void fit_write_bench_sample(FILE *fp, const char *kind, double size,
                            double time)
{
    char a[32], b[32];
    fprintf(fp, "sample %s %s %s\n", kind, fmt_double(a, size),
            fmt_double(b, time));
}

/* -------------------------------------------------------- perf-model */

void fit_write_header(FILE *fp, const char *name, fit_sign sign)
{
    put_header(fp, "perf-model 1\n", name);
    fprintf(fp, "sign %s\n", fit_sign_names[sign]);
}

void fit_write_poly(FILE *fp, const char *name, const fit_poly *f)
{
    fprintf(fp, "poly %s ", name);
    tf_put_double(fp, f->lo);
    fputc(' ', fp);
    tf_put_double(fp, f->hi);
    fprintf(fp, " %d", f->degree);
    for (int j = 0; j <= f->degree; j++) {
        fputc(' ', fp);
        tf_put_double(fp, f->c[j]);
    }
    fputc('\n', fp);
}

/* "%.10g", or "-" for the NaN of an undefined relative error. */
static const char *ten(char buf[32], double x)
{
    if (isnan(x))
        return "-";
    snprintf(buf, 32, "%.10g", x);
    return buf;
}

/* A point's error: NaN (written '-') for a measured 0, which has none;
 * past the largest double, refused. */
static int point_error(const char *name, double x, double m, double p,
                       fit_sign sign, diag *d, srcloc at, double *e)
{
    *e = fit_error(m, p, sign);
    if (m == 0 || isfinite(*e))
        return 0;
    char what[300], xs[32];
    snprintf(what, sizeof what, "the error of %s at %s", name,
             fmt_double(xs, x));
    return result_finite(d, at, what, *e, "the measured time is too small "
                         "for the prediction");
}

int fit_write_point(FILE *fp, const char *name, double x, double m, double p,
                    fit_sign sign, diag *d, srcloc at)
{
    double err;
    if (point_error(name, x, m, p, sign, d, at, &err) < 0)
        return -1;
    char a[32], b[32], c[32], e[32];
    fprintf(fp, "point %s %s %s %s %s\n", name, fmt_double(a, x),
            fmt_double(b, m), ten(c, p), ten(e, err));
    return 0;
}

int fit_write_summary(FILE *fp, const char *name, const fit_point *pts,
                      const double *pred, size_t n, fit_sign sign, diag *d,
                      srcloc at)
{
    double sse = 0, mean = 0, max = 0;
    size_t counted = 0;
    for (size_t i = 0; i < n; i++) {
        double r = pts[i].y - pred[i], e;
        if (point_error(name, pts[i].x, pts[i].y, pred[i], sign, d, at,
                        &e) < 0)
            return -1;
        sse += r * r;   /* a square is at most the sum: inf only if it is */
        e = fabs(e);
        if (!isnan(e)) {
            mean = mean_step(mean, e, ++counted);
            max = e > max ? e : max;
        }
    }
    char what[300];
    snprintf(what, sizeof what, "the sum of squared residuals of %s", name);
    if (result_finite(d, at, what, sse, "the times are too large to square "
                      "(give them in a larger unit)") < 0)
        return -1;
    char a[32], b[32], c[32];
    fprintf(fp, "summary %s %zu %s %s %s\n", name, n, ten(a, sse),
            ten(b, counted ? mean : NAN), ten(c, counted ? max : NAN));
    return 0;
}

void fit_write_interval(FILE *fp, const char *key, const fit_interval *iv)
{
    char a[32], b[32], c[32], e[32], f[32];
    fprintf(fp, "interval %s %s %zu %s %s %s %s\n", key, fmt_double(a, iv->x),
            iv->n, fmt_double(b, iv->min), fmt_double(c, iv->max),
            ten(e, iv->mean), ten(f, iv->median));
}

void fit_write_prediction(FILE *fp, const char *name, double x, double lo,
                          double hi)
{
    char a[32], b[32], c[32];
    fprintf(fp, "predict %s %s %s %s\n", name, fmt_double(a, x),
            fmt_double(b, lo), fmt_double(c, hi));
}

/* --------------------------------------------------------- net-model */

/* f with each negative t_s or t_w that is rounding noise set to 0: a
 * coefficient under FIT_MAX_DRIFT of the regime's times (t_s), or of its
 * times over its size range (t_w), as an exact line through 0 fits to
 * t_s = -4e-12. Counts them in *zeroed. */
static fit_piecewise without_noise(const fit_piecewise *f, size_t *zeroed)
{
    fit_piecewise g = *f;
    *zeroed = 0;
    for (size_t k = 0; k < g.regimes; k++) {
        fit_poly *l = &g.line[k];
        double a = fabs(fit_poly_eval(l, l->lo)), b = fabs(fit_poly_eval(l, l->hi));
        double scale = a > b ? a : b;
        if (l->c[0] < 0 && -l->c[0] <= FIT_MAX_DRIFT * scale) {
            l->c[0] = 0;
            ++*zeroed;
        }
        if (l->c[1] < 0 && l->hi > l->lo &&
            -l->c[1] * (l->hi - l->lo) <= FIT_MAX_DRIFT * scale) {
            l->c[1] = 0;
            ++*zeroed;
        }
    }
    return g;
}

static int check_nonneg(const fit_piecewise *f, const char *target, diag *d,
                        srcloc at)
{
    int bad = 0;
    for (size_t k = 0; k < f->regimes; k++) {
        const fit_poly *l = &f->line[k];
        if (l->c[0] < 0 || l->c[1] < 0) {
            char a[32];
            int ts = l->c[0] < 0;
            diag_error(d, at, "regime %zu: t_%s = %s is negative, which %s "
                       "cannot hold: write --format perf-model, or fit other "
                       "sizes or regimes", k + 1, ts ? "s" : "w",
                       ten(a, ts ? l->c[0] : l->c[1]), target);
            bad = 1;
        }
    }
    return bad ? -1 : 0;
}

int fit_write_net_model(FILE *fp, const char *name, const fit_piecewise *f,
                        const fit_point *pts, size_t n, fit_sign sign,
                        diag *d, srcloc at)
{
    size_t zeroed;
    fit_piecewise clean = without_noise(f, &zeroed);
    if (check_nonneg(&clean, "a net-model (netsim needs t_s >= 0 and t_w "
                     ">= 0)", d, at) < 0)
        return -1;
    net_model m = {.name = (char *)name, .eager_limit = -1};
    char a[32], b[32], c[32], e[32];
    for (size_t k = 0; k < f->regimes; k++) {
        net_regime g = {k + 1 < f->regimes ? NET_LE : NET_ANY,
                        k + 1 < f->regimes ? f->breaks[k] : 0,
                        clean.line[k].c[0], clean.line[k].c[1]};
        VEC_PUSH(&m.regimes, g);
    }
    /* The report first, as comments netsim skips. */
    fprintf(fp, "# bench2model comm: %zu sizes, %zu regime%s, total SSE %s\n",
            n, f->regimes, f->regimes == 1 ? "" : "s", ten(a, f->sse));
    for (size_t k = 0; k < f->regimes; k++) {
        const fit_poly *l = &f->line[k];
        fprintf(fp, "# regime %zu: sizes %s..%s (%zu points): t_s = %s us, "
                "t_w = %s us/B\n", k + 1, fmt_double(a, l->lo),
                fmt_double(b, l->hi), l->points, ten(c, l->c[0]),
                ten(e, l->c[1]));
    }
    if (zeroed)
        fprintf(fp, "# %zu negative coefficient%s under 1e-8 of the times "
                "(rounding) written as 0 below\n", zeroed,
                zeroed == 1 ? "" : "s");
    fprintf(fp, "# size measured fitted error%% (%s)\n", fit_sign_names[sign]);
    for (size_t i = 0; i < n; i++) {
        double p = fit_piecewise_eval(f, pts[i].x), err;
        if (point_error(name, pts[i].x, pts[i].y, p, sign, d, at, &err) < 0) {
            free(m.regimes.items);
            return -1;
        }
        fprintf(fp, "#   %s %s %s %s\n", fmt_double(a, pts[i].x),
                fmt_double(b, pts[i].y), ten(c, p), ten(e, err));
    }
    net_model_write(fp, &m);
    free(m.regimes.items);
    return 0;
}

/* ------------------------------------------------------------- SMPI */

int fit_write_smpi(FILE *fp, const char *name, const fit_piecewise *f0,
                   diag *d, srcloc at)
{
    size_t zeroed;
    fit_piecewise clean = without_noise(f0, &zeroed);
    const fit_piecewise *f = &clean;
    if (check_nonneg(f, "SimGrid's factors", d, at) < 0)
        return -1;
    for (size_t k = 0; k < f->regimes; k++)
        if (!(f->line[k].c[1] > 0)) {
            diag_error(d, at, "regime %zu: t_w = 0, an infinite bandwidth, "
                       "which SimGrid's bandwidth factors cannot give",
                       k + 1);
            return -1;
        }
    const fit_poly *last = &f->line[f->regimes - 1];
    /* The link carries the last regime; each regime's factors scale it:
     * time = lat-factor·latency + size/(bw-factor·bandwidth). */
    double lat = last->c[0] > 0 ? last->c[0] : 1;   /* µs */
    double bw = 1e6 / last->c[1];                    /* bytes per second */
    strbuf bwf = {0}, latf = {0};
    for (size_t k = 0; k < f->regimes; k++) {
        /* SimGrid takes an entry "K:v" for the sizes above K, up to the
         * next K: the regime below a breakpoint keeps the breakpoint
         * (B1). Its keys are integers; sizes are whole bytes. */
        double key = k ? floor(f->breaks[k - 1]) : 0;
        sb_printf(&bwf, "%s%.0f:%.10g", k ? ";" : "", key,
                  last->c[1] / f->line[k].c[1]);
        sb_printf(&latf, "%s%.0f:%.10g", k ? ";" : "", key,
                  f->line[k].c[0] / lat);
    }
    fputs("<?xml version='1.0'?>\n"
          "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
          "<!-- bench2model comm --format smpi: ", fp);
    for (const char *s = name; *s; s++)    /* no "--" inside a comment */
        fputc(*s == '-' && s[1] == '-' ? '_' : *s, fp);
    fprintf(fp, "\n"
            "     SMPI time of a message of size d > 0 bytes:\n"
            "     lat-factor(d) * latency + d / (bw-factor(d) * bandwidth),\n"
            "     the fitted t_s + t_w * d of its regime (a 0-byte message\n"
            "     takes factor 1, the last regime's t_s). The same options\n"
            "     on the command line:\n"
            "     smpirun -platform THIS.xml --cfg=network/model:SMPI "
            "--cfg=network/TCP-gamma:0 --cfg=network/crosstraffic:0\n"
            "       --cfg=smpi/bw-factor:'%s' --cfg=smpi/lat-factor:'%s' -->\n",
            sb_str(&bwf), sb_str(&latf));
    fprintf(fp, "<platform version=\"4.1\">\n"
            "  <config>\n"
            "    <prop id=\"network/model\" value=\"SMPI\"/>\n"
            "    <prop id=\"network/TCP-gamma\" value=\"0\"/>\n"
            "    <prop id=\"network/crosstraffic\" value=\"0\"/>\n"
            "    <prop id=\"smpi/bw-factor\" value=\"%s\"/>\n"
            "    <prop id=\"smpi/lat-factor\" value=\"%s\"/>\n"
            "  </config>\n"
            "  <zone id=\"fitted\" routing=\"Full\">\n"
            "    <host id=\"node-0\" speed=\"1Gf\"/>\n"
            "    <host id=\"node-1\" speed=\"1Gf\"/>\n"
            "    <link id=\"link\" bandwidth=\"%.10gBps\" latency=\"%.10gus\"/>\n"
            "    <route src=\"node-0\" dst=\"node-1\"><link_ctn id=\"link\"/></route>\n"
            "  </zone>\n"
            "</platform>\n", sb_str(&bwf), sb_str(&latf), bw, lat);
    sb_free(&bwf);
    sb_free(&latf);
    return 0;
}

/* ------------------------------------------------------- warnings */

int fit_warn_negative(const fit_piecewise *f0, const char *name, diag *d,
                      srcloc at)
{
    size_t zeroed;
    fit_piecewise clean = without_noise(f0, &zeroed);   /* not rounding */
    const fit_piecewise *f = &clean;
    int warned = 0;
    for (size_t k = 0; k < f->regimes; k++) {
        const fit_poly *l = &f->line[k];
        double from = k ? f->breaks[k - 1] : 0;
        double to = k + 1 < f->regimes ? f->breaks[k] : INFINITY;
        double ts = l->c[0], tw = l->c[1];
        /* ts + tw·d < 0 where on [from, to]? */
        char a[32], b[32], c[32], e[32], g[32];
        if (tw > 0 && ts < 0 && -ts / tw > from) {
            diag_warning(d, at, "%s: regime %zu gives negative times below "
                         "%s bytes (t_s = %s, t_w = %s); it was fitted on "
                         "%s..%s only", name, k + 1, ten(a, -ts / tw),
                         ten(b, ts), ten(c, tw), fmt_double(e, l->lo),
                         fmt_double(g, l->hi));
            warned++;
        } else if (tw < 0 && (isinf(to) || ts + tw * to < 0)) {
            diag_warning(d, at, "%s: regime %zu gives negative times above "
                         "%s bytes (t_s = %s, t_w = %s); it was fitted on "
                         "%s..%s only", name, k + 1,
                         ten(a, ts > 0 ? -ts / tw : from), ten(b, ts),
                         ten(c, tw), fmt_double(e, l->lo),
                         fmt_double(g, l->hi));
            warned++;
        } else if (tw == 0 && ts < 0) {
            diag_warning(d, at, "%s: regime %zu gives negative times "
                         "(t_s = %s, t_w = 0)", name, k + 1, ten(a, ts));
            warned++;
        }
    }
    return warned;
}

/* ------------------------------------------------- perf-model reader */

static void function_free(fit_function *f)
{
    free(f->name);
    free(f->pieces.items);
}

static void read_poly(tf_reader *r, fit_model *m)
{
    const tf_field *key = &r->fields.items[0];
    size_t nf = r->fields.len;
    const tf_field *deg = nf > 4 ? &r->fields.items[4] : NULL;
    fit_poly p = {0};
    int ok = nf >= 6 && r->fields.items[1].kind == TF_WORD && deg &&
             deg->kind == TF_NUMBER && deg->number >= 0 &&
             deg->number <= FIT_MAX_DEGREE && deg->number == floor(deg->number);
    if (ok) {
        p.degree = (int)deg->number;
        ok = nf == 6 + (size_t)p.degree;
    }
    for (size_t i = 2; ok && i < nf; i++)
        ok = r->fields.items[i].kind == TF_NUMBER &&
             isfinite(r->fields.items[i].number);
    if (!ok) {
        diag_error(r->d, tf_loc(r, key), "expected: poly NAME LO HI DEGREE "
                   "C0 ... Cd (DEGREE from 0 to %d, DEGREE + 1 finite "
                   "coefficients)", FIT_MAX_DEGREE);
        return;
    }
    p.lo = r->fields.items[2].number;
    p.hi = r->fields.items[3].number;
    for (int j = 0; j <= p.degree; j++)
        p.c[j] = r->fields.items[5 + (size_t)j].number;
    const tf_field *hi = &r->fields.items[3];
    if (p.lo > p.hi) {
        char a[32], b[32];
        diag_error(r->d, tf_loc(r, hi), "HI %s is below LO %s",
                   fmt_double(a, p.hi), fmt_double(b, p.lo));
        return;
    }
    const char *name = r->fields.items[1].text;
    fit_function *f = NULL;
    for (size_t i = 0; i < m->functions.len; i++)
        if (strcmp(m->functions.items[i].name, name) == 0)
            f = &m->functions.items[i];
    if (!f) {
        fit_function nf2 = {.name = xstrdup(name)};
        VEC_PUSH(&m->functions, nf2);
        f = &m->functions.items[m->functions.len - 1];
    } else {
        double prev = f->pieces.items[f->pieces.len - 1].hi;
        if (!(p.hi > prev)) {
            char a[32], b[32];
            diag_error(r->d, tf_loc(r, hi), "pieces of '%s' must have "
                       "increasing HI: %s after %s", name, fmt_double(a, p.hi),
                       fmt_double(b, prev));
            return;
        }
    }
    VEC_PUSH(&f->pieces, p);
}

/* interval KEY X N MIN MAX MEAN MEDIAN: X >= 0, N >= 1 whole, 0 <= MIN
 * <= MAX, MEAN and MEDIAN numbers or '-' (not read: predict takes the
 * ends). */
static void read_interval(tf_reader *r, fit_model *m)
{
    const tf_field *f = r->fields.items;
    int ok = r->fields.len == 8 && f[1].kind == TF_WORD;
    for (size_t i = 2; ok && i < 6; i++)
        ok = f[i].kind == TF_NUMBER && isfinite(f[i].number) &&
             f[i].number >= 0;
    for (size_t i = 6; ok && i < 8; i++)
        ok = (f[i].kind == TF_NUMBER && isfinite(f[i].number)) ||
             (f[i].kind == TF_WORD && strcmp(f[i].text, "-") == 0);
    if (ok)
        ok = f[3].number >= 1 && f[3].number == floor(f[3].number);
    if (!ok) {
        diag_error(r->d, tf_loc(r, &f[0]), "expected: interval KEY X N MIN "
                   "MAX MEAN MEDIAN (X, MIN, MAX finite and >= 0, N a whole "
                   "number >= 1)");
        return;
    }
    if (f[4].number > f[5].number) {
        char a[32], b[32];
        diag_error(r->d, tf_loc(r, &f[5]), "MAX %s is below MIN %s",
                   fmt_double(a, f[5].number), fmt_double(b, f[4].number));
        return;
    }
    fit_keyed_interval k = {.key = xstrdup(f[1].text)};
    k.iv.x = f[2].number;
    k.iv.n = (size_t)f[3].number;
    k.iv.min = f[4].number;
    k.iv.max = f[5].number;
    k.iv.mean = f[6].kind == TF_NUMBER ? f[6].number : NAN;
    k.iv.median = f[7].kind == TF_NUMBER ? f[7].number : NAN;
    VEC_PUSH(&m->intervals, k);
}

/* predict NAME X LO HI: finite, LO <= HI. */
static void read_predicted(tf_reader *r, fit_model *m)
{
    const tf_field *f = r->fields.items;
    int ok = r->fields.len == 5 && f[1].kind == TF_WORD;
    for (size_t i = 2; ok && i < 5; i++)
        ok = f[i].kind == TF_NUMBER && isfinite(f[i].number);
    if (!ok) {
        diag_error(r->d, tf_loc(r, &f[0]), "expected: predict NAME X LO HI "
                   "(finite numbers)");
        return;
    }
    if (f[3].number > f[4].number) {
        char a[32], b[32];
        diag_error(r->d, tf_loc(r, &f[4]), "HI %s is below LO %s",
                   fmt_double(a, f[4].number), fmt_double(b, f[3].number));
        return;
    }
    fit_predicted p = {xstrdup(f[1].text), f[2].number, f[3].number,
                       f[4].number};
    VEC_PUSH(&m->predictions, p);
}

static int model_read(fit_model *m, const char *text, size_t len,
                      const char *file, diag *d, int machine)
{
    memset(m, 0, sizeof *m);
    FILE *mem = fit_text_stream(text, len, file, d);
    tf_reader r;
    if (tf_open(&r, mem, file, d, "perf-model", 1) < 0) {
        fclose(mem);
        return -1;
    }
    int errors = d->errors, got, names = 0;
    static const char *const known[] = {"name", "sign", "point", "summary"};
    while ((got = tf_next(&r)) != 0) {
        if (got < 0)
            continue;
        const tf_field *key = &r.fields.items[0];
        if (key->kind == TF_WORD && strcmp(key->text, "poly") == 0) {
            read_poly(&r, m);
            continue;
        }
        if (key->kind == TF_WORD && strcmp(key->text, "interval") == 0) {
            read_interval(&r, m);
            continue;
        }
        if (key->kind == TF_WORD && strcmp(key->text, "predict") == 0) {
            read_predicted(&r, m);
            continue;
        }
        if (key->kind == TF_WORD && strcmp(key->text, "name") == 0 &&
            names++) {
            diag_error(d, tf_loc(&r, key), "name given twice");
            continue;
        }
        int ok = 0;
        for (size_t i = 0; i < sizeof known / sizeof *known; i++)
            ok |= key->kind == TF_WORD && strcmp(key->text, known[i]) == 0;
        if (!ok)
            diag_error(d, tf_loc(&r, key), "unknown record '%.40s' (expected "
                       "name, sign, poly, point, summary, interval or "
                       "predict)", key->text);
    }
    if (d->errors == errors && m->functions.len == 0 &&
        m->predictions.len == 0 && !machine)
        diag_error(d, (srcloc){file, r.line, 0}, "no poly or predict "
                   "records: nothing to evaluate");
    if (d->errors == errors && machine && m->functions.len == 0 &&
        m->intervals.len == 0)
        diag_error(d, (srcloc){file, r.line, 0}, "no poly or interval "
                   "records: no machine model");
    tf_close(&r);
    fclose(mem);
    if (d->errors != errors) {
        fit_model_free(m);
        return -1;
    }
    return 0;
}

int fit_model_read(fit_model *m, const char *text, size_t len,
                   const char *file, diag *d)
{
    return model_read(m, text, len, file, d, 0);
}

int fit_machine_read(fit_model *m, const char *text, size_t len,
                     const char *file, diag *d)
{
    return model_read(m, text, len, file, d, 1);
}

void fit_model_merge(fit_model *m, fit_model *m2)
{
    for (size_t i = 0; i < m2->functions.len; i++)
        VEC_PUSH(&m->functions, m2->functions.items[i]);
    for (size_t i = 0; i < m2->intervals.len; i++)
        VEC_PUSH(&m->intervals, m2->intervals.items[i]);
    for (size_t i = 0; i < m2->predictions.len; i++)
        VEC_PUSH(&m->predictions, m2->predictions.items[i]);
    free(m2->functions.items);
    free(m2->intervals.items);
    free(m2->predictions.items);
    memset(m2, 0, sizeof *m2);
}

void fit_model_free(fit_model *m)
{
    for (size_t i = 0; i < m->functions.len; i++)
        function_free(&m->functions.items[i]);
    free(m->functions.items);
    for (size_t i = 0; i < m->intervals.len; i++)
        free(m->intervals.items[i].key);
    free(m->intervals.items);
    for (size_t i = 0; i < m->predictions.len; i++)
        free(m->predictions.items[i].name);
    free(m->predictions.items);
    memset(m, 0, sizeof *m);
}

double fit_function_eval(const fit_function *f, double x, int *outside)
{
    size_t k = 0, n = f->pieces.len;
    while (k + 1 < n && x > f->pieces.items[k].hi)
        k++;
    *outside = x < f->pieces.items[0].lo || x > f->pieces.items[n - 1].hi;
    return fit_poly_eval(&f->pieces.items[k], x);
}
