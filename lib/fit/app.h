/* app.h — private to lib/fit: the syntax tree of an application model
 * (formats/pamela.md) as app_parse.c builds it, names resolved, and what
 * app_eval.c needs to evaluate it. The public side is in fit.h. */
#ifndef PERFPIPE_FIT_APP_H
#define PERFPIPE_FIT_APP_H

#include "fit/fit.h"

typedef enum {
    AN_NUM,       /* num */
    AN_IVL,       /* [a, b] */
    AN_PARAM,     /* index: a param */
    AN_DEF,       /* index: a definition without arguments */
    AN_SLOT,      /* index: an argument or loop variable of the frame */
    AN_CALL,      /* index: a definition, args */
    AN_NEG,       /* -a */
    AN_ADD, AN_SUB, AN_MUL, AN_DIV,
    AN_SEQ,       /* a ; b */
    AN_PAR,       /* a || b */
    AN_DELAY,     /* delay(a) */
    AN_USE,       /* use(resource index, a) */
    AN_RSEQ,      /* seq(slot = a..b) c */
    AN_RPAR,      /* par(slot = a..b) c */
    AN_TIME,      /* time(word[args...] [, a]) */
    AN_PERUNIT,   /* perunit(word[args...]) */
    AN_POLY       /* poly(word, a) */
} an_kind;

typedef struct an an;
struct an {
    an_kind kind;
    int line, col;
    an *a, *b, *c;
    double num;
    size_t index;
    int depends;            /* reduction: its body reads its variable */
    char *word;             /* machine-model key or function name */
    VEC(an *) args;         /* call arguments; key subscripts */
};

typedef struct {
    char *name;
    int line, col;
    an *value;
    int overridden;         /* by fit_app_set */
    double lo, hi;          /* the override */
} app_param;

typedef struct {
    char *name;
    int line, col;
    an *mult;               /* NULL: 1 */
    double m;               /* evaluated before each prediction */
} app_resource;

typedef struct {
    char *name;
    int line, col;
    size_t nargs, nslots;   /* arguments, then the loop variables */
    an *body;
} app_def;

typedef struct {
    size_t def;
    int line, col;
} app_predict;

struct fit_app {
    char *file;
    arena nodes;
    VEC(app_param) params;
    VEC(app_resource) resources;
    VEC(app_def) defs;
    VEC(app_predict) predicts;
    double max_steps;   /* fit_app_set_budget; 0: FIT_APP_MAX_STEPS */
};

#endif
