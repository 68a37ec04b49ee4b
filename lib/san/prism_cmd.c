/* prism_cmd.c — a PRISM model's commands as the SAN model's events and
 * arcs (formats/prism-subset.md, "The translation").
 *
 * A command branch (a "choice") is expanded at the local states of its
 * module where its guard may hold: the box its conjuncts on the module's
 * own variables allow (guard_box), then the guard with those variables
 * fixed. What is left of the guard there (the part that reads other
 * modules) becomes the arc's routing probability, a small function of
 * that state shared by the states alike, so long as the branch's rate is
 * finite everywhere; otherwise it gates the rate (PRISM evaluates a rate
 * only where its guard holds: x/y with y = 0 where the guard is false).
 * An update that reads other modules is one arc per value it may give,
 * each with the probability that it gives that value. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "san/prism.h"

/* One module's part in an event: a command and one of its branches. */
typedef struct {
    int mod;
    const pr_command *cmd;
    const pr_branch *br;
} tr_choice;
typedef VEC(tr_choice) tr_choices;

/* How a choice's guard and range checks are applied (choice_arcs): in
 * its arcs' probabilities when in_prob, else in its rate (gate: the
 * guard reads other modules somewhere; check: an update does). */
typedef struct {
    int in_prob, gate, check;
} tr_found;

/* An update that reads other modules' variables: the variable and its
 * value from the local state, a function of the other modules' states. */
typedef struct {
    int v;
    rx *value;
} tr_pending;

/* ----------------------------------------------------------- guards */

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
    const char *name = tr_renamed(t, e->ident);
    size_t key;
    if (!keymap_get(&t->var_index, name, strlen(name), &key) ||
        &t->mods.items[key >> 16] != t->cur)
        return -1;
    return (int)(key & 0xffff);
}

/* Drops the nodes made since mark (they belong to no arc). */
static void drop_nodes(tr *t, size_t mark)
{
    for (size_t i = mark; i < t->m.arena.len; i++)
        free(t->m.arena.items[i]);
    t->m.arena.len = mark;
}

/* 1 and *v when e is a constant in the current module (it reads no
 * variable), 0 when it is not, -1 after a diagnostic. */
static int known(tr *t, const sx *e, double *v)
{
    const long *fixed = t->fixed;
    size_t mark = t->m.arena.len;
    t->fixed = NULL;
    rx *r = tr_resolve(t, e);
    t->fixed = fixed;
    int is = r ? r->op == DOP_NUM : -1;
    if (is == 1)
        *v = r->num;
    drop_nodes(t, mark);
    return is;
}

/* Narrows [lo[v], hi[v]] by the conjunct g when it compares a variable
 * of the module with a constant (or is a boolean variable, or its
 * negation). 0, or -1 after a diagnostic. */
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
 * then expanded at those states only (a guard s=3 & a=0 at one state, not
 * at every state of its module: a generated model of 10^4 such commands
 * went from 4.8 s to 0.09 s). 0, or -1 after a diagnostic. */
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

/* ---------------------------------------------------------- updates */

/* The target of branch br from local state k (values val) into to: the
 * updates with a known value set it (checked against the ranges), the
 * others are left in pending[*npending]. 0, or -1 after a diagnostic. */
static int update_target(tr *t, const tr_module *md, const pr_branch *br,
                         long k, const long *val, long *to,
                         tr_pending *pending, size_t *npending)
{
    memcpy(to, val, sizeof *to * md->vars.len);
    *npending = 0;
    for (size_t i = 0; i < br->assigns.len; i++) {
        const pr_assign *as = &br->assigns.items[i];
        const char *name = tr_renamed(t, as->var);
        size_t key;
        if (!keymap_get(&t->var_index, name, strlen(name), &key) ||
            &t->mods.items[key >> 16] != md) {
            tr_error(t, as->line, as->col, "'%s' is not a variable of "
                     "module '%s'", name, md->decl->name);
            return -1;
        }
        int v = (int)(key & 0xffff);
        const tr_var *var = &md->vars.items[v];
        rx *r = tr_resolve(t, as->value);
        if (!r)
            return -1;
        if (r->op != DOP_NUM) {
            pending[(*npending)++] = (tr_pending){v, r};
            continue;
        }
        double x = r->num;
        if (!(x == floor(x) && x >= (double)var->lo &&
              x < (double)(var->lo + var->range))) {
            char buf[32];
            tr_error(t, as->line, as->col, "the update gives '%s' the value "
                     "%s outside its range [%ld..%ld] from the state (%s) "
                     "where the guard may hold", name, fmt_double(buf, x),
                     var->lo, var->lo + var->range - 1,
                     t->m.auts.items[md->aut].states.items[k]);
            return -1;
        }
        to[v] = (long)x;
    }
    return 0;
}

/* a and b, either NULL for true. */
static rx *and(model *m, rx *a, rx *b)
{
    return !a ? b : !b ? a : rx_op(m, DOP_AND, a, b, NULL);
}

/* Whether every value of x is an integer (when finite): numbers,
 * states, floor, and sums, differences, products, min, max and choices
 * of such. */
static int integral(const rx *x)
{
    switch (x->op) {
    case DOP_NUM: return x->num == floor(x->num);
    case DOP_ST: case DOP_FLOOR: return 1;
    case DOP_NEG: return integral(x->kid[0]);
    case DOP_ADD: case DOP_SUB: case DOP_MUL: case DOP_MIN: case DOP_MAX:
        return integral(x->kid[0]) && integral(x->kid[1]);
    case DOP_ITE: return integral(x->kid[1]) && integral(x->kid[2]);
    default: return 0;
    }
}

/* 1 where every value x of pend (their variables md's) is an integer in
 * its variable's range, else 0; in the current context. */
static rx *in_range(tr *t, const tr_module *md, const tr_pending *pend,
                    size_t np)
{
    model *m = &t->m;
    rx *ok = NULL;
    for (size_t i = 0; i < np; i++) {
        rx *x = pend[i].value;
        const tr_var *var = &md->vars.items[pend[i].v];
        double lo = (double)var->lo, hi = (double)(var->lo + var->range - 1);
        rx *in = NULL;
        if (!integral(x))
            in = rx_op(m, DOP_EQ, rx_op(m, DOP_FLOOR, x, NULL, NULL), x,
                       NULL);
        if (!(rx_finite(x) && x->lo >= lo))
            in = and(m, in, rx_op(m, DOP_GE, x, rx_num(m, lo), NULL));
        if (!(rx_finite(x) && x->hi <= hi))
            in = and(m, in, rx_op(m, DOP_LE, x, rx_num(m, hi), NULL));
        ok = and(m, ok, in);
    }
    return ok ? ok : rx_num(m, 1);
}

/* x / (ok ? 1 : 0): x where ok holds, infinite (or NaN) where it does
 * not, which mvd-solve refuses in a reachable state, naming it; PRISM
 * refuses an update out of range as it explores the state. */
static rx *checked(model *m, rx *x, rx *ok)
{
    if (ok->op == DOP_NUM && ok->num != 0)
        return x;
    return rx_op(m, DOP_DIV, x, rx_op(m, DOP_ITE, ok, rx_num(m, 1),
                                      rx_num(m, 0)), NULL);
}

/* ------------------------------------------------------------- arcs */

static int add_arc(tr *t, const tr_choice *c, int aut, long from, long to,
                   int ev, rx *prob)
{
    if (model_count(&t->m, c->cmd->line, c->cmd->col) < 0)
        return -1;
    if (prob && prob->op == DOP_NUM && prob->num == 1)
        prob = NULL;
    m_arc arc = {aut, (int)from, (int)to, ev, prob, c->cmd->line,
                 c->cmd->col};
    VEC_PUSH(&t->m.arcs, arc);
    return 0;
}

/* The arcs from local state k: to `to`, or, when updates read other
 * modules (pend), to each valuation of their variables that the values'
 * bounds allow, with the probability "each value is the target's"; prob
 * (NULL: 1) is the guard's part in them, ok (NULL: none) the range
 * check of their values (checked), and rate (NULL: none) the branch's
 * rate from this state, when the event's rate is 1 (action()). The arcs
 * made, or -1. */
static long arcs_from(tr *t, const tr_choice *c, long k, long *to,
                      const tr_pending *pend, size_t np, rx *prob, rx *ok,
                      rx *rate, int ev, int drop_loops)
{
    const tr_module *md = &t->mods.items[c->mod];
    long *lo = xmalloc(sizeof *lo * (np + 1)), *hi = xmalloc(sizeof *hi *
                                                              (np + 1));
    long *cur = xmalloc(sizeof *cur * (np + 1)), arcs = 0;
    int more = 1;
    for (size_t i = 0; i < np; i++) {
        const tr_var *var = &md->vars.items[pend[i].v];
        const rx *r = pend[i].value;
        lo[i] = var->lo;
        hi[i] = var->lo + var->range - 1;
        if (rx_finite(r)) {   /* the values it can take */
            lo[i] = (long)fmax((double)lo[i], ceil(r->lo));
            hi[i] = (long)fmin((double)hi[i], floor(r->hi));
        }
        more = more && lo[i] <= hi[i];
        cur[i] = lo[i];
    }
    for (; more && arcs >= 0; more = next_in_box(cur, lo, hi, np)) {
        rx *p = NULL;
        for (size_t i = 0; i < np; i++) {
            to[pend[i].v] = cur[i];
            p = and(&t->m, p, rx_op(&t->m, DOP_EQ, pend[i].value,
                                    rx_num(&t->m, (double)cur[i]), NULL));
        }
        long target = tr_index_of(md, to);
        if (ok)   /* after the tests: 0 / 0 where the value is out */
            p = checked(&t->m, p ? p : rx_num(&t->m, 1), ok);
        if (rate)
            p = p ? rx_op(&t->m, DOP_MUL, rate, p, NULL) : rate;
        /* the guard first: the values and the check only where it holds
         * (slice evaluates every product state, reachable or not) */
        if (prob)
            p = p ? tr_gated(&t->m, prob, p) : prob;
        if ((drop_loops && target == k) ||
            (p && p->op == DOP_NUM && p->num == 0))
            continue;
        arcs = add_arc(t, c, md->aut, k, target, ev, p) < 0 ? -1 : arcs + 1;
        if (np == 0)
            break;
    }
    free(lo);
    free(hi);
    free(cur);
    return arcs;
}

/* The arcs of choice c in its module, for event ev, from every local
 * state where the guard may hold. Self-loops are left out when
 * `drop_loops` (a local event: they change nothing). With rate_in_arcs
 * (an action's event, of rate 1), each arc also carries the branch's rate
 * from its state, the guard's part gating it. The arcs made, or -1 after
 * a diagnostic; *found says what the rate must then carry. */
static long choice_arcs(tr *t, const tr_choice *c, int ev, int drop_loops,
                        int rate_in_arcs, tr_found *found)
{
    tr_module *md = &t->mods.items[c->mod];
    size_t nv = md->vars.len, np = 0;
    long *val = xmalloc(sizeof *val * nv), *to = xmalloc(sizeof *to * nv);
    long *lo = xmalloc(sizeof *lo * nv), *hi = xmalloc(sizeof *hi * nv);
    tr_pending *pend = xmalloc(sizeof *pend * (c->br->assigns.len + 1));
    long arcs = 0;
    t->cur = md;
    t->fixed = NULL;
    size_t mark = t->m.arena.len;
    rx *rate = c->br->rate ? tr_resolve(t, c->br->rate) : rx_num(&t->m, 1);
    found->in_prob = rate && (rate_in_arcs || rx_finite(rate));
    drop_nodes(t, mark);
    t->fixed = val;
    int more = rate && guard_box(t, c->cmd->guard, lo, hi) == 0;
    if (!more)
        arcs = -1;
    for (size_t v = 0; v < nv; v++) {
        more = more && lo[v] <= hi[v];
        val[v] = lo[v];
    }
    for (; more && arcs >= 0; more = next_in_box(val, lo, hi, nv)) {
        long k = tr_index_of(md, val);
        mark = t->m.arena.len;
        rx *g = tr_resolve(t, c->cmd->guard), *prob = NULL;
        if (g && g->op == DOP_NUM && g->num == 0) {
            drop_nodes(t, mark);
            continue;
        }
        if (!g || update_target(t, md, c->br, k, val, to, pend, &np) < 0) {
            arcs = -1;
            break;
        }
        if (g->op != DOP_NUM) {   /* it reads other modules */
            if (found->in_prob)
                prob = rx_is_test(g) ? g : rx_op(&t->m, DOP_NE, g,
                                                 rx_num(&t->m, 0), NULL);
            else
                found->gate = 1;
        }
        rx *ok = NULL;
        if (np > 0 && found->in_prob)
            ok = in_range(t, md, pend, np);
        else if (np > 0)
            found->check = 1;
        rx *r = NULL;
        if (rate_in_arcs && !(r = c->br->rate ? tr_resolve(t, c->br->rate)
                                              : rx_num(&t->m, 1))) {
            arcs = -1;
            break;
        }
        if (r && r->op == DOP_NUM && !(isfinite(r->num) && r->num >= 0)) {
            char buf[32];
            tr_error(t, c->br->line, c->br->col, "a rate must be finite and "
                     "non-negative, got %s", fmt_double(buf, r->num));
            arcs = -1;
            break;
        }
        long made = arcs_from(t, c, k, to, pend, np, prob, ok, r, ev,
                              drop_loops);
        arcs = made < 0 ? -1 : arcs + made;
        if (!prob && np == 0 && !r)
            drop_nodes(t, mark);   /* no arc holds a node made here */
    }
    t->cur = NULL;
    t->fixed = NULL;
    free(val);
    free(to);
    free(lo);
    free(hi);
    free(pend);
    return arcs;
}

/* The choice's rate in the global state (1 when the branch has none);
 * when its guard or updates were not put in the arcs (choice_arcs), the
 * guard as a 0/1 gate and the updates' range check. */
static rx *choice_rate(tr *t, const tr_choice *c, const tr_found *found)
{
    const tr_module *md = &t->mods.items[c->mod];
    model *m = &t->m;
    t->cur = md;
    t->fixed = NULL;
    rx *g = found->gate ? tr_resolve(t, c->cmd->guard) : rx_num(m, 1);
    rx *r = g ? (c->br->rate ? tr_resolve(t, c->br->rate) : rx_num(m, 1))
              : NULL;
    if (r && found->check) {
        tr_pending *pend = xmalloc(sizeof *pend * (c->br->assigns.len + 1));
        size_t np = 0;
        for (size_t i = 0; i < c->br->assigns.len && r; i++) {
            const pr_assign *as = &c->br->assigns.items[i];
            const char *name = tr_renamed(t, as->var);
            size_t key;
            rx *x = tr_resolve(t, as->value);
            if (!x || !keymap_get(&t->var_index, name, strlen(name), &key))
                r = NULL;   /* choice_arcs reported it first */
            else if (x->op != DOP_NUM)
                pend[np++] = (tr_pending){(int)(key & 0xffff), x};
        }
        if (r)
            r = checked(m, r, in_range(t, md, pend, np));
        free(pend);
    }
    t->cur = NULL;
    if (!r)
        return NULL;
    if (r->op == DOP_NUM && !(isfinite(r->num) && r->num >= 0)) {
        char buf[32];
        tr_error(t, c->br->line, c->br->col, "a rate must be finite and "
                 "non-negative, got %s", fmt_double(buf, r->num));
        return NULL;
    }
    return tr_gated(m, g, r);
}

/* ----------------------------------------------------------- events */

/* One event for the choices c[0..n-1], in module order. A local command
 * (action NULL, n = 1): the choice's arcs, at its rate. An action: every
 * choice of every module that has it, the branches' rates in the arcs
 * and the event's rate 1, so that the descriptor's product over the
 * modules of the sums of their enabled arcs' weights is PRISM's sum over
 * every combination of one enabled command per module of the product of
 * their rates, in one event (one choice per module and event would make
 * an event per combination: 46782 terms where the SAN had 16). An event
 * one of whose modules has no arc, or of rate 0, is dropped. */
static int add_event(tr *t, const char *name, const char *action,
                     const tr_choice *c, size_t n, int line, int col)
{
    model *m = &t->m;
    int ev = (int)m->events.len, status = 0, nmod = 0;
    size_t first_arc = m->arcs.len;
    m_event e = {0};
    tr_found *found = xcalloc(n, sizeof *found);
    rx *rate = NULL;
    for (size_t i = 0; i < n && status == 0; i++)
        nmod += i == 0 || c[i].mod != c[i - 1].mod;
    for (size_t i = 0, arcs = 0; i < n && status == 0; i++) {
        long made = choice_arcs(t, &c[i], ev, nmod == 1, action != NULL,
                                &found[i]);
        status = made < 0 ? -1 : 0;
        arcs += made > 0 ? (size_t)made : 0;
        if (status == 0 && (i + 1 == n || c[i + 1].mod != c[i].mod)) {
            status = arcs == 0 ? 1 : 0;   /* 1: never enabled */
            VEC_PUSH(&e.users, t->mods.items[c[i].mod].aut);
            arcs = 0;
        }
    }
    if (action && status == 0)
        rate = rx_num(m, 1);
    for (size_t i = 0; i < n && status == 0 && !action; i++) {
        rx *r = choice_rate(t, &c[i], &found[i]);
        if (!r)
            status = -1;
        else
            rate = rate ? rx_op(m, DOP_MUL, rate, r, NULL) : r;
    }
    if (status == 0 && rate->op == DOP_NUM && rate->num == 0)
        status = 1;
    free(found);
    if (status != 0) {   /* no event: its arcs go */
        m->arcs.len = first_arc;
        free(e.users.items);
        return status < 0 ? -1 : 0;
    }
    e.name = xstrdup(name);
    e.sync = nmod > 1;
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
                if (add_event(t, name, NULL, &c, 1, cmd->line, cmd->col) < 0)
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
        if (!cmd->action || strcmp(tr_renamed(t, cmd->action), a) != 0)
            continue;
        for (size_t b = 0; b < cmd->branches.len; b++)
            VEC_PUSH(out, ((tr_choice){(int)i, cmd, &cmd->branches.items[b]}));
    }
    t->cur = NULL;
}

/* Action a (first used by command at): one event, "a", over every module
 * whose alphabet has it (add_event). */
static int action(tr *t, const char *a, const pr_command *at)
{
    tr_choices all = {0};
    for (size_t i = 0; i < t->mods.len; i++)
        choices_of(t, i, a, &all);
    int status = add_event(t, a, a, all.items, all.len, at->line, at->col);
    free(all.items);
    return status;
}

int prism_commands(tr *t)
{
    if (local_commands(t) < 0)
        return -1;
    keymap done = {0};
    int status = 0;
    for (size_t i = 0; i < t->mods.len && status == 0; i++) {
        const tr_module *md = &t->mods.items[i];
        for (size_t k = 0; k < md->text->commands.len && status == 0; k++) {
            const pr_command *cmd = &md->text->commands.items[k];
            if (!cmd->action)
                continue;
            t->cur = md;
            const char *a = tr_renamed(t, cmd->action);
            t->cur = NULL;
            size_t seen;
            if (keymap_get(&done, a, strlen(a), &seen))
                continue;
            keymap_put(&done, a, strlen(a), 1);
            status = action(t, a, cmd);
        }
    }
    keymap_free(&done);
    return status;
}
