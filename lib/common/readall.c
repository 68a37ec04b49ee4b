/* readall.c — slurping an input stream, for parsers that work on buffers. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

/* The one rule for inputs (README.md, "Conventions"): what cannot be
 * read — a missing or unreadable file, a directory, a closed standard
 * input, a read error — is an I/O failure, exit 1; what was read but is
 * not valid, an input too large included, is bad input, exit 2. fstat
 * catches a directory (which fopen opens) and a closed stdin at once, so
 * the readers that stream (tf_reader) need no second rule for them. */
FILE *in_open_or_die(const char *prog, const char *path)
{
    FILE *in = in_open(path);
    struct stat st;
    int why = !in ? 0 : fstat(fileno(in), &st) != 0 ? errno   /* EBADF */
                     : S_ISDIR(st.st_mode) ? EISDIR : 0;
    if (why) {
        in_close(in);
        in = NULL;
        errno = why;
    }
    if (!in)
        die(prog, EXIT_RUNTIME, "cannot read '%s': %s", input_name(path),
            strerror(errno));
    return in;
}

char *read_input(const char *prog, const char *path, size_t max_bytes,
                 size_t *len)
{
    FILE *in = in_open_or_die(prog, path);
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
