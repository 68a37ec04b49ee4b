/* result.c — what a solution gives and how it is written (mvd.h): the
 * results' expectations, the san-result text (formats/san-result.md), and
 * vector files read and written (--mvd, --ones). Vectors are laid out as
 * their space says (mvd_vec_at), as in solve.c. */
#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/mvd.h"

/* ------------------------------------------------------------ results */

/* One stretch of states [k0, k1): sums into out, and per result the
 * first state where it is not finite (bad, SIZE_MAX: none) and its
 * value. */
typedef struct {
    const desc *d;
    const mvd_space *sp;
    const double *pi;
    const int *func;      /* the results' functions */
    size_t k0, k1;
    double *out, *badf;
    size_t *bad;
} result_part;

/* State by state, the digits stepped from the previous state's, the code
 * the results share run once (desc_evalset); the sums run over the
 * states in order, one per result. */
static void *results_part(void *arg)
{
    const result_part *w = arg;
    const desc *d = w->d;
    size_t nr = d->results.len;
    int state[DESC_MAX_AUTOMATA];
    double *val = xmalloc(sizeof *val * (nr ? nr : 1));
    desc_evalset *set = desc_evalset_new(d, w->func, nr);   /* its own */
    for (size_t r = 0; r < nr; r++) {
        w->out[r] = 0;
        w->bad[r] = SIZE_MAX;
    }
    for (size_t k = w->k0; k < w->k1 && nr; k++) {
        if (k == w->k0)
            desc_decode(d, w->sp->idx[k], state);
        else
            desc_advance(d, state, w->sp->idx[k - 1], w->sp->idx[k]);
        double p = w->pi[mvd_vec_at(w->sp, k)];
        desc_evalset_eval(set, state, val);
        for (size_t r = 0; r < nr; r++) {
            if (w->bad[r] != SIZE_MAX)
                continue;
            double f = val[r];
            if (!isfinite(f)) {
                w->bad[r] = k;
                w->badf[r] = f;
            }
            w->out[r] += p * f;
        }
    }
    desc_evalset_free(set);
    free(val);
    return NULL;
}

/* A result that is not finite is reported at its first such state, the
 * first result first. With two threads, each takes half of the states
 * and the halves' sums are added in that order (the last digits then
 * differ from one thread's, the same run to run). */
int mvd_results(const desc *d, const mvd_space *sp, const double *pi,
                double *out, int threads, const char *file, diag *dg)
{
    size_t nr = d->results.len, m = nr ? nr : 1;
    int state[DESC_MAX_AUTOMATA];
    double *badf = xmalloc(sizeof *badf * 2 * m);
    double *half = xmalloc(sizeof *half * m);
    size_t *bad = xmalloc(sizeof *bad * 2 * m);
    int *func = xmalloc(sizeof *func * m);
    for (size_t r = 0; r < nr; r++)
        func[r] = d->results.items[r].func;
    size_t split = threads > 1 ? sp->len / 2 : sp->len;
    result_part one = {d, sp, pi, func, 0, split, out, badf, bad},
                two = {d, sp, pi, func, split, sp->len, half, badf + m,
                       bad + m};
    run_both(results_part, &one, &two, threads);
    for (size_t r = 0; r < nr; r++) {
        if (split < sp->len)
            out[r] += half[r];
        if (bad[r] == SIZE_MAX && split < sp->len && bad[m + r] != SIZE_MAX) {
            bad[r] = bad[m + r];
            badf[r] = badf[m + r];
        }
    }
    int status = 0;
    for (size_t r = 0; r < nr && status == 0; r++) {
        if (bad[r] == SIZE_MAX)
            continue;
        strbuf sb = {0};
        desc_decode(d, sp->idx[bad[r]], state);
        mvd_state_text(&sb, d, state);
        diag_error(dg, (srcloc){file, 0, 0}, "result '%s' is %g in state "
                   "%s: not a finite number", d->results.items[r].name,
                   badf[r], sb_str(&sb));
        sb_free(&sb);
        status = -1;
    }
    free(half);
    free(func);
    free(bad);
    free(badf);
    return status;
}

/* ----------------------------------------------------- san-result text */

typedef struct {
    double p;
    uint64_t idx;
} ranked;

/* By decreasing probability, ties by ascending index: a total order, so
 * --top is reproducible. */
static int by_probability(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->p != y->p)
        return x->p > y->p ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static void put_state(FILE *fp, const desc *d, uint64_t idx, double p,
                      int *state)
{
    fprintf(fp, "state %llu ", (unsigned long long)idx);
    tf_put_double(fp, p);
    desc_decode(d, idx, state);
    for (int a = 0; a < d->naut; a++) {
        fputc(' ', fp);
        desc_put_name(fp, d->aut[a].states[state[a]]);
    }
    fputc('\n', fp);
}

/* The state records; returns how many. */
/* Keeps in heap[0..*len) the best (first by by_probability) of the
 * states offered, at most keep of them; heap[0] is the worst kept. */
static void keep_best(ranked *heap, size_t *len, size_t keep, ranked x)
{
    size_t n = *len, i;
    if (n < keep) {   /* sift up: a parent comes after its children */
        for (i = n++; i > 0 && by_probability(&heap[(i - 1) / 2], &x) < 0;
             i = (i - 1) / 2)
            heap[i] = heap[(i - 1) / 2];
        heap[i] = x;
        *len = n;
        return;
    }
    if (by_probability(&x, &heap[0]) >= 0)
        return;   /* not better than the worst kept */
    for (i = 0;;) {   /* sift the new one down from the root */
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && by_probability(&heap[c + 1], &heap[c]) > 0)
            c++;
        if (by_probability(&heap[c], &x) <= 0)
            break;
        heap[i] = heap[c];
        i = c;
    }
    heap[i] = x;
}

static size_t put_states(FILE *fp, const desc *d, const mvd_space *sp,
                         const double *pi, uint64_t top)
{
    int *state = xmalloc(sizeof *state * (size_t)d->naut);
    size_t n = sp->len;
    if (top == 0) {
        for (size_t k = 0; k < n; k++)
            put_state(fp, d, sp->idx[k], pi[mvd_vec_at(sp, k)], state);
    } else {
        /* The top K by a heap of K, then sorted: O(n log K), not a sort
         * of every state (1 M of them for --top 1). */
        size_t keep = top < n ? (size_t)top : n, len = 0;
        ranked *r = xmalloc(sizeof *r * (keep ? keep : 1));
        for (size_t k = 0; k < n; k++)
            keep_best(r, &len, keep,
                      (ranked){pi[mvd_vec_at(sp, k)], sp->idx[k]});
        qsort(r, len, sizeof *r, by_probability);
        for (size_t k = 0; k < len; k++)
            put_state(fp, d, r[k].idx, r[k].p, state);
        free(r);
        n = len;
    }
    free(state);
    return n;
}

static void put_record_double(FILE *fp, const char *key, double x)
{
    fprintf(fp, "%s ", key);
    tf_put_double(fp, x);
    fputc('\n', fp);
}

/* Under mpirun: what the sums cost, as the rank that waited least for
 * the others spent in them (a rank done early waits in the sum for the
 * slowest: imbalance, not communication), then each rank's split. */
static void put_rank_times(FILE *fp, const mvd_result_meta *m)
{
    if (m->ranks <= 0)
        return;
    const double *t = m->rank_times;   /* kernels, sums, cpu per rank */
    double least = t[1];
    for (int r = 1; r < m->ranks; r++)
        if (t[3 * r + 1] < least)
            least = t[3 * r + 1];
    fprintf(fp, "time-sum %.6f\n", least);
    for (int r = 0; r < m->ranks; r++)
        fprintf(fp, "time-rank %d %.6f %.6f %.6f\n", r, t[3 * r],
                t[3 * r + 1], t[3 * r + 2]);
}

void mvd_result_write(FILE *fp, const desc *d, const mvd_space *sp,
                      const double *pi, const double *results,
                      const mvd_result_meta *m)
{
    const mvd_solve_info *in = m->info;
    fputs("san-result 1\nsource ", fp);
    tf_put_string(fp, m->source);
    fputs("\nmodel ", fp);
    if (d->name)
        tf_put_string(fp, d->name);
    else
        fputc('-', fp);
    fprintf(fp, "\nalgo %s\nmethod %s\n", mvd_algo_name(m->algo),
            mvd_method_name(in->method));
    for (int k = 0; k < in->nswitch; k++)
        fprintf(fp, "switch %llu %s %s\n",
                (unsigned long long)in->switches[k].iteration,
                mvd_method_name(in->switches[k].from),
                mvd_method_name(in->switches[k].to));
    if (in->method == MVD_JOR || in->method == MVD_GS ||
        in->method == MVD_IAD)
        put_record_double(fp, "parameter omega", in->omega);
    if (in->method == MVD_GMRES)
        fprintf(fp, "parameter restart %d\n", m->opts->restart);
    fprintf(fp, "space %llu %llu\n", (unsigned long long)d->nn,
            (unsigned long long)sp->len);
    if (m->algo == MVD_REACH || m->algo == MVD_ROWS)
        fprintf(fp, "index %s\n", sp->slot ? "hash" : "bitmap");
    if (m->nonzeros)
        fprintf(fp, "nonzeros %llu\n", (unsigned long long)m->nonzeros);
    put_record_double(fp, "tol", m->opts->tol);
    fprintf(fp, "iterations %llu\nmultiplications %llu\n",
            (unsigned long long)in->iterations,
            (unsigned long long)in->multiplications);
    put_record_double(fp, "residual", in->residual);
    put_record_double(fp, "balance", in->balance);
    if (in->method != MVD_GTH)
        put_record_double(fp, "estimate", in->estimate);
    fprintf(fp, "stop %s\nconverged %s\n",
            in->method == MVD_GTH ? "direct"
            : in->converged ? "residual" : "max-iter",
            in->converged ? "yes" : "no");
    if (m->with_time) {
        fprintf(fp, "time %.6f\n", m->seconds);
        fprintf(fp, "time-setup %.6f\n", m->setup);
        fprintf(fp, "time-multiply %.6f\n", m->multiply);
        put_rank_times(fp, m);
    }
    for (int a = 0; a < d->naut; a++) {
        fputs("automaton ", fp);
        desc_put_name(fp, d->aut[a].name);
        fputc('\n', fp);
    }
    size_t states = put_states(fp, d, sp, pi, m->top);
    for (size_t r = 0; r < d->results.len; r++) {
        fputs("result ", fp);
        desc_put_name(fp, d->results.items[r].name);
        fputc(' ', fp);
        tf_put_double(fp, results[r]);
        fputc('\n', fp);
    }
    fprintf(fp, "end %zu %zu\n", states, d->results.len);
}

/* --------------------------------------------------------- vector text */

int mvd_product_check(const desc *d, const mvd_space *sp, const double *y,
                      const char *file, diag *dg)
{
    for (size_t k = 0; k < sp->len; k++) {
        double v = y[mvd_vec_at(sp, k)];
        if (isfinite(v))
            continue;
        int state[DESC_MAX_AUTOMATA];
        strbuf sb = {0};
        desc_decode(d, sp->idx[k], state);
        mvd_state_text(&sb, d, state);
        diag_error(dg, (srcloc){file, 0, 0}, "the product is %s at state "
                   "%s (entry %llu): the rates times the vector overflow "
                   "a double, whose magnitude is at most %.2g", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf",
                   sb_str(&sb), (unsigned long long)sp->idx[k], DBL_MAX);
        sb_free(&sb);
        return -1;
    }
    return 0;
}

void mvd_vector_write(FILE *fp, const double *x, uint64_t n)
{
    fprintf(fp, "vector 1\nn %llu\n", (unsigned long long)n);
    for (uint64_t i = 0; i < n; i++) {
        tf_put_double(fp, x[i]);
        fputc('\n', fp);
    }
    fprintf(fp, "end %llu\n", (unsigned long long)n);
}

/* Reading state: where the next value goes, and the next reachable index
 * at or after it (values arrive in index order, so one pass suffices). */
typedef struct {
    tf_reader *r;
    const desc *d;
    const mvd_space *sp;
    double *x;
    uint64_t n;       /* values read */
    size_t next;      /* first sp->idx[next] >= n */
} vreader;

static int vfail(vreader *v, const tf_field *f, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int vfail(vreader *v, const tf_field *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(v->r->d, tf_loc(v->r, f), fmt, ap);
    va_end(ap);
    return -1;
}

static int vector_value(vreader *v, const tf_field *f)
{
    if (f->kind != TF_NUMBER || !isfinite(f->number))
        return vfail(v, f, "expected a finite number, got '%s'", f->text);
    if (v->n >= v->d->nn)
        return vfail(v, f, "more than %llu values: the descriptor's product "
                     "space has %llu states", (unsigned long long)v->d->nn,
                     (unsigned long long)v->d->nn);
    while (v->next < v->sp->len && v->sp->idx[v->next] < v->n)
        v->next++;
    int reachable = v->next < v->sp->len && v->sp->idx[v->next] == v->n;
    if (f->number != 0 && !reachable)
        return vfail(v, f, "value %llu is not zero, but state %llu is not "
                     "reachable", (unsigned long long)v->n,
                     (unsigned long long)v->n);
    v->x[v->n++] = f->number;
    return 0;
}

/* A record of the vector 1 body: `n NN` first, numbers, `end NN` last. */
static int vector_record(vreader *v, int *have_n, int *ended)
{
    tf_field *f = v->r->fields.items;
    size_t len = v->r->fields.len;
    const char *key = f[0].kind == TF_WORD ? f[0].text : "";
    int is_n = strcmp(key, "n") == 0, is_end = strcmp(key, "end") == 0;
    if (*ended)
        return vfail(v, &f[0], "a record after 'end'");
    if (!is_n && !is_end) {
        if (!*have_n)
            return vfail(v, &f[0], "expected the record 'n COUNT', got '%s'",
                         f[0].text);
        for (size_t i = 0; i < len; i++)
            if (vector_value(v, &f[i]) < 0)
                return -1;
        return 0;
    }
    if (is_n && *have_n)
        return vfail(v, &f[0], "a second 'n' record");
    if (is_end && !*have_n)
        return vfail(v, &f[0], "'end' before the 'n' record");
    if (len != 2 || f[1].kind != TF_NUMBER || f[1].number < 0 ||
        f[1].number != floor(f[1].number))
        return vfail(v, &f[0], "expected '%s COUNT', COUNT a whole number",
                     key);
    uint64_t want = is_n ? v->d->nn : v->n;
    char count[32];
    if (f[1].number != (double)want)
        return vfail(v, &f[1], is_n
                     ? "the vector has %s values, the descriptor's product "
                       "space %llu states"
                     : "'end' says %s values, the file has %llu",
                     fmt_double(count, f[1].number), (unsigned long long)want);
    *(is_n ? have_n : ended) = 1;
    return 0;
}

/* Whether the text's first token (after blanks and # comments) is a
 * number: a plain vector. */
static int starts_plain(const char *s, size_t len)
{
    const char *end = s + len;
    while (s < end) {
        if (*s == '#')
            while (s < end && *s != '\n')
                s++;
        else if (isspace((unsigned char)*s))
            s++;
        else
            return isdigit((unsigned char)*s) || *s == '-' || *s == '+' ||
                   *s == '.';
    }
    return 0;
}

static int read_vector_text(vreader *v, int plain)
{
    tf_reader *r = v->r;
    int have_n = plain, ended = plain, got, status = 0;
    while (status == 0 && (got = tf_next(r)) != 0) {
        if (got < 0)
            return -1;
        if (plain) {
            for (size_t i = 0; i < r->fields.len && status == 0; i++)
                status = vector_value(v, &r->fields.items[i]);
        } else {
            status = vector_record(v, &have_n, &ended);
        }
    }
    if (status < 0)
        return -1;
    srcloc at = {r->file, 0, 0};
    if (!ended) {
        diag_error(r->d, at, "missing 'end' record: the file is cut short");
        return -1;
    }
    if (v->n != v->d->nn) {
        diag_error(r->d, at, "the vector has %llu values, the descriptor's "
                   "product space %llu states", (unsigned long long)v->n,
                   (unsigned long long)v->d->nn);
        return -1;
    }
    return 0;
}

int mvd_vector_read(FILE *fp, const char *file, const desc *d,
                    const mvd_space *sp, double *x, diag *dg)
{
    size_t len;
    char *text = read_stream(dg->prog, fp, file, VECTOR_MAX_INPUT, &len);
    if (len == 0) {
        diag_error(dg, (srcloc){file, 0, 0}, "empty input: expected a "
                   "'vector' file or plain numbers");
        free(text);
        return -1;
    }
    FILE *mem = fmemopen(text, len, "r");
    if (!mem) {
        diag_error(dg, (srcloc){file, 0, 0}, "%s", strerror(errno));
        free(text);
        return -1;
    }
    memset(x, 0, sizeof *x * d->nn);
    tf_reader r;
    vreader v = {&r, d, sp, x, 0, 0};
    int plain = starts_plain(text, len), status;
    if (plain) {
        /* No header: the shared reader from its first line on. */
        r = (tf_reader){.fp = mem, .file = file, .d = dg};
        status = read_vector_text(&v, 1);
    } else if (tf_open(&r, mem, file, dg, "vector", 1) < 0) {
        status = -1;
    } else {
        status = read_vector_text(&v, 0);
    }
    tf_close(&r);
    fclose(mem);
    free(text);
    return status;
}
