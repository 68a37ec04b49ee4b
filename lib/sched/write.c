/* write.c — the schedule format (formats/schedule.md). */
#include <math.h>
#include <stdio.h>

#include "sched/sched.h"

static void put_time(FILE *fp, double x)
{
    fputc(' ', fp);
    tf_put_double(fp, x);
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
        fprintf(fp, "task %s.%llu %zu", a->batches.items[t->batch].name,
                (unsigned long long)t->index, t->up + 1);
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
    fputs("summary", fp);
    put_time(fp, r->makespan);
    put_time(fp, r->sequential);
    if (r->makespan > 0) {
        double speedup = r->sequential / r->makespan;
        put_time(fp, speedup);
        put_time(fp, r->ideal_speedup);
        put_time(fp, speedup / r->ideal_speedup);
    } else {
        fputs(" -", fp);
        put_time(fp, r->ideal_speedup);
        fputs(" -", fp);
    }
    fprintf(fp, "\nend %zu %zu\n", r->generations, r->tasks.len);
}
