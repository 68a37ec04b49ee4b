/* emit.c — the parallel iteration as a prototype (emit.h). */
#include "mvd/emit.h"

/* The additions rank r makes in one sum of P partial vectors of nn
 * entries: under the faithful reduce rank 0 adds P - 1 whole vectors;
 * under the default reduce-scatter rank r adds P - 1 copies of its block,
 * entries nn*r/P .. nn*(r+1)/P - 1 as mpi_par.c cuts them
 * (split_start). */
static double additions(uint64_t nn, int ranks, int r, int faithful)
{
    uint64_t p = (uint64_t)ranks, q = (uint64_t)r;
    if (faithful)
        return r == 0 ? (double)(p - 1) * (double)nn : 0;
    return (double)(p - 1) *
           (double)(split_start(nn, q + 1, p) - split_start(nn, q, p));
}

/* What the program is, in comments a reader of the timeline can follow. */
static void put_header(FILE *fp, const mvd_sched *s, const desc *d,
                       const mvd_emit_opts *o)
{
    int P = s->ranks;
    fprintf(fp, "// mvd-solve --emit-proto (formats/proto.md): mvd-solve's "
            "parallel\n// multiplication (Campos Velho 2006, Algorithm 1), "
            "%llu iterations\n// source ", (unsigned long long)o->iterations);
    tf_put_string(fp, o->source);
    fprintf(fp, "\n// schedule %s %s %d\n// L: the rank's multiplications "
            "(%s of mvd-load), M s each\n", mvd_sched_name(s->kind),
            o->shuffle ? "shuffle" : "slice", P,
            o->shuffle ? "shuffle: EQ9" : "slice: MULTS");
    if (P > 1)
        fprintf(fp, "// the sum of the partial vectors (%llu states, 8 bytes "
                "each):\n// %s\n", (unsigned long long)d->nn,
                o->faithful ? "reduce to rank 0, bcast (--faithful: "
                              "Algorithm 1)"
                : s->kind == MVD_SCHED_ROWS
                    ? "all_gather of P blocks (each rank's rows, whole: "
                      "nothing to add)"
                    : "all_to_all and all_gather of P blocks "
                      "(reduce-scatter + allgather)");
    if (P > 1 && o->add_time > 0)
        fputs("// N: the rank's additions in the sum, A s each\n", fp);
    fprintf(fp, "// run: netsim -n %d%s\n", P,
            o->mult_time > 0 ? "" : " -D " MVD_EMIT_MULT_PARAM "=SECONDS");
}

void mvd_emit_proto(FILE *fp, const mvd_sched *s, const desc *d,
                    const mvd_emit_opts *o)
{
    int P = s->ranks, sum = P > 1, rows = s->kind == MVD_SCHED_ROWS;
    int adds = sum && !rows && o->add_time > 0;
    put_header(fp, s, d, o);
    /* A run on other ranks would give wrong times silently: stop it at
     * this line, whose comment says why. */
    fprintf(fp, "if (P != %d) { wrong_ranks = 1 / 0; };   // the loads "
            "below are for netsim -n %d\n", P, P);
    if (o->mult_time > 0) {
        fputs("M = ", fp);
        tf_put_double(fp, o->mult_time);
        fputs(";\n", fp);
    } else
        fputs("M = " MVD_EMIT_MULT_PARAM ";\n", fp);
    if (adds) {
        fputs("A = ", fp);
        tf_put_double(fp, o->add_time);
        fputs(";\n", fp);
    }
    for (int r = 0; r < P; r++) {
        mvd_rank_load l;
        mvd_sched_load(s, r, &l);
        fprintf(fp, "if (rank == %d) { L = %llu;", r,
                (unsigned long long)(o->shuffle ? l.eq9 : l.mults));
        if (adds) {
            fputs(" N = ", fp);
            tf_put_double(fp, additions(d->nn, P, r, o->faithful));
            fputc(';', fp);
        }
        fputs(" };\n", fp);
    }
    fprintf(fp, "for (k, %llu) {\n    compute(L * M, 0);\n",
            (unsigned long long)o->iterations);
    double bytes = 8.0 * (double)d->nn, block = bytes / P;
    if (sum && !rows) {
        fputs(o->faithful ? "    reduce(0, (" : "    all_to_all(", fp);
        tf_put_double(fp, o->faithful ? bytes : block);
        fputs(o->faithful ? ", 0));\n" : ", 0);\n", fp);
    }
    if (adds)
        fputs(o->faithful ? "    if (rank == 0) { compute(N * A, 0); };\n"
                          : "    compute(N * A, 0);\n", fp);
    if (sum) {
        fputs(o->faithful ? "    bcast(0, (" : "    all_gather(", fp);
        tf_put_double(fp, o->faithful ? bytes : block);
        fputs(o->faithful ? ", 0));\n" : ", 0);\n", fp);
    }
    fputs("};\n", fp);
}
