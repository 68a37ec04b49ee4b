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

proto_expr *proto_expr_new(struct proto_parser *ps, proto_expr_kind kind,
                           int line, int col)
{
    proto_expr *e = arena_alloc(ps->nodes, sizeof *e);
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
    if (e->kind == PX_NEG || e->kind == PX_BIN) {
        deepest = e->a->depth;
        if (e->kind == PX_BIN && e->b->depth > deepest)
            deepest = e->b->depth;
    }
    if (e->kind == PX_CALL)
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

proto_stmt *proto_stmt_new(struct proto_parser *ps, proto_stmt_kind kind,
                           int line, int col)
{
    proto_stmt *s = arena_alloc(ps->nodes, sizeof *s);
    s->kind = kind;
    s->line = line;
    s->col = col;
    s->slot = s->src_slot = s->tag_slot = -1;
    s->draw_id = s->count_slot = s->left_slot = -1;
    return s;
}

int proto_parse(const char *text, size_t len, const char *file, diag *d,
                arena *nodes, proto_stmts *out)
{
    struct proto_parser ps = {.file = file, .d = d, .line = 1, .col = 1,
                              .nodes = nodes};
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
    if (status != 0)
        return -1;
    *out = ps.result;
    return 0;
}
