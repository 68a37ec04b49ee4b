/* sched.h — lib/sched: scheduling an application graph (app-graph) on a
 * platform of processing units (seed 003, Lucchese's JoiN): the platform
 * and application models, the allocators (trivial, best-fit), the thesis's
 * simulated schedulers (static, GS, GSTR) under its time model, the event
 * model of the schedulers as its prose defines them (with replicas,
 * failures, load changes, and WQR and MinMin as baselines), and the
 * partitioning across groups (TP, PP, PPCP) with the inter-group
 * simulator. precise-rules.md §1 and §4 (seed 003) are the rules. */
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
#define SCHED_MAX_SPEEDS 1000000            /* speed records */
#define SCHED_MAX_TIMES 10000000u           /* time records: types x UPs */

/* A processing unit (UP): its speed relative to the reference UP (factor
 * 1: a task of type L<n> takes tasktime(L<n>) / factor seconds), the real
 * factor that the simulation plays and the estimated one the allocators
 * see, and c, the coordinator's link time per data block (seconds). */
typedef struct {
    char *name;
    double real, estimated;
    double link;
    int erratic;        /* under the estimation-error model */
    int fails;          /* fail-stop ... */
    double fail_at;     /* ... from this time on (0: the start) */
    int fail_line;      /* its fail record's line (0: drawn, or none) */
} sched_up;

/* A load change (the event model): from `time` on, UP `up` runs at its
 * real factor times `multiplier`. */
typedef struct {
    size_t up;
    double time, multiplier;
    int line;           /* of its record, for messages */
} sched_speed;

typedef struct {
    uint64_t type;      /* L<type> */
    double seconds;     /* one task on a UP of factor 1 */
} sched_tasktime;

/* A `time L<n> UP SECONDS [estimated E]` record: the time of a task of
 * that type on that UP, which replaces tasktime / factor for the pair;
 * estimated is NAN when the record gives none (the allocators then see
 * seconds too). */
typedef struct {
    uint64_t type;
    size_t up;          /* index into ups */
    double seconds, estimated;
} sched_time;

/* A group (GH) of the virtual computer: UPs first .. first + n - 1, and
 * the tasks earlier applications left on it (its load, for PPCP's CR). */
typedef struct {
    char *name;
    size_t first, n;
    uint64_t allocated;
} sched_group;

/* A `command L<n> STRING` record: the command line that runs a task of
 * that type for real (gstr-sched --run); the simulations ignore it. */
typedef struct {
    uint64_t type;
    char *text;
    int line;
} sched_command;

typedef struct {
    char *name;                     /* NULL when the file gives none */
    VEC(sched_up) ups;
    VEC(sched_command) commands;    /* in file order */
    VEC(sched_tasktime) tasktimes;
    VEC(sched_time) times;          /* sorted by (type, up) */
    VEC(sched_group) groups;        /* one spanning every UP when the file
                                       has no group record */
    VEC(sched_speed) speeds;        /* load changes, in file order */
    double failure_rate;            /* > 0: the failures record drew the
                                       UPs' fail_at (per second) ... */
    uint64_t failure_seed;          /* ... from this seed */
    int failures_line, error_line;  /* of those records (0: none) */
    /* The thesis's estimation-error model (precise-rules §1): before each
     * batch, the times of the erratic UPs are multiplied by 1 + e, with
     * e = error_level * sin(2 pi * tasks dispatched so far / all tasks). */
    double error_level;
} sched_platform;

/* The error model's e before a batch, when `begun` of the application's
 * `tasks` tasks are in the batches begun so far: the times of the
 * erratic UPs are then multiplied by 1 + e, compounding. Both models use
 * it. */
double sched_error_step(const sched_platform *p, double begun,
                        uint64_t tasks);

/* Reads a `platform 1` file (formats/platform.md) from text. 0, or -1
 * after located diagnostics (p is then empty). */
int sched_platform_parse(sched_platform *p, const char *text, size_t len,
                         const char *file, diag *d);
void sched_platform_free(sched_platform *p);
/* The command line of task type L<type>, or NULL. */
const char *sched_command_of(const sched_platform *p, uint64_t type);
/* The seconds of one task of type L<type> on a UP of factor 1; -1 when
 * the platform gives none. */
double sched_task_seconds(const sched_platform *p, uint64_t type);
/* Puts p->times in the order sched_time_of searches: (type, up). */
void sched_sort_times(sched_platform *p);
/* The `time` record of (type, UP up), or NULL (binary search). */
const sched_time *sched_time_of(const sched_platform *p, uint64_t type,
                                size_t up);
/* A task of type L<type> on UP up, time records first: the real seconds
 * (what the play uses) and those the allocators see (estimated factors,
 * or the real ones when use_real). ref is the type's tasktime (>= 0). */
double sched_up_seconds(const sched_platform *p, uint64_t type, size_t up,
                        double ref, int seen, int use_real);

typedef struct {
    char *name;                 /* B3, B3#7 */
    uint64_t type;              /* L<type> */
    uint64_t m;                 /* cardinality */
    int line;                   /* of its record, for messages */
} sched_batch;

typedef struct {
    size_t from, to;            /* batch indices, from < to */
} sched_edge;

/* A task type's PAMELA cost model, as its tasktype record gives it. */
typedef struct {
    uint64_t type;
    char *text;                 /* "delay(t1); A*delay(t2)" */
    int line;
} sched_cost;

typedef struct {
    VEC(sched_batch) batches;   /* in the file's (topological) order */
    VEC(sched_cost) costs;
    VEC(sched_edge) edges;
    uint64_t tasks;             /* sum of the cardinalities */
} sched_app;

/* Reads an `app-graph 1` file (formats/app-graph.md), task-level records
 * included or not. 0, or -1 after located diagnostics. */
int sched_app_parse(sched_app *a, const char *text, size_t len,
                    const char *file, diag *d);
void sched_app_free(sched_app *a);

/* The seconds a cost model stands for (Lucchese §3.3, Example 7):
 * "delay(t1); A*delay(t2)" is t1 + A t2, names valued by defs (gstr-sched
 * -D NAME=SECONDS; each name read is marked used). 0; 1 when a name has
 * no value (it is copied to missing); 2 when a value is negative
 * (TIME_RULE: "NAME = VALUE" copied to missing); 3 when the sum passes
 * the largest double; -1 when the text is not a sum of delays. */
int sched_cost_seconds(const char *text, define_list *defs, double *out,
                       char *missing, size_t missing_size);

/* A task type the application uses without a tasktime on the platform but
 * with a cost model gets the model's seconds as its tasktime (the
 * platform's tasktime wins where there is one). 0, or -1 after a
 * diagnostic at the tasktype record. */
int sched_apply_costs(const sched_app *a, sched_platform *p,
                      define_list *defs, diag *d, const char *file);

/* The simulators' last check, on every number the summary derives
 * (result_finite, README "Conventions"): a makespan or a sequential time
 * past the largest double (task or link times too large for the UPs'
 * speeds), an ideal speed-up (the sum of the real factors) or a speed-up
 * or efficiency past it is a diagnostic, never an `inf` printed with
 * exit 0. 0, or -1. */
int sched_times_finite(double makespan, double sequential, double ideal,
                       diag *d, const char *file);

/* t[b] = the seconds of a task of batch b on the reference UP, for every
 * batch; 0, or -1 after a diagnostic naming the record the platform
 * lacks. */
int sched_task_times(const sched_app *a, const sched_platform *p, double *t,
                     diag *d, const char *file);

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

/* The best-fit allocator (MATLAB bestfitSchedule), one generation at a
 * time: tm[] the UPs' remaining busy times ahead of the coordinator and
 * tmc its send clock, both 0 at the start of a generation. Each task goes
 * to the first UP j of strictly smallest increase Δ_j of the generation's
 * end, sending it the task (time p[j]) over its link (c[j]); tm and tmc
 * then move on as the code moves them, bit for bit, in O(UPs) a task. */
typedef struct {
    size_t nups;
    double *tm;
    double tmc;
} sched_bestfit;

void sched_bestfit_init(sched_bestfit *b, size_t nups);
void sched_bestfit_free(sched_bestfit *b);
void sched_bestfit_reset(sched_bestfit *b);       /* a new generation */
size_t sched_bestfit_next(sched_bestfit *b, const double *p, const double *c);

typedef enum { SCHED_TRIVIAL, SCHED_BESTFIT } sched_alloc;
/* The schedulers. WQR and MinMin are the event model's baselines. */
typedef enum { SCHED_STATIC, SCHED_GS, SCHED_GSTR, SCHED_WQR,
               SCHED_MINMIN } sched_kind;

typedef struct {
    sched_kind kind;
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
                                  result is back (NAN: never, the UP
                                  failed) */
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
    uint64_t lost;             /* tasks sent to failed UPs (GSTR) */
} sched_result;

/* The thesis's simulated schedulers (precise-rules §1, the MATLAB code of
 * App. B.3), under its time model: per task, tm_j += 2c_j + p_ij, then
 * every UP's tm -= c_j (floored at 0) and the clock += c_j; a generation
 * ends when its last UP is done. The allocators see the factors that
 * options->use_real_factors names, the play uses the real ones, both
 * under the error model and the failures as the code applies them.
 * - static: the allocation is computed once from the unperturbed times;
 * - GS: each generation is allocated with the times as perturbed so far;
 * - GSTR: task by task, trivial to the first UP of fewest tasks, best-fit
 *   to the first UP of least tm + p + 2c by estimates that start
 *   unperturbed and are refreshed, UP by UP, when the UP falls idle; a
 *   failed UP's times grow by 1e9 s and its count by 1e9 before each
 *   batch, a task sent to it is lost, and the generation ends with the
 *   UPs that did not fail. No replication (the code simulates none).
 * Failures are simulated by GSTR only, as in the code: static and GS
 * refuse a platform with a failing UP. 0, or -1 after a diagnostic. */
int sched_run(const sched_app *a, const sched_platform *p,
              const sched_options *o, sched_result *r, diag *d,
              const char *file);
void sched_result_free(sched_result *r);

/* The schedule format (formats/schedule.md). */
void sched_write(FILE *fp, const sched_app *a, const sched_platform *p,
                 const sched_options *o, const sched_result *r);

/* ------------------------------------------------------- the event model */

/* How GSTR picks the running task to replicate (A3): `formal` is Fig.
 * 3.2's rule, the least replicated task, then the one whose latest copy
 * started last ("running for the least time"), then the copy on the
 * slowest UP; `slowest-up` puts the slowest UP before the start time, as
 * the walk-through of Fig. 3.1 (steps VI and VIII) does. */
typedef enum { SCHED_REPLICA_FORMAL, SCHED_REPLICA_SLOWEST_UP } sched_replica_order;

typedef struct {
    sched_kind kind;
    sched_alloc alloc;
    int use_real_factors;       /* the allocators see the real factors */
    double theta;               /* GSTR: the statically allocated share of
                                   the tasks an event makes ready (0.5) */
    unsigned slots;             /* tasks a UP holds at once; 0: the default
                                   max(1, round(2 f / f_max)) (A5) */
    sched_replica_order replica_order;
    unsigned wqr_copies;        /* WQR: copies of a task at most (2) */
    int trace;                  /* keep the trace of events */
    double detect;              /* > 0: the coordinator learns of a failure
                                   this many seconds after it; 0: never */
} sched_event_options;

/* One line of the trace (formats/schedule.md, the event model). */
typedef enum { SCHED_EV_DISPATCH, SCHED_EV_REPLICA, SCHED_EV_FINISH,
               SCHED_EV_CANCEL, SCHED_EV_FAIL, SCHED_EV_SPEED,
               SCHED_EV_DETECT, SCHED_EV_ERROR } sched_event_kind;

typedef struct {
    double time;
    uint64_t task;              /* global index (batches in file order) */
    uint32_t up;
    uint8_t kind;               /* sched_event_kind */
} sched_trace;

typedef struct {
    VEC(sched_trace) trace;
    uint64_t *first_results;    /* [nups] the results each UP gave first */
    unsigned *slots;            /* [nups] */
    uint64_t *batch_first;      /* [batches + 1] each batch's first task */
    double makespan;            /* the last result back (all tasks done) */
    double sequential, ideal_speedup;
    uint64_t tasks, done, lost; /* lost: never finished */
    uint64_t replicas, cancelled;
    double wasted;              /* work of the copies that gave no result,
                                   seconds on the reference UP */
    uint64_t events;            /* simulation events processed */
    int measured;               /* a real run's (gstr-sched --run) */
} sched_event_result;

/* The event model (precise-rules §1, "Event mode"; notes §2.7, §7.4): a
 * discrete-event simulation of the schedulers as the prose defines them,
 * on a platform whose UPs share their CPU between the copies they hold
 * (originals weigh 2, replicas 1), may fail (silently: a lost copy still
 * holds its slot in the coordinator's view; a fail-stop UP delivers
 * nothing after its failure, a result on its way back over its link
 * included) and change speed. The
 * coordinator sends one task at a time over its link (c_j a task, the
 * result back in c_j); a batch is ready when all its predecessors are
 * done. Static plans every task at the start; GS re-plans the unsent
 * tasks when tasks become ready or a UP runs out of planned work; GSTR
 * plans ceil(theta |R|) of the tasks R an event makes ready, queues the
 * rest for the free UPs (largest power first) and, when no task is left
 * to send, replicates running tasks; the first result wins and the other
 * copies are cancelled. WQR: a workqueue, free UPs in platform order,
 * replicas up to wqr_copies copies. MinMin: the ready tasks by shortest
 * real time each to the UP that ends it first, with full knowledge of
 * the real times (not of failures). 0, or -1 after a diagnostic. */
int sched_event_run(const sched_app *a, const sched_platform *p,
                    const sched_event_options *o, sched_event_result *r,
                    diag *d, const char *file);
void sched_event_result_free(sched_event_result *r);

/* MinMin's choices on the tasks made ready at once, in runs of one batch
 * each (runs in batch order): again and again, the (run, UP) pair of
 * least end avail[UP] + time(run, UP) among the runs with tasks left,
 * the first run then the first UP on a tie, an end that is not finite
 * never chosen; take(run, UP) gets the run's next task and avail[UP]
 * grows by the time. It stops when every task is taken or no pair has a
 * finite end (the tasks left are not planned). Exactly the choices of
 * scanning every pair for every task, in O(runs x UPs x log runs + tasks
 * x log UPs) and runs x UPs x 4 bytes; past order_pairs runs x UPs, in
 * O(runs) a task (runs x log UPs) and no order kept. */
typedef struct {
    double (*time)(void *ctx, size_t run, size_t up);
    void (*take)(void *ctx, size_t run, size_t up);
    void *ctx;
    size_t order_pairs;
} sched_minmin_io;
#define SCHED_MINMIN_ORDER_PAIRS ((size_t)1 << 24)
void sched_minmin(size_t runs, const uint64_t *count, size_t ups,
                  double *avail, const sched_minmin_io *io);

void sched_event_write(FILE *fp, const sched_app *a, const sched_platform *p,
                       const sched_event_options *o,
                       const sched_event_result *r);

/* ---------------------------------------------------------- a real run */

/* gstr-sched --run under mpirun (lib/sched/mpi_run.c, mpi_worker.c): rank
 * 0 is the coordinator, running the event model's policies (policy.c) on
 * the coordinator's bookkeeping of the event model (coord.c), driven by
 * real events; rank k + 1 is the platform's UP k, a worker that runs the
 * tasks as child processes by their `command` records (formats/platform.md,
 * "Commands"). One policy, two clocks. */
typedef struct {
    const char *workdir;        /* the tasks' files */
    unsigned retries;           /* a failed task is sent again at most
                                   this many times, then the run fails */
    double silence;             /* a worker not heard from this long (s)
                                   is silent: without --detect, a run whose
                                   every copy is on silent workers stops */
    double timeout;             /* > 0: a copy running longer (s) is
                                   killed and counts as failed */
} sched_real_options;

/* Starts MPI when a launcher started the process; the rank, the job's
 * size in *size; -1 (and *size 0) without a launcher. Rank 0 ends the job
 * at exit (sched_real_end), whatever path it exits by. */
int sched_real_start(int *argc, char ***argv, int *size);
/* Ranks 1..P-1: a worker's life, until the coordinator's QUIT. 0. */
int sched_real_worker(void);
/* The workers leave (QUIT), then MPI ends. Idempotent. */
void sched_real_end(void);

/* The run: checks that the job has a worker per UP and every task type a
 * command, the work directory, then schedules a on p under o with the
 * workers; r as sched_event_run fills it, with measured times (seconds
 * from the start) and r->measured set. 0: every task done; 1 after a
 * diagnostic: a task failed more than ro->retries times, or the tasks
 * left can never finish (r->lost: their copies are on silent workers), r
 * still filled; 2 after a located diagnostic: bad input, r empty; -1
 * after a diagnostic: the work directory cannot be made, r empty. */
int sched_real_run(const sched_app *a, const sched_platform *p,
                   const sched_event_options *o, const sched_real_options *ro,
                   sched_event_result *r, diag *d, const char *file,
                   const char *platform_file);

/* --calibrate: p's task times from a finished real run's trace r of a:
 * each (type, UP) pair's mean time from the send of the copy that won to
 * its result, as `time` records (they replace p's), and each type's mean
 * over its tasks as its tasktime. 0, or -1 after a diagnostic (a type
 * with no task finished). */
int sched_calibrate(const sched_app *a, sched_platform *p,
                    const sched_event_result *r, diag *d, const char *file);

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
 * ceil(rest * P_g / (sum of the powers not yet served)). That sum is
 * taken afresh for each group (as the code's sum(grs(1:j))), the powers
 * scaled by a power of two (exact) so that no sum overflows, a share is
 * at most what is left and the last group takes the rest: with whole
 * powers this is the code's split; with fractional ones (sums of factors)
 * a quotient that rounds up past the batch no longer gives it more tasks
 * than it has. PPCP's shares of K follow the same rules. */
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

/* The sched_groups view of a platform's groups: powers are the sums of
 * the factors the allocators see (the prose), or the numbers of UPs (the
 * code's grs). The arrays are the caller's, of p->groups.len entries. */
void sched_group_view(const sched_platform *p, const sched_options *o,
                      int by_ups, double *power, uint64_t *ups,
                      uint64_t *allocated, sched_groups *g);

typedef struct {
    size_t generations;
    double *generation_end;     /* [generations] */
    double makespan, sequential, ideal_speedup, packets;
    double unscheduled;         /* fractional shares dropped (compat) */
} sched_igp_result;

/* The inter-group simulator igp (precise-rules §1): generation by
 * generation, each group runs GSTR with best-fit, without error or
 * failure, on its share of the generation's batches (a share is floored
 * to whole tasks, as the code's loops do); the generation takes as long
 * as its slowest group; communication between groups is not timed. A
 * platform with failures (fail or failures records), load changes
 * (speed) or an error model above 0 is refused, located in
 * platform_file, rather than played without them. file names the
 * app-graph. 0, or -1 after a diagnostic. */
int sched_igp(const sched_app *a, const sched_platform *p,
              const sched_options *o, const double *part,
              sched_igp_result *r, diag *d, const char *file,
              const char *platform_file);
void sched_igp_free(sched_igp_result *r);

/* A partitioned run in the schedule format: METHOD is "tp", "pp", "ppcp
 * prose" or "ppcp matlab". */
void sched_write_partitioned(FILE *fp, const sched_app *a,
                             const sched_platform *p, const char *method,
                             const double *part, const sched_igp_result *r);

#endif
