/* parse.c — drives the generated scanner and parser over a buffer, and
 * the small helpers they share (positions, errors, strings, tree nodes). */
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

/* ------------------------------------------------------------ nodes */

sx *sx_new(sx_kind kind, int line, int col)
{
    sx *e = xcalloc(1, sizeof *e);
    e->kind = kind;
    e->line = line;
    e->col = col;
    return e;
}

sx *sx_op(desc_op op, int line, int col, sx *a, sx *b, sx *c)
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
        sx *e = sx_new(SX_NUM, line, col);
        e->num = san_fold(op, v);
        for (int i = 0; i < 3; i++)
            sx_free(kid[i]);
        return e;
    }
    sx *e = sx_new(SX_OP, line, col);
    e->op = op;
    e->kid[0] = a;
    e->kid[1] = b;
    e->kid[2] = c;
    return e;
}

/* Iterative: a left-deep sum of 10^6 terms is freed without recursion. */
void sx_free(sx *e)
{
    VEC(sx *) todo = {0};
    while (e) {
        switch (e->kind) {
        case SX_NUM:
            break;
        case SX_IDENT:
            free(e->ident);
            break;
        case SX_OP:
            for (int i = 0; i < 3; i++)
                if (e->kid[i])
                    VEC_PUSH(&todo, e->kid[i]);
            break;
        case SX_ST: case SX_IS: case SX_NB:
            san_name_free(e->aut);
            san_name_free(e->state);
            san_names_free(&e->group);
            break;
        }
        free(e);
        e = todo.len ? todo.items[--todo.len] : NULL;
    }
    free(todo.items);
}

san_name *san_name_new(char *ident, int line, int col)
{
    san_name *n = xcalloc(1, sizeof *n);
    n->ident = ident;
    n->line = line;
    n->col = col;
    return n;
}

void san_name_free(san_name *n)
{
    if (!n)
        return;
    for (size_t i = 0; i < n->subs.len; i++) {
        sx_free(n->subs.items[i].lo);
        sx_free(n->subs.items[i].hi);
    }
    free(n->subs.items);
    free(n->ident);
    free(n);
}

void san_names_free(san_names *v)
{
    for (size_t i = 0; i < v->len; i++)
        san_name_free(v->items[i]);
    free(v->items);
    *v = (san_names){0};
}

san_stmt *san_stmt_new(ss_kind kind, int line, int col)
{
    san_stmt *s = xcalloc(1, sizeof *s);
    s->kind = kind;
    s->line = line;
    s->col = col;
    return s;
}

void san_stmt_free(san_stmt *s)
{
    if (!s)
        return;
    free(s->ident);
    sx_free(s->expr);
    sx_free(s->hi);
    san_names_free(&s->names);
    san_name_free(s->to);
    for (size_t i = 0; i < s->evs.len; i++) {
        san_name_free(s->evs.items[i].name);
        sx_free(s->evs.items[i].prob);
    }
    free(s->evs.items);
    san_stmts_free(&s->body);
    free(s);
}

void san_stmts_free(san_stmts *v)
{
    for (size_t i = 0; i < v->len; i++)
        san_stmt_free(v->items[i]);
    free(v->items);
    *v = (san_stmts){0};
}

/* ----------------------------------------------------------- driver */

void san_syntax_free(san_syntax *s)
{
    if (!s)
        return;
    san_stmts_free(&s->idents);
    san_stmts_free(&s->events);
    san_stmts_free(&s->network);
    san_stmts_free(&s->results);
    sx_free(s->reach);
    free(s->model_name);
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
