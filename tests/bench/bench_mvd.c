/* bench_mvd — the MVD figures of `make bench` (issue: per-iteration time
 * and memory of shuffle, slice and sparse on generated models of 10^5 to
 * 10^7 states, beside the machine's streaming bandwidth measured in the
 * same run).
 *
 *   bench_mvd [N...]     N automata of order 10: 10^N states (default 5 6 7)
 *
 * The model: N finite queues of capacity 9 in tandem (a closed chain of
 * birth-death automata): each queue has local arrivals (rate 1, queue 0
 * only) and departures (rate 1.5, last queue only), and each pair of
 * neighbours a synchronising transfer (rate 2 in the upstream queue,
 * enabled when it is non-empty and the downstream one is not full). N
 * local terms and 2(N-1) synchronising terms, every product state
 * reachable.
 *
 * For each algorithm: plan bytes, seconds per multiplication (the best of
 * repeated runs, each batch at least 0.3 s), the bytes the algorithm must
 * move per multiplication (a lower bound from its data structures, below)
 * and the bandwidth that implies, as a fraction of the STREAM triad
 * bandwidth measured here. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "desc/desc.h"
#include "mvd/mvd.h"

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

/* A lower bound on the bytes one multiplication must move between memory
 * and the processor, from the algorithm's structure (vectors of nn
 * doubles; the small factor matrices stay in cache):
 *   shuffle: per term, copy x to a work vector (read + write, 16 nn),
 *            one read + write pass of it per non-identity factor (16 nn),
 *            and its sum into y (read y and work, write y: 24 nn);
 *   slice:   per term, each AUNF reads its slice of x and reads and writes
 *            its slice of y (24 bytes per element of the last factor's
 *            order), plus the AUNF itself (24 bytes);
 *   sparse:  each non-zero's value and column (12 bytes), x and the row
 *            pointers once (16 bytes a row), y read and written (16 nn). */
static double traffic(const desc *d, mvd_algo algo, uint64_t nnz)
{
    double nn = (double)d->nn, bytes = 0;
    int last = d->naut - 1;
    for (size_t t = 0; t < d->terms.len; t++) {
        desc_matrix **f = d->terms.items[t].factor;
        if (algo == MVD_SHUFFLE) {
            bytes += 16 * nn + 24 * nn;
            for (int a = 0; a < d->naut; a++)
                bytes += f[a] ? 16 * nn : 0;
        } else if (algo == MVD_SLICE) {
            double aunfs = 1;
            for (int a = 0; a < last; a++)
                aunfs *= f[a] ? (double)f[a]->nnz : (double)d->aut[a].order;
            bytes += aunfs * (24.0 * d->aut[last].order + 24);
        }
    }
    if (algo == MVD_SPARSE)
        bytes = 12.0 * (double)nnz + 16 * nn + 16 * nn;
    return bytes;
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

int main(int argc, char **argv)
{
    int sizes[8] = {5, 6, 7}, nsizes = 3;
    if (argc > 1) {
        nsizes = 0;
        for (int i = 1; i < argc && nsizes < 8; i++)
            sizes[nsizes++] = atoi(argv[i]);
    }
    double bw = triad_bandwidth();
    printf("streaming bandwidth (STREAM triad, this machine, now): %.2f GB/s\n",
           bw / 1e9);
    printf("%-9s %-8s %7s %6s %10s %10s %9s %9s %8s %9s\n", "states", "algo",
           "terms", "plan", "MB", "s/mult", "GB moved", "GB/s", "of peak",
           "vs sparse");
    for (int s = 0; s < nsizes; s++) {
        desc d;
        tandem_model(&d, sizes[s]);
        diag dg;
        diag_init(&dg, "bench_mvd", stderr);
        mvd_space sp;
        if (mvd_space_build(&sp, &d, d.nn, &dg) < 0)
            return 1;
        double *x = xmalloc(d.nn * sizeof *x), *y = xmalloc(d.nn * sizeof *y);
        for (uint64_t i = 0; i < d.nn; i++)
            x[i] = 1.0 / (double)d.nn;
        double sparse_time = 0;
        uint64_t sparse_nnz = 0;
        const mvd_algo algos[] = {MVD_SPARSE, MVD_SHUFFLE, MVD_SLICE};
        for (int k = 0; k < 3; k++) {
            double t0 = now();
            mvd_plan *p = mvd_plan_new(&d, &sp, algos[k], (size_t)16 << 30,
                                       &dg);
            double prep = now() - t0;
            if (!p) {
                printf("%-9llu %-8s (does not fit)\n",
                       (unsigned long long)d.nn, mvd_algo_name(algos[k]));
                continue;
            }
            if (algos[k] == MVD_SPARSE)
                sparse_nnz = mvd_plan_mults(p);
            double t = time_multiply(p, x, y);
            double bytes = traffic(&d, algos[k], sparse_nnz);
            if (algos[k] == MVD_SPARSE)
                sparse_time = t;
            printf("%-9llu %-8s %7zu %5.1fs %10.1f %10.4f %9.3f %9.2f %7.0f%% %8.2fx\n",
                   (unsigned long long)d.nn, mvd_algo_name(algos[k]),
                   d.terms.len, prep, (double)mvd_plan_bytes(p) / 1e6, t,
                   bytes / 1e9, bytes / t / 1e9, 100 * bytes / t / bw,
                   sparse_time > 0 ? t / sparse_time : 0.0);
            mvd_plan_free(p);
        }
        free(x);
        free(y);
        mvd_space_free(&sp);
        desc_free(&d);
    }
    printf("GB moved: a lower bound on the memory traffic of one "
           "multiplication (tests/bench/bench_mvd.c);\n"
           "of peak: that traffic over the time, as a share of the triad "
           "bandwidth; vs sparse: time over sparse's time.\n");
    return 0;
}
