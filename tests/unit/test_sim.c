/* test_sim.c — unit tests of lib/sim: what the kernel says when a caller
 * hands it a value the prototype language can no longer produce (every
 * value a prototype computes is checked finite first), so that a future
 * caller gets a located error and the right words, never "-nan" or a NaN
 * counted as a negative size. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim/sim.h"
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
    sim_options opt = {2, 1, 0, 1, 1000, 0, 0};
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

int main(void)
{
    RUN(test_compute_not_finite);
    RUN(test_size_not_finite);
    return unit_done();
}
