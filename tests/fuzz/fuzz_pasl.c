/* libFuzzer target: any bytes through the PASL front end and checks.
 * Bad input must give diagnostics and NULL, never a crash, a leak or
 * undefined behaviour (make fuzz builds it with ASan and UBSan). */
#include <stdint.h>
#include <stdio.h>

#include "pasl/pasl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    diag d;
    diag_init(&d, "fuzz", sink);
    /* Small limits keep each run fast; the bound logic is what is tested. */
    pasl_limits limits = {10000, 1000000};
    pasl_spec *spec = pasl_parse((const char *)data, size, "fuzz.pasl", &d);
    pasl_graph *g = spec ? pasl_build(spec, &limits, &d) : NULL;
    if (g) {
        pasl_stats s;
        pasl_graph_stats(g, &s);
        pasl_write_graph(sink, g, s.tasks + s.task_links < 100000);
        pasl_write_dot(sink, g);
    }
    pasl_graph_free(g);
    pasl_spec_free(spec);
    return 0;
}
