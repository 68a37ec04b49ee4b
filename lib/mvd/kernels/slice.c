/* slice.c — the slice algorithm (notes §3.2; mvd.h): the AUNFs of the
 * first factors, the last factor whole; faithful, and fast (fused). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/kernels/kernels.h"

/* -------------------------------------------------------------- slice */

static desc_matrix *identity(int n)
{
    desc_matrix *m = xcalloc(1, sizeof *m);
    m->order = n;
    m->nnz = m->cap = (size_t)n;
    m->e = xmalloc((size_t)n * sizeof *m->e);
    m->rowptr = xmalloc(((size_t)n + 1) * sizeof *m->rowptr);
    for (int r = 0; r < n; r++) {
        m->e[r] = (desc_entry){r, r, 1, -1};
        m->rowptr[r] = (size_t)r;
    }
    m->rowptr[n] = (size_t)n;
    return m;
}

static int reads(const desc *d, const desc_entry *e, int aut)
{
    if (e->func < 0)
        return 0;
    const desc_func *f = &d->funcs.items[e->func];
    for (int q = 0; q < f->ndeps; q++)
        if (f->deps[q] == aut)
            return 1;
    return 0;
}

/* The AUNF of the entries pick[m] of factors 0..N-2 of term s (AUNFs
 * run in mixed-radix order of pick, factor 0 most significant, so i never
 * decreases): its scale e (the functions that read the last automaton
 * left out: deferred_scale), its row and column blocks i and j. state
 * gets the row states of automata 0..N-2. Made as the product runs, not
 * stored: a term of functional factors has one AUNF per state of the
 * automata before the last (2^20 for issue 12's N = 21 model: 3.9 GB as
 * a list, with the entries each took). */
static aunf aunf_at(const desc *d, const sl_term *s, const size_t *pick,
                    int *state)
{
    int last = d->naut - 1;
    uint64_t nl = (uint64_t)d->aut[last].order;
    aunf au = {1, 0, 0};
    for (int m = 0; m < last; m++)
        state[m] = s->f[m]->e[pick[m]].row;
    for (int m = 0; m < last; m++) {
        const desc_entry *e = &s->f[m]->e[pick[m]];
        uint64_t nr = d->nright[m] / nl;
        au.i += (uint64_t)e->row * nr;
        au.j += (uint64_t)e->col * nr;
        au.e *= e->func < 0 || s->defer[m][pick[m]]
                    ? e->value : desc_entry_value(d, e, state);
    }
    return au;
}

aunf mvd_slice_aunf(const mvd_plan *p, size_t k, uint64_t u, size_t *pick)
{
    const desc *d = p->k;
    const sl_term *s = &p->sl[k];
    int state[DESC_MAX_AUTOMATA] = {0};
    for (int m = d->naut - 2; m >= 0; m--) {
        pick[m] = (size_t)(u % s->f[m]->nnz);
        u /= s->f[m]->nnz;
    }
    return aunf_at(d, s, pick, state);
}

/* The next AUNF's entries after pick's. */
static void next_pick(const sl_term *s, int last, size_t *pick)
{
    for (int m = last - 1; m >= 0; m--) {
        if (++pick[m] < s->f[m]->nnz)
            break;
        pick[m] = 0;
    }
}

/* A fused kernel of order n is kept dense when at least half full, and
 * small (a single last automaton may be large: n^2 would not fit). */
static int dense_ok(uint64_t n, uint64_t nnz)
{
    return n <= FUSE_ORDER && 2 * nnz >= n * n;
}

/* The rows of diagonal offset o (K[r, r + o]) of an order-n kernel. */
static int dia_lo(int o) { return o < 0 ? -o : 0; }
static int dia_hi(int n, int o) { return o > 0 ? n - o : n; }

/* Rewrites the by-rows kernel k by diagonals when their stored length is
 * at most 3 times its non-zeros (a product of banded factors, as the
 * birth-death automata give, has few): each diagonal is then one loop
 * over contiguous x and y that the compiler vectorises, where rows need
 * an indirect store per element. Diagonal d's positions lo..hi-1 are
 * val[start[d]..]. 1 if done. */
static int to_diagonals(fs_kern *k)
{
    int n = k->n, nnz = k->rowptr[n];
    int *slot = xmalloc(2 * (size_t)n * sizeof *slot);   /* o + n - 1 */
    for (int o = 0; o < 2 * n; o++)
        slot[o] = -1;
    for (int r = 0; r < n; r++)
        for (int q = k->rowptr[r]; q < k->rowptr[r + 1]; q++)
            slot[k->col[q] - r + n - 1] = 0;
    size_t stored = 0;
    int nd = 0;
    for (int o = -(n - 1); o < n; o++)
        if (slot[o + n - 1] == 0) {
            nd++;
            stored += (size_t)(dia_hi(n, o) - dia_lo(o));
        }
    if (stored > 3 * (size_t)nnz) {
        free(slot);
        return 0;
    }
    k->off = xmalloc(((size_t)nd ? (size_t)nd : 1) * sizeof *k->off);
    k->start = xmalloc(((size_t)nd ? (size_t)nd : 1) * sizeof *k->start);
    double *val = xcalloc(stored ? stored : 1, sizeof *val);
    k->ndiag = 0;
    for (int o = -(n - 1), at = 0; o < n; o++)
        if (slot[o + n - 1] == 0) {
            slot[o + n - 1] = k->ndiag;
            k->off[k->ndiag] = o;
            k->start[k->ndiag++] = at;
            at += dia_hi(n, o) - dia_lo(o);
        }
    for (int r = 0; r < n; r++)
        for (int q = k->rowptr[r]; q < k->rowptr[r + 1]; q++) {
            int o = k->col[q] - r, d = slot[o + n - 1];
            val[k->start[d] + r - dia_lo(o)] = k->val[q];
        }
    free(slot);
    free(k->rowptr);
    free(k->col);
    free(k->val);
    k->rowptr = k->col = NULL;
    k->kind = FK_DIA;
    k->val = val;
    k->stored = stored;
    return 1;
}

/* The bytes kernel k holds. */
static uint64_t kernel_bytes(const fs_kern *k)
{
    uint64_t n = (uint64_t)k->n;
    switch (k->kind) {
    case FK_IDENT: return 0;
    case FK_DENSE: return n * n * sizeof(double);
    case FK_DIA: return k->stored * sizeof(double) +
                        2 * (uint64_t)k->ndiag * sizeof(int);
    case FK_CSR: break;
    }
    return (n + 1 + (uint64_t)k->rowptr[k->n]) * sizeof(int) +
           (uint64_t)k->rowptr[k->n] * sizeof(double);
}

/* The fused kernel of a term: the tensor product of its factors of the
 * automata group..N-1 (the "last factor" of order nL), one shared kernel
 * when they are all identities; stored dense when at least half full,
 * by rows otherwise. Rows and their columns come out ascending (the
 * first automaton of the group most significant). */
static uint32_t fused_kernel(mvd_plan *p, const sl_term *s)
{
    const desc *d = p->k;
    const desc_term *term = &d->terms.items[s->term];
    int ident = 1;
    for (int a = p->group; a < d->naut; a++)
        ident &= term->factor[a] == NULL;
    if (ident && p->nfk > 0 && p->fk[0].kind == FK_IDENT)
        return 0;
    fs_kern *k = &p->fk[p->nfk];
    int n = (int)p->nl;
    k->n = n;
    k->kind = FK_IDENT;
    if (ident)
        return (uint32_t)p->nfk++;
    /* The product by rows. */
    VEC(int) col = {0};
    VEC(double) val = {0};
    k->rowptr = xmalloc(((size_t)n + 1) * sizeof *k->rowptr);
    for (int r = 0; r < n; r++) {
        k->rowptr[r] = (int)col.len;
        size_t pick[DESC_MAX_AUTOMATA], start[DESC_MAX_AUTOMATA],
               end[DESC_MAX_AUTOMATA];
        int rest = r, empty = 0;
        for (int a = d->naut - 1; a >= p->group; a--) {
            int row = rest % d->aut[a].order;
            rest /= d->aut[a].order;
            pick[a] = start[a] = s->f[a]->rowptr[row];
            end[a] = s->f[a]->rowptr[row + 1];
            empty |= pick[a] == end[a];
        }
        while (!empty) {
            int c = 0;
            double v = 1;
            for (int a = p->group; a < d->naut; a++) {
                c = c * d->aut[a].order + s->f[a]->e[pick[a]].col;
                v *= s->f[a]->e[pick[a]].value;
            }
            VEC_PUSH(&col, c);
            VEC_PUSH(&val, v);
            int a = d->naut - 1;
            for (; a >= p->group; a--) {   /* next combination */
                if (++pick[a] < end[a])
                    break;
                pick[a] = start[a];
            }
            empty = a < p->group;
        }
    }
    k->rowptr[n] = (int)col.len;
    k->col = col.items;
    k->val = val.items;
    if (dense_ok((uint64_t)n, col.len)) {
        k->kind = FK_DENSE;
        k->val = xcalloc((size_t)n * (size_t)n, sizeof *k->val);
        for (int r = 0; r < n; r++)
            for (int q = k->rowptr[r]; q < k->rowptr[r + 1]; q++)
                k->val[(size_t)r * (size_t)n + (size_t)col.items[q]] =
                    val.items[q];
        free(k->rowptr);
        k->rowptr = NULL;
        free(col.items);
        free(val.items);
        k->col = NULL;
    } else if (!to_diagonals(k))
        k->kind = FK_CSR;
    return (uint32_t)p->nfk++;
}

/* An upper bound of the bytes of a term's fused kernel, before it is
 * built: the identity counted once per term, the product's non-zeros as
 * the product of the factors', by rows or by diagonals (at most 3
 * positions per non-zero and a diagonal per non-zero). The plan then
 * reports what the kernels hold (kernel_bytes). */
static uint64_t fused_kernel_bound(const mvd_plan *p, const sl_term *s)
{
    const desc *d = p->k;
    uint64_t n = p->nl, nnz = 1;
    for (int a = p->group; a < d->naut; a++)
        nnz *= s->f[a]->nnz;
    if (dense_ok(n, nnz))
        return n * n * sizeof(double);
    return (n + 1) * sizeof(int) + nnz * (3 * sizeof(double) + 2 * sizeof(int));
}

/* Multiplications of one AUNF with kernel k (as fused_aunf does them). */
static uint64_t fused_kernel_mults(const fs_kern *k)
{
    uint64_t n = (uint64_t)k->n, rows = 0;
    if (k->kind == FK_IDENT)
        return n;
    if (k->kind == FK_DENSE)
        return n + n * n;
    if (k->kind == FK_DIA && k->ndiag == 1)   /* e * K[r, r + o] * x[r] */
        return 2 * (uint64_t)k->stored;
    if (k->kind == FK_DIA)   /* e * x[r] per row, then one per position */
        return n + (uint64_t)k->stored;
    for (int r = 0; r < k->n; r++)
        rows += k->rowptr[r] != k->rowptr[r + 1];
    return rows + (uint64_t)k->rowptr[k->n];
}

/* The fused AUNFs of term s: one per combination of the non-zeros of its
 * factors 0..group-1 (mixed radix, factor 0 most significant), E their
 * product (functions read only those automata: fuse_ok), i and j the
 * row and column in the product of those factors. First pass (place
 * NULL): counts per destination block in jptr[j + 1]; second: stores
 * each at place[j]++. */
static void fused_fill(mvd_plan *p, const sl_term *s, uint32_t kern,
                       size_t *place)
{
    const desc *d = p->k;
    size_t pick[DESC_MAX_AUTOMATA] = {0};
    int state[DESC_MAX_AUTOMATA] = {0};
    for (size_t u = 0; u < s->fn; u++) {
        uint64_t i = 0, j = 0;
        double e = 1;
        for (int m = 0; m < p->group; m++)
            state[m] = s->f[m]->e[pick[m]].row;
        for (int m = 0; m < p->group; m++) {
            const desc_entry *en = &s->f[m]->e[pick[m]];
            uint64_t nr = d->nright[m] / p->nl;
            i += (uint64_t)en->row * nr;
            j += (uint64_t)en->col * nr;
            e *= desc_entry_value(d, en, state);
        }
        if (place)
            p->fa[place[j]++] = (fs_aunf){e, i * p->nl, kern};
        else
            p->jptr[j + 1]++;
        for (int m = p->group - 1; m >= 0; m--) {
            if (++pick[m] < s->f[m]->nnz)
                break;
            pick[m] = 0;
        }
    }
}

/* The fused list: every fused term's AUNFs, grouped by destination block
 * j by a stable counting sort, so that within a block they keep term
 * order (and within a term, ascending i). */
static void fuse_build(mvd_plan *p)
{
    p->nblocks = p->k->nn / p->nl;
    p->blo = 0;
    p->bhi = p->nblocks;
    p->jptr = xcalloc((size_t)p->nblocks + 1, sizeof *p->jptr);
    p->fk = xcalloc(p->nsl + 1, sizeof *p->fk);
    uint32_t *kern = xcalloc(p->nsl + 1, sizeof *kern);
    for (size_t k = 0; k < p->nsl; k++) {
        sl_term *s = &p->sl[k];
        if (!s->fused)
            continue;
        kern[k] = fused_kernel(p, s);
        fused_fill(p, s, kern[k], NULL);
        p->nfa += s->fn;
        p->mults += (uint64_t)s->fn * fused_kernel_mults(&p->fk[kern[k]]);
    }
    for (uint64_t b = 0; b < p->nblocks; b++)
        p->jptr[b + 1] += p->jptr[b];
    p->fa = xmalloc((p->nfa ? p->nfa : 1) * sizeof *p->fa);
    p->scaled = xmalloc((size_t)p->nl * sizeof *p->scaled);
    size_t *place = xmalloc(((size_t)p->nblocks + 1) * sizeof *place);
    memcpy(place, p->jptr, ((size_t)p->nblocks + 1) * sizeof *place);
    for (size_t k = 0; k < p->nsl; k++)
        if (p->sl[k].fused)
            fused_fill(p, &p->sl[k], kern[k], place);
    free(place);
    free(kern);
    if (p->dr_bytes)
        p->mults += p->k->nn;   /* y = x * Dr, block by block */
}

/* The fused slice's "last factor": the trailing automata whose orders
 * multiply to at most FUSE_ORDER (at least the last one, at most all but
 * the first), so that an AUNF moves a longer contiguous slice and there
 * are fewer of them, the block of y staying in the first-level cache. */
int mvd_slice_group(const desc *d, uint64_t *nl)
{
    int group = d->naut - 1;
    *nl = (uint64_t)d->aut[group].order;
    while (group > 1 && *nl * (uint64_t)d->aut[group - 1].order <= FUSE_ORDER)
        *nl *= (uint64_t)d->aut[--group].order;
    return group;
}

static void fuse_group(mvd_plan *p)
{
    p->group = mvd_slice_group(p->k, &p->nl);
}

/* Whether term s joins the fused list: its factors of the group are
 * constant, and no function of its other factors reads the group's
 * automata (E is then a constant per AUNF). The AUNF count goes in fn. */
static int fuse_ok(mvd_plan *p, sl_term *s)
{
    const desc *d = p->k;
    uint64_t n = 1, nnz = 1;
    for (int a = 0; a < d->naut; a++) {
        const desc_matrix *m = s->f[a];
        if (a >= p->group) {
            /* The kernel indexes its elements with int. */
            if (m->functional || !mul_u64(nnz, m->nnz, &nnz) ||
                nnz > INT_MAX)
                return 0;
            continue;
        }
        for (size_t k = 0; k < m->nnz; k++)
            for (int b = p->group; b < d->naut; b++)
                if (reads(d, &m->e[k], b))
                    return 0;
        if (!mul_u64(n, m->nnz, &n))
            return 0;
    }
    s->fn = (size_t)n;
    return 1;
}

int mvd_slice_new(mvd_plan *p, size_t max_bytes, diag *dg)
{
    const desc *d = p->k;
    int last = d->naut - 1;
    p->ident = xcalloc((size_t)d->naut, sizeof *p->ident);
    p->sl = xcalloc(d->terms.len ? d->terms.len : 1, sizeof *p->sl);
    fuse_group(p);
    /* Sizes first, so nothing big is allocated when it is refused. */
    uint64_t need = (d->nn ? mvd_max_factor_nnz(d) : 0) * sizeof(double);
    uint64_t kbound = 0;   /* the fused kernels, before they are built */
    int ok = 1;
    for (size_t t = 0; t < d->terms.len; t++) {
        if (mvd_term_is_zero(d, t))
            continue;
        sl_term *s = &p->sl[p->nsl++];
        s->term = t;
        s->f = xcalloc((size_t)d->naut, sizeof *s->f);
        s->defer = xcalloc((size_t)d->naut, sizeof *s->defer);
        uint64_t n = 1;
        for (int a = 0; a < d->naut; a++) {
            const desc_matrix *m = d->terms.items[t].factor[a];
            if (!m) {
                if (!p->ident[a])
                    p->ident[a] = identity(d->aut[a].order);
                m = p->ident[a];
            }
            s->f[a] = m;
            if (a < last) {
                ok &= mul_u64(n, m->nnz, &n);
                for (size_t k = 0; k < m->nnz; k++)
                    s->deferred |= reads(d, &m->e[k], last);
            }
        }
        s->n = (size_t)n;
        s->fused = !p->faithful && d->nn && fuse_ok(p, s);
        for (int a = 0; a < last && !s->fused; a++) {
            const desc_matrix *m = s->f[a];
            s->defer[a] = xcalloc(m->nnz + 1, 1);
            need += m->nnz + 1;
            for (size_t k = 0; k < m->nnz; k++)
                s->defer[a][k] = (unsigned char)reads(d, &m->e[k], last);
        }
        if (s->fused) {   /* the fused list is stored */
            ok &= mul_u64(s->fn, sizeof(fs_aunf), &n) &&
                  add_u64(need, n, &need);
            kbound += fused_kernel_bound(p, s);
        }
    }
    for (int a = 0; a < d->naut; a++)
        if (p->ident[a])
            need += (uint64_t)p->ident[a]->order *
                    (sizeof(desc_entry) + sizeof(size_t));
    if (!p->faithful && d->nn)   /* block pointers, the scaled slice */
        need += (d->nn / p->nl + 1) * sizeof(size_t) +
                p->nl * sizeof(double);
    need += p->dr_bytes;
    ok &= add_u64(need, kbound, &need);
    if (!ok || need > max_bytes) {
        if (ok)
            mvd_too_big(p, dg, d, MVD_SLICE, need, max_bytes);
        else {
            diag_error(dg, desc_loc(p->k), "slice needs more than 2^64 bytes "
                       "for its AUNFs");
            p->over_budget = 1;
        }
        return -1;
    }
    p->bytes = (size_t)need;
    p->vals = xmalloc(mvd_max_factor_nnz(d) * sizeof *p->vals);
    for (size_t k = 0; k < p->nsl; k++) {
        sl_term *s = &p->sl[k];
        if (s->fused)
            continue;
        const desc_matrix *l = s->f[last];
        uint64_t rows = 0;
        for (int r = 0; r < l->order; r++)
            rows += l->rowptr[r] != l->rowptr[r + 1];
        /* Per AUNF and non-empty row r of the last factor: one scaling
         * E * x[i*nN + r], then one product per element of the row. */
        p->mults += (uint64_t)s->n * (rows + l->nnz);
    }
    if (!p->faithful && d->nn) {
        fuse_build(p);
        p->bytes -= (size_t)kbound;
        for (size_t k = 0; k < p->nfk; k++)
            p->bytes += (size_t)kernel_bytes(&p->fk[k]);
    }
    return 0;
}

/* E for the AUNF of pick at row r of the last factor: the deferred
 * functions (those reading the last automaton) evaluated with it at r. */
static double deferred_scale(const mvd_plan *p, const sl_term *s, double e,
                             const size_t *pick, const int *state)
{
    const desc *d = p->k;
    int last = d->naut - 1;
    for (int m = 0; m < last; m++)
        if (s->defer[m][pick[m]])
            e *= desc_eval(&d->funcs.items[s->f[m]->e[pick[m]].func], state);
    return e;
}

/* The fused block (of p->nl states) an unfused AUNF of pick writes
 * into: its destination over automata 0..N-2, j, less the automata of
 * the fused group before the last (whose states are inside the block). */
static uint64_t dest_block(const mvd_plan *p, const sl_term *s,
                           const size_t *pick)
{
    const desc *d = p->k;
    int last = d->naut - 1;
    uint64_t nlast = (uint64_t)d->aut[last].order, j = 0;
    for (int m = 0; m < last; m++)
        j += (uint64_t)s->f[m]->e[pick[m]].col * (d->nright[m] / nlast);
    return j / (p->nl / nlast);
}

void mvd_slice_block_costs(const mvd_plan *p, uint64_t aunf_extra,
                           uint64_t *cost)
{
    for (uint64_t b = 0; b < p->nblocks; b++) {
        cost[b] = p->dr ? p->nl : 0;
        for (size_t u = p->jptr[b]; u < p->jptr[b + 1]; u++)
            cost[b] += fused_kernel_mults(&p->fk[p->fa[u].kern]);
    }
    int last = p->k->naut - 1;
    for (size_t k = 0; k < p->nsl; k++) {
        const sl_term *s = &p->sl[k];
        if (s->fused)
            continue;
        const desc_matrix *l = s->f[last];
        uint64_t each = l->nnz + aunf_extra;   /* as mvd_slice_new counts */
        for (int r = 0; r < l->order; r++)
            each += l->rowptr[r] != l->rowptr[r + 1];
        size_t pick[DESC_MAX_AUTOMATA] = {0};
        for (size_t u = 0; u < s->n; u++, next_pick(s, last, pick))
            cost[dest_block(p, s, pick)] += each;
    }
}

/* One unfused AUNF of s, its non-zeros pick, into y: its scale and
 * blocks (aunf_at, which sets the row states of automata 0..N-2), the
 * last factor's values at those states when it is functional (again only
 * when the row block changes: *cur), and E * x's slice times each row of
 * the last factor. */
static void slice_aunf(mvd_plan *p, const sl_term *s, const size_t *pick,
                       int *state, uint64_t *cur, const double *x,
                       double *y)
{
    const desc *d = p->k;
    int last = d->naut - 1;
    const desc_matrix *l = s->f[last];
    uint64_t nl = (uint64_t)l->order;
    aunf au = aunf_at(d, s, pick, state);
    if (l->functional && au.i != *cur) {
        /* the last factor's values at each of its rows, with the row
         * states of automata 0..N-2 (aunf_at) */
        *cur = au.i;
        state[last] = 0;
        mvd_factor_values(d, l, last, 0, l->order, state, p->vals);
    }
    const double *xs = x + au.i * nl;
    double *ys = y + (au.j * nl - p->yoff);
    for (int r = 0; r < l->order; r++) {
        if (l->rowptr[r] == l->rowptr[r + 1])
            continue;
        double e = au.e;
        if (s->deferred) {
            state[last] = r;
            e = deferred_scale(p, s, e, pick, state);
        }
        double xr = e * xs[r];
        for (size_t k = l->rowptr[r]; k < l->rowptr[r + 1]; k++)
            ys[l->e[k].col] +=
                xr * (l->functional ? p->vals[k] : l->e[k].value);
    }
}

static void slice_term(mvd_plan *p, const sl_term *s, const double *x,
                       double *y)
{
    int last = p->k->naut - 1, state[DESC_MAX_AUTOMATA] = {0};
    size_t pick[DESC_MAX_AUTOMATA] = {0};
    uint64_t cur = UINT64_MAX;
    for (size_t u = 0; u < s->n; u++, next_pick(s, last, pick))
        slice_aunf(p, s, pick, state, &cur, x, y);
}

/* A rank's rows (mvd_plan_rows): the AUNFs of s that land in blocks blo
 * .. bhi - 1 only, block by block. Block b fixes the columns of the
 * factors before the group (b in mixed radix over their automata), so
 * its AUNFs pick those factors' non-zeros of that column (s->bycol) and
 * any of the others'; they come in ascending enumeration order, so each
 * row of y gets its terms' contributions in slice_term's order: the same
 * bits. Going through every AUNF to keep these (the first way tried)
 * cost each of 2 ranks 80 % of the whole product on Misto-like. */
static void slice_term_rows(mvd_plan *p, const sl_term *s, const double *x,
                            double *y)
{
    const desc *d = p->k;
    int last = d->naut - 1, g = p->group, state[DESC_MAX_AUTOMATA] = {0};
    size_t pick[DESC_MAX_AUTOMATA], at[DESC_MAX_AUTOMATA],
           lo[DESC_MAX_AUTOMATA], hi[DESC_MAX_AUTOMATA];
    uint64_t cur = UINT64_MAX;
    for (uint64_t b = p->blo; b < p->bhi; b++) {
        uint64_t rest = b;
        int empty = 0;
        for (int m = last - 1; m >= 0; m--) {
            if (m >= g) {
                lo[m] = 0;
                hi[m] = s->f[m]->nnz;
            } else {
                uint64_t c = rest % (uint64_t)d->aut[m].order;
                rest /= (uint64_t)d->aut[m].order;
                lo[m] = s->colptr[m][c];
                hi[m] = s->colptr[m][c + 1];
            }
            empty |= lo[m] == hi[m];
            at[m] = lo[m];
        }
        if (empty)   /* a factor has no non-zero there */
            continue;
        for (int m = 0; m < last; m++)
            pick[m] = m < g ? s->bycol[m][at[m]] : at[m];
        while (!empty) {
            slice_aunf(p, s, pick, state, &cur, x, y);
            int m = last - 1;
            for (; m >= 0; m--) {   /* the next, factor 0 the slowest */
                if (++at[m] < hi[m])
                    break;
                at[m] = lo[m];
            }
            empty = m < 0;
            for (int q = m < 0 ? 0 : m; q < last; q++)   /* those changed */
                pick[q] = q < g ? s->bycol[q][at[q]] : at[q];
        }
    }
}

/* yb += e * xs * K for one AUNF: the inner loop by kernel kind; t holds
 * n doubles (by diagonals, e * xs once, not once per diagonal). */
static void fused_aunf(const fs_kern *k, double e, const double *restrict xs,
                       double *restrict yb, double *restrict t)
{
    int n = k->n;
    switch (k->kind) {
    case FK_IDENT:
        for (int r = 0; r < n; r++)
            yb[r] += e * xs[r];
        break;
    case FK_DENSE:
        for (int r = 0; r < n; r++) {
            double xr = e * xs[r];
            const double *row = k->val + (size_t)r * (size_t)n;
            for (int c = 0; c < n; c++)
                yb[c] += xr * row[c];
        }
        break;
    case FK_DIA:
        if (k->ndiag == 1) {   /* one pass: no scaled copy */
            int o = k->off[0], lo = dia_lo(o), hi = dia_hi(n, o);
            const double *v = k->val - lo;
            for (int r = lo; r < hi; r++)
                yb[r + o] += e * v[r] * xs[r];
            break;
        }
        for (int r = 0; r < n; r++)
            t[r] = e * xs[r];
        for (int d = 0; d < k->ndiag; d++) {
            int o = k->off[d], lo = dia_lo(o), hi = dia_hi(n, o);
            const double *v = k->val + k->start[d] - lo;
            for (int r = lo; r < hi; r++)
                yb[r + o] += v[r] * t[r];
        }
        break;
    case FK_CSR:
        for (int r = 0; r < n; r++) {
            if (k->rowptr[r] == k->rowptr[r + 1])
                continue;
            double xr = e * xs[r];
            for (int q = k->rowptr[r]; q < k->rowptr[r + 1]; q++)
                yb[k->col[q]] += xr * k->val[q];
        }
        break;
    }
}

/* Whether the four AUNFs from a scale the same identity kernel (the
 * leading automata's elements over the trailing block: most AUNFs of a
 * model whose leading factors are dense). */
static int identity4(const mvd_plan *p, const fs_aunf *a)
{
    return p->fk[a->kern].kind == FK_IDENT && a[1].kern == a->kern &&
           a[2].kern == a->kern && a[3].kern == a->kern;
}

/* yb += e_i xs_i over four such AUNFs in one pass: yb[r] stays in a
 * register across them (a quarter of its loads and stores), added to in
 * the order of one AUNF after another, so the same bits. */
static void ident4(int n, const fs_aunf *a, const double *x,
                   double *restrict yb)
{
    const double *restrict x0 = x + a[0].src, *restrict x1 = x + a[1].src;
    const double *restrict x2 = x + a[2].src, *restrict x3 = x + a[3].src;
    double e0 = a[0].e, e1 = a[1].e, e2 = a[2].e, e3 = a[3].e;
    for (int r = 0; r < n; r++) {
        double v = yb[r];
        v += e0 * x0[r];
        v += e1 * x1[r];
        v += e2 * x2[r];
        v += e3 * x3[r];
        yb[r] = v;
    }
}

/* Fast slice: y block by block, each written once: x * Dr on the block,
 * then every fused AUNF into it while it is in cache (terms in order). */
static void fused_multiply(const mvd_plan *p, const double *x, double *y)
{
    uint64_t nl = p->nl;
    for (uint64_t b = p->blo; b < p->bhi; b++) {
        double *yb = y + (b * nl - p->yoff);
        const double *xb = x + b * nl;
        if (p->dr) {
            const double *db = p->dr + b * nl;
            for (uint64_t r = 0; r < nl; r++)
                yb[r] = db[r] * xb[r];
        } else
            memset(yb, 0, nl * sizeof *yb);
        for (size_t u = p->jptr[b]; u < p->jptr[b + 1];) {
            const fs_aunf *a = &p->fa[u];
            if (u + 4 <= p->jptr[b + 1] && identity4(p, a)) {
                ident4(p->fk[a->kern].n, a, x, yb);
                u += 4;
                continue;
            }
            fused_aunf(&p->fk[a->kern], a->e, x + a->src, yb, p->scaled);
            u++;
        }
    }
}

void mvd_slice_multiply(mvd_plan *p, const double *x, double *y)
{
    if (p->faithful || !p->k->nn)
        memset(y, 0, (size_t)p->k->nn * sizeof *y);
    else
        fused_multiply(p, x, y);
    for (size_t k = 0; k < p->nsl; k++)
        if (!p->sl[k].fused)
            (p->rows_cut ? slice_term_rows : slice_term)(p, &p->sl[k], x, y);
}

