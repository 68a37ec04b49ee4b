/* libFuzzer target: any bytes through the prototype front end, the checks
 * and both C emitters. Bad input must give diagnostics and NULL, never a
 * crash, a leak or undefined behaviour (make fuzz: ASan and UBSan). */
#include <stdint.h>
#include <stdio.h>

#include "proto/proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    diag d;
    diag_init(&d, "fuzz", sink);
    proto_program *p = proto_compile((const char *)data, size, "fuzz.proto",
                                     &d);
    if (p) {
        proto_emit_sim(sink, p);
        proto_emit_mpi(sink, p);
    }
    proto_program_free(p);
    return 0;
}
