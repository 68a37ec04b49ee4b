/* parse.c — drives the generated scanner and parser over a buffer, and
 * the small helpers they share (positions, errors, strings, nodes). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "pasl/parser.h"
#include "pasl/pasl.tab.h"
#define YYSTYPE PASL_YYSTYPE
#define YYLTYPE PASL_YYLTYPE
#include "pasl/pasl.lex.h"

void pasl_advance(struct pasl_parser *ps, PASL_YYLTYPE *loc, const char *text,
                  size_t len)
{
    loc->first_line = ps->line;
    loc->first_column = ps->col;
    if (len == 1 && *text != '\n')   /* most tokens: one character */
        ps->col++;
    else
        text_advance(&ps->line, &ps->col, text, len);
    loc->last_line = ps->line;
    loc->last_column = ps->col;
}

void pasl_error_at(struct pasl_parser *ps, int line, int col, const char *fmt,
                   ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(ps->d, (srcloc){ps->file, line, col}, fmt, ap);
    va_end(ap);
}

char *pasl_unquote(struct pasl_parser *ps, PASL_YYLTYPE *loc, const char *text,
                   size_t len)
{
    return unquote_token(text, len, ps->d, (srcloc){ps->file, loc->first_line,
                                                    loc->first_column});
}

const char *pasl_show_char(struct pasl_parser *ps, char c)
{
    return show_char(ps->shown, c);
}

const char *pasl_show_text(char buf[PASL_SHOWN], const char *text)
{
    enum { MAX_SHOWN = 40 };
    snprintf(buf, PASL_SHOWN, "%.*s%s", MAX_SHOWN, text,
             strlen(text) > MAX_SHOWN ? "..." : "");
    return buf;
}

void pasl_put_u64(strbuf *sb, uint64_t v)
{
    char digits[24], *end = digits + sizeof digits, *p = end;
    do
        *--p = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    sb_putn(sb, p, (size_t)(end - p));
}

pasl_stmt *pasl_stmt_new(pasl_stmt_kind kind, int line, int col)
{
    pasl_stmt *s = xcalloc(1, sizeof *s);
    s->kind = kind;
    s->line = line;
    s->col = col;
    return s;
}

void pasl_stmt_free(pasl_stmt *s)
{
    if (!s)
        return;
    free(s->text);
    for (size_t i = 0; i < s->inputs.len; i++)
        free(s->inputs.items[i].storage);
    for (size_t i = 0; i < s->outputs.len; i++)
        free(s->outputs.items[i].storage);
    for (size_t i = 0; i < s->body.len; i++)
        pasl_stmt_free(s->body.items[i]);
    free(s->inputs.items);
    free(s->outputs.items);
    free(s->body.items);
    free(s);
}

pasl_spec *pasl_parse(const char *text, size_t len, const char *file, diag *d)
{
    struct pasl_parser ps = {.file = file, .d = d, .line = 1, .col = 1};
    if (len > PASL_MAX_INPUT) {
        diag_error(d, (srcloc){file, 0, 0}, "the specification is larger "
                   "than %zu bytes", PASL_MAX_INPUT);
        return NULL;
    }
    /* A raw NUL would cut a string, a comment or a name short where the
     * text is used as a C string: refused wherever it is, like "\0". */
    const char *nul = memchr(text, '\0', len);
    if (nul) {
        int line = 1, col = 1;
        text_advance(&line, &col, text, (size_t)(nul - text));
        pasl_error_at(&ps, line, col, "NUL byte not allowed (a PASL "
                      "specification is text)");
        return NULL;
    }
    yyscan_t scanner;
    if (pasl_yylex_init_extra(&ps, &scanner) != 0)
        die(d->prog, EXIT_RUNTIME, "cannot start the PASL scanner");
    YY_BUFFER_STATE buf = pasl_yy_scan_bytes(text, (int)len, scanner);
    int status = pasl_yyparse(scanner, &ps);
    pasl_yy_delete_buffer(buf, scanner);
    pasl_yylex_destroy(scanner);
    sb_free(&ps.cost);   /* what a failed parse left */
    if (status != 0) {
        pasl_stmt_free(ps.root);
        return NULL;
    }
    pasl_spec *spec = xcalloc(1, sizeof *spec);
    spec->file = xstrdup(file);
    spec->root = ps.root;
    return spec;
}

void pasl_spec_free(pasl_spec *spec)
{
    if (!spec)
        return;
    pasl_stmt_free(spec->root);
    free(spec->file);
    free(spec);
}
