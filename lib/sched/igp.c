/* igp.c — the thesis's inter-group simulator (App. B.4, igp): a
 * partitioned application played group by group, generation by
 * generation, with the intra-group GSTR of thesis.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"

void sched_group_view(const sched_platform *p, const sched_options *o,
                      int by_ups, double *power, uint64_t *ups,
                      uint64_t *allocated, sched_groups *g)
{
    for (size_t q = 0; q < p->groups.len; q++) {
        const sched_group *gr = &p->groups.items[q];
        power[q] = 0;
        for (size_t k = gr->first; k < gr->first + gr->n; k++) {
            const sched_up *u = &p->ups.items[k];
            power[q] += by_ups ? 1 : o->use_real_factors ? u->real
                                                         : u->estimated;
        }
        ups[q] = gr->n;
        allocated[q] = gr->allocated;
    }
    *g = (sched_groups){p->groups.len, power, ups, allocated};
}

void sched_igp_free(sched_igp_result *r)
{
    free(r->generation_end);
    memset(r, 0, sizeof *r);
}

/* The time group q takes on its share of the batches of one generation:
 * its own GSTR run on them as one generation, on its UPs alone, without
 * error or failure. */
static int group_time(const sched_app *a, const sched_platform *p,
                      const sched_options *o, const double *part, size_t q,
                      const size_t *batches, size_t nb, double *time,
                      double *dropped, diag *d, const char *file)
{
    const sched_group *gr = &p->groups.items[q];
    sched_app sub = {0};
    for (size_t k = 0; k < nb; k++) {
        double share = part[q * a->batches.len + batches[k]];
        *dropped += share - floor(share);
        if (floor(share) < 1)
            continue;
        sched_batch bt = a->batches.items[batches[k]];
        bt.m = (uint64_t)floor(share);
        VEC_PUSH(&sub.batches, bt);
        sub.tasks += bt.m;
    }
    *time = 0;
    if (!sub.batches.len) {
        free(sub.batches.items);
        return 0;
    }
    sched_platform sp = {.tasktimes = p->tasktimes};
    for (size_t k = gr->first; k < gr->first + gr->n; k++) {
        sched_up u = p->ups.items[k];
        u.erratic = u.fails = 0;
        VEC_PUSH(&sp.ups, u);
    }
    /* The group's time records, its UPs renumbered from 0: still sorted
     * by (type, UP). Only the types of the generation's batches. */
    for (size_t i = 0; i < p->times.len; i++) {
        sched_time t = p->times.items[i];
        int used = 0;
        for (size_t k = 0; k < sub.batches.len && !used; k++)
            used = sub.batches.items[k].type == t.type;
        if (used && t.up >= gr->first && t.up < gr->first + gr->n) {
            t.up -= gr->first;
            VEC_PUSH(&sp.times, t);
        }
    }
    sched_options go = *o;
    go.kind = SCHED_GSTR;
    go.alloc = SCHED_BESTFIT;
    sched_result r;
    int status = sched_run(&sub, &sp, &go, &r, d, file);
    if (status == 0) {
        *time = r.makespan;
        sched_result_free(&r);
    }
    free(sp.ups.items);
    free(sp.times.items);
    free(sub.batches.items);
    return status;
}

/* What igp does not play is refused, the record located in the platform
 * file: failures (a fail record, or the failures record's draws), load
 * changes (speed records), an error model of a level above 0. igp runs
 * each group without them, as the thesis's code does: a group whose UPs
 * are all dead would still get its share and a makespan. 0, or -1. */
static int check_static(const sched_platform *p, diag *d,
                        const char *platform_file)
{
    static const char why[] = "the inter-group simulator of --partition "
                              "(the thesis's igp) plays no failures, load "
                              "changes or estimation errors; use the event "
                              "model, without --partition";
    if (p->failure_rate > 0) {
        diag_error(d, (srcloc){platform_file, p->failures_line, 1}, "the "
                   "platform draws failures ('failures' record): %s", why);
        return -1;
    }
    for (size_t k = 0; k < p->ups.len; k++)
        if (p->ups.items[k].fails) {
            diag_error(d, (srcloc){platform_file, p->ups.items[k].fail_line,
                                   1}, "UP '%s' fails ('fail' record): %s",
                       p->ups.items[k].name, why);
            return -1;
        }
    if (p->speeds.len) {
        const sched_speed *v = &p->speeds.items[0];
        diag_error(d, (srcloc){platform_file, v->line, 1}, "UP '%s' changes "
                   "speed ('speed' record): %s", p->ups.items[v->up].name,
                   why);
        return -1;
    }
    if (p->error_level > 0) {
        diag_error(d, (srcloc){platform_file, p->error_line, 1}, "the "
                   "platform has an error model ('error' record): %s", why);
        return -1;
    }
    return 0;
}

int sched_igp(const sched_app *a, const sched_platform *p,
              const sched_options *o, const double *part,
              sched_igp_result *r, diag *d, const char *file,
              const char *platform_file)
{
    memset(r, 0, sizeof *r);
    if (check_static(p, d, platform_file) < 0)
        return -1;
    size_t n = a->batches.len;
    for (size_t b = 0; b < n; b++)
        if (sched_task_seconds(p, a->batches.items[b].type) < 0) {
            diag_error(d, (srcloc){file, a->batches.items[b].line, 0}, "task "
                       "type L%llu of batch %s has no time on the platform: "
                       "add 'tasktime L%llu SECONDS' to it",
                       (unsigned long long)a->batches.items[b].type,
                       a->batches.items[b].name,
                       (unsigned long long)a->batches.items[b].type);
            return -1;
        }
    size_t *level = xmalloc((n + 1) * sizeof *level);
    size_t *batches = xmalloc((n + 1) * sizeof *batches);
    r->generations = sched_levels(a, level);
    r->generation_end = xcalloc(r->generations + 1, sizeof *r->generation_end);
    int status = 0;
    double clock = 0;
    for (size_t g = 0; g < r->generations && status == 0; g++) {
        size_t nb = 0;
        for (size_t b = 0; b < n; b++)
            if (level[b] == g)
                batches[nb++] = b;
        double slowest = 0;
        for (size_t q = 0; q < p->groups.len && status == 0; q++) {
            double t;
            status = group_time(a, p, o, part, q, batches, nb, &t,
                                &r->unscheduled, d, file);
            slowest = fmax(slowest, t);
        }
        clock += slowest;
        r->generation_end[g] = clock;
    }
    for (size_t b = 0; b < n; b++)
        r->sequential += (double)a->batches.items[b].m *
                         sched_task_seconds(p, a->batches.items[b].type);
    for (size_t k = 0; k < p->ups.len; k++)
        r->ideal_speedup += p->ups.items[k].real;
    r->makespan = clock;
    r->packets = sched_packets(p->groups.len, a, part);
    if (status == 0 && sched_times_finite(r->makespan, r->sequential,
                                          r->ideal_speedup, d, file) < 0)
        status = -1;
    free(batches);
    free(level);
    if (status != 0)
        sched_igp_free(r);
    return status;
}
