/* test_sim.c — unit tests of lib/sim: what the kernel says when a caller
 * hands it a value the prototype language can no longer produce (every
 * value a prototype computes is checked finite first), so that a future
 * caller gets a located error and the right words, never "-nan" or a NaN
 * counted as a negative size; and the timeline's number formatting. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"
#include "sim/timeline_core.h"
#include "unit.h"

/* A two-process kernel whose diagnostics go to memory. */
typedef struct {
    char *buf;
    size_t size;
    FILE *fp;
    diag d;
    net_model net;
    sim *s;
} kernel;

static void kernel_open(kernel *k)
{
    k->buf = NULL;
    k->size = 0;
    k->fp = open_memstream(&k->buf, &k->size);
    diag_init(&k->d, "test", k->fp);
    net_model_default(&k->net);
    sim_options opt = {2, 1, 0, 1, 1000, 0, 0, 0};
    k->s = sim_new(&opt, &k->net, &k->d, "t.proto");
}

static const char *kernel_text(kernel *k)
{
    fflush(k->fp);
    return k->buf ? k->buf : "";
}

static void kernel_close(kernel *k)
{
    sim_free(k->s);
    net_model_free(&k->net);
    fclose(k->fp);
    free(k->buf);
}

static void test_compute_not_finite(void)
{
    const double values[] = {NAN, -NAN, INFINITY, -INFINITY};
    const char *const said[] = {
        "test: t.proto:3: error: rank 0: compute of NaN seconds; times must be finite\n",
        "test: t.proto:3: error: rank 0: compute of NaN seconds; times must be finite\n",
        "test: t.proto:3: error: rank 0: compute of inf seconds; times must be finite\n",
        "test: t.proto:3: error: rank 0: compute of -inf seconds; times must be finite\n",
    };
    for (int i = 0; i < 4; i++) {
        kernel k;
        kernel_open(&k);
        sim_compute(k.s, 0, values[i], 3);
        CHECK(sim_failed(k.s));
        CHECK_STR(kernel_text(&k), said[i]);
        CHECK(sim_clock(k.s, 0) == 0);
        kernel_close(&k);
    }
}

static void test_size_not_finite(void)
{
    const double values[] = {NAN, -NAN, INFINITY, -INFINITY};
    const char *const names[] = {"NaN", "NaN", "inf", "-inf"};
    for (int i = 0; i < 4; i++) {
        char want[160];
        snprintf(want, sizeof want, "test: t.proto:4: error: rank 0: message "
                 "size of %s bytes; sizes must be finite\n", names[i]);
        kernel k;
        kernel_open(&k);
        sim_send(k.s, 0, 1, values[i], 0, 4);
        CHECK(sim_failed(k.s));
        CHECK_STR(kernel_text(&k), want);
        kernel_close(&k);

        snprintf(want, sizeof want, "test: t.proto:5: error: rank 1: message "
                 "size of %s bytes; sizes must be finite\n", names[i]);
        kernel_open(&k);
        sim_collective(k.s, 1, SIM_OP_BCAST, 0, values[i], 5);
        CHECK(sim_failed(k.s));
        CHECK_STR(kernel_text(&k), want);
        kernel_close(&k);
    }
}

/* The timeline's hand-made number formatting (timeline_core.h) writes what
 * printf writes: " %.9f" for times, " %.17g" for sizes and tags. */
static void check_time(double t)
{
    char want[64], got[64];
    snprintf(want, sizeof want, fabs(t) < TIMELINE_FIXED_BELOW ? " %.9f"
                                                              : " %.17g", t);
    *timeline_put_time(got, t) = '\0';
    if (strcmp(want, got) != 0)
        fprintf(stderr, "time %.17g: want '%s', got '%s'\n", t, want, got);
    CHECK_STR(got, want);
}

static void check_field(double x)
{
    char want[64], got[64];
    if (isnan(x))
        snprintf(want, sizeof want, " -");
    else
        snprintf(want, sizeof want, " %.17g", x);
    *timeline_put_field(got, x) = '\0';
    CHECK_STR(got, want);
}

static void test_timeline_numbers(void)
{
    /* Ties at the ninth decimal (k/1024 s, k odd: the 10th digit is a 5
     * and nothing follows) round to even, as glibc's printf does; values
     * next to them (one ulp away) do not tie. */
    for (int k = -4099; k <= 4099; k += 2) {
        double t = k / 1024.0;
        check_time(t);
        check_time(nextafter(t, INFINITY));
        check_time(nextafter(t, -INFINITY));
    }
    const double special[] = {0.0, -0.0, 1e-10, -1e-10, 5e-10, 4.9999999999e-10,
                              0.001190000, 0.003173333, 3999999.9999999995,
                              4e6, 4e6 + 0.5, -4e6, 1e15, -1e15, 1e300,
                              2.5e-9, 1.5e-9, 0.0000000005, 123456.7890123455};
    for (size_t i = 0; i < sizeof special / sizeof *special; i++)
        check_time(special[i]);
    /* Clocks as the kernel makes them: microseconds, divided by 1e6. */
    uint64_t x = 88172645463325252ull;
    for (int i = 0; i < 200000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        double scale = ldexp(1.0, (int)(x % 64) - 30);   /* 2^-30..2^33 us */
        double us = (double)(x >> 11) / 9007199254740992.0 * scale;
        check_time((i & 1 ? -us : us) / 1e6);
        check_time((double)(x % 100000000) / 1e6);   /* whole microseconds */
    }
    const double fields[] = {NAN, 0.0, -0.0, 10000, 8192, -3, 2.5, 1e15,
                             999999999999999, 1e17, 1e-300, 32767};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
        check_field(fields[i]);
    char line[TIMELINE_LINE_MAX];
    size_t n = timeline_op_text(line, 12, 1, 3, 10000, 0, 0.00119, 0.00238);
    line[n] = '\0';
    CHECK_STR(line, "op 12 send 3 10000 0 0.001190000 0.002380000\n");
    n = timeline_op_text(line, 0, 0, -1, NAN, NAN, -0.5, 1e300);
    line[n] = '\0';
    CHECK_STR(line, "op 0 compute - - - -0.500000000 1.0000000000000001e+300\n");
    n = timeline_process_text(line, 7, 1, 0.25, 0.5, NAN);
    line[n] = '\0';
    CHECK_STR(line, "process 7 1.000000000 0.250000000 0.500000000 -\n");
}

int main(void)
{
    RUN(test_compute_not_finite);
    RUN(test_size_not_finite);
    RUN(test_timeline_numbers);
    return unit_done();
}
