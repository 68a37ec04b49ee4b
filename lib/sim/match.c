/* match.c — when the pending matches move on: the bound before which
 * nothing more can be posted, the receives from any_source resolved before
 * it (which message each takes is p2p.c's), and the links of
 * procs-per-node and the slots of backbone granted in simulated-time
 * order. See sim.h and formats/proto.md (Timing) for the rules. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim/fluid.h"
#include "sim/kernel.h"

/* A collective's send and its receive pair up. Between two nodes under
 * procs-per-node or backbone the message waits for the scheduler to grant the links in
 * simulated-time order (grant_links); otherwise it completes now. */
void match_pair(sim *s, int from, int to)
{
    if (!contended(s, from, to)) {
        kernel_complete(s, from, to);
        return;
    }
    pending *a = &s->cold[from].op, *b = &s->cold[to].op;
    transfer t = {fmax(a->posted, b->posted), from, to, 0, 0};
    a->kind = b->kind = PEND_MATCHED;
    VEC_PUSH(&s->transfers, t);
}

/* `to` has a receive from any_source and may have a message for it: the
 * next resolution looks at it. Receives without a candidate stay out of
 * the list, so a sweep costs what can match, not what waits. */
void match_arm(sim *s, int to)
{
    proc *b = &s->procs[to];
    if (b->armed || !(b->wild || b->probing == PROBING_ANY))
        return;
    b->armed = 1;
    VEC_PUSH(&s->any_armed, to);
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* With nothing runnable, every process that will post again waits for one
 * of the matches still to be made or for a message still to be given its
 * links, so nothing can be posted before
 *     bound = min(min over the waiting receives from any_source of
 *                 max(posted, its candidate's time),
 *                 min over the messages waiting for links of their ready time)
 * (computations being non-negative). A receive whose candidate is no later
 * than the bound has its earliest message in simulated time and takes it
 * (ties with a message posted later at the very same instant go to the
 * pending one); a message waiting for links whose ready time is no later
 * than the bound gets them. The others wait for the processes this frees.
 * The term that makes the bound always qualifies, so each sweep makes
 * progress. */
static double any_bound(sim *s)
{
    if (s->any_armed.len > 1)
        qsort(s->any_armed.items, s->any_armed.len, sizeof(int), compare_int);
    double bound = INFINITY;
    size_t keep = 0;
    for (size_t i = 0; i < s->any_armed.len; i++) {
        int to = s->any_armed.items[i];
        double posted = 0, t = p2p_any_candidate(s, to, &posted);
        if (isinf(t)) {
            s->procs[to].armed = 0;   /* stale, or nothing to take yet */
            continue;
        }
        s->any_armed.items[keep++] = to;
        bound = fmin(bound, fmax(t, posted));
    }
    s->any_armed.len = keep;
    for (size_t i = 0; i < s->transfers.len; i++)
        bound = fmin(bound, s->transfers.items[i].ready);
    return bound;
}

static void resolve_any_source(sim *s, double bound)
{
    size_t keep = 0;
    for (size_t i = 0; i < s->any_armed.len; i++) {
        int to = s->any_armed.items[i];
        double posted, t = p2p_any_candidate(s, to, &posted);
        proc *b = &s->procs[to];
        if (t > bound) {
            s->any_armed.items[keep++] = to;
            continue;
        }
        p2p_any_take(s, to);
        /* Its next receive from any_source, if it has one, with messages
         * to choose from: looked at again in the next sweep. */
        b->armed = (b->wild || b->probing == PROBING_ANY) && unexpected_live(b);
        if (b->armed)
            s->any_armed.items[keep++] = to;
    }
    s->any_armed.len = keep;
}

static int compare_transfer(const void *x, const void *y)
{
    const transfer *a = x, *b = y;
    if (a->ready != b->ready)
        return a->ready < b->ready ? -1 : 1;
    if (a->from != b->from)
        return a->from < b->from ? -1 : 1;
    return (a->to > b->to) - (a->to < b->to);
}

/* t[0 .. n) in compare_transfer's order. A collective's round makes
 * many transfers ready at one time, one from each rank or so: then they
 * are placed by sender (a counting sort, O(n + P)) and what is left, the
 * receivers of one sender, put in order by insertion; otherwise qsort. */
static void sort_transfers(const sim *s, transfer *t, size_t n)
{
    size_t i = 1, procs = (size_t)s->opt.nprocs;
    while (i < n && compare_transfer(&t[i - 1], &t[i]) <= 0)
        i++;
    if (i >= n)
        return;
    for (i = 1; i < n && t[i].ready == t[0].ready; i++)
        ;
    if (i < n || n < procs / 4) {
        qsort(t, n, sizeof *t, compare_transfer);
        return;
    }
    size_t *at = xcalloc(procs + 1, sizeof *at);
    transfer *out = xmalloc(n * sizeof *out);
    for (i = 0; i < n; i++)
        at[t[i].from + 1]++;
    for (size_t r = 0; r < procs; r++)
        at[r + 1] += at[r];
    for (i = 0; i < n; i++)
        out[at[t[i].from]++] = t[i];
    for (i = 1; i < n; i++) {
        transfer x = out[i];
        size_t j = i;
        for (; j > 0 && compare_transfer(&out[j - 1], &x) > 0; j--)
            out[j] = out[j - 1];
        out[j] = x;
    }
    memcpy(t, out, n * sizeof *t);
    free(out);
    free(at);
}

/* Links go to the messages ready no later than the bound, earliest ready
 * first (ties: lowest sender rank, then lowest receiver rank). */
static void grant_links(sim *s, double bound)
{
    VEC(transfer) now = {0};
    size_t keep = 0;
    for (size_t i = 0; i < s->transfers.len; i++) {
        transfer t = s->transfers.items[i];
        if (t.ready <= bound)
            VEC_PUSH(&now, t);
        else
            s->transfers.items[keep++] = t;
    }
    s->transfers.len = keep;
    sort_transfers(s, now.items, now.len);
    for (size_t i = 0; i < now.len; i++) {
        const transfer *t = &now.items[i];
        if (s->fluid)
            flows_start(s, t);
        else if (t->sid)
            p2p_transfer(s, t->from, t->sid, t->to, t->rid);
        else
            kernel_complete(s, t->from, t->to);
    }
    free(now.items);
}

/* Nothing can run: moves the earliest pending matches on. Returns 0 when
 * nothing can move (a deadlock). */
int match_resolve_blocked(sim *s)
{
    double bound = any_bound(s);
    /* The fluid model's flows end, or enter their bandwidth, at its next
     * event: no later than the bound, it comes first (it may free the
     * processes that post before the bound). The ends it moves through
     * only depend on the flows started, all of them at times no later. */
    if (s->fluid && fluid_flows(s->fluid) &&
        !(fluid_next(s->fluid) > bound)) {
        flows_step(s);   /* (NAN or INFINITY: an overflow it reports) */
        return 1;
    }
    if (isinf(bound))
        return 0;
    resolve_any_source(s, bound);
    grant_links(s, bound);
    return 1;
}
