/* match.c — which message a receive takes, and when: the senders a
 * receive from any_source may take, the bound before which nothing more
 * can be posted, and the links of procs-per-node granted in simulated-time
 * order. See sim.h and formats/proto.md (Timing) for the rules. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "sim/kernel.h"

/* A send and its receive pair up. Between two nodes under procs-per-node
 * the message waits for the scheduler to grant the links in simulated-time
 * order (grant_links); otherwise it completes now. */
void match_pair(sim *s, int from, int to)
{
    if (!s->link_free || node_of(s, from) == node_of(s, to)) {
        kernel_complete(s, from, to);
        return;
    }
    pending *a = &s->procs[from].op, *b = &s->procs[to].op;
    transfer t = {fmax(a->posted, b->posted), from, to};
    a->kind = b->kind = PEND_MATCHED;
    VEC_PUSH(&s->transfers, t);
}

/* A send posted to b is a candidate for b's receives from any_source until
 * it is matched (its serial then moves on). Stale entries are dropped when
 * the list doubles, so it holds at most one live entry per sender. */
static int sender_live(const sim *s, const proc *b, sender e)
{
    const pending *op = &s->procs[e.rank].op;
    return op->serial == e.serial && op->kind == PEND_SEND && !op->coll &&
           &s->procs[op->partner] == b;
}

void match_note_sender(sim *s, proc *b, int rank)
{
    if (b->senders.len >= 16 && (b->senders.len & (b->senders.len - 1)) == 0) {
        size_t live = 0;
        for (size_t k = 0; k < b->senders.len; k++)
            if (sender_live(s, b, b->senders.items[k]))
                b->senders.items[live++] = b->senders.items[k];
        b->senders.len = live;
    }
    sender e = {rank, s->procs[rank].op.serial};
    VEC_PUSH(&b->senders, e);
}

static int waiting_any(const sim *s, int to)
{
    const pending *op = &s->procs[to].op;
    return op->kind == PEND_RECV && op->partner == SIM_ANY_SOURCE;
}

/* `to` waits in a receive from any_source and may have a message to take:
 * the next resolution looks at it. Receives without a candidate stay out
 * of the list, so a sweep costs what can match, not what waits. */
void match_arm(sim *s, int to)
{
    proc *b = &s->procs[to];
    if (b->armed || !waiting_any(s, to))
        return;
    b->armed = 1;
    VEC_PUSH(&s->any_armed, to);
}

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The message a receive from any_source of `to` would take now: the
 * pending send posted earliest (ties: lowest rank) or the eager message
 * arrived earliest (ties: lowest rank), the message when both are as
 * early. Sets *from (-1: none) or *mail_at (SIZE_MAX: none) and returns
 * the candidate's time, INFINITY when there is none. Drops stale senders. */
static double any_candidate(sim *s, int to, int *from, size_t *mail_at)
{
    proc *b = &s->procs[to];
    int best = -1;
    size_t live = 0;
    for (size_t k = 0; k < b->senders.len; k++) {
        sender e = b->senders.items[k];
        if (!sender_live(s, b, e))
            continue;   /* stale: matched already */
        b->senders.items[live++] = e;
        const pending *op = &s->procs[e.rank].op;
        if (best < 0 || op->posted < s->procs[best].op.posted ||
            (op->posted == s->procs[best].op.posted && e.rank < best))
            best = e.rank;
    }
    b->senders.len = live;
    size_t m_best = SIZE_MAX;
    for (size_t m = 0; m < b->mailbox.len; m++) {
        const mail *x = &b->mailbox.items[m];
        if (m_best == SIZE_MAX || x->arrival < b->mailbox.items[m_best].arrival
            || (x->arrival == b->mailbox.items[m_best].arrival &&
                x->src < b->mailbox.items[m_best].src))
            m_best = m;
    }
    double send_at = best < 0 ? INFINITY : s->procs[best].op.posted;
    double mail_time = m_best == SIZE_MAX ? INFINITY
                                          : b->mailbox.items[m_best].arrival;
    *from = -1;
    *mail_at = SIZE_MAX;
    if (m_best != SIZE_MAX && mail_time <= send_at) {
        *mail_at = m_best;
        return mail_time;
    }
    *from = best;
    return send_at;
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
        int to = s->any_armed.items[i], from;
        size_t mail_at;
        double t = waiting_any(s, to) ? any_candidate(s, to, &from, &mail_at)
                                      : INFINITY;
        if (isinf(t)) {
            s->procs[to].armed = 0;   /* stale, or nothing to take yet */
            continue;
        }
        s->any_armed.items[keep++] = to;
        bound = fmin(bound, fmax(t, s->procs[to].op.posted));
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
        int to = s->any_armed.items[i], from;
        size_t mail_at;
        double t = any_candidate(s, to, &from, &mail_at);
        if (t > bound) {
            s->any_armed.items[keep++] = to;
            continue;
        }
        s->procs[to].armed = 0;
        if (mail_at != SIZE_MAX)
            kernel_deliver(s, to, mail_at);
        else
            match_pair(s, from, to);
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
    if (now.len > 1)
        qsort(now.items, now.len, sizeof *now.items, compare_transfer);
    for (size_t i = 0; i < now.len; i++)
        kernel_complete(s, now.items[i].from, now.items[i].to);
    free(now.items);
}

/* Nothing can run: moves the earliest pending matches on. Returns 0 when
 * nothing can move (a deadlock). */
int match_resolve_blocked(sim *s)
{
    double bound = any_bound(s);
    if (isinf(bound))
        return 0;
    resolve_any_source(s, bound);
    grant_links(s, bound);
    return 1;
}
