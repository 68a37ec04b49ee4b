/* libFuzzer target: any bytes through the shared text-format reader. */
#include <stdint.h>
#include <stdio.h>

#include "common/common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;   /* fmemopen refuses size 0 on some libcs */
    diag d;
    diag_init(&d, "fuzz", sink);
    tf_reader r;
    if (tf_open(&r, in, "fuzz.txt", &d, NULL, 1000) == 0) {
        int got;   /* -1 (a bad line) goes on with the next line */
        while ((got = tf_next(&r)) != 0) {
            for (size_t i = 0; got > 0 && i < r.fields.len; i++)
                tf_put_string(sink, r.fields.items[i].text);
        }
        tf_close(&r);
    }
    fclose(in);
    return 0;
}
