/* bench_mvd — the MVD figures of `make bench` (issue: per-iteration time
 * and memory of shuffle, slice, sparse and reach on generated models of 10^5 to
 * 10^7 states, beside the machine's streaming bandwidth measured in the
 * same run).
 *
 *   bench_mvd [-f] [N...]   N automata of order 10: 10^N states (default
 *                           5 6 7); -f adds the faithful kernels (mvd.h);
 *                           reach runs on compact vectors of the same
 *                           (every) state
 *   bench_mvd -t            the triad bandwidth alone, in GB/s (for
 *                           pipelines/san-sharing)
 *
 * Two models, both with every product state reachable:
 *   tandem  N finite queues of capacity 9 in tandem (a closed chain of
 *           birth-death automata): local arrivals (rate 1, queue 0 only)
 *           and departures (rate 1.5, last queue only), and each pair of
 *           neighbours a synchronising transfer (rate 2 in the upstream
 *           queue, enabled when it is non-empty and the downstream one is
 *           not full). 2 local terms and 2(N-1) synchronising terms, every
 *           factor bidiagonal at most: a very sparse Q.
 *   dense   N automata with a dense random local generator each (all 90
 *           off-diagonal rates in [0.1, 1.1), rng seeded), and 3 or fewer
 *           synchronising events between neighbours (0,1), (N/2-1, N/2),
 *           (N-2, N-1), each a random jump in the master (rate in [0.5,
 *           1.5)) and the slave, one per row: about 9N + 1 non-zeros per
 *           row of Q.
 *
 * For each algorithm: plan bytes, seconds per multiplication (the best of
 * repeated runs, each batch at least 0.3 s), the bytes the algorithm must
 * move per multiplication (a lower bound from its data structures, below)
 * and the bandwidth that implies, as a fraction of the STREAM triad
 * bandwidth measured here, the multiplications per second (a kernel far
 * below the bandwidth is bound by them: the dense model's slice), and the
 * time over a roofline bound: the longer of the traffic over the triad
 * bandwidth and the multiplications over one core's multiply-add rate in
 * its first-level cache (axpy_rate), so a kernel bound by arithmetic is
 * held to that and one bound by memory to the bandwidth (issue 12: within
 * 1.5x). Plans over 4 GB are not built ("does not fit"). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "desc/desc.h"
#include "mvd/mvd.h"
#include "mvd/kernels/kernels.h"

#define ORDER 10

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* STREAM-style triad a[i] = b[i] + s*c[i] over arrays far larger than the
 * caches: 24 bytes per element. The best of 5, in bytes per second. */
static double triad_bandwidth(void)
{
    size_t n = (size_t)1 << 25;   /* 3 x 256 MiB */
    double *a = xmalloc(n * sizeof *a), *b = xmalloc(n * sizeof *b),
           *c = xmalloc(n * sizeof *c);
    for (size_t i = 0; i < n; i++) {
        a[i] = 0;
        b[i] = (double)i;
        c[i] = 1.0 / (double)(i + 1);
    }
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
        for (size_t i = 0; i < n; i++)
            a[i] = b[i] + 1.5 * c[i];
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    volatile double sink = a[n / 2];
    (void)sink;
    free(a);
    free(b);
    free(c);
    return 24.0 * (double)n / best;
}

static void tandem_model(desc *d, int n)
{
    desc_init(d);
    for (int a = 0; a < n; a++) {
        char name[16];
        snprintf(name, sizeof name, "Q%d", a + 1);
        desc_add_automaton(d, name, ORDER, NULL);
    }
    for (int a = 0; a < n; a++) {
        if (a != 0 && a != n - 1)
            continue;   /* only the ends have local events */
        int t = desc_add_term(d, TERM_LOCAL, d->aut[a].name);
        for (int k = 0; k < ORDER; k++) {
            double out = 0;
            if (a == 0 && k + 1 < ORDER) {
                desc_add_entry(d, t, a, k, k + 1, 1.0, -1);
                out += 1.0;
            }
            if (a == n - 1 && k > 0) {
                desc_add_entry(d, t, a, k, k - 1, 1.5, -1);
                out += 1.5;
            }
            if (out)
                desc_add_entry(d, t, a, k, k, -out, -1);
        }
    }
    for (int a = 0; a + 1 < n; a++) {
        char ev[24];
        snprintf(ev, sizeof ev, "move%d", a + 1);
        int pos = desc_add_term(d, TERM_SYNC_POS, ev);
        int neg = desc_add_term(d, TERM_SYNC_NEG, ev);
        for (int k = 1; k < ORDER; k++) {   /* master: upstream, rate 2 */
            desc_add_entry(d, pos, a, k, k - 1, 2.0, -1);
            desc_add_entry(d, neg, a, k, k, -2.0, -1);
        }
        for (int k = 0; k + 1 < ORDER; k++) {   /* slave: downstream */
            desc_add_entry(d, pos, a + 1, k, k + 1, 1.0, -1);
            desc_add_entry(d, neg, a + 1, k, k, 1.0, -1);
        }
    }
    diag dg;
    diag_init(&dg, "bench_mvd", stderr);
    if (desc_finish(d, 0, &dg, (srcloc){"tandem", 0, 0}) < 0)
        exit(1);
}

/* One synchronising event between master a and slave b: per row a jump
 * to another random state, rate in [0.5, 1.5) in the master, 1 in the
 * slave; the negative term keeps the rows of the generator at zero. */
static void add_sync(desc *d, rng *g, int a, int b, const char *ev)
{
    int pos = desc_add_term(d, TERM_SYNC_POS, ev);
    int neg = desc_add_term(d, TERM_SYNC_NEG, ev);
    for (int k = 0; k < ORDER; k++) {
        double rate = 0.5 + rng_uniform(g);
        int to = (k + 1 + (int)rng_below(g, ORDER - 1)) % ORDER;
        desc_add_entry(d, pos, a, k, to, rate, -1);
        desc_add_entry(d, neg, a, k, k, -rate, -1);
        to = (k + 1 + (int)rng_below(g, ORDER - 1)) % ORDER;
        desc_add_entry(d, pos, b, k, to, 1.0, -1);
        desc_add_entry(d, neg, b, k, k, 1.0, -1);
    }
}

static void dense_model(desc *d, int n)
{
    rng g;
    rng_seed(&g, 2006);
    desc_init(d);
    for (int a = 0; a < n; a++) {
        char name[16];
        snprintf(name, sizeof name, "D%d", a + 1);
        desc_add_automaton(d, name, ORDER, NULL);
    }
    for (int a = 0; a < n; a++) {
        int t = desc_add_term(d, TERM_LOCAL, d->aut[a].name);
        for (int k = 0; k < ORDER; k++) {
            double out = 0;
            for (int c = 0; c < ORDER; c++)
                if (c != k) {
                    double rate = 0.1 + rng_uniform(&g);
                    desc_add_entry(d, t, a, k, c, rate, -1);
                    out += rate;
                }
            desc_add_entry(d, t, a, k, k, -out, -1);
        }
    }
    int pairs[3] = {0, n / 2 - 1, n - 2}, done[3] = {0};
    for (int e = 0; e < 3 && n >= 2; e++) {
        int dup = 0;
        for (int q = 0; q < e; q++)
            dup |= done[q] && pairs[q] == pairs[e];
        if (dup || pairs[e] < 0)
            continue;
        char ev[24];
        snprintf(ev, sizeof ev, "sync%d", e + 1);
        add_sync(d, &g, pairs[e], pairs[e] + 1, ev);
        done[e] = 1;
    }
    diag dg;
    diag_init(&dg, "bench_mvd", stderr);
    if (desc_finish(d, 0, &dg, (srcloc){"dense", 0, 0}) < 0)
        exit(1);
}

/* The AUNFs of term t: the product of the non-zeros of its first N-1
 * factors, an identity counting its order. */
static double term_aunfs(const desc *d, size_t t)
{
    double aunfs = 1;
    for (int a = 0; a + 1 < d->naut; a++) {
        const desc_matrix *f = d->terms.items[t].factor[a];
        aunfs *= f ? (double)f->nnz : (double)d->aut[a].order;
    }
    return aunfs;
}

static int term_factors(const desc *d, size_t t)
{
    int nf = 0;
    for (int a = 0; a < d->naut; a++)
        nf += d->terms.items[t].factor[a] != NULL;
    return nf;
}

/* A lower bound on the bytes one multiplication must move between memory
 * and the processor, from what the kernels read and write (vectors of nn
 * doubles; the small factor matrices stay in cache; a write counted once,
 * as in the triad; every factor constant, as in both models).
 * Fast mode (mvd.h), over the terms left once the diagonal parts Dr are
 * out (mvd_reduce):
 *   shuffle: y = x * Dr (read x and Dr, write y: 24 nn; 8 nn to zero y
 *            when there is no Dr); per term of f factors, f - 1 passes
 *            from one vector to another (16 nn each) and the last one
 *            adding into y (read the source and y, write y: 24 nn); a
 *            term whose first factor spans at most SHUFFLE_BLOCK entries
 *            (order x nright; lib/mvd/kernels/shuffle.c) keeps the vectors between
 *            its factors in cache: 24 nn in all;
 *   slice:   x and y once each and Dr (24 nn), each fused AUNF (24 bytes)
 *            and the block pointers (8 bytes per block of the fused last
 *            factor's order): the source slices of x other than the
 *            block's own are counted as cache hits, which makes this a
 *            lower bound (every term is fused in both models).
 * Faithful mode (the thesis's kernels, term by term):
 *   shuffle: per term, copy x to a work vector (read + write, 16 nn),
 *            one read + write pass of it per non-identity factor (16 nn),
 *            and its sum into y (read y and work, write y: 24 nn);
 *   slice:   per term, each AUNF reads its slice of x and reads and writes
 *            its slice of y (24 bytes per element of the last factor's
 *            order), plus the AUNF itself (24 bytes).
 * Sparse: each non-zero's value and column (12 bytes), x and the row
 * pointers once (16 bytes a row), y read and written (16 nn).
 * Reach: x, the diagonal, the state index and y once (32 nn), and y read
 * and written at each transition's target (16 bytes; the tables and the
 * bitmap's words are cache-sized on these models). */
static double traffic(const desc *d, const mvd_plan *p, mvd_algo algo,
                      int faithful, uint64_t nnz)
{
    double nn = (double)d->nn, bytes = 0;
    int last = d->naut - 1;
    if (algo == MVD_SPARSE)
        return 12.0 * (double)nnz + 16 * nn + 16 * nn;
    if (algo == MVD_REACH)   /* x, diagonal, index, y written; each
                                transition's y read and written */
        return 32 * nn + 16.0 * ((double)mvd_plan_mults(p) - nn);
    if (faithful) {
        for (size_t t = 0; t < d->terms.len; t++) {
            if (algo == MVD_SHUFFLE)
                bytes += 16 * nn + 24 * nn + 16 * nn * term_factors(d, t);
            else
                bytes += term_aunfs(d, t) * (24.0 * d->aut[last].order + 24);
        }
        return bytes;
    }
    desc r;
    int has_dr = mvd_reduce(d, &r);
    if (algo == MVD_SHUFFLE) {
        bytes = has_dr ? 24 * nn : 8 * nn;
        for (size_t t = 0; t < r.terms.len; t++) {
            int first = 0;
            while (!r.terms.items[t].factor[first])
                first++;
            double span = (double)d->nright[first] * d->aut[first].order;
            if (span > SHUFFLE_BLOCK)
                bytes += 16 * nn * (term_factors(&r, t) - 1);
            bytes += 24 * nn;
        }
    } else
        bytes = (has_dr ? 24 : 16) * nn +
                8 * nn / (double)mvd_plan_fused_order(p) +
                24 * (double)mvd_plan_aunfs(p);
    desc_free(&r);
    return bytes;
}

/* The multiply-adds per second of one core on data in its first-level
 * cache: y[i] += a x[i] over 2048 doubles, repeated, compiled like the
 * kernels (no fused multiply-add); the best of 5. With the triad
 * bandwidth it makes a roofline: a multiplication needs at least the
 * longer of its traffic over the bandwidth and its multiplications over
 * this rate. */
static double axpy_rate(void)
{
    enum { N = 2048, REPS = 20000 };
    double *x = xmalloc(N * sizeof *x), *y = xmalloc(N * sizeof *y);
    for (int i = 0; i < N; i++) {
        x[i] = 1.0 / (i + 1);
        y[i] = 0;
    }
    double best = 1e30;
    for (int rep = 0; rep < 5; rep++) {
        double t0 = now();
        for (int r = 0; r < REPS; r++) {
            double a = 1e-9 * (r & 7);
            double *restrict yy = y;
            const double *restrict xx = x;
            for (int i = 0; i < N; i++)
                yy[i] += a * xx[i];
        }
        double t = now() - t0;
        if (t < best)
            best = t;
    }
    volatile double sink = y[N / 2];
    (void)sink;
    free(x);
    free(y);
    return (double)N * REPS / best;
}

/* Seconds per multiplication: the best batch average over 3 batches of
 * at least 0.3 s each. */
static double time_multiply(mvd_plan *p, const double *x, double *y)
{
    double best = 1e30;
    for (int batch = 0; batch < 3; batch++) {
        int reps = 0;
        double t0 = now(), t;
        do {
            mvd_multiply(p, x, y);
            reps++;
            t = now() - t0;
        } while (t < 0.3);
        if (t / reps < best)
            best = t / reps;
    }
    return best;
}

/* One row of the table: plans and times one algorithm in one mode. */
static void bench_one(const char *model, const desc *d, const mvd_space *sp,
                      mvd_algo algo, int faithful, double bw, double rate,
                      const double *x, double *y, double *sparse_time,
                      uint64_t *sparse_nnz)
{
    diag dg;
    diag_init(&dg, "bench_mvd", stderr);
    char name[24];
    snprintf(name, sizeof name, "%s%s", mvd_algo_name(algo),
             faithful ? "-f" : "");
    double t0 = now();
    mvd_plan *p = mvd_plan_new_mode(d, sp, algo, faithful, (size_t)4 << 30,
                                    &dg);
    double prep = now() - t0;
    if (!p) {
        printf("%-7s %-9llu %-10s (does not fit)\n", model,
               (unsigned long long)d->nn, name);
        return;
    }
    if (algo == MVD_SPARSE)
        *sparse_nnz = mvd_plan_mults(p);
    double t = time_multiply(p, x, y);
    double bytes = traffic(d, p, algo, faithful, *sparse_nnz);
    if (algo == MVD_SPARSE)
        *sparse_time = t;
    double mults = (double)mvd_plan_mults(p);
    double roof = fmax(bytes / bw, mults / rate);
    printf("%-7s %-9llu %-10s %5zu %5.1fs %9.1f %9.4f %8.3f %7.2f %6.0f%% "
           "%6.2f %5.2fx %-4s ", model, (unsigned long long)d->nn, name,
           d->terms.len, prep, (double)mvd_plan_bytes(p) / 1e6, t,
           bytes / 1e9, bytes / t / 1e9, 100 * bytes / t / bw, mults / t / 1e9,
           t / roof, bytes / bw >= mults / rate ? "mem" : "mul");
    if (*sparse_time > 0)
        printf("%8.2fx\n", t / *sparse_time);
    else
        printf("%9s\n", "-");
    mvd_plan_free(p);
}

int main(int argc, char **argv)
{
    int sizes[8] = {5, 6, 7}, nsizes = 3, faithful = 0;
    int argi = 1;
    if (argi < argc && strcmp(argv[argi], "-t") == 0) {
        printf("%.3f\n", triad_bandwidth() / 1e9);
        return 0;
    }
    if (argi < argc && strcmp(argv[argi], "-f") == 0) {
        faithful = 1;
        argi++;
    }
    if (argi < argc) {
        nsizes = 0;
        for (; argi < argc && nsizes < 8; argi++)
            sizes[nsizes++] = atoi(argv[argi]);
    }
    double bw = triad_bandwidth(), rate = axpy_rate();
    printf("streaming bandwidth (STREAM triad, this machine, now): %.2f GB/s\n",
           bw / 1e9);
    printf("multiply-adds in the first-level cache (one core, now): %.2f G/s\n",
           rate / 1e9);
    printf("%-7s %-9s %-10s %5s %6s %9s %9s %8s %7s %7s %6s %6s %-4s %9s\n",
           "model", "states", "algo", "terms", "plan", "MB", "s/mult",
           "GB moved", "GB/s", "of peak", "Gmul/s", "roof", "by",
           "vs sparse");
    for (int m = 0; m < 2; m++)
        for (int s = 0; s < nsizes; s++) {
            desc d;
            if (m == 0)
                tandem_model(&d, sizes[s]);
            else
                dense_model(&d, sizes[s]);
            diag dg;
            diag_init(&dg, "bench_mvd", stderr);
            mvd_space sp;
            if (mvd_space_build(&sp, &d, d.nn, &dg) < 0)
                return 1;
            /* one entry more: reach's compact vectors have a spare one */
            double *x = xmalloc((d.nn + 1) * sizeof *x);
            double *y = xmalloc((d.nn + 1) * sizeof *y);
            for (uint64_t i = 0; i <= d.nn; i++)
                x[i] = 1.0 / (double)d.nn;
            mvd_space compact = sp;   /* the same states, compact vectors */
            mvd_space_compact(&compact);
            double sparse_time = 0;
            uint64_t sparse_nnz = 0;
            const mvd_algo algos[] = {MVD_SPARSE, MVD_SHUFFLE, MVD_SLICE};
            const char *model = m == 0 ? "tandem" : "dense";
            for (int f = 0; f <= faithful; f++)
                for (int k = f; k < 3; k++)
                    bench_one(model, &d, &sp, algos[k], f, bw, rate, x, y,
                              &sparse_time, &sparse_nnz);
            bench_one(model, &d, &compact, MVD_REACH, 0, bw, rate, x, y,
                      &sparse_time, &sparse_nnz);
            free(x);
            free(y);
            mvd_space_free(&sp);
            desc_free(&d);
        }
    printf("GB moved: a lower bound on the memory traffic of one "
           "multiplication (tests/bench/bench_mvd.c);\n"
           "of peak: that traffic over the time, as a share of the triad "
           "bandwidth; Gmul/s: mvd_plan_mults over the time;\n"
           "roof: the time over the roofline bound, the longer of the traffic "
           "over the triad bandwidth and the multiplications over the\n"
           "  in-cache multiply-add rate (by: which one, mem or mul);\n"
           "vs sparse: time over sparse's time;\n"
           "-f: faithful mode (the thesis's kernels, mvd.h).\n");
    return 0;
}
