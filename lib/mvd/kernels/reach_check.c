/* reach_check.c — the checks a reach plan makes through its tables
 * (reach.h, mvd.h): the signs of the functional rates, and whether the
 * chain is irreducible (two searches, forwards and backwards). */

#include "mvd/kernels/kernels.h"

/* Whether a transition out of state k is negative. */
static int has_negative(const struct reach_plan *r, size_t k,
                        const rc_digit *st)
{
    for (size_t t = 0; t < r->nterm; t++) {
        uint32_t lo, hi;
        row_of(r, &r->term[t], st, &lo, &hi);
        for (uint32_t e = lo; e < hi; e++) {
            if (rate(r, &r->entries.items[e], k) < 0)
                return 1;
        }
    }
    return 0;
}

/* Whether some transition's rate may be negative: an entry's constant
 * or a function's value (finite: fill_state checked) below 0. Without
 * either, no state has one and the search per state is skipped (a pass
 * over the tables and values instead of one over every transition). */
static int may_be_negative(const struct reach_plan *r, size_t len)
{
    for (size_t e = 0; e < r->entries.len; e++)
        if (r->entries.items[e].val < 0)
            return 1;
    for (size_t i = 0; i < len * r->slots.len; i++)
        if (r->fval[i] < 0)
            return 1;
    return 0;
}

int mvd_reach_check_rates(const mvd_plan *p, diag *dg, srcloc at)
{
    const struct reach_plan *r = p->reach;
    const desc *d = p->d;
    int state[DESC_MAX_AUTOMATA];
    rc_digit st[DESC_MAX_AUTOMATA];
    if (r->slots.len == 0)
        return 0;   /* constant rates: as mvd_check_rates, nothing to do */
    if (!may_be_negative(r, p->sp->len))
        return 0;
    for (size_t k = 0; k < p->sp->len; k++) {
        step_state(d, p->sp, k, 0, st, state);
        /* The entries one by one are a sufficient test; the terms'
         * entries summed per target (as the other algorithms check) only
         * where one is negative. */
        if (has_negative(r, k, st) &&
            mvd_check_rates_state(d, state, dg, at) < 0)
            return -1;
    }
    return 0;
}

/* ----------------------------------------------------- irreducibility */

/* out[k]: the sum of the positive rates out of state k into the space,
 * as mvd_classes_find's graph sums them. */
static void outflows(const mvd_plan *p, double *out)
{
    const struct reach_plan *r = p->reach;
    const mvd_space *sp = p->sp;
    rc_digit st[DESC_MAX_AUTOMATA];
    for (size_t k = 0; k < sp->len; k++) {
        if (k == 0)
            digits_at(p, k, st);
        else
            advance(p->d, st, sp->idx[k - 1], sp->idx[k]);
        double sum = 0;
        for (size_t t = 0; t < r->nterm; t++) {
            uint32_t lo, hi;
            row_of(r, &r->term[t], st, &lo, &hi);
            for (uint32_t e = lo; e < hi; e++) {
                double v = rate(r, &r->entries.items[e], k);
                uint64_t j = position(&r->ix, sp->len,
                                      sp->idx[k] +
                                      (uint64_t)r->entries.items[e].off);
                if (j < sp->len && v > 0)
                    sum += v;
            }
        }
        out[k] = sum;
    }
}

/* Whether no transition can be weak: the least positive rate any entry
 * can take is at least theta times a bound on every state's outflow
 * (per term, its largest row of positive rates; the slots' extreme
 * values over the states). Then the searches need no outflows: a pass
 * over the values instead of one over every transition, and no vector. */
static int no_weak_transitions(const struct reach_plan *r, size_t len,
                               double theta)
{
    size_t ns = r->slots.len;
    /* per slot: largest value, least positive, greatest negative, least */
    double *ext = xmalloc((ns ? ns : 1) * 4 * sizeof *ext);
    for (size_t s = 0; s < ns; s++) {
        ext[4 * s] = -INFINITY;
        ext[4 * s + 1] = INFINITY;
        ext[4 * s + 2] = -INFINITY;
        ext[4 * s + 3] = INFINITY;
    }
    for (size_t k = 0; k < len; k++)
        for (size_t s = 0; s < ns; s++) {
            double f = r->fval[k * ns + s], *e = ext + 4 * s;
            e[0] = fmax(e[0], f);
            e[3] = fmin(e[3], f);
            if (f > 0)
                e[1] = fmin(e[1], f);
            if (f < 0)
                e[2] = fmax(e[2], f);
        }
    double least = INFINITY, bound = 0;
    for (size_t t = 0; t < r->nterm; t++) {
        const rc_term *rt = &r->term[t];
        double most = 0;
        for (uint32_t c = 0; rt->moves && c < rt->combos; c++) {
            double row = 0;
            for (uint32_t i = r->ptr.items[rt->base + c];
                 i < r->ptr.items[rt->base + c + 1]; i++) {
                const rc_entry *en = &r->entries.items[i];
                const double *e = en->slot >= 0 ? ext + 4 * en->slot : NULL;
                double hi = !e ? en->val
                          : en->val > 0 ? en->val * e[0] : en->val * e[3];
                double lo = !e ? (en->val > 0 ? en->val : INFINITY)
                          : en->val > 0 ? en->val * e[1]
                          : en->val < 0 ? en->val * e[2] : INFINITY;
                if (hi > 0)
                    row += hi;
                if (lo > 0)   /* INFINITY when it is never positive */
                    least = fmin(least, lo);
            }
            most = fmax(most, row);
        }
        bound += most;
    }
    free(ext);
    return least >= theta * bound;
}

/* Breadth-first search from position 0 over the strong transitions
 * (rate > 0 and not below theta times the source's outflow; out NULL:
 * every positive one), forwards or backwards (by the transposed tables),
 * level by level: each level's states are taken from a bitmap of
 * positions in index order, so that their digits are stepped from the
 * previous one's rather than decoded. The states found are marked in
 * `done`, a bitmap of positions (not of the product space, which can be
 * thousands of times larger: PRISM's kanban). The states reached. */
static inline __attribute__((always_inline)) size_t
search_as(const mvd_plan *p, const double *out, double theta, int backwards,
          uint64_t *done, uint64_t *front, uint64_t *next, int hw)
{
    const struct reach_plan *r = p->reach;
    const mvd_space *sp = p->sp;
    size_t n = sp->len, words = (n + 63) / 64, found = 1;
    rc_digit st[DESC_MAX_AUTOMATA];
    memset(done, 0, words * sizeof *done);
    memset(front, 0, words * sizeof *front);
    done[0] = 1;
    front[0] = 1;
    for (int more = 1; more;) {
        memset(next, 0, words * sizeof *next);
        more = 0;
        uint64_t prev = UINT64_MAX;
        for (size_t w = 0; w < words; w++)
            for (uint64_t bits = front[w]; bits; bits &= bits - 1) {
                size_t k = w * 64 + (size_t)__builtin_ctzll(bits);
                if (prev == UINT64_MAX)
                    digits_at(p, k, st);
                else
                    advance(p->d, st, prev, sp->idx[k]);
                prev = sp->idx[k];
                for (size_t m = 0; m < r->nmover; m++) {
                    const rc_term *rt = &r->term[r->mover[m]];
                    uint32_t c = combination(rt, st);
                    const uint32_t *ptr = backwards ? r->tptr.items + rt->tbase
                                                    : r->ptr.items + rt->base;
                    const rc_entry *en = backwards ? r->tentries.items
                                                   : r->entries.items;
                    for (uint32_t e = ptr[c]; e < ptr[c + 1]; e++) {
                        uint64_t s = sp->idx[k] +
                                     (uint64_t)(backwards ? -en[e].off
                                                          : en[e].off);
                        uint64_t j = position_as(&r->ix, n, s, hw);
                        uint64_t bit = UINT64_C(1) << (j & 63);
                        if (j == n || (done[j >> 6] & bit))
                            continue;
                        size_t from = backwards ? j : k;   /* the source */
                        double v = rate(r, &en[e], from);
                        if (!(v > 0) || (out && v < theta * out[from]))
                            continue;
                        done[j >> 6] |= bit;
                        next[j >> 6] |= UINT64_C(1) << (j & 63);
                        found++;
                        more = 1;
                    }
                }
            }
        uint64_t *swap = front;
        front = next;
        next = swap;
    }
    return found;
}

/* search_as with the direction a constant (a loop of its own each) and,
 * where the processor has one, its population count (as the product). */
static size_t search_plain(const mvd_plan *p, const double *out, double theta,
                           int backwards, uint64_t *done, uint64_t *front,
                           uint64_t *next)
{
    return backwards ? search_as(p, out, theta, 1, done, front, next, 0)
                     : search_as(p, out, theta, 0, done, front, next, 0);
}

#ifdef REACH_HW_POPCNT
__attribute__((target("popcnt"))) static size_t
search_hw(const mvd_plan *p, const double *out, double theta, int backwards,
          uint64_t *done, uint64_t *front, uint64_t *next)
{
    return backwards ? search_as(p, out, theta, 1, done, front, next, 1)
                     : search_as(p, out, theta, 0, done, front, next, 1);
}
#endif

static size_t search(const mvd_plan *p, const double *out, double theta,
                     int backwards, uint64_t *done, uint64_t *front,
                     uint64_t *next)
{
#ifdef REACH_HW_POPCNT
    if (p->reach->hw_popcnt)
        return search_hw(p, out, theta, backwards, done, front, next);
#endif
    return search_plain(p, out, theta, backwards, done, front, next);
}

/* One direction's search, with its own bitmaps (a thread's work). */
typedef struct {
    const mvd_plan *p;
    const double *out;
    double theta;
    int backwards;
    size_t found;
} direction;

static void *search_direction(void *arg)
{
    direction *w = arg;
    size_t words = (w->p->sp->len + 63) / 64;
    uint64_t *done = xmalloc(words * sizeof *done);
    uint64_t *front = xmalloc(words * sizeof *front);
    uint64_t *next = xmalloc(words * sizeof *next);
    w->found = search(w->p, w->out, w->theta, w->backwards, done, front,
                      next);
    free(done);
    free(front);
    free(next);
    return NULL;
}

int mvd_reach_irreducible(const mvd_plan *p, double theta)
{
    size_t n = p->sp->len;
    if (n == 0)
        return 0;
    double *out = NULL;   /* none: no transition is weak */
    if (theta > 0 && !no_weak_transitions(p->reach, n, theta)) {
        out = xmalloc(n * sizeof *out);
        outflows(p, out);
    }
    direction fwd = {p, out, theta, 0, 0}, bwd = {p, out, theta, 1, 0};
    /* With two threads (mvd_reach_threads), both directions at once; with
     * one, backwards only when forwards reached every state. */
    if (p->reach->y2) {
        run_both(search_direction, &fwd, &bwd, 2);
    } else {
        search_direction(&fwd);
        if (fwd.found == n)
            search_direction(&bwd);
    }
    free(out);
    return fwd.found == n && bwd.found == n;
}
