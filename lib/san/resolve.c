/* resolve.c — names and expressions under loop variables (model.h): the
 * spellings of subscripted names and ranges, constants where one is due,
 * and expressions resolved into nodes (expr.c), iteratively, with the
 * limits of formats/san.md on what they expand to. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "san/model.h"

void model_error(model *m, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(m->dg, (srcloc){m->file, line, col}, fmt, ap);
    va_end(ap);
}

/* Counts one more declaration against SAN_MAX_EXPANDED. */
int model_count(model *m, int line, int col)
{
    if (++m->expanded > SAN_MAX_EXPANDED) {
        model_error(m, line, col, "the model expands to more than %u "
                    "declarations", SAN_MAX_EXPANDED);
        return -1;
    }
    return 0;
}

/* An expression that must be constant (subscripts, ranges, loops). */
static int const_value(model *m, const sx *e, const env *en, double *out)
{
    int saved = m->const_only;
    size_t mark = m->arena.len, resolved = m->idents_resolved;
    m->const_only = 1;
    rx *r = model_resolve(m, e, en);
    m->const_only = saved;
    if (!r)
        return -1;
    if (r->op != DOP_NUM) {
        model_error(m, e->line, e->col, "this expression must be constant, "
                    "but it depends on the state of automata");
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
    char buf[32];
    if (!(v == floor(v))) {
        model_error(m, e->line, e->col, "a subscript must be an integer, got "
                    "%s", fmt_double(buf, v));
        return -1;
    }
    if (!(fabs(v) <= SAN_MAX_SUBSCRIPT)) {
        model_error(m, e->line, e->col, "a subscript must be between -%.0f "
                    "and %.0f, got %s", SAN_MAX_SUBSCRIPT, SAN_MAX_SUBSCRIPT,
                    fmt_double(buf, v));
        return -1;
    }
    *out = (long)v;
    return 0;
}

/* The values lo..hi of a range or loop, checked against SAN_MAX_RANGE. */
int model_range(model *m, const sx *lo_e, const sx *hi_e, const env *en,
                long *lo, long *count)
{
    long hi;
    if (int_value(m, lo_e, en, lo) < 0 || int_value(m, hi_e, en, &hi) < 0)
        return -1;
    *count = hi < *lo ? 0 : hi - *lo + 1;
    if (*count > (long)SAN_MAX_RANGE) {
        model_error(m, lo_e->line, lo_e->col, "range %ld..%ld has %ld values, "
                    "over the limit of %u", *lo, hi, *count, SAN_MAX_RANGE);
        return -1;
    }
    return 0;
}

/* The spellings of a name: one, or several when a subscript is a range
 * (the first subscript varying slowest). Appends to out. Each spelling is
 * extended in place by its last value, so a name with many subscripts
 * costs its length, not its length squared. */
int model_names(model *m, const san_name *n, const env *en, strvec *out)
{
    VEC(strbuf) cur = {0};
    strbuf first = {0};
    sb_puts(&first, n->ident);
    VEC_PUSH(&cur, first);
    int status = 0;
    for (size_t s = 0; s < n->subs.len && status == 0; s++) {
        const san_sub *sub = &n->subs.items[s];
        long lo, count = 1;
        if (sub->hi ? model_range(m, sub->lo, sub->hi, en, &lo, &count)
                    : int_value(m, sub->lo, en, &lo)) {
            status = -1;
            break;
        }
        /* Replace each prefix by its count extensions. */
        VEC(strbuf) next = {0};
        for (size_t p = 0; p < cur.len; p++) {
            for (long k = 0; k < count && status == 0; k++) {
                status = model_count(m, n->line, n->col);
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

void model_free_names(strvec *v)
{
    for (size_t i = 0; i < v->len; i++)
        free(v->items[i]);
    free(v->items);
    v->items = NULL;
    v->len = v->cap = 0;
}

/* Appends to sb the one spelling of n when no subscript is a range, with
 * the checks model_names makes, without its vector of prefixes: 0, -1
 * after a diagnostic, or 1 when n has a range (sb untouched). */
static int spell(model *m, const san_name *n, const env *en, strbuf *sb)
{
    for (size_t s = 0; s < n->subs.len; s++)
        if (n->subs.items[s].hi)
            return 1;
    sb_puts(sb, n->ident);
    for (size_t s = 0; s < n->subs.len; s++) {
        long v;
        if (int_value(m, n->subs.items[s].lo, en, &v) < 0 ||
            model_count(m, n->line, n->col) < 0)
            return -1;
        sb_printf(sb, "[%ld]", v);
    }
    return 0;
}

/* One spelling of a name that has no ranges (the grammar's `name`). */
char *model_name(model *m, const san_name *n, const env *en)
{
    strbuf sb = {0};
    int status = spell(m, n, en, &sb);
    if (status == 0)
        return sb.text ? sb.text : xstrdup("");
    sb_free(&sb);
    if (status < 0)
        return NULL;
    strvec v = {0};
    char *s = NULL;
    if (model_names(m, n, en, &v) == 0) {
        s = v.items[0];
        v.items[0] = NULL;
        v.len = 1;
    }
    model_free_names(&v);
    return s;
}

int model_find(const keymap *k, const char *name)
{
    size_t v;
    return keymap_get(k, name, strlen(name), &v) ? (int)v : -1;
}

static int find_aut(model *m, const san_name *n, const env *en)
{
    char *name = model_name(m, n, en);
    if (!name)
        return -1;
    int a = model_find(&m->aut_index, name);
    if (a < 0)
        model_error(m, n->line, n->col, "unknown automaton '%s'", name);
    free(name);
    return a;
}

int model_find_state(model *m, int a, const san_name *n, const env *en)
{
    strbuf *sb = &m->spelling;
    sb_clear(sb);
    int status = spell(m, n, en, sb);
    if (status > 0) {
        char *name = model_name(m, n, en);
        if (!name)
            return -1;
        sb_puts(sb, name);
        free(name);
    } else if (status < 0)
        return -1;
    int s = model_find(&m->auts.items[a].state_index, sb_str(sb));
    if (s < 0)
        model_error(m, n->line, n->col, "unknown state '%s' of automaton '%s'",
                    sb_str(sb), m->auts.items[a].name);
    return s;
}

static int no_state_here(model *m, const sx *e)
{
    if (!m->const_only)
        return 0;
    model_error(m, e->line, e->col, "this expression must be constant, but it "
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
        if (n->subs.len == 0 && model_find(&m->aut_index, n->ident) < 0 &&
            keymap_get(&m->family_index, n->ident, strlen(n->ident), &fam)) {
            for (size_t a = 0; a < m->auts.len; a++)
                if (m->auts.items[a].family &&
                    strcmp(m->auts.items[a].base, n->ident) == 0)
                    VEC_PUSH(out, (int)a);
            continue;
        }
        strvec names = {0};
        if (model_names(m, n, en, &names) < 0) {
            model_free_names(&names);
            return -1;
        }
        for (size_t k = 0; k < names.len; k++) {
            int a = model_find(&m->aut_index, names.items[k]);
            if (a < 0) {
                model_error(m, n->line, n->col, "unknown automaton '%s'",
                            names.items[k]);
                model_free_names(&names);
                return -1;
            }
            VEC_PUSH(out, a);
        }
        model_free_names(&names);
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
            int s = model_find_state(m, auts.items[i], e->state, en);
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
    int k = model_find(&m->ident_index, e->ident);
    if (k < 0) {
        model_error(m, e->line, e->col, "unknown identifier '%s'", e->ident);
        return -1;
    }
    if (m->cur_ident >= 0 && k >= m->cur_ident) {
        model_error(m, e->line, e->col, "identifier '%s' is used before its "
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
        model_error(m, e->line, e->col, "this expression must be constant, "
                    "but it depends on the state of automata");
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
        int s = a < 0 ? -1 : model_find_state(m, a, e->state, en);
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
    model_error(m, e->line, e->col, "the model's expressions expand to more "
                "than %u nodes", SAN_MAX_NODES);
    return 1;
}

/* e resolved under the loop variables en, iteratively: a sum of 10^6
 * terms, or a chain of 10^5 identifiers each using the one before, costs
 * no stack. An identifier is resolved at its first use (with only the
 * identifiers before it visible and no loop variable) and then shared. */
rx *model_resolve(model *m, const sx *e, const env *en)
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
        } else if (x->kind == SX_OP && f->next < desc_op_arity(x->op)) {
            frame kid = {x->kid[f->next++], f->en, 0, -1, 0};
            VEC_PUSH(&fr, kid);
            continue;
        } else if (x->kind == SX_OP) {
            int n = desc_op_arity(x->op);
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
