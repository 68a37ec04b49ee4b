/* calibrate.c — a platform from a real run's trace (gstr-sched --run
 * --calibrate; sched.h): each (task type, UP) pair's mean time, as the
 * coordinator saw it, from the send of the copy that won to its result,
 * becomes the pair's `time` record, and each type's mean over every task
 * its `tasktime` (the reference UP is the mean worker). */
#include <math.h>
#include <stdlib.h>

#include "sched/sched.h"

typedef struct {
    double sum;
    uint64_t n;
} mean;

int sched_calibrate(const sched_app *a, sched_platform *p,
                    const sched_event_result *r, diag *d, const char *file)
{
    size_t nups = p->ups.len, nt = (size_t)r->tasks;
    /* The sends of each task, latest first, chained through prev. */
    size_t *head = xmalloc((nt + 1) * sizeof *head);
    size_t *prev = xmalloc((r->trace.len + 1) * sizeof *prev);
    size_t *batch = xmalloc((nt + 1) * sizeof *batch);
    for (size_t t = 0; t < nt; t++)
        head[t] = SIZE_MAX;
    for (size_t b = 0; b < a->batches.len; b++)
        for (uint64_t t = r->batch_first[b]; t < r->batch_first[b + 1]; t++)
            batch[t] = b;
    /* Types are few (a PASL names each): a dense table by type and UP. */
    size_t types = 0;
    uint64_t *type_of = xmalloc((a->batches.len + 1) * sizeof *type_of);
    for (size_t b = 0; b < a->batches.len; b++) {
        size_t i = 0;
        while (i < types && type_of[i] != a->batches.items[b].type)
            i++;
        if (i == types)
            type_of[types++] = a->batches.items[b].type;
    }
    mean *pair = xcalloc(types * nups + 1, sizeof *pair);
    for (size_t i = 0; i < r->trace.len; i++) {
        const sched_trace *e = &r->trace.items[i];
        if (e->kind == SCHED_EV_DISPATCH || e->kind == SCHED_EV_REPLICA) {
            prev[i] = head[e->task];
            head[e->task] = i;
        } else if (e->kind == SCHED_EV_FINISH) {
            size_t s = head[e->task];
            while (s != SIZE_MAX && r->trace.items[s].up != e->up)
                s = prev[s];
            if (s == SIZE_MAX)
                continue;
            uint64_t type = a->batches.items[batch[e->task]].type;
            size_t ti = 0;
            while (type_of[ti] != type)
                ti++;
            pair[ti * nups + e->up].sum += e->time - r->trace.items[s].time;
            pair[ti * nups + e->up].n++;
        }
    }
    int status = 0;
    p->times.len = 0;
    for (size_t ti = 0; ti < types && status == 0; ti++) {
        mean all = {0, 0};
        for (size_t k = 0; k < nups; k++) {
            const mean *m = &pair[ti * nups + k];
            if (!m->n)
                continue;
            sched_time t = {type_of[ti], k, m->sum / (double)m->n, NAN};
            VEC_PUSH(&p->times, t);
            all.sum += m->sum;
            all.n += m->n;
        }
        if (!all.n) {     /* only when the run did not finish */
            diag_error(d, (srcloc){file, 0, 0}, "no task of type L%llu "
                       "finished: nothing to calibrate it by",
                       (unsigned long long)type_of[ti]);
            status = -1;
            break;
        }
        double seconds = all.sum / (double)all.n;
        size_t j = 0;
        while (j < p->tasktimes.len && p->tasktimes.items[j].type != type_of[ti])
            j++;
        if (j == p->tasktimes.len) {
            sched_tasktime tt = {type_of[ti], seconds};
            VEC_PUSH(&p->tasktimes, tt);
        } else {
            p->tasktimes.items[j].seconds = seconds;
        }
    }
    sched_sort_times(p);
    free(pair);
    free(type_of);
    free(batch);
    free(prev);
    free(head);
    return status;
}
