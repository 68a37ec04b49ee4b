/* readall.c — slurping an input stream, for parsers that work on buffers. */
#include <errno.h>
#include <stdlib.h>

#include "common/common.h"

char *read_all(FILE *fp, size_t max_bytes, size_t *len)
{
    size_t cap = 0, n = 0;
    char *buf = NULL;
    for (;;) {
        grow_array((void **)&buf, &cap, 1, n + 65536 + 1);
        size_t got = fread(buf + n, 1, cap - n - 1, fp);
        n += got;
        if (n > max_bytes) {
            free(buf);
            errno = EFBIG;
            return NULL;
        }
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        int saved = errno ? errno : EIO;
        free(buf);
        errno = saved;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
