/* prism.y — the grammar of the PRISM CTMC subset san2desc reads
 * (formats/prism-subset.md). A pure parser with locations that builds the
 * tree of prism.h; names are resolved by prism.c. What the subset
 * refuses is refused here, at its keyword, when the grammar alone says
 * so (other model types, global variables, system blocks, transition
 * rewards, unsupported functions). */
%require "3.6"
%define api.pure full
%define api.prefix {prism_yy}
%define api.token.prefix {TOK_}
%define parse.error detailed
%locations
/* One conflict, resolved by shifting as PRISM does: after `rewards`, a
 * string is the structure's name, not a label starting a guard. */
%expect 1
%param {yyscan_t scanner}
%parse-param {struct prism_parser *ps}

%code requires {
#include "san/prism.h"
typedef void *yyscan_t;
}

%code {
#include <stdlib.h>
#include <string.h>

#define YYMAXDEPTH 10000

int prism_yylex(PRISM_YYSTYPE *lval, PRISM_YYLTYPE *lloc, yyscan_t scanner);

static void prism_yyerror(PRISM_YYLTYPE *loc, yyscan_t scanner,
                          struct prism_parser *ps, const char *msg)
{
    (void)scanner;
    if (strcmp(msg, "memory exhausted") == 0)
        msg = "nested deeper than the parser's limit (10000)";
    san_error_at(&ps->base, loc->first_line, loc->first_column, "%s", msg);
}

#define AT(loc) (loc).first_line, (loc).first_column
#define PS (&ps->base)
#define PUSH(vec, value) ARENA_PUSH(&ps->base.root->nodes, vec, value)

/* A construct the subset refuses: the message, and the parse stops. */
#define REFUSE(loc, ...)                                                  \
    do {                                                                  \
        san_error_at(PS, AT(loc), __VA_ARGS__);                           \
        YYABORT;                                                          \
    } while (0)

static sx *binop(struct prism_parser *ps, desc_op op, PRISM_YYLTYPE loc,
                 sx *a, sx *b)
{
    return sx_op(PS, op, AT(loc), a, b, NULL);
}

static sx *unop(struct prism_parser *ps, desc_op op, PRISM_YYLTYPE loc,
                sx *a)
{
    return sx_op(PS, op, AT(loc), a, NULL, NULL);
}

/* A copy of e, to use it twice: the parser folds constant operands into
 * their nodes (parser.h), so no node may have two parents. */
static sx *copy(struct prism_parser *ps, const sx *e)
{
    sx *c = sx_new(PS, e->kind, e->line, e->col);
    *c = *e;
    if (e->kind == SX_OP)
        for (int i = 0; i < desc_op_arity(e->op); i++)
            c->kid[i] = copy(ps, e->kid[i]);
    return c;
}

/* min(a, b, c) as min(min(a, b), c). */
static sx *fold_args(struct prism_parser *ps, desc_op op, PRISM_YYLTYPE loc,
                     sx **args, size_t n)
{
    sx *e = args[0];
    for (size_t i = 1; i < n; i++)
        e = binop(ps, op, loc, e, args[i]);
    return e;
}
}

%union {
    double num;
    char *text;
    sx *expr;
    pr_exprs exprs;
    pr_type type;
    pr_var var;
    pr_assign assign;
    pr_assigns assigns;
    pr_branch branch;
    pr_branches branches;
    pr_command command;
    pr_module *module;
    pr_rename rename;
    pr_renames renames;
    pr_reward_item ritem;
    pr_rewards *rewards;
}

%token CTMC "'ctmc'" STOCHASTIC "'stochastic'"
%token CONST "'const'" INT "'int'" DOUBLE "'double'" BOOL "'bool'"
%token RATE "'rate'" PROB "'prob'"
%token FORMULA "'formula'" LABEL "'label'" MODULE "'module'"
%token ENDMODULE "'endmodule'" GLOBAL "'global'" INIT "'init'"
%token ENDINIT "'endinit'" REWARDS "'rewards'" ENDREWARDS "'endrewards'"
%token SYSTEM "'system'" ENDSYSTEM "'endsystem'"
%token PAR "'||'"
%token <text> OTHER_PAR "composition operator"
%token TRUE "'true'" FALSE "'false'" MIN "'min'" MAX "'max'"
%token FLOOR "'floor'" CEIL "'ceil'" MOD "'mod'" FUNC "'func'"
%token ARROW "'->'" DOTS "'..'" LE "'<='" GE "'>='" NE "'!='"
%token IMPLIES "'=>'" IFF "'<=>'"
%token MODEL_FILE PROPS_FILE S_QUERY "'S=?'"
%token <text> R_QUERY "'R=?'" OTHER_QUERY "query"
%token <num> NUMBER "number"
%token <text> IDENT "identifier" PRIMED "primed variable" STRING "string"
%token <text> OTHER_TYPE "model type" OTHER_KEYWORD "keyword"
%token <text> OTHER_FUNC "function"

%type <expr> expr init_opt
%type <exprs> args
%type <type> type
%type <var> var
%type <assign> assign
%type <assigns> assigns update
%type <branches> updates rbranches
%type <command> command
%type <module> module_body
%type <rename> rename
%type <renames> renames
%type <ritem> ritem
%type <rewards> ritems
%type <text> action
%type <renames> system

/* No %destructor: every node is in the arena (parser.h). */

%right '?' ':'
%right IMPLIES
%left IFF
%left '|'
%left '&'
%precedence '!'
%nonassoc '=' NE '<' LE '>' GE
%left '+' '-'
%left '*' '/'
%precedence UMINUS

%%

input
    : MODEL_FILE model
    | PROPS_FILE queries
    ;

queries
    : %empty
    | queries query
    ;

query
    : query_body opt_semi
    | STRING ':' query_body opt_semi
                                { ps->model->queries.items[
                                      ps->model->queries.len - 1].name = $1; }
    | CONST type IDENT ';'      { PUSH(&ps->model->consts, ((pr_const){$3, $2,
                                       NULL, AT(@3), ps->base.file})); }
    | CONST type IDENT '=' expr ';'
                                { PUSH(&ps->model->consts, ((pr_const){$3, $2,
                                       $5, AT(@3), ps->base.file})); }
    | LABEL                     { REFUSE(@1, "labels in a properties file are "
                                         "not supported: define them in the "
                                         "model"); }
    | FORMULA                   { REFUSE(@1, "formulas in a properties file "
                                         "are not supported: define them in "
                                         "the model"); }
    | OTHER_QUERY               { REFUSE(@1, "'%s' is not supported: "
                                         "san2desc answers steady-state "
                                         "queries, S=? [ ... ] and "
                                         "R=? [ S ]", $1); }
    ;

opt_semi
    : %empty
    | ';'
    ;

query_body
    : S_QUERY '[' expr ']'      { PUSH(&ps->model->queries,
                                       ((pr_query){NULL, 0, $3, NULL,
                                                   AT(@1)})); }
    | R_QUERY '[' IDENT         { if (strcmp($3, "S") != 0)
                                      REFUSE(@3, "R=? [ %s ... ] is not "
                                             "supported: san2desc answers "
                                             "the steady-state reward, "
                                             "R=? [ S ]", $3); }
      ']'                       { PUSH(&ps->model->queries,
                                       ((pr_query){NULL, 1, NULL, $1,
                                                   AT(@1)})); }
    ;

model
    : items                     { if (!ps->model->line) {
                                      san_error_at(PS, 1, 1, "no model type: "
                                          "PRISM takes such a model for an "
                                          "mdp; a CTMC says 'ctmc'");
                                      YYABORT;
                                  } }
    ;

model_type
    : CTMC
    | STOCHASTIC
    ;

items
    : %empty
    | items item
    ;

item
    : CONST type IDENT ';'      { PUSH(&ps->model->consts, ((pr_const){$3, $2,
                                       NULL, AT(@3), ps->base.file})); }
    | CONST type IDENT '=' expr ';'
                                { PUSH(&ps->model->consts, ((pr_const){$3, $2,
                                       $5, AT(@3), ps->base.file})); }
    | FORMULA IDENT '=' expr ';'
                                { PUSH(&ps->model->formulas,
                                       ((pr_formula){$2, $4, AT(@2)})); }
    | LABEL STRING '=' expr ';' { PUSH(&ps->model->labels,
                                       ((pr_label){$2, $4, AT(@2)})); }
    | MODULE IDENT module_body ENDMODULE
                                { $3->name = $2; $3->line = @2.first_line;
                                  $3->col = @2.first_column;
                                  PUSH(&ps->model->modules, *$3); }
    | MODULE IDENT '=' IDENT '[' renames ']' ENDMODULE
                                { PUSH(&ps->model->modules,
                                       ((pr_module){.name = $2, .base = $4,
                                        .renames = $6, .line = @2.first_line,
                                        .col = @2.first_column})); }
    | REWARDS STRING ritems ENDREWARDS
                                { $3->name = $2; $3->line = @1.first_line;
                                  $3->col = @1.first_column;
                                  PUSH(&ps->model->rewards, *$3); }
    | REWARDS ritems ENDREWARDS { $2->line = @1.first_line;
                                  $2->col = @1.first_column;
                                  PUSH(&ps->model->rewards, *$2); }
    | INIT expr ENDINIT         { if (ps->model->init)
                                      REFUSE(@1, "a second init ... endinit "
                                             "block");
                                  ps->model->init = $2;
                                  ps->model->init_line = @1.first_line;
                                  ps->model->init_col = @1.first_column; }
    | GLOBAL                    { REFUSE(@1, "global variables are not "
                                         "supported: declare each variable "
                                         "in the module that updates it"); }
    | SYSTEM system ENDSYSTEM   { if (ps->model->system.len)
                                      REFUSE(@1, "a second system ... "
                                             "endsystem block");
                                  ps->model->system = $2;
                                  ps->model->system_line = @1.first_line;
                                  ps->model->system_col = @1.first_column; }
    | OTHER_KEYWORD             { REFUSE(@1, "'%s' is not supported in a CTMC "
                                         "(formats/prism-subset.md)", $1); }
    | model_type                { if (ps->model->line)
                                      REFUSE(@1, "a second model type");
                                  ps->model->line = @1.first_line;
                                  ps->model->col = @1.first_column; }
    | OTHER_TYPE                { REFUSE(@1, "model type '%s' is not "
                                         "supported: san2desc reads CTMCs "
                                         "(ctmc or stochastic)", $1); }
    ;

type
    : %empty                    { $$ = PT_INT; }
    | INT                       { $$ = PT_INT; }
    | DOUBLE                    { $$ = PT_DOUBLE; }
    | RATE                      { $$ = PT_DOUBLE; }
    | PROB                      { $$ = PT_DOUBLE; }
    | BOOL                      { $$ = PT_BOOL; }
    ;

module_body
    : %empty                    { $$ = arena_alloc(&ps->base.root->nodes,
                                                   sizeof *$$);
                                  *$$ = (pr_module){0}; }
    | module_body var           { $$ = $1; PUSH(&$$->vars, $2); }
    | module_body command       { $$ = $1; PUSH(&$$->commands, $2); }
    ;

var
    : IDENT ':' '[' expr DOTS expr ']' init_opt ';'
                                { $$ = (pr_var){$1, 0, $4, $6, $8,
                                                AT(@1)}; }
    | IDENT ':' BOOL init_opt ';'
                                { $$ = (pr_var){$1, 1, NULL, NULL, $4,
                                                AT(@1)}; }
    | IDENT ':' INT init_opt ';'
                                { REFUSE(@3, "variable '%s' has no range: "
                                         "write %s : [LOW..HIGH]", $1, $1); }
    | IDENT ':' OTHER_KEYWORD   { REFUSE(@3, "'%s' variables are not "
                                         "supported in a CTMC", $3); }
    ;

init_opt
    : %empty                    { $$ = NULL; }
    | INIT expr                 { $$ = $2; }
    ;

command
    : '[' action ']' expr ARROW updates ';'
                                { $$ = (pr_command){$2, $4, $6, AT(@1)}; }
    ;

action
    : %empty                    { $$ = NULL; }
    | IDENT
    ;

updates
    : TRUE                      { $$ = (pr_branches){0};
                                  PUSH(&$$, ((pr_branch){NULL, {0},
                                                         AT(@1)})); }
    | assigns                   { $$ = (pr_branches){0};
                                  PUSH(&$$, ((pr_branch){NULL, $1,
                                                         AT(@1)})); }
    | rbranches
    ;

rbranches
    : expr ':' update           { $$ = (pr_branches){0};
                                  PUSH(&$$, ((pr_branch){$1, $3, AT(@1)})); }
    | rbranches '+' expr ':' update
                                { $$ = $1;
                                  PUSH(&$$, ((pr_branch){$3, $5, AT(@3)})); }
    ;

update
    : TRUE                      { $$ = (pr_assigns){0}; }
    | assigns
    ;

assigns
    : assign                    { $$ = (pr_assigns){0}; PUSH(&$$, $1); }
    | assigns '&' assign        { $$ = $1; PUSH(&$$, $3); }
    ;

assign
    : '(' PRIMED '=' expr ')'   { $$ = (pr_assign){$2, $4, AT(@2)}; }
    ;

/* system ... endsystem: only M1 || M2 || ..., PRISM's default (the
 * modules, each once, synchronising on their shared actions; prism.c
 * checks the list). Each module is kept as a rename of itself. */
system
    : IDENT                     { $$ = (pr_renames){0};
                                  PUSH(&$$, ((pr_rename){$1, $1, AT(@1)})); }
    | '(' system ')'            { $$ = $2; }
    | system PAR IDENT          { $$ = $1;
                                  PUSH(&$$, ((pr_rename){$3, $3, AT(@3)})); }
    | system PAR '(' system ')' { $$ = $1;
                                  for (size_t i = 0; i < $4.len; i++)
                                      PUSH(&$$, $4.items[i]); }
    | system OTHER_PAR          { REFUSE(@2, "the composition '%s' is not "
                                         "supported: system ... endsystem "
                                         "may only put every module in "
                                         "parallel, M1 || M2 || ... (PRISM's "
                                         "default)", $2); }
    | system '/'                { REFUSE(@2, "hiding (/{...}) is not "
                                         "supported in system ... "
                                         "endsystem"); }
    | system '{'                { REFUSE(@2, "renaming ({a <- b}) is not "
                                         "supported in system ... "
                                         "endsystem"); }
    ;

renames
    : rename                    { $$ = (pr_renames){0}; PUSH(&$$, $1); }
    | renames ',' rename        { $$ = $1; PUSH(&$$, $3); }
    ;

rename
    : IDENT '=' IDENT           { $$ = (pr_rename){$1, $3, AT(@1)}; }
    ;

ritems
    : %empty                    { $$ = arena_alloc(&ps->base.root->nodes,
                                                   sizeof *$$);
                                  *$$ = (pr_rewards){0}; }
    | ritems ritem              { $$ = $1; PUSH(&$$->items, $2); }
    ;

ritem
    : expr ':' expr ';'         { $$ = (pr_reward_item){NULL, 0, $1, $3,
                                                        AT(@1)}; }
    | '[' action ']' expr ':' expr ';'
                                { $$ = (pr_reward_item){$2, 1, $4, $6,
                                                        AT(@1)}; }
    ;

args
    : expr                      { $$ = (pr_exprs){0}; PUSH(&$$, $1); }
    | args ',' expr             { $$ = $1; PUSH(&$$, $3); }
    ;

expr
    : NUMBER                    { $$ = sx_new(PS, SX_NUM, AT(@1));
                                  $$->num = $1; }
    | TRUE                      { $$ = sx_new(PS, SX_NUM, AT(@1));
                                  $$->num = 1; }
    | FALSE                     { $$ = sx_new(PS, SX_NUM, AT(@1));
                                  $$->num = 0; }
    | IDENT                     { $$ = sx_new(PS, SX_IDENT, AT(@1));
                                  $$->ident = $1; }
    | STRING                    { /* a label, "name": spelt with its quotes,
                                     which no other name has */
                                  $$ = sx_new(PS, SX_IDENT, AT(@1));
                                  size_t n = strlen($1);
                                  char *q = arena_alloc(&ps->base.root->nodes,
                                                        n + 3);
                                  q[0] = '"';
                                  memcpy(q + 1, $1, n);
                                  q[n + 1] = '"';
                                  q[n + 2] = '\0';
                                  $$->ident = q; }
    | '(' expr ')'              { $$ = $2; }
    | MIN '(' args ')'          { $$ = fold_args(ps, DOP_MIN, @1, $3.items,
                                                 $3.len); }
    | MAX '(' args ')'          { $$ = fold_args(ps, DOP_MAX, @1, $3.items,
                                                 $3.len); }
    | FUNC '(' MIN ',' args ')' { $$ = fold_args(ps, DOP_MIN, @1, $5.items,
                                                 $5.len); }
    | FUNC '(' MAX ',' args ')' { $$ = fold_args(ps, DOP_MAX, @1, $5.items,
                                                 $5.len); }
    | FLOOR '(' expr ')'        { $$ = unop(ps, DOP_FLOOR, @1, $3); }
    | CEIL '(' expr ')'         { $$ = unop(ps, DOP_NEG, @1,
                                       unop(ps, DOP_FLOOR, @1,
                                            unop(ps, DOP_NEG, @1, $3))); }
    | MOD '(' expr ',' expr ')' { /* a - b floor(a / b) */
                                  sx *q = unop(ps, DOP_FLOOR, @1,
                                               binop(ps, DOP_DIV, @1,
                                                     copy(ps, $3),
                                                     copy(ps, $5)));
                                  $$ = binop(ps, DOP_SUB, @1, $3,
                                             binop(ps, DOP_MUL, @1, $5, q)); }
    | OTHER_FUNC                { REFUSE(@1, "function '%s' is not "
                                         "supported (min, max, floor, ceil "
                                         "and mod are)", $1); }
    | '-' expr %prec UMINUS     { $$ = unop(ps, DOP_NEG, @1, $2); }
    | '!' expr                  { $$ = unop(ps, DOP_NOT, @1, $2); }
    | expr '*' expr             { $$ = binop(ps, DOP_MUL, @2, $1, $3); }
    | expr '/' expr             { $$ = binop(ps, DOP_DIV, @2, $1, $3); }
    | expr '+' expr             { $$ = binop(ps, DOP_ADD, @2, $1, $3); }
    | expr '-' expr             { $$ = binop(ps, DOP_SUB, @2, $1, $3); }
    | expr '=' expr             { $$ = binop(ps, DOP_EQ, @2, $1, $3); }
    | expr NE expr              { $$ = binop(ps, DOP_NE, @2, $1, $3); }
    | expr '<' expr             { $$ = binop(ps, DOP_LT, @2, $1, $3); }
    | expr LE expr              { $$ = binop(ps, DOP_LE, @2, $1, $3); }
    | expr '>' expr             { $$ = binop(ps, DOP_GT, @2, $1, $3); }
    | expr GE expr              { $$ = binop(ps, DOP_GE, @2, $1, $3); }
    | expr '&' expr             { $$ = binop(ps, DOP_AND, @2, $1, $3); }
    | expr '|' expr             { $$ = binop(ps, DOP_OR, @2, $1, $3); }
    | expr IMPLIES expr         { $$ = binop(ps, DOP_OR, @2,
                                             unop(ps, DOP_NOT, @2, $1), $3); }
    | expr IFF expr             { $$ = binop(ps, DOP_EQ, @2,
                                             unop(ps, DOP_NOT, @2, $1),
                                             unop(ps, DOP_NOT, @2, $3)); }
    | expr '?' expr ':' expr    { $$ = sx_op(PS, DOP_ITE, AT(@2), $1, $3,
                                             $5); }
    ;

%%
