/* diag.c — located diagnostics ("prog: file:line:col: error: message") and
 * die() for program-level failures. */
#include <stdarg.h>
#include <stdlib.h>

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
    sb_vprintf(&line, fmt, ap);
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
