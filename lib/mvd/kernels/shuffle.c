/* shuffle.c — the shuffle algorithm (notes §3.1; mvd.h): each term as a
 * product of normal factors, faithful and fast. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/kernels/kernels.h"

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
        st->deps[a] = mvd_factor_deps(d, d->terms.items[t].factor[a], a);
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

int mvd_shuffle_new(mvd_plan *p, size_t max_bytes, diag *dg)
{
    const desc *d = p->k;
    for (size_t t = 0; t < d->terms.len; t++)
        if (!mvd_term_is_zero(d, t)) {
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
    size_t n = mvd_max_order(d), nz = mvd_max_factor_nnz(d);
    need += (uint64_t)(slow + pingpong) * d->nn * sizeof(double) +
            2 * span * sizeof(double) +
            2 * n * sizeof(double) + nz * sizeof(double) +
            p->sh.len * sizeof(sh_term);
    if (need > max_bytes) {
        mvd_too_big(p, dg, d, MVD_SHUFFLE, need, max_bytes);
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
void mvd_factor_values(const desc *d, const desc_matrix *m, int a,
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
                    mvd_factor_values(d, m, a, lo, hi, state, p->vals);
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
void mvd_init_y(const mvd_plan *p, const double *x, double *y)
{
    size_t nn = (size_t)p->k->nn;
    if (!p->dr) {
        memset(y, 0, nn * sizeof *y);
        return;
    }
    for (size_t i = 0; i < nn; i++)
        y[i] = p->dr[i] * x[i];
}

void mvd_shuffle_multiply(mvd_plan *p, const double *x, double *y)
{
    mvd_init_y(p, x, y);
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

