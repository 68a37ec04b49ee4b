/* libFuzzer target: any bytes through the PRISM front end (san2desc's
 * .sm reader, formats/prism-subset.md): split at the first NUL into a
 * model and a properties file (--props), with -D N=3 given. Bad input
 * must give diagnostics and -1, never a crash, a leak or undefined
 * behaviour (make fuzz: ASan and UBSan). The descriptor of a model it
 * accepts goes through desc_checks.h: mvd-solve's reader must take it
 * back, and the kernels run. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

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
    const char *text = (const char *)data, *nul = memchr(text, 0, size);
    size_t len = nul ? (size_t)(nul - text) : size;
    static char n_name[] = "N";
    define_value n = {n_name, 3, 0};
    define_list defs = {&n, 1, 1};
    san_prism_opts o = {&defs, NULL, "fuzz.csl", 0};
    if (nul) {
        o.props = nul + 1;
        o.props_len = size - len - 1;
    }
    desc dsc;
    if (san_prism_to_desc(text, len, "fuzz.sm", &o, &dsc, &d) != 0)
        return 0;
    fuzz_desc_checks(&dsc, &d);
    desc_free(&dsc);
    return 0;
}
