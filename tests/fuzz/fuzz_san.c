/* libFuzzer target: any bytes through the SAN front end, its checks and
 * the descriptor writer. Bad input must give diagnostics and -1, never a
 * crash, a leak or undefined behaviour (make fuzz: ASan and UBSan). */
#include <stdint.h>
#include <stdio.h>

#include "san/san.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    diag d;
    diag_init(&d, "fuzz", sink);
    desc dsc;
    if (san_to_desc((const char *)data, size, "fuzz.san", &dsc, &d) == 0) {
        desc_write(sink, &dsc);
        desc_free(&dsc);
    }
    return 0;
}
