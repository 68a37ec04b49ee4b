/* prism_cmd.c — a PRISM model's commands as the SAN model's events and
 * arcs (formats/prism-subset.md, "The translation"). Each variable is an
 * automaton (prism.c).
 *
 * A command branch (a "choice") moves the variables it assigns, its
 * participants: an event over their automata. Each participant's arcs go
 * from its values where the guard may hold (the box of the guard's
 * conjuncts that compare it with a constant) to the value its assignment
 * gives there. A guard made only of such conjuncts on the participants is
 * wholly in their arcs; otherwise it gates the event's rate (guard ? rate
 * : 0, so the rate is evaluated only where it holds, as in PRISM). An
 * assignment whose value reads other variables is one arc to each value
 * it may give, with the probability that it gives it, checked in range
 * where the guard holds. A synchronised action is one event per choice of
 * a command in each module that has it, at the product of their rates;
 * the choices of a module that all move the same one variable share the
 * event, their rates weighing their arcs. */
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

/* ----------------------------------------------------------- guards */

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

/* A box conjunct: x OP c, a variable of the current module compared with
 * a constant (c OP x is read as x OP' c; a boolean b as b = 1, !b as
 * b = 0). 1 with *v, *op and *c when g is one, 0 when it is not, -1
 * after a diagnostic. */
static int box_conjunct(tr *t, const sx *g, int *v, desc_op *op, double *c)
{
    int bool_v = own_variable(t, g);
    int negated = g->kind == SX_OP && g->op == DOP_NOT;
    if (negated)
        bool_v = own_variable(t, g->kid[0]);
    if (bool_v >= 0 || negated) {
        if (bool_v < 0 || !t->cur->vars.items[bool_v].is_bool)
            return 0;
        *v = bool_v;
        *op = DOP_EQ;
        *c = negated ? 0 : 1;
        return 1;
    }
    if (g->kind != SX_OP || (g->op != DOP_EQ && g->op != DOP_LT &&
                             g->op != DOP_LE && g->op != DOP_GT &&
                             g->op != DOP_GE))
        return 0;
    const sx *side = g->kid[1];
    *op = g->op;
    if ((*v = own_variable(t, g->kid[0])) < 0) {
        if ((*v = own_variable(t, g->kid[1])) < 0)
            return 0;
        side = g->kid[0];
        *op = g->op == DOP_LT ? DOP_GT : g->op == DOP_LE ? DOP_GE
            : g->op == DOP_GT ? DOP_LT : g->op == DOP_GE ? DOP_LE : g->op;
    }
    return known(t, side, c);
}

/* Narrows [lo[v], hi[v]] by the conjunct g when it is a box conjunct.
 * 0, or -1 after a diagnostic. */
static int narrow_by(tr *t, const sx *g, long *lo, long *hi)
{
    int v;
    desc_op op;
    double c;
    int is = box_conjunct(t, g, &v, &op, &c);
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

/* ------------------------------------------------------------- arcs */

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

/* 1 where x is an integer in var's range, else 0. */
static rx *in_range(model *m, const tr_var *var, rx *x)
{
    double lo = (double)var->lo, hi = (double)(var->lo + var->range - 1);
    rx *in = NULL;
    if (!integral(x))
        in = rx_op(m, DOP_EQ, rx_op(m, DOP_FLOOR, x, NULL, NULL), x, NULL);
    if (!(rx_finite(x) && x->lo >= lo))
        in = and(m, in, rx_op(m, DOP_GE, x, rx_num(m, lo), NULL));
    if (!(rx_finite(x) && x->hi <= hi))
        in = and(m, in, rx_op(m, DOP_LE, x, rx_num(m, hi), NULL));
    return in ? in : rx_num(m, 1);
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

/* r, a branch's rate: 0, or -1 after the diagnostic when it is a constant
 * that is not finite and non-negative. */
static int check_rate(tr *t, const pr_branch *br, const rx *r)
{
    if (r->op != DOP_NUM || (isfinite(r->num) && r->num >= 0))
        return 0;
    char buf[32];
    tr_error(t, br->line, br->col, "a rate must be finite and non-negative, "
             "got %s", fmt_double(buf, r->num));
    return -1;
}

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

/* Whether guard g is a conjunction of box conjuncts on the variables
 * marked in part (the choice's participants): their arcs then hold it
 * all. -1 after a diagnostic. */
static int held_by_arcs(tr *t, const sx *g, const char *part)
{
    for (;;) {
        const sx *one = g->kind == SX_OP && g->op == DOP_AND ? g->kid[1] : g;
        int v;
        desc_op op;
        double c;
        int is = box_conjunct(t, one, &v, &op, &c);
        if (is <= 0)
            return is;
        if (!part[v])
            return 0;
        if (one == g)
            return 1;
        g = g->kid[0];
    }
}

/* The arcs of participant v (a variable of the choice's module) for
 * choice c and event ev: from each value in the guard's box for v where
 * the guard, v fixed, may hold, to the value v's assignment gives. The
 * arc's probability holds, when `weigh`, the branch's rate (the event's
 * rate is then 1) and what the guard still reads; when pending (the
 * assignment reads other variables), the values it may take, each with
 * its probability, checked in range, the guard first. Self-loops are
 * left out when drop_loops. The arcs made, or -1. */
static long participant_arcs(tr *t, const tr_choice *c, int v, int ev,
                             int drop_loops, int weigh)
{
    tr_module *md = &t->mods.items[c->mod];
    const tr_var *var = &md->vars.items[v];
    size_t nv = md->vars.len;
    long *val = xcalloc(nv, sizeof *val), *lo = xmalloc(sizeof *lo * nv);
    long *hi = xmalloc(sizeof *hi * nv), arcs = 0;
    const pr_assign *as = NULL;
    t->cur = md;
    for (size_t i = 0; i < c->br->assigns.len; i++) {
        const char *name = tr_renamed(t, c->br->assigns.items[i].var);
        if (strcmp(name, var->name) == 0)
            as = &c->br->assigns.items[i];
    }
    t->fixed = val;
    t->fixed_var = v;
    if (guard_box(t, c->cmd->guard, lo, hi) < 0)
        arcs = -1;
    for (long x = lo[v]; x <= hi[v] && arcs >= 0; x++) {
        val[v] = x;
        size_t mark = t->m.arena.len;
        rx *g = tr_resolve(t, c->cmd->guard);
        if (!g) {
            arcs = -1;
            break;
        }
        if (g->op == DOP_NUM && g->num == 0) {   /* it never holds here */
            drop_nodes(t, mark);
            continue;
        }
        rx *to = tr_resolve(t, as->value), *r = NULL;
        if (to && weigh)
            r = c->br->rate ? tr_resolve(t, c->br->rate) : rx_num(&t->m, 1);
        if (!to || (weigh && !r)) {
            arcs = -1;
            break;
        }
        if (r && check_rate(t, c->br, r) < 0) {
            arcs = -1;
            break;
        }
        /* The guard in the arc when its rate is there, and when the value
         * is pending: its check only where the guard holds (slice
         * evaluates every product state). */
        rx *gate = (weigh || to->op != DOP_NUM) && g->op != DOP_NUM
                 ? (rx_is_test(g) ? g : rx_op(&t->m, DOP_NE, g,
                                              rx_num(&t->m, 0), NULL))
                 : NULL;
        long first = var->lo, last = var->lo + var->range - 1;
        if (to->op == DOP_NUM) {
            double y = to->num;
            if (!(y == floor(y) && y >= (double)first && y <= (double)last)) {
                char buf[32];
                tr_error(t, as->line, as->col, "the update gives '%s' the "
                         "value %s outside its range [%ld..%ld] from %s=%ld "
                         "where the guard may hold", var->name,
                         fmt_double(buf, y), first, last, var->name, x);
                arcs = -1;
                break;
            }
            first = last = (long)y;
        } else if (rx_finite(to)) {   /* the values it may take */
            first = (long)fmax((double)first, ceil(to->lo));
            last = (long)fmin((double)last, floor(to->hi));
        }
        rx *ok = to->op == DOP_NUM ? NULL : in_range(&t->m, var, to);
        int kept = 0;
        for (long y = first; y <= last && arcs >= 0; y++) {
            if (drop_loops && y == x)
                continue;
            rx *p = to->op == DOP_NUM ? NULL
                  : rx_op(&t->m, DOP_EQ, to, rx_num(&t->m, (double)y), NULL);
            if (ok)   /* after the test: 0 / 0 where the value is out */
                p = checked(&t->m, p, ok);
            if (r)
                p = p ? rx_op(&t->m, DOP_MUL, r, p, NULL) : r;
            if (gate)   /* the guard first: the rest only where it holds */
                p = p ? tr_gated(&t->m, gate, p) : gate;
            if (p && p->op == DOP_NUM && p->num == 0)
                continue;
            arcs = add_arc(t, c, var->aut, x - var->lo, y - var->lo, ev, p)
                   < 0 ? -1 : arcs + 1;
            kept |= p != NULL;
        }
        if (!kept)
            drop_nodes(t, mark);   /* no arc holds a node made here */
    }
    t->cur = NULL;
    t->fixed = NULL;
    free(val);
    free(lo);
    free(hi);
    return arcs;
}

/* The participants of choice c (its assigned variables, by index in its
 * module: at most DESC_MAX_AUTOMATA, each variable an automaton) marked
 * in part; their count, or -1 after a diagnostic (an assignment to
 * another module's variable). */
static int participants(tr *t, const tr_choice *c, char *part)
{
    const tr_module *md = &t->mods.items[c->mod];
    int n = 0;
    memset(part, 0, md->vars.len);
    t->cur = md;
    for (size_t i = 0; i < c->br->assigns.len; i++) {
        const pr_assign *as = &c->br->assigns.items[i];
        const char *name = tr_renamed(t, as->var);
        size_t key;
        if (!keymap_get(&t->var_index, name, strlen(name), &key) ||
            &t->mods.items[key >> 16] != md) {
            tr_error(t, as->line, as->col, "'%s' is not a variable of "
                     "module '%s'", name, md->decl->name);
            t->cur = NULL;
            return -1;
        }
        n += !part[key & 0xffff];
        part[key & 0xffff] = 1;
    }
    t->cur = NULL;
    return n;
}

/* The choice's rate in the global state (1 when the branch has none),
 * gated by its guard unless its participants' arcs hold it. NULL after
 * a diagnostic. */
static rx *choice_rate(tr *t, const tr_choice *c, int gate)
{
    model *m = &t->m;
    t->cur = &t->mods.items[c->mod];
    t->fixed = NULL;
    rx *g = gate ? tr_resolve(t, c->cmd->guard) : rx_num(m, 1);
    rx *r = g ? (c->br->rate ? tr_resolve(t, c->br->rate) : rx_num(m, 1))
              : NULL;
    t->cur = NULL;
    return r && check_rate(t, c->br, r) == 0 ? tr_gated(m, g, r) : NULL;
}

/* ----------------------------------------------------------- events */

/* A module's part in an event: one choice, at its rate; or (weigh)
 * choices that all move the same one variable, their rates in its arcs. */
typedef struct {
    const tr_choice *c;
    size_t n;
    int weigh;
} tr_part;

/* One event over the parts p[0..n-1] (in module order): their
 * participants' arcs, the rate the product of the unweighed parts'. An
 * event that moves nothing, or one of whose participants has no arc, or
 * of rate 0, is dropped. */
static int add_event(tr *t, const char *name, const tr_part *p, size_t n,
                     int line, int col)
{
    model *m = &t->m;
    int ev = (int)m->events.len, status = 0;
    size_t first_arc = m->arcs.len;
    m_event e = {0};
    rx *rate = rx_num(m, 1);
    /* each part's participants (all its choices move the same), and
     * their number, to know whether the event is local */
    char (*mark)[DESC_MAX_AUTOMATA] = xcalloc(n ? n : 1, sizeof *mark);
    size_t nusers = 0;
    for (size_t i = 0; i < n && status == 0; i++) {
        int k = participants(t, &p[i].c[0], mark[i]);
        status = k < 0 ? -1 : 0;
        nusers += k > 0 ? (size_t)k : 0;
    }
    if (status == 0 && nusers == 0)
        status = 1;   /* it changes nothing */
    for (size_t i = 0; i < n && status == 0; i++) {
        const tr_module *md = &t->mods.items[p[i].c[0].mod];
        const char *part = mark[i];
        int held = 1;
        if (!p[i].weigh) {
            t->cur = md;
            held = held_by_arcs(t, p[i].c[0].cmd->guard, part);
            t->cur = NULL;
            rx *r = held < 0 ? NULL : choice_rate(t, &p[i].c[0], !held);
            if (!r) {
                status = -1;
                break;
            }
            rate = rx_op(m, DOP_MUL, rate, r, NULL);
        }
        for (size_t v = 0; v < md->vars.len && status == 0; v++) {
            if (!part[v])
                continue;
            long arcs = 0;
            for (size_t j = 0; j < p[i].n && arcs >= 0; j++) {
                long made = participant_arcs(t, &p[i].c[j], (int)v, ev,
                                             nusers == 1, p[i].weigh);
                arcs = made < 0 ? -1 : arcs + made;
            }
            status = arcs < 0 ? -1 : arcs == 0 ? 1 : 0;
            if (status == 0)
                VEC_PUSH(&e.users, md->vars.items[v].aut);
        }
    }
    free(mark);
    if (status == 0 && rate->op == DOP_NUM && rate->num == 0)
        status = 1;
    if (status != 0) {   /* no event: its arcs go */
        m->arcs.len = first_arc;
        free(e.users.items);
        return status < 0 ? -1 : 0;
    }
    e.name = xstrdup(name);
    e.sync = e.users.len > 1;
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
                tr_part p = {&c, 1, 0};
                if (add_event(t, name, &p, 1, cmd->line, cmd->col) < 0)
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

/* Whether choices c[0..n-1] (one module's) all move the same one
 * variable: they can share an event, weighing its arcs. -1 after a
 * diagnostic. */
static int one_variable(tr *t, const tr_choice *c, size_t n)
{
    const tr_module *md = &t->mods.items[c[0].mod];
    char part[DESC_MAX_AUTOMATA], first[DESC_MAX_AUTOMATA];
    for (size_t j = 0; j < n; j++) {
        int k = participants(t, &c[j], j ? part : first);
        if (k < 0)
            return -1;
        if (k != 1 || (j && memcmp(part, first, md->vars.len) != 0))
            return 0;
    }
    return 1;
}

/* Action a (first used by command at): an event per choice of a part in
 * each module that has it ("a", or "a#1", "a#2", ... when there are
 * several), a module's choices one part when they all move the same one
 * variable. */
static int action(tr *t, const char *a, const pr_command *at)
{
    tr_choices all = {0};
    VEC(tr_part) parts = {0};     /* every module's parts, in order */
    VEC(size_t) start = {0}, count = {0};   /* a module's: start[j].. */
    int status = 0;
    for (size_t i = 0; i < t->mods.len && status == 0; i++) {
        size_t before = all.len;
        choices_of(t, i, a, &all);
        if (all.len == before)
            continue;
        VEC_PUSH(&start, parts.len);
        int one = one_variable(t, all.items + before, all.len - before);
        if (one < 0)
            status = -1;
        else if (one)
            VEC_PUSH(&parts, ((tr_part){NULL, all.len - before, 1}));
        else
            for (size_t j = before; j < all.len; j++)
                VEC_PUSH(&parts, ((tr_part){NULL, 1, 0}));
        VEC_PUSH(&count, parts.len - start.items[start.len - 1]);
    }
    /* the parts' choices, now that all is whole */
    for (size_t j = 0, at_choice = 0; j < parts.len; j++) {
        parts.items[j].c = all.items + at_choice;
        at_choice += parts.items[j].n;
    }
    uint64_t combos = 1;
    for (size_t j = 0; j < count.len && status == 0; j++)
        if (!mul_u64(combos, count.items[j], &combos) ||
            combos > SAN_MAX_EXPANDED) {
            tr_error(t, at->line, at->col, "action '%s' has more than %u "
                     "combinations of commands across its modules", a,
                     SAN_MAX_EXPANDED);
            status = -1;
        }
    size_t n = count.len;
    tr_part *p = xmalloc(sizeof *p * (n ? n : 1));
    size_t *digit = xcalloc(n ? n : 1, sizeof *digit);
    for (uint64_t x = 0; x < combos && status == 0; x++) {
        for (size_t j = 0; j < n; j++)
            p[j] = parts.items[start.items[j] + digit[j]];
        char name[256];
        if (combos == 1)
            snprintf(name, sizeof name, "%s", a);
        else
            snprintf(name, sizeof name, "%s#%llu", a,
                     (unsigned long long)x + 1);
        status = add_event(t, name, p, n, at->line, at->col);
        for (size_t j = n; j-- > 0;) {   /* the next combination */
            if (++digit[j] < count.items[j])
                break;
            digit[j] = 0;
        }
    }
    free(p);
    free(digit);
    free(all.items);
    free(parts.items);
    free(start.items);
    free(count.items);
    return status;
}

/* The choices of module i's commands without an action. */
static void local_choices_of(tr *t, size_t i, tr_choices *out)
{
    const tr_module *md = &t->mods.items[i];
    for (size_t k = 0; k < md->text->commands.len; k++) {
        const pr_command *cmd = &md->text->commands.items[k];
        for (size_t b = 0; !cmd->action && b < cmd->branches.len; b++)
            VEC_PUSH(out, ((tr_choice){(int)i, cmd, &cmd->branches.items[b]}));
    }
}

rx *prism_action_rate(tr *t, const char *action, int line, int col)
{
    model *m = &t->m;
    rx *total = NULL;   /* none yet: no module has the action */
    tr_choices c = {0};
    int failed = 0;
    for (size_t i = 0; i < t->mods.len && !failed; i++) {
        c.len = 0;
        if (action)
            choices_of(t, i, action, &c);
        else
            local_choices_of(t, i, &c);
        if (c.len == 0)
            continue;
        rx *sum = rx_num(m, 0);
        for (size_t j = 0; j < c.len && sum; j++) {
            rx *r = choice_rate(t, &c.items[j], 1);
            sum = r ? rx_op(m, DOP_ADD, sum, r, NULL) : NULL;
        }
        if (!sum)
            failed = 1;
        else
            total = !total ? sum
                  : rx_op(m, action ? DOP_MUL : DOP_ADD, total, sum, NULL);
    }
    free(c.items);
    if (!failed && !total && action) {   /* a typo, not a rate of 0 */
        tr_error(t, line, col, "no module has the action '%s' of this "
                 "transition reward", action);
        return NULL;
    }
    return failed ? NULL : total ? total : rx_num(m, 0);
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
