/* cli.c — option helpers every program's main() shares. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>

#include "common/common.h"

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
