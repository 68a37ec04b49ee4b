/* chain.c — the structure of the chain over its reachable states (its
 * communicating classes, found without recursion) and the direct solution
 * of a small irreducible chain by the GTH algorithm (mvd.h). Both read
 * the rows of Q through a row generator, one reachable state at a time. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/mvd.h"

/* The position of product index idx in sp (ascending), or sp->len when
 * it is not there. */
size_t mvd_space_find(const mvd_space *sp, uint64_t idx)
{
    mvd_index ix;
    if (mvd_space_index(sp, &ix))
        return (size_t)mvd_index_find(&ix, sp->len, idx);
    size_t lo = mvd_space_lower(sp, idx);
    return lo < sp->len && sp->idx[lo] == idx ? lo : sp->len;
}

size_t mvd_space_lower(const mvd_space *sp, uint64_t idx)
{
    size_t lo = 0, hi = sp->len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (sp->idx[mid] < idx)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* "(A=a, B=b)" of the state at position v of sp. */
static void position_text(strbuf *sb, const desc *d, const mvd_space *sp,
                          size_t v)
{
    int state[DESC_MAX_AUTOMATA];
    desc_decode(d, sp->idx[v], state);
    mvd_state_text(sb, d, state);
}

/* Reading the transitions of the reachable states, one at a time. */
typedef struct {
    const desc *d;
    const mvd_space *sp;
    unsigned char *use;   /* [terms] the terms that move (mvd_term_moves) */
    mvd_rowgen gen;
    mvd_entries row;      /* the last state's transitions */
    diag *dg;
    srcloc at;
} rows;

static void rows_open(rows *r, const desc *d, const mvd_space *sp,
                      diag *dg, srcloc at)
{
    *r = (rows){d, sp, xmalloc(d->terms.len + 1), {0}, {0}, dg, at};
    for (size_t t = 0; t < d->terms.len; t++)
        r->use[t] = (unsigned char)mvd_term_moves(d, t);
    mvd_rowgen_init(&r->gen, d, r->use);
}

static void rows_close(rows *r)
{
    mvd_rowgen_free(&r->gen);
    free(r->use);
    free(r->row.items);
}

/* The transitions out of the reachable state at position v into r->row:
 * (position in sp, rate) for each positive off-diagonal entry of a term
 * that stays in sp, the terms' entries apart. -1 after a diagnostic. */
static int transitions(rows *r, size_t v)
{
    const mvd_space *sp = r->sp;
    int state[DESC_MAX_AUTOMATA];
    desc_decode(r->d, sp->idx[v], state);
    if (mvd_rowgen_row(&r->gen, state, &r->row, r->dg, r->at) < 0)
        return -1;
    int whole = sp->len == r->d->nn;   /* positions are indices */
    size_t kept = 0;
    for (size_t k = 0; k < r->row.len; k++) {
        mvd_entry e = r->row.items[k];
        size_t c = whole ? (size_t)e.col : mvd_space_find(sp, e.col);
        if (c < sp->len && c != v && e.val > 0)
            r->row.items[kept++] = (mvd_entry){c, e.val};
    }
    r->row.len = kept;
    return 0;
}

/* ------------------------------------------------------------- GTH */

size_t mvd_gth_bytes(size_t n)
{
    if (n && n > SIZE_MAX / sizeof(double) / n)
        return SIZE_MAX;
    return n * n * sizeof(double);
}

/* The diagnostic of GTH at state k. */
static void gth_fail(const desc *d, const mvd_space *sp, size_t k,
                     const char *why, diag *dg, srcloc at)
{
    strbuf sb = {0};
    position_text(&sb, d, sp, k);
    diag_error(dg, at, "gth: state %s %s", sb_str(&sb), why);
    sb_free(&sb);
}

/* Back substitution of GTH: x_0 = 1, x_k = sum_{i<k} x_i p_ik / s_k
 * (p_ik = a_ik, the reduced rates, s_k the outflow of k), kept from
 * overflowing by scaling x[0..k] to sum 1 whenever it exceeds it (the
 * ratios of probabilities can pass DBL_MAX: rates 1e-308 and 2). */
static void gth_back(const double *a, const double *s, size_t n, double *x)
{
    double sum = 1;
    x[0] = 1;
    for (size_t k = 1; k < n; k++) {
        double t = 0;
        for (size_t i = 0; i < k; i++)
            t += x[i] * a[i * n + k];
        double xk = t / s[k];
        if (!isfinite(xk)) {   /* x_k dwarfs all before: they shrink */
            double c = s[k] / t;
            for (size_t i = 0; i < k; i++)
                x[i] *= c;
            xk = 1;
            sum *= c;
        }
        x[k] = xk;
        sum += xk;
        if (sum > 1) {
            for (size_t i = 0; i <= k; i++)
                x[i] /= sum;
            sum = 1;
        }
    }
}

/* Grassmann, Taksar and Heyman (1985): state reduction. The last state is
 * removed first: its outflow to the remaining states, s, is the sum of its
 * row (not -q_kk, so no subtraction); the row becomes the probabilities
 * p_kj = a_kj / s, and the rates between the remaining states gain the
 * paths through it, a_ij += a_ik p_kj (bounded by i's outflow: nothing
 * overflows). Every operation adds, multiplies or divides non-negative
 * numbers, which gives each probability to a small relative error,
 * however stiff the rates (O'Cinneide 1993). */
/* The reduction of GTH on the dense n x n matrix a of off-diagonal rates
 * (the diagonal ignored), s[k] the outflows: 0, or the state k > 0 whose
 * outflow to the states before it is 0 or overflows. */
static size_t gth_reduce(double *a, double *s, size_t n)
{
    for (size_t k = n - 1; k > 0 && k < n; k--) {
        double *ak = a + k * n;
        s[k] = 0;
        for (size_t j = 0; j < k; j++)
            s[k] += ak[j];
        if (!(s[k] > 0) || !isfinite(s[k]))
            return k;
        for (size_t j = 0; j < k; j++)
            ak[j] /= s[k];
        for (size_t i = 0; i < k; i++) {
            double f = a[i * n + k];
            if (f == 0)
                continue;
            double *ai = a + i * n;
            for (size_t j = 0; j < k; j++)
                ai[j] += f * ak[j];
        }
    }
    return 0;
}

/* x (n >= 1, summing to 1) from the reduced a and s. */
static void gth_solution(const double *a, const double *s, size_t n,
                         double *x)
{
    double sum = 0;
    gth_back(a, s, n, x);
    for (size_t k = 0; k < n; k++)
        sum += x[k];
    for (size_t k = 0; k < n; k++)
        x[k] /= sum;
}

int mvd_gth_dense(double *a, size_t n, double *x)
{
    double *s = xcalloc(n ? n : 1, sizeof *s);
    int ok = n > 0 && gth_reduce(a, s, n) == 0;
    if (ok)
        gth_solution(a, s, n, x);
    free(s);
    return ok ? 0 : -1;
}

int mvd_gth(const desc *d, const mvd_space *sp, double *pi, diag *dg,
            srcloc at)
{
    size_t n = sp->len;
    double *a = xcalloc(n * n, sizeof *a);
    double *s = xcalloc(n ? n : 1, sizeof *s);
    rows rw;
    rows_open(&rw, d, sp, dg, at);
    int status = 0;
    for (size_t r = 0; r < n && status == 0; r++) {
        if ((status = transitions(&rw, r)) < 0)
            break;
        for (size_t k = 0; k < rw.row.len; k++)
            a[r * n + rw.row.items[k].col] += rw.row.items[k].val;
    }
    size_t k = status == 0 && n > 0 ? gth_reduce(a, s, n) : 0;
    if (k > 0) {
        gth_fail(d, sp, k, s[k] > 0 ? "has an outflow that overflows"
                 : "has no way back to the states before it: the chain "
                   "is not irreducible", dg, at);
        status = -1;
    }
    if (status == 0 && n > 0) {
        double *x = xmalloc(sizeof *x * n);
        gth_solution(a, s, n, x);
        for (size_t v = 0; v < n; v++)
            pi[mvd_vec_at(sp, v)] = x[v];
        free(x);
    }
    free(a);
    free(s);
    rows_close(&rw);
    return status;
}

/* ------------------------------------------------- communicating classes */

/* The transition graph over positions in sp: an edge r -> c for every
 * positive off-diagonal entry of a term's row (duplicates kept); weak
 * when its rate is below theta times r's total outflow. */
typedef struct {
    size_t *rowptr;   /* [n + 1] */
    uint32_t *col;
    unsigned char *weak;
} graph;

static int graph_build(graph *g, const desc *d, const mvd_space *sp,
                       double theta, size_t max_bytes, diag *dg, srcloc at)
{
    size_t n = sp->len;
    VEC(uint32_t) col = {0};
    VEC(unsigned char) weak = {0};
    rows rw;
    rows_open(&rw, d, sp, dg, at);
    g->rowptr = xmalloc((n + 1) * sizeof *g->rowptr);
    g->rowptr[0] = 0;
    int status = 0;
    for (size_t r = 0; r < n && status == 0; r++) {
        if ((status = transitions(&rw, r)) < 0)
            break;
        double out = 0;
        for (size_t k = 0; k < rw.row.len; k++)
            out += rw.row.items[k].val;
        for (size_t k = 0; k < rw.row.len; k++) {
            VEC_PUSH(&col, (uint32_t)rw.row.items[k].col);
            VEC_PUSH(&weak, rw.row.items[k].val < theta * out);
        }
        g->rowptr[r + 1] = col.len;
        if ((n + 1) * sizeof(size_t) + col.cap * (sizeof(uint32_t) + 1) >
            max_bytes) {
            diag_error(dg, at, "the check of irreducibility needs more "
                       "than %zu bytes for the transitions of %zu states, "
                       "over what --max-memory leaves", max_bytes, n);
            status = -1;
        }
    }
    rows_close(&rw);
    g->col = col.items;
    g->weak = weak.items;
    if (status < 0) {
        free(g->rowptr);
        free(g->col);
        free(g->weak);
    }
    return status;
}

/* Tarjan's strongly connected components, without recursion: the DFS path
 * is an explicit stack of (state, next edge). comp[v] gets the component
 * of v, numbered as they complete. Weak edges are left out when
 * strong_only. Returns the number of components. */
static size_t tarjan(const graph *g, size_t n, int strong_only,
                     uint32_t *comp)
{
    const uint32_t unseen = UINT32_MAX;
    uint32_t *num = xmalloc(sizeof *num * (n ? n : 1));
    uint32_t *low = xmalloc(sizeof *low * (n ? n : 1));
    uint32_t *stack = xmalloc(sizeof *stack * (n ? n : 1));
    uint32_t *path = xmalloc(sizeof *path * (n ? n : 1));
    size_t *next = xmalloc(sizeof *next * (n ? n : 1));
    unsigned char *on = xcalloc(n ? n : 1, 1);
    size_t count = 0, sp = 0, ncomp = 0;
    for (size_t v = 0; v < n; v++)
        num[v] = unseen;
    for (size_t root = 0; root < n; root++) {
        if (num[root] != unseen)
            continue;
        size_t depth = 0;
        path[depth] = (uint32_t)root;
        next[depth++] = g->rowptr[root];
        num[root] = low[root] = (uint32_t)count++;
        stack[sp++] = (uint32_t)root;
        on[root] = 1;
        while (depth > 0) {
            uint32_t v = path[depth - 1];
            if (next[depth - 1] < g->rowptr[v + 1]) {
                size_t e = next[depth - 1]++;
                uint32_t w = g->col[e];
                if (strong_only && g->weak[e])
                    continue;
                if (num[w] == unseen) {
                    num[w] = low[w] = (uint32_t)count++;
                    stack[sp++] = w;
                    on[w] = 1;
                    path[depth] = w;
                    next[depth++] = g->rowptr[w];
                } else if (on[w] && num[w] < low[v]) {
                    low[v] = num[w];
                }
                continue;
            }
            depth--;
            if (low[v] == num[v]) {
                uint32_t w;
                do {
                    w = stack[--sp];
                    on[w] = 0;
                    comp[w] = (uint32_t)ncomp;
                } while (w != v);
                ncomp++;
            }
            if (depth > 0 && low[v] < low[path[depth - 1]])
                low[path[depth - 1]] = low[v];
        }
    }
    free(num);
    free(low);
    free(stack);
    free(path);
    free(next);
    free(on);
    return ncomp;
}

int mvd_classes_find(mvd_classes *c, const desc *d, const mvd_space *sp,
                     double theta, size_t max_bytes, diag *dg, srcloc at)
{
    size_t n = sp->len;
    *c = (mvd_classes){0};
    if (n >= UINT32_MAX) {
        diag_error(dg, at, "the check of irreducibility takes at most %u "
                   "states, not %zu", UINT32_MAX - 1, n);
        return -1;
    }
    graph g;
    if (graph_build(&g, d, sp, theta, max_bytes, dg, at) < 0)
        return -1;
    uint32_t *comp = xmalloc(sizeof *comp * (n ? n : 1));
    size_t ncomp = tarjan(&g, n, 0, comp);
    c->nparts = 1;
    if (ncomp == 1 && theta > 0) {   /* comp is all 0 */
        size_t parts = tarjan(&g, n, 1, comp);
        for (size_t v = 0; v < n && parts > 1; v++)
            if (comp[v] != comp[0]) {
                c->nparts = parts;
                c->part_state = v;
                c->part = xmalloc(sizeof *c->part * n);
                memcpy(c->part, comp, sizeof *comp * n);
                break;
            }
        memset(comp, 0, sizeof *comp * n);
    }
    /* Renumbered by their first state in index order: class 0 holds the
     * lowest index. */
    uint32_t *order = xmalloc(sizeof *order * (ncomp ? ncomp : 1));
    for (size_t k = 0; k < ncomp; k++)
        order[k] = UINT32_MAX;
    c->n = n;
    c->cls = comp;
    c->size = xcalloc(ncomp ? ncomp : 1, sizeof *c->size);
    c->first = xmalloc(sizeof *c->first * (ncomp ? ncomp : 1));
    c->closed = xmalloc(ncomp ? ncomp : 1);
    memset(c->closed, 1, ncomp ? ncomp : 1);
    for (size_t v = 0; v < n; v++) {
        if (order[comp[v]] == UINT32_MAX) {
            order[comp[v]] = (uint32_t)c->nclass;
            c->first[c->nclass++] = v;
        }
        comp[v] = order[comp[v]];
        c->size[comp[v]]++;
    }
    for (size_t v = 0; v < n; v++)
        for (size_t e = g.rowptr[v]; e < g.rowptr[v + 1]; e++)
            if (comp[g.col[e]] != comp[v])
                c->closed[comp[v]] = 0;
    for (size_t k = 0; k < c->nclass; k++)
        if (c->closed[k])
            c->nclosed++;
        else
            c->ntransient += c->size[k];
    free(order);
    free(g.rowptr);
    free(g.col);
    free(g.weak);
    return 0;
}

void mvd_classes_free(mvd_classes *c)
{
    free(c->cls);
    free(c->part);
    free(c->size);
    free(c->first);
    free(c->closed);
    *c = (mvd_classes){0};
}

/* The states of class k as a space (ascending, as sp). */
static void class_space(const mvd_classes *c, const mvd_space *sp, size_t k,
                        mvd_space *out)
{
    *out = (mvd_space){.vlen = sp->vlen};
    size_t n = c->size[k] ? c->size[k] : 1;
    out->idx = xmalloc(sizeof *out->idx * n);
    if (sp->vlen)
        out->pos = xmalloc(sizeof *out->pos * n);
    for (size_t v = 0; v < c->n; v++)
        if (c->cls[v] == k) {
            if (sp->vlen)
                out->pos[out->len] = mvd_vec_at(sp, v);
            out->idx[out->len++] = sp->idx[v];
        }
}

/* Closed classes listed at most this many times in the notes. */
#define LISTED_CLASSES 10

void mvd_classes_report(const mvd_classes *c, const desc *d,
                        const mvd_space *sp, diag *dg, srcloc at)
{
    size_t listed = 0, first_transient = c->n;
    for (size_t k = 0; k < c->nclass; k++) {
        strbuf sb = {0};
        position_text(&sb, d, sp, c->first[k]);
        if (!c->closed[k]) {
            if (first_transient == c->n)
                first_transient = c->first[k];
        } else if (listed++ < LISTED_CLASSES) {
            diag_note(dg, at, "closed class %zu: %zu state%s, e.g. %s",
                      listed, c->size[k], c->size[k] == 1 ? "" : "s",
                      sb_str(&sb));
        }
        sb_free(&sb);
    }
    if (listed > LISTED_CLASSES)
        diag_note(dg, at, "and %zu more closed classes",
                  listed - LISTED_CLASSES);
    if (c->ntransient) {
        strbuf sb = {0};
        position_text(&sb, d, sp, first_transient);
        diag_note(dg, at, "transient: %zu state%s (probability 0 in the "
                  "long run), e.g. %s", c->ntransient,
                  c->ntransient == 1 ? "" : "s", sb_str(&sb));
        sb_free(&sb);
    }
}

/* ------------------------------------------- solving over the classes */

/* The initial distribution over the positions of sp: the descriptor's
 * initial state, or uniform. -1 after a diagnostic when the initial
 * state is not reachable. */
static int initial_vector(const desc *d, const mvd_space *sp, double *alpha,
                          diag *dg, srcloc at)
{
    if (!d->initial) {
        for (size_t v = 0; v < sp->len; v++)
            alpha[v] = 1.0 / (double)sp->len;
        return 0;
    }
    size_t p0 = mvd_space_find(sp, desc_encode(d, d->initial));
    if (p0 == sp->len) {
        strbuf sb = {0};
        mvd_state_text(&sb, d, d->initial);
        diag_error(dg, at, "--from-initial: the initial state %s is not "
                   "reachable", sb_str(&sb));
        sb_free(&sb);
        return -1;
    }
    memset(alpha, 0, sizeof *alpha * sp->len);
    alpha[p0] = 1;
    return 0;
}

/* beta[c], the probability of ending in the c-th closed class from the
 * initial distribution, by state reduction of the transient states (the
 * last one first, as in GTH, with the closed classes as absorbing
 * columns): every operation adds, multiplies or divides non-negative
 * numbers. -1 after a diagnostic. */
static int absorption(const mvd_classes *c, const desc *d,
                      const mvd_space *sp, size_t max_bytes, double *beta,
                      diag *dg, srcloc at)
{
    size_t n = sp->len, m = c->ntransient, nk = c->nclosed;
    /* m <= MVD_DIRECT_MAX and nk <= n < 2^32: no overflow. */
    if (m > MVD_DIRECT_MAX || m * (m + nk) * sizeof(double) > max_bytes) {
        diag_error(dg, at, "--from-initial: %zu transient states and %zu "
                   "closed classes, more than the direct solution takes "
                   "(%d transient states, --max-memory)", m, nk,
                   MVD_DIRECT_MAX);
        return -1;
    }
    double *alpha = xmalloc(sizeof *alpha * (n ? n : 1));
    if (initial_vector(d, sp, alpha, dg, at) < 0) {
        free(alpha);
        return -1;
    }
    size_t *tpos = xmalloc(sizeof *tpos * (n ? n : 1));   /* position -> */
    size_t *kpos = xmalloc(sizeof *kpos * (c->nclass ? c->nclass : 1));
    size_t mt = 0, mk = 0;
    for (size_t k = 0; k < c->nclass; k++)
        kpos[k] = c->closed[k] ? mk++ : SIZE_MAX;
    for (size_t v = 0; v < n; v++)
        tpos[v] = c->closed[c->cls[v]] ? SIZE_MAX : mt++;
    double *a = xcalloc(m * m + 1, sizeof *a);
    double *b = xcalloc(m * nk + 1, sizeof *b);
    double *at0 = xcalloc(m + 1, sizeof *at0);
    memset(beta, 0, sizeof *beta * nk);
    rows rw;
    rows_open(&rw, d, sp, dg, at);
    int status = 0;
    for (size_t v = 0; v < n && status == 0; v++) {
        size_t i = tpos[v];
        if (i == SIZE_MAX) {
            beta[kpos[c->cls[v]]] += alpha[v];
            continue;
        }
        at0[i] = alpha[v];
        if ((status = transitions(&rw, v)) < 0)
            break;
        for (size_t e = 0; e < rw.row.len; e++) {
            size_t w = (size_t)rw.row.items[e].col;
            if (tpos[w] != SIZE_MAX)
                a[i * m + tpos[w]] += rw.row.items[e].val;
            else
                b[i * nk + kpos[c->cls[w]]] += rw.row.items[e].val;
        }
    }
    for (size_t k = m; k-- > 0 && status == 0;) {
        double s = 0;
        for (size_t j = 0; j < k; j++)
            s += a[k * m + j];
        for (size_t j = 0; j < nk; j++)
            s += b[k * nk + j];
        if (!(s > 0)) {   /* a transient state always leads somewhere */
            diag_error(dg, at, "--from-initial: a transient state with no "
                       "way out (internal error)");
            status = -1;
            break;
        }
        /* The initial mass at k moves on along k's transitions. */
        double g = at0[k] / s;
        for (size_t j = 0; j < k; j++)
            at0[j] += g * a[k * m + j];
        for (size_t j = 0; j < nk; j++)
            beta[j] += g * b[k * nk + j];
        /* The paths through k. */
        for (size_t i = 0; i < k; i++) {
            double f = a[i * m + k] / s;
            if (f == 0)
                continue;
            for (size_t j = 0; j < k; j++)
                a[i * m + j] += f * a[k * m + j];
            for (size_t j = 0; j < nk; j++)
                b[i * nk + j] += f * b[k * nk + j];
        }
    }
    rows_close(&rw);
    free(a);
    free(b);
    free(at0);
    free(tpos);
    free(kpos);
    free(alpha);
    return status;
}

/* ---------------------------------------- nearly decomposable chains */

/* The masses m of the parts of c in pi (made non-negative first: gmres's
 * iterates can dip below 0; a part without mass gets uniform weights). */
static void part_masses(const mvd_classes *c, const mvd_space *sp,
                        double *pi, double *m)
{
    int empty = 0;
    memset(m, 0, sizeof *m * c->nparts);
    for (size_t v = 0; v < sp->len; v++) {
        if (!(pi[mvd_vec_at(sp, v)] > 0))
            pi[mvd_vec_at(sp, v)] = 0;
        m[c->part[v]] += pi[mvd_vec_at(sp, v)];
    }
    for (size_t v = 0; v < sp->len; v++)
        if (m[c->part[v]] == 0) {
            pi[mvd_vec_at(sp, v)] = 1;
            empty = 1;
        }
    if (empty)
        part_masses(c, sp, pi, m);
}

/* The chain aggregated over the parts of c in pi's proportions (masses m
 * of the parts): a[I * np + J] (I != J), the rate from part I to part J,
 * is the sum over i in I of pi_i / m_I times the sum over j in J of
 * q_ij. -1 after a diagnostic. */
static int aggregate(const mvd_classes *c, const desc *d,
                     const mvd_space *sp, const double *pi, const double *m,
                     double *a, diag *dg, srcloc at)
{
    size_t np = c->nparts;
    memset(a, 0, sizeof *a * np * np);
    rows rw;
    rows_open(&rw, d, sp, dg, at);
    int status = 0;
    for (size_t v = 0; v < sp->len && status == 0; v++) {
        uint32_t from = c->part[v];
        double w = pi[mvd_vec_at(sp, v)] / m[from];
        if (w == 0 || (status = transitions(&rw, v)) < 0)
            continue;
        for (size_t k = 0; k < rw.row.len; k++) {
            uint32_t to = c->part[rw.row.items[k].col];
            if (to != from)
                a[from * np + to] += w * rw.row.items[k].val;
        }
    }
    rows_close(&rw);
    return status;
}

/* Iterations of the method per smoothing between two aggregations: at
 * most IAD_SMOOTHING for the stationary methods (Stewart's few sweeps);
 * for a Krylov method (gmres, bicgstab, auto's), as many as all the
 * smoothings before, at least IAD_SMOOTHING: each aggregation restarts
 * it and throws its subspace away. On the stiff model (suite), cut every
 * 10 steps: 913 steps at 97336 states, none in 120 s at 10^6; doubling:
 * 370 steps (1.6 s) and 534 (27 s). */
#define IAD_SMOOTHING 10

static uint64_t smoothing(mvd_method m, uint64_t done)
{
    int krylov = m == MVD_GMRES || m == MVD_BICGSTAB || m == MVD_AUTO;
    return krylov && done > IAD_SMOOTHING ? done : IAD_SMOOTHING;
}

/* Iterative aggregation-disaggregation (Koury, McAllister and Stewart
 * 1984; Stewart 1994, ch. 6) over the parts of c: the aggregated chain's
 * stationary vector xi (gth) gives each part its mass, the iterate is
 * rescaled to it, then smoothed by the method (smoothing()). The
 * method's own E cannot see an error in the parts' proportions (the
 * exchange between them is the slow mode it measures), so E is replaced
 * by the aggregation's check: ||xi - m||_1, m the parts' masses in the
 * smoothed iterate. Converged: R, B and that check at most
 * tol. 0, 1 (max_iter ran out) or -1, as mvd_solve. */
static int iad(mvd_plan *p, const desc *d, const mvd_space *sp,
               const mvd_classes *c, const mvd_solve_opts *o, double *pi,
               mvd_solve_info *info, diag *dg, srcloc at)
{
    size_t np = c->nparts;
    if (np > MVD_DIRECT_MAX) {
        diag_error(dg, at, "the chain is nearly decomposable into %zu "
                   "parts, more than the %d the aggregation takes: no "
                   "iterative method can vouch for the parts' proportions; "
                   "--method gth can", np, MVD_DIRECT_MAX);
        return -1;
    }
    double *a = xmalloc(sizeof *a * np * np), *s = xmalloc(sizeof *s * np);
    double *m = xmalloc(sizeof *m * np), *xi = xmalloc(sizeof *xi * np);
    mvd_solve_opts so = *o;
    uint64_t iterations = 0, mults = 0;
    int status, smoothed = 0;
    memset(pi, 0, sizeof *pi * mvd_vec_len(d, sp));
    for (size_t v = 0; v < sp->len; v++)
        pi[mvd_vec_at(sp, v)] = 1.0 / (double)sp->len;
    *info = (mvd_solve_info){.method = mvd_method_for(o, sp->len,
                                                      SIZE_MAX)};
    for (;;) {
        part_masses(c, sp, pi, m);
        if ((status = aggregate(c, d, sp, pi, m, a, dg, at)) < 0)
            break;
        size_t k = gth_reduce(a, s, np);
        if (k > 0) {   /* cannot happen on an irreducible chain */
            diag_error(dg, at, "the chain aggregated over its %zu parts "
                       "is not irreducible", np);
            status = -1;
            break;
        }
        gth_solution(a, s, np, xi);
        double total = 0, diff = 0;
        for (size_t i = 0; i < np; i++)
            total += m[i];
        for (size_t i = 0; i < np; i++)
            diff += fabs(xi[i] - m[i] / total);
        info->estimate = diff;
        if (smoothed && info->residual <= o->tol &&
            info->balance <= o->tol && diff <= o->tol &&
            (!o->fixed_iter || iterations >= o->max_iter)) {
            status = 0;
            break;
        }
        if (iterations >= o->max_iter) {
            status = 1;
            break;
        }
        for (size_t v = 0; v < sp->len; v++)
            pi[mvd_vec_at(sp, v)] *= xi[c->part[v]] / m[c->part[v]];
        uint64_t smooth = smoothing(info->method, iterations);
        so.max_iter = o->max_iter - iterations < smooth
                    ? o->max_iter - iterations : smooth;
        status = mvd_solve_warm(p, d, sp, &so, pi, info, dg);
        if (status < 0)
            break;
        /* An aggregation counts as an iteration: never a loop without. */
        iterations += info->iterations ? info->iterations : 1;
        mults += info->multiplications;
        info->iterations = iterations;
        info->multiplications = mults;
        smoothed = 1;
    }
    info->converged = status == 0;
    free(a);
    free(s);
    free(m);
    free(xi);
    return status;
}

/* info gathers the classes' solutions: counts added, measures the worst. */
static void gather(mvd_solve_info *all, const mvd_solve_info *one, int first)
{
    if (first) {
        *all = *one;
        return;
    }
    all->iterations += one->iterations;
    all->multiplications += one->multiplications;
    all->residual = fmax(all->residual, one->residual);
    all->balance = fmax(all->balance, one->balance);
    all->estimate = fmax(all->estimate, one->estimate);
    all->delta = fmax(all->delta, one->delta);
    all->converged = all->converged && one->converged;
}

int mvd_solve_chain(mvd_plan *p, const desc *d, const mvd_space *sp,
                    const mvd_solve_opts *o, int from_initial,
                    size_t max_bytes, double *pi, mvd_solve_info *info,
                    diag *dg)
{
    srcloc at = {o->file, 0, 0};
    mvd_classes c;
    *info = (mvd_solve_info){0};
    /* Iterative methods: look for parts joined only by transitions below
     * sqrt(tol) of their source's outflow. */
    double theta = mvd_method_for(o, sp->len, SIZE_MAX) == MVD_GTH
                 ? 0 : sqrt(o->tol);
    if (sp->len > 0 && mvd_plan_algo(p) == MVD_REACH &&
        mvd_reach_irreducible(p, theta))
        return mvd_solve(p, d, sp, o, pi, info, dg);   /* one class */
    if (sp->len == 0 ||
        mvd_classes_find(&c, d, sp, theta, max_bytes, dg, at) < 0)
        return sp->len ? -1 : mvd_solve(p, d, sp, o, pi, info, dg);
    if (o->layout && (c.nclass > 1 || c.nparts > 1)) {
        /* The aggregation over the parts and the solution per class
         * hold vectors over the whole space. */
        mvd_classes_free(&c);
        return MVD_NEEDS_WHOLE;
    }
    if (c.nclass == 1) {
        if (c.nparts > 1) {
            strbuf sb = {0};
            position_text(&sb, d, sp, c.part_state);
            diag_note(dg, at, "the chain is nearly decomposable: %zu "
                      "parts joined only by transitions below %.3g of "
                      "their source state's outflow (one holds %s); "
                      "solved by aggregation over the parts",
                      c.nparts, theta, sb_str(&sb));
            sb_free(&sb);
        }
        int got = c.nparts > 1 ? iad(p, d, sp, &c, o, pi, info, dg, at)
                               : mvd_solve(p, d, sp, o, pi, info, dg);
        mvd_classes_free(&c);
        return got;
    }
    /* Not a generator (Figure 8) says more than its classes. */
    if (mvd_check_generator(p, d, sp, o, pi, dg) < 0) {
        mvd_classes_free(&c);
        return -1;
    }
    int status = 0;
    double *beta = xmalloc(sizeof *beta * c.nclosed);
    if (c.nclosed == 1) {
        beta[0] = 1;
        diag_warning(dg, at, "%zu of the %zu reachable states are transient: "
                     "the stationary distribution is that of the one closed "
                     "class", c.ntransient, sp->len);
        mvd_classes_report(&c, d, sp, dg, at);
    } else if (!from_initial) {
        diag_error(dg, at, "the chain is not irreducible: %zu closed classes "
                   "and %zu transient states, so its long-run distribution "
                   "depends on where it starts", c.nclosed, c.ntransient);
        mvd_classes_report(&c, d, sp, dg, at);
        diag_note(dg, at, "--from-initial gives the one reached from the "
                  "initial %s", d->initial ? "state" : "distribution (uniform)");
        status = -1;
    } else {
        status = absorption(&c, d, sp, max_bytes, beta, dg, at);
    }
    uint64_t nn = mvd_vec_len(d, sp);
    double *part = status == 0 ? xmalloc(sizeof *part * nn) : NULL;
    if (part)
        memset(pi, 0, sizeof *pi * nn);
    int first = 1;
    for (size_t k = 0, kc = 0; k < c.nclass && status >= 0; k++) {
        if (!c.closed[k] || beta[kc++] == 0)
            continue;
        if (c.size[k] == 1) {   /* absorbing: its distribution is 1 */
            pi[mvd_vec_at(sp, c.first[k])] += beta[kc - 1];
            continue;
        }
        mvd_space cs;
        mvd_solve_info one;
        class_space(&c, sp, k, &cs);
        int got = mvd_solve(p, d, &cs, o, part, &one, dg);
        if (got != 0 && status == 0)
            status = got;
        for (size_t v = 0; v < cs.len; v++)
            pi[mvd_vec_at(&cs, v)] += beta[kc - 1] * part[mvd_vec_at(&cs, v)];
        gather(info, &one, first);
        first = 0;
        mvd_space_free(&cs);
    }
    if (first && status == 0) {   /* absorbing states only: exact */
        info->method = mvd_method_for(o, sp->len, SIZE_MAX);
        info->converged = 1;
    }
    free(part);
    free(beta);
    mvd_classes_free(&c);
    return status;
}
