/* any_source.c — which message a receive or probe from any_source takes
 * (MPI 4.0 §3.5, as p2p.c says): of the messages it admits that no
 * earlier receive may take, each sender's first, the earliest in simulated
 * time. Decided when no process can run (match.c), apart from p2p.c,
 * which moves the messages once it is decided. */
#include <math.h>
#include <stdint.h>

#include "sim/kernel.h"

/* Position of b's first receive from any_source, SIZE_MAX: none. */
static size_t first_wild(proc *b)
{
    if (!b->wild)
        return SIZE_MAX;
    for (size_t k = 0; k < b->recvs.len; k++)
        if (req_at(b, b->recvs.items[k])->partner == SIM_ANY_SOURCE)
            return k;
    return SIZE_MAX;
}

/* The message a receive (or probe) from any_source w of `to`, at position
 * k of its receives, would take: of the messages w admits that no earlier
 * receive may take, each sender's first, the earliest in simulated time
 * (ties: an eager message before a pending send, then the lowest rank).
 * Its index in unexpected, or SIZE_MAX. */
static size_t choice(sim *s, int to, const request *w, size_t k)
{
    proc *b = &s->procs[to];
    if (k == 0 && w->tag == SIM_ANY_TAG) {
        /* No earlier receive, every message but a collective's admitted:
         * the earliest message in time, in O(log n), when its sender's
         * first and a program's. */
        size_t m = unexpected_earliest(s, b);
        if (m != SIZE_MAX && admits(w, b->unexpected.items[m].src,
                                    b->unexpected.items[m].tag))
            return m;   /* (a collective's message is not: the scan) */
    }
    size_t best = SIZE_MAX;
    uint64_t mark = ++s->scan;
    for (size_t i = 0; i < b->unexpected.len; i++) {
        const message *m = &b->unexpected.items[i];
        if (!admits(w, m->src, m->tag) || s->cold[m->src].seen == mark)
            continue;
        s->cold[m->src].seen = mark;
        if (earlier_admits(b, k, m))
            continue;
        if (best == SIZE_MAX)
            best = i;
        const message *o = &b->unexpected.items[best];
        if (m->time < o->time ||
            (m->time == o->time && ((m->id == 0 && o->id != 0) ||
                                    ((m->id == 0) == (o->id == 0) &&
                                     m->src < o->src))))
            best = i;
    }
    return best;
}

size_t p2p_any_choice(sim *s, int to, size_t *wild)
{
    proc *b = &s->procs[to];
    proc_cold *c = &s->cold[to];
    if (c->cached == b->changed + 1) {
        *wild = c->cached_wild;
        return c->cached_m;
    }
    size_t k = *wild = first_wild(b), m = SIZE_MAX;
    if (k != SIZE_MAX)
        m = choice(s, to, req_at(b, b->recvs.items[k]), k);
    if (m == SIZE_MAX && b->probing == PROBING_ANY) {
        *wild = SIZE_MAX;
        m = choice(s, to, &c->probe, b->recvs.len);
    }
    c->cached = b->changed + 1;
    c->cached_m = m;
    c->cached_wild = *wild;
    return m;
}

double p2p_any_candidate(sim *s, int to, double *posted)
{
    size_t wild, m = p2p_any_choice(s, to, &wild);
    if (m == SIZE_MAX)
        return INFINITY;
    proc *b = &s->procs[to];
    *posted = wild == SIZE_MAX ? s->cold[to].probe.posted
                               : req_at(b, b->recvs.items[wild])->posted;
    return b->unexpected.items[m].time;
}
