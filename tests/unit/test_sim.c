/* test_sim.c — unit tests of lib/sim: what the kernel says when a caller
 * hands it a value the prototype language can no longer produce (every
 * value a prototype computes is checked finite first), so that a future
 * caller gets a located error and the right words, never "-nan" or a NaN
 * counted as a negative size; the collectives' schedules (coll.c),
 * whose sends and receives must pair up and move what each collective
 * promises, at every P, not only the few the Bats tests time; and the
 * timeline's number formatting. */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim/coll.h"
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

/* Sends and receives of one schedule, per ordered pair (a, b): a's sends
 * to b and b's receives from a must be as many (each pair's messages match
 * in order); the bytes each rank receives are summed. 0 when they match. */
static int schedule_pairs(sim_op_kind kind, coll_algo algo, int p, int root,
                          double bytes, double *received)
{
    int *sends = calloc((size_t)p * p, sizeof *sends);
    int *recvs = calloc((size_t)p * p, sizeof *recvs);
    double *sent_bytes = calloc((size_t)p * p, sizeof *sent_bytes);
    for (int r = 0; r < p; r++) {
        coll_round c;
        for (int step = 0; coll_schedule(kind, algo, p, r, root, bytes, step,
                                         &c); step++) {
            if (c.to >= 0) {
                sends[r * p + c.to]++;
                sent_bytes[r * p + c.to] += c.bytes;
            }
            if (c.from >= 0)
                recvs[c.from * p + r]++;
            if (c.to == r || c.from == r || step > 4 * p + 64)
                return free(sends), free(recvs), free(sent_bytes), -1;
        }
    }
    int bad = 0;
    for (int i = 0; i < p * p; i++)
        bad |= sends[i] != recvs[i];
    for (int b = 0; b < p; b++) {
        received[b] = 0;
        for (int a = 0; a < p; a++)
            received[b] += sent_bytes[a * p + b];
    }
    free(sends);
    free(recvs);
    free(sent_bytes);
    return bad;
}

static void test_schedules_pair_up(void)
{
    static const struct { sim_op_kind kind; coll_algo algo; } all[] = {
        {SIM_OP_BCAST, COLL_BINOMIAL}, {SIM_OP_BCAST, COLL_SCATTER_ALLGATHER},
        {SIM_OP_GATHER, COLL_BINOMIAL}, {SIM_OP_SCATTER, COLL_BINOMIAL},
        {SIM_OP_REDUCE, COLL_BINOMIAL},
        {SIM_OP_ALL_GATHER, COLL_RING}, {SIM_OP_ALL_GATHER, COLL_BRUCK},
        {SIM_OP_ALL_GATHER, COLL_RECURSIVE_DOUBLING},
        {SIM_OP_ALL_TO_ALL, COLL_PAIRWISE}, {SIM_OP_ALL_TO_ALL, COLL_BRUCK},
        {SIM_OP_ALL_REDUCE, COLL_RECURSIVE_DOUBLING},
        {SIM_OP_ALL_REDUCE, COLL_RING}, {SIM_OP_BARRIER, COLL_DISSEMINATION},
    };
    double *got = malloc(70 * sizeof *got);
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        for (int p = 1; p <= 70; p++)
            for (int root = 0; root < p; root += p / 3 + 1) {
                sim_op_kind k = all[i].kind;
                coll_algo a = all[i].algo;
                /* all_gather's recursive doubling is Bruck's off powers
                 * of two (coll_choose). */
                if (a == COLL_RECURSIVE_DOUBLING && k == SIM_OP_ALL_GATHER &&
                    (p & (p - 1)))
                    a = COLL_BRUCK;
                CHECK_INT(schedule_pairs(k, a, p, root, 8, got), 0);
                for (int r = 0; r < p; r++) {
                    /* What reaches each rank: every other rank's block
                     * (all_gather, pairwise all_to_all); the P-1 blocks
                     * at the root of a gather; the vector once at each
                     * non-root of a binomial bcast. */
                    if (k == SIM_OP_ALL_GATHER ||
                        (k == SIM_OP_ALL_TO_ALL && a == COLL_PAIRWISE))
                        CHECK(got[r] == 8.0 * (p - 1));
                    if (k == SIM_OP_GATHER && r == root)
                        CHECK(got[r] == 8.0 * (p - 1));
                    if (k == SIM_OP_BCAST && a == COLL_BINOMIAL)
                        CHECK(got[r] == (r == root ? 0 : 8));
                }
            }
    free(got);
}

static void test_auto_and_names(void)
{
    net_model m = {0};
    m.coll[SIM_OP_BCAST - SIM_OP_BCAST] = COLL_AUTO;
    m.coll[SIM_OP_ALL_GATHER - SIM_OP_BCAST] = COLL_RECURSIVE_DOUBLING;
    CHECK_INT(coll_choose(&m, SIM_OP_BCAST, 12287, 64), COLL_BINOMIAL);
    CHECK_INT(coll_choose(&m, SIM_OP_BCAST, 12288, 64), COLL_SCATTER_ALLGATHER);
    CHECK_INT(coll_choose(&m, SIM_OP_BCAST, 1e6, 7), COLL_BINOMIAL);
    CHECK_INT(coll_choose(&m, SIM_OP_ALL_GATHER, 8, 8), COLL_RECURSIVE_DOUBLING);
    CHECK_INT(coll_choose(&m, SIM_OP_ALL_GATHER, 8, 6), COLL_BRUCK);
    CHECK_INT(coll_choose(&m, SIM_OP_GATHER, 8, 6), COLL_LINEAR);
    CHECK_INT(coll_kind_index("allreduce"), SIM_OP_ALL_REDUCE - SIM_OP_BCAST);
    CHECK_INT(coll_kind_index("broadcast"), 0);
    CHECK_INT(coll_kind_index("scan"), -1);
    CHECK_INT(coll_algo_of(7, "dissemination"), COLL_DISSEMINATION);
    CHECK_INT(coll_algo_of(7, "ring"), -1);
}

/* The timeline's hand-made number formatting (timeline_core.h) writes what
 * printf writes: " %.9f" for times, " %.17g" for sizes and tags. Checks
 * count mismatches (the first few printed), so that millions of values
 * can be compared. */
static uint64_t xorshift(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static int mismatches;

static void compare(const char *what, double x, const char *want,
                    const char *got)
{
    if (strcmp(want, got) == 0)
        return;
    if (mismatches++ < 10)
        printf("# %s %a (%.17g): want '%s', got '%s'\n", what, x, x, want,
               got);
}

static void check_time(double t)
{
    char want[400], got[400];
    snprintf(want, sizeof want, fabs(t) < TIMELINE_FIXED_BELOW ? " %.9f"
                                                              : " %.17g", t);
    *timeline_put_time(got, t) = '\0';
    compare("time", t, want, got);
}

static void check_field(double x)
{
    char want[64], got[64];
    if (isnan(x))
        snprintf(want, sizeof want, " -");
    else
        snprintf(want, sizeof want, " %.17g", x);
    *timeline_put_field(got, x) = '\0';
    compare("field", x, want, got);
}

static double from_bits(uint64_t b)
{
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

static void test_timeline_numbers(void)
{
    mismatches = 0;
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
        xorshift(&x);
        double scale = ldexp(1.0, (int)(x % 64) - 30);   /* 2^-30..2^33 us */
        double us = (double)(x >> 11) / 9007199254740992.0 * scale;
        check_time((i & 1 ? -us : us) / 1e6);
        check_time((double)(x % 100000000) / 1e6);   /* whole microseconds */
    }
    const double fields[] = {NAN, 0.0, -0.0, 10000, 8192, -3, 2.5, 1e15,
                             999999999999999, 1e17, 1e-300, 32767};
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++)
        check_field(fields[i]);
    CHECK_INT(mismatches, 0);
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

/* Millions of values against snprintf: random bit patterns (every
 * exponent: denormals, 1e-300, 1e300, inf, NaN of either sign), clocks as
 * the kernel makes them, exact ties at the ninth decimal and their
 * neighbours, whole numbers around the 1e15 switch to %.17g, and whole op
 * records. */
static void test_timeline_numbers_random(void)
{
    uint64_t x = 0x9e3779b97f4a7c15ull;
    mismatches = 0;
    for (int i = 0; i < 300000; i++) {
        double b = from_bits(xorshift(&x));   /* any double at all */
        check_time(b);
        check_field(b);
        /* Below 4e6 s, where the formatter does the work: a random
         * mantissa at every binary scale from 2^-1074 up. */
        uint64_t r = xorshift(&x);
        double t = ldexp((double)(r >> 11) / 9007199254740992.0,
                         (int)(r % 1097) - 1074);
        check_time((r & 1024) ? -t : t);
        /* Clocks: whole and fractional microseconds up to about 4e6 s. */
        r = xorshift(&x);
        check_time((double)(r % 4000000000000ull) / 1e6);
        check_time((double)(r >> 20) / 1e9 / 1e6 * (double)(r % 4096));
        /* A tie at the ninth decimal, (n + 1/2) ns, and both neighbours. */
        r = xorshift(&x);
        double tie = ((double)(r % (1ull << 40)) + 0.5) / 1e9;
        check_time(tie);
        check_time(nextafter(tie, INFINITY));
        check_time(nextafter(tie, -INFINITY));
        /* Fields: whole numbers of every size, and around +-1e15. */
        r = xorshift(&x);
        check_field((double)(int64_t)r / (double)(1ull << (r % 64)));
        check_field((double)(r % 100000));
        check_field(1e15 + (double)(int)(r % 64) - 32);
        check_field(-1e15 + (double)(int)(r % 64) - 32);
    }
    const double edges[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN,
                            4.9406564584124654e-324, -4.9406564584124654e-324,
                            2.2250738585072009e-308, 1e-300, -1e-300, 1e300,
                            -1e300, 1.7976931348623157e308, 4e6, -4e6,
                            3999999.999999999, 0.5e-9, 1.5e-9, 2.5e-9,
                            1e15, 1e15 - 1, -1e15, 9007199254740993.0};
    for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) {
        check_time(edges[i]);
        check_field(edges[i]);
    }
    CHECK_INT(mismatches, 0);
    /* Whole op records: every kind, partners and ranks of every width. */
    for (int i = 0; i < 200000; i++) {
        uint64_t r = xorshift(&x);
        int kind = (int)(r % 15), rank = (int)((r >> 8) % 10000000);
        int partner = (int)((r >> 32) % 10000001) - 1;
        double bytes = (r & 1) ? NAN : (double)((r >> 40) % 100000),
               tag = (r & 2) ? NAN : (double)((r >> 20) % 32768),
               start = (double)((r >> 3) % 4000000000000ull) / 1e6 / 1e6,
               end = start + (double)(r % 1000) / 1e7;
        char want[TIMELINE_LINE_MAX + 64], got[TIMELINE_LINE_MAX],
             p[16], f1[32], f2[32];
        snprintf(p, sizeof p, partner < 0 ? "-" : "%d", partner);
        snprintf(f1, sizeof f1, isnan(bytes) ? "-" : "%.17g", bytes);
        snprintf(f2, sizeof f2, isnan(tag) ? "-" : "%.17g", tag);
        snprintf(want, sizeof want, "op %d %s %s %s %s %.9f %.9f\n", rank,
                 timeline_kinds[kind], p, f1, f2, start, end);
        got[timeline_op_text(got, rank, kind, partner, bytes, tag, start,
                             end)] = '\0';
        compare("op record", start, want, got);
    }
    CHECK_INT(mismatches, 0);
}

/* The text cache gives the formatter's text whatever the history: values
 * drawn from a small pool (hits), fresh ones (misses, evictions, slots
 * shared by several values), 0 and -0 (the initial key), NaN, and texts
 * too long to keep; then whole op records through the cache. */
static void test_timeline_cache(void)
{
    static timeline_cache cache;
    timeline_cache_init(&cache);
    uint64_t x = 0x0123456789abcdefull;
    double pool[600];
    for (int i = 0; i < 600; i++)
        pool[i] = (double)(xorshift(&x) % 5000000) / 1e6;
    pool[0] = 0.0;
    pool[1] = -0.0;
    pool[2] = NAN;
    pool[3] = -1.2345678901234567e-300;   /* 24 characters: not kept */
    pool[4] = 3999999.999999999;
    pool[5] = 1e300;
    pool[6] = 1.2345678901234567e-30;    /* 23 characters: the longest kept */
    pool[7] = -1.234567890123456e-30;    /* 23 too */
    mismatches = 0;
    for (int i = 0; i < 1000000; i++) {
        uint64_t r = xorshift(&x);
        double v = (r & 3) ? pool[(r >> 8) % 600]
                           : from_bits(xorshift(&x)) * ((r & 4) ? 1 : 0);
        if ((r & 48) == 0)
            v = (double)((r >> 16) % 100000000) / 1e6;
        char want[400], got[400];
        snprintf(want, sizeof want, fabs(v) < TIMELINE_FIXED_BELOW
                 ? " %.9f" : " %.17g", v);
        *timeline_cached(cache.time, got, v, 1) = '\0';
        compare("cached time", v, want, got);
        if (isnan(v))
            snprintf(want, sizeof want, " -");
        else
            snprintf(want, sizeof want, " %.17g", v);
        *timeline_cached(cache.field, got, v, 0) = '\0';
        compare("cached field", v, want, got);
    }
    for (int i = 0; i < 200000; i++) {
        uint64_t r = xorshift(&x);
        double start = pool[(r >> 8) % 600], end = pool[(r >> 20) % 600];
        double bytes = pool[(r >> 32) % 600] * 1e6, tag = (double)(r % 7);
        char want[TIMELINE_LINE_MAX], got[TIMELINE_LINE_MAX];
        want[timeline_op_text(want, (int)(r % 1000), (int)(r % 15),
                              (int)(r % 9) - 1, bytes, tag, start, end)] =
            '\0';
        got[timeline_op_text_cached(&cache, got, (int)(r % 1000),
                                    (int)(r % 15), (int)(r % 9) - 1, bytes,
                                    tag, start, end)] = '\0';
        compare("cached op record", start, want, got);
        double idle = (r & 8) ? NAN : pool[(r >> 44) % 600];
        want[timeline_process_text(want, (int)(r % 100000), start, end,
                                   bytes / 1e6, idle)] = '\0';
        got[timeline_process_text_cached(&cache, got, (int)(r % 100000),
                                         start, end, bytes / 1e6, idle)] =
            '\0';
        compare("cached process record", start, want, got);
    }
    CHECK_INT(mismatches, 0);
}

/* Op records through a cache with the ranks' table and numbers from small
 * pools, so that the pairs (bytes and tag, start and end) hit, miss and
 * evict each other, against the uncached text: pairs whose text is too
 * long to keep, NaN fields, -0, ranks past the table. */
static void test_timeline_pairs_and_ranks(void)
{
    static timeline_cache cache;
    static char ranks[5000][8];
    timeline_cache_init(&cache);
    timeline_cache_ranks(&cache, ranks, 5000);
    uint64_t x = 0x2545f4914f6cdd1dull;
    const double sizes[] = {0, 10000, NAN, 1e300, -1.2345678901234567e-300,
                            65536, -0.0, 3};
    const double times[] = {0, 0.00119, 3999999.999999999, 1e300, -2.5e-7,
                            1.2345678901234567e-30, -0.0, 7.5};
    mismatches = 0;
    for (int i = 0; i < 400000; i++) {
        uint64_t r = xorshift(&x);
        int rank = (int)(r % 6000), partner = (int)((r >> 16) % 6001) - 1;
        double bytes = sizes[(r >> 32) & 7], tag = sizes[(r >> 35) & 7];
        double start = times[(r >> 38) & 7], end = times[(r >> 41) & 7];
        if ((r >> 44) & 1)   /* fresh times: misses, evictions */
            start = (double)((r >> 45) % 100000) / 1e6;
        char want[TIMELINE_LINE_MAX], got[TIMELINE_LINE_MAX];
        want[timeline_op_text(want, rank, (int)(r % 15), partner, bytes, tag,
                              start, end)] = '\0';
        got[timeline_op_text_cached(&cache, got, rank, (int)(r % 15),
                                    partner, bytes, tag, start, end)] = '\0';
        compare("op record by pairs", start, want, got);
    }
    CHECK_INT(mismatches, 0);
}

/* Integers as %u prints them: every number below 2 x 10^6 (each case of
 * timeline_put_u32 and the loop past 10^6), then random ones and the
 * edges up to 2^32 - 1. */
static void test_timeline_integers(void)
{
    mismatches = 0;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (uint64_t i = 0; i < 2200000; i++) {
        unsigned u = i < 2000000 ? (unsigned)i
                     : i < 2100000 ? (unsigned)xorshift(&x)
                                   : 4294967295u - (unsigned)(i - 2100000);
        char want[16], got[16];
        snprintf(want, sizeof want, "%u", u);
        *timeline_put_u32(got, u) = '\0';
        compare("integer", (double)u, want, got);
    }
    CHECK_INT(mismatches, 0);
}

int main(void)
{
    RUN(test_schedules_pair_up);
    RUN(test_auto_and_names);
    RUN(test_compute_not_finite);
    RUN(test_size_not_finite);
    RUN(test_timeline_numbers);
    RUN(test_timeline_numbers_random);
    RUN(test_timeline_cache);
    RUN(test_timeline_pairs_and_ranks);
    RUN(test_timeline_integers);
    return unit_done();
}
