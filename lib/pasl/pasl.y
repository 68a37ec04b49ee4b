/* pasl.y — the PASL grammar (formats/pasl.md). A pure parser with
 * locations: it builds the statement tree and leaves every semantic check
 * (sections, names, cardinalities, Def. 4 and 5) to build.c. */
%require "3.6"
%define api.pure full
%define api.prefix {pasl_yy}
%define api.token.prefix {TOK_}
%define parse.error custom
%define parse.lac full
%locations
%param {yyscan_t scanner}
%parse-param {struct pasl_parser *ps}

%code requires {
#include "pasl/parser.h"
typedef void *yyscan_t;
/* An operand of a cost: an identifier or real (text) or an integer. */
typedef struct {
    char *text;         /* owned; NULL for an integer */
    uint64_t number;
} pasl_operand;
}

%code {
#include <stdlib.h>
#include <string.h>

int pasl_yylex(PASL_YYSTYPE *lval, PASL_YYLTYPE *lloc, yyscan_t scanner);

/* Every rule but the blocks' is left-recursive, so the parser's stack
 * grows only with block nesting, which stops at PASL_MAX_NESTING (a few
 * entries per block) far below this. Should it ever be reached, bison's
 * "memory exhausted" becomes a message about nesting. */
#define YYMAXDEPTH 10000

static void nesting_error(struct pasl_parser *ps, int line, int col)
{
    pasl_error_at(ps, line, col, "blocks nested deeper than %d: at most %d "
                  "beginblock ... endblock inside one another",
                  PASL_MAX_NESTING, PASL_MAX_NESTING);
}

static void pasl_yyerror(PASL_YYLTYPE *loc, yyscan_t scanner,
                         struct pasl_parser *ps, const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0)   /* the parser's stack */
        nesting_error(ps, loc->first_line, loc->first_column);
    else
        pasl_error_at(ps, loc->first_line, loc->first_column, "%s", msg);
}

static pasl_stmt *at(pasl_stmt_kind kind, PASL_YYLTYPE loc)
{
    return pasl_stmt_new(kind, loc.first_line, loc.first_column);
}

/* The cost being read grows at the end of ps->cost, each piece copied
 * once, so a long product or list of delays is read in linear time. */
static void cost_put(struct pasl_parser *ps, const char *text)
{
    sb_puts(&ps->cost, text);
}

/* A cost item's first piece: "; " first when it is not the first item. */
static void cost_item_start(struct pasl_parser *ps)
{
    if (ps->cost.len)
        cost_put(ps, "; ");
}

/* An operand after `before`: its text, or its number in decimal. */
static void cost_put_operand(struct pasl_parser *ps, const char *before,
                             pasl_operand x)
{
    cost_put(ps, before);
    if (x.text) {
        cost_put(ps, x.text);
        free(x.text);
        return;
    }
    pasl_put_u64(&ps->cost, x.number);
}

/* The text of the cost just read; ps->cost starts anew. */
static char *cost_take(struct pasl_parser *ps)
{
    char *text = ps->cost.text;
    ps->cost = (strbuf){0};
    return text;
}
}

%union {
    uint64_t number;
    char *text;
    pasl_operand operand;
    pasl_stmt *stmt;
}

%token SEPARATOR "'%%'" READS "'<<'" WRITES "'>>'"
%token NAME "'name'" DESCRIPTION "'description'" PATH "'path'"
%token NULL "'NULL'" BEGINBLOCK "'beginblock'" ENDBLOCK "'endblock'"
%token DELAY "'delay'"
%token <number> BATCH_ID "batch name (B<n>)" TASK_ID "task type (L<n>)"
%token <number> INTEGER "integer"
%token <text> STRING "string" IDENT "identifier" REAL "number"

%type <stmt> items item link links batch_tail

%type <operand> operand

%destructor { free($$); } <text>
%destructor { free($$.text); } <operand>
%destructor { pasl_stmt_free($$); } <stmt>

%%

spec
    : items                         { ps->root = $1; }
    ;

items
    : %empty                        { $$ = pasl_stmt_new(PASL_BLOCK, 1, 1);
                                      $$->count = 1; }
    | items item                    { $$ = $1; VEC_PUSH(&$$->body, $2); }
    ;

item
    : SEPARATOR                     { $$ = at(PASL_SEPARATOR, @1); }
    | NAME '=' STRING ';'           { $$ = at(PASL_NAME, @1); $$->text = $3; }
    | DESCRIPTION '=' STRING ';'    { $$ = at(PASL_DESCRIPTION, @1); $$->text = $3; }
    | PATH '=' STRING ';'           { $$ = at(PASL_PATH, @1); $$->text = $3; }
    | TASK_ID '=' STRING ';'        { $$ = at(PASL_TASK_CODE, @1);
                                      $$->id = $1; $$->text = $3; }
    | TASK_ID '=' cost ';'          { $$ = at(PASL_TASK_COST, @1);
                                      $$->id = $1; $$->text = cost_take(ps); }
    | link
    ;

/* The PAMELA cost of a task type: delay(t1);A*delay(t2);... kept as text,
 * normalised to "delay(t1); A*delay(t2)". */
cost
    : cost_item
    | cost ';' cost_item
    ;

cost_item
    : DELAY '(' operand ')'         { cost_item_start(ps);
                                      cost_put_operand(ps, "delay(", $3);
                                      cost_put(ps, ")"); }
    | factors '*' DELAY '(' operand ')'
                                    { cost_put_operand(ps, "*delay(", $5);
                                      cost_put(ps, ")"); }
    ;

factors
    : operand                       { cost_item_start(ps);
                                      cost_put_operand(ps, "", $1); }
    | factors '*' operand           { cost_put_operand(ps, "*", $3); }
    ;

operand
    : IDENT                         { $$ = (pasl_operand){$1, 0}; }
    | REAL                          { $$ = (pasl_operand){$1, 0}; }
    | INTEGER                       { $$ = (pasl_operand){NULL, $1}; }
    ;

link
    : BATCH_ID '=' TASK_ID '(' INTEGER ')' batch_tail ';'
                                    { $$ = $7; $$->line = @1.first_line;
                                      $$->col = @1.first_column; $$->id = $1;
                                      $$->task_type = $3; $$->count = $5;
                                      $$->count_line = @5.first_line;
                                      $$->count_col = @5.first_column; }
    | BEGINBLOCK                    { if (++ps->nesting > PASL_MAX_NESTING) {
                                          nesting_error(ps, @1.first_line,
                                                        @1.first_column);
                                          YYERROR;
                                      } }
      '(' INTEGER ')' ';' links ENDBLOCK ';'
                                    { $$ = $7; $$->line = @1.first_line;
                                      $$->col = @1.first_column; $$->count = $4;
                                      $$->count_line = @4.first_line;
                                      $$->count_col = @4.first_column;
                                      ps->nesting--; }
    ;

links
    : %empty                        { $$ = pasl_stmt_new(PASL_BLOCK, 0, 0); }
    | links link                    { $$ = $1; VEC_PUSH(&$$->body, $2); }
    ;

/* "<< source" then any number of ">> storage". */
batch_tail
    : READS NULL                    { $$ = pasl_stmt_new(PASL_BATCH, 0, 0);
                                      $$->source = PASL_FROM_NULL; }
    | READS STRING                  { $$ = pasl_stmt_new(PASL_BATCH, 0, 0);
                                      $$->source = PASL_FROM_STORAGE;
                                      pasl_ref r = { 0, $2, @2.first_line,
                                                     @2.first_column };
                                      VEC_PUSH(&$$->inputs, r); }
    | READS BATCH_ID                { $$ = pasl_stmt_new(PASL_BATCH, 0, 0);
                                      $$->source = PASL_FROM_BATCHES;
                                      pasl_ref r = { $2, NULL, @2.first_line,
                                                     @2.first_column };
                                      VEC_PUSH(&$$->inputs, r); }
    | batch_tail ',' BATCH_ID       { $$ = $1;
                                      if ($$->source != PASL_FROM_BATCHES
                                          || $$->outputs.len) {
                                          pasl_error_at(ps, @2.first_line,
                                              @2.first_column,
                                              "only batch inputs can be listed "
                                              "with ','");
                                          /* YYERROR does not reclaim this
                                             rule's symbols: free them. */
                                          pasl_stmt_free($1);
                                          YYERROR;
                                      }
                                      pasl_ref r = { $3, NULL, @3.first_line,
                                                     @3.first_column };
                                      VEC_PUSH(&$$->inputs, r); }
    | batch_tail WRITES STRING      { $$ = $1;
                                      pasl_ref r = { 0, $3, @3.first_line,
                                                     @3.first_column };
                                      VEC_PUSH(&$$->outputs, r); }
    ;

%%

char *pasl_yyget_text(yyscan_t scanner);

/* Bison's "detailed" message, "syntax error, unexpected X, expecting Y or
 * Z" (the expected tokens listed when there are at most four; full LAC
 * makes them exact), except for an identifier standing where a batch or
 * task-type name or a statement could: the message says it is not a
 * PASL name, and what one is. */
static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner,
                                 struct pasl_parser *ps)
{
    enum { MAX_EXPECTED = 4 };
    yysymbol_kind_t expected[MAX_EXPECTED];
    int n = yypcontext_expected_tokens(ctx, expected, MAX_EXPECTED);
    if (n < 0)
        return n;
    yysymbol_kind_t got = yypcontext_token(ctx);
    int name_expected = n == 0;   /* many tokens, as at a statement */
    for (int i = 0; i < n; i++)
        name_expected |= expected[i] == YYSYMBOL_BATCH_ID ||
                         expected[i] == YYSYMBOL_TASK_ID;
    strbuf sb = {0};
    if (got == YYSYMBOL_IDENT && name_expected) {
        /* The identifier is the lookahead, the scanner's last token. */
        sb_printf(&sb, "'%s' is not a PASL name (a batch is B<n>, a task "
                  "type L<n>, n an integer)",
                  pasl_show_text(ps->shown, pasl_yyget_text(scanner)));
    } else {
        sb_puts(&sb, "syntax error");
        if (got != YYSYMBOL_YYEMPTY)
            sb_printf(&sb, ", unexpected %s", yysymbol_name(got));
    }
    for (int i = 0; i < n; i++)
        sb_printf(&sb, "%s%s", i ? " or " : ", expecting ",
                  yysymbol_name(expected[i]));
    const PASL_YYLTYPE *loc = yypcontext_location(ctx);
    pasl_error_at(ps, loc->first_line, loc->first_column, "%s", sb.text);
    sb_free(&sb);
    return 0;
}
