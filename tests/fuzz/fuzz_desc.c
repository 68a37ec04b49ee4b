/* libFuzzer target: any bytes through the descriptor reader (san-desc and
 * the thesis's plain file); a descriptor it accepts is written back and,
 * when small, multiplied by the ones vector with every algorithm in both
 * modes, and checked for negative rates. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "desc/desc.h"
#include "mvd/mvd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void multiply_all(const desc *d, diag *dg)
{
    mvd_space sp;
    if (mvd_space_build(&sp, d, 4096, dg) < 0)
        return;
    (void)mvd_check_rates(d, &sp, dg, (srcloc){"fuzz.desc", 0, 0});
    double *x = xmalloc(d->nn * sizeof *x), *y = xmalloc(d->nn * sizeof *y);
    for (uint64_t i = 0; i < d->nn; i++)
        x[i] = 1;
    for (int algo = MVD_SHUFFLE; algo <= MVD_SPARSE; algo++)
        for (int faithful = 0; faithful <= 1; faithful++) {
            mvd_plan *p = mvd_plan_new_mode(d, &sp, (mvd_algo)algo, faithful,
                                            (size_t)1 << 24, dg);
            if (p) {
                mvd_multiply(p, x, y);
                mvd_plan_free(p);
            }
        }
    free(x);
    free(y);
    mvd_space_free(&sp);
}

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
        desc_write(sink, &d);
        if (d.nn <= 4096)
            multiply_all(&d, &dg);
        desc_free(&d);
    }
    fclose(in);
    return 0;
}
