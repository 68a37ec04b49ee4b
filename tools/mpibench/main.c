/* mpibench — MPI micro-benchmarks and seed 001's application benchmark,
 * written as bench 1 for bench2model. See man/man1/mpibench.1. The work
 * is in lib/bench. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "common/common.h"

static const char *const prog = "mpibench";

/* Open MPI allocates at MPI_Init what it never frees; LeakSanitizer (make
 * asan) would report those and fail every run. mpibench's own memory is
 * checked through lib/bench's unit tests, which keep leak detection. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "detect_leaks=0";
}

static void usage(FILE *fp)
{
    fprintf(fp,
"Usage: mpirun -np P %s SUBCOMMAND [OPTION]...\n"
"Measure with MPI and write the samples as a bench file (every sample kept;\n"
"sizes in bytes or n, times in microseconds) for bench2model.\n"
"\n"
"Subcommands:\n"
"  pingpong   half the round trip of a message between ranks 0 and 1\n"
"  oneway     seed 001's send side (rank 0's MPI_Send) and receive side\n"
"             (rank 1's MPI_Recv), each timed after a barrier\n"
"  ops        time of add, sub, mul, div, assign, cmp on int, float,\n"
"             double, char, on every rank (seed 000); runs on 1 rank too\n"
"  matmul     seed 001's master/slaves product of doubles: T_inic, T_send,\n"
"             T_mult, T_recv and T_exec for each n\n"
"\n"
"  -o, --output=FILE    write to FILE, replaced only when all went well\n"
"      --sizes=LIST     message sizes in bytes, increasing, comma-separated\n"
"                       (pingpong, oneway; default 0, 1, 2, 4, ..., 2^22 and\n"
"                       seed 001's 13 sizes 6824 .. 5592404)\n"
"      --max=BYTES      the default sizes up to BYTES only\n"
"      --n=LIST         matrix orders, increasing (matmul; default\n"
"                       100,200,250,300,400,450,500, seed 001's)\n"
"      --reps=N         samples per size (default: pingpong and oneway 20,\n"
"                       ops 10, matmul 3)\n"
"      --warmup=N       untimed runs before them (default 2, matmul 1)\n"
"      --iters=N        ops: loop iterations per sample, %d operations each\n"
"                       (default 100000)\n"
"  -q, --quiet          no progress lines on standard error\n"
"  -h, --help           show this help and exit\n"
"  -V, --version        show the version and exit\n"
"\n"
"Exit status: 0 success, 1 runtime failure (a wrong product, output not\n"
"written), 2 bad usage (pingpong, oneway and matmul need 2 ranks).\n"
"\n"
"Example:\n"
"  mpirun -np 2 %s pingpong | bench2model comm --kind pingpong "
"--regimes auto\n",
            prog, BENCH_UNROLL, prog);
}

enum { OPT_SIZES = 256, OPT_MAX, OPT_N, OPT_REPS, OPT_WARMUP, OPT_ITERS };

typedef struct {
    const char *output, *sizes_opt, *max_opt, *n_opt, *reps_opt,
               *warmup_opt, *iters_opt;
    int quiet;
    bench_sizes sizes;
    uint64_t max, reps, warmup, iters;
} options;

/* --sizes or --n: increasing integers in [min, max]. */
static void parse_list(const char *opt, const char *text, uint64_t min,
                       uint64_t max, bench_sizes *out)
{
    const char *why;
    char bad[64];
    out->len = 0;
    if (bench_parse_list(text, min, max, out, &why, bad) == 0)
        return;
    if (strcmp(why, "one too many") == 0)
        usage_error(prog, "%s takes at most %d values", opt, BENCH_MAX_LIST);
    if (strcmp(why, "not an integer in range") == 0)
        usage_error(prog, "%s wants integers from %llu to %llu separated by "
                    "commas, not '%s'", opt, (unsigned long long)min,
                    (unsigned long long)max, bad);
    usage_error(prog, "%s wants increasing values: '%s' is %s", opt, bad, why);
}

static void parse_options(int argc, char **argv, options *op)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"sizes", required_argument, NULL, OPT_SIZES},
        {"max", required_argument, NULL, OPT_MAX},
        {"n", required_argument, NULL, OPT_N},
        {"reps", required_argument, NULL, OPT_REPS},
        {"warmup", required_argument, NULL, OPT_WARMUP},
        {"iters", required_argument, NULL, OPT_ITERS},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:qhV", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': op->output = optarg; break;
        case OPT_SIZES:
            op->sizes_opt = "--sizes";
            parse_list("--sizes", optarg, 0, BENCH_MAX_BYTES, &op->sizes);
            break;
        case OPT_MAX:
            op->max_opt = "--max";
            op->max = option_u64(prog, "--max", optarg, 0, BENCH_MAX_BYTES);
            break;
        case OPT_N:
            op->n_opt = "--n";
            parse_list("--n", optarg, 1, BENCH_MAX_N, &op->sizes);
            break;
        case OPT_REPS:
            op->reps_opt = "--reps";
            op->reps = option_u64(prog, "--reps", optarg, 1, BENCH_MAX_REPS);
            break;
        case OPT_WARMUP:
            op->warmup_opt = "--warmup";
            op->warmup = option_u64(prog, "--warmup", optarg, 0,
                                    BENCH_MAX_REPS);
            break;
        case OPT_ITERS:
            op->iters_opt = "--iters";
            op->iters = option_u64(prog, "--iters", optarg, 1,
                                   BENCH_MAX_ITERS);
            break;
        case 'q': op->quiet = 1; break;
        case 'h': usage(stdout); exit(EXIT_OK);
        case 'V': print_version(prog); exit(EXIT_OK);
        case ':': usage_error(prog, "option '%s' needs an argument",
                              argv[optind - 1]);
        default:  usage_error(prog, "unknown option '%s'", argv[optind - 1]);
        }
    }
}

/* Set while the ranks measure: an exit then is one rank's alone (out of
 * memory), and the others would wait for it forever, so the job is
 * aborted; otherwise every rank exits the same way (they parse the same
 * options) and each finalizes. */
static int measuring;

static void finish(void)
{
    int init = 0, done = 0;
    MPI_Initialized(&init);
    MPI_Finalized(&done);
    if (init && !done) {
        if (measuring)
            MPI_Abort(MPI_COMM_WORLD, EXIT_RUNTIME);
        MPI_Finalize();
    }
}

int main(int argc, char **argv)
{
    set_program_name(prog);
    MPI_Init(&argc, &argv);
    atexit(finish);
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* Every rank parses the options; only rank 0 speaks (help, errors). */
    int saved_out = -1, saved_err = -1;
    if (rank != 0) {
        int null = open("/dev/null", O_WRONLY);
        saved_out = dup(STDOUT_FILENO);
        saved_err = dup(STDERR_FILENO);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        close(null);
    }
    options op = {.max = BENCH_MAX_BYTES, .iters = 100000};
    parse_options(argc, argv, &op);
    if (optind >= argc)
        usage_error(prog, "a subcommand is needed: pingpong, oneway, ops or "
                    "matmul");
    const char *sub = argv[optind];
    int pingpong = strcmp(sub, "pingpong") == 0,
        oneway = strcmp(sub, "oneway") == 0, ops = strcmp(sub, "ops") == 0,
        matmul = strcmp(sub, "matmul") == 0;
    if (!pingpong && !oneway && !ops && !matmul)
        usage_error(prog, "unknown subcommand '%s' (expected pingpong, "
                    "oneway, ops or matmul)", sub);
    if (optind + 1 < argc)
        usage_error(prog, "unexpected argument '%s'", argv[optind + 1]);
    option_applies(prog, op.sizes_opt, pingpong || oneway,
                   "with pingpong and oneway");
    option_applies(prog, op.max_opt, pingpong || oneway,
                   "with pingpong and oneway");
    option_applies(prog, op.n_opt, matmul, "with matmul");
    option_applies(prog, op.iters_opt, ops, "with ops");
    if (op.sizes_opt && op.max_opt)
        usage_error(prog, "--sizes and --max exclude one another");
    if (rank != 0) {
        dup2(saved_out, STDOUT_FILENO);
        dup2(saved_err, STDERR_FILENO);
        close(saved_out);
        close(saved_err);
    }

    if (!op.reps_opt)
        op.reps = pingpong || oneway ? 20 : ops ? 10 : 3;
    if (!op.warmup_opt)
        op.warmup = matmul ? 1 : 2;
    if ((pingpong || oneway) && !op.sizes_opt)
        bench_default_sizes(op.max, &op.sizes);
    if (matmul && !op.n_opt) {
        static const uint64_t paper[] = {100, 200, 250, 300, 400, 450, 500};
        for (size_t i = 0; i < sizeof paper / sizeof *paper; i++)
            VEC_PUSH(&op.sizes, paper[i]);
    }

    /* The output is opened before anything is measured, and every rank
     * learns whether it could be. */
    outfile out = {0};
    int opened = 0;
    if (rank == 0) {
        opened = out_open(&out, op.output) == 0;
        if (!opened)
            fprintf(stderr, "%s: cannot write '%s': %s\n", prog, op.output,
                    strerror(errno));
    }
    MPI_Bcast(&opened, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!opened) {
        free(op.sizes.items);
        return EXIT_RUNTIME;
    }

    bench_config c = {
        .prog = prog, .sizes = op.sizes.items, .nsizes = op.sizes.len,
        .reps = op.reps, .warmup = op.warmup, .iters = op.iters,
        .quiet = op.quiet, .out = rank == 0 ? out.fp : NULL,
    };
    measuring = 1;
    int status = pingpong ? bench_run_pingpong(&c)
               : oneway ? bench_run_oneway(&c)
               : ops ? bench_run_ops(&c)
               : bench_run_matmul(&c);
    measuring = 0;
    if (rank == 0) {
        if (status == EXIT_OK)
            status = out_commit_status(&out, prog, op.output);
        else
            out_abort(&out);
    }
    free(op.sizes.items);
    /* A failure to write on rank 0 is the job's status. */
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return status;
}
