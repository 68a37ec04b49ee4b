/* libFuzzer target: any bytes through the application-model language of
 * bench2model predict (formats/pamela.md): parse, then evaluate against a
 * machine model, the bytes after a NUL when there is one (a perf-model:
 * poly, interval and predict records), else a small fixed one with a key
 * at one size and at several, a piecewise function and a keyed family. */
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
    "poly f 101 1000 1 2 0.5\n"
    "interval add_int 1 8 0.5 0.7 0.6 0.6\n"
    "interval add_int_1 1 8 0.4 0.9 0.6 0.6\n"
    "interval send 4 8 20 23 21 21\n"
    "interval send 1024 8 30 33 31 31\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    if (!text)
        return 0;
    size_t len = strlen(text);   /* the model: up to a NUL */
    const char *mtext = len < size ? text + len + 1 : fixed;
    size_t mlen = len < size ? size - len - 1 : sizeof fixed - 1;
    diag d;
    fuzz_diag(&d);
    fit_model machine;
    if (fit_machine_read(&machine, mtext, mlen, "fuzz.pm", &d) < 0)
        memset(&machine, 0, sizeof machine);
    fit_app *app = fit_app_parse(text, len, "fuzz.pam", &d);
    if (app) {
        fit_prediction *out = calloc(fit_app_predicts(app), sizeof *out);
        double first;
        if (out && fit_app_predict(app, &machine, out, &first, &d) == 0) {
            for (size_t i = 0; i < fit_app_predicts(app); i++)
                fit_write_prediction(fuzz_sink(), out[i].name, first, out[i].lo,
                                     out[i].hi);
            /* A second run with a param overridden: the memo of
             * definitions must start afresh. */
            strbuf names = {0};
            fit_app_param_names(app, &names);
            char *comma = strchr(names.text ? names.text : "", ',');
            if (comma)
                *comma = '\0';
            if (names.len && fit_app_set(app, names.text, 3, 4) == 0)
                (void)fit_app_predict(app, &machine, out, &first, &d);
            sb_free(&names);
        }
        free(out);
        fit_app_free(app);
    }
    fit_model_free(&machine);
    free(text);
    return 0;
}
