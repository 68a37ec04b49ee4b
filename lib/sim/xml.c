/* xml.c — the small XML reader of xml.h: by hand, located, for
 * SimGrid's platform files (platform.c). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sim/xml.h"
void xml_tag_free(xml_tag *t)
{
    free(t->name);
    for (int i = 0; i < t->nattrs; i++) {
        free(t->attrs[i].name);
        free(t->attrs[i].value);
    }
    memset(t, 0, sizeof *t);
}

int xml_error(xml *x, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(x->d, (srcloc){x->file, line, col}, fmt, ap);
    va_end(ap);
    return -1;
}

static int peek(const xml *x, size_t k)
{
    return x->pos + k < x->len ? (unsigned char)x->text[x->pos + k] : -1;
}

static void advance(xml *x, size_t n)
{
    while (n-- && x->pos < x->len) {
        if (x->text[x->pos++] == '\n') {
            x->line++;
            x->col = 1;
        } else {
            x->col++;
        }
    }
}

static int starts(const xml *x, const char *s)
{
    size_t n = strlen(s);
    return x->pos + n <= x->len && memcmp(x->text + x->pos, s, n) == 0;
}

static void skip_space(xml *x)
{
    while (peek(x, 0) >= 0 && isspace(peek(x, 0)))
        advance(x, 1);
}

/* Past the next `end`, or -1 after saying what was not closed. */
static int skip_past(xml *x, const char *end, const char *what)
{
    int line = x->line, col = x->col;
    while (x->pos < x->len && !starts(x, end))
        advance(x, 1);
    if (x->pos >= x->len)
        return xml_error(x, line, col, "%s never closed (expected '%s')",
                        what, end);
    advance(x, strlen(end));
    return 0;
}

static int name_char(int c)
{
    return c >= 0 && (isalnum(c) || c == '_' || c == '-' || c == '.' ||
                      c == ':');
}

static char *read_name(xml *x)
{
    size_t start = x->pos;
    while (name_char(peek(x, 0)))
        advance(x, 1);
    if (x->pos == start)
        return NULL;
    char *s = xmalloc(x->pos - start + 1);
    memcpy(s, x->text + start, x->pos - start);
    s[x->pos - start] = 0;
    return s;
}

/* A quoted attribute value, its five entities replaced. */
static char *read_value(xml *x)
{
    int q = peek(x, 0);
    if (q != '"' && q != '\'')
        return NULL;
    int line = x->line, col = x->col;
    advance(x, 1);
    strbuf sb = {0};
    sb_puts(&sb, "");
    static const char *const ents[][2] = {{"&lt;", "<"}, {"&gt;", ">"},
        {"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}};
    while (peek(x, 0) >= 0 && peek(x, 0) != q) {
        if (peek(x, 0) == '&') {
            size_t k = 0;
            while (k < 5 && !starts(x, ents[k][0]))
                k++;
            if (k == 5) {
                sb_free(&sb);
                xml_error(x, x->line, x->col, "unknown entity (expected "
                          "&lt; &gt; &amp; &quot; or &apos;)");
                return NULL;
            }
            sb_puts(&sb, ents[k][1]);
            advance(x, strlen(ents[k][0]));
            continue;
        }
        if (peek(x, 0) == '<') {
            sb_free(&sb);
            xml_error(x, x->line, x->col, "'<' inside an attribute value");
            return NULL;
        }
        sb_putc(&sb, (char)peek(x, 0));
        advance(x, 1);
    }
    if (peek(x, 0) < 0) {
        sb_free(&sb);
        xml_error(x, line, col, "attribute value never closed");
        return NULL;
    }
    advance(x, 1);
    return sb.text;
}

static int xml_read_tag(xml *x, xml_tag *t);

/* The next tag, past declarations, comments and the DOCTYPE. */
int xml_next_tag(xml *x, xml_tag *t)
{
    int got = xml_read_tag(x, t);
    if (got < 0)
        xml_tag_free(t);
    return got;
}

static int xml_read_tag(xml *x, xml_tag *t)
{
    memset(t, 0, sizeof *t);
    for (;;) {
        skip_space(x);
        if (x->pos >= x->len)
            return 0;
        if (peek(x, 0) != '<')
            return xml_error(x, x->line, x->col, "unexpected text (expected "
                            "a tag)");
        if (starts(x, "<?")) {
            if (skip_past(x, "?>", "declaration") < 0)
                return -1;
        } else if (starts(x, "<!--")) {
            if (skip_past(x, "-->", "comment") < 0)
                return -1;
        } else if (starts(x, "<!")) {
            if (skip_past(x, ">", "declaration") < 0)
                return -1;
        } else {
            break;
        }
    }
    t->line = x->line;
    t->col = x->col;
    advance(x, 1);
    if (peek(x, 0) == '/') {
        t->closing = 1;
        advance(x, 1);
    }
    if (!(t->name = read_name(x)))
        return xml_error(x, x->line, x->col, "expected an element name");
    for (;;) {
        skip_space(x);
        if (starts(x, "/>") && !t->closing) {
            t->empty = 1;
            advance(x, 2);
            return 1;
        }
        if (peek(x, 0) == '>') {
            advance(x, 1);
            return 1;
        }
        int line = x->line, col = x->col;
        char *name = t->closing ? NULL : read_name(x);
        if (!name)
            return xml_error(x, line, col, "expected an attribute, '>' or "
                            "'/>' in <%s>", t->name);
        skip_space(x);
        if (peek(x, 0) != '=') {
            xml_error(x, x->line, x->col, "expected '=' after attribute "
                     "'%s'", name);
            free(name);
            return -1;
        }
        advance(x, 1);
        skip_space(x);
        int vline = x->line, vcol = x->col;
        char *value = read_value(x);
        if (!value) {
            free(name);
            if (x->d->errors)
                return -1;
            return xml_error(x, vline, vcol, "expected a quoted value");
        }
        for (int i = 0; i < t->nattrs; i++)
            if (strcmp(t->attrs[i].name, name) == 0) {
                xml_error(x, line, col, "attribute '%s' given twice in "
                         "<%s>", name, t->name);
                free(name);
                free(value);
                return -1;
            }
        if (t->nattrs == XML_MAX_ATTRS) {
            free(name);
            free(value);
            return xml_error(x, line, col, "more than 32 attributes in "
                            "<%s>", t->name);
        }
        t->attrs[t->nattrs++] = (xml_attr){name, value, vline, vcol};
    }
}

const xml_unit xml_bandwidth_units[] = {
    {"Bps", 1}, {"kBps", 1e3}, {"KBps", 1e3}, {"MBps", 1e6}, {"GBps", 1e9},
    {"TBps", 1e12}, {"KiBps", 1024.0}, {"MiBps", 1048576.0},
    {"GiBps", 1073741824.0}, {"TiBps", 1099511627776.0}, {"bps", 0.125},
    {"kbps", 125}, {"Kbps", 125}, {"Mbps", 125e3}, {"Gbps", 125e6},
    {"Tbps", 125e9}, {"", 1}, {NULL, 0}};
const xml_unit xml_time_units[] = {
    {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}, {"ps", 1e-12},
    {"m", 60}, {"h", 3600}, {"", 1}, {NULL, 0}};

int xml_quantity(xml *x, const xml_attr *a, const xml_unit *units,
                 const char *what, int positive, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(a->value, &end);
    int k = 0;
    if (end != a->value && errno == 0)
        while (units[k].unit && strcmp(end, units[k].unit) != 0)
            k++;
    if (end == a->value || errno || !units[k].unit || !isfinite(v) ||
        !(positive ? v * units[k].scale > 0 : v >= 0))
        return xml_error(x, a->line, a->col, "expected %s in '%s'", what,
                        a->name);
    *out = v * units[k].scale;
    return 0;
}

int xml_attributes(xml *x, const xml_tag *t, const char *const *names,
                   const xml_attr **out, const char *const *ignored)
{
    for (int k = 0; names[k]; k++)
        out[k] = NULL;
    for (int i = 0; i < t->nattrs; i++) {
        const xml_attr *a = &t->attrs[i];
        int k = 0, j = 0;
        while (names[k] && strcmp(a->name, names[k]) != 0)
            k++;
        if (names[k]) {
            out[k] = a;
            continue;
        }
        while (ignored[j] && strcmp(a->name, ignored[j]) != 0)
            j++;
        if (!ignored[j])
            return xml_error(x, a->line, a->col, "attribute '%s' of <%s> is "
                            "not read by netsim", a->name, t->name);
    }
    return 0;
}
