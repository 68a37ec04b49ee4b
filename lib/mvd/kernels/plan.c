/* plan.c — an mvd_plan: the checks of the functions, the dispatch to the
 * algorithm (shuffle.c, slice.c, sparse.c), the diagonal, and the helpers
 * they share (mvd.h; notes §3.1, §3.2, §8.2). Every kernel computes
 * y = x * Q over product-space vectors, overwriting y, with a fixed
 * summation order (terms in order, elements in order), so repeated runs
 * give the same bits. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mvd/kernels/kernels.h"

/* ------------------------------------------------------------ helpers */

const char *const mvd_algo_names[] = {"shuffle", "slice", "sparse", "reach",
                                      "rows",    "auto",  NULL};

const char *mvd_algo_name(mvd_algo a)
{
    return a >= MVD_SHUFFLE && a <= MVD_ALGO_AUTO ? mvd_algo_names[a] : "?";
}

int mvd_algo_parse(const char *name, mvd_algo *out)
{
    int a = word_index(name, mvd_algo_names);
    if (a < 0)
        return -1;
    *out = (mvd_algo)a;
    return 0;
}

/* A term with a zero factor is zero: the kernels skip it. */
int mvd_term_is_zero(const desc *d, size_t t)
{
    for (int a = 0; a < d->naut; a++) {
        const desc_matrix *m = d->terms.items[t].factor[a];
        if (m && m->nnz == 0)
            return 1;
    }
    return 0;
}

uint64_t mvd_factor_nnz(const desc *d, size_t t, int a)
{
    const desc_matrix *m = d->terms.items[t].factor[a];
    return m ? m->nnz : (uint64_t)d->aut[a].order;
}

/* The other automata the functions of a factor read, as a bit mask. */
uint64_t mvd_factor_deps(const desc *d, const desc_matrix *m, int self)
{
    uint64_t mask = 0;
    if (!m || !m->functional)
        return 0;
    for (size_t k = 0; k < m->nnz; k++) {
        if (m->e[k].func < 0)
            continue;
        const desc_func *f = &d->funcs.items[m->e[k].func];
        for (int q = 0; q < f->ndeps; q++)
            mask |= UINT64_C(1) << f->deps[q];
    }
    return mask & ~(UINT64_C(1) << self);
}

uint64_t mvd_shuffle_cost_eq9(const desc *d)
{
    uint64_t total = 0;
    for (size_t t = 0; t < d->terms.len; t++)
        for (int a = 0; a < d->naut; a++)
            total += d->nn / (uint64_t)d->aut[a].order * mvd_factor_nnz(d, t, a);
    return total;
}

uint64_t mvd_aunf_count(const desc *d)
{
    uint64_t total = 0;
    for (size_t t = 0; t < d->terms.len; t++) {
        uint64_t c = 1;
        for (int a = 0; a + 1 < d->naut; a++)
            if (!mul_u64(c, mvd_factor_nnz(d, t, a), &c))
                return UINT64_MAX;
        if (!add_u64(total, c, &total))
            return UINT64_MAX;
    }
    return total;
}

/* Every function of an element is finite wherever a kernel evaluates it:
 * shuffle and slice evaluate on the whole product space (an inf times a
 * zero entry of x would still give nan), with the factor's own automaton
 * at the element's row. Enumerates the states of the automata the
 * function reads; skipped above CHECK_LIMIT states. */
static int check_entry(const desc *d, size_t t, int a, const desc_entry *e,
                       diag *dg)
{
    const desc_func *f = &d->funcs.items[e->func];
    int state[DESC_MAX_AUTOMATA] = {0};
    uint64_t count = 1;
    for (int q = 0; q < f->ndeps; q++)
        if (f->deps[q] != a &&
            !mul_u64(count, (uint64_t)d->aut[f->deps[q]].order, &count))
            return 0;
    if (count > CHECK_LIMIT)
        return 0;
    state[a] = e->row;
    for (;;) {
        if (!isfinite(desc_eval(f, state))) {
            strbuf sb = {0};
            for (int q = 0; q < f->ndeps; q++)
                sb_printf(&sb, "%s%s=%s", q ? ", " : "",
                          d->aut[f->deps[q]].name,
                          d->aut[f->deps[q]].states[state[f->deps[q]]]);
            diag_error(dg, desc_loc(d), "term %zu (%s): function '%s' of "
                       "element (%d, %d) of automaton %s is not finite in "
                       "state (%s)", t, d->terms.items[t].label, f->name,
                       e->row, e->col, d->aut[a].name, sb_str(&sb));
            sb_free(&sb);
            return -1;
        }
        int q = f->ndeps - 1;
        for (; q >= 0; q--) {
            int b = f->deps[q];
            if (b == a)
                continue;
            if (++state[b] < d->aut[b].order)
                break;
            state[b] = 0;
        }
        if (q < 0)
            return 0;
    }
}

static int check_functions(const desc *d, diag *dg)
{
    for (size_t t = 0; t < d->terms.len; t++) {
        if (mvd_term_is_zero(d, t))
            continue;
        for (int a = 0; a < d->naut; a++) {
            const desc_matrix *m = d->terms.items[t].factor[a];
            if (!m || !m->functional)
                continue;
            for (size_t k = 0; k < m->nnz; k++)
                if (m->e[k].func >= 0 && check_entry(d, t, a, &m->e[k], dg))
                    return -1;
        }
    }
    return 0;
}

void mvd_too_big(mvd_plan *p, diag *dg, const desc *d, mvd_algo algo,
                 uint64_t need, size_t max)
{
    p->over_budget = 1;
    diag_error(dg, desc_loc(d), "%s needs %llu bytes, more than the limit "
               "of %zu bytes", mvd_algo_name(algo),
               (unsigned long long)need, max);
}

/* The largest automaton order: the size of the per-slice buffers. */
size_t mvd_max_order(const desc *d)
{
    int n = 1;
    for (int a = 0; a < d->naut; a++)
        if (d->aut[a].order > n)
            n = d->aut[a].order;
    return (size_t)n;
}

size_t mvd_max_factor_nnz(const desc *d)
{
    size_t n = mvd_max_order(d);
    for (size_t t = 0; t < d->terms.len; t++)
        for (int a = 0; a < d->naut; a++)
            if (d->terms.items[t].factor[a] &&
                d->terms.items[t].factor[a]->nnz > n)
                n = d->terms.items[t].factor[a]->nnz;
    return n;
}

/* ---------------------------------------------------------------- plan */

/* Fast mode: the kernels run on d less its cheap diagonal parts, which
 * are kept as one vector (reduce.h); nothing changes when there are
 * none. dr is sized now, filled once the plan fits. */
static void reduce_plan(mvd_plan *p)
{
    p->k = p->part;
    if (p->faithful || p->algo == MVD_SPARSE || p->algo == MVD_REACH)
        return;
    if (mvd_reduce(p->part, &p->red)) {
        p->has_red = 1;
        p->k = &p->red;
        p->dr_bytes = p->part->nn * sizeof(double);
    } else
        desc_free(&p->red);
}

static mvd_plan *plan_new(const desc *d, const desc *part,
                          const mvd_space *sp, mvd_algo algo, int faithful,
                          int threads, size_t max_bytes, int *over_budget,
                          diag *dg);

mvd_plan *mvd_plan_new_mode(const desc *d, const mvd_space *sp,
                            mvd_algo algo, int faithful, size_t max_bytes,
                            diag *dg)
{
    return mvd_plan_new_threads(d, sp, algo, faithful, 1, max_bytes, NULL,
                                dg);
}

mvd_plan *mvd_plan_new_threads(const desc *d, const mvd_space *sp,
                               mvd_algo algo, int faithful, int threads,
                               size_t max_bytes, int *over_budget, diag *dg)
{
    return plan_new(d, d, sp, algo, faithful, threads, max_bytes,
                    over_budget, dg);
}

mvd_plan *mvd_plan_new_part(const desc *d, const desc *part,
                            const mvd_space *sp, mvd_algo algo,
                            int faithful, size_t max_bytes,
                            int *over_budget, diag *dg)
{
    return plan_new(d, part, sp, algo, faithful, 1, max_bytes, over_budget,
                    dg);
}

void mvd_plan_set_combine(mvd_plan *p, mvd_combine_fn *fn, void *ctx)
{
    p->combine = fn;
    p->combine_ctx = ctx;
}

static mvd_plan *plan_new(const desc *d, const desc *part,
                          const mvd_space *sp, mvd_algo algo, int faithful,
                          int threads, size_t max_bytes, int *over_budget,
                          diag *dg)
{
    mvd_plan *p = xcalloc(1, sizeof *p);
    p->d = d;
    p->part = part;
    p->sp = sp;
    p->algo = algo;
    p->faithful = faithful;
    int status;
    if (algo != MVD_SPARSE && algo != MVD_REACH && check_functions(d, dg) < 0)
        status = -1;
    else {
        reduce_plan(p);
        if (algo == MVD_SHUFFLE)
            status = mvd_shuffle_new(p, max_bytes, dg);
        else if (algo == MVD_SLICE)
            status = mvd_slice_new(p, max_bytes, dg);
        else if (algo == MVD_REACH)
            status = mvd_reach_new(p, max_bytes, threads, dg);
        else
            status = mvd_sparse_new(p, max_bytes, dg);
    }
    if (over_budget)
        *over_budget = status < 0 && p->over_budget;
    if (status < 0) {
        mvd_plan_free(p);
        return NULL;
    }
    if (p->dr_bytes) {
        p->dr = xmalloc((size_t)d->nn * sizeof *p->dr);
        mvd_reduce_diagonal(part, p->dr);
    }
    return p;
}

mvd_plan *mvd_plan_new(const desc *d, const mvd_space *sp, mvd_algo algo,
                       size_t max_bytes, diag *dg)
{
    return mvd_plan_new_mode(d, sp, algo, 0, max_bytes, dg);
}

static double clock_seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double now(void) { return clock_seconds(CLOCK_MONOTONIC); }

void mvd_multiply(mvd_plan *p, const double *x, double *y)
{
    double t0 = now(), c0 = clock_seconds(CLOCK_THREAD_CPUTIME_ID);
    switch (p->algo) {
    case MVD_SHUFFLE: mvd_shuffle_multiply(p, x, y); break;
    case MVD_SLICE: mvd_slice_multiply(p, x, y); break;
    case MVD_SPARSE: mvd_sparse_multiply(p, x, y); break;
    case MVD_REACH: mvd_reach_multiply(p, x, y); break;
    case MVD_ROWS: case MVD_ALGO_AUTO: break;   /* never a plan's */
    }
    p->kernel_cpu += clock_seconds(CLOCK_THREAD_CPUTIME_ID) - c0;
    if (p->combine) {
        double t1 = now();
        p->combine(p->combine_ctx, y, p->d->nn);
        p->combine_seconds += now() - t1;
    }
    p->seconds += now() - t0;
}

double mvd_plan_seconds(const mvd_plan *p) { return p->seconds; }
double mvd_plan_combine_seconds(const mvd_plan *p)
{
    return p->combine_seconds;
}
double mvd_plan_kernel_cpu(const mvd_plan *p) { return p->kernel_cpu; }

void mvd_plan_add_seconds(mvd_plan *p, double seconds)
{
    p->seconds += seconds;
    p->combine_seconds += seconds;
}

/* Q[x, x] straight from the descriptor: per term, the product of each
 * factor's diagonal element at the state (an identity gives 1). */
void mvd_diagonal(mvd_plan *p, double *diag)
{
    if (p->algo == MVD_REACH) {   /* the plan holds it, compact */
        memcpy(diag, mvd_reach_diagonal_view(p), p->sp->len * sizeof *diag);
        return;
    }
    mvd_diagonal_over(p, p->sp, diag);
}

void mvd_diagonal_over(const mvd_plan *p, const mvd_space *sp, double *diag)
{
    const desc *d = p->d;
    int state[DESC_MAX_AUTOMATA];
    memset(diag, 0, (size_t)mvd_vec_len(d, sp) * sizeof *diag);
    for (size_t r = 0; r < sp->len; r++) {
        desc_decode(d, sp->idx[r], state);
        double sum = 0;
        for (size_t t = 0; t < d->terms.len; t++) {
            double v = 1;
            for (int a = 0; a < d->naut && v != 0; a++) {
                const desc_matrix *m = d->terms.items[t].factor[a];
                if (!m)
                    continue;
                double e = 0;
                for (size_t k = m->rowptr[state[a]];
                     k < m->rowptr[state[a] + 1]; k++)
                    if (m->e[k].col == state[a])
                        e = desc_entry_value(d, &m->e[k], state);
                v *= e;
            }
            sum += v;
        }
        diag[mvd_vec_at(sp, r)] = sum;
    }
}

size_t mvd_plan_bytes(const mvd_plan *p) { return p->bytes; }
mvd_algo mvd_plan_algo(const mvd_plan *p) { return p->algo; }

const double *mvd_plan_diagonal_view(const mvd_plan *p)
{
    return p->algo == MVD_REACH ? mvd_reach_diagonal_view(p) : NULL;
}
uint64_t mvd_plan_mults(const mvd_plan *p) { return p->mults; }

uint64_t mvd_plan_aunfs(const mvd_plan *p)
{
    uint64_t n = p->nfa;
    for (size_t k = 0; k < p->nsl; k++)
        if (!p->sl[k].fused)
            n += p->sl[k].n;
    return n;
}

uint64_t mvd_plan_fused_order(const mvd_plan *p)
{
    return p->jptr ? p->nl : 0;
}

void mvd_plan_free(mvd_plan *p)
{
    if (!p)
        return;
    for (size_t s = 0; s < p->sh.len; s++)
        if (p->sh.items[s].csc) {
            for (int q = 0; q < p->sh.items[s].nf; q++) {
                free(p->sh.items[s].csc[q].colptr);
                free(p->sh.items[s].csc[q].row);
                free(p->sh.items[s].csc[q].val);
            }
            free(p->sh.items[s].csc);
        }
    free(p->sh.items);
    free(p->tmp);
    free(p->buf[0]);
    free(p->buf[1]);
    free(p->blk[0]);
    free(p->blk[1]);
    free(p->dr);
    for (size_t k = 0; k < p->nfk; k++) {
        free(p->fk[k].rowptr);
        free(p->fk[k].col);
        free(p->fk[k].val);
        free(p->fk[k].off);
        free(p->fk[k].start);
    }
    free(p->fk);
    free(p->fa);
    free(p->scaled);
    free(p->jptr);
    free(p->zin);
    free(p->zout);
    free(p->vals);
    for (size_t k = 0; k < p->nsl; k++) {
        free(p->sl[k].f);
        for (int a = 0; p->sl[k].defer && a < p->d->naut; a++)
            free(p->sl[k].defer[a]);
        free(p->sl[k].defer);
        for (int a = 0; p->sl[k].colptr && a < p->group; a++) {
            free(p->sl[k].colptr[a]);
            free(p->sl[k].bycol[a]);
        }
        free(p->sl[k].colptr);
        free(p->sl[k].bycol);
    }
    free(p->sl);
    if (p->ident)
        for (int a = 0; a < p->d->naut; a++)
            if (p->ident[a]) {
                free(p->ident[a]->e);
                free(p->ident[a]->rowptr);
                free(p->ident[a]);
            }
    free(p->ident);
    free(p->rowptr);
    free(p->col);
    free(p->val);
    mvd_reach_free(p);
    if (p->has_red)
        desc_free(&p->red);
    free(p);
}

