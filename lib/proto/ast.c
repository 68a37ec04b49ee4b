/* ast.c — nodes of the prototype language, and the driver of the
 * generated scanner and parser over a buffer. */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>

#include "proto/parser.h"
#include "proto/proto.tab.h"
#define YYSTYPE PROTO_YYSTYPE
#define YYLTYPE PROTO_YYLTYPE
#include "proto/proto.lex.h"

void proto_advance(struct proto_parser *ps, PROTO_YYLTYPE *loc,
                   const char *text, size_t len)
{
    loc->first_line = ps->line;
    loc->first_column = ps->col;
    text_advance(&ps->line, &ps->col, text, len);
    loc->last_line = ps->line;
    loc->last_column = ps->col;
}

void proto_error_at(struct proto_parser *ps, int line, int col,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(ps->d, (srcloc){ps->file, line, col}, fmt, ap);
    va_end(ap);
}

proto_expr *proto_expr_new(proto_expr_kind kind, int line, int col)
{
    proto_expr *e = xcalloc(1, sizeof *e);
    e->kind = kind;
    e->line = line;
    e->col = col;
    e->slot = -1;
    e->func = -1;
    return e;
}

int proto_expr_depth(struct proto_parser *ps, proto_expr *e)
{
    int deepest = 0;
    if (e->a && e->a->depth > deepest)
        deepest = e->a->depth;
    if (e->b && e->b->depth > deepest)
        deepest = e->b->depth;
    for (size_t i = 0; i < e->args.len; i++)
        if (e->args.items[i]->depth > deepest)
            deepest = e->args.items[i]->depth;
    e->depth = deepest + 1;
    if (e->depth <= PROTO_MAX_EXPR_DEPTH)
        return 0;
    proto_error_at(ps, e->line, e->col, "expression nested deeper than %d "
                   "levels of operators, signs and calls; split it with "
                   "intermediate variables", PROTO_MAX_EXPR_DEPTH);
    return -1;
}

/* Iterative, like proto_stmt_free: a long chain such as 1+1+...+1 is a
 * left spine as deep as it has terms, too deep for the C stack. */
void proto_expr_free(proto_expr *e)
{
    VEC(proto_expr *) todo = {0};
    while (e) {
        free(e->name);
        if (e->a)
            VEC_PUSH(&todo, e->a);
        if (e->b)
            VEC_PUSH(&todo, e->b);
        for (size_t i = 0; i < e->args.len; i++)
            VEC_PUSH(&todo, e->args.items[i]);
        free(e->args.items);
        free(e);
        e = todo.len ? todo.items[--todo.len] : NULL;
    }
    free(todo.items);
}

proto_stmt *proto_stmt_new(proto_stmt_kind kind, int line, int col)
{
    proto_stmt *s = xcalloc(1, sizeof *s);
    s->kind = kind;
    s->line = line;
    s->col = col;
    s->slot = s->src_slot = s->tag_slot = -1;
    s->draw_id = s->count_slot = s->left_slot = -1;
    return s;
}

void proto_stmts_free(proto_stmts *list)
{
    for (size_t i = 0; i < list->len; i++)
        proto_stmt_free(list->items[i]);
    free(list->items);
    list->items = NULL;
    list->len = list->cap = 0;
}

/* Iterative: nested blocks are as deep as the parser allows. */
void proto_stmt_free(proto_stmt *s)
{
    VEC(proto_stmt *) todo = {0};
    while (s) {
        free(s->name);
        free(s->src_var);
        free(s->tag_var);
        for (int i = 0; i < 4; i++)
            proto_expr_free(s->e[i]);
        proto_expr_free(s->cond.a);
        proto_expr_free(s->cond.b);
        for (size_t i = 0; i < s->body.len; i++)
            VEC_PUSH(&todo, s->body.items[i]);
        for (size_t i = 0; i < s->other.len; i++)
            VEC_PUSH(&todo, s->other.items[i]);
        free(s->body.items);
        free(s->other.items);
        free(s);
        s = todo.len ? todo.items[--todo.len] : NULL;
    }
    free(todo.items);
}

int proto_parse(const char *text, size_t len, const char *file, diag *d,
                proto_stmts *out)
{
    struct proto_parser ps = {.file = file, .d = d, .line = 1, .col = 1};
    if (len > INT_MAX) {
        diag_error(d, (srcloc){file, 0, 0}, "input larger than 2 GiB");
        return -1;
    }
    yyscan_t scanner;
    if (proto_yylex_init_extra(&ps, &scanner) != 0)
        die(d->prog, EXIT_RUNTIME, "cannot start the prototype scanner");
    YY_BUFFER_STATE buf = proto_yy_scan_bytes(text, (int)len, scanner);
    int status = proto_yyparse(scanner, &ps);
    proto_yy_delete_buffer(buf, scanner);
    proto_yylex_destroy(scanner);
    if (status != 0) {
        proto_stmts_free(&ps.result);
        return -1;
    }
    *out = ps.result;
    return 0;
}
