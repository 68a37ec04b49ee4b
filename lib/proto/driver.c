/* driver.c — the command line shared by netsim and by the simulators that
 * proto2c generates: options, parameter values, the network model, the
 * run and the timeline. One implementation, so that both give
 * byte-identical timelines for the same program, P, model and seed. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "proto/proto.h"
#include "sim/coll.h"

#define MAX_PROTO_BYTES ((size_t)16 << 20)
#define MAX_PROCS 10000000u
/* Slots of all processes together (8 bytes each). */
#define MAX_TOTAL_SLOTS ((uint64_t)1 << 29)
#define DEFAULT_MAX_LOOP 100000000u

static void usage(FILE *fp, const char *prog, int compiled)
{
    fprintf(fp,
"Usage: %s [OPTION]...%s\n"
"Simulate P processes running %s on a network model and\n"
"write their timeline: every operation with its start and end, per-process\n"
"final clock, computation, communication and idle time, and a summary.\n"
"\n"
"  -n, --procs=P          simulate P processes (default 2, at most %u)\n"
"      --net=FILE         network model in the net-model format (default:\n"
"                         the K6-III cluster of Piola 2002, Table 5.1)\n"
"      --platform=FILE    network model from SimGrid's platform XML: one\n"
"                         <cluster> (flat or FAT_TREE), as net-model's topology\n"
"      --print-net        write the network model in use and exit\n"
"  -D, --define=NAME=VALUE  value of a parameter of the prototype (an\n"
"                         identifier it reads but never assigns)\n"
"      --seed=S           seed of the random draws (default 1)\n"
"      --clamp-negative   count negative compute draws as 0 s (default: a\n"
"                         negative draw moves the clock back, as printed)\n"
"      --summary          leave out the per-operation records\n"
"      --summary-only     leave out the per-operation and per-process\n"
"                         records: the summary alone\n"
"      --trace=FILE       also write a trace of the run to FILE\n"
"      --trace-format=ti|paje  SimGrid's time-independent trace (ti, the\n"
"                         default) or a Paje trace for Vite and pajeng\n"
"      --max-loop=N       fail after N loop iterations of one process\n"
"                         without communicating (default %u)\n"
"      --max-events=N     fail after N operations of all processes\n"
"                         together (default %u)\n"
"      --all-blocked      on a deadlock, name every blocked process (default:\n"
"                         the first %d, then how many more)\n"
"      --coll=NAME=ALGO[,NAME=ALGO]...  the algorithm of a collective (bcast,\n"
"                         gather, scatter, reduce, all_gather, all_to_all,\n"
"                         all_reduce, barrier): linear (the default), binomial,\n"
"                         scatter_allgather, recursive_doubling, ring, bruck,\n"
"                         pairwise, dissemination or auto; over the model's\n"
"                         'collective' records\n"
"  -o, --output=FILE      write to FILE, replaced only when all went well\n"
"  -h, --help             show this help and exit\n"
"  -V, --version          show the version and exit\n"
"\n"
"Exit status: 0 success, 1 deadlock or runtime error of the simulated\n"
"program, or I/O failure, 2 bad usage or bad input.\n",
            prog, compiled ? "" : " [PROGRAM.proto]",
            compiled ? "the compiled prototype" : "PROGRAM.proto", MAX_PROCS,
            DEFAULT_MAX_LOOP, SIM_DEFAULT_MAX_EVENTS, SIM_BLOCKED_SHOWN);
    if (!compiled)
        fprintf(fp, "\nExample:\n  %s -n 4 examples/proto/ring.proto\n", prog);
}

/* Each -D NAME=VALUE names a parameter of the program (the -D rule of
 * common.h: one a name, every one read); every parameter has a value.
 * Fills the parameter slots of `values`. */
static void apply_definitions(const char *prog, const proto_runnable *run,
                              const define_value *defs, size_t ndefs,
                              double *values)
{
    char *given = xcalloc((size_t)run->nvars, 1);
    for (size_t i = 0; i < ndefs; i++) {
        int v = 0;
        while (v < run->nvars && strcmp(run->slot_names[v], defs[i].name) != 0)
            v++;
        if (v == run->nvars)
            usage_error(prog, "-D %s: the program has no parameter '%s'",
                        defs[i].name, defs[i].name);
        if (!run->is_parameter[v])
            usage_error(prog, "-D %s: '%s' is %s by the program; -D gives "
                        "values only to parameters (identifiers read but "
                        "never assigned)", defs[i].name, defs[i].name,
                        v < 2 ? "predefined" : "assigned");
        values[v] = defs[i].value;
        given[v] = 1;
    }
    int missing = 0;
    for (int v = 0; v < run->nvars; v++) {
        if (!run->is_parameter[v] || given[v])
            continue;
        fprintf(stderr, "%s: %s:%d: error: parameter '%s' has no value: "
                "give -D %s=VALUE\n", prog, run->source, run->first_line[v],
                run->slot_names[v], run->slot_names[v]);
        missing = 1;
    }
    free(given);
    if (missing)
        exit(EXIT_BADINPUT);
}


/* --net FILE, or --platform FILE (platform: its hosts counted in
 * *hosts). */
static void read_net(const char *prog, const char *path, int platform,
                     net_model *net, long *hosts)
{
    FILE *fp = in_open_or_die(prog, path);
    diag d;
    diag_init(&d, prog, stderr);
    int got = platform
                  ? net_platform_read(net, fp, input_name(path), &d, hosts)
                  : net_model_read(net, fp, input_name(path), &d);
    in_close(fp);
    if (got < 0)
        exit(EXIT_BADINPUT);
}

enum { OPT_NET = 256, OPT_PLATFORM, OPT_PRINT_NET, OPT_SEED, OPT_CLAMP, OPT_SUMMARY,
       OPT_MAX_LOOP, OPT_MAX_EVENTS, OPT_ALL_BLOCKED, OPT_COLL,
       OPT_SUMMARY_ONLY, OPT_TRACE, OPT_TRACE_FORMAT };

/* --trace-format's words, in the order of SIM_TRACE_*. */
static const char *const trace_formats[] = {"ti", "paje", NULL};

int proto_run_main(int argc, char **argv, const char *prog,
                   const proto_runnable *compiled)
{
    static const struct option options[] = {
        {"procs", required_argument, NULL, 'n'},
        {"net", required_argument, NULL, OPT_NET},
        {"platform", required_argument, NULL, OPT_PLATFORM},
        {"print-net", no_argument, NULL, OPT_PRINT_NET},
        {"define", required_argument, NULL, 'D'},
        {"seed", required_argument, NULL, OPT_SEED},
        {"clamp-negative", no_argument, NULL, OPT_CLAMP},
        {"summary", no_argument, NULL, OPT_SUMMARY},
        {"summary-only", no_argument, NULL, OPT_SUMMARY_ONLY},
        {"trace", required_argument, NULL, OPT_TRACE},
        {"trace-format", required_argument, NULL, OPT_TRACE_FORMAT},
        {"max-loop", required_argument, NULL, OPT_MAX_LOOP},
        {"max-events", required_argument, NULL, OPT_MAX_EVENTS},
        {"all-blocked", no_argument, NULL, OPT_ALL_BLOCKED},
        {"coll", required_argument, NULL, OPT_COLL},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    uint64_t nprocs = 2, seed = 1, max_loop = DEFAULT_MAX_LOOP,
             max_events = SIM_DEFAULT_MAX_EVENTS;
    const char *net_path = NULL, *output = NULL, *trace = NULL,
               *trace_format = NULL;
    VEC(const char *) colls = {0};   /* --coll, applied over the model */
    int trace_kind = SIM_TRACE_TI;
    int print_net = 0, clamp = 0, summary = 0, summary_only = 0,
        all_blocked = 0, platform = 0;
    const char *sim_opt = NULL;   /* the last option only a simulation uses */
    define_list defs = {0};
    set_program_name(prog);

    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":n:D:o:hV", options, NULL)) != -1) {
        switch (c) {
        case 'n':
            sim_opt = "-n";
            if (parse_u64(optarg, 1, MAX_PROCS, &nprocs) < 0)
                usage_error(prog, "-n wants a process count from 1 to %u, "
                            "not '%s'", MAX_PROCS, optarg);
            break;
        case OPT_NET: net_path = optarg; platform = 0; break;
        case OPT_PLATFORM: net_path = optarg; platform = 1; break;
        case OPT_PRINT_NET: print_net = 1; break;
        case 'D': {
            sim_opt = "-D";
            define_list_add(prog, &defs, optarg);
            break;
        }
        case OPT_SEED:
            sim_opt = "--seed";
            if (parse_u64(optarg, 0, UINT64_MAX, &seed) < 0)
                usage_error(prog, "--seed wants an unsigned integer, not "
                            "'%s'", optarg);
            break;
        case OPT_CLAMP: clamp = 1; sim_opt = "--clamp-negative"; break;
        case OPT_SUMMARY: summary = 1; sim_opt = "--summary"; break;
        case OPT_SUMMARY_ONLY:
            summary = summary_only = 1;
            sim_opt = "--summary-only";
            break;
        case OPT_MAX_LOOP:
            sim_opt = "--max-loop";
            max_loop = option_u64(prog, "--max-loop", optarg, 1, UINT64_MAX);
            break;
        case OPT_MAX_EVENTS:
            sim_opt = "--max-events";
            max_events = option_u64(prog, "--max-events", optarg, 1,
                                    UINT64_MAX);
            break;
        case OPT_ALL_BLOCKED:
            all_blocked = 1;
            sim_opt = "--all-blocked";
            break;
        case OPT_COLL: VEC_PUSH(&colls, optarg); break;
        case OPT_TRACE:
            if (!*optarg)
                usage_error(prog, "--trace wants a file name");
            trace = optarg;
            sim_opt = "--trace";
            break;
        case OPT_TRACE_FORMAT:
            trace_kind = option_word(prog, "--trace-format", optarg,
                                     trace_formats);
            trace_format = optarg;
            break;
        case 'o': output = optarg; break;
        case 'h': usage(stdout, prog, compiled != NULL); return EXIT_OK;
        case 'V': print_version(prog); return EXIT_OK;
        case ':': usage_error(prog, "option '%s' needs an argument",
                              argv[optind - 1]);
        default:  usage_error(prog, "unknown option '%s'", argv[optind - 1]);
        }
    }

    option_applies(prog, sim_opt, !print_net,
                   "when simulating, not with --print-net");
    if (trace_format && !trace)
        usage_error(prog, "--trace-format %s: there is no --trace FILE to "
                    "write", trace_format);
    if (trace && strcmp(trace, output ? output : "-") == 0)
        usage_error(prog, "--trace %s: the timeline goes there already; "
                    "give the timeline (-o) and the trace different files",
                    trace);
    if (print_net && optind < argc)
        usage_error(prog, "--print-net writes the network model only, "
                    "not '%s'", argv[optind]);
    net_model net;
    long hosts = 0;
    if (net_path)
        read_net(prog, net_path, platform, &net, &hosts);
    else
        net_model_default(&net);
    if (hosts && !print_net && nprocs > (uint64_t)hosts)
        usage_error(prog, "-n %llu: the platform has %ld hosts",
                    (unsigned long long)nprocs, hosts);
    for (size_t i = 0; i < colls.len; i++)
        coll_parse_option(prog, colls.items[i], &net);
    free(colls.items);
    if (print_net) {
        outfile out;
        out_open_or_die(&out, prog, output);
        net_model_write(out.fp, &net);
        net_model_free(&net);
        return out_commit_status(&out, prog, output);
    }

    proto_program *program = NULL;
    proto_runnable interpreted;
    const proto_runnable *run = compiled;
    if (compiled) {
        if (optind < argc)
            usage_error(prog, "unexpected argument '%s' (the prototype is "
                        "compiled in)", argv[optind]);
    } else {
        const char *path = single_input(prog, argc, argv, optind);
        size_t len;
        char *text = read_input(prog, path, MAX_PROTO_BYTES, &len);
        diag d;
        diag_init(&d, prog, stderr);
        program = proto_compile(text, len, input_name(path), &d);
        free(text);
        if (!program) {
            define_list_free(&defs);
            net_model_free(&net);
            return EXIT_BADINPUT;
        }
        interpreted = (proto_runnable){
            program->file, (int)program->slot_names.len, program->nvars,
            (const char *const *)program->slot_names.items,
            program->is_parameter, program->first_line, proto_vm_step,
            program};
        run = &interpreted;
    }

    double *params = xcalloc((size_t)run->nvars, sizeof *params);
    apply_definitions(prog, run, defs.items, defs.len, params);
    uint64_t total;
    if (!mul_u64(nprocs, (uint64_t)run->nslots, &total) ||
        total > MAX_TOTAL_SLOTS)
        die(prog, EXIT_BADINPUT, "%llu processes of %d variables each are "
            "more than the %llu variable slots allowed",
            (unsigned long long)nprocs, run->nslots,
            (unsigned long long)MAX_TOTAL_SLOTS);

    if (program) {   /* interpreted: its code for these values */
        params[PROTO_SLOT_P] = (double)nprocs;
        proto_vm_prepare(program, params);
    }
    proto_state st = {run, xcalloc(nprocs, sizeof *st.pc),
                      xcalloc(total, sizeof *st.slots), 0};
    for (uint64_t r = 0; r < nprocs; r++) {
        double *v = proto_slots(&st, (int)r);
        memcpy(v, params, (size_t)run->nvars * sizeof *v);
        v[PROTO_SLOT_RANK] = (double)r;
        v[PROTO_SLOT_P] = (double)nprocs;
    }

    diag d;
    diag_init(&d, prog, stderr);
    sim_options opt = {(int)nprocs, seed, clamp, !summary, max_loop,
                       max_events, all_blocked, summary_only};
    sim *s = sim_new(&opt, &net, &d, run->source);
    int status = EXIT_OK;
    /* The timeline is written as the run goes (sim_timeline_begin): a
     * failed run's output file is removed, and on stdout the held-back
     * part of its timeline is dropped. */
    outfile out, trace_out;
    out_open_or_die(&out, prog, output);
    sim_timeline_begin(s, out.fp, run->source);
    if (trace) {
        out_open_or_die(&trace_out, prog, trace);
        sim_trace_begin(s, trace_out.fp, trace_kind);
    }
    if (sim_run(s, run->step, &st) != 0) {
        status = EXIT_RUNTIME;
        out_abort(&out);
        if (trace)
            out_abort(&trace_out);
    } else {
        sim_timeline_end(s);
        status = out_commit_status(&out, prog, output);
        if (trace) {
            sim_trace_end(s);
            int traced = out_commit_status(&trace_out, prog, trace);
            if (status == EXIT_OK)
                status = traced;
        }
    }
    sim_free(s);
    free(st.pc);
    free(st.slots);
    free(params);
    define_list_free(&defs);
    net_model_free(&net);
    proto_program_free(program);
    return status;
}
