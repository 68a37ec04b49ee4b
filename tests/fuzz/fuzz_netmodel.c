/* libFuzzer target: any bytes through the net-model reader, and a model it
 * accepts written back and asked for costs. */
#include <stdint.h>
#include <stdio.h>

#include "sim/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    diag d;
    diag_init(&d, "fuzz", sink);
    net_model m;
    if (net_model_read(&m, in, "fuzz.net", &d) == 0) {
        net_model_write(sink, &m);
        for (double bytes = 0; bytes < 1e7; bytes = bytes * 3 + 1)
            (void)net_cost(&m, bytes);
        net_model_free(&m);
    }
    fclose(in);
    return 0;
}
