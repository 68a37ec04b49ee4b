/* minmin.c — MinMin's choices (sched.h, sched_minmin) in O(R U log R +
 * n log U) for n tasks in R runs on U UPs: each UP orders the runs by
 * their time on it once, so its best run is the first not yet exhausted
 * (then the smallest run among those whose end rounds to the same); a
 * heap of the UPs by their best end gives the next choice. Past
 * io->order_pairs runs x UPs (4 bytes each), a UP's best run is found by
 * scanning the runs instead: O(R) a choice, no order kept. The choices,
 * ties and all, are those of the direct scan of every (run, UP) pair per
 * task, which test_sched keeps as the reference. */
#include <math.h>
#include <stdlib.h>

#include "common/heap.h"
#include "sched/sched.h"

typedef struct {
    double end;
    uint32_t run, up;
} candidate;

/* The scan's order: the least end, then the first run, then the first UP. */
static int first_candidate(const void *unused, const candidate *x,
                           const candidate *y)
{
    (void)unused;
    if (x->end != y->end)
        return x->end < y->end;
    if (x->run != y->run)
        return x->run < y->run;
    return x->up < y->up;
}

HEAP_DEFINE(cand_heap, candidate, const void *, first_candidate)

typedef struct {
    double time;
    uint32_t run;
} keyed;

/* By time, NaN last (never chosen), then by run. */
static int by_time(const void *x, const void *y)
{
    const keyed *a = x, *b = y;
    int an = isnan(a->time), bn = isnan(b->time);
    if (an != bn)
        return an - bn;
    if (!an && a->time != b->time)
        return a->time < b->time ? -1 : 1;
    return a->run < b->run ? -1 : a->run > b->run;
}

typedef struct {
    size_t runs;
    uint64_t *left;             /* [runs] tasks not yet taken */
    uint32_t *order;            /* [ups][runs] each UP's runs by time,
                                   or NULL: scan the runs */
    size_t *head;               /* [ups] its first run maybe not exhausted */
    const double *avail;
    const sched_minmin_io *io;
} minmin;

/* UP k's best choice now: the least end avail + time over the runs left
 * (finite: an infinite or NaN end is never chosen), and among the runs of
 * that same end the first. Rounding is monotone, so they follow the first
 * in k's order. 0 when k has none. */
static int best_of(minmin *m, size_t k, candidate *out)
{
    if (!m->order) {
        double end = INFINITY;
        for (size_t r = 0; r < m->runs; r++) {
            double e = m->left[r] ? m->avail[k] + m->io->time(m->io->ctx, r, k)
                                  : INFINITY;
            if (e < end) {
                end = e;
                *out = (candidate){end, (uint32_t)r, (uint32_t)k};
            }
        }
        return end < INFINITY;
    }
    const uint32_t *order = m->order + k * m->runs;
    size_t *h = &m->head[k];
    while (*h < m->runs && !m->left[order[*h]])
        (*h)++;
    if (*h == m->runs)
        return 0;
    double end = m->avail[k] + m->io->time(m->io->ctx, order[*h], k);
    if (!(end < INFINITY))
        return 0;
    uint32_t run = order[*h];
    for (size_t j = *h + 1; j < m->runs; j++) {
        uint32_t r = order[j];
        if (!m->left[r])
            continue;
        if (m->avail[k] + m->io->time(m->io->ctx, r, k) != end)
            break;
        if (r < run)
            run = r;
    }
    *out = (candidate){end, run, (uint32_t)k};
    return 1;
}

void sched_minmin(size_t runs, const uint64_t *count, size_t ups,
                  double *avail, const sched_minmin_io *io)
{
    if (!runs || !ups)
        return;
    int ordered = (double)runs * (double)ups <= (double)io->order_pairs;
    minmin m = {runs, xmalloc(runs * sizeof *m.left),
                ordered ? xmalloc(runs * ups * sizeof *m.order) : NULL,
                xcalloc(ups, sizeof *m.head), avail, io};
    keyed *row = xmalloc(runs * sizeof *row);
    for (size_t r = 0; r < runs; r++)
        m.left[r] = count[r];
    for (size_t k = 0; ordered && k < ups; k++) {
        for (size_t r = 0; r < runs; r++)
            row[r] = (keyed){io->time(io->ctx, r, k), (uint32_t)r};
        qsort(row, runs, sizeof *row, by_time);
        for (size_t r = 0; r < runs; r++)
            m.order[k * runs + r] = row[r].run;
    }
    free(row);
    VEC(candidate) heap = {0};
    candidate c;
    for (size_t k = 0; k < ups; k++)
        if (best_of(&m, k, &c))
            cand_heap_push(&heap.items, &heap.len, &heap.cap, c, NULL);
    /* A UP's entry is stale only when its run ran out (its avail changes
     * only when it is chosen, and then it is taken out): its best then
     * comes later in the order, so it is put back where it now goes. */
    while (heap.len) {
        c = cand_heap_pop(heap.items, &heap.len, NULL);
        if (m.left[c.run]) {
            io->take(io->ctx, c.run, c.up);
            m.left[c.run]--;
            avail[c.up] += io->time(io->ctx, c.run, c.up);
        }
        if (best_of(&m, c.up, &c))
            cand_heap_push(&heap.items, &heap.len, &heap.cap, c, NULL);
    }
    free(heap.items);
    free(m.left);
    free(m.order);
    free(m.head);
}
