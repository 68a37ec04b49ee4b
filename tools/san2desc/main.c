/* san2desc — SAN model -> Markovian descriptor (san-desc format).
 * See man/man1/san2desc.1. The work is in lib/san. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "san/san.h"

static const char *const prog = "san2desc";

static void usage(FILE *fp)
{
    fprintf(fp,
"Usage: %s [OPTION]... [FILE]\n"
"Read a SAN model (FILE, or standard input when FILE is absent or '-'),\n"
"check it, and write its Markovian descriptor in the san-desc format: a\n"
"sum of tensor-product terms (local terms, and a sync+ and a sync- term per\n"
"synchronising event), with functional elements in postfix. A PRISM CTMC\n"
"(formats/prism-subset.md) is read as a SAN with one automaton per module.\n"
"\n"
"  -f, --from=LANG      the input's language: san, or prism (default: prism\n"
"                       for a FILE ending in .sm or .prism, else san)\n"
"  -D NAME=VALUE        prism: give constant NAME the value VALUE (those\n"
"                       the model declares without one must be given)\n"
"  -t, --to=LANG        write desc (the san-desc format, the default) or\n"
"                       prism: a SAN as an equivalent PRISM CTMC\n"
"  -p, --props=FILE     prism: the steady-state queries of a properties\n"
"                       file, S=? [ ... ] and R{\"r\"}=? [ S ], as results\n"
"  -o, --output=FILE    write to FILE, replaced only when all went well\n"
"  -h, --help           show this help and exit\n"
"  -V, --version        show the version and exit\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 bad usage or bad input.\n"
"\n"
"Examples:\n"
"  san2desc examples/san/sharing-functional.san | mvd-solve --algo slice\n"
"  san2desc -D c=31 examples/prism/tandem.sm | mvd-solve\n",
            prog);
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = s ? strlen(s) : 0, k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

/* -D NAME=VALUE by the rule every program shares (define_list_add),
 * PRISM's bool constants' true and false read as 1 and 0. */
static void add_define(define_list *l, const char *arg)
{
    const char *eq = strchr(arg, '=');
    if (!eq || (strcmp(eq + 1, "true") != 0 && strcmp(eq + 1, "false") != 0)) {
        define_list_add(prog, l, arg);
        return;
    }
    strbuf sb = {0};
    sb_printf(&sb, "%.*s=%d", (int)(eq - arg), arg, eq[1] == 't');
    define_list_add(prog, l, sb_str(&sb));
    sb_free(&sb);
}

/* --to prism: the SAN model as PRISM text (frees text). */
static int write_prism(char *text, size_t len, const char *path,
                       const char *output, diag *d)
{
    strbuf sb;
    int status = san_to_prism(text, len, input_name(path), &sb, d);
    free(text);
    if (status < 0)
        return EXIT_BADINPUT;
    outfile out;
    out_open_or_die(&out, prog, output);
    fputs(sb_str(&sb), out.fp);
    sb_free(&sb);
    return out_commit_status(&out, prog, output);
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"from", required_argument, NULL, 'f'},
        {"props", required_argument, NULL, 'p'},
        {"to", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    static const char *const languages[] = {"san", "prism", NULL};
    static const char *const outputs[] = {"desc", "prism", NULL};
    const char *output = NULL, *from = NULL, *props = NULL, *to = "desc";
    define_list defs = {0};
    int c;
    set_program_name(prog);
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":f:D:p:t:o:hV", options, NULL)) != -1) {
        switch (c) {
        case 'f':
            from = languages[option_word(prog, "--from", optarg, languages)];
            break;
        case 'D':
            add_define(&defs, optarg);
            break;
        case 'p': props = optarg; break;
        case 't':
            to = outputs[option_word(prog, "--to", optarg, outputs)];
            break;
        case 'o': output = optarg; break;
        case 'h': usage(stdout); return EXIT_OK;
        case 'V': print_version(prog); return EXIT_OK;
        case ':': usage_error(prog, "option '%s' needs an argument",
                              argv[optind - 1]);
        default:  usage_error(prog, "unknown option '%s'", argv[optind - 1]);
        }
    }
    const char *path = single_input(prog, argc, argv, optind);
    size_t len;
    char *text = read_input(prog, path, SAN_MAX_INPUT, &len);
    diag d;
    diag_init(&d, prog, stderr);
    desc dsc;
    int prism = from ? strcmp(from, "prism") == 0 : ends_with(path, ".sm") ||
                                                   ends_with(path, ".prism");
    if (prism && strcmp(to, "prism") == 0)
        usage_error(prog, "--to prism writes a SAN model: the input is "
                    "already PRISM's");
    if (strcmp(to, "prism") == 0)
        return write_prism(text, len, path, output, &d);
    if (!prism && (defs.len || props))
        usage_error(prog, "%s a PRISM model's: the input is read as a SAN "
                    "(--from prism?)", props ? "--props reads" :
                    "-D gives");
    san_prism_opts po = {&defs, NULL, props, 0};
    if (props)
        po.props = read_input(prog, props, SAN_MAX_INPUT + 1, &po.props_len);
    int status = prism ? san_prism_to_desc(text, len, input_name(path), &po,
                                           &dsc, &d)
                       : san_to_desc(text, len, input_name(path), &dsc, &d);
    free(text);
    free((char *)po.props);
    define_list_free(&defs);
    if (status < 0)
        return EXIT_BADINPUT;

    outfile out;
    out_open_or_die(&out, prog, output);
    desc_write(out.fp, &dsc);
    status = out_commit_status(&out, prog, output);
    desc_free(&dsc);
    return status;
}
