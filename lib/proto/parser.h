/* parser.h — private to lib/proto: state shared by the generated scanner
 * (proto.l) and parser (proto.y), and the node constructors (ast.c). The
 * nodes and their names live in an arena, freed at once with the program:
 * no node is ever freed alone, on success or on a syntax error. */
#ifndef PERFPIPE_PROTO_PARSER_H
#define PERFPIPE_PROTO_PARSER_H

#include "proto/proto.h"

struct proto_parser {
    const char *file;
    diag *d;
    int line, col;
    int comment_line, comment_col;
    int blocks;              /* '{' open at the scanner's position */
    arena *nodes;            /* every node, name and list of the tree */
    proto_stmts result;
};

struct PROTO_YYLTYPE;
void proto_advance(struct proto_parser *ps, struct PROTO_YYLTYPE *loc,
                   const char *text, size_t len);
void proto_error_at(struct proto_parser *ps, int line, int col,
                    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

proto_expr *proto_expr_new(struct proto_parser *ps, proto_expr_kind kind,
                           int line, int col);
/* Sets e's depth from its operands; -1 after reporting it deeper than
 * PROTO_MAX_EXPR_DEPTH (at e). */
int proto_expr_depth(struct proto_parser *ps, proto_expr *e);
proto_stmt *proto_stmt_new(struct proto_parser *ps, proto_stmt_kind kind,
                           int line, int col);

/* Parses into *out, its nodes in *nodes (which the caller frees, after a
 * failure too); 0 or -1 after diagnostics. */
int proto_parse(const char *text, size_t len, const char *file, diag *d,
                arena *nodes, proto_stmts *out);

#endif
