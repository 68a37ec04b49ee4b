/* textfmt.c — the reader and writers of perfpipe's plain-text formats.
 *
 * Syntax: the first line that is not blank or a comment is the header
 * "NAME VERSION" (a word and a non-negative decimal integer). Every other
 * such line is one record of fields separated by spaces and tabs; `#`
 * outside a string comments out the rest of the line. A field is
 *   - a string: "..." with the C escapes of c_unescape (escape.c), NUL
 *     refused, followed by whitespace, `#` or the end of the line;
 *   - a number: a field strtod parses completely (C locale: the programs
 *     never call setlocale), so integers, 1e-3, nan, inf and -inf too;
 *     one past the largest double (1e400) is refused;
 *   - a word: anything else, up to the next space, tab or `#`.
 * Columns count bytes from 1. Lines may be as long as memory allows.
 *
 * The diagnostics, all errors, each at the line and at the column of the
 * offending byte when there is one:
 *   empty input: expected a 'EXPECT' header line        (at the file: EOF)
 *   empty input: expected a format header line          (EXPECT is NULL)
 *   invalid header line: expected 'EXPECT VERSION'      (at the line;
 *                                     'NAME VERSION' when EXPECT is NULL)
 *   expected a 'EXPECT' file, got a 'NAME' file         (at NAME)
 *   NAME version V is not supported (this program reads up to MAX)  (at V)
 *   unterminated string                                 (at the opening ")
 *   invalid escape sequence '\q' in string              (at the backslash)
 *   NUL byte (\0) not allowed in string                 (at the backslash;
 *                                     the escape as written: \x00, \000...)
 *   expected whitespace after string                    (at the byte after ")
 *   NUL byte in input                                   (at the byte)
 *   BOM_MESSAGE (a UTF-8 byte-order mark)               (at 1:1)
 *   number 'N' is out of range         (at N: a number past the largest
 *                                     double, as 1e400; inf is a number)
 *   CRLF line endings (a DOS/Windows file): convert with dos2unix
 *                                     (at the first line's \r; once a file)
 *   read error: STRERROR                                (at the file)
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "common/common.h"

/* Column of byte offset i; saturates rather than overflowing on giant
 * lines (the diagnostic is still useful, just less precise). */
static int col_of(size_t i)
{
    return i < (size_t)INT_MAX ? (int)i + 1 : INT_MAX;
}

static int is_sep(char c)
{
    return c == ' ' || c == '\t' || c == '#';
}

/* Words and numbers point into r->linebuf; strings, unescaped, are their
 * own allocations. */
static void clear_fields(tf_reader *r)
{
    for (size_t i = 0; i < r->fields.len; i++)
        if (r->fields.items[i].kind == TF_STRING)
            free(r->fields.items[i].text);
    r->fields.len = 0;
}

/* Whether strtod could read a number from a word starting with c: a sign,
 * a digit, a point, inf or nan. Other words skip the conversion. */
static int may_be_number(char c)
{
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' ||
           c == 'i' || c == 'I' || c == 'n' || c == 'N';
}

/* Reads one physical line into r->linebuf without its newline and counts
 * it in r->line (a record is one line, so after the blank ones are skipped
 * r->line is the record's line). Returns 1, 0 at end of input, -1 after a
 * diagnostic. */
static int read_line(tf_reader *r)
{
    /* strbuf and getline agree on the representation (malloc'd text and
     * its capacity), so getline grows the buffer in place. */
    ssize_t n = getline(&r->linebuf.text, &r->linebuf.cap, r->fp);
    if (n < 0) {
        /* Only the end of the input is "no more lines": a read error, or
         * getline out of memory (no error flag set), is not. */
        if (feof(r->fp) && !ferror(r->fp))
            return 0;
        diag_error(r->d, (srcloc){r->file, 0, 0}, "read error: %s",
                   strerror(errno ? errno : EIO));
        return -1;
    }
    if (r->line < INT_MAX)
        r->line++;
    if (n > 0 && r->linebuf.text[n - 1] == '\n')
        n--;
    r->linebuf.text[n] = '\0';
    r->linebuf.len = (size_t)n;
    if (r->line == 1 && starts_with_bom(r->linebuf.text, (size_t)n)) {
        diag_error(r->d, (srcloc){r->file, 1, 1}, "%s", BOM_MESSAGE);
        return -1;
    }
    /* A raw NUL would silently cut a field short: refuse it. */
    const char *nul = memchr(r->linebuf.text, '\0', (size_t)n);
    if (nul) {
        size_t at = (size_t)(nul - r->linebuf.text);
        diag_error(r->d, (srcloc){r->file, r->line, col_of(at)},
                   "NUL byte in input");
        return -1;
    }
    /* A '\r' before the newline would end up in the last field of every
     * record ("1\r" is not a number): name the cause, once a file, and
     * read on without it. */
    if (n > 0 && r->linebuf.text[n - 1] == '\r') {
        r->linebuf.text[--n] = '\0';
        r->linebuf.len = (size_t)n;
        if (!r->crlf_seen) {
            r->crlf_seen = 1;
            diag_error(r->d, (srcloc){r->file, r->line, col_of((size_t)n)},
                       "CRLF line endings (a DOS/Windows file): convert "
                       "with dos2unix");
            return -1;
        }
    }
    return 1;
}

static int is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
           (c >= 'A' && c <= 'F');
}

/* Length of the escape sequence as written at s[at] (a backslash), for
 * quoting it in a diagnostic: \x and its hex digits, up to three octal
 * digits, or the one character after the backslash (a whole UTF-8
 * sequence, so the message stays valid UTF-8). n bounds the string. */
static int escape_len(const char *s, size_t n, size_t at)
{
    size_t j = at + 1;
    if (j < n && s[j] == 'x') {
        j++;
        while (j < n && j < at + 4 && is_hex(s[j]))
            j++;
    } else if (j < n && s[j] >= '0' && s[j] <= '7') {
        while (j < n && j < at + 4 && s[j] >= '0' && s[j] <= '7')
            j++;
    } else if (j < n) {
        j++;
        while (j < n && ((unsigned char)s[j] & 0xc0) == 0x80)
            j++;
    }
    return (int)(j - at);
}

/* Scans the string field opening at s[*pos] into f; leaves *pos after
 * the closing quote. Returns 0, or -1 after a diagnostic. */
static int scan_string(tf_reader *r, const char *s, size_t n, size_t *pos,
                       tf_field *f)
{
    size_t open = *pos, close = open + 1;
    /* Find the closing quote, stepping over each escape as a pair so
     * that \" does not end the string. */
    while (close < n && s[close] != '"')
        close += s[close] == '\\' && close + 1 < n ? 2 : 1;
    if (close >= n) {
        diag_error(r->d, (srcloc){r->file, r->line, col_of(open)},
                   "unterminated string");
        return -1;
    }
    strbuf text = {0};
    size_t bad;
    const char *why;
    if (c_unescape(s + open + 1, close - open - 1, &text, &bad, &why) != 0) {
        size_t at = open + 1 + bad;
        int len = escape_len(s, close, at);
        srcloc loc = {r->file, r->line, col_of(at)};
        /* c_unescape's two documented reasons (common.h). */
        if (strncmp(why, "NUL", 3) == 0)
            diag_error(r->d, loc, "NUL byte (%.*s) not allowed in string",
                       len, s + at);
        else
            diag_error(r->d, loc, "invalid escape sequence '%.*s' in string",
                       len, s + at);
        sb_free(&text);
        return -1;
    }
    if (close + 1 < n && !is_sep(s[close + 1])) {
        diag_error(r->d, (srcloc){r->file, r->line, col_of(close + 1)},
                   "expected whitespace after string");
        sb_free(&text);
        return -1;
    }
    f->kind = TF_STRING;
    f->text = text.text ? text.text : xstrdup("");   /* "" appends nothing */
    *pos = close + 1;
    return 0;
}

/* Splits r->linebuf into r->fields, ending each word in place (a field
 * lives until the next record, so no copy is needed). Returns 0, or -1
 * after a diagnostic (the fields pushed so far are left for the caller to
 * clear). */
static int split_line(tf_reader *r)
{
    char *s = r->linebuf.text;
    size_t n = r->linebuf.len, i = 0;
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i >= n || s[i] == '#')
            return 0;
        tf_field f = {.line = r->line, .col = col_of(i)};
        if (s[i] == '"') {
            if (scan_string(r, s, n, &i, &f) != 0)
                return -1;
        } else {
            /* A word runs to the next blank: `#` starts a comment only
             * where a field could start, so `B2#3` (an unrolled batch
             * instance of app-graph) is one word (formats/README.md). */
            size_t start = i;
            while (i < n && s[i] != ' ' && s[i] != '\t')
                i++;
            s[i] = '\0';              /* s[n] is the buffer's own NUL */
            f.text = s + start;
            f.kind = TF_WORD;
            if (may_be_number(*f.text)) {
                char *end;
                errno = 0;
                double x = strtod(f.text, &end);
                /* 1e400 is not infinity: refused here, as the languages'
                 * scanners do, so no reader takes it for a value (a
                 * function of a descriptor gave "-nan" from 1e400 * 0). */
                if (*end == '\0' && errno == ERANGE && isinf(x)) {
                    diag_error(r->d, (srcloc){r->file, r->line, f.col},
                               "number '%s' is out of range", f.text);
                    return -1;
                }
                if (*end == '\0') {
                    f.kind = TF_NUMBER;
                    f.number = x;
                }
            }
            VEC_PUSH(&r->fields, f);
            if (i < n)
                i++;                  /* past the separator just ended */
            continue;
        }
        VEC_PUSH(&r->fields, f);
    }
}

int tf_next(tf_reader *r)
{
    clear_fields(r);
    for (;;) {
        int got = read_line(r);
        if (got <= 0)
            return got;
        if (split_line(r) != 0) {
            /* Nothing half-read survives; the next call goes on with the
             * next line, so a caller may keep reading to report more. */
            clear_fields(r);
            return -1;
        }
        if (r->fields.len > 0)
            return 1;
    }
}

static int all_digits(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

int tf_open(tf_reader *r, FILE *fp, const char *file, diag *d,
            const char *expect_format, int max_version)
{
    *r = (tf_reader){.fp = fp, .file = file, .d = d};
    int got = tf_next(r);
    if (got == 0) {
        if (expect_format)
            diag_error(d, (srcloc){file, 0, 0},
                       "empty input: expected a '%s' header line", expect_format);
        else
            diag_error(d, (srcloc){file, 0, 0},
                       "empty input: expected a format header line");
    }
    if (got != 1)
        goto fail;

    tf_field *name = &r->fields.items[0];
    if (r->fields.len != 2 || name->kind != TF_WORD ||
        !all_digits(r->fields.items[1].text)) {
        diag_error(d, tf_loc(r, NULL),
                   "invalid header line: expected '%s VERSION'",
                   expect_format ? expect_format : "NAME");
        goto fail;
    }
    tf_field *ver = &r->fields.items[1];
    if (expect_format && strcmp(name->text, expect_format) != 0) {
        diag_error(d, tf_loc(r, name), "expected a '%s' file, got a '%s' file",
                   expect_format, name->text);
        goto fail;
    }
    /* Saturating: a version too big for an int is still "too new". */
    int version = 0;
    for (const char *p = ver->text; *p; p++)
        version = version > (INT_MAX - 9) / 10 ? INT_MAX
                                               : version * 10 + (*p - '0');
    if (version > max_version) {
        diag_error(d, tf_loc(r, ver),
                   "%s version %s is not supported (this program reads up to %d)",
                   name->text, ver->text, max_version);
        goto fail;
    }
    r->format = xstrdup(name->text);
    r->version = version;
    clear_fields(r);
    return 0;

fail:
    /* Leaves nothing to free, and tf_close stays safe to call anyway. */
    tf_close(r);
    return -1;
}

void tf_close(tf_reader *r)
{
    clear_fields(r);
    free(r->fields.items);
    r->fields.items = NULL;
    r->fields.cap = 0;
    sb_free(&r->linebuf);
    free(r->format);
    r->format = NULL;
}

srcloc tf_loc(const tf_reader *r, const tf_field *f)
{
    if (!f)
        return (srcloc){r->file, r->line, 0};
    return (srcloc){r->file, f->line, f->col};
}

/* ---------------------------------------------------------------- writers */

/* The escaped spelling of byte c, or NULL when c stands for itself.
 * Control bytes without a short escape become 3-digit octal, which the
 * reader ends after three digits whatever follows. Bytes >= 0x80 pass
 * through, so UTF-8 stays readable. */
static const char *escape_byte(unsigned char c, char buf[8])
{
    switch (c) {
    case '\\': return "\\\\";
    case '"':  return "\\\"";
    case '\n': return "\\n";
    case '\t': return "\\t";
    case '\r': return "\\r";
    }
    if (c < 0x20 || c == 0x7f) {
        snprintf(buf, 8, "\\%03o", (unsigned)c);
        return buf;
    }
    return NULL;
}

void tf_put_string(FILE *fp, const char *s)
{
    char buf[8];
    putc('"', fp);
    for (; *s; s++) {
        const char *e = escape_byte((unsigned char)*s, buf);
        if (e)
            fputs(e, fp);
        else
            putc(*s, fp);
    }
    putc('"', fp);
}

int tf_is_word(const char *s)
{
    if (!*s || *s == '#')
        return 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c <= ' ' || c == 0x7f || c == '"' || c == '\\')
            return 0;
    }
    return 1;
}

void tf_put_word(FILE *fp, const char *s)
{
    if (tf_is_word(s))
        fputs(s, fp);
    else
        tf_put_string(fp, s);
}

void sb_put_quoted(strbuf *sb, const char *s)
{
    char buf[8];
    sb_putc(sb, '"');
    for (; *s; s++) {
        const char *e = escape_byte((unsigned char)*s, buf);
        if (e)
            sb_puts(sb, e);
        else
            sb_putc(sb, *s);
    }
    sb_putc(sb, '"');
}

/* Whether x written by `form` ("%.*g" or "%.*e") at precision prec
 * (into buf) reads back as x. */
static int reads_back_as(char buf[32], const char *form, int prec, double x)
{
    snprintf(buf, 32, form, prec, x);
    return strtod(buf, NULL) == x;
}

/* ... with `digits` significant digits in %g's form. */
static int reads_back(char buf[32], double x, int digits)
{
    return reads_back_as(buf, "%.*g", digits, x);
}

/* The significant digits of a %e form without its trailing zeros. */
static int significant_digits(const char *e_form)
{
    const char *end = strchr(e_form, 'e'), *first = e_form;
    if (*first == '-')
        first++;
    while (end > first && (end[-1] == '0' || end[-1] == '.'))
        end--;
    int digits = 0;
    for (const char *c = first; c < end; c++)
        digits += *c != '.';
    return digits > 0 ? digits : 1;
}

/* %.*g's text for `digits` significant digits, from e_form, a %e form
 * of x whose digits past those are zeros (so the two round alike): C's
 * %g rule, fixed when -4 <= exponent < digits, else exponential, with no
 * trailing zeros (e_form's `digits` digits end in a non-zero). */
static void g_from_e(char buf[32], const char *e_form, int digits)
{
    const char *m = e_form, *e = strchr(e_form, 'e');
    int exp10 = atoi(e + 1);
    char *o = buf;
    if (*m == '-')
        *o++ = *m++;
    char sig[20] = {0};   /* the significant digits, without the point */
    int n = 0;
    for (const char *c = m; c < e && n < digits; c++)
        if (*c != '.')
            sig[n++] = *c;
    if (exp10 >= -4 && exp10 < digits) {
        if (exp10 < 0) {
            *o++ = '0';
            *o++ = '.';
            for (int z = -1; z > exp10; z--)
                *o++ = '0';
            memcpy(o, sig, (size_t)n);
            o += n;
        } else {
            memcpy(o, sig, (size_t)exp10 + 1);
            o += exp10 + 1;
            if (n > exp10 + 1) {
                *o++ = '.';
                memcpy(o, sig + exp10 + 1, (size_t)(n - exp10 - 1));
                o += n - exp10 - 1;
            }
        }
        *o = 0;
        return;
    }
    *o++ = sig[0];
    if (n > 1) {
        *o++ = '.';
        memcpy(o, sig + 1, (size_t)n - 1);
        o += n - 1;
    }
    snprintf(o, (size_t)(buf + 32 - o), "e%c%02d", exp10 < 0 ? '-' : '+',
             abs(exp10));
}

/* nan, inf and whole numbers below 10^16, which need no search: buf, or
 * NULL for the others. nan and inf are spelled by hand because printf
 * may write "-nan" for a NaN with its sign bit set. */
static const char *fmt_unsearched(char buf[32], double x)
{
    if (isnan(x))
        return strcpy(buf, "nan");
    if (isinf(x))
        return strcpy(buf, x < 0 ? "-inf" : "inf");
    if (x == floor(x) && fabs(x) < 1e16) {   /* whole numbers in full */
        snprintf(buf, 32, "%.0f", x);
        return buf;
    }
    return NULL;
}

const char *fmt_double_by_counting(char buf[32], double x)
{
    if (fmt_unsearched(buf, x))
        return buf;
    for (int digits = 1; digits < 17; digits++)
        if (reads_back(buf, x, digits))
            return buf;
    snprintf(buf, 32, "%.17g", x);
    return buf;
}

/* %.17g round-trips every finite double through strtod. */
const char *fmt_double(char buf[32], double x)
{
    if (fmt_unsearched(buf, x))
        return buf;
    /* The fewest digits d whose %.*g reads back as x (17 always do).
     * The correct rounding of x to d + 1 digits is at least as close to x
     * as its rounding to d digits (a d-digit decimal is a (d+1)-digit
     * one), and the values that read back as x lie within half a gap of
     * it on either side; so once d digits read back, so do all more, and
     * d can be searched by halving. At a power of two the gap below x is
     * half the gap above: a closer decimal below x might not read back
     * where a farther one above did, so there the digits are counted up
     * one by one, as the definition says. */
    int exp2;
    if (fabs(frexp(x, &exp2)) == 0.5)
        return fmt_double_by_counting(buf, x);
    /* The first try, 15 digits, narrows the range at once: when they read
     * back, d is at most the digits left once their trailing zeros go
     * (3 for 12.3, whose 17 digits are 12.300000000000001); when not,
     * d is 16 or 17. Then 1 to 4 more: 2 to 5 tries in all, where
     * counting up took d (17 for most results of a solver). */
    char e15[32];
    /* d is in [lo, hi]; buf holds in_buf digits' text, 0: other text */
    int lo = 1, hi = 17, in_buf = 0;
    if (reads_back_as(e15, "%.*e", 14, x))
        hi = significant_digits(e15);
    else
        lo = 16;
    int from_e15 = hi < 17;   /* hi's text is e15's digits */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        in_buf = reads_back(buf, x, mid) ? mid : 0;
        if (in_buf) {
            hi = mid;
            from_e15 = 0;
        } else
            lo = mid + 1;
    }
    if (in_buf == lo)
        return buf;
    if (from_e15)
        g_from_e(buf, e15, lo);
    else
        snprintf(buf, 32, "%.*g", lo, x);
    return buf;
}

void tf_put_double(FILE *fp, double x)
{
    char buf[32];
    fputs(fmt_double(buf, x), fp);
}
