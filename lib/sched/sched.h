/* sched.h — lib/sched: scheduling an application graph (app-graph) on a
 * platform of processing units (seed 003, Lucchese's JoiN): the platform
 * and application models, the allocators (trivial, best-fit) and the
 * thesis's time model of the static scheduler. precise-rules.md §1 and §4
 * (seed 003) are the rules. GS, GSTR, the event model and the partitioning
 * across groups (TP, PP, PPCP) are later slices of issue 10. */
#ifndef PERFPIPE_SCHED_H
#define PERFPIPE_SCHED_H

#include <stdint.h>
#include <stdio.h>

#include "common/common.h"

/* ------------------------------------------- applications and platforms */

/* Caps of the readers (README.md, "Conventions"): a platform is written by
 * hand or by a generator; an app-graph by pasl2graph. */
#define SCHED_MAX_INPUT ((size_t)256 << 20)
#define SCHED_MAX_UPS 100000
#define SCHED_MAX_TASKS 10000000u           /* sum of the cardinalities */
#define SCHED_MAX_WORK 1e9                  /* tasks x UPs: best-fit's scan */

/* A processing unit (UP): its speed relative to the reference UP (factor
 * 1: a task of type L<n> takes tasktime(L<n>) / factor seconds), the real
 * factor that the simulation plays and the estimated one the allocators
 * see, and c, the coordinator's link time per data block (seconds). */
typedef struct {
    char *name;
    double real, estimated;
    double link;
} sched_up;

typedef struct {
    uint64_t type;      /* L<type> */
    double seconds;     /* one task on a UP of factor 1 */
} sched_tasktime;

typedef struct {
    char *name;                     /* NULL when the file gives none */
    VEC(sched_up) ups;
    VEC(sched_tasktime) tasktimes;
} sched_platform;

/* Reads a `platform 1` file (formats/platform.md) from text. 0, or -1
 * after located diagnostics (p is then empty). */
int sched_platform_parse(sched_platform *p, const char *text, size_t len,
                         const char *file, diag *d);
void sched_platform_free(sched_platform *p);
/* The seconds of one task of type L<type> on a UP of factor 1; -1 when
 * the platform gives none. */
double sched_task_seconds(const sched_platform *p, uint64_t type);

typedef struct {
    char *name;                 /* B3, B3#7 */
    uint64_t type;              /* L<type> */
    uint64_t m;                 /* cardinality */
    int line;                   /* of its record, for messages */
} sched_batch;

typedef struct {
    size_t from, to;            /* batch indices, from < to */
} sched_edge;

typedef struct {
    VEC(sched_batch) batches;   /* in the file's (topological) order */
    VEC(sched_edge) edges;
    uint64_t tasks;             /* sum of the cardinalities */
} sched_app;

/* Reads an `app-graph 1` file (formats/app-graph.md), task-level records
 * included or not. 0, or -1 after located diagnostics. */
int sched_app_parse(sched_app *a, const char *text, size_t len,
                    const char *file, diag *d);
void sched_app_free(sched_app *a);

/* The edges' indices ordered by destination batch (stable): since edges go
 * forward, a pass in this order sees every edge into a batch's sources
 * before the edges out of it. Freed by the caller. */
size_t *sched_edges_by_to(const sched_app *a);

/* --------------------------------------------- intra-group scheduling */

/* Generations (precise-rules §1): topological levels, the sources at 0; a
 * batch is ready when every predecessor was scheduled in an earlier
 * generation. level[] gets each batch's; returns the number of levels. */
size_t sched_levels(const sched_app *a, size_t *level);

/* The trivial allocator (MATLAB simpleSchedule): each task to the first UP
 * of fewest tasks so far; counts[] (per UP) carries over between calls,
 * which is the thesis code's cumulative allocation over the application. */
size_t sched_trivial_next(const uint64_t *counts, size_t nups);

/* The thesis's time model (precise-rules §1) with absolute times: sending
 * a task to UP j takes c_j of the coordinator's clock `now`; the UP starts
 * it when the data is there and it is free, works p and returns the
 * result in c_j, so it is done at max(done_j, now) + 2c_j + p. The MATLAB
 * code keeps tm_j = max(done_j - now, 0) instead and subtracts c_j from
 * every UP at each send: the same times, in O(1) per task. */
typedef struct {
    size_t nups;
    double *done;       /* [nups] when each UP has finished its queue */
    double now;         /* the coordinator's clock */
    size_t last;        /* the UP that finishes last */
    double second;      /* the latest finish among the others */
} sched_clock;

void sched_clock_init(sched_clock *k, size_t nups);
void sched_clock_free(sched_clock *k);
/* A new generation starts at `start`: every UP idle, the clock there. */
void sched_clock_reset(sched_clock *k, double start);
/* When the generation ends: its last UP is done (or the last send). */
double sched_clock_end(const sched_clock *k);
/* Sends a task of time p to UP j over link c: *send when the coordinator
 * starts sending, *finish when the result is back. */
void sched_clock_dispatch(sched_clock *k, size_t j, double p, double c,
                          double *send, double *finish);
/* The best-fit allocator (MATLAB bestfitSchedule) on a generation's clock
 * (reset at 0 for each generation): the first UP j of strictly smallest
 * generation end after sending it a task of time p[j] over link c[j],
 * which is the code's first strictly smallest Δ_j. */
size_t sched_bestfit_next(const sched_clock *k, const double *p,
                          const double *c);

typedef enum { SCHED_TRIVIAL, SCHED_BESTFIT } sched_alloc;

typedef struct {
    sched_alloc alloc;
    int trivial_per_batch;     /* 1: trivial counts restart at each batch
                                  (Tables 6.3 and 6.7, A6); 0: cumulative
                                  over the application (the thesis code) */
    int use_real_factors;      /* 1: the allocator sees the real factors
                                  (the ideal schedules of Table 6.7) */
} sched_options;

/* One task's placement and times (seconds from the start). */
typedef struct {
    size_t batch;
    uint64_t index;            /* 0 .. m-1 */
    size_t up;
    size_t generation;
    double send, finish;       /* the coordinator starts sending; the
                                  result is back */
} sched_task;

typedef struct {
    VEC(sched_task) tasks;     /* in dispatch order */
    size_t generations;
    double *generation_end;    /* [generations] */
    uint64_t *tasks_per_up;    /* [nups] */
    double makespan;
    double sequential;         /* every task on the reference UP (factor
                                  1), no communication */
    double ideal_speedup;      /* the sum of the real factors */
} sched_result;

/* The static scheduler under the thesis's time model (precise-rules §1):
 * the allocation is computed once, generation by generation, from the
 * factors options->use_real_factors names, then played with the real
 * factors and link times: per task tm[j] += 2c_j + p_ij, then every UP's
 * tm -= c_j (floored at 0) and the clock += c_j; a generation ends when
 * its last UP is done. 0, or -1 after a diagnostic (a task type without a
 * time, a size past the limits). */
int sched_static(const sched_app *a, const sched_platform *p,
                 const sched_options *o, sched_result *r, diag *d,
                 const char *file);
void sched_result_free(sched_result *r);

/* The schedule format (formats/schedule.md). */
void sched_write(FILE *fp, const sched_app *a, const sched_platform *p,
                 const sched_options *o, const sched_result *r);

/* ---------------------------------------- partitioning across groups */

/* The groups (GHs) of a virtual computer, as the partitioners see them:
 * power P_g (the sum of its UPs' factors; the thesis's simulations use the
 * number of UPs), number of UPs n_g, and the tasks already allocated to it
 * A_g (the load of earlier applications: CR_g = A_g / P_g). */
typedef struct {
    size_t n;
    const double *power;
    const uint64_t *ups;
    const uint64_t *allocated;
} sched_groups;

/* Partitions are ngroups x nbatches matrices: part[g * nb + b] = the tasks
 * of batch b given to group g; each column sums to the batch's m. They
 * are whole numbers, except under the MATLAB code's PPCP, whose GCD may
 * not divide a cardinality (A10: fractional shares in compat mode only). */

/* TP, the MATLAB tp (precise-rules §1): per batch, group j of n (from 1)
 * gets ceil(rest / (n + 1 - j)) taken from the end, so the groups get
 * equal shares and the rounding excess goes to the last ones: m = 10 on 3
 * groups is (3, 3, 4), m = 1 is (0, 0, 1). */
void sched_tp(size_t ngroups, const sched_app *a, double *part);

/* PP, the MATLAB pp: per batch, groups by power descending (ties: the
 * later group first, as the code's ascending list read backwards) get
 * ceil(rest * P_g / (sum of the powers not yet served)). */
void sched_pp(const sched_groups *g, const sched_app *a, double *part);

/* The thesis's rule (prose, §3.2.1) or the MATLAB code's (A8-A10). */
typedef enum { SCHED_PPCP_PROSE, SCHED_PPCP_MATLAB } sched_ppcp_rules;

/* The GCD PPCP takes of a set of cardinalities: the true one, or the
 * code's min(gcd(c, min c)), which is 2 for {6, 30, 10, 15}. */
uint64_t sched_set_gcd(const uint64_t *c, size_t n, sched_ppcp_rules rules);

/* PPCP (§3.2, Fig. 3.4, precise-rules §1 and A8, A9). Prose: CR computed
 * once; the batches of cardinality <= n_g of the lowest-CR group go
 * wholly to it (the synchronisation points); the others form the weakly
 * connected components of the graph without them; each component's GCD K
 * is split over the groups by CR ascending (ties: power descending, then
 * index), each taking ceil(K * P_g / sum of the powers not yet served in
 * this component), and every batch x of the component gets share_g *
 * c_x / K on group g. MATLAB: batches of cardinality < the number of
 * groups go to the largest group; the sets are the batches on the code's
 * routes through the first unassigned batch (its ancestors and
 * descendants); the code's GCD; groups by power descending. */
void sched_ppcp(const sched_groups *g, const sched_app *a,
                sched_ppcp_rules rules, double *part);

/* The packet metric of the thesis's inter-group simulator igp (A10): the
 * task blocks that cross groups, summed over the edges. */
double sched_packets(size_t ngroups, const sched_app *a,
                     const double *part);

#endif
