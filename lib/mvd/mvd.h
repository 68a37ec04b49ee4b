/* mvd.h — vector–descriptor multiplication and the stationary solution of
 * a descriptor (seed 004, Campos Velho 2006, ch. 2–3; notes §3, §4, §8.2,
 * §8.4; shared/design/SOLVER-NOTES.md).
 *
 * Three ways to compute y = x * Q for a descriptor Q (lib/desc), all over
 * vectors of the product space (length d->nn, entries of unreachable states
 * zero):
 *   shuffle  each term as an ordinary product of normal factors
 *            I_nleft (x) F_i (x) I_nright, identity factors skipped (§3.1);
 *   slice    the additive unitary normal factors (AUNFs) of the first N-1
 *            factors precomputed once, the last factor kept whole (§3.2);
 *   sparse   the generator built once as a CSR matrix over the reachable
 *            states: the baseline, and the oracle of the tests;
 *   reach    matrix-free over compact vectors (one entry per reachable
 *            state: the space must be made compact first,
 *            mvd_space_compact), by columns, with the functions'
 *            values tabulated once per reachable state (reach.c).
 * Functional elements are evaluated on the row (source) state (§2.6).
 *
 * Functional factors in shuffle. With row vectors the normal factor of a
 * functional matrix is applied before the factors of the automata its
 * functions read (while factor i is applied, the digits of the automata
 * already processed hold column states, the others row states), so each
 * term's factors are applied in a topological order of that constraint
 * (lowest index first among the ready ones). When the constraint has a
 * cycle, the term is split by conditioning: an automaton c on the cycle
 * is chosen, and the term is applied once per non-empty row s of c's
 * factor, with that factor restricted to row s and every function
 * evaluated with c at s; c then constrains nothing, and this repeats
 * until no cycle is left (the chosen automata depend only on the term,
 * so the plan holds one chain per term, not the sub-terms).
 *
 * Non-finite function values. Shuffle and slice evaluate element
 * functions on every product state (an inf times a zero entry of x would
 * still be nan), so mvd_plan_new refuses them when a function of an
 * element is not finite at any state of the automata it reads (the
 * factor's own automaton at the element's row), naming the function, the
 * element and the state; the check is skipped for a function reading
 * more than 10^6 such states. Sparse only evaluates on reachable rows
 * and refuses there. mvd_multiply itself never fails.
 *
 * Fast mode (mvd_plan_new) and faithful mode (mvd_plan_new_mode). The
 * above is faithful mode: the thesis's kernels, term by term, as the
 * notes describe and count them. Fast mode computes the same product
 * with less memory traffic:
 *   - the cheap diagonal parts are taken out once, at plan time
 *     (reduce.h): every term whose non-identity factors are all diagonal
 *     (negative synchronising terms), and the diagonal of every term with
 *     a single non-identity factor (local terms); their sum Dr is kept as
 *     a vector over the whole product space (so x need not vanish off
 *     the reachable states), and y starts as x * Dr;
 *   - shuffle applies a term without functional factors out of place:
 *     its first factor reads x, its last adds into y (no copy of x, no
 *     separate sum), through two ping-pong vectors between, each factor
 *     stored by columns so that every pass runs over contiguous slices;
 *     a term whose first factor spans at most 2^15 entries (order x
 *     nright) is applied span by span through two buffers of that size,
 *     so the vectors between its factors stay in cache; other terms go
 *     the faithful way;
 *   - slice takes as its "last factor" the trailing automata whose
 *     orders multiply to at most 256 (at least the last automaton, never
 *     the first), so that an AUNF moves a longer slice; the state order
 *     is unchanged. It fuses the terms whose factors of those automata
 *     are constant and whose other factors' functions do not read them:
 *     their AUNFs in one list grouped by destination block j, so each
 *     block of y is written once (x * Dr, then every AUNF into it, in
 *     term order) while it is in cache; the last factor (the tensor
 *     product of the term's factors of the group) is stored dense when
 *     at least half full, by diagonals when they hold at most 3
 *     positions per non-zero (banded factors), by rows otherwise, the
 *     identity apart; the kernels' loops run over contiguous slices,
 *     vectorised (the Makefile builds the kernels with -ftree-vectorize). The
 *     other terms are added afterwards, the faithful way (last factor:
 *     the last automaton alone).
 * Both modes give the dense definition's result up to rounding (only the
 * summation order differs); with small integers, as in Figure 8, both
 * are exact.
 *
 * A plan keeps pointers to the descriptor and the space: both must
 * outlive it. A plan holds work buffers: one plan is used by one thread
 * at a time. */
#ifndef PERFPIPE_MVD_H
#define PERFPIPE_MVD_H

#include <stddef.h>
#include <stdint.h>

#include "common/common.h"
#include "desc/desc.h"

/* ------------------------------------------------------ state spaces */

/* 64 product states: which are reachable (bit i: state 64 w + i), and
 * how many reachable states come before them; together, so that a
 * position costs one load. */
typedef struct {
    uint64_t bits, rank;
} mvd_word;

/* How a state's product index finds its position among the reachable
 * states (mvd_space_build_index):
 *   MVD_INDEX_BITMAP  a bitmap over the product space with, per 64-bit
 *                     word, the states before it: O(1), one load, for a
 *                     quarter byte a product state;
 *   MVD_INDEX_HASH    a table of positions hashed by product index (open
 *                     addressing, at most half full): about 8 to 16
 *                     bytes a reachable state whatever the product space,
 *                     a probe or two and the state's index compared;
 *   MVD_INDEX_AUTO    the bitmap unless it takes more than 64 MiB and more
 *                     than 64 bytes a reachable state (the vectors' size:
 *                     a product space more than 256 times the reachable
 *                     set, as PRISM's kanban, 4^16 product states for
 *                     58 400 at t = 3), the hash then. */
typedef enum { MVD_INDEX_AUTO, MVD_INDEX_BITMAP, MVD_INDEX_HASH } mvd_index_kind;
extern const char *const mvd_index_names[];   /* "auto", "bitmap", "hash" */

#define MVD_INDEX_BITMAP_FREE (UINT64_C(64) << 20)   /* bytes */
#define MVD_INDEX_BITMAP_PER_STATE 64                /* bytes */
/* The hash's bytes a reachable state, at most: at most 4 slots of 4 bytes
 * each (space.c's hash_slots). */
#define MVD_INDEX_HASH_PER_STATE 16

/* The bytes of the bitmap and ranks over nn product states. */
static inline uint64_t mvd_index_bitmap_bytes(uint64_t nn)
{
    return (nn + 63) / 64 * 16;
}
/* What MVD_INDEX_AUTO takes for len states of nn. */
mvd_index_kind mvd_index_auto(uint64_t nn, uint64_t len);

/* A space's index, as the kernels read it (borrowed pointers). */
typedef struct {
    const mvd_word *word;    /* the bitmap, or NULL: the hash */
    const uint32_t *slot;    /* positions, UINT32_MAX where empty */
    const uint64_t *idx;     /* the states, to compare with */
    uint64_t mask;           /* slots - 1 */
} mvd_index;

/* The position of product index s in the hash, or len when absent. */
static inline uint64_t mvd_index_probe(const mvd_index *ix, uint64_t len,
                                       uint64_t s)
{
    for (uint64_t h = hash_u64(s) & ix->mask;; h = (h + 1) & ix->mask) {
        uint32_t k = ix->slot[h];
        if (k == UINT32_MAX)
            return len;
        if (ix->idx[k] == s)
            return k;
    }
}

/* The position of product index s by either kind of index, or len when
 * s is not reachable (reach's kernels have their own copy of the bitmap's
 * lookup, specialised for the processor's population count: position_as
 * in kernels/kernels.h). */
static inline uint64_t mvd_index_find(const mvd_index *ix, uint64_t len,
                                      uint64_t s)
{
    if (!ix->word)
        return mvd_index_probe(ix, len, s);
    mvd_word w = ix->word[s >> 6];
    uint64_t bit = UINT64_C(1) << (s & 63);
    return w.bits & bit
               ? w.rank + (uint64_t)__builtin_popcountll(w.bits & (bit - 1))
               : len;
}

/* The reachable states: ascending product-space indices, and (built by
 * mvd_space_build; NULL otherwise) their index (mvd_index_kind): the
 * position of a state (mvd_space_find) in O(1) instead of a binary
 * search. */
typedef struct {
    uint64_t *idx;
    size_t len;
    mvd_word *word;      /* the bitmap and ranks, or NULL */
    uint32_t *slot;      /* or the hash's slots (slot_mask + 1), or NULL */
    uint64_t slot_mask;
    /* How vectors over this space are laid out: over the product space
     * (d->nn entries, state idx[k] at entry idx[k]) when vlen is 0;
     * compact otherwise (vlen entries, the one of state idx[k] at entry
     * k, or pos[k] when pos is set: a class of a compact space keeps its
     * parent's layout). --algo reach works on compact vectors. */
    uint64_t vlen;
    uint64_t *pos;
} mvd_space;

/* sp's index, for the kernels; 1 when it has one. */
static inline int mvd_space_index(const mvd_space *sp, mvd_index *ix)
{
    *ix = (mvd_index){sp->word, sp->slot, sp->idx, sp->slot_mask};
    return sp->word || sp->slot;
}

/* The entries of a vector over sp, and the entry of its k-th state. */
static inline uint64_t mvd_vec_len(const desc *d, const mvd_space *sp)
{
    return sp->vlen ? sp->vlen : d->nn;
}

static inline uint64_t mvd_vec_at(const mvd_space *sp, size_t k)
{
    return !sp->vlen ? sp->idx[k] : sp->pos ? sp->pos[k] : (uint64_t)k;
}

/* From the descriptor's reachability function (the states where it is
 * not zero, found by a depth-first search over the automata that skips
 * or takes whole blocks of states where the function's bounds decide,
 * desc_eval_bounds: the same states and the same first error as
 * evaluating it on every product state), or by breadth-first
 * exploration from its initial state
 * through the transitions of Q (per term, the successors y != x whose
 * product of elements is non-zero), or the whole product space.
 * 0, or -1 after a diagnostic (a reachability or rate function that is
 * not finite, named with the state: "(A=I, B=U)"; a space over
 * max_states). */
int mvd_space_build(mvd_space *sp, const desc *d, uint64_t max_states,
                    diag *dg);
/* The same with two threads for the search by the reachability function
 * (threads > 1: the first level's states in two halves; the same set). */
int mvd_space_build_threads(mvd_space *sp, const desc *d,
                            uint64_t max_states, int threads, diag *dg);
/* The same with the index of the given kind. */
int mvd_space_build_index(mvd_space *sp, const desc *d, uint64_t max_states,
                          int threads, mvd_index_kind index, diag *dg);
/* (Re)builds the index of sp's states (idx[0..len), ascending, below
 * nn): of the given kind (the bitmap where more than 2^32 - 1 states
 * would not fit the hash's positions). */
void mvd_space_set_index(mvd_space *sp, uint64_t nn, mvd_index_kind index);
void mvd_space_free(mvd_space *sp);
/* Makes vectors over sp compact: what --algo reach wants. They have one
 * entry more than the states, a spare one the solver never reads, where
 * reach's kernel sends what would leave the space (branch-free). */
void mvd_space_compact(mvd_space *sp);

/* -------------------------------------------------------- multiplication */

/* MVD_ROWS and MVD_ALGO_AUTO are words of the command line and names
 * of the result: a plan is built with one of the four before them (rows
 * are a reach plan's in-flow rows, mvd_reach_rows). */
typedef enum {
    MVD_SHUFFLE, MVD_SLICE, MVD_SPARSE, MVD_REACH, MVD_ROWS, MVD_ALGO_AUTO
} mvd_algo;

typedef struct mvd_plan mvd_plan;

/* Prepares the multiplication (slice: AUNFs; sparse: the CSR matrix over
 * sp). NULL after a diagnostic when it would need more than max_bytes
 * (the message says how much: "slice needs N bytes, more than the limit
 * of M bytes"; for sparse N is an upper bound, computed before anything
 * is allocated), or when a function is not finite (above). */
mvd_plan *mvd_plan_new(const desc *d, const mvd_space *sp, mvd_algo algo,
                       size_t max_bytes, diag *dg);
/* The same with the mode: faithful non-zero gives the thesis's kernels
 * as described above (and counted below); mvd_plan_new is fast mode
 * (faithful 0, "Fast mode" below). Sparse is the same in both. */
mvd_plan *mvd_plan_new_mode(const desc *d, const mvd_space *sp,
                            mvd_algo algo, int faithful, size_t max_bytes,
                            diag *dg);
/* Whether reach takes d: automata of at most 65535 states (its digits
 * are 16 bits), and every term tabulated by the combinations of the
 * states of the automata it moves, at most 2^22 (a term over three
 * automata of 81 states each, as PRISM's kanban synchronises, has
 * 531441; with 65536 at most, slice solved its 4600 states in 22 s and
 * 1.8 GB over the product space, reach in 0.15 s). --algo auto takes
 * slice where it does not. */
int mvd_reach_takes(const desc *d);
/* The same built on `threads` (1 or 2; reach only: the functions' values
 * and the diagonal over two halves of the states, the same values); on
 * failure *over_budget (when not NULL) says whether max_bytes was why. */
mvd_plan *mvd_plan_new_threads(const desc *d, const mvd_space *sp,
                               mvd_algo algo, int faithful, int threads,
                               size_t max_bytes, int *over_budget, diag *dg);
/* The plan of one MPI rank's share (mvd_sched_part, sched.h): the
 * kernels (shuffle or slice) run on part, a descriptor of d's automata
 * holding some of its terms or parts of terms, while the diagonal
 * (mvd_diagonal) and the checks stay d's. mvd_multiply then gives x *
 * part, and the combine hook (mvd_plan_set_combine) makes it x * Q. */
mvd_plan *mvd_plan_new_part(const desc *d, const desc *part,
                            const mvd_space *sp, mvd_algo algo,
                            int faithful, size_t max_bytes,
                            int *over_budget, diag *dg);
/* Called by mvd_multiply on y (n = d->nn entries) once the kernels are
 * done, inside its timing: lib/mvd/mpi/mpi_par.c's sum of the ranks'
 * partial vectors. */
typedef void mvd_combine_fn(void *ctx, double *y, uint64_t n);
void mvd_plan_set_combine(mvd_plan *p, mvd_combine_fn *fn, void *ctx);
/* y = x * Q; x and y have d->nn entries and must not overlap. y is
 * overwritten. The summation order is fixed (fast mode: x * Dr, then the
 * fused terms, then the others, each group in term order; faithful mode:
 * terms in order), so the same x and plan give the same bits. */
void mvd_multiply(mvd_plan *p, const double *x, double *y);
/* diag[j] = Q[j, j] for the reachable states (others 0); nn entries.
 * Computed from the descriptor's diagonal elements, whatever the
 * algorithm. */
void mvd_diagonal(mvd_plan *p, double *diag);
/* The same over the states of sp in its layout (shuffle, slice, sparse:
 * a part of the plan's space, e.g. one MPI rank's block as compact
 * vectors, mvd_layout). */
void mvd_diagonal_over(const mvd_plan *p, const mvd_space *sp,
                       double *diag);
/* Bytes the plan holds (its vectors, AUNF lists or CSR arrays; not the
 * descriptor or the space), and the floating-point multiplications of
 * x by matrix elements one mvd_multiply performs (evaluating a function
 * is not counted). Faithful mode:
 *   shuffle  eq. 9 less the skipped identity factors and zero terms; a
 *            conditioned factor's rows count once per combination of the
 *            other conditioned factors' rows, the others once per
 *            combination;
 *   slice    per AUNF and non-empty row r of the last factor, one scaling
 *            E * x[i*n_N + r] and one product per element of the row:
 *            AUNFs x (nz_N + non-empty rows of the last factor). On
 *            Figure 7 that is 133 + 91 = 224. (Notes §3.2 write "133
 *            (+ 49 AUNF scalings)": 49 is the number of AUNFs, one product
 *            each when E is computed in the preprocessing, not a count per
 *            multiplication; there the scaling per row is what is done.)
 *   sparse   the non-zeros of the CSR matrix (after summing the terms,
 *            exact zeros left out).
 * Fast mode: nn for x * Dr when there are diagonal parts, plus
 *   shuffle  the same count over the terms left (local terms without
 *            their diagonal, negative synchronising terms gone);
 *   slice    per fused AUNF, with n the order of the fused last factor,
 *            n with the identity, n + n^2 with a dense one (one scaling
 *            per row, every element), n + the positions of the
 *            diagonals by diagonals (E * x once, then one per position;
 *            2 per position, E, element and x, when there is only one),
 *            non-empty rows + non-zeros by rows; the unfused terms as
 *            above. On Figure 7 (last factor B (x) C, order 9): 7 x (9 +
 *            23) (B0 (x) C0 by diagonals) + 7 x (3 + 4) = 273: more
 *            products than faithful, in vector loops.
 * Bytes in fast mode add Dr (nn doubles), shuffle's by-column factors and
 * ping-pong vectors (the copy vector only when a term goes the faithful
 * way), slice's fused AUNFs (24 bytes), kernels, block pointers (one
 * per block of the fused last factor, + 1) and a slice of n doubles
 * (E * x). The size check of
 * mvd_plan_new uses a bound of the fused kernels (32 bytes per non-zero,
 * as they are not built yet); mvd_plan_bytes reports what they hold. */
size_t mvd_plan_bytes(const mvd_plan *p);
mvd_algo mvd_plan_algo(const mvd_plan *p);
/* The threads the plan multiplies with (mvd_reach_threads): 1 or 2. */
int mvd_plan_threads(const mvd_plan *p);
/* The diagonal mvd_diagonal would write, held by the plan in the layout
 * of its vectors (reach), or NULL (the others build it on request). */
const double *mvd_plan_diagonal_view(const mvd_plan *p);
uint64_t mvd_plan_mults(const mvd_plan *p);
/* For traffic models (tests/bench/bench_mvd.c): the AUNFs a slice plan
 * stores, fused or not (0 for the others), and the order of its fused
 * last factor (0 when it fuses nothing: faithful mode, other algorithms). */
uint64_t mvd_plan_aunfs(const mvd_plan *p);
/* Wall seconds spent in mvd_multiply with this plan so far (two clock
 * reads a call): the time per multiplication of --time. */
double mvd_plan_seconds(const mvd_plan *p);
/* Adds to it, and to its seconds in the sums, the time a caller spent
 * summing the plan's products outside mvd_multiply (mpi_dist.c's
 * distributed vectors: the allgather of the input, the reduce-scatter of
 * the partial). */
void mvd_plan_add_seconds(mvd_plan *p, double seconds);
/* Of those, the seconds in the combine hook or added as above (the sums
 * over MPI ranks, waiting for the other ranks included); 0 without. */
double mvd_plan_combine_seconds(const mvd_plan *p);
/* The CPU seconds of the calling thread in the kernels of mvd_multiply
 * (the combine hook apart): beside their wall seconds, how much of that
 * time the process ran, on a machine shared with other work. */
double mvd_plan_kernel_cpu(const mvd_plan *p);
uint64_t mvd_plan_fused_order(const mvd_plan *p);
/* The rows schedule (slice_rows.c; mvd-solve --sched rows): a fast-mode
 * slice plan over the whole descriptor cut by destination, the product
 * space's blocks of mvd_plan_fused_order states into `ranks` contiguous
 * ranges of near-equal work (the multiplications, as mvd_plan_mults
 * counts them, and 90 more for each AUNF of a term that is not fused:
 * slice_rows.c; every rank computes the same ranges). Range q is the states lo[q] ..
 * lo[q + 1] - 1 (lo has ranks + 1 entries, lo[ranks] = d->nn), with
 * mults[q] multiplications (mults may be NULL). For 0 <= rank < ranks, p
 * then keeps and multiplies that range's rows only: mvd_multiply writes
 * y[lo[rank] .. lo[rank + 1]), each entry with the bits the whole plan
 * gives it, and leaves the rest of y alone; rank -1 leaves p whole (the
 * load report). 0, or -1 (nothing done) when p is not a fast-mode slice
 * plan, or already cut. */
int mvd_plan_rows(mvd_plan *p, int ranks, int rank, uint64_t *lo,
                  uint64_t *mults);
/* A plan cut by mvd_plan_rows then writes row j at y[j - off] (off at
 * most its first row; 0 at the cut): off = that row puts its rows at the
 * front of y, which then needs only their length (mpi_dist.c writes a
 * product straight into a rank's block of distributed vectors). */
void mvd_plan_rows_offset(mvd_plan *p, uint64_t off);
/* The most product states one of `ranks` ranks gets under it, known from
 * d alone (each boundary stays within an eighth of a rank's blocks of the
 * equal split), for a memory budget counted before the plan. */
uint64_t mvd_rows_max_states(const desc *d, int ranks);
void mvd_plan_free(mvd_plan *p);

/* Eq. 9 as printed: sum over terms of nn * sum_i nz_i / n_i, identity
 * factors counted as n_i non-zeros (the thesis's cost, 282 on Figure 7). */
uint64_t mvd_shuffle_cost_eq9(const desc *d);
/* Sum over terms of the product of the non-zeros of the first N-1 factors
 * (49 on Figure 7), identity factors counted as n_i non-zeros, as in
 * eq. 9; UINT64_MAX when it overflows. Both count every term, zero ones
 * included, as printed; the plans skip zero terms. */
uint64_t mvd_aunf_count(const desc *d);

/* The algorithms' names, in mvd_algo order, NULL-terminated (for
 * word_index and option_word). */
extern const char *const mvd_algo_names[];
const char *mvd_algo_name(mvd_algo a);
int mvd_algo_parse(const char *name, mvd_algo *out);   /* 0 or -1 */

/* ------------------------------------------- rows of Q (added helpers) */

/* One entry of a row of Q: the column (a product-space index) and the
 * value. */
typedef struct {
    uint64_t col;
    double val;
} mvd_entry;

typedef struct {
    mvd_entry *items;
    size_t len, cap;
} mvd_entries;

/* A row generator (lib/mvd/rows.c): the rows of Q, state by state, each
 * function evaluated once per state (functions of identical code share
 * the value), each term through its non-identity factors only. The
 * descriptor (and use, when given: the terms t with use[t] non-zero, all
 * when NULL) must outlive it. */
typedef struct {
    const desc *d;
    const unsigned char *use;
    size_t *first;   /* [terms + 1]: term t's automata in active[] */
    int *active;     /* the automata whose factor is not the identity */
    int *canon;      /* [funcs]: the first function of identical code */
    double *memo;    /* [funcs]: canonical functions' values ... */
    unsigned *stamp; /* ... valid where stamp equals now */
    unsigned now;
} mvd_rowgen;

void mvd_rowgen_init(mvd_rowgen *g, const desc *d, const unsigned char *use);
void mvd_rowgen_free(mvd_rowgen *g);
/* Every used term's row of `state` into row (cleared first): the entries
 * of different terms not summed. Each term's entries are
 *     Q_t[x, y] = prod_i F_i[x_i, y_i](x),
 * one per combination of the non-zero elements of each factor's row x_i
 * (an identity factor keeps y_i = x_i), in ascending order of y, the
 * diagonal included, products that are exactly zero left out. 0, or -1
 * after a diagnostic at `at` naming the term and the function that is not
 * finite there. */
int mvd_rowgen_row(mvd_rowgen *g, const int *state, mvd_entries *row,
                   diag *dg, srcloc at);
/* Term t's entries of row `state` (product index `index`, the caller's:
 * encoding it for each term was an eighth of an exploration) appended to
 * out; fresh is non-zero for the first call at a new state (the memo is
 * cleared). 0, or -1 when a function is not finite at state: *bad_func
 * is then its index. */
int mvd_rowgen_term(mvd_rowgen *g, size_t t, const int *state,
                    uint64_t index, int fresh, mvd_entries *out,
                    int *bad_func);
/* Whether term t has an off-diagonal element: a term without one (a
 * negative synchronising term) moves the chain nowhere. */
int mvd_term_moves(const desc *d, size_t t);

/* When Q has functional elements: checks that every off-diagonal element
 * of Q on the reachable rows is >= 0 (a functional rate or routing
 * probability that evaluates negative in some state), at the cost of one
 * pass over those rows. 0, or -1 after a diagnostic at `at` naming the two
 * states. Constant descriptors pass at once. */
int mvd_check_rates(const desc *d, const mvd_space *sp, diag *dg, srcloc at);
/* The same check at one state. */
int mvd_check_rates_state(const desc *d, const int *state, diag *dg,
                          srcloc at);
/* The same check for a reach plan, from its tables (the whole check at
 * the states where a transition is negative). */
int mvd_reach_check_rates(const mvd_plan *p, diag *dg, srcloc at);
/* For a reach plan: 1 when the chain over its space is irreducible, its
 * transitions not below theta times their source's outflow joining every
 * state both ways (breadth-first searches from the first state, forwards
 * and backwards, through the plan's tables: a bit and an index a state);
 * 0 when it cannot say (mvd_classes_find then). */
int mvd_reach_irreducible(const mvd_plan *p, double theta);
/* For a reach plan: one Gauss-Seidel sweep over the states of sp (the
 * plan's space or a part of it; x and diag, q_kk with no zero, in its
 * layout): x_k = sum of x_i q_ik over the transitions into k, / -q_kk,
 * in index order from the values already swept; omega != 1 over-relaxes
 * (SOR). The 1-norm of the change. */
double mvd_reach_gs_sweep(const mvd_plan *p, const mvd_space *sp, double *x,
                          const double *diag, double omega);
/* The same sweep through reach's tables even when the plan has rows (the
 * benchmark's baseline). */
double mvd_reach_gs_sweep_tables(const mvd_plan *p, const mvd_space *sp,
                                 double *x, const double *diag, double omega);
/* Aggregation-disaggregation over the automata for a reach plan
 * (reach_iad.c, --method iad): one step scales x (the vectors' layout)
 * so that each automaton's marginal is the stationary vector of the chain
 * aggregated over the others in x's proportions, group by group (automata
 * that share an event in different groups). The step returns the 1-norm
 * of the change; x keeps its sum. */
typedef struct mvd_iad mvd_iad;
mvd_iad *mvd_reach_iad_new(const mvd_plan *p);
double mvd_reach_iad_step(mvd_iad *g, const mvd_space *sp, double *x);
void mvd_reach_iad_free(mvd_iad *g);
/* Bytes mvd_reach_iad_new takes at most (its masses and flows: per local
 * state, per pair of an automaton's states, per entry of the tables). */
size_t mvd_reach_iad_bytes(const mvd_plan *p);
/* For a reach plan: multiply with `threads` threads (2 at most: each over
 * half the reachable states, the second into a vector of its own, added
 * at the end in a fixed order, so the product does not depend on the
 * timing), and search the chain's structure in both directions at once.
 * Returns the bytes that vector takes (counted in mvd_plan_bytes), 0
 * when it stays one thread (threads < 2, or fewer than two states). */
size_t mvd_reach_threads(mvd_plan *p, int threads);
/* Stores the chain of a reach plan as in-flow rows (inflow.h: 6 or 12
 * bytes a transition), within max_bytes: its product and Gauss-Seidel
 * sweep then read them. The bytes taken, 0 when they did not fit (the
 * plan stays matrix-free). */
size_t mvd_reach_rows(mvd_plan *p, size_t max_bytes);
/* A reach plan's rows, or NULL. */
const struct mvd_inflow *mvd_reach_rows_view(const mvd_plan *p);
/* The transitions its rows store (the result's nonzeros), 0 without. */
uint64_t mvd_reach_rows_nonzeros(const mvd_plan *p);

/* "(A=I, B=U)": a global state with automaton and state names, for
 * diagnostics. */
void mvd_state_text(strbuf *sb, const desc *d, const int *state);

/* ================================================================ solvers
 * Everything below is lib/mvd/methods/solve.c: the stationary solvers built on
 * mvd_multiply, the results, and the text of their inputs and outputs
 * (formats/san-result.md, which defines the methods and the residual). */

#include <stdio.h>

/* MVD_AUTO (the default) is resolved by mvd_method_for: gth up to
 * MVD_DIRECT_MAX reachable states, gmres beyond (power when gmres's
 * vectors do not fit the memory budget). */
typedef enum {
    MVD_POWER, MVD_JOR, MVD_GMRES, MVD_GTH,
    MVD_GS,      /* Gauss-Seidel sweeps: --algo reach only */
    MVD_IAD,     /* sweeps and aggregation over the automata: reach only */
    MVD_BICGSTAB,   /* compact vectors of the whole space (reach) only */
    MVD_AUTO
} mvd_method;

#define MVD_DIRECT_MAX 2000
#define MVD_DEFAULT_TOL 1e-9
#define MVD_DEFAULT_MAX_ITER 100000
#define MVD_DEFAULT_OMEGA 0.9
#define MVD_DEFAULT_RESTART 30
/* iad's default relaxation: below 1, so the sweeps do not cycle where
 * plain Gauss-Seidel has an iteration eigenvalue of modulus 1 (an open
 * tandem of four queues with blocking, started from the aggregated
 * iterate: period 4, forever; 1708 sweeps at 0.95). */
#define MVD_IAD_OMEGA 0.95
/* Delta = max |q_ss| * MVD_DELTA_FACTOR: above the largest rate, so the
 * uniformised chain is aperiodic (shared/design/SOLVER-NOTES.md). */
#define MVD_DELTA_FACTOR (1.0 + 1e-3)

/* How the solver's vectors are spread over MPI ranks (lib/mvd/mpi/par.h,
 * mpi_dist.c): mvd_solve_opts's layout, NULL when one process holds them
 * whole, as everywhere but under mpirun. With a layout, this rank holds
 * the reachable states at positions [klo, khi) of the space solved over
 * (one block of the product space; the other ranks hold the others), and
 * every vector of the solver is compact over them: khi - klo + 1 entries,
 * entry k - klo for position k, one spare (mvd_space_compact's). Each
 * sum, norm, maximum and dot product over the states is then a partial
 * per rank combined by reduce, and each product goes through multiply. */
typedef enum { MVD_REDUCE_SUM, MVD_REDUCE_MAX } mvd_reduce_op;

typedef struct {
    size_t klo, khi;
    /* y = x * Q on this rank's states (x, y compact as above; the
     * product is whole: every rank's part of x goes in). Collective. */
    void (*multiply)(void *ctx, const double *x, double *y);
    /* v[0..n) combined over the ranks in rank order (a left fold, so a
     * run gives the same bits as any other at the same P), the result
     * on every rank; a nan wins a maximum. Collective. */
    void (*reduce)(void *ctx, double *v, int n, mvd_reduce_op op);
    void *ctx;
} mvd_layout;

typedef struct {
    mvd_method method;
    double tol;          /* on R, B and (power, jor) E: mvd_solve */
    uint64_t max_iter;
    /* Timing runs (--iterations): exactly max_iter iterations of power,
     * jor, gs or iad, the stopping rule judged at the last one only. */
    int fixed_iter;
    double omega;        /* jor: 0 < omega < 1 */
    int restart;         /* gmres: m >= 1 */
    /* MVD_AUTO past gth's size chooses as it runs (auto.c) instead of
     * running gmres: set for reach plans (compact vectors) */
    int adaptive;
    /* what auto may spend on the chain's in-flow rows (mvd_reach_rows) */
    size_t rows_bytes;
    /* Called after every iteration when set (progress on a terminal). */
    void (*progress)(void *ctx, uint64_t iter, double residual);
    void *progress_ctx;
    const char *file;    /* the input, named in diagnostics; may be NULL */
    /* NULL, or this rank's share of distributed vectors (above): power,
     * jor and gmres only, on an irreducible chain (mvd_solve_chain says
     * when not), pi then compact over the rank's states. */
    const mvd_layout *layout;
} mvd_solve_opts;

/* A switch of --method auto: at which iteration, from and to what. */
typedef struct {
    uint64_t iteration;
    mvd_method from, to;
} mvd_switch;
#define MVD_MAX_SWITCHES 4

typedef struct {
    mvd_method method;         /* the one used (never MVD_AUTO) */
    uint64_t iterations;       /* updates (power, jor), Arnoldi steps (gmres) */
    uint64_t multiplications;  /* every x * Q, the final residual's included */
    double residual;           /* R of the returned pi */
    double balance;            /* B of the returned pi */
    double estimate;           /* E (0 for gth) */
    double delta;              /* Delta */
    double omega;              /* jor, gs, iad: the relaxation used (auto's
                                  may not be the options') */
    int converged;             /* R, B and E <= tol */
    int nswitch;               /* auto's switches, in order */
    mvd_switch switches[MVD_MAX_SWITCHES];
} mvd_solve_info;

void mvd_solve_defaults(mvd_solve_opts *o);
const char *mvd_method_name(mvd_method m);
int mvd_method_parse(const char *name, mvd_method *out);   /* 0 or -1 */
/* Product-space vectors of doubles the method holds, its plan apart: what
 * a caller adds to mvd_plan_bytes when it checks a memory budget. */
size_t mvd_solve_vectors(const mvd_solve_opts *o);
/* Vectors of one double per reachable state it holds besides: gmres's
 * Krylov basis (m + 1). */
size_t mvd_solve_compact_vectors(const mvd_solve_opts *o);
/* The method o asks for, with MVD_AUTO resolved for a chain of `states`
 * reachable states when `vectors` product-space vectors fit the memory
 * budget. */
mvd_method mvd_method_for(const mvd_solve_opts *o, size_t states,
                          size_t vectors);

/* The stationary distribution over sp into pi (d->nn entries, zero off
 * sp); sp must be closed (no transition leaves it) and irreducible. Every
 * method ends with the same check of the returned pi (normalised), with
 * y = pi Q over sp:
 *   R = ||y||_1 / Delta, Delta = max |q_ss| (1 + 1e-3): the step the
 *       uniformised power method would make;
 *   B = max_s |y_s| / (|q_ss| max(pi_s, tol / |sp|)): the imbalance
 *       between inflow and outflow at each state, relative to its outflow
 *       (states less probable than tol/|sp| held to that floor);
 *   E (power, jor, gmres) = 2 c / (1 - rho), c the 1-norm of the last
 *       update (an iteration; a whole cycle for gmres), rho the larger of
 *       the last two ratios c / c_prev (E infinite when rho >= 1): twice
 *       the geometric tail of the updates, which R and B miss when rho is
 *       close to 1 (stiff or nearly decomposable chains, slow restarts).
 *       An estimate of ||pi - pi*||_1, not a bound; 0 once an update is
 *       at the rounding level of pi (n u, u = 2^-53), where the ratios
 *       are noise.
 * Converged means all three are at most tol. gth solves directly
 * (mvd_gth) and is only checked. 0 when converged; 1 when max_iter ran
 * out, or gth's check failed (pi is then the last normalised iterate,
 * info says how far it is); -1 after a diagnostic (Q is not a generator
 * on sp, the iterate broke down). */
int mvd_solve(mvd_plan *p, const desc *d, const mvd_space *sp,
              const mvd_solve_opts *o, double *pi, mvd_solve_info *info,
              diag *dg);

/* mvd_solve from pi (over sp, zero elsewhere; positive sum) instead of
 * the uniform vector: the smoothing steps of mvd_solve_chain. */
int mvd_solve_warm(mvd_plan *p, const desc *d, const mvd_space *sp,
                   const mvd_solve_opts *o, double *pi,
                   mvd_solve_info *info, diag *dg);

/* The checks mvd_solve starts with (every diagonal element of Q over sp
 * <= 0, and the uniform vector times Q summing to 0), on their own, with
 * one multiplication of scratch (d->nn entries, overwritten). 0, or -1
 * after the diagnostic mvd_solve would give. */
int mvd_check_generator(mvd_plan *p, const desc *d, const mvd_space *sp,
                        const mvd_solve_opts *o, double *scratch, diag *dg);

/* Direct solution of the chain over sp (closed, irreducible) by the GTH
 * algorithm on a dense |sp|^2 matrix built from the rows of d: pi over
 * sp, zero elsewhere. 0, or -1 after a diagnostic at `at` (a function
 * not finite, a state with no way back: not irreducible). */
int mvd_gth(const desc *d, const mvd_space *sp, double *pi, diag *dg,
            srcloc at);
/* Bytes of mvd_gth's matrix for n states (SIZE_MAX on overflow). */
size_t mvd_gth_bytes(size_t n);
/* GTH on the dense n x n matrix a of rates (diagonal ignored; a is
 * overwritten): the stationary vector in x (n >= 1, sum 1). 0, or -1 when
 * the chain is not irreducible or a rate overflows. */
int mvd_gth_dense(double *a, size_t n, double *x);

/* The position of idx in sp, or sp->len when absent. */
size_t mvd_space_find(const mvd_space *sp, uint64_t idx);
/* The first position of sp whose state is idx or after it (sp->len when
 * none is): where a block of the product space starts in sp. */
size_t mvd_space_lower(const mvd_space *sp, uint64_t idx);

/* The communicating classes of the chain over sp (strongly connected
 * components of its transition graph, found by Tarjan's algorithm
 * without recursion), numbered by their lowest state; a class is closed
 * when no transition leaves it, its states are transient otherwise. */
typedef struct {
    size_t n;                /* reachable states */
    size_t nclass, nclosed, ntransient;
    /* Irreducible chains searched with theta > 0: the strongly connected
     * parts of the graph without its weak transitions (rate below theta
     * times the source state's outflow), 1 when there is no such split,
     * a state outside the part of the lowest one, and the part of each
     * position of sp (NULL when nparts is 1). */
    size_t nparts, part_state;
    uint32_t *part;
    uint32_t *cls;           /* [n] the class of each position of sp */
    size_t *size;            /* [nclass] */
    size_t *first;           /* [nclass] its lowest position */
    unsigned char *closed;   /* [nclass] */
} mvd_classes;

/* 0, or -1 after a diagnostic: a function not finite, or the graph (5
 * bytes a transition, 8 a state) over max_bytes. The search itself holds
 * about 30 bytes a state. */
int mvd_classes_find(mvd_classes *c, const desc *d, const mvd_space *sp,
                     double theta, size_t max_bytes, diag *dg, srcloc at);
void mvd_classes_free(mvd_classes *c);
/* Notes at `at`: each closed class (the first 10) with its size and
 * lowest state, then the transient states. */
void mvd_classes_report(const mvd_classes *c, const desc *d,
                        const mvd_space *sp, diag *dg, srcloc at);

/* mvd_solve after a check of the chain's classes. Irreducible: mvd_solve,
 * after a warning when the method is iterative and the chain falls into
 * parts joined only by transitions below sqrt(tol) of their source's
 * outflow (nearly decomposable: the iterates barely move the weight
 * between the parts, and no stopping rule on them can tell).
 * One closed class and transient states: a warning naming them, and
 * mvd_solve on the closed class (the transient states get 0). Several
 * closed classes: -1 after an error listing them, unless from_initial:
 * then pi = sum_k beta_k pi_k, beta_k the probability that the chain
 * started in the initial distribution (the descriptor's initial state, or
 * uniform over sp) ends in closed class k (state reduction of the
 * transient states, at most MVD_DIRECT_MAX of them), pi_k the stationary
 * distribution of class k (mvd_solve on it). info then sums the counts
 * and keeps the worst R, B and E of the classes solved.
 * With distributed vectors (o->layout), only an irreducible chain that
 * does not fall into parts is solved: otherwise MVD_NEEDS_WHOLE, with no
 * diagnostic (mpi_par.c then solves it with whole vectors). */
#define MVD_NEEDS_WHOLE 2
int mvd_solve_chain(mvd_plan *p, const desc *d, const mvd_space *sp,
                    const mvd_solve_opts *o, int from_initial,
                    size_t max_bytes, double *pi, mvd_solve_info *info,
                    diag *dg);

/* out[r] = sum over sp of pi(x) * f_r(x) for every result r of d, on
 * threads 1 or 2 (two halves of the states). 0, or -1 after a diagnostic
 * (a function value that is not finite). */
int mvd_results(const desc *d, const mvd_space *sp, const double *pi,
                double *out, int threads, const char *file, diag *dg);

/* What the san-result writer needs besides the solution. */
typedef struct {
    const char *source;        /* the input's name */
    mvd_algo algo;
    const mvd_solve_opts *opts;
    const mvd_solve_info *info;
    int with_time;             /* write the time records */
    double seconds;            /* the solve */
    double setup;              /* from the start to the solve */
    double multiply;           /* in mvd_multiply during the solve */
    /* Under mpirun, the job's ranks and each rank's seconds of the
     * solve's multiplications in its kernels, in the sums and of CPU in
     * its kernels (3 per rank, mvd_par_times); ranks 0 otherwise. */
    int ranks;
    const double *rank_times;
    uint64_t top;              /* 0: every reachable state */
    uint64_t nonzeros;         /* the transitions stored (rows), or 0 */
} mvd_result_meta;

void mvd_result_write(FILE *fp, const desc *d, const mvd_space *sp,
                      const double *pi, const double *results,
                      const mvd_result_meta *m);

/* Reads a vector of d->nn entries (vector 1, or plain numbers) into x.
 * Non-zeros at states off sp are refused. 0, or -1 after a diagnostic. */
int mvd_vector_read(FILE *fp, const char *file, const desc *d,
                    const mvd_space *sp, double *x, diag *dg);
void mvd_vector_write(FILE *fp, const double *x, uint64_t n);
/* 0 when the product y is finite on every state of sp; -1 after an error
 * at `file` naming the first state where it is not. */
int mvd_product_check(const desc *d, const mvd_space *sp, const double *y,
                      const char *file, diag *dg);

#endif
