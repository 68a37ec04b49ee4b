/* partition.c — splitting an application's batches across groups: TP, PP
 * and PPCP, and the packet metric (notes §3, precise-rules §1 and A8-A10).
 * Groups are visited in orders the thesis states (CR, power) and the code
 * implies (its group list is sorted by size, ascending, and read from the
 * end); each order is one function below. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"

static uint64_t ceil_div(uint64_t a, uint64_t b)
{
    return a / b + (a % b != 0);
}

void sched_tp(size_t ngroups, const sched_app *a, double *part)
{
    size_t nb = a->batches.len;
    for (size_t b = 0; b < nb; b++) {
        uint64_t rest = a->batches.items[b].m;
        for (size_t j = 1; j <= ngroups; j++) {      /* filled from the end */
            uint64_t t = ceil_div(rest, ngroups + 1 - j);
            part[(ngroups - j) * nb + b] = (double)t;
            rest -= t;
        }
    }
}

/* The code's order: power descending, ties to the later group (a stable
 * ascending sort read backwards). order[] gets the group indices. */
static void largest_first(const sched_groups *g, size_t *order)
{
    for (size_t i = 0; i < g->n; i++)
        order[i] = i;
    for (size_t i = 1; i < g->n; i++)          /* insertion sort: stable */
        for (size_t k = i; k > 0; k--) {
            size_t x = order[k - 1], y = order[k];
            if (g->power[y] > g->power[x] ||
                (g->power[y] == g->power[x] && y > x)) {
                order[k - 1] = y;
                order[k] = x;
            } else {
                break;
            }
        }
}

/* The prose's order: CR = A_g / P_g ascending, ties by power descending,
 * then by index (A8). */
static void lowest_cr_first(const sched_groups *g, size_t *order)
{
    for (size_t i = 0; i < g->n; i++)
        order[i] = i;
    for (size_t i = 1; i < g->n; i++)
        for (size_t k = i; k > 0; k--) {
            size_t x = order[k - 1], y = order[k];
            double cx = (double)g->allocated[x] / g->power[x];
            double cy = (double)g->allocated[y] / g->power[y];
            if (cy < cx || (cy == cx && g->power[y] > g->power[x])) {
                order[k - 1] = y;
                order[k] = x;
            } else {
                break;
            }
        }
}

/* The powers scaled by a power of two so that the largest is in [0.5, 1):
 * every ratio and sum below rounds as it would unscaled (the scaling is
 * exact), and no sum of powers overflows to inf (factors up to 1e308 are
 * valid). Freed by the caller. */
static double *scaled_powers(const sched_groups *g)
{
    double *w = xmalloc((g->n + 1) * sizeof *w), big = 0;
    for (size_t q = 0; q < g->n; q++)
        big = fmax(big, g->power[q]);
    int e = 0;
    if (big > 0 && isfinite(big))
        frexp(big, &e);
    for (size_t q = 0; q < g->n; q++)
        w[q] = ldexp(g->power[q], -e);
    return w;
}

/* The powers of the groups order[q..n-1], summed afresh for each group
 * (the code's sum(grs(1:j))): a running difference would lose the small
 * powers beside a large one and divide by 0. */
static double pool_from(const double *w, const size_t *order, size_t q,
                        size_t n)
{
    double pool = 0;
    for (size_t r = q; r < n; r++)
        pool += w[order[r]];
    return pool;
}

/* A share of rest for group order[q]: ceil(x), at most what is left, and
 * all of it for the last group, so a batch's shares always sum to it even
 * when a quotient of fractional powers rounds above the whole. */
static double clamp_share(double x, double rest, size_t q, size_t n)
{
    if (q + 1 == n)
        return rest;
    double t = ceil(x);
    return t > rest ? rest : t < 0 ? 0 : t;
}

void sched_pp(const sched_groups *g, const sched_app *a, double *part)
{
    size_t nb = a->batches.len, *order = xmalloc((g->n + 1) * sizeof *order);
    double *w = scaled_powers(g);
    largest_first(g, order);
    for (size_t b = 0; b < nb; b++) {
        double rest = (double)a->batches.items[b].m;
        for (size_t q = 0; q < g->n; q++) {
            size_t j = order[q];
            /* The code's evaluation order, temp * grs(j) / sum(...): with
             * whole powers, an exact quotient stays exact. */
            double t = clamp_share(rest * w[j] / pool_from(w, order, q, g->n),
                                   rest, q, g->n);
            part[j * nb + b] = t;
            rest -= t;
        }
    }
    free(w);
    free(order);
}

static uint64_t gcd(uint64_t x, uint64_t y)
{
    while (y) {
        uint64_t r = x % y;
        x = y;
        y = r;
    }
    return x;
}

uint64_t sched_set_gcd(const uint64_t *c, size_t n, sched_ppcp_rules rules)
{
    if (n == 0)
        return 0;
    if (rules == SCHED_PPCP_PROSE) {
        uint64_t k = 0;
        for (size_t i = 0; i < n; i++)
            k = gcd(k, c[i]);
        return k;
    }
    uint64_t least = c[0], k = UINT64_MAX;    /* min(gcd(c, min(c))) */
    for (size_t i = 1; i < n; i++)
        if (c[i] < least)
            least = c[i];
    for (size_t i = 0; i < n; i++) {
        uint64_t d = gcd(c[i], least);
        if (d < k)
            k = d;
    }
    return k;
}

/* ------------------------------------------------------------------ PPCP */

static size_t find(size_t *up, size_t x)
{
    while (up[x] != x)
        x = up[x] = up[up[x]];
    return x;
}

/* set[b] = the set of batch b (the smallest index in it), SIZE_MAX for the
 * synchronisation batches. Prose: weakly connected components of the
 * graph without them. */
static void components(const sched_app *a, const int *sync, size_t *set)
{
    size_t nb = a->batches.len, *up = xmalloc((nb + 1) * sizeof *up);
    for (size_t b = 0; b < nb; b++)
        up[b] = b;
    for (size_t e = 0; e < a->edges.len; e++) {
        size_t x = a->edges.items[e].from, y = a->edges.items[e].to;
        if (sync[x] || sync[y])
            continue;
        x = find(up, x);
        y = find(up, y);
        if (x != y)
            up[x > y ? x : y] = x < y ? x : y;   /* the smaller index roots */
    }
    for (size_t b = 0; b < nb; b++)
        set[b] = sync[b] ? SIZE_MAX : find(up, b);
    free(up);
}

/* MATLAB: from the first unassigned batch s, the batches on its routes
 * (its ancestors and descendants through the whole graph), less those
 * already assigned. With the edges by destination, descendants take one
 * pass forwards and ancestors one pass backwards. */
static void route_sets(const sched_app *a, const int *sync, size_t *set)
{
    size_t nb = a->batches.len, ne = a->edges.len;
    size_t *by_to = sched_edges_by_to(a);
    char *down = xmalloc(nb + 1), *up = xmalloc(nb + 1);
    for (size_t b = 0; b < nb; b++)
        set[b] = sync[b] ? SIZE_MAX : SIZE_MAX - 1;   /* - 1: unassigned */
    for (size_t s = 0; s < nb; s++) {
        if (set[s] != SIZE_MAX - 1)
            continue;
        memset(down, 0, nb);
        memset(up, 0, nb);
        down[s] = up[s] = 1;
        for (size_t k = 0; k < ne; k++) {
            const sched_edge *e = &a->edges.items[by_to[k]];
            down[e->to] |= down[e->from];
        }
        for (size_t k = ne; k-- > 0;) {
            const sched_edge *e = &a->edges.items[by_to[k]];
            up[e->from] |= up[e->to];
        }
        for (size_t b = 0; b < nb; b++)
            if ((down[b] || up[b]) && set[b] == SIZE_MAX - 1)
                set[b] = s;
    }
    free(down);
    free(up);
    free(by_to);
}

void sched_ppcp(const sched_groups *g, const sched_app *a,
                sched_ppcp_rules rules, double *part)
{
    size_t nb = a->batches.len, ng = g->n;
    size_t *order = xmalloc((ng + 1) * sizeof *order);
    double *w = scaled_powers(g);
    if (rules == SCHED_PPCP_PROSE)
        lowest_cr_first(g, order);
    else
        largest_first(g, order);
    memset(part, 0, ng * nb * sizeof *part);

    /* The synchronisation batches, wholly to the first group. */
    int *sync = xcalloc(nb + 1, sizeof *sync);
    size_t g0 = order[0];
    for (size_t b = 0; b < nb; b++) {
        uint64_t m = a->batches.items[b].m;
        sync[b] = rules == SCHED_PPCP_PROSE ? m <= g->ups[g0] : m < ng;
        if (sync[b])
            part[g0 * nb + b] = (double)m;
    }
    size_t *set = xmalloc((nb + 1) * sizeof *set);
    if (rules == SCHED_PPCP_PROSE)
        components(a, sync, set);
    else
        route_sets(a, sync, set);

    uint64_t *c = xmalloc((nb + 1) * sizeof *c);
    for (size_t s = 0; s < nb; s++) {
        if (set[s] != s)
            continue;                  /* not the first batch of a set */
        size_t n = 0;
        for (size_t b = 0; b < nb; b++)
            if (set[b] == s)
                c[n++] = a->batches.items[b].m;
        uint64_t k0 = sched_set_gcd(c, n, rules);
        double k = (double)k0;
        for (size_t q = 0; q < ng; q++) {
            size_t j = order[q];
            double pool = pool_from(w, order, q, ng);
            /* The prose: ceil(K * P / pool); the code: ceil(pr * k) with
             * pr = P / pool computed first (its rounding kept). */
            double share = clamp_share(rules == SCHED_PPCP_PROSE
                                       ? k * w[j] / pool : w[j] / pool * k,
                                       k, q, ng);
            for (size_t b = 0; b < nb; b++)
                if (set[b] == s)
                    part[j * nb + b] = share *
                        (double)a->batches.items[b].m / (double)k0;
            k -= share;
        }
    }
    free(c);
    free(set);
    free(sync);
    free(w);
    free(order);
}

/* --------------------------------------------------------------- packets */

double sched_packets(size_t ngroups, const sched_app *a, const double *part)
{
    size_t nb = a->batches.len;
    double total = 0;
    for (size_t e = 0; e < a->edges.len; e++) {
        size_t i = a->edges.items[e].from, j = a->edges.items[e].to;
        double mi = (double)a->batches.items[i].m,
               mj = (double)a->batches.items[j].m, comm = 0;
        if (mi == 1 || mj == 1) {
            size_t holders = 0, gi = 0, gj = 0;
            for (size_t g = 0; g < ngroups; g++) {
                if (part[g * nb + i] > 0) {
                    holders++;
                    gi = g;
                }
                if (part[g * nb + j] > 0 && part[gj * nb + j] <= 0)
                    gj = g;
            }
            comm = holders == 1 ? mj - part[gi * nb + j]
                                : mi - part[gj * nb + i];
        } else {
            for (size_t g = 0; g < ngroups; g++)
                comm += mi > mj
                    ? fabs(part[g * nb + i] - part[g * nb + j] * mi / mj)
                    : fabs(part[g * nb + i] * mj / mi - part[g * nb + j]);
            comm /= 2;
        }
        total += comm;
    }
    return total;
}
