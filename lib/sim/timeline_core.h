/* timeline_core.h — the records of the timeline format (formats/
 * timeline.md), self-contained (C99 + stdio) because they are compiled
 * twice: into lib/sim (netsim, generated simulators) and, as text, into
 * the MPI programs proto2c writes, so that simulated and measured
 * timelines have one layout. Strings arrive already quoted. */
#ifndef PERFPIPE_TIMELINE_CORE_H
#define PERFPIPE_TIMELINE_CORE_H

#include <math.h>
#include <stdio.h>

/* Operation kinds, in the order of sim_op_kind. */
static const char *const timeline_kinds[] = {
    "compute", "send", "recv", "bcast", "gather", "scatter", "reduce",
    "all_gather", "all_to_all", "all_reduce", "barrier", "isend", "irecv",
    "wait", "probe"};

static inline void timeline_header(FILE *fp, const char *quoted_source,
                                   const char *quoted_network,
                                   unsigned long long seed, int nprocs,
                                   int with_ops)
{
    fprintf(fp, "timeline 1\nsource %s\nnetwork %s\nseed %llu\nprocesses %d\n",
            quoted_source, quoted_network, seed, nprocs);
    if (with_ops)
        fputs("# op RANK KIND PARTNER BYTES TAG START END   (seconds)\n", fp);
}

/* A number field, or '-' for none (NAN). */
static inline void timeline_field(FILE *fp, double x)
{
    if (isnan(x))
        fputs(" -", fp);
    else
        fprintf(fp, " %.17g", x);
}

/* A time in seconds: %.9f (the nanosecond) below 1e15 s, %.17g from
 * there on, where %.9f would print more digits than a double holds, up to
 * 318 for a clock near DBL_MAX microseconds. */
#define TIMELINE_FIXED_BELOW 1e15

static inline void timeline_time(FILE *fp, double t)
{
    fprintf(fp, fabs(t) < TIMELINE_FIXED_BELOW ? " %.9f" : " %.17g", t);
}

/* Times in seconds; partner < 0, bytes or tag NAN: none. */
static inline void timeline_op(FILE *fp, int rank, int kind, int partner,
                               double bytes, double tag, double start,
                               double end)
{
    fprintf(fp, "op %d %s ", rank, timeline_kinds[kind]);
    if (partner < 0)
        fputc('-', fp);
    else
        fprintf(fp, "%d", partner);
    timeline_field(fp, bytes);
    timeline_field(fp, tag);
    timeline_time(fp, start);
    timeline_time(fp, end);
    fputc('\n', fp);
}

static inline void timeline_processes_head(FILE *fp)
{
    fputs("# process RANK FINAL COMPUTE COMM IDLE   (seconds)\n", fp);
}

/* idle NAN: not measured ('-'). */
static inline void timeline_process(FILE *fp, int rank, double final,
                                    double compute, double comm, double idle)
{
    fprintf(fp, "process %d", rank);
    timeline_time(fp, final);
    timeline_time(fp, compute);
    timeline_time(fp, comm);
    if (isnan(idle))
        fputs(" -", fp);
    else
        timeline_time(fp, idle);
    fputc('\n', fp);
}

static inline void timeline_summary(FILE *fp, double max, double mean,
                                    unsigned long long messages,
                                    unsigned long long ops, int nprocs)
{
    fputs("# summary MAX MEAN MESSAGES\nsummary", fp);
    timeline_time(fp, max);
    timeline_time(fp, mean);
    fprintf(fp, " %llu\nend %llu %d\n", messages, ops, nprocs);
}

#endif
