/* slice_rows.c — the fast slice's product cut by destination rows over
 * MPI ranks (mvd.h, mvd_plan_rows; mvd-solve --sched rows).
 *
 * The fused slice writes y one block of nl states at a time (slice.c,
 * fused_multiply): every AUNF of every term that lands in block b, in
 * term order, while the block stays in cache. A rank that multiplies a
 * contiguous range of those blocks computes its rows of x * Q whole,
 * with the same operations in the same order as one process does, so:
 *   - there is nothing to add up across ranks, only rows to share: an
 *     allgather of the blocks instead of the reduce-scatter and allgather
 *     of the term and AUNF schedules (half the bytes, no additions);
 *   - the products are the sequential ones bit for bit, whatever P;
 *   - x * Dr is done once, by the rows' owner.
 * The ranges balance the work per block (the multiplications, as
 * mvd_plan_mults counts them, an unfused AUNF counted more:
 * UNFUSED_AUNF_COST), which every rank computes alike from the
 * descriptor: the thesis's principle (every process runs the
 * distribution itself) applied to the fast kernel's own unit, as
 * precise-rules D1 allows. */
#include <stdlib.h>
#include <string.h>

#include "mvd/kernels/kernels.h"
#include "mvd/sched.h"

/* How far a boundary may move from the equal split, in blocks: an eighth
 * of a rank's blocks, so that no rank holds more than ceil(nb / P) + 2
 * slack of them, which the memory budget counts before the plan is built
 * (mvd_rows_max_states). */
static uint64_t slack(uint64_t nb, int ranks)
{
    return nb / ((uint64_t)ranks * 8);
}

uint64_t mvd_rows_max_states(const desc *d, int ranks)
{
    uint64_t nl;
    if (ranks < 1 || !d->nn || d->naut < 1)
        return d->nn;
    mvd_slice_group(d, &nl);
    uint64_t nb = d->nn / nl;
    uint64_t most = (nb / (uint64_t)ranks + (nb % (uint64_t)ranks != 0) +
                     2 * slack(nb, ranks)) * nl;
    return most < d->nn ? most : d->nn;
}

/* The first block of range q of P over the prefix sums pre[0..nb] (pre[b]
 * the cost of blocks 0..b-1): the boundary nearest to q/P of the total,
 * ties to the lower block, within slack() of the equal split. Monotone
 * in q. */
static uint64_t boundary(const uint64_t *pre, uint64_t nb, int q, int ranks)
{
    unsigned __int128 target = (unsigned __int128)pre[nb] * (unsigned)q;
    uint64_t lo = 0, hi = nb;   /* the first b with ranks * pre[b] >= target */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if ((unsigned __int128)pre[mid] * (unsigned)ranks >= target)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo > 0) {
        unsigned __int128 above = (unsigned __int128)pre[lo] * (unsigned)ranks
                                  - target;
        unsigned __int128 below =
            target - (unsigned __int128)pre[lo - 1] * (unsigned)ranks;
        if (below <= above)
            lo--;
    }
    uint64_t even = split_start(nb, (uint64_t)q, (uint64_t)ranks);
    uint64_t s = slack(nb, ranks);
    if (lo + s < even)
        lo = even - s;
    if (lo > even + s)
        lo = even + s;
    return lo;
}

/* Term s's factors before the group, non-zeros by column (sl_term's
 * colptr and bycol, for slice_term_rows); their bytes. */
static size_t index_by_column(const mvd_plan *p, sl_term *s)
{
    int g = p->group;
    size_t bytes = 0;
    s->colptr = xcalloc((size_t)g + 1, sizeof *s->colptr);
    s->bycol = xcalloc((size_t)g + 1, sizeof *s->bycol);
    for (int m = 0; m < g; m++) {
        const desc_matrix *f = s->f[m];
        size_t *ptr = xcalloc((size_t)f->order + 1, sizeof *ptr);
        size_t *idx = xmalloc((f->nnz ? f->nnz : 1) * sizeof *idx);
        for (size_t k = 0; k < f->nnz; k++)
            ptr[f->e[k].col + 1]++;
        for (int c = 0; c < f->order; c++)
            ptr[c + 1] += ptr[c];
        size_t *next = xmalloc(((size_t)f->order + 1) * sizeof *next);
        memcpy(next, ptr, ((size_t)f->order + 1) * sizeof *next);
        for (size_t k = 0; k < f->nnz; k++)   /* ascending within a column */
            idx[next[f->e[k].col]++] = k;
        free(next);
        s->colptr[m] = ptr;
        s->bycol[m] = idx;
        bytes += ((size_t)f->order + 1 + f->nnz) * sizeof *idx;
    }
    return bytes;
}

/* Keeps only the fused AUNFs of blocks blo..bhi-1: the rank's plan holds
 * its own rows' work; the unfused terms get their index by column. */
static void keep_blocks(mvd_plan *p, uint64_t blo, uint64_t bhi)
{
    size_t from = p->jptr[blo], n = p->jptr[bhi] - from;
    memmove(p->fa, p->fa + from, n * sizeof *p->fa);
    p->fa = xrealloc(p->fa, (n ? n : 1) * sizeof *p->fa);
    for (uint64_t b = blo; b <= bhi; b++)
        p->jptr[b] -= from;
    p->bytes -= (p->nfa - n) * sizeof *p->fa;
    p->nfa = n;
    p->blo = blo;
    p->bhi = bhi;
    p->rows_cut = 1;
    for (size_t k = 0; k < p->nsl; k++)
        if (!p->sl[k].fused)
            p->bytes += index_by_column(p, &p->sl[k]);
}

/* What an unfused AUNF costs beyond its multiplications, in fused
 * multiplications: its scale (the functions of its elements, evaluated
 * for each AUNF), its indices, the loop over the last factor's rows.
 * Measured on Misto-like, whose 2 unfused functional terms have 483840
 * AUNFs of 6 multiplications: about 58 ns an AUNF, against 0.6 ns a
 * fused multiplication. With it, callgrind counts the products of its 2
 * ranks' rows at 194 and 196 M instructions, the whole's at 379 M. */
#define UNFUSED_AUNF_COST 90

/* cost[b], the prefix sums of the blocks' costs (b = 0 .. nb; cost[b]
 * the cost of blocks 0 .. b - 1), an unfused AUNF counted `extra` more. */
static uint64_t *prefix_costs(const mvd_plan *p, uint64_t extra)
{
    uint64_t *pre = xmalloc(((size_t)p->nblocks + 1) * sizeof *pre);
    mvd_slice_block_costs(p, extra, pre + 1);
    pre[0] = 0;
    for (uint64_t b = 0; b < p->nblocks; b++)
        pre[b + 1] += pre[b];
    return pre;
}

void mvd_plan_rows_offset(mvd_plan *p, uint64_t off)
{
    if (p->rows_cut && off <= p->blo * p->nl)
        p->yoff = off;
}

int mvd_plan_rows(mvd_plan *p, int ranks, int rank, uint64_t *lo,
                  uint64_t *mults)
{
    if (p->algo != MVD_SLICE || p->faithful || !p->jptr || p->rows_cut ||
        ranks < 1)
        return -1;
    uint64_t nb = p->nblocks;
    uint64_t *pre = prefix_costs(p, UNFUSED_AUNF_COST);   /* the cut */
    uint64_t *count = prefix_costs(p, 0);                 /* mults */
    uint64_t first = 0;
    for (int q = 0; q < ranks; q++) {
        uint64_t next = q + 1 == ranks ? nb : boundary(pre, nb, q + 1, ranks);
        lo[q] = first * p->nl;
        if (mults)
            mults[q] = count[next] - count[first];
        if (q == rank) {
            keep_blocks(p, first, next);
            p->mults = count[next] - count[first];
        }
        first = next;
    }
    lo[ranks] = nb * p->nl;
    free(pre);
    free(count);
    return 0;
}

int mvd_sched_rows_fill(mvd_sched *s, const desc *d, size_t max_bytes,
                        diag *dg)
{
    mvd_space none = {0};   /* a slice plan reads no state space */
    mvd_plan *p = mvd_plan_new(d, &none, MVD_SLICE, max_bytes, dg);
    if (!p)
        return -1;
    uint64_t *lo = xmalloc(((size_t)s->ranks + 1) * sizeof *lo);
    uint64_t *mults = xmalloc((size_t)s->ranks * sizeof *mults);
    int status = mvd_plan_rows(p, s->ranks, -1, lo, mults);
    if (status < 0)
        diag_error(dg, desc_loc(d), "--sched rows: the product has no "
                   "fused blocks to cut");
    else
        mvd_sched_set_rows(s, lo, mults);
    free(lo);
    free(mults);
    mvd_plan_free(p);
    return status;
}
