/* model.c — from the syntax tree to the resolved model (model.h): unrolls
 * loops and ranges, resolves identifiers, automata, states and events
 * into expressions (expr.c), and checks every rule of formats/san.md that does not
 * need the descriptor. Processing stops at the first error.
 *
 * The passes: (1) the automata and their states, so that the product
 * space is checked before anything grows with it; (2) the events, whose
 * rates may read automata; (3) the transitions and initial states;
 * (4) reachability and results; (5) the checks across declarations. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "san/model.h"

/* Loop variables in scope, innermost first. */
typedef VEC(char *) strvec;
typedef VEC(int) intvec;

typedef struct env {
    const char *name;
    long value;
    const struct env *up;
} env;

static void error_at(model *m, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void error_at(model *m, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(m->dg, (srcloc){m->file, line, col}, fmt, ap);
    va_end(ap);
}

/* Counts one more declaration against SAN_MAX_EXPANDED. */
static int expand_one(model *m, int line, int col)
{
    if (++m->expanded > SAN_MAX_EXPANDED) {
        error_at(m, line, col, "the model expands to more than %u "
                 "declarations", SAN_MAX_EXPANDED);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------- expressions */

static rx *resolve(model *m, const sx *e, const env *en);

/* An expression that must be constant (subscripts, ranges, loops). */
static int const_value(model *m, const sx *e, const env *en, double *out)
{
    int saved = m->const_only;
    size_t mark = m->arena.len, resolved = m->idents_resolved;
    m->const_only = 1;
    rx *r = resolve(m, e, en);
    m->const_only = saved;
    if (!r)
        return -1;
    if (r->op != DOP_NUM) {
        error_at(m, e->line, e->col, "this expression must be constant, but "
                 "it depends on the state of automata");
        return -1;
    }
    *out = r->num;
    /* Only the number is kept: the nodes made for it go, unless an
       identifier was resolved meanwhile (its value is shared). So a loop's
       subscripts do not count against SAN_MAX_NODES once per value. */
    if (m->idents_resolved == resolved) {
        for (size_t i = mark; i < m->arena.len; i++)
            free(m->arena.items[i]);
        m->arena.len = mark;
    }
    return 0;
}

static int int_value(model *m, const sx *e, const env *en, long *out)
{
    double v;
    if (const_value(m, e, en, &v) < 0)
        return -1;
    if (!(v == floor(v) && fabs(v) <= 1e15)) {
        char buf[32];
        error_at(m, e->line, e->col, "a subscript must be an integer, got "
                 "%s", fmt_double(buf, v));
        return -1;
    }
    *out = (long)v;
    return 0;
}

/* The values lo..hi of a range or loop, checked against SAN_MAX_RANGE. */
static int range_values(model *m, const sx *lo_e, const sx *hi_e,
                        const env *en, long *lo, long *count)
{
    long hi;
    if (int_value(m, lo_e, en, lo) < 0 || int_value(m, hi_e, en, &hi) < 0)
        return -1;
    *count = hi < *lo ? 0 : hi - *lo + 1;
    if (*count > (long)SAN_MAX_RANGE) {
        error_at(m, lo_e->line, lo_e->col, "range %ld..%ld has %ld values, "
                 "over the limit of %u", *lo, hi, *count, SAN_MAX_RANGE);
        return -1;
    }
    return 0;
}

/* The spellings of a name: one, or several when a subscript is a range
 * (the first subscript varying slowest). Appends to out. Each spelling is
 * extended in place by its last value, so a name with many subscripts
 * costs its length, not its length squared. */
static int expand_name(model *m, const san_name *n, const env *en,
                       strvec *out)
{
    VEC(strbuf) cur = {0};
    strbuf first = {0};
    sb_puts(&first, n->ident);
    VEC_PUSH(&cur, first);
    int status = 0;
    for (size_t s = 0; s < n->subs.len && status == 0; s++) {
        const san_sub *sub = &n->subs.items[s];
        long lo, count = 1;
        if (sub->hi ? range_values(m, sub->lo, sub->hi, en, &lo, &count)
                    : int_value(m, sub->lo, en, &lo)) {
            status = -1;
            break;
        }
        /* Replace each prefix by its count extensions. */
        VEC(strbuf) next = {0};
        for (size_t p = 0; p < cur.len; p++) {
            for (long k = 0; k < count && status == 0; k++) {
                status = expand_one(m, n->line, n->col);
                strbuf sb = {0};
                if (k == count - 1) {
                    sb = cur.items[p];
                    cur.items[p] = (strbuf){0};
                } else
                    sb_putn(&sb, cur.items[p].text, cur.items[p].len);
                sb_printf(&sb, "[%ld]", lo + k);
                VEC_PUSH(&next, sb);
            }
            sb_free(&cur.items[p]);
        }
        free(cur.items);
        cur.items = next.items;
        cur.len = next.len;
        cur.cap = next.cap;
    }
    for (size_t p = 0; p < cur.len; p++) {
        if (status == 0)
            VEC_PUSH(out, cur.items[p].text);
        else
            sb_free(&cur.items[p]);
    }
    free(cur.items);
    return status;
}

static void free_names(strvec *v)
{
    for (size_t i = 0; i < v->len; i++)
        free(v->items[i]);
    free(v->items);
    v->items = NULL;
    v->len = v->cap = 0;
}

/* One spelling of a name that has no ranges (the grammar's `name`). */
static char *single_name(model *m, const san_name *n, const env *en)
{
    strvec v = {0};
    char *s = NULL;
    if (expand_name(m, n, en, &v) == 0) {
        s = v.items[0];
        v.items[0] = NULL;
        v.len = 1;
    }
    free_names(&v);
    return s;
}

static int find(const keymap *k, const char *name)
{
    size_t v;
    return keymap_get(k, name, strlen(name), &v) ? (int)v : -1;
}

static int find_aut(model *m, const san_name *n, const env *en)
{
    char *name = single_name(m, n, en);
    if (!name)
        return -1;
    int a = find(&m->aut_index, name);
    if (a < 0)
        error_at(m, n->line, n->col, "unknown automaton '%s'", name);
    free(name);
    return a;
}

static int find_state(model *m, int a, const san_name *n, const env *en)
{
    char *name = single_name(m, n, en);
    if (!name)
        return -1;
    int s = find(&m->auts.items[a].state_index, name);
    if (s < 0)
        error_at(m, n->line, n->col, "unknown state '%s' of automaton '%s'",
                 name, m->auts.items[a].name);
    free(name);
    return s;
}

static int no_state_here(model *m, const sx *e)
{
    if (!m->const_only)
        return 0;
    error_at(m, e->line, e->col, "this expression must be constant, but it "
             "depends on the state of automata");
    return 1;
}

/* st A == s */
static rx *in_state(model *m, int a, int s)
{
    return rx_op(m, DOP_EQ, rx_st(m, a), rx_num(m, s), NULL);
}

/* The automata of an nb group, in order. */
static int group_auts(model *m, const san_names *g, const env *en,
                      intvec *out)
{
    for (size_t i = 0; i < g->len; i++) {
        const san_name *n = g->items[i];
        size_t fam;
        if (n->subs.len == 0 && find(&m->aut_index, n->ident) < 0 &&
            keymap_get(&m->family_index, n->ident, strlen(n->ident), &fam)) {
            for (size_t a = 0; a < m->auts.len; a++)
                if (m->auts.items[a].family &&
                    strcmp(m->auts.items[a].base, n->ident) == 0)
                    VEC_PUSH(out, (int)a);
            continue;
        }
        strvec names = {0};
        if (expand_name(m, n, en, &names) < 0) {
            free_names(&names);
            return -1;
        }
        for (size_t k = 0; k < names.len; k++) {
            int a = find(&m->aut_index, names.items[k]);
            if (a < 0) {
                error_at(m, n->line, n->col, "unknown automaton '%s'",
                         names.items[k]);
                free_names(&names);
                return -1;
            }
            VEC_PUSH(out, a);
        }
        free_names(&names);
    }
    return 0;
}

static rx *resolve_nb(model *m, const sx *e, const env *en)
{
    intvec auts = {0};
    rx *sum = NULL;
    if (group_auts(m, &e->group, en, &auts) == 0) {
        sum = rx_num(m, 0);
        for (size_t i = 0; i < auts.len; i++) {
            int s = find_state(m, auts.items[i], e->state, en);
            if (s < 0) {
                sum = NULL;
                break;
            }
            sum = rx_op(m, DOP_ADD, sum, in_state(m, auts.items[i], s), NULL);
        }
    }
    free(auts.items);
    return sum;
}

/* The identifier e uses, or -1 after a diagnostic. */
static int ident_index(model *m, const sx *e)
{
    int k = find(&m->ident_index, e->ident);
    if (k < 0) {
        error_at(m, e->line, e->col, "unknown identifier '%s'", e->ident);
        return -1;
    }
    if (m->cur_ident >= 0 && k >= m->cur_ident) {
        error_at(m, e->line, e->col, "identifier '%s' is used before its "
                 "definition at %d:%d", e->ident, m->idents.items[k].line,
                 m->idents.items[k].col);
        return -1;
    }
    return k;
}

/* An identifier's value where e uses it: a constant where one is due. */
static rx *ident_use(model *m, const sx *e, rx *value)
{
    if (m->const_only && value->op != DOP_NUM) {
        error_at(m, e->line, e->col, "this expression must be constant, but "
                 "it depends on the state of automata");
        return NULL;
    }
    return value;
}

/* The expressions without operands, but for identifiers. */
static rx *resolve_leaf(model *m, const sx *e, const env *en)
{
    switch (e->kind) {
    case SX_NUM:
        return rx_num(m, e->num);
    case SX_ST: {
        if (no_state_here(m, e))
            return NULL;
        int a = find_aut(m, e->aut, en);
        return a < 0 ? NULL : rx_st(m, a);
    }
    case SX_IS: {
        if (no_state_here(m, e))
            return NULL;
        int a = find_aut(m, e->aut, en);
        int s = a < 0 ? -1 : find_state(m, a, e->state, en);
        return s < 0 ? NULL : in_state(m, a, s);
    }
    case SX_NB:
        return no_state_here(m, e) ? NULL : resolve_nb(m, e, en);
    default:
        return NULL;   /* SX_IDENT, SX_OP: resolve */
    }
}

/* Past SAN_MAX_NODES: the nodes made (loops re-resolve their
 * expressions), or r expanded as a tree (identifiers are shared: f1 = f0
 * + f0 has twice f0's nodes, though it adds one). */
static int too_many_nodes(model *m, const sx *e, const rx *r)
{
    if (m->arena.len <= SAN_MAX_NODES && r->size <= SAN_MAX_NODES)
        return 0;
    error_at(m, e->line, e->col, "the model's expressions expand to more "
             "than %u nodes", SAN_MAX_NODES);
    return 1;
}

/* e resolved under the loop variables en, iteratively: a sum of 10^6
 * terms, or a chain of 10^5 identifiers each using the one before, costs
 * no stack. An identifier is resolved at its first use (with only the
 * identifiers before it visible and no loop variable) and then shared. */
static rx *resolve(model *m, const sx *e, const env *en)
{
    typedef struct {
        const sx *e;
        const env *en;
        int next;       /* operands pushed so far */
        int ident;      /* >= 0: resolving this identifier's body */
        int saved;      /* cur_ident before it */
    } frame;
    VEC(frame) fr = {0};
    VEC(rx *) val = {0};
    rx *out = NULL;
    int outer = m->cur_ident;
    VEC_PUSH(&fr, ((frame){e, en, 0, -1, 0}));
    while (fr.len) {
        frame *f = &fr.items[fr.len - 1];
        const sx *x = f->e;
        rx *r;
        if (f->ident >= 0) {            /* its body is on val */
            r = val.items[--val.len];
            m->idents.items[f->ident].value = r;
            m->idents_resolved++;
            m->cur_ident = f->saved;
            r = ident_use(m, x, r);
        } else if (x->kind == SX_OP && f->next < rx_arity(x->op)) {
            frame kid = {x->kid[f->next++], f->en, 0, -1, 0};
            VEC_PUSH(&fr, kid);
            continue;
        } else if (x->kind == SX_OP) {
            int n = rx_arity(x->op);
            rx **k = val.items + (val.len -= (size_t)n);
            r = rx_op(m, x->op, k[0], n > 1 ? k[1] : NULL,
                      n > 2 ? k[2] : NULL);
        } else if (x->kind == SX_IDENT) {
            const env *v = f->en;
            while (v && strcmp(v->name, x->ident) != 0)
                v = v->up;
            int k = v ? -1 : ident_index(m, x);
            if (v)
                r = rx_num(m, (double)v->value);
            else if (k < 0)
                r = NULL;
            else if (m->idents.items[k].value)
                r = ident_use(m, x, m->idents.items[k].value);
            else {
                f->ident = k;
                f->saved = m->cur_ident;
                m->cur_ident = k;
                frame body = {m->idents.items[k].body, NULL, 0, -1, 0};
                VEC_PUSH(&fr, body);
                continue;
            }
        } else
            r = resolve_leaf(m, x, f->en);
        if (!r || too_many_nodes(m, x, r))
            goto done;
        fr.len--;
        VEC_PUSH(&val, r);
    }
    out = val.items[0];
done:
    m->cur_ident = outer;
    free(fr.items);
    free(val.items);
    return out;
}

/* ------------------------------------------------------------ walking */

typedef int (*visit_fn)(model *m, const san_stmt *s, const env *en,
                        void *ctx);

/* Calls fn on every statement of list, unrolling loops. */
static int walk(model *m, const san_stmts *list, const env *en, visit_fn fn,
                void *ctx)
{
    for (size_t i = 0; i < list->len; i++) {
        const san_stmt *s = list->items[i];
        if (s->kind != SS_FOR) {
            if (fn(m, s, en, ctx) < 0)
                return -1;
            continue;
        }
        long lo, count;
        if (range_values(m, s->expr, s->hi, en, &lo, &count) < 0)
            return -1;
        for (long k = 0; k < count; k++) {
            env inner = {s->ident, lo + k, en};
            if (expand_one(m, s->line, s->col) < 0 ||
                walk(m, &s->body, &inner, fn, ctx) < 0)
                return -1;
        }
    }
    return 0;
}

/* Adds name to index, or reports the duplicate. */
static int declare(model *m, keymap *index, size_t value, const char *kind,
                   const char *name, int line, int col, srcloc first_of(
                       const model *, size_t))
{
    int old = find(index, name);
    if (old >= 0) {
        srcloc f = first_of(m, (size_t)old);
        error_at(m, line, col, "duplicate %s '%s' (first defined at %d:%d)",
                 kind, name, f.line, f.col);
        return -1;
    }
    keymap_put(index, name, strlen(name), value);
    return 0;
}

static srcloc ident_at(const model *m, size_t k)
{
    return (srcloc){NULL, m->idents.items[k].line, m->idents.items[k].col};
}
static srcloc aut_at(const model *m, size_t k)
{
    return (srcloc){NULL, m->auts.items[k].line, m->auts.items[k].col};
}
static srcloc event_at(const model *m, size_t k)
{
    return (srcloc){NULL, m->events.items[k].line, m->events.items[k].col};
}
static srcloc result_at(const model *m, size_t k)
{
    return (srcloc){NULL, m->results.items[k].line, m->results.items[k].col};
}

/* ------------------------------------------------- pass 1: automata */

static int visit_states(model *m, const san_stmt *s, const env *en, void *ctx)
{
    if (s->kind != SS_STATES)
        return 0;
    m_aut *a = &m->auts.items[*(int *)ctx];
    for (size_t i = 0; i < s->names.len; i++) {
        const san_name *n = s->names.items[i];
        strvec names = {0};
        int status = expand_name(m, n, en, &names);
        for (size_t k = 0; k < names.len && status == 0; k++) {
            const char *st = names.items[k];
            int old = find(&a->state_index, st);
            if (old >= 0) {
                error_at(m, n->line, n->col, "duplicate state '%s' of "
                         "automaton '%s' (first defined at %d:%d)", st,
                         a->name, a->state_at.items[old].line,
                         a->state_at.items[old].col);
                status = -1;
            } else if (a->states.len >= DESC_MAX_ORDER) {
                error_at(m, n->line, n->col, "automaton '%s' has more than "
                         "%d states", a->name, DESC_MAX_ORDER);
                status = -1;
            } else if ((status = expand_one(m, n->line, n->col)) == 0) {
                keymap_put(&a->state_index, st, strlen(st), a->states.len);
                VEC_PUSH(&a->states, xstrdup(st));
                VEC_PUSH(&a->state_at, ((srcloc){NULL, n->line, n->col}));
            }
        }
        free_names(&names);
        if (status < 0)
            return -1;
    }
    return 0;
}

static int visit_automaton(model *m, const san_stmt *s, const env *en,
                           void *ctx)
{
    (void)ctx;
    const san_name *n = s->names.items[0];
    char *name = single_name(m, n, en);
    if (!name)
        return -1;
    if (m->auts.len >= DESC_MAX_AUTOMATA) {
        error_at(m, n->line, n->col, "more than %d automata",
                 DESC_MAX_AUTOMATA);
        free(name);
        return -1;
    }
    if (declare(m, &m->aut_index, m->auts.len, "automaton", name, n->line,
                n->col, aut_at) < 0 || expand_one(m, n->line, n->col) < 0) {
        free(name);
        return -1;
    }
    m_aut a = {0};
    a.name = name;
    a.base = xstrdup(n->ident);
    a.family = n->subs.len > 0;
    a.line = n->line;
    a.col = n->col;
    a.initial = -1;
    if (a.family)
        keymap_put(&m->family_index, n->ident, strlen(n->ident), 1);
    VEC_PUSH(&m->auts, a);
    int k = (int)m->auts.len - 1;
    if (walk(m, &s->body, en, visit_states, &k) < 0)
        return -1;
    if (m->auts.items[k].states.len == 0) {
        error_at(m, n->line, n->col, "automaton '%s' has no states", name);
        return -1;
    }
    return 0;
}

static int check_network(model *m, const san_syntax *s)
{
    if (m->auts.len)
        return 0;
    error_at(m, s->net_line, s->net_col, "the network has no automata");
    return -1;
}

/* Checked before anything grows with the product space. */
static int check_product(model *m)
{
    uint64_t nn = 1;
    for (size_t a = 0; a < m->auts.len; a++) {
        const m_aut *au = &m->auts.items[a];
        if (!mul_u64(nn, au->states.len, &nn) || nn > DESC_MAX_STATES) {
            error_at(m, au->line, au->col, "the product state space exceeds "
                     "the limit of %llu states",
                     (unsigned long long)DESC_MAX_STATES);
            return -1;
        }
    }
    return 0;
}

/* --------------------------------------------------- pass 2: events */

static int visit_event(model *m, const san_stmt *s, const env *en, void *ctx)
{
    (void)ctx;
    rx *rate = resolve(m, s->expr, en);
    if (!rate)
        return -1;
    for (size_t i = 0; i < s->names.len; i++) {
        const san_name *n = s->names.items[i];
        strvec names = {0};
        int status = expand_name(m, n, en, &names);
        for (size_t k = 0; k < names.len && status == 0; k++) {
            char *name = names.items[k];
            if (rate->op == DOP_NUM && !(isfinite(rate->num) &&
                                         rate->num >= 0)) {
                char buf[32];
                error_at(m, s->expr->line, s->expr->col, "rate of event '%s' "
                         "must be finite and non-negative, got %s", name,
                         fmt_double(buf, rate->num));
                status = -1;
            } else if ((status = declare(m, &m->event_index, m->events.len,
                                         "event", name, n->line, n->col,
                                         event_at)) == 0 &&
                       (status = expand_one(m, n->line, n->col)) == 0) {
                m_event ev = {0};
                ev.name = name;
                names.items[k] = NULL;
                ev.sync = s->sync;
                ev.rate = rate;
                ev.line = n->line;
                ev.col = n->col;
                VEC_PUSH(&m->events, ev);
            }
        }
        free_names(&names);
        if (status < 0)
            return -1;
    }
    return 0;
}

/* ----------------------------------------------- pass 3: transitions */

/* Key of an arc, or of (automaton, event, from) when to is -1. */
static void arc_key(int key[4], int a, int ev, int from, int to)
{
    key[0] = a;
    key[1] = ev;
    key[2] = from;
    key[3] = to;
}

static int use_event(model *m, int a, int ev, const san_name *n)
{
    m_event *e = &m->events.items[ev];
    if (e->users.len && e->users.items[e->users.len - 1] == a)
        return 0;
    if (!e->sync && e->users.len) {
        error_at(m, n->line, n->col, "local event '%s' is used in automata "
                 "'%s' and '%s'", e->name,
                 m->auts.items[e->users.items[0]].name, m->auts.items[a].name);
        return -1;
    }
    VEC_PUSH(&e->users, a);
    return 0;
}

static int add_arcs(model *m, int a, int from, int to, const san_evitem *it,
                    const san_stmt *s, const env *en)
{
    rx *prob = NULL;
    if (it->prob && !(prob = resolve(m, it->prob, en)))
        return -1;
    strvec names = {0};
    int status = expand_name(m, it->name, en, &names);
    for (size_t k = 0; k < names.len && status == 0; k++) {
        const char *name = names.items[k];
        int ev = find(&m->event_index, name);
        if (ev < 0) {
            error_at(m, it->name->line, it->name->col, "unknown event '%s': "
                     "it is not declared in the events section", name);
            status = -1;
            break;
        }
        if (prob && prob->op == DOP_NUM &&
            !(prob->num >= 0 && prob->num <= 1)) {
            char buf[32];
            error_at(m, it->prob->line, it->prob->col, "routing probability "
                     "of event '%s' must be in [0, 1], got %s", name,
                     fmt_double(buf, prob->num));
            status = -1;
            break;
        }
        int key[4];
        arc_key(key, a, ev, from, to);
        size_t old;
        if (keymap_get(&m->arc_index, key, sizeof key, &old)) {
            const m_aut *au = &m->auts.items[a];
            error_at(m, it->name->line, it->name->col, "transition from '%s' "
                     "to '%s' on event '%s' is given twice in automaton '%s' "
                     "(first at %d:%d)", au->states.items[from],
                     au->states.items[to], name, au->name,
                     m->arcs.items[old].line, m->arcs.items[old].col);
            status = -1;
            break;
        }
        if ((status = use_event(m, a, ev, it->name)) < 0 ||
            (status = expand_one(m, s->line, s->col)) < 0)
            break;
        keymap_put(&m->arc_index, key, sizeof key, m->arcs.len);
        m_arc arc = {a, from, to, ev, prob, it->name->line, it->name->col};
        VEC_PUSH(&m->arcs, arc);
    }
    free_names(&names);
    return status;
}

static int visit_item(model *m, const san_stmt *s, const env *en, void *ctx)
{
    int a = *(int *)ctx;
    m_aut *au = &m->auts.items[a];
    if (s->kind == SS_INITIAL) {
        int st = find_state(m, a, s->names.items[0], en);
        if (st < 0)
            return -1;
        if (au->initial >= 0) {
            error_at(m, s->line, s->col, "initial state of automaton '%s' is "
                     "given twice", au->name);
            return -1;
        }
        au->initial = st;
        au->init_line = s->line;
        au->init_col = s->col;
        return 0;
    }
    if (s->kind != SS_TRANS)
        return 0;
    int from = find_state(m, a, s->names.items[0], en);
    int to = from < 0 ? -1 : find_state(m, a, s->to, en);
    if (to < 0)
        return -1;
    for (size_t i = 0; i < s->evs.len; i++)
        if (add_arcs(m, a, from, to, &s->evs.items[i], s, en) < 0)
            return -1;
    return 0;
}

static int visit_transitions(model *m, const san_stmt *s, const env *en,
                             void *ctx)
{
    (void)ctx;
    char *name = single_name(m, s->names.items[0], en);
    int a = find(&m->aut_index, name);   /* declared in pass 1 */
    free(name);
    return walk(m, &s->body, en, visit_item, &a);
}

/* --------------------------------------------------- pass 5: checks */

static int check_initial(model *m)
{
    int with = -1;
    for (size_t a = 0; a < m->auts.len; a++)
        if (m->auts.items[a].initial >= 0)
            with = (int)a;
    if (with < 0)
        return 0;
    for (size_t a = 0; a < m->auts.len; a++)
        if (m->auts.items[a].initial < 0) {
            error_at(m, m->auts.items[a].line, m->auts.items[a].col,
                     "automaton '%s' has no initial state, but automaton "
                     "'%s' has one", m->auts.items[a].name,
                     m->auts.items[with].name);
            return -1;
        }
    return 0;
}

static int check_events(model *m)
{
    for (size_t i = 0; i < m->events.len; i++) {
        const m_event *e = &m->events.items[i];
        srcloc at = {m->file, e->line, e->col};
        if (e->users.len == 0)
            diag_warning(m->dg, at, "event '%s' is declared but never used",
                         e->name);
        else if (e->sync && e->users.len == 1) {
            diag_error(m->dg, at, "synchronising event '%s' is used in only "
                       "one automaton ('%s')", e->name,
                       m->auts.items[e->users.items[0]].name);
            return -1;
        }
    }
    return 0;
}

/* Constant routing probabilities of one event from one state sum to 1. */
static int check_probabilities(model *m)
{
    typedef struct {
        double sum;
        int functional;
        size_t first;     /* arc */
    } group;
    VEC(group) groups = {0};
    keymap index = {0};
    for (size_t i = 0; i < m->arcs.len; i++) {
        const m_arc *arc = &m->arcs.items[i];
        int key[4];
        arc_key(key, arc->aut, arc->ev, arc->from, -1);
        size_t g;
        if (!keymap_get(&index, key, sizeof key, &g)) {
            g = groups.len;
            keymap_put(&index, key, sizeof key, g);
            VEC_PUSH(&groups, ((group){0, 0, i}));
        }
        if (arc->prob && arc->prob->op != DOP_NUM)
            groups.items[g].functional = 1;
        else
            groups.items[g].sum += arc->prob ? arc->prob->num : 1;
    }
    int status = 0;
    for (size_t g = 0; g < groups.len && status == 0; g++) {
        const group *gr = &groups.items[g];
        if (gr->functional || fabs(gr->sum - 1) <= SAN_PROB_TOLERANCE)
            continue;
        const m_arc *arc = &m->arcs.items[gr->first];
        const m_aut *au = &m->auts.items[arc->aut];
        char buf[32];
        error_at(m, arc->line, arc->col, "routing probabilities of event '%s' "
                 "from state '%s' of automaton '%s' sum to %s, not 1",
                 m->events.items[arc->ev].name, au->states.items[arc->from],
                 au->name, fmt_double(buf, gr->sum));
        status = -1;
    }
    free(groups.items);
    keymap_free(&index);
    return status;
}

/* ------------------------------------------------------------- driver */

static int define_all(model *m, const san_stmts *list)
{
    for (size_t i = 0; i < list->len; i++) {
        const san_stmt *s = list->items[i];
        if (declare(m, &m->ident_index, m->idents.len, "identifier", s->ident,
                    s->line, s->col, ident_at) < 0)
            return -1;
        m_ident id = {xstrdup(s->ident), s->expr, s->line, s->col, NULL};
        VEC_PUSH(&m->idents, id);
    }
    return 0;
}

/* Every identifier, used or not, so that each is checked. */
static int resolve_idents(model *m)
{
    for (size_t k = 0; k < m->idents.len; k++) {
        sx use = {.kind = SX_IDENT, .line = m->idents.items[k].line,
                  .col = m->idents.items[k].col,
                  .ident = m->idents.items[k].name};
        if (!resolve(m, &use, NULL))
            return -1;
    }
    return 0;
}

static int resolve_results(model *m, const san_stmts *list)
{
    for (size_t i = 0; i < list->len; i++) {
        const san_stmt *s = list->items[i];
        rx *r = resolve(m, s->expr, NULL);
        if (!r || declare(m, &m->result_index, m->results.len, "result",
                          s->ident, s->line, s->col, result_at) < 0)
            return -1;
        m_result res = {xstrdup(s->ident), r, s->line, s->col};
        VEC_PUSH(&m->results, res);
    }
    return 0;
}

int model_build(model *m, const san_syntax *s, diag *dg)
{
    memset(m, 0, sizeof *m);
    m->file = s->file;
    m->dg = dg;
    m->cur_ident = -1;
    if (s->model_name)
        m->name = xstrdup(s->model_name);
    if (s->reach) {
        m->reach_line = s->reach->line;
        m->reach_col = s->reach->col;
    }
    if (define_all(m, &s->idents) < 0 ||
        walk(m, &s->network, NULL, visit_automaton, NULL) < 0 ||
        check_network(m, s) < 0 || check_product(m) < 0 ||
        resolve_idents(m) < 0 ||
        walk(m, &s->events, NULL, visit_event, NULL) < 0 ||
        walk(m, &s->network, NULL, visit_transitions, NULL) < 0 ||
        (s->reach && !(m->reach = resolve(m, s->reach, NULL))) ||
        resolve_results(m, &s->results) < 0 ||
        check_initial(m) < 0 || check_events(m) < 0 ||
        check_probabilities(m) < 0)
        return -1;
    return 0;
}

void model_free(model *m)
{
    for (size_t i = 0; i < m->arena.len; i++)
        free(m->arena.items[i]);
    free(m->arena.items);
    for (size_t i = 0; i < m->idents.len; i++)
        free(m->idents.items[i].name);
    free(m->idents.items);
    keymap_free(&m->ident_index);
    for (size_t a = 0; a < m->auts.len; a++) {
        m_aut *au = &m->auts.items[a];
        free(au->name);
        free(au->base);
        for (size_t s = 0; s < au->states.len; s++)
            free(au->states.items[s]);
        free(au->states.items);
        free(au->state_at.items);
        keymap_free(&au->state_index);
    }
    free(m->auts.items);
    keymap_free(&m->aut_index);
    keymap_free(&m->family_index);
    for (size_t e = 0; e < m->events.len; e++) {
        free(m->events.items[e].name);
        free(m->events.items[e].users.items);
    }
    free(m->events.items);
    keymap_free(&m->event_index);
    free(m->arcs.items);
    keymap_free(&m->arc_index);
    for (size_t r = 0; r < m->results.len; r++)
        free(m->results.items[r].name);
    free(m->results.items);
    keymap_free(&m->result_index);
    free(m->name);
    memset(m, 0, sizeof *m);
}
