/* mem.c — allocation that cannot fail, growable arrays and strings, and
 * overflow-checked size arithmetic. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"

/* The one process-wide variable of lib/common (common.h says why). */
static const char *program_name = "perfpipe";

void set_program_name(const char *prog)
{
    if (prog)
        program_name = prog;
}

/* Running out of memory is not the user's input's fault: exit 1. One
 * fputs of a short line, which needs no allocation. */
void out_of_memory(void)
{
    fputs(program_name, stderr);
    fputs(": out of memory\n", stderr);
    exit(EXIT_RUNTIME);
}

/* Sizes of 0 are bumped to 1: malloc(0) may legitimately return NULL,
 * which must not be mistaken for exhaustion. */
void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    if (count == 0 || size == 0)
        count = size = 1;
    void *p = calloc(count, size);   /* calloc checks count * size itself */
    if (!p)
        out_of_memory();
    return p;
}

/* realloc(p, 0) may free p and return NULL; never ask it that. */
void *xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

static char *copy_bytes(const char *s, size_t len)
{
    char *copy = xmalloc(len + 1);
    memcpy(copy, s, len);
    copy[len] = '\0';
    return copy;
}

char *xstrdup(const char *s)
{
    return copy_bytes(s, strlen(s));
}

/* Copies at most n bytes of s (fewer when s is shorter), NUL-terminated. */
char *xstrndup(const char *s, size_t n)
{
    return copy_bytes(s, strnlen(s, n));
}

void grow_array(void **items, size_t *cap, size_t elem_size, size_t need)
{
    if (need <= *cap)
        return;
    size_t new_cap = *cap ? *cap : 8;
    while (new_cap < need)
        new_cap = new_cap > SIZE_MAX / 2 ? need : new_cap * 2;
    size_t bytes;
    /* Doubling may overflow where `need` itself would not: fall back to
     * exactly `need` before giving up. */
    if (__builtin_mul_overflow(new_cap, elem_size, &bytes)) {
        new_cap = need;
        if (__builtin_mul_overflow(new_cap, elem_size, &bytes))
            out_of_memory();
    }
    *items = xrealloc(*items, bytes);
    *cap = new_cap;
}

/* ---------------------------------------------------------------- strbuf */

/* Makes room for n more bytes plus the terminating NUL. */
static void sb_reserve(strbuf *sb, size_t n)
{
    size_t need;
    if (__builtin_add_overflow(sb->len, n, &need) ||
        __builtin_add_overflow(need, 1, &need))
        out_of_memory();
    grow_array((void **)&sb->text, &sb->cap, 1, need);
}

void sb_putn(strbuf *sb, const char *s, size_t n)
{
    sb_reserve(sb, n);
    if (n)
        memcpy(sb->text + sb->len, s, n);
    sb->len += n;
    sb->text[sb->len] = '\0';
}

void sb_putc(strbuf *sb, char c)
{
    sb_putn(sb, &c, 1);
}

void sb_puts(strbuf *sb, const char *s)
{
    sb_putn(sb, s, strlen(s));
}

/* Formats straight into the spare capacity; only output longer than that
 * needs a second pass, after growing. */
void sb_printf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    sb_reserve(sb, 64);
    va_start(ap, fmt);
    int n = vsnprintf(sb->text + sb->len, sb->cap - sb->len, fmt, ap);
    va_end(ap);
    if (n < 0) {
        sb->text[sb->len] = '\0';   /* encoding error: append nothing */
        return;
    }
    if ((size_t)n >= sb->cap - sb->len) {
        sb_reserve(sb, (size_t)n);
        va_start(ap, fmt);
        vsnprintf(sb->text + sb->len, sb->cap - sb->len, fmt, ap);
        va_end(ap);
    }
    sb->len += (size_t)n;
}

const char *sb_str(const strbuf *sb)
{
    return sb->text ? sb->text : "";
}

void sb_clear(strbuf *sb)
{
    sb->len = 0;
    if (sb->text)
        sb->text[0] = '\0';
}

void sb_free(strbuf *sb)
{
    free(sb->text);
    sb->text = NULL;
    sb->len = sb->cap = 0;
}

/* ------------------------------------------------------- size arithmetic */

int mul_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    uint64_t r;
    if (__builtin_mul_overflow(a, b, &r))
        return 0;
    *out = r;
    return 1;
}

int add_u64(uint64_t a, uint64_t b, uint64_t *out)
{
    uint64_t r;
    if (__builtin_add_overflow(a, b, &r))
        return 0;
    *out = r;
    return 1;
}

/* n = a parts + b with b < parts, so n q / parts = a q + b q / parts, and
 * b q < 2^64 when parts <= 2^32. */
uint64_t split_start(uint64_t n, uint64_t q, uint64_t parts)
{
    return n / parts * q + n % parts * q / parts;
}
