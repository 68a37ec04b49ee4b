/* libFuzzer target: any bytes through gstr-sched's platform reader alone.
 * Bad input must give diagnostics, never a crash, a leak or undefined
 * behaviour; a platform it accepts is written back (sched_write_platform),
 * and that text must read back and write the same bytes again. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/generate.h"
#include "sched/sched.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* p written to a string (malloc'd), its length in *len. */
static char *written(const sched_platform *p, size_t *len)
{
    char *buf = NULL;
    FILE *mem = open_memstream(&buf, len);
    if (!mem)
        abort();
    sched_write_platform(mem, p);
    fclose(mem);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    diag d;
    diag_init(&d, "fuzz", sink);
    sched_platform p;
    if (sched_platform_parse(&p, (const char *)data, size, "fuzz.platform",
                             &d) != 0)
        return 0;
    if (p.ups.len == 0 || p.groups.len == 0)
        abort();                       /* accepted: a UP and a group */
    size_t len1, len2;
    char *one = written(&p, &len1);
    sched_platform again;
    diag_init(&d, "fuzz", stderr);     /* a refusal here is the finding */
    if (sched_platform_parse(&again, one, len1, "written.platform", &d) != 0)
        abort();
    char *two = written(&again, &len2);
    if (len1 != len2 || memcmp(one, two, len1) != 0)
        abort();
    free(one);
    free(two);
    sched_platform_free(&again);
    sched_platform_free(&p);
    return 0;
}
