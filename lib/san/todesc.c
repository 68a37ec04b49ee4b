/* todesc.c — the resolved model (model.h) as a Markovian descriptor, by
 * the standard construction (notes §1.3-1.4, formats/san.md "The
 * descriptor written"): one local term per automaton with local events,
 * and per synchronising event a sync+ and a sync- term whose rate is in
 * the master automaton (the first that uses it) and whose other automata
 * hold routing probabilities, so the expanded generator has -rate exactly
 * where the event can fire and every row sums to zero. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "san/model.h"

/* Contributions to one element of one factor, added up. */
typedef struct {
    int aut, row, col;
    rx *sum;
    int line, col_at;     /* the arc it comes from, for diagnostics */
} cell;

typedef struct {
    desc_term_kind kind;
    const char *label;
    VEC(cell) cells;
    keymap index;
    char concerned[DESC_MAX_AUTOMATA];
} lterm;

/* The descriptor's functions, one per distinct postfix code. */
typedef struct {
    model *m;
    desc *d;
    keymap by_code, names;
    keymap given;         /* node address -> identifier (k) or event
                             rate (nidents + e): names chosen by the user */
    keymap by_node;       /* node address -> function: compiled once */
    uint64_t nodes;       /* instructions compiled (SAN_MAX_NODES) */
    size_t *ev_arcs, *ev_start;   /* arcs grouped by event (counting sort) */
} funcs;

static void add(model *m, lterm *t, const m_arc *arc, int row, int col,
                rx *v)
{
    t->concerned[arc->aut] = 1;
    int key[3] = {arc->aut, row, col};
    size_t i;
    if (keymap_get(&t->index, key, sizeof key, &i)) {
        cell *c = &t->cells.items[i];
        c->sum = rx_op(m, DOP_ADD, c->sum, v, NULL);
        return;
    }
    keymap_put(&t->index, key, sizeof key, t->cells.len);
    cell c = {arc->aut, row, col, v, arc->line, arc->col};
    VEC_PUSH(&t->cells, c);
}

/* A name for the function x: an identifier's or an event rate's when x
 * is exactly one, else the hint; made unique with ~2, ~3, ... */
static char *func_name(funcs *F, const rx *x, const char *hint)
{
    const char *base = hint;
    strbuf sb = {0};
    size_t k, nid = F->m->idents.len;
    if (keymap_get(&F->given, &x, sizeof x, &k)) {
        if (k < nid)
            base = F->m->idents.items[k].name;
        else {
            sb_printf(&sb, "rate_%s", F->m->events.items[k - nid].name);
            base = sb.text;
        }
    }
    char *name = xstrdup(base);
    size_t taken;
    for (int k = 2; keymap_get(&F->names, name, strlen(name), &taken); k++) {
        free(name);
        strbuf u = {0};
        sb_printf(&u, "%s~%d", base, k);
        name = u.text;
    }
    sb_free(&sb);
    return name;
}

/* The key of identical code: its bytes, field by field (no padding). */
static void code_key(const rx_code *code, strbuf *key)
{
    for (size_t i = 0; i < code->len; i++) {
        const desc_insn *in = &code->items[i];
        char b[1 + sizeof in->aut + sizeof in->num];
        b[0] = (char)in->op;
        memcpy(b + 1, &in->aut, sizeof in->aut);
        memcpy(b + 1 + sizeof in->aut, &in->num, sizeof in->num);
        sb_putn(key, b, sizeof b);
    }
}

/* The index of the function computing x, added when new; -1 after a
 * diagnostic at `at`. The functions written hold at most SAN_MAX_NODES
 * instructions in all, x counted expanded as a tree. */
static int func_for(funcs *F, rx *x, const char *hint, srcloc at, diag *dg)
{
    size_t f;
    if (keymap_get(&F->by_node, &x, sizeof x, &f))
        return (int)f;
    if (x->size > SAN_MAX_NODES - F->nodes) {
        diag_error(dg, at, "the model's expressions expand to more than %u "
                   "nodes", SAN_MAX_NODES);
        return -1;
    }
    F->nodes += x->size;
    rx_code code = {0};
    rx_compile(x, &code);
    for (size_t i = 0; i < code.len; i++)
        if (code.items[i].op == DOP_NUM && !isfinite(code.items[i].num)) {
            char buf[32];
            diag_error(dg, at, "expression has the constant %s (folded from "
                       "its constant parts), but a descriptor holds only "
                       "finite numbers", fmt_double(buf, code.items[i].num));
            free(code.items);
            return -1;
        }
    strbuf key = {0};
    code_key(&code, &key);
    int k;
    if (keymap_get(&F->by_code, key.text, key.len, &f)) {
        free(code.items);
        k = (int)f;
    } else {
        char *name = func_name(F, x, hint);
        k = desc_add_func(F->d, name, code.items, code.len);
        if (k < 0) {
            diag_error(dg, at, "expression needs more than %d stack places",
                       DESC_MAX_STACK);
            free(code.items);
        } else {
            keymap_put(&F->by_code, key.text, key.len, (size_t)k);
            keymap_put(&F->names, name, strlen(name), (size_t)k);
        }
        free(name);
    }
    if (k >= 0)
        keymap_put(&F->by_node, &x, sizeof x, (size_t)k);
    sb_free(&key);
    return k;
}

/* A term is zero when an automaton it concerns has no non-zero element:
 * it is left out (notes §1.3.1), as an identity there would be wrong. */
static int term_is_zero(const lterm *t)
{
    char nonzero[DESC_MAX_AUTOMATA] = {0};
    for (size_t i = 0; i < t->cells.len; i++) {
        double c;
        rx_split(t->cells.items[i].sum, &c);
        if (c != 0)
            nonzero[t->cells.items[i].aut] = 1;
    }
    for (int a = 0; a < DESC_MAX_AUTOMATA; a++)
        if (t->concerned[a] && !nonzero[a])
            return 1;
    return 0;
}

static int emit_term(funcs *F, const lterm *t, diag *dg)
{
    if (t->cells.len == 0 || term_is_zero(t))
        return 0;
    int k = desc_add_term(F->d, t->kind, t->label);
    for (size_t i = 0; i < t->cells.len; i++) {
        const cell *c = &t->cells.items[i];
        const m_aut *au = &F->m->auts.items[c->aut];
        double v;
        rx *x = rx_split(c->sum, &v);
        if (v == 0)
            continue;
        if (!isfinite(v)) {     /* constants added up past DBL_MAX */
            static const char *const kind[] = {"local", "sync+", "sync-"};
            char buf[32];
            diag_error(dg, (srcloc){F->m->file, c->line, c->col_at},
                       "element (%s, %s) of automaton '%s' in term %s '%s' "
                       "is %s, but a descriptor holds only finite numbers",
                       au->states.items[c->row], au->states.items[c->col],
                       au->name, kind[t->kind], t->label, fmt_double(buf, v));
            return -1;
        }
        int f = -1;
        if (x) {
            strbuf hint = {0};
            sb_printf(&hint, "f_%s_%s_%s_%s", t->label, au->name,
                      au->states.items[c->row], au->states.items[c->col]);
            f = func_for(F, x, hint.text,
                         (srcloc){F->m->file, c->line, c->col_at}, dg);
            sb_free(&hint);
            if (f < 0)
                return -1;
        }
        desc_add_entry(F->d, k, c->aut, c->row, c->col, v, f);
    }
    return 0;
}

static void lterm_free(lterm *t)
{
    free(t->cells.items);
    keymap_free(&t->index);
}

static rx *times(model *m, rx *a, rx *b)
{
    return b ? rx_op(m, DOP_MUL, a, b, NULL) : a;
}

/* The local term of automaton a. */
static int local_term(funcs *F, int a, diag *dg)
{
    model *m = F->m;
    lterm t = {TERM_LOCAL, m->auts.items[a].name, {0}, {0}, {0}};
    for (size_t i = 0; i < m->arcs.len; i++) {
        const m_arc *arc = &m->arcs.items[i];
        if (arc->aut != a || m->events.items[arc->ev].sync)
            continue;
        rx *v = times(m, m->events.items[arc->ev].rate, arc->prob);
        add(m, &t, arc, arc->from, arc->to, v);
        add(m, &t, arc, arc->from, arc->from, rx_op(m, DOP_NEG, v, 0, 0));
    }
    int status = emit_term(F, &t, dg);
    lterm_free(&t);
    return status;
}

/* The sync+ and sync- terms of synchronising event ev. */
static int sync_terms(funcs *F, int ev, diag *dg)
{
    model *m = F->m;
    const m_event *e = &m->events.items[ev];
    int master = e->users.items[0];
    lterm pos = {TERM_SYNC_POS, e->name, {0}, {0}, {0}};
    lterm neg = {TERM_SYNC_NEG, e->name, {0}, {0}, {0}};
    for (size_t j = F->ev_start[ev]; j < F->ev_start[ev + 1]; j++) {
        const m_arc *arc = &m->arcs.items[F->ev_arcs[j]];
        rx *p = arc->prob ? arc->prob : rx_num(m, 1);
        if (arc->aut == master) {
            rx *v = times(m, e->rate, arc->prob);
            add(m, &pos, arc, arc->from, arc->to, v);
            add(m, &neg, arc, arc->from, arc->from,
                rx_op(m, DOP_NEG, v, 0, 0));
        } else {
            add(m, &pos, arc, arc->from, arc->to, p);
            add(m, &neg, arc, arc->from, arc->from, p);
        }
    }
    int status = emit_term(F, &pos, dg) < 0 || emit_term(F, &neg, dg) < 0
               ? -1 : 0;
    lterm_free(&pos);
    lterm_free(&neg);
    return status;
}

static int named_func(funcs *F, rx *x, const char *name, int line, int col,
                      diag *dg)
{
    return func_for(F, x, name, (srcloc){F->m->file, line, col}, dg);
}

/* The arcs of each event, so that building the terms of E events over A
 * arcs costs O(E + A), not O(E x A). */
static void group_arcs(funcs *F)
{
    const model *m = F->m;
    size_t ne = m->events.len;
    F->ev_start = xcalloc(ne + 1, sizeof *F->ev_start);
    F->ev_arcs = xmalloc((m->arcs.len ? m->arcs.len : 1) * sizeof *F->ev_arcs);
    for (size_t i = 0; i < m->arcs.len; i++)
        F->ev_start[m->arcs.items[i].ev + 1]++;
    for (size_t e = 0; e < ne; e++)
        F->ev_start[e + 1] += F->ev_start[e];
    size_t *next = xmalloc((ne ? ne : 1) * sizeof *next);
    memcpy(next, F->ev_start, ne * sizeof *next);
    for (size_t i = 0; i < m->arcs.len; i++)
        F->ev_arcs[next[m->arcs.items[i].ev]++] = i;
    free(next);
}

/* Functions that are exactly an identifier or an event's rate are named
 * after it: the first identifier, else the first event. */
static void given_names(funcs *F)
{
    const model *m = F->m;
    for (size_t e = m->events.len; e-- > 0;)
        keymap_put(&F->given, &m->events.items[e].rate, sizeof(rx *),
                   m->idents.len + e);
    for (size_t i = m->idents.len; i-- > 0;)
        if (m->idents.items[i].value)
            keymap_put(&F->given, &m->idents.items[i].value, sizeof(rx *), i);
}

int model_to_desc(model *m, desc *d, diag *dg)
{
    funcs F = {m, d, {0}, {0}, {0}, {0}, 0, NULL, NULL};
    int status = 0;
    group_arcs(&F);
    given_names(&F);
    d->name = m->name ? xstrdup(m->name) : NULL;
    for (size_t a = 0; a < m->auts.len; a++) {
        const m_aut *au = &m->auts.items[a];
        desc_add_automaton(d, au->name, (int)au->states.len,
                           (const char *const *)au->states.items);
    }
    for (size_t a = 0; a < m->auts.len && status == 0; a++)
        status = local_term(&F, (int)a, dg);
    for (size_t e = 0; e < m->events.len && status == 0; e++)
        if (m->events.items[e].sync && m->events.items[e].users.len >= 2)
            status = sync_terms(&F, (int)e, dg);
    if (status == 0 && m->reach)
        status = (d->reach = named_func(&F, m->reach, "reachability",
                                        m->reach_line, m->reach_col, dg)) < 0
                 ? -1 : 0;
    for (size_t r = 0; r < m->results.len && status == 0; r++) {
        const m_result *res = &m->results.items[r];
        int f = named_func(&F, res->value, res->name, res->line, res->col, dg);
        if (f < 0)
            status = -1;
        else
            VEC_PUSH(&d->results, ((desc_result){xstrdup(res->name), f}));
    }
    if (status == 0 && m->auts.len && m->auts.items[0].initial >= 0) {
        d->initial = xmalloc(sizeof *d->initial * m->auts.len);
        for (size_t a = 0; a < m->auts.len; a++)
            d->initial[a] = m->auts.items[a].initial;
    }
    keymap_free(&F.by_code);
    keymap_free(&F.names);
    keymap_free(&F.given);
    keymap_free(&F.by_node);
    free(F.ev_arcs);
    free(F.ev_start);
    if (status == 0)
        status = desc_finish(d, 1, dg, (srcloc){m->file, 0, 0});
    return status;
}

/* ---------------------------------------------------------- public */

int san_build(const san_syntax *s, desc *d, diag *dg)
{
    model m;
    desc_init(d);
    int status = model_build(&m, s, dg);
    if (status == 0)
        status = model_to_desc(&m, d, dg);
    model_free(&m);
    if (status < 0)
        desc_free(d);
    return status;
}

int san_to_desc(const char *text, size_t len, const char *file, desc *d,
                diag *dg)
{
    san_syntax *s = san_parse(text, len, file, dg);
    if (!s) {
        desc_init(d);
        return -1;
    }
    int status = san_build(s, d, dg);
    san_syntax_free(s);
    return status;
}
