/* prism.c — a PRISM CTMC (formats/prism-subset.md) as a SAN: the parser's
 * tree (prism.h) translated into the resolved model of model.h, from
 * which todesc.c builds the descriptor as for the SAN language.
 *
 * Each module is an automaton whose states are the valuations of its
 * variables (the first variable the most significant digit). A variable
 * read by an expression is the automaton's state index decoded (st,
 * floor); the module's own variables, where a command is expanded state by
 * state, are the state's values, so a guard on them alone decides which
 * arcs exist and its updates give each arc's target. A command is one
 * event per rate branch; a synchronised action is one event per choice of
 * a command and a branch in every module whose alphabet has it, at the
 * product of their rates (PRISM's CTMC semantics). A guard that reads
 * other modules' variables stays in the event's rate as a 0/1 factor. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "san/model.h"
#include "san/prism.h"
#include "san/prism.tab.h"
#define YYSTYPE PRISM_YYSTYPE
#define YYLTYPE PRISM_YYLTYPE
#include "san/prism.lex.h"

/* Formulas nest at most this deep (a formula that reads itself). */
#define PRISM_MAX_FORMULA_DEPTH 1000

/* ------------------------------------------------------------ parsing */

void prism_advance(struct prism_parser *ps, PRISM_YYLTYPE *loc,
                   const char *text, size_t len)
{
    loc->first_line = ps->base.line;
    loc->first_column = ps->base.col;
    text_advance(&ps->base.line, &ps->base.col, text, len);
    loc->last_line = ps->base.line;
    loc->last_column = ps->base.col;
}

int prism_parse(struct prism_parser *ps, const char *text, size_t len)
{
    yyscan_t scanner;
    if (prism_yylex_init_extra(ps, &scanner) != 0)
        die(ps->base.d->prog, EXIT_RUNTIME, "cannot start the PRISM scanner");
    YY_BUFFER_STATE buf = prism_yy_scan_bytes(text, (int)len, scanner);
    int status = prism_yyparse(scanner, ps);
    prism_yy_delete_buffer(buf, scanner);
    prism_yylex_destroy(scanner);
    return status == 0 ? 0 : -1;
}

/* ------------------------------------------------------ translation */

typedef struct {
    const char *name;     /* as renamed */
    long lo, range;       /* values lo .. lo + range - 1 */
    long stride;          /* in the module's local state index */
    int is_bool;
    rx *decoded;          /* its value from st of the automaton, once */
} tr_var;

typedef struct {
    const pr_module *text;    /* the module's body: its base's if renamed */
    const pr_module *decl;    /* the declaration (name, renames) */
    VEC(tr_var) vars;
    long states;
    int aut;
} tr_module;

typedef struct {
    model m;
    const pr_model *pm;
    const san_define *defs;
    size_t ndefs;
    keymap const_index, formula_index, var_index, module_index;
    double *const_value;
    unsigned char *const_state;   /* 0 not yet, 1 being resolved, 2 done */
    VEC(tr_module) mods;
    /* The context of an expression: the module whose text it is (its
     * renames apply), and that module's variables' values when fixed. */
    const tr_module *cur;
    const long *fixed;
    int depth;
} tr;

static void tr_error(tr *t, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void tr_error(tr *t, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(t->m.dg, (srcloc){t->m.file, line, col}, fmt, ap);
    va_end(ap);
}

static int find(const keymap *k, const char *name)
{
    size_t v;
    return keymap_get(k, name, strlen(name), &v) ? (int)v : -1;
}

/* name as the current module's renaming spells it. */
static const char *renamed(const tr *t, const char *name)
{
    if (!t->cur)
        return name;
    const pr_renames *r = &t->cur->decl->renames;
    for (size_t i = 0; i < r->len; i++)
        if (strcmp(r->items[i].from, name) == 0)
            return r->items[i].to;
    return name;
}

static rx *resolve(tr *t, const sx *e);
static int const_eval(tr *t, size_t k);

/* Variable v of module mod: a number when it is the current module's and
 * fixed, else decoded from the automaton's state index (decode_all). */
static rx *variable(tr *t, int mod, int v)
{
    tr_module *md = &t->mods.items[mod];
    if (t->fixed && md == t->cur)
        return rx_num(&t->m, (double)t->fixed[v]);
    return md->vars.items[v].decoded;
}

/* Every variable's value as a function of its automaton's state, made
 * once before any expression: the nodes made for a constant or a
 * specialised guard are dropped after it (constant(), choice_arcs), and
 * these must outlive them. */
static void decode_all(tr *t)
{
    model *m = &t->m;
    for (size_t i = 0; i < t->mods.len; i++) {
        tr_module *md = &t->mods.items[i];
        for (size_t v = 0; v < md->vars.len; v++) {
            tr_var *var = &md->vars.items[v];
            rx *x = rx_st(m, md->aut);
            if (var->stride > 1)
                x = rx_op(m, DOP_FLOOR, rx_op(m, DOP_DIV, x,
                          rx_num(m, (double)var->stride), NULL), NULL, NULL);
            if (var->stride * var->range < md->states)   /* not the first */
                x = rx_op(m, DOP_SUB, x, rx_op(m, DOP_MUL,
                          rx_num(m, (double)var->range),
                          rx_op(m, DOP_FLOOR, rx_op(m, DOP_DIV, x,
                                rx_num(m, (double)var->range), NULL),
                                NULL, NULL), NULL), NULL);
            if (var->lo)
                x = rx_op(m, DOP_ADD, x, rx_num(m, (double)var->lo), NULL);
            var->decoded = x;
        }
    }
}

static rx *identifier(tr *t, const sx *e)
{
    const char *name = renamed(t, e->ident);
    size_t v;
    if (keymap_get(&t->var_index, name, strlen(name), &v))
        return variable(t, (int)(v >> 16), (int)(v & 0xffff));
    int k = find(&t->formula_index, name);
    if (k >= 0) {
        if (t->depth >= PRISM_MAX_FORMULA_DEPTH) {
            tr_error(t, e->line, e->col, "formula '%s' is nested deeper "
                     "than %d (does it use itself?)", name,
                     PRISM_MAX_FORMULA_DEPTH);
            return NULL;
        }
        t->depth++;
        rx *r = resolve(t, t->pm->formulas.items[k].value);
        t->depth--;
        return r;
    }
    k = find(&t->const_index, name);
    if (k >= 0)
        return const_eval(t, (size_t)k) < 0 ? NULL
             : rx_num(&t->m, t->const_value[k]);
    tr_error(t, e->line, e->col, "unknown identifier '%s'", name);
    return NULL;
}

static rx *resolve(tr *t, const sx *e)
{
    switch (e->kind) {
    case SX_NUM:
        return rx_num(&t->m, e->num);
    case SX_IDENT:
        return identifier(t, e);
    case SX_OP: {
        rx *kid[3] = {NULL, NULL, NULL};
        for (int i = 0; i < desc_op_arity(e->op); i++)
            if (!(kid[i] = resolve(t, e->kid[i])))
                return NULL;
        return rx_op(&t->m, e->op, kid[0], kid[1], kid[2]);
    }
    default:
        tr_error(t, e->line, e->col, "internal: a SAN expression in a PRISM "
                 "model");
        return NULL;
    }
}

/* e, which must be constant in the current context: 0 and *out, or -1
 * after a diagnostic. The nodes made for it are dropped. */
static int constant(tr *t, const sx *e, const char *what, double *out)
{
    size_t mark = t->m.arena.len;
    rx *r = resolve(t, e);
    if (!r)
        return -1;
    int is_num = r->op == DOP_NUM;
    *out = r->num;
    for (size_t i = mark; i < t->m.arena.len; i++)
        free(t->m.arena.items[i]);
    t->m.arena.len = mark;
    if (!is_num) {
        tr_error(t, e->line, e->col, "%s must be constant, but it reads "
                 "variables", what);
        return -1;
    }
    return 0;
}

static int integer(tr *t, const sx *e, const char *what, long *out)
{
    double v;
    if (constant(t, e, what, &v) < 0)
        return -1;
    if (!(v == floor(v) && fabs(v) <= 1e15)) {
        char buf[32];
        tr_error(t, e->line, e->col, "%s must be an integer, got %s", what,
                 fmt_double(buf, v));
        return -1;
    }
    *out = (long)v;
    return 0;
}

/* Constant k's value, from -D or its definition (outside any module). */
static int const_eval(tr *t, size_t k)
{
    const pr_const *c = &t->pm->consts.items[k];
    if (t->const_state[k] == 2)
        return 0;
    if (t->const_state[k] == 1) {
        tr_error(t, c->line, c->col, "constant '%s' is defined from "
                 "itself", c->name);
        return -1;
    }
    double v = 0;
    int given = 0;
    for (size_t i = 0; i < t->ndefs; i++)
        if (strcmp(t->defs[i].name, c->name) == 0) {
            v = t->defs[i].value;
            given = 1;
        }
    if (!given && !c->value) {
        tr_error(t, c->line, c->col, "constant '%s' has no value: give it "
                 "with -D %s=VALUE", c->name, c->name);
        return -1;
    }
    if (!given) {
        const tr_module *cur = t->cur;
        const long *fixed = t->fixed;
        t->cur = NULL;
        t->fixed = NULL;
        t->const_state[k] = 1;
        int status = constant(t, c->value, "a constant", &v);
        t->cur = cur;
        t->fixed = fixed;
        if (status < 0)
            return -1;
    }
    char buf[32];
    if (c->type == PT_INT && v != floor(v)) {
        tr_error(t, c->line, c->col, "int constant '%s' must be an integer, "
                 "got %s", c->name, fmt_double(buf, v));
        return -1;
    }
    if (c->type == PT_BOOL && v != 0 && v != 1) {
        tr_error(t, c->line, c->col, "bool constant '%s' must be true or "
                 "false, got %s", c->name, fmt_double(buf, v));
        return -1;
    }
    t->const_value[k] = v;
    t->const_state[k] = 2;
    return 0;
}

/* ------------------------------------------------ names and modules */

static int declare_names(tr *t)
{
    const pr_model *pm = t->pm;
    for (size_t i = 0; i < pm->consts.len; i++) {
        const pr_const *c = &pm->consts.items[i];
        if (find(&t->const_index, c->name) >= 0) {
            tr_error(t, c->line, c->col, "duplicate constant '%s'", c->name);
            return -1;
        }
        keymap_put(&t->const_index, c->name, strlen(c->name), i);
    }
    for (size_t i = 0; i < t->ndefs; i++)
        if (find(&t->const_index, t->defs[i].name) < 0) {
            tr_error(t, 0, 0, "-D %s: the model has no constant '%s'",
                     t->defs[i].name, t->defs[i].name);
            return -1;
        }
    for (size_t i = 0; i < pm->formulas.len; i++) {
        const pr_formula *f = &pm->formulas.items[i];
        if (find(&t->formula_index, f->name) >= 0 ||
            find(&t->const_index, f->name) >= 0) {
            tr_error(t, f->line, f->col, "duplicate name '%s'", f->name);
            return -1;
        }
        keymap_put(&t->formula_index, f->name, strlen(f->name), i);
    }
    return 0;
}

static int add_variable(tr *t, tr_module *md, const pr_var *v, int mod)
{
    tr_var var = {renamed(t, v->name), 0, 2, 1, v->is_bool, NULL};
    long hi = 1;
    if (!v->is_bool &&
        (integer(t, v->lo, "a variable's low bound", &var.lo) < 0 ||
         integer(t, v->hi, "a variable's high bound", &hi) < 0))
        return -1;
    var.range = hi - var.lo + 1;
    if (var.range < 1) {
        tr_error(t, v->line, v->col, "variable '%s' has the empty range "
                 "[%ld..%ld]", var.name, var.lo, hi);
        return -1;
    }
    if (find(&t->var_index, var.name) >= 0 ||
        find(&t->const_index, var.name) >= 0 ||
        find(&t->formula_index, var.name) >= 0) {
        tr_error(t, v->line, v->col, "duplicate name '%s'", var.name);
        return -1;
    }
    if (md->vars.len >= 0xffff) {
        tr_error(t, v->line, v->col, "module '%s' has more than %d "
                 "variables", md->decl->name, 0xffff);
        return -1;
    }
    keymap_put(&t->var_index, var.name, strlen(var.name),
               ((size_t)mod << 16) | md->vars.len);
    VEC_PUSH(&md->vars, var);
    return 0;
}

/* The states' names: "x=3" or "x=3,b=true". */
static char *state_name(const tr_module *md, const long *val)
{
    strbuf sb = {0};
    for (size_t v = 0; v < md->vars.len; v++) {
        const tr_var *var = &md->vars.items[v];
        if (v)
            sb_putc(&sb, ',');
        if (var->is_bool)
            sb_printf(&sb, "%s=%s", var->name, val[v] ? "true" : "false");
        else
            sb_printf(&sb, "%s=%ld", var->name, val[v]);
    }
    char *s = xstrdup(sb_str(&sb));
    sb_free(&sb);
    return s;
}

/* The values of local state k. */
static void values_of(const tr_module *md, long k, long *val)
{
    for (size_t v = 0; v < md->vars.len; v++) {
        const tr_var *var = &md->vars.items[v];
        val[v] = var->lo + (k / var->stride) % var->range;
    }
}

static long index_of(const tr_module *md, const long *val)
{
    long k = 0;
    for (size_t v = 0; v < md->vars.len; v++)
        k += (val[v] - md->vars.items[v].lo) * md->vars.items[v].stride;
    return k;
}

static int add_module(tr *t, const pr_module *decl)
{
    int mod = (int)t->mods.len;
    const pr_module *text = decl;
    if (find(&t->module_index, decl->name) >= 0) {
        tr_error(t, decl->line, decl->col, "duplicate module '%s'",
                 decl->name);
        return -1;
    }
    if (decl->base) {
        int b = find(&t->module_index, decl->base);
        if (b < 0) {
            tr_error(t, decl->line, decl->col, "module '%s' renames '%s', "
                     "which is not a module defined before it", decl->name,
                     decl->base);
            return -1;
        }
        text = t->mods.items[b].text;
    }
    if (t->mods.len >= DESC_MAX_AUTOMATA) {
        tr_error(t, decl->line, decl->col, "more than %d modules",
                 DESC_MAX_AUTOMATA);
        return -1;
    }
    keymap_put(&t->module_index, decl->name, strlen(decl->name), mod);
    VEC_PUSH(&t->mods, ((tr_module){text, decl, {0}, 1, mod}));
    tr_module *md = &t->mods.items[mod];
    t->cur = md;
    for (size_t v = 0; v < text->vars.len; v++)
        if (add_variable(t, md, &text->vars.items[v], mod) < 0)
            return -1;
    if (md->vars.len == 0) {
        tr_error(t, decl->line, decl->col, "module '%s' has no variables",
                 decl->name);
        return -1;
    }
    for (size_t v = md->vars.len; v-- > 0;) {
        tr_var *var = &md->vars.items[v];
        var->stride = md->states;
        if (var->range > DESC_MAX_ORDER / md->states) {
            tr_error(t, decl->line, decl->col, "module '%s' has more than %d "
                     "states (the product of its variables' ranges)",
                     decl->name, DESC_MAX_ORDER);
            return -1;
        }
        md->states *= var->range;
    }
    /* The automaton and its initial state. */
    m_aut a = {0};
    a.name = xstrdup(decl->name);
    a.base = xstrdup(decl->name);
    a.line = decl->line;
    a.col = decl->col;
    long *val = xmalloc(sizeof *val * md->vars.len);
    for (long k = 0; k < md->states; k++) {
        values_of(md, k, val);
        char *s = state_name(md, val);
        keymap_put(&a.state_index, s, strlen(s), (size_t)k);
        VEC_PUSH(&a.states, s);
        VEC_PUSH(&a.state_at, ((srcloc){NULL, decl->line, decl->col}));
    }
    int status = 0;
    for (size_t v = 0; v < md->vars.len && status == 0; v++) {
        const pr_var *pv = &text->vars.items[v];
        const tr_var *var = &md->vars.items[v];
        val[v] = var->lo;
        if (pv->init && (status = integer(t, pv->init, "an init value",
                                          &val[v])) == 0 &&
            (val[v] < var->lo || val[v] >= var->lo + var->range)) {
            tr_error(t, pv->init->line, pv->init->col, "init value %ld of "
                     "'%s' is outside its range [%ld..%ld]", val[v],
                     var->name, var->lo, var->lo + var->range - 1);
            status = -1;
        }
    }
    a.initial = status == 0 ? (int)index_of(md, val) : -1;
    free(val);
    VEC_PUSH(&t->m.auts, a);
    t->cur = NULL;
    if (status == 0 && model_count(&t->m, decl->line, decl->col) < 0)
        status = -1;
    return status;
}

static int check_product(tr *t)
{
    uint64_t nn = 1;
    for (size_t i = 0; i < t->mods.len; i++)
        if (!mul_u64(nn, (uint64_t)t->mods.items[i].states, &nn) ||
            nn > DESC_MAX_STATES) {
            const pr_module *d = t->mods.items[i].decl;
            tr_error(t, d->line, d->col, "the product state space exceeds "
                     "the limit of %llu states",
                     (unsigned long long)DESC_MAX_STATES);
            return -1;
        }
    return 0;
}

/* The init ... endinit block: the one product state where it holds
 * (every variable fixed in turn, the block folded to a constant). */
static int init_block(tr *t)
{
    const pr_model *pm = t->pm;
    if (!pm->init)
        return 0;
    for (size_t i = 0; i < t->mods.len; i++)
        for (size_t v = 0; v < t->mods.items[i].text->vars.len; v++)
            if (t->mods.items[i].text->vars.items[v].init) {
                const pr_var *pv = &t->mods.items[i].text->vars.items[v];
                tr_error(t, pv->line, pv->col, "variable '%s' has an init "
                         "value and the model an init ... endinit block: "
                         "PRISM takes one or the other",
                         t->mods.items[i].vars.items[v].name);
                return -1;
            }
    /* Decoded over the product space, in the descriptor's order. */
    uint64_t nn = 1;
    for (size_t i = 0; i < t->mods.len; i++)
        nn *= (uint64_t)t->mods.items[i].states;
    if (nn > SAN_MAX_EXPANDED) {
        tr_error(t, pm->init_line, pm->init_col, "init ... endinit over "
                 "%llu product states: san2desc searches at most %u",
                 (unsigned long long)nn, SAN_MAX_EXPANDED);
        return -1;
    }
    desc_func f = {0};
    rx_code code = {0};
    size_t mark = t->m.arena.len;
    rx *r = resolve(t, pm->init);
    if (!r)
        return -1;
    rx_compile(r, &code);
    f.code.items = code.items;
    f.code.len = code.len;
    int *state = xcalloc(t->mods.len, sizeof *state);
    uint64_t found = 0, where = 0;
    for (uint64_t x = 0; x < nn; x++) {
        uint64_t rest = x;
        for (size_t i = t->mods.len; i-- > 0;) {
            state[i] = (int)(rest % (uint64_t)t->mods.items[i].states);
            rest /= (uint64_t)t->mods.items[i].states;
        }
        if (desc_eval_code(&f, state) != 0 && found++ == 0)
            where = x;
    }
    free(code.items);
    for (size_t i = mark; i < t->m.arena.len; i++)
        free(t->m.arena.items[i]);
    t->m.arena.len = mark;
    if (found != 1) {
        tr_error(t, pm->init_line, pm->init_col, "init ... endinit holds in "
                 "%llu states: san2desc takes exactly one initial state",
                 (unsigned long long)found);
        free(state);
        return -1;
    }
    for (size_t i = t->mods.len; i-- > 0;) {
        t->m.auts.items[i].initial =
            (int)(where % (uint64_t)t->mods.items[i].states);
        where /= (uint64_t)t->mods.items[i].states;
    }
    free(state);
    return 0;
}

/* ---------------------------------------------------- commands */

/* One module's part in an event: a command and one of its branches. */
typedef struct {
    int mod;
    const pr_command *cmd;
    const pr_branch *br;
} tr_choice;
typedef VEC(tr_choice) tr_choices;

static rx *gated(model *m, rx *guard, rx *rate)
{
    if (guard->op == DOP_NUM)
        return guard->num != 0 ? rate : rx_num(m, 0);
    return rx_op(m, DOP_ITE, guard, rate, rx_num(m, 0));
}

/* The choice's rate in the global state (1 when the branch has none),
 * times its guard as a 0/1 gate when `gate` (the guard reads other
 * modules: the arcs alone do not decide where it holds). */
static rx *choice_rate(tr *t, const tr_choice *c, int gate)
{
    t->cur = &t->mods.items[c->mod];
    t->fixed = NULL;
    rx *g = gate ? resolve(t, c->cmd->guard) : rx_num(&t->m, 1);
    rx *r = g ? (c->br->rate ? resolve(t, c->br->rate) : rx_num(&t->m, 1))
              : NULL;
    t->cur = NULL;
    if (!r)
        return NULL;
    if (r->op == DOP_NUM && !(isfinite(r->num) && r->num >= 0)) {
        char buf[32];
        tr_error(t, c->br->line, c->br->col, "a rate must be finite and "
                 "non-negative, got %s", fmt_double(buf, r->num));
        return NULL;
    }
    return gated(&t->m, g, r);
}

/* The next valuation of the box lo..hi after val, the last variable
 * fastest (so local states ascend): 0 after the last. */
static int next_in_box(long *val, const long *lo, const long *hi, size_t n)
{
    for (size_t v = n; v-- > 0;) {
        if (++val[v] <= hi[v])
            return 1;
        val[v] = lo[v];
    }
    return 0;
}

/* The current module's variable e is, or -1. */
static int own_variable(tr *t, const sx *e)
{
    if (e->kind != SX_IDENT)
        return -1;
    const char *name = renamed(t, e->ident);
    size_t key;
    if (!keymap_get(&t->var_index, name, strlen(name), &key) ||
        &t->mods.items[key >> 16] != t->cur)
        return -1;
    return (int)(key & 0xffff);
}

/* 1 and *v when e is a constant in the current module (it reads no
 * variable), 0 when it is not, -1 after a diagnostic. */
static int known(tr *t, const sx *e, double *v)
{
    const long *fixed = t->fixed;
    size_t mark = t->m.arena.len;
    t->fixed = NULL;
    rx *r = resolve(t, e);
    t->fixed = fixed;
    int is = r ? r->op == DOP_NUM : -1;
    if (is == 1)
        *v = r->num;
    for (size_t i = mark; i < t->m.arena.len; i++)
        free(t->m.arena.items[i]);
    t->m.arena.len = mark;
    return is;
}

/* Narrows [lo[v], hi[v]] to the values where the comparison `x OP c` of
 * a variable with a constant, the first conjunct of g that is one, may
 * hold. 0, or -1 after a diagnostic. */
static int narrow_by(tr *t, const sx *g, long *lo, long *hi)
{
    int v = own_variable(t, g);
    if (v >= 0 && t->cur->vars.items[v].is_bool) {   /* b */
        lo[v] = lo[v] > 1 ? lo[v] : 1;
        return 0;
    }
    if (g->kind != SX_OP)
        return 0;
    if (g->op == DOP_NOT && (v = own_variable(t, g->kid[0])) >= 0 &&
        t->cur->vars.items[v].is_bool) {              /* !b */
        hi[v] = hi[v] < 0 ? hi[v] : 0;
        return 0;
    }
    desc_op op = g->op;
    if (op != DOP_EQ && op != DOP_LT && op != DOP_LE && op != DOP_GT &&
        op != DOP_GE)
        return 0;
    const sx *side = g->kid[1];
    if ((v = own_variable(t, g->kid[0])) < 0) {   /* c OP x: x OP' c */
        if ((v = own_variable(t, g->kid[1])) < 0)
            return 0;
        side = g->kid[0];
        op = op == DOP_LT ? DOP_GT : op == DOP_LE ? DOP_GE
           : op == DOP_GT ? DOP_LT : op == DOP_GE ? DOP_LE : op;
    }
    double c;
    int is = known(t, side, &c);
    if (is <= 0)
        return is;
    if (!(fabs(c) < 1e15))
        return 0;
    double l = (double)lo[v], h = (double)hi[v];
    switch (op) {
    case DOP_EQ: l = fmax(l, ceil(c)); h = fmin(h, floor(c)); break;
    case DOP_LT: h = fmin(h, ceil(c) - 1); break;
    case DOP_LE: h = fmin(h, floor(c)); break;
    case DOP_GT: l = fmax(l, floor(c) + 1); break;
    default:     l = fmax(l, ceil(c)); break;
    }
    lo[v] = (long)l;
    hi[v] = (long)h;
    return 0;
}

/* The box of local states where guard g may hold, from its conjuncts
 * that compare a variable of the module with a constant: a command is
 * then expanded at those states only (a guard s=3 & a=0 at one state,
 * not at every state of its module). 0, or -1 after a diagnostic. */
static int guard_box(tr *t, const sx *g, long *lo, long *hi)
{
    for (size_t v = 0; v < t->cur->vars.len; v++) {
        lo[v] = t->cur->vars.items[v].lo;
        hi[v] = lo[v] + t->cur->vars.items[v].range - 1;
    }
    while (g->kind == SX_OP && g->op == DOP_AND) {   /* left-deep chains */
        if (narrow_by(t, g->kid[1], lo, hi) < 0)
            return -1;
        g = g->kid[0];
    }
    return narrow_by(t, g, lo, hi);
}

/* The arcs of choice c in its module, for event ev: from every local state
 * where the guard may hold to the state its updates give. Self-loops are
 * left out when `drop_loops` (a local event: they change nothing). The
 * arcs made, or -1 after a diagnostic; *gate is set when the guard, its
 * own variables fixed, still reads other modules' somewhere. */
static long choice_arcs(tr *t, const tr_choice *c, int ev, int drop_loops,
                        int *gate)
{
    tr_module *md = &t->mods.items[c->mod];
    size_t nv = md->vars.len;
    long *val = xmalloc(sizeof *val * nv), *to = xmalloc(sizeof *to * nv);
    long *lo = xmalloc(sizeof *lo * nv), *hi = xmalloc(sizeof *hi * nv);
    long arcs = 0;
    t->cur = md;
    t->fixed = val;
    int more = guard_box(t, c->cmd->guard, lo, hi) == 0;
    if (!more)
        arcs = -1;
    for (size_t v = 0; v < nv; v++) {
        more = more && lo[v] <= hi[v];
        val[v] = lo[v];
    }
    for (; more && arcs >= 0; more = next_in_box(val, lo, hi, nv)) {
        long k = index_of(md, val);
        size_t mark = t->m.arena.len;
        rx *g = resolve(t, c->cmd->guard);
        if (!g) {
            arcs = -1;
            break;
        }
        int never = g->op == DOP_NUM && g->num == 0;
        if (g->op != DOP_NUM)
            *gate = 1;
        memcpy(to, val, sizeof *to * md->vars.len);
        for (size_t i = 0; i < c->br->assigns.len && !never; i++) {
            const pr_assign *as = &c->br->assigns.items[i];
            const char *name = renamed(t, as->var);
            size_t key;
            if (!keymap_get(&t->var_index, name, strlen(name), &key) ||
                (int)(key >> 16) != c->mod) {
                tr_error(t, as->line, as->col, "'%s' is not a variable of "
                         "module '%s'", name, md->decl->name);
                arcs = -1;
                break;
            }
            int v = (int)(key & 0xffff);
            const tr_var *var = &md->vars.items[v];
            double x;
            rx *r = resolve(t, as->value);
            if (!r) {
                arcs = -1;
                break;
            }
            if (r->op != DOP_NUM) {
                tr_error(t, as->line, as->col, "the update of '%s' reads "
                         "variables of other modules: not supported "
                         "(formats/prism-subset.md)", name);
                arcs = -1;
                break;
            }
            x = r->num;
            if (!(x == floor(x) && x >= (double)var->lo &&
                  x < (double)(var->lo + var->range))) {
                char buf[32];
                tr_error(t, as->line, as->col, "the update gives '%s' the "
                         "value %s outside its range [%ld..%ld] from the "
                         "state (%s) where the guard may hold", name,
                         fmt_double(buf, x), var->lo,
                         var->lo + var->range - 1,
                         t->m.auts.items[md->aut].states.items[k]);
                arcs = -1;
                break;
            }
            to[v] = (long)x;
        }
        for (size_t i = mark; i < t->m.arena.len; i++)
            free(t->m.arena.items[i]);
        t->m.arena.len = mark;
        if (arcs < 0 || never)
            continue;
        long target = index_of(md, to);
        if (drop_loops && target == k)
            continue;
        if (model_count(&t->m, c->cmd->line, c->cmd->col) < 0) {
            arcs = -1;
            break;
        }
        m_arc arc = {md->aut, (int)k, (int)target, ev, NULL, c->cmd->line,
                     c->cmd->col};
        VEC_PUSH(&t->m.arcs, arc);
        arcs++;
    }
    t->cur = NULL;
    t->fixed = NULL;
    free(val);
    free(to);
    free(lo);
    free(hi);
    return arcs;
}

/* One event for the choices c[0..n-1] (one per participating module, in
 * module order): its arcs, then its rate, the product of theirs. An event
 * none of whose arcs exist is dropped. */
static int add_event(tr *t, const char *name, const tr_choice *c, size_t n,
                     int line, int col)
{
    model *m = &t->m;
    int ev = (int)m->events.len;
    size_t first_arc = m->arcs.len;
    m_event e = {0};
    int gate[n];
    for (size_t i = 0; i < n; i++) {
        gate[i] = 0;
        long arcs = choice_arcs(t, &c[i], ev, n == 1, &gate[i]);
        if (arcs < 0)
            return -1;
        if (arcs == 0) {   /* never enabled: no event */
            m->arcs.len = first_arc;
            free(e.users.items);
            return 0;
        }
        VEC_PUSH(&e.users, t->mods.items[c[i].mod].aut);
    }
    rx *rate = NULL;
    for (size_t i = 0; i < n; i++) {
        rx *r = choice_rate(t, &c[i], gate[i]);
        if (!r) {
            free(e.users.items);
            return -1;
        }
        rate = rate ? rx_op(m, DOP_MUL, rate, r, NULL) : r;
    }
    if (rate->op == DOP_NUM && rate->num == 0) {
        m->arcs.len = first_arc;
        free(e.users.items);
        return 0;
    }
    e.name = xstrdup(name);
    e.sync = n > 1;
    e.rate = rate;
    e.line = line;
    e.col = col;
    keymap_put(&m->event_index, e.name, strlen(e.name), (size_t)ev);
    VEC_PUSH(&m->events, e);
    return model_count(m, line, col);
}

/* The commands without an action: an event per branch, "M:k" (the k-th
 * command of module M, from 1) or "M:k.b" when it has several. */
static int local_commands(tr *t)
{
    for (size_t i = 0; i < t->mods.len; i++) {
        const tr_module *md = &t->mods.items[i];
        for (size_t k = 0; k < md->text->commands.len; k++) {
            const pr_command *cmd = &md->text->commands.items[k];
            if (cmd->action)
                continue;
            for (size_t b = 0; b < cmd->branches.len; b++) {
                char name[256];
                if (cmd->branches.len == 1)
                    snprintf(name, sizeof name, "%s:%zu", md->decl->name,
                             k + 1);
                else
                    snprintf(name, sizeof name, "%s:%zu.%zu", md->decl->name,
                             k + 1, b + 1);
                tr_choice c = {(int)i, cmd, &cmd->branches.items[b]};
                if (add_event(t, name, &c, 1, cmd->line, cmd->col) < 0)
                    return -1;
            }
        }
    }
    return 0;
}

/* The choices of module i on action a (renamed). */
static void choices_of(tr *t, size_t i, const char *a, tr_choices *out)
{
    const tr_module *md = &t->mods.items[i];
    t->cur = md;
    for (size_t k = 0; k < md->text->commands.len; k++) {
        const pr_command *cmd = &md->text->commands.items[k];
        if (!cmd->action || strcmp(renamed(t, cmd->action), a) != 0)
            continue;
        for (size_t b = 0; b < cmd->branches.len; b++)
            VEC_PUSH(out, ((tr_choice){(int)i, cmd, &cmd->branches.items[b]}));
    }
    t->cur = NULL;
}

/* Action a (first used by command at): every combination of one choice
 * per module whose alphabet has it, as events "a", or "a#1", "a#2", ...
 * when there are several. */
static int action(tr *t, const char *a, const pr_command *at)
{
    tr_choices all = {0};
    VEC(size_t) start = {0};      /* module i's choices: start[i].. */
    VEC(size_t) count = {0};
    for (size_t i = 0; i < t->mods.len; i++) {
        size_t before = all.len;
        choices_of(t, i, a, &all);
        if (all.len > before) {
            VEC_PUSH(&start, before);
            VEC_PUSH(&count, all.len - before);
        }
    }
    uint64_t combos = 1;
    int status = 0;
    for (size_t j = 0; j < count.len; j++)
        if (!mul_u64(combos, count.items[j], &combos) ||
            combos > SAN_MAX_EXPANDED) {
            tr_error(t, at->line, at->col, "action '%s' has more than %u "
                     "combinations of commands across its modules", a,
                     SAN_MAX_EXPANDED);
            status = -1;
            break;
        }
    size_t n = count.len;
    tr_choice *c = xmalloc(sizeof *c * (n ? n : 1));
    size_t *digit = xcalloc(n ? n : 1, sizeof *digit);
    for (uint64_t x = 0; x < combos && status == 0; x++) {
        for (size_t j = 0; j < n; j++)
            c[j] = all.items[start.items[j] + digit[j]];
        char name[256];
        if (combos == 1)
            snprintf(name, sizeof name, "%s", a);
        else
            snprintf(name, sizeof name, "%s#%llu", a,
                     (unsigned long long)x + 1);
        status = add_event(t, name, c, n, at->line, at->col);
        for (size_t j = n; j-- > 0;) {   /* the next combination */
            if (++digit[j] < count.items[j])
                break;
            digit[j] = 0;
        }
    }
    free(c);
    free(digit);
    free(all.items);
    free(start.items);
    free(count.items);
    return status;
}

static int actions(tr *t)
{
    keymap done = {0};
    int status = 0;
    for (size_t i = 0; i < t->mods.len && status == 0; i++) {
        const tr_module *md = &t->mods.items[i];
        for (size_t k = 0; k < md->text->commands.len && status == 0; k++) {
            const pr_command *cmd = &md->text->commands.items[k];
            if (!cmd->action)
                continue;
            t->cur = md;
            const char *a = renamed(t, cmd->action);
            t->cur = NULL;
            if (find(&done, a) >= 0)
                continue;
            keymap_put(&done, a, strlen(a), 1);
            status = action(t, a, cmd);
        }
    }
    keymap_free(&done);
    return status;
}

/* ------------------------------------------------------ results */

static int add_result(tr *t, const char *name, rx *value, int line, int col)
{
    if (find(&t->m.result_index, name) >= 0) {
        tr_error(t, line, col, "a label and a reward structure are both "
                 "named '%s': the results need distinct names", name);
        return -1;
    }
    keymap_put(&t->m.result_index, name, strlen(name), t->m.results.len);
    VEC_PUSH(&t->m.results, ((m_result){xstrdup(name), value, line, col}));
    return 0;
}

/* Labels: their steady-state probability. State rewards: their expected
 * value, sum of value where guard holds. */
static int results(tr *t)
{
    const pr_model *pm = t->pm;
    for (size_t i = 0; i < pm->labels.len; i++) {
        const pr_label *l = &pm->labels.items[i];
        rx *r = resolve(t, l->value);
        if (!r || add_result(t, l->name, rx_op(&t->m, DOP_NE, r,
                                                rx_num(&t->m, 0), NULL),
                             l->line, l->col) < 0)
            return -1;
    }
    for (size_t i = 0; i < pm->rewards.len; i++) {
        const pr_rewards *rw = &pm->rewards.items[i];
        rx *sum = rx_num(&t->m, 0);
        for (size_t k = 0; k < rw->items.len; k++) {
            const pr_reward_item *it = &rw->items.items[k];
            rx *g = resolve(t, it->guard);
            rx *v = g ? resolve(t, it->value) : NULL;
            if (!v)
                return -1;
            sum = rx_op(&t->m, DOP_ADD, sum, gated(&t->m, g, v), NULL);
        }
        char name[32];
        snprintf(name, sizeof name, "reward%zu", i + 1);
        if (add_result(t, rw->name ? rw->name : name, sum, rw->line,
                       rw->col) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ driver */

static int translate(tr *t)
{
    const pr_model *pm = t->pm;
    if (declare_names(t) < 0)
        return -1;
    for (size_t k = 0; k < pm->consts.len; k++)
        if (const_eval(t, k) < 0)
            return -1;
    if (pm->modules.len == 0) {
        tr_error(t, pm->line, pm->col, "the model has no modules");
        return -1;
    }
    for (size_t i = 0; i < pm->modules.len; i++)
        if (add_module(t, &pm->modules.items[i]) < 0)
            return -1;
    for (size_t i = 0; i < t->mods.len; i++)
        keymap_put(&t->m.aut_index, t->m.auts.items[i].name,
                   strlen(t->m.auts.items[i].name), i);
    decode_all(t);
    if (check_product(t) < 0 || init_block(t) < 0 || local_commands(t) < 0 ||
        actions(t) < 0 || results(t) < 0)
        return -1;
    for (size_t i = 0; i < pm->formulas.len; i++) {   /* each checked */
        sx use = {.kind = SX_IDENT, .line = pm->formulas.items[i].line,
                  .col = pm->formulas.items[i].col,
                  .ident = pm->formulas.items[i].name};
        if (!resolve(t, &use))
            return -1;
    }
    return 0;
}

static void tr_free(tr *t)
{
    model_free(&t->m);
    keymap_free(&t->const_index);
    keymap_free(&t->formula_index);
    keymap_free(&t->var_index);
    keymap_free(&t->module_index);
    free(t->const_value);
    free(t->const_state);
    for (size_t i = 0; i < t->mods.len; i++)
        free(t->mods.items[i].vars.items);
    free(t->mods.items);
}

int san_prism_to_desc(const char *text, size_t len, const char *file,
                      const san_define *defs, size_t ndefs, desc *d,
                      diag *dg)
{
    if (len > SAN_MAX_INPUT) {
        diag_error(dg, (srcloc){file, 0, 0}, "the model is larger than %zu "
                   "bytes", SAN_MAX_INPUT);
        return -1;
    }
    desc_init(d);
    pr_model pm = {0};
    struct prism_parser ps = {{.file = file, .d = dg, .line = 1, .col = 1},
                              &pm};
    ps.base.root = xcalloc(1, sizeof *ps.base.root);
    ps.base.root->file = xstrdup(file);
    int status = prism_parse(&ps, text, len);
    tr t = {0};
    if (status == 0) {
        t.pm = &pm;
        t.defs = defs;
        t.ndefs = ndefs;
        t.m.file = file;
        t.m.dg = dg;
        t.m.cur_ident = -1;
        t.const_value = xcalloc(pm.consts.len + 1, sizeof *t.const_value);
        t.const_state = xcalloc(pm.consts.len + 1, 1);
        status = translate(&t);
        if (status == 0)
            status = model_to_desc(&t.m, d, dg);
        tr_free(&t);
    }
    san_syntax_free(ps.base.root);
    if (status < 0)
        desc_free(d);
    return status;
}
