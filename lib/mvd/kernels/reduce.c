/* reduce.c — taking the cheap diagonal parts out of a descriptor for the
 * fast kernels (reduce.h). */
#include <stdlib.h>
#include <string.h>

#include "mvd/kernels/kernels.h"

typedef enum { T_KEEP, T_DIAG, T_SPLIT, T_ZERO } term_class;

static term_class classify(const desc *d, size_t t)
{
    int nonid = 0, alldiag = 1;
    for (int a = 0; a < d->naut; a++) {
        const desc_matrix *m = d->terms.items[t].factor[a];
        if (!m)
            continue;
        if (m->nnz == 0)
            return T_ZERO;
        nonid++;
        for (size_t k = 0; k < m->nnz; k++)
            alldiag &= m->e[k].row == m->e[k].col;
    }
    if (alldiag)
        return T_DIAG;
    return nonid == 1 ? T_SPLIT : T_KEEP;
}

void mvd_desc_head(const desc *d, desc *out)
{
    desc_init(out);
    for (int a = 0; a < d->naut; a++)
        desc_add_automaton(out, d->aut[a].name, d->aut[a].order,
                           (const char *const *)d->aut[a].states);
    for (size_t f = 0; f < d->funcs.len; f++) {
        const desc_func *fn = &d->funcs.items[f];
        size_t len = fn->code.len;
        desc_insn *code = xmalloc((len ? len : 1) * sizeof *code);
        memcpy(code, fn->code.items, len * sizeof *code);
        desc_add_func(out, fn->name, code, len);   /* was well formed */
        desc_func_share_table(&out->funcs.items[f], fn);
    }
}

int mvd_reduce(const desc *d, desc *out)
{
    int changed = 0;
    mvd_desc_head(d, out);
    for (size_t t = 0; t < d->terms.len; t++) {
        term_class c = classify(d, t);
        changed |= c == T_DIAG || c == T_SPLIT;
        if (c == T_ZERO || c == T_DIAG)
            continue;
        const desc_term *term = &d->terms.items[t];
        int nt = desc_add_term(out, term->kind, term->label);
        for (int a = 0; a < d->naut; a++) {
            const desc_matrix *m = term->factor[a];
            for (size_t k = 0; m && k < m->nnz; k++) {
                const desc_entry *e = &m->e[k];
                if (c == T_SPLIT && e->row == e->col)
                    continue;   /* in Dr */
                desc_add_entry(out, nt, a, e->row, e->col, e->value,
                               e->func);
            }
        }
    }
    mvd_desc_done(out);
    return changed;
}

void mvd_desc_done(desc *out)
{
    diag dg;
    diag_init(&dg, "mvd", stderr);
    /* A subset of a finished descriptor's entries: cannot fail. */
    desc_finish(out, 0, &dg, (srcloc){0});
}

/* The diagonal element F[r, r] of a factor (0 when absent). */
static const desc_entry *diag_entry(const desc_matrix *m, int r)
{
    for (size_t k = m->rowptr[r]; k < m->rowptr[r + 1]; k++)
        if (m->e[k].col == r)
            return &m->e[k];
    return NULL;
}

/* dr += the Kronecker product of the per-automaton diagonals dv[a]
 * (NULL: the identity's ones), from automaton a at offset off, scaled by
 * prod. Subtrees with a zero prefix add nothing and are skipped. */
static void kron_add(const desc *d, double *const *dv, int a, uint64_t off,
                     double prod, double *dr)
{
    int n = d->aut[a].order;
    if (a == d->naut - 1) {
        for (int r = 0; r < n; r++)
            dr[off + (uint64_t)r] += prod * (dv[a] ? dv[a][r] : 1.0);
        return;
    }
    for (int r = 0; r < n; r++) {
        double v = prod * (dv[a] ? dv[a][r] : 1.0);
        if (v != 0)
            kron_add(d, dv, a + 1, off + (uint64_t)r * d->nright[a], v, dr);
    }
}

/* A term with a functional diagonal element: evaluated state by state. */
static void functional_add(const desc *d, const desc_term *term, double *dr)
{
    int state[DESC_MAX_AUTOMATA] = {0};
    for (uint64_t idx = 0; idx < d->nn; idx++) {
        double v = 1;
        for (int a = 0; a < d->naut && v != 0; a++) {
            const desc_matrix *m = term->factor[a];
            if (!m)
                continue;
            const desc_entry *e = diag_entry(m, state[a]);
            if (!e)
                v = 0;
            else
                v *= desc_entry_value(d, e, state);
        }
        dr[idx] += v;
        desc_next_state(d, state);
    }
}

void mvd_reduce_diagonal(const desc *d, double *dr)
{
    memset(dr, 0, (size_t)d->nn * sizeof *dr);
    double *dv[DESC_MAX_AUTOMATA];
    for (size_t t = 0; t < d->terms.len; t++) {
        term_class c = classify(d, t);
        if (c != T_DIAG && c != T_SPLIT)
            continue;
        const desc_term *term = &d->terms.items[t];
        int functional = 0;
        for (int a = 0; a < d->naut; a++) {
            const desc_matrix *m = term->factor[a];
            dv[a] = NULL;
            if (!m)
                continue;
            dv[a] = xcalloc((size_t)m->order, sizeof *dv[a]);
            for (int r = 0; r < m->order; r++) {
                const desc_entry *e = diag_entry(m, r);
                if (e && e->func >= 0)
                    functional = 1;
                else if (e)
                    dv[a][r] = e->value;
            }
        }
        if (functional || d->naut == 0)
            functional_add(d, term, dr);
        else
            kron_add(d, dv, 0, 0, 1.0, dr);
        for (int a = 0; a < d->naut; a++)
            free(dv[a]);
    }
}
