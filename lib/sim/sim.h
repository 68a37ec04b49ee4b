/* sim.h — the simulation kernel of netsim and of the simulators proto2c
 * generates (seed 002, Piola 2002, ch. 5; formats/timeline.md).
 *
 * P simulated processes, each with its own clock in microseconds, run a
 * program given as a step function: the kernel calls it for a process, the
 * process runs until it posts a blocking operation (send, receive,
 * collective) or ends. Computation only advances the local clock.
 *
 * Timing rule (notes §4.5, verified against every published table): a send
 * and its receive complete together at
 *     max(t_send_posted, t_recv_posted) + t_s(d) + t_w(d)·d
 * on both clocks. A nonblocking send or receive completes at the same
 * instant, and the wait for it at the later of its own start and that
 * instant: a blocking operation is its nonblocking one waited for at once.
 * Messages match as MPI's do: by source and tag, in the order each
 * process posted them (p2p.c). Point-to-point pairs naming each other match as soon as
 * both are posted; a receive from any_source takes the message posted
 * earliest in simulated time (ties: lowest rank), resolved when no process
 * can run and nothing earlier can be posted any more (match.c,
 * resolve_any_source). Collectives are by default linear, root-serial
 * schedules in ascending rank order, made of point-to-point messages that
 * only match each other; the model may select other algorithms (coll.h).
 *
 * The network model (formats/net-model.md) is kept apart from the kernel:
 * the kernel asks it the cost of a message. */
#ifndef PERFPIPE_SIM_H
#define PERFPIPE_SIM_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "common/common.h"

/* ------------------------------------------------------ network models */

typedef enum { NET_LE, NET_LT, NET_ANY } net_bound_kind;

/* bcast, gather, scatter, reduce, all_gather, all_to_all, all_reduce,
 * barrier: the collectives, whose algorithm a model may select. */
#define SIM_COLL_KINDS 8

typedef struct {
    net_bound_kind bound;   /* sizes d <= limit, d < limit, or any size */
    double limit;           /* bytes */
    double ts, tw;          /* microseconds, microseconds per byte */
} net_regime;

/* How a topology link is shared (SimGrid's sharing policies): one
 * capacity for both directions, one per direction, or none (each flow
 * may use the whole bandwidth). */
typedef enum { NET_SPLITDUPLEX, NET_SHARED, NET_FATPIPE } net_sharing;

typedef struct {
    double bandwidth;       /* bytes per microsecond (MB/s); 0: no link */
    double latency;         /* microseconds */
    net_sharing sharing;
} net_link;

/* A hop of an explicit route: a link of net_model.links, and which of a
 * splitduplex link's two directions it takes (SimGrid's link_ctn
 * direction); a shared or fatpipe link has one. */
typedef enum { NET_BOTH, NET_UP, NET_DOWN } net_direction;
typedef struct {
    uint32_t link;
    unsigned char dir;      /* net_direction */
} net_hop;

/* Hop h taken the other way: a splitduplex link's other direction (the
 * way back of a symmetric route, SimGrid's and net-model's alike). */
static inline net_hop net_hop_back(net_hop h)
{
    if (h.dir != NET_BOTH)
        h.dir = h.dir == NET_UP ? NET_DOWN : NET_UP;
    return h;
}

/* A route between two nodes: its hops in net_model.hops, from `from` to
 * `to`; a symmetric one is also the route back, its hops reversed and
 * each direction swapped (SimGrid's symmetrical="YES"). */
typedef struct {
    uint32_t from, to;
    uint32_t first, n;      /* hops[first .. first + n) */
    unsigned char symmetric;
    int line, col;          /* where it was given, for the diagnostics */
} net_route;

typedef struct {
    char *name;
    VEC(net_regime) regimes;   /* the first regime whose bound admits d */
    /* Opt-in extensions (0 = off). */
    double eager_limit;        /* sends of d <= eager_limit do not wait for
                                  the receiver; < 0: off */
    int eager_own;             /* 1: an eager send costs its sender
                                  eager_ts + eager_tw d (µs); 0: the
                                  message's cost */
    double eager_ts, eager_tw;
    int procs_per_node;        /* > 0: ranks share one link per node */
    int backbone;              /* > 0: at most this many messages between
                                  nodes at once (the slot model) */
    /* The topology (formats/net-model.md, "Topology"): with either link,
     * messages between nodes are flows sharing bandwidth max-min fairly
     * (fluid.h), and procs-per-node only groups ranks into nodes. */
    net_link host_link;        /* each node's own link to the backbone */
    net_link backbone_link;    /* crossed by every message between nodes */
    int fat_tree_hosts;        /* > 0: a two-level fat tree, this many
                                  nodes per leaf switch */
    int fat_tree_spines;       /* its top switches, each linked to every
                                  leaf by fat_tree_link */
    net_link fat_tree_link;
    /* Or an explicit topology (routes.c): named links and the routes
     * between nodes over them, SimGrid's routing="Full". */
    VEC(net_link) links;
    VEC(char *) link_names;
    VEC(net_hop) hops;
    VEC(net_route) routes;
    keymap link_index;         /* name -> links index */
    keymap route_index;        /* from << 32 | to -> 2 route + reversed */
    VEC(char *) node_names;    /* a platform's hosts, node by node (for
                                  --print-net's comments) */
    unsigned char coll[SIM_COLL_KINDS];   /* per collective (bcast first,
                                  sim_op_kind's order), its coll_algo
                                  (lib/sim/coll.h); 0: linear */
} net_model;

/* The K6-III cluster of Piola 2002, Table 5.1: the default model. */
void net_model_default(net_model *m);
/* Reads a net-model file; 0, or -1 after diagnostics on d. */
int net_model_read(net_model *m, FILE *fp, const char *file, diag *d);
void net_model_write(FILE *fp, const net_model *m);
/* SimGrid's platform XML, one <cluster> (platform.c): the net-model it
 * stands for, its hosts counted in *hosts; 0, or -1 after diagnostics. */
int net_platform_read(net_model *m, FILE *fp, const char *file, diag *d,
                      long *hosts);
void net_model_free(net_model *m);
/* Transfer time of a message of d bytes, microseconds. (Inline: every
 * message asks, and a call was about 2 % of a streamed ring's
 * instructions.) */
static inline const net_regime *net_regime_of(const net_model *m, double d)
{
    for (size_t i = 0; i < m->regimes.len; i++) {
        const net_regime *r = &m->regimes.items[i];
        if (r->bound == NET_ANY || (r->bound == NET_LE && d <= r->limit) ||
            (r->bound == NET_LT && d < r->limit))
            return r;
    }
    return NULL;   /* unreachable: a read model ends with 'regime any' */
}
static inline double net_cost(const net_model *m, double d)
{
    const net_regime *r = net_regime_of(m, d);
    return r ? r->ts + r->tw * d : NAN;
}
/* Whether the model has a topology (the fluid model). */
static inline int net_has_topology(const net_model *m)
{
    return m->host_link.bandwidth > 0 || m->backbone_link.bandwidth > 0 ||
           m->fat_tree_hosts > 0 || m->links.len > 0;
}

/* The explicit topology (routes.c): what the readers of net-model and of
 * SimGrid's XML share, so that both check a link and a route alike. */
#define NET_MAX_NODE 1000000   /* nodes 0 .. NET_MAX_NODE - 1 */
#define NET_MAX_LINKS ((size_t)1 << 22)
/* Adds a link: its index, or -1 when `name` is taken (or too many). */
long net_link_add(net_model *m, const char *name, net_link l);
/* The link named `name`, or -1. */
long net_link_find(const net_model *m, const char *name);
/* Adds a route from `from` to `to` (and back when symmetric) over
 * hops[0 .. n). Returns 0; or, refusing it, the 1 + index of the route
 * that already goes from `from` to `to` (or back), with *back set when it
 * is the way back that is taken; or -1 when it crosses more links that
 * share bandwidth than a flow may (FLUID_MAX_PATH). */
long net_route_add(net_model *m, uint32_t from, uint32_t to, int symmetric,
                   const net_hop *hops, uint32_t n, int line, int col,
                   int *back);
/* The route from node a to node b, *reversed set when it is a symmetric
 * route's way back; NULL when there is none. */
const net_route *net_route_find(const net_model *m, uint32_t a, uint32_t b,
                                int *reversed);
/* The hop i of route r as taken (from its `to` when reversed). */
net_hop net_route_hop(const net_model *m, const net_route *r, int reversed,
                      uint32_t i);
void net_routes_free(net_model *m);

/* ------------------------------------------------------------- kernel */

typedef enum {
    SIM_OP_COMPUTE, SIM_OP_SEND, SIM_OP_RECV,
    SIM_OP_BCAST, SIM_OP_GATHER, SIM_OP_SCATTER, SIM_OP_REDUCE,
    SIM_OP_ALL_GATHER, SIM_OP_ALL_TO_ALL, SIM_OP_ALL_REDUCE,
    SIM_OP_BARRIER, SIM_OP_ISEND, SIM_OP_IRECV, SIM_OP_WAIT, SIM_OP_PROBE
} sim_op_kind;

#define SIM_ANY_SOURCE (-1)
#define SIM_ANY_TAG (-1)
/* Tags are integers from 0 to SIM_TAG_MAX: the least MPI_TAG_UB the MPI
 * standard allows, so a program netsim accepts runs on every MPI. */
#define SIM_TAG_MAX 32767
/* Requests a process may have started and not yet waited for. */
#define SIM_MAX_REQUESTS (1 << 20)

typedef struct sim sim;

/* What a step function returns. */
enum { SIM_BLOCKED = 0, SIM_DONE = 1, SIM_FAILED = 2 };

/* Runs process `rank` from where it stopped until it blocks (after posting
 * one operation), ends, or fails (after reporting through sim_fail). */
typedef int (*sim_step_fn)(sim *s, int rank, void *program);

typedef struct {
    int nprocs;
    uint64_t seed;
    int clamp_negative;    /* negative compute draws count as 0 */
    int keep_ops;          /* write every operation to the timeline */
    uint64_t max_loop;     /* loop iterations without blocking, per step */
    uint64_t max_events;   /* operations of all processes together: compute,
                              send, receive, collective, and the send and
                              the receive of each message inside a
                              collective; 0 = SIM_DEFAULT_MAX_EVENTS */
    int all_blocked;       /* a deadlock report names every blocked
                              process, not only the first
                              SIM_BLOCKED_SHOWN */
    int summary_only;      /* the timeline without its process records */
} sim_options;

/* A deadlock report names this many blocked processes, then counts the
 * rest in one line: 10^7 processes would be 10^7 lines. */
#define SIM_BLOCKED_SHOWN 20

/* Bounds a run that never ends. */
#define SIM_DEFAULT_MAX_EVENTS 10000000u

sim *sim_new(const sim_options *opt, const net_model *net, diag *d,
             const char *file);
void sim_free(sim *s);

/* Runs every process to the end. Returns 0, or 1 after reporting a
 * deadlock or a failure on the diagnostics sink. */
int sim_run(sim *s, sim_step_fn step, void *program);

/* --- calls a running process makes (rank = the running process) --- */

/* Random draws. sim_var: this process's own stream, Gaussian(mean, sd),
 * exactly `mean` when sd == 0. sim_shared_*: the same value on every
 * process for the n-th execution of statement `stmt` (notes §9.3 (7)). */
double sim_var(sim *s, int rank, double mean, double sd);
double sim_shared_var(sim *s, int stmt, double n, double mean, double sd);
double sim_shared_percent(sim *s, int stmt, double n);   /* U[0, 100) */

void sim_compute(sim *s, int rank, double seconds, int line);
/* Post a blocking operation; the step function then returns SIM_BLOCKED.
 * Sizes are bytes; negative sizes count as 0 (and are counted); a size
 * or a compute time that is not finite (NaN, inf) is a runtime error. */
void sim_send(sim *s, int rank, double dest, double bytes, double tag, int line);
void sim_recv(sim *s, int rank, double source, int line);
void sim_recv_any(sim *s, int rank, int line);   /* from any_source */
void sim_collective(sim *s, int rank, sim_op_kind kind, double root,
                    double bytes, int line);
/* Nonblocking point-to-point (p2p.c): start a send or a receive and go on.
 * The result is the request's id, the lowest id >= 1 not in use by the
 * process, or 0 after a failure. A NULL source or tag is any_source or
 * any_tag. sim_wait blocks until every request named completes (id 0, a
 * null request, is skipped) and frees them; for one receive, sim_recv_source
 * and sim_recv_tag then tell its source and tag. sim_sendrecv is a send
 * and a receive started together and waited for together. */
int sim_isend(sim *s, int rank, double dest, double bytes, double tag,
              int line);
int sim_irecv(sim *s, int rank, const double *source, const double *tag,
              int line);
void sim_wait(sim *s, int rank, const double *ids, int n, int line);
void sim_sendrecv(sim *s, int rank, double dest, double bytes, double stag,
                  const double *source, const double *rtag, int line);
/* Blocks until a message the process's next receive from source (NULL:
 * any) with tag (NULL: any) would take is there, without taking it; then
 * sim_recv_source and sim_recv_tag tell its source and tag. */
void sim_probe(sim *s, int rank, const double *source, const double *tag,
               int line);
/* After a receive completes: who sent it and with which tag. */
double sim_recv_source(const sim *s, int rank);
double sim_recv_tag(const sim *s, int rank);

/* Reports a runtime error of process `rank` (located at `line`) and makes
 * the step function's SIM_FAILED return stop the run. */
void sim_fail(sim *s, int rank, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int sim_failed(const sim *s);
/* The flag sim_failed() reads, for a step function's inner loop to test
 * without a call per instruction. */
const int *sim_failed_flag(const sim *s);
int sim_nprocs(const sim *s);
double sim_clock(const sim *s, int rank);   /* microseconds */
uint64_t sim_max_loop(const sim *s);
/* A step function ran a loop (a backward jump): called at least once a
 * step that loops, so that the --max-events message can tell a program
 * that loops from one that is large without a loop. */
void sim_note_loop(sim *s);

/* --- results --- */

/* The timeline format (formats/timeline.md), streamed: called before
 * sim_run, sim_timeline_begin writes the header (source = the prototype's
 * name); sim_run writes each op record once it and every earlier one of
 * its process are complete (keep_ops); after a successful run,
 * sim_timeline_end writes the process records (unless summary_only), the
 * summary and the end. Memory stays O(P) whatever the number of
 * operations. The first SIM_TIMELINE_HELD bytes are held back in memory,
 * so a run that fails before (every small one) writes nothing to fp;
 * after them, the output goes to fp as it comes. */
#define SIM_TIMELINE_HELD ((size_t)1 << 20)
void sim_timeline_begin(sim *s, FILE *fp, const char *source);
void sim_timeline_end(sim *s);

/* A trace of the run for other tools (formats/trace.md), beside the
 * timeline (sim_timeline_begin first): SimGrid's time-independent trace,
 * written as the run goes, or a Paje trace, kept and written in time
 * order by sim_trace_end after a successful run. */
enum { SIM_TRACE_TI, SIM_TRACE_PAJE };
void sim_trace_begin(sim *s, FILE *fp, int format);
void sim_trace_end(sim *s);
uint64_t sim_messages(const sim *s);   /* point-to-point messages moved */

#endif
