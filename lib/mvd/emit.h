/* emit.h — mvd-solve --emit-proto: the parallel iteration of the MPI
 * run-time (par.h; seed 004, Campos Velho 2006, Algorithm 1 and Fig. 5;
 * precise-rules §3 and D4) written as a prototype (formats/proto.md), so
 * that netsim predicts its time on a network model of a cluster this
 * machine is not. Part of lib/mvd; its own header because only mvd-solve
 * calls it.
 *
 * The prototype is for the schedule's P ranks exactly (the loads are
 * per rank), and runs K iterations of
 *
 *   compute(L_r * M)     rank r's share of x Q: L_r multiplications
 *                        (the mvd-load report's EQ9 under shuffle, MULTS
 *                        under slice) at M seconds each;
 *   the sum of the partial vectors of 8 * nn bytes (nn product states,
 *   the vectors the MPI run-time sums), as the run-time sums them:
 *     faithful  reduce(0) then bcast(0): Algorithm 1;
 *     default   all_to_all of blocks of 8 * nn / P bytes then all_gather
 *               of them: the reduce-scatter and allgather of the default
 *               run-time (MPI_Alltoallv, MPI_Allgatherv);
 *     rows      (--sched rows) the all_gather alone: each rank's rows are
 *               whole (blocks of 8 * nn / P bytes, the rows' mean; a
 *               rank's rows differ from it by at most a quarter);
 *   and, when an addition time A is given (not under rows), the additions
 *   of that sum as computation between the two collectives: (P - 1) * nn
 *   on rank 0 (faithful), (P - 1) times its block's entries on each rank
 *   (default; blocks as the run-time cuts them, nn * q / P).
 *
 * Which algorithm each collective runs is the network model's choice
 * (net-model's collective records, netsim --coll), as it is the MPI
 * library's in the real program. With one rank there is no sum. */
#ifndef PERFPIPE_MVD_EMIT_H
#define PERFPIPE_MVD_EMIT_H

#include <stdint.h>
#include <stdio.h>

#include "desc/desc.h"
#include "mvd/sched.h"

/* The parameter the prototype reads when no time per multiplication is
 * given (netsim -D MULT_TIME=SECONDS). */
#define MVD_EMIT_MULT_PARAM "MULT_TIME"

typedef struct {
    int shuffle;            /* loads are eq. 9's (shuffle), else MULTS */
    int faithful;           /* reduce + bcast, else all_to_all + all_gather */
    double mult_time;       /* seconds per multiplication; 0: the
                               parameter MVD_EMIT_MULT_PARAM */
    double add_time;        /* seconds per addition of the sum; 0: the
                               additions are not written */
    uint64_t iterations;    /* K >= 1 */
    const char *source;     /* the descriptor's name, for the comments */
} mvd_emit_opts;

/* Writes the prototype of the schedule s of d (s->ranks ranks). */
void mvd_emit_proto(FILE *fp, const mvd_sched *s, const desc *d,
                    const mvd_emit_opts *o);

#endif
