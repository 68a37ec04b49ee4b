/* coord.c — the coordinator's view, shared by the two clocks of the
 * schedulers: the event model's simulated one (event.c) and the real one
 * of a run on MPI workers (mpi_run.c). What a dispatch, a first result, a
 * cancel, a lost copy or a worker known dead does to the tasks, the
 * copies and the UPs' slots is here, once; policy.c decides what a free
 * UP gets; the clock (sim.clock) only moves copies (simulated transfers
 * and processor sharing, or messages and processes). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/event.h"

/* ------------------------------------------------------------ the trace */

void trace(sim *s, sched_event_kind kind, uint64_t task, size_t up)
{
    if (!s->o->trace)
        return;
    sched_trace t = {s->now, task, (uint32_t)up, (uint8_t)kind};
    VEC_PUSH(&s->r->trace, t);
}

/* ------------------------------------------------- copies and the slots */

static uint32_t new_copy(sim *s)
{
    if (s->free_copy != NONE) {
        uint32_t id = s->free_copy;
        s->free_copy = s->copies.items[id].next;
        return id;
    }
    copy c = {0};
    VEC_PUSH(&s->copies, c);
    return (uint32_t)(s->copies.len - 1);
}

void free_copy(sim *s, uint32_t id)
{
    s->copies.items[id].state = C_FREE;
    s->copies.items[id].next = s->free_copy;
    s->free_copy = id;
}

void set_free_bit(sim *s, size_t k)
{
    size_t r = s->up_rank[k];
    uint64_t bit = (uint64_t)1 << (r % 64);
    if (s->ups[k].used < s->ups[k].slots)
        s->freemap[r / 64] |= bit;
    else
        s->freemap[r / 64] &= ~bit;
}

/* The work of a task of batch b on UP k, in seconds on the reference UP
 * (what UP k does at speed real x load): tasktime, or the pair's `time`
 * record times the UP's real factor, under the error model. */
static double work_of(const sim *s, size_t b, size_t k)
{
    const sched_up *u = &s->p->ups.items[k];
    const sched_time *pair = sched_time_of(s->p, s->a->batches.items[b].type, k);
    double work = pair ? pair->seconds * (u->real * s->unit)
                       : s->t[b] * s->unit;
    return work * (u->erratic ? s->scale[b] : 1);
}

/* The unit in which copies' work and UPs' speeds are held: 1, unless a
 * pair's `time` times its UP's factor (under the error model) passes
 * 2^1000, as a time of 1e10 s on a UP of factor 1e300 does though the
 * task takes 1e10 s. Then a power of two that brings the largest back
 * under 2^1000: work and speed are scaled alike and exactly, so every
 * time, a ratio of the two, keeps its bits. */
static double work_unit(const sim *s)
{
    double most_scale = 1;
    for (size_t b = 0; b < s->a->batches.len; b++)
        most_scale = fmax(most_scale, s->scale[b]);
    int top = 0;   /* a bound on the exponent of the largest work */
    for (size_t i = 0; i < s->p->times.len; i++) {
        const sched_time *t = &s->p->times.items[i];
        double real = s->p->ups.items[t->up].real;
        if (t->seconds > 0 && real > 0 && isfinite(most_scale)) {
            int e = ilogb(t->seconds) + ilogb(real) + ilogb(most_scale) + 3;
            top = e > top ? e : top;
        }
    }
    if (top <= 1000)
        return 1;
    /* The slowest UP's speed must stay a normal number in that unit (a
     * speed of 0 would stop it): else the unit stays 1, and the times
     * past the largest double are refused as before. */
    double least = INFINITY;
    for (size_t k = 0; k < s->nups; k++)
        if (s->p->ups.items[k].real > 0)
            least = fmin(least, s->p->ups.items[k].real);
    if (isfinite(least) && ilogb(least) + (1000 - top) < -900)
        return 1;
    return ldexp(1, 1000 - top);
}

double link_of(const sim *s, size_t b, size_t k)
{
    return s->p->ups.items[k].link *
           (s->p->ups.items[k].erratic ? s->scale[b] : 1);
}

/* The factor the scheduler knows a UP by: MinMin knows the real ones. */
static double known_factor(const sim *s, size_t k)
{
    const sched_up *u = &s->p->ups.items[k];
    return s->o->kind == SCHED_MINMIN || s->o->use_real_factors ? u->real
                                                                : u->estimated;
}

/* The time the scheduler expects a task of batch b to take on UP k: the
 * estimated (or real) factor; MinMin knows the real time, error and
 * speed included. */
double seen_work(const sim *s, size_t b, size_t k)
{
    if (s->o->kind == SCHED_MINMIN)
        return work_of(s, b, k) / s->ups[k].speed;
    return sched_up_seconds(s->p, s->a->batches.items[b].type, k, s->t[b], 1,
                            s->o->use_real_factors);
}

double seen_time(const sim *s, size_t b, size_t k)
{
    if (s->o->kind == SCHED_MINMIN)
        return seen_work(s, b, k) + 2 * link_of(s, b, k);
    return seen_work(s, b, k) + 2 * s->p->ups.items[k].link;
}

/* The coordinator sends a copy of task t to UP k: one send at a time on
 * its link; the copy takes a slot of k until its result is back or it is
 * cancelled. */
void dispatch(sim *s, uint32_t t, size_t k)
{
    task_state *ts = &s->tasks[t];
    size_t b = ts->batch;
    int replica = ts->state == T_RUN;
    uint32_t id = new_copy(s);
    copy *c = &s->copies.items[id];
    c->task = t;
    c->up = (uint32_t)k;
    c->work = c->remaining = work_of(s, b, k);
    c->weight = replica ? 1 : 2;
    c->state = C_TRANSIT;
    c->next = ts->copies;
    ts->copies = id;
    ts->ncopies++;
    ts->start = s->now;
    ts->slow = fmin(ts->slow, known_factor(s, k));
    ts->state = T_RUN;
    c->serial = ++s->serials;
    s->clock->start(s, id);
    up_state *u = &s->ups[k];
    u->used++;
    VEC_PUSH(&u->held, id);
    set_free_bit(s, k);
    u->busy_until = fmax(u->busy_until, s->now) + seen_time(s, b, k);
    if (replica)
        s->r->replicas++;
    trace(s, replica ? SCHED_EV_REPLICA : SCHED_EV_DISPATCH, t, k);
    policy_dispatched(s, t);
}

/* The slot of UP k that copy id held comes back to the coordinator. */
void release(sim *s, size_t k, uint32_t id)
{
    up_state *u = &s->ups[k];
    for (size_t i = 0; i < u->held.len; i++)
        if (u->held.items[i] == id) {
            u->held.items[i] = u->held.items[--u->held.len];
            break;
        }
    u->used--;
    set_free_bit(s, k);
    if (!u->used && u->plan.len == u->plan_head)
        u->busy_until = s->now;       /* nothing left: the estimate resets */
}

/* Unlinks copy id from its task's list. */
void unlink_copy(sim *s, uint32_t id)
{
    task_state *ts = &s->tasks[s->copies.items[id].task];
    uint32_t *at = &ts->copies;
    while (*at != id)
        at = &s->copies.items[*at].next;
    *at = s->copies.items[id].next;
    ts->ncopies--;
}

/* Task t's first result came from elsewhere: every other copy goes. */
static void cancel_others(sim *s, uint32_t t)
{
    uint32_t id = s->tasks[t].copies;
    while (id != NONE) {
        copy *c = &s->copies.items[id];
        uint32_t next = c->next;
        size_t k = c->up;
        int coming = s->clock->stop(s, id);
        s->r->cancelled++;
        trace(s, SCHED_EV_CANCEL, t, k);
        release(s, k, id);
        /* A copy with an event coming is freed when the event comes. */
        if (coming)
            c->state = C_CANCELLED;
        else
            free_copy(s, id);
        id = next;
    }
    s->tasks[t].copies = NONE;
    s->tasks[t].ncopies = 0;
}

/* ------------------------------------------------------------ readiness */

/* Batch b's last task is done: its successors may become ready. */
static void batch_done(sim *s, size_t b)
{
    for (size_t e = s->succ_start[b]; e < s->succ_start[b + 1]; e++) {
        size_t n = s->succ[e];
        if (--s->preds_left[n] == 0)
            make_ready(s, n);
    }
}

void make_ready(sim *s, size_t b)
{
    for (uint64_t t = s->r->batch_first[b]; t < s->r->batch_first[b + 1]; t++) {
        s->tasks[t].state = T_READY;
        VEC_PUSH(&s->ready, (uint32_t)t);
    }
}

/* -------------------------------------------------------------- results */

/* Copy id brought its task's first result (its UP's slot comes back, the
 * other copies are cancelled, the successors may become ready). */
void accept_result(sim *s, uint32_t id)
{
    copy *c = &s->copies.items[id];
    size_t k = c->up;
    uint32_t t = c->task;
    unlink_copy(s, id);
    release(s, k, id);
    free_copy(s, id);
    task_state *ts = &s->tasks[t];
    ts->state = T_DONE;
    s->r->first_results[k]++;
    s->r->done++;
    s->r->makespan = s->now;
    trace(s, SCHED_EV_FINISH, t, k);
    cancel_others(s, t);
    if (++s->done_in[ts->batch] == s->a->batches.items[ts->batch].m)
        batch_done(s, ts->batch);
}

/* Copy id will give no result (its UP is known dead, or its command
 * failed): it goes, and a task left with no copy is ready again. 1 when
 * the task was made ready again. */
int drop_copy(sim *s, uint32_t id)
{
    copy *c = &s->copies.items[id];
    uint32_t t = c->task;
    unlink_copy(s, id);
    release(s, c->up, id);             /* takes it out of held */
    if (s->clock->stop(s, id))
        c->state = C_CANCELLED;        /* its event is still to come */
    else
        free_copy(s, id);
    if (s->tasks[t].ncopies == 0 && s->tasks[t].state == T_RUN) {
        s->tasks[t].state = T_READY;
        VEC_PUSH(&s->recovered, t);
        return 1;
    }
    return 0;
}

/* The coordinator learns that UP k failed (--detect): it sends it nothing
 * more, drops the copies it held (none delivers: results on their way
 * back were lost at the failure), and the tasks left with no copy, or
 * planned for k, are ready again. */
void forget_up(sim *s, size_t k)
{
    up_state *u = &s->ups[k];
    u->known_dead = 1;
    u->slots = 0;
    set_free_bit(s, k);
    trace(s, SCHED_EV_DETECT, NONE, k);
    while (u->held.len)
        drop_copy(s, u->held.items[0]);
    for (size_t i = u->plan_head; i < u->plan.len; i++)
        VEC_PUSH(&s->recovered, u->plan.items[i]);
    s->planned_total -= u->plan.len - u->plan_head;
    u->plan.len = u->plan_head = 0;
    u->planned = 0;
}

/* ------------------------------------------------------------ the setup */

/* The error model's factor per batch (precise-rules §1), compounding in
 * the order the thesis code begins the batches: generation, then index. */
static void error_scales(sim *s)
{
    size_t n = s->a->batches.len;
    size_t *level = xmalloc((n + 1) * sizeof *level);
    size_t levels = sched_levels(s->a, level);
    double scale = 1, begun = 0;
    for (size_t g = 0; g < levels; g++)
        for (size_t b = 0; b < n; b++)
            if (level[b] == g) {
                double e = sched_error_step(s->p, begun, s->a->tasks);
                scale += scale * e;
                s->scale[b] = scale;
                begun += (double)s->a->batches.items[b].m;
            }
    free(level);
}

typedef struct {
    double power;
    uint32_t up;
} ranked;

static int by_power(const void *x, const void *y)
{
    const ranked *a = x, *b = y;
    if (a->power != b->power)
        return a->power > b->power ? -1 : 1;
    return a->up < b->up ? -1 : a->up > b->up;
}

/* Slots: max(1, round(2 f / f_max)) of the factors the scheduler knows
 * (A5); WQR knows none, and gives a UP one task at a time. */
static unsigned slots_of(const sim *s, size_t k, double fastest)
{
    if (s->o->slots)
        return s->o->slots;
    if (s->o->kind == SCHED_WQR)
        return 1;
    /* The ratio first: 2 f overflows for f past half the largest double
     * (f / fastest <= 1 never does). */
    double v = round(2 * (known_factor(s, k) / fastest));
    return v < 1 ? 1 : (unsigned)v;
}

static void setup_ups(sim *s)
{
    size_t n = s->nups;
    double fastest = 0;
    for (size_t k = 0; k < n; k++)
        fastest = fmax(fastest, known_factor(s, k));
    s->ups = xcalloc(n, sizeof *s->ups);
    s->r->slots = xcalloc(n, sizeof *s->r->slots);
    s->r->first_results = xcalloc(n, sizeof *s->r->first_results);
    s->rank_up = xmalloc(n * sizeof *s->rank_up);
    s->up_rank = xmalloc(n * sizeof *s->up_rank);
    s->freemap = xcalloc(n / 64 + 1, sizeof *s->freemap);
    for (size_t k = 0; k < n; k++) {
        up_state *u = &s->ups[k];
        u->speed = s->p->ups.items[k].real * s->unit;
        u->alive = 1;
        u->slots = s->r->slots[k] = slots_of(s, k, fastest);
        s->rank_up[k] = (uint32_t)k;
        s->r->ideal_speedup += s->p->ups.items[k].real;
    }
    /* Free UPs are served largest known power first (Fig. 3.2 l.
     * 16-18); WQR knows no power: platform order. */
    if (s->o->kind != SCHED_WQR) {
        ranked *order = xmalloc(n * sizeof *order);
        for (size_t k = 0; k < n; k++)
            order[k] = (ranked){known_factor(s, k), (uint32_t)k};
        qsort(order, n, sizeof *order, by_power);
        for (size_t k = 0; k < n; k++)
            s->rank_up[k] = order[k].up;
        free(order);
    }
    for (size_t r = 0; r < n; r++)
        s->up_rank[s->rank_up[r]] = (uint32_t)r;
    for (size_t k = 0; k < n; k++)
        set_free_bit(s, k);
}

static void setup_tasks(sim *s)
{
    const sched_app *a = s->a;
    size_t n = a->batches.len;
    s->r->batch_first = xmalloc((n + 1) * sizeof *s->r->batch_first);
    s->r->batch_first[0] = 0;
    for (size_t b = 0; b < n; b++)
        s->r->batch_first[b + 1] = s->r->batch_first[b] + a->batches.items[b].m;
    s->tasks = xmalloc((a->tasks + 1) * sizeof *s->tasks);
    for (size_t b = 0; b < n; b++)
        for (uint64_t t = s->r->batch_first[b]; t < s->r->batch_first[b + 1]; t++)
            s->tasks[t] = (task_state){0, INFINITY, NONE, (uint32_t)b, 0, T_WAIT, 0};
    s->preds_left = xcalloc(n + 1, sizeof *s->preds_left);
    s->done_in = xcalloc(n + 1, sizeof *s->done_in);
    s->succ_start = xcalloc(n + 2, sizeof *s->succ_start);
    s->succ = xmalloc((a->edges.len + 1) * sizeof *s->succ);
    for (size_t e = 0; e < a->edges.len; e++) {
        s->succ_start[a->edges.items[e].from + 1]++;
        s->preds_left[a->edges.items[e].to]++;
    }
    for (size_t b = 0; b < n; b++)
        s->succ_start[b + 1] += s->succ_start[b];
    size_t *fill = xmalloc((n + 1) * sizeof *fill);
    memcpy(fill, s->succ_start, (n + 1) * sizeof *fill);
    for (size_t e = 0; e < a->edges.len; e++)
        s->succ[fill[a->edges.items[e].from]++] = a->edges.items[e].to;
    free(fill);
    for (size_t b = 0; b < n; b++)
        s->r->sequential += (double)a->batches.items[b].m * s->t[b];
}

static int check(const sched_app *a, const sched_platform *p,
                 const sched_event_options *o, diag *d, const char *file)
{
    srcloc at = {file, 0, 0};
    if (a->tasks >= NONE) {
        diag_error(d, at, "%llu tasks: the event model holds at most %u",
                   (unsigned long long)a->tasks, NONE - 1);
        return -1;
    }
    if ((o->alloc == SCHED_BESTFIT || o->kind == SCHED_MINMIN) &&
        (double)a->tasks * (double)p->ups.len > SCHED_MAX_WORK) {
        diag_error(d, at, "%llu tasks on %zu UPs is past the allocators' "
                   "limit of %g task-UP pairs", (unsigned long long)a->tasks,
                   p->ups.len, SCHED_MAX_WORK);
        return -1;
    }
    return 0;
}

void sched_event_result_free(sched_event_result *r)
{
    free(r->trace.items);
    free(r->first_results);
    free(r->slots);
    free(r->batch_first);
    memset(r, 0, sizeof *r);
}

void sim_close(sim *s)
{
    for (size_t k = 0; s->ups && k < s->nups; k++) {
        free(s->ups[k].run.items);
        free(s->ups[k].held.items);
        free(s->ups[k].plan.items);
    }
    free(s->ups);
    free(s->rank_up);
    free(s->up_rank);
    free(s->freemap);
    free(s->tasks);
    free(s->copies.items);
    free(s->queue.items);
    free(s->ready.items);
    free(s->recovered.items);
    free(s->pending.items);
    free(s->t);
    free(s->scale);
    free(s->preds_left);
    free(s->done_in);
    free(s->succ_start);
    free(s->succ);
    policy_free(s);
}

/* The coordinator's state for a run of a on p under o, results into r
 * (zeroed first), its copies moved by clock: the task times, the error
 * model's factors, the UPs and their slots, the tasks, the policy, the
 * sources ready. 0, or -1 after a diagnostic (nothing to close). */
int sim_open(sim *s, const sched_app *a, const sched_platform *p,
             const sched_event_options *o, sched_event_result *r,
             const sim_clock *clock, diag *d, const char *file)
{
    memset(r, 0, sizeof *r);
    *s = (sim){.a = a, .p = p, .o = o, .r = r, .nups = p->ups.len,
               .free_copy = NONE, .clock = clock};
    if (check(a, p, o, d, file) < 0)
        return -1;
    size_t n = a->batches.len;
    r->tasks = a->tasks;
    s->t = xmalloc((n + 1) * sizeof *s->t);
    if (sched_task_times(a, p, s->t, d, file) < 0) {
        free(s->t);
        return -1;
    }
    s->scale = xmalloc((n + 1) * sizeof *s->scale);
    error_scales(s);
    s->unit = work_unit(s);
    setup_ups(s);
    setup_tasks(s);
    policy_init(s);
    for (size_t b = 0; b < n; b++)
        if (s->preds_left[b] == 0)
            make_ready(s, b);
    return 0;
}

/* The coordinator acts on one state: the tasks made ready go to the
 * policy, then the free UPs get work. */
void sim_decide(sim *s)
{
    if (s->ready.len || s->recovered.len)
        policy_ready(s);
    policy_fill(s);
}
