/* pasl2graph — PASL application specification -> application graph.
 * See man/man1/pasl2graph.1. The work is in lib/pasl. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "pasl/pasl.h"

static const char *const prog = "pasl2graph";

/* Default bound on --tasks output (task and link records). */
#define DEFAULT_MAX_TASKS 10000000u

static void usage(FILE *fp)
{
    fprintf(fp,
"Usage: %s [OPTION]... [FILE]\n"
"Read a PASL application specification (FILE, or standard input when FILE\n"
"is absent or '-'), check it, unroll its blocks and write the application\n"
"graph in the app-graph format.\n"
"\n"
"  -o, --output=FILE    write to FILE, replaced only when all went well\n"
"      --tasks          also list every task and task-level link\n"
"      --dot            write Graphviz DOT instead of app-graph\n"
"      --stats          write statistics instead: batches, edges, tasks,\n"
"                       depth, width\n"
"      --max-batches=N  refuse specifications that unroll to more than N\n"
"                       batch instances (default %u)\n"
"      --max-tasks=N    refuse --tasks output of more than N task and link\n"
"                       records (default %u)\n"
"      --strict         treat warnings as errors\n"
"  -h, --help           show this help and exit\n"
"  -V, --version        show the version and exit\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 bad usage or bad input.\n"
"\n"
"Example:\n"
"  pasl2graph --dot examples/pasl/example3.pasl | dot -Tsvg > example3.svg\n",
            prog, PASL_DEFAULT_MAX_BATCHES, DEFAULT_MAX_TASKS);
}

enum { OPT_TASKS = 256, OPT_DOT, OPT_STATS, OPT_MAX_BATCHES, OPT_MAX_TASKS,
       OPT_STRICT };

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'},
        {"tasks", no_argument, NULL, OPT_TASKS},
        {"dot", no_argument, NULL, OPT_DOT},
        {"stats", no_argument, NULL, OPT_STATS},
        {"max-batches", required_argument, NULL, OPT_MAX_BATCHES},
        {"max-tasks", required_argument, NULL, OPT_MAX_TASKS},
        {"strict", no_argument, NULL, OPT_STRICT},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const char *output = NULL, *max_tasks_opt = NULL;
    int tasks = 0, dot = 0, stats = 0, strict = 0;
    uint64_t max_tasks = DEFAULT_MAX_TASKS;
    pasl_limits limits = {PASL_DEFAULT_MAX_BATCHES, PASL_DEFAULT_MAX_CARDINALITY};
    set_program_name(prog);

    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:hV", options, NULL)) != -1) {
        switch (c) {
        case 'o': output = optarg; break;
        case OPT_TASKS: tasks = 1; break;
        case OPT_DOT: dot = 1; break;
        case OPT_STATS: stats = 1; break;
        case OPT_STRICT: strict = 1; break;
        case OPT_MAX_BATCHES:
            /* Capped so batches x cardinality fits in 64 bits. */
            limits.max_batches = option_u64(prog, "--max-batches", optarg,
                                            1, 1000000000u);
            break;
        case OPT_MAX_TASKS:
            max_tasks_opt = "--max-tasks";
            max_tasks = option_u64(prog, "--max-tasks", optarg, 1,
                                   UINT64_MAX);
            break;
        case 'h': usage(stdout); return EXIT_OK;
        case 'V': print_version(prog); return EXIT_OK;
        case ':': usage_error(prog, "option '%s' needs an argument",
                              argv[optind - 1]);
        default:  usage_error(prog, "unknown option '%s'", argv[optind - 1]);
        }
    }
    const char *path = single_input(prog, argc, argv, optind);
    if (dot + stats > 1 || (tasks && (dot || stats)))
        usage_error(prog, "--dot, --stats and --tasks exclude one another");
    option_applies(prog, max_tasks_opt, tasks, "with --tasks");

    const char *shown = input_name(path);
    size_t len;
    char *text = read_input(prog, path, PASL_MAX_INPUT, &len);

    diag d;
    diag_init(&d, prog, stderr);
    d.warnings_are_errors = strict;
    pasl_spec *spec = pasl_parse(text, len, shown, &d);
    free(text);
    pasl_graph *g = spec ? pasl_build(spec, &limits, &d) : NULL;
    if (!g) {
        pasl_spec_free(spec);
        return EXIT_BADINPUT;
    }

    pasl_stats st;
    pasl_graph_stats(g, &st);
    uint64_t records = 0;
    if (tasks && (!add_u64(st.tasks, st.task_links, &records) ||
                  records > max_tasks)) {
        fprintf(stderr, "%s: %s: --tasks would write %llu tasks and %llu "
                "task links, over the limit of %llu records (see "
                "--max-tasks)\n", prog, shown, (unsigned long long)st.tasks,
                (unsigned long long)st.task_links,
                (unsigned long long)max_tasks);
        pasl_graph_free(g);
        pasl_spec_free(spec);
        return EXIT_BADINPUT;
    }

    outfile out;
    out_open_or_die(&out, prog, output);
    if (stats)
        pasl_write_stats(out.fp, &st);
    else if (dot)
        pasl_write_dot(out.fp, g);
    else
        pasl_write_graph(out.fp, g, tasks);
    int status = out_commit_status(&out, prog, output);
    pasl_graph_free(g);
    pasl_spec_free(spec);
    return status;
}
