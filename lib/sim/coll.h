/* coll.h — collectives by algorithm (issue 14): the schedules Open MPI and
 * MPICH use, each a sequence of rounds of point-to-point messages over the
 * network model, and which one a collective runs (the model's `collective`
 * records, netsim's --coll, or `auto`). The thesis's linear, root-serial
 * form stays in sim.c as the algorithm `linear`, the default.
 * formats/net-model.md ("collective") gives the schedules and the rule of
 * `auto`. */
#ifndef PERFPIPE_SIM_COLL_H
#define PERFPIPE_SIM_COLL_H

#include "sim/sim.h"

/* In the order of coll_algo_names; COLL_LINEAR is 0, so a model whose
 * selections are zeroed runs the thesis's schedules. */
typedef enum {
    COLL_LINEAR, COLL_BINOMIAL, COLL_SCATTER_ALLGATHER,
    COLL_RECURSIVE_DOUBLING, COLL_RING, COLL_BRUCK, COLL_PAIRWISE,
    COLL_DISSEMINATION, COLL_AUTO
} coll_algo;

/* NULL-terminated: the collectives as the language names them (index =
 * kind - SIM_OP_BCAST), and every algorithm name (index = coll_algo). */
extern const char *const coll_kind_names[];
extern const char *const coll_algo_names[];

/* The collective named `word` (a language name, or allgather, alltoall,
 * allreduce, broadcast), as an index of coll_kind_names; -1: none. */
int coll_kind_index(const char *word);
/* The NULL-terminated names of the algorithms collective `k` (an index of
 * coll_kind_names) has, `auto` last. */
const char *const *coll_algos_of(int k);
/* The algorithm `word` names for collective k; -1 when it has none such. */
int coll_algo_of(int k, const char *word);

/* Parses --coll's "NAME=ALGORITHM[,NAME=ALGORITHM]..." into m's
 * selections; on an error, a usage error of prog (exit 2). */
void coll_parse_option(const char *prog, const char *text, net_model *m);

/* Whether a collective of kind has a root (bcast, gather, scatter,
 * reduce); the all_ ones and barrier have none. */
int coll_rooted(sim_op_kind kind);

/* The algorithm a collective of kind runs, its `auto` resolved by the
 * message size and P. */
coll_algo coll_choose(const net_model *m, sim_op_kind kind, double bytes,
                      int nprocs);

/* One round of a schedule, for one process: at most a send and a receive,
 * started together and waited for together. to/from < 0: none. */
typedef struct {
    int to, from;
    double bytes;   /* of the send */
} coll_round;

/* Round `step` of collective kind under algo for `rank` of nprocs (root
 * for the rooted ones; bytes as the statement gives them). 0 when the
 * schedule has no such round (the collective is over); a round may be
 * empty (to and from < 0). */
int coll_schedule(sim_op_kind kind, coll_algo algo, int nprocs, int rank,
                  int root, double bytes, int step, coll_round *out);

#endif
