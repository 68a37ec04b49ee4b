/* san.y — the grammar of the SAN model language (formats/san.md). A pure
 * parser with locations: it builds the syntax tree and leaves names,
 * ranges, loops and every semantic check to build.c. */
%require "3.6"
%define api.pure full
%define api.prefix {san_yy}
%define api.token.prefix {TOK_}
%define parse.error detailed
%locations
%param {yyscan_t scanner}
%parse-param {struct san_parser *ps}

%code requires {
#include "san/parser.h"
typedef void *yyscan_t;
}

%code {
#include <stdlib.h>
#include <string.h>

/* Bison's stack limit, YYMAXDEPTH, stated for the message. */
#define SAN_MAX_NESTING "10000"
#define YYMAXDEPTH 10000

int san_yylex(SAN_YYSTYPE *lval, SAN_YYLTYPE *lloc, yyscan_t scanner);

static void san_yyerror(SAN_YYLTYPE *loc, yyscan_t scanner,
                        struct san_parser *ps, const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0)   /* the parser's stack */
        msg = "nested deeper than the parser's limit (" SAN_MAX_NESTING ")";
    san_error_at(ps, loc->first_line, loc->first_column, "%s", msg);
}

#define AT(loc) (loc).first_line, (loc).first_column

/* Lists grow in the tree's arena, with its nodes. */
#define PUSH(vec, value) ARENA_PUSH(&ps->root->nodes, vec, value)

static san_stmt *stmt(struct san_parser *ps, ss_kind kind, SAN_YYLTYPE loc)
{
    return san_stmt_new(ps, kind, loc.first_line, loc.first_column);
}

static san_stmt *one_name(struct san_parser *ps, ss_kind kind,
                          SAN_YYLTYPE loc, san_name *n)
{
    san_stmt *s = stmt(ps, kind, loc);
    PUSH(&s->names, n);
    return s;
}

static sx *binop(struct san_parser *ps, desc_op op, SAN_YYLTYPE loc, sx *a,
                 sx *b)
{
    return sx_op(ps, op, loc.first_line, loc.first_column, a, b, NULL);
}
}

%union {
    double num;
    char *text;
    sx *expr;
    san_name *name;
    san_names names;
    san_stmt *stmt;
    san_stmts stmts;
    san_evitem evitem;
    VEC(san_evitem) evitems;
}

%token IDENTIFIERS "'identifiers'" EVENTS "'events'"
%token REACHABILITY "'reachability'" NETWORK "'network'" RESULTS "'results'"
%token LOC "'loc'" SYN "'syn'" AUT "'aut'" STATES "'states'"
%token INITIAL "'initial'" ON "'on'" FOR "'for'" IN "'in'"
%token ST "'st'" NB "'nb'" IS "'is'" MIN "'min'" MAX "'max'"
%token ARROW "'->'" DOTS "'..'" LE "'<='" GE "'>='" EQ "'=='" NE "'!='"
%token AND "'&&'" OR "'||'"
%token <num> NUMBER "number"
%token <text> IDENT "identifier" STRING "string"

%type <expr> expr
%type <name> name names
%type <names> namelist group
%type <stmt> define event automaton netitem item
%type <stmts> defines events netitems items event_body
%type <text> netname
%type <evitem> evitem
%type <evitems> evitems

/* No %destructor: every node is in the tree's arena (parser.h). */

%right '?' ':'
%left OR
%left AND
%nonassoc '<' LE '>' GE EQ NE
%left '+' '-'
%left '*' '/'
%precedence UNARY

%%

model
    : identifiers_opt EVENTS events reach_opt NETWORK netname netitems
      results_opt
                                { ps->root->events = $3;
                                  ps->root->model_name = $6;
                                  ps->root->network = $7;
                                  ps->root->net_line = @5.first_line;
                                  ps->root->net_col = @5.first_column; }
    ;

identifiers_opt
    : %empty
    | IDENTIFIERS defines       { ps->root->idents = $2; }
    ;

results_opt
    : %empty
    | RESULTS defines           { ps->root->results = $2; }
    ;

reach_opt
    : %empty
    | REACHABILITY '=' expr ';' { ps->root->reach = $3; }
    ;

netname
    : %empty                    { $$ = NULL; }
    | IDENT
    | STRING
    ;

defines
    : %empty                    { $$ = (san_stmts){0}; }
    | defines define            { $$ = $1; PUSH(&$$, $2); }
    ;

define
    : IDENT '=' expr ';'        { $$ = stmt(ps, SS_DEFINE, @1); $$->ident = $1;
                                  $$->expr = $3; }
    ;

events
    : %empty                    { $$ = (san_stmts){0}; }
    | events event              { $$ = $1; PUSH(&$$, $2); }
    ;

event
    : LOC namelist '(' expr ')' ';'
                                { $$ = stmt(ps, SS_EVENT, @1); $$->names = $2;
                                  $$->expr = $4; }
    | SYN namelist '(' expr ')' ';'
                                { $$ = stmt(ps, SS_EVENT, @1); $$->names = $2;
                                  $$->expr = $4; $$->sync = 1; }
    | FOR IDENT IN expr DOTS expr '{' event_body '}'
                                { $$ = stmt(ps, SS_FOR, @1); $$->ident = $2;
                                  $$->expr = $4; $$->hi = $6; $$->body = $8; }
    ;

event_body
    : events
    ;

netitems
    : %empty                    { $$ = (san_stmts){0}; }
    | netitems netitem          { $$ = $1; PUSH(&$$, $2); }
    ;

netitem
    : automaton
    | FOR IDENT IN expr DOTS expr '{' netitems '}'
                                { $$ = stmt(ps, SS_FOR, @1); $$->ident = $2;
                                  $$->expr = $4; $$->hi = $6; $$->body = $8; }
    ;

automaton
    : AUT name '{' items '}'    { $$ = one_name(ps, SS_AUT, @1, $2); $$->body = $4; }
    ;

items
    : %empty                    { $$ = (san_stmts){0}; }
    | items item                { $$ = $1; PUSH(&$$, $2); }
    ;

item
    : STATES namelist ';'       { $$ = stmt(ps, SS_STATES, @1); $$->names = $2; }
    | INITIAL name ';'          { $$ = one_name(ps, SS_INITIAL, @1, $2); }
    | name ARROW name ON evitems ';'
                                { $$ = one_name(ps, SS_TRANS, @2, $1); $$->to = $3;
                                  $$->evs.items = $5.items;
                                  $$->evs.len = $5.len; $$->evs.cap = $5.cap; }
    | FOR IDENT IN expr DOTS expr '{' items '}'
                                { $$ = stmt(ps, SS_FOR, @1); $$->ident = $2;
                                  $$->expr = $4; $$->hi = $6; $$->body = $8; }
    ;

evitems
    : evitem                    { $$.items = NULL; $$.len = $$.cap = 0;
                                  PUSH(&$$, $1); }
    | evitems ',' evitem        { $$ = $1; PUSH(&$$, $3); }
    ;

evitem
    : names                     { $$.name = $1; $$.prob = NULL; }
    | names '(' expr ')'        { $$.name = $1; $$.prob = $3; }
    ;

namelist
    : names                     { $$ = (san_names){0}; PUSH(&$$, $1); }
    | namelist ',' names        { $$ = $1; PUSH(&$$, $3); }
    ;

/* One name: subscripts without ranges. */
name
    : IDENT                     { $$ = san_name_new(ps, $1, AT(@1)); }
    | name '[' expr ']'         { $$ = $1;
                                  PUSH(&$$->subs, ((san_sub){$3, NULL})); }
    ;

/* A name or a list of names: subscripts may be ranges. */
names
    : IDENT                     { $$ = san_name_new(ps, $1, AT(@1)); }
    | names '[' expr ']'        { $$ = $1;
                                  PUSH(&$$->subs, ((san_sub){$3, NULL})); }
    | names '[' expr DOTS expr ']'
                                { $$ = $1;
                                  PUSH(&$$->subs, ((san_sub){$3, $5})); }
    ;

group
    : names                     { $$ = (san_names){0}; PUSH(&$$, $1); }
    | '{' namelist '}'          { $$ = $2; }
    ;

expr
    : NUMBER                    { $$ = sx_new(ps, SX_NUM, AT(@1)); $$->num = $1; }
    | IDENT                     { $$ = sx_new(ps, SX_IDENT, AT(@1)); $$->ident = $1; }
    | '(' expr ')'              { $$ = $2; }
    | MIN '(' expr ',' expr ')' { $$ = binop(ps, DOP_MIN, @1, $3, $5); }
    | MAX '(' expr ',' expr ')' { $$ = binop(ps, DOP_MAX, @1, $3, $5); }
    | ST name                   { $$ = sx_new(ps, SX_ST, AT(@1)); $$->aut = $2; }
    | name IS name              { $$ = sx_new(ps, SX_IS, AT(@1)); $$->aut = $1;
                                  $$->state = $3; }
    | NB group name             { $$ = sx_new(ps, SX_NB, AT(@1)); $$->group = $2;
                                  $$->state = $3; }
    | '-' expr %prec UNARY      { $$ = sx_op(ps, DOP_NEG, AT(@1), $2, NULL, NULL); }
    | '!' expr %prec UNARY      { $$ = sx_op(ps, DOP_NOT, AT(@1), $2, NULL, NULL); }
    | expr '+' expr             { $$ = binop(ps, DOP_ADD, @2, $1, $3); }
    | expr '-' expr             { $$ = binop(ps, DOP_SUB, @2, $1, $3); }
    | expr '*' expr             { $$ = binop(ps, DOP_MUL, @2, $1, $3); }
    | expr '/' expr             { $$ = binop(ps, DOP_DIV, @2, $1, $3); }
    | expr '<' expr             { $$ = binop(ps, DOP_LT, @2, $1, $3); }
    | expr LE expr              { $$ = binop(ps, DOP_LE, @2, $1, $3); }
    | expr '>' expr             { $$ = binop(ps, DOP_GT, @2, $1, $3); }
    | expr GE expr              { $$ = binop(ps, DOP_GE, @2, $1, $3); }
    | expr EQ expr              { $$ = binop(ps, DOP_EQ, @2, $1, $3); }
    | expr NE expr              { $$ = binop(ps, DOP_NE, @2, $1, $3); }
    | expr AND expr             { $$ = binop(ps, DOP_AND, @2, $1, $3); }
    | expr OR expr              { $$ = binop(ps, DOP_OR, @2, $1, $3); }
    | expr '?' expr ':' expr    { $$ = sx_op(ps, DOP_ITE, AT(@2), $1, $3, $5); }
    ;

%%
