/* libFuzzer target: any bytes through the vector reader (vector 1, and the
 * plain list of numbers) against a small descriptor with an unreachable
 * state, so the check of entries off the reachable space runs too; a
 * vector it accepts is multiplied by the descriptor and written back. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "desc/desc.h"
#include "mvd/mvd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Two processes sharing one resource (formats/san-desc.md): 4 product
 * states, (U, U) unreachable. */
static const char model[] =
    "san-desc 1\n"
    "automaton A I U\n"
    "automaton B I U\n"
    "function free_B st B 0 ==\n"
    "function free_A st A 0 ==\n"
    "term local A\nfactor A\n"
    "e 0 0 -2 free_B\ne 0 1 2 free_B\ne 1 0 3\ne 1 1 -3\n"
    "term local B\nfactor B\n"
    "e 0 0 -2 free_A\ne 0 1 2 free_A\ne 1 0 3\ne 1 1 -3\n"
    "function not_both st A 1 == st B 1 == and not\n"
    "reachability not_both\n"
    "end 2 3 2\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    static desc d;
    static mvd_space sp;
    static mvd_plan *plan;
    static diag dg;
    if (!sink) {
        sink = fopen("/dev/null", "w");
        diag_init(&dg, "fuzz", sink);
        FILE *m = fmemopen((void *)model, strlen(model), "r");
        if (!m || desc_read(&d, m, "model.desc", &dg) != 0 ||
            mvd_space_build(&sp, &d, 16, &dg) != 0 ||
            !(plan = mvd_plan_new_mode(&d, &sp, MVD_SLICE, 0, 1 << 20, &dg)))
            abort();   /* the fixed model must read */
        fclose(m);
    }
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    double x[4], y[4];
    if (mvd_vector_read(in, "fuzz.vec", &d, &sp, x, &dg) == 0) {
        mvd_multiply(plan, x, y);
        mvd_vector_write(sink, y, d.nn);
    }
    fclose(in);
    return 0;
}
