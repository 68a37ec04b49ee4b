/* mvd.c — vector–descriptor multiplication: shuffle, slice and the
 * explicit sparse baseline (mvd.h; notes §3.1, §3.2, §8.2). Every kernel
 * computes y = x * Q over product-space vectors, overwriting y, with a
 * fixed summation order (terms in order, elements in order), so repeated
 * runs give the same bits. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/mvd.h"
#include "mvd/reduce.h"

/* Evaluations of one function over the states of the automata it reads
 * beyond which mvd_plan_new no longer checks that it is finite
 * (check_functions). */
#define CHECK_LIMIT 1000000

/* The largest block of a shuffle term applied through cache-sized
 * buffers (sh_term.span): 2^15 doubles, two buffers of 256 KiB. Both
 * limits can be set with -D to tune them. */
#ifndef SHUFFLE_BLOCK
#define SHUFFLE_BLOCK (UINT64_C(1) << 15)
#endif

/* The largest order of the fused slice's "last factor" (fuse_group). */
#ifndef FUSE_ORDER
#define FUSE_ORDER 256
#endif

/* A shuffle term: the automata with a non-identity factor in the order
 * their normal factors are applied, and the automata it is conditioned on
 * to break cycles between functional factors (§2.6): the term is applied
 * once per combination of non-empty rows of those automata's factors,
 * each restricted to its row. fixed[] holds the current combination. */
typedef struct {
    size_t term;
    int nf;
    int order[DESC_MAX_AUTOMATA];
    uint64_t deps[DESC_MAX_AUTOMATA];   /* per automaton: the other
                                           automata its functions read */
    int ncond;
    int cond[DESC_MAX_AUTOMATA];
    int fixed[DESC_MAX_AUTOMATA];   /* -1, or the only row kept */
    /* Fast mode, no functional factor and no conditioning: the factors
     * in application order by columns, applied out of place (NULL in
     * faithful mode and for the other terms). */
    struct csc_mat *csc;
    /* Fast path, two factors or more: when the first factor's span
     * (order x nright, which every later factor's divides: constant
     * factors go in ascending automaton order) is at most SHUFFLE_BLOCK,
     * the term is applied span by span through two cache-sized buffers
     * (blk), and the vectors between factors never reach memory; else 0. */
    uint64_t span;
} sh_term;

/* A constant factor by columns: column c's rows and values at
 * colptr[c]..colptr[c+1]-1, rows ascending. */
typedef struct csc_mat {
    int n;
    int *colptr, *row;
    double *val;
} csc_mat;

/* An additive unitary normal factor of the first N-1 factors (§3.2). */
typedef struct {
    double e;
    uint64_t i, j;
} aunf;

typedef struct {
    size_t term;
    const desc_matrix **f;   /* [naut], identities made explicit */
    aunf *list;
    size_t n;
    /* When an element of the first N-1 factors reads the last automaton,
     * its function is applied per row of the last factor: `deferred` is
     * set, e leaves those functions out and path[u * (N-1) + m] is the
     * entry AUNF u took in factor m. */
    int deferred;
    size_t *path;
    /* Fast mode (fuse_ok): the term's AUNFs, fn of them, are in the
     * fused list (fs_aunf) instead of list. */
    int fused;
    size_t fn;
} sl_term;

/* Fused slice (fast mode): the fused terms' last factors (the product of
 * their factors of the automata group..N-1, fuse_group), stored for the
 * inner loop, and all their AUNFs by destination block. */
typedef enum { FK_IDENT, FK_DENSE, FK_DIA, FK_CSR } fk_kind;

typedef struct {
    fk_kind kind;
    int n;
    int *rowptr, *col;   /* FK_CSR */
    double *val;         /* FK_CSR: per entry; FK_DENSE: n x n by rows;
                            FK_DIA: diagonal d's at start[d] (to_diagonals) */
    int ndiag, *off, *start;   /* FK_DIA: the diagonals, by offset c - r */
    size_t stored;             /* FK_DIA: positions in val */
} fs_kern;

typedef struct {
    double e;
    uint64_t src;        /* first index of the source slice of x */
    uint32_t kern;       /* into fs_kern */
} fs_aunf;

struct mvd_plan {
    const desc *d;           /* the caller's descriptor */
    const desc *k;           /* the one the kernels run on: d, or &red */
    desc red;                /* fast mode: d less its diagonal parts */
    int has_red;
    double *dr;              /* fast mode: those parts' diagonal, or NULL */
    uint64_t dr_bytes;       /* of dr, counted by the plan's size check */
    int faithful;
    const mvd_space *sp;
    mvd_algo algo;
    size_t bytes;
    uint64_t mults;
    double *vals;            /* per-entry values of one functional factor */
    /* shuffle */
    VEC(sh_term) sh;
    double *tmp, *zin, *zout;
    /* slice */
    desc_matrix **ident;     /* [naut] */
    sl_term *sl;
    size_t nsl;
    double *buf[2];          /* shuffle fast mode: ping-pong vectors */
    double *blk[2];          /* and buffers of the largest span */
    fs_kern *fk;
    size_t nfk;
    fs_aunf *fa;
    size_t nfa;
    size_t *jptr;            /* [blocks + 1]: AUNFs per destination block */
    uint64_t nblocks;
    double *scaled;          /* [nl]: e * x slice for fused_aunf */
    int group;               /* the fused "last factor": automata group.. */
    uint64_t nl;             /* ..N-1, of order nl (fuse_group) */
    /* sparse: CSR over the reachable rows, columns in the product space */
    size_t *rowptr;
    uint64_t *col;
    double *val;
};

/* ------------------------------------------------------------ helpers */

const char *mvd_algo_name(mvd_algo a)
{
    switch (a) {
    case MVD_SHUFFLE: return "shuffle";
    case MVD_SLICE: return "slice";
    case MVD_SPARSE: return "sparse";
    }
    return "?";
}

int mvd_algo_parse(const char *name, mvd_algo *out)
{
    for (int a = MVD_SHUFFLE; a <= MVD_SPARSE; a++)
        if (strcmp(name, mvd_algo_name((mvd_algo)a)) == 0) {
            *out = (mvd_algo)a;
            return 0;
        }
    return -1;
}

/* A term with a zero factor is zero: the kernels skip it. */
static int term_is_zero(const desc *d, size_t t)
{
    for (int a = 0; a < d->naut; a++) {
        const desc_matrix *m = d->terms.items[t].factor[a];
        if (m && m->nnz == 0)
            return 1;
    }
    return 0;
}

static uint64_t factor_nnz(const desc *d, size_t t, int a)
{
    const desc_matrix *m = d->terms.items[t].factor[a];
    return m ? m->nnz : (uint64_t)d->aut[a].order;
}

/* The other automata the functions of a factor read, as a bit mask. */
static uint64_t factor_deps(const desc *d, const desc_matrix *m, int self)
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
            total += d->nn / (uint64_t)d->aut[a].order * factor_nnz(d, t, a);
    return total;
}

uint64_t mvd_aunf_count(const desc *d)
{
    uint64_t total = 0;
    for (size_t t = 0; t < d->terms.len; t++) {
        uint64_t c = 1;
        for (int a = 0; a + 1 < d->naut; a++)
            if (!mul_u64(c, factor_nnz(d, t, a), &c))
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
        if (term_is_zero(d, t))
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

static void too_big(diag *dg, const desc *d, mvd_algo algo, uint64_t need,
                    size_t max)
{
    diag_error(dg, desc_loc(d), "%s needs %llu bytes, more than the limit "
               "of %zu bytes", mvd_algo_name(algo),
               (unsigned long long)need, max);
}

/* The largest automaton order: the size of the per-slice buffers. */
static size_t max_order(const desc *d)
{
    int n = 1;
    for (int a = 0; a < d->naut; a++)
        if (d->aut[a].order > n)
            n = d->aut[a].order;
    return (size_t)n;
}

static size_t max_factor_nnz(const desc *d)
{
    size_t n = max_order(d);
    for (size_t t = 0; t < d->terms.len; t++)
        for (int a = 0; a < d->naut; a++)
            if (d->terms.items[t].factor[a] &&
                d->terms.items[t].factor[a]->nnz > n)
                n = d->terms.items[t].factor[a]->nnz;
    return n;
}

/* ------------------------------------------------------------ shuffle */

/* Orders the non-identity factors of term t so that a functional factor
 * comes before the factors of the automata it reads (§2.6: those digits
 * must still hold row states when it is applied); the automata in
 * `fixed` constrain nothing. Kahn's algorithm, lowest index first.
 * Returns -1 when done, or an automaton on a cycle. */
static int shuffle_order(const desc *d, sh_term *st, uint64_t fixed)
{
    const desc_term *term = &d->terms.items[st->term];
    uint64_t active = 0, need[DESC_MAX_AUTOMATA];
    for (int a = 0; a < d->naut; a++)
        if (term->factor[a])
            active |= UINT64_C(1) << a;
    for (int a = 0; a < d->naut; a++)
        need[a] = st->deps[a] & active & ~fixed;   /* a before these */
    uint64_t pending = active;
    st->nf = 0;
    while (pending) {
        int ready = -1;
        for (int a = 0; a < d->naut && ready < 0; a++) {
            if (!(pending >> a & 1))
                continue;
            int blocked = 0;
            for (int b = 0; b < d->naut; b++)
                if ((pending >> b & 1) && (need[b] >> a & 1))
                    blocked = 1;
            if (!blocked)
                ready = a;
        }
        if (ready < 0)
            break;
        st->order[st->nf++] = ready;
        pending &= ~(UINT64_C(1) << ready);
    }
    if (!pending)
        return -1;
    /* A cycle: walk back from a pending factor along "must come after"
     * until a factor repeats; that one lies on a cycle. */
    int c = __builtin_ctzll(pending);
    uint64_t seen = 0;
    while (!(seen >> c & 1)) {
        seen |= UINT64_C(1) << c;
        for (int b = 0; b < d->naut; b++)
            if ((pending >> b & 1) && (need[b] >> c & 1)) {
                c = b;
                break;
            }
    }
    return c;
}

/* When the order has a cycle, conditions on the states of one automaton
 * c on it: the term is the sum over s of the term with c's factor
 * restricted to row s and every function evaluated with c at s, and c
 * no longer constrains the order. Repeats until no cycle is left. The
 * choice depends on which automata are conditioned, not on their
 * states, so one chain serves every combination. */
static void shuffle_plan_term(const desc *d, size_t t, sh_term *st)
{
    memset(st, 0, sizeof *st);
    st->term = t;
    for (int a = 0; a < d->naut; a++) {
        st->deps[a] = factor_deps(d, d->terms.items[t].factor[a], a);
        st->fixed[a] = -1;
    }
    uint64_t fixed = 0;
    int c;
    while ((c = shuffle_order(d, st, fixed)) >= 0) {
        st->cond[st->ncond++] = c;
        fixed |= UINT64_C(1) << c;
    }
}

static uint64_t nonempty_rows(const desc_matrix *m)
{
    uint64_t rows = 0;
    for (int r = 0; r < m->order; r++)
        rows += m->rowptr[r] != m->rowptr[r + 1];
    return rows;
}

/* Multiplications of one application of the term, summed over the
 * combinations of conditioned rows: a conditioned factor's rows each
 * come once per combination of the others. */
static uint64_t shuffle_term_mults(const desc *d, const sh_term *st)
{
    const desc_term *term = &d->terms.items[st->term];
    uint64_t combos = 1, mults = 0;
    for (int k = 0; k < st->ncond; k++)
        combos *= nonempty_rows(term->factor[st->cond[k]]);
    for (int q = 0; q < st->nf; q++) {
        int a = st->order[q];
        const desc_matrix *m = term->factor[a];
        uint64_t times = combos;
        for (int k = 0; k < st->ncond; k++)
            if (st->cond[k] == a)
                times /= nonempty_rows(m);
        mults += times * (d->nn / (uint64_t)m->order) * m->nnz;
    }
    return mults;
}

/* Whether the fast path takes term st: every factor constant and no
 * conditioning (§2.6 constrains the order only through functions). */
static int shuffle_fast_term(const mvd_plan *p, const sh_term *st)
{
    if (p->faithful || st->ncond > 0)
        return 0;
    for (int q = 0; q < st->nf; q++)
        if (p->k->terms.items[st->term].factor[st->order[q]]->functional)
            return 0;
    return 1;
}

static size_t csc_bytes(const desc_matrix *m)
{
    return ((size_t)m->order + 1 + m->nnz) * sizeof(int) +
           m->nnz * sizeof(double);
}

/* m by columns (a counting sort of its row-major entries, so the rows of
 * each column stay ascending). */
static void csc_build(const desc_matrix *m, csc_mat *c)
{
    c->n = m->order;
    c->colptr = xcalloc((size_t)m->order + 1, sizeof *c->colptr);
    c->row = xmalloc((m->nnz ? m->nnz : 1) * sizeof *c->row);
    c->val = xmalloc((m->nnz ? m->nnz : 1) * sizeof *c->val);
    for (size_t k = 0; k < m->nnz; k++)
        c->colptr[m->e[k].col + 1]++;
    for (int j = 0; j < m->order; j++)
        c->colptr[j + 1] += c->colptr[j];
    int *fill = xmalloc(((size_t)m->order + 1) * sizeof *fill);
    memcpy(fill, c->colptr, ((size_t)m->order + 1) * sizeof *fill);
    for (size_t k = 0; k < m->nnz; k++) {
        int at = fill[m->e[k].col]++;
        c->row[at] = m->e[k].row;
        c->val[at] = m->e[k].value;
    }
    free(fill);
}

static int shuffle_new(mvd_plan *p, size_t max_bytes, diag *dg)
{
    const desc *d = p->k;
    for (size_t t = 0; t < d->terms.len; t++)
        if (!term_is_zero(d, t)) {
            sh_term st;
            shuffle_plan_term(d, t, &st);
            VEC_PUSH(&p->sh, st);
        }
    /* Work vectors: the in-place path copies x to tmp; the fast path
     * needs one intermediate vector per factor beyond the first, two at
     * most (ping-pong). */
    int slow = 0, pingpong = 0;
    uint64_t need = p->dr_bytes, span = 0;
    for (size_t s = 0; s < p->sh.len; s++) {
        sh_term *st = &p->sh.items[s];
        if (!shuffle_fast_term(p, st)) {
            slow = 1;
            continue;
        }
        for (int q = 0; q < st->nf; q++)
            need += csc_bytes(d->terms.items[st->term].factor[st->order[q]]);
        if (st->nf < 2)
            continue;
        int a = st->order[0];
        st->span = d->nright[a] * (uint64_t)d->aut[a].order;
        if (st->span > SHUFFLE_BLOCK)
            st->span = 0;
        if (st->span > span)
            span = st->span;
        if (!st->span && st->nf - 1 > pingpong)
            pingpong = st->nf - 1;
    }
    if (pingpong > 2)
        pingpong = 2;
    size_t n = max_order(d), nz = max_factor_nnz(d);
    need += (uint64_t)(slow + pingpong) * d->nn * sizeof(double) +
            2 * span * sizeof(double) +
            2 * n * sizeof(double) + nz * sizeof(double) +
            p->sh.len * sizeof(sh_term);
    if (need > max_bytes) {
        too_big(dg, d, MVD_SHUFFLE, need, max_bytes);
        return -1;
    }
    p->bytes = (size_t)need;
    if (slow)
        p->tmp = xmalloc((size_t)d->nn * sizeof *p->tmp);
    for (int b = 0; b < pingpong; b++)
        p->buf[b] = xmalloc((size_t)d->nn * sizeof *p->buf[b]);
    for (int b = 0; b < 2 && span; b++)
        p->blk[b] = xmalloc((size_t)span * sizeof *p->blk[b]);
    p->zin = xmalloc(n * sizeof *p->zin);
    p->zout = xmalloc(n * sizeof *p->zout);
    p->vals = xmalloc(nz * sizeof *p->vals);
    for (size_t s = 0; s < p->sh.len; s++) {
        sh_term *st = &p->sh.items[s];
        p->mults += shuffle_term_mults(d, st);
        if (!shuffle_fast_term(p, st))
            continue;
        st->csc = xcalloc((size_t)st->nf, sizeof *st->csc);
        for (int q = 0; q < st->nf; q++)
            csc_build(d->terms.items[st->term].factor[st->order[q]],
                      &st->csc[q]);
    }
    if (p->dr_bytes)
        p->mults += d->nn;   /* y = x * Dr */
    return 0;
}

/* Values of the elements in rows lo..hi-1 of functional factor a at the
 * state of the current slice, the factor's own automaton at each
 * element's row. */
static void factor_values(const desc *d, const desc_matrix *m, int a,
                          int lo, int hi, int *state, double *vals)
{
    for (int r = lo; r < hi; r++) {
        state[a] = r;
        for (size_t k = m->rowptr[r]; k < m->rowptr[r + 1]; k++)
            vals[k] = desc_entry_value(d, &m->e[k], state);
    }
}

/* v <- v * (I_nleft (x) F_a (x) I_nright), in place, one slice (k, j) at
 * a time: the slice gathers the n_a entries of stride nright. */
static void shuffle_factor(mvd_plan *p, const sh_term *st, int a, double *v)
{
    const desc *d = p->k;
    const desc_matrix *m = d->terms.items[st->term].factor[a];
    int n = m->order;
    uint64_t nright = d->nright[a], nleft = d->nn / (nright * (uint64_t)n);
    int lo = st->fixed[a] < 0 ? 0 : st->fixed[a];
    int hi = st->fixed[a] < 0 ? n : lo + 1;
    int state[DESC_MAX_AUTOMATA], prev[DESC_MAX_AUTOMATA];
    int have_vals = 0;
    for (uint64_t k = 0; k < nleft; k++)
        for (uint64_t j = 0; j < nright; j++) {
            uint64_t base = k * nright * (uint64_t)n + j;
            const double *vals = NULL;
            if (m->functional) {
                /* The other automata's states from the slice position
                 * (their digits are row states for the automata the
                 * factor reads: the order guarantees it), conditioned
                 * ones at their fixed state. The values are kept while
                 * the automata the factor reads stay the same. */
                desc_decode(d, base, state);
                for (int b = 0; b < d->naut; b++)
                    if (st->fixed[b] >= 0)
                        state[b] = st->fixed[b];
                int same = have_vals;
                for (int b = 0; b < d->naut && same; b++)
                    if ((st->deps[a] >> b & 1) && state[b] != prev[b])
                        same = 0;
                if (!same) {
                    factor_values(d, m, a, lo, hi, state, p->vals);
                    memcpy(prev, state, sizeof state);
                    have_vals = 1;
                }
                vals = p->vals;
            }
            for (int l = lo; l < hi; l++)
                p->zin[l] = v[base + (uint64_t)l * nright];
            memset(p->zout, 0, (size_t)n * sizeof *p->zout);
            for (int l = lo; l < hi; l++)
                for (size_t e = m->rowptr[l]; e < m->rowptr[l + 1]; e++)
                    p->zout[m->e[e].col] +=
                        p->zin[l] * (vals ? vals[e] : m->e[e].value);
            for (int l = 0; l < n; l++)
                v[base + (uint64_t)l * nright] = p->zout[l];
        }
}

/* The first non-empty row of m from row `from`, or m->order. */
static int row_from(const desc_matrix *m, int from)
{
    while (from < m->order && m->rowptr[from] == m->rowptr[from + 1])
        from++;
    return from;
}

/* Steps fixed[] to the next combination of non-empty rows of the
 * conditioned factors (the last conditioned automaton turns fastest);
 * from all -1 to the first. 0, all back at -1, after the last. Every
 * conditioned factor has a non-empty row: zero terms are skipped. */
static int next_condition(const desc *d, sh_term *st)
{
    const desc_term *term = &d->terms.items[st->term];
    if (st->fixed[st->cond[0]] < 0) {
        for (int k = 0; k < st->ncond; k++)
            st->fixed[st->cond[k]] = row_from(term->factor[st->cond[k]], 0);
        return 1;
    }
    for (int k = st->ncond - 1; k >= 0; k--) {
        const desc_matrix *m = term->factor[st->cond[k]];
        int s = row_from(m, st->fixed[st->cond[k]] + 1);
        if (s < m->order) {
            st->fixed[st->cond[k]] = s;
            return 1;
        }
        st->fixed[st->cond[k]] = row_from(m, 0);
    }
    for (int k = 0; k < st->ncond; k++)
        st->fixed[st->cond[k]] = -1;
    return 0;
}

/* One application of term st (at its current conditioning) added to y. */
static void shuffle_apply(mvd_plan *p, const sh_term *st, const double *x,
                          double *y)
{
    size_t nn = (size_t)p->k->nn;
    memcpy(p->tmp, x, nn * sizeof *x);
    for (int q = 0; q < st->nf; q++)
        shuffle_factor(p, st, st->order[q], p->tmp);
    for (size_t i = 0; i < nn; i++)
        y[i] += p->tmp[i];
}

/* dst = src * (I_nleft (x) F (x) I_nright), or dst += with acc, for a
 * constant F by columns; src and dst are distinct vectors. Per block of
 * n * nright entries, output row-slice c (nright contiguous entries) is
 * the sum over column c's elements of value times input row-slice r: the
 * inner loops run over contiguous memory, and each output is written
 * once, with no gather, scatter or zeroing pass. The sum runs over the
 * rows in ascending order, as in the in-place kernel. */
static void csc_apply(const csc_mat *m, uint64_t nright, uint64_t nn,
                      const double *restrict src, double *restrict dst,
                      int acc)
{
    uint64_t span = (uint64_t)m->n * nright;
    for (uint64_t base = 0; base < nn; base += span)
        for (int c = 0; c < m->n; c++) {
            double *out = dst + base + (uint64_t)c * nright;
            int k = m->colptr[c], end = m->colptr[c + 1];
            if (!acc && k == end) {
                memset(out, 0, nright * sizeof *out);
                continue;
            }
            if (!acc) {
                const double *in = src + base + (uint64_t)m->row[k] * nright;
                double v = m->val[k++];
                for (uint64_t j = 0; j < nright; j++)
                    out[j] = v * in[j];
            }
            for (; k < end; k++) {
                const double *in = src + base + (uint64_t)m->row[k] * nright;
                double v = m->val[k];
                for (uint64_t j = 0; j < nright; j++)
                    out[j] += v * in[j];
            }
        }
}

/* y += x * term: the first factor reads x, the last adds into y, the
 * others go through the ping-pong vectors; no copy of x, no sum pass. A
 * term with one non-identity factor is one pass from x into y. */
static void shuffle_fast_apply(mvd_plan *p, const sh_term *st,
                               const double *x, double *y)
{
    if (st->span) {   /* span by span, between the cache-sized buffers */
        for (uint64_t base = 0; base < p->k->nn; base += st->span) {
            const double *src = x + base;
            for (int q = 0; q < st->nf; q++) {
                int last = q == st->nf - 1;
                double *dst = last ? y + base : p->blk[q & 1];
                csc_apply(&st->csc[q], p->k->nright[st->order[q]],
                          st->span, src, dst, last);
                src = dst;
            }
        }
        return;
    }
    const double *src = x;
    for (int q = 0; q < st->nf; q++) {
        int last = q == st->nf - 1;
        double *dst = last ? y : p->buf[q & 1];
        csc_apply(&st->csc[q], p->k->nright[st->order[q]], p->k->nn, src,
                  dst, last);
        src = dst;
    }
}

/* y = x * Dr in fast mode (the diagonal parts taken out), 0 otherwise. */
static void init_y(const mvd_plan *p, const double *x, double *y)
{
    size_t nn = (size_t)p->k->nn;
    if (!p->dr) {
        memset(y, 0, nn * sizeof *y);
        return;
    }
    for (size_t i = 0; i < nn; i++)
        y[i] = p->dr[i] * x[i];
}

static void shuffle_multiply(mvd_plan *p, const double *x, double *y)
{
    init_y(p, x, y);
    for (size_t s = 0; s < p->sh.len; s++) {
        sh_term *st = &p->sh.items[s];
        if (st->csc)
            shuffle_fast_apply(p, st, x, y);
        else if (st->ncond == 0)
            shuffle_apply(p, st, x, y);
        else
            while (next_condition(p->k, st))
                shuffle_apply(p, st, x, y);
    }
}

/* -------------------------------------------------------------- slice */

static desc_matrix *identity(int n)
{
    desc_matrix *m = xcalloc(1, sizeof *m);
    m->order = n;
    m->nnz = m->cap = (size_t)n;
    m->e = xmalloc((size_t)n * sizeof *m->e);
    m->rowptr = xmalloc(((size_t)n + 1) * sizeof *m->rowptr);
    for (int r = 0; r < n; r++) {
        m->e[r] = (desc_entry){r, r, 1, -1};
        m->rowptr[r] = (size_t)r;
    }
    m->rowptr[n] = (size_t)n;
    return m;
}

static int reads(const desc *d, const desc_entry *e, int aut)
{
    if (e->func < 0)
        return 0;
    const desc_func *f = &d->funcs.items[e->func];
    for (int q = 0; q < f->ndeps; q++)
        if (f->deps[q] == aut)
            return 1;
    return 0;
}

/* Fills term s's AUNF list in mixed-radix order of the entries picked in
 * factors 0..N-2 (factor 0 most significant), so i never decreases. */
static void slice_fill(const mvd_plan *p, sl_term *s)
{
    const desc *d = p->k;
    int last = d->naut - 1, nl = d->aut[last].order;
    size_t pick[DESC_MAX_AUTOMATA] = {0};
    int state[DESC_MAX_AUTOMATA] = {0};
    for (size_t u = 0; u < s->n; u++) {
        aunf au = {1, 0, 0};
        for (int m = 0; m < last; m++) {
            state[m] = s->f[m]->e[pick[m]].row;
        }
        for (int m = 0; m < last; m++) {
            const desc_entry *e = &s->f[m]->e[pick[m]];
            uint64_t nr = d->nright[m] / (uint64_t)nl;
            au.i += (uint64_t)e->row * nr;
            au.j += (uint64_t)e->col * nr;
            au.e *= reads(d, e, last) ? e->value
                                      : desc_entry_value(d, e, state);
            if (s->deferred)
                s->path[u * (size_t)last + (size_t)m] = pick[m];
        }
        s->list[u] = au;
        for (int m = last - 1; m >= 0; m--) {
            if (++pick[m] < s->f[m]->nnz)
                break;
            pick[m] = 0;
        }
    }
}

/* A fused kernel of order n is kept dense when at least half full, and
 * small (a single last automaton may be large: n^2 would not fit). */
static int dense_ok(uint64_t n, uint64_t nnz)
{
    return n <= FUSE_ORDER && 2 * nnz >= n * n;
}

/* The rows of diagonal offset o (K[r, r + o]) of an order-n kernel. */
static int dia_lo(int o) { return o < 0 ? -o : 0; }
static int dia_hi(int n, int o) { return o > 0 ? n - o : n; }

/* Rewrites the by-rows kernel k by diagonals when their stored length is
 * at most 3 times its non-zeros (a product of banded factors, as the
 * birth-death automata give, has few): each diagonal is then one loop
 * over contiguous x and y that the compiler vectorises, where rows need
 * an indirect store per element. Diagonal d's positions lo..hi-1 are
 * val[start[d]..]. 1 if done. */
static int to_diagonals(fs_kern *k)
{
    int n = k->n, nnz = k->rowptr[n];
    int *slot = xmalloc(2 * (size_t)n * sizeof *slot);   /* o + n - 1 */
    for (int o = 0; o < 2 * n; o++)
        slot[o] = -1;
    for (int r = 0; r < n; r++)
        for (int q = k->rowptr[r]; q < k->rowptr[r + 1]; q++)
            slot[k->col[q] - r + n - 1] = 0;
    size_t stored = 0;
    int nd = 0;
    for (int o = -(n - 1); o < n; o++)
        if (slot[o + n - 1] == 0) {
            nd++;
            stored += (size_t)(dia_hi(n, o) - dia_lo(o));
        }
    if (stored > 3 * (size_t)nnz) {
        free(slot);
        return 0;
    }
    k->off = xmalloc(((size_t)nd ? (size_t)nd : 1) * sizeof *k->off);
    k->start = xmalloc(((size_t)nd ? (size_t)nd : 1) * sizeof *k->start);
    double *val = xcalloc(stored ? stored : 1, sizeof *val);
    k->ndiag = 0;
    for (int o = -(n - 1), at = 0; o < n; o++)
        if (slot[o + n - 1] == 0) {
            slot[o + n - 1] = k->ndiag;
            k->off[k->ndiag] = o;
            k->start[k->ndiag++] = at;
            at += dia_hi(n, o) - dia_lo(o);
        }
    for (int r = 0; r < n; r++)
        for (int q = k->rowptr[r]; q < k->rowptr[r + 1]; q++) {
            int o = k->col[q] - r, d = slot[o + n - 1];
            val[k->start[d] + r - dia_lo(o)] = k->val[q];
        }
    free(slot);
    free(k->rowptr);
    free(k->col);
    free(k->val);
    k->rowptr = k->col = NULL;
    k->kind = FK_DIA;
    k->val = val;
    k->stored = stored;
    return 1;
}

/* The bytes kernel k holds. */
static uint64_t kernel_bytes(const fs_kern *k)
{
    uint64_t n = (uint64_t)k->n;
    switch (k->kind) {
    case FK_IDENT: return 0;
    case FK_DENSE: return n * n * sizeof(double);
    case FK_DIA: return k->stored * sizeof(double) +
                        2 * (uint64_t)k->ndiag * sizeof(int);
    case FK_CSR: break;
    }
    return (n + 1 + (uint64_t)k->rowptr[k->n]) * sizeof(int) +
           (uint64_t)k->rowptr[k->n] * sizeof(double);
}

/* The fused kernel of a term: the tensor product of its factors of the
 * automata group..N-1 (the "last factor" of order nL), one shared kernel
 * when they are all identities; stored dense when at least half full,
 * by rows otherwise. Rows and their columns come out ascending (the
 * first automaton of the group most significant). */
static uint32_t fused_kernel(mvd_plan *p, const sl_term *s)
{
    const desc *d = p->k;
    const desc_term *term = &d->terms.items[s->term];
    int ident = 1;
    for (int a = p->group; a < d->naut; a++)
        ident &= term->factor[a] == NULL;
    if (ident && p->nfk > 0 && p->fk[0].kind == FK_IDENT)
        return 0;
    fs_kern *k = &p->fk[p->nfk];
    int n = (int)p->nl;
    k->n = n;
    k->kind = FK_IDENT;
    if (ident)
        return (uint32_t)p->nfk++;
    /* The product by rows. */
    VEC(int) col = {0};
    VEC(double) val = {0};
    k->rowptr = xmalloc(((size_t)n + 1) * sizeof *k->rowptr);
    for (int r = 0; r < n; r++) {
        k->rowptr[r] = (int)col.len;
        size_t pick[DESC_MAX_AUTOMATA], start[DESC_MAX_AUTOMATA],
               end[DESC_MAX_AUTOMATA];
        int rest = r, empty = 0;
        for (int a = d->naut - 1; a >= p->group; a--) {
            int row = rest % d->aut[a].order;
            rest /= d->aut[a].order;
            pick[a] = start[a] = s->f[a]->rowptr[row];
            end[a] = s->f[a]->rowptr[row + 1];
            empty |= pick[a] == end[a];
        }
        while (!empty) {
            int c = 0;
            double v = 1;
            for (int a = p->group; a < d->naut; a++) {
                c = c * d->aut[a].order + s->f[a]->e[pick[a]].col;
                v *= s->f[a]->e[pick[a]].value;
            }
            VEC_PUSH(&col, c);
            VEC_PUSH(&val, v);
            int a = d->naut - 1;
            for (; a >= p->group; a--) {   /* next combination */
                if (++pick[a] < end[a])
                    break;
                pick[a] = start[a];
            }
            empty = a < p->group;
        }
    }
    k->rowptr[n] = (int)col.len;
    k->col = col.items;
    k->val = val.items;
    if (dense_ok((uint64_t)n, col.len)) {
        k->kind = FK_DENSE;
        k->val = xcalloc((size_t)n * (size_t)n, sizeof *k->val);
        for (int r = 0; r < n; r++)
            for (int q = k->rowptr[r]; q < k->rowptr[r + 1]; q++)
                k->val[(size_t)r * (size_t)n + (size_t)col.items[q]] =
                    val.items[q];
        free(k->rowptr);
        k->rowptr = NULL;
        free(col.items);
        free(val.items);
        k->col = NULL;
    } else if (!to_diagonals(k))
        k->kind = FK_CSR;
    return (uint32_t)p->nfk++;
}

/* An upper bound of the bytes of a term's fused kernel, before it is
 * built: the identity counted once per term, the product's non-zeros as
 * the product of the factors', by rows or by diagonals (at most 3
 * positions per non-zero and a diagonal per non-zero). The plan then
 * reports what the kernels hold (kernel_bytes). */
static uint64_t fused_kernel_bound(const mvd_plan *p, const sl_term *s)
{
    const desc *d = p->k;
    uint64_t n = p->nl, nnz = 1;
    for (int a = p->group; a < d->naut; a++)
        nnz *= s->f[a]->nnz;
    if (dense_ok(n, nnz))
        return n * n * sizeof(double);
    return (n + 1) * sizeof(int) + nnz * (3 * sizeof(double) + 2 * sizeof(int));
}

/* Multiplications of one AUNF with kernel k (as fused_aunf does them). */
static uint64_t fused_kernel_mults(const fs_kern *k)
{
    uint64_t n = (uint64_t)k->n, rows = 0;
    if (k->kind == FK_IDENT)
        return n;
    if (k->kind == FK_DENSE)
        return n + n * n;
    if (k->kind == FK_DIA && k->ndiag == 1)   /* e * K[r, r + o] * x[r] */
        return 2 * (uint64_t)k->stored;
    if (k->kind == FK_DIA)   /* e * x[r] per row, then one per position */
        return n + (uint64_t)k->stored;
    for (int r = 0; r < k->n; r++)
        rows += k->rowptr[r] != k->rowptr[r + 1];
    return rows + (uint64_t)k->rowptr[k->n];
}

/* The fused AUNFs of term s: one per combination of the non-zeros of its
 * factors 0..group-1 (mixed radix, factor 0 most significant), E their
 * product (functions read only those automata: fuse_ok), i and j the
 * row and column in the product of those factors. First pass (place
 * NULL): counts per destination block in jptr[j + 1]; second: stores
 * each at place[j]++. */
static void fused_fill(mvd_plan *p, const sl_term *s, uint32_t kern,
                       size_t *place)
{
    const desc *d = p->k;
    size_t pick[DESC_MAX_AUTOMATA] = {0};
    int state[DESC_MAX_AUTOMATA] = {0};
    for (size_t u = 0; u < s->fn; u++) {
        uint64_t i = 0, j = 0;
        double e = 1;
        for (int m = 0; m < p->group; m++)
            state[m] = s->f[m]->e[pick[m]].row;
        for (int m = 0; m < p->group; m++) {
            const desc_entry *en = &s->f[m]->e[pick[m]];
            uint64_t nr = d->nright[m] / p->nl;
            i += (uint64_t)en->row * nr;
            j += (uint64_t)en->col * nr;
            e *= desc_entry_value(d, en, state);
        }
        if (place)
            p->fa[place[j]++] = (fs_aunf){e, i * p->nl, kern};
        else
            p->jptr[j + 1]++;
        for (int m = p->group - 1; m >= 0; m--) {
            if (++pick[m] < s->f[m]->nnz)
                break;
            pick[m] = 0;
        }
    }
}

/* The fused list: every fused term's AUNFs, grouped by destination block
 * j by a stable counting sort, so that within a block they keep term
 * order (and within a term, ascending i). */
static void fuse_build(mvd_plan *p)
{
    p->nblocks = p->k->nn / p->nl;
    p->jptr = xcalloc((size_t)p->nblocks + 1, sizeof *p->jptr);
    p->fk = xcalloc(p->nsl + 1, sizeof *p->fk);
    uint32_t *kern = xcalloc(p->nsl + 1, sizeof *kern);
    for (size_t k = 0; k < p->nsl; k++) {
        sl_term *s = &p->sl[k];
        if (!s->fused)
            continue;
        kern[k] = fused_kernel(p, s);
        fused_fill(p, s, kern[k], NULL);
        p->nfa += s->fn;
        p->mults += (uint64_t)s->fn * fused_kernel_mults(&p->fk[kern[k]]);
    }
    for (uint64_t b = 0; b < p->nblocks; b++)
        p->jptr[b + 1] += p->jptr[b];
    p->fa = xmalloc((p->nfa ? p->nfa : 1) * sizeof *p->fa);
    p->scaled = xmalloc((size_t)p->nl * sizeof *p->scaled);
    size_t *place = xmalloc(((size_t)p->nblocks + 1) * sizeof *place);
    memcpy(place, p->jptr, ((size_t)p->nblocks + 1) * sizeof *place);
    for (size_t k = 0; k < p->nsl; k++)
        if (p->sl[k].fused)
            fused_fill(p, &p->sl[k], kern[k], place);
    free(place);
    free(kern);
    if (p->dr_bytes)
        p->mults += p->k->nn;   /* y = x * Dr, block by block */
}

/* The fused slice's "last factor": the trailing automata whose orders
 * multiply to at most FUSE_ORDER (at least the last one, at most all but
 * the first), so that an AUNF moves a longer contiguous slice and there
 * are fewer of them, the block of y staying in the first-level cache. */
static void fuse_group(mvd_plan *p)
{
    const desc *d = p->k;
    p->group = d->naut - 1;
    p->nl = (uint64_t)d->aut[p->group].order;
    while (p->group > 1 &&
           p->nl * (uint64_t)d->aut[p->group - 1].order <= FUSE_ORDER) {
        p->group--;
        p->nl *= (uint64_t)d->aut[p->group].order;
    }
}

/* Whether term s joins the fused list: its factors of the group are
 * constant, and no function of its other factors reads the group's
 * automata (E is then a constant per AUNF). The AUNF count goes in fn. */
static int fuse_ok(mvd_plan *p, sl_term *s)
{
    const desc *d = p->k;
    uint64_t n = 1, nnz = 1;
    for (int a = 0; a < d->naut; a++) {
        const desc_matrix *m = s->f[a];
        if (a >= p->group) {
            /* The kernel indexes its elements with int. */
            if (m->functional || !mul_u64(nnz, m->nnz, &nnz) ||
                nnz > INT_MAX)
                return 0;
            continue;
        }
        for (size_t k = 0; k < m->nnz; k++)
            for (int b = p->group; b < d->naut; b++)
                if (reads(d, &m->e[k], b))
                    return 0;
        if (!mul_u64(n, m->nnz, &n))
            return 0;
    }
    s->fn = (size_t)n;
    return 1;
}

static int slice_new(mvd_plan *p, size_t max_bytes, diag *dg)
{
    const desc *d = p->k;
    int last = d->naut - 1;
    p->ident = xcalloc((size_t)d->naut, sizeof *p->ident);
    p->sl = xcalloc(d->terms.len ? d->terms.len : 1, sizeof *p->sl);
    fuse_group(p);
    /* Sizes first, so nothing big is allocated when it is refused. */
    uint64_t need = (d->nn ? max_factor_nnz(d) : 0) * sizeof(double);
    uint64_t kbound = 0;   /* the fused kernels, before they are built */
    int ok = 1;
    for (size_t t = 0; t < d->terms.len; t++) {
        if (term_is_zero(d, t))
            continue;
        sl_term *s = &p->sl[p->nsl++];
        s->term = t;
        s->f = xcalloc((size_t)d->naut, sizeof *s->f);
        uint64_t n = 1;
        for (int a = 0; a < d->naut; a++) {
            const desc_matrix *m = d->terms.items[t].factor[a];
            if (!m) {
                if (!p->ident[a])
                    p->ident[a] = identity(d->aut[a].order);
                m = p->ident[a];
            }
            s->f[a] = m;
            if (a < last) {
                ok &= mul_u64(n, m->nnz, &n);
                for (size_t k = 0; k < m->nnz; k++)
                    s->deferred |= reads(d, &m->e[k], last);
            }
        }
        s->n = (size_t)n;
        s->fused = !p->faithful && d->nn && fuse_ok(p, s);
        uint64_t each = sizeof(aunf) +
                        (s->deferred ? (uint64_t)last * sizeof(size_t) : 0);
        if (s->fused) {
            n = s->fn;
            each = sizeof(fs_aunf);
            kbound += fused_kernel_bound(p, s);
        }
        ok &= mul_u64(n, each, &n) && add_u64(need, n, &need);
    }
    for (int a = 0; a < d->naut; a++)
        if (p->ident[a])
            need += (uint64_t)p->ident[a]->order *
                    (sizeof(desc_entry) + sizeof(size_t));
    if (!p->faithful && d->nn)   /* block pointers, the scaled slice */
        need += (d->nn / p->nl + 1) * sizeof(size_t) +
                p->nl * sizeof(double);
    need += p->dr_bytes;
    ok &= add_u64(need, kbound, &need);
    if (!ok || need > max_bytes) {
        if (ok)
            too_big(dg, d, MVD_SLICE, need, max_bytes);
        else
            diag_error(dg, desc_loc(p->k), "slice needs more than 2^64 bytes "
                       "for its AUNFs");
        return -1;
    }
    p->bytes = (size_t)need;
    p->vals = xmalloc(max_factor_nnz(d) * sizeof *p->vals);
    for (size_t k = 0; k < p->nsl; k++) {
        sl_term *s = &p->sl[k];
        if (s->fused)
            continue;
        s->list = xmalloc((s->n ? s->n : 1) * sizeof *s->list);
        if (s->deferred)
            s->path = xmalloc((s->n ? s->n : 1) * (size_t)last *
                              sizeof *s->path);
        slice_fill(p, s);
        const desc_matrix *l = s->f[last];
        uint64_t rows = 0;
        for (int r = 0; r < l->order; r++)
            rows += l->rowptr[r] != l->rowptr[r + 1];
        /* Per AUNF and non-empty row r of the last factor: one scaling
         * E * x[i*nN + r], then one product per element of the row. */
        p->mults += (uint64_t)s->n * (rows + l->nnz);
    }
    if (!p->faithful && d->nn) {
        fuse_build(p);
        p->bytes -= (size_t)kbound;
        for (size_t k = 0; k < p->nfk; k++)
            p->bytes += (size_t)kernel_bytes(&p->fk[k]);
    }
    return 0;
}

/* E for AUNF u at row r of the last factor: the deferred functions (those
 * reading the last automaton) evaluated with it at r. */
static double deferred_scale(const mvd_plan *p, const sl_term *s, size_t u,
                             int *state)
{
    const desc *d = p->k;
    int last = d->naut - 1;
    double e = s->list[u].e;
    for (int m = 0; m < last; m++) {
        const desc_entry *en = &s->f[m]->e[s->path[u * (size_t)last + (size_t)m]];
        if (reads(d, en, last))
            e *= desc_eval(&d->funcs.items[en->func], state);
    }
    return e;
}

static void slice_term(mvd_plan *p, const sl_term *s, const double *x,
                       double *y)
{
    const desc *d = p->k;
    int last = d->naut - 1;
    const desc_matrix *l = s->f[last];
    uint64_t nl = (uint64_t)l->order, cur = UINT64_MAX;
    int state[DESC_MAX_AUTOMATA] = {0};
    int need_state = l->functional || s->deferred;
    for (size_t u = 0; u < s->n; u++) {
        const aunf *au = &s->list[u];
        if (need_state && au->i != cur) {
            /* Row states of automata 0..N-2 from i; the last factor's
             * values at each of its rows. */
            cur = au->i;
            desc_decode(d, au->i * nl, state);
            if (l->functional)
                factor_values(d, l, last, 0, l->order, state, p->vals);
        }
        const double *xs = x + au->i * nl;
        double *ys = y + au->j * nl;
        for (int r = 0; r < l->order; r++) {
            if (l->rowptr[r] == l->rowptr[r + 1])
                continue;
            double e = au->e;
            if (s->deferred) {
                state[last] = r;
                e = deferred_scale(p, s, u, state);
            }
            double xr = e * xs[r];
            for (size_t k = l->rowptr[r]; k < l->rowptr[r + 1]; k++)
                ys[l->e[k].col] +=
                    xr * (l->functional ? p->vals[k] : l->e[k].value);
        }
    }
}

/* yb += e * xs * K for one AUNF: the inner loop by kernel kind; t holds
 * n doubles (by diagonals, e * xs once, not once per diagonal). */
static void fused_aunf(const fs_kern *k, double e, const double *restrict xs,
                       double *restrict yb, double *restrict t)
{
    int n = k->n;
    switch (k->kind) {
    case FK_IDENT:
        for (int r = 0; r < n; r++)
            yb[r] += e * xs[r];
        break;
    case FK_DENSE:
        for (int r = 0; r < n; r++) {
            double xr = e * xs[r];
            const double *row = k->val + (size_t)r * (size_t)n;
            for (int c = 0; c < n; c++)
                yb[c] += xr * row[c];
        }
        break;
    case FK_DIA:
        if (k->ndiag == 1) {   /* one pass: no scaled copy */
            int o = k->off[0], lo = dia_lo(o), hi = dia_hi(n, o);
            const double *v = k->val - lo;
            for (int r = lo; r < hi; r++)
                yb[r + o] += e * v[r] * xs[r];
            break;
        }
        for (int r = 0; r < n; r++)
            t[r] = e * xs[r];
        for (int d = 0; d < k->ndiag; d++) {
            int o = k->off[d], lo = dia_lo(o), hi = dia_hi(n, o);
            const double *v = k->val + k->start[d] - lo;
            for (int r = lo; r < hi; r++)
                yb[r + o] += v[r] * t[r];
        }
        break;
    case FK_CSR:
        for (int r = 0; r < n; r++) {
            if (k->rowptr[r] == k->rowptr[r + 1])
                continue;
            double xr = e * xs[r];
            for (int q = k->rowptr[r]; q < k->rowptr[r + 1]; q++)
                yb[k->col[q]] += xr * k->val[q];
        }
        break;
    }
}

/* Fast slice: y block by block, each written once: x * Dr on the block,
 * then every fused AUNF into it while it is in cache (terms in order). */
static void fused_multiply(const mvd_plan *p, const double *x, double *y)
{
    uint64_t nl = p->nl;
    for (uint64_t b = 0; b < p->nblocks; b++) {
        double *yb = y + b * nl;
        const double *xb = x + b * nl;
        if (p->dr) {
            const double *db = p->dr + b * nl;
            for (uint64_t r = 0; r < nl; r++)
                yb[r] = db[r] * xb[r];
        } else
            memset(yb, 0, nl * sizeof *yb);
        for (size_t u = p->jptr[b]; u < p->jptr[b + 1]; u++) {
            const fs_aunf *a = &p->fa[u];
            fused_aunf(&p->fk[a->kern], a->e, x + a->src, yb, p->scaled);
        }
    }
}

static void slice_multiply(mvd_plan *p, const double *x, double *y)
{
    if (p->faithful || !p->k->nn)
        memset(y, 0, (size_t)p->k->nn * sizeof *y);
    else
        fused_multiply(p, x, y);
    for (size_t k = 0; k < p->nsl; k++)
        if (!p->sl[k].fused)
            slice_term(p, &p->sl[k], x, y);
}

/* ------------------------------------------------------------- sparse */

typedef struct {
    uint64_t col;
    size_t seq;     /* position in term order: ties sum in that order */
    double val;
} seq_entry;

typedef struct {
    seq_entry *items;
    size_t len, cap;
} seq_vec;

static int cmp_seq(const void *pa, const void *pb)
{
    const seq_entry *a = pa, *b = pb;
    if (a->col != b->col)
        return a->col < b->col ? -1 : 1;
    return (a->seq > b->seq) - (a->seq < b->seq);
}

/* By column, ties in term order. Each term's part is already ascending,
 * so short rows (the usual case) take a stable insertion sort; long ones
 * qsort, the sequence number breaking ties. */
static void sort_entries(seq_entry *e, size_t n)
{
    if (n > 64) {
        qsort(e, n, sizeof *e, cmp_seq);
        return;
    }
    for (size_t i = 1; i < n; i++) {
        seq_entry v = e[i];
        size_t k = i;
        for (; k > 0 && e[k - 1].col > v.col; k--)
            e[k] = e[k - 1];
        e[k] = v;
    }
}

/* An upper bound of the non-zeros: per reachable row and term, the
 * product of the lengths of the factors' rows. */
static int sparse_bound(const desc *d, const mvd_space *sp, uint64_t *out)
{
    int state[DESC_MAX_AUTOMATA];
    uint64_t total = 0;
    for (size_t r = 0; r < sp->len; r++) {
        desc_decode(d, sp->idx[r], state);
        for (size_t t = 0; t < d->terms.len; t++) {
            uint64_t c = 1;
            for (int a = 0; a < d->naut; a++) {
                const desc_matrix *m = d->terms.items[t].factor[a];
                if (m && !mul_u64(c, m->rowptr[state[a] + 1] -
                                  m->rowptr[state[a]], &c))
                    return 0;
            }
            if (!add_u64(total, c, &total))
                return 0;
        }
    }
    *out = total;
    return 1;
}

/* Row `state` of Q into row: every term's entries, duplicates summed in
 * term order, exact zeros left out, by column. 0, or -1 after a
 * diagnostic (at) when a function is not finite there. */
static int full_row(const desc *d, const int *state, mvd_entries *row,
                    seq_vec *buf, diag *dg, srcloc at)
{
    if (mvd_terms_row(d, state, NULL, row, dg, at) < 0)
        return -1;
    buf->len = 0;
    for (size_t k = 0; k < row->len; k++) {
        seq_entry e = {row->items[k].col, k, row->items[k].val};
        VEC_PUSH(buf, e);
    }
    sort_entries(buf->items, buf->len);
    row->len = 0;
    for (size_t k = 0; k < buf->len;) {
        uint64_t col = buf->items[k].col;
        double v = 0;
        for (; k < buf->len && buf->items[k].col == col; k++)
            v += buf->items[k].val;
        if (v != 0)
            row->items[row->len++] = (mvd_entry){col, v};
    }
    return 0;
}

/* Row r of Q appended to the CSR arrays at *nnz. */
static int sparse_row(mvd_plan *p, size_t r, mvd_entries *row,
                      seq_vec *buf, size_t *nnz, diag *dg)
{
    int state[DESC_MAX_AUTOMATA];
    desc_decode(p->k, p->sp->idx[r], state);
    if (full_row(p->k, state, row, buf, dg, desc_loc(p->k)) < 0)
        return -1;
    for (size_t k = 0; k < row->len; k++) {
        p->col[*nnz] = row->items[k].col;
        p->val[*nnz] = row->items[k].val;
        (*nnz)++;
    }
    return 0;
}

static int has_functions(const desc *d)
{
    for (size_t t = 0; t < d->terms.len; t++)
        for (int a = 0; a < d->naut; a++)
            if (d->terms.items[t].factor[a] &&
                d->terms.items[t].factor[a]->functional)
                return 1;
    return 0;
}

int mvd_check_rates(const desc *d, const mvd_space *sp, diag *dg, srcloc at)
{
    if (!has_functions(d))
        return 0;
    mvd_entries row = {0};
    seq_vec buf = {0};
    int status = 0, state[DESC_MAX_AUTOMATA];
    for (size_t r = 0; r < sp->len && status == 0; r++) {
        desc_decode(d, sp->idx[r], state);
        if ((status = full_row(d, state, &row, &buf, dg, at)) < 0)
            break;
        for (size_t k = 0; k < row.len; k++) {
            if (row.items[k].col == sp->idx[r] || row.items[k].val >= 0)
                continue;
            int to[DESC_MAX_AUTOMATA];
            desc_decode(d, row.items[k].col, to);
            strbuf from_text = {0}, to_text = {0};
            mvd_state_text(&from_text, d, state);
            mvd_state_text(&to_text, d, to);
            char buf1[32];
            diag_error(dg, at, "the rate from %s to %s is %s: a functional "
                       "rate or probability is negative in that state",
                       sb_str(&from_text), sb_str(&to_text),
                       fmt_double(buf1, row.items[k].val));
            sb_free(&from_text);
            sb_free(&to_text);
            status = -1;
            break;
        }
    }
    free(row.items);
    free(buf.items);
    return status;
}

static int sparse_new(mvd_plan *p, size_t max_bytes, diag *dg)
{
    const desc *d = p->k;
    const mvd_space *sp = p->sp;
    uint64_t bound, need, each = sizeof(uint64_t) + sizeof(double);
    if (!sparse_bound(d, sp, &bound) || !mul_u64(bound, each, &need) ||
        !add_u64(need, ((uint64_t)sp->len + 1) * sizeof(size_t), &need)) {
        diag_error(dg, desc_loc(d), "sparse needs more than 2^64 bytes");
        return -1;
    }
    if (need > max_bytes) {
        too_big(dg, d, MVD_SPARSE, need, max_bytes);
        return -1;
    }
    p->rowptr = xmalloc((sp->len + 1) * sizeof *p->rowptr);
    p->col = xmalloc((bound ? (size_t)bound : 1) * sizeof *p->col);
    p->val = xmalloc((bound ? (size_t)bound : 1) * sizeof *p->val);
    mvd_entries row = {0};
    seq_vec buf = {0};
    size_t nnz = 0;
    int status = 0;
    p->rowptr[0] = 0;
    for (size_t r = 0; r < sp->len && status == 0; r++) {
        status = sparse_row(p, r, &row, &buf, &nnz, dg);
        p->rowptr[r + 1] = nnz;
    }
    free(row.items);
    free(buf.items);
    if (status)
        return -1;
    /* Give back what the bound over-estimated. */
    p->col = xrealloc(p->col, (nnz ? nnz : 1) * sizeof *p->col);
    p->val = xrealloc(p->val, (nnz ? nnz : 1) * sizeof *p->val);
    p->bytes = (sp->len + 1) * sizeof *p->rowptr + nnz * (size_t)each;
    p->mults = nnz;
    return 0;
}

static void sparse_multiply(mvd_plan *p, const double *x, double *y)
{
    const mvd_space *sp = p->sp;
    memset(y, 0, (size_t)p->k->nn * sizeof *y);
    for (size_t r = 0; r < sp->len; r++) {
        double xr = x[sp->idx[r]];
        for (size_t k = p->rowptr[r]; k < p->rowptr[r + 1]; k++)
            y[p->col[k]] += xr * p->val[k];
    }
}

/* ---------------------------------------------------------------- plan */

/* Fast mode: the kernels run on d less its cheap diagonal parts, which
 * are kept as one vector (reduce.h); nothing changes when there are
 * none. dr is sized now, filled once the plan fits. */
static void reduce_plan(mvd_plan *p)
{
    p->k = p->d;
    if (p->faithful || p->algo == MVD_SPARSE)
        return;
    if (mvd_reduce(p->d, &p->red)) {
        p->has_red = 1;
        p->k = &p->red;
        p->dr_bytes = p->d->nn * sizeof(double);
    } else
        desc_free(&p->red);
}

mvd_plan *mvd_plan_new_mode(const desc *d, const mvd_space *sp,
                            mvd_algo algo, int faithful, size_t max_bytes,
                            diag *dg)
{
    mvd_plan *p = xcalloc(1, sizeof *p);
    p->d = d;
    p->sp = sp;
    p->algo = algo;
    p->faithful = faithful;
    int status;
    if (algo != MVD_SPARSE && check_functions(d, dg) < 0)
        status = -1;
    else {
        reduce_plan(p);
        if (algo == MVD_SHUFFLE)
            status = shuffle_new(p, max_bytes, dg);
        else if (algo == MVD_SLICE)
            status = slice_new(p, max_bytes, dg);
        else
            status = sparse_new(p, max_bytes, dg);
    }
    if (status < 0) {
        mvd_plan_free(p);
        return NULL;
    }
    if (p->dr_bytes) {
        p->dr = xmalloc((size_t)d->nn * sizeof *p->dr);
        mvd_reduce_diagonal(d, p->dr);
    }
    return p;
}

mvd_plan *mvd_plan_new(const desc *d, const mvd_space *sp, mvd_algo algo,
                       size_t max_bytes, diag *dg)
{
    return mvd_plan_new_mode(d, sp, algo, 0, max_bytes, dg);
}

void mvd_multiply(mvd_plan *p, const double *x, double *y)
{
    switch (p->algo) {
    case MVD_SHUFFLE: shuffle_multiply(p, x, y); break;
    case MVD_SLICE: slice_multiply(p, x, y); break;
    case MVD_SPARSE: sparse_multiply(p, x, y); break;
    }
}

/* Q[x, x] straight from the descriptor: per term, the product of each
 * factor's diagonal element at the state (an identity gives 1). */
void mvd_diagonal(mvd_plan *p, double *diag)
{
    const desc *d = p->d;
    int state[DESC_MAX_AUTOMATA];
    memset(diag, 0, (size_t)d->nn * sizeof *diag);
    for (size_t r = 0; r < p->sp->len; r++) {
        desc_decode(d, p->sp->idx[r], state);
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
        diag[p->sp->idx[r]] = sum;
    }
}

size_t mvd_plan_bytes(const mvd_plan *p) { return p->bytes; }
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
        free(p->sl[k].list);
        free(p->sl[k].path);
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
    if (p->has_red)
        desc_free(&p->red);
    free(p);
}
