/* sched.h — the thesis's assignment of a descriptor's work to P ranks
 * (seed 004, Campos Velho 2006, ch. 3, Algorithms 2-6; notes §6;
 * shared/seeds/precise-rules.md §3 and D1, D2). Part of lib/mvd (mvd.h);
 * its own header because the MPI run-time and the load report are its
 * only users.
 *
 * Every rank computes the same schedule from the descriptor alone (the
 * thesis: "todos os processos realizam o algoritmo de distribuição de
 * carga simultaneamente"), so nothing is communicated.
 *
 * The work units are the faithful term list (D1): the descriptor's terms
 * in file order, every one of them (a term that is zero included, as the
 * thesis counts them), each factor as written, an identity factor counted
 * as n_i non-zeros (its n_i diagonal ones). The fast kernels' fused
 * units are not scheduled here.
 *
 *   terms-rr    Algorithms 2 (shuffle) and 4 (slice, with each rank
 *               building the AUNFs of its own terms only): term t goes to
 *               rank t mod P; a rank's terms in ascending order.
 *   terms-cost  Algorithm 3 (shuffle): the terms sorted by decreasing
 *               eq. 9 cost, nn * sum_i nz_i / n_i (159 and 123 on
 *               Figure 7), ties by the lower term index (the thesis's
 *               quicksort leaves them unspecified); each in turn to the
 *               least loaded rank, ties to the lowest rank (the thesis's
 *               strict <, from rank 0). A rank's terms in the order it
 *               got them (decreasing cost).
 *   aunf        Algorithms 5 and 6 (slice): every AUNF is a task; with
 *               A = sum_t prod_{i<N-1} nz_i (49 on Figure 7), rank p gets
 *               A / P AUNFs, one more when p < A mod P, as a contiguous
 *               range of the enumeration below starting after rank p-1's
 *               (25/24 at P = 2, 17/16/16 at P = 3). A range may cut a
 *               term; every AUNF keeps its term's last factor.
 *
 * AUNF enumeration (D2; the thesis does not give one). Term-major (file
 * order); within term t, the combinations of one non-zero of each of the
 * factors 0..N-2 in mixed radix, factor 0 the most significant digit,
 * each factor's non-zeros in row-major order (row, then column; an
 * identity's are (0,0), (1,1), ...). AUNF k of term t picks non-zero
 * pick[m] of factor m with k = sum_m pick[m] * prod_{m<q<N-1} nz_q. It is
 * the order in which slice builds a term's AUNFs (slice.c), so a rank's
 * range is a run of a term's list. On Figure 7 AUNF 25, the first of rank
 * 1 at P = 2, is term 1's AUNF 4: A1 (0,1) = 6 times B1 (0,0) = 2.
 *
 * Ranks beyond the work are idle: P > terms leaves P - terms ranks
 * without a term under terms-rr and terms-cost (the thesis: it "não faz
 * sentido"), P > A leaves ranks without an AUNF. mvd_sched_idle counts
 * them, and callers say so. */
#ifndef PERFPIPE_MVD_SCHED_H
#define PERFPIPE_MVD_SCHED_H

#include <stdint.h>
#include <stdio.h>

#include "common/common.h"
#include "desc/desc.h"

/* MVD_SCHED_ROWS is not the thesis's: the fast slice's product cut by
 * destination rows, which the plan computes (mvd.h, mvd_plan_rows). Its
 * schedule holds the term costs and, once mvd_sched_set_rows gives them,
 * the ranks' rows and multiplications, for the load report and the
 * prototype; its mvd_sched_part is every term (the plan, not the share,
 * is cut). */
typedef enum {
    MVD_SCHED_TERMS_RR, MVD_SCHED_TERMS_COST, MVD_SCHED_AUNF, MVD_SCHED_ROWS
} mvd_sched_kind;

/* The schedulers' names in mvd_sched_kind order, NULL-terminated. */
extern const char *const mvd_sched_names[];
const char *mvd_sched_name(mvd_sched_kind k);

/* The most ranks a schedule is computed for (arrays of P entries, and
 * a report of P lines). */
#define MVD_SCHED_MAX_RANKS 65536

/* What one term of the faithful list costs. */
typedef struct {
    uint64_t eq9;      /* nn * sum_i nz_i / n_i */
    uint64_t aunfs;    /* prod_{i<N-1} nz_i (Algorithm 5) */
    uint64_t nzlast;   /* nz_{N-1}: slice's products per AUNF (Figure 4) */
} mvd_term_cost;

typedef struct {
    mvd_sched_kind kind;
    int ranks;
    size_t nterms;
    mvd_term_cost *cost;     /* [nterms] */
    uint64_t *term_first;    /* [nterms + 1]: term t's AUNFs are
                                term_first[t]..term_first[t+1]-1 */
    uint64_t total_eq9, total_mults;   /* over all terms */
    /* terms-rr, terms-cost: rank r's terms are term[first[r]] ..
     * term[first[r+1]-1], in the order the scheduler gave them. */
    size_t *first;           /* [ranks + 1] */
    size_t *term;            /* [nterms] */
    /* aunf: rank r's AUNFs are start[r]..start[r+1]-1; rows: its
     * product states, with rows_mults[r] multiplications. */
    uint64_t *start;         /* [ranks + 1] */
    uint64_t *rows_mults;    /* rows: [ranks] */
} mvd_sched;

/* The schedule of d's faithful term list on `ranks` ranks (1 ..
 * MVD_SCHED_MAX_RANKS). 0, or -1 after a diagnostic at desc_loc(d) when a
 * count does not fit 64 bits ("the eq. 9 cost of term 3 (label) does not
 * fit 64 bits"). */
int mvd_sched_build(mvd_sched *s, const desc *d, mvd_sched_kind kind,
                    int ranks, diag *dg);
void mvd_sched_free(mvd_sched *s);
/* Rows: the ranks' rows and multiplications, as mvd_plan_rows gives them
 * (lo[ranks + 1], mults[ranks]). */
void mvd_sched_set_rows(mvd_sched *s, const uint64_t *lo,
                        const uint64_t *mults);
/* The same from d's fast slice plan, built here within max_bytes and
 * freed (slice_rows.c). 0, or -1 after a diagnostic. */
int mvd_sched_rows_fill(mvd_sched *s, const desc *d, size_t max_bytes,
                        diag *dg);

/* The work rank r gets. eq9 is the sum of its terms' eq. 9 costs, and
 * has_eq9 0 under aunf (a range may hold part of a term, which eq. 9 does
 * not price). terms counts the terms it multiplies, whole or in part.
 * Under rows: every term in part, no eq9 or AUNFs (has_aunfs 0: the fast
 * kernel's fused AUNFs are not the thesis's), mults the fast slice's
 * count of its rows (mvd_plan_mults). */
typedef struct {
    uint64_t terms, eq9, aunfs, mults;   /* mults: AUNFs x nz_{N-1} */
    int has_eq9, has_aunfs;
} mvd_rank_load;

void mvd_sched_load(const mvd_sched *s, int r, mvd_rank_load *out);
/* Ranks with nothing to multiply (no term; under aunf, no AUNF). */
int mvd_sched_idle(const mvd_sched *s);
/* The term of global AUNF k (< term_first[nterms]): the last t with
 * term_first[t] <= k, so terms without AUNFs are skipped. */
size_t mvd_sched_aunf_term(const mvd_sched *s, uint64_t k);
/* Decodes global AUNF k: its term, and pick[m] for m = 0..N-2, the
 * position of its non-zero among factor m's (an identity's pick is the
 * row). */
void mvd_sched_aunf_decode(const mvd_sched *s, const desc *d, uint64_t k,
                           size_t *term, uint64_t *pick);

/* Rank r's share of d as a descriptor of its own (initialised here;
 * desc_free it before d, whose function tables it shares): under
 * terms-rr and terms-cost its terms whole, in the schedule's order;
 * under aunf the terms of its AUNF range, a term cut by the range split
 * into boxes of whole factors (a prefix of fixed non-zeros, one factor
 * restricted to an interval of its non-zeros, the last factor whole:
 * at most 2(N-1) boxes) whose AUNFs are exactly the range's, in the
 * enumeration's order. Zero terms are left out. The sum over the ranks
 * of the shares' products is d's product: a plan on a share
 * (mvd_plan_new_part) multiplies rank r's work and nothing else. */
void mvd_sched_part(const mvd_sched *s, const desc *d, int r, desc *out);

/* "N of P ranks idle: SCHED gives whole terms, and the descriptor has
 * T" as a warning at `at`, when some are. */
void mvd_sched_warn_idle(const mvd_sched *s, diag *dg, srcloc at);

/* The load report (formats/mvd-load.md): the assignment, the work of each
 * rank and the imbalances. algo is "shuffle" or "slice", source the
 * descriptor's name. */
void mvd_sched_write(FILE *fp, const mvd_sched *s, const desc *d,
                     const char *algo, const char *source);

#endif
