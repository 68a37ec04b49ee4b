/* thesis.c — the thesis's simulated schedulers: static, GS and GSTR as the
 * MATLAB code of App. B.3 plays them (precise-rules §1; notes §2.9 and
 * Appendix A), with its estimation-error model and its failures. The play
 * keeps the code's form (tm relative to the coordinator's clock, O(UPs)
 * per task): GSTR's estimates are refreshed by a test on it. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"

/* A failed UP's times grow by this before each batch (the code's 10e8). */
#define FAILED_DELAY 1e9
#define PI 3.14159265358979323846

double sched_error_step(const sched_platform *p, double begun,
                        uint64_t tasks)
{
    return p->error_level * sin(begun * 2 * PI / (double)tasks);
}

void sched_result_free(sched_result *r)
{
    free(r->tasks.items);
    free(r->generation_end);
    free(r->tasks_per_up);
    memset(r, 0, sizeof *r);
}

typedef struct {
    const sched_app *a;
    const sched_platform *p;
    const sched_options *o;
    sched_result *r;
    size_t nups;
    double *t;              /* [batches] a task's time on factor 1 */
    /* The actual times: p(i,k) = t_i / real_k * scale_k + delay_k (the
     * code's in-place updates, p += p*e and p += 1e9, kept as an affine
     * map per UP) and c_k = link_k * cscale_k. */
    double *scale, *delay, *cscale;
    double *tm;             /* the code's tm: busy time ahead of the clock */
    double ttime;           /* the coordinator's clock */
    uint64_t dispatched;    /* erri: tasks of the batches begun so far */
    uint64_t *counts;       /* trivial allocator, cumulative */
    double *est_c;          /* GSTR: old_c */
    double *est_p;          /* GSTR: old_p's row of the current batch */
    double *row;            /* a batch's times, as some allocator sees them */
    /* Batch `loaded`'s unperturbed times on every UP, real and seen:
     * tasktime / factor, or the platform's time record of the pair. */
    size_t loaded;
    double *base_real, *base_seen;
} sim;

static void load(sim *s, size_t b)
{
    if (s->loaded == b)
        return;
    uint64_t type = s->a->batches.items[b].type;
    for (size_t k = 0; k < s->nups; k++) {
        s->base_real[k] = sched_up_seconds(s->p, type, k, s->t[b], 0, 1);
        s->base_seen[k] = sched_up_seconds(s->p, type, k, s->t[b], 1,
                                           s->o->use_real_factors);
    }
    s->loaded = b;
}

static double actual_p(sim *s, size_t b, size_t k)
{
    load(s, b);
    return s->base_real[k] * s->scale[k] + s->delay[k];
}

static double actual_c(const sim *s, size_t k)
{
    return s->p->ups.items[k].link * s->cscale[k];
}

/* The seen time of a task of batch b on UP k, unperturbed. */
static double seen_p(sim *s, size_t b, size_t k)
{
    load(s, b);
    return s->base_seen[k];
}

/* Before a batch of m tasks: failures (GSTR), then the error (the code's
 * order). */
static void perturb(sim *s, uint64_t m)
{
    for (size_t k = 0; s->o->kind == SCHED_GSTR && k < s->nups; k++)
        if (s->p->ups.items[k].fails) {
            s->delay[k] += FAILED_DELAY;
            s->counts[k] += (uint64_t)FAILED_DELAY;
        }
    double e = sched_error_step(s->p, (double)s->dispatched, s->a->tasks);
    for (size_t k = 0; k < s->nups; k++)
        if (s->p->ups.items[k].erratic) {
            s->scale[k] += s->scale[k] * e;
            s->delay[k] += s->delay[k] * e;
            s->cscale[k] += s->cscale[k] * e;
        }
    s->dispatched += m;
}

/* One task of batch b to UP up: the code's update of tm and the clock,
 * GSTR's refresh of the estimates of the UPs that fall idle, the task's
 * times. */
static void play(sim *s, size_t b, uint64_t i, size_t up, size_t g)
{
    double c = actual_c(s, up);
    sched_task task = {b, i, up, g, s->ttime, 0};
    s->tm[up] = s->tm[up] + 2 * c + actual_p(s, b, up);   /* the code's order */
    for (size_t k = 0; k < s->nups; k++) {
        s->tm[k] -= c;
        if (s->tm[k] < 0) {
            if (s->o->kind == SCHED_GSTR) {
                s->est_p[k] = actual_p(s, b, k);
                s->est_c[k] = actual_c(s, k);
            }
            s->tm[k] = 0;
        }
    }
    s->ttime += c;
    task.finish = s->p->ups.items[up].fails && s->o->kind == SCHED_GSTR
                  ? NAN : s->ttime + s->tm[up];
    s->r->lost += isnan(task.finish);
    s->r->tasks_per_up[up]++;
    VEC_PUSH(&s->r->tasks, task);
}

/* The generation ends when its last UP that did not fail is done. */
static void end_generation(sim *s, size_t g)
{
    double longest = 0;
    for (size_t k = 0; k < s->nups; k++)
        if (!(s->p->ups.items[k].fails && s->o->kind == SCHED_GSTR) &&
            s->tm[k] > longest)
            longest = s->tm[k];
    s->ttime += longest;
    s->r->generation_end[g] = s->ttime;
    memset(s->tm, 0, s->nups * sizeof *s->tm);
}

/* Static and GS: the UPs of a generation's tasks, allocated before it is
 * played, with the unperturbed times (static) or the times as perturbed
 * so far (GS). */
static size_t *plan_generation(sim *s, const size_t *batches, size_t nb)
{
    uint64_t n = 0;
    for (size_t k = 0; k < nb; k++)
        n += s->a->batches.items[batches[k]].m;
    size_t *ups = xmalloc((n + 1) * sizeof *ups), next = 0;
    double *c = xmalloc(s->nups * sizeof *c);
    sched_bestfit fit;
    sched_bestfit_init(&fit, s->nups);
    for (size_t k = 0; k < s->nups; k++)
        c[k] = s->o->kind == SCHED_GS ? actual_c(s, k)
                                      : s->p->ups.items[k].link;
    for (size_t k = 0; k < nb; k++) {
        size_t b = batches[k];
        if (s->o->trivial_per_batch)
            memset(s->counts, 0, s->nups * sizeof *s->counts);
        for (size_t j = 0; j < s->nups; j++) {
            s->row[j] = seen_p(s, b, j);
            if (s->o->kind == SCHED_GS)   /* seen as the error made it */
                s->row[j] = s->row[j] * s->scale[j] + s->delay[j];
        }
        for (uint64_t i = 0; i < s->a->batches.items[b].m; i++) {
            size_t up;
            if (s->o->alloc == SCHED_TRIVIAL) {
                up = sched_trivial_next(s->counts, s->nups);
                s->counts[up]++;
            } else {
                up = sched_bestfit_next(&fit, s->row, c);
            }
            ups[next++] = up;
        }
    }
    sched_bestfit_free(&fit);
    free(c);
    return ups;
}

/* GSTR's choice for a task of the current batch: trivial, the first UP of
 * fewest tasks (failed UPs count 1e9 more per batch); best-fit, the first
 * of least tm + estimated p + 2 estimated c. */
static size_t gstr_next(sim *s)
{
    if (s->o->alloc == SCHED_TRIVIAL) {
        size_t up = sched_trivial_next(s->counts, s->nups);
        s->counts[up]++;
        return up;
    }
    size_t best = 0;
    double least = INFINITY;
    for (size_t k = 0; k < s->nups; k++) {
        double base = s->tm[k] + s->est_p[k] + 2 * s->est_c[k];
        if (base < least) {
            least = base;
            best = k;
        }
    }
    return best;
}

static int check_run(const sched_app *a, const sched_platform *p,
                     const sched_options *o, diag *d, const char *file)
{
    size_t nups = p->ups.len;
    if ((double)a->tasks * (double)nups > SCHED_MAX_WORK) {
        diag_error(d, (srcloc){file, 0, 0}, "%llu tasks on %zu UPs is past "
                   "the allocators' limit of %g task-UP pairs",
                   (unsigned long long)a->tasks, nups, SCHED_MAX_WORK);
        return -1;
    }
    if (p->speeds.len) {
        diag_error(d, (srcloc){file, 0, 0}, "the platform changes speeds "
                   "('speed' records): the thesis model has no load changes; "
                   "use the event model");
        return -1;
    }
    if (p->failure_rate > 0) {
        diag_error(d, (srcloc){file, 0, 0}, "the platform draws failures "
                   "('failures' record): the thesis model fails UPs from the "
                   "start only; use the event model");
        return -1;
    }
    for (size_t k = 0; k < nups; k++)
        if (p->ups.items[k].fails && p->ups.items[k].fail_at > 0) {
            diag_error(d, (srcloc){file, 0, 0}, "UP '%s' fails at %g: the "
                       "thesis model fails UPs from the start only; use the "
                       "event model", p->ups.items[k].name,
                       p->ups.items[k].fail_at);
            return -1;
        }
    for (size_t k = 0; o->kind != SCHED_GSTR && k < nups; k++)
        if (p->ups.items[k].fails) {
            diag_error(d, (srcloc){file, 0, 0}, "UP '%s' fails: the thesis "
                       "model simulates failures with GSTR only (its static "
                       "and GS code take no failed UP)", p->ups.items[k].name);
            return -1;
        }
    return 0;
}

int sched_run(const sched_app *a, const sched_platform *p,
              const sched_options *o, sched_result *r, diag *d,
              const char *file)
{
    memset(r, 0, sizeof *r);
    size_t n = a->batches.len, nups = p->ups.len;
    if (check_run(a, p, o, d, file) < 0)
        return -1;
    sim s = {.a = a, .p = p, .o = o, .r = r, .nups = nups};
    s.t = xmalloc((n + 1) * sizeof *s.t);
    if (sched_task_times(a, p, s.t, d, file) < 0) {
        free(s.t);
        return -1;
    }
    double *mem = xcalloc(9 * nups, sizeof *mem);
    s.scale = mem;
    s.delay = mem + nups;
    s.cscale = mem + 2 * nups;
    s.tm = mem + 3 * nups;
    s.est_c = mem + 4 * nups;
    s.est_p = mem + 5 * nups;
    s.row = mem + 6 * nups;
    s.base_real = mem + 7 * nups;
    s.base_seen = mem + 8 * nups;
    s.loaded = (size_t)-1;
    s.counts = xcalloc(nups, sizeof *s.counts);
    for (size_t k = 0; k < nups; k++) {
        s.scale[k] = s.cscale[k] = 1;
        s.est_c[k] = p->ups.items[k].link;
        r->ideal_speedup += p->ups.items[k].real;
    }
    size_t *level = xmalloc((n + 1) * sizeof *level);
    r->generations = sched_levels(a, level);
    r->generation_end = xcalloc(r->generations + 1, sizeof *r->generation_end);
    r->tasks_per_up = xcalloc(nups, sizeof *r->tasks_per_up);
    size_t *batches = xmalloc((n + 1) * sizeof *batches);
    for (size_t g = 0; g < r->generations; g++) {
        size_t nb = 0;                 /* the generation, by index */
        for (size_t b = 0; b < n; b++)
            if (level[b] == g)
                batches[nb++] = b;
        size_t *ups = o->kind == SCHED_GSTR ? NULL
                                            : plan_generation(&s, batches, nb);
        size_t next = 0;
        for (size_t k = 0; k < nb; k++) {
            size_t b = batches[k];
            uint64_t m = a->batches.items[b].m;
            if (o->kind == SCHED_GSTR && o->trivial_per_batch)
                memset(s.counts, 0, nups * sizeof *s.counts);
            perturb(&s, m);
            for (size_t j = 0; j < nups; j++)   /* old_p: this batch's row */
                s.est_p[j] = seen_p(&s, b, j);
            r->sequential += (double)m * s.t[b];
            for (uint64_t i = 0; i < m; i++)
                play(&s, b, i, ups ? ups[next++] : gstr_next(&s), g);
        }
        end_generation(&s, g);
        free(ups);
    }
    r->makespan = r->generations ? r->generation_end[r->generations - 1] : 0;
    free(batches);
    free(level);
    free(s.counts);
    free(mem);
    free(s.t);
    if (sched_times_finite(r->makespan, r->sequential, r->ideal_speedup,
                           d, file) < 0) {
        sched_result_free(r);
        return -1;
    }
    return 0;
}
