/* options.c — mvd-solve's command line (options.h): --help, the
 * options read and checked against one another. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/common.h"
#include "options.h"

/* Without --max-memory: this fraction of physical memory, or this many
 * bytes when the system does not say. */
#define DEFAULT_MEMORY_FRACTION 0.5
#define FALLBACK_MEMORY ((uint64_t)1 << 30)
/* --emit-proto's iterations by default: the thesis's runs of 100 (ch. 4,
 * p. 41). */
#define EMIT_ITERATIONS 100

static void usage(FILE *fp)
{
    fprintf(fp,
"Usage: %s [OPTION]... [FILE]\n"
"Read a Markovian descriptor (san-desc, or the thesis's plain Figure 8\n"
"file) from FILE, or standard input when FILE is absent or '-', compute\n"
"its stationary distribution over the reachable states and write it in\n"
"the san-result format; or multiply one vector by it (--mvd, --ones).\n"
"\n"
"  -a, --algo=ALGO        multiplication: auto (default: rows when solving\n"
"                         on one process and they fit, else reach; slice\n"
"                         under mpirun and for the thesis's options),\n"
"                         shuffle, slice, sparse, reach (compact vectors,\n"
"                         matrix-free; solving only), rows (reach with the\n"
"                         chain's transitions stored, 6 or 12 B each)\n"
"      --threads=N        reach, rows: multiply with N threads, 1 or 2\n"
"                         (default: 2 on 2 cores or more and 2^16 product\n"
"                         states or more; reach: the last digits differ)\n"
"      --index=KIND       reach, rows: how a state finds its position:\n"
"                         auto (default: bitmap unless it takes over 64 MiB\n"
"                         and 64 bytes a reachable state), bitmap (a\n"
"                         quarter byte a product state), hash (8 to 16\n"
"                         bytes a reachable state)\n"
"  -m, --method=METHOD    solver: auto (default: gth up to %d states;\n"
"                         beyond, on reach and rows, one aggregation over\n"
"                         the automata, then bicgstab on the rows, then gs\n"
"                         (omega 0.95) if it stalls; gmres on the others),\n"
"                         gth, gmres, power, jor, gs (Gauss-Seidel, reach\n"
"                         and rows: two vectors), iad (gs with aggregation\n"
"                         over each automaton), bicgstab (reach and rows)\n"
"  -t, --tol=TOL          the tolerance of the stopping rule and of the\n"
"                         final check (default %g)\n"
"      --max-iter=N       stop after N iterations (default %d): exit 1\n"
"      --iterations=N     run exactly N iterations, whatever the stopping\n"
"                         rule, and exit 0 (timing runs; power, jor, gs,\n"
"                         iad; --method auto is power; N <= 10^6); with\n"
"                         --emit-proto, the prototype's (default %d)\n"
"      --omega=W          jor damping, 0 < W < 1 (default %g); gs, iad\n"
"                         relaxation (SOR), 0 < W < 2 (default 1; iad\n"
"                         0.95)\n"
"      --restart=M        gmres restart length (default %d)\n"
"      --top=K            write only the K most probable states\n"
"      --partial          on non-convergence, still write the last iterate\n"
"      --from-initial     when the chain has several closed classes, the\n"
"                         distribution reached from the initial state\n"
"      --time             add the (non-reproducible) time record\n"
"      --faithful         the thesis's shuffle and slice kernels, term by\n"
"                         term (default: the fast kernels, same products)\n"
"      --mvd=VECTOR       write VECTOR * Q instead of solving (vector file)\n"
"      --ones             write ones * Q instead of solving\n"
"      --vectors=HOW      under mpirun: distributed (the default for power,\n"
"                         jor and gmres on 2 or more ranks: each rank holds\n"
"                         its block of every vector) or replicated (whole\n"
"                         vectors on every rank; always with --faithful)\n"
"      --sched=SCHED      how MPI ranks share the work under mpirun:\n"
"                         terms-rr (shuffle, slice), terms-cost (shuffle;\n"
"                         its default), aunf (slice; its default), rows\n"
"                         (fast slice: each rank its rows of the product)\n"
"      --load-report      write each rank's work under --sched instead of\n"
"                         solving (the mvd-load format)\n"
"      --emit-proto       write the parallel iteration on --ranks ranks\n"
"                         under --sched as a prototype for netsim\n"
"                         (--faithful: reduce and bcast) instead of solving\n"
"      --ranks=P          the ranks of --load-report and --emit-proto\n"
"                         (default 1, under mpirun the job's)\n"
"      --mult-time=S      --emit-proto: seconds a multiplication takes\n"
"                         (default: the prototype's parameter MULT_TIME)\n"
"      --add-time=S       --emit-proto: seconds an addition of the sum of\n"
"                         the vectors takes (default: not written)\n"
"      --max-memory=BYTES refuse models that need more (default: half of\n"
"                         physical memory; under mpirun, per rank)\n"
"  -o, --output=FILE      write to FILE, replaced only when all went well\n"
"  -h, --help             show this help and exit\n"
"  -V, --version          show the version and exit\n"
"\n"
"Exit status: 0 success, 1 no convergence or I/O failure, 2 bad usage or\n"
"bad input (or a model over --max-memory).\n"
"\n"
"Examples:\n"
"  mvd-solve --method gmres --top 5 examples/san/two-procs.desc\n"
"  mpirun -np 4 mvd-solve --algo slice --sched aunf model.desc\n"
"  mvd-solve --emit-proto --ranks 8 --mult-time 3e-9 m.desc | netsim -n 8\n",
            prog, MVD_DIRECT_MAX, MVD_DEFAULT_TOL, MVD_DEFAULT_MAX_ITER,
            EMIT_ITERATIONS, MVD_DEFAULT_OMEGA, MVD_DEFAULT_RESTART);
}


enum { OPT_MAX_ITER = 256, OPT_OMEGA, OPT_RESTART, OPT_TOP, OPT_PARTIAL,
       OPT_TIME, OPT_MVD, OPT_ONES, OPT_MAX_MEMORY, OPT_FAITHFUL,
       OPT_FROM_INITIAL, OPT_THREADS, OPT_INDEX, OPT_SCHED, OPT_LOAD_REPORT,
       OPT_RANKS, OPT_VECTORS, OPT_EMIT_PROTO, OPT_MULT_TIME, OPT_ADD_TIME,
       OPT_ITERATIONS };

static uint64_t default_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return FALLBACK_MEMORY;
    return (uint64_t)((double)pages * (double)size * DEFAULT_MEMORY_FRACTION);
}

/* A positive finite double, or a usage error naming the option. */
static double parse_positive(const char *opt, const char *text)
{
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(x) || x <= 0)
        usage_error(prog, "%s wants a positive number, not '%s'", opt, text);
    return x;
}

/* --method's words in the order --help gives them. */
static const char *const method_names[] = {"auto", "gth", "gmres", "power",
                                           "jor", "gs", "iad", "bicgstab",
                                           NULL};
static const mvd_method methods[] = {MVD_AUTO, MVD_GTH, MVD_GMRES, MVD_POWER,
                                     MVD_JOR, MVD_GS, MVD_IAD, MVD_BICGSTAB};

static const char *const vectors_names[] = {"replicated", "distributed",
                                            NULL};

/* --iterations N when solving: a timing run, not a solve that may stop
 * early, so a bound that keeps a mistyped count from running for days
 * (the thesis times 100); --emit-proto's prototype only writes a loop. */
#define MAX_TIMED_ITERATIONS UINT64_C(1000000)
#define MAX_EMIT_ITERATIONS UINT64_C(1000000000)

/* --iterations N: with --emit-proto, the prototype's iterations; when
 * solving, N iterations of a method whose iteration is one product or
 * one sweep (the thesis's protocol times power's, its Algorithm 1:
 * precise-rules §3), so auto means power there; gmres's cycles and gth
 * have no such step. */
static void iteration_options(options *op, const char *iter_opt,
                              const char *max_iter_opt, uint64_t n)
{
    if (op->emitting) {
        op->emit.iterations = iter_opt ? n : EMIT_ITERATIONS;
        return;
    }
    if (!iter_opt)
        return;
    option_applies(prog, iter_opt, !op->vector && !op->ones && !op->report,
                   "when solving or with --emit-proto");
    if (max_iter_opt)
        usage_error(prog, "--iterations and --max-iter exclude one another");
    if (n > MAX_TIMED_ITERATIONS)
        usage_error(prog, "--iterations %llu: a solve runs at most %llu "
                    "(--emit-proto's prototype %llu)",
                    (unsigned long long)n,
                    (unsigned long long)MAX_TIMED_ITERATIONS,
                    (unsigned long long)MAX_EMIT_ITERATIONS);
    if (op->solve.method == MVD_AUTO)
        op->solve.method = MVD_POWER;
    mvd_method m = op->solve.method;
    option_applies(prog, iter_opt, m == MVD_POWER || m == MVD_JOR ||
                   m == MVD_GS || m == MVD_IAD,
                   "with --method power, jor, gs or iad");
    op->solve.max_iter = n;
    op->solve.fixed_iter = 1;
}

/* --algo auto (the default): reach's compact vectors with the in-flow
 * rows when they fit the budget (the fastest sweep and product measured,
 * pipelines/solver-suite), on one process; slice, the thesis's kernel,
 * where only shuffle or slice apply: under an MPI launcher, with
 * --faithful, --sched, --load-report, --emit-proto, --mvd or --ones.
 * --algo rows is reach with the rows required. */
static void resolve_algo(options *op, const char *sched_opt)
{
    int mpi = mpi_launched();
    if (op->algo == MVD_ALGO_AUTO) {
        int kernel_only = mpi || op->faithful || sched_opt || op->report ||
                          op->vector || op->ones || op->vectors >= 0;
        op->algo = kernel_only ? MVD_SLICE : MVD_REACH;
        op->rows = !kernel_only;
    } else if (op->algo == MVD_ROWS) {
        op->algo = MVD_REACH;
        op->rows = 2;
    }
}

/* --sched, --load-report, --emit-proto and --ranks: the thesis's
 * schedulers pair with their kernels (precise-rules §3: terms-rr is
 * Algorithms 2 and 4, terms-cost Algorithm 3, shuffle; aunf Algorithms
 * 5-6, slice), and the two reports read the descriptor only, so what
 * sizes or shapes a multiplication does nothing there, save --faithful's
 * sum in the prototype. */
static void sched_options(options *op, const char *sched_opt,
                          const char *ranks_opt, const char *memory_opt)
{
    int kernel = op->algo == MVD_SHUFFLE || op->algo == MVD_SLICE;
    option_applies(prog, op->report, kernel, "with --algo shuffle or slice");
    /* A scheduler of one kernel names that kernel, whatever --algo is:
     * the general message would offer the other kernel and then refuse
     * it. Only terms-rr goes with both. */
    if (op->sched == MVD_SCHED_TERMS_RR)
        option_applies(prog, sched_opt, kernel, "with --algo shuffle or "
                       "slice");
    if (op->sched == MVD_SCHED_TERMS_COST)
        option_applies(prog, sched_opt, op->algo == MVD_SHUFFLE,
                       "with --algo shuffle (Algorithm 3)");
    if (op->sched == MVD_SCHED_AUNF)
        option_applies(prog, sched_opt, op->algo == MVD_SLICE,
                       "with --algo slice (Algorithms 5 and 6)");
    if (op->sched == MVD_SCHED_ROWS)
        option_applies(prog, sched_opt, op->algo == MVD_SLICE &&
                       !op->faithful, "with --algo slice, not --faithful "
                       "(the fast slice's rows of the product)");
    if (!sched_opt)   /* each kernel's best scheduler in the thesis */
        op->sched = op->algo == MVD_SHUFFLE ? MVD_SCHED_TERMS_COST
                                            : MVD_SCHED_AUNF;
    option_applies(prog, ranks_opt, op->report != NULL,
                   "with --load-report or --emit-proto");
    option_applies(prog, op->load_report && op->faithful ? "--faithful"
                                                         : NULL,
                   0, "when multiplying or solving, not with --load-report");
    char when[64];
    snprintf(when, sizeof when, "when multiplying or solving, not with %s",
             op->report ? op->report : "");
    option_applies(prog, op->report ? memory_opt : NULL, 0, when);
    op->emit.shuffle = op->algo == MVD_SHUFFLE;
    op->emit.faithful = op->faithful;
}

void parse_options(int argc, char **argv, options *op)
{
    static const struct option longopts[] = {
        {"algo", required_argument, NULL, 'a'},
        {"method", required_argument, NULL, 'm'},
        {"tol", required_argument, NULL, 't'},
        {"max-iter", required_argument, NULL, OPT_MAX_ITER},
        {"iterations", required_argument, NULL, OPT_ITERATIONS},
        {"omega", required_argument, NULL, OPT_OMEGA},
        {"restart", required_argument, NULL, OPT_RESTART},
        {"top", required_argument, NULL, OPT_TOP},
        {"partial", no_argument, NULL, OPT_PARTIAL},
        {"from-initial", no_argument, NULL, OPT_FROM_INITIAL},
        {"time", no_argument, NULL, OPT_TIME},
        {"faithful", no_argument, NULL, OPT_FAITHFUL},
        {"mvd", required_argument, NULL, OPT_MVD},
        {"ones", no_argument, NULL, OPT_ONES},
        {"max-memory", required_argument, NULL, OPT_MAX_MEMORY},
        {"threads", required_argument, NULL, OPT_THREADS},
        {"index", required_argument, NULL, OPT_INDEX},
        {"sched", required_argument, NULL, OPT_SCHED},
        {"load-report", no_argument, NULL, OPT_LOAD_REPORT},
        {"ranks", required_argument, NULL, OPT_RANKS},
        {"vectors", required_argument, NULL, OPT_VECTORS},
        {"emit-proto", no_argument, NULL, OPT_EMIT_PROTO},
        {"mult-time", required_argument, NULL, OPT_MULT_TIME},
        {"add-time", required_argument, NULL, OPT_ADD_TIME},
        {"iterations", required_argument, NULL, OPT_ITERATIONS},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    *op = (options){.algo = MVD_ALGO_AUTO, .max_memory = default_memory(),
                    .threads = 1, .ranks = 1, .vectors = -1};
    mvd_solve_defaults(&op->solve);
    int c;
    /* The last option given that only a solve uses, and the two that only
     * one method uses: refused where they would do nothing. */
    const char *solve_opt = NULL, *omega_opt = NULL, *restart_opt = NULL;
    const char *omega_text = NULL;
    /* given on the command line: --sched (with its word), --ranks,
     * --max-memory, --faithful */
    const char *sched_opt = NULL, *ranks_opt = NULL, *memory_opt = NULL;
    /* the last of --mult-time, --add-time and --iterations given */
    const char *emit_opt = NULL;
    const char *iter_opt = NULL, *max_iter_opt = NULL;
    uint64_t iterations = 0;   /* --iterations */
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":a:m:t:o:hV", longopts, NULL)) !=
           -1) {
        switch (c) {
        case 'a':
            op->algo = (mvd_algo)option_word(prog, "--algo", optarg,
                                             mvd_algo_names);
            break;
        case 'm':
            solve_opt = "--method";
            op->solve.method = methods[option_word(prog, "--method", optarg,
                                                   method_names)];
            break;
        case 't':
            solve_opt = "--tol";
            op->solve.tol = parse_positive("--tol", optarg);
            break;
        case OPT_MAX_ITER:
            solve_opt = max_iter_opt = "--max-iter";
            if (parse_u64(optarg, 0, UINT64_MAX, &op->solve.max_iter) < 0)
                usage_error(prog, "--max-iter wants a whole number, not '%s'",
                            optarg);
            break;
        case OPT_ITERATIONS:   /* solving or --emit-proto: see below */
            iter_opt = "--iterations";
            iterations = option_u64(prog, "--iterations", optarg, 1,
                                    MAX_EMIT_ITERATIONS);
            break;
        case OPT_OMEGA:
            solve_opt = omega_opt = "--omega";
            op->solve.omega = parse_positive("--omega", optarg);
            omega_text = optarg;
            break;
        case OPT_RESTART:
            solve_opt = restart_opt = "--restart";
            op->solve.restart = (int)option_u64(prog, "--restart", optarg,
                                                1, 1000);
            break;
        case OPT_TOP:
            solve_opt = "--top";
            op->top = option_u64(prog, "--top", optarg, 1, UINT64_MAX);
            break;
        case OPT_PARTIAL: op->partial = 1; solve_opt = "--partial"; break;
        case OPT_FROM_INITIAL:
            op->from_initial = 1;
            solve_opt = "--from-initial";
            break;
        case OPT_TIME: op->with_time = 1; solve_opt = "--time"; break;
        case OPT_FAITHFUL: op->faithful = 1; break;
        case OPT_SCHED:
            op->sched = (mvd_sched_kind)option_word(prog, "--sched", optarg,
                                                    mvd_sched_names);
            sched_opt = op->sched == MVD_SCHED_TERMS_COST ? "--sched terms-cost"
                      : op->sched == MVD_SCHED_AUNF ? "--sched aunf"
                      : op->sched == MVD_SCHED_ROWS ? "--sched rows"
                                                    : "--sched terms-rr";
            break;
        case OPT_LOAD_REPORT: op->load_report = 1; break;
        case OPT_EMIT_PROTO: op->emitting = 1; break;
        case OPT_MULT_TIME:
            emit_opt = "--mult-time";
            op->emit.mult_time = parse_positive("--mult-time", optarg);
            break;
        case OPT_ADD_TIME:
            emit_opt = "--add-time";
            op->emit.add_time = parse_positive("--add-time", optarg);
            break;
        case OPT_RANKS:
            ranks_opt = "--ranks";
            op->ranks_given = 1;
            op->ranks = (int)option_u64(prog, "--ranks", optarg, 1,
                                        MVD_SCHED_MAX_RANKS);
            break;
        case OPT_VECTORS:
            solve_opt = "--vectors";
            op->vectors = option_word(prog, "--vectors", optarg,
                                      vectors_names);
            break;
        case OPT_MVD: op->vector = optarg; break;
        case OPT_ONES: op->ones = 1; break;
        case OPT_THREADS:
            op->threads_opt = "--threads";
            op->threads = option_u64(prog, "--threads", optarg, 1, 2);
            break;
        case OPT_INDEX:
            op->index_opt = "--index";
            op->index = option_word(prog, "--index", optarg, mvd_index_names);
            break;
        case OPT_MAX_MEMORY:
            memory_opt = "--max-memory";
            if (parse_u64(optarg, 1, UINT64_MAX, &op->max_memory) < 0)
                usage_error(prog, "--max-memory wants a positive number of "
                            "bytes, not '%s'", optarg);
            break;
        case 'o': op->output = optarg; break;
        case 'h': usage(stdout); exit(EXIT_OK);
        case 'V': print_version(prog); exit(EXIT_OK);
        case ':': usage_error(prog, "option '%s' needs an argument",
                              argv[optind - 1]);
        default:  usage_error(prog, "unknown option '%s'", argv[optind - 1]);
        }
    }
    op->path = single_input(prog, argc, argv, optind);
    if (op->vector && op->ones)
        usage_error(prog, "--mvd and --ones exclude one another");
    if (op->vector && strcmp(op->vector, "-") == 0 &&
        (!op->path || strcmp(op->path, "-") == 0))
        usage_error(prog, "--mvd - reads the vector from standard input, "
                    "so the descriptor must be a file, not standard input");
    int emit = op->emitting;
    if (op->load_report && emit)
        usage_error(prog, "--load-report and --emit-proto exclude one "
                    "another");
    op->report = emit ? "--emit-proto"
               : op->load_report ? "--load-report" : NULL;
    if (op->report && (op->vector || op->ones))
        usage_error(prog, "%s and %s exclude one another", op->report,
                    op->ones ? "--ones" : "--mvd");
    option_applies(prog, emit_opt, emit, "with --emit-proto");
    option_applies(prog, solve_opt, !op->vector && !op->ones && !op->report,
                   op->ones ? "when solving, not with --ones"
                   : op->vector ? "when solving, not with --mvd"
                   : emit ? "when solving, not with --emit-proto"
                          : "when solving, not with --load-report");
    resolve_algo(op, sched_opt);
    iteration_options(op, iter_opt, max_iter_opt, iterations);
    /* gs and iad sweep (Gauss-Seidel) */
    int sweeps = op->solve.method == MVD_GS || op->solve.method == MVD_IAD;
    /* jor damps (0 < W < 1), gs over-relaxes (SOR: 0 < W < 2, 1 plain
     * Gauss-Seidel, its default) */
    if (sweeps && !omega_opt)   /* iad: plain Gauss-Seidel's cycles damped */
        op->solve.omega = op->solve.method == MVD_IAD ? MVD_IAD_OMEGA : 1;
    if (omega_opt && sweeps && op->solve.omega >= 2)
        usage_error(prog, "--omega wants a number in (0, 2) with --method "
                    "gs or iad, not '%s': over-relaxation by 2 or more "
                    "diverges", omega_text);
    if (omega_opt && !sweeps && op->solve.omega >= 1)
        usage_error(prog, "--omega wants a number in (0, 1), not '%s': "
                    "plain Jacobi oscillates on bipartite chains", omega_text);
    option_applies(prog, omega_opt, op->solve.method == MVD_JOR || sweeps,
                   "with --method jor, gs or iad");
    /* auto runs gmres on chains past gth's size, so --restart applies */
    option_applies(prog, restart_opt, op->solve.method == MVD_GMRES ||
                                      op->solve.method == MVD_AUTO,
                   "with --method gmres or auto");
    option_applies(prog, op->faithful ? "--faithful" : NULL,
                   op->algo == MVD_SHUFFLE || op->algo == MVD_SLICE,
                   "with --algo shuffle or slice");
    option_applies(prog, op->threads_opt, op->algo == MVD_REACH,
                   "with --algo reach, rows or auto");
    option_applies(prog, op->index_opt, op->algo == MVD_REACH,
                   "with --algo reach, rows or auto");
    sched_options(op, sched_opt, ranks_opt, memory_opt);
    /* the thesis's reduce to rank 0 sums whole vectors; gth solves one
     * whole matrix */
    const char *dist_opt = op->vectors == 1 ? "--vectors distributed" : NULL;
    if (op->faithful && dist_opt)
        usage_error(prog, "--vectors distributed and --faithful exclude one "
                    "another: the thesis's reduce and broadcast (Algorithm "
                    "1) sum whole vectors");
    option_applies(prog, dist_opt, op->solve.method != MVD_GTH,
                   "with --method power, jor, gmres or auto");
    option_applies(prog, op->algo != MVD_REACH ? NULL
                   : op->rows == 2 ? "--algo rows" : "--algo reach",
                   !op->vector && !op->ones, "when solving (--mvd and "
                   "--ones multiply vectors over the product space)");
    /* its sweep reads the transitions into each state from reach's
     * tables */
    option_applies(prog, op->solve.method == MVD_BICGSTAB
                             ? "--method bicgstab"
                         : !sweeps ? NULL
                         : op->solve.method == MVD_GS ? "--method gs"
                                                      : "--method iad",
                   op->algo == MVD_REACH, "with --algo reach, rows or auto");
}
