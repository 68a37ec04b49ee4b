/* options.h — mvd-solve's command line: what it asks for (options) and
 * its reading (options.c), apart from the program's run in main.c. */
#ifndef PERFPIPE_MVD_SOLVE_OPTIONS_H
#define PERFPIPE_MVD_SOLVE_OPTIONS_H

#include <stdint.h>

#include "mvd/emit.h"
#include "mvd/mvd.h"
#include "mvd/mpi/par.h"
#include "mvd/sched.h"

static const char *const prog = "mvd-solve";

typedef struct {
    const char *output, *vector, *path;
    int ones, partial, with_time, faithful, from_initial;
    /* --vectors: -1 not given, 0 replicated, 1 distributed; dist: the
     * solver's vectors distributed over the ranks (par.h) */
    int vectors, dist;
    double started;   /* now() at the start, for --time */
    size_t rest;      /* bytes left for the plan and the checks */
    mvd_algo algo;    /* shuffle, slice, sparse or reach (auto resolved) */
    /* reach's in-flow rows (mvd_reach_rows): 0 never (--algo reach), 1
     * when they fit the budget (auto), 2 required (--algo rows) */
    int rows;
    mvd_solve_opts solve;
    uint64_t top, max_memory, threads;
    const char *threads_opt;   /* given on the command line */
    mvd_index_kind index;      /* --index */
    const char *index_opt;
    /* --sched: recorded for the MPI run-time; one process multiplies
     * every term, which is every scheduler's one-rank assignment */
    mvd_sched_kind sched;
    int load_report, ranks, ranks_given;
    /* --emit-proto (lib/mvd/emit.h); report names the mode that writes
     * from the schedule alone, --load-report or --emit-proto, or NULL */
    mvd_emit_opts emit;
    int emitting;
    const char *report;
    mvd_par *par;   /* under mpirun (par.h), else NULL */
} options;

/* Reads the command line into op, or exits 2 with a usage error (0
 * after --help or --version). */
void parse_options(int argc, char **argv, options *op);

#endif
