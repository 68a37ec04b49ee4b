/* event.c — gstr-sched's event model: a discrete-event simulation of the
 * schedulers as the thesis's prose defines them (§3.1, Fig. 3.2, the
 * walk-through of Fig. 3.1; precise-rules §1 "Event mode" and A3-A5) and
 * of two baselines on the same platform, WQR and MinMin. This is the
 * simulated clock: the event queue, the links and the UPs' processor
 * sharing; coord.c keeps the coordinator's view of the tasks and copies
 * and policy.c decides what a free UP gets, for this clock and the real
 * one (mpi_run.c) alike. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/heap.h"
#include "sched/event.h"

/* ------------------------------------------------------- the event queue */

static int before(const sim *s, const event *x, const event *y)
{
    (void)s;
    return x->time < y->time || (x->time == y->time && x->seq < y->seq);
}

HEAP_DEFINE(event_heap, event, const sim *, before)

static void push_event(sim *s, double time, uint32_t kind, uint32_t a,
                       uint32_t b)
{
    event e = {time, s->seq++, kind, a, b};
    event_heap_push(&s->queue.items, &s->queue.len, &s->queue.cap, e, s);
}

static event pop_event(sim *s)
{
    return event_heap_pop(s->queue.items, &s->queue.len, s);
}

/* ----------------------------------------------- UPs: processor sharing */

/* The copies on UP k progress at speed * weight / (sum of the weights):
 * bring their remaining work up to now. */
static void advance(sim *s, size_t k)
{
    up_state *u = &s->ups[k];
    double dt = s->now - u->last;
    if (dt > 0 && u->run.len && u->speed > 0) {
        double per_weight = u->speed * dt / u->weights;
        for (size_t i = 0; i < u->run.len; i++) {
            copy *c = &s->copies.items[u->run.items[i]];
            c->remaining = fmax(0, c->remaining - per_weight * c->weight);
        }
    }
    u->last = s->now;
}

/* When copy c on u ends if nothing changes. */
static double copy_end(const up_state *u, const copy *c)
{
    return u->last + c->remaining * u->weights / (u->speed * c->weight);
}

/* After a change on UP k (advanced to now): its next completion. */
static void reschedule(sim *s, size_t k)
{
    up_state *u = &s->ups[k];
    u->version++;
    if (!u->run.len || !u->alive)
        return;
    double first = INFINITY;
    for (size_t i = 0; i < u->run.len; i++)
        first = fmin(first, copy_end(u, &s->copies.items[u->run.items[i]]));
    push_event(s, first, EV_DONE, (uint32_t)k, u->version);
}

static void run_remove(up_state *u, uint32_t id, const copy *c)
{
    for (size_t i = 0; i < u->run.len; i++)
        if (u->run.items[i] == id) {
            u->run.items[i] = u->run.items[--u->run.len];
            u->weights -= c->weight;
            break;
        }
    if (!u->run.len)
        u->weights = 0;     /* no drift from the sums */
}

/* ------------------------------------------------------------ the clock */

/* A dispatched copy goes over the coordinator's link, one send at a time. */
static void sim_start(sim *s, uint32_t id)
{
    copy *c = &s->copies.items[id];
    double send = fmax(s->now, s->link_free);
    s->link_free = send + link_of(s, s->tasks[c->task].batch, c->up);
    push_event(s, s->link_free, EV_ARRIVE, id, 0);
}

/* A cancelled or dropped copy stops computing; its event, if one is on
 * its way (an arrival, a result, or one lost with its UP), frees it. */
static int sim_stop(sim *s, uint32_t id)
{
    copy *c = &s->copies.items[id];
    size_t k = c->up;
    if (c->state == C_COMPUTING) {
        advance(s, k);
        run_remove(&s->ups[k], id, c);
        reschedule(s, k);
    }
    s->r->wasted += (c->work - c->remaining) / s->unit;
    return c->state == C_TRANSIT || c->state == C_RETURNING ||
           c->state == C_LOST_BACK;
}

static const sim_clock simulated = {sim_start, sim_stop};

/* -------------------------------------------------------------- events */

static void on_arrive(sim *s, uint32_t id)
{
    copy *c = &s->copies.items[id];
    if (c->state == C_CANCELLED) {
        free_copy(s, id);
        return;
    }
    size_t k = c->up;
    up_state *u = &s->ups[k];
    if (!u->alive) {        /* silently lost: the coordinator still waits */
        c->state = C_LOST;
        return;
    }
    advance(s, k);
    VEC_PUSH(&u->run, id);
    u->weights += c->weight;
    c->state = C_COMPUTING;
    reschedule(s, k);
}

static void on_done(sim *s, size_t k, uint32_t version)
{
    up_state *u = &s->ups[k];
    if (version != u->version || !u->alive)
        return;
    /* The copies whose end, computed as when the event was queued, has
     * come (the event's own and any that end with it) are marked first:
     * the others progress at the shares they had until now. */
    for (size_t i = 0; i < u->run.len; i++) {
        copy *c = &s->copies.items[u->run.items[i]];
        if (copy_end(u, c) <= s->now)
            c->state = C_RETURNING;
    }
    advance(s, k);
    for (size_t i = 0; i < u->run.len;) {
        uint32_t id = u->run.items[i];
        copy *c = &s->copies.items[id];
        if (c->state == C_RETURNING) {
            c->remaining = 0;
            u->weights -= c->weight;
            u->run.items[i] = u->run.items[--u->run.len];
            push_event(s, s->now + link_of(s, s->tasks[c->task].batch, k),
                       EV_RESULT, id, 0);
        } else {
            i++;
        }
    }
    if (!u->run.len)
        u->weights = 0;
    reschedule(s, k);
}

static void on_result(sim *s, uint32_t id)
{
    copy *c = &s->copies.items[id];
    if (c->state == C_CANCELLED) {
        free_copy(s, id);
        return;
    }
    if (c->state == C_LOST_BACK) {  /* its UP failed on the way: the
                                       coordinator still waits */
        c->state = C_LOST;
        return;
    }
    accept_result(s, id);
}

static void on_fail(sim *s, size_t k)
{
    up_state *u = &s->ups[k];
    advance(s, k);
    for (size_t i = 0; i < u->run.len; i++) {
        copy *c = &s->copies.items[u->run.items[i]];
        c->state = C_LOST;
    }
    u->run.len = 0;
    /* A result on its way back is lost too: a fail-stop UP delivers
     * nothing after its failure (its link goes with it). */
    for (size_t i = 0; i < u->held.len; i++) {
        copy *c = &s->copies.items[u->held.items[i]];
        if (c->state == C_RETURNING)
            c->state = C_LOST_BACK;
    }
    u->weights = 0;
    u->alive = 0;
    u->version++;
    trace(s, SCHED_EV_FAIL, NONE, k);
    if (s->o->detect > 0)
        push_event(s, s->now + s->o->detect, EV_DETECT, (uint32_t)k, 0);
}

static void on_speed(sim *s, size_t i)
{
    const sched_speed *v = &s->p->speeds.items[i];
    size_t k = v->up;
    advance(s, k);
    s->ups[k].speed = s->p->ups.items[k].real * s->unit * v->multiplier;
    trace(s, SCHED_EV_SPEED, i, k);
    reschedule(s, k);
}

int sched_event_run(const sched_app *a, const sched_platform *p,
                    const sched_event_options *o, sched_event_result *r,
                    diag *d, const char *file)
{
    sim s;
    if (sim_open(&s, a, p, o, r, &simulated, d, file) < 0)
        return -1;
    /* The platform's failures and load changes are events of the clock,
     * queued before the first dispatch: at equal times they come first. */
    for (size_t k = 0; k < s.nups; k++)
        if (p->ups.items[k].fails)
            push_event(&s, p->ups.items[k].fail_at, EV_FAIL, (uint32_t)k, 0);
    for (size_t i = 0; i < p->speeds.len; i++)
        push_event(&s, p->speeds.items[i].time, EV_SPEED, (uint32_t)i, 0);
    sim_decide(&s);
    while (s.queue.len) {
        event e = pop_event(&s);
        s.now = e.time;
        r->events++;
        switch (e.kind) {
        case EV_ARRIVE: on_arrive(&s, e.a); break;
        case EV_DONE:   on_done(&s, e.a, e.b); break;
        case EV_RESULT: on_result(&s, e.a); break;
        case EV_FAIL:   on_fail(&s, e.a); break;
        case EV_SPEED:  on_speed(&s, e.a); break;
        case EV_DETECT: forget_up(&s, e.a); break;
        }
        /* Events at one instant act together: the policy runs after the
         * last of them, as the coordinator sees one state. */
        if (s.queue.len && s.queue.items[0].time == s.now)
            continue;
        sim_decide(&s);
    }
    r->lost = r->tasks - r->done;
    sim_close(&s);
    if (sched_times_finite(r->makespan, r->sequential, r->ideal_speedup,
                           d, file) < 0 ||
        result_finite(d, (srcloc){file, 0, 0}, "the work of the copies "
                      "that gave no result (seconds on the reference UP)",
                      r->wasted, "give the factors relative to a reference "
                      "UP of factor 1") < 0) {
        sched_event_result_free(r);
        return -1;
    }
    return 0;
}
