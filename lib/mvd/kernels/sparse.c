/* sparse.c — the explicit generator over the reachable states as a CSR
 * matrix (mvd.h): the baseline and the tests' oracle; and the check of
 * functional rates over the reachable rows. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/kernels/kernels.h"

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
static int sparse_bound(const mvd_rowgen *g, const mvd_space *sp,
                        uint64_t *out)
{
    const desc *d = g->d;
    int state[DESC_MAX_AUTOMATA];
    uint64_t total = 0;
    for (size_t r = 0; r < sp->len; r++) {
        desc_decode(d, sp->idx[r], state);
        for (size_t t = 0; t < d->terms.len; t++) {
            uint64_t c = 1;
            for (size_t q = g->first[t]; q < g->first[t + 1]; q++) {
                int a = g->active[q];
                const desc_matrix *m = d->terms.items[t].factor[a];
                if (!mul_u64(c, m->rowptr[state[a] + 1] -
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
static int full_row(mvd_rowgen *g, const int *state, mvd_entries *row,
                    seq_vec *buf, diag *dg, srcloc at)
{
    if (mvd_rowgen_row(g, state, row, dg, at) < 0)
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
static int sparse_row(mvd_plan *p, mvd_rowgen *g, size_t r,
                      mvd_entries *row, seq_vec *buf, size_t *nnz, diag *dg)
{
    int state[DESC_MAX_AUTOMATA];
    desc_decode(p->k, p->sp->idx[r], state);
    if (full_row(g, state, row, buf, dg, desc_loc(p->k)) < 0)
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

/* The check of mvd_check_rates at one state (index idx). */
static int check_row(mvd_rowgen *g, const int *state, uint64_t idx,
                     mvd_entries *row, seq_vec *buf, diag *dg, srcloc at)
{
    const desc *d = g->d;
    if (full_row(g, state, row, buf, dg, at) < 0)
        return -1;
    for (size_t k = 0; k < row->len; k++) {
        if (row->items[k].col == idx || row->items[k].val >= 0)
            continue;
        int to[DESC_MAX_AUTOMATA];
        desc_decode(d, row->items[k].col, to);
        strbuf from_text = {0}, to_text = {0};
        mvd_state_text(&from_text, d, state);
        mvd_state_text(&to_text, d, to);
        char buf1[32];
        diag_error(dg, at, "the rate from %s to %s is %s: a functional "
                   "rate or probability is negative in that state",
                   sb_str(&from_text), sb_str(&to_text),
                   fmt_double(buf1, row->items[k].val));
        sb_free(&from_text);
        sb_free(&to_text);
        return -1;
    }
    return 0;
}

int mvd_check_rates(const desc *d, const mvd_space *sp, diag *dg, srcloc at)
{
    if (!has_functions(d))
        return 0;
    mvd_entries row = {0};
    seq_vec buf = {0};
    mvd_rowgen g;
    mvd_rowgen_init(&g, d, NULL);
    int status = 0, state[DESC_MAX_AUTOMATA];
    for (size_t r = 0; r < sp->len && status == 0; r++) {
        desc_decode(d, sp->idx[r], state);
        status = check_row(&g, state, sp->idx[r], &row, &buf, dg, at);
    }
    free(row.items);
    free(buf.items);
    mvd_rowgen_free(&g);
    return status;
}

int mvd_check_rates_state(const desc *d, const int *state, diag *dg,
                          srcloc at)
{
    mvd_entries row = {0};
    seq_vec buf = {0};
    mvd_rowgen g;
    mvd_rowgen_init(&g, d, NULL);
    int status = check_row(&g, state, desc_encode(d, state), &row, &buf, dg,
                           at);
    free(row.items);
    free(buf.items);
    mvd_rowgen_free(&g);
    return status;
}

int mvd_sparse_new(mvd_plan *p, size_t max_bytes, diag *dg)
{
    const desc *d = p->k;
    const mvd_space *sp = p->sp;
    uint64_t bound, need, each = sizeof(uint64_t) + sizeof(double);
    mvd_rowgen g;
    mvd_rowgen_init(&g, d, NULL);
    if (!sparse_bound(&g, sp, &bound) || !mul_u64(bound, each, &need) ||
        !add_u64(need, ((uint64_t)sp->len + 1) * sizeof(size_t), &need)) {
        diag_error(dg, desc_loc(d), "sparse needs more than 2^64 bytes");
        mvd_rowgen_free(&g);
        return -1;
    }
    if (need > max_bytes) {
        mvd_too_big(p, dg, d, MVD_SPARSE, need, max_bytes);
        mvd_rowgen_free(&g);
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
        status = sparse_row(p, &g, r, &row, &buf, &nnz, dg);
        p->rowptr[r + 1] = nnz;
    }
    free(row.items);
    free(buf.items);
    mvd_rowgen_free(&g);
    if (status)
        return -1;
    /* Give back what the bound over-estimated. */
    p->col = xrealloc(p->col, (nnz ? nnz : 1) * sizeof *p->col);
    p->val = xrealloc(p->val, (nnz ? nnz : 1) * sizeof *p->val);
    p->bytes = (sp->len + 1) * sizeof *p->rowptr + nnz * (size_t)each;
    p->mults = nnz;
    return 0;
}

void mvd_sparse_multiply(mvd_plan *p, const double *x, double *y)
{
    const mvd_space *sp = p->sp;
    memset(y, 0, (size_t)p->k->nn * sizeof *y);
    for (size_t r = 0; r < sp->len; r++) {
        double xr = x[sp->idx[r]];
        for (size_t k = p->rowptr[r]; k < p->rowptr[r + 1]; k++)
            y[p->col[k]] += xr * p->val[k];
    }
}

