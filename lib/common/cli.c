/* cli.c — option helpers every program's main() shares. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "common/define_core.h"

int parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    if (!text || !isdigit((unsigned char)*text))
        return -1;   /* strtoull would accept "-1" and " 1" */
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

uint64_t option_u64(const char *prog, const char *opt, const char *text,
                    uint64_t min, uint64_t max)
{
    uint64_t v;
    if (parse_u64(text, min, max, &v) == 0)
        return v;
    if (min == 1 && max == UINT64_MAX)
        usage_error(prog, "%s wants a positive integer, not '%s'", opt, text);
    usage_error(prog, "%s wants an integer from %llu to %llu, not '%s'", opt,
                (unsigned long long)min, (unsigned long long)max, text);
}

int word_index(const char *text, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(text, words[i]) == 0)
            return i;
    return -1;
}

int option_word(const char *prog, const char *opt, const char *text,
                const char *const *words)
{
    int i = word_index(text, words);
    if (i >= 0)
        return i;
    /* The list of accepted words is built from the table itself, so a word
     * added to the table is in the message at once. */
    strbuf sb = {0};
    for (int k = 0; words[k]; k++)
        sb_printf(&sb, "%s%s", k == 0 ? "" : words[k + 1] ? ", " : " or ",
                  words[k]);
    usage_error(prog, "%s wants %s, not '%s'", opt, sb_str(&sb), text);
}

double option_double(const char *prog, const char *opt, const char *text)
{
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(x))
        usage_error(prog, "%s wants a number, not '%s'", opt, text);
    return x;
}

void usage_error(const char *prog, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help'.\n", prog);
    exit(EXIT_BADINPUT);
}

void print_version(const char *prog)
{
    printf("%s (perfpipe) %s\n", prog, PERFPIPE_VERSION);
}

const char *single_input(const char *prog, int argc, char **argv, int first)
{
    if (argc - first > 1)
        usage_error(prog, "one input file at most, got %d", argc - first);
    return first < argc ? argv[first] : "-";
}

void option_applies(const char *prog, const char *opt, int applies,
                    const char *when)
{
    if (opt && !applies)
        usage_error(prog, "%s applies only %s", opt, when);
}

void out_open_or_die(outfile *o, const char *prog, const char *path)
{
    if (out_open(o, path) < 0)
        die(prog, EXIT_RUNTIME, "cannot write '%s': %s", path,
            strerror(errno));
}

int out_commit_status(outfile *o, const char *prog, const char *path)
{
    if (out_commit(o) == 0)
        return EXIT_OK;
    fprintf(stderr, "%s: cannot write '%s': %s\n", prog,
            path ? path : "<stdout>", strerror(errno));
    return EXIT_RUNTIME;
}

void option_define(const char *prog, const char *arg, char **name,
                   double *value)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg)
        usage_error(prog, "-D wants NAME=VALUE, not '%s'", arg);
    const char *wrong = proto_define_value(eq + 1, value);
    if (wrong)
        usage_error(prog, "-D %.*s: '%s' %s", (int)(eq - arg), arg, eq + 1,
                    wrong);
    *name = xstrndup(arg, (size_t)(eq - arg));
}

void define_list_add(const char *prog, define_list *l, const char *arg)
{
    define_value v = {0};
    option_define(prog, arg, &v.name, &v.value);
    for (size_t i = 0; i < l->len; i++)
        if (strcmp(l->items[i].name, v.name) == 0)
            usage_error(prog, "-D %s: given twice; give each name one value",
                        v.name);
    VEC_PUSH(l, v);
}

define_value *define_find(define_list *l, const char *name, size_t len)
{
    for (size_t i = 0; i < l->len; i++)
        if (strlen(l->items[i].name) == len &&
            memcmp(l->items[i].name, name, len) == 0) {
            l->items[i].used = 1;
            return &l->items[i];
        }
    return NULL;
}

const define_value *define_unused(const define_list *l)
{
    for (size_t i = 0; i < l->len; i++)
        if (!l->items[i].used)
            return &l->items[i];
    return NULL;
}

void define_list_free(define_list *l)
{
    for (size_t i = 0; i < l->len; i++)
        free(l->items[i].name);
    free(l->items);
    l->items = NULL;
    l->len = l->cap = 0;
}

int mpi_launched(void)
{
    return getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMIX_RANK") ||
           getenv("PMI_SIZE");
}
