/* libFuzzer target, lean: any bytes through the bench and columns reader
 * of bench2model (formats/bench.md) and the per-size statistics made of
 * what it accepts (mean, median, minimum; intervals), checking that every
 * one is finite (issue 26: no inf from finite samples). Made to reach
 * 10^7 executions; fuzz_fit adds every fit at far fewer per second. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit/fit.h"
#include "fuzz_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    diag d;
    fuzz_diag(&d);
    fit_data fd;
    int got = fit_data_read(&fd, text, size, "fuzz.bench", &d);
    free(text);
    if (got < 0)
        return 0;
    for (size_t s = 0; s < fd.series.len; s++) {
        const fit_series *ser = &fd.series.items[s];
        fit_points pts = {0};
        fit_points_of(ser, (fit_stat)(size % 3), &pts);
        for (size_t i = 0; i < pts.len; i++)
            if (!isfinite(pts.items[i].y))
                abort();
        fit_intervals_vec iv = {0};
        fit_intervals(ser, size % 4, &iv);
        for (size_t k = 0; k < iv.len; k++)
            if (!isfinite(iv.items[k].mean) || !isfinite(iv.items[k].median))
                abort();
        free(iv.items);
        free(pts.items);
    }
    fit_data_free(&fd);
    return 0;
}
