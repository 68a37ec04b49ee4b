/* parse.c — drives the generated scanner and parser over a buffer, and
 * the small helpers they share (positions, errors, strings, tree nodes). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "san/parser.h"
#include "san/san.tab.h"
#define YYSTYPE SAN_YYSTYPE
#define YYLTYPE SAN_YYLTYPE
#include "san/san.lex.h"

void san_advance(struct san_parser *ps, SAN_YYLTYPE *loc, const char *text,
                 size_t len)
{
    loc->first_line = ps->line;
    loc->first_column = ps->col;
    text_advance(&ps->line, &ps->col, text, len);
    loc->last_line = ps->line;
    loc->last_column = ps->col;
}

void san_error_at(struct san_parser *ps, int line, int col, const char *fmt,
                  ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(ps->d, (srcloc){ps->file, line, col}, fmt, ap);
    va_end(ap);
}

char *san_unquote(struct san_parser *ps, SAN_YYLTYPE *loc, const char *text,
                  size_t len)
{
    return unquote_token(text, len, ps->d, (srcloc){ps->file, loc->first_line,
                                                    loc->first_column});
}

const char *san_show_char(struct san_parser *ps, char c)
{
    return show_char(ps->shown, c);
}

int san_number(struct san_parser *ps, int line, int col, const char *text,
               double *out)
{
    errno = 0;
    double v = strtod(text, NULL);
    if (errno == ERANGE && isinf(v)) {
        san_error_at(ps, line, col, "number '%s' is out of range", text);
        return 0;
    }
    *out = v;
    return 1;
}

/* ------------------------------------------------------------ nodes */

sx *sx_new(struct san_parser *ps, sx_kind kind, int line, int col)
{
    sx *e = ps->spare;
    if (e) {
        ps->spare = e->kid[0];
        *e = (sx){0};
    } else {
        e = arena_alloc(&ps->root->nodes, sizeof *e);
    }
    e->kind = kind;
    e->line = line;
    e->col = col;
    return e;
}

/* Constant operands fold at once, into the first operand's node; the
 * others are kept for reuse, so `1 + 1 + ...` holds one node at a time. */
sx *sx_op(struct san_parser *ps, desc_op op, int line, int col, sx *a, sx *b,
          sx *c)
{
    sx *kid[3] = {a, b, c};
    int constant = 1;
    double v[3] = {0, 0, 0};
    for (int i = 0; i < 3 && kid[i]; i++) {
        constant &= kid[i]->kind == SX_NUM;
        if (constant)
            v[i] = kid[i]->num;
    }
    if (constant) {             /* located at the operator, as unfolded */
        sx *e = kid[0];
        e->num = san_fold(op, v);
        e->line = line;
        e->col = col;
        for (int i = 1; i < 3 && kid[i]; i++) {
            kid[i]->kid[0] = ps->spare;
            ps->spare = kid[i];
        }
        return e;
    }
    sx *e = sx_new(ps, SX_OP, line, col);
    e->op = op;
    e->kid[0] = a;
    e->kid[1] = b;
    e->kid[2] = c;
    return e;
}

san_name *san_name_new(struct san_parser *ps, char *ident, int line, int col)
{
    san_name *n = arena_alloc(&ps->root->nodes, sizeof *n);
    n->ident = ident;
    n->line = line;
    n->col = col;
    return n;
}

san_stmt *san_stmt_new(struct san_parser *ps, ss_kind kind, int line, int col)
{
    san_stmt *s = arena_alloc(&ps->root->nodes, sizeof *s);
    s->kind = kind;
    s->line = line;
    s->col = col;
    return s;
}

char *san_text(struct san_parser *ps, const char *text, size_t len)
{
    return arena_strndup(&ps->root->nodes, text, len);
}

char *san_keep(struct san_parser *ps, char *heap_text)
{
    if (!heap_text)
        return NULL;
    char *kept = san_text(ps, heap_text, strlen(heap_text));
    free(heap_text);
    return kept;
}

/* ----------------------------------------------------------- driver */

void san_syntax_free(san_syntax *s)
{
    if (!s)
        return;
    arena_free(&s->nodes);
    free(s->file);
    free(s);
}

san_syntax *san_parse(const char *text, size_t len, const char *file,
                      diag *dg)
{
    struct san_parser ps = {.file = file, .d = dg, .line = 1, .col = 1};
    ps.root = xcalloc(1, sizeof *ps.root);
    ps.root->file = xstrdup(file);
    if (len > SAN_MAX_INPUT) {
        diag_error(dg, (srcloc){file, 0, 0}, "the model is larger than "
                   "%zu bytes", SAN_MAX_INPUT);
        san_syntax_free(ps.root);
        return NULL;
    }
    yyscan_t scanner;
    if (san_yylex_init_extra(&ps, &scanner) != 0)
        die(dg->prog, EXIT_RUNTIME, "cannot start the SAN scanner");
    YY_BUFFER_STATE buf = san_yy_scan_bytes(text, (int)len, scanner);
    int status = san_yyparse(scanner, &ps);
    san_yy_delete_buffer(buf, scanner);
    san_yylex_destroy(scanner);
    if (status != 0) {
        san_syntax_free(ps.root);
        return NULL;
    }
    return ps.root;
}
