/* prism.c — a PRISM CTMC (formats/prism-subset.md) as a SAN: the parser's
 * tree (prism.h) translated into the resolved model of model.h, from
 * which todesc.c builds the descriptor as for the SAN language.
 *
 * Each variable is an automaton whose states are its values; read by an
 * expression, it is the automaton's state index plus its low bound, or,
 * where a command is expanded at its values, the value. A command is one
 * event per rate branch over the variables it moves; a synchronised
 * action an event per combination of commands, at the product of their
 * rates (PRISM's CTMC semantics): prism_cmd.c. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    ps->start = ps->props ? TOK_PROPS_FILE : TOK_MODEL_FILE;
    if (prism_yylex_init_extra(ps, &scanner) != 0)
        die(ps->base.d->prog, EXIT_RUNTIME, "cannot start the PRISM scanner");
    YY_BUFFER_STATE buf = prism_yy_scan_bytes(text, (int)len, scanner);
    int status = prism_yyparse(scanner, ps);
    prism_yy_delete_buffer(buf, scanner);
    prism_yylex_destroy(scanner);
    return status == 0 ? 0 : -1;
}

/* ------------------------------------------------------ translation */

void tr_error(tr *t, int line, int col, const char *fmt, ...)
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

const char *tr_renamed(const tr *t, const char *name)
{
    if (!t->cur)
        return name;
    const pr_renames *r = &t->cur->decl->renames;
    for (size_t i = 0; i < r->len; i++)
        if (strcmp(r->items[i].from, name) == 0)
            return r->items[i].to;
    return name;
}

static int const_eval(tr *t, size_t k);
static int const_value(tr *t, const pr_const *c, size_t k);

/* Variable v of module mod: a number when it is the current module's and
 * fixed, else decoded from the automaton's state index (decode_all). */
static rx *variable(tr *t, int mod, int v)
{
    tr_module *md = &t->mods.items[mod];
    if (t->fixed && md == t->cur && t->fixed_var == v)
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
            rx *x = rx_st(m, var->aut);
            if (var->lo)
                x = rx_op(m, DOP_ADD, x, rx_num(m, (double)var->lo), NULL);
            var->decoded = x;
        }
    }
}

/* A label named in an expression, "name" (its quotes kept). */
static rx *label(tr *t, const sx *e)
{
    size_t n = strlen(e->ident) - 2;
    for (size_t i = 0; i < t->pm->labels.len; i++) {
        const pr_label *l = &t->pm->labels.items[i];
        if (strlen(l->name) == n && memcmp(l->name, e->ident + 1, n) == 0)
            return tr_resolve(t, l->value);
    }
    tr_error(t, e->line, e->col, "unknown label %s", e->ident);
    return NULL;
}

static rx *identifier(tr *t, const sx *e)
{
    if (e->ident[0] == '"')
        return label(t, e);
    const char *name = tr_renamed(t, e->ident);
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
        rx *r = tr_resolve(t, t->pm->formulas.items[k].value);
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

rx *tr_resolve(tr *t, const sx *e)
{
    switch (e->kind) {
    case SX_NUM:
        return rx_num(&t->m, e->num);
    case SX_IDENT:
        return identifier(t, e);
    case SX_OP: {
        rx *kid[3] = {NULL, NULL, NULL};
        for (int i = 0; i < desc_op_arity(e->op); i++)
            if (!(kid[i] = tr_resolve(t, e->kid[i])))
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
    rx *r = tr_resolve(t, e);
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
    const char *model_file = t->m.file;
    t->m.file = c->file;   /* its diagnostics where it is written */
    int status = const_value(t, c, k);
    t->m.file = model_file;
    return status;
}

static int const_value(tr *t, const pr_const *c, size_t k)
{
    const define_value *dv = t->defs ? define_find(t->defs, c->name,
                                                   strlen(c->name)) : NULL;
    double v = dv ? dv->value : 0;
    int given = dv != NULL;
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
        if (t->defs)   /* marks the -D that names it read */
            define_find(t->defs, c->name, strlen(c->name));
    }
    const define_value *unread = t->defs ? define_unused(t->defs) : NULL;
    if (unread) {
        tr_error(t, 0, 0, "-D %s: the model has no constant '%s'",
                 unread->name, unread->name);
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
    tr_var var = {tr_renamed(t, v->name), 0, 2, v->is_bool, -1, NULL};
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
    /* (module, index) in one key: a module has at most DESC_MAX_AUTOMATA
     * variables, each an automaton (add_automaton) */
    keymap_put(&t->var_index, var.name, strlen(var.name),
               ((size_t)mod << 16) | md->vars.len);
    VEC_PUSH(&md->vars, var);
    return 0;
}

/* Variable var's automaton: its states named x=lo .. x=hi (b=false,
 * b=true), its initial state the init value's. 0, or -1 after a
 * diagnostic. */
static int add_automaton(tr *t, tr_var *var, const pr_var *pv)
{
    if (t->m.auts.len >= DESC_MAX_AUTOMATA) {
        tr_error(t, pv->line, pv->col, "more than %d variables: san2desc "
                 "makes an automaton of each", DESC_MAX_AUTOMATA);
        return -1;
    }
    if (var->range > DESC_MAX_ORDER) {
        tr_error(t, pv->line, pv->col, "variable '%s' has more than %d "
                 "values", var->name, DESC_MAX_ORDER);
        return -1;
    }
    long init = var->lo;
    if (pv->init && integer(t, pv->init, "an init value", &init) < 0)
        return -1;
    if (init < var->lo || init >= var->lo + var->range) {
        tr_error(t, pv->init->line, pv->init->col, "init value %ld of '%s' "
                 "is outside its range [%ld..%ld]", init, var->name, var->lo,
                 var->lo + var->range - 1);
        return -1;
    }
    m_aut a = {0};
    a.name = xstrdup(var->name);
    a.base = xstrdup(var->name);
    a.line = pv->line;
    a.col = pv->col;
    a.initial = (int)(init - var->lo);
    strbuf sb = {0};
    for (long k = 0; k < var->range; k++) {
        sb_clear(&sb);
        if (var->is_bool)
            sb_printf(&sb, "%s=%s", var->name, k ? "true" : "false");
        else
            sb_printf(&sb, "%s=%ld", var->name, var->lo + k);
        char *s = xstrdup(sb_str(&sb));
        keymap_put(&a.state_index, s, strlen(s), (size_t)k);
        VEC_PUSH(&a.states, s);
        VEC_PUSH(&a.state_at, ((srcloc){NULL, pv->line, pv->col}));
    }
    sb_free(&sb);
    var->aut = (int)t->m.auts.len;
    keymap_put(&t->m.aut_index, a.name, strlen(a.name), t->m.auts.len);
    VEC_PUSH(&t->m.auts, a);
    return model_count(&t->m, pv->line, pv->col);
}

/* A module: its variables, each an automaton (a module of several
 * variables as one automaton of their valuations makes automata, and
 * terms over them, too large for mvd-solve's kernels: PRISM's kanban at
 * t = 3, modules of 256 valuations, has a term over 256^3 combinations;
 * an automaton per variable, 4 states each). */
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
    keymap_put(&t->module_index, decl->name, strlen(decl->name), mod);
    VEC_PUSH(&t->mods, ((tr_module){text, decl, {0}}));
    tr_module *md = &t->mods.items[mod];
    t->cur = md;
    int status = 0;
    for (size_t v = 0; v < text->vars.len && status == 0; v++)
        if ((status = add_variable(t, md, &text->vars.items[v], mod)) == 0)
            status = add_automaton(t, &md->vars.items[v],
                                   &text->vars.items[v]);
    if (status == 0 && md->vars.len == 0) {
        tr_error(t, decl->line, decl->col, "module '%s' has no variables",
                 decl->name);
        status = -1;
    }
    t->cur = NULL;
    return status;
}

static int check_system(tr *t)
{
    const pr_model *pm = t->pm;
    if (!pm->system.len)
        return 0;
    keymap seen = {0};
    int status = 0;
    for (size_t i = 0; i < pm->system.len && status == 0; i++) {
        const pr_rename *m = &pm->system.items[i];
        size_t v;
        if (find(&t->module_index, m->from) < 0) {
            tr_error(t, m->line, m->col, "unknown module '%s' in system ... "
                     "endsystem", m->from);
            status = -1;
        } else if (keymap_get(&seen, m->from, strlen(m->from), &v)) {
            tr_error(t, m->line, m->col, "module '%s' is twice in system "
                     "... endsystem", m->from);
            status = -1;
        }
        keymap_put(&seen, m->from, strlen(m->from), 1);
    }
    for (size_t i = 0; i < t->mods.len && status == 0; i++) {
        size_t v;
        const char *name = t->mods.items[i].decl->name;
        if (!keymap_get(&seen, name, strlen(name), &v)) {
            tr_error(t, pm->system_line, pm->system_col, "system ... "
                     "endsystem leaves out module '%s': san2desc composes "
                     "every module (PRISM's default)", name);
            status = -1;
        }
    }
    keymap_free(&seen);
    return status;
}

static int check_product(tr *t)
{
    uint64_t nn = 1;
    for (size_t i = 0; i < t->m.auts.len; i++)
        if (!mul_u64(nn, (uint64_t)t->m.auts.items[i].states.len, &nn) ||
            nn > DESC_MAX_STATES) {
            const m_aut *a = &t->m.auts.items[i];
            tr_error(t, a->line, a->col, "the product state space exceeds "
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
    /* The product space searched in index order, as far as it goes. */
    const m_aut *au = t->m.auts.items;
    size_t na = t->m.auts.len;
    uint64_t nn = 1;
    for (size_t i = 0; i < na; i++)
        nn *= (uint64_t)au[i].states.len;
    if (nn > SAN_MAX_EXPANDED) {
        tr_error(t, pm->init_line, pm->init_col, "init ... endinit over "
                 "%llu product states: san2desc searches at most %u",
                 (unsigned long long)nn, SAN_MAX_EXPANDED);
        return -1;
    }
    size_t mark = t->m.arena.len;
    rx *r = tr_resolve(t, pm->init);
    if (!r)
        return -1;
    int *first = xcalloc(na + 1, sizeof *first);
    uint64_t found = model_states_where(&t->m, r, nn, UINT64_MAX, first);
    for (size_t i = mark; i < t->m.arena.len; i++)
        free(t->m.arena.items[i]);
    t->m.arena.len = mark;
    if (found != 1) {
        tr_error(t, pm->init_line, pm->init_col, "init ... endinit holds in "
                 "%llu states: san2desc takes exactly one initial state",
                 (unsigned long long)found);
        free(first);
        return -1;
    }
    for (size_t i = 0; i < na; i++)
        t->m.auts.items[i].initial = first[i];
    free(first);
    return 0;
}

rx *tr_gated(model *m, rx *guard, rx *value)
{
    if (guard->op == DOP_NUM)
        return guard->num != 0 ? value : rx_num(m, 0);
    return rx_op(m, DOP_ITE, guard, value, rx_num(m, 0));
}

/* ------------------------------------------------------ results */

static int add_result(tr *t, const char *name, rx *value, int line, int col)
{
    if (find(&t->m.result_index, name) >= 0) {
        tr_error(t, line, col, "a second result named '%s': labels, reward "
                 "structures and named queries become results, each needs "
                 "its own name", name);
        return -1;
    }
    keymap_put(&t->m.result_index, name, strlen(name), t->m.results.len);
    VEC_PUSH(&t->m.results, ((m_result){xstrdup(name), value, line, col}));
    return 0;
}

/* Query q (the k-th of the properties file) as a result: S=? [ e ], e's
 * steady-state probability; R{"r"}=? [ S ], structure r's expected
 * reward (sums[i] of the i-th structure). Named by the query's name, or
 * propK. 0, or -1 after a diagnostic. */
static int query(tr *t, const pr_query *q, size_t k, rx **sums)
{
    const pr_model *pm = t->pm;
    char name[32];
    snprintf(name, sizeof name, "prop%zu", k + 1);
    rx *value = NULL;
    if (!q->is_reward) {
        value = tr_resolve(t, q->expr);
        if (value && !rx_is_test(value))
            value = rx_op(&t->m, DOP_NE, value, rx_num(&t->m, 0), NULL);
    } else {
        for (size_t i = 0; i < pm->rewards.len && !value; i++)
            if (!q->reward || (pm->rewards.items[i].name &&
                               strcmp(pm->rewards.items[i].name,
                                      q->reward) == 0))
                value = sums[i];
        if (!value)
            tr_error(t, q->line, q->col, q->reward ? "the model has no reward "
                     "structure \"%s\"" : "%sthe model has no reward "
                     "structure", q->reward ? q->reward : "");
    }
    return value ? add_result(t, q->name ? q->name : name, value, q->line,
                              q->col) : -1;
}

/* Labels: their steady-state probability. Rewards: their expected
 * long-run rate, the sum of the state rewards' values where their guard
 * holds and of the transition rewards' values times the rate of their
 * transitions. */
static int results(tr *t)
{
    const pr_model *pm = t->pm;
    for (size_t i = 0; i < pm->labels.len; i++) {
        const pr_label *l = &pm->labels.items[i];
        rx *r = tr_resolve(t, l->value);
        if (r && !rx_is_test(r))
            r = rx_op(&t->m, DOP_NE, r, rx_num(&t->m, 0), NULL);
        if (!r || add_result(t, l->name, r, l->line, l->col) < 0)
            return -1;
    }
    rx **sums = xcalloc(pm->rewards.len + 1, sizeof *sums);
    int status = 0;
    for (size_t i = 0; i < pm->rewards.len && status == 0; i++) {
        const pr_rewards *rw = &pm->rewards.items[i];
        rx *sum = rx_num(&t->m, 0);
        for (size_t k = 0; k < rw->items.len; k++) {
            const pr_reward_item *it = &rw->items.items[k];
            rx *g = tr_resolve(t, it->guard);
            rx *v = g ? tr_resolve(t, it->value) : NULL;
            /* A transition reward earns v per transition: in the long
             * run, v times the rate of those transitions, a state
             * reward (exact for R=? [ S ], the only reward query). */
            if (v && it->transition) {
                rx *rate = prism_action_rate(t, it->action, it->line,
                                             it->col);
                v = rate ? rx_op(&t->m, DOP_MUL, v, rate, NULL) : NULL;
            }
            if (!v) {
                free(sums);
                return -1;
            }
            sum = rx_op(&t->m, DOP_ADD, sum, tr_gated(&t->m, g, v), NULL);
        }
        char name[32];
        snprintf(name, sizeof name, "reward%zu", i + 1);
        sums[i] = sum;
        status = add_result(t, rw->name ? rw->name : name, sum, rw->line,
                            rw->col);
    }
    const char *model_file = t->m.file;
    t->m.file = pm->props_file;
    for (size_t i = 0; i < pm->queries.len && status == 0; i++)
        status = query(t, &pm->queries.items[i], i, sums);
    t->m.file = model_file;
    free(sums);
    return status;
}

/* ------------------------------------------------------------ driver */

static int translate(tr *t)
{
    const pr_model *pm = t->pm;
    if (declare_names(t) < 0)
        return -1;
    /* The model's constants, each checked; the properties file's only
     * where a query uses one (it may declare a T for queries over time
     * that it also holds). */
    for (size_t k = 0; k < pm->consts.len; k++)
        if (pm->consts.items[k].file != pm->props_file &&
            const_eval(t, k) < 0)
            return -1;
    if (pm->modules.len == 0) {
        tr_error(t, pm->line, pm->col, "the model has no modules");
        return -1;
    }
    for (size_t i = 0; i < pm->modules.len; i++)
        if (add_module(t, &pm->modules.items[i]) < 0)
            return -1;
    decode_all(t);
    if (check_system(t) < 0 || check_product(t) < 0 || init_block(t) < 0 ||
        prism_commands(t) < 0 || results(t) < 0)
        return -1;
    for (size_t i = 0; i < pm->formulas.len; i++) {   /* each checked */
        sx use = {.kind = SX_IDENT, .line = pm->formulas.items[i].line,
                  .col = pm->formulas.items[i].col,
                  .ident = pm->formulas.items[i].name};
        if (!tr_resolve(t, &use))
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
                      const san_prism_opts *o, desc *d, diag *dg)
{
    if (len > SAN_MAX_INPUT) {
        diag_error(dg, (srcloc){file, 0, 0}, "the model is larger than %zu "
                   "bytes", SAN_MAX_INPUT);
        return -1;
    }
    desc_init(d);
    pr_model pm = {0};
    struct prism_parser ps = {.base = {.file = file, .d = dg, .line = 1,
                                       .col = 1},
                              .model = &pm};
    ps.base.root = xcalloc(1, sizeof *ps.base.root);
    ps.base.root->file = xstrdup(file);
    int status = prism_parse(&ps, text, len);
    if (status == 0 && o && o->props) {
        if (o->props_len > SAN_MAX_INPUT) {
            diag_error(dg, (srcloc){o->props_file, 0, 0}, "the properties "
                       "are larger than %zu bytes", SAN_MAX_INPUT);
            status = -1;
        } else {
            ps.base.file = pm.props_file = o->props_file;
            ps.base.line = ps.base.col = 1;
            ps.props = 1;
            status = prism_parse(&ps, o->props, o->props_len);
        }
    }
    tr t = {0};
    if (status == 0) {
        t.pm = &pm;
        t.defs = o ? o->defs : NULL;
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
