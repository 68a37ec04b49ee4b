/* desc.c — building, checking and evaluating descriptors (desc.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "desc/desc.h"
#include "desc/eval.h"

void desc_init(desc *d)
{
    memset(d, 0, sizeof *d);
    d->reach = -1;
}

static void matrix_free(desc_matrix *m)
{
    if (!m)
        return;
    free(m->e);
    free(m->rowptr);
    free(m);
}

void desc_free(desc *d)
{
    for (int a = 0; a < d->naut; a++) {
        free(d->aut[a].name);
        for (int s = 0; s < d->aut[a].order; s++)
            free(d->aut[a].states[s]);
        free(d->aut[a].states);
    }
    free(d->aut);
    for (size_t f = 0; f < d->funcs.len; f++) {
        free(d->funcs.items[f].name);
        free(d->funcs.items[f].code.items);
        free(d->funcs.items[f].deps);
        desc_func_free_derived(&d->funcs.items[f]);
    }
    free(d->funcs.items);
    for (size_t t = 0; t < d->terms.len; t++) {
        desc_term *term = &d->terms.items[t];
        if (term->factor)
            for (int a = 0; a < d->naut; a++)
                matrix_free(term->factor[a]);
        free(term->factor);
        free(term->label);
    }
    free(d->terms.items);
    free(d->initial);
    for (size_t r = 0; r < d->results.len; r++)
        free(d->results.items[r].name);
    free(d->results.items);
    free(d->nright);
    free(d->name);
    free(d->file);
    desc_init(d);
}

int desc_add_automaton(desc *d, const char *name, int order,
                       const char *const *state_names)
{
    /* Terms hold one factor per automaton: automata come first. */
    d->aut = xrealloc(d->aut, (size_t)(d->naut + 1) * sizeof *d->aut);
    desc_automaton *a = &d->aut[d->naut];
    a->name = xstrdup(name);
    a->order = order;
    a->states = xcalloc((size_t)order, sizeof *a->states);
    for (int s = 0; s < order; s++) {
        if (state_names && state_names[s])
            a->states[s] = xstrdup(state_names[s]);
        else {
            char buf[24];
            snprintf(buf, sizeof buf, "%d", s);
            a->states[s] = xstrdup(buf);
        }
    }
    return d->naut++;
}

int desc_op_arity(desc_op op)
{
    switch (op) {
    case DOP_NUM: case DOP_ST: return 0;
    case DOP_NEG: case DOP_NOT: case DOP_FLOOR: return 1;
    case DOP_ITE: return 3;
    default: return 2;
    }
}

int desc_add_func(desc *d, const char *name, desc_insn *code, size_t len)
{
    int depth = 0, max = 0;
    for (size_t i = 0; i < len; i++) {
        int n = desc_op_arity(code[i].op);
        if (depth < n)
            return -1;
        depth += 1 - n;
        if (depth > max)
            max = depth;
        if (code[i].op == DOP_ST &&
            (code[i].aut < 0 || code[i].aut >= d->naut))
            return -1;
    }
    if (depth != 1 || max > DESC_MAX_STACK)
        return -1;
    desc_func f = {0};
    f.name = xstrdup(name);
    f.code.items = code;
    f.code.len = f.code.cap = len;
    f.depth = max;
    /* The automata it reads, ascending. */
    char seen[DESC_MAX_AUTOMATA] = {0};
    for (size_t i = 0; i < len; i++)
        if (code[i].op == DOP_ST && code[i].aut < DESC_MAX_AUTOMATA)
            seen[code[i].aut] = 1;
    f.deps = xmalloc(sizeof *f.deps * DESC_MAX_AUTOMATA);
    for (int a = 0; a < DESC_MAX_AUTOMATA; a++)
        if (seen[a])
            f.deps[f.ndeps++] = a;
    desc_func_compile(&f);
    VEC_PUSH(&d->funcs, f);
    return (int)d->funcs.len - 1;
}

int desc_add_term(desc *d, desc_term_kind kind, const char *label)
{
    desc_term t = {kind, xstrdup(label ? label : "-"),
                   xcalloc((size_t)(d->naut ? d->naut : 1), sizeof(desc_matrix *))};
    VEC_PUSH(&d->terms, t);
    return (int)d->terms.len - 1;
}

void desc_add_entry(desc *d, int t, int a, int row, int col, double value,
                    int func)
{
    desc_matrix **slot = &d->terms.items[t].factor[a];
    if (!*slot) {
        *slot = xcalloc(1, sizeof **slot);
        (*slot)->order = d->aut[a].order;
    }
    desc_matrix *m = *slot;
    /* Appended here, sorted (and repeated positions found) in desc_finish. */
    if (m->nnz == m->cap)
        grow_array((void **)&m->e, &m->cap, sizeof *m->e, m->nnz + 1);
    m->e[m->nnz++] = (desc_entry){row, col, value, func};
    if (func >= 0)
        m->functional = 1;
}

static int entry_cmp(const void *pa, const void *pb)
{
    const desc_entry *a = pa, *b = pb;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    return (a->col > b->col) - (a->col < b->col);
}

/* Sorts a factor's entries, merges or refuses repeated positions, and
 * builds its row pointers. */
static int finish_matrix(const desc *d, desc_matrix *m, int t, int a,
                         int merge, diag *dg, srcloc at)
{
    /* A zero matrix has no entries and e may be NULL, which qsort must
     * not be given (UBSan: nonnull argument). */
    if (m->nnz > 1)
        qsort(m->e, m->nnz, sizeof *m->e, entry_cmp);
    size_t out = 0;
    for (size_t i = 0; i < m->nnz; i++) {
        if (out > 0 && m->e[out - 1].row == m->e[i].row &&
            m->e[out - 1].col == m->e[i].col) {
            if (!merge || m->e[out - 1].func != m->e[i].func) {
                diag_error(dg, at, "term %d (%s): element (%d, %d) of "
                           "automaton %s is given twice%s", t,
                           d->terms.items[t].label, m->e[i].row, m->e[i].col,
                           d->aut[a].name, merge ? " with different "
                           "functions" : "");
                return -1;
            }
            m->e[out - 1].value += m->e[i].value;
            continue;
        }
        m->e[out++] = m->e[i];
    }
    m->nnz = out;
    free(m->rowptr);
    m->rowptr = xcalloc((size_t)m->order + 1, sizeof *m->rowptr);
    for (size_t i = 0; i < m->nnz; i++)
        m->rowptr[m->e[i].row + 1]++;
    for (int r = 0; r < m->order; r++)
        m->rowptr[r + 1] += m->rowptr[r];
    return 0;
}

int desc_finish(desc *d, int merge, diag *dg, srcloc at)
{
    if (d->naut == 0) {
        diag_error(dg, at, "the descriptor has no automata");
        return -1;
    }
    uint64_t nn = 1;
    free(d->nright);
    d->nright = xmalloc(sizeof *d->nright * (size_t)d->naut);
    for (int a = d->naut - 1; a >= 0; a--) {
        d->nright[a] = nn;
        if (!mul_u64(nn, (uint64_t)d->aut[a].order, &nn) ||
            nn > DESC_MAX_STATES) {
            diag_error(dg, at, "the product state space exceeds the limit "
                       "of %llu states", (unsigned long long)DESC_MAX_STATES);
            return -1;
        }
    }
    d->nn = nn;
    for (size_t t = 0; t < d->terms.len; t++)
        for (int a = 0; a < d->naut; a++) {
            desc_matrix *m = d->terms.items[t].factor[a];
            if (m && finish_matrix(d, m, (int)t, a, merge, dg, at) < 0)
                return -1;
        }
    return 0;
}

double desc_entry_value(const desc *d, const desc_entry *e, const int *state)
{
    if (e->func < 0)
        return e->value;
    return e->value * desc_eval(&d->funcs.items[e->func], state);
}

void desc_decode(const desc *d, uint64_t idx, int *state)
{
    for (int a = 0; a < d->naut; a++) {
        state[a] = (int)(idx / d->nright[a]);
        idx %= d->nright[a];
    }
}

void desc_advance(const desc *d, int *state, uint64_t old, uint64_t new)
{
    uint64_t add = new - old;
    for (int a = d->naut - 1; a >= 0 && add; a--) {
        uint64_t o = (uint64_t)d->aut[a].order, s = (uint64_t)state[a] + add;
        if (s < o) {
            state[a] = (int)s;
            return;
        }
        state[a] = (int)(s % o);
        add = s / o;
    }
}

uint64_t desc_encode(const desc *d, const int *state)
{
    uint64_t idx = 0;
    for (int a = 0; a < d->naut; a++)
        idx += (uint64_t)state[a] * d->nright[a];
    return idx;
}

int desc_next_state(const desc *d, int *state)
{
    for (int a = d->naut - 1; a >= 0; a--) {
        if (++state[a] < d->aut[a].order)
            return 1;
        state[a] = 0;
    }
    return 0;
}

