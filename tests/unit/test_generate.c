/* Unit tests of lib/sched/generate.c: generateAPP, its Def. 5 variant and
 * generateGroup as the notes §5.1 and Appendix A give them, checked on
 * many seeds for the properties the code guarantees, and the writers read
 * back by the readers; and the time records of a platform
 * (sched_up_seconds). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/generate.h"
#include "sched/sched.h"
#include "unit.h"

/* Sources and sinks of a; 1 when every edge goes forward and keeps the
 * multiplicative relation, else 0. */
static int shape(const sched_app *a, size_t *sources, size_t *sinks)
{
    size_t n = a->batches.len;
    int *in = calloc(n, sizeof *in), *out = calloc(n, sizeof *out), ok = 1;
    for (size_t e = 0; e < a->edges.len; e++) {
        sched_edge d = a->edges.items[e];
        uint64_t x = a->batches.items[d.from].m, y = a->batches.items[d.to].m;
        ok &= d.from < d.to && (y % x == 0 || x % y == 0);
        out[d.from]++;
        in[d.to]++;
    }
    *sources = *sinks = 0;
    for (size_t b = 0; b < n; b++) {
        *sources += !in[b];
        *sinks += !out[b];
    }
    free(in);
    free(out);
    return ok;
}

static int same_app(const sched_app *a, const sched_app *b)
{
    if (a->batches.len != b->batches.len || a->edges.len != b->edges.len ||
        a->tasks != b->tasks)
        return 0;
    for (size_t i = 0; i < a->batches.len; i++)
        if (a->batches.items[i].m != b->batches.items[i].m ||
            a->batches.items[i].type != b->batches.items[i].type ||
            strcmp(a->batches.items[i].name, b->batches.items[i].name))
            return 0;
    for (size_t e = 0; e < a->edges.len; e++)
        if (a->edges.items[e].from != b->edges.items[e].from ||
            a->edges.items[e].to != b->edges.items[e].to)
            return 0;
    return 1;
}

static void test_app_properties(void)
{
    int bad = 0, differ = 0;
    for (size_t b = 3; b <= 12; b++)
        for (uint64_t seed = 0; seed < 40; seed++) {
            sched_app a, again, other;
            strbuf err = {0};
            CHECK(sched_gen_app(SCHED_GEN_APP, b, 100 * b, seed, &a, &err) == 0);
            CHECK(sched_gen_app(SCHED_GEN_APP, b, 100 * b, seed, &again, &err) == 0);
            CHECK(sched_gen_app(SCHED_GEN_APP, b, 100 * b, seed + 1000, &other,
                                &err) == 0);
            CHECK(same_app(&a, &again));
            differ += b >= 6 && !same_app(&a, &other);
            size_t sources, sinks;
            int ok = shape(&a, &sources, &sinks);
            /* >= 2 sources (the code's quirk), the last batch the only
             * sink, B1 and the last batch of one task. */
            bad += !ok || sources < 2 || sinks != 1 || a.batches.len != b ||
                   a.batches.items[0].m != 1 || a.batches.items[b - 1].m != 1;
            /* Every batch but the last feeds a later one. */
            for (size_t k = 0; k + 1 < b; k++) {
                int feeds = 0;
                for (size_t e = 0; e < a.edges.len; e++)
                    feeds |= a.edges.items[e].from == k;
                bad += !feeds;
            }
            sched_app_free(&a);
            sched_app_free(&again);
            sched_app_free(&other);
            sb_free(&err);
        }
    CHECK_INT(bad, 0);
    /* Other seeds, other applications, from 6 batches on (with 3 there is
     * one graph of two routes, and its cardinalities are fixed). */
    CHECK(differ >= 270);     /* of 7 x 40 */
    printf("# %d of 280 applications of 6 to 12 batches differ with the seed\n", differ);
}

/* The Def. 5 variant: one source, one sink, generateAPP's batches and
 * edges plus edges from B1 only. */
static void test_def5(void)
{
    int bad = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        sched_app a, d;
        strbuf err = {0};
        size_t b = 3 + seed % 8;
        CHECK(sched_gen_app(SCHED_GEN_APP, b, 500, seed, &a, &err) == 0);
        CHECK(sched_gen_app(SCHED_GEN_APP_DEF5, b, 500, seed, &d, &err) == 0);
        size_t sources, sinks;
        bad += !shape(&d, &sources, &sinks) || sources != 1 || sinks != 1;
        bad += a.tasks != d.tasks || d.edges.len <= a.edges.len;
        size_t e = 0;
        for (size_t k = 0; k < d.edges.len; k++) {
            sched_edge x = d.edges.items[k];
            if (e < a.edges.len && a.edges.items[e].from == x.from &&
                a.edges.items[e].to == x.to)
                e++;
            else
                bad += x.from != 0;           /* an added edge: from B1 */
        }
        bad += e != a.edges.len;               /* every edge of a kept */
        sched_app_free(&a);
        sched_app_free(&d);
        sb_free(&err);
    }
    CHECK_INT(bad, 0);
}

static void test_app_errors(void)
{
    sched_app a;
    strbuf err = {0};
    CHECK(sched_gen_app(SCHED_GEN_APP, 2, 100, 1, &a, &err) < 0);
    CHECK(strstr(sb_str(&err), "--batches must be from 3") != NULL);
    sb_clear(&err);
    CHECK(sched_gen_app(SCHED_GEN_APP, 3, 1, 1, &a, &err) < 0);
    CHECK(strstr(sb_str(&err), "--tasks is too small") != NULL);
    sb_clear(&err);
    CHECK(sched_gen_app(SCHED_GEN_APP, 4, 0, 1, &a, &err) < 0);
    CHECK(a.batches.len == 0);
    sb_free(&err);
}

/* The writer's app-graph is read back as the same application. */
static void test_app_round_trip(void)
{
    sched_app a, back;
    strbuf err = {0};
    CHECK(sched_gen_app(SCHED_GEN_APP_DEF5, 8, 800, 5, &a, &err) == 0);
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    sched_write_app(fp, &a, "round trip");
    fclose(fp);
    diag d;
    diag_init(&d, "test", stderr);
    CHECK(sched_app_parse(&back, text, len, "mem", &d) == 0);
    CHECK(same_app(&a, &back));
    sched_app_free(&back);
    sched_app_free(&a);
    free(text);
    sb_free(&err);
}

static void test_groups(void)
{
    size_t ups[] = {3, 5, 2};
    sched_gen_groups g;
    sched_gen_groups_default(&g);
    g.ngroups = 3;
    g.ups = ups;
    g.types = 6;
    sched_platform p, q, back;
    strbuf err = {0};
    CHECK(sched_gen_platform(&g, 9, &p, &err) == 0);
    CHECK(sched_gen_platform(&g, 9, &q, &err) == 0);
    CHECK_INT(p.ups.len, 10);
    CHECK_INT(p.groups.len, 3);
    CHECK_INT(p.times.len, 60);
    CHECK_INT(p.groups.items[1].first, 3);
    CHECK_INT(p.groups.items[1].n, 5);
    int bad = 0, same = 1;
    for (size_t k = 0; k < p.ups.len; k++) {
        const sched_up *u = &p.ups.items[k];
        double mean = g.mp / u->real;          /* the UP's drawn mean */
        bad += !(u->link > 7 && u->link <= 13) || u->real != u->estimated ||
               !(mean > 400 && mean <= 600);
        for (uint64_t t = 1; t <= 6; t++) {
            const sched_time *x = sched_time_of(&p, t, k);
            bad += !x || !(x->seconds > mean - 50 - 1e-9 &&
                           x->seconds <= mean + 50 + 1e-9) ||
                   !isnan(x->estimated);
            same &= x && sched_time_of(&q, t, k) &&
                    sched_time_of(&q, t, k)->seconds == x->seconds;
        }
    }
    CHECK_INT(bad, 0);
    CHECK(same);
    for (size_t i = 1; i < p.times.len; i++)   /* sorted by (type, UP) */
        CHECK(p.times.items[i - 1].type < p.times.items[i].type ||
              (p.times.items[i - 1].type == p.times.items[i].type &&
               p.times.items[i - 1].up < p.times.items[i].up));
    /* Written and read back: every number exactly. */
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    sched_write_platform(fp, &p);
    fclose(fp);
    diag d;
    diag_init(&d, "test", stderr);
    CHECK(sched_platform_parse(&back, text, len, "mem", &d) == 0);
    CHECK_INT(back.ups.len, p.ups.len);
    CHECK_INT(back.groups.len, 3);
    CHECK_INT(back.times.len, p.times.len);
    for (size_t i = 0; i < back.times.len && i < p.times.len; i++)
        CHECK(back.times.items[i].seconds == p.times.items[i].seconds &&
              back.times.items[i].up == p.times.items[i].up);
    for (size_t k = 0; k < back.ups.len && k < p.ups.len; k++)
        CHECK(back.ups.items[k].real == p.ups.items[k].real &&
              back.ups.items[k].link == p.ups.items[k].link);
    sched_platform_free(&back);
    sched_platform_free(&q);
    sched_platform_free(&p);
    free(text);
    /* Parameters that would give a time <= 0 or a negative link. */
    g.mp = 100;
    CHECK(sched_gen_platform(&g, 1, &p, &err) < 0);
    g.mp = 500;
    g.dc = 20;
    CHECK(sched_gen_platform(&g, 1, &p, &err) < 0);
    sb_free(&err);
    size_t *v, n;
    strbuf e2 = {0};
    CHECK(sched_gen_parse_groups("20,27,33,40", &v, &n, &e2) == 0);
    CHECK(n == 4 && v[0] == 20 && v[3] == 40);
    free(v);
    CHECK(sched_gen_parse_groups("20,,3", &v, &n, &e2) < 0);
    CHECK(sched_gen_parse_groups("20,x", &v, &n, &e2) < 0);
    CHECK(sched_gen_parse_groups("0", &v, &n, &e2) < 0);
    CHECK(sched_gen_parse_groups("", &v, &n, &e2) < 0);
    CHECK(sched_gen_parse_groups("5,", &v, &n, &e2) < 0);
    sb_free(&e2);
}

/* A time record replaces tasktime / factor for its pair only; the
 * allocators see its estimate unless told to use the real times. */
static void test_time_records(void)
{
    const char *text = "platform 1\ntasktime L1 6\nup a 2 3\nup b 1 1\n"
                       "time L1 b 4 estimated 5\ntime L2 a 7\nend 2\n";
    sched_platform p;
    diag d;
    diag_init(&d, "test", stderr);
    CHECK(sched_platform_parse(&p, text, strlen(text), "mem", &d) == 0);
    CHECK(sched_up_seconds(&p, 1, 0, 6, 0, 0) == 3);    /* 6 / real 2 */
    CHECK(sched_up_seconds(&p, 1, 0, 6, 1, 0) == 2);    /* 6 / est. 3 */
    CHECK(sched_up_seconds(&p, 1, 0, 6, 1, 1) == 3);
    CHECK(sched_up_seconds(&p, 1, 1, 6, 0, 0) == 4);
    CHECK(sched_up_seconds(&p, 1, 1, 6, 1, 0) == 5);
    CHECK(sched_up_seconds(&p, 1, 1, 6, 1, 1) == 4);
    CHECK(sched_up_seconds(&p, 2, 0, 1, 1, 0) == 7);    /* no estimate */
    CHECK(sched_time_of(&p, 2, 1) == NULL);
    sched_platform_free(&p);
}

/* text written by the writer of `write` from what `parse` read of in. */
static char *rewritten(const char *in, int platform)
{
    diag d;
    diag_init(&d, "test", stderr);
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    if (platform) {
        sched_platform p;
        CHECK(sched_platform_parse(&p, in, strlen(in), "in", &d) == 0);
        sched_write_platform(fp, &p);
        sched_platform_free(&p);
    } else {
        sched_app a;
        CHECK(sched_app_parse(&a, in, strlen(in), "in", &d) == 0);
        sched_write_app(fp, &a, NULL);
        sched_app_free(&a);
    }
    fclose(fp);
    return text;
}

/* The writers keep what the event model plays (fail at a time, drawn
 * failures as fail records, load changes), write two edges between the
 * same batches once (app-graph(5) has no edge twice), quote names that
 * are not words, and give types of any size without a loop over them;
 * what they write reads back and writes the same again. */
static void test_writers_read_back(void)
{
    const char *plat = "platform 1\ntasktime L1 1\nup a 1 1\nup \"b c\" 0.5 0.5\n"
                       "fail \"b c\" at 2.5\nspeed a 1 0.25\nspeed a 3 1\n"
                       "failures 0.1 seed 4\nend 2\n";
    char *one = rewritten(plat, 1), *two = rewritten(one, 1);
    CHECK_STR(two, one);
    CHECK(strstr(one, "fail \"b c\" at 2.5\n") != NULL);
    CHECK(strstr(one, "fail \"a\" at ") != NULL);        /* drawn */
    CHECK(strstr(one, "speed \"a\" 1 0.25\nspeed \"a\" 3 1\n") != NULL);
    CHECK(strstr(one, "failures") == NULL);
    free(one);
    free(two);
    const char *app = "app-graph 1\ntasktype L1 -\ntasktype L18446744073709551615 -\n"
                      "batch \"B 1\" L18446744073709551615 2 -\nbatch B2 L1 3 -\n"
                      "edge \"B 1\" B2 data\nedge \"B 1\" B2 storage \"s\"\nend 2 2 5\n";
    one = rewritten(app, 0);
    two = rewritten(one, 0);
    CHECK_STR(two, one);
    CHECK_STR(one, "app-graph 1\ntasktype L1 -\ntasktype L18446744073709551615 -\n"
                   "batch \"B 1\" L18446744073709551615 2 -\nbatch B2 L1 3 -\n"
                   "edge \"B 1\" B2 data\nend 2 1 5\n");
    free(one);
    free(two);
}

int main(void)
{
    RUN(test_app_properties);
    RUN(test_def5);
    RUN(test_app_errors);
    RUN(test_app_round_trip);
    RUN(test_groups);
    RUN(test_time_records);
    RUN(test_writers_read_back);
    return unit_done();
}
