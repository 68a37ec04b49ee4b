/* libFuzzer target: any bytes through the descriptor reader (san-desc and
 * the thesis's plain file); a descriptor it accepts goes through
 * desc_checks.h (written and read back, space, rates, every MVD kernel). */
#include <stdint.h>
#include <stdio.h>

#include "desc_checks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    diag dg;
    diag_init(&dg, "fuzz", sink);
    desc d;
    if (desc_read(&d, in, "fuzz.desc", &dg) == 0) {
        fuzz_desc_checks(&d, &dg);
        desc_free(&d);
    }
    fclose(in);
    return 0;
}
