/* bench_sched — gstr-sched's figures in `make bench`: tasks scheduled and
 * simulated per second of CPU on 10^5 tasks x 10^3 UPs, for each scheduler
 * and allocator of the thesis model, the memory per task, and the
 * best-fit allocator against a baseline measured in the same run: the
 * thesis code's own loop (every candidate UP scanned against every other,
 * O(UPs^2) a task), on fewer tasks.
 *
 *   bench_sched [TASKS [UPS]]      defaults 100000 and 1000
 *
 * With --events, the event model alone, every scheduler (static, GS and
 * GSTR with best-fit, WQR, MinMin) on TASKS tasks: the events each
 * processes per second of CPU, against the goal of 10^6 events/s. A
 * benchmark: it prints the figures and whether each meets the goal; it
 * asserts nothing.
 *
 *   bench_sched --events TASKS UPS */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "sched/sched.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The code's bestfitSchedule step, as written: for each candidate j, the
 * whole tm2 vector and its max. */
static size_t code_bestfit(double *tm, double *tmc, const double *p,
                           const double *c, size_t n, double *tm2,
                           double *tm3)
{
    double df2 = INFINITY;
    size_t bfup = 0;
    for (size_t j = 0; j < n; j++) {
        double after = 0, before = 0;
        for (size_t k = 0; k < n; k++) {
            tm2[k] = fmax(tm[k] - c[j] + (k == j ? 2 * c[j] + p[j] : 0), 0);
            after = fmax(after, tm2[k] + c[j] + *tmc);
            before = fmax(before, tm[k] + *tmc);
        }
        if (after - before < df2) {
            df2 = after - before;
            bfup = j;
            memcpy(tm3, tm2, n * sizeof *tm3);
        }
    }
    *tmc += c[bfup];
    memcpy(tm, tm3, n * sizeof *tm);
    return bfup;
}

static const char *const ekinds[] = {"static", "gs", "gstr", "wqr", "minmin"};

/* One event-model run of scheduler kind with the allocator alloc: its
 * CPU seconds, the result in *res (the caller frees it). */
static double event_run(const sched_app *a, const sched_platform *p, int kind,
                        int alloc, sched_event_result *res)
{
    sched_event_options o = {(sched_kind)kind,
                             alloc ? SCHED_BESTFIT : SCHED_TRIVIAL, 0,
                             0.5, 0, SCHED_REPLICA_FORMAL, 2, 0, 0};
    diag d;
    diag_init(&d, "bench_sched", stderr);
    double t0 = cpu_now();
    if (sched_event_run(a, p, &o, res, &d, "bench") != 0)
        exit(1);
    return cpu_now() - t0;
}

static void event_row(int kind, int alloc, double t,
                      const sched_event_result *res, uint64_t tasks)
{
    printf("%-6s %-17s %9.3f s %12llu %12.0f %9llu %9.0f\n",
           ekinds[kind], kind >= 3 ? "-" : alloc ? "bestfit" : "trivial",
           t, (unsigned long long)res->events, (double)res->events / t,
           (unsigned long long)res->replicas, (double)tasks / t);
    if (res->lost)
        printf("  (%llu tasks lost)\n", (unsigned long long)res->lost);
}

/* --events: every scheduler of the event model, events/s against 10^6. */
static int events_table(const sched_app *a, const sched_platform *p)
{
    printf("%-24s %10s %12s %12s %9s %9s  goal >= 1e6 events/s\n",
           "scheduler", "CPU", "events", "events/s", "replicas", "tasks/s");
    for (int kind = 0; kind < 5; kind++) {
        sched_event_result res;
        double t = event_run(a, p, kind, 1, &res);
        event_row(kind, 1, t, &res, a->tasks);
        printf("  %s: %s\n", ekinds[kind], (double)res.events / t >= 1e6
               ? "meets the goal" : "below the goal");
        sched_event_result_free(&res);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int events_only = argc > 1 && strcmp(argv[1], "--events") == 0;
    if (events_only) {
        argc--;
        argv++;
    }
    uint64_t tasks = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000;
    size_t ups = argc > 2 ? strtoul(argv[2], NULL, 10) : 1000;
    if (tasks < 10 || ups < 2 || (double)tasks * (double)ups > SCHED_MAX_WORK) {
        fprintf(stderr, "bench_sched: TASKS >= 10, UPS >= 2, TASKS x UPS <= %g\n",
                SCHED_MAX_WORK);
        return 2;
    }
    rng r;
    rng_seed(&r, 6);
    /* Ten batches in a chain, heterogeneous UPs with links, an error
     * model on half of them. */
    sched_app a = {0};
    sched_platform p = {0};
    size_t nb = 10;
    for (size_t b = 0; b < nb; b++) {
        VEC_PUSH(&a.batches, ((sched_batch){NULL, 1, tasks / nb, 0}));
        a.tasks += tasks / nb;
        if (b)
            VEC_PUSH(&a.edges, ((sched_edge){b - 1, b}));
    }
    VEC_PUSH(&p.tasktimes, ((sched_tasktime){1, 1.0}));
    for (size_t k = 0; k < ups; k++) {
        double f = 0.1 + rng_uniform(&r);
        VEC_PUSH(&p.ups, ((sched_up){NULL, f, f * (0.8 + 0.4 * rng_uniform(&r)),
                                     0.001 * rng_uniform(&r), (int)(k % 2), 0, 0, 0}));
    }
    p.error_level = 0.3;
    printf("%llu tasks in %zu batches on %zu UPs (%.0e task-UP pairs)\n",
           (unsigned long long)a.tasks, nb, ups, (double)a.tasks * (double)ups);
    if (events_only) {
        int status = events_table(&a, &p);
        free(a.batches.items);
        free(a.edges.items);
        free(p.ups.items);
        free(p.tasktimes.items);
        return status;
    }
    /* The event model first, so that the peak RSS it adds is its own. */
    printf("event model (no trace kept)\n%-24s %10s %12s %12s %9s %9s\n",
           "scheduler", "CPU", "events", "events/s", "replicas", "tasks/s");
    struct rusage ru;
    double gstr_rate = 0;
    long rss_before = 0, rss_after = 0;
    /* GSTR best-fit first: the peak RSS it adds is its own. */
    static const int runs[][2] = {{2, 1}, {2, 0}, {0, 0}, {0, 1}, {1, 0},
                                  {1, 1}, {3, 1}, {4, 1}};
    for (size_t run = 0; run < sizeof runs / sizeof *runs; run++) {
            int kind = runs[run][0], alloc = runs[run][1];
            sched_event_result res;
            getrusage(RUSAGE_SELF, &ru);
            if (kind == 2 && alloc)
                rss_before = ru.ru_maxrss;
            double t = event_run(&a, &p, kind, alloc, &res);
            getrusage(RUSAGE_SELF, &ru);
            if (kind == 2 && alloc) {
                rss_after = ru.ru_maxrss;
                gstr_rate = (double)a.tasks / t;
            }
            event_row(kind, alloc, t, &res, a.tasks);
            sched_event_result_free(&res);
    }
    printf("event GSTR best-fit: peak RSS grew by %ld KB, %.0f bytes a task\n",
           rss_after - rss_before,
           1024.0 * (double)(rss_after - rss_before) / (double)a.tasks);
    printf("\nthesis model\n%-24s %10s %14s\n", "scheduler", "CPU", "tasks/s");
    static const char *const kinds[] = {"static", "gs", "gstr"};
    double bestfit_rate = 0;
    for (int kind = 0; kind < 3; kind++)
        for (int alloc = 0; alloc < 2; alloc++) {
            sched_options o = {(sched_kind)kind,
                               alloc ? SCHED_BESTFIT : SCHED_TRIVIAL, 0, 0};
            sched_result res;
            diag d;
            diag_init(&d, "bench_sched", stderr);
            double t0 = cpu_now();
            if (sched_run(&a, &p, &o, &res, &d, "bench") != 0)
                return 1;
            double t = cpu_now() - t0;
            printf("%-6s %-17s %9.3f s %14.0f\n", kinds[kind],
                   alloc ? "bestfit" : "trivial", t, (double)a.tasks / t);
            if (kind == 0 && alloc)
                bestfit_rate = (double)a.tasks / t;
            if (kind == 2 && alloc)
                printf("  the event model's GSTR best-fit takes %.1fx the "
                       "thesis model's time a task\n",
                       ((double)a.tasks / t) / gstr_rate);
            sched_result_free(&res);
        }
    /* The baseline: the code's own best-fit loop on a tenth of the tasks
     * (at most 500: it is quadratic in the UPs), the same UPs and times. */
    size_t few = a.tasks / 10 < 500 ? (size_t)(a.tasks / 10) : 500;
    double *tm = calloc(ups, sizeof *tm), *tm2 = malloc(ups * sizeof *tm2),
           *tm3 = malloc(ups * sizeof *tm3), *pp = malloc(ups * sizeof *pp),
           *cc = malloc(ups * sizeof *cc), tmc = 0;
    for (size_t k = 0; k < ups; k++) {
        pp[k] = 1.0 / p.ups.items[k].estimated;
        cc[k] = p.ups.items[k].link;
    }
    double t0 = cpu_now();
    for (size_t i = 0; i < few; i++)
        code_bestfit(tm, &tmc, pp, cc, ups, tm2, tm3);
    double base = (double)few / (cpu_now() - t0);
    printf("%-24s %10s %14.0f  (%zu tasks)\n", "baseline: the code's loop",
           "", base, few);
    printf("best-fit allocation and play over the code's loop: %.0fx\n",
           bestfit_rate / base);
    getrusage(RUSAGE_SELF, &ru);
    printf("memory: %zu bytes per task of the schedule; peak RSS %ld KB\n",
           sizeof(sched_task), ru.ru_maxrss);
    free(tm);
    free(tm2);
    free(tm3);
    free(pp);
    free(cc);
    free(a.batches.items);
    free(a.edges.items);
    free(p.ups.items);
    free(p.tasktimes.items);
    return 0;
}
