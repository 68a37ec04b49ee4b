/* kernel.h — the simulation kernel's own state, shared by sim.c (the
 * processes, operations and scheduler) and match.c (which message goes
 * with which receive, and when). Not installed: simulators use sim.h. */
#ifndef PERFPIPE_SIM_KERNEL_H
#define PERFPIPE_SIM_KERNEL_H

#include <stddef.h>

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
    double bytes, tag;   /* tag NAN: none */
    double start, end;   /* microseconds */
} op_record;

typedef struct {
    int src;
    double bytes, tag, arrival;
} mail;   /* an eager message waiting for its receive */

typedef struct {
    int rank;
    uint32_t serial;     /* live while the sender's op has this serial */
} sender;   /* a plain send posted to a process, for its any_source receives */

typedef struct {
    double ready;        /* both sides posted: the later post time */
    int from, to;
} transfer;   /* a message between two nodes waiting for their links */

typedef struct {
    int active;
    sim_op_kind kind;
    int root;
    double bytes, posted;
    int phase, step;
    int line;
} collective;

typedef struct {
    double clock, compute, comm, idle;
    int state, queued;
    int armed;           /* listed in any_armed */
    pending op;
    collective coll;
    double recv_source, recv_tag;
    rng stream;
    VEC(op_record) ops;
    VEC(sender) senders; /* plain sends posted to this rank */
    VEC(mail) mailbox;
} proc;

struct sim {
    sim_options opt;
    const net_model *net;
    diag *d;
    const char *file;
    proc *procs;
    int *queue;          /* runnable ranks, a ring of nprocs slots */
    size_t head, count;
    VEC(int) any_armed;  /* ranks in a receive from any_source that may
                            have a message to take: only those can match */
    double *link_free;   /* per node, with procs_per_node */
    VEC(transfer) transfers;   /* matched, not yet given their links */
    int done, failed;
    uint64_t events;     /* operations so far, against opt.max_events */
    uint64_t messages, negative_sizes, negative_computes;
};

static inline int node_of(const sim *s, int rank)
{
    return rank / s->net->procs_per_node;
}

/* sim.c: a send and its receive complete together, now (links included);
 * a receive takes eager message m of its mailbox. */
void kernel_complete(sim *s, int from, int to);
void kernel_deliver(sim *s, int to, size_t m);

/* match.c */
/* A plain send of `rank` to b is pending: a candidate for b's receives
 * from any_source. */
void match_note_sender(sim *s, proc *b, int rank);
/* `to` may have a message for its receive from any_source. */
void match_arm(sim *s, int to);
/* A send and the receive that takes it pair up. */
void match_pair(sim *s, int from, int to);
/* Nothing can run: moves the earliest pending matches on; 0 when nothing
 * can move (a deadlock). */
int match_resolve_blocked(sim *s);

#endif
