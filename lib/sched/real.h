/* real.h — internal to lib/sched: the messages between the coordinator
 * (mpi_run.c, rank 0) and the workers (mpi_worker.c, ranks 1..P-1) of a
 * real run (gstr-sched --run). Rank k + 1 is the platform's UP k. */
#ifndef PERFPIPE_SCHED_REAL_H
#define PERFPIPE_SCHED_REAL_H

#include <stdint.h>

/* Coordinator to worker: CONFIG (doubles: the second the worker falls
 * silent, or -1; then (time, multiplier) pairs of its speed records),
 * RUN (a real_run header, then NUL-ended strings: the command line with
 * "$@" appended, the task's name, the output and log files, then the
 * environment's NAME=VALUE entries, an empty string, then the input
 * files), KILL (a uint32_t serial), QUIT. Worker to coordinator: DONE
 * (a real_done), ALIVE (nothing: a heartbeat every REAL_BEAT seconds). */
enum { REAL_CONFIG = 1, REAL_RUN, REAL_KILL, REAL_QUIT, REAL_DONE,
       REAL_ALIVE };

typedef struct {
    uint32_t serial;
    uint32_t replica;           /* 1: runs at a lower priority */
} real_run;

typedef struct {
    uint32_t serial;
    int32_t status;             /* the exit status, or -signal */
    double seconds;             /* from its start to its end, measured by
                                   the worker */
} real_done;

/* A real_done status no process gives: the coordinator's own verdict on
 * a copy past --timeout. */
#define REAL_TIMED_OUT INT32_MIN

#define REAL_BEAT 0.1           /* seconds between heartbeats */
#define REAL_PERIOD 0.1         /* a slowed worker's duty cycle, seconds */

#endif
