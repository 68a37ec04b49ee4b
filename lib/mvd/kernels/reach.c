/* reach.c — --algo reach (mvd.h): y = x * Q over compact vectors, one
 * entry per reachable state, matrix-free.
 *
 * Issue 12: the other algorithms hold vectors over the product space
 * (23 M doubles for 1 M reachable states of the resource-sharing model
 * with a counter automaton) or the generator itself (16 bytes a
 * non-zero). Here the plan holds, per reachable state, its diagonal
 * element and the value of each distinct function an element reads (one
 * double each), and the product is computed row by row:
 *     y = x * diag(Q), then for each reachable state i and each term t
 *     that moves, each off-diagonal transition of t's row i:
 *     y_j += x_i * c * f(i)
 *
 * Transitions by table. A term's row at i depends only on the digits of
 * i at the term's non-identity factors (its "combination"): for each
 * combination the plan lists, once, the transitions of the term's row
 * (every choice of one entry per factor row but the all-diagonal one) as
 * an offset added to i's index, a constant (the product of the
 * elements') and a function slot (none, one function, or a product of
 * several, tabulated like a function). Per state and term the work is
 * then the combination (a digit or two) and a short list.
 *
 * Order and targets. The states go in blocks (REACH_BLOCK), each term
 * over the whole block before the next: a term's additions go to a few
 * runs of nearby entries of y (j = i + offset for consecutive i), which
 * caches and prefetchers follow, where state by state they jumped between
 * the terms' targets (2.5x slower per non-zero, measured on issue 12's
 * model). j's position comes from the space's bitmap and ranks, kept here
 * side by side (one cache line), without a search: a j outside the space
 * goes to the vectors' spare entry (mvd_space_compact). Gathering by
 * columns instead measured 5x slower than the CSR product.
 *
 * Functions are evaluated once per reachable state at plan time (their
 * values must be finite there: the plan is refused otherwise, naming the
 * function and the state), never per multiplication; the rates' signs
 * are checked from the same tables (mvd_reach_check_rates). */

#include "mvd/kernels/kernels.h"

/* ------------------------------------------------------------ building */

/* The slot of function f (canonical), made when new. */
static int func_slot(struct reach_plan *r, int f)
{
    for (size_t s = 0; s < r->slots.len; s++)
        if (r->slots.items[s].func == f)
            return (int)s;
    rc_slot sl = {f, -1, -1};
    VEC_PUSH(&r->slots, sl);
    return (int)r->slots.len - 1;
}

/* The slot of the product of slots a and b (either -1: the other). */
static int product_slot(struct reach_plan *r, int a, int b)
{
    if (a < 0 || b < 0)
        return a < 0 ? b : a;
    for (size_t s = 0; s < r->slots.len; s++) {
        const rc_slot *x = &r->slots.items[s];
        if (x->func < 0 && x->a == a && x->b == b)
            return (int)s;
    }
    rc_slot sl = {-1, a, b};
    VEC_PUSH(&r->slots, sl);
    return (int)r->slots.len - 1;
}

/* Term t's transitions (and diagonal element) at the combination whose
 * digits are row[q], appended. */
static void tabulate_combination(struct reach_plan *r, const desc *d,
                                 const mvd_rowgen *g, size_t t,
                                 const rc_term *rt, const int *row)
{
    const desc_term *term = &d->terms.items[t];
    size_t lo[DESC_MAX_AUTOMATA], hi[DESC_MAX_AUTOMATA],
        pick[DESC_MAX_AUTOMATA];
    rc_entry diag = {0, 0, -1};
    for (int q = 0; q < rt->n; q++) {
        const desc_matrix *m = term->factor[rt->aut[q]];
        lo[q] = pick[q] = m->rowptr[row[q]];
        hi[q] = m->rowptr[row[q] + 1];
        if (lo[q] == hi[q]) {   /* an empty row: no transition */
            VEC_PUSH(&r->dg, diag);
            return;
        }
    }
    for (;;) {
        rc_entry e = {0, 1, -1};
        uint32_t to = 0;
        for (int q = 0; q < rt->n; q++) {
            const desc_matrix *m = term->factor[rt->aut[q]];
            const desc_entry *en = &m->e[pick[q]];
            to += (uint32_t)en->col * rt->mult[q];
            e.off += (int64_t)(en->col - en->row) *
                     (int64_t)d->nright[rt->aut[q]];
            e.val *= en->value;
            if (en->func >= 0)
                e.slot = product_slot(r, e.slot,
                                      func_slot(r, g->canon[en->func]));
        }
        if (e.off == 0)   /* 0 only when every factor is diagonal */
            diag = e;
        else if (e.val != 0 && rt->moves) {
            VEC_PUSH(&r->entries, e);
            VEC_PUSH(&r->tcomb, to);
        }
        int q = rt->n - 1;
        while (q >= 0 && ++pick[q] == hi[q]) {
            pick[q] = lo[q];
            q--;
        }
        if (q < 0)
            break;
    }
    VEC_PUSH(&r->dg, diag);
}

/* Term rt's transitions grouped by the combination of their target (a
 * counting sort of the ones just tabulated), for the search backwards. */
static void transpose(struct reach_plan *r, rc_term *rt, uint64_t combos)
{
    uint32_t first = r->ptr.items[rt->base];
    uint32_t last = r->ptr.items[rt->base + combos];
    rt->tbase = r->tptr.len;
    size_t at = r->tentries.len;
    for (uint64_t c = 0; c <= combos; c++) {
        uint32_t zero = 0;
        VEC_PUSH(&r->tptr, zero);
    }
    uint32_t *tp = r->tptr.items + rt->tbase;
    for (uint32_t e = first; e < last; e++)
        tp[r->tcomb.items[e] + 1]++;
    for (uint64_t c = 0; c < combos; c++)
        tp[c + 1] += tp[c];
    rc_entry none = {0, 0, -1};
    for (uint32_t e = first; e < last; e++)
        VEC_PUSH(&r->tentries, none);
    uint32_t *next = xmalloc((size_t)(combos + 1) * sizeof *next);
    memcpy(next, tp, (size_t)(combos + 1) * sizeof *next);
    for (uint32_t e = first; e < last; e++)
        r->tentries.items[at + next[r->tcomb.items[e]]++] =
            r->entries.items[e];
    for (uint64_t c = 0; c <= combos; c++)
        tp[c] += (uint32_t)at;
    free(next);
}

/* When no combination's list (ptr[c]..ptr[c + 1] into from) holds two
 * transitions: each combination's one (val 0: none) appended to to from
 * *at, and 1; else 0. */
static int one_per_combination(const uint32_t *ptr, uint64_t combos,
                               const rc_entries *from, rc_entries *to,
                               size_t *at)
{
    for (uint64_t c = 0; c < combos; c++)
        if (ptr[c + 1] - ptr[c] > 1)
            return 0;
    *at = to->len;
    for (uint64_t c = 0; c < combos; c++) {
        rc_entry e = {0, 0, -1};
        if (ptr[c + 1] > ptr[c])
            e = from->items[ptr[c]];
        VEC_PUSH(to, e);
    }
    return 1;
}

/* rt.one and its table of transitions out of each combination, rt.tone
 * and its table of those into each. */
static void single_entries(struct reach_plan *r, rc_term *rt,
                           uint64_t combos)
{
    rt->one = one_per_combination(r->ptr.items + rt->base, combos,
                                  &r->entries, &r->single, &rt->single);
    for (uint64_t c = 0; rt->one && c < combos; c++)
        rt->single_fn |= r->single.items[rt->single + c].slot >= 0;
    rt->tone = one_per_combination(r->tptr.items + rt->tbase, combos,
                                   &r->tentries, &r->tsingle, &rt->tsingle);
}

static int same_automata(const rc_term *a, const rc_term *b)
{
    if (a->n != b->n)
        return 0;
    for (int q = 0; q < a->n; q++)
        if (a->aut[q] != b->aut[q])
            return 0;
    return 1;
}

/* The transitions of moving terms on the same automata (a synchronising
 * event's acquire and release, say) put together under the first of
 * them, combination by combination, in term order: one table to visit
 * per state instead of one per term, and a state's row of the group is
 * often one transition where each term's was one or none (issue 12's
 * counter model: 21 groups of 42 terms). */
static void merge_terms(struct reach_plan *r)
{
    VEC(uint32_t) ptr = {0}, tcomb = {0};
    rc_entries entries = {0};
    size_t *lead = xmalloc((r->nterm + 1) * sizeof *lead);
    for (size_t t = 0; t < r->nterm; t++) {
        lead[t] = t;
        for (size_t u = 0; u < t && r->term[t].moves; u++)
            if (r->term[u].moves && lead[u] == u &&
                same_automata(&r->term[u], &r->term[t])) {
                lead[t] = u;
                break;
            }
    }
    for (size_t t = 0; t < r->nterm; t++) {
        rc_term *rt = &r->term[t];
        if (!rt->moves || lead[t] != t)
            continue;
        size_t base = ptr.len;
        for (uint32_t c = 0; c < rt->combos; c++) {
            uint32_t at = (uint32_t)entries.len;
            VEC_PUSH(&ptr, at);
            for (size_t u = t; u < r->nterm; u++) {
                if (!r->term[u].moves || lead[u] != t)
                    continue;
                const uint32_t *op = r->ptr.items + r->term[u].base;
                for (uint32_t e = op[c]; e < op[c + 1]; e++) {
                    VEC_PUSH(&entries, r->entries.items[e]);
                    VEC_PUSH(&tcomb, r->tcomb.items[e]);
                }
            }
        }
        uint32_t end = (uint32_t)entries.len;
        VEC_PUSH(&ptr, end);
        rt->base = base;
    }
    for (size_t t = 0; t < r->nterm; t++)
        if (lead[t] != t)
            r->term[t].moves = 0;   /* its transitions are its leader's */
    free(r->ptr.items);
    free(r->entries.items);
    free(r->tcomb.items);
    r->ptr.items = ptr.items;
    r->ptr.len = ptr.len;
    r->ptr.cap = ptr.cap;
    r->entries = entries;
    r->tcomb.items = tcomb.items;
    r->tcomb.len = tcomb.len;
    r->tcomb.cap = tcomb.cap;
    free(lead);
}

/* The terms with a diagonal element, for the plan's diagonal, in term
 * order; consecutive ones on the same automata whose elements never meet
 * (at each combination one at most is not 0) taken as one, whose table
 * holds at each combination the one element or 0. A state's sum q starts
 * at +0 and is never -0, so q + 0 is q: the same sums, bit for bit, in
 * fewer steps (issue 12's counter model: each process's acquire and
 * release, 42 terms in 21). */
static void group_diagonal(struct reach_plan *r)
{
    r->diagonal = xmalloc((r->nterm + 1) * sizeof *r->diagonal);
    r->diagonal_base = xmalloc((r->nterm + 1) * sizeof *r->diagonal_base);
    for (size_t t = 0; t < r->nterm; t++) {
        const rc_term *rt = &r->term[t];
        if (!rt->diagonal)
            continue;
        size_t g = r->ndiagonal;
        int join = g > 0 && same_automata(&r->term[r->diagonal[g - 1]], rt);
        for (uint32_t c = 0; join && c < rt->combos; c++)
            join = r->dg.items[r->diagonal_base[g - 1] + c].val == 0 ||
                   r->dg.items[rt->dbase + c].val == 0;
        if (!join) {
            r->diagonal[g] = (uint32_t)t;
            r->diagonal_base[g] = rt->dbase;
            r->ndiagonal++;
            continue;
        }
        size_t base = r->diagonal_base[g - 1];
        if (base == r->term[r->diagonal[g - 1]].dbase) {   /* its own copy */
            r->diagonal_base[g - 1] = r->dg.len;
            for (uint32_t c = 0; c < rt->combos; c++) {
                rc_entry e = r->dg.items[base + c];
                VEC_PUSH(&r->dg, e);
            }
            base = r->diagonal_base[g - 1];
        }
        for (uint32_t c = 0; c < rt->combos; c++)
            if (r->dg.items[rt->dbase + c].val != 0)
                r->dg.items[base + c] = r->dg.items[rt->dbase + c];
    }
}

/* The bytes the plan's tables hold (their capacity: a term's rows grow
 * with its combinations times its factors' non-zeros per row, and are
 * bounded by --max-memory like the vectors). */
static uint64_t tables_bytes(const struct reach_plan *r)
{
    return (uint64_t)(r->entries.cap + r->tentries.cap + r->single.cap +
                      r->tsingle.cap + r->dg.cap) * sizeof(rc_entry) +
           (uint64_t)(r->ptr.cap + r->tcomb.cap + r->tptr.cap) *
               sizeof(uint32_t) +
           (uint64_t)r->nterm * sizeof(rc_term);
}

/* The tables as they are built, with the copies of the transitions to
 * come (merge_terms's and transpose's: an entry and its target's
 * combination each), against max_bytes: -1 after mvd_too_big when
 * over. */
static int tables_fit(mvd_plan *p, const struct reach_plan *r,
                      size_t max_bytes, diag *dgn)
{
    uint64_t need = tables_bytes(r) + (uint64_t)r->entries.len *
                                          (sizeof(rc_entry) + sizeof(uint32_t));
    if (need <= max_bytes)
        return 0;
    mvd_too_big(p, dgn, p->d, MVD_REACH, need, max_bytes);
    return -1;
}

/* The limits of reach's tables (mvd_reach_takes): -1, after a diagnostic
 * on dg when it is not NULL, when an automaton has more states than a
 * digit holds or a term more combinations than a table takes; else 0. */
static int beyond_limits(const desc *d, diag *dg)
{
    for (int a = 0; a < d->naut; a++)
        if (d->aut[a].order > REACH_MAX_ORDER) {
            if (dg)
                diag_error(dg, desc_loc(d), "reach keeps a state's digits "
                           "in 16 bits: automaton %s has %d states, more "
                           "than %d; use --algo sparse", d->aut[a].name,
                           d->aut[a].order, REACH_MAX_ORDER);
            return -1;
        }
    for (size_t t = 0; t < d->terms.len; t++) {
        uint64_t combos = 1;
        for (int a = 0; a < d->naut && !mvd_term_is_zero(d, t); a++)
            if (d->terms.items[t].factor[a] &&
                (combos *= (uint64_t)d->aut[a].order) > REACH_MAX_COMBOS) {
                if (dg)
                    diag_error(dg, desc_loc(d), "reach tabulates the rows of "
                               "each term by the states of its automata, at "
                               "most %d combinations: term %zu (%s) has more; "
                               "use --algo sparse", REACH_MAX_COMBOS, t,
                               d->terms.items[t].label);
                return -1;
            }
    }
    return 0;
}

int mvd_reach_takes(const desc *d)
{
    return beyond_limits(d, NULL) == 0;
}

static int build_terms(mvd_plan *p, struct reach_plan *r, const desc *d,
                       const mvd_rowgen *g, size_t max_bytes, diag *dgn)
{
    r->term = xcalloc(d->terms.len + 1, sizeof *r->term);
    for (size_t t = 0; t < d->terms.len; t++) {
        if (mvd_term_is_zero(d, t))
            continue;
        rc_term *rt = &r->term[r->nterm++];
        rt->n = (int)(g->first[t + 1] - g->first[t]);
        rt->moves = mvd_term_moves(d, t);
        uint64_t combos = 1;
        for (int q = rt->n - 1; q >= 0; q--) {
            rt->aut[q] = g->active[g->first[t] + (size_t)q];
            rt->mult[q] = (uint32_t)combos;
            combos *= (uint64_t)d->aut[rt->aut[q]].order;   /* in limits */
        }
        rt->base = r->ptr.len;
        rt->dbase = r->dg.len;
        int row[DESC_MAX_AUTOMATA];
        for (uint64_t c = 0; c < combos; c++) {
            for (int q = 0; q < rt->n; q++)
                row[q] = (int)(c / rt->mult[q] %
                               (uint64_t)d->aut[rt->aut[q]].order);
            uint32_t at = (uint32_t)r->entries.len;
            VEC_PUSH(&r->ptr, at);
            tabulate_combination(r, d, g, t, rt, row);
            if (tables_fit(p, r, max_bytes, dgn) < 0)
                return -1;
        }
        uint32_t end = (uint32_t)r->entries.len;
        VEC_PUSH(&r->ptr, end);
        rt->combos = (uint32_t)combos;
        for (uint64_t c = 0; c < combos && !rt->diagonal; c++) {
            double v = r->dg.items[rt->dbase + c].val;
            rt->diagonal = !(v == 0 && !signbit(v));   /* +0: q + 0 == q */
        }
    }
    merge_terms(r);
    r->mover = xmalloc((r->nterm + 1) * sizeof *r->mover);
    group_diagonal(r);
    for (size_t t = 0; t < r->nterm; t++)
        if (r->term[t].moves) {
            transpose(r, &r->term[t], r->term[t].combos);
            single_entries(r, &r->term[t], r->term[t].combos);
            r->mover[r->nmover++] = (uint32_t)t;
        }
    return 0;
}

static void not_finite(const desc *d, const char *name, const int *state,
                       diag *dg)
{
    strbuf sb = {0};
    mvd_state_text(&sb, d, state);
    diag_error(dg, desc_loc(d), "function '%s' is not finite in state %s",
               name, sb_str(&sb));
    sb_free(&sb);
}

/* State k's function values and diagonal; -1 when a function is not
 * finite there (after a message when dg). */
static int fill_state(struct reach_plan *r, const desc *d, size_t k,
                      const int *state, const rc_digit *st, diag *dg)
{
    size_t ns = r->slots.len;
    double *fv = r->fval + k * ns;
    for (size_t s = 0; s < ns; s++) {
        const rc_slot *sl = &r->slots.items[s];
        if (sl->func < 0) {
            fv[s] = fv[sl->a] * fv[sl->b];
            continue;
        }
        fv[s] = desc_eval(&d->funcs.items[sl->func], state);
        if (!isfinite(fv[s])) {
            if (dg)
                not_finite(d, d->funcs.items[sl->func].name, state, dg);
            return -1;
        }
    }
    double q = 0;
    for (size_t m = 0; m < r->ndiagonal; m++) {
        const rc_term *rt = &r->term[r->diagonal[m]];
        const rc_entry *de =
            &r->dg.items[r->diagonal_base[m] + combination(rt, st)];
        q += de->slot < 0 ? de->val : de->val * fv[de->slot];
    }
    r->diag[k] = q;
    return 0;
}

/* States k0..k1-1 filled (a thread's share): where a function is first
 * not finite, or SIZE_MAX. */
typedef struct {
    struct reach_plan *r;
    const desc *d;
    const mvd_space *sp;
    size_t k0, k1, failed;
} fill_share;

static void *fill_range(void *arg)
{
    fill_share *w = arg;
    int state[DESC_MAX_AUTOMATA];
    rc_digit st[DESC_MAX_AUTOMATA];
    w->failed = SIZE_MAX;
    for (size_t k = w->k0; k < w->k1; k++) {
        step_state(w->d, w->sp, k, w->k0, st, state);
        if (fill_state(w->r, w->d, k, state, st, NULL) < 0) {
            w->failed = k;
            break;
        }
    }
    return NULL;
}

/* Every state, on `threads` (1 or 2: two halves); the first state in
 * index order where a function is not finite is reported. */
static int fill_states(struct reach_plan *r, const desc *d,
                       const mvd_space *sp, int threads, diag *dg)
{
    size_t half = threads > 1 ? sp->len / 2 : sp->len;
    fill_share a = {r, d, sp, 0, half, 0}, b = {r, d, sp, half, sp->len, 0};
    run_both(fill_range, &a, &b, threads);
    size_t failed = a.failed != SIZE_MAX ? a.failed : b.failed;
    if (failed == SIZE_MAX)
        return 0;
    int state[DESC_MAX_AUTOMATA];
    rc_digit st[DESC_MAX_AUTOMATA];
    step_state(d, sp, failed, failed, st, state);
    fill_state(r, d, failed, state, st, dg);   /* says which, and where */
    return -1;
}

int mvd_reach_new(mvd_plan *p, size_t max_bytes, int threads, diag *dg)
{
    const desc *d = p->d;
    const mvd_space *sp = p->sp;
    mvd_index ix;
    if (!mvd_space_index(sp, &ix) || sp->vlen != (uint64_t)sp->len + 1) {
        diag_error(dg, desc_loc(d), "reach needs a compact space "
                   "(mvd_space_compact)");
        return -1;
    }
    if (beyond_limits(d, dg) < 0)
        return -1;
    struct reach_plan *r = p->reach = xcalloc(1, sizeof *p->reach);
    mvd_rowgen g;
    mvd_rowgen_init(&g, d, NULL);
    int status = build_terms(p, r, d, &g, max_bytes, dg);
    mvd_rowgen_free(&g);
    if (status < 0)
        return -1;
    size_t n = sp->len ? sp->len : 1;
    /* the diagonal and the function values (the bitmap is the space's) */
    uint64_t need;
    if (!mul_u64((uint64_t)n * sizeof(double), (uint64_t)r->slots.len + 1,
                 &need) || need > UINT64_MAX - tables_bytes(r))
        need = UINT64_MAX;
    else
        need += tables_bytes(r);
    if (need > max_bytes) {
        mvd_too_big(p, dg, d, MVD_REACH, need, max_bytes);
        return -1;
    }
    r->diag = xmalloc(n * sizeof *r->diag);
    r->fval = xmalloc(n * (r->slots.len ? r->slots.len : 1) *
                      sizeof *r->fval);
    r->digit = xmalloc(((size_t)REACH_BLOCK * (size_t)d->naut + 8) *
                       sizeof *r->digit);
#ifdef REACH_HW_POPCNT
    __builtin_cpu_init();
    r->hw_popcnt = __builtin_cpu_supports("popcnt") && ix.word;
#endif
    r->ix = ix;
    p->bytes = (size_t)need;
    return fill_states(r, d, sp, threads, dg);
}

void mvd_reach_free(mvd_plan *p)
{
    struct reach_plan *r = p->reach;
    if (!r)
        return;
    free(r->term);
    free(r->entries.items);
    free(r->ptr.items);
    free(r->tcomb.items);
    free(r->tentries.items);
    free(r->tptr.items);
    free(r->single.items);
    free(r->tsingle.items);
    free(r->dg.items);
    free(r->slots.items);
    free(r->mover);
    free(r->diagonal);
    free(r->diagonal_base);
    free(r->diag);
    free(r->fval);
    free(r->digit);
    free(r->digit2);
    free(r->y2);
    mvd_inflow_free(r->rows);
    free(r);
    p->reach = NULL;
}

const double *mvd_reach_diagonal_view(const mvd_plan *p)
{
    return p->reach->diag;
}


/* ------------------------------------------------------------- product */

/* The transitions of a term with one or none per combination (rt->one)
 * over the block's states: `kind` 1 or 2 (its automata, the combination
 * a digit or two), 0 for more; fn 0 when no rate is a function (no slot
 * to read). Constants after inlining, so that each case has a loop of
 * its own without a test per state. */
static inline __attribute__((always_inline)) uint64_t
single_block(const struct reach_plan *r, const mvd_space *sp,
             const rc_term *rt, const rc_digit *st, int naut, size_t b0,
             size_t bn, const double *x, double *y, int hw, int kind, int fn)
{
    const mvd_index ix = r->ix;
    const uint64_t *idx = sp->idx;
    const double *fval = r->fval;
    size_t ns = r->slots.len;
    uint64_t count = 0, len = sp->len;
    int a0 = rt->aut[0], a1 = kind == 2 ? rt->aut[1] : 0;
    uint32_t m0 = rt->mult[0], m1 = kind == 2 ? rt->mult[1] : 0;
    /* A constant element reads a 1 for its function, without a branch on
     * the state's digits. */
    const rc_entry *e1 = r->single.items + rt->single;
    static const double unit = 1;
    const rc_digit *si = st;
    for (size_t i = 0; i < bn; i++, si += naut) {
        const rc_entry *e = e1 + (kind == 1   ? si[a0]
                                  : kind == 2 ? si[a0] * m0 + si[a1] * m1
                                              : combination(rt, si));
        if (e->val == 0)
            continue;
        size_t k = b0 + i;
        const double *f = fn && e->slot >= 0 ? &fval[k * ns + (size_t)e->slot]
                                             : &unit;
        y[position_as(&ix, len, idx[k] + (uint64_t)e->off, hw)] +=
            x[k] * (fn ? e->val * *f : e->val);
        count++;
    }
    return count;
}

/* Term rt over the block's states b0..b0+bn-1 (digits st, naut a
 * state); returns the products made. A term of one automaton (most) or
 * two (an event between two: issue 12's counter model) takes its row
 * straight from the digits. */
static inline __attribute__((always_inline)) uint64_t
term_block_as(const struct reach_plan *r, const mvd_space *sp,
              const rc_term *rt, const rc_digit *st, int naut, size_t b0,
              size_t bn, const double *x, double *y, int hw)
{
    if (rt->one) {   /* one transition or none per state: no list */
        int kind = rt->n <= 2 ? rt->n : 0;
        if (rt->single_fn)   /* some transition's rate is a function */
            return kind == 1 ? single_block(r, sp, rt, st, naut, b0, bn, x,
                                            y, hw, 1, 1)
                 : kind == 2 ? single_block(r, sp, rt, st, naut, b0, bn, x,
                                            y, hw, 2, 1)
                             : single_block(r, sp, rt, st, naut, b0, bn, x,
                                            y, hw, 0, 1);
        return kind == 1 ? single_block(r, sp, rt, st, naut, b0, bn, x, y,
                                        hw, 1, 0)
             : kind == 2 ? single_block(r, sp, rt, st, naut, b0, bn, x, y,
                                        hw, 2, 0)
                         : single_block(r, sp, rt, st, naut, b0, bn, x, y,
                                        hw, 0, 0);
    }
    const rc_entry *en = r->entries.items;
    const uint32_t *ptr = r->ptr.items + rt->base;
    const mvd_index ix = r->ix;
    const uint64_t *idx = sp->idx;
    const double *fval = r->fval;
    size_t ns = r->slots.len;
    uint64_t count = 0, len = sp->len;
    int one = rt->n == 1, a0 = rt->aut[0];
    for (size_t i = 0; i < bn; i++) {
        size_t k = b0 + i;
        const rc_digit *si = st + i * (size_t)naut;
        uint32_t c = one ? si[a0] : combination(rt, si);
        uint32_t e0 = ptr[c], e1 = ptr[c + 1];
        double xk = x[k];
        for (uint32_t e = e0; e < e1; e++) {
            double v = en[e].slot < 0 ? en[e].val
                                      : en[e].val * fval[k * ns + (size_t)en[e].slot];
            y[position_as(&ix, len, idx[k] + (uint64_t)en[e].off, hw)] +=
                xk * v;
        }
        count += e1 - e0;
    }
    return count;
}

static uint64_t term_block(const struct reach_plan *r, const mvd_space *sp,
                           const rc_term *rt, const rc_digit *st,
                           int naut, size_t b0, size_t bn, const double *x,
                           double *y)
{
    return term_block_as(r, sp, rt, st, naut, b0, bn, x, y, 0);
}

#ifdef REACH_HW_POPCNT
/* The same compiled for processors with popcnt (chosen at run time:
 * x86-64's baseline lacks it, and the software count is most of the
 * instructions of a transition). */
__attribute__((target("popcnt"))) static uint64_t
term_block_hw(const struct reach_plan *r, const mvd_space *sp,
              const rc_term *rt, const rc_digit *st, int naut, size_t b0,
              size_t bn, const double *x, double *y)
{
    return term_block_as(r, sp, rt, st, naut, b0, bn, x, y, 1);
}
#endif

/* One share of the product: the states s0..s1-1, every term, added into y
 * (set first to x * diag(Q), or to zeros: the second share's buffer),
 * with its own block of digits. */
typedef struct {
    const mvd_plan *p;
    const double *x;
    double *y;
    rc_digit *st;
    size_t s0, s1;     /* its states */
    int zero;          /* y starts at zero, not at x * diag(Q) */
    uint64_t count;
} share;

static void run_share(share *w)
{
    const struct reach_plan *r = w->p->reach;
    const mvd_space *sp = w->p->sp;
    const desc *d = w->p->d;
    int naut = d->naut;
    rc_digit *st = w->st;
    if (w->zero) {
        memset(w->y, 0, (sp->len + 1) * sizeof *w->y);
    } else {
        for (size_t k = 0; k < sp->len; k++)
            w->y[k] = r->diag[k] * w->x[k];
        w->y[sp->len] = 0;   /* the spare entry: transitions out of the space */
    }
    for (size_t b0 = w->s0; b0 < w->s1; b0 += REACH_BLOCK) {
        size_t bn = w->s1 - b0 < REACH_BLOCK ? w->s1 - b0 : REACH_BLOCK;
        decode_digits(d, sp->idx[b0], st);
        for (size_t i = 1; i < bn; i++) {
            rc_digit *s = st + i * (size_t)naut;
            /* Eight digits at a time (the block has 8 to spare for the
             * last): a digit loop was a third of the stepping. */
            for (int a = 0; a < naut; a += 8)
                memmove(s + a, s + a - naut, 8 * sizeof *s);
            advance(d, s, sp->idx[b0 + i - 1], sp->idx[b0 + i]);
        }
        for (size_t m = 0; m < r->nmover; m++) {
            const rc_term *rt = &r->term[r->mover[m]];
#ifdef REACH_HW_POPCNT
            if (r->hw_popcnt) {
                w->count += term_block_hw(r, sp, rt, st, naut, b0, bn, w->x,
                                          w->y);
                continue;
            }
#endif
            w->count += term_block(r, sp, rt, st, naut, b0, bn, w->x, w->y);
        }
    }
}

static void *share_thread(void *arg)
{
    run_share(arg);
    return NULL;
}

/* y[lo..hi) += add[lo..hi): a half of the second share's sum */
typedef struct {
    double *y;
    const double *add;
    size_t lo, hi;
} sum_part;

static void *sum_range(void *arg)
{
    sum_part *s = arg;
    for (size_t k = s->lo; k < s->hi; k++)
        s->y[k] += s->add[k];
    return NULL;
}

void mvd_reach_multiply(mvd_plan *p, const double *x, double *y)
{
    struct reach_plan *r = p->reach;
    const mvd_space *sp = p->sp;
    if (r->rows) {
        mvd_inflow_multiply(r->rows, x, y, r->y2 ? 2 : 1);
        p->mults = r->rows->nnz + sp->len;
        return;
    }
    share a = {p, x, y, r->digit, 0, sp->len, 0, sp->len};
    if (!r->y2) {
        run_share(&a);
        p->mults = a.count;
        return;
    }
    /* Two threads, each over half the states (each steps only its own
     * states' digits), the second into its own vector added at the end:
     * the same sums in the same order whatever the timing. */
    size_t half = sp->len / 2;
    share b = {p, x, r->y2, r->digit2, half, sp->len, 1, 0};
    a.s1 = half;
    run_both(share_thread, &a, &b, 2);
    sum_part lo = {y, r->y2, 0, half}, hi = {y, r->y2, half, sp->len};
    run_both(sum_range, &lo, &hi, 2);
    p->mults = a.count + b.count;
}

size_t mvd_reach_threads(mvd_plan *p, int threads)
{
    struct reach_plan *r = p->reach;
    if (threads < 2 || r->y2 || p->sp->len < 2)
        return 0;
    size_t bytes = (p->sp->len + 1) * sizeof *r->y2;
    r->y2 = xmalloc(bytes);
    r->digit2 = xmalloc(((size_t)REACH_BLOCK * (size_t)p->d->naut + 8) *
                        sizeof *r->digit2);
    p->bytes += bytes;
    return bytes;
}

int mvd_plan_threads(const mvd_plan *p)
{
    return p->algo == MVD_REACH && p->reach->y2 ? 2 : 1;
}
