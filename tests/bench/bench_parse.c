/* bench_parse — the parser figures of `make bench`: MB/s of each front end
 * (PASL, proto, SAN, PRISM, san-desc, net-model) on generated inputs of every
 * shape that has made a parser slow or fragile: long products and sums,
 * many statements, long names, long strings, long comments, many edges.
 *
 *   bench_parse [MB [WORD]]  inputs of about MB megabytes each (default 4);
 *                            only the cases whose parser or input names
 *                            contain WORD (for a profiler)
 *
 * Each figure is the library call a program makes to read its input into
 * the model (parse and check; for SAN also the build of the descriptor),
 * the best of up to 5 runs within about 2 s of CPU time (the process's
 * CPU clock, not the wall clock: the figures stay meaningful on a machine
 * shared with other work), in a child process: a crash
 * is reported as such, and a run over 30 s is stopped and reported, so a
 * quadratic parser shows as "over 30 s" rather than a bench that never
 * ends. An input the front end refuses is reported with its first
 * message: its figure is the speed of the error path. Goal: >= 50 MB/s. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "desc/desc.h"
#include "pasl/pasl.h"
#include "proto/proto.h"
#include "san/san.h"
#include "sim/sim.h"

enum { TIME_LIMIT = 30 };

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ------------------------------------------------------------ parsers */

/* Reads `len` bytes as the front end does; 0, or -1 after diagnostics. */
typedef int (*parse_fn)(const char *text, size_t len, diag *d);

static int parse_pasl(const char *text, size_t len, diag *d)
{
    pasl_spec *spec = pasl_parse(text, len, "bench.pasl", d);
    pasl_graph *g = spec ? pasl_build(spec, NULL, d) : NULL;
    int ok = g != NULL;
    pasl_graph_free(g);
    pasl_spec_free(spec);
    return ok ? 0 : -1;
}

static int parse_proto(const char *text, size_t len, diag *d)
{
    proto_program *p = proto_compile(text, len, "bench.proto", d);
    proto_program_free(p);
    return p ? 0 : -1;
}

static int parse_san(const char *text, size_t len, diag *d)
{
    desc dsc;
    if (san_to_desc(text, len, "bench.san", &dsc, d) < 0)
        return -1;
    desc_free(&dsc);
    return 0;
}

static int parse_prism(const char *text, size_t len, diag *d)
{
    desc dsc;
    if (san_prism_to_desc(text, len, "bench.sm", NULL, &dsc, d) < 0)
        return -1;
    desc_free(&dsc);
    return 0;
}

/* The text readers (san-desc, net-model) take a stream: a memory one, as
 * a file would be. */
static int read_from_memory(const char *text, size_t len, diag *d, int net)
{
    FILE *fp = fmemopen((void *)text, len, "r");
    if (!fp) {
        perror("fmemopen");
        exit(1);
    }
    union { desc dsc; net_model m; } u;
    int status = net ? net_model_read(&u.m, fp, "bench.net", d)
                     : desc_read(&u.dsc, fp, "bench.desc", d);
    fclose(fp);
    if (status == 0 && net)
        net_model_free(&u.m);
    else if (status == 0)
        desc_free(&u.dsc);
    return status;
}

static int parse_desc(const char *text, size_t len, diag *d)
{
    return read_from_memory(text, len, d, 0);
}

static int parse_net(const char *text, size_t len, diag *d)
{
    return read_from_memory(text, len, d, 1);
}

/* --------------------------------------------------------------- shapes */

/* Each generator writes an input of at least `target` bytes. Most shapes
 * are a head, one unit repeated, and a tail (a table entry, below); the
 * others are functions. */
typedef void (*gen_fn)(strbuf *sb, size_t target);

static void pasl_spec_chain(strbuf *sb, size_t target)
{
    /* Fan-out/fan-in stages with comments: a large real specification. */
    sb_puts(sb, "name = \"generated\"; description = \"bench\";\n%%\n"
                "path = \"/bench\";\n");
    for (int t = 1; t <= 50; t++)
        sb_printf(sb, "L%d = \"task%d\"; // task type %d\n", t, t, t);
    sb_puts(sb, "%%\nB1 = L1(1) << \"input.dat\";\n");
    long b = 1;
    while (sb->len < target) {
        sb_printf(sb, "B%ld = L%ld(4) << B%ld;   // split\n", b + 1,
                  b % 50 + 1, b);
        sb_printf(sb, "B%ld = L%ld(8) << B%ld;\n", b + 2, (b + 1) % 50 + 1,
                  b + 1);
        sb_printf(sb, "B%ld = L%ld(16) << B%ld;\n", b + 3, (b + 2) % 50 + 1,
                  b + 1);
        sb_printf(sb, "B%ld = L%ld(1) << B%ld, B%ld;   /* join */\n", b + 4,
                  (b + 3) % 50 + 1, b + 2, b + 3);
        b += 4;
    }
    sb_printf(sb, "B%ld = L1(1) << B%ld >> \"results\";\n", b + 1, b);
}

static void pasl_many_inputs(strbuf *sb, size_t target)
{
    /* B2..Bn each read B1; the last reads them all: n edges twice. */
    size_t n = target / 30 + 2;
    sb_puts(sb, "B1 = L1(1) << NULL;\n");
    for (size_t i = 2; i <= n; i++)
        sb_printf(sb, "B%zu = L1(1) << B1;\n", i);
    sb_printf(sb, "B%zu = L1(1) << B2", n + 1);
    for (size_t i = 3; i <= n; i++)
        sb_printf(sb, ",B%zu", i);
    sb_puts(sb, ";\n");
}

/* The rest of a SAN model after its identifiers: one automaton of two
 * states. */
#define SAN_TAIL "\nevents\n    loc a (1);\nnetwork \"bench\"\n"                \
    "    aut A { states s[0..1]; initial s[0];\n"                            \
    "            s[0] -> s[1] on a; s[1] -> s[0] on a; }\n"                   \
    "results\n    r = st A;\n"

static void proto_sums(strbuf *sb, size_t target)
{
    /* One flat sum is refused past PROTO_MAX_EXPR_DEPTH terms; many sums
     * just within it are the longest expressions a prototype can hold. */
    while (sb->len < target) {
        sb_puts(sb, "x = 1");
        for (int k = 1; k < PROTO_MAX_EXPR_DEPTH; k++)
            sb_puts(sb, "+1");
        sb_puts(sb, ";\n");
    }
    sb_puts(sb, "compute(x, 0);\n");
}

static void san_identifiers(strbuf *sb, size_t target)
{
    sb_puts(sb, "identifiers\n");
    for (long i = 0; sb->len < target; i++)
        sb_printf(sb, "    x%ld = %ld * 2 + 1;\n", i, i);
    sb_puts(sb, SAN_TAIL);
}

static void san_transitions(strbuf *sb, size_t target)
{
    /* One automaton of n states, a ring of explicit transitions. */
    size_t n = target / 30 + 1;
    sb_printf(sb, "events\n    loc a (1);\nnetwork \"bench\"\n"
              "    aut A { states s[0..%zu]; initial s[0];\n", n - 1);
    for (size_t i = 0; i < n; i++)
        sb_printf(sb, "        s[%zu] -> s[%zu] on a;\n", i, (i + 1) % n);
    sb_puts(sb, "    }\nresults\n    r = st A;\n");
}

static void prism_commands(strbuf *sb, size_t target)
{
    /* Two modules, each a ring of n states written as n commands (one
     * per state: a guard x=k), and an action they share: the shape of
     * a generated model, where expanding every command at every state
     * would be quadratic. */
    size_t n = target / 80 + 1;
    sb_puts(sb, "ctmc\nconst double r = 1.5;\n");
    for (int m = 0; m < 2; m++) {
        sb_printf(sb, "module M%d\n    x%d : [0..%zu];\n", m, m, n - 1);
        for (size_t k = 0; k + 1 < n; k++)
            sb_printf(sb, "    [] x%d=%zu -> r : (x%d'=%zu);\n", m, k, m,
                      k + 1);
        sb_printf(sb, "    [back] x%d=%zu -> 2 : (x%d'=0);\nendmodule\n", m,
                  n - 1, m);
    }
    sb_puts(sb, "label \"first\" = x0=0;\n");
}

static void desc_large_automaton(strbuf *sb, size_t target)
{
    /* A ring of n states: two elements per state. */
    size_t n = target / 40 + 2;
    sb_puts(sb, "san-desc 1\nmodel \"bench\"\nautomaton A");
    for (size_t i = 0; i < n; i++)
        sb_printf(sb, " s%zu", i);
    sb_puts(sb, "\nterm local A\nfactor A\n");
    for (size_t i = 0; i < n; i++)
        sb_printf(sb, "e %zu %zu -1.5\ne %zu %zu 1.5\n", i, i, i,
                  (i + 1) % n);
    sb_puts(sb, "function busy st A\nresult r busy\nend 1 1 1\n");
}

static void desc_functions(strbuf *sb, size_t target)
{
    sb_puts(sb, "san-desc 1\nautomaton A I U\n");
    long n = 0;
    for (; sb->len < target; n++)
        sb_printf(sb, "function f%ld st A 1 == st A 0 == or\n", n);
    sb_puts(sb, "term local A\nfactor A\ne 0 0 -1 f0\ne 0 1 1 f0\n"
                "e 1 0 2\ne 1 1 -2\n");
    sb_printf(sb, "result r f0\nend 1 %ld 1\n", n);
}

static void net_regimes(strbuf *sb, size_t target)
{
    sb_puts(sb, "net-model 1\nname \"bench\"\n");
    for (long k = 1; sb->len < target; k++)
        sb_printf(sb, "regime <= %ld 55.5 0.22\n", k * 8);
    sb_puts(sb, "regime any 300 0.089\n");
}

#define PASL_B1 "\nB1 = L1(1) << NULL;\n"
#define COMMENT " a comment * line\n"

static const struct {
    const char *parser, *shape;
    parse_fn parse;
    gen_fn gen;                    /* or: */
    const char *head, *unit, *tail;
} cases[] = {
    {"PASL", "specification (batches, comments)", parse_pasl, pasl_spec_chain, 0, 0, 0},
    {"PASL", "cost: one product 2*2*...", parse_pasl, NULL,
     "L1 = ", "2*", "delay(1);" PASL_B1},
    {"PASL", "cost: a list of delays", parse_pasl, NULL,
     "L1 = delay(1)", "; t*delay(1)", ";" PASL_B1},
    {"PASL", "a long identifier", parse_pasl, NULL, "L1 = ", "a", "*delay(1);" PASL_B1},
    {"PASL", "a long string", parse_pasl, NULL, "name = \"", "x\\t", "\";" PASL_B1},
    {"PASL", "a long comment", parse_pasl, NULL, "/*", COMMENT, "*/" PASL_B1},
    {"PASL", "many edges (one batch, many inputs)", parse_pasl, pasl_many_inputs, 0, 0, 0},
    {"proto", "statements", parse_proto, NULL, "",
     "for (k, 10) { if (rank % 2 == 0) { compute(0.001, 0); } "
     "else { send(0, (100, 0)); }; };\n", ""},
    {"proto", "sums of 999 terms (the depth limit)", parse_proto, proto_sums, 0, 0, 0},
    {"proto", "a long identifier", parse_proto, NULL, "", "a",
     " = 1;\ncompute(1, 0);\n"},
    {"proto", "a long comment", parse_proto, NULL, "/*", COMMENT,
     "*/\ncompute(1, 0);\n"},
    {"SAN", "many identifiers", parse_san, san_identifiers, 0, 0, 0},
    {"SAN", "a flat sum 1 + 1 + ...", parse_san, NULL,
     "identifiers\n    x = 1", " + 1", ";" SAN_TAIL},
    {"SAN", "many transitions (one automaton)", parse_san, san_transitions, 0, 0, 0},
    {"SAN", "a long comment", parse_san, NULL, "/*", COMMENT,
     "*/\nidentifiers\n    x = 1;" SAN_TAIL},
    {"PRISM", "many commands (two modules, a guard each)", parse_prism, prism_commands, 0, 0, 0},
    {"PRISM", "a long comment", parse_prism, NULL, "/*", COMMENT,
     "*/ ctmc module M x : [0..1]; [] x=0 -> 1 : (x'=1); endmodule\n"},
    {"san-desc", "one large automaton", parse_desc, desc_large_automaton, 0, 0, 0},
    {"san-desc", "many functions", parse_desc, desc_functions, 0, 0, 0},
    {"san-desc", "a long function", parse_desc, NULL,
     "san-desc 1\nautomaton A I U\nfunction f st A 1 ==", " st A 1 == or",
     "\nterm local A\nfactor A\ne 0 0 -1 f\ne 0 1 1 f\n"
     "e 1 0 2\ne 1 1 -2\nresult r f\nend 1 1 1\n"},
    {"net-model", "many regimes", parse_net, net_regimes, 0, 0, 0},
    {"net-model", "many comments", parse_net, NULL, "net-model 1\n",
     "# a comment line of a fitted model\n", "regime any 300 0.089\n"},
    {"net-model", "a long name", parse_net, NULL, "net-model 1\nname \"",
     "x\\t", "\"\nregime any 300 0.089\n"},
};

/* The input of case i, of at least `target` bytes. */
static void generate(size_t i, strbuf *sb, size_t target)
{
    if (cases[i].gen) {
        cases[i].gen(sb, target);
        return;
    }
    size_t n = strlen(cases[i].unit);
    sb_puts(sb, cases[i].head);
    while (sb->len < target)
        sb_putn(sb, cases[i].unit, n);
    sb_puts(sb, cases[i].tail);
}

/* ---------------------------------------------------------------- runs */

/* In the child: generate, parse up to 5 times, print one line. */
static void run_case(size_t i, size_t target)
{
    strbuf sb = {0};
    generate(i, &sb, target);
    double best = 0, spent = 0;
    int status = 0;
    char *msgs = NULL;
    for (int run = 0; run < 5 && (run == 0 || spent < 2.0); run++) {
        size_t size;
        free(msgs);
        msgs = NULL;
        FILE *out = open_memstream(&msgs, &size);
        diag d;
        diag_init(&d, "bench", out);
        double t0 = cpu_now();
        status = cases[i].parse(sb.text, sb.len, &d);
        double t = cpu_now() - t0;
        fclose(out);
        spent += t;
        if (run == 0 || t < best)
            best = t;
    }
    char first[72] = "ok";
    if (status < 0)
        snprintf(first, sizeof first, "refused: %.*s", (int)strcspn(msgs, "\n"),
                 msgs);
    printf("%-10s %-38s %6.2f MB %9.4f s %8.1f MB/s  %s\n", cases[i].parser,
           cases[i].shape, (double)sb.len / 1e6, best,
           (double)sb.len / 1e6 / best, first);
    free(msgs);
    sb_free(&sb);
}

int main(int argc, char **argv)
{
    double mb = argc > 1 ? atof(argv[1]) : 4;
    if (!(mb > 0 && mb <= 15)) {
        fprintf(stderr, "bench_parse: MB must be in (0, 15], not '%s'\n",
                argv[1]);
        return 2;
    }
    size_t target = (size_t)(mb * 1e6);
    const char *only = argc > 2 ? argv[2] : NULL;
    printf("%-10s %-38s %9s %11s %13s  %s\n", "parser", "input", "size",
           "best CPU", "throughput", "result");
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (only && !strstr(cases[i].parser, only) && !strstr(cases[i].shape, only))
            continue;
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 1;
        }
        if (pid == 0) {
            alarm(TIME_LIMIT);
            run_case(i, target);
            fflush(stdout);
            _exit(0);
        }
        int ws;
        char why[64] = "";
        waitpid(pid, &ws, 0);
        if (WIFSIGNALED(ws))
            snprintf(why, sizeof why, "%s", WTERMSIG(ws) == SIGALRM
                     ? "over 30 s: stopped" : strsignal(WTERMSIG(ws)));
        else if (WEXITSTATUS(ws) != 0)   /* a sanitizer's report */
            snprintf(why, sizeof why, "crashed (exit status %d)",
                     WEXITSTATUS(ws));
        if (*why)
            printf("%-10s %-38s %9s %11s %13s  %s\n", cases[i].parser,
                   cases[i].shape, "-", "-", "-", why);
    }
    return 0;
}
