/* gstr-sched — schedules an application graph on a platform of processing
 * units (seed 003, Lucchese's JoiN). See man/man1/gstr-sched.1. The work
 * is in lib/sched. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "sched/sched.h"

static const char *const prog = "gstr-sched";

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
"      --partition=P     split the batches across the platform's groups:\n"
"                        tp, pp or ppcp (default none), then simulate them\n"
"                        as the thesis's inter-group simulator does\n"
"      --rules=R         PPCP's rules: prose (default) or matlab (the code)\n"
"  -o, --output=FILE     write to FILE, replaced only when all went well\n"
"  -h, --help            show this help and exit\n"
"  -V, --version         show the version and exit\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 bad usage or bad input.\n"
"\n"
"Example:\n"
"  pasl2graph examples/pasl/sieve.pasl |\n"
"      gstr-sched -p examples/platform/lab-heterogeneous.platform\n",
            prog);
}

enum { OPT_ALLOC = 256, OPT_FACTORS, OPT_TRIVIAL, OPT_SCHED, OPT_MODEL,
       OPT_PARTITION, OPT_RULES, OPT_THETA, OPT_SLOTS, OPT_REPLICA_ORDER,
       OPT_WQR_COPIES };

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

/* A word option: the index of text in words, or the usage error; the
 * words in `later` (NULL-terminated, may be NULL) are values of a later
 * version, refused as such rather than as unknown. */
static int choice(const char *opt, const char *text, const char *const *words,
                  const char *const *later)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(text, words[i]) == 0)
            return i;
    for (int i = 0; later && later[i]; i++)
        if (strcmp(text, later[i]) == 0)
            usage_error(prog, "%s=%s is not in this version of gstr-sched "
                        "yet (see gstr-sched(1))", opt, text);
    strbuf sb = {0};
    for (int i = 0; words[i]; i++)
        sb_printf(&sb, "%s'%s'", i ? " or " : "", words[i]);
    usage_error(prog, "%s must be %s, not '%s'", opt, sb_str(&sb), text);
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
    if (sched_igp(a, p, o, part, &r, d, shown) == 0) {
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
    int thesis = 0;
    set_program_name(prog);

    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":p:o:hV", options, NULL)) != -1) {
        switch (c) {
        case 'p': platform = optarg; break;
        case 'o': output = optarg; break;
        case OPT_PARTITION:
            partition = choice("--partition", optarg, partitions, NULL);
            break;
        case OPT_RULES:
            rules_opt = "--rules";
            rules = choice("--rules", optarg, rules_words, NULL);
            break;
        case OPT_ALLOC:
            alloc_opt = "--alloc";
            o.alloc = choice("--alloc", optarg, allocs, NULL) == 0
                      ? SCHED_TRIVIAL : SCHED_BESTFIT;
            break;
        case OPT_FACTORS:
            factors_opt = "--factors";
            o.use_real_factors = choice("--factors", optarg, factors, NULL);
            break;
        case OPT_TRIVIAL:
            trivial_opt = "--trivial";
            o.trivial_per_batch = choice("--trivial", optarg, trivials, NULL);
            break;
        case OPT_SCHED:
            sched_opt = "--sched";
            o.kind = (sched_kind)choice("--sched", optarg, scheds, NULL);
            break;
        case OPT_MODEL:
            model_opt = "--model";
            thesis = choice("--model", optarg, models, NULL);
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
            eo.replica_order = (sched_replica_order)choice("--replica-order",
                                                           optarg, orders, NULL);
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
    option_applies(prog, factors_opt, o.kind != SCHED_WQR && o.kind != SCHED_MINMIN,
                   "with a scheduler that allocates on estimates");
    if (thesis && (o.kind == SCHED_WQR || o.kind == SCHED_MINMIN))
        usage_error(prog, "--sched=%s is a baseline of the event model: the "
                    "thesis model has static, gs and gstr", o.kind == SCHED_WQR
                    ? "wqr" : "minmin");
    eo.kind = o.kind;
    eo.alloc = o.alloc;
    eo.use_real_factors = o.use_real_factors;

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
    if (!bad && partition) {
        int status = run_partitioned(&a, &p, &o, partition, rules, output,
                                     &d, plat_name, shown);
        sched_app_free(&a);
        sched_platform_free(&p);
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
