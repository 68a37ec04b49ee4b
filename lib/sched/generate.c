/* generate.c — the thesis's generators generateAPP and generateGroup
 * (App. B.1; notes §5.1 and Appendix A), a Def. 5 variant of the first,
 * and the writers of what they make (app-graph 1, platform 1). See
 * generate.h for the draws, in their contractual order. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng_core.h"
#include "sched/generate.h"

/* The streams: one per generator, both from the same --seed, so an
 * application and a platform drawn with one seed are independent. */
enum { STREAM_APP = 1, STREAM_GROUP = 2 };

/* MATLAB round: half away from zero. */
static double mround(double x)
{
    return x >= 0 ? floor(x + 0.5) : -floor(-x + 0.5);
}

/* traceroute(dep): for i = 0..b-2, a batch no route covers yet starts
 * one, the set of batches reachable from it (edges go forward, so one
 * pass in index order finds them: the code's recursive trace gives the
 * same set). route is [nroutes][b], at most b - 1 rows; returns nroutes. */
static size_t traceroute(const unsigned char *dep, size_t b,
                         unsigned char *route)
{
    unsigned char *covered = xcalloc(b, 1);
    size_t n = 0;
    for (size_t i = 0; i + 1 < b; i++) {
        if (covered[i])
            continue;
        unsigned char *row = route + n * b;
        memset(row, 0, b);
        row[i] = 1;
        for (size_t k = i + 1; k < b; k++)
            for (size_t j = i; j < k && !row[k]; j++)
                row[k] = row[j] && dep[j * b + k];
        for (size_t k = 0; k < b; k++)
            covered[k] |= row[k];
        n++;
    }
    free(covered);
    return n;
}

int sched_gen_app(sched_gen_kind kind, size_t b, uint64_t m, uint64_t seed,
                  sched_app *a, strbuf *err)
{
    memset(a, 0, sizeof *a);
    if (b < 3 || b > SCHED_GEN_MAX_BATCHES) {
        sb_printf(err, "--batches must be from 3 to %d, not %zu: generateAPP "
                  "wants two routes or more, and with 2 batches there is "
                  "only one (the code would draw forever)",
                  SCHED_GEN_MAX_BATCHES, b);
        return -1;
    }
    if (m < 1 || m > SCHED_GEN_MAX_TASKS) {
        sb_printf(err, "--tasks must be from 1 to %u, not %llu",
                  SCHED_GEN_MAX_TASKS, (unsigned long long)m);
        return -1;
    }
    rng r;
    rng_seed(&r, rngc_mix(seed, STREAM_APP));
    unsigned char *dep = xmalloc(b * b), *route = xmalloc(b * b);
    size_t L;
    do {                                   /* 1. the graph, >= 2 routes */
        memset(dep, 0, b * b);
        for (size_t i = 0; i + 1 < b; i++) {
            int any = 0;
            while (!any)
                for (size_t k = i + 1; k < b; k++) {
                    dep[i * b + k] = rng_uniform(&r) >= 0.5;
                    any |= dep[i * b + k];
                }
        }
        L = traceroute(dep, b, route);
    } while (L < 2);

    /* 2. the coefficients; only the middle batches 2..b-1 (0-based 1..b-2)
     * weigh in ad and ml, the first and the last are 1 each. */
    double *coef = xcalloc(L, sizeof *coef);
    double piv = pow((double)m, 1.0 / (double)L);
    coef[0] = 1;
    long draws = 0;
    while (coef[L - 1] <= 0 && draws < SCHED_GEN_MAX_DRAWS) {
        draws++;
        for (size_t i = 1; i + 1 < L; i++)
            coef[i] = mround(piv * (0.5 + rng_uniform(&r)));
        double ad = 2, ml = 0;
        for (size_t j = 1; j + 1 < b; j++) {
            double par = 1;
            for (size_t i = 0; i + 1 < L; i++)
                if (route[i * b + j])
                    par *= coef[i];
            if (route[(L - 1) * b + j])
                ml += par;
            else
                ad += par;
        }
        coef[L - 1] = mround(((double)m - ad) / ml);   /* ml >= 1: see below */
        if (L == 2)
            break;           /* nothing is redrawn: the next draw is this */
    }
    /* ml >= 1: the last route starts at a batch from 2 to b-1, a middle one
     * on it. */
    int status = 0;
    if (coef[L - 1] <= 0) {
        sb_printf(err, "generateAPP found no cardinalities for about %llu "
                  "tasks in %d draws of this %zu-batch graph of %zu routes: "
                  "--tasks is too small for --batches (the code would draw "
                  "forever)", (unsigned long long)m, SCHED_GEN_MAX_DRAWS, b,
                  L);
        status = -1;
    }
    /* 3. the cardinalities. */
    double total = 0;
    double *card = xmalloc(b * sizeof *card);
    for (size_t j = 0; status == 0 && j < b; j++) {
        double par = 1;
        for (size_t i = 1; j + 1 < b && i < L; i++)
            if (route[i * b + j])
                par *= coef[i];
        card[j] = par;
        total += par;
    }
    if (status == 0 && total > SCHED_MAX_TASKS) {
        sb_printf(err, "generateAPP drew %g tasks for --tasks %llu, past the "
                  "limit of %u", total, (unsigned long long)m,
                  SCHED_MAX_TASKS);
        status = -1;
    }
    for (size_t j = 0; status == 0 && j < b; j++) {
        char name[32];
        snprintf(name, sizeof name, "B%zu", j + 1);
        sched_batch bt = {xstrdup(name), j + 1, (uint64_t)card[j], 0};
        VEC_PUSH(&a->batches, bt);
        a->tasks += bt.m;
    }
    /* The edges by destination, then source: the order app-graph lists
     * them in (each after its destination's batch record). Def. 5: B1
     * feeds every other source. */
    for (size_t k = 1; status == 0 && k < b; k++) {
        int source = 1;
        for (size_t i = 0; i < k; i++)
            source &= !dep[i * b + k];
        if (kind == SCHED_GEN_APP_DEF5 && source)
            dep[k] = 1;                    /* dep[0][k] */
        for (size_t i = 0; i < k; i++)
            if (dep[i * b + k])
                VEC_PUSH(&a->edges, ((sched_edge){i, k}));
    }
    free(card);
    free(coef);
    free(route);
    free(dep);
    if (status != 0)
        sched_app_free(a);
    return status;
}

void sched_gen_groups_default(sched_gen_groups *g)
{
    static const size_t thirty = 30;
    *g = (sched_gen_groups){1, &thirty, 4, 500, 100, 50, 10, 3};
}

int sched_gen_parse_groups(const char *text, size_t **ups, size_t *n,
                           strbuf *err)
{
    *ups = NULL;
    *n = 0;
    VEC(size_t) v = {0};
    const char *s = text;
    uint64_t sum = 0;
    for (;;) {
        size_t len = strcspn(s, ",");
        char buf[32];
        uint64_t x;
        if (len == 0 || len >= sizeof buf) {
            x = 0;
        } else {
            memcpy(buf, s, len);
            buf[len] = 0;
            if (parse_u64(buf, 1, SCHED_MAX_UPS, &x) < 0)
                x = 0;
        }
        if (x == 0) {
            sb_printf(err, "--groups wants UPs per group, from 1 to %d each, "
                      "separated by commas (30,27,33), not '%s'",
                      SCHED_MAX_UPS, text);
            free(v.items);
            return -1;
        }
        sum += x;
        VEC_PUSH(&v, (size_t)x);
        if (s[len] == 0)
            break;
        s += len + 1;
    }
    if (sum > SCHED_MAX_UPS) {
        sb_printf(err, "--groups %s has %llu UPs, past the limit of %d",
                  text, (unsigned long long)sum, SCHED_MAX_UPS);
        free(v.items);
        return -1;
    }
    *ups = v.items;
    *n = v.len;
    return 0;
}

static int check_param(const char *name, double x, strbuf *err)
{
    if (isfinite(x) && x >= 0)
        return 0;
    sb_printf(err, "--%s must be a finite number >= 0, not %g", name, x);
    return -1;
}

int sched_gen_platform(const sched_gen_groups *g, uint64_t seed,
                       sched_platform *p, strbuf *err)
{
    memset(p, 0, sizeof *p);
    if (check_param("mp", g->mp, err) < 0 ||
        check_param("dp1", g->dp1, err) < 0 ||
        check_param("dp2", g->dp2, err) < 0 ||
        check_param("mc", g->mc, err) < 0 ||
        check_param("dc", g->dc, err) < 0)
        return -1;
    if (g->mp <= 0 || g->mp < g->dp1 + g->dp2) {
        sb_printf(err, "--mp must be > 0 and >= --dp1 + --dp2 (%g + %g), not "
                  "%g: a task time could be 0 or less", g->dp1, g->dp2,
                  g->mp);
        return -1;
    }
    if (g->mc < g->dc) {
        sb_printf(err, "--mc must be >= --dc (%g), not %g: a link time could "
                  "be negative", g->dc, g->mc);
        return -1;
    }
    /* The largest draws bound every intermediate of the draws below (2 dp1
     * <= mp + dp1, avg + dp2 <= mp + dp1 + dp2, 2 dc <= mc + dc): finite
     * here, no draw overflows; past the largest double, no factor or time
     * could be written but as nan (issue 26). */
    if (!isfinite(g->mp + g->dp1 + g->dp2)) {
        sb_printf(err, "--mp + --dp1 + --dp2 (%g + %g + %g), the largest task "
                  "time drawn, is past the largest double", g->mp, g->dp1,
                  g->dp2);
        return -1;
    }
    if (!isfinite(g->mc + g->dc)) {
        sb_printf(err, "--mc + --dc (%g + %g), the largest link time drawn, "
                  "is past the largest double", g->mc, g->dc);
        return -1;
    }
    if (g->types < 1 || g->types > SCHED_GEN_MAX_TYPES) {
        sb_printf(err, "--types must be from 1 to %d, not %zu",
                  SCHED_GEN_MAX_TYPES, g->types);
        return -1;
    }
    size_t nups = 0;
    for (size_t q = 0; q < g->ngroups; q++)
        nups += g->ups[q];
    if (g->ngroups < 1 || nups > SCHED_MAX_UPS ||
        (double)nups * (double)g->types > SCHED_MAX_TIMES) {
        sb_printf(err, "%zu UPs times %zu types is past the platform's limit "
                  "of %d UPs and %u time records", nups, g->types,
                  SCHED_MAX_UPS, SCHED_MAX_TIMES);
        return -1;
    }
    strbuf name = {0};
    sb_printf(&name, "generateGroup groups=");
    for (size_t q = 0; q < g->ngroups; q++)
        sb_printf(&name, "%s%zu", q ? "," : "", g->ups[q]);
    sb_printf(&name, " types=%zu mp=%g dp1=%g dp2=%g mc=%g dc=%g seed=%llu",
              g->types, g->mp, g->dp1, g->dp2, g->mc, g->dc,
              (unsigned long long)seed);
    p->name = xstrdup(sb_str(&name));
    sb_free(&name);
    for (size_t i = 0; i < g->types; i++)
        VEC_PUSH(&p->tasktimes, ((sched_tasktime){i + 1, g->mp}));
    rng r;
    rng_seed(&r, rngc_mix(seed, STREAM_GROUP));
    double *avg = xmalloc((nups + 1) * sizeof *avg);
    for (size_t q = 0; q < g->ngroups; q++) {
        size_t n = g->ups[q], first = p->ups.len;
        char buf[64];
        snprintf(buf, sizeof buf, "G%zu", q + 1);
        VEC_PUSH(&p->groups, ((sched_group){xstrdup(buf), first, n, 0}));
        for (size_t k = 0; k < n; k++) {            /* C */
            sched_up u = {0};
            snprintf(buf, sizeof buf, "G%zu.U%zu", q + 1, k + 1);
            u.name = xstrdup(buf);
            u.link = g->mc + g->dc - 2 * g->dc * rng_uniform(&r);
            VEC_PUSH(&p->ups, u);
        }
        for (size_t k = 0; k < n; k++)               /* avg */
            avg[k] = g->mp + g->dp1 - 2 * g->dp1 * rng_uniform(&r);
        for (size_t k = 0; k < n; k++) {             /* P(:, k) */
            sched_up *u = &p->ups.items[first + k];
            u->real = u->estimated = g->mp / avg[k];
            for (size_t i = 0; i < g->types; i++) {
                double t = avg[k] + g->dp2 - 2 * g->dp2 * rng_uniform(&r);
                VEC_PUSH(&p->times, ((sched_time){i + 1, first + k, t, NAN}));
            }
        }
    }
    free(avg);
    /* Sorted by (type, UP), as the reader leaves them. */
    size_t nt = p->times.len;
    sched_time *sorted = xmalloc((nt + 1) * sizeof *sorted);
    for (size_t k = 0; k < nups; k++)
        for (size_t i = 0; i < g->types; i++)
            sorted[i * nups + k] = p->times.items[k * g->types + i];
    free(p->times.items);
    p->times.items = sorted;
    p->times.cap = nt + 1;
    return 0;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

void sched_write_app(FILE *fp, const sched_app *a, const char *name)
{
    fputs("app-graph 1\n", fp);
    if (name) {
        fputs("name ", fp);
        tf_put_string(fp, name);
        fputc('\n', fp);
    }
    /* The types used, once each, by increasing n (sorted: a type number
     * may be large). */
    size_t nb = a->batches.len, ntypes = 0;
    uint64_t *types = xmalloc((nb + 1) * sizeof *types);
    for (size_t b = 0; b < nb; b++)
        types[b] = a->batches.items[b].type;
    qsort(types, nb, sizeof *types, cmp_u64);
    for (size_t i = 0; i < nb; i++)
        if (i == 0 || types[i] != types[i - 1])
            types[ntypes++] = types[i];
    for (size_t i = 0; i < ntypes; i++)
        fprintf(fp, "tasktype L%llu -\n", (unsigned long long)types[i]);
    free(types);
    /* Each batch's edges after it, as data edges: one per pair of batches
     * (a data and a storage edge between two batches are one dependency
     * here, and app-graph(5) has no edge twice). */
    size_t *order = sched_edges_by_to(a), e = 0, edges = 0, seen;
    keymap pairs = {0};
    for (size_t b = 0; b < nb; b++) {
        const sched_batch *bt = &a->batches.items[b];
        fputs("batch ", fp);
        tf_put_word(fp, bt->name);
        fprintf(fp, " L%llu %llu -\n", (unsigned long long)bt->type,
                (unsigned long long)bt->m);
        for (; e < a->edges.len && a->edges.items[order[e]].to == b; e++) {
            const sched_edge *x = &a->edges.items[order[e]];
            size_t key[2] = {x->from, x->to};
            if (keymap_get(&pairs, key, sizeof key, &seen))
                continue;
            keymap_put(&pairs, key, sizeof key, 1);
            edges++;
            fputs("edge ", fp);
            tf_put_word(fp, a->batches.items[x->from].name);
            fputc(' ', fp);
            tf_put_word(fp, bt->name);
            fputs(" data\n", fp);
        }
    }
    keymap_free(&pairs);
    free(order);
    fprintf(fp, "end %zu %zu %llu\n", nb, edges,
            (unsigned long long)a->tasks);
}

void sched_write_platform(FILE *fp, const sched_platform *p)
{
    fputs("platform 1\n", fp);
    if (p->name) {
        fputs("name ", fp);
        tf_put_string(fp, p->name);
        fputc('\n', fp);
    }
    for (size_t i = 0; i < p->tasktimes.len; i++) {
        fprintf(fp, "tasktime L%llu ",
                (unsigned long long)p->tasktimes.items[i].type);
        tf_put_double(fp, p->tasktimes.items[i].seconds);
        fputc('\n', fp);
    }
    for (size_t i = 0; i < p->commands.len; i++) {
        fprintf(fp, "command L%llu ",
                (unsigned long long)p->commands.items[i].type);
        tf_put_string(fp, p->commands.items[i].text);
        fputc('\n', fp);
    }
    /* Each UP's time records after its up record, by type. */
    size_t *first = xcalloc(p->ups.len + 1, sizeof *first);
    size_t *count = xcalloc(p->ups.len + 1, sizeof *count);
    size_t *by_up = xmalloc((p->times.len + 1) * sizeof *by_up);
    for (size_t i = 0; i < p->times.len; i++)
        count[p->times.items[i].up]++;
    for (size_t k = 1; k <= p->ups.len; k++)
        first[k] = first[k - 1] + count[k - 1];
    memset(count, 0, (p->ups.len + 1) * sizeof *count);
    for (size_t i = 0; i < p->times.len; i++) {   /* stable: types ascend */
        size_t k = p->times.items[i].up;
        by_up[first[k] + count[k]++] = i;
    }
    size_t g = 0;
    for (size_t k = 0; k < p->ups.len; k++) {
        const sched_up *u = &p->ups.items[k];
        /* The reader's implicit group, "all" of every UP with no load, is
         * written as no group record. */
        if (!(p->groups.len == 1 && !p->groups.items[0].allocated &&
              strcmp(p->groups.items[0].name, "all") == 0)) {
            while (g < p->groups.len &&
                   p->groups.items[g].first + p->groups.items[g].n <= k)
                g++;
            if (g < p->groups.len && p->groups.items[g].first == k) {
                fputs("group ", fp);
                tf_put_string(fp, p->groups.items[g].name);
                if (p->groups.items[g].allocated)
                    fprintf(fp, " allocated %llu",
                            (unsigned long long)p->groups.items[g].allocated);
                fputc('\n', fp);
            }
        }
        fputs("up ", fp);
        tf_put_string(fp, u->name);
        fputc(' ', fp);
        tf_put_double(fp, u->real);
        fputc(' ', fp);
        tf_put_double(fp, u->estimated);
        if (u->link != 0) {
            fputs(" link ", fp);
            tf_put_double(fp, u->link);
        }
        fputc('\n', fp);
        for (size_t j = 0; j < count[k]; j++) {
            const sched_time *t = &p->times.items[by_up[first[k] + j]];
            fprintf(fp, "time L%llu ", (unsigned long long)t->type);
            tf_put_string(fp, u->name);
            fputc(' ', fp);
            tf_put_double(fp, t->seconds);
            if (!isnan(t->estimated)) {
                fputs(" estimated ", fp);
                tf_put_double(fp, t->estimated);
            }
            fputc('\n', fp);
        }
    }
    free(first);
    free(count);
    free(by_up);
    size_t erratic = 0;
    for (size_t k = 0; k < p->ups.len; k++)
        erratic += (size_t)p->ups.items[k].erratic;
    if (erratic) {
        fputs("error ", fp);
        tf_put_double(fp, p->error_level);
        for (size_t k = 0; erratic < p->ups.len && k < p->ups.len; k++)
            if (p->ups.items[k].erratic) {
                fputc(' ', fp);
                tf_put_string(fp, p->ups.items[k].name);
            }
        fputc('\n', fp);
    }
    /* Failures as fail records, those a failures record drew included (at
     * their times: reading them back draws nothing), then the load
     * changes in their order. */
    for (size_t k = 0; k < p->ups.len; k++)
        if (p->ups.items[k].fails) {
            fputs("fail ", fp);
            tf_put_string(fp, p->ups.items[k].name);
            if (p->ups.items[k].fail_at > 0) {
                fputs(" at ", fp);
                tf_put_double(fp, p->ups.items[k].fail_at);
            }
            fputc('\n', fp);
        }
    for (size_t i = 0; i < p->speeds.len; i++) {
        const sched_speed *v = &p->speeds.items[i];
        fputs("speed ", fp);
        tf_put_string(fp, p->ups.items[v->up].name);
        fputc(' ', fp);
        tf_put_double(fp, v->time);
        fputc(' ', fp);
        tf_put_double(fp, v->multiplier);
        fputc('\n', fp);
    }
    fprintf(fp, "end %zu\n", p->ups.len);
}
