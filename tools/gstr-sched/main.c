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
"It simulates the thesis's schedulers (static, GS, GSTR) under its time\n"
"model, and its partitioning across groups (TP, PP, PPCP) with its\n"
"inter-group simulator; the event model with replication is to come.\n"
"\n"
"  -p, --platform=FILE   the platform (platform format); required\n"
"      --alloc=A         trivial or bestfit (default bestfit)\n"
"      --factors=F       the speed factors the allocator sees: estimated\n"
"                        (default, as JoiN) or real (the ideal schedules)\n"
"      --trivial=MODE    cumulative (default, the thesis code: counts carry\n"
"                        over between batches) or per-batch (Table 6.3)\n"
"      --sched=S         static (default), gs or gstr\n"
"      --model=M         thesis (event is to come)\n"
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
    usage_generate(fp);
}

enum { OPT_ALLOC = 256, OPT_FACTORS, OPT_TRIVIAL, OPT_SCHED, OPT_MODEL,
       OPT_PARTITION, OPT_RULES };

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

/* A generator's number parameter: finite, or a usage error. */
static double gen_number(const char *opt, const char *text)
{
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(x))
        usage_error(prog, "%s wants a number, not '%s'", opt, text);
    return x;
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
        case G_GENERATE: kind = choice("--generate", optarg, kinds, NULL); break;
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
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    static const char *const allocs[] = {"trivial", "bestfit", NULL};
    static const char *const factors[] = {"estimated", "real", NULL};
    static const char *const trivials[] = {"cumulative", "per-batch", NULL};
    static const char *const scheds[] = {"static", "gs", "gstr", NULL};
    static const char *const models[] = {"thesis", NULL};
    static const char *const later_models[] = {"event", NULL};
    static const char *const partitions[] = {"none", "tp", "pp", "ppcp", NULL};
    static const char *const rules_words[] = {"prose", "matlab", NULL};
    int partition = 0, rules = 0;
    const char *rules_opt = NULL, *sched_opt = NULL, *alloc_opt = NULL;
    const char *output = NULL, *platform = NULL, *trivial_opt = NULL;
    sched_options o = {.alloc = SCHED_BESTFIT};
    set_program_name(prog);
    if (wants_generator(argc, argv))
        return generate_main(argc, argv);

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
        case OPT_MODEL: choice("--model", optarg, models, later_models); break;
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
    option_applies(prog, trivial_opt, o.alloc == SCHED_TRIVIAL && !partition,
                   "with --alloc=trivial");
    option_applies(prog, rules_opt, partition == 3, "with --partition=ppcp");
    /* igp runs GSTR with best-fit inside each group, as the code does. */
    option_applies(prog, sched_opt, !partition, "without --partition");
    option_applies(prog, alloc_opt, !partition, "without --partition");

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
