/* reduce.h — internal to lib/mvd: the descriptor the fast kernels run on
 * (mvd.h, "Fast mode").
 *
 * Q = Dr + Q', where Dr is the diagonal of the parts that are cheap to
 * take out of the terms:
 *   - a term whose non-identity factors are all diagonal matrices (the
 *     negative synchronising terms, an identity term) is diagonal: all of
 *     it goes to Dr;
 *   - a term with exactly one non-identity factor F (a local term) is
 *     I (x) F (x) I = I (x) diag(F) (x) I + I (x) (F - diag(F)) (x) I: the
 *     first part goes to Dr, the second stays in Q'.
 * Terms with two or more non-identity factors, one of them not diagonal,
 * stay whole (their diagonal is not a tensor product of parts). A
 * functional element on the diagonal is evaluated on its row state, which
 * is the state itself, so the split holds for functional factors too. */
#ifndef PERFPIPE_MVD_REDUCE_H
#define PERFPIPE_MVD_REDUCE_H

#include "desc/desc.h"

/* Builds out (initialised here; desc_free it) as Q' of d: its automata
 * and functions copied, the terms of d left after taking Dr out, in
 * order, zero terms dropped. Returns 1 when something went to Dr, 0 when
 * not (out is then d's terms, unchanged). */
int mvd_reduce(const desc *d, desc *out);

/* A descriptor of d's automata and functions (tables shared: free out
 * before d) and no term yet, for terms taken from d (mvd_reduce, a rank's
 * share in sched.c); mvd_desc_done finishes it once they are added. */
void mvd_desc_head(const desc *d, desc *out);
void mvd_desc_done(desc *out);

/* dr[idx] = Dr[idx, idx] over the whole product space (nn entries), the
 * removed parts summed in term order. */
void mvd_reduce_diagonal(const desc *d, double *dr);

#endif
