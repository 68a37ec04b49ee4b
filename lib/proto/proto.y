/* proto.y — the prototype-language grammar (formats/proto.md): the thesis's
 * Appendix A, with unary minus and plus, `broadcast` beside `bcast`, and
 * every receive form of Fig. 4.12 and App. A. A pure parser with
 * locations; checks and compilation are in compile.c. */
%require "3.6"
%define api.pure full
%define api.prefix {proto_yy}
%define api.token.prefix {TOK_}
%define parse.error detailed
%locations
%param {yyscan_t scanner}
%parse-param {struct proto_parser *ps}

%code requires {
#include "proto/parser.h"
typedef void *yyscan_t;
}

%code {
#include <stdlib.h>
#include <string.h>

/* Bison's stack limit, YYMAXDEPTH, stated for the message. */
#define PROTO_MAX_NESTING "10000"
#define YYMAXDEPTH 10000

int proto_yylex(PROTO_YYSTYPE *lval, PROTO_YYLTYPE *lloc, yyscan_t scanner);

static void proto_yyerror(PROTO_YYLTYPE *loc, yyscan_t scanner,
                          struct proto_parser *ps, const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0)   /* the parser's stack */
        msg = "nested deeper than the parser's limit (" PROTO_MAX_NESTING ")";
    proto_error_at(ps, loc->first_line, loc->first_column, "%s", msg);
}

/* An operator, sign or call node: within PROTO_MAX_EXPR_DEPTH, or a syntax
 * error after the message. */
#define DEPTH_CHECKED(node)                                                 \
    do {                                                                    \
        if (proto_expr_depth(ps, (node)) < 0)                               \
            YYERROR;                                                        \
    } while (0)

static proto_stmt *stmt(struct proto_parser *ps, proto_stmt_kind kind,
                        PROTO_YYLTYPE at)
{
    return proto_stmt_new(ps, kind, at.first_line, at.first_column);
}

static proto_expr *binary(struct proto_parser *ps, int op, proto_expr *a, proto_expr *b,
                          PROTO_YYLTYPE at)
{
    proto_expr *e = proto_expr_new(ps, PX_BIN, at.first_line, at.first_column);
    e->op = op;
    e->a = a;
    e->b = b;
    return e;
}

static proto_cmp compare(int op, proto_expr *a, proto_expr *b)
{
    proto_cmp c = {op, a, b};
    return c;
}

static proto_stmt *collective(struct proto_parser *ps, sim_op_kind kind, PROTO_YYLTYPE at,
                              proto_expr *root, proto_expr *mean,
                              proto_expr *sd)
{
    proto_stmt *s = stmt(ps, PS_COLL, at);
    s->coll = kind;
    s->e[0] = root;
    s->e[1] = mean;
    s->e[2] = sd;
    return s;
}

static proto_ref ref(char *name, PROTO_YYLTYPE at)
{
    proto_ref r = {name, at.first_line, at.first_column, -1};
    return r;
}

/* wait(r [, s [, t]]) and waitall(r, ...). */
static proto_stmt *wait_stmt(struct proto_parser *ps, PROTO_YYLTYPE at,
                             proto_refs refs, char *src, PROTO_YYLTYPE src_at,
                             char *tag, PROTO_YYLTYPE tag_at)
{
    proto_stmt *s = stmt(ps, PS_WAIT, at);
    s->refs = refs;
    s->src_var = src;
    s->src_line = src_at.first_line;
    s->src_col = src_at.first_column;
    s->tag_var = tag;
    s->tag_line = tag_at.first_line;
    s->tag_col = tag_at.first_column;
    return s;
}

static proto_refs one_ref(struct proto_parser *ps, char *name, PROTO_YYLTYPE at)
{
    proto_refs refs = {0};
    ARENA_PUSH(ps->nodes, &refs, ref(name, at));
    return refs;
}

static proto_stmt *request(struct proto_parser *ps, proto_stmt_kind kind,
                           char *name, PROTO_YYLTYPE name_at,
                           PROTO_YYLTYPE at)
{
    proto_stmt *s = stmt(ps, kind, at);
    s->name = name;
    s->name_line = name_at.first_line;
    s->name_col = name_at.first_column;
    return s;
}

/* probe(src [, tag [, s [, t]]]): as a receive, with a tag selector. */
static proto_stmt *probe(struct proto_parser *ps, PROTO_YYLTYPE at,
                         proto_expr *from, proto_expr *tag, char *src,
                         PROTO_YYLTYPE src_at, char *tagv,
                         PROTO_YYLTYPE tag_at);

static proto_stmt *receive(struct proto_parser *ps, PROTO_YYLTYPE at, proto_expr *from, char *src,
                           PROTO_YYLTYPE src_at, char *tag, PROTO_YYLTYPE tag_at)
{
    proto_stmt *s = stmt(ps, PS_RECV, at);
    s->e[0] = from;
    s->any_source = from == NULL;
    s->src_var = src;
    s->src_line = src_at.first_line;
    s->src_col = src_at.first_column;
    s->tag_var = tag;
    s->tag_line = tag_at.first_line;
    s->tag_col = tag_at.first_column;
    return s;
}

static proto_stmt *probe(struct proto_parser *ps, PROTO_YYLTYPE at,
                         proto_expr *from, proto_expr *tag, char *src,
                         PROTO_YYLTYPE src_at, char *tagv,
                         PROTO_YYLTYPE tag_at)
{
    proto_stmt *s = receive(ps, at, from, src, src_at, tagv, tag_at);
    s->kind = PS_PROBE;
    s->e[1] = tag;
    return s;
}
}

%union {
    double number;
    char *text;
    proto_expr *expr;
    proto_stmt *stmt;
    proto_stmts stmts;
    proto_cmp cmp;
    proto_refs refs;
}

%token EQ "'=='" NE "'!='" GE "'>='" LE "'<='" GT "'>'" LT "'<'"
%token IF "'if'" ELSE "'else'" WHILE "'while'" FOR "'for'"
%token COMPUTE "'compute'" SEND "'send'" RECEIVE "'receive'"
%token BCAST "'bcast'" GATHER "'gather'" ALL_GATHER "'all_gather'"
%token SCATTER "'scatter'" ALL_TO_ALL "'all_to_all'" REDUCE "'reduce'"
%token ALL_REDUCE "'all_reduce'" ANY_SOURCE "'any_source'"
%token ANY_TAG "'any_tag'" ISEND "'isend'" IRECV "'irecv'" WAIT "'wait'"
%token WAITALL "'waitall'" SENDRECV "'sendrecv'" BARRIER "'barrier'"
%token PROBE "'probe'"
%token <number> NUMBER "number"
%token <text> IDENT "identifier"

%type <stmts> stmts block
%type <stmt> stmt
%type <expr> exp args source tagsel
%type <refs> requests
%type <cmp> cmp

/* No %destructor: every node is in ps->nodes, freed at once by the caller. */

/* The thesis's precedence (App. A): % binds tighter than * and /. */
%left '+' '-'
%left '*' '/'
%left '%'
%precedence UNARY

%%

program
    : stmts                         { ps->result = $1; }
    ;

/* Every statement ends with ';', blocks included (thesis §4.1). */
stmts
    : stmt ';'                      { $$ = (proto_stmts){0}; ARENA_PUSH(ps->nodes, &$$, $1); }
    | stmts stmt ';'                { $$ = $1; ARENA_PUSH(ps->nodes, &$$, $2); }
    ;

block
    : '{' stmts '}'                 { $$ = $2; }
    ;

stmt
    : IDENT '=' exp                 { $$ = stmt(ps, PS_ASSIGN, @1); $$->name = $1;
                                      $$->name_line = @1.first_line;
                                      $$->name_col = @1.first_column;
                                      $$->e[0] = $3; }
    | block                         { $$ = stmt(ps, PS_BLOCK, @1); $$->body = $1; }
    | IF '(' cmp ')' block          { $$ = stmt(ps, PS_IF, @1); $$->cond = $3;
                                      $$->body = $5; }
    | IF '(' cmp ')' block ELSE block
                                    { $$ = stmt(ps, PS_IF, @1); $$->cond = $3;
                                      $$->body = $5; $$->other = $7; }
    | IF '(' exp ')' block          { $$ = stmt(ps, PS_IF_PERCENT, @1);
                                      $$->e[0] = $3; $$->body = $5; }
    | IF '(' exp ')' block ELSE block
                                    { $$ = stmt(ps, PS_IF_PERCENT, @1);
                                      $$->e[0] = $3; $$->body = $5;
                                      $$->other = $7; }
    | WHILE '(' cmp ')' block       { $$ = stmt(ps, PS_WHILE, @1); $$->cond = $3;
                                      $$->body = $5; }
    | WHILE '(' exp ',' exp ')' block
                                    { $$ = stmt(ps, PS_WHILE_DRAW, @1);
                                      $$->e[0] = $3; $$->e[1] = $5;
                                      $$->body = $7; }
    | FOR '(' IDENT ',' exp ')' block
                                    { $$ = stmt(ps, PS_FOR, @1); $$->name = $3;
                                      $$->name_line = @3.first_line;
                                      $$->name_col = @3.first_column;
                                      $$->e[0] = $5; $$->body = $7; }
    | COMPUTE '(' exp ',' exp ')'   { $$ = stmt(ps, PS_COMPUTE, @1);
                                      $$->e[0] = $3; $$->e[1] = $5; }
    | SEND '(' exp ',' '(' exp ',' exp ')' ')'
                                    { $$ = stmt(ps, PS_SEND, @1); $$->e[0] = $3;
                                      $$->e[1] = $6; $$->e[2] = $8; }
    | SEND '(' exp ',' '(' exp ',' exp ')' ',' exp ')'
                                    { $$ = stmt(ps, PS_SEND, @1); $$->e[0] = $3;
                                      $$->e[1] = $6; $$->e[2] = $8;
                                      $$->e[3] = $11; }
    | RECEIVE '(' exp ')'           { $$ = receive(ps, @1, $3, NULL, @1, NULL, @1); }
    | RECEIVE '(' exp ',' IDENT ')' { $$ = receive(ps, @1, $3, NULL, @1, $5, @5); }
    | RECEIVE '(' ANY_SOURCE ')'    { $$ = receive(ps, @1, NULL, NULL, @1, NULL, @1); }
    | RECEIVE '(' ANY_SOURCE ',' IDENT ')'
                                    { $$ = receive(ps, @1, NULL, $5, @5, NULL, @1); }
    | RECEIVE '(' ANY_SOURCE ',' IDENT ',' IDENT ')'
                                    { $$ = receive(ps, @1, NULL, $5, @5, $7, @7); }
    | BCAST '(' exp ',' '(' exp ',' exp ')' ')'
                                    { $$ = collective(ps, SIM_OP_BCAST, @1, $3, $6, $8); }
    | GATHER '(' '(' exp ',' exp ')' ',' exp ')'
                                    { $$ = collective(ps, SIM_OP_GATHER, @1, $9, $4, $6); }
    | SCATTER '(' exp ',' '(' exp ',' exp ')' ')'
                                    { $$ = collective(ps, SIM_OP_SCATTER, @1, $3, $6, $8); }
    | REDUCE '(' exp ',' '(' exp ',' exp ')' ')'
                                    { $$ = collective(ps, SIM_OP_REDUCE, @1, $3, $6, $8); }
    | ALL_GATHER '(' exp ',' exp ')'
                                    { $$ = collective(ps, SIM_OP_ALL_GATHER, @1, NULL, $3, $5); }
    | ALL_TO_ALL '(' exp ',' exp ')'
                                    { $$ = collective(ps, SIM_OP_ALL_TO_ALL, @1, NULL, $3, $5); }
    | ALL_REDUCE '(' exp ',' exp ')'
                                    { $$ = collective(ps, SIM_OP_ALL_REDUCE, @1, NULL, $3, $5); }
    | BARRIER '(' ')'               { $$ = collective(ps, SIM_OP_BARRIER, @1, NULL, NULL, NULL); }
    | IDENT '=' ISEND '(' exp ',' '(' exp ',' exp ')' ')'
                                    { $$ = request(ps, PS_ISEND, $1, @1, @3);
                                      $$->e[0] = $5; $$->e[1] = $8; $$->e[2] = $10; }
    | IDENT '=' ISEND '(' exp ',' '(' exp ',' exp ')' ',' exp ')'
                                    { $$ = request(ps, PS_ISEND, $1, @1, @3);
                                      $$->e[0] = $5; $$->e[1] = $8; $$->e[2] = $10;
                                      $$->e[3] = $13; }
    | IDENT '=' IRECV '(' source ')'
                                    { $$ = request(ps, PS_IRECV, $1, @1, @3);
                                      $$->e[0] = $5; $$->any_source = $5 == NULL; }
    | IDENT '=' IRECV '(' source ',' tagsel ')'
                                    { $$ = request(ps, PS_IRECV, $1, @1, @3);
                                      $$->e[0] = $5; $$->any_source = $5 == NULL;
                                      $$->e[1] = $7; }
    | WAIT '(' IDENT ')'            { $$ = wait_stmt(ps, @1, one_ref(ps, $3, @3), NULL, @1, NULL, @1); }
    | WAIT '(' IDENT ',' IDENT ')'  { $$ = wait_stmt(ps, @1, one_ref(ps, $3, @3), $5, @5, NULL, @1); }
    | WAIT '(' IDENT ',' IDENT ',' IDENT ')'
                                    { $$ = wait_stmt(ps, @1, one_ref(ps, $3, @3), $5, @5, $7, @7); }
    | WAITALL '(' requests ')'      { $$ = wait_stmt(ps, @1, $3, NULL, @1, NULL, @1); }
    | SENDRECV '(' exp ',' '(' exp ',' exp ')' ',' source ')'
                                    { $$ = stmt(ps, PS_SENDRECV, @1); $$->e[0] = $3;
                                      $$->e[1] = $6; $$->e[2] = $8; $$->e[4] = $11;
                                      $$->any_source = $11 == NULL; }
    | SENDRECV '(' exp ',' '(' exp ',' exp ')' ',' exp ',' source ',' tagsel ')'
                                    { $$ = stmt(ps, PS_SENDRECV, @1); $$->e[0] = $3;
                                      $$->e[1] = $6; $$->e[2] = $8; $$->e[3] = $11;
                                      $$->e[4] = $13; $$->any_source = $13 == NULL;
                                      $$->e[5] = $15; }
    | PROBE '(' source ')'          { $$ = probe(ps, @1, $3, NULL, NULL, @1, NULL, @1); }
    | PROBE '(' source ',' tagsel ')'
                                    { $$ = probe(ps, @1, $3, $5, NULL, @1, NULL, @1); }
    | PROBE '(' source ',' tagsel ',' IDENT ')'
                                    { $$ = probe(ps, @1, $3, $5, $7, @7, NULL, @1); }
    | PROBE '(' source ',' tagsel ',' IDENT ',' IDENT ')'
                                    { $$ = probe(ps, @1, $3, $5, $7, @7, $9, @9); }
    /* A name followed by '(' as a statement: say which statement is
     * unknown, not that '=' was expected. */
    | IDENT '('                     { proto_error_at(ps, @1.first_line, @1.first_column,
                                          "unknown statement '%s' (the statements "
                                          "are listed in formats/proto.md)", $1);
                                      YYABORT; }
    ;

source
    : exp                           { $$ = $1; }
    | ANY_SOURCE                    { $$ = NULL; }
    ;

tagsel
    : exp                           { $$ = $1; }
    | ANY_TAG                       { $$ = NULL; }
    ;

requests
    : IDENT                         { $$ = one_ref(ps, $1, @1); }
    | requests ',' IDENT            { $$ = $1; ARENA_PUSH(ps->nodes, &$$, ref($3, @3)); }
    ;

cmp
    : exp EQ exp                    { $$ = compare(PC_EQ, $1, $3); }
    | exp NE exp                    { $$ = compare(PC_NE, $1, $3); }
    | exp GT exp                    { $$ = compare(PC_GT, $1, $3); }
    | exp GE exp                    { $$ = compare(PC_GE, $1, $3); }
    | exp LT exp                    { $$ = compare(PC_LT, $1, $3); }
    | exp LE exp                    { $$ = compare(PC_LE, $1, $3); }
    ;

exp
    : NUMBER                        { $$ = proto_expr_new(ps, PX_NUM, @1.first_line,
                                                          @1.first_column);
                                      $$->num = $1; }
    | IDENT                         { $$ = proto_expr_new(ps, PX_VAR, @1.first_line,
                                                          @1.first_column);
                                      $$->name = $1; }
    | IDENT '(' args ')'            { $$ = $3; $$->name = $1;
                                      $$->line = @1.first_line;
                                      $$->col = @1.first_column;
                                      DEPTH_CHECKED($$); }
    | '(' exp ')'                   { $$ = $2; }
    | '-' exp %prec UNARY           { $$ = proto_expr_new(ps, PX_NEG, @1.first_line,
                                                          @1.first_column);
                                      $$->a = $2; DEPTH_CHECKED($$); }
    | '+' exp %prec UNARY           { $$ = $2; }
    | exp '+' exp                   { $$ = binary(ps, '+', $1, $3, @2);
                                      DEPTH_CHECKED($$); }
    | exp '-' exp                   { $$ = binary(ps, '-', $1, $3, @2);
                                      DEPTH_CHECKED($$); }
    | exp '*' exp                   { $$ = binary(ps, '*', $1, $3, @2);
                                      DEPTH_CHECKED($$); }
    | exp '/' exp                   { $$ = binary(ps, '/', $1, $3, @2);
                                      DEPTH_CHECKED($$); }
    | exp '%' exp                   { $$ = binary(ps, '%', $1, $3, @2);
                                      DEPTH_CHECKED($$); }
    ;

args
    : exp                           { $$ = proto_expr_new(ps, PX_CALL, 0, 0);
                                      ARENA_PUSH(ps->nodes, &$$->args, $1); }
    | args ',' exp                  { $$ = $1; ARENA_PUSH(ps->nodes, &$$->args, $3); }
    /* the call's depth is checked once it has its name and location */
    ;

%%
