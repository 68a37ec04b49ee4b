/* diag.c — located diagnostics ("prog: file:line:col: error: message") and
 * die() for program-level failures. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"

void diag_init(diag *d, const char *prog, FILE *out)
{
    *d = (diag){.prog = prog, .out = out ? out : stderr};
}

/* sb_printf with a va_list (the header has no such entry point); a
 * diagnostic is rarely longer than the stack buffer. */
static void sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
    char small[256];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        sb_putn(sb, small, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    sb_putn(sb, big, (size_t)n);
    free(big);
}

/* Input quoted in a message is cut: a '...' span of more than QUOTE_MAX
 * bytes keeps its first QUOTE_KEEP bytes and "...", so a 1 MB token gives
 * a one-line message ("number '77777...' is out of range"). Every message
 * quotes input that way, so this one place covers every front end and
 * format. A quote opens after a byte that is not a letter or digit and
 * closes before one, so the apostrophe of "program's" opens nothing. A
 * message still longer than MESSAGE_MAX (input not quoted) keeps its
 * start and its end, where "what was expected" is. Cuts never split a
 * UTF-8 sequence. */
enum { QUOTE_KEEP = 40, QUOTE_MAX = 128, MESSAGE_MAX = 2048,
       MESSAGE_TAIL = 256 };

static int is_word_byte(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || (unsigned char)c >= 0x80;
}

static int is_continuation(char c)
{
    return ((unsigned char)c & 0xc0) == 0x80;
}

/* Moves back from s + at to the start of the UTF-8 sequence it is in, not
 * below floor and by at most three bytes (a sequence is four at most): in
 * bytes that are not UTF-8 (a run of continuation bytes) at stays, so
 * the cut is never before floor. */
static size_t utf8_start(const char *s, size_t floor, size_t at)
{
    size_t back = at;
    while (back > floor && at - back < 3 && is_continuation(s[back]))
        back--;
    return is_continuation(s[back]) ? at : back;
}

static void put_cut(strbuf *out, const char *msg, size_t n)
{
    size_t i = 0;
    while (i < n) {
        const char *q = memchr(msg + i, '\'', n - i);
        if (!q) {
            sb_putn(out, msg + i, n - i);
            return;
        }
        size_t open = (size_t)(q - msg);
        sb_putn(out, msg + i, open + 1 - i);
        i = open + 1;
        if (open > 0 && is_word_byte(msg[open - 1]))
            continue;   /* an apostrophe */
        size_t close = i;
        while (close < n && !(msg[close] == '\'' &&
                              (close + 1 == n || !is_word_byte(msg[close + 1]))))
            close++;
        if (close >= n)
            continue;   /* never closed: not a quote */
        if (close - i > QUOTE_MAX) {
            sb_putn(out, msg + i, utf8_start(msg, i, i + QUOTE_KEEP) - i);
            sb_puts(out, "...");
        } else {
            sb_putn(out, msg + i, close - i);
        }
        sb_putc(out, '\'');
        i = close + 1;
    }
}

static void put_message(strbuf *line, const char *fmt, va_list ap)
{
    strbuf msg = {0}, cut = {0};
    sb_vprintf(&msg, fmt, ap);
    put_cut(&cut, sb_str(&msg), msg.len);
    if (cut.len <= MESSAGE_MAX) {
        sb_putn(line, sb_str(&cut), cut.len);
    } else {
        size_t head = utf8_start(cut.text, 0, MESSAGE_MAX - MESSAGE_TAIL);
        size_t tail = cut.len - MESSAGE_TAIL;
        while (tail < cut.len && tail - (cut.len - MESSAGE_TAIL) < 3 &&
               is_continuation(cut.text[tail]))
            tail++;
        sb_putn(line, cut.text, head);
        sb_puts(line, " ... ");
        sb_putn(line, cut.text + tail, cut.len - tail);
    }
    sb_free(&msg);
    sb_free(&cut);
}

/* Formats the whole line first and prints it with one call: stderr is
 * unbuffered, and one call is one write(2) with glibc, so diagnostics of
 * programs sharing a terminal in a pipeline do not interleave mid-line. */
static void report(diag *d, srcloc at, const char *kind, const char *fmt,
                   va_list ap)
{
    strbuf line = {0};
    if (d->prog)
        sb_printf(&line, "%s: ", d->prog);
    if (at.file) {
        sb_puts(&line, at.file);
        if (at.line > 0) {
            sb_printf(&line, ":%d", at.line);
            if (at.col > 0)
                sb_printf(&line, ":%d", at.col);
        }
        sb_puts(&line, ": ");
    }
    sb_printf(&line, "%s: ", kind);
    put_message(&line, fmt, ap);
    sb_putc(&line, '\n');
    fputs(line.text, d->out);
    sb_free(&line);
}

/* Errors past max_errors are counted (the exit status still reflects them)
 * but not printed, so one broken input does not bury the terminal. */
static void error_v(diag *d, srcloc at, const char *fmt, va_list ap)
{
    d->errors++;
    if (d->max_errors <= 0 || d->errors <= d->max_errors)
        report(d, at, "error", fmt, ap);
}

void diag_verror(diag *d, srcloc at, const char *fmt, va_list ap)
{
    error_v(d, at, fmt, ap);
}

void diag_error(diag *d, srcloc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_v(d, at, fmt, ap);
    va_end(ap);
}

void diag_warning(diag *d, srcloc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (d->warnings_are_errors) {
        error_v(d, at, fmt, ap);
    } else {
        d->warnings++;
        report(d, at, "warning", fmt, ap);
    }
    va_end(ap);
}

/* A note explains the diagnostic just before it; once errors are being
 * suppressed it would explain nothing visible, so it is suppressed too. */
void diag_note(diag *d, srcloc at, const char *fmt, ...)
{
    if (d->max_errors > 0 && d->errors > d->max_errors)
        return;
    va_list ap;
    va_start(ap, fmt);
    report(d, at, "note", fmt, ap);
    va_end(ap);
}

void die(const char *prog, int status, const char *fmt, ...)
{
    strbuf line = {0};
    va_list ap;
    va_start(ap, fmt);
    if (prog)
        sb_printf(&line, "%s: ", prog);
    sb_vprintf(&line, fmt, ap);
    va_end(ap);
    sb_putc(&line, '\n');
    fputs(line.text, stderr);   /* one write, as in report() */
    sb_free(&line);
    exit(status);
}
