/* event.h — internal to lib/sched: the coordinator's state, shared by its
 * bookkeeping (coord.c: the tasks, the copies, the UPs' slots), its
 * policies (policy.c: what each scheduler sends to a free UP) and its two
 * clocks: the event model's simulated one (event.c) and a real run's on
 * MPI workers (mpi_run.c). One policy, two clocks. */
#ifndef PERFPIPE_SCHED_EVENT_H
#define PERFPIPE_SCHED_EVENT_H

#include "sched/sched.h"

#define NONE UINT32_MAX

enum { EV_ARRIVE, EV_DONE, EV_RESULT, EV_FAIL, EV_SPEED, EV_DETECT };

typedef struct {
    double time;
    uint64_t seq;               /* equal times: first queued, first out */
    uint32_t kind, a, b;
} event;

enum { T_WAIT, T_READY, T_RUN, T_DONE };

typedef struct {
    double start;               /* the latest copy's dispatch */
    double slow;                /* the slowest estimated factor among the
                                   UPs holding a copy */
    uint32_t copies;            /* the live copies, a list through copy.next */
    uint32_t batch;
    uint32_t ncopies;
    uint32_t state;             /* T_* */
    uint32_t version;           /* of its entry in the replica heap */
} task_state;

/* A copy of a task: on its way (TRANSIT), computing, its result on its
 * way back (RETURNING), on a failed UP (LOST: the coordinator does not
 * know; LOST_BACK: its result was on its way back when the UP failed, and
 * its arrival event is still to come), or CANCELLED with an event still
 * to come. A fail-stop UP delivers nothing after its failure, in either
 * direction. */
enum { C_FREE, C_TRANSIT, C_COMPUTING, C_RETURNING, C_LOST, C_LOST_BACK,
       C_CANCELLED };

typedef struct {
    double work, remaining;     /* seconds on the reference UP, in the
                                   sim's unit */
    uint32_t task, up, next;
    uint32_t serial;            /* the run's dispatch number: a copy slot
                                   is reused, a late message names it */
    uint8_t state, weight;
} copy;

typedef struct {
    double speed;               /* real factor x load multiplier, in the
                                   sim's unit */
    double last;                /* remaining works are up to date here */
    double weights;             /* of the copies computing */
    double busy_until;          /* the scheduler's view: sent work ends */
    double planned;             /* the scheduler's view: planned work */
    uint32_t version;           /* of its pending EV_DONE */
    uint32_t used, slots;       /* slots held, in the coordinator's view */
    int alive;
    int known_dead;             /* the coordinator knows it failed */
    VEC(uint32_t) run;          /* copies computing */
    VEC(uint32_t) held;         /* copies holding its slots: at most slots */
    VEC(uint32_t) plan;         /* tasks planned for it, not yet sent */
    size_t plan_head;
} up_state;

typedef struct {
    double start, slow;         /* latest dispatch; slowest UP's factor */
    uint32_t task, version, ncopies;
} replica_entry;

typedef struct sim sim;

/* What a clock does with copies: start(s, id) after the coordinator
 * dispatched copy id (its UP, task and serial set); stop(s, id) when it
 * cancels or drops it, adding the work it did to r->wasted: 1 when a
 * message or event about the copy is still to come (it is freed then),
 * 0 when it can go now. */
typedef struct {
    void (*start)(sim *s, uint32_t id);
    int (*stop)(sim *s, uint32_t id);
} sim_clock;

struct sim {
    const sim_clock *clock;
    void *real;                 /* the real clock's state (mpi_run.c) */
    uint32_t serials;           /* copies dispatched so far */
    const sched_app *a;
    const sched_platform *p;
    const sched_event_options *o;
    sched_event_result *r;
    size_t nups;
    double now, link_free;
    uint64_t seq;
    VEC(event) queue;           /* a binary heap */
    double unit;                /* of copies' work and UPs' speeds (a
                                   power of two, event.c's work_unit) */
    double *t;                  /* [batches] time on the reference UP */
    double *scale;              /* [batches] the error model's factor */
    task_state *tasks;
    uint32_t *preds_left;       /* [batches] predecessors not done */
    uint64_t *done_in;          /* [batches] tasks done */
    size_t *succ_start, *succ;  /* successors, compressed rows */
    VEC(copy) copies;
    uint32_t free_copy;
    up_state *ups;
    uint32_t *rank_up, *up_rank;/* free UPs are served in rank order */
    uint64_t *freemap;          /* bit r: UP rank_up[r] has a free slot */
    VEC(uint32_t) ready;        /* made ready, not yet seen by the policy */
    VEC(uint32_t) recovered;    /* ready again: their copies were on a UP
                                   known to have failed */
    /* The policy's state (policy.c). */
    VEC(uint32_t) pending;      /* ready, for the first free UP */
    size_t pending_head;
    uint64_t planned_total;     /* tasks in the UPs' plans */
    uint64_t last_plan;         /* GS: the tasks its last re-plan planned */
    VEC(replica_entry) replicas;/* a heap, best candidate first */
    sched_bestfit fit;
    uint64_t *counts;
    double *row, *links;
};

/* coord.c: the setup and the coordinator's bookkeeping. */
int sim_open(sim *s, const sched_app *a, const sched_platform *p,
             const sched_event_options *o, sched_event_result *r,
             const sim_clock *clock, diag *d, const char *file);
void sim_close(sim *s);
void sim_decide(sim *s);            /* the policy, on the state of now */
void dispatch(sim *s, uint32_t t, size_t k);
void accept_result(sim *s, uint32_t id);
int drop_copy(sim *s, uint32_t id);
void forget_up(sim *s, size_t k);
void release(sim *s, size_t k, uint32_t id);
void unlink_copy(sim *s, uint32_t id);
void free_copy(sim *s, uint32_t id);
void set_free_bit(sim *s, size_t k);
void make_ready(sim *s, size_t b);
void trace(sim *s, sched_event_kind kind, uint64_t task, size_t up);
double link_of(const sim *s, size_t b, size_t k);
double seen_time(const sim *s, size_t b, size_t k);
double seen_work(const sim *s, size_t b, size_t k);

/* policy.c. */
void policy_init(sim *s);
void policy_free(sim *s);
void policy_ready(sim *s);          /* takes s->ready, s->recovered */
void policy_fill(sim *s);           /* gives the free UPs work */
void policy_dispatched(sim *s, uint32_t t);

#endif
