/* prism.h — private to lib/san: the syntax tree of a PRISM CTMC model
 * (formats/prism-subset.md) as prism.y builds it, and the state the
 * generated scanner and parser share. prism.c translates the tree into
 * the resolved SAN model (model.h), so the descriptor is built by the
 * same code as from the SAN language. Expressions are the SAN parser's
 * sx nodes (parser.h): identifiers unresolved, constant operands folded. */
#ifndef PERFPIPE_SAN_PRISM_H
#define PERFPIPE_SAN_PRISM_H

#include "san/parser.h"

typedef enum { PT_INT, PT_DOUBLE, PT_BOOL } pr_type;

typedef struct {
    char *name;
    pr_type type;
    sx *value;            /* NULL: given with -D */
    int line, col;
} pr_const;

typedef struct {
    char *name;
    sx *value;
    int line, col;
} pr_formula;

typedef struct {
    char *name;
    int is_bool;
    sx *lo, *hi;          /* is_bool: NULL (0..1) */
    sx *init;             /* NULL: the low end, false */
    int line, col;
} pr_var;

typedef struct {
    char *var;            /* x of x' = value */
    sx *value;
    int line, col;
} pr_assign;
typedef VEC(pr_assign) pr_assigns;

typedef struct {
    sx *rate;             /* NULL: 1 (the update alone) */
    pr_assigns assigns;   /* empty: true (no change) */
    int line, col;
} pr_branch;
typedef VEC(pr_branch) pr_branches;

typedef struct {
    char *action;         /* NULL: [] */
    sx *guard;
    pr_branches branches;
    int line, col;
} pr_command;

typedef struct {
    char *from, *to;
    int line, col;
} pr_rename;
typedef VEC(pr_rename) pr_renames;
typedef VEC(sx *) pr_exprs;

typedef struct {
    char *name;
    VEC(pr_var) vars;
    VEC(pr_command) commands;
    char *base;           /* module NAME = BASE [renames]: NULL otherwise */
    pr_renames renames;
    int line, col;
} pr_module;

typedef struct {
    char *name;
    sx *value;
    int line, col;
} pr_label;

typedef struct {
    char *action;         /* a transition reward: refused (prism.c) */
    int transition;
    sx *guard, *value;
    int line, col;
} pr_reward_item;

typedef struct {
    char *name;           /* NULL: unnamed */
    VEC(pr_reward_item) items;
    int line, col;
} pr_rewards;

typedef struct {
    int line, col;        /* the ctmc / stochastic keyword; 0: none */
    VEC(pr_const) consts;
    VEC(pr_formula) formulas;
    VEC(pr_module) modules;
    VEC(pr_label) labels;
    VEC(pr_rewards) rewards;
    sx *init;             /* init ... endinit; NULL: none */
    int init_line, init_col;
} pr_model;

/* The parser's state: the SAN parser's (positions, diagnostics, the
 * arena that holds every node) and the tree. */
struct prism_parser {
    struct san_parser base;
    pr_model *model;
};

struct PRISM_YYLTYPE;
void prism_advance(struct prism_parser *ps, struct PRISM_YYLTYPE *loc,
                   const char *text, size_t len);

/* Parses text into a tree in ps->base.root's arena. 0, or -1 after a
 * diagnostic. */
int prism_parse(struct prism_parser *ps, const char *text, size_t len);

#endif
