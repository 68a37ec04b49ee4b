/* mvd-solve — the stationary solution of a Markovian descriptor, or one
 * vector-descriptor multiplication. See man/man1/mvd-solve.1. The work is
 * in lib/mvd (kernels and solvers) and lib/desc (the descriptor). */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/common.h"
#include "desc/desc.h"
#include "mvd/emit.h"
#include "mvd/mvd.h"
#include "mvd/mpi/par.h"
#include "mvd/sched.h"
#include "options.h"

/* The largest tables of functions (desc_tabulate): 2^22 entries, 64 MiB
 * in all (an eighth of --max-memory when that is less). */
#define TABLE_ENTRIES (UINT64_C(1) << 22)
#define TABLE_BYTES (UINT64_C(64) << 20)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Progress on a terminal: at most four lines a second, overwritten. */
static void progress(void *ctx, uint64_t iter, double residual)
{
    double *last = ctx, t = now();
    if (t - *last < 0.25)
        return;
    *last = t;
    fprintf(stderr, "\r%s: iteration %llu, residual %.3g ", prog,
            (unsigned long long)iter, residual);
}

/* Bytes of nvec vectors of vlen entries (the product space's, or the
 * reachable states' for compact vectors) and the space's index, checked
 * against the budget before anything that size is allocated; *rest is
 * left for the plan. Per rank under mpirun: whole vectors and the
 * buffer of the sums (one more); distributed, the solver's vectors over
 * a block (pi, the product and the diagonal: gmres's products go
 * straight into its basis, counted by choose_method) beside the
 * product's whole ones (mvd_par_vector_bytes). -1 after "needs N bytes"
 * when over. */
static int memory_budget(const options *op, uint64_t vlen, size_t nvec,
                         const char *shown, uint64_t *vectors, size_t *rest,
                         diag *dg)
{
    uint64_t need;
    int p = mvd_par_size(op->par);
    size_t whole = nvec + 1 + (p > 1);
    int fits = op->dist ? mvd_par_vector_bytes(op->par, vlen, 3, &need)
                        : mul_u64(vlen, (uint64_t)whole * sizeof(double),
                                  &need);
    if (!fits || need > op->max_memory) {
        char how[96] = "";
        if (p > 1)
            snprintf(how, sizeof how, " on each of %d ranks (%s)", p,
                     op->dist ? "distributed: the solver's 3 over a block, "
                                "the product's 2 whole"
                              : "replicated, and the sums' buffer");
        diag_error(dg, (srcloc){shown, 0, 0}, "needs %.0f bytes for %zu "
                   "vectors of %llu states%s and the reachable set, over "
                   "--max-memory %llu", fits ? (double)need
                   : (double)vlen * (double)whole * sizeof(double),
                   op->dist ? (size_t)5 : nvec, (unsigned long long)vlen,
                   how, (unsigned long long)op->max_memory);
        return -1;
    }
    *vectors = need;
    *rest = op->max_memory - need > SIZE_MAX ? SIZE_MAX
                                            : (size_t)(op->max_memory - need);
    return 0;
}

/* --method iad's masses and flows beside the plan (a pair of an
 * automaton's states each: 64 automata of 256 states take 32 MB): 1
 * after "needs N bytes" when over what the vectors leave. */
static int iad_over_budget(const options *op, const mvd_plan *plan,
                           size_t rest, const char *shown, diag *dg)
{
    if (op->solve.method != MVD_IAD)
        return 0;
    size_t need = mvd_plan_bytes(plan), more = mvd_reach_iad_bytes(plan);
    if (more <= rest && need <= rest - more)
        return 0;
    diag_error(dg, (srcloc){shown, 0, 0}, "needs %.0f bytes for the "
               "vectors, reach's tables and the aggregation over the "
               "automata (--method iad: %zu), over --max-memory %llu",
               (double)(op->max_memory - rest) + (double)need +
                   (double)more,
               more, (unsigned long long)op->max_memory);
    return 1;
}

/* --algo auto where reach cannot run (mvd_reach_takes: an automaton of
 * more than 65535 states, a term over more combinations of states than
 * it tabulates) takes slice. And reach's threads when --threads was not
 * given. */
static void auto_algo(options *op, const desc *d)
{
    if (op->rows == 1 && !mvd_reach_takes(d)) {
        op->algo = MVD_SLICE;
        op->rows = 0;
    }
    /* Two threads where they paid in pipelines/solver-suite: the sharing
     * models of 10^6 states, 0.93 s and 1.22 s on one against 0.60 s and
     * 0.72 s on two (the aggregation's passes and the space's build);
     * not below 2^16 product states, where starting a thread costs more
     * than half a pass. */
    if (!op->threads_opt && op->algo == MVD_REACH &&
        d->nn >= (UINT64_C(1) << 16) && sysconf(_SC_NPROCESSORS_ONLN) >= 2)
        op->threads = 2;
}

/* reach's in-flow rows (mvd_reach_rows) in what the vectors and the
 * plan leave: 1 after "needs N bytes" when --algo rows asked for them
 * and they do not fit; --algo auto then stays matrix-free. */
static int rows_over_budget(const options *op, mvd_plan *plan, size_t rest,
                            const char *shown, diag *dg)
{
    size_t used = mvd_plan_bytes(plan), room = rest > used ? rest - used : 0;
    if (mvd_reach_rows(plan, room) || op->rows != 2)
        return 0;
    diag_error(dg, (srcloc){shown, 0, 0}, "--algo rows: the chain's "
               "in-flow rows do not fit in the %zu bytes --max-memory "
               "leaves beside the vectors and reach's tables (%zu); "
               "--algo reach runs matrix-free", room, used);
    return 1;
}

/* Compact vectors: the reachable states each take nvec + 2 doubles and
 * their index, and *max_states is how many the budget holds. The index
 * (mvd_index_kind): the bitmap over the product space is charged in
 * full where it will be built (asked for, or auto's choice whatever the
 * states: 64 MiB or less), and must fit; the hash takes at most 16 bytes
 * a state; past 64 MiB auto takes the bitmap only where it is at most 64
 * bytes a state, so it is charged that. -1 after "needs N bytes" when
 * the bitmap does not fit. */
static int compact_budget(const options *op, const desc *d, size_t nvec,
                          const char *shown, uint64_t *max_states, diag *dg)
{
    uint64_t bitmap = mvd_index_bitmap_bytes(d->nn);
    int whole_bitmap = op->index == MVD_INDEX_BITMAP ||
                       (op->index == MVD_INDEX_AUTO &&
                        bitmap <= MVD_INDEX_BITMAP_FREE);
    uint64_t fixed = whole_bitmap ? bitmap : 0;
    if (fixed > op->max_memory) {
        diag_error(dg, (srcloc){shown, 0, 0}, "needs %llu bytes for the "
                   "reachable set's bitmap over %llu product states, over "
                   "--max-memory %llu", (unsigned long long)fixed,
                   (unsigned long long)d->nn,
                   (unsigned long long)op->max_memory);
        return -1;
    }
    uint64_t each = ((uint64_t)nvec + 2) * sizeof(double) +
                    (whole_bitmap ? 0
                     : op->index == MVD_INDEX_HASH ? MVD_INDEX_HASH_PER_STATE
                                                   : MVD_INDEX_BITMAP_PER_STATE);
    *max_states = (op->max_memory - fixed) / each;
    if (*max_states > d->nn)
        *max_states = d->nn;
    return 0;
}

/* Resolves --method auto for the space found (gmres when its vectors fit
 * the budget), and takes the method's own memory out of *rest: its
 * vectors beyond the minimum, gmres's Krylov basis over the reachable
 * states, gth's matrix. */
static int choose_method(options *op, const desc *d, const mvd_space *sp,
                         const char *shown, uint64_t *vectors, size_t *rest,
                         diag *dg)
{
    if (op->dist) {
        int got = mvd_par_method(op->par, &op->solve, d, sp,
                                 op->max_memory, rest, dg,
                                 (srcloc){shown, 0, 0});
        if (got != 0)
            return got < 0 ? -1 : 0;
        op->dist = 0;   /* gth: whole vectors */
    }
    uint64_t vlen = mvd_vec_len(d, sp);
    uint64_t per = (vlen ? vlen : 1) * sizeof(double);
    size_t fit = op->max_memory / per > SIZE_MAX ? SIZE_MAX
               : (size_t)(op->max_memory / per);
    /* gmres's basis, counted in product-space vectors for the choice */
    mvd_solve_opts g = op->solve;
    g.method = MVD_GMRES;
    uint64_t basis = (uint64_t)mvd_solve_compact_vectors(&g) * sp->len *
                     sizeof(double);
    size_t basis_vec = (size_t)(basis / per) + 1;
    op->solve.method = mvd_method_for(&op->solve, sp->len,
                                      fit > basis_vec ? fit - 1 - basis_vec
                                                      : 0);
    /* --from-initial holds one class's solution beside the sum. */
    if (memory_budget(op, vlen, mvd_solve_vectors(&op->solve) +
                      (size_t)op->from_initial, shown, vectors, rest,
                      dg) < 0)
        return -1;
    if (op->solve.method == MVD_GTH) {
        size_t need = mvd_gth_bytes(sp->len);
        if (need > *rest) {
            diag_error(dg, (srcloc){shown, 0, 0}, "gth needs %zu bytes for "
                       "its matrix of %zu states, over --max-memory %llu",
                       need, sp->len, (unsigned long long)op->max_memory);
            return -1;
        }
        *rest -= need;
    }
    size_t compact = mvd_solve_compact_vectors(&op->solve);
    if (compact) {
        uint64_t need = (uint64_t)compact * sp->len * sizeof(double);
        if (need > *rest) {
            diag_error(dg, (srcloc){shown, 0, 0}, "%s needs %llu bytes "
                       "for its %zu vectors of %zu reachable states, over "
                       "--max-memory %llu",
                       op->solve.method == MVD_AUTO
                           ? "--method auto (bicgstab)"
                           : mvd_method_name(op->solve.method),
                       (unsigned long long)need, compact, sp->len,
                       (unsigned long long)op->max_memory);
            return -1;
        }
        *rest -= (size_t)need;
    }
    return 0;
}

static int write_output(const options *op, void (*writer)(FILE *, void *),
                        void *ctx)
{
    if (mvd_par_rank(op->par) != 0)   /* rank 0 writes */
        return EXIT_OK;
    outfile out;
    out_open_or_die(&out, prog, op->output);
    writer(out.fp, ctx);
    return out_commit_status(&out, prog, op->output);
}

/* ----------------------------------------------------------- --mvd mode */

typedef struct {
    const double *y;
    uint64_t n;
} vector_out;

static void put_vector(FILE *fp, void *ctx)
{
    vector_out *v = ctx;
    mvd_vector_write(fp, v->y, v->n);
}

static int run_multiply(const options *op, const desc *d, const mvd_space *sp,
                        mvd_plan *plan, const char *shown, diag *dg)
{
    double *x = xcalloc(d->nn, sizeof *x), *y = xcalloc(d->nn, sizeof *y);
    int status = EXIT_OK;
    if (op->ones) {
        for (size_t k = 0; k < sp->len; k++)
            x[sp->idx[k]] = 1;
    } else {
        /* rank 0's, which has standard input under mpirun */
        if (mvd_par_rank(op->par) == 0) {
            FILE *in = in_open_or_die(prog, op->vector);
            if (mvd_vector_read(in, input_name(op->vector), d, sp, x, dg) < 0)
                status = EXIT_BADINPUT;
            in_close(in);
        }
        status = mvd_par_agree(op->par, status, dg, (srcloc){shown, 0, 0},
                               "reading the vector");
        if (status == EXIT_OK)
            mvd_par_bcast(op->par, x, d->nn);
    }
    if (status == EXIT_OK) {
        mvd_multiply(plan, x, y);
        if (mvd_product_check(d, sp, y, shown, dg) < 0)
            status = EXIT_BADINPUT;
    }
    if (status == EXIT_OK) {
        /* The product lives on the reachable states (formats: vector 1). */
        memset(x, 0, sizeof *x * d->nn);
        for (size_t k = 0; k < sp->len; k++)
            x[sp->idx[k]] = y[sp->idx[k]];
        status = write_output(op, put_vector, &(vector_out){x, d->nn});
    }
    free(x);
    free(y);
    return status;
}

/* ------------------------------------- --load-report and --emit-proto */

typedef struct {
    const mvd_sched *s;
    const desc *d;
    const char *algo, *source;
} load_out;

static void put_load(FILE *fp, void *ctx)
{
    load_out *l = ctx;
    mvd_sched_write(fp, l->s, l->d, l->algo, l->source);
}

typedef struct {
    const mvd_sched *s;
    const desc *d;
    const mvd_emit_opts *o;
} proto_out;

static void put_proto(FILE *fp, void *ctx)
{
    proto_out *p = ctx;
    mvd_emit_proto(fp, p->s, p->d, p->o);
}

/* --load-report or --emit-proto: from the schedule alone. */
static int run_report(options *op, const desc *d, const char *shown,
                      diag *dg)
{
    mvd_sched s;
    if (mvd_sched_build(&s, d, op->sched, op->ranks, dg) < 0)
        return EXIT_BADINPUT;
    if (op->sched == MVD_SCHED_ROWS &&
        mvd_sched_rows_fill(&s, d, op->max_memory > SIZE_MAX
                                       ? SIZE_MAX : (size_t)op->max_memory,
                            dg) < 0) {
        mvd_sched_free(&s);
        return EXIT_BADINPUT;
    }
    mvd_sched_warn_idle(&s, dg, (srcloc){shown, 0, 0});
    op->emit.source = shown;
    int status = op->emitting
        ? write_output(op, put_proto, &(proto_out){&s, d, &op->emit})
        : write_output(op, put_load, &(load_out){&s, d,
                       mvd_algo_name(op->algo), shown});
    mvd_sched_free(&s);
    return status;
}

/* --------------------------------------------------------- solve mode */

typedef struct {
    const desc *d;
    const mvd_space *sp;
    const double *pi, *results;
    const mvd_result_meta *meta;
} result_out;

static void put_result(FILE *fp, void *ctx)
{
    result_out *r = ctx;
    mvd_result_write(fp, r->d, r->sp, r->pi, r->results, r->meta);
}

/* Bytes per rank of a solve with whole vectors (memory_budget's and
 * choose_method's count) and the plan: what a chain that distributed
 * vectors do not solve takes (mvd_par_solve). */
static uint64_t whole_bytes(const options *op, const desc *d,
                            const mvd_space *sp, const mvd_plan *plan)
{
    size_t whole = mvd_solve_vectors(&op->solve) + 1 +
                   (mvd_par_size(op->par) > 1) + (size_t)op->from_initial;
    double b = (double)mvd_vec_len(d, sp) * (double)whole * sizeof(double) +
               (double)mvd_solve_compact_vectors(&op->solve) *
                   (double)sp->len * sizeof(double) +
               (double)mvd_plan_bytes(plan);
    return b < 0x1p64 ? (uint64_t)b : UINT64_MAX;
}

static int run_solve(options *op, const desc *d, const mvd_space *sp,
                     mvd_plan *plan, const char *shown, diag *dg)
{
    double last = 0;
    op->solve.file = shown;
    if (isatty(STDERR_FILENO)) {
        op->solve.progress = progress;
        op->solve.progress_ctx = &last;
    }
    /* under mpirun the solution is the mvd_par's (distributed vectors
     * gathered, par.h) */
    double *mine = op->par ? NULL : xmalloc(sizeof *mine *
                                            mvd_vec_len(d, sp));
    const double *pi = mine;
    double *results = xcalloc(d->results.len + 1, sizeof *results);
    mvd_solve_info info;
    /* The ranks start the solve together, so that its time does not
     * count another rank's longer set-up (its share's plan); the
     * multiplications' leaves out the rest of the skew (mvd_par_skew). */
    mvd_par_barrier(op->par);
    double start = now(), mult0 = mvd_plan_seconds(plan);
    double sum0 = mvd_plan_combine_seconds(plan);
    double cpu0 = mvd_plan_kernel_cpu(plan);
    int got = op->par ? mvd_par_solve(op->par, plan, d, sp, &op->solve,
                                      op->from_initial, op->rest,
                                      whole_bytes(op, d, sp, plan),
                                      op->max_memory, &pi, &info, dg)
                      : mvd_solve_chain(plan, d, sp, &op->solve,
                                        op->from_initial, op->rest, mine,
                                        &info, dg);
    double seconds = now() - start;
    /* built before the solve, or by --method auto during it */
    int rows = mvd_reach_rows_view(plan) != NULL;
    /* the multiplications once every rank is in them (par.h) */
    double skew = mvd_par_skew(op->par);
    double multiply = mvd_plan_seconds(plan) - mult0 - skew;
    /* every rank's split of its multiplications, on rank 0 */
    int ranks = op->par && op->with_time ? mvd_par_size(op->par) : 0;
    double *rank_times = xcalloc(3 * (size_t)ranks + 1, sizeof *rank_times);
    if (ranks) {
        double sums = mvd_plan_combine_seconds(plan) - sum0 - skew;
        mvd_par_times(op->par, multiply - sums, sums,
                      mvd_plan_kernel_cpu(plan) - cpu0, rank_times);
    }
    if (op->solve.progress)
        fputc('\n', stderr);
    int status = EXIT_OK;
    if (got < 0) {
        status = EXIT_BADINPUT;
    } else if (mvd_results(d, sp, pi, results,
                           op->algo == MVD_REACH ? (int)op->threads : 1,
                           shown, dg) < 0) {
        status = EXIT_BADINPUT;
    } else {
        /* --iterations asked for the iterations, not for convergence */
        if (got == 1 && !op->solve.fixed_iter) {
            char how[64] = "";
            if (info.method != MVD_GTH)
                snprintf(how, sizeof how, " in %llu iterations",
                         (unsigned long long)info.iterations);
            diag_error(dg, (srcloc){shown, 0, 0}, "%s did not converge%s: "
                       "residual %.3g, balance %.3g, estimate %.3g; tol "
                       "%g%s", mvd_method_name(info.method), how,
                       info.residual, info.balance, info.estimate,
                       op->solve.tol, op->partial ? " (last iterate "
                       "written, --partial)" : "");
            status = EXIT_RUNTIME;
        }
        if (got == 0 || op->partial || op->solve.fixed_iter) {
            mvd_result_meta meta = {
                .source = shown, .algo = rows ? MVD_ROWS : op->algo,
                .nonzeros = mvd_reach_rows_nonzeros(plan),
                .opts = &op->solve,
                .info = &info, .with_time = op->with_time,
                .seconds = seconds, .setup = start - op->started,
                .multiply = multiply, .ranks = ranks,
                .rank_times = rank_times, .top = op->top};
            int w = write_output(op, put_result, &(result_out){d, sp, pi,
                                 results, &meta});
            if (w != EXIT_OK)
                status = w;
        }
    }
    free(mine);
    free(results);
    free(rank_times);
    return status;
}

/* ------------------------------------------------------------ MPI ranks */

/* Under mpirun: every rank read the same descriptor with the same
 * options (a rank that went on with another would give wrong sums or
 * wait forever in one), and ranks beyond one multiply with shuffle or
 * slice only; --ranks of the reports defaults to the job's. 0, or -1
 * after a message (rank 0's). */
static int par_checks(options *op, const char *text, size_t len,
                      const char *shown, diag *dg)
{
    if (!op->par)
        return 0;
    char key[512];
    snprintf(key, sizeof key, "%d %d %d %d %d %d %d %d %d %d %.17g %llu "
             "%d %.17g %llu %d %d %d %.17g %.17g %llu %d %d", op->vectors,
             (int)op->algo, (int)op->sched, op->faithful,
             op->ones, op->vector != NULL, op->load_report, op->ranks,
             op->ranks_given, (int)op->solve.method, op->solve.tol,
             (unsigned long long)op->solve.max_iter, op->solve.restart,
             op->solve.omega, (unsigned long long)op->top, op->partial,
             op->from_initial, op->emitting, op->emit.mult_time,
             op->emit.add_time, (unsigned long long)op->emit.iterations,
             op->with_time, op->solve.fixed_iter);
    srcloc at = {shown, 0, 0};
    if (mvd_par_same(op->par, text, len, key, dg, at) < 0)
        return -1;
    int kernel = op->algo == MVD_SHUFFLE || op->algo == MVD_SLICE;
    if (!kernel && mvd_par_size(op->par) > 1) {
        diag_error(dg, at, "--algo %s runs on one process: over %d MPI "
                   "ranks, --algo shuffle or slice",
                   mvd_algo_name(op->algo), mvd_par_size(op->par));
        return -1;
    }
    if (!op->ranks_given)
        op->ranks = mvd_par_size(op->par);
    return 0;
}

/* The end of every rank (MPI finalised) with the status. */
static int finish(options *op, int status, FILE *quiet)
{
    if (quiet)
        fclose(quiet);
    return mvd_par_end(op->par, status);
}

int main(int argc, char **argv)
{
    options op;
    set_program_name(prog);
    parse_options(argc, argv, &op);
    op.started = now();
    op.par = mvd_par_start(&argc, &argv);
    const char *shown = input_name(op.path);
    size_t len;
    char *text = mvd_par_read_input(op.par, prog, op.path, DESC_MAX_INPUT,
                                    &len);
    /* Every rank computes the same: rank 0 speaks for all. */
    FILE *quiet = mvd_par_rank(op.par) ? fopen("/dev/null", "w") : NULL;
    diag dg;
    diag_init(&dg, prog, quiet ? quiet : stderr);
    int bad = par_checks(&op, text, len, shown, &dg) < 0;
    desc d;
    bad = bad || desc_read_text(&d, text, len, shown, &dg) < 0;
    free(text);
    if (bad || op.report) {
        int status = bad ? EXIT_BADINPUT : run_report(&op, &d, shown, &dg);
        if (!bad)
            desc_free(&d);
        return finish(&op, status, quiet);
    }
    /* Functions of matrix elements as tables over their support: one
     * look-up per evaluation (desc_tabulate), within an eighth of
     * --max-memory beside what the checks below count. Not for reach,
     * whose plan evaluates each function once per reachable state: a
     * table over the support would cost more evaluations (the support
     * of "nb P busy" is the product space) and its bytes. */
    auto_algo(&op, &d);
    if (op.algo != MVD_REACH)
        desc_tabulate(&d, TABLE_ENTRIES, op.max_memory / 8 < TABLE_BYTES
                                             ? op.max_memory / 8
                                             : TABLE_BYTES);

    int multiply_only = op.ones || op.vector;
    size_t nvec = multiply_only ? 2 : mvd_solve_vectors(&op.solve);
    /* distributed vectors by default where they apply (par_checks
     * refused the other algorithms on more than one rank) */
    op.dist = mvd_par_size(op.par) > 1 && !op.faithful && op.vectors != 0 &&
              !multiply_only && op.solve.method != MVD_GTH;
    if (op.sched == MVD_SCHED_ROWS)
        mvd_par_set_rows(op.par, &d);
    uint64_t vectors = 0;
    size_t rest = 0;
    mvd_space sp = {0};
    mvd_plan *plan = NULL;
    int status = EXIT_BADINPUT;
    /* Compact vectors (reach) are sized once the space is known: first
     * its bitmap, and the states the budget can hold. */
    int compact = op.algo == MVD_REACH;
    op.solve.adaptive = compact;
    uint64_t max_states = d.nn;
    if ((compact ? compact_budget(&op, &d, nvec, shown, &max_states, &dg)
                 : memory_budget(&op, d.nn, nvec, shown, &vectors, &rest,
                                 &dg)) == 0 &&
        mvd_space_build_index(&sp, &d, max_states,
                              compact ? (int)op.threads : 1,
                              compact ? op.index : MVD_INDEX_BITMAP, &dg) == 0 &&
        (!compact || (mvd_space_compact(&sp),
                      memory_budget(&op, sp.vlen, nvec, shown, &vectors,
                                    &rest, &dg) == 0)) &&
        (multiply_only ||
         /* reach's plan checks the rates from its tables, below */
         ((compact || mvd_check_rates(&d, &sp, &dg,
                                      (srcloc){shown, 0, 0}) == 0) &&
          choose_method(&op, &d, &sp, shown, &vectors, &rest, &dg) == 0))) {
        int over_budget = 0;
        /* sparse and reach run on one rank (par_checks) */
        int kernel = op.algo == MVD_SHUFFLE || op.algo == MVD_SLICE;
        mvd_par_set_distributed(op.par, op.dist);
        plan = op.par && kernel ? mvd_par_plan(op.par, &d, &sp, op.algo, op.sched,
                                     op.faithful, rest, &over_budget, &dg)
                      : mvd_plan_new_threads(&d, &sp, op.algo, op.faithful,
                                             compact ? (int)op.threads : 1,
                                             rest, &over_budget, &dg);
        /* reach's second thread, when its vector fits the budget */
        if (plan && compact && op.threads > 1 &&
            mvd_plan_bytes(plan) + (sp.len + 1) * sizeof(double) <= rest)
            mvd_reach_threads(plan, (int)op.threads);
        /* auto builds them itself if the chain needs them (auto.c) */
        int later = op.solve.method == MVD_AUTO || op.solve.method == MVD_GTH;
        if (plan && compact && op.solve.method == MVD_AUTO) {
            size_t used = mvd_plan_bytes(plan) + mvd_reach_iad_bytes(plan);
            op.solve.rows_bytes = rest > used ? rest - used : 0;
        }
        if (plan && compact && op.rows && !multiply_only && !later &&
            rows_over_budget(&op, plan, rest, shown, &dg)) {
            mvd_plan_free(plan);
            plan = NULL;
        }
        if (plan && compact && !multiply_only &&
            (mvd_reach_check_rates(plan, &dg, (srcloc){shown, 0, 0}) < 0 ||
             iad_over_budget(&op, plan, rest, shown, &dg))) {
            mvd_plan_free(plan);
            plan = NULL;
        } else if (!plan && over_budget)
            diag_note(&dg, (srcloc){shown, 0, 0}, "the vectors and the "
                      "reachable set take %llu of the %llu bytes of "
                      "--max-memory", (unsigned long long)vectors,
                      (unsigned long long)op.max_memory);
    }
    op.rest = rest;
    if (plan)
        status = multiply_only ? run_multiply(&op, &d, &sp, plan, shown, &dg)
                               : run_solve(&op, &d, &sp, plan, shown, &dg);
    if (plan)
        mvd_plan_free(plan);
    status = finish(&op, status, quiet);   /* frees the share, before d */
    mvd_space_free(&sp);
    desc_free(&d);
    return status;
}
