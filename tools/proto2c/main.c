/* proto2c — translate a prototype (the language of Piola 2002) into C: a
 * standalone simulator over lib/sim, or a real MPI program. See
 * man/man1/proto2c.1; the translation is lib/proto/emit.c. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "proto/proto.h"

static const char *const prog = "proto2c";

#define MAX_PROTO_BYTES ((size_t)16 << 20)

static void usage(FILE *fp)
{
    fprintf(fp,
"Usage: %s [OPTION]... [PROGRAM.proto]\n"
"Translate a prototype (standard input when absent or '-') into C.\n"
"\n"
"  -t, --target=sim     a standalone simulator: links with the perfpipe\n"
"                       library, takes netsim's options and writes the same\n"
"                       timeline as netsim (the default)\n"
"  -t, --target=mpi     a self-contained MPI program that runs the prototype\n"
"                       for real and writes the measured timeline\n"
"  -o, --output=FILE    write to FILE, replaced only when all went well\n"
"  -h, --help           show this help and exit\n"
"  -V, --version        show the version and exit\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 bad usage or bad input.\n"
"\n"
"Examples:\n"
"  %s ring.proto > ring.c && cc -std=c11 -Ilib ring.c build/libperfpipe.a -lm\n"
"  %s -t mpi ring.proto > ring-mpi.c && mpicc ring-mpi.c -lm -o ring-mpi &&\n"
"      mpirun -n 4 ./ring-mpi\n", prog, prog, prog);
}

int main(int argc, char **argv)
{
    static const struct option options[] = {
        {"target", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const char *output = NULL;
    int mpi = 0, c;
    static const char *const targets[] = {"sim", "mpi", NULL};
    set_program_name(prog);
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":t:o:hV", options, NULL)) != -1) {
        switch (c) {
        case 't':
            mpi = option_word(prog, "--target", optarg, targets);
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
    char *text = read_input(prog, path, MAX_PROTO_BYTES, &len);
    diag d;
    diag_init(&d, prog, stderr);
    proto_program *p = proto_compile(text, len, input_name(path), &d);
    free(text);
    if (!p)
        return EXIT_BADINPUT;

    outfile out;
    out_open_or_die(&out, prog, output);
    if (mpi)
        proto_emit_mpi(out.fp, p);
    else
        proto_emit_sim(out.fp, p);
    int status = out_commit_status(&out, prog, output);
    proto_program_free(p);
    return status;
}
