/* libFuzzer target: any bytes through the SAN front end, its checks and
 * the descriptor writer. Bad input must give diagnostics and -1, never a
 * crash, a leak or undefined behaviour (make fuzz: ASan and UBSan). The
 * descriptor of a model it accepts goes through desc_checks.h: mvd-solve's
 * reader must take it back (san2desc | mvd-solve), and the kernels run. */
#include <stdint.h>
#include <stdio.h>

#include "desc_checks.h"
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
    if (san_to_desc((const char *)data, size, "fuzz.san", &dsc, &d) != 0)
        return 0;
    fuzz_desc_checks(&dsc, &d);
    desc_free(&dsc);
    return 0;
}
