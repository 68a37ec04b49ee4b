/* gstr-sched — schedules an application graph on a platform of processing
 * units (seed 003, Lucchese's JoiN). See man/man1/gstr-sched.1. The work
 * is in lib/sched. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "sched/generate.h"
#include "sched/sched.h"

static const char *const prog = "gstr-sched";

static void usage_generate(FILE *fp)
{
    fputs(
"\n"
"  or:  gstr-sched --generate=app|app-def5|group [--seed=N] [PARAMETER]...\n"
"Write a random application (app-graph) or platform of groups (platform)\n"
"drawn as the thesis's generateAPP and generateGroup draw them, the same\n"
"bytes for the same seed (gstr-sched(1) gives the draws and their quirks).\n"
"\n"
"      --generate=WHAT   app: generateAPP (>= 2 sources, as the code);\n"
"                        app-def5: the same with B1 feeding every other\n"
"                        source (Def. 5: one source, one sink);\n"
"                        group: generateGroup for each group\n"
"      --seed=N          the generator's seed (default 1)\n"
"      --batches=B       app: batches, 3 to 200 (default 4)\n"
"      --tasks=T         app: about how many tasks (default 400)\n"
"      --groups=N,N,...  group: UPs per group (default 30)\n"
"      --types=K         group: task types L1..LK timed (default 4; as many\n"
"                        as the application's batches)\n"
"      --mp=S --dp1=S --dp2=S\n"
"                        group: mean task time, spread of the UPs' means,\n"
"                        spread around a UP's mean (default 500 100 50)\n"
"      --mc=S --dc=S     group: link time and its spread (default 10 3)\n"
"  -D, --define=NAME=S   the seconds of NAME in the application's PAMELA\n"
"                        cost models, for task types the platform gives no\n"
"                        tasktime (e.g. -D t_flop=1e-9)\n"
"  -o, --output=FILE     write to FILE, replaced only when all went well\n"
"\n"
"Example:\n"
"  gstr-sched --generate=app --seed=3 --batches=6 --tasks=600 |\n"
"      gstr-sched --partition=ppcp --rules=matlab \\\n"
"      -p <(gstr-sched --generate=group --groups=20,27,33,40 --types=6)\n",
          fp);
}

static void usage(FILE *fp)
{
    fprintf(fp,
"Usage: %s --platform=FILE [OPTION]... [FILE]\n"
"Schedule the application graph FILE (app-graph, as pasl2graph writes it;\n"
"standard input when FILE is absent or '-') on the UPs of a platform and\n"
"write the schedule, its simulated times and a summary (schedule format).\n"
"By default it simulates the schedulers as the thesis's prose defines\n"
"them, event by event (GSTR replicates running tasks on idle UPs; UPs may\n"
"fail and change speed), beside two baselines, WQR and MinMin; with\n"
"--model=thesis, as the thesis's MATLAB code does. Partitioning across\n"
"groups (TP, PP, PPCP) runs the thesis's inter-group simulator.\n"
"\n"
"  -p, --platform=FILE   the platform (platform format); required\n"
"      --alloc=A         trivial or bestfit (default bestfit)\n"
"      --factors=F       the speed factors the allocator sees: estimated\n"
"                        (default, as JoiN) or real (the ideal schedules)\n"
"      --trivial=MODE    cumulative (default, the thesis code: counts carry\n"
"                        over between batches) or per-batch (Table 6.3)\n"
"      --sched=S         static (default), gs, gstr; wqr or minmin (event)\n"
"      --model=M         event (default) or thesis (the MATLAB code's)\n"
"      --theta=X         GSTR: the share of the tasks made ready that the\n"
"                        allocator plans, in [0, 1] (default 0.5)\n"
"      --slots=N         tasks a UP holds at once (default: by power,\n"
"                        max(1, round(2 f / f_max)))\n"
"      --replica-order=O GSTR's replica choice: formal (default, Fig. 3.2)\n"
"                        or slowest-up (the walk-through of Fig. 3.1)\n"
"      --wqr-copies=N    WQR: copies of a task at most (default 2)\n"
"      --detect=S        the coordinator learns of a failure S seconds after\n"
"                        it and sends its tasks elsewhere (default: never)\n"
"      --run             run the tasks for real, under mpirun -np P (P - 1\n"
"                        workers, one per UP; the platform's command records)\n"
"                        and write the trace with measured times\n"
"      --workdir=DIR     --run: the tasks' files (default gstr-work)\n"
"      --retries=N       --run: a failed task is sent again at most N times\n"
"                        (default 2), then the run fails\n"
"      --timeout=S       --run: a copy running past S seconds is killed and\n"
"                        counts as failed (default: no limit)\n"
"      --calibrate       --run: write the platform with the measured task\n"
"                        times (time records) instead of the trace\n"
"      --partition=P     split the batches across the platform's groups:\n"
"                        tp, pp or ppcp (default none), then simulate them\n"
"                        as the thesis's inter-group simulator does\n"
"      --rules=R         PPCP's rules: prose (default) or matlab (the code)\n"
"  -D, --define=NAME=S   the seconds of NAME in the application's PAMELA\n"
"                        cost models, for task types the platform gives no\n"
"                        tasktime (e.g. -D t_flop=1e-9)\n"
"  -o, --output=FILE     write to FILE, replaced only when all went well\n"
"  -h, --help            show this help and exit\n"
"  -V, --version         show the version and exit\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 bad usage or bad input.\n"
"\n"
"Example:\n"
"  pasl2graph examples/pasl/sieve.pasl |\n"
"      gstr-sched -p examples/platform/lab-heterogeneous.platform\n"
"  mpirun -np 4 gstr-sched --run --sched=gstr -p examples/sieve/sieve.platform\\\n"
"      --workdir=work examples/sieve/sieve.graph\n",
            prog);
    usage_generate(fp);
}

enum { OPT_ALLOC = 256, OPT_FACTORS, OPT_TRIVIAL, OPT_SCHED, OPT_MODEL,
       OPT_PARTITION, OPT_RULES, OPT_THETA, OPT_SLOTS, OPT_REPLICA_ORDER,
       OPT_WQR_COPIES, OPT_DETECT, OPT_RUN, OPT_WORKDIR, OPT_RETRIES,
       OPT_CALIBRATE, OPT_TIMEOUT };

/* The event model's run and its schedule. */
static int run_event(const sched_app *a, const sched_platform *p,
                     const sched_event_options *o, const char *output,
                     diag *d, const char *shown)
{
    sched_event_result r;
    if (sched_event_run(a, p, o, &r, d, shown) < 0)
        return EXIT_BADINPUT;
    if (r.lost)
        fprintf(stderr, "%s: warning: %llu of %llu tasks never finish (their "
                "copies were on failed UPs, or they wait on such tasks): the "
                "application does not end, and the summary has no makespan\n",
                prog, (unsigned long long)r.lost,
                (unsigned long long)r.tasks);
    outfile out;
    out_open_or_die(&out, prog, output);
    sched_event_write(out.fp, a, p, o, &r);
    int status = out_commit_status(&out, prog, output);
    sched_event_result_free(&r);
    return status;
}

/* --run: the tasks run on the MPI workers; the trace is written whether
 * or not the run ended (it tells what happened), the status says. */
static int run_real(const sched_app *a, sched_platform *p,
                    const sched_event_options *o,
                    const sched_real_options *ro, int calibrate,
                    const char *output, diag *d, const char *shown,
                    const char *plat_name)
{
    sched_event_result r;
    int status = sched_real_run(a, p, o, ro, &r, d, shown, plat_name);
    if (status == 2)
        return EXIT_BADINPUT;
    if (status < 0)
        return EXIT_FAILURE;
    /* A calibration needs every task's time: a run that did not finish
     * writes nothing. */
    if (calibrate && (status || sched_calibrate(a, p, &r, d, shown) < 0)) {
        sched_event_result_free(&r);
        return EXIT_FAILURE;
    }
    outfile out;
    out_open_or_die(&out, prog, output);
    if (calibrate)
        sched_write_platform(out.fp, p);
    else
        sched_event_write(out.fp, a, p, o, &r);
    int written = out_commit_status(&out, prog, output);
    sched_event_result_free(&r);
    return status ? EXIT_FAILURE : written;
}

/* --partition: the batches split across the platform's groups by TP, PP
 * or PPCP, then played by the thesis's inter-group simulator. */
static int run_partitioned(const sched_app *a, const sched_platform *p,
                           const sched_options *o, int partition, int rules,
                           const char *output, diag *d, const char *plat_name,
                           const char *shown)
{
    size_t ng = p->groups.len, nb = a->batches.len;
    if (ng < 2) {
        fprintf(stderr, "%s: %s: error: --partition needs a platform of two "
                "groups or more ('group NAME' records)\n", prog, plat_name);
        return EXIT_BADINPUT;
    }
    double *power = xmalloc(ng * sizeof *power);
    uint64_t *ups = xmalloc(ng * sizeof *ups), *held = xmalloc(ng * sizeof *held);
    double *part = xcalloc(ng * nb, sizeof *part);
    sched_groups g;
    /* The code's partitioners weigh groups by their numbers of UPs. */
    sched_group_view(p, o, partition != 3 || rules == 1, power, ups, held, &g);
    const char *method = "tp";
    if (partition == 1) {
        sched_tp(ng, a, part);
    } else if (partition == 2) {
        sched_pp(&g, a, part);
        method = "pp";
    } else {
        sched_ppcp(&g, a, rules ? SCHED_PPCP_MATLAB : SCHED_PPCP_PROSE, part);
        method = rules ? "ppcp matlab" : "ppcp prose";
    }
    sched_igp_result r;
    int status = EXIT_BADINPUT;
    if (sched_igp(a, p, o, part, &r, d, shown, plat_name) == 0) {
        if (r.unscheduled > 0)
            fprintf(stderr, "%s: warning: the code's GCD leaves fractional "
                    "shares: %g tasks are not scheduled, as in the code\n",
                    prog, r.unscheduled);
        outfile out;
        out_open_or_die(&out, prog, output);
        sched_write_partitioned(out.fp, a, p, method, part, &r);
        status = out_commit_status(&out, prog, output);
        sched_igp_free(&r);
    }
    free(part);
    free(power);
    free(ups);
    free(held);
    return status;
}

/* A duration option: finite seconds > 0, or a usage error. */
static double option_seconds(const char *opt, const char *text)
{
    double v = option_double(prog, opt, text);
    if (!(v > 0))
        usage_error(prog, "%s must be a number of seconds > 0, not '%s'",
                    opt, text);
    return v;
}

/* A generator's number parameter: finite, or a usage error. */
static double gen_number(const char *opt, const char *text)
{
    return option_double(prog, opt, text);
}

/* gstr-sched --generate=WHAT ...: the generators of lib/sched/generate.h,
 * their own options (none of the scheduler's apply). */
static int generate_main(int argc, char **argv)
{
    enum { G_GENERATE = 256, G_SEED, G_BATCHES, G_TASKS, G_GROUPS, G_TYPES,
           G_MP, G_DP1, G_DP2, G_MC, G_DC };
    static const struct option options[] = {
        {"generate", required_argument, NULL, G_GENERATE},
        {"seed", required_argument, NULL, G_SEED},
        {"batches", required_argument, NULL, G_BATCHES},
        {"tasks", required_argument, NULL, G_TASKS},
        {"groups", required_argument, NULL, G_GROUPS},
        {"types", required_argument, NULL, G_TYPES},
        {"mp", required_argument, NULL, G_MP},
        {"dp1", required_argument, NULL, G_DP1},
        {"dp2", required_argument, NULL, G_DP2},
        {"mc", required_argument, NULL, G_MC},
        {"dc", required_argument, NULL, G_DC},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    static const char *const kinds[] = {"app", "app-def5", "group", NULL};
    int kind = 0;
    uint64_t seed = 1, batches = 4, tasks = 400, types = 4;
    const char *output = NULL, *groups_text = "30";
    const char *app_opt = NULL, *group_opt = NULL;
    sched_gen_groups g;
    sched_gen_groups_default(&g);
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":o:hV", options, NULL)) != -1) {
        switch (c) {
        case G_GENERATE:
            kind = option_word(prog, "--generate", optarg, kinds);
            break;
        case G_SEED:
            if (parse_u64(optarg, 0, UINT64_MAX, &seed) < 0)
                usage_error(prog, "--seed wants an unsigned integer, not "
                            "'%s'", optarg);
            break;
        case G_BATCHES:
            app_opt = "--batches";
            batches = option_u64(prog, "--batches", optarg, 3,
                                 SCHED_GEN_MAX_BATCHES);
            break;
        case G_TASKS:
            app_opt = "--tasks";
            tasks = option_u64(prog, "--tasks", optarg, 1,
                               SCHED_GEN_MAX_TASKS);
            break;
        case G_GROUPS: group_opt = "--groups"; groups_text = optarg; break;
        case G_TYPES:
            group_opt = "--types";
            types = option_u64(prog, "--types", optarg, 1,
                               SCHED_GEN_MAX_TYPES);
            break;
        case G_MP: group_opt = "--mp"; g.mp = gen_number("--mp", optarg); break;
        case G_DP1: group_opt = "--dp1"; g.dp1 = gen_number("--dp1", optarg); break;
        case G_DP2: group_opt = "--dp2"; g.dp2 = gen_number("--dp2", optarg); break;
        case G_MC: group_opt = "--mc"; g.mc = gen_number("--mc", optarg); break;
        case G_DC: group_opt = "--dc"; g.dc = gen_number("--dc", optarg); break;
        case 'o': output = optarg; break;
        case 'h': usage(stdout); return EXIT_OK;
        case 'V': print_version(prog); return EXIT_OK;
        case ':': usage_error(prog, "option '%s' needs an argument",
                              argv[optind - 1]);
        default:  usage_error(prog, "'%s' is not an option of --generate",
                              argv[optind - 1]);
        }
    }
    if (optind < argc)
        usage_error(prog, "--generate reads no input, but got '%s'",
                    argv[optind]);
    option_applies(prog, app_opt, kind != 2, "with --generate=app or app-def5");
    option_applies(prog, group_opt, kind == 2, "with --generate=group");
    strbuf err = {0};
    int status = EXIT_BADINPUT;
    if (kind == 2) {
        size_t *ups, n;
        sched_platform p;
        if (sched_gen_parse_groups(groups_text, &ups, &n, &err) == 0) {
            g.ups = ups;
            g.ngroups = n;
            g.types = (size_t)types;
            if (sched_gen_platform(&g, seed, &p, &err) == 0) {
                outfile out;
                out_open_or_die(&out, prog, output);
                sched_write_platform(out.fp, &p);
                status = out_commit_status(&out, prog, output);
                sched_platform_free(&p);
            }
            free(ups);
        }
    } else {
        sched_app a;
        if (sched_gen_app(kind ? SCHED_GEN_APP_DEF5 : SCHED_GEN_APP,
                          (size_t)batches, tasks, seed, &a, &err) == 0) {
            strbuf name = {0};
            sb_printf(&name, "generateAPP%s batches=%llu tasks=%llu seed=%llu",
                      kind ? " def5" : "", (unsigned long long)batches,
                      (unsigned long long)tasks, (unsigned long long)seed);
            outfile out;
            out_open_or_die(&out, prog, output);
            sched_write_app(out.fp, &a, sb_str(&name));
            status = out_commit_status(&out, prog, output);
            sb_free(&name);
            sched_app_free(&a);
        }
    }
    if (status == EXIT_BADINPUT)   /* a parameter out of its range */
        usage_error(prog, "%s", sb_str(&err));
    sb_free(&err);
    return status;
}

/* Whether the command line asks for a generator (--generate before any
 * "--"): its options are then read by generate_main alone. */
static int wants_generator(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strncmp(argv[i], "--generate", 10) == 0 &&
            (argv[i][10] == 0 || argv[i][10] == '='))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"platform", required_argument, NULL, 'p'},
        {"alloc", required_argument, NULL, OPT_ALLOC},
        {"factors", required_argument, NULL, OPT_FACTORS},
        {"trivial", required_argument, NULL, OPT_TRIVIAL},
        {"sched", required_argument, NULL, OPT_SCHED},
        {"model", required_argument, NULL, OPT_MODEL},
        {"partition", required_argument, NULL, OPT_PARTITION},
        {"rules", required_argument, NULL, OPT_RULES},
        {"theta", required_argument, NULL, OPT_THETA},
        {"slots", required_argument, NULL, OPT_SLOTS},
        {"replica-order", required_argument, NULL, OPT_REPLICA_ORDER},
        {"wqr-copies", required_argument, NULL, OPT_WQR_COPIES},
        {"detect", required_argument, NULL, OPT_DETECT},
        {"run", no_argument, NULL, OPT_RUN},
        {"workdir", required_argument, NULL, OPT_WORKDIR},
        {"retries", required_argument, NULL, OPT_RETRIES},
        {"calibrate", no_argument, NULL, OPT_CALIBRATE},
        {"timeout", required_argument, NULL, OPT_TIMEOUT},
        {"define", required_argument, NULL, 'D'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    static const char *const allocs[] = {"trivial", "bestfit", NULL};
    static const char *const factors[] = {"estimated", "real", NULL};
    static const char *const trivials[] = {"cumulative", "per-batch", NULL};
    static const char *const scheds[] = {"static", "gs", "gstr", "wqr",
                                         "minmin", NULL};
    static const char *const models[] = {"event", "thesis", NULL};
    static const char *const orders[] = {"formal", "slowest-up", NULL};
    static const char *const partitions[] = {"none", "tp", "pp", "ppcp", NULL};
    static const char *const rules_words[] = {"prose", "matlab", NULL};
    int partition = 0, rules = 0;
    const char *rules_opt = NULL, *sched_opt = NULL, *alloc_opt = NULL;
    const char *output = NULL, *platform = NULL, *trivial_opt = NULL;
    sched_options o = {.alloc = SCHED_BESTFIT};
    sched_event_options eo = {.theta = 0.5, .wqr_copies = 2, .trace = 1};
    const char *model_opt = NULL, *theta_opt = NULL, *slots_opt = NULL;
    const char *order_opt = NULL, *copies_opt = NULL, *factors_opt = NULL;
    const char *detect_opt = NULL, *workdir_opt = NULL, *retries_opt = NULL;
    const char *timeout_opt = NULL;
    sched_real_options ro = {"gstr-work", 2, 2.0, 0};
    int thesis = 0, run = 0, calibrate = 0;
    set_program_name(prog);
    if (wants_generator(argc, argv))
        return generate_main(argc, argv);

    int c;
    opterr = 0;
    define_list defines = {0};
    while ((c = getopt_long(argc, argv, ":p:o:D:hV", options, NULL)) != -1) {
        switch (c) {
        case 'D': define_list_add(prog, &defines, optarg); break;
        case 'p': platform = optarg; break;
        case 'o': output = optarg; break;
        case OPT_PARTITION:
            partition = option_word(prog, "--partition", optarg, partitions);
            break;
        case OPT_RULES:
            rules_opt = "--rules";
            rules = option_word(prog, "--rules", optarg, rules_words);
            break;
        case OPT_ALLOC:
            alloc_opt = "--alloc";
            o.alloc = option_word(prog, "--alloc", optarg, allocs) == 0
                      ? SCHED_TRIVIAL : SCHED_BESTFIT;
            break;
        case OPT_FACTORS:
            factors_opt = "--factors";
            o.use_real_factors = option_word(prog, "--factors", optarg,
                                             factors);
            break;
        case OPT_TRIVIAL:
            trivial_opt = "--trivial";
            o.trivial_per_batch = option_word(prog, "--trivial", optarg,
                                              trivials);
            break;
        case OPT_SCHED:
            sched_opt = "--sched";
            o.kind = (sched_kind)option_word(prog, "--sched", optarg, scheds);
            break;
        case OPT_MODEL:
            model_opt = "--model";
            thesis = option_word(prog, "--model", optarg, models);
            break;
        case OPT_THETA: {
            theta_opt = "--theta";
            char *end;
            eo.theta = strtod(optarg, &end);
            if (end == optarg || *end || !(eo.theta >= 0 && eo.theta <= 1))
                usage_error(prog, "--theta must be a number in [0, 1], not "
                            "'%s'", optarg);
            break;
        }
        case OPT_SLOTS:
            slots_opt = "--slots";
            eo.slots = (unsigned)option_u64(prog, "--slots", optarg, 1, 1000);
            break;
        case OPT_REPLICA_ORDER:
            order_opt = "--replica-order";
            eo.replica_order = (sched_replica_order)option_word(
                prog, "--replica-order", optarg, orders);
            break;
        case OPT_DETECT:
            detect_opt = "--detect";
            eo.detect = option_seconds("--detect", optarg);
            break;
        case OPT_RUN: run = 1; break;
        case OPT_CALIBRATE: calibrate = 1; break;
        case OPT_TIMEOUT:
            timeout_opt = "--timeout";
            ro.timeout = option_seconds("--timeout", optarg);
            break;
        case OPT_WORKDIR:
            workdir_opt = "--workdir";
            if (!*optarg)
                usage_error(prog, "--workdir needs a directory name");
            ro.workdir = optarg;
            break;
        case OPT_RETRIES:
            retries_opt = "--retries";
            ro.retries = (unsigned)option_u64(prog, "--retries", optarg, 0,
                                              1000);
            break;
        case OPT_WQR_COPIES:
            copies_opt = "--wqr-copies";
            eo.wqr_copies = (unsigned)option_u64(prog, "--wqr-copies", optarg,
                                                 1, 1000000);
            break;
        case 'h': usage(stdout); return EXIT_OK;
        case 'V': print_version(prog); return EXIT_OK;
        case ':': usage_error(prog, "option '%s' needs an argument",
                              argv[optind - 1]);
        default:  usage_error(prog, "unknown option '%s'", argv[optind - 1]);
        }
    }
    const char *path = single_input(prog, argc, argv, optind);
    if (!platform)
        usage_error(prog, "no platform: give one with --platform=FILE");
    if (strcmp(platform, "-") == 0 && (!path || strcmp(path, "-") == 0))
        usage_error(prog, "the platform and the application cannot both be "
                    "standard input");
    /* The inter-group simulator is the thesis's. */
    if (partition && !model_opt)
        thesis = 1;
    option_applies(prog, trivial_opt, thesis && o.alloc == SCHED_TRIVIAL &&
                   !partition, "with --model=thesis --alloc=trivial");
    option_applies(prog, rules_opt, partition == 3, "with --partition=ppcp");
    /* igp runs GSTR with best-fit inside each group, as the code does. */
    option_applies(prog, sched_opt, !partition, "without --partition");
    option_applies(prog, alloc_opt, !partition, "without --partition");
    option_applies(prog, model_opt, !partition || thesis,
                   "as thesis with --partition (igp is the thesis's simulator)");
    option_applies(prog, theta_opt, !thesis && o.kind == SCHED_GSTR,
                   "with --model=event --sched=gstr");
    option_applies(prog, order_opt, !thesis && o.kind == SCHED_GSTR,
                   "with --model=event --sched=gstr");
    option_applies(prog, copies_opt, !thesis && o.kind == SCHED_WQR,
                   "with --model=event --sched=wqr");
    option_applies(prog, slots_opt, !thesis, "with --model=event");
    option_applies(prog, detect_opt, !thesis, "with --model=event");
    option_applies(prog, factors_opt, o.kind != SCHED_WQR && o.kind != SCHED_MINMIN,
                   "with a scheduler that allocates on estimates");
    if (thesis && (o.kind == SCHED_WQR || o.kind == SCHED_MINMIN))
        usage_error(prog, "--sched=%s is a baseline of the event model: the "
                    "thesis model has static, gs and gstr", o.kind == SCHED_WQR
                    ? "wqr" : "minmin");
    option_applies(prog, workdir_opt, run, "with --run");
    option_applies(prog, retries_opt, run, "with --run");
    option_applies(prog, timeout_opt, run, "with --run");
    option_applies(prog, calibrate ? "--calibrate" : NULL, run, "with --run");
    if (run && (thesis || partition))
        usage_error(prog, "--run runs the event model's policies: not with "
                    "--model=thesis or --partition");
    eo.kind = o.kind;
    eo.alloc = o.alloc;
    eo.use_real_factors = o.use_real_factors;
    if (run) {
        int size, rank = sched_real_start(&argc, &argv, &size);
        if (rank < 0 || size < 2)
            usage_error(prog, "--run needs workers: mpirun -np P %s --run "
                        "..., with P - 1 the platform's UPs (this job has %d "
                        "rank%s)", prog, size ? size : 1, size > 1 ? "s" : "");
        if (rank > 0) {       /* a worker reads no input: rank 0 has it */
            int status = sched_real_worker();
            sched_real_end();
            return status;
        }
    }

    diag d;
    diag_init(&d, prog, stderr);
    size_t len;
    const char *plat_name = input_name(platform);
    char *text = read_input(prog, platform, SCHED_MAX_INPUT, &len);
    sched_platform p;
    int bad = sched_platform_parse(&p, text, len, plat_name, &d) < 0;
    free(text);
    if (bad)
        return EXIT_BADINPUT;
    if (!p.name)
        p.name = xstrdup(plat_name);

    const char *shown = input_name(path);
    text = read_input(prog, path, SCHED_MAX_INPUT, &len);
    sched_app a;
    bad = sched_app_parse(&a, text, len, shown, &d) < 0;
    free(text);
    if (!bad && sched_apply_costs(&a, &p, &defines, &d, shown) < 0) {
        sched_app_free(&a);
        bad = 1;
    }
    const define_value *unused = bad ? NULL : define_unused(&defines);
    if (unused)   /* the -D rule of common.h: a typo is not ignored */
        usage_error(prog, "-D %s: no cost model this run evaluates reads "
                    "'%s' (a task type with a tasktime on the platform does "
                    "not read its cost)", unused->name, unused->name);
    define_list_free(&defines);
    if (!bad && partition) {
        int status = run_partitioned(&a, &p, &o, partition, rules, output,
                                     &d, plat_name, shown);
        sched_app_free(&a);
        sched_platform_free(&p);
        return status;
    }
    if (!bad && run) {
        int status = run_real(&a, &p, &eo, &ro, calibrate, output, &d, shown,
                              plat_name);
        sched_app_free(&a);
        sched_platform_free(&p);
        sched_real_end();
        return status;
    }
    if (!bad && !thesis) {
        int status = run_event(&a, &p, &eo, output, &d, shown);
        sched_app_free(&a);
        sched_platform_free(&p);
        return status;
    }
    sched_result r;
    if (bad || sched_run(&a, &p, &o, &r, &d, shown) < 0) {
        if (!bad)
            sched_app_free(&a);
        sched_platform_free(&p);
        return EXIT_BADINPUT;
    }

    if (r.lost)
        fprintf(stderr, "%s: warning: %llu task%s sent to failed UPs never "
                "finish: the thesis model drops them from the makespan (the "
                "code simulates no replication)\n", prog,
                (unsigned long long)r.lost, r.lost == 1 ? "" : "s");
    outfile out;
    out_open_or_die(&out, prog, output);
    sched_write(out.fp, &a, &p, &o, &r);
    int status = out_commit_status(&out, prog, output);
    sched_result_free(&r);
    sched_app_free(&a);
    sched_platform_free(&p);
    return status;
}
