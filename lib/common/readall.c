/* readall.c — slurping an input stream, for parsers that work on buffers. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/common.h"

char *read_all(FILE *fp, size_t max_bytes, size_t *len)
{
    /* The buffer never grows past the cap plus the one byte that tells
     * an input of exactly max_bytes from a larger one (and the NUL), so
     * the cap bounds memory too, not only what is kept. */
    size_t limit = max_bytes < SIZE_MAX - 2 ? max_bytes + 2 : SIZE_MAX;
    size_t cap = 0, n = 0;
    char *buf = NULL;
    for (;;) {
        if (cap - n < 2) {
            size_t want = !cap ? 65536 : cap < limit / 2 ? cap * 2 : limit;
            cap = want < limit ? want : limit;
            buf = xrealloc(buf, cap);
        }
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

char *read_stream(const char *prog, FILE *fp, const char *file,
                  size_t max_bytes, size_t *len)
{
    errno = 0;
    char *text = read_all(fp, max_bytes, len);
    if (!text && errno == EFBIG)
        die(prog, EXIT_BADINPUT, "cannot read '%s': larger than %zu bytes",
            file, max_bytes);
    if (!text)
        die(prog, EXIT_RUNTIME, "cannot read '%s': %s", file,
            strerror(errno ? errno : EIO));
    return text;
}

int starts_with_bom(const char *text, size_t len)
{
    return len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0;
}

char *read_input(const char *prog, const char *path, size_t max_bytes,
                 size_t *len)
{
    FILE *in = in_open_or_die(prog, path);
    char *text = read_stream(prog, in, input_name(path), max_bytes, len);
    in_close(in);
    if (starts_with_bom(text, *len))
        die(prog, EXIT_BADINPUT, "%s:1:1: error: %s", input_name(path),
            BOM_MESSAGE);
    return text;
}
