/* readall.c — slurping an input stream, for parsers that work on buffers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

const char *input_name(const char *path)
{
    return !path || strcmp(path, "-") == 0 ? "<stdin>" : path;
}

char *read_input(const char *prog, const char *path, size_t max_bytes,
                 size_t *len)
{
    FILE *in = in_open(path);
    if (!in)
        die(prog, EXIT_BADINPUT, "cannot open '%s': %s", path,
            strerror(errno));
    char *text = read_all(in, max_bytes, len);
    int read_errno = errno;
    in_close(in);
    if (!text && read_errno == EFBIG)
        die(prog, EXIT_BADINPUT, "cannot read '%s': larger than %zu bytes",
            input_name(path), max_bytes);
    if (!text)
        die(prog, EXIT_RUNTIME, "cannot read '%s': %s", input_name(path),
            strerror(read_errno));
    return text;
}
