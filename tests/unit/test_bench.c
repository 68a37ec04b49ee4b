/* test_bench.c — lib/bench without MPI: the default sweep (seed 001's
 * Table 1 sizes and the small messages), size lists, the timer
 * resolution and the operation sample on fake clocks, the matrix product
 * and its check (a wrong product must be caught), and the bench records
 * written through lib/fit read back by bench2model's reader. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "common/common.h"
#include "fit/fit.h"
#include "unit.h"

static int has(const bench_sizes *s, uint64_t v)
{
    for (size_t i = 0; i < s->len; i++)
        if (s->items[i] == v)
            return 1;
    return 0;
}

static void test_default_sizes(void)
{
    static const uint64_t table1[13] = {6824, 13652, 21844, 43688, 65536,
        131072, 218452, 349524, 524288, 1048576, 1747624, 3495252, 5592404};
    bench_sizes s = {0};
    bench_default_sizes(BENCH_MAX_BYTES, &s);
    for (int i = 0; i < 13; i++)
        CHECK(has(&s, table1[i]));
    for (uint64_t v = 0; v <= 4096; v = v ? 2 * v : 1)
        CHECK(has(&s, v));
    for (size_t i = 1; i < s.len; i++)
        CHECK(s.items[i] > s.items[i - 1]);
    CHECK_INT(s.items[0], 0);
    CHECK_INT(s.items[s.len - 1], 5592404);
    /* 0, 2^0..2^22, Table 1, with 65536, 131072, 524288 and 1048576 in
     * both. */
    CHECK_INT(s.len, 1 + 23 + 13 - 4);
    s.len = 0;
    bench_default_sizes(65536, &s);
    CHECK_INT(s.items[s.len - 1], 65536);
    CHECK(!has(&s, 131072));
    s.len = 0;
    bench_default_sizes(0, &s);
    CHECK_INT(s.len, 1);
    free(s.items);
}

static void test_parse_list(void)
{
    bench_sizes s = {0};
    const char *why = NULL;
    char bad[64];
    CHECK_INT(bench_parse_list("0,1,6824", 0, 100000, &s, &why, bad), 0);
    CHECK_INT(s.len, 3);
    CHECK_INT(s.items[2], 6824);
    static const struct { const char *text, *why, *bad; } wrong[] = {
        {"3,2", "not above the one before it", "2"},
        {"3,3", "not above the one before it", "3"},
        {"1,,2", "not an integer in range", ""},
        {"1,", "not an integer in range", ""},
        {"x", "not an integer in range", "x"},
        {"-1", "not an integer in range", "-1"},
        {"100001", "not an integer in range", "100001"},
        {" 5", "not an integer in range", " 5"},
    };
    for (size_t i = 0; i < sizeof wrong / sizeof *wrong; i++) {
        s.len = 0;
        CHECK_INT(bench_parse_list(wrong[i].text, 0, 100000, &s, &why, bad),
                  -1);
        CHECK_STR(why, wrong[i].why);
        CHECK_STR(bad, wrong[i].bad);
    }
    /* At most BENCH_MAX_LIST values. */
    strbuf sb = {0};
    for (int i = 1; i <= BENCH_MAX_LIST + 1; i++)
        sb_printf(&sb, "%s%d", i > 1 ? "," : "", i);
    s.len = 0;
    CHECK_INT(bench_parse_list(sb.text, 0, 100000, &s, &why, bad), -1);
    CHECK_STR(why, "one too many");
    sb_free(&sb);
    free(s.items);
}

/* Fake clocks: readings from a script, then the last one for ever. */
static const double *script;
static size_t script_len, script_at;
static double scripted(void)
{
    double t = script[script_at < script_len ? script_at : script_len - 1];
    script_at++;
    return t;
}
static void play(const double *t, size_t n)
{
    script = t;
    script_len = n;
    script_at = 0;
}

static void test_timer_resolution(void)
{
    /* Steps of 3, 1 (the smallest), and a clock stepping back, ignored. */
    static const double t[] = {0, 0, 3, 3, 3, 4, 4, 2, 2, 2, 7};
    play(t, sizeof t / sizeof *t);
    CHECK_NEAR(bench_timer_resolution(scripted, 3), 1, 0);
    static const double stuck[] = {5};
    play(stuck, 1);
    CHECK(isnan(bench_timer_resolution(scripted, 1)));
}

static void test_op_sample(void)
{
    /* The empty loop read 0..1 s, the operation's 1..4 s: 2 s more over
     * 1000·16 operations. */
    static const double t[] = {0, 1, 1, 4};
    int clamped = 0;
    play(t, 4);
    CHECK_NEAR(bench_op_sample(BENCH_ADD, BENCH_INT, 1000, scripted,
                               &clamped), 2.0 / 16000 * 1e6, 1e-9);
    CHECK_INT(script_at, 4);
    CHECK_INT(clamped, 0);
    /* Faster than the empty loop: 0, and said. */
    static const double u[] = {0, 5, 5, 6};
    play(u, 4);
    CHECK_NEAR(bench_op_sample(BENCH_DIV, BENCH_DOUBLE, 10, scripted,
                               &clamped), 0, 0);
    CHECK_INT(clamped, 1);
    /* Every operation and type runs (and returns what the clock says). */
    for (int type = 0; type < BENCH_NTYPES; type++)
        for (int op = -1; op < BENCH_NOPS; op++) {
            static const double v[] = {1, 3};
            play(v, 2);
            CHECK_NEAR(bench_op_loop(op, type, 100, scripted), 2, 0);
        }
    CHECK_STR(bench_op_names[BENCH_CMP], "cmp");
    CHECK_STR(bench_type_names[BENCH_CHAR], "char");
}

static void test_matmul(void)
{
    /* A 2×2 by hand: A = [[-5, -2], [2, 5]], B = [[-5, -3], [0, 2]]. */
    double a[4], b[4], c[4];
    bench_matrix_init(2, a, b);
    CHECK_NEAR(a[0], -5, 0);
    CHECK_NEAR(a[1], -2, 0);
    CHECK_NEAR(a[2], 2, 0);
    CHECK_NEAR(b[0], -5, 0);
    CHECK_NEAR(b[1], -3, 0);
    CHECK_NEAR(b[2], 0, 0);
    CHECK_NEAR(b[3], 2, 0);
    bench_matmul(2, 2, a, b, c);
    CHECK_NEAR(c[0], a[0] * b[0] + a[1] * b[2], 0);
    CHECK_NEAR(c[3], a[2] * b[1] + a[3] * b[3], 0);
    size_t row = 99;
    CHECK_INT(bench_matmul_check(2, a, b, c, &row), 0);

    for (size_t n = 1; n <= 64; n += 21) {
        double *x = xcalloc(3 * n * n, sizeof *x), *y = x + n * n,
               *z = y + n * n;
        bench_matrix_init(n, x, y);
        bench_matmul(n, n, x, y, z);
        CHECK_INT(bench_matmul_check(n, x, y, z, &row), 0);
        /* Blocks of rows, as the slaves compute them, give the same. */
        double *w = xcalloc(n * n, sizeof *w);
        size_t half = n / 2;
        bench_matmul(half, n, x, y, w);
        bench_matmul(n - half, n, x + half * n, y, w + half * n);
        CHECK(memcmp(w, z, n * n * sizeof *w) == 0);
        free(w);
        if (n > 1) {
            /* One entry off by one. */
            z[(n - 1) * n + 1] += 1;
            CHECK_INT(bench_matmul_check(n, x, y, z, &row), -1);
            CHECK_INT(row, n - 1);
            z[(n - 1) * n + 1] -= 1;
            /* Two entries of a row swapped: row sums agree, the weighted
             * sums do not. */
            size_t r = n / 2;
            double t = z[r * n], u = z[r * n + n - 1];
            if (t != u) {
                z[r * n] = u;
                z[r * n + n - 1] = t;
                CHECK_INT(bench_matmul_check(n, x, y, z, &row), -1);
                CHECK_INT(row, r);
            }
        }
        free(x);
    }
}

static void test_bench_records(void)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    fit_write_bench_header(mem, "two \"ranks\"");
    fit_write_bench_sample(mem, "send", 0, 0.1 + 0.2);
    fit_write_bench_sample(mem, "recv", 0, 1e-300);
    fit_write_bench_sample(mem, "send", 5592404, 477389.344);
    fclose(mem);
    diag d;
    diag_init(&d, "test", stderr);
    fit_data data;
    CHECK_INT(fit_data_read(&data, buf, len, "mem", &d), 0);
    CHECK(data.is_bench);
    CHECK_STR(data.name, "two \"ranks\"");
    CHECK_INT(data.series.len, 2);
    const fit_series *send = &data.series.items[0];
    CHECK_STR(send->kind, "send");
    CHECK_INT(send->samples.len, 2);
    /* Every double comes back as the same double. */
    CHECK(send->samples.items[0].y == 0.1 + 0.2);
    CHECK(send->samples.items[1].x == 5592404);
    CHECK(send->samples.items[1].y == 477389.344);
    CHECK(data.series.items[1].samples.items[0].y == 1e-300);
    fit_data_free(&data);
    free(buf);
}

int main(void)
{
    RUN(test_default_sizes);
    RUN(test_parse_list);
    RUN(test_timer_resolution);
    RUN(test_op_sample);
    RUN(test_matmul);
    RUN(test_bench_records);
    return unit_done();
}
