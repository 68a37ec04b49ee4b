/* sched.c — the thesis's four schedulers over P ranks, and the load
 * report (sched.h; notes §6.3-6.6; precise-rules §3, D1, D2). */
#include <stdlib.h>
#include <string.h>

#include "mvd/kernels/kernels.h"
#include "mvd/sched.h"

const char *const mvd_sched_names[] = {"terms-rr", "terms-cost", "aunf",
                                       "rows", NULL};

const char *mvd_sched_name(mvd_sched_kind k)
{
    return k >= MVD_SCHED_TERMS_RR && k <= MVD_SCHED_ROWS
               ? mvd_sched_names[k] : "?";
}

/* Term t's eq. 9 cost, AUNFs and last non-zeros, added to the totals;
 * 0, or -1 after a diagnostic when a count does not fit 64 bits. nn /
 * n_i is exact (n_i divides the product), so eq. 9 is a sum of whole
 * numbers. */
static int term_cost(mvd_sched *s, const desc *d, size_t t, diag *dg)
{
    mvd_term_cost *c = &s->cost[t];
    const char *what = NULL;
    uint64_t part, mults;
    c->eq9 = 0;
    c->aunfs = 1;
    c->nzlast = mvd_factor_nnz(d, t, d->naut - 1);
    for (int a = 0; a < d->naut && !what; a++) {
        uint64_t nz = mvd_factor_nnz(d, t, a);
        if (!mul_u64(d->nn / (uint64_t)d->aut[a].order, nz, &part) ||
            !add_u64(c->eq9, part, &c->eq9))
            what = "eq. 9 cost";
        else if (a + 1 < d->naut && !mul_u64(c->aunfs, nz, &c->aunfs))
            what = "AUNF count";
    }
    if (!what && (!add_u64(s->total_eq9, c->eq9, &s->total_eq9) ||
                  !add_u64(s->term_first[t], c->aunfs,
                           &s->term_first[t + 1]) ||
                  !mul_u64(c->aunfs, c->nzlast, &mults) ||
                  !add_u64(s->total_mults, mults, &s->total_mults)))
        what = "running total of the work";
    if (what)
        diag_error(dg, desc_loc(d), "the %s at term %zu (%s) does not fit "
                   "64 bits", what, t, d->terms.items[t].label);
    return what ? -1 : 0;
}

/* Algorithm 3's list: decreasing cost, then ascending term index, so
 * the order is total (the thesis's quicksort is not stable). */
typedef struct {
    uint64_t cost;
    size_t term;
} costed;

static int by_cost(const void *a, const void *b)
{
    const costed *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost > y->cost ? -1 : 1;
    return x->term < y->term ? -1 : x->term > y->term;
}

/* Algorithm 2 (and 4): term t to rank t mod P, each rank's terms
 * ascending. */
static void terms_rr(mvd_sched *s)
{
    size_t at = 0;
    for (int r = 0; r < s->ranks; r++) {
        s->first[r] = at;
        for (size_t t = (size_t)r; t < s->nterms; t += (size_t)s->ranks)
            s->term[at++] = t;
    }
    s->first[s->ranks] = at;
}

/* Algorithm 3: greedy, the costliest term first to the least loaded
 * rank (strict <, so the lowest rank on ties). */
static void terms_cost(mvd_sched *s)
{
    size_t n = s->nterms;
    costed *list = xmalloc((n ? n : 1) * sizeof *list);
    int *owner = xmalloc((n ? n : 1) * sizeof *owner);
    uint64_t *load = xcalloc((size_t)s->ranks, sizeof *load);
    size_t *count = xcalloc((size_t)s->ranks, sizeof *count);
    for (size_t t = 0; t < n; t++)
        list[t] = (costed){s->cost[t].eq9, t};
    qsort(list, n, sizeof *list, by_cost);
    for (size_t k = 0; k < n; k++) {
        int least = 0;
        for (int p = 1; p < s->ranks; p++)
            if (load[p] < load[least])
                least = p;
        owner[k] = least;
        count[least]++;
        load[least] += list[k].cost;   /* <= the total, which fits */
    }
    s->first[0] = 0;
    for (int r = 0; r < s->ranks; r++)
        s->first[r + 1] = s->first[r] + count[r];
    memset(count, 0, (size_t)s->ranks * sizeof *count);
    for (size_t k = 0; k < n; k++) {
        int r = owner[k];
        s->term[s->first[r] + count[r]++] = list[k].term;
    }
    free(list);
    free(owner);
    free(load);
    free(count);
}

/* Algorithm 5: A / P AUNFs each, one more for the first A mod P ranks,
 * in contiguous ranges. */
static void aunf_blocks(mvd_sched *s)
{
    uint64_t total = s->term_first[s->nterms], p = (uint64_t)s->ranks;
    uint64_t each = total / p, rest = total % p;
    s->start[0] = 0;
    for (uint64_t r = 0; r < p; r++)
        s->start[r + 1] = s->start[r] + each + (r < rest);
}

int mvd_sched_build(mvd_sched *s, const desc *d, mvd_sched_kind kind,
                    int ranks, diag *dg)
{
    *s = (mvd_sched){.kind = kind, .ranks = ranks, .nterms = d->terms.len};
    size_t n = s->nterms;
    s->cost = xcalloc(n ? n : 1, sizeof *s->cost);
    s->term_first = xcalloc(n + 1, sizeof *s->term_first);
    for (size_t t = 0; t < n; t++)
        if (term_cost(s, d, t, dg) < 0) {
            mvd_sched_free(s);
            return -1;
        }
    if (kind == MVD_SCHED_ROWS) {   /* mvd_sched_set_rows fills them */
        s->start = xcalloc((size_t)ranks + 1, sizeof *s->start);
        s->rows_mults = xcalloc((size_t)ranks, sizeof *s->rows_mults);
    } else if (kind == MVD_SCHED_AUNF) {
        s->start = xmalloc(((size_t)ranks + 1) * sizeof *s->start);
        aunf_blocks(s);
    } else {
        s->first = xmalloc(((size_t)ranks + 1) * sizeof *s->first);
        s->term = xmalloc((n ? n : 1) * sizeof *s->term);
        if (kind == MVD_SCHED_TERMS_RR)
            terms_rr(s);
        else
            terms_cost(s);
    }
    return 0;
}

void mvd_sched_free(mvd_sched *s)
{
    free(s->cost);
    free(s->term_first);
    free(s->first);
    free(s->term);
    free(s->start);
    free(s->rows_mults);
    *s = (mvd_sched){0};
}

void mvd_sched_set_rows(mvd_sched *s, const uint64_t *lo,
                        const uint64_t *mults)
{
    memcpy(s->start, lo, ((size_t)s->ranks + 1) * sizeof *lo);
    memcpy(s->rows_mults, mults, (size_t)s->ranks * sizeof *mults);
}

size_t mvd_sched_aunf_term(const mvd_sched *s, uint64_t k)
{
    size_t lo = 0, hi = s->nterms;   /* term_first[lo] <= k < [hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->term_first[mid] <= k)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

void mvd_sched_aunf_decode(const mvd_sched *s, const desc *d, uint64_t k,
                           size_t *term, uint64_t *pick)
{
    size_t t = mvd_sched_aunf_term(s, k);
    uint64_t local = k - s->term_first[t];
    for (int m = d->naut - 2; m >= 0; m--) {
        uint64_t nz = mvd_factor_nnz(d, t, m);
        pick[m] = local % nz;
        local /= nz;
    }
    *term = t;
}

/* Rank r's AUNF range, term by term: the first term it touches (nterms
 * when it is empty), then for each term t from there, while piece() is
 * 1, the term-local AUNFs *lo..*hi-1 of t in the range (none when t has
 * no AUNFs). */
static size_t first_piece(const mvd_sched *s, int r)
{
    return s->start[r] < s->start[r + 1]
               ? mvd_sched_aunf_term(s, s->start[r]) : s->nterms;
}

static int piece(const mvd_sched *s, int r, size_t t, uint64_t *lo,
                 uint64_t *hi)
{
    if (t >= s->nterms || s->term_first[t] >= s->start[r + 1])
        return 0;
    uint64_t a = s->term_first[t] > s->start[r] ? s->term_first[t]
                                                : s->start[r];
    uint64_t b = s->term_first[t + 1] < s->start[r + 1]
                     ? s->term_first[t + 1] : s->start[r + 1];
    *lo = a - s->term_first[t];
    *hi = (b > a ? b : a) - s->term_first[t];
    return 1;
}

/* Adds term t's AUNFs lo..hi-1 (term-local) to a rank's load. */
static void add_part(const mvd_sched *s, size_t t, uint64_t lo, uint64_t hi,
                     mvd_rank_load *out)
{
    out->terms++;
    out->aunfs += hi - lo;
    out->mults += (hi - lo) * s->cost[t].nzlast;
}

void mvd_sched_load(const mvd_sched *s, int r, mvd_rank_load *out)
{
    *out = (mvd_rank_load){.has_eq9 = s->kind != MVD_SCHED_AUNF &&
                                      s->kind != MVD_SCHED_ROWS,
                           .has_aunfs = s->kind != MVD_SCHED_ROWS};
    if (s->kind == MVD_SCHED_ROWS) {
        if (s->start[r] < s->start[r + 1])   /* the terms not zero */
            for (size_t t = 0; t < s->nterms; t++)
                out->terms += s->cost[t].aunfs > 0 && s->cost[t].nzlast > 0;
        out->mults = s->rows_mults[r];
        return;
    }
    if (s->kind != MVD_SCHED_AUNF) {
        for (size_t k = s->first[r]; k < s->first[r + 1]; k++) {
            size_t t = s->term[k];
            add_part(s, t, 0, s->cost[t].aunfs, out);
            out->eq9 += s->cost[t].eq9;
        }
        return;
    }
    uint64_t lo, hi;
    for (size_t t = first_piece(s, r); piece(s, r, t, &lo, &hi); t++)
        if (lo < hi)
            add_part(s, t, lo, hi, out);
}

int mvd_sched_idle(const mvd_sched *s)
{
    int idle = 0;
    for (int r = 0; r < s->ranks; r++) {
        mvd_rank_load l;
        mvd_sched_load(s, r, &l);
        idle += l.terms == 0;
    }
    return idle;
}

/* ------------------------------------------------------- a rank's share */

/* Appends to out the part of term t of d that holds the AUNFs picking
 * non-zero pick[m] of factor m for m < level and non-zeros lo..hi
 * (inclusive) of factor `level`, any of the factors after it; the last
 * factor whole. level -1: the whole term. A restricted identity becomes
 * its kept diagonal ones. */
static void add_box(desc *out, const desc *d, size_t t, int level,
                    const uint64_t *pick, uint64_t lo, uint64_t hi)
{
    const desc_term *term = &d->terms.items[t];
    int nt = desc_add_term(out, term->kind, term->label);
    for (int a = 0; a < d->naut; a++) {
        const desc_matrix *m = term->factor[a];
        uint64_t from = 0, to = UINT64_MAX;
        if (a < level)
            from = to = pick[a];
        else if (a == level)
            from = lo, to = hi;
        else if (!m)
            continue;   /* stays the identity */
        if (!m) {
            for (uint64_t r = from; r <= to; r++)
                desc_add_entry(out, nt, a, (int)r, (int)r, 1.0, -1);
            continue;
        }
        for (size_t k = 0; k < m->nnz; k++)
            if (k >= from && k <= to)
                desc_add_entry(out, nt, a, m->e[k].row, m->e[k].col,
                               m->e[k].value, m->e[k].func);
    }
}

/* Appends term t's AUNFs lo..hi-1 (lo < hi) of the subtree at `level`,
 * the digits before it fixed in pick, as boxes (add_box) in the
 * enumeration's order: a partial first digit, the whole digits between,
 * a partial last digit, so at most two boxes a level. */
static void add_range(desc *out, const desc *d, size_t t, int level,
                      uint64_t *pick, uint64_t lo, uint64_t hi)
{
    uint64_t w = 1;   /* the AUNFs under one digit of this level */
    for (int m = level + 1; m < d->naut - 1; m++)
        w *= mvd_factor_nnz(d, t, m);
    uint64_t dlo = lo / w, dhi = (hi - 1) / w;
    if (lo % w) {
        pick[level] = dlo;
        add_range(out, d, t, level + 1, pick, lo % w,
                  dlo == dhi ? hi - dlo * w : w);
        if (dlo == dhi)
            return;
        dlo++;
    }
    int tail = hi % w != 0;
    uint64_t end = tail ? dhi : dhi + 1;   /* whole digits dlo..end-1 */
    if (dlo < end)
        add_box(out, d, t, level, pick, dlo, end - 1);
    if (tail) {
        pick[level] = dhi;
        add_range(out, d, t, level + 1, pick, 0, hi - dhi * w);
    }
}

void mvd_sched_part(const mvd_sched *s, const desc *d, int r, desc *out)
{
    mvd_desc_head(d, out);
    if (s->kind == MVD_SCHED_ROWS) {   /* every term: the rows cut the plan */
        for (size_t t = 0; t < d->terms.len; t++)
            if (!mvd_term_is_zero(d, t))
                add_box(out, d, t, -1, NULL, 0, 0);
    } else if (s->kind != MVD_SCHED_AUNF) {
        for (size_t k = s->first[r]; k < s->first[r + 1]; k++)
            if (!mvd_term_is_zero(d, s->term[k]))
                add_box(out, d, s->term[k], -1, NULL, 0, 0);
    } else {
        uint64_t lo, hi, pick[DESC_MAX_AUTOMATA];
        for (size_t t = first_piece(s, r); piece(s, r, t, &lo, &hi); t++) {
            if (lo >= hi || mvd_term_is_zero(d, t))
                continue;
            if (lo == 0 && hi == s->cost[t].aunfs)
                add_box(out, d, t, -1, NULL, 0, 0);
            else
                add_range(out, d, t, 0, pick, lo, hi);
        }
    }
    mvd_desc_done(out);
}

void mvd_sched_warn_idle(const mvd_sched *s, diag *dg, srcloc at)
{
    int idle = mvd_sched_idle(s);
    if (idle && s->kind == MVD_SCHED_ROWS)
        diag_warning(dg, at, "%d of %d ranks idle: rows gives whole blocks "
                     "of the fast slice's product, and too few of them "
                     "have work", idle, s->ranks);
    else if (idle)
        diag_warning(dg, at, "%d of %d ranks idle: %s gives whole %s, and "
                     "the descriptor has %llu", idle, s->ranks,
                     mvd_sched_name(s->kind),
                     s->kind == MVD_SCHED_AUNF ? "AUNFs" : "terms",
                     (unsigned long long)(s->kind == MVD_SCHED_AUNF
                                              ? s->term_first[s->nterms]
                                              : s->nterms));
}

/* ------------------------------------------------------------ report */

/* "imbalance MEASURE MAX MEAN RATIO": the mean over all ranks, idle ones
 * included; the ratio 1 when there is no work at all. */
static void put_imbalance(FILE *fp, const char *measure, uint64_t max,
                          uint64_t total, int ranks)
{
    fprintf(fp, "imbalance %s %llu ", measure, (unsigned long long)max);
    tf_put_double(fp, (double)total / ranks);
    fputc(' ', fp);
    tf_put_double(fp, total ? (double)max * ranks / (double)total : 1.0);
    fputc('\n', fp);
}

/* Eq. 13, which the thesis's Table 2 calls sparsity: the mean of
 * nz / n^2 over every factor of every term, in percent (an identity
 * counting n non-zeros); 0 without terms. */
static double density(const desc *d)
{
    double sum = 0;
    for (size_t t = 0; t < d->terms.len; t++)
        for (int a = 0; a < d->naut; a++) {
            double n = d->aut[a].order;
            sum += (double)mvd_factor_nnz(d, t, a) / (n * n);
        }
    return d->terms.len ? 100 * sum / ((double)d->terms.len * d->naut) : 0;
}

void mvd_sched_write(FILE *fp, const mvd_sched *s, const desc *d,
                     const char *algo, const char *source)
{
    fputs("mvd-load 1\nsource ", fp);
    tf_put_string(fp, source);
    fprintf(fp, "\nschedule %s %s %d\ndensity ", mvd_sched_name(s->kind),
            algo, s->ranks);
    tf_put_double(fp, density(d));
    fputc('\n', fp);
    for (size_t t = 0; t < s->nterms; t++) {
        const mvd_term_cost *c = &s->cost[t];
        fprintf(fp, "term %zu ", t);
        desc_put_name(fp, d->terms.items[t].label);
        fprintf(fp, " %llu %llu %llu\n", (unsigned long long)c->eq9,
                (unsigned long long)c->aunfs, (unsigned long long)c->nzlast);
    }
    for (int r = 0; r < s->ranks; r++) {
        if (s->kind == MVD_SCHED_ROWS) {
            fprintf(fp, "rows %d %llu %llu\n", r,
                    (unsigned long long)s->start[r],
                    (unsigned long long)(s->start[r + 1] - s->start[r]));
            continue;
        }
        if (s->kind != MVD_SCHED_AUNF) {
            fprintf(fp, "assign %d", r);
            for (size_t k = s->first[r]; k < s->first[r + 1]; k++)
                fprintf(fp, " %zu", s->term[k]);
            fputs(s->first[r] == s->first[r + 1] ? " -\n" : "\n", fp);
            continue;
        }
        uint64_t lo, hi;
        fprintf(fp, "range %d %llu %llu\n", r,
                (unsigned long long)s->start[r],
                (unsigned long long)(s->start[r + 1] - s->start[r]));
        for (size_t t = first_piece(s, r); piece(s, r, t, &lo, &hi); t++)
            if (lo < hi)
                fprintf(fp, "piece %d %zu %llu %llu\n", r, t,
                        (unsigned long long)lo,
                        (unsigned long long)(hi - lo));
    }
    uint64_t max_eq9 = 0, max_aunfs = 0, max_mults = 0;
    for (int r = 0; r < s->ranks; r++) {
        mvd_rank_load l;
        mvd_sched_load(s, r, &l);
        fprintf(fp, "load %d %llu ", r, (unsigned long long)l.terms);
        if (l.has_eq9)
            fprintf(fp, "%llu", (unsigned long long)l.eq9);
        else
            fputc('-', fp);
        if (l.has_aunfs)
            fprintf(fp, " %llu", (unsigned long long)l.aunfs);
        else
            fputs(" -", fp);
        fprintf(fp, " %llu\n", (unsigned long long)l.mults);
        max_eq9 = l.eq9 > max_eq9 ? l.eq9 : max_eq9;
        max_aunfs = l.aunfs > max_aunfs ? l.aunfs : max_aunfs;
        max_mults = l.mults > max_mults ? l.mults : max_mults;
    }
    if (s->kind == MVD_SCHED_ROWS) {   /* the fast slice's count */
        uint64_t total = 0;
        for (int r = 0; r < s->ranks; r++)
            total += s->rows_mults[r];
        put_imbalance(fp, "mults", max_mults, total, s->ranks);
    } else {
        if (s->kind != MVD_SCHED_AUNF)
            put_imbalance(fp, "eq9", max_eq9, s->total_eq9, s->ranks);
        put_imbalance(fp, "aunfs", max_aunfs, s->term_first[s->nterms],
                      s->ranks);
        put_imbalance(fp, "mults", max_mults, s->total_mults, s->ranks);
    }
    fprintf(fp, "idle %d\nend %d %zu\n", mvd_sched_idle(s), s->ranks,
            s->nterms);
}
