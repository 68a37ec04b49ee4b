/* model.c — from the syntax tree to the resolved model (model.h): unrolls
 * loops and ranges, resolves identifiers, automata, states and events
 * (names and expressions: resolve.c), and checks every rule of
 * formats/san.md that does not need the descriptor. Processing stops at
 * the first error.
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
        if (model_range(m, s->expr, s->hi, en, &lo, &count) < 0)
            return -1;
        for (long k = 0; k < count; k++) {
            env inner = {s->ident, lo + k, en};
            if (model_count(m, s->line, s->col) < 0 ||
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
    int old = model_find(index, name);
    if (old >= 0) {
        srcloc f = first_of(m, (size_t)old);
        model_error(m, line, col, "duplicate %s '%s' (first defined at %d:%d)",
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
        int status = model_names(m, n, en, &names);
        for (size_t k = 0; k < names.len && status == 0; k++) {
            const char *st = names.items[k];
            int old = model_find(&a->state_index, st);
            if (old >= 0) {
                model_error(m, n->line, n->col, "duplicate state '%s' of "
                            "automaton '%s' (first defined at %d:%d)", st,
                            a->name, a->state_at.items[old].line,
                            a->state_at.items[old].col);
                status = -1;
            } else if (a->states.len >= DESC_MAX_ORDER) {
                model_error(m, n->line, n->col, "automaton '%s' has more than "
                            "%d states", a->name, DESC_MAX_ORDER);
                status = -1;
            } else if ((status = model_count(m, n->line, n->col)) == 0) {
                keymap_put(&a->state_index, st, strlen(st), a->states.len);
                VEC_PUSH(&a->states, xstrdup(st));
                VEC_PUSH(&a->state_at, ((srcloc){NULL, n->line, n->col}));
            }
        }
        model_free_names(&names);
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
    char *name = model_name(m, n, en);
    if (!name)
        return -1;
    if (m->auts.len >= DESC_MAX_AUTOMATA) {
        model_error(m, n->line, n->col, "more than %d automata",
                    DESC_MAX_AUTOMATA);
        free(name);
        return -1;
    }
    if (declare(m, &m->aut_index, m->auts.len, "automaton", name, n->line,
                n->col, aut_at) < 0 || model_count(m, n->line, n->col) < 0) {
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
        model_error(m, n->line, n->col, "automaton '%s' has no states", name);
        return -1;
    }
    return 0;
}

static int check_network(model *m, const san_syntax *s)
{
    if (m->auts.len)
        return 0;
    model_error(m, s->net_line, s->net_col, "the network has no automata");
    return -1;
}

/* Checked before anything grows with the product space. */
static int check_product(model *m)
{
    uint64_t nn = 1;
    for (size_t a = 0; a < m->auts.len; a++) {
        const m_aut *au = &m->auts.items[a];
        if (!mul_u64(nn, au->states.len, &nn) || nn > DESC_MAX_STATES) {
            model_error(m, au->line, au->col, "the product state space "
                        "exceeds the limit of %llu states",
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
    rx *rate = model_resolve(m, s->expr, en);
    if (!rate)
        return -1;
    for (size_t i = 0; i < s->names.len; i++) {
        const san_name *n = s->names.items[i];
        strvec names = {0};
        int status = model_names(m, n, en, &names);
        for (size_t k = 0; k < names.len && status == 0; k++) {
            char *name = names.items[k];
            if (rate->op == DOP_NUM && !(isfinite(rate->num) &&
                                         rate->num >= 0)) {
                char buf[32];
                model_error(m, s->expr->line, s->expr->col, "rate of event "
                            "'%s' must be finite and non-negative, got %s",
                            name,
                            fmt_double(buf, rate->num));
                status = -1;
            } else if ((status = declare(m, &m->event_index, m->events.len,
                                         "event", name, n->line, n->col,
                                         event_at)) == 0 &&
                       (status = model_count(m, n->line, n->col)) == 0) {
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
        model_free_names(&names);
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
        model_error(m, n->line, n->col, "local event '%s' is used in automata "
                    "'%s' and '%s'", e->name,
                    m->auts.items[e->users.items[0]].name,
                    m->auts.items[a].name);
        return -1;
    }
    VEC_PUSH(&e->users, a);
    return 0;
}

static int add_arcs(model *m, int a, int from, int to, const san_evitem *it,
                    const san_stmt *s, const env *en)
{
    rx *prob = NULL;
    if (it->prob && !(prob = model_resolve(m, it->prob, en)))
        return -1;
    strvec names = {0};
    int status = model_names(m, it->name, en, &names);
    for (size_t k = 0; k < names.len && status == 0; k++) {
        const char *name = names.items[k];
        int ev = model_find(&m->event_index, name);
        if (ev < 0) {
            model_error(m, it->name->line, it->name->col, "unknown event "
                        "'%s': it is not declared in the events section",
                        name);
            status = -1;
            break;
        }
        if (prob && prob->op == DOP_NUM &&
            !(prob->num >= 0 && prob->num <= 1)) {
            char buf[32];
            model_error(m, it->prob->line, it->prob->col, "routing "
                        "probability of event '%s' must be in [0, 1], got %s",
                        name,
                        fmt_double(buf, prob->num));
            status = -1;
            break;
        }
        int key[4];
        arc_key(key, a, ev, from, to);
        size_t old;
        if (keymap_get(&m->arc_index, key, sizeof key, &old)) {
            const m_aut *au = &m->auts.items[a];
            model_error(m, it->name->line, it->name->col, "transition from "
                        "'%s' to '%s' on event '%s' is given twice in "
                        "automaton '%s' (first at %d:%d)",
                        au->states.items[from],
                        au->states.items[to], name, au->name,
                        m->arcs.items[old].line, m->arcs.items[old].col);
            status = -1;
            break;
        }
        if ((status = use_event(m, a, ev, it->name)) < 0 ||
            (status = model_count(m, s->line, s->col)) < 0)
            break;
        keymap_put(&m->arc_index, key, sizeof key, m->arcs.len);
        m_arc arc = {a, from, to, ev, prob, it->name->line, it->name->col};
        VEC_PUSH(&m->arcs, arc);
    }
    model_free_names(&names);
    return status;
}

static int visit_item(model *m, const san_stmt *s, const env *en, void *ctx)
{
    int a = *(int *)ctx;
    m_aut *au = &m->auts.items[a];
    if (s->kind == SS_INITIAL) {
        int st = model_find_state(m, a, s->names.items[0], en);
        if (st < 0)
            return -1;
        if (au->initial >= 0) {
            model_error(m, s->line, s->col, "initial state of automaton '%s' "
                        "is given twice", au->name);
            return -1;
        }
        au->initial = st;
        au->init_line = s->line;
        au->init_col = s->col;
        return 0;
    }
    if (s->kind != SS_TRANS)
        return 0;
    int from = model_find_state(m, a, s->names.items[0], en);
    int to = from < 0 ? -1 : model_find_state(m, a, s->to, en);
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
    char *name = model_name(m, s->names.items[0], en);
    int a = model_find(&m->aut_index, name);   /* declared in pass 1 */
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
            model_error(m, m->auts.items[a].line, m->auts.items[a].col,
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
        model_error(m, arc->line, arc->col, "routing probabilities of event "
                    "'%s' from state '%s' of automaton '%s' sum to %s, not 1",
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
        if (!model_resolve(m, &use, NULL))
            return -1;
    }
    return 0;
}

static int resolve_results(model *m, const san_stmts *list)
{
    for (size_t i = 0; i < list->len; i++) {
        const san_stmt *s = list->items[i];
        rx *r = model_resolve(m, s->expr, NULL);
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
        (s->reach && !(m->reach = model_resolve(m, s->reach, NULL))) ||
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
    sb_free(&m->spelling);
    memset(m, 0, sizeof *m);
}
