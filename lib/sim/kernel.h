/* kernel.h — the simulation kernel's own state, shared by sim.c (the
 * processes, operations and scheduler) and match.c (which message goes
 * with which receive, and when). Not installed: simulators use sim.h. */
#ifndef PERFPIPE_SIM_KERNEL_H
#define PERFPIPE_SIM_KERNEL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "sim/sim.h"

enum { P_RUNNABLE, P_BLOCKED, P_DONE };
/* PEND_MATCHED: a send and its receive paired, waiting for the links
 * between their nodes (procs-per-node) in simulated-time order. */
enum { PEND_NONE, PEND_SEND, PEND_RECV, PEND_MATCHED };

typedef struct {
    int kind;            /* PEND_* */
    int coll;            /* a collective's message: matches only those */
    int partner;         /* destination, source or SIM_ANY_SOURCE */
    double bytes, tag;
    double posted;       /* clock when posted, microseconds */
    uint32_t serial;     /* tells a stale entry of senders[] */
    int line;
} pending;

typedef struct {
    sim_op_kind kind;
    int partner;         /* -1: none */
    int done;            /* its END is known: it may be written */
    int hidden;          /* for the trace only: a blocking operation's
                            wait, which the timeline does not show */
    double bytes, tag;   /* tag NAN: none */
    double start, end;   /* microseconds */
} op_record;

/* A process's op records not yet written (timeline.c), a ring: each is
 * written once it and every earlier one of its process are done, so this
 * holds only the process's operations still in flight (its requests not
 * yet complete, and what it did after starting them). */
typedef struct {
    op_record *items;
    uint32_t cap, head, len;   /* cap: a power of two, or 0 */
    uint64_t first;            /* the record number of items[head] */
} op_window;

/* A point-to-point request (p2p.c): a nonblocking send or receive, or
 * the one a blocking send or receive waits for at once. */
enum { REQ_FREE, REQ_POSTED, REQ_MATCHED, REQ_DONE };
/* proc.probing: no probe waiting, one from a named source, one from
 * any_source (probe.state REQ_POSTED, and its partner). */
enum { PROBING_NONE, PROBING_NAMED, PROBING_ANY };

typedef struct {
    unsigned char state; /* REQ_*; REQ_MATCHED: waiting for links */
    unsigned char send;  /* a send, else a receive */
    int partner;         /* send: destination; receive: source, or
                            SIM_ANY_SOURCE until matched */
    int tag;             /* send: its tag; receive: SIM_ANY_TAG until matched */
    int line;
    double bytes;
    double posted;       /* clock when started, microseconds */
    double start, cost, end;   /* its transfer, as this side counts it:
                                  communication from start for cost, done
                                  at end */
    size_t rec;          /* its op record, SIZE_MAX: none */
} request;   /* 64 bytes: one cache line when the process holds it */

typedef struct {
    int src, id;         /* id: the sender's request; 0: eager, sent;
                            src and id -1: taken (unexpected.c) */
    int tag;
    double bytes;
    double time;         /* rendezvous: posted; eager: arrival */
    uint64_t seq;        /* increasing in post order (unexpected.c) */
} message;   /* a send that no receive has taken yet, at its receiver */

/* A process's list (its requests, receives, unexpected messages, a
 * wait's ids) whose first N items live in the process itself: a blocking
 * program needs one of each at a time, which then costs no allocation of
 * its own and shares the cache lines of the process's other state (issue
 * 14: at P = 10^5 the separate blocks were a third of a message's cache
 * misses). items is NULL until the first push, then `first`, then a block
 * of its own once more than N are needed (PUSH_ONE, SMALL_FREE). `first`
 * comes first, so that a request (64 bytes) can fill a line. */
#define SMALL_VEC(T, N) struct { T first[N]; T *items; uint32_t len, cap; }

typedef struct {
    unsigned char active;
    unsigned char explicit_wait;   /* a wait statement, recorded; else a
                                      blocking op */
    int line;
    double posted;
    SMALL_VEC(int, 2) ids;
    size_t rec;
} waiting;   /* 48 bytes */

typedef struct {
    double ready;        /* both sides posted: the later post time */
    int from, to;
    int sid, rid;        /* point-to-point: the two requests; 0: collective */
} transfer;   /* a message between two nodes waiting for their links */

typedef struct {
    transfer t;
    double alone;        /* its time alone: t_s + t_w d + the route's
                            latencies */
} in_flight;   /* a message moving as a flow of the fluid model (flows.c) */

typedef struct {
    sim_op_kind kind;    /* (whether one is under way: proc.coll_active) */
    int root;
    double bytes, posted;
    int phase, step;
    int line;
    int algo;            /* coll_algo; COLL_LINEAR: phase and step above */
    double source, tag;  /* the process's last receive's, kept across the
                            collective's own receives */
} collective;

/* A process: what a blocking message's steps touch, six cache lines (the
 * first request, receive, message and wait id included) from a 64-byte
 * aligned start; the rest is proc_cold, in an array of its own. At P =
 * 10^5 the processes' state is tens of megabytes, every message touches
 * two processes, and each line it touches is a miss (layout only;
 * cachegrind's D1 misses per message are the measure); and a line that
 * is never touched is never faulted in either (the cold array's pages
 * stay unmapped in a blocking program: 19 MB at P = 10^5). */
typedef struct {
    _Alignas(64) double clock;
    double compute, comm, idle;
    int state, queued;
    int live;            /* requests not free */
    int wild;            /* receives from any_source not yet matched */
    int32_t waiting_sends;     /* its sends in others' unexpected lists */
    uint32_t unexpected_taken; /* taken ones in unexpected */
    uint32_t first_free;       /* no free request below this index */
    unsigned char coll_active; /* a collective under way: the scheduler's
                                  test each step (coll) */
    unsigned char probing;     /* PROBING_*: what probe is, where a
                                  message's steps can test it */
    unsigned char armed;       /* listed in any_armed */
    SMALL_VEC(request, 1) reqs;   /* by id - 1; its first: line 1 */
    waiting wait;                 /* with reqs' header: line 2 */
    op_window ops;                /* line 3 */
    SMALL_VEC(int, 2) recvs;      /* receives not yet matched, in post order */
    /* p2p.c: recvs, unexpected or the probe changed (a counter; the
     * any_source choice cached for it: proc_cold). */
    uint64_t changed;
    SMALL_VEC(message, 1) unexpected;   /* line 4: sends to this rank not
                                           yet taken, in post order, with
                                           the taken ones among them
                                           (unexpected.c) */
    struct by_time *by_time;   /* unexpected.c; NULL until needed */
    double recv_source, recv_tag;   /* line 5 */
    rng stream;          /* compute's draws */
} proc;

/* The rest of a process (sim.cold, by rank): what only collectives,
 * probes and receives from any_source touch. */
typedef struct {
    /* p2p.c: the any_source choice computed for version cached - 1 of
     * changed (0: none), so the bound and the resolution that follows
     * scan once. */
    uint64_t cached;
    size_t cached_m, cached_wild;
    collective coll;
    request probe;       /* a probe's selectors (state REQ_POSTED while it
                            waits), not a request of the process */
    uint64_t seen;       /* p2p.c: a scan's mark */
    pending op;          /* a collective's message */
    uint64_t colls;      /* coll_order.c: the collectives it has called */
} proc_cold;

/* The bytes of proc that a message's steps touch: sim_run prefetches
 * them for the next process. */
#define KERNEL_HOT_BYTES sizeof(proc)
/* Whole lines (_Alignas), so that every process starts a line (sim_new
 * aligns the array). */
_Static_assert(sizeof(proc) % 64 == 0, "proc is whole cache lines");
_Static_assert(offsetof(proc, reqs) == 64 && offsetof(proc, ops) == 192 &&
               offsetof(proc, unexpected) == 256 &&
               offsetof(proc, recv_source) == 320,
               "no hot item across two lines");

struct sim {
    sim_options opt;
    const net_model *net;
    diag *d;
    const char *file;
    proc *procs;         /* aligned, in procs_block */
    void *procs_block;
    proc_cold *cold;     /* by rank, as procs */
    int *queue;          /* runnable ranks, a ring of nprocs slots */
    size_t head, count;
    VEC(int) any_armed;  /* ranks with a receive from any_source that may
                            have a message to take: only those can match */
    uint64_t scan;       /* p2p.c: the current scan's mark */
    uint64_t next_seq;   /* unexpected.c: the next message's seq */
    double *link_free;   /* per node, with procs_per_node */
    double *backbone;    /* with net->backbone: when each slot becomes free,
                            in increasing order */
    VEC(transfer) transfers;   /* matched, not yet given their links */
    struct fluid *fluid; /* flows.c: with a topology, the flows sharing its
                            links; NULL: none */
    VEC(in_flight) flows;      /* by flow id (fluid.h) */
    uint32_t *ended;     /* flows_step's room */
    size_t ended_cap;
    int done, failed;
    uint64_t events;     /* operations so far, against opt.max_events */
    int looped;          /* some step ran a loop (sim_note_loop) */
    uint64_t messages, negative_sizes, negative_computes;
    uint64_t cost_size;  /* kernel_cost: the last size asked (its bits) */
    double cost;         /* and its net_cost */
    struct coll_order *order;     /* coll_order.c; NULL until a collective */
    struct timeline_stream *tl;   /* timeline.c; NULL: no timeline */
    struct trace_out *trace;      /* trace.c; NULL: no trace */
};

static inline int node_of(const sim *s, int rank)
{
    /* Without procs-per-node, each rank is a node of its own. */
    return s->net->procs_per_node > 0 ? rank / s->net->procs_per_node : rank;
}

/* Whether a rendezvous message from `from` to `to` contends for shared
 * resources (node links, backbone slots): then it waits for the scheduler
 * to grant them in simulated-time order (match.c). */
static inline int contended(const sim *s, int from, int to)
{
    return (s->link_free || s->backbone || s->fluid) &&
           node_of(s, from) != node_of(s, to);
}

/* net_cost of a message of `bytes`: the last size's cost again when the
 * size is the same (bit for bit, so -0 is not 0), as it is for most
 * messages of a program; net_cost walks the model's regimes, about 30
 * instructions a message with the default model (callgrind). */
static inline double kernel_cost(sim *s, double bytes)
{
    uint64_t bits;
    memcpy(&bits, &bytes, sizeof bits);
    if (bits != s->cost_size) {
        s->cost_size = bits;
        s->cost = net_cost(s->net, bytes);
    }
    return s->cost;
}

/* sim.c */
/* A collective's send and receive complete together, now (links
 * included). */
void kernel_complete(sim *s, int from, int to);
/* They complete together, the message moving from start for cost,
 * ending at end (a flow of the fluid model: end - start may exceed the
 * message's own cost). */
void kernel_complete_at(sim *s, int from, int to, double start, double cost,
                        double end);
/* kernel_link_start for a contended message. */
double kernel_link_wait(sim *s, int from, int to, double start, double cost);
/* The start of a message between from and to ready at `start`, after the
 * links of procs-per-node (which it then occupies for `cost`). */
static inline double kernel_link_start(sim *s, int from, int to, double start,
                                       double cost)
{
    /* (Inline: without procs-per-node or a backbone, every message's
     * case, a test.) */
    return contended(s, from, to) ? kernel_link_wait(s, from, to, start, cost)
                                  : start;
}
/* The slow halves of the checks below: they report and return 0 / -1. */
int kernel_too_many_events(sim *s, int rank, int line);
int kernel_bad_rank(sim *s, int rank, double other, const char *what,
                    int line);
int kernel_infinite_time(sim *s, int rank, int line, double t,
                         const char *what, double amount, const char *unit);
double kernel_odd_size(sim *s, int rank, int line, double bytes);

/* The checks and the queue of every message, inline: a blocking message
 * passes them about ten times, and calls across files were 10 % of a
 * streamed ring's time (issue 14). */

/* One more operation of `rank`; 0 after reporting that the run has
 * reached --max-events (an endless loop that communicates, or computes,
 * would otherwise run forever or keep records until memory runs out). */
static inline int kernel_count_event(sim *s, int rank, int line)
{
    if (++s->events <= s->opt.max_events)
        return 1;
    return kernel_too_many_events(s, rank, line);
}

/* `other` as the rank of another process, or -1 after reporting why it is
 * not one. */
static inline int kernel_check_rank(sim *s, int rank, double other,
                                    const char *what, int line)
{
    if (other >= 0 && other < s->opt.nprocs && other == (double)(int)other &&
        other != rank)
        return (int)other;
    return kernel_bad_rank(s, rank, other, what, line);
}

/* Simulated times stay finite: 0 after reporting that `what` takes the
 * clock to `t` (an overflow: huge times, sizes or network costs). */
static inline int kernel_finite_time(sim *s, int rank, int line, double t,
                                     const char *what, double amount,
                                     const char *unit)
{
    if (isfinite(t))
        return 1;
    return kernel_infinite_time(s, rank, line, t, what, amount, unit);
}

/* A message size: a negative one counts as 0 bytes (and is counted); one
 * that is not finite is an error, reported, and the result is -1. */
static inline double kernel_checked_size(sim *s, int rank, int line,
                                         double bytes)
{
    if (bytes >= 0 && isfinite(bytes))
        return bytes;
    return kernel_odd_size(s, rank, line, bytes);
}

static inline void kernel_runnable(sim *s, int rank)
{
    proc *p = &s->procs[rank];
    p->state = P_RUNNABLE;
    if (p->queued)
        return;
    p->queued = 1;
    size_t at = s->head + s->count++;
    if (at >= (size_t)s->opt.nprocs)
        at -= (size_t)s->opt.nprocs;
    s->queue[at] = rank;
}

/* Room for one more item in a SMALL_VEC of a process, then the item: its
 * own items first, then a block that doubles (a blocking program needs one
 * request and one message at a time per process, and 10^7 processes are
 * run; issue 14: eight of each took 1.5 KB per process). */
static inline void small_grow(void **items, uint32_t *cap, void *first,
                              size_t size, uint32_t n)
{
    if (!*items) {
        *items = first;
        *cap = n;
        return;
    }
    if (*cap > UINT32_MAX / 2)
        out_of_memory();
    uint32_t c = 2 * *cap;
    if (*items == first) {
        void *fresh = xmalloc((size_t)c * size);
        memcpy(fresh, first, (size_t)*cap * size);
        *items = fresh;
    } else {
        *items = xrealloc(*items, (size_t)c * size);
    }
    *cap = c;
}

#define PUSH_ONE(vec, value)                                                  \
    do {                                                                      \
        if ((vec)->len == (vec)->cap)                                         \
            small_grow((void **)&(vec)->items, &(vec)->cap, (vec)->first,     \
                       sizeof *(vec)->items,                                  \
                       sizeof (vec)->first / sizeof *(vec)->items);           \
        (vec)->items[(vec)->len++] = (value);                                 \
    } while (0)

#define SMALL_FREE(vec)                                                       \
    do {                                                                      \
        if ((vec)->items != (vec)->first)                                     \
            free((vec)->items);                                               \
    } while (0)

/* unexpected.c */
/* The messages of b not yet taken. */
static inline size_t unexpected_live(const proc *b)
{
    return b->unexpected.len - b->unexpected_taken;
}
/* The slow halves of the two below: b's last message into its heap by
 * time; b's taken messages swept out. */
void unexpected_index(proc *b);
void unexpected_sweep(proc *b);

/* Queues message m (from m.src) at b, last in post order. (Inline, as
 * unexpected_take: each is once a message.) */
static inline void unexpected_push(sim *s, proc *b, message m)
{
    m.seq = s->next_seq++;
    PUSH_ONE(&b->unexpected, m);
    s->procs[m.src].waiting_sends++;
    b->changed++;
    if (b->by_time)
        unexpected_index(b);
}

/* The message at index k of b's unexpected is taken: a hole (src -1),
 * those at the end dropped, and all of them swept out when they outnumber
 * the messages. Indices of later messages may change. */
static inline void unexpected_take(sim *s, proc *b, size_t k)
{
    message *m = &b->unexpected.items[k];
    s->procs[m->src].waiting_sends--;
    m->src = m->id = -1;
    b->unexpected_taken++;
    b->changed++;
    while (b->unexpected.len &&
           b->unexpected.items[b->unexpected.len - 1].src < 0) {
        b->unexpected.len--;
        b->unexpected_taken--;
    }
    if (b->unexpected_taken > 8 &&
        2 * (size_t)b->unexpected_taken > b->unexpected.len)
        unexpected_sweep(b);
}
/* Of b's messages, the earliest in simulated time (ties: eager first,
 * then lowest sender): its index when its sender has no other message
 * waiting anywhere (so that it is its sender's first here); SIZE_MAX when
 * that is not known (the caller scans) or there is none. */
size_t unexpected_earliest(sim *s, proc *b);
void unexpected_free(proc *b);

/* timeline.c */
/* A new op record of process p: its number, SIZE_MAX when op records are
 * not written (--summary). A record whose end is not NAN is done. */
size_t kernel_record(sim *s, proc *p, sim_op_kind kind, int partner,
                     double bytes, double tag, double start, double end);
/* The record of a blocking send or receive waited for by itself, which
 * nothing of p can follow before it completes: KERNEL_REC_LATE when it
 * may be written whole at completion by kernel_record_now (no other
 * record of p is waiting, and no trace wants its hidden wait after it),
 * else what kernel_record gives. */
#define KERNEL_REC_LATE (SIZE_MAX - 1)
static inline size_t kernel_record_late(sim *s, proc *p, sim_op_kind kind,
                                        int partner, double bytes, double tag,
                                        double start)
{
    /* (Inline: twice a message, its usual answer a test.) */
    if (s->tl && s->opt.keep_ops && !s->trace && !p->ops.len)
        return KERNEL_REC_LATE;
    return kernel_record(s, p, kind, partner, bytes, tag, start, NAN);
}
/* (Which kernel_record_now, in timeline_stream.h, writes complete.) */
/* A wait's record: shown in the timeline (a wait statement), or hidden,
 * for the trace only (a blocking operation's wait); SIZE_MAX when neither
 * wants it. */
size_t kernel_record_wait(sim *s, proc *p, int shown);
/* Record number `rec` of p, to be filled in before kernel_record_done. */
op_record *kernel_op(proc *p, size_t rec);
/* Record `rec` of p is done (its END known): written when its turn
 * comes. */
void kernel_record_done(sim *s, proc *p, size_t rec);
void timeline_free(struct timeline_stream *tl);

/* trace.c */
/* An op record, as the timeline writes it (each rank's in program
 * order). */
void trace_op(sim *s, int rank, const op_record *o);
/* The wait of p now done waited for the request from src to dst with
 * tag (one call per request), then trace_wait_done. */
void trace_wait_request(sim *s, proc *p, int src, int dst, int tag);
void trace_wait_done(sim *s, proc *p);
void trace_free(struct trace_out *t, int nprocs);

/* p2p.c */
static inline request *req_at(proc *p, int id)
{
    return &p->reqs.items[id - 1];
}

/* The tag of collectives' messages (coll.c): above every tag a program
 * may use, and not admitted by any_tag, so that they match only each
 * other, as MPI's collectives live in a context of their own. A taken
 * message (src -1, unexpected.c) is admitted by none. */
#define COLL_TAG (SIM_TAG_MAX + 1)

/* Whether receive (or probe) r admits a message from src with tag. */
static inline int admits(const request *r, int src, int tag)
{
    return src >= 0 && (r->partner == SIM_ANY_SOURCE || r->partner == src) &&
           (r->tag == SIM_ANY_TAG ? tag != COLL_TAG : r->tag == tag);
}

/* Whether a receive of b posted before position k (a receive from
 * any_source, or one waiting behind one) admits message m: then the
 * receive at k cannot take m yet. */
static inline int earlier_admits(proc *b, size_t k, const message *m)
{
    for (size_t i = 0; i < k; i++)
        if (admits(req_at(b, b->recvs.items[i]), m->src, m->tag))
            return 1;
    return 0;
}

/* The two requests of a point-to-point message transfer, now (after the
 * links granted it theirs). */
void p2p_transfer(sim *s, int from, int sid, int to, int rid);
/* Its two requests complete, the message moving from start for cost and
 * ending at end. */
void p2p_transfer_at(sim *s, int from, int sid, int to, int rid,
                     double start, double cost, double end);

/* any_source.c */
/* The choice to make now for `to`: its first receive from any_source
 * (*wild its position), or else its probe from any_source (*wild =
 * SIZE_MAX). The message's index in unexpected, SIZE_MAX: none. */
size_t p2p_any_choice(sim *s, int to, size_t *wild);
/* The message a receive from any_source of `to` would take now: its time,
 * INFINITY for none; *posted: that receive's post time. */
double p2p_any_candidate(sim *s, int to, double *posted);
/* p2p.c: that receive takes that message. */
void p2p_any_take(sim *s, int to);
/* p2p_report.c */
/* What process `rank`, blocked in a point-to-point wait, waits for. */
void p2p_describe(const sim *s, int rank, char *what, size_t size,
                  double *since, int *line);
/* At the end of process `rank`: fails if a request is still live. */
int p2p_check_end(sim *s, int rank);
/* The eager messages never received. */
size_t p2p_unreceived(const sim *s);
/* p2p.c */
/* A message of a collective's algorithm (coll.c): a send (to >= 0) or a
 * receive (from >= 0) under a tag no receive of the program admits,
 * always rendezvous, with no record of its own. Its request's id, 0 after
 * a failure. */
int p2p_coll_start(sim *s, int rank, int to, int from, double bytes,
                   int line);
/* Waits for those requests together (a round of the schedule). */
void p2p_coll_wait(sim *s, int rank, const int *ids, int n, int line);
void p2p_free(proc *p);

/* coll.c */
/* Starts process `rank`'s next round of its collective (not linear) and
 * returns 1, or returns 0 when it has none left. */
int coll_next(sim *s, int rank);

/* coll_order.c */
/* Process `rank` calls a collective: 1 when it is the one every other
 * process called (or will be asked to call) as the same call of its own,
 * else 0 after a runtime error that names both ranks and lines (root: 0
 * for a collective without one). */
int coll_order_check(sim *s, int rank, sim_op_kind kind, int root,
                     double bytes, int line);
void coll_order_free(struct coll_order *o);

/* flows.c: messages between nodes as flows of the fluid model (fluid.h)
 * over the model's topology. */
/* The links of the topology for s->opt.nprocs ranks: s->fluid. */
void flows_new(sim *s);
void flows_free(sim *s);
/* The message of transfer t starts, now, at t->ready. */
void flows_start(sim *s, const transfer *t);
/* The fluid model's next event happens: the messages that end then
 * complete. */
void flows_step(sim *s);

/* match.c */
/* `to` may have a message for its receive from any_source. */
void match_arm(sim *s, int to);
/* A collective's send and receive pair up. */
void match_pair(sim *s, int from, int to);
/* Nothing can run: moves the earliest pending matches on; 0 when nothing
 * can move (a deadlock). */
int match_resolve_blocked(sim *s);

#endif
