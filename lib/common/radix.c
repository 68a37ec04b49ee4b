/* radix.c — sort_below (common.h): an LSD radix sort of integers known
 * to lie below a bound. */
#include <stdlib.h>
#include <string.h>

#include "common/common.h"

void sort_below(uint64_t *a, size_t n, uint64_t below)
{
    if (n < 2)
        return;
    uint64_t *tmp = xmalloc(n * sizeof *tmp), *from = a, *to = tmp;
    for (int shift = 0; shift == 0 || (shift < 64 && (below - 1) >> shift);
         shift += 8) {
        size_t count[257] = {0};
        for (size_t i = 0; i < n; i++)
            count[(from[i] >> shift & 255) + 1]++;
        for (int b = 0; b < 256; b++)
            count[b + 1] += count[b];
        for (size_t i = 0; i < n; i++)
            to[count[from[i] >> shift & 255]++] = from[i];
        uint64_t *swap = from;
        from = to;
        to = swap;
    }
    if (from != a)
        memcpy(a, from, n * sizeof *a);
    free(tmp);
}
