/* alloc.c — generations and the trivial and best-fit allocators
 * (precise-rules §1; notes §2.8). The schedulers that play them are in
 * thesis.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"

size_t *sched_edges_by_to(const sched_app *a)
{
    size_t n = a->batches.len, ne = a->edges.len;
    size_t *order = xmalloc((ne + 1) * sizeof *order);
    size_t *fill = xcalloc(n + 1, sizeof *fill);
    for (size_t e = 0; e < ne; e++)
        fill[a->edges.items[e].to + 1]++;
    for (size_t b = 0; b < n; b++)
        fill[b + 1] += fill[b];
    for (size_t e = 0; e < ne; e++)
        order[fill[a->edges.items[e].to]++] = e;
    free(fill);
    return order;
}

size_t sched_levels(const sched_app *a, size_t *level)
{
    size_t n = a->batches.len, levels = n ? 1 : 0;
    memset(level, 0, n * sizeof *level);
    /* Edges go forward (the reader checks it): by destination, the edges
     * into a batch come after every edge into its sources. */
    size_t *order = sched_edges_by_to(a);
    for (size_t k = 0; k < a->edges.len; k++) {
        const sched_edge *e = &a->edges.items[order[k]];
        if (level[e->from] + 1 > level[e->to])
            level[e->to] = level[e->from] + 1;
    }
    for (size_t b = 0; b < n; b++)
        if (level[b] + 1 > levels)
            levels = level[b] + 1;
    free(order);
    return levels;
}

size_t sched_trivial_next(const uint64_t *counts, size_t nups)
{
    size_t best = 0;
    for (size_t j = 1; j < nups; j++)
        if (counts[j] < counts[best])
            best = j;
    return best;
}

/* -------------------------------------------------------------- best-fit */

void sched_bestfit_init(sched_bestfit *b, size_t nups)
{
    b->nups = nups;
    b->tm = xcalloc(nups, sizeof *b->tm);
    b->tmc = 0;
}

void sched_bestfit_free(sched_bestfit *b)
{
    free(b->tm);
    b->tm = NULL;
}

void sched_bestfit_reset(sched_bestfit *b)
{
    memset(b->tm, 0, b->nups * sizeof *b->tm);
    b->tmc = 0;
}

/* The code computes, for each candidate j, tm2 = max(tm - c_j, 0) with
 * tm2_j = max(tm_j - c_j + 2c_j + p_j, 0), then Δ_j = max(tm2 + tmc2) -
 * max(tm + tmc). Rounding is monotone, so max over k != j of tm_k - c_j
 * is the largest other tm less c_j, and the whole Δ_j takes O(1) from the
 * two largest tm: the same operations on the same values, the same bits. */
/* fmax for numbers that are never NaN here, as glibc's fmax answers (the
 * first when they compare equal), inline: the libm call was a tenth of
 * the event model's time. */
static inline double larger(double x, double y)
{
    return x >= y ? x : y;
}

size_t sched_bestfit_next(sched_bestfit *b, const double *p, const double *c)
{
    size_t n = b->nups, top = 0;
    double second = -INFINITY;
    for (size_t k = 1; k < n; k++) {
        if (b->tm[k] > b->tm[top]) {
            second = b->tm[top];
            top = k;
        } else if (b->tm[k] > second) {
            second = b->tm[k];
        }
    }
    double before = b->tm[top] + b->tmc, best = INFINITY;
    size_t pick = 0;
    for (size_t j = 0; j < n; j++) {
        double others = j == top ? second : b->tm[top];
        double rest = n > 1 ? larger(others - c[j], 0) : 0;
        double mine = larger(b->tm[j] - c[j] + 2 * c[j] + p[j], 0);
        double delta = larger(rest, mine) + (c[j] + b->tmc) - before;
        if (delta < best) {
            best = delta;
            pick = j;
        }
    }
    double cp = c[pick];
    double mine = larger(b->tm[pick] - cp + 2 * cp + p[pick], 0);
    if (cp != 0)            /* else every other tm stays as it is */
        for (size_t k = 0; k < n; k++)
            b->tm[k] = larger(b->tm[k] - cp, 0);
    b->tm[pick] = mine;
    b->tmc += cp;
    return pick;
}
