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
    "all_gather", "all_to_all", "all_reduce"};

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
    fprintf(fp, " %.9f %.9f\n", start, end);
}

static inline void timeline_processes_head(FILE *fp)
{
    fputs("# process RANK FINAL COMPUTE COMM IDLE   (seconds)\n", fp);
}

/* idle NAN: not measured ('-'). */
static inline void timeline_process(FILE *fp, int rank, double final,
                                    double compute, double comm, double idle)
{
    fprintf(fp, "process %d %.9f %.9f %.9f", rank, final, compute, comm);
    if (isnan(idle))
        fputs(" -\n", fp);
    else
        fprintf(fp, " %.9f\n", idle);
}

static inline void timeline_summary(FILE *fp, double max, double mean,
                                    unsigned long long messages,
                                    unsigned long long ops, int nprocs)
{
    fprintf(fp, "# summary MAX MEAN MESSAGES\nsummary %.9f %.9f %llu\n"
            "end %llu %d\n", max, mean, messages, ops, nprocs);
}

#endif
