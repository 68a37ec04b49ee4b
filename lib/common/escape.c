/* escape.c — decoding of C escape sequences, shared by every quoted
 * string of every perfpipe language and text format. */
#include "common/common.h"

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int c_unescape(const char *s, size_t n, strbuf *out, size_t *bad_offset,
               const char **why)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '\\') {
            sb_putc(out, s[i]);
            continue;
        }
        size_t start = i++;
        int value;
        if (i >= n)
            goto invalid;
        switch (s[i]) {
        case '\\': value = '\\'; break;
        case '"':  value = '"';  break;
        case '\'': value = '\''; break;
        case '?':  value = '?';  break;
        case 'a':  value = '\a'; break;
        case 'b':  value = '\b'; break;
        case 'f':  value = '\f'; break;
        case 'n':  value = '\n'; break;
        case 'r':  value = '\r'; break;
        case 't':  value = '\t'; break;
        case 'v':  value = '\v'; break;
        case 'x': {
            /* Exactly two hex digits: C's unbounded \x is a trap. */
            int hi = i + 1 < n ? hex_value(s[i + 1]) : -1;
            int lo = i + 2 < n ? hex_value(s[i + 2]) : -1;
            if (hi < 0 || lo < 0)
                goto invalid;
            value = hi * 16 + lo;
            i += 2;
            break;
        }
        default:
            if (s[i] < '0' || s[i] > '7')
                goto invalid;
            value = 0;
            for (int k = 0; k < 3 && i < n && s[i] >= '0' && s[i] <= '7'; k++, i++)
                value = value * 8 + (s[i] - '0');
            i--;
            if (value > 0xff)
                goto invalid;
        }
        if (value == 0) {
            *bad_offset = start;
            *why = "NUL byte not allowed";
            return -1;
        }
        sb_putc(out, (char)value);
        continue;
    invalid:
        *bad_offset = start;
        *why = "invalid escape sequence";
        return -1;
    }
    return 0;
}
