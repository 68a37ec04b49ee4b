/* write.c — the schedule format (formats/schedule.md). */
#include <math.h>
#include <stdio.h>

#include "sched/sched.h"

static void put_time(FILE *fp, double x)
{
    fputc(' ', fp);
    tf_put_double(fp, x);
}

/* Task i of batch `name` as the one field NAME.I: bare when the name is a
 * bare word, else quoted whole ("B 1.0"), so a record stays one line of
 * whitespace-separated fields whatever the app-graph named its batch. */
static void put_task_name(FILE *fp, const char *name, uint64_t i)
{
    fputc(' ', fp);
    if (tf_is_word(name)) {
        fprintf(fp, "%s.%llu", name, (unsigned long long)i);
        return;
    }
    strbuf sb = {0};
    sb_printf(&sb, "%s.%llu", name, (unsigned long long)i);
    tf_put_string(fp, sb.text);
    sb_free(&sb);
}

/* The summary record, from the makespan, the sequential time and the
 * ideal speed-up. */
static void put_summary(FILE *fp, double makespan, double sequential,
                        double ideal)
{
    fputs("summary", fp);
    put_time(fp, makespan);
    put_time(fp, sequential);
    if (makespan > 0) {
        double speedup = sequential / makespan;
        put_time(fp, speedup);
        put_time(fp, ideal);
        put_time(fp, speedup / ideal);
    } else {
        fputs(" -", fp);
        put_time(fp, ideal);
        fputs(" -", fp);
    }
    fputc('\n', fp);
}

void sched_write(FILE *fp, const sched_app *a, const sched_platform *p,
                 const sched_options *o, const sched_result *r)
{
    fputs("schedule 1\nplatform ", fp);
    tf_put_string(fp, p->name ? p->name : "");
    static const char *const kinds[] = {"static", "gs", "gstr"};
    fprintf(fp, "\nscheduler %s %s %s\n", kinds[o->kind],
            o->alloc == SCHED_TRIVIAL ? "trivial" : "bestfit",
            o->use_real_factors ? "real" : "estimated");
    size_t g = (size_t)-1;
    for (size_t k = 0; k < r->tasks.len; k++) {
        const sched_task *t = &r->tasks.items[k];
        if (t->generation != g) {
            g = t->generation;
            fprintf(fp, "generation %zu", g + 1);
            put_time(fp, g ? r->generation_end[g - 1] : 0);
            put_time(fp, r->generation_end[g]);
            fputc('\n', fp);
        }
        fputs("task", fp);
        put_task_name(fp, a->batches.items[t->batch].name, t->index);
        fprintf(fp, " %zu", t->up + 1);
        put_time(fp, t->send);
        if (isnan(t->finish))
            fputs(" -", fp);          /* sent to a failed UP: never back */
        else
            put_time(fp, t->finish);
        fputc('\n', fp);
    }
    for (size_t j = 0; j < p->ups.len; j++) {
        fprintf(fp, "load %zu ", j + 1);
        tf_put_string(fp, p->ups.items[j].name);
        fprintf(fp, " %llu\n", (unsigned long long)r->tasks_per_up[j]);
    }
    put_summary(fp, r->makespan, r->sequential, r->ideal_speedup);
    fprintf(fp, "end %zu %zu\n", r->generations, r->tasks.len);
}

void sched_write_partitioned(FILE *fp, const sched_app *a,
                             const sched_platform *p, const char *method,
                             const double *part, const sched_igp_result *r)
{
    size_t nb = a->batches.len, shares = 0;
    fputs("schedule 1\nplatform ", fp);
    tf_put_string(fp, p->name ? p->name : "");
    fprintf(fp, "\npartition %s\n", method);
    for (size_t q = 0; q < p->groups.len; q++)
        for (size_t b = 0; b < nb; b++) {
            double share = part[q * nb + b];
            if (share == 0)
                continue;
            fputs("share ", fp);
            tf_put_string(fp, p->groups.items[q].name);
            fputc(' ', fp);
            tf_put_word(fp, a->batches.items[b].name);
            put_time(fp, share);
            fputc('\n', fp);
            shares++;
        }
    for (size_t g = 0; g < r->generations; g++) {
        fprintf(fp, "generation %zu", g + 1);
        put_time(fp, g ? r->generation_end[g - 1] : 0);
        put_time(fp, r->generation_end[g]);
        fputc('\n', fp);
    }
    put_summary(fp, r->makespan, r->sequential, r->ideal_speedup);
    fputs("packets", fp);
    put_time(fp, r->packets);
    fprintf(fp, "\nend %zu %zu\n", r->generations, shares);
}

/* ------------------------------------------------------- the event model */

/* Task t (a global index) as NAME.I. */
static void put_task(FILE *fp, const sched_app *a,
                     const sched_event_result *r, uint64_t t)
{
    size_t lo = 0, hi = a->batches.len;       /* the last first <= t */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->batch_first[mid] <= t)
            lo = mid;
        else
            hi = mid;
    }
    put_task_name(fp, a->batches.items[lo].name, t - r->batch_first[lo]);
}

void sched_event_write(FILE *fp, const sched_app *a, const sched_platform *p,
                       const sched_event_options *o,
                       const sched_event_result *r)
{
    static const char *const kinds[] = {"static", "gs", "gstr", "wqr",
                                        "minmin"};
    static const char *const what[] = {"dispatch", "replica", "finish",
                                       "cancel", "fail", "speed", "detect",
                                       "error"};
    fputs("schedule 1\nplatform ", fp);
    tf_put_string(fp, p->name ? p->name : "");
    /* A real run's times are measured: its model line says so, and the
     * rest reads line by line against the event model's. */
    fprintf(fp, "\nscheduler %s %s %s\nmodel %s", kinds[o->kind],
            o->alloc == SCHED_TRIVIAL ? "trivial" : "bestfit",
            o->use_real_factors ? "real" : "estimated",
            r->measured ? "run" : "event");
    put_time(fp, o->theta);
    fprintf(fp, " %s %u\n", o->replica_order == SCHED_REPLICA_SLOWEST_UP
                            ? "slowest-up" : "formal", o->wqr_copies);
    for (size_t i = 0; i < r->trace.len; i++) {
        const sched_trace *e = &r->trace.items[i];
        fputs(what[e->kind], fp);
        put_time(fp, e->time);
        if (e->kind == SCHED_EV_FAIL || e->kind == SCHED_EV_DETECT) {
            fprintf(fp, " %u\n", e->up + 1);
        } else if (e->kind == SCHED_EV_SPEED) {
            fprintf(fp, " %u", e->up + 1);
            put_time(fp, p->speeds.items[e->task].multiplier);
            fputc('\n', fp);
        } else {
            put_task(fp, a, r, e->task);
            fprintf(fp, " %u\n", e->up + 1);
        }
    }
    for (size_t j = 0; j < p->ups.len; j++) {
        fprintf(fp, "load %zu ", j + 1);
        tf_put_string(fp, p->ups.items[j].name);
        fprintf(fp, " %llu %u\n", (unsigned long long)r->first_results[j],
                r->slots[j]);
    }
    if (r->lost) {               /* the application never ended */
        fputs("summary -", fp);
        put_time(fp, r->sequential);
        fputs(" -", fp);
        put_time(fp, r->ideal_speedup);
        fputs(" -\n", fp);
    } else {
        put_summary(fp, r->makespan, r->sequential, r->ideal_speedup);
    }
    fprintf(fp, "replication %llu %llu", (unsigned long long)r->replicas,
            (unsigned long long)r->cancelled);
    put_time(fp, r->wasted);
    fprintf(fp, "\nlost %llu\nend %zu %llu\n", (unsigned long long)r->lost,
            r->trace.len, (unsigned long long)r->tasks);
}
