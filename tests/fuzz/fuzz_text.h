/* fuzz_text.h — what the fit targets (fuzz_app, fuzz_fit, fuzz_pamela,
 * fuzz_bench) and fuzz_simgrid share: the input as the C string the
 * readers take, and a sink for their diagnostics and output. */
#ifndef FUZZ_TEXT_H
#define FUZZ_TEXT_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"

/* The size bytes of data and a NUL, in memory the caller frees; NULL when
 * there is none (the input is skipped). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return NULL;
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

/* /dev/null, opened once. */
static inline FILE *fuzz_sink(void)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    return sink;
}

/* A diagnostics sink into fuzz_sink. */
static inline void fuzz_diag(diag *d)
{
    diag_init(d, "fuzz", fuzz_sink());
}

#endif
