/* reach_iad.c — aggregation-disaggregation over the automata, through a
 * reach plan's tables (reach.h, mvd.h: mvd_reach_iad_step).
 *
 * For automaton a, the chain aggregated over the other automata in the
 * iterate's proportions has a's local states: the rate from u to v is the
 * sum over the states s with s_a = u of x_s / m_a(u) times the rates of
 * s's transitions that take a to v (m_a(u) the mass of those states). Its
 * stationary vector p_a (GTH) is the marginal of a the iterate should
 * have; disaggregation scales every x_s by p_a(s_a) / m_a(s_a). On a model
 * whose stationary law is a product over the automata (truncated by the
 * reachable set or a functional rate, as in issue 12's resource sharing,
 * heterogeneous or not) one step of every automaton gives that law
 * exactly; on others it moves the marginals, and the Gauss-Seidel sweeps
 * it alternates with (solve.c) do the rest.
 *
 * Automata are aggregated in groups, each from the iterate the group
 * before left: two automata that share an event (a term with both) are in
 * different groups (a greedy colouring). Scaling both at once from the
 * same iterate corrects the same error twice: issue 12's counter form, the
 * counter and each process, then alternates between two errors forever
 * (measured: 82 sweeps at N = 15 where the groups take 2). */
#include "mvd/kernels/kernels.h"

#include "mvd/mvd.h"

/* One thread's share of a pass: its states [s0, s1), its masses and
 * flows, the change it made. */
typedef struct {
    mvd_iad *g;
    const mvd_space *sp;
    double *x;
    size_t s0, s1;
    int scale, gather;    /* the groups to scale by and to gather (-1) */
    double *m, *w, *j;
    double change;
} part;

struct mvd_iad {
    const mvd_plan *p;
    int ngroup;
    int group[DESC_MAX_AUTOMATA];
    size_t moff[DESC_MAX_AUTOMATA + 1];   /* into m and fac: a's states */
    size_t foff[DESC_MAX_AUTOMATA + 1];   /* into flow: a's order^2 */
    double *fac, *flow;
    double *m[2], *w[2];  /* per thread: the masses m_a, and per entry of
                             the tables with a function slot the sum of x_s
                             times its rate over the states it leaves */
    double *a, *pi;       /* GTH's matrix and vector, the largest order */
    uint32_t *terms;      /* the moving terms with a slot that a pass's
                             group is in */
    size_t nterms;
    /* The automata sets of the moving terms (a term's n, aut and mult:
     * its combinations), each once, base the offset of its combinations
     * in j: a constant entry's flow is its value times the mass of its
     * source combination, which the terms on the same automata share (a
     * process's acquire and release in issue 12's counter form). */
    rc_term *set;
    size_t nset, jlen;
    uint32_t *term_set;   /* per term of the plan: its set */
    unsigned char *slotted;   /* per term: an entry has a function slot */
    double *j[2];         /* per thread: the masses of the combinations */
    uint32_t *sets;       /* the sets a pass gathers */
    size_t nsets;
    int threads;
};

/* Greedy colouring of the automata by the terms that move several. */
static int colour(const mvd_plan *p, int *group)
{
    const struct reach_plan *r = p->reach;
    int na = p->d->naut, ngroup = 0;
    for (int a = 0; a < na; a++) {
        uint64_t taken = 0;   /* the groups of a's partners before it */
        for (size_t mv = 0; mv < r->nmover; mv++) {
            const rc_term *rt = &r->term[r->mover[mv]];
            int has = 0;
            for (int q = 0; q < rt->n; q++)
                has |= rt->aut[q] == a;
            for (int q = 0; q < rt->n && has; q++)
                if (rt->aut[q] < a && group[rt->aut[q]] < 64)
                    taken |= UINT64_C(1) << group[rt->aut[q]];
        }
        int g = 0;
        while (g < 64 && (taken >> g & 1))
            g++;
        group[a] = g;
        if (g + 1 > ngroup)
            ngroup = g + 1;
    }
    return ngroup;
}

/* Automata of more states than this are not aggregated (their group is
 * -1): their aggregated chain is a dense matrix of order^2 solved by GTH
 * in order^3 (a PRISM module of 1414 valuations: 16 MB and 2.8e9
 * operations a pass), where the others' are small. */
#define IAD_MAX_ORDER 256

static int aggregated(const desc *d, int a)
{
    return d->aut[a].order <= IAD_MAX_ORDER;
}

/* Whether terms a and b combine the same automata the same way. */
static int same_set(const rc_term *a, const rc_term *b)
{
    if (a->n != b->n)
        return 0;
    for (int q = 0; q < a->n; q++)
        if (a->aut[q] != b->aut[q] || a->mult[q] != b->mult[q])
            return 0;
    return 1;
}

/* Whether a set is one automaton's local states, whose masses are m. */
static int local(const rc_term *set)
{
    return set->n == 1 && set->mult[0] == 1;
}

/* The sets of the moving terms, and which terms have function slots. */
static void find_sets(mvd_iad *g)
{
    const struct reach_plan *r = g->p->reach;
    g->set = xcalloc(r->nmover + 1, sizeof *g->set);
    g->sets = xcalloc(r->nmover + 1, sizeof *g->sets);
    g->term_set = xcalloc(r->nterm + 1, sizeof *g->term_set);
    g->slotted = xcalloc(r->nterm + 1, sizeof *g->slotted);
    for (size_t mv = 0; mv < r->nmover; mv++) {
        uint32_t t = r->mover[mv];
        const rc_term *rt = &r->term[t];
        size_t s = 0;
        while (s < g->nset && !same_set(&g->set[s], rt))
            s++;
        if (s == g->nset) {
            g->set[s] = *rt;
            g->set[s].base = g->jlen;
            g->jlen += rt->combos;
            g->nset++;
        }
        g->term_set[t] = (uint32_t)s;
        for (uint32_t e = r->ptr.items[rt->base];
             e < r->ptr.items[rt->base + rt->combos]; e++)
            g->slotted[t] |= r->entries.items[e].slot >= 0;
    }
}

mvd_iad *mvd_reach_iad_new(const mvd_plan *p)
{
    const desc *d = p->d;
    mvd_iad *g = xcalloc(1, sizeof *g);
    size_t most = 1;
    g->p = p;
    g->ngroup = colour(p, g->group);
    for (int a = 0; a < d->naut; a++) {
        size_t o = (size_t)d->aut[a].order;
        if (!aggregated(d, a))
            g->group[a] = -1;
        g->moff[a + 1] = g->moff[a] + o;
        g->foff[a + 1] = g->foff[a] + (aggregated(d, a) ? o * o : 0);
        if (o > most && aggregated(d, a))
            most = o;
    }
    g->threads = mvd_plan_threads(p);
    for (int t = 0; t < g->threads; t++) {
        g->m[t] = xcalloc(g->moff[d->naut], sizeof *g->m[t]);
        g->w[t] = xcalloc(p->reach->entries.len + 1, sizeof *g->w[t]);
    }
    g->fac = xcalloc(g->moff[d->naut], sizeof *g->fac);
    g->flow = xcalloc(g->foff[d->naut], sizeof *g->flow);
    g->a = xcalloc(most * most, sizeof *g->a);
    g->pi = xcalloc(most, sizeof *g->pi);
    g->terms = xcalloc(p->reach->nmover + 1, sizeof *g->terms);
    find_sets(g);
    for (int t = 0; t < g->threads; t++)
        g->j[t] = xcalloc(g->jlen + 1, sizeof *g->j[t]);
    return g;
}

size_t mvd_reach_iad_bytes(const mvd_plan *p)
{
    const struct reach_plan *r = p->reach;
    size_t states = 0, squares = 0, most = 1, combos = 0;
    for (int a = 0; a < p->d->naut; a++) {
        size_t o = (size_t)p->d->aut[a].order;
        states += o;
        if (aggregated(p->d, a)) {
            squares += o * o;
            most = o > most ? o : most;
        }
    }
    for (size_t mv = 0; mv < r->nmover; mv++)
        combos += r->term[r->mover[mv]].combos;
    size_t threads = (size_t)mvd_plan_threads(p);
    return sizeof(double) * (threads * (states + r->entries.len + 1 +
                                        combos + 1) +
                             states + squares + most * most + most) +
           (r->nmover + 1) * (sizeof(rc_term) + 2 * sizeof(uint32_t)) +
           (r->nterm + 1) * (sizeof(uint32_t) + 1);
}

void mvd_reach_iad_free(mvd_iad *g)
{
    if (!g)
        return;
    for (int t = 0; t < 2; t++) {
        free(g->m[t]);
        free(g->w[t]);
    }
    free(g->fac);
    free(g->flow);
    free(g->a);
    free(g->pi);
    free(g->terms);
    free(g->set);
    free(g->term_set);
    free(g->slotted);
    free(g->sets);
    free(g->j[0]);
    free(g->j[1]);
    free(g);
}

/* Whether term rt moves an automaton of group k. */
static int touches(const mvd_iad *g, const rc_term *rt, int k)
{
    for (int q = 0; q < rt->n; q++)
        if (g->group[rt->aut[q]] == k)
            return 1;
    return 0;
}

/* The automata of group k (none for k < 0) into mine; their count. */
static int members(const mvd_iad *g, int k, int *mine)
{
    int n = 0;
    for (int a = 0; a < g->p->d->naut && k >= 0; a++)
        if (g->group[a] == k)
            mine[n++] = a;
    return n;
}

/* One pass over a part's states: x_s times the factors of group
 * pt->scale, then the masses and the entries' flows of group
 * pt->gather's automata, from the scaled x. */
static void *run_part(void *arg)
{
    part *pt = arg;
    mvd_iad *g = pt->g;
    const struct reach_plan *r = g->p->reach;
    const desc *d = g->p->d;
    const mvd_space *sp = pt->sp;
    int scaled[DESC_MAX_AUTOMATA], mine[DESC_MAX_AUTOMATA];
    int nscaled = members(g, pt->scale, scaled);
    int nmine = members(g, pt->gather, mine);
    size_t nterms = pt->gather < 0 ? 0 : g->nterms;
    size_t nsets = pt->gather < 0 ? 0 : g->nsets;
    rc_digit st[DESC_MAX_AUTOMATA + 8];
    double change = 0;
    for (size_t s = pt->s0; s < pt->s1; s++) {
        if (s == pt->s0)
            decode_digits(d, sp->idx[s], st);
        else
            advance(d, st, sp->idx[s - 1], sp->idx[s]);
        uint64_t q = mvd_vec_at(sp, s);
        double xs = pt->x[q];
        if (nscaled) {
            double f = 1;
            for (int i = 0; i < nscaled; i++)
                f *= g->fac[g->moff[scaled[i]] + st[scaled[i]]];
            double v = xs * f;
            change += fabs(v - xs);
            pt->x[q] = xs = v;
        }
        for (int i = 0; i < nmine; i++)
            pt->m[g->moff[mine[i]] + st[mine[i]]] += xs;
        for (size_t k = 0; k < nsets; k++) {
            const rc_term *set = &g->set[g->sets[k]];
            pt->j[set->base + combination(set, st)] += xs;
        }
        for (size_t t = 0; t < nterms; t++) {   /* the slotted terms */
            const rc_term *rt = &r->term[g->terms[t]];
            uint32_t c = combination(rt, st);
            for (uint32_t e = r->ptr.items[rt->base + c];
                 e < r->ptr.items[rt->base + c + 1]; e++)
                if (r->entries.items[e].slot >= 0)
                    pt->w[e] += xs * rate(r, &r->entries.items[e], q);
        }
    }
    pt->change = change;
    return NULL;
}

/* A pass over every state, on the plan's threads (two halves, whose
 * masses and flows are added in that order): the change it made. */
static double pass(mvd_iad *g, const mvd_space *sp, double *x, int scale,
                   int gather)
{
    const struct reach_plan *r = g->p->reach;
    size_t nm = g->moff[g->p->d->naut], half = sp->len / 2;
    g->nterms = g->nsets = 0;
    for (size_t mv = 0; mv < r->nmover && gather >= 0; mv++) {
        uint32_t t = r->mover[mv];
        if (!touches(g, &r->term[t], gather))
            continue;
        if (g->slotted[t])
            g->terms[g->nterms++] = t;
        size_t k = 0;
        while (k < g->nsets && g->sets[k] != g->term_set[t])
            k++;
        if (k == g->nsets && !local(&g->set[g->term_set[t]]))
            g->sets[g->nsets++] = g->term_set[t];
    }
    part pt[2];
    for (int t = 0; t < g->threads; t++) {
        memset(g->m[t], 0, sizeof *g->m[t] * nm);
        memset(g->w[t], 0, sizeof *g->w[t] * r->entries.len);
        memset(g->j[t], 0, sizeof *g->j[t] * g->jlen);
        pt[t] = (part){g, sp, x, t ? half : 0,
                       t || g->threads == 1 ? sp->len : half, scale, gather,
                       g->m[t], g->w[t], g->j[t], 0};
    }
    if (g->threads == 1) {
        run_part(&pt[0]);
        return pt[0].change;
    }
    run_both(run_part, &pt[0], &pt[1], 2);
    for (size_t i = 0; i < nm; i++)
        g->m[0][i] += g->m[1][i];
    for (size_t e = 0; e < r->entries.len; e++)
        g->w[0][e] += g->w[1][e];
    for (size_t i = 0; i < g->jlen; i++)
        g->j[0][i] += g->j[1][i];
    return pt[0].change + pt[1].change;
}

/* The flows between the local states of group k's automata, from w (an
 * entry with a function slot) or its value times the mass of its source
 * combination (j): an entry of term rt from combination c to combination
 * tcomb moves automaton aut[q] from digit (c / mult[q]) % order to
 * (tcomb / mult[q]) % order. */
static void flows(mvd_iad *g, int k)
{
    const struct reach_plan *r = g->p->reach;
    const desc *d = g->p->d;
    memset(g->flow, 0, sizeof *g->flow * g->foff[d->naut]);
    for (size_t mv = 0; mv < r->nmover; mv++) {
        const rc_term *rt = &r->term[r->mover[mv]];
        if (!touches(g, rt, k))
            continue;
        const rc_term *set = &g->set[g->term_set[r->mover[mv]]];
        const double *mass = local(set) ? g->m[0] + g->moff[set->aut[0]]
                                        : g->j[0] + set->base;
        for (uint32_t c = 0; c < rt->combos; c++)
            for (uint32_t e = r->ptr.items[rt->base + c];
                 e < r->ptr.items[rt->base + c + 1]; e++) {
                const rc_entry *en = &r->entries.items[e];
                double w = en->slot >= 0 ? g->w[0][e] : en->val * mass[c];
                if (w == 0)
                    continue;
                uint32_t tc = r->tcomb.items[e];
                for (int q = 0; q < rt->n; q++) {
                    int a = rt->aut[q];
                    uint32_t o = (uint32_t)d->aut[a].order;
                    uint32_t u = c / rt->mult[q] % o, v = tc / rt->mult[q] % o;
                    if (g->group[a] == k && u != v)
                        g->flow[g->foff[a] + u * o + v] += w;
                }
            }
    }
}

/* Automaton a's factors p_a(u) / m_a(u) (times the total mass, which the
 * scaling keeps); all 1 when its aggregated chain cannot be solved (one
 * local state with mass, or not irreducible) or a factor is not a
 * positive number. */
static void factors(mvd_iad *g, int a)
{
    size_t o = (size_t)g->p->d->aut[a].order, n = 0;
    size_t u[256];
    const double *m = g->m[0] + g->moff[a], *f = g->flow + g->foff[a];
    double *fac = g->fac + g->moff[a], total = 0;
    for (size_t i = 0; i < o; i++) {
        fac[i] = 1;
        total += m[i];
        if (m[i] > 0)
            u[n++] = i;
    }
    if (n < 2)
        return;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            g->a[i * n + j] = i == j ? 0 : f[u[i] * o + u[j]] / m[u[i]];
    if (mvd_gth_dense(g->a, n, g->pi) < 0)
        return;
    double new[256];
    for (size_t i = 0; i < n; i++) {
        new[i] = g->pi[i] * total / m[u[i]];
        if (!(new[i] > 0 && isfinite(new[i])))
            return;
    }
    for (size_t i = 0; i < n; i++)
        fac[u[i]] = new[i];
}

double mvd_reach_iad_step(mvd_iad *g, const mvd_space *sp, double *x)
{
    const desc *d = g->p->d;
    double change = 0;
    /* Each pass scales by the group before and gathers the next one. */
    for (int k = 0; k < g->ngroup; k++) {
        change += pass(g, sp, x, k - 1, k);
        flows(g, k);
        for (int a = 0; a < d->naut; a++)
            if (g->group[a] == k)
                factors(g, a);
    }
    return change + pass(g, sp, x, g->ngroup - 1, -1);
}
