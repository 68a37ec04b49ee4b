/* prism.h — private to lib/san: the syntax tree of a PRISM CTMC model
 * (formats/prism-subset.md) as prism.y builds it, and the state the
 * generated scanner and parser share. prism.c translates the tree into
 * the resolved SAN model (model.h), so the descriptor is built by the
 * same code as from the SAN language. Expressions are the SAN parser's
 * sx nodes (parser.h): identifiers unresolved, constant operands folded. */
#ifndef PERFPIPE_SAN_PRISM_H
#define PERFPIPE_SAN_PRISM_H

#include "san/model.h"
#include "san/parser.h"

typedef enum { PT_INT, PT_DOUBLE, PT_BOOL } pr_type;

typedef struct {
    char *name;
    pr_type type;
    sx *value;            /* NULL: given with -D */
    int line, col;
    const char *file;     /* the model's, or the properties file's */
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
    char *action;         /* a transition reward's: NULL for [] */
    int transition;       /* [action] guard : value; */
    sx *guard, *value;
    int line, col;
} pr_reward_item;

typedef struct {
    char *name;           /* NULL: unnamed */
    VEC(pr_reward_item) items;
    int line, col;
} pr_rewards;

/* A query of a properties file (--props): S=? [ e ], the steady-state
 * probability of e; or R{"r"}=? [ S ], the expected steady-state reward
 * of structure r (reward NULL: the first). */
typedef struct {
    char *name;           /* "name": S=? [...]; NULL: propK */
    int is_reward;
    sx *expr;             /* S */
    char *reward;         /* R */
    int line, col;
} pr_query;

typedef struct {
    int line, col;        /* the ctmc / stochastic keyword; 0: none */
    VEC(pr_const) consts;
    VEC(pr_formula) formulas;
    VEC(pr_module) modules;
    VEC(pr_label) labels;
    VEC(pr_rewards) rewards;
    sx *init;             /* init ... endinit; NULL: none */
    int init_line, init_col;
    pr_renames system;    /* system M1 || M2 ... endsystem: the modules */
    int system_line, system_col;
    VEC(pr_query) queries;    /* from the properties file */
    const char *props_file;
} pr_model;

/* The parser's state: the SAN parser's (positions, diagnostics, the
 * arena that holds every node) and the tree. */
struct prism_parser {
    struct san_parser base;
    pr_model *model;
    int start;            /* the first token (TOK_MODEL_FILE or
                             TOK_PROPS_FILE), given once by the scanner */
    int props;            /* a properties file */
};

struct PRISM_YYLTYPE;
void prism_advance(struct prism_parser *ps, struct PRISM_YYLTYPE *loc,
                   const char *text, size_t len);

/* Parses text into a tree in ps->base.root's arena. 0, or -1 after a
 * diagnostic. */
int prism_parse(struct prism_parser *ps, const char *text, size_t len);

/* ------------------------------------------------------ translation */

/* The translation's state (prism.c; the commands in prism_cmd.c). A
 * variable's value is its automaton's state index decoded, made once;
 * the tree's expressions are resolved in a context: the module whose text
 * they are (its renames apply) and, when fixed, that module's
 * variables' values (a command expanded at a local state). */
typedef struct {
    const char *name;     /* as renamed */
    long lo, range;       /* values lo .. lo + range - 1 */
    int is_bool;
    int aut;              /* its automaton */
    rx *decoded;          /* its value, st of the automaton + lo, once */
} tr_var;

typedef struct {
    const pr_module *text;    /* the module's body: its base's if renamed */
    const pr_module *decl;    /* the declaration (name, renames) */
    VEC(tr_var) vars;
} tr_module;

typedef struct {
    model m;
    const pr_model *pm;
    define_list *defs;    /* -D: NULL when none */
    keymap const_index, formula_index, var_index, module_index;
    double *const_value;
    unsigned char *const_state;   /* 0 not yet, 1 being resolved, 2 done */
    VEC(tr_module) mods;
    /* The context of an expression: the module whose text it is (its
     * renames apply), and the value of that module's variable `fixed_var`
     * when it is fixed (fixed: the values by variable). */
    const tr_module *cur;
    const long *fixed;
    int fixed_var;
    int depth;
} tr;


void tr_error(tr *t, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* name as the current module's renaming spells it. */
const char *tr_renamed(const tr *t, const char *name);
/* e resolved in the current context; NULL after a diagnostic. */
rx *tr_resolve(tr *t, const sx *e);
/* guard ? value : 0, folded when the guard is known. */
rx *tr_gated(model *m, rx *guard, rx *value);

/* Every command as events and arcs (prism_cmd.c): 0, or -1 after a
 * diagnostic. */
int prism_commands(tr *t);
/* The total rate of the transitions labelled `action` (NULL: those of
 * the commands without one) out of the global state: over the modules
 * that have the action, the product of each one's sum of its enabled
 * commands' branch rates (PRISM's synchronisation: a module with the
 * action and no enabled command blocks it); for [], the sum over every
 * module (0 when none has such a command). NULL after a diagnostic, at
 * line:col when no module has the action. */
rx *prism_action_rate(tr *t, const char *action, int line, int col);

#endif
