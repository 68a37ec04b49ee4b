/* unexpected.c — a receiver's unexpected messages: the sends to it that no
 * receive has taken yet, kept in post order for MPI's matching (p2p.c),
 * and, for receives from any_source, by simulated time.
 *
 * Issue 14: a receive from any_source scanned every waiting message, and
 * taking one moved the ones after it, so a manager with 10^4 workers cost
 * O(P) per message (50 k messages per CPU-second). Here a taken message
 * only becomes a hole (src -1), swept out when holes outnumber messages,
 * and a heap by (time, eager first, sender, seq) gives the earliest
 * message in O(log n); it is built the first time a receive from
 * any_source asks, so programs without one never pay for it. The heap's
 * entries are dropped lazily: one whose message was taken is skipped when
 * it comes to the top, and the heap is rebuilt when such entries
 * outnumber the messages. */
#include <stdlib.h>
#include <string.h>

#include "common/heap.h"
#include "sim/kernel.h"

typedef struct {
    double time;
    int rendezvous;      /* 0: eager, which comes first at equal times */
    int src;
    uint64_t seq;
    size_t at;           /* its index in unexpected, while no sweep */
    uint32_t sweeps;     /* the heap's sweeps when `at` was taken */
} by_time_key;

struct by_time {
    VEC(by_time_key) heap;
    uint32_t sweeps;     /* times unexpected was swept out since the heap
                            was made (its keys are no older) */
};

static int earlier(const proc *b, const by_time_key *x, const by_time_key *y)
{
    (void)b;
    if (x->time != y->time)
        return x->time < y->time;
    if (x->rendezvous != y->rendezvous)
        return x->rendezvous < y->rendezvous;
    if (x->src != y->src)
        return x->src < y->src;
    return x->seq < y->seq;
}

HEAP_DEFINE(key_heap, by_time_key, const proc *, earlier)

static void heap_add(proc *b, size_t at)
{
    const message *m = &b->unexpected.items[at];
    by_time_key k = {m->time, m->id != 0, m->src, m->seq, at,
                     b->by_time->sweeps};
    struct by_time *t = b->by_time;
    key_heap_push(&t->heap.items, &t->heap.len, &t->heap.cap, k, b);
}

/* The heap from the messages not taken. */
static void rebuild(proc *b)
{
    if (!b->by_time)
        b->by_time = xcalloc(1, sizeof *b->by_time);
    b->by_time->heap.len = 0;
    for (size_t i = 0; i < b->unexpected.len; i++)
        if (b->unexpected.items[i].src >= 0)
            heap_add(b, i);
}

void unexpected_index(proc *b)
{
    heap_add(b, b->unexpected.len - 1);
}

void unexpected_sweep(proc *b)
{
    size_t keep = 0;
    for (size_t i = 0; i < b->unexpected.len; i++)
        if (b->unexpected.items[i].src >= 0)
            b->unexpected.items[keep++] = b->unexpected.items[i];
    b->unexpected.len = (uint32_t)keep;
    b->unexpected_taken = 0;
    if (b->by_time)
        b->by_time->sweeps++;
}

/* The index of the message of key k, SIZE_MAX: swept out. Messages are
 * in seq order. */
static size_t find(const proc *b, const by_time_key *k)
{
    if (k->sweeps == b->by_time->sweeps)   /* then only holes at the end went */
        return k->at < b->unexpected.len &&
               b->unexpected.items[k->at].seq == k->seq ? k->at : SIZE_MAX;
    uint64_t seq = k->seq;
    size_t lo = 0, hi = b->unexpected.len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->unexpected.items[mid].seq < seq)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < b->unexpected.len && b->unexpected.items[lo].seq == seq
           ? lo : SIZE_MAX;
}

size_t unexpected_earliest(sim *s, proc *b)
{
    if (!b->by_time || b->by_time->heap.len > 2 * unexpected_live(b) + 16)
        rebuild(b);
    struct by_time *t = b->by_time;
    while (t->heap.len) {
        by_time_key top = t->heap.items[0];
        size_t i = find(b, &top);
        if (i == SIZE_MAX || b->unexpected.items[i].src < 0) {
            key_heap_pop(t->heap.items, &t->heap.len, b);
            continue;
        }
        /* Its sender's only waiting message is its first here. */
        return s->procs[top.src].waiting_sends == 1 ? i : SIZE_MAX;
    }
    return SIZE_MAX;
}

void unexpected_free(proc *b)
{
    SMALL_FREE(&b->unexpected);
    if (b->by_time)
        free(b->by_time->heap.items);
    free(b->by_time);
}
