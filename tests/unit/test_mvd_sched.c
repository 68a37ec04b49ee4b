/* Unit tests of lib/mvd/sched.c: the thesis's schedulers on P ranks
 * (notes §6.3-6.6, precise-rules §3): Figure 6's round-robin, the eq. 9
 * loads and AUNF blocks of Figure 7, Algorithm 3's greedy order and ties,
 * idle ranks, and the AUNF enumeration (D2) against the AUNFs slice makes
 * (mvd_slice_aunf). And lib/mvd/emit.c (mvd-solve --emit-proto), which
 * writes a schedule as a prototype: every one it writes compiles as the
 * proto language, the loads are the schedule's, and the additions of the
 * sum are (P - 1) vectors in all, on rank 0 (faithful) or over the blocks
 * the run-time cuts, uneven ones included (36 states on 5 ranks: blocks
 * of 7, 7, 7, 7 and 8). */
#include <stdlib.h>
#include <string.h>

#include "mvd/emit.h"
#include "mvd/kernels/kernels.h"    /* slice's AUNFs (white box) */
#include "mvd/sched.h"
#include "proto/proto.h"
#include "unit.h"

#ifndef ROOT
#define ROOT "."
#endif

static int read_text(desc *d, const char *text)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    diag dg;
    diag_init(&dg, "test", stderr);
    int status = desc_read(d, in, "t.desc", &dg);
    fclose(in);
    return status;
}

static int read_figure8(desc *d)
{
    FILE *in = fopen(ROOT "/examples/san/figure8.desc", "r");
    if (!in)
        return -1;
    diag dg;
    diag_init(&dg, "test", stderr);
    int status = desc_read(d, in, "figure8.desc", &dg);
    fclose(in);
    return status;
}

/* A plain descriptor of one automaton of order 3 whose term t has nz[t]
 * non-zeros (eq. 9 is then nz[t]: nn = n = 3). */
static int costed_terms(desc *d, const int *nz, int n)
{
    strbuf sb = {0};
    for (int t = 0; t < n; t++) {
        sb_printf(&sb, "1\n3\n");
        for (int k = 0; k < 9; k++)
            sb_printf(&sb, "%d%s", k < nz[t] ? t + 1 : 0,
                      k % 3 == 2 ? "\n" : " ");
    }
    int status = read_text(d, sb_str(&sb));
    sb_free(&sb);
    return status;
}

static int build(mvd_sched *s, const desc *d, mvd_sched_kind k, int p)
{
    diag dg;
    diag_init(&dg, "test", stderr);
    return mvd_sched_build(s, d, k, p, &dg);
}

/* Rank r's terms as "a b c". */
static void rank_terms(const mvd_sched *s, int r, char *out, size_t len)
{
    size_t at = 0;
    out[0] = '\0';
    for (size_t k = s->first[r]; k < s->first[r + 1] && at < len; k++)
        at += (size_t)snprintf(out + at, len - at, "%s%zu",
                               k > s->first[r] ? " " : "", s->term[k]);
}

/* Figure 6: 16 terms on 3 ranks, round-robin. */
static void test_figure6(void)
{
    int nz[16];
    for (int t = 0; t < 16; t++)
        nz[t] = 1 + t % 9;
    desc d;
    CHECK_INT(costed_terms(&d, nz, 16), 0);
    mvd_sched s;
    CHECK_INT(build(&s, &d, MVD_SCHED_TERMS_RR, 3), 0);
    char got[128];
    rank_terms(&s, 0, got, sizeof got);
    CHECK_STR(got, "0 3 6 9 12 15");
    rank_terms(&s, 1, got, sizeof got);
    CHECK_STR(got, "1 4 7 10 13");
    rank_terms(&s, 2, got, sizeof got);
    CHECK_STR(got, "2 5 8 11 14");
    CHECK_INT(mvd_sched_idle(&s), 0);
    mvd_sched_free(&s);
    desc_free(&d);
}

/* Figure 7 at 2 ranks: eq. 9 costs 159 and 123 under both term
 * schedulers; AUNF blocks 25/24 and 17/16/16. */
static void test_figure7(void)
{
    desc d;
    CHECK_INT(read_figure8(&d), 0);
    if (d.terms.len != 2)
        return;
    mvd_sched s;
    mvd_rank_load l;
    for (int k = MVD_SCHED_TERMS_RR; k <= MVD_SCHED_TERMS_COST; k++) {
        CHECK_INT(build(&s, &d, (mvd_sched_kind)k, 2), 0);
        CHECK_INT(s.cost[0].eq9, 159);
        CHECK_INT(s.cost[1].eq9, 123);
        mvd_sched_load(&s, 0, &l);
        CHECK_INT(l.eq9, 159);
        CHECK_INT(l.terms, 1);
        CHECK_INT(l.aunfs, 21);
        CHECK_INT(l.mults, 105);   /* 21 AUNFs x nz(C0) = 5 */
        mvd_sched_load(&s, 1, &l);
        CHECK_INT(l.eq9, 123);
        CHECK_INT(l.aunfs, 28);
        CHECK_INT(l.mults, 28);
        mvd_sched_free(&s);
    }
    static const int blocks[3][4] = {{49}, {25, 24}, {17, 16, 16}};
    for (int p = 1; p <= 3; p++) {
        CHECK_INT(build(&s, &d, MVD_SCHED_AUNF, p), 0);
        uint64_t mults = 0;
        for (int r = 0; r < p; r++) {
            mvd_sched_load(&s, r, &l);
            CHECK_INT(l.aunfs, blocks[p - 1][r]);
            CHECK(!l.has_eq9);
            mults += l.mults;
        }
        CHECK_INT(mults, 133);   /* the expanded Q's non-zeros */
        mvd_sched_free(&s);
    }
    /* P = 2: rank 0 holds term 0 whole and term 1's AUNFs 0-3, so two
     * terms and 21 x 5 + 4 x 1 products. */
    CHECK_INT(build(&s, &d, MVD_SCHED_AUNF, 2), 0);
    mvd_sched_load(&s, 0, &l);
    CHECK_INT(l.terms, 2);
    CHECK_INT(l.mults, 109);
    mvd_sched_free(&s);
    desc_free(&d);
}

/* Algorithm 3: terms 0-4 of costs 3 4 3 5 3 on 2 ranks. 5 (term 3) ->
 * rank 0, 4 (term 1) -> 1, 3 (term 0, the lower of the equal costs) -> 1
 * (4 < 5), 3 (term 2) -> 0 (5 < 7), 3 (term 4) -> 1 (7 < 8): loads 8
 * and 10. Equal loads go to the lower rank: costs 2 2 2 give term 0 to
 * rank 0, term 1 to rank 1, term 2 to rank 0 (2 = 2). */
static void test_greedy(void)
{
    desc d;
    mvd_sched s;
    mvd_rank_load l;
    char got[64];
    CHECK_INT(costed_terms(&d, (const int[]){3, 4, 3, 5, 3}, 5), 0);
    CHECK_INT(build(&s, &d, MVD_SCHED_TERMS_COST, 2), 0);
    rank_terms(&s, 0, got, sizeof got);
    CHECK_STR(got, "3 2");
    rank_terms(&s, 1, got, sizeof got);
    CHECK_STR(got, "1 0 4");
    mvd_sched_load(&s, 0, &l);
    CHECK_INT(l.eq9, 8);
    mvd_sched_load(&s, 1, &l);
    CHECK_INT(l.eq9, 10);
    mvd_sched_free(&s);
    desc_free(&d);

    CHECK_INT(costed_terms(&d, (const int[]){2, 2, 2}, 3), 0);
    CHECK_INT(build(&s, &d, MVD_SCHED_TERMS_COST, 2), 0);
    rank_terms(&s, 0, got, sizeof got);
    CHECK_STR(got, "0 2");
    rank_terms(&s, 1, got, sizeof got);
    CHECK_STR(got, "1");
    mvd_sched_free(&s);
    desc_free(&d);
}

/* More ranks than work: term schedulers leave P - terms ranks idle, aunf
 * P - AUNFs. Every scheduler at every P gives every unit exactly once. */
static void test_partition(void)
{
    desc d;
    CHECK_INT(read_figure8(&d), 0);
    mvd_sched s;
    CHECK_INT(build(&s, &d, MVD_SCHED_TERMS_RR, 5), 0);
    CHECK_INT(mvd_sched_idle(&s), 3);
    mvd_sched_free(&s);
    CHECK_INT(build(&s, &d, MVD_SCHED_AUNF, 50), 0);
    CHECK_INT(mvd_sched_idle(&s), 1);
    mvd_sched_free(&s);
    for (int k = 0; k < 3; k++)
        for (int p = 1; p <= 60; p++) {
            CHECK_INT(build(&s, &d, (mvd_sched_kind)k, p), 0);
            uint64_t aunfs = 0, mults = 0, eq9 = 0;
            int seen[2] = {0, 0};
            for (int r = 0; r < p; r++) {
                mvd_rank_load l;
                mvd_sched_load(&s, r, &l);
                aunfs += l.aunfs;
                mults += l.mults;
                eq9 += l.eq9;
                if (k != MVD_SCHED_AUNF)
                    for (size_t q = s.first[r]; q < s.first[r + 1]; q++)
                        seen[s.term[q]]++;
            }
            CHECK_INT(aunfs, 49);
            CHECK_INT(mults, 133);
            if (k != MVD_SCHED_AUNF) {
                CHECK_INT(eq9, 282);
                CHECK(seen[0] == 1 && seen[1] == 1);
                CHECK_INT(mvd_sched_idle(&s), p > 2 ? p - 2 : 0);
            } else {
                CHECK_INT(mvd_sched_idle(&s), p > 49 ? p - 49 : 0);
            }
            mvd_sched_free(&s);
        }
    desc_free(&d);
}

/* D2: global AUNF k decodes to the element picks that give slice's own
 * list entry k (faithful plan: term-major, factor 0 most significant,
 * non-zeros row-major). On Figure 7, AUNF 25 is A1 (0,1) = 6 times B1
 * (0,0) = 2. */
static void test_enumeration(void)
{
    desc d;
    CHECK_INT(read_figure8(&d), 0);
    mvd_sched s;
    CHECK_INT(build(&s, &d, MVD_SCHED_AUNF, 2), 0);
    size_t t;
    uint64_t pick[DESC_MAX_AUTOMATA];
    mvd_sched_aunf_decode(&s, &d, 25, &t, pick);
    CHECK_INT(t, 1);
    CHECK_INT(pick[0], 1);
    CHECK_INT(pick[1], 0);
    CHECK_INT(s.start[1], 25);
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, 1000, &dg), 0);
    mvd_plan *p = mvd_plan_new_mode(&d, &sp, MVD_SLICE, 1, (size_t)1 << 30,
                                    &dg);
    CHECK(p && p->nsl == 2);
    for (uint64_t k = 0; p && p->nsl == 2 && k < 49; k++) {
        mvd_sched_aunf_decode(&s, &d, k, &t, pick);
        size_t made[DESC_MAX_AUTOMATA];
        aunf got = mvd_slice_aunf(p, t, k - s.term_first[t], made);
        const aunf *au = &got;
        double e = 1;
        uint64_t i = 0, j = 0;
        for (int m = 0; m < d.naut - 1; m++) {
            const desc_entry *en = &d.terms.items[t].factor[m]->e[pick[m]];
            uint64_t nr = d.nright[m] / (uint64_t)d.aut[d.naut - 1].order;
            e *= en->value;
            i += (uint64_t)en->row * nr;
            j += (uint64_t)en->col * nr;
        }
        CHECK(au->e == e && au->i == i && au->j == j);
    }
    mvd_plan_free(p);
    mvd_space_free(&sp);
    mvd_sched_free(&s);
    desc_free(&d);
}

/* Random plain descriptors (1-4 automata of order 1-4, 1-12 terms of
 * random density, zero factors included) on 1-20 ranks: every term on
 * one rank, loads adding up to the totals; terms-cost's owners those of
 * Algorithm 3 done again here; aunf's blocks of A / P or one more, first
 * ranks first; every AUNF decoding to picks in range that encode it
 * back. */
/* A random plain descriptor: 1-4 automata of order 1-4, 1-12 terms of
 * random density (zero factors included), elements 0 or `one`, or 1-3
 * when one is 0. 0, or -1 when it does not read. */
static int random_desc(rng *r, desc *d, int one)
{
    int naut = 1 + (int)rng_below(r, 4), nterms = 1 + (int)rng_below(r, 12);
    int order[4];
    for (int a = 0; a < naut; a++)
        order[a] = 1 + (int)rng_below(r, 4);
    strbuf sb = {0};
    for (int t = 0; t < nterms; t++) {
        sb_printf(&sb, "%d\n", naut);
        int fill = (int)rng_below(r, 101);
        for (int a = 0; a < naut; a++) {
            sb_printf(&sb, "%d\n", order[a]);
            for (int k = 0; k < order[a] * order[a]; k++)
                sb_printf(&sb, "%d%s", (int)rng_below(r, 100) < fill
                                           ? (one ? one
                                                  : 1 + (int)rng_below(r, 3))
                                           : 0,
                          k % order[a] == order[a] - 1 ? "\n" : " ");
        }
    }
    int status = read_text(d, sb_str(&sb));
    sb_free(&sb);
    return status;
}

static void test_random(void)
{
    rng r;
    rng_seed(&r, 13);
    for (int round = 0; round < 300; round++) {
        desc d;
        int ok = random_desc(&r, &d, 1) == 0;
        CHECK(ok);
        if (!ok)
            return;
        int naut = d.naut, nterms = (int)d.terms.len;
        int p = 1 + (int)rng_below(&r, 20);
        for (int k = 0; k < 3; k++) {
            mvd_sched s;
            CHECK_INT(build(&s, &d, (mvd_sched_kind)k, p), 0);
            uint64_t eq9 = 0, aunfs = 0, mults = 0;
            int seen[12] = {0};
            for (int q = 0; q < p; q++) {
                mvd_rank_load l;
                mvd_sched_load(&s, q, &l);
                eq9 += l.eq9;
                aunfs += l.aunfs;
                mults += l.mults;
                if (k != MVD_SCHED_AUNF) {
                    for (size_t u = s.first[q]; u < s.first[q + 1]; u++)
                        seen[s.term[u]]++;
                } else {
                    uint64_t a = s.term_first[s.nterms], n = s.start[q + 1] -
                                                              s.start[q];
                    CHECK(n == a / (uint64_t)p + ((uint64_t)q < a % (uint64_t)p));
                }
            }
            CHECK_INT(aunfs, s.term_first[s.nterms]);
            CHECK_INT(mults, s.total_mults);
            if (k != MVD_SCHED_AUNF) {
                CHECK_INT(eq9, s.total_eq9);
                for (int t = 0; t < nterms; t++)
                    CHECK_INT(seen[t], 1);
            }
            if (k == MVD_SCHED_TERMS_COST) {
                /* Algorithm 3 again, by selection: the costliest term
                 * left (the lower index on ties) to the least loaded
                 * rank (the lower on ties) must be where it is. */
                uint64_t load[20] = {0};
                int done[12] = {0}, owner[12];
                for (int q = 0; q < p; q++)
                    for (size_t u = s.first[q]; u < s.first[q + 1]; u++)
                        owner[s.term[u]] = q;
                for (int n = 0; n < nterms; n++) {
                    int t = -1, least = 0;
                    for (int c = 0; c < nterms; c++)
                        if (!done[c] && (t < 0 || s.cost[c].eq9 > s.cost[t].eq9))
                            t = c;
                    for (int q = 1; q < p; q++)
                        if (load[q] < load[least])
                            least = q;
                    CHECK_INT(owner[t], least);
                    done[t] = 1;
                    load[least] += s.cost[t].eq9;
                }
            }
            for (uint64_t g = 0; g < s.term_first[s.nterms]; g++) {
                size_t t;
                uint64_t pick[4], back = 0;
                mvd_sched_aunf_decode(&s, &d, g, &t, pick);
                for (int m = 0; m + 1 < naut; m++) {
                    uint64_t nz = mvd_factor_nnz(&d, t, m);
                    CHECK(pick[m] < nz);
                    back = back * nz + pick[m];
                }
                CHECK(s.term_first[t] + back == g);
            }
            mvd_sched_free(&s);
        }
        desc_free(&d);
    }
}

/* A random descriptor of small whole numbers (random_desc) and its
 * space; -1 after a failed check. */
static int random_model(rng *r, desc *d, mvd_space *sp)
{
    diag dg;
    diag_init(&dg, "test", stderr);
    if (random_desc(r, d, 0) < 0) {
        CHECK(0);
        return -1;
    }
    CHECK_INT(mvd_space_build(sp, d, d->nn, &dg), 0);
    return 0;
}

/* x * share_0 + ... + x * share_{P-1}, each share's product by a plan
 * on it (mvd_plan_new_part), summed in rank order; and the AUNFs the
 * shares' faithful slice plans make against the schedule's. */
static void shares_product(const desc *d, const mvd_space *sp,
                           mvd_sched_kind k, mvd_algo algo, int faithful,
                           int p, const double *x, double *sum)
{
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_sched s;
    CHECK_INT(build(&s, d, k, p), 0);
    double *y = xcalloc(d->nn, sizeof *y);
    memset(sum, 0, d->nn * sizeof *sum);
    for (int q = 0; q < p; q++) {
        desc part;
        mvd_sched_part(&s, d, q, &part);
        mvd_plan *pl = mvd_plan_new_part(d, &part, sp, algo, faithful,
                                         (size_t)1 << 30, NULL, &dg);
        CHECK(pl != NULL);
        if (!pl) {
            desc_free(&part);
            continue;
        }
        mvd_multiply(pl, x, y);
        for (uint64_t j = 0; j < d->nn; j++)
            sum[j] += y[j];
        if (algo == MVD_SLICE && faithful) {
            mvd_rank_load l;
            mvd_sched_load(&s, q, &l);
            /* zero terms' AUNFs are scheduled, but the share leaves
             * them out */
            uint64_t zero = 0, lo, hi;
            for (size_t t = 0; t < s.nterms; t++)
                if (mvd_term_is_zero(d, t) && k == MVD_SCHED_AUNF) {
                    lo = s.term_first[t] > s.start[q] ? s.term_first[t]
                                                      : s.start[q];
                    hi = s.term_first[t + 1] < s.start[q + 1]
                             ? s.term_first[t + 1] : s.start[q + 1];
                    zero += hi > lo ? hi - lo : 0;
                } else if (mvd_term_is_zero(d, t))
                    for (size_t u = s.first[q]; u < s.first[q + 1]; u++)
                        zero += s.term[u] == t ? s.cost[t].aunfs : 0;
            CHECK_INT(mvd_plan_aunfs(pl), l.aunfs - zero);
        }
        mvd_plan_free(pl);
        desc_free(&part);
    }
    free(y);
    mvd_sched_free(&s);
}

/* The ranks' shares add up to the descriptor: Figure 8's golden product
 * (notes §5.2) from 2 and 3 ranks' shares under every scheduler; on
 * random descriptors with small whole numbers (exact sums), every
 * scheduler, algorithm and mode on 1-7 ranks gives the sequential
 * product exactly, and a faithful slice share holds exactly its range's
 * AUNFs. */
static void test_shares(void)
{
    static const double seq_q[36] = {
        778, 2, 4, 256, 20, 40, 238, 8, 16, 502, 11, 22, 352, 56, 112, 262,
        17, 34, 7416, 222, 444, 5640, 1032, 2064, 2904, 294, 588, 1468, 58,
        116, 1296, 256, 512, 564, 70, 140};
    diag dg;
    diag_init(&dg, "test", stderr);
    desc d;
    CHECK_INT(read_figure8(&d), 0);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, 1000, &dg), 0);
    double x[36], sum[36];
    for (int j = 0; j < 36; j++)
        x[j] = j + 1;
    for (int p = 2; p <= 3; p++)
        for (int k = 0; k < 3; k++)
            for (int a = 0; a < 2; a++)
                for (int f = 0; f < 2; f++) {
                    if (k == MVD_SCHED_AUNF && a != MVD_SLICE)
                        continue;
                    shares_product(&d, &sp, (mvd_sched_kind)k, (mvd_algo)a,
                                   f, p, x, sum);
                    for (int j = 0; j < 36; j++)
                        CHECK(sum[j] == seq_q[j]);
                }
    mvd_space_free(&sp);
    desc_free(&d);

    rng r;
    rng_seed(&r, 31);
    for (int round = 0; round < 150; round++) {
        if (random_model(&r, &d, &sp) < 0)
            return;
        double *xv = xmalloc(d.nn * sizeof *xv);
        double *want = xmalloc(d.nn * sizeof *want);
        double *got = xmalloc(d.nn * sizeof *got);
        for (uint64_t j = 0; j < d.nn; j++)
            xv[j] = (double)rng_below(&r, 5);
        int p = 1 + (int)rng_below(&r, 7);
        for (int k = 0; k < 3; k++)
            for (int a = 0; a < 2; a++)
                for (int f = 0; f < 2; f++) {
                    mvd_algo algo = (mvd_algo)a;
                    if (k == MVD_SCHED_AUNF && algo != MVD_SLICE)
                        continue;
                    mvd_plan *pl = mvd_plan_new_mode(&d, &sp, algo, f,
                                                     (size_t)1 << 30, &dg);
                    CHECK(pl != NULL);
                    if (!pl)
                        continue;
                    mvd_multiply(pl, xv, want);
                    mvd_plan_free(pl);
                    shares_product(&d, &sp, (mvd_sched_kind)k, algo, f, p,
                                   xv, got);
                    for (uint64_t j = 0; j < d.nn; j++)
                        CHECK(got[j] == want[j]);
                }
        free(xv);
        free(want);
        free(got);
        mvd_space_free(&sp);
        desc_free(&d);
    }
}

/* ------------------------------------------------ rows (mvd_plan_rows) */

/* Figure 8 on 2 ranks by rows: blocks of 9 states (B (x) C), 18 rows
 * each, 85 + 188 = 273 multiplications (mvd.h's count of the fast
 * slice), in the schedule of the load report too. (That the rows
 * assemble the whole product bit for bit: test_mvd.c, on random
 * functional descriptors.) */
static void test_rows(void)
{
    diag dg;
    diag_init(&dg, "test", stderr);
    desc d;
    mvd_space sp;
    CHECK_INT(read_figure8(&d), 0);
    CHECK_INT(mvd_space_build(&sp, &d, 1000, &dg), 0);
    mvd_plan *p = mvd_plan_new(&d, &sp, MVD_SLICE, (size_t)1 << 30, &dg);
    uint64_t lo[3], mults[2];
    CHECK_INT(mvd_plan_rows(p, 2, -1, lo, mults), 0);
    CHECK(lo[0] == 0 && lo[1] == 18 && lo[2] == 36);
    CHECK(mults[0] == 85 && mults[1] == 188);
    CHECK_INT(mvd_plan_mults(p), 273);
    mvd_plan_free(p);
    mvd_sched s;
    CHECK_INT(build(&s, &d, MVD_SCHED_ROWS, 2), 0);
    CHECK_INT(mvd_sched_rows_fill(&s, &d, (size_t)1 << 30, &dg), 0);
    CHECK_INT(s.start[1], 18);
    mvd_rank_load l;
    mvd_sched_load(&s, 1, &l);
    CHECK(l.mults == 188 && l.terms == 2 && !l.has_eq9 && !l.has_aunfs);
    mvd_sched_free(&s);
    mvd_space_free(&sp);
    desc_free(&d);
    /* a term that is zero (its last factor: one automaton) is not one a
     * rank multiplies */
    static const int nz[] = {2, 0, 3};
    CHECK_INT(costed_terms(&d, nz, 3), 0);
    CHECK_INT(build(&s, &d, MVD_SCHED_ROWS, 1), 0);
    CHECK_INT(mvd_sched_rows_fill(&s, &d, (size_t)1 << 30, &dg), 0);
    mvd_sched_load(&s, 0, &l);
    CHECK_INT(l.terms, 2);
    mvd_sched_free(&s);
    desc_free(&d);
}

/* ------------------------------------------------ --emit-proto */

/* The prototype of figure 8 on p ranks under kind, as a new string. */
static char *emit(const desc *d, mvd_sched_kind kind, int p,
                  const mvd_emit_opts *o)
{
    mvd_sched s;
    diag dg;
    diag_init(&dg, "test", stderr);
    if (mvd_sched_build(&s, d, kind, p, &dg) < 0)
        return NULL;
    if (kind == MVD_SCHED_ROWS &&
        mvd_sched_rows_fill(&s, d, (size_t)1 << 30, &dg) < 0) {
        mvd_sched_free(&s);
        return NULL;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&text, &len);
    mvd_emit_proto(fp, &s, d, o);
    fclose(fp);
    mvd_sched_free(&s);
    return text;
}

/* 1 when text compiles as a prototype (no diagnostics). */
static int compiles(const char *text)
{
    diag dg;
    diag_init(&dg, "test", stderr);
    proto_program *p = proto_compile(text, strlen(text), "e.proto", &dg);
    if (!p)
        return 0;
    proto_program_free(p);
    return 1;
}

/* The sum of the numbers after "key = " in the rank lines of text. */
static double sum_of(const char *text, const char *key)
{
    double sum = 0;
    for (const char *at = text; (at = strstr(at, key)); at += strlen(key))
        sum += strtod(at + strlen(key), NULL);
    return sum;
}

static void test_emit_compiles(void)
{
    desc d;
    CHECK_INT(read_figure8(&d), 0);
    for (int p = 1; p <= 5; p++)
        for (int f = 0; f < 2; f++)
            for (int k = MVD_SCHED_TERMS_RR; k <= MVD_SCHED_ROWS; k++) {
                if (k == MVD_SCHED_ROWS && f)
                    continue;   /* the fast slice's */
                mvd_emit_opts o = {.shuffle = k < MVD_SCHED_AUNF,
                                   .faithful = f, .mult_time = p % 2 ? 0 : 1e-9,
                                   .add_time = p > 2 ? 2e-9 : 0,
                                   .iterations = 3, .source = "f\"8\n"};
                char *text = emit(&d, (mvd_sched_kind)k, p, &o);
                CHECK(text && compiles(text));
                free(text);
            }
    desc_free(&d);
}

static void test_emit_loads_and_additions(void)
{
    desc d;
    CHECK_INT(read_figure8(&d), 0);
    mvd_emit_opts o = {.shuffle = 1, .mult_time = 1e-6, .add_time = 1e-9,
                       .iterations = 1, .source = "f8"};
    char *text = emit(&d, MVD_SCHED_TERMS_COST, 5, &o);
    CHECK(text && strstr(text, "if (rank == 0) { L = 159; N = 28; };"));
    CHECK(text && strstr(text, "if (rank == 4) { L = 0; N = 32; };"));
    CHECK(text && sum_of(text, "L = ") == 282);   /* 159 + 123 */
    CHECK(text && sum_of(text, "N = ") == 4 * 36);
    CHECK(text && strstr(text, "    all_to_all(57.6, 0);\n"));
    free(text);
    o.faithful = 1;
    text = emit(&d, MVD_SCHED_TERMS_COST, 5, &o);
    CHECK(text && strstr(text, "if (rank == 0) { L = 159; N = 144; };"));
    CHECK(text && sum_of(text, "N = ") == 4 * 36);
    CHECK(text && strstr(text, "    reduce(0, (288, 0));\n"));
    free(text);
    /* one rank: no sum, no additions; slice's multiplications */
    o.shuffle = 0;
    text = emit(&d, MVD_SCHED_AUNF, 1, &o);
    CHECK(text && !strstr(text, "reduce") && !strstr(text, "N = "));
    CHECK(text && strstr(text, "if (rank == 0) { L = 133; };"));
    free(text);
    /* rows: the fast slice's multiplications of each rank's rows, then
     * the all_gather of the rows alone (nothing to add, even with A) */
    o.faithful = 0;
    text = emit(&d, MVD_SCHED_ROWS, 2, &o);
    CHECK(text && strstr(text, "if (rank == 0) { L = 85; };"));
    CHECK(text && strstr(text, "if (rank == 1) { L = 188; };"));
    CHECK(text && strstr(text, "    all_gather(144, 0);\n"));
    CHECK(text && !strstr(text, "all_to_all") && !strstr(text, "N = "));
    free(text);
    desc_free(&d);
}

int main(void)
{
    RUN(test_figure6);
    RUN(test_figure7);
    RUN(test_greedy);
    RUN(test_partition);
    RUN(test_enumeration);
    RUN(test_random);
    RUN(test_shares);
    RUN(test_rows);
    RUN(test_emit_compiles);
    RUN(test_emit_loads_and_additions);
    return unit_done();
}
