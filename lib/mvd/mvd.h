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
 *            states: the baseline, and the oracle of the tests.
 * Functional elements are evaluated on the row (source) state (§2.6). */
#ifndef PERFPIPE_MVD_H
#define PERFPIPE_MVD_H

#include <stddef.h>
#include <stdint.h>

#include "common/common.h"
#include "desc/desc.h"

/* ------------------------------------------------------ state spaces */

/* The reachable states: ascending product-space indices. */
typedef struct {
    uint64_t *idx;
    size_t len;
} mvd_space;

/* From the descriptor's reachability function, or by exploration from its
 * initial state through the transitions of Q, or the whole product space.
 * 0, or -1 after a diagnostic (a function that is not finite, a space
 * over max_states). */
int mvd_space_build(mvd_space *sp, const desc *d, uint64_t max_states,
                    diag *dg);
void mvd_space_free(mvd_space *sp);

/* -------------------------------------------------------- multiplication */

typedef enum { MVD_SHUFFLE, MVD_SLICE, MVD_SPARSE } mvd_algo;

typedef struct mvd_plan mvd_plan;

/* Prepares the multiplication (slice: AUNFs; sparse: the CSR matrix over
 * sp). NULL after a diagnostic when it would need more than max_bytes
 * (the message says how much). */
mvd_plan *mvd_plan_new(const desc *d, const mvd_space *sp, mvd_algo algo,
                       size_t max_bytes, diag *dg);
/* y = x * Q; x and y have d->nn entries and must not overlap. */
void mvd_multiply(mvd_plan *p, const double *x, double *y);
/* diag[j] = Q[j, j] for the reachable states (others 0); nn entries. */
void mvd_diagonal(mvd_plan *p, double *diag);
/* Bytes the plan holds, and floating-point multiplications one
 * mvd_multiply performs (shuffle: eq. 9 less the skipped identities;
 * slice: AUNFs times the non-zeros of the last factor, plus the AUNF
 * scalings; sparse: the non-zeros). */
size_t mvd_plan_bytes(const mvd_plan *p);
uint64_t mvd_plan_mults(const mvd_plan *p);
void mvd_plan_free(mvd_plan *p);

/* Eq. 9 as printed: sum over terms of nn * sum_i nz_i / n_i, identity
 * factors counted as n_i non-zeros (the thesis's cost, 282 on Figure 7). */
uint64_t mvd_shuffle_cost_eq9(const desc *d);
/* Sum over terms of the product of the non-zeros of the first N-1 factors
 * (49 on Figure 7). */
uint64_t mvd_aunf_count(const desc *d);

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

/* Appends the non-zero entries of row `state` of term t,
 *     Q_t[x, y] = prod_i F_i[x_i, y_i](x),
 * one per combination of the non-zero elements of each factor's row x_i
 * (an identity factor keeps y_i = x_i), in ascending order of y, the
 * diagonal included, products that are exactly zero left out. 0, or -1
 * when a function is not finite at x: *bad_func is then its index. */
int mvd_term_row(const desc *d, size_t t, const int *state,
                 mvd_entries *out, int *bad_func);

/* "(A=I, B=U)": a global state with automaton and state names, for
 * diagnostics. */
void mvd_state_text(strbuf *sb, const desc *d, const int *state);

#endif
