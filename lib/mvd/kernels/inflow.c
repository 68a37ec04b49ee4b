/* inflow.c — the explicit in-flow rows of a chain (inflow.h): their
 * builder, with the table of distinct rates, and the two kernels that
 * read them, the product x Q and the Gauss-Seidel sweep. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "mvd/kernels/kernels.h"

typedef struct {
    uint32_t j;
    double q;
} in_entry;

struct inflow_builder {
    mvd_inflow *m;
    size_t row;           /* rows ended so far */
    size_t cap;           /* of src and code (or val) */
    size_t max_bytes;
    VEC(in_entry) cur;    /* the current row, as added */
    /* The distinct rates: open addressing on their bits, hcap a power of
     * two, twice the codes at most (so that a probe ends). */
    uint64_t *hkey;
    uint32_t *hval;       /* code + 1; 0: empty */
    size_t hcap;
    int failed;
};

/* What the arrays hold at capacity cap: the budget's measure. */
static size_t builder_bytes(const inflow_builder *b, size_t cap)
{
    const mvd_inflow *m = b->m;
    size_t per = sizeof(uint32_t) + (m->code ? sizeof(uint16_t)
                                             : sizeof(double));
    return (m->n + 1) * sizeof(uint32_t) + cap * per +
           m->ntable * sizeof(double) +
           b->hcap * (sizeof(uint64_t) + sizeof(uint32_t));
}

inflow_builder *inflow_begin(size_t n, const double *diag, size_t max_bytes)
{
    inflow_builder *b = xcalloc(1, sizeof *b);
    mvd_inflow *m = b->m = xcalloc(1, sizeof *m);
    m->n = n;
    m->diag = diag;
    m->ptr = xmalloc((n + 1) * sizeof *m->ptr);
    m->ptr[0] = 0;
    b->max_bytes = max_bytes;
    b->hcap = 1024;
    b->hkey = xmalloc(b->hcap * sizeof *b->hkey);
    b->hval = xcalloc(b->hcap, sizeof *b->hval);
    m->code = xmalloc(1);   /* code mode until the rates pass 65536 */
    if (builder_bytes(b, 0) > max_bytes)
        b->failed = 1;
    return b;
}

void inflow_add(inflow_builder *b, uint32_t j, double q)
{
    in_entry e = {j, q};
    VEC_PUSH(&b->cur, e);
}

static void hash_grow(inflow_builder *b)
{
    size_t old = b->hcap;
    uint64_t *key = b->hkey;
    uint32_t *val = b->hval;
    b->hcap *= 2;
    b->hkey = xmalloc(b->hcap * sizeof *b->hkey);
    b->hval = xcalloc(b->hcap, sizeof *b->hval);
    for (size_t i = 0; i < old; i++) {
        if (!val[i])
            continue;
        size_t h = hash_u64(key[i]) & (b->hcap - 1);
        while (b->hval[h])
            h = (h + 1) & (b->hcap - 1);
        b->hkey[h] = key[i];
        b->hval[h] = val[i];
    }
    free(key);
    free(val);
}

/* From codes to the rates themselves: more distinct rates than a code
 * holds. The table and its hash are no longer needed. */
static void to_values(inflow_builder *b, size_t nnz)
{
    mvd_inflow *m = b->m;
    m->val = xmalloc((b->cap ? b->cap : 1) * sizeof *m->val);
    for (size_t e = 0; e < nnz; e++)
        m->val[e] = m->table[m->code[e]];
    free(m->code);
    free(m->table);
    free(b->hkey);
    free(b->hval);
    m->code = NULL;
    m->table = NULL;
    m->ntable = 0;
    b->hkey = NULL;
    b->hval = NULL;
    b->hcap = 0;
}

/* The code of rate q, added to the table when new; -1 when the table is
 * full. */
static int64_t code_of(inflow_builder *b, double q)
{
    uint64_t bits;
    memcpy(&bits, &q, sizeof bits);
    size_t h = hash_u64(bits) & (b->hcap - 1);
    for (; b->hval[h]; h = (h + 1) & (b->hcap - 1))
        if (b->hkey[h] == bits)
            return b->hval[h] - 1;
    mvd_inflow *m = b->m;
    if (m->ntable == INFLOW_MAX_CODES)
        return -1;
    m->table = xrealloc(m->table, (m->ntable + 1) * sizeof *m->table);
    m->table[m->ntable] = q;
    b->hkey[h] = bits;
    b->hval[h] = (uint32_t)++m->ntable;
    if (2 * m->ntable > b->hcap)
        hash_grow(b);
    return (int64_t)m->ntable - 1;
}

/* Room for `more` transitions after nnz; 0 when over the budget. */
static int reserve(inflow_builder *b, size_t nnz, size_t more)
{
    if (nnz + more <= b->cap)
        return 1;
    if (nnz + more > UINT32_MAX)
        return 0;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < nnz + more)
        cap *= 2;
    if (cap > UINT32_MAX)
        cap = UINT32_MAX;
    if (builder_bytes(b, cap) > b->max_bytes) {
        /* Exactly what is needed may still fit. */
        cap = nnz + more + (nnz + more) / 8;
        if (builder_bytes(b, cap) > b->max_bytes)
            return 0;
    }
    mvd_inflow *m = b->m;
    m->src = xrealloc(m->src, cap * sizeof *m->src);
    if (m->code)
        m->code = xrealloc(m->code, cap * sizeof *m->code);
    else
        m->val = xrealloc(m->val, cap * sizeof *m->val);
    b->cap = cap;
    return 1;
}

/* The row by source (short rows: an insertion sort), each source once. */
static size_t sort_row(in_entry *e, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        in_entry v = e[i];
        size_t k = i;
        for (; k > 0 && e[k - 1].j > v.j; k--)
            e[k] = e[k - 1];
        e[k] = v;
    }
    size_t out = 0;
    for (size_t i = 0; i < n; i++) {
        if (out > 0 && e[out - 1].j == e[i].j)
            e[out - 1].q += e[i].q;
        else
            e[out++] = e[i];
    }
    return out;
}

int inflow_end_row(inflow_builder *b)
{
    mvd_inflow *m = b->m;
    if (b->failed)
        return -1;
    size_t len = sort_row(b->cur.items, b->cur.len);
    size_t nnz = m->ptr[b->row];
    if (!reserve(b, nnz, len)) {
        b->failed = 1;
        return -1;
    }
    for (size_t i = 0; i < len; i++) {
        const in_entry *e = &b->cur.items[i];
        if (e->q == 0)
            continue;
        m->src[nnz] = e->j;
        if (m->code) {
            int64_t c = code_of(b, e->q);
            if (c < 0) {
                to_values(b, nnz);
                if (builder_bytes(b, b->cap) > b->max_bytes) {
                    b->failed = 1;
                    return -1;
                }
            } else {
                m->code[nnz++] = (uint16_t)c;
                continue;
            }
        }
        m->val[nnz++] = e->q;
    }
    m->ptr[++b->row] = (uint32_t)nnz;
    b->cur.len = 0;
    return 0;
}

mvd_inflow *inflow_finish(inflow_builder *b)
{
    mvd_inflow *m = b->m;
    size_t nnz = m->ptr[b->row], keep = nnz ? nnz : 1;
    m->nnz = nnz;
    m->src = xrealloc(m->src, keep * sizeof *m->src);
    if (m->code)
        m->code = xrealloc(m->code, keep * sizeof *m->code);
    else
        m->val = xrealloc(m->val, keep * sizeof *m->val);
    free(b->hkey);
    free(b->hval);
    free(b->cur.items);
    b->hcap = 0;
    m->bytes = builder_bytes(b, nnz);
    free(b);
    return m;
}

void mvd_inflow_free(mvd_inflow *m)
{
    if (!m)
        return;
    free(m->ptr);
    free(m->src);
    free(m->code);
    free(m->val);
    free(m->table);
    free(m);
}

void inflow_abort(inflow_builder *b)
{
    if (!b)
        return;
    free(b->hkey);
    free(b->hval);
    free(b->cur.items);
    mvd_inflow_free(b->m);
    free(b);
}

/* ------------------------------------------------------------- kernels */

/* Transition e's rate, by code (coded) or stored: `coded` is a constant
 * after inlining, so each kernel has a loop of its own for each. */
static inline __attribute__((always_inline)) double
rate_at(const mvd_inflow *m, uint32_t e, int coded)
{
    return coded ? m->table[m->code[e]] : m->val[e];
}

/* Row k's in-flow from x. */
static inline __attribute__((always_inline)) double
row_sum(const mvd_inflow *m, size_t k, const double *x, int coded)
{
    double s = 0;
    for (uint32_t e = m->ptr[k], end = m->ptr[k + 1]; e < end; e++)
        s += x[m->src[e]] * rate_at(m, e, coded);
    return s;
}

double mvd_inflow_row(const mvd_inflow *m, size_t k, const double *x)
{
    return m->code ? row_sum(m, k, x, 1) : row_sum(m, k, x, 0);
}

typedef struct {
    const mvd_inflow *m;
    const double *x;
    double *y;
    size_t lo, hi;
} mult_part;

static inline __attribute__((always_inline)) void
multiply_range(const mult_part *w, int coded)
{
    const mvd_inflow *m = w->m;
    for (size_t k = w->lo; k < w->hi; k++)
        w->y[k] = m->diag[k] * w->x[k] + row_sum(m, k, w->x, coded);
}

static void *multiply_part(void *arg)
{
    const mult_part *w = arg;
    if (w->m->code)
        multiply_range(w, 1);
    else
        multiply_range(w, 0);
    return NULL;
}

void mvd_inflow_multiply(const mvd_inflow *m, const double *x, double *y,
                         int threads)
{
    size_t half = threads > 1 ? m->n / 2 : m->n;
    mult_part a = {m, x, y, 0, half}, b = {m, x, y, half, m->n};
    run_both(multiply_part, &a, &b, threads > 1 ? 2 : 1);
    y[m->n] = 0;   /* the spare entry: rows hold no transition out */
}

static inline __attribute__((always_inline)) double
sweep_as(const mvd_inflow *m, double *x, const double *diag, double omega,
         int coded)
{
    double step = 0;
    for (size_t k = 0; k < m->n; k++) {
        double in = row_sum(m, k, x, coded);
        double v = omega == 1 ? in / -diag[k]
                              : omega * (in / -diag[k]) +
                                    (1 - omega) * x[k];
        step += fabs(v - x[k]);
        x[k] = v;
    }
    return step;
}

double mvd_inflow_sweep(const mvd_inflow *m, double *x, const double *diag,
                        double omega)
{
    return m->code ? sweep_as(m, x, diag, omega, 1)
                   : sweep_as(m, x, diag, omega, 0);
}

static inline __attribute__((always_inline)) void
upper_as(const mvd_inflow *m, const double *diag, const double *v, double *z,
         int coded)
{
    for (size_t k = m->n; k-- > 0;) {
        double s = v[k];
        uint32_t e = m->ptr[k + 1];
        for (; e > m->ptr[k] && m->src[e - 1] > k; e--)
            s -= z[m->src[e - 1]] * rate_at(m, e - 1, coded);
        z[k] = s / diag[k];
    }
}

void mvd_inflow_upper_solve(const mvd_inflow *m, const double *diag,
                            const double *v, double *z)
{
    if (m->code)
        upper_as(m, diag, v, z, 1);
    else
        upper_as(m, diag, v, z, 0);
}

static inline __attribute__((always_inline)) void
lower_as(const mvd_inflow *m, const double *diag, const double *v, double *z,
         int coded)
{
    for (size_t k = 0; k < m->n; k++) {
        double s = v[k];
        for (uint32_t e = m->ptr[k], end = m->ptr[k + 1];
             e < end && m->src[e] < k; e++)
            s -= z[m->src[e]] * rate_at(m, e, coded);
        z[k] = s / diag[k];
    }
}

void mvd_inflow_lower_solve(const mvd_inflow *m, const double *diag,
                            const double *v, double *z)
{
    if (m->code)
        lower_as(m, diag, v, z, 1);
    else
        lower_as(m, diag, v, z, 0);
}
