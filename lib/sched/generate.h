/* generate.h — lib/sched's random generators: the thesis's applications
 * (generateAPP) and groups of UPs (generateGroup), App. B.1 of Lucchese
 * 2002 as the notes §5.1 and Appendix A give them, quirks kept, plus an
 * application generator that respects Def. 5. Deterministic from a seed
 * through the project's generator (common.h rng): the order and number of
 * draws below is part of the reproducibility contract, so a seed names one
 * application or platform forever. Each generator draws from its own
 * stream, seeded with rngc_mix(seed, 1) for applications and
 * rngc_mix(seed, 2) for groups: one seed gives an application and a
 * platform that are independent of each other. */
#ifndef PERFPIPE_SCHED_GENERATE_H
#define PERFPIPE_SCHED_GENERATE_H

#include <stdint.h>
#include <stdio.h>

#include "common/common.h"
#include "sched/sched.h"

/* Limits of the parameters (sizes that multiply: batches^2 for the
 * dependency matrix, groups x UPs x types for the time records). */
#define SCHED_GEN_MAX_BATCHES 200
#define SCHED_GEN_MAX_TASKS 1000000u
#define SCHED_GEN_MAX_TYPES 10000
/* generateAPP redraws its middle coefficients until the last one is > 0;
 * the code loops forever when no draw can succeed (a small T, or two
 * routes and no middle coefficient to redraw). This many draws, then an
 * error. */
#define SCHED_GEN_MAX_DRAWS 10000

typedef enum {
    SCHED_GEN_APP,          /* generateAPP as the code is: >= 2 sources */
    SCHED_GEN_APP_DEF5      /* the same, then B1 feeds every other source */
} sched_gen_kind;

/* generateAPP(b, m) (notes §5.1, Appendix A), draw by draw:
 * 1. for i = 1..b-1, row i of the dependency matrix gets a 0/1 for each
 *    later batch, 1 when a uniform draw is >= 0.5 (MATLAB round(rand)),
 *    the row redrawn until not empty; the routes (traceroute: for i =
 *    1..b-1, each batch no route covers yet starts one, the batches
 *    reachable from it) computed; all of it redrawn until there are >= 2
 *    routes ("avoid trivial applications"), so a generated application
 *    always has >= 2 sources (it violates Def. 5 (3)) and b >= 3;
 * 2. with L routes and piv = m^(1/L): coef(1) = 1, coef(2..L-1) =
 *    round(piv (0.5 + u)), coef(L) = round((m - ad) / ml) where ad = 2 +
 *    the products of the middle batches off the last route and ml those on
 *    it; redrawn until coef(L) > 0 (round: half away from zero);
 * 3. batch j < b has cardinality prod coef(r) over the routes r >= 2 that
 *    hold it (so B1 has 1), the last batch 1: along every edge the
 *    successor's cardinality is a multiple of its predecessor's, except
 *    into the last batch, a gather of 1. The total is about m, not m.
 * The def5 variant then adds an edge B1 -> s for every other source s (its
 * cardinality 1 divides all), so B1 is the only source and the last batch
 * the only sink (Def. 5 (2) and (3)); the draws are those of the plain
 * generator, which it extends.
 * Batch i is named B<i>, of task type L<i> (the thesis's p has one row
 * per batch). 0, or -1 with the reason in err. */
int sched_gen_app(sched_gen_kind kind, size_t batches, uint64_t tasks,
                  uint64_t seed, sched_app *a, strbuf *err);

/* The parameters of generateGroup(n, b, mp, dp1, dp2, mc, dc). */
typedef struct {
    size_t ngroups;
    const size_t *ups;      /* UPs per group, in the platform's order */
    size_t types;           /* b: task types L1..L<types> */
    double mp, dp1, dp2;    /* mean task time, spread of the UPs' means,
                               spread of a UP's times around its mean */
    double mc, dc;          /* link time and its spread */
} sched_gen_groups;

/* The thesis's default parameters (Fig. 5.20: 500 +/- 100, 50 around
 * each UP's mean, links 10 +/- 3 s), one group of 30 UPs, 4 types. */
void sched_gen_groups_default(sched_gen_groups *g);

/* generateGroup for each group in turn, from one stream: C = mc + dc -
 * 2 dc u (one draw per UP), avg = mp + dp1 - 2 dp1 u (one per UP), then
 * UP by UP, type by type, p = avg + dp2 - 2 dp2 u. A platform of groups
 * G1.. of UPs G<g>.U<k>, each with REAL = ESTIMATED = mp / avg (its mean
 * speed against a reference UP whose tasks take mp), link C, and one time
 * record per type; tasktime L<i> mp. The parameters are checked (mp > 0,
 * mp >= dp1 + dp2, mc >= dc, all >= 0 and finite: every time > 0, every
 * link >= 0). 0, or -1 with the reason in err. */
int sched_gen_platform(const sched_gen_groups *g, uint64_t seed,
                       sched_platform *p, strbuf *err);

/* "30,27,33": the UPs per group, each from 1 to SCHED_MAX_UPS, the sum
 * too. *ups is the caller's to free. 0, or -1 with the reason in err. */
int sched_gen_parse_groups(const char *text, size_t **ups, size_t *n,
                           strbuf *err);

/* The app-graph 1 form of a (formats/app-graph.md): tasktype L<n> - for
 * each type used, batches with their edges as data edges (one per pair of
 * batches), end. Reading it back gives a again, but for an edge that
 * doubled another between the same batches. name may be NULL. */
void sched_write_app(FILE *fp, const sched_app *a, const char *name);
/* The platform 1 form of p (formats/platform.md), numbers in the shortest
 * form that reads back exactly; reading it back gives p again, with the
 * failures a failures record drew as fail records at their times. */
void sched_write_platform(FILE *fp, const sched_platform *p);

#endif
