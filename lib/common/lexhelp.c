/* lexhelp.c — what every flex scanner of the project needs beside its
 * rules: tracking line and column over a token, showing an unexpected
 * byte, and decoding a quoted string with a located error. */
#include <stdio.h>
#include <stdlib.h>

#include "common/common.h"

const char *show_char(char buf[16], char c)
{
    unsigned char u = (unsigned char)c;
    if (u > 0x20 && u < 0x7f && u != '\'')
        snprintf(buf, 16, "'%c'", c);
    else
        snprintf(buf, 16, "'\\x%02x'", u);
    return buf;
}

char *unquote_token(const char *text, size_t len, diag *d, srcloc at)
{
    strbuf sb = {0};
    size_t bad;
    const char *why;
    if (c_unescape(text + 1, len - 2, &sb, &bad, &why) < 0) {
        at.col += 1 + (int)bad;
        diag_error(d, at, "%s in string", why);
        sb_free(&sb);
        return NULL;
    }
    return sb.text ? sb.text : xstrdup("");
}
