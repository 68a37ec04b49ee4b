/* libFuzzer target: any bytes through netsim's reader of SimGrid's
 * platform XML (lib/sim/platform.c). Bad input must give diagnostics,
 * never a crash, a leak or undefined behaviour; a platform it accepts is
 * written as the net-model it stands for, and that text must read back
 * and write the same bytes again. */
#include "fuzz_text.h"
#include "sim/sim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* m written to a string (malloc'd), its length in *len. */
static char *written(const net_model *m, size_t *len)
{
    char *buf = NULL;
    FILE *mem = open_memstream(&buf, len);
    if (!mem)
        abort();
    net_model_write(mem, m);
    fclose(mem);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *sink = fuzz_sink();
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in)
        return 0;
    diag d;
    diag_init(&d, "fuzz", sink);
    net_model m;
    long hosts = 0;
    int got = net_platform_read(&m, in, "fuzz.xml", &d, &hosts);
    fclose(in);
    if (got != 0)
        return 0;
    if (hosts < 1)
        abort();                       /* accepted: at least a host */
    size_t len1, len2;
    char *text1 = written(&m, &len1);
    net_model_free(&m);
    FILE *back = fmemopen(text1, len1, "r");
    net_model again;
    if (!back || net_model_read(&again, back, "fuzz.net", &d) != 0)
        abort();                       /* what it writes, it reads */
    fclose(back);
    char *text2 = written(&again, &len2);
    net_model_free(&again);
    /* The same again, but for the comments that say which host each node
     * is (the XML's names, not records). */
    size_t kept = 0;
    for (size_t i = 0; i < len1;) {
        size_t end = i;
        while (end < len1 && text1[end] != '\n')
            end++;
        end += end < len1;
        if (text1[i] != '#') {
            memmove(text1 + kept, text1 + i, end - i);
            kept += end - i;
        }
        i = end;
    }
    if (kept != len2 || memcmp(text1, text2, kept) != 0)
        abort();
    free(text1);
    free(text2);
    return 0;
}
