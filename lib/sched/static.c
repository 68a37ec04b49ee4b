/* static.c — generations, the trivial and best-fit allocators, the
 * thesis's time model, and the static scheduler that plays them
 * (precise-rules §1; notes §2.8, §2.9). */
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

/* ------------------------------------------------------------- clock */

void sched_clock_init(sched_clock *k, size_t nups)
{
    k->nups = nups;
    k->done = xcalloc(nups, sizeof *k->done);
    sched_clock_reset(k, 0);
}

void sched_clock_free(sched_clock *k)
{
    free(k->done);
    k->done = NULL;
}

void sched_clock_reset(sched_clock *k, double start)
{
    for (size_t j = 0; j < k->nups; j++)
        k->done[j] = start;
    k->now = start;
    k->last = 0;
    k->second = start;
}

double sched_clock_end(const sched_clock *k)
{
    return fmax(k->now, k->done[k->last]);
}

void sched_clock_dispatch(sched_clock *k, size_t j, double p, double c,
                          double *send, double *finish)
{
    *send = k->now;
    k->now += c;
    k->done[j] = fmax(k->done[j], *send) + 2 * c + p;
    *finish = k->done[j];
    if (j != k->last && k->done[j] > k->done[k->last]) {
        k->second = k->done[k->last];
        k->last = j;
    } else if (j != k->last && k->done[j] > k->second) {
        k->second = k->done[j];
    }
}

size_t sched_bestfit_next(const sched_clock *k, const double *p,
                          const double *c)
{
    size_t best = 0;
    double best_end = INFINITY;
    for (size_t j = 0; j < k->nups; j++) {
        double others = j == k->last ? k->second : k->done[k->last];
        double mine = fmax(k->done[j], k->now) + 2 * c[j] + p[j];
        double end = fmax(others, mine);
        if (end < best_end) {
            best_end = end;
            best = j;
        }
    }
    return best;
}

/* ----------------------------------------------------------- static */

void sched_result_free(sched_result *r)
{
    free(r->tasks.items);
    free(r->generation_end);
    free(r->tasks_per_up);
    memset(r, 0, sizeof *r);
}

/* Every batch's task time on the reference UP; -1 after a diagnostic. */
static int task_times(const sched_app *a, const sched_platform *p,
                      double *t, diag *d, const char *file)
{
    for (size_t b = 0; b < a->batches.len; b++) {
        const sched_batch *bt = &a->batches.items[b];
        t[b] = sched_task_seconds(p, bt->type);
        if (t[b] < 0) {
            diag_error(d, (srcloc){file, bt->line, 0}, "task type L%llu of "
                       "batch %s has no time on the platform: add "
                       "'tasktime L%llu SECONDS' to it",
                       (unsigned long long)bt->type, bt->name,
                       (unsigned long long)bt->type);
            return -1;
        }
    }
    return 0;
}

/* The batches in dispatch order: generation by generation, batches in
 * increasing index within one (MATLAB: the ready columns, in order). */
static size_t *dispatch_order(const sched_app *a, const size_t *level,
                              size_t levels)
{
    size_t n = a->batches.len, *order = xmalloc((n + 1) * sizeof *order);
    size_t *start = xcalloc(levels + 1, sizeof *start);
    for (size_t b = 0; b < n; b++)
        start[level[b] + 1]++;
    for (size_t g = 0; g < levels; g++)
        start[g + 1] += start[g];
    for (size_t b = 0; b < n; b++)
        order[start[level[b]]++] = b;
    free(start);
    return order;
}

int sched_static(const sched_app *a, const sched_platform *p,
                 const sched_options *o, sched_result *r, diag *d,
                 const char *file)
{
    memset(r, 0, sizeof *r);
    size_t n = a->batches.len, nups = p->ups.len;
    if ((double)a->tasks * (double)nups > SCHED_MAX_WORK) {
        diag_error(d, (srcloc){file, 0, 0}, "%llu tasks on %zu UPs is past "
                   "the allocators' limit of %g task-UP pairs",
                   (unsigned long long)a->tasks, nups, SCHED_MAX_WORK);
        return -1;
    }
    double *t = xmalloc((n + 1) * sizeof *t);
    if (task_times(a, p, t, d, file) < 0) {
        free(t);
        return -1;
    }
    size_t *level = xmalloc((n + 1) * sizeof *level);
    r->generations = sched_levels(a, level);
    size_t *order = dispatch_order(a, level, r->generations);
    r->generation_end = xcalloc(r->generations + 1, sizeof *r->generation_end);
    r->tasks_per_up = xcalloc(nups, sizeof *r->tasks_per_up);

    double *c = xmalloc(nups * sizeof *c), *seen = xmalloc(nups * sizeof *seen),
           *real = xmalloc(nups * sizeof *real);
    for (size_t j = 0; j < nups; j++) {
        c[j] = p->ups.items[j].link;
        r->ideal_speedup += p->ups.items[j].real;
    }
    uint64_t *counts = xcalloc(nups, sizeof *counts);
    sched_clock plan, play;
    sched_clock_init(&plan, nups);
    sched_clock_init(&play, nups);
    size_t g = (size_t)-1;
    for (size_t k = 0; k < n; k++) {
        size_t b = order[k];
        const sched_batch *bt = &a->batches.items[b];
        if (level[b] != g) {          /* a new generation */
            if (g != (size_t)-1)
                r->generation_end[g] = sched_clock_end(&play);
            g = level[b];
            sched_clock_reset(&plan, 0);
            sched_clock_reset(&play, g ? r->generation_end[g - 1] : 0);
        }
        if (o->trivial_per_batch)
            memset(counts, 0, nups * sizeof *counts);
        for (size_t j = 0; j < nups; j++) {
            const sched_up *u = &p->ups.items[j];
            seen[j] = t[b] / (o->use_real_factors ? u->real : u->estimated);
            real[j] = t[b] / u->real;
        }
        r->sequential += (double)bt->m * t[b];
        for (uint64_t i = 0; i < bt->m; i++) {
            size_t j;
            if (o->alloc == SCHED_TRIVIAL) {
                j = sched_trivial_next(counts, nups);
            } else {
                double s, f;
                j = sched_bestfit_next(&plan, seen, c);
                sched_clock_dispatch(&plan, j, seen[j], c[j], &s, &f);
            }
            counts[j]++;
            r->tasks_per_up[j]++;
            sched_task task = {b, i, j, g, 0, 0};
            sched_clock_dispatch(&play, j, real[j], c[j], &task.send,
                                 &task.finish);
            VEC_PUSH(&r->tasks, task);
        }
    }
    if (g != (size_t)-1)
        r->generation_end[g] = sched_clock_end(&play);
    r->makespan = r->generations ? r->generation_end[r->generations - 1] : 0;
    sched_clock_free(&plan);
    sched_clock_free(&play);
    free(counts);
    free(c);
    free(seen);
    free(real);
    free(order);
    free(level);
    free(t);
    return 0;
}
