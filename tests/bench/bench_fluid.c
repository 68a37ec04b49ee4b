/* bench_fluid — issue 29's solver figures of `make bench`: flow events
 * (a flow starting or ending) per second of CPU of lib/sim/fluid.c, with
 * F flows kept in flight (each that ends replaced by a new one at once)
 * over L links, each flow crossing 3 links drawn at random:
 *
 *   local    among the 8 links of a group drawn at random (L/8 groups
 *            apart): an event reaches its group's flows at most, about
 *            8F/L, so its cost should not grow with F at a fixed F/L
 *   random   among all L links: the flows and links form one connected
 *            component (3 links a flow, 3F/L flows a link), but a change
 *            reaches few of them: the cost should not grow with F either
 *            (issue 29's first version refilled the whole component:
 *            3945 events/s at F = 10^3)
 *   global   among all, and link 0 as well, a backbone every flow crosses:
 *            every rate changes at every event, O(F log F) an event
 *
 * Prints, per case, the events, CPU seconds, events per second, and the
 * rate updates per step (flows whose rate a step's events changed).
 *
 *   bench_fluid F L EVENTS
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "common/common.h"
#include "sim/fluid.h"

static double cpu(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

static uint64_t next(uint64_t *s)
{
    *s = *s * 6364136223846793005u + 1442695040888963407u;
    return *s >> 33;
}

enum { LOCAL, RANDOM, GLOBAL };
static const char *const case_names[] = {"local", "random", "global"};

static void start(fluid *f, double now, size_t links, int kind,
                  uint64_t *seed)
{
    uint32_t path[4];
    int n = 0;
    if (kind == GLOBAL)
        path[n++] = 0;
    /* Links 1 .. L-1; a group is 8 consecutive ones. */
    size_t lo = 1, span = links - 1;
    if (kind == LOCAL) {
        lo = 1 + 8 * (next(seed) % ((links - 1) / 8));
        span = 8;
    }
    while (n < (kind == GLOBAL ? 4 : 3)) {
        uint32_t l = (uint32_t)(lo + next(seed) % span);
        int dup = 0;
        for (int i = 0; i < n; i++)
            dup |= path[i] == l;
        if (!dup)
            path[n++] = l;
    }
    double bytes = 1000 + (double)(next(seed) % 100000);
    fluid_start(f, now, path, n, 0, bytes, 1000, NAN);
}

static void run(size_t flows, size_t links, uint64_t events, int kind)
{
    double *cap = xcalloc(links, sizeof *cap);
    for (size_t i = 0; i < links; i++)
        cap[i] = i == 0 ? 4000 : 1000;
    fluid *f = fluid_new(links, cap);
    uint64_t seed = 29;
    for (size_t i = 0; i < flows; i++)
        start(f, 0, links, kind, &seed);
    uint32_t *ended = NULL;
    size_t room = 0;
    uint64_t done = 0, steps = 0, updates0 = 0;
    double t0 = 0, when;
    int warm = 1;
    /* (The first step enters every flow at once: warm-up, not counted.) */
    while (done < events) {
        size_t n = fluid_step(f, &when, &ended, &room);
        if (warm) {
            warm = 0;
            t0 = cpu();
            updates0 = fluid_updates(f);
            continue;
        }
        steps++;
        for (size_t i = 0; i < n; i++)
            start(f, when, links, kind, &seed);
        done += 2 * n;   /* an end and a start */
    }
    double t = cpu() - t0;
    printf("%-8s F=%-6zu L=%-6zu %10llu %8.3f %12.0f %10.1f\n",
           case_names[kind], flows, links,
           (unsigned long long)done, t, (double)done / (t + 1e-9),
           (double)(fluid_updates(f) - updates0) / (double)(steps ? steps : 1));
    free(ended);
    fluid_free(f);
    free(cap);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bench_fluid F L EVENTS\n");
        return 2;
    }
    size_t flows = strtoull(argv[1], NULL, 10), links = strtoull(argv[2], NULL, 10);
    uint64_t events = strtoull(argv[3], NULL, 10);
    if (flows < 1 || links < 17 || events < 1) {
        fprintf(stderr, "bench_fluid: F >= 1, L >= 17, EVENTS >= 1\n");
        return 2;
    }
    printf("%-8s %-8s %-8s %10s %8s %12s %10s\n", "case", "flows", "links",
           "events", "cpu s", "events/s", "upd/step");
    /* local and random: 10x the flows and links, the same cost an event;
     * global: the cost grows with F, so fewer events. */
    for (size_t scale = 1; scale <= 100; scale *= 10)
        run(flows * scale, links * scale, events, LOCAL);
    for (size_t scale = 1; scale <= 100; scale *= 10)
        run(flows * scale, links * scale, events / 10, RANDOM);
    for (size_t scale = 1; scale <= 10; scale *= 10)
        run(flows * scale, links * scale, events / (10 * scale), GLOBAL);
    return 0;
}
