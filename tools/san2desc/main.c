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
"synchronising event), with functional elements in postfix.\n"
"\n"
"  -o, --output=FILE    write to FILE, replaced only when all went well\n"
"  -h, --help           show this help and exit\n"
"  -V, --version        show the version and exit\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 bad usage or bad input.\n"
"\n"
"Example:\n"
"  san2desc examples/san/sharing-functional.san | mvd-solve --algo slice\n",
            prog);
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const char *output = NULL;
    int c;
    set_program_name(prog);
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:hV", options, NULL)) != -1) {
        switch (c) {
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
    int status = san_to_desc(text, len, input_name(path), &dsc, &d);
    free(text);
    if (status < 0)
        return EXIT_BADINPUT;

    outfile out;
    out_open_or_die(&out, prog, output);
    desc_write(out.fp, &dsc);
    status = out_commit_status(&out, prog, output);
    desc_free(&dsc);
    return status;
}
