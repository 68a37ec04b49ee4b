/* space.c — the reachable state space (mvd.h): from the reachability
 * function, by exploration from the initial state, or the whole product
 * space. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/mvd.h"

/* The largest last automaton whose leaves are evaluated together. */
#define LAST_LEVEL_MAX_ORDER 4096

/* --------------------------------------------------- a set of indices */

/* Open addressing with linear probing; UINT64_MAX marks an empty slot
 * (no product index reaches it: nn <= 2^56). */
typedef struct {
    uint64_t *slot;
    size_t cap, len;
} idxset;

static size_t idx_hash(uint64_t k, size_t cap)
{
    return (size_t)hash_u64(k) & (cap - 1);
}

static void set_grow(idxset *s)
{
    size_t cap = s->cap ? s->cap * 2 : 1024;
    uint64_t *slot = xmalloc(cap * sizeof *slot);
    memset(slot, 0xff, cap * sizeof *slot);
    for (size_t i = 0; i < s->cap; i++) {
        if (s->slot[i] == UINT64_MAX)
            continue;
        size_t h = idx_hash(s->slot[i], cap);
        while (slot[h] != UINT64_MAX)
            h = (h + 1) & (cap - 1);
        slot[h] = s->slot[i];
    }
    free(s->slot);
    s->slot = slot;
    s->cap = cap;
}

/* Adds k; 1 when it was new. */
static int set_add(idxset *s, uint64_t k)
{
    if (2 * (s->len + 1) > s->cap)
        set_grow(s);
    size_t h = idx_hash(k, s->cap);
    while (s->slot[h] != UINT64_MAX) {
        if (s->slot[h] == k)
            return 0;
        h = (h + 1) & (s->cap - 1);
    }
    s->slot[h] = k;
    s->len++;
    return 1;
}

/* ------------------------------------------------------ the state space */

static void too_many(diag *dg, const desc *d, uint64_t max_states,
                     const char *how)
{
    diag_error(dg, desc_loc(d), "the reachable state space (%s) has more "
               "than %llu states, the limit", how,
               (unsigned long long)max_states);
}

static void not_finite(diag *dg, const desc *d, const char *what, int func,
                       const int *state)
{
    strbuf sb = {0};
    mvd_state_text(&sb, d, state);
    diag_error(dg, desc_loc(d), "%s function '%s' is not finite in state %s",
               what, d->funcs.items[func].name, sb_str(&sb));
    sb_free(&sb);
}

/* The reachability function's states by depth-first search over the
 * automata: at each node, with the automata of the levels above fixed,
 * the function's bounds over the states below (desc_eval_bounds) either
 * exclude 0 (every state below is reachable), or are 0 (none is), or say
 * nothing, and the search goes one level deeper; the last level's states
 * are evaluated together (desc_eval_each), or, when the function's
 * counts are kept by depth (desc_search_bounds), each leaf is decided by
 * its value with the sums taken from the counts (the tests on one
 * automaton, not all: the counter model's set-up 6 % less on one
 * thread). The levels take the automata
 * largest first (ties in index order): a function that compares a count
 * with a counter automaton (nb P busy == st R) is decided as soon as the
 * counter is fixed and the count's range excludes it, where the counter
 * last left every bound open down to the leaves (issue 12's counter
 * model: 2^21 leaves' parents, 4 M undecided nodes). The states are
 * sorted at the end; the first error in index order is found again, in
 * index order, when there is one. The time follows the reachable states
 * and the boundary of the set rather than the product space. */
typedef struct {
    const desc *d;
    const desc_func *f;
    int lo[DESC_MAX_AUTOMATA], hi[DESC_MAX_AUTOMATA];
    int perm[DESC_MAX_AUTOMATA];   /* level -> automaton */
    uint64_t span[DESC_MAX_AUTOMATA + 1];   /* states below a level */
    int permuted;
    int quiet;        /* errors not reported: the index-order search will */
    uint64_t max_states;
    VEC(uint64_t) v;
    diag *dg;
    desc_search_bounds *bounds;   /* f's counts by depth, or NULL */
} reach_search;

/* The bounds of f below level k (lo/hi as they are there). */
static int node_bounds(const reach_search *r, int k, double *blo,
                       double *bhi)
{
    return r->bounds ? desc_search_bounds_eval(r->bounds, k, r->lo, r->hi,
                                               blo, bhi)
                     : desc_eval_bounds(r->f, r->lo, r->hi, blo, bhi);
}

/* Level k's automaton a set to state s: the counts below it follow. */
static void fix_level(reach_search *r, int k, int a, int s)
{
    if (r->bounds)
        desc_search_bounds_fix(r->bounds, k + 1, a, 0,
                               r->d->aut[a].order - 1, s);
    r->lo[a] = r->hi[a] = s;
}

static int reach_add(reach_search *r, uint64_t first, uint64_t count)
{
    if (r->v.len + count > r->max_states) {
        if (!r->quiet)
            too_many(r->dg, r->d, r->max_states, "reachability function");
        return -1;
    }
    for (uint64_t i = 0; i < count; i++)
        VEC_PUSH(&r->v, first + i);
    return 0;
}

/* Every state below level k (all reachable): one range in index order,
 * else each combination of the levels' automata. */
static int reach_all(reach_search *r, int k, uint64_t base)
{
    if (!r->permuted || k == r->d->naut)
        return reach_add(r, base, k == r->d->naut ? 1 : r->span[k]);
    int a = r->perm[k];
    for (int s = 0; s < r->d->aut[a].order; s++)
        if (reach_all(r, k + 1, base + (uint64_t)s * r->d->nright[a]) < 0)
            return -1;
    return 0;
}

static int reach_node(reach_search *r, int k, uint64_t base)
{
    const desc *d = r->d;
    if (k == d->naut) {
        /* With the counts kept by depth, a leaf's sums are known: the
         * tests on one automaton, not all. */
        double v = r->bounds ? desc_search_bounds_value(r->bounds, k, r->lo)
                             : desc_eval(r->f, r->lo);
        if (!isfinite(v)) {
            if (!r->quiet)
                not_finite(r->dg, d, "reachability", d->reach, r->lo);
            return -1;
        }
        return v != 0 ? reach_add(r, base, 1) : 0;
    }
    int a = r->perm[k], order = d->aut[a].order;
    /* The last level evaluates its states together (the code before its
     * automaton's first read runs once), which costs less than the
     * bounds (an interval evaluation of the whole code) and answers
     * exactly: no bounds there. With counts kept by depth, its leaves
     * are cheaper still (the leaf case above), and the node's bounds
     * may spare them. */
    int last = k == d->naut - 1 && order <= LAST_LEVEL_MAX_ORDER &&
               !r->bounds;
    double blo, bhi;
    if (!last && r->span[k] > 1 && node_bounds(r, k, &blo, &bhi)) {
        if (blo == 0 && bhi == 0)
            return 0;
        if (blo > 0 || bhi < 0)
            return reach_all(r, k, base);
    }
    if (last) {
        double v[LAST_LEVEL_MAX_ORDER];
        desc_eval_each(d, r->f, a, r->lo, v);
        for (int s = 0; s < order; s++) {
            if (!isfinite(v[s])) {
                r->lo[a] = s;
                if (!r->quiet)
                    not_finite(r->dg, d, "reachability", d->reach, r->lo);
                return -1;
            }
            if (v[s] != 0 &&
                reach_add(r, base + (uint64_t)s * d->nright[a], 1) < 0)
                return -1;
        }
        return 0;
    }
    for (int s = 0; s < order; s++) {
        fix_level(r, k, a, s);
        if (reach_node(r, k + 1, base + (uint64_t)s * d->nright[a]) < 0)
            return -1;
    }
    r->lo[a] = 0;
    r->hi[a] = order - 1;
    return 0;
}

/* The search in the given level order (permuted: largest automata
 * first), errors to dg. */
static void search_order(reach_search *r, int permuted)
{
    const desc *d = r->d;
    r->v.len = 0;
    r->permuted = 0;
    for (int a = 0; a < d->naut; a++) {
        r->lo[a] = 0;
        r->hi[a] = d->aut[a].order - 1;
        r->perm[a] = a;
    }
    for (int i = 1; i < d->naut && permuted; i++) {   /* stable, largest first */
        int a = r->perm[i], j = i;
        for (; j > 0 && d->aut[r->perm[j - 1]].order < d->aut[a].order; j--)
            r->perm[j] = r->perm[j - 1];
        r->perm[j] = a;
    }
    for (int i = 0; i < d->naut; i++)
        r->permuted |= r->perm[i] != i;
    r->span[d->naut] = 1;
    for (int k = d->naut - 1; k >= 0; k--)
        r->span[k] = r->span[k + 1] * (uint64_t)d->aut[r->perm[k]].order;
    if (r->bounds)
        desc_search_bounds_root(r->bounds, r->lo, r->hi);
}

static int search_function(reach_search *r, int permuted)
{
    search_order(r, permuted);
    return reach_node(r, 0, 0);
}

/* Every second state of the first level from `from` (below `to`)
 * searched into r (a thread's share: r is its own copy, set up by
 * search_order). */
typedef struct {
    reach_search r;
    int from, to, status;
} half;

static void *search_half(void *arg)
{
    half *h = arg;
    reach_search *r = &h->r;
    const desc *d = r->d;
    int a = r->perm[0];
    h->status = 0;
    for (int s = h->from; s < h->to && h->status == 0; s += 2) {
        fix_level(r, 0, a, s);
        h->status = reach_node(r, 1, (uint64_t)s * d->nright[a]);
    }
    return NULL;
}

/* The permuted search with two threads, each over every second state of
 * the first level into a list of its own, joined after (both quiet: a failure
 * goes to the search in index order, which reports it). 0, or -1. */
static int search_split(reach_search *r)
{
    const desc *d = r->d;
    search_order(r, 1);
    int a = r->perm[0], order = d->aut[a].order;
    double blo, bhi;
    int decided = desc_eval_bounds(r->f, r->lo, r->hi, &blo, &bhi) &&
                  ((blo == 0 && bhi == 0) || blo > 0 || bhi < 0);
    if (order < 2 || !r->permuted || decided)
        return reach_node(r, 0, 0);   /* decided at the root, or no split */
    /* Alternate states, not halves: the work per state of a counter
     * grows with it (the processes that can be busy). */
    half h[2] = {{*r, 0, order, 0}, {*r, 1, order, 0}};
    for (int i = 0; i < 2; i++) {   /* each its own list and counts */
        memset(&h[i].r.v, 0, sizeof h[i].r.v);
        h[i].r.bounds = desc_search_bounds_new(d, r->f);
        if (h[i].r.bounds)
            desc_search_bounds_root(h[i].r.bounds, h[i].r.lo, h[i].r.hi);
    }
    run_both(search_half, &h[0], &h[1], 2);
    int status = h[0].status < 0 || h[1].status < 0 ||
                 h[0].r.v.len + h[1].r.v.len > r->max_states ? -1 : 0;
    for (int k = 0; k < 2 && status == 0; k++)
        for (size_t i = 0; i < h[k].r.v.len; i++)
            VEC_PUSH(&r->v, h[k].r.v.items[i]);
    free(h[0].r.v.items);
    free(h[1].r.v.items);
    desc_search_bounds_free(h[0].r.bounds);
    desc_search_bounds_free(h[1].r.bounds);
    return status;
}

static int by_function(mvd_space *sp, const desc *d, uint64_t max_states,
                       int threads, diag *dg)
{
    reach_search r = {.d = d, .f = &d->funcs.items[d->reach],
                      .max_states = max_states, .dg = dg, .quiet = 1,
                      .bounds = desc_search_bounds_new(d,
                                                &d->funcs.items[d->reach])};
    /* A failure of the permuted search is not reported: the first error
     * in index order is the one to report, found by the search in that
     * order. */
    int status = threads > 1 && d->naut >= 2 ? search_split(&r)
                                             : search_function(&r, 1);
    if (status < 0 || !r.permuted) {
        r.quiet = 0;
        if (status < 0)
            status = search_function(&r, 0);
    } else {   /* (no states: no array; found by fuzz_desc) */
        sort_below(r.v.items, r.v.len, d->nn);
    }
    desc_search_bounds_free(r.bounds);
    if (status < 0) {
        free(r.v.items);
        return -1;
    }
    sp->idx = r.v.items;
    sp->len = r.v.len;
    return 0;
}

/* Breadth-first search; the list of found states doubles as the queue. */
/* The states seen by the exploration: a bitmap over the product space
 * when it takes at most EXPLORE_BITMAP bytes (a test is one load: polling
 * at N = 15, 983040 product states, explored in 0.9 s against 1.7 s with
 * the hash set), else the hash set. */
#define EXPLORE_BITMAP (UINT64_C(64) << 20)

typedef struct {
    uint64_t *bits;   /* or NULL: set */
    idxset set;
} seen_set;

static int seen_add(seen_set *s, uint64_t k)
{
    if (!s->bits)
        return set_add(&s->set, k);
    uint64_t w = UINT64_C(1) << (k & 63);
    if (s->bits[k >> 6] & w)
        return 0;
    s->bits[k >> 6] |= w;
    return 1;
}

static int by_exploration(mvd_space *sp, const desc *d, uint64_t max_states,
                          diag *dg)
{
    VEC(uint64_t) found = {0};
    seen_set seen = {0};
    if (d->nn / 8 + 8 <= EXPLORE_BITMAP)
        seen.bits = xcalloc((size_t)(d->nn / 64 + 1), sizeof *seen.bits);
    mvd_entries row = {0};
    mvd_rowgen g;
    mvd_rowgen_init(&g, d, NULL);
    /* Terms that only hold diagonal elements (the sync- terms) lead
     * nowhere: skipped. */
    unsigned char *moves = xmalloc(d->terms.len + 1);
    for (size_t t = 0; t < d->terms.len; t++)
        moves[t] = (unsigned char)mvd_term_moves(d, t);
    int state[DESC_MAX_AUTOMATA], status = 0;
    uint64_t start = desc_encode(d, d->initial);
    seen_add(&seen, start);
    VEC_PUSH(&found, start);
    for (size_t head = 0; head < found.len && status == 0; head++) {
        uint64_t x = found.items[head];
        desc_decode(d, x, state);
        int fresh = 1;   /* the functions' values are this state's after */
        for (size_t t = 0; t < d->terms.len && status == 0; t++) {
            if (!moves[t])
                continue;
            int bad = -1;
            row.len = 0;
            if (mvd_rowgen_term(&g, t, state, x, fresh, &row, &bad) < 0) {
                not_finite(dg, d, "rate", bad, state);
                status = -1;
                break;
            }
            fresh = 0;
            for (size_t k = 0; k < row.len; k++) {
                uint64_t y = row.items[k].col;
                if (y == x || !seen_add(&seen, y))
                    continue;
                if (found.len == max_states) {
                    too_many(dg, d, max_states, "exploration from the initial "
                             "state");
                    status = -1;
                    break;
                }
                VEC_PUSH(&found, y);
            }
        }
    }
    free(seen.bits);
    free(seen.set.slot);
    free(moves);
    free(row.items);
    mvd_rowgen_free(&g);
    if (status) {
        free(found.items);
        return -1;
    }
    sort_below(found.items, found.len, d->nn);
    sp->idx = found.items;
    sp->len = found.len;
    return 0;
}

const char *const mvd_index_names[] = {"auto", "bitmap", "hash", NULL};

/* The hash's slots for len states: a power of two, at least twice len
 * (a probe or two at most half full), so at most 4 a state from 8 states
 * on (MVD_INDEX_HASH_PER_STATE's bytes). */
static uint64_t hash_slots(uint64_t len)
{
    uint64_t cap = 16;
    while (cap < 2 * len)
        cap *= 2;
    return cap;
}

mvd_index_kind mvd_index_auto(uint64_t nn, uint64_t len)
{
    uint64_t bitmap = mvd_index_bitmap_bytes(nn);
    return bitmap <= MVD_INDEX_BITMAP_FREE ||
                   bitmap / MVD_INDEX_BITMAP_PER_STATE <= len
               ? MVD_INDEX_BITMAP
               : MVD_INDEX_HASH;
}

/* The bitmap and ranks of mvd_space. */
static void bitmap_index(mvd_space *sp, uint64_t nn)
{
    size_t words = (size_t)((nn + 63) / 64);
    sp->word = xcalloc(words ? words : 1, sizeof *sp->word);
    for (size_t k = 0; k < sp->len; k++)
        sp->word[sp->idx[k] >> 6].bits |= UINT64_C(1) << (sp->idx[k] & 63);
    uint64_t before = 0;
    for (size_t w = 0; w < words; w++) {
        sp->word[w].rank = before;
        before += (uint64_t)__builtin_popcountll(sp->word[w].bits);
    }
}

/* The hash of positions of mvd_space (its positions fit 32 bits:
 * mvd_space_build_index refuses more states). */
static void hash_index(mvd_space *sp)
{
    uint64_t cap = hash_slots(sp->len);
    sp->slot = xmalloc((size_t)cap * sizeof *sp->slot);
    memset(sp->slot, 0xff, (size_t)cap * sizeof *sp->slot);
    sp->slot_mask = cap - 1;
    for (size_t k = 0; k < sp->len; k++) {
        uint64_t h = hash_u64(sp->idx[k]) & sp->slot_mask;
        while (sp->slot[h] != UINT32_MAX)
            h = (h + 1) & sp->slot_mask;
        sp->slot[h] = (uint32_t)k;
    }
}

static int space_build(mvd_space *sp, const desc *d, uint64_t max_states,
                       int threads, diag *dg)
{
    if (d->reach >= 0)
        return by_function(sp, d, max_states, threads, dg);
    if (d->initial)
        return by_exploration(sp, d, max_states, dg);
    if (d->nn > max_states || d->nn > SIZE_MAX / sizeof *sp->idx) {
        too_many(dg, d, max_states, "the whole product space");
        return -1;
    }
    sp->idx = xmalloc((size_t)d->nn * sizeof *sp->idx);
    for (uint64_t i = 0; i < d->nn; i++)
        sp->idx[i] = i;
    sp->len = (size_t)d->nn;
    return 0;
}

int mvd_space_build_index(mvd_space *sp, const desc *d, uint64_t max_states,
                          int threads, mvd_index_kind index, diag *dg)
{
    *sp = (mvd_space){0};
    if (index != MVD_INDEX_BITMAP && max_states >= UINT32_MAX)
        max_states = UINT32_MAX - 1;   /* the hash's positions */
    if (space_build(sp, d, max_states, threads, dg) < 0)
        return -1;
    mvd_space_set_index(sp, d->nn, index);
    return 0;
}

void mvd_space_set_index(mvd_space *sp, uint64_t nn, mvd_index_kind index)
{
    free(sp->word);
    free(sp->slot);
    sp->word = NULL;
    sp->slot = NULL;
    if (index == MVD_INDEX_AUTO)
        index = mvd_index_auto(nn, sp->len);
    if (index == MVD_INDEX_HASH && sp->len < UINT32_MAX)
        hash_index(sp);
    else
        bitmap_index(sp, nn);
}

int mvd_space_build_threads(mvd_space *sp, const desc *d,
                            uint64_t max_states, int threads, diag *dg)
{
    return mvd_space_build_index(sp, d, max_states, threads, MVD_INDEX_AUTO,
                                 dg);
}

int mvd_space_build(mvd_space *sp, const desc *d, uint64_t max_states,
                    diag *dg)
{
    return mvd_space_build_threads(sp, d, max_states, 1, dg);
}

void mvd_space_compact(mvd_space *sp)
{
    sp->vlen = (uint64_t)sp->len + 1;
}

void mvd_space_free(mvd_space *sp)
{
    free(sp->idx);
    free(sp->word);
    free(sp->slot);
    free(sp->pos);
    *sp = (mvd_space){0};
}
