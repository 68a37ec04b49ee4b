/* rows.c — the rows of Q one state at a time (mvd.h, "rows of Q"): what
 * the state-space exploration, the rate check, the sparse generator, the
 * classes' search and GTH read.
 *
 * A row generator (mvd_rowgen) keeps, per term, the automata whose factor
 * is not the identity, so that a term's row costs its own factors only,
 * not one step per automaton (a local term of a 22-automata model has one
 * such factor); and it evaluates each function once per state, functions
 * of identical code sharing the value (san2desc writes one function per
 * event, most of them the same code). Measured on issue 12's model, N =
 * 21 (1 M states): rates, classes and the sparse build were 14, 13 and 16
 * s through the row of every term over every automaton. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/mvd.h"

void mvd_state_text(strbuf *sb, const desc *d, const int *state)
{
    sb_putc(sb, '(');
    for (int a = 0; a < d->naut; a++)
        sb_printf(sb, "%s%s=%s", a ? ", " : "", d->aut[a].name,
                  d->aut[a].states[state[a]]);
    sb_putc(sb, ')');
}

int mvd_term_moves(const desc *d, size_t t)
{
    for (int a = 0; a < d->naut; a++) {
        const desc_matrix *m = d->terms.items[t].factor[a];
        for (size_t k = 0; m && k < m->nnz; k++)
            if (m->e[k].row != m->e[k].col)
                return 1;
    }
    return 0;
}

static int same_code(const desc_func *f, const desc_func *g)
{
    if (f->code.len != g->code.len)
        return 0;
    for (size_t i = 0; i < f->code.len; i++) {
        const desc_insn *a = &f->code.items[i], *b = &g->code.items[i];
        if (a->op != b->op || a->aut != b->aut ||
            memcmp(&a->num, &b->num, sizeof a->num) != 0)
            return 0;
    }
    return 1;
}

static uint64_t code_hash(const desc_func *f)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < f->code.len; i++) {
        const desc_insn *c = &f->code.items[i];
        uint64_t bits;
        memcpy(&bits, &c->num, sizeof bits);
        h = (h ^ (uint64_t)c->op) * UINT64_C(1099511628211);
        h = (h ^ (uint64_t)(unsigned)c->aut) * UINT64_C(1099511628211);
        h = (h ^ bits) * UINT64_C(1099511628211);
    }
    return h;
}

void mvd_rowgen_init(mvd_rowgen *g, const desc *d, const unsigned char *use)
{
    size_t nt = d->terms.len, nf = d->funcs.len;
    *g = (mvd_rowgen){.d = d, .use = use};
    g->first = xmalloc((nt + 1) * sizeof *g->first);
    size_t total = 0;
    for (size_t t = 0; t < nt; t++)
        for (int a = 0; a < d->naut; a++)
            total += d->terms.items[t].factor[a] != NULL;
    g->active = xmalloc((total ? total : 1) * sizeof *g->active);
    total = 0;
    for (size_t t = 0; t < nt; t++) {
        g->first[t] = total;
        for (int a = 0; a < d->naut; a++)
            if (d->terms.items[t].factor[a])
                g->active[total++] = a;
    }
    g->first[nt] = total;
    /* Each function's canonical twin: the first of identical code. */
    g->canon = xmalloc((nf ? nf : 1) * sizeof *g->canon);
    uint64_t *hash = xmalloc((nf ? nf : 1) * sizeof *hash);
    for (size_t f = 0; f < nf; f++) {
        hash[f] = code_hash(&d->funcs.items[f]);
        g->canon[f] = (int)f;
        for (size_t e = 0; e < f; e++)
            if (g->canon[e] == (int)e && hash[e] == hash[f] &&
                same_code(&d->funcs.items[e], &d->funcs.items[f])) {
                g->canon[f] = (int)e;
                break;
            }
    }
    free(hash);
    g->memo = xmalloc((nf ? nf : 1) * sizeof *g->memo);
    g->stamp = xcalloc(nf ? nf : 1, sizeof *g->stamp);
}

void mvd_rowgen_free(mvd_rowgen *g)
{
    free(g->first);
    free(g->active);
    free(g->canon);
    free(g->memo);
    free(g->stamp);
    *g = (mvd_rowgen){0};
}

/* A new state: every memoised value is stale. */
static void new_state(mvd_rowgen *g)
{
    if (++g->now == 0) {   /* the stamps wrapped: start them again */
        memset(g->stamp, 0, (g->d->funcs.len ? g->d->funcs.len : 1) *
               sizeof *g->stamp);
        g->now = 1;
    }
}

/* desc_entry_value through the memo (the same bits: identical code gives
 * identical values, table or not). */
static double entry_value(mvd_rowgen *g, const desc_entry *e,
                          const int *state)
{
    if (e->func < 0)
        return e->value;
    int c = g->canon[e->func];
    if (g->stamp[c] != g->now) {
        g->memo[c] = desc_eval(&g->d->funcs.items[c], state);
        g->stamp[c] = g->now;
    }
    return e->value * g->memo[c];
}

/* Odometer over one chosen element of each active factor's row: the last
 * active automaton turns fastest, so the columns come out ascending (the
 * identity factors keep their digit). base is the state's index. */
static int term_row(mvd_rowgen *g, size_t t, const int *state, uint64_t base,
                    mvd_entries *out, int *bad_func)
{
    const desc *d = g->d;
    const desc_term *term = &d->terms.items[t];
    const int *act = g->active + g->first[t];
    int n = (int)(g->first[t + 1] - g->first[t]);
    size_t pick[DESC_MAX_AUTOMATA], lo[DESC_MAX_AUTOMATA],
        hi[DESC_MAX_AUTOMATA];
    double vals[DESC_MAX_AUTOMATA];
    for (int q = 0; q < n; q++) {
        const desc_matrix *m = term->factor[act[q]];
        lo[q] = m->rowptr[state[act[q]]];
        hi[q] = m->rowptr[state[act[q]] + 1];
        if (lo[q] == hi[q])
            return 0;   /* an empty row: the term's row is zero */
        pick[q] = lo[q];
    }
    for (int q = 0; q < n; q++) {
        const desc_matrix *m = term->factor[act[q]];
        for (size_t k = lo[q]; k < hi[q]; k++)
            if (!isfinite(entry_value(g, &m->e[k], state))) {
                *bad_func = m->e[k].func;
                return -1;
            }
        vals[q] = entry_value(g, &m->e[lo[q]], state);
    }
    for (;;) {
        double v = 1;
        uint64_t col = base;
        for (int q = 0; q < n; q++) {
            int a = act[q];
            v *= vals[q];
            col += ((uint64_t)term->factor[a]->e[pick[q]].col -
                    (uint64_t)state[a]) * d->nright[a];
        }
        if (v != 0) {
            mvd_entry e = {col, v};
            VEC_PUSH(out, e);
        }
        int q = n - 1;
        while (q >= 0 && ++pick[q] == hi[q]) {
            pick[q] = lo[q];
            vals[q] = entry_value(g, &term->factor[act[q]]->e[pick[q]],
                                  state);
            q--;
        }
        if (q < 0)
            return 0;
        vals[q] = entry_value(g, &term->factor[act[q]]->e[pick[q]], state);
    }
}

static void not_finite(const mvd_rowgen *g, size_t t, int bad,
                       const int *state, diag *dg, srcloc at)
{
    strbuf sb = {0};
    mvd_state_text(&sb, g->d, state);
    diag_error(dg, at, "term %zu (%s): function '%s' is not finite in "
               "state %s", t, g->d->terms.items[t].label,
               g->d->funcs.items[bad].name, sb_str(&sb));
    sb_free(&sb);
}

int mvd_rowgen_row(mvd_rowgen *g, const int *state, mvd_entries *row,
                   diag *dg, srcloc at)
{
    const desc *d = g->d;
    uint64_t base = desc_encode(d, state);
    new_state(g);
    row->len = 0;
    for (size_t t = 0; t < d->terms.len; t++) {
        int bad = -1;
        if ((!g->use || g->use[t]) &&
            term_row(g, t, state, base, row, &bad) < 0) {
            not_finite(g, t, bad, state, dg, at);
            return -1;
        }
    }
    return 0;
}

int mvd_rowgen_term(mvd_rowgen *g, size_t t, const int *state,
                    uint64_t index, int fresh, mvd_entries *out,
                    int *bad_func)
{
    if (fresh)
        new_state(g);
    return term_row(g, t, state, index, out, bad_func);
}
