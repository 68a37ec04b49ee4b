/* coll_order.c — every process calls the same collectives in the same
 * order, with the same root and size (formats/proto.md, "Collectives"),
 * checked as MPI correctness checkers do: each process numbers its
 * collective calls, the first process to make call k keeps what it was,
 * and each other process's call k is compared with it. Without the check
 * a barrier on one rank and an all_reduce on the others match each other
 * under the linear schedules and deadlock under others, so whether a
 * program runs would depend on --coll.
 *
 * The calls are kept from the first process's call k until every process
 * has made its own: a ring of the calls not yet made by all, as long as
 * the distance between the first and the last process (collectives'
 * messages are rendezvous, so that distance stays small). */
#include <stdlib.h>
#include <string.h>

#include "sim/coll.h"
#include "sim/kernel.h"
#include "sim/timeline_core.h"   /* timeline_kinds */

typedef struct {
    sim_op_kind kind;
    int root, rank, line;   /* rank, line: the first process to call it */
    double bytes;
    int calls;              /* processes that made it so far */
} coll_call;

struct coll_order {
    coll_call *ring;
    size_t head, len, cap;   /* call `first` is at ring[head] */
    uint64_t first;          /* the oldest call some process has not made */
};

/* "bcast from root 1 of 8 bytes", "barrier". */
static void describe(char *buf, size_t size, const coll_call *c)
{
    int n = snprintf(buf, size, "%s", timeline_kinds[c->kind]);
    if (n < 0 || (size_t)n >= size)
        return;
    if (coll_rooted(c->kind))
        n += snprintf(buf + n, size - (size_t)n, " from root %d", c->root);
    if (c->kind != SIM_OP_BARRIER && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, " of %.17g bytes", c->bytes);
}

static coll_call *call_at(struct coll_order *o, uint64_t k)
{
    return &o->ring[(o->head + (size_t)(k - o->first)) % o->cap];
}

/* Makes room for one more call at the ring's end. */
static void grow(struct coll_order *o)
{
    if (o->len < o->cap)
        return;
    size_t cap = o->cap ? 2 * o->cap : 16;
    coll_call *ring = xmalloc(cap * sizeof *ring);
    for (size_t i = 0; i < o->len; i++)
        ring[i] = o->ring[(o->head + i) % o->cap];
    free(o->ring);
    o->ring = ring;
    o->head = 0;
    o->cap = cap;
}

int coll_order_check(sim *s, int rank, sim_op_kind kind, int root,
                     double bytes, int line)
{
    if (!s->order)
        s->order = xcalloc(1, sizeof *s->order);
    struct coll_order *o = s->order;
    uint64_t k = s->cold[rank].colls++;
    coll_call mine = {kind, root, rank, line,
                      kind == SIM_OP_BARRIER ? 0 : bytes, 1};
    if (k - o->first >= o->len) {   /* the first process to make call k */
        grow(o);
        *call_at(o, o->first + o->len) = mine;
        o->len++;
    } else {
        coll_call *c = call_at(o, k);
        if (c->kind != mine.kind || c->root != mine.root ||
            c->bytes != mine.bytes) {
            char a[96], b[96];
            describe(a, sizeof a, &mine);
            describe(b, sizeof b, c);
            sim_fail(s, rank, line, "collective call %llu is %s, but rank "
                     "%d's (line %d) is %s: every process must call the "
                     "same collectives in the same order, with the same "
                     "root and size", (unsigned long long)k + 1, a, c->rank,
                     c->line, b);
            return 0;
        }
        c->calls++;
    }
    /* Calls every process has made are let go. */
    while (o->len && o->ring[o->head].calls == s->opt.nprocs) {
        o->head = (o->head + 1) % o->cap;
        o->len--;
        o->first++;
    }
    return 1;
}

void coll_order_free(struct coll_order *o)
{
    if (o)
        free(o->ring);
    free(o);
}
