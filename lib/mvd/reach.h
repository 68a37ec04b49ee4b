/* reach.h — inside --algo reach (lib/mvd/reach.c builds the tables and
 * multiplies, reach_check.c checks the rates and searches the chain's
 * structure through them): the tables' types and the inline helpers both
 * use. Not a public header: callers use mvd.h. */
#ifndef PERFPIPE_MVD_REACH_H
#define PERFPIPE_MVD_REACH_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/inflow.h"
#include "mvd/plan.h"

#define REACH_BLOCK 2048          /* states a block (mvd_reach_multiply) */
#define REACH_MAX_COMBOS 65536    /* combinations a term may tabulate */

/* One transition of a term's row: offset to the state's index, constant
 * and function slot (-1: none). */
typedef struct {
    int64_t off;
    double val;
    int slot;
} rc_entry;

typedef VEC(rc_entry) rc_entries;

/* A term: its automata with a non-identity factor, the weight of each
 * one's digit in the combination, and where its combinations' lists
 * start. */
typedef struct {
    int n;
    int aut[DESC_MAX_AUTOMATA];
    uint32_t mult[DESC_MAX_AUTOMATA];
    size_t base;       /* into ptr: combination c's transitions are
                          entries[ptr[base + c]..ptr[base + c + 1]] */
    size_t dbase;      /* into dg: combination c's diagonal element */
    int diagonal;      /* some combination has a diagonal element: the
                          others (the events' own terms, mostly) add only
                          +0 to a state's diagonal and are skipped */
    size_t tbase;      /* into tptr: transitions into combination c */
    uint32_t combos;
    int moves;         /* holds transitions: a term that moves, the
                          first of those with its automata (merge_terms) */
    /* At most one transition per combination (most terms): the one of
     * combination c at single + c (val 0: none). */
    int one;
    int single_fn;     /* one of those is a function's (a slot) */
    size_t single;
    /* At most one transition into each combination (most terms): the
     * one into combination c at tsingle + c (val 0: none). */
    int tone;
    size_t tsingle;
} rc_term;

/* A slot's definition: a function, or the product of two slots. */
typedef struct {
    int func;          /* >= 0: this function */
    int a, b;          /* func < 0: slot a times slot b */
} rc_slot;

struct reach_plan {
    rc_term *term;
    size_t nterm;
    uint32_t *mover;      /* the terms that hold transitions (moves), */
    size_t nmover;        /* in term order: what a state's walk visits */
    uint32_t *diagonal;   /* the terms with a diagonal element (their */
    size_t ndiagonal;     /* .diagonal) in groups (group_diagonal): */
    size_t *diagonal_base;   /* each group's first term and table in dg */
    rc_entries entries;
    VEC(uint32_t) ptr;
    VEC(uint32_t) tcomb;  /* per entry: the combination of its target */
    rc_entries tentries;  /* by target combination (mvd_reach_irreducible) */
    VEC(uint32_t) tptr;   /* as ptr, from tbase */
    rc_entries single;    /* the terms' single transitions (rc_term.one) */
    rc_entries tsingle;   /* and into a combination (rc_term.tone) */
    rc_entries dg;        /* per term and combination: the diagonal
                             element (off 0; val 0 when none) */
    VEC(rc_slot) slots;
    const mvd_word *word; /* the space's (borrowed) */
    double *diag;         /* [len] q_ii */
    double *fval;         /* [len * nslots]: state k's at k * nslots */
    unsigned char *digit; /* [REACH_BLOCK * naut]: a block's states */
    /* Two threads (mvd_reach_threads): the second's vector and digits;
     * y2 NULL: one thread. */
    double *y2;
    unsigned char *digit2;
    int hw_popcnt;        /* the processor counts bits (term_block_hw) */
    /* The chain's in-flow rows, or NULL (mvd_reach_rows): the product
     * and the sweep then read them instead of the tables. */
    mvd_inflow *rows;
};

#ifdef __POPCNT__
#define popcount64(w) ((uint64_t)__builtin_popcountll(w))
#else
/* Without a library call (x86-64's baseline has no popcnt instruction,
 * and the builtin then becomes one). */
static inline uint64_t popcount64(uint64_t w)
{
    w = w - ((w >> 1) & UINT64_C(0x5555555555555555));
    w = (w & UINT64_C(0x3333333333333333)) +
        ((w >> 2) & UINT64_C(0x3333333333333333));
    w = (w + (w >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (w * UINT64_C(0x0101010101010101)) >> 56;
}
#endif

/* The position of product index s, or len (the spare entry) when s is
 * not reachable; with the processor's population count when hw (inlined
 * into a function compiled for it, where the builtin is one
 * instruction: REACH_HW_POPCNT). */
static inline __attribute__((always_inline)) uint64_t
position_as(const mvd_word *word, uint64_t len, uint64_t s, int hw)
{
    mvd_word w = word[s >> 6];
    uint64_t b = s & 63, below = w.bits & ((UINT64_C(1) << b) - 1);
    uint64_t at = w.rank + (hw ? (uint64_t)__builtin_popcountll(below)
                               : popcount64(below));
    return (w.bits >> b) & 1 ? at : len;
}

static inline uint64_t position(const mvd_word *word, uint64_t len,
                                uint64_t s)
{
    return position_as(word, len, s, 0);
}

/* Steps the digits of state (index old) to those of index new > old,
 * from the last automaton; a division only where a digit carries by more
 * than one (a carry of one, the usual case between neighbouring states,
 * is a subtraction: the division was a third of a product's stepping). */
static inline void advance(const desc *d, unsigned char *state, uint64_t old,
                           uint64_t new)
{
    uint64_t add = new - old;
    for (int a = d->naut - 1; a >= 0 && add; a--) {
        uint64_t o = (uint64_t)d->aut[a].order, s = (uint64_t)state[a] + add;
        if (s < o) {
            state[a] = (unsigned char)s;
            return;
        }
        if (s < 2 * o) {
            state[a] = (unsigned char)(s - o);
            add = 1;
            continue;
        }
        state[a] = (unsigned char)(s % o);
        add = s / o;
    }
}

/* The combination of term rt at the digits st. */
static inline uint32_t combination(const rc_term *rt, const unsigned char *st)
{
    if (rt->n == 1)   /* most terms: a local event's */
        return st[rt->aut[0]] * rt->mult[0];
    if (rt->n == 2)   /* an event between two automata */
        return st[rt->aut[0]] * rt->mult[0] + st[rt->aut[1]] * rt->mult[1];
    uint32_t c = 0;
    for (int q = 0; q < rt->n; q++)
        c += st[rt->aut[q]] * rt->mult[q];
    return c;
}

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
/* The block kernel (reach.c) and the Gauss-Seidel sweep (reach_gs.c)
 * have a copy compiled for processors with popcnt, chosen at run time
 * (hw_popcnt). */
#define REACH_HW_POPCNT 1
#endif

/* The digits of product index idx in st (bytes). */
static inline void decode_digits(const desc *d, uint64_t idx,
                                 unsigned char *st)
{
    int state[DESC_MAX_AUTOMATA];
    desc_decode(d, idx, state);
    for (int a = 0; a < d->naut; a++)
        st[a] = (unsigned char)state[a];
}

/* The digits of the state at position k in st (bytes) and state (ints):
 * decoded at position first (where a walk starts), else stepped from
 * position k - 1's, which they must hold. */
static inline void step_state(const desc *d, const mvd_space *sp, size_t k,
                              size_t first, unsigned char *st, int *state)
{
    if (k == first)
        decode_digits(d, sp->idx[k], st);
    else
        advance(d, st, sp->idx[k - 1], sp->idx[k]);
    for (int a = 0; a < d->naut; a++)
        state[a] = st[a];
}

/* The digits of the state at position k. */
static inline void digits_at(const mvd_plan *p, size_t k, unsigned char *st)
{
    decode_digits(p->d, p->sp->idx[k], st);
}

/* A transition's rate out of state k. */
static inline double rate(const struct reach_plan *r, const rc_entry *e,
                          size_t k)
{
    return e->slot < 0 ? e->val
                       : e->val * r->fval[k * r->slots.len + (size_t)e->slot];
}

/* Term rt's transitions out of a state of digits st: entries[*lo..*hi)
 * (none for a term that holds none, merge_terms). */
static inline void row_of(const struct reach_plan *r, const rc_term *rt,
                          const unsigned char *st, uint32_t *lo, uint32_t *hi)
{
    uint32_t c = rt->moves ? combination(rt, st) : 0;
    *lo = rt->moves ? r->ptr.items[rt->base + c] : 0;
    *hi = rt->moves ? r->ptr.items[rt->base + c + 1] : 0;
}

#endif
