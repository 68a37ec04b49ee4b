/* libFuzzer target: any bytes through the bench/columns reader and every
 * fit bench2model makes of what it accepts (means, polynomials of degree
 * 0-3, piecewise lines given and searched, intervals, the writers), and
 * through the perf-model reader. */
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
    if (fit_data_read(&fd, text, size, "fuzz.bench", &d) == 0) {
        for (size_t s = 0; s < fd.series.len; s++) {
            const fit_series *ser = &fd.series.items[s];
            fit_points pts = {0};
            /* The statistic and the weighting from the input's length:
             * every combination is reached. */
            fit_points_of(ser, (fit_stat)(size % 3), &pts);
            fit_weight wt = size % 2 ? FIT_WEIGHT_RELATIVE : FIT_WEIGHT_NONE;
            const char *why;
            for (int deg = 0; deg <= 3; deg++) {
                fit_poly f;
                if (fit_polynomial_weighted(pts.items, pts.len, deg, wt, &f,
                                            &why) == 0)
                    fit_write_poly(fuzz_sink(), "f", &f);
            }
            for (size_t r = 1; r <= 3; r++) {
                fit_piecewise f;
                if (fit_piecewise_weighted(pts.items, pts.len, r, NULL, -1,
                                           wt, &f, &d,
                                           (srcloc){"fuzz", 0, 0}) == 0) {
                    fit_warn_negative(&f, "f", &d, (srcloc){"fuzz", 0, 0});
                    fit_write_net_model(fuzz_sink(), "f", &f, pts.items, pts.len,
                                        FIT_SIGN_ABS, &d,
                                        (srcloc){"fuzz", 0, 0});
                    fit_write_smpi(fuzz_sink(), "f", &f, &d, (srcloc){"fuzz", 0, 0});
                }
            }
            if (pts.len) {
                double b[1] = {pts.items[pts.len / 2].x};
                fit_piecewise f;
                fit_piecewise_line(pts.items, pts.len, 0, b, 1, &f, &d,
                                   (srcloc){"fuzz", 0, 0});
            }
            fit_intervals_vec iv = {0};
            fit_intervals(ser, 2, &iv);
            for (size_t k = 0; k < iv.len; k++)
                fit_write_interval(fuzz_sink(), ser->kind, &iv.items[k]);
            free(iv.items);
            free(pts.items);
        }
        fit_data_free(&fd);
    }
    fit_model m;
    if (fit_model_read(&m, text, size, "fuzz.pm", &d) == 0) {
        for (size_t k = 0; k < m.functions.len; k++) {
            int outside;
            for (double x = 0; x < 1e7; x = x * 3 + 1)
                (void)fit_function_eval(&m.functions.items[k], x, &outside);
        }
        fit_model_free(&m);
    }
    free(text);
    return 0;
}
