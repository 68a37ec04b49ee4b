/* Unit tests of lib/sched's event model: the walk-through of Fig. 3.1
 * (steps I-VIII) under both replica rules, the CPU share of originals and
 * replicas, the coordinator's link, failures and load changes, all
 * computed by hand; --calibrate on a trace made by hand; and invariants
 * over random instances. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"
#include "unit.h"

static void add_up(sched_platform *p, double real, double estimated,
                   double link)
{
    VEC_PUSH(&p->ups, ((sched_up){NULL, real, estimated, link, 0, 0, 0, 0}));
}

static void add_batch(sched_app *a, uint64_t m)
{
    VEC_PUSH(&a->batches, ((sched_batch){NULL, 1, m, 0}));
    a->tasks += m;
}

static void clear(sched_app *a, sched_platform *p)
{
    free(a->batches.items);
    free(a->edges.items);
    free(p->ups.items);
    free(p->tasktimes.items);
    free(p->speeds.items);
    memset(a, 0, sizeof *a);
    memset(p, 0, sizeof *p);
}

static sched_event_options gstr_options(void)
{
    return (sched_event_options){SCHED_GSTR, SCHED_BESTFIT, 0, 0.5, 0,
                                 SCHED_REPLICA_FORMAL, 2, 1, 0};
}

static int run(const sched_app *a, const sched_platform *p,
               const sched_event_options *o, sched_event_result *r)
{
    diag d;
    diag_init(&d, "test_event", stderr);
    return sched_event_run(a, p, o, r, &d, "test");
}

/* The trace line i is (kind, task, UP). */
static int line_is(const sched_event_result *r, size_t i, int kind,
                   uint64_t task, uint32_t up)
{
    if (i >= r->trace.len) {
        printf("# trace has %zu lines, no line %zu\n", r->trace.len, i);
        return 0;
    }
    const sched_trace *e = &r->trace.items[i];
    if (e->kind == kind && e->task == task && e->up == up)
        return 1;
    printf("# line %zu: kind %d task %llu UP %u, expected %d %llu %u\n", i,
           e->kind, (unsigned long long)e->task, e->up, kind,
           (unsigned long long)task, up);
    return 0;
}

/* Fig. 3.1: four UPs, fastest first (factors 3, 1.2, 1, 0.8: slots 2, 1,
 * 1, 1 by max(1, round(2 f / f_max))), six tasks of 1 s.
 *   I-II  best-fit plans ceil(6/2) = 3 tasks: PU1 (1/3), PU1 (2/3 against
 *         PU2's 0.83), PU2 (0.83 against PU1's 1); the other three fill
 *         the free slots largest power first: PU3, PU4, and one waits;
 *   III-VI PU1's two tasks end at 2/3 (each at half of 3): the waiting
 *         task goes to PU1 (IV), and PU1's other slot replicates the task
 *         on PU4, the slowest of three equally old unreplicated (VI);
 *   VII-VIII PU2's task ends at 1/1.2: the unreplicated candidates are
 *         PU3's (started at 0) and PU1's from IV (started at 2/3). The
 *         walk-through replicates PU3's (slowest-up); Fig. 3.2's rule, the
 *         one running for the least time, picks PU1's (A3). */
static void test_fig31(sched_replica_order order)
{
    sched_app a = {0};
    sched_platform p = {0};
    add_batch(&a, 6);
    VEC_PUSH(&p.tasktimes, ((sched_tasktime){1, 1}));
    add_up(&p, 3, 3, 0);
    add_up(&p, 1.2, 1.2, 0);
    add_up(&p, 1, 1, 0);
    add_up(&p, 0.8, 0.8, 0);
    sched_event_options o = gstr_options();
    o.replica_order = order;
    sched_event_result r;
    CHECK_INT(run(&a, &p, &o, &r), 0);
    CHECK_INT(r.slots[0], 2);
    CHECK_INT(r.slots[1] + r.slots[2] + r.slots[3], 3);
    enum { D = SCHED_EV_DISPATCH, R = SCHED_EV_REPLICA, F = SCHED_EV_FINISH };
    /* II */
    CHECK(line_is(&r, 0, D, 0, 0));
    CHECK(line_is(&r, 1, D, 1, 0));
    CHECK(line_is(&r, 2, D, 2, 1));
    CHECK(line_is(&r, 3, D, 3, 2));
    CHECK(line_is(&r, 4, D, 4, 3));
    /* III, V: PU1's two; IV: the waiting task to PU1; VI: PU4's replicated */
    CHECK(line_is(&r, 5, F, 0, 0));
    CHECK(line_is(&r, 6, F, 1, 0));
    CHECK(line_is(&r, 7, D, 5, 0));
    CHECK(line_is(&r, 8, R, 4, 0));
    CHECK_NEAR(r.trace.items[8].time, 2.0 / 3, 1e-15);
    /* VII, VIII */
    CHECK(line_is(&r, 9, F, 2, 1));
    CHECK_NEAR(r.trace.items[9].time, 1 / 1.2, 1e-15);
    CHECK(line_is(&r, 10, R, order == SCHED_REPLICA_SLOWEST_UP ? 3 : 5, 1));
    CHECK_INT(r.done, 6);
    CHECK_INT(r.lost, 0);
    CHECK_INT(r.cancelled, r.replicas);   /* every loser cancelled */
    sched_event_result_free(&r);
    clear(&a, &p);
}

static void test_fig31_walkthrough(void)
{
    test_fig31(SCHED_REPLICA_SLOWEST_UP);
}

static void test_fig31_formal_rule(void)
{
    test_fig31(SCHED_REPLICA_FORMAL);
}

/* Originals weigh twice replicas on a UP. Two UPs of factor 1 and two
 * slots, three tasks of 1 s, none planned (theta 0): UP 1 takes tasks 0
 * and 1, UP 2 task 2 and a replica of task 0 (the first of equals). On UP
 * 2 task 2 runs at 2/3 and ends at 1.5 (at equal shares, at 2). */
static void test_originals_twice_replicas(void)
{
    sched_app a = {0};
    sched_platform p = {0};
    add_batch(&a, 3);
    VEC_PUSH(&p.tasktimes, ((sched_tasktime){1, 1}));
    add_up(&p, 1, 1, 0);
    add_up(&p, 1, 1, 0);
    sched_event_options o = gstr_options();
    o.theta = 0;
    o.slots = 2;
    sched_event_result r;
    CHECK_INT(run(&a, &p, &o, &r), 0);
    CHECK(line_is(&r, 3, SCHED_EV_REPLICA, 0, 1));
    CHECK(line_is(&r, 4, SCHED_EV_FINISH, 2, 1));
    CHECK(r.trace.len > 4 && r.trace.items[4].time == 1.5);
    sched_event_result_free(&r);
    clear(&a, &p);
}

/* The coordinator sends one task at a time. Two UPs of factor 1 with
 * links of 1 s, two tasks of 1 s, static best-fit: task 0 to UP 1 (sent
 * 0-1, done 2, back 3), task 1 to UP 2 (Δ 0 against 3; sent 1-2, done 3,
 * back 4). */
static void test_link(void)
{
    sched_app a = {0};
    sched_platform p = {0};
    add_batch(&a, 2);
    VEC_PUSH(&p.tasktimes, ((sched_tasktime){1, 1}));
    add_up(&p, 1, 1, 1);
    add_up(&p, 1, 1, 1);
    sched_event_options o = gstr_options();
    o.kind = SCHED_STATIC;
    sched_event_result r;
    CHECK_INT(run(&a, &p, &o, &r), 0);
    CHECK(line_is(&r, 2, SCHED_EV_FINISH, 0, 0));
    CHECK(r.trace.len > 3 && r.trace.items[2].time == 3);
    CHECK(line_is(&r, 3, SCHED_EV_FINISH, 1, 1));
    CHECK(r.makespan == 4);
    sched_event_result_free(&r);
    clear(&a, &p);
}

/* Two tasks of 1 s on two UPs of factor 1; UP 2 fails at 0.5. */
static void two_tasks_up2_fails(sched_app *a, sched_platform *p)
{
    add_batch(a, 2);
    VEC_PUSH(&p->tasktimes, ((sched_tasktime){1, 1}));
    add_up(p, 1, 1, 0);
    add_up(p, 1, 1, 0);
    p->ups.items[1].fails = 1;
    p->ups.items[1].fail_at = 0.5;
}

/* A UP that fails at 0.5 while running a task of 1 s: static loses it;
 * GSTR replicates it when UP 1 falls idle at 1 and ends at 2, the lost
 * copy cancelled with half its work wasted; WQR too. */
static void test_failure(void)
{
    sched_app a = {0};
    sched_platform p = {0};
    two_tasks_up2_fails(&a, &p);
    sched_event_options o = gstr_options();
    o.slots = 1;
    for (int kind = 0; kind < 5; kind++) {
        o.kind = (sched_kind)kind;
        sched_event_result r;
        CHECK_INT(run(&a, &p, &o, &r), 0);
        if (o.kind == SCHED_GSTR || o.kind == SCHED_WQR) {
            CHECK_INT(r.lost, 0);
            CHECK(r.makespan == 2);
            CHECK_INT(r.replicas, 1);
            CHECK_INT(r.cancelled, 1);
            CHECK(r.wasted == 0.5);
        } else {
            CHECK_INT(r.lost, 1);
            CHECK_INT(r.done, 1);
        }
        sched_event_result_free(&r);
    }
    clear(&a, &p);
}

/* The same failure, known to the coordinator 0.25 s later (--detect): the
 * lost task is ready again at 0.75 and goes to UP 1, free at 1 (static's
 * plan for it, WQR's queue, MinMin's list): done at 2, nothing lost,
 * for every scheduler; GSTR replicates nothing, the task being ready. */
static void test_failure_detected(void)
{
    sched_app a = {0};
    sched_platform p = {0};
    two_tasks_up2_fails(&a, &p);
    sched_event_options o = gstr_options();
    o.slots = 1;
    o.detect = 0.25;
    o.wqr_copies = 1;
    for (int kind = 0; kind < 5; kind++) {
        o.kind = (sched_kind)kind;
        sched_event_result r;
        CHECK_INT(run(&a, &p, &o, &r), 0);
        CHECK_INT(r.lost, 0);
        CHECK(r.makespan == 2);
        CHECK_INT(r.replicas, 0);
        CHECK(r.wasted == 0.5);
        sched_event_result_free(&r);
    }
    clear(&a, &p);
}

/* Every UP fails and the coordinator learns it: the tasks are lost, for
 * every scheduler, and nothing is planned past the last UP (MinMin read
 * past its list here once). */
static void test_every_up_known_dead(void)
{
    sched_app a = {0};
    sched_platform p = {0};
    add_batch(&a, 6);
    add_batch(&a, 3);
    VEC_PUSH(&a.edges, ((sched_edge){0, 1}));
    VEC_PUSH(&p.tasktimes, ((sched_tasktime){1, 1}));
    add_up(&p, 1, 1, 0);
    add_up(&p, 0.5, 0.5, 0);
    p.ups.items[0].fails = p.ups.items[1].fails = 1;
    p.ups.items[0].fail_at = 1.5;
    p.ups.items[1].fail_at = 0.5;
    sched_event_options o = gstr_options();
    o.detect = 0.25;
    for (int kind = 0; kind < 5; kind++)
        for (int alloc = 0; alloc < 2; alloc++) {
            o.kind = (sched_kind)kind;
            o.alloc = alloc ? SCHED_BESTFIT : SCHED_TRIVIAL;
            sched_event_result r;
            CHECK_INT(run(&a, &p, &o, &r), 0);
            CHECK(r.lost > 0 && r.done + r.lost == 9);
            sched_event_result_free(&r);
        }
    clear(&a, &p);
}

/* A task of 2 s on a UP of factor 1 that halves its speed at 1: 1 s of
 * work left at 0.5, done at 3. */
static void test_speed_change(void)
{
    sched_app a = {0};
    sched_platform p = {0};
    add_batch(&a, 1);
    VEC_PUSH(&p.tasktimes, ((sched_tasktime){1, 2}));
    add_up(&p, 1, 1, 0);
    VEC_PUSH(&p.speeds, ((sched_speed){0, 1, 0.5, 0}));
    sched_event_options o = gstr_options();
    sched_event_result r;
    CHECK_INT(run(&a, &p, &o, &r), 0);
    CHECK(r.makespan == 3);
    sched_event_result_free(&r);
    clear(&a, &p);
}

/* A `time` record replaces tasktime / factor for its pair, in the play
 * and in what the allocator sees: one task of type L1 (tasktime 1) on UP a
 * (factor 1, 3 s by its record) and b (factor 0.5, 2 s): best-fit sees 3
 * against 2 and sends it to b; with a's record at 1.5 s, to a; and a load
 * change halves a's speed from 1 s: 1 + 0.5 / 0.5 = 2. */
static void test_time_record(void)
{
    sched_app a = {0};
    sched_platform p = {0};
    add_batch(&a, 1);
    VEC_PUSH(&p.tasktimes, ((sched_tasktime){1, 1}));
    add_up(&p, 1, 1, 0);
    add_up(&p, 0.5, 0.5, 0);
    VEC_PUSH(&p.times, ((sched_time){1, 0, 3, NAN}));
    sched_event_options o = gstr_options();
    o.kind = SCHED_STATIC;
    sched_event_result r;
    CHECK_INT(run(&a, &p, &o, &r), 0);
    CHECK(r.makespan == 2 && r.first_results[1] == 1);
    sched_event_result_free(&r);
    p.times.items[0].seconds = 1.5;
    VEC_PUSH(&p.speeds, ((sched_speed){0, 1, 0.5, 0}));
    CHECK_INT(run(&a, &p, &o, &r), 0);
    CHECK(r.makespan == 2 && r.first_results[0] == 1);
    sched_event_result_free(&r);
    free(p.times.items);
    clear(&a, &p);
}

/* A random DAG of nb batches of 1 to max_m tasks, of types L1 and L2
 * alternately, each edge forward with probability 1/3, and the two
 * types' times. */
static void random_graph(rng *g, sched_app *a, sched_platform *p, size_t nb,
                         uint64_t max_m)
{
    for (size_t b = 0; b < nb; b++) {
        add_batch(a, 1 + rng_below(g, max_m));
        a->batches.items[b].type = 1 + b % 2;
        for (size_t x = 0; x < b; x++)
            if (rng_below(g, 3) == 0)
                VEC_PUSH(&a->edges, ((sched_edge){x, b}));
    }
    VEC_PUSH(&p->tasktimes, ((sched_tasktime){1, 0.5 + rng_uniform(g)}));
    VEC_PUSH(&p->tasktimes, ((sched_tasktime){2, 2 * rng_uniform(g)}));
}

/* Random DAGs of batches on random UPs, every scheduler: every task
 * finishes once, the losing copies are the cancelled ones, no UP holds
 * more than it may, the makespan is at least the work over the total
 * speed, and a second run gives the same bytes. */
static void test_invariants(void)
{
    rng g;
    rng_seed(&g, 31);
    int runs = 0, replicated = 0;
    for (int trial = 0; trial < 300; trial++) {
        sched_app a = {0};
        sched_platform p = {0};
        size_t nb = 1 + rng_below(&g, 6), nups = 1 + rng_below(&g, 9);
        random_graph(&g, &a, &p, nb, 30);
        double speed = 0;
        for (size_t k = 0; k < nups; k++) {
            double f = 0.2 + rng_uniform(&g);
            add_up(&p, f, f * (0.5 + rng_uniform(&g)),
                   rng_below(&g, 2) ? 0.05 * rng_uniform(&g) : 0);
            speed += f;
        }
        sched_event_options o = gstr_options();
        o.kind = (sched_kind)rng_below(&g, 5);
        o.alloc = rng_below(&g, 2) ? SCHED_BESTFIT : SCHED_TRIVIAL;
        o.theta = rng_uniform(&g);
        o.replica_order = (sched_replica_order)rng_below(&g, 2);
        sched_event_result r, again;
        CHECK_INT(run(&a, &p, &o, &r), 0);
        CHECK_INT(run(&a, &p, &o, &again), 0);
        runs++;
        CHECK_INT(r.done, a.tasks);
        CHECK_INT(r.lost, 0);
        CHECK_INT(r.cancelled, r.replicas);
        replicated += r.replicas > 0;
        CHECK(r.makespan >= r.sequential / speed * (1 - 1e-12));
        uint64_t finishes = 0;
        for (size_t i = 0; i < r.trace.len; i++)
            finishes += r.trace.items[i].kind == SCHED_EV_FINISH;
        CHECK_INT(finishes, a.tasks);
        int same = r.trace.len == again.trace.len;
        for (size_t i = 0; same && i < r.trace.len; i++) {
            const sched_trace *x = &r.trace.items[i], *y = &again.trace.items[i];
            same = x->time == y->time && x->task == y->task &&
                   x->up == y->up && x->kind == y->kind;
        }
        CHECK(same);
        sched_event_result_free(&r);
        sched_event_result_free(&again);
        clear(&a, &p);
    }
    CHECK_INT(runs, 300);
    CHECK(replicated > 50);            /* replication was exercised */
}

/* The invariants of the event model on random instances with everything
 * that can go wrong: UPs that fail (from the start, mid-run, or drawn so
 * that every UP may be gone), load changes, the coordinator told or not
 * (--detect), fixed slots, every scheduler and allocator. On each:
 * - every task finishes exactly once, unless it is reported lost (done +
 *   lost = tasks, one finish line per task done, none for a lost one);
 * - no finish comes from a UP after its fail event (a fail-stop UP
 *   delivers nothing after its failure, results on their way back
 *   included), and no copy goes to a UP after the coordinator knows;
 * - when nothing is lost, the makespan is at least the work over the
 *   largest total speed the platform ever has;
 * - a second run gives the same trace and the same numbers. */
static int same_run(const sched_event_result *x, const sched_event_result *y,
                    size_t nups)
{
    if (x->trace.len != y->trace.len || x->makespan != y->makespan ||
        x->done != y->done || x->lost != y->lost ||
        x->replicas != y->replicas || x->cancelled != y->cancelled ||
        x->wasted != y->wasted || x->events != y->events)
        return 0;
    for (size_t i = 0; i < x->trace.len; i++) {
        const sched_trace *a = &x->trace.items[i], *b = &y->trace.items[i];
        if (a->time != b->time || a->task != b->task || a->up != b->up ||
            a->kind != b->kind)
            return 0;
    }
    for (size_t k = 0; k < nups; k++)
        if (x->first_results[k] != y->first_results[k] ||
            x->slots[k] != y->slots[k])
            return 0;
    return 1;
}

static void test_invariants_failures(void)
{
    rng g;
    rng_seed(&g, 57);
    int trials = 600, lost_runs = 0, late_fails = 0;
    int bad_count = 0, bad_once = 0, bad_after_fail = 0, bad_after_detect = 0;
    int bad_bound = 0, bad_again = 0;
    for (int trial = 0; trial < trials; trial++) {
        sched_app a = {0};
        sched_platform p = {0};
        size_t nb = 1 + rng_below(&g, 6), nups = 1 + rng_below(&g, 7);
        random_graph(&g, &a, &p, nb, 25);
        double *most = calloc(nups, sizeof *most);
        for (size_t k = 0; k < nups; k++) {
            double f = 0.2 + rng_uniform(&g);
            add_up(&p, f, f * (0.5 + rng_uniform(&g)),
                   rng_below(&g, 2) ? 0.3 * rng_uniform(&g) : 0);
            most[k] = 1;
            unsigned what = rng_below(&g, 4);
            if (what == 0 || (what == 1 && k > 0)) {   /* fails */
                p.ups.items[k].fails = 1;
                p.ups.items[k].fail_at = what == 1 ? 0 : 8 * rng_uniform(&g);
                late_fails += what == 0;
            }
            for (unsigned v = rng_below(&g, 3); v > 0; v--) {
                double m = 0.05 + 1.5 * rng_uniform(&g);
                VEC_PUSH(&p.speeds, ((sched_speed){k, 6 * rng_uniform(&g), m, 0}));
                most[k] = fmax(most[k], m);
            }
        }
        double fastest = 0;
        for (size_t k = 0; k < nups; k++)
            fastest += p.ups.items[k].real * most[k];
        free(most);
        sched_event_options o = gstr_options();
        o.kind = (sched_kind)rng_below(&g, 5);
        o.alloc = rng_below(&g, 2) ? SCHED_BESTFIT : SCHED_TRIVIAL;
        o.theta = rng_uniform(&g);
        o.replica_order = (sched_replica_order)rng_below(&g, 2);
        o.wqr_copies = 1 + rng_below(&g, 3);
        o.slots = rng_below(&g, 3) == 0 ? 1 + rng_below(&g, 3) : 0;
        o.detect = rng_below(&g, 2) ? 0.05 + rng_uniform(&g) : 0;
        sched_event_result r, again;
        CHECK_INT(run(&a, &p, &o, &r), 0);
        CHECK_INT(run(&a, &p, &o, &again), 0);
        lost_runs += r.lost > 0;
        bad_count += r.done + r.lost != a.tasks;
        unsigned char *finished = calloc(a.tasks, 1);
        unsigned char *failed = calloc(nups, 1), *known = calloc(nups, 1);
        uint64_t finishes = 0;
        int once = 1, after_fail = 0, after_detect = 0;
        for (size_t i = 0; i < r.trace.len; i++) {
            const sched_trace *e = &r.trace.items[i];
            switch (e->kind) {
            case SCHED_EV_FAIL:     failed[e->up] = 1; break;
            case SCHED_EV_DETECT:   known[e->up] = 1; break;
            case SCHED_EV_FINISH:
                finishes++;
                once &= finished[e->task]++ == 0;
                after_fail |= failed[e->up];
                break;
            case SCHED_EV_DISPATCH:
            case SCHED_EV_REPLICA:
                after_detect |= known[e->up];
                break;
            }
        }
        bad_once += !once || finishes != r.done;
        bad_after_fail += after_fail;
        bad_after_detect += after_detect;
        if (!r.lost)
            bad_bound += !(r.makespan >= r.sequential / fastest * (1 - 1e-12));
        bad_again += !same_run(&r, &again, nups);
        if (after_fail && bad_after_fail == 1)
            printf("# trial %d: a finish after its UP's fail event\n", trial);
        free(finished);
        free(failed);
        free(known);
        sched_event_result_free(&r);
        sched_event_result_free(&again);
        clear(&a, &p);
    }
    CHECK_INT(bad_count, 0);
    CHECK_INT(bad_once, 0);
    CHECK_INT(bad_after_fail, 0);
    CHECK_INT(bad_after_detect, 0);
    CHECK_INT(bad_bound, 0);
    CHECK_INT(bad_again, 0);
    CHECK(lost_runs > 30 && lost_runs < trials - 30);  /* both exercised */
    CHECK(late_fails > 100);
}

/* --calibrate (sched_calibrate) on a trace made by hand: a task's sample
 * is the time from the send of the copy that won (a replica here) to its
 * result; the pairs measured replace the platform's time records, a pair
 * with no first result gets none, and the type's tasktime is the mean. */
static void test_calibrate_by_hand(void)
{
    sched_app a = {0};
    sched_platform p = {0};
    add_batch(&a, 2);
    add_up(&p, 1, 1, 0);
    add_up(&p, 1, 1, 0);
    VEC_PUSH(&p.tasktimes, ((sched_tasktime){1, 9}));
    VEC_PUSH(&p.times, ((sched_time){1, 0, 7, NAN}));
    uint64_t first[] = {0, 2};
    sched_event_result r = {.tasks = 2, .done = 2, .batch_first = first};
    sched_trace lines[] = {
        {0, 0, 0, SCHED_EV_DISPATCH}, {0, 1, 1, SCHED_EV_DISPATCH},
        {1, 0, 1, SCHED_EV_REPLICA}, {2, 1, 1, SCHED_EV_FINISH},
        {4, 0, 1, SCHED_EV_FINISH}, {4, 0, 0, SCHED_EV_CANCEL}};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        VEC_PUSH(&r.trace, lines[i]);
    diag d;
    diag_init(&d, "test_event", stderr);
    CHECK_INT(sched_calibrate(&a, &p, &r, &d, "test"), 0);
    CHECK_INT((int)p.times.len, 1);
    CHECK(p.times.items[0].up == 1 && p.times.items[0].seconds == 2.5 &&
          isnan(p.times.items[0].estimated));
    CHECK(sched_task_seconds(&p, 1) == 2.5);
    /* No task of the type finished: nothing to calibrate it by. */
    r.trace.len = 2;
    CHECK_INT(sched_calibrate(&a, &p, &r, &d, "test"), -1);
    free(r.trace.items);
    free(p.times.items);
    clear(&a, &p);
}

int main(void)
{
    RUN(test_calibrate_by_hand);
    RUN(test_fig31_walkthrough);
    RUN(test_fig31_formal_rule);
    RUN(test_originals_twice_replicas);
    RUN(test_link);
    RUN(test_failure);
    RUN(test_failure_detected);
    RUN(test_every_up_known_dead);
    RUN(test_speed_change);
    RUN(test_time_record);
    RUN(test_invariants);
    RUN(test_invariants_failures);
    return unit_done();
}
