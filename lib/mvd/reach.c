/* reach.c — --algo reach (mvd.h): y = x * Q over compact vectors, one
 * entry per reachable state, matrix-free.
 *
 * Issue 12: the other algorithms hold vectors over the product space
 * (23 M doubles for 1 M reachable states of the resource-sharing model
 * with a counter automaton) or the generator itself (16 bytes a
 * non-zero). Here the plan holds, per reachable state, its diagonal
 * element and the value of each distinct function that an element of a
 * moving term reads (one double each), and the product is computed row
 * by row, state by state in index order:
 *     y = x * diag(Q), then for each reachable state i, each moving term
 *     t and each combination of non-zero entries of the rows i_a of t's
 *     non-identity factors (the all-diagonal one left out):
 *     y_j += x_i * prod_a F_a[i_a, j_a](i)
 * where j's position in y is found from the space's bitmap and ranks
 * (O(1), no search, no branch: a j outside the space goes to the
 * vectors' spare entry), a functional element's value at i is read from
 * the plan's table of function values (read in order, as x is), and the
 * digits of i are stepped from the previous state's, not decoded. By
 * rows, the loads run in order and only the stores scatter: gathering
 * by columns instead (x_i and f(i) loaded at the predecessors, behind a
 * reachability test) measured 5x slower per non-zero than the CSR
 * product on the same chain.
 *
 * The factors are flattened per term and row (one array of entries, no
 * pointer to follow per entry); the states go in blocks, term by term
 * (REACH_BLOCK, below).
 *
 * Functions are evaluated once per reachable state at plan time (their
 * values must be finite there: the plan is refused otherwise, naming the
 * function and the state), never per multiplication. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/plan.h"

#define REACH_BLOCK 2048   /* states a block (mvd_reach_multiply) */

/* One off-diagonal (or, in a term of several factors, any) entry of a
 * factor's row: the offset (col - row) * stride it adds to the state's
 * index, its constant, and the slot of its function (nfv: none). */
typedef struct {
    int64_t off;
    double val;
    int slot;
} rc_entry;

/* A moving term: its non-identity factors' automata, and per factor q
 * and row r the entries at row_at[q][r]..row_at[q][r+1]-1 of entries. */
typedef struct {
    int n;
    int aut[DESC_MAX_AUTOMATA];
    uint32_t *row_at[DESC_MAX_AUTOMATA];
} rc_term;

typedef VEC(rc_entry) rc_entries;

struct reach_plan {
    rc_term *term;
    size_t nterm;
    rc_entry *entries;
    VEC(uint32_t) rows;   /* every factor's row pointers, end to end */
    double *diag;         /* [len] q_ii */
    double *fval;         /* [len * nfv]: state k's values at k * nfv */
    int nfv;
    int *fslot;           /* [funcs]: each function's slot, or -1 */
    int *digits;          /* [REACH_BLOCK * naut]: a block's states */
};

#ifdef __POPCNT__
#define popcount64(w) ((uint64_t)__builtin_popcountll(w))
#else
/* Without a library call (x86-64's baseline has no popcnt instruction,
 * and the builtin then becomes one). */
static inline uint64_t popcount64(uint64_t w)
{
    w = w - ((w >> 1) & UINT64_C(0x5555555555555555));
    w = (w & UINT64_C(0x3333333333333333)) +
        ((w >> 2) & UINT64_C(0x3333333333333333));
    w = (w + (w >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (w * UINT64_C(0x0101010101010101)) >> 56;
}
#endif

/* The position of product index s in sp, or sp->len (the vectors' spare
 * entry, mvd_space_compact) when s is not in it: without a branch, which
 * the predictor would miss at every edge of the reachable set. */
static inline uint64_t position(const mvd_space *sp, uint64_t s)
{
    uint64_t w = sp->bits[s >> 6], b = s & 63;
    uint64_t at = sp->rank[s >> 6] + popcount64(w & ((UINT64_C(1) << b) - 1));
    return (w >> b) & 1 ? at : (uint64_t)sp->len;
}

/* Steps the digits of state (index old) to those of index new > old,
 * from the last automaton; a division only where a digit carries. */
static inline void advance(const desc *d, int *state, uint64_t old,
                           uint64_t new)
{
    uint64_t add = new - old;
    for (int a = d->naut - 1; a >= 0 && add; a--) {
        uint64_t o = (uint64_t)d->aut[a].order, s = (uint64_t)state[a] + add;
        if (s < o) {
            state[a] = (int)s;
            return;
        }
        state[a] = (int)(s % o);
        add = s / o;
    }
}

/* ------------------------------------------------------------ building */

/* The slots: one per canonical function (identical code shares one)
 * read by an element of a moving term. */
static void assign_slots(struct reach_plan *r, const desc *d,
                         const mvd_rowgen *g, const unsigned char *moving)
{
    r->fslot = xmalloc((d->funcs.len ? d->funcs.len : 1) * sizeof *r->fslot);
    for (size_t f = 0; f < d->funcs.len; f++)
        r->fslot[f] = -1;
    for (size_t t = 0; t < d->terms.len; t++)
        for (size_t q = g->first[t]; moving[t] && q < g->first[t + 1]; q++) {
            const desc_matrix *m = d->terms.items[t].factor[g->active[q]];
            for (size_t k = 0; k < m->nnz; k++) {
                int c = m->e[k].func < 0 ? -1 : g->canon[m->e[k].func];
                if (c >= 0 && r->fslot[c] < 0)
                    r->fslot[c] = r->nfv++;
            }
        }
    for (size_t f = 0; f < d->funcs.len; f++)
        if (r->fslot[f] < 0 && r->fslot[g->canon[f]] >= 0)
            r->fslot[f] = r->fslot[g->canon[f]];
}

/* Factor m (index stride) flattened by rows into ev; the diagonal left out when off_diagonal (a term
 * of one factor: its diagonal is all in q_ii). The row pointers go to
 * r->rows; returns where they start. */
static size_t flatten(struct reach_plan *r, rc_entries *ev,
                      const desc_matrix *m, int64_t stride, int off_diagonal)
{
    size_t start = r->rows.len;
    for (int row = 0; row < m->order; row++) {
        uint32_t at = (uint32_t)ev->len;
        VEC_PUSH(&r->rows, at);
        for (size_t k = m->rowptr[row]; k < m->rowptr[row + 1]; k++) {
            if (off_diagonal && m->e[k].col == row)
                continue;
            rc_entry e = {(int64_t)(m->e[k].col - row) * stride,
                          m->e[k].value,
                          m->e[k].func < 0 ? r->nfv : r->fslot[m->e[k].func]};
            VEC_PUSH(ev, e);
        }
    }
    uint32_t end = (uint32_t)ev->len;
    VEC_PUSH(&r->rows, end);
    return start;
}

static void build_terms(struct reach_plan *r, const desc *d,
                        const mvd_rowgen *g)
{
    unsigned char *moving = xcalloc(d->terms.len + 1, 1);
    for (size_t t = 0; t < d->terms.len; t++)
        moving[t] = mvd_term_moves(d, t) && !mvd_term_is_zero(d, t);
    assign_slots(r, d, g, moving);
    rc_entries ev = {0};
    size_t *start = xmalloc((g->first[d->terms.len] + 1) * sizeof *start);
    r->term = xcalloc(d->terms.len + 1, sizeof *r->term);
    for (size_t t = 0; t < d->terms.len; t++) {
        if (!moving[t])
            continue;
        rc_term *rt = &r->term[r->nterm++];
        rt->n = (int)(g->first[t + 1] - g->first[t]);
        for (int q = 0; q < rt->n; q++) {
            int a = g->active[g->first[t] + (size_t)q];
            rt->aut[q] = a;
            start[g->first[t] + (size_t)q] =
                flatten(r, &ev, d->terms.items[t].factor[a],
                        (int64_t)d->nright[a], rt->n == 1);
        }
    }
    /* The row pointers are final once every factor is in. */
    for (size_t t = 0, k = 0; t < d->terms.len; t++) {
        if (!moving[t])
            continue;
        rc_term *rt = &r->term[k++];
        for (int q = 0; q < rt->n; q++)
            rt->row_at[q] = r->rows.items + start[g->first[t] + (size_t)q];
    }
    r->entries = ev.items;
    free(start);
    free(moving);
}

/* The function of each slot (its canonical one). */
static int *slot_functions(const struct reach_plan *r, const desc *d,
                           const mvd_rowgen *g)
{
    int *fun = xmalloc((size_t)(r->nfv ? r->nfv : 1) * sizeof *fun);
    for (size_t f = 0; f < d->funcs.len; f++)
        if (r->fslot[f] >= 0 && g->canon[f] == (int)f)
            fun[r->fslot[f]] = (int)f;
    return fun;
}

/* The diagonal and the function values, state by state. */
static int fill_states(struct reach_plan *r, const desc *d,
                       const mvd_space *sp, mvd_rowgen *g, diag *dg)
{
    int *fun = slot_functions(r, d, g);
    int state[DESC_MAX_AUTOMATA];
    mvd_entries row = {0};
    int status = 0;
    for (size_t k = 0; k < sp->len && status == 0; k++) {
        desc_decode(d, sp->idx[k], state);
        if ((status = mvd_rowgen_row(g, state, &row, dg, desc_loc(d))) < 0)
            break;
        double q = 0;
        for (size_t e = 0; e < row.len; e++)
            if (row.items[e].col == sp->idx[k])
                q += row.items[e].val;
        r->diag[k] = q;
        for (int s = 0; s < r->nfv; s++) {
            double v = desc_eval(&d->funcs.items[fun[s]], state);
            if (!isfinite(v)) {
                strbuf sb = {0};
                mvd_state_text(&sb, d, state);
                diag_error(dg, desc_loc(d), "function '%s' is not finite "
                           "in state %s", d->funcs.items[fun[s]].name,
                           sb_str(&sb));
                sb_free(&sb);
                status = -1;
                break;
            }
            r->fval[k * (size_t)r->nfv + (size_t)s] = v;
        }
    }
    free(row.items);
    free(fun);
    return status;
}

int mvd_reach_new(mvd_plan *p, size_t max_bytes, diag *dg)
{
    const desc *d = p->d;
    const mvd_space *sp = p->sp;
    if (!sp->bits || sp->vlen != (uint64_t)sp->len + 1) {
        diag_error(dg, desc_loc(d), "reach needs a compact space "
                   "(mvd_space_compact)");
        return -1;
    }
    struct reach_plan *r = p->reach = xcalloc(1, sizeof *p->reach);
    mvd_rowgen g;
    mvd_rowgen_init(&g, d, NULL);
    build_terms(r, d, &g);
    size_t n = sp->len ? sp->len : 1;
    uint64_t need;
    if (!mul_u64((uint64_t)n * sizeof(double), (uint64_t)r->nfv + 1, &need))
        need = UINT64_MAX;
    if (need > max_bytes) {
        mvd_too_big(dg, d, MVD_REACH, need, max_bytes);
        mvd_rowgen_free(&g);
        return -1;
    }
    r->diag = xmalloc(n * sizeof *r->diag);
    r->digits = xmalloc((size_t)REACH_BLOCK * (size_t)d->naut *
                        sizeof *r->digits);
    r->fval = xmalloc(n * (size_t)(r->nfv ? r->nfv : 1) * sizeof *r->fval);
    int status = fill_states(r, d, sp, &g, dg);
    mvd_rowgen_free(&g);
    p->bytes = (size_t)need;
    return status;
}

void mvd_reach_free(mvd_plan *p)
{
    struct reach_plan *r = p->reach;
    if (!r)
        return;
    free(r->term);
    free(r->entries);
    free(r->rows.items);
    free(r->diag);
    free(r->fval);
    free(r->fslot);
    free(r->digits);
    free(r);
    p->reach = NULL;
}

void mvd_reach_diagonal(const mvd_plan *p, double *diag)
{
    memcpy(diag, p->reach->diag, p->sp->len * sizeof *diag);
}

/* ------------------------------------------------------------- product */

/* The states are taken in blocks of REACH_BLOCK, and each term over the
 * whole block before the next term: a local term's additions then go to
 * a few runs of nearby entries of y (the states j = i + offset for
 * consecutive i), which the caches and prefetchers follow, where state
 * by state they jumped between the terms' targets (2.5x slower per
 * non-zero, measured on issue 12's model). The digits of the block's
 * states are kept, one byte each when every order is at most 256. */
/* A term of several factors: every combination of its rows' entries
 * but the all-diagonal one, out of state k (index idx, digits st). */
static uint64_t sync_out(const struct reach_plan *r, const mvd_space *sp,
                         const rc_term *t, const int *st, size_t k,
                         uint64_t idx, double xk, double *y)
{
    const rc_entry *en = r->entries;
    const double *fk = r->fval + k * (size_t)r->nfv;
    uint32_t lo[DESC_MAX_AUTOMATA], hi[DESC_MAX_AUTOMATA],
        pick[DESC_MAX_AUTOMATA];
    for (int q = 0; q < t->n; q++) {
        const uint32_t *ra = t->row_at[q] + st[t->aut[q]];
        lo[q] = pick[q] = ra[0];
        hi[q] = ra[1];
        if (lo[q] == hi[q])
            return 0;
    }
    uint64_t count = 0;
    for (;;) {
        int64_t delta = 0;
        double v = xk;
        for (int q = 0; q < t->n; q++) {
            const rc_entry *e = &en[pick[q]];
            delta += e->off;
            v *= e->slot < r->nfv ? e->val * fk[e->slot] : e->val;
        }
        if (delta != 0) {   /* 0 only when every factor is diagonal */
            y[position(sp, idx + (uint64_t)delta)] += v;
            count++;
        }
        int q = t->n - 1;
        while (q >= 0 && ++pick[q] == hi[q]) {
            pick[q] = lo[q];
            q--;
        }
        if (q < 0)
            return count;
    }
}

/* A local term over the block's states b0..b0+bn-1 (digits st, naut a
 * state). */
static uint64_t local_block(const struct reach_plan *r, const mvd_space *sp,
                            const rc_term *t, const int *st, int naut,
                            size_t b0, size_t bn, const double *x, double *y)
{
    const rc_entry *en = r->entries;
    const uint32_t *rows = t->row_at[0];
    int a = t->aut[0];
    size_t nfv = (size_t)r->nfv;
    uint64_t count = 0;
    for (size_t i = 0; i < bn; i++) {
        size_t k = b0 + i;
        const uint32_t *ra = rows + st[i * (size_t)naut + (size_t)a];
        uint64_t idx = sp->idx[k];
        double xk = x[k];
        for (uint32_t e = ra[0]; e < ra[1]; e++) {
            double v = en[e].slot < r->nfv
                     ? en[e].val * r->fval[k * nfv + (size_t)en[e].slot]
                     : en[e].val;
            y[position(sp, idx + (uint64_t)en[e].off)] += xk * v;
        }
        count += ra[1] - ra[0];
    }
    return count;
}

void mvd_reach_multiply(mvd_plan *p, const double *x, double *y)
{
    const struct reach_plan *r = p->reach;
    const mvd_space *sp = p->sp;
    int naut = p->d->naut;
    int *st = r->digits;
    uint64_t count = sp->len;
    for (size_t k = 0; k < sp->len; k++)
        y[k] = r->diag[k] * x[k];
    y[sp->len] = 0;   /* the spare entry: transitions out of the space */
    for (size_t b0 = 0; b0 < sp->len; b0 += REACH_BLOCK) {
        size_t bn = sp->len - b0 < REACH_BLOCK ? sp->len - b0 : REACH_BLOCK;
        desc_decode(p->d, sp->idx[b0], st);
        for (size_t i = 1; i < bn; i++) {
            int *s = st + i * (size_t)naut;
            memcpy(s, s - naut, (size_t)naut * sizeof *s);
            advance(p->d, s, sp->idx[b0 + i - 1], sp->idx[b0 + i]);
        }
        for (size_t t = 0; t < r->nterm; t++) {
            const rc_term *rt = &r->term[t];
            if (rt->n == 1) {
                count += local_block(r, sp, rt, st, naut, b0, bn, x, y);
                continue;
            }
            for (size_t i = 0; i < bn; i++)
                count += sync_out(r, sp, rt, st + i * (size_t)naut, b0 + i,
                                  sp->idx[b0 + i], x[b0 + i], y);
        }
    }
    p->mults = count;
}
