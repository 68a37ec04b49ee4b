/* libFuzzer target: any bytes through gstr-sched's app-graph reader
 * alone. Bad input must give diagnostics, never a crash, a leak or
 * undefined behaviour; an app-graph it accepts holds together (its tasks
 * the sum of the cardinalities, every edge forward), and written back
 * (sched_write_app) it reads back with the same batches and writes the
 * same bytes again. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/generate.h"
#include "sched/sched.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *written(const sched_app *a, size_t *len)
{
    char *buf = NULL;
    FILE *mem = open_memstream(&buf, len);
    if (!mem)
        abort();
    sched_write_app(mem, a, NULL);
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
    sched_app a;
    if (sched_app_parse(&a, (const char *)data, size, "fuzz.graph", &d) != 0)
        return 0;
    uint64_t tasks = 0;
    for (size_t b = 0; b < a.batches.len; b++)
        tasks += a.batches.items[b].m;
    if (a.batches.len == 0 || tasks != a.tasks)
        abort();
    for (size_t e = 0; e < a.edges.len; e++)
        if (a.edges.items[e].from >= a.edges.items[e].to ||
            a.edges.items[e].to >= a.batches.len)
            abort();
    size_t len1, len2;
    char *one = written(&a, &len1);
    sched_app again;
    diag_init(&d, "fuzz", stderr);     /* a refusal here is the finding */
    if (sched_app_parse(&again, one, len1, "written.graph", &d) != 0)
        abort();
    if (again.batches.len != a.batches.len || again.tasks != a.tasks)
        abort();
    for (size_t b = 0; b < a.batches.len; b++)
        if (strcmp(again.batches.items[b].name, a.batches.items[b].name) != 0 ||
            again.batches.items[b].type != a.batches.items[b].type ||
            again.batches.items[b].m != a.batches.items[b].m)
            abort();
    char *two = written(&again, &len2);
    if (len1 != len2 || memcmp(one, two, len1) != 0)
        abort();
    free(one);
    free(two);
    sched_app_free(&again);
    sched_app_free(&a);
    return 0;
}
