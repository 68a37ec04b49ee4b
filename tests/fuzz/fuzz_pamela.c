/* libFuzzer target, lean: any bytes through the application-model reader
 * of bench2model predict (formats/pamela.md), then one evaluation within
 * a budget of 10^4 steps against a fixed machine model read once. Made to
 * reach 10^7 executions (issue 26); fuzz_app drives the same language
 * harder (a machine model from the input, the full 10^7-step budget, a
 * second run with a param set) at far fewer executions per second. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fit/fit.h"
#include "fuzz_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char fixed[] =
    "perf-model 1\n"
    "poly f 1 100 2 0.5 -0.01 0.003\n"
    "interval add_int 1 8 0.5 0.7 0.6 0.6\n"
    "interval send 4 8 20 23 21 21\n"
    "interval send 1024 8 30 33 31 31\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fit_model machine;
    static int ready;
    diag d;
    fuzz_diag(&d);
    if (!ready) {
        if (fit_machine_read(&machine, fixed, sizeof fixed - 1, "fixed.pm",
                             &d) < 0)
            abort();   /* the fixed model is valid */
        ready = 1;
    }
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    fit_app *app = fit_app_parse(text, size, "fuzz.pam", &d);
    free(text);
    if (!app)
        return 0;
    fit_app_set_budget(app, 1e4);
    fit_prediction *out = calloc(fit_app_predicts(app) + 1, sizeof *out);
    double first;
    if (out && fit_app_predict(app, &machine, out, &first, &d) == 0)
        for (size_t i = 0; i < fit_app_predicts(app); i++)
            if (!(out[i].lo >= 0 && out[i].lo <= out[i].hi))
                abort();   /* a prediction is a time interval (TIME_RULE) */
    free(out);
    fit_app_free(app);
    return 0;
}
