/* platform.c — the `platform 1` reader (formats/platform.md). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"
#include "sched/read.h"

void sched_platform_free(sched_platform *p)
{
    for (size_t i = 0; i < p->ups.len; i++)
        free(p->ups.items[i].name);
    free(p->ups.items);
    for (size_t i = 0; i < p->groups.len; i++)
        free(p->groups.items[i].name);
    free(p->groups.items);
    free(p->tasktimes.items);
    for (size_t i = 0; i < p->commands.len; i++)
        free(p->commands.items[i].text);
    free(p->commands.items);
    free(p->speeds.items);
    free(p->times.items);
    free(p->name);
    memset(p, 0, sizeof *p);
}

double sched_task_seconds(const sched_platform *p, uint64_t type)
{
    for (size_t i = 0; i < p->tasktimes.len; i++)
        if (p->tasktimes.items[i].type == type)
            return p->tasktimes.items[i].seconds;
    return -1;
}

int sched_task_times(const sched_app *a, const sched_platform *p,
                      double *t, diag *d, const char *file)
{
    for (size_t b = 0; b < a->batches.len; b++) {
        const sched_batch *bt = &a->batches.items[b];
        t[b] = sched_task_seconds(p, bt->type);
        if (t[b] < 0) {
            diag_error(d, (srcloc){file, bt->line, 0}, "task type L%llu of "
                       "batch %s has no time on the platform: add "
                       "'tasktime L%llu SECONDS' to it",
                       (unsigned long long)bt->type, bt->name,
                       (unsigned long long)bt->type);
            return -1;
        }
    }
    return 0;
}

int sched_times_finite(double makespan, double sequential, double ideal,
                       diag *d, const char *file)
{
    srcloc at = {file, 0, 0};
    const char *why = "task or link times too large for the UPs' speeds";
    if (!isfinite(makespan) || !isfinite(sequential)) {
        diag_error(d, at, "the simulated times overflow: the %s is past the "
                   "largest double (%s)", isfinite(makespan) ?
                   "sequential time" : "makespan", why);
        return -1;
    }
    if (result_finite(d, at, "the ideal speed-up (the sum of the UPs' real "
                      "factors)", ideal, "give the factors relative to a "
                      "reference UP of factor 1") < 0)
        return -1;
    if (!(makespan > 0))   /* no speed-up is derived: the summary says - */
        return 0;
    double speedup = sequential / makespan;
    if (result_finite(d, at, "the speed-up (sequential time over makespan)",
                      speedup, "the makespan is too short for the "
                      "sequential time") < 0 ||
        result_finite(d, at, "the efficiency (speed-up over ideal "
                      "speed-up)", speedup / ideal, "the UPs' real factors "
                      "are too small for the speed-up") < 0)
        return -1;
    return 0;
}

static int time_cmp(const void *x, const void *y)
{
    const sched_time *a = x, *b = y;
    if (a->type != b->type)
        return a->type < b->type ? -1 : 1;
    return (a->up > b->up) - (a->up < b->up);
}

void sched_sort_times(sched_platform *p)
{
    if (p->times.len)
        qsort(p->times.items, p->times.len, sizeof *p->times.items,
              time_cmp);
}

const sched_time *sched_time_of(const sched_platform *p, uint64_t type,
                                size_t up)
{
    if (!p->times.len)
        return NULL;
    sched_time key = {.type = type, .up = up};
    return bsearch(&key, p->times.items, p->times.len, sizeof key, time_cmp);
}

double sched_up_seconds(const sched_platform *p, uint64_t type, size_t up,
                        double ref, int seen, int use_real)
{
    const sched_time *t = sched_time_of(p, type, up);
    const sched_up *u = &p->ups.items[up];
    if (!t)
        return ref / (seen && !use_real ? u->estimated : u->real);
    return seen && !use_real && !isnan(t->estimated) ? t->estimated
                                                     : t->seconds;
}

static int read_tasktime(tf_reader *r, sched_platform *p)
{
    sched_tasktime t;
    if (r->fields.len != 3 || sched_task_type(r, 1, &t.type) < 0 ||
        sched_number(r, 2, 0, 0, &t.seconds) < 0) {
        if (r->fields.len != 3)
            diag_error(r->d, tf_loc(r, r->fields.items), "expected: tasktime L<n> "
                       "SECONDS");
        return -1;
    }
    if (sched_task_seconds(p, t.type) >= 0) {
        diag_error(r->d, tf_loc(r, &r->fields.items[1]), "task type L%llu "
                   "has two times", (unsigned long long)t.type);
        return -1;
    }
    VEC_PUSH(&p->tasktimes, t);
    return 0;
}

const char *sched_command_of(const sched_platform *p, uint64_t type)
{
    for (size_t i = 0; i < p->commands.len; i++)
        if (p->commands.items[i].type == type)
            return p->commands.items[i].text;
    return NULL;
}

/* command L<n> STRING: a shell command line, so not empty nor blank. */
static int read_command(tf_reader *r, sched_platform *p)
{
    sched_command c = {0, NULL, r->line};
    if (r->fields.len != 3 || r->fields.items[2].kind != TF_STRING) {
        diag_error(r->d, tf_loc(r, r->fields.items), "expected: command "
                   "L<n> \"COMMAND LINE\"");
        return -1;
    }
    if (sched_task_type(r, 1, &c.type) < 0)
        return -1;
    const char *text = r->fields.items[2].text;
    if (text[strspn(text, " \t\n\r\f\v")] == '\0') {
        diag_error(r->d, tf_loc(r, &r->fields.items[2]), "the command of "
                   "task type L%llu is empty", (unsigned long long)c.type);
        return -1;
    }
    if (sched_command_of(p, c.type)) {
        diag_error(r->d, tf_loc(r, &r->fields.items[1]), "task type L%llu "
                   "has two commands", (unsigned long long)c.type);
        return -1;
    }
    c.text = xstrdup(text);
    VEC_PUSH(&p->commands, c);
    return 0;
}

static int read_up(tf_reader *r, sched_platform *p, keymap *names,
                   keymap *index)
{
    size_t n = r->fields.len;
    if (n != 4 && n != 6) {
        diag_error(r->d, tf_loc(r, r->fields.items), "expected: up NAME REAL ESTIMATED "
                   "[link SECONDS]");
        return -1;
    }
    const tf_field *name = &r->fields.items[1];
    if (name->kind == TF_NUMBER) {
        diag_error(r->d, tf_loc(r, name), "a UP's name is a word or a "
                   "string, not the number '%s'", name->text);
        return -1;
    }
    sched_up u = {0};
    if (sched_number(r, 2, 0, 1, &u.real) < 0 ||
        sched_number(r, 3, 0, 1, &u.estimated) < 0)
        return -1;
    if (n == 6) {
        const tf_field *kw = &r->fields.items[4];
        if (kw->kind != TF_WORD || strcmp(kw->text, "link") != 0) {
            diag_error(r->d, tf_loc(r, kw), "expected 'link' after the "
                       "estimated factor");
            return -1;
        }
        if (sched_number(r, 5, 0, 0, &u.link) < 0)
            return -1;
    }
    size_t first;
    if (keymap_get(names, name->text, strlen(name->text), &first)) {
        diag_error(r->d, tf_loc(r, name), "UP '%s' is given twice (first "
                   "at line %zu)", name->text, first);
        return -1;
    }
    if (p->ups.len == SCHED_MAX_UPS) {
        diag_error(r->d, tf_loc(r, r->fields.items), "more than %d UPs", SCHED_MAX_UPS);
        return -1;
    }
    keymap_put(names, name->text, strlen(name->text), (size_t)r->line);
    keymap_put(index, name->text, strlen(name->text), p->ups.len);
    u.name = xstrdup(name->text);
    VEC_PUSH(&p->ups, u);
    return 0;
}

/* Field i as a UP named earlier in the file: its index (index maps the
 * names to them), or -1 after a located diagnostic. */
static long up_named(tf_reader *r, size_t i, const sched_platform *p,
                     const keymap *index)
{
    const tf_field *f = &r->fields.items[i];
    size_t j;
    if (!keymap_get(index, f->text, strlen(f->text), &j) ||
        j >= p->ups.len) {
        diag_error(r->d, tf_loc(r, f), "unknown UP '%s': a UP is named by "
                   "its up record before it is used", f->text);
        return -1;
    }
    return (long)j;
}

/* time L<n> NAME SECONDS [estimated E]: one (type, UP) pair's time. */
static int read_time(tf_reader *r, sched_platform *p, const keymap *names,
                     keymap *pairs)
{
    size_t n = r->fields.len;
    const tf_field *f = r->fields.items;
    if (n != 4 && n != 6) {
        diag_error(r->d, tf_loc(r, f), "expected: time L<n> UP SECONDS "
                   "[estimated SECONDS]");
        return -1;
    }
    sched_time t = {.estimated = NAN};
    if (sched_task_type(r, 1, &t.type) < 0)
        return -1;
    long up = up_named(r, 2, p, names);
    if (up < 0 || sched_number(r, 3, 0, 0, &t.seconds) < 0)
        return -1;
    if (n == 6) {
        if (f[4].kind != TF_WORD || strcmp(f[4].text, "estimated") != 0) {
            diag_error(r->d, tf_loc(r, &f[4]), "expected 'estimated' after "
                       "the time");
            return -1;
        }
        if (sched_number(r, 5, 0, 0, &t.estimated) < 0)
            return -1;
    }
    t.up = (size_t)up;
    char key[64];
    int len = snprintf(key, sizeof key, "%llu/%zu",
                       (unsigned long long)t.type, t.up);
    size_t line;
    if (keymap_get(pairs, key, (size_t)len, &line)) {
        diag_error(r->d, tf_loc(r, &f[1]), "task type L%llu on UP '%s' has "
                   "two times (first at line %zu)",
                   (unsigned long long)t.type, f[2].text, line);
        return -1;
    }
    if (p->times.len == SCHED_MAX_TIMES) {
        diag_error(r->d, tf_loc(r, f), "more than %u time records (task "
                   "types x UPs)", SCHED_MAX_TIMES);
        return -1;
    }
    keymap_put(pairs, key, (size_t)len, (size_t)r->line);
    VEC_PUSH(&p->times, t);
    return 0;
}

/* error LEVEL [NAME...]: the error model, on the named UPs or on all. */
static int read_error(tf_reader *r, sched_platform *p, const keymap *names,
                      int *seen)
{
    if (*seen) {
        diag_error(r->d, tf_loc(r, r->fields.items), "the error model is "
                   "given twice");
        return -1;
    }
    *seen = 1;
    double level;
    if (r->fields.len < 2 || sched_number(r, 1, 0, 0, &level) < 0)
        return -1;
    if (level >= 1) {
        diag_error(r->d, tf_loc(r, &r->fields.items[1]), "an error level "
                   "below 1, not %s: at 1 or more a time can reach 0 or less",
                   r->fields.items[1].text);
        return -1;
    }
    p->error_level = level;
    p->error_line = r->line;
    if (r->fields.len == 2)
        *seen = 2;                /* every UP, marked once all are read */
    for (size_t i = 2; i < r->fields.len; i++) {
        long j = up_named(r, i, p, names);
        if (j < 0)
            return -1;
        p->ups.items[j].erratic = 1;
    }
    return 0;
}

/* group NAME [allocated N]: the UPs that follow belong to it. */
static int read_group(tf_reader *r, sched_platform *p, keymap *groups)
{
    size_t n = r->fields.len;
    const tf_field *f = r->fields.items;
    double allocated = 0;
    if (n != 2 && !(n == 4 && f[2].kind == TF_WORD &&
                    strcmp(f[2].text, "allocated") == 0)) {
        diag_error(r->d, tf_loc(r, f), "expected: group NAME [allocated "
                   "TASKS]");
        return -1;
    }
    if (n == 4 && (sched_number(r, 3, 0, 0, &allocated) < 0 ||
                   allocated != floor(allocated) || allocated > 1e15)) {
        if (allocated != floor(allocated) || allocated > 1e15)
            diag_error(r->d, tf_loc(r, &f[3]), "a whole number of tasks "
                       "from 0 to 1e15, not '%s'", f[3].text);
        return -1;
    }
    size_t line;
    if (keymap_get(groups, f[1].text, strlen(f[1].text), &line)) {
        diag_error(r->d, tf_loc(r, &f[1]), "group '%s' is given twice "
                   "(first at line %zu)", f[1].text, line);
        return -1;
    }
    if (p->groups.len == 0 && p->ups.len > 0) {
        diag_error(r->d, tf_loc(r, f), "a group record before the first up "
                   "record, or none: every UP belongs to a group");
        return -1;
    }
    if (p->groups.len && p->groups.items[p->groups.len - 1].n == 0) {
        diag_error(r->d, tf_loc(r, f), "group '%s' has no UP",
                   p->groups.items[p->groups.len - 1].name);
        return -1;
    }
    keymap_put(groups, f[1].text, strlen(f[1].text), (size_t)r->line);
    sched_group g = {xstrdup(f[1].text), p->ups.len, 0, (uint64_t)allocated};
    VEC_PUSH(&p->groups, g);
    return 0;
}

/* fail NAME [at TIME]: fail-stop from the start, or at TIME seconds. */
static int read_fail(tf_reader *r, sched_platform *p, const keymap *names)
{
    const tf_field *f = r->fields.items;
    if (r->fields.len != 2 && !(r->fields.len == 4 && f[2].kind == TF_WORD &&
                                strcmp(f[2].text, "at") == 0)) {
        diag_error(r->d, tf_loc(r, f), "expected: fail NAME [at TIME]");
        return -1;
    }
    long j = up_named(r, 1, p, names);
    double at = 0;
    if (j < 0 || (r->fields.len == 4 && sched_number(r, 3, 0, 0, &at) < 0))
        return -1;
    if (p->ups.items[j].fails) {
        diag_error(r->d, tf_loc(r, &f[1]), "UP '%s' fails "
                   "twice", p->ups.items[j].name);
        return -1;
    }
    p->ups.items[j].fails = 1;
    p->ups.items[j].fail_at = at;
    p->ups.items[j].fail_line = r->line;
    return 0;
}

/* failures RATE [seed N]: every UP without a fail record fails at a time
 * drawn from the exponential law of RATE per second, in UP order, from a
 * generator seeded with N (default 1). */
static int read_failures(tf_reader *r, sched_platform *p)
{
    const tf_field *f = r->fields.items;
    uint64_t seed = 1;
    if (p->failure_rate > 0) {
        diag_error(r->d, tf_loc(r, f), "the failures record is given twice");
        return -1;
    }
    if (!(r->fields.len == 2 || (r->fields.len == 4 && f[2].kind == TF_WORD &&
                                 strcmp(f[2].text, "seed") == 0))) {
        diag_error(r->d, tf_loc(r, f), "expected: failures RATE [seed N]");
        return -1;
    }
    double rate;
    if (sched_number(r, 1, 0, 1, &rate) < 0)
        return -1;
    if (r->fields.len == 4 &&
        (f[3].kind != TF_NUMBER ||
         parse_u64(f[3].text, 0, UINT64_MAX, &seed) != 0)) {
        diag_error(r->d, tf_loc(r, &f[3]), "a seed is a whole number, not "
                   "'%s'", f[3].text);
        return -1;
    }
    p->failure_rate = rate;
    p->failure_seed = seed;
    p->failures_line = r->line;
    return 0;
}

/* The failures record's draws, once the UPs are known. */
static void draw_failures(sched_platform *p)
{
    rng g;
    rng_seed(&g, p->failure_seed);
    for (size_t j = 0; j < p->ups.len; j++) {
        double u = rng_uniform(&g);
        sched_up *up = &p->ups.items[j];
        if (up->fails)
            continue;
        double at = -log1p(-u) / p->failure_rate;
        if (!isfinite(at))
            continue;      /* past the largest double: it never fails */
        up->fails = 1;
        up->fail_at = at;
    }
}

/* speed NAME TIME MULTIPLIER: from TIME on, the UP runs at its real
 * factor times MULTIPLIER (a load change, the event model's). */
static int read_speed(tf_reader *r, sched_platform *p, const keymap *names,
                      keymap *changes)
{
    sched_speed v;
    if (r->fields.len != 4) {
        diag_error(r->d, tf_loc(r, r->fields.items), "expected: speed NAME "
                   "TIME MULTIPLIER");
        return -1;
    }
    long j = up_named(r, 1, p, names);
    if (j < 0 || sched_number(r, 2, 0, 0, &v.time) < 0 ||
        sched_number(r, 3, 0, 1, &v.multiplier) < 0)
        return -1;
    v.up = (size_t)j;
    v.line = r->line;
    /* (UP, time) once: a map, as the records may number 10^6 (a scan of
     * the earlier ones was quadratic). + 0.0 makes -0 the key of 0. */
    struct { size_t up; double time; } key;
    memset(&key, 0, sizeof key);
    key.up = v.up;
    key.time = v.time + 0.0;
    size_t seen;
    if (keymap_get(changes, &key, sizeof key, &seen)) {
        diag_error(r->d, tf_loc(r, &r->fields.items[2]), "UP '%s' "
                   "changes speed twice at %g", p->ups.items[j].name, v.time);
        return -1;
    }
    keymap_put(changes, &key, sizeof key, 1);
    if (p->speeds.len >= SCHED_MAX_SPEEDS) {
        diag_error(r->d, tf_loc(r, r->fields.items), "more than %d speed "
                   "records", SCHED_MAX_SPEEDS);
        return -1;
    }
    VEC_PUSH(&p->speeds, v);
    return 0;
}

int sched_platform_parse(sched_platform *p, const char *text, size_t len,
                         const char *file, diag *d)
{
    memset(p, 0, sizeof *p);
    sched_doc doc;
    if (sched_doc_open(&doc, text, len, file, d, "platform") < 0)
        return -1;
    tf_reader *r = &doc.r;
    int errors = d->errors, got, ended = 0, error_seen = 0;
    keymap names = {0}, groups = {0}, pairs = {0}, index = {0}, changes = {0};
    while ((got = tf_next(r)) != 0) {
        if (got < 0)
            continue;
        const tf_field *key = &r->fields.items[0];
        const char *k = key->kind == TF_WORD ? key->text : "";
        if (ended) {
            diag_error(d, tf_loc(r, key), "record after 'end'");
            break;
        }
        if (strcmp(k, "name") == 0) {
            if (r->fields.len != 2 || r->fields.items[1].kind != TF_STRING)
                diag_error(d, tf_loc(r, key), "expected: name \"TEXT\"");
            else if (p->name)
                diag_error(d, tf_loc(r, key), "name given twice");
            else
                p->name = xstrdup(r->fields.items[1].text);
        } else if (strcmp(k, "tasktime") == 0) {
            read_tasktime(r, p);
        } else if (strcmp(k, "command") == 0) {
            read_command(r, p);
        } else if (strcmp(k, "group") == 0) {
            read_group(r, p, &groups);
        } else if (strcmp(k, "up") == 0) {
            if (read_up(r, p, &names, &index) == 0 && p->groups.len)
                p->groups.items[p->groups.len - 1].n++;
        } else if (strcmp(k, "error") == 0) {
            read_error(r, p, &index, &error_seen);
        } else if (strcmp(k, "fail") == 0) {
            read_fail(r, p, &index);
        } else if (strcmp(k, "speed") == 0) {
            read_speed(r, p, &index, &changes);
        } else if (strcmp(k, "failures") == 0) {
            read_failures(r, p);
        } else if (strcmp(k, "time") == 0) {
            read_time(r, p, &index, &pairs);
        } else if (strcmp(k, "end") == 0) {
            ended = 1;
            if (d->errors == errors)   /* else the counts are off anyway */
                sched_check_end(r, 1, "up", p->ups.len);
        } else {
            diag_error(d, tf_loc(r, key), "unknown record '%s' (expected "
                       "name, tasktime, command, group, up, time, error, fail, failures, speed or end)",
                       key->text);
        }
    }
    if (d->errors == errors && !ended)
        diag_error(d, (srcloc){file, r->line, 0}, "the file ends without its "
                   "'end UPS' record: cut short?");
    else if (d->errors == errors && p->ups.len == 0)
        diag_error(d, (srcloc){file, r->line, 0}, "a platform needs at least "
                   "one UP ('up NAME REAL ESTIMATED')");
    else if (d->errors == errors && p->groups.len &&
             p->groups.items[p->groups.len - 1].n == 0)
        diag_error(d, (srcloc){file, r->line, 0}, "group '%s' has no UP",
                   p->groups.items[p->groups.len - 1].name);
    else if (d->errors == errors) {
        if (p->failure_rate > 0)
            draw_failures(p);
        size_t failing = 0;
        for (size_t j = 0; j < p->ups.len; j++)
            failing += p->ups.items[j].fails && p->ups.items[j].fail_at == 0;
        if (failing == p->ups.len)
            diag_error(d, (srcloc){file, r->line, 0}, "every UP fails: no "
                       "task would ever finish");
    }
    keymap_free(&names);
    keymap_free(&groups);
    keymap_free(&pairs);
    keymap_free(&index);
    keymap_free(&changes);
    sched_doc_close(&doc);
    sched_sort_times(p);
    for (size_t j = 0; error_seen == 2 && j < p->ups.len; j++)
        p->ups.items[j].erratic = 1;
    if (d->errors == errors && p->groups.len == 0) {   /* one, implicit */
        sched_group g = {xstrdup("all"), 0, p->ups.len, 0};
        VEC_PUSH(&p->groups, g);
    }
    if (d->errors != errors) {
        sched_platform_free(p);
        return -1;
    }
    return 0;
}
