/* Unit tests of lib/mvd: the reachable state space, and the three
 * vector–descriptor kernels (shuffle, slice, sparse) against the golden
 * vectors of the thesis's Figure 8 (notes §5.2), against each other and
 * against a dense expansion built here from the definition
 *     Q[x, y] = sum_k prod_i F_i^(k)[x_i, y_i](x). */
#include <stdlib.h>

#include "mvd/mvd.h"
#include "mvd/kernels/kernels.h"   /* the plan's groups (white box) */
#include "unit.h"

#ifndef ROOT
#define ROOT "."
#endif

static const mvd_algo algos[3] = {MVD_SHUFFLE, MVD_SLICE, MVD_SPARSE};
#define BIG ((size_t)1 << 30)

static int read_file(desc *d, const char *path)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return -1;
    diag dg;
    diag_init(&dg, "test", stderr);
    int status = desc_read(d, in, path, &dg);
    fclose(in);
    return status;
}

static int read_text(desc *d, const char *text)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    diag dg;
    diag_init(&dg, "test", stderr);
    int status = desc_read(d, in, "t.desc", &dg);
    fclose(in);
    return status;
}

/* The descriptor of text and its reachable states (at most 100). */
static int load_space(desc *d, mvd_space *sp, const char *text)
{
    if (read_text(d, text) < 0)
        return -1;
    diag dg;
    diag_init(&dg, "test", stderr);
    return mvd_space_build(sp, d, 100, &dg);
}

/* A plan, its diagnostics (if any) in msg. */
static mvd_plan *plan_msg(const desc *d, const mvd_space *sp, mvd_algo a,
                          int faithful, size_t max_bytes, char *msg,
                          size_t msglen)
{
    FILE *err = fmemopen(msg, msglen, "w");
    diag dg;
    diag_init(&dg, "test", err);
    mvd_plan *p = mvd_plan_new_mode(d, sp, a, faithful, max_bytes, &dg);
    fclose(err);
    return p;
}

static int space_msg(mvd_space *sp, const desc *d, uint64_t max,
                     char *msg, size_t msglen)
{
    FILE *err = fmemopen(msg, msglen, "w");
    diag dg;
    diag_init(&dg, "test", err);
    int status = mvd_space_build(sp, d, max, &dg);
    fclose(err);
    return status;
}

/* Row sums Q * ones, as the sums of e_i * Q. */
static void row_sums(mvd_plan *p, size_t nn, double *sums)
{
    double *e = xcalloc(nn, sizeof *e), *y = xmalloc(nn * sizeof *y);
    for (size_t i = 0; i < nn; i++) {
        e[i] = 1;
        mvd_multiply(p, e, y);
        e[i] = 0;
        sums[i] = 0;
        for (size_t j = 0; j < nn; j++)
            sums[i] += y[j];
    }
    free(e);
    free(y);
}

/* ------------------------------------------------------------ Figure 8 */

static const double gold_ones[36] = {
    64, 1, 2, 28, 4, 8, 16, 1, 2, 124, 1, 2, 40, 4, 8, 28, 1, 2, 528, 12,
    24, 288, 48, 96, 144, 12, 24, 48, 2, 4, 40, 8, 16, 16, 2, 4};
static const double gold_ramp[36] = {
    778, 2, 4, 256, 20, 40, 238, 8, 16, 502, 11, 22, 352, 56, 112, 262, 17,
    34, 7416, 222, 444, 5640, 1032, 2064, 2904, 294, 588, 1468, 58, 116,
    1296, 256, 512, 564, 70, 140};
static const double gold_rows[36] = {
    4, 122, 8, 16, 248, 32, 4, 62, 8, 4, 66, 8, 16, 136, 32, 4, 34, 8, 18,
    81, 36, 72, 180, 144, 18, 45, 36, 6, 27, 12, 24, 60, 48, 6, 15, 12};

static void test_figure8_golden(void)
{
    desc d;
    CHECK_INT(read_file(&d, ROOT "/examples/san/figure8.desc"), 0);
    if (d.nn != 36)
        return;
    CHECK_INT(mvd_shuffle_cost_eq9(&d), 282);
    CHECK_INT(mvd_aunf_count(&d), 49);
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, 1000, &dg), 0);
    CHECK_INT(sp.len, 36);
    double ones[36], ramp[36], y[36], sums[36];
    for (int i = 0; i < 36; i++) {
        ones[i] = 1;
        ramp[i] = i + 1;
    }
    /* Multiplications per product, faithful mode: shuffle does eq. 9
     * exactly (no identity factor); slice does 133 products (21 AUNFs x
     * 5 + 28 x 1, the non-zeros of the expanded Q) plus one scaling E * x
     * per AUNF and non-empty row of the last factor (21 x 3 + 28 x 1 =
     * 91); sparse one per non-zero. Fast mode: no term is diagonal or
     * local (both have three non-identity factors), so shuffle is the
     * same; fused slice takes B and C together as its last factor (order
     * 9; A stays out), so one AUNF per non-zero of A0 and A1 (7 each).
     * B0 (x) C0 has 15 non-zeros on 3 diagonals (offsets 0, 2, -2: 9 + 7
     * + 7 positions, at most 3 x 15) and is kept by diagonals: E * x on
     * the 9 rows, then one product per position; B1 (x) C1 has 4
     * non-zeros on 13 positions, too many: by rows, 3 rows and 4
     * elements. */
    const uint64_t mults[2][3] = {{282, 7 * (9 + 23) + 7 * (3 + 4), 133},
                                  {282, 133 + 91, 133}};
    for (int mode = 0; mode < 2; mode++)
        for (int a = 0; a < 3; a++) {
            mvd_plan *p = mvd_plan_new_mode(&d, &sp, algos[a], mode, BIG,
                                            &dg);
            CHECK(p != NULL);
            if (!p)
                continue;
            mvd_multiply(p, ones, y);
            for (int i = 0; i < 36; i++)
                CHECK(y[i] == gold_ones[i]);
            mvd_multiply(p, ramp, y);
            for (int i = 0; i < 36; i++)
                CHECK(y[i] == gold_ramp[i]);
            row_sums(p, 36, sums);
            for (int i = 0; i < 36; i++)
                CHECK(sums[i] == gold_rows[i]);
            CHECK_INT(mvd_plan_mults(p), mults[mode][a]);
            CHECK(mvd_plan_bytes(p) > 0);
            /* Diagonal: Q[0,0] = A0[0,0] B0[0,0] C0[0,0] + A1 B1 C1 =
             * 1 + 0. */
            mvd_diagonal(p, y);
            CHECK(y[0] == 1);
            /* Q[20,20]: state (2, 0, 2): 9*1*1 + 9*2*0 = 9. */
            CHECK(y[20] == 9);
            mvd_plan_free(p);
        }
    mvd_space_free(&sp);
    desc_free(&d);
}

/* ------------------------------------------------------------ two-procs */

static void test_two_procs(void)
{
    desc d;
    CHECK_INT(read_file(&d, ROOT "/examples/san/two-procs.desc"), 0);
    if (d.nn != 4)
        return;
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, 100, &dg), 0);
    CHECK_INT(sp.len, 3);
    /* (I,I), (I,U), (U,I): indices 0, 1, 2. */
    for (size_t i = 0; i < sp.len && i < 3; i++)
        CHECK_INT(sp.idx[i], i);
    double e[4] = {0}, y[4], dg4[4];
    for (int a = 0; a < 3; a++) {
        mvd_plan *p = mvd_plan_new(&d, &sp, algos[a], BIG, &dg);
        CHECK(p != NULL);
        if (!p)
            continue;
        /* Generator rows sum to zero on the reachable states. */
        for (size_t r = 0; r < sp.len; r++) {
            e[sp.idx[r]] = 1;
            mvd_multiply(p, e, y);
            e[sp.idx[r]] = 0;
            CHECK(y[0] + y[1] + y[2] + y[3] == 0);
            CHECK(y[3] == 0);   /* (U,U) is never entered */
        }
        mvd_diagonal(p, dg4);
        CHECK(dg4[0] == -4 && dg4[1] == -3 && dg4[2] == -3 && dg4[3] == 0);
        mvd_plan_free(p);
    }
    mvd_space_free(&sp);
    desc_free(&d);
}

/* The same model, reachability replaced by an initial state: exploration
 * finds the same 3 states (B's acquire has rate 0 when A holds it). */
static void test_exploration(void)
{
    FILE *in = fopen(ROOT "/examples/san/two-procs.desc", "r");
    CHECK(in != NULL);
    if (!in)
        return;
    size_t len;
    char *text = read_all(in, 1 << 20, &len);
    fclose(in);
    char *at = strstr(text, "reachability not_both\n");
    CHECK(at != NULL);
    if (!at) {
        free(text);
        return;
    }
    strbuf sb = {0};
    sb_putn(&sb, text, (size_t)(at - text));
    sb_puts(&sb, "initial I I\n");
    sb_puts(&sb, at + strlen("reachability not_both\n"));
    desc d;
    CHECK_INT(read_text(&d, sb_str(&sb)), 0);
    CHECK(d.reach < 0 && d.initial != NULL);
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, 100, &dg), 0);
    CHECK_INT(sp.len, 3);
    for (size_t i = 0; i < sp.len && i < 3; i++)
        CHECK_INT(sp.idx[i], i);
    /* From (U,I) alone: A releases to (I,I), then everything. */
    d.initial[0] = 1;
    mvd_space_free(&sp);
    CHECK_INT(mvd_space_build(&sp, &d, 100, &dg), 0);
    CHECK_INT(sp.len, 3);
    /* Over the limit. */
    char msg[256] = "";
    mvd_space_free(&sp);
    CHECK_INT(space_msg(&sp, &d, 2, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: t.desc: error: the reachable state space (exploration "
                   "from the initial state) has more than 2 states, the "
                   "limit\n");
    sb_free(&sb);
    free(text);
    desc_free(&d);
}

/* A ring of functional dependencies on a model whose reachability
 * function and exploration agree: 3 automata of 3 states, a token moves
 * from automaton to automaton; each automaton's local term reads its
 * predecessor. */
static void test_reach_vs_explore(void)
{
    const char *model =
        "san-desc 1\n"
        "automaton A a0 a1 a2\n"
        "automaton B b0 b1 b2\n"
        "automaton C c0 c1 c2\n"
        "function fa st C 1 + \n"
        "function fb st A 1 +\n"
        "function fc st B 2 *\n"
        "function sum st A st B + st C + 4 <=\n"
        "term local A\nfactor A\ne 0 1 1 fa\ne 0 0 -1 fa\ne 1 2 2\ne 1 1 -2\n"
        "term local B\nfactor B\ne 0 1 1 fb\ne 0 0 -1 fb\ne 1 0 1\ne 1 1 -1\n"
        "term sync+ e\nfactor A\ne 2 0 3\nfactor C\ne 0 1 1\ne 1 2 1\n"
        "term sync- e\nfactor A\ne 2 2 -3\nfactor C\ne 0 0 1\ne 1 1 1\n"
        "term local C\nfactor C\ne 2 0 1 fc\ne 2 2 -1 fc\n"
        "%s\n"
        "end 3 4 5\n";
    char text[2048];
    snprintf(text, sizeof text, model, "initial a0 b0 c0");
    desc d1, d2;
    CHECK_INT(read_text(&d1, text), 0);
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_space s1, s2;
    CHECK_INT(mvd_space_build(&s1, &d1, 1000, &dg), 0);
    /* The set exploration finds, written as a reachability function. */
    strbuf f = {0};
    sb_puts(&f, "function in 0");
    for (size_t i = 0; i < s1.len; i++) {
        int st[3];
        desc_decode(&d1, s1.idx[i], st);
        sb_printf(&f, " st A %d == st B %d == and st C %d == and or",
                  st[0], st[1], st[2]);
    }
    sb_puts(&f, "\nreachability in");
    snprintf(text, sizeof text, model, sb_str(&f));
    /* One more function: fix the count in 'end'. */
    char *end = strstr(text, "end 3 4 5");
    memcpy(end, "end 3 5 5", 9);
    CHECK_INT(read_text(&d2, text), 0);
    CHECK_INT(mvd_space_build(&s2, &d2, 1000, &dg), 0);
    CHECK_INT(s1.len, s2.len);
    CHECK(s1.len > 1 && s1.len < 27);
    for (size_t i = 0; i < s1.len && i < s2.len; i++)
        CHECK_INT(s1.idx[i], s2.idx[i]);
    /* Closed under Q: no transition leaves the space (x*Q stays on it). */
    double *x = xcalloc(27, sizeof *x), *y = xmalloc(27 * sizeof *y);
    for (size_t i = 0; i < s1.len; i++)
        x[s1.idx[i]] = 1 + (double)i;
    for (int a = 0; a < 3; a++) {
        mvd_plan *p = mvd_plan_new(&d1, &s1, algos[a], BIG, &dg);
        mvd_multiply(p, x, y);
        double total = 0;
        for (size_t k = 0, r = 0; k < 27; k++) {
            total += y[k];
            if (r < s1.len && s1.idx[r] == k)
                r++;
            else
                CHECK(y[k] == 0);
        }
        CHECK_NEAR(total, 0, 1e-12);
        mvd_plan_free(p);
    }
    free(x);
    free(y);
    sb_free(&f);
    mvd_space_free(&s1);
    mvd_space_free(&s2);
    desc_free(&d1);
    desc_free(&d2);
}

/* ------------------------------------------------- random descriptors */

/* A function of the global state: 1 + st B / 2, or 0.5 + st B * st C,
 * or (st B == 1), which is zero on part of the space. */
static int add_random_func(desc *d, rng *g, int b, int kind)
{
    desc_insn *code = xmalloc(6 * sizeof *code);
    size_t n = 0;
    int c = (int)rng_below(g, (uint64_t)d->naut);
    char name[32];
    snprintf(name, sizeof name, "f%zu", d->funcs.len);
    code[n++] = (desc_insn){DOP_ST, b, 0};
    if (kind == 0) {
        code[n++] = (desc_insn){DOP_NUM, 0, 2};
        code[n++] = (desc_insn){DOP_DIV, 0, 0};
        code[n++] = (desc_insn){DOP_NUM, 0, 1};
        code[n++] = (desc_insn){DOP_ADD, 0, 0};
    } else if (kind == 1) {
        code[n++] = (desc_insn){DOP_ST, c, 0};
        code[n++] = (desc_insn){DOP_MUL, 0, 0};
        code[n++] = (desc_insn){DOP_NUM, 0, 0.5};
        code[n++] = (desc_insn){DOP_ADD, 0, 0};
    } else {
        code[n++] = (desc_insn){DOP_NUM, 0, 1};
        code[n++] = (desc_insn){DOP_EQ, 0, 0};
    }
    return desc_add_func(d, name, code, n);
}

typedef struct {
    int present, func;
    double value;
} cell;

/* A random descriptor: N 1..5, orders 1..5 (product space kept at most
 * 1200), 1..6 terms whose factors are identities, zero matrices, or
 * sparse to dense matrices with functional elements; sometimes two
 * factors of one term that read each other (a cycle). */
static void random_desc(desc *d, rng *g, int *cycles)
{
    desc_init(d);
    int n = 1 + (int)rng_below(g, 5), order[5];
    uint64_t nn;
    do {
        nn = 1;
        for (int a = 0; a < n; a++) {
            order[a] = 1 + (int)rng_below(g, 5);
            nn *= (uint64_t)order[a];
        }
    } while (nn > 1200);
    for (int a = 0; a < n; a++) {
        char name[16];
        snprintf(name, sizeof name, "A%d", a);
        desc_add_automaton(d, name, order[a], NULL);
    }
    int nf = 1 + (int)rng_below(g, 4), funcs[4];
    for (int k = 0; k < nf; k++)
        funcs[k] = add_random_func(d, g, (int)rng_below(g, (uint64_t)n),
                                   (int)rng_below(g, 3));
    /* The cycle's two functions: each reads one automaton. */
    int ca = -1, cb = -1, fa = -1, fb = -1;
    int nt = 1 + (int)rng_below(g, 6);
    int ct = (int)rng_below(g, (uint64_t)nt);
    if (n >= 2 && rng_uniform(g) < 0.3) {
        ca = (int)rng_below(g, (uint64_t)n);
        cb = (ca + 1 + (int)rng_below(g, (uint64_t)n - 1)) % n;
        fa = add_random_func(d, g, cb, 0);   /* in A_ca's factor, reads cb */
        fb = add_random_func(d, g, ca, 0);
        (*cycles)++;
    }
    double density[3] = {0.2, 0.5, 1.0};
    cell *cells = xmalloc(25 * sizeof *cells);
    for (int t = 0; t < nt; t++) {
        desc_add_term(d, TERM_PLAIN, "r");
        for (int a = 0; a < n; a++) {
            int cyc = t == ct && (a == ca || a == cb);
            double u = rng_uniform(g);
            if (!cyc && u < 0.3)
                continue;   /* identity */
            int no = order[a];
            if (!cyc && u < 0.33) {   /* a zero matrix */
                desc_matrix *m = xcalloc(1, sizeof *m);
                m->order = no;
                d->terms.items[t].factor[a] = m;
                continue;
            }
            double dens = density[rng_below(g, 3)];
            int any = 0;
            for (int k = 0; k < no * no; k++) {
                cell c = {rng_uniform(g) < dens, -1,
                          (double)(int)rng_below(g, 9) - 4 +
                              rng_uniform(g)};
                if (c.present && rng_uniform(g) < 0.3)
                    c.func = funcs[rng_below(g, (uint64_t)nf)];
                any |= c.present;
                cells[k] = c;
            }
            if (cyc) {
                int k = (int)rng_below(g, (uint64_t)(no * no));
                cells[k].present = 1;
                cells[k].func = a == ca ? fa : fb;
                any = 1;
            }
            if (!any)
                cells[0].present = 1;
            for (int k = 0; k < no * no; k++)
                if (cells[k].present)
                    desc_add_entry(d, t, a, k / no, k % no, cells[k].value,
                                   cells[k].func);
        }
    }
    free(cells);
    diag dg;
    diag_init(&dg, "test", stderr);
    if (desc_finish(d, 0, &dg, (srcloc){0}) < 0)
        abort();
}

/* The element F[r, c] of a factor at the global state (identity: delta). */
static double element(const desc *d, const desc_matrix *m, int r, int c,
                      const int *state)
{
    if (!m)
        return r == c;
    for (size_t k = m->rowptr[r]; k < m->rowptr[r + 1]; k++)
        if (m->e[k].col == c)
            return m->e[k].value *
                   (m->e[k].func < 0 ? 1
                    : desc_eval(&d->funcs.items[m->e[k].func], state));
    return 0;
}

/* The dense Q, straight from the definition. */
static double *dense_q(const desc *d)
{
    size_t nn = (size_t)d->nn;
    int n = d->naut;
    double *q = xcalloc(nn * nn, sizeof *q);
    int *states = xmalloc(nn * (size_t)n * sizeof *states);
    for (size_t i = 0; i < nn; i++)
        desc_decode(d, i, states + i * (size_t)n);
    for (size_t i = 0; i < nn; i++) {
        const int *x = states + i * (size_t)n;
        for (size_t t = 0; t < d->terms.len; t++)
            for (size_t j = 0; j < nn; j++) {
                const int *y = states + j * (size_t)n;
                double v = 1;
                for (int a = 0; a < n && v != 0; a++)
                    v *= element(d, d->terms.items[t].factor[a], x[a], y[a],
                                 x);
                q[i * nn + j] += v;
            }
    }
    free(states);
    return q;
}

static double rel_diff(const double *a, const double *b, size_t n)
{
    double diff = 0, scale = 0;
    for (size_t i = 0; i < n; i++) {
        diff = fmax(diff, fabs(a[i] - b[i]));
        scale = fmax(scale, fabs(b[i]));
    }
    return scale > 0 ? diff / scale : diff;
}

/* Faithful shuffle does eq. 9 less the identities and zero terms,
 * exactly when no term had to be conditioned (no functional factors),
 * more when it was. Fast shuffle takes the diagonal parts out (fewer
 * products) at the cost of one pass x * Dr (nn products) when there
 * were any. */
static void check_shuffle_mults(const desc *d, const mvd_plan *p,
                                int faithful)
{
    uint64_t plain = 0;
    int functional = 0;
    for (size_t t = 0; t < d->terms.len; t++) {
        uint64_t m = 0;
        int zero = 0;
        for (int a = 0; a < d->naut; a++) {
            const desc_matrix *f = d->terms.items[t].factor[a];
            if (!f)
                continue;
            zero |= f->nnz == 0;
            functional |= f->functional;
            m += d->nn / (uint64_t)f->order * f->nnz;
        }
        plain += zero ? 0 : m;
    }
    CHECK(plain <= mvd_shuffle_cost_eq9(d));
    if (!faithful) {
        if (!functional)
            CHECK(mvd_plan_mults(p) <= plain + d->nn);
        return;
    }
    if (functional)
        CHECK(mvd_plan_mults(p) >= plain);
    else
        CHECK(mvd_plan_mults(p) == plain);
}

/* How many irreducible and reducible cases the reach checks met. */
static int irreducible_seen[2];

/* reach on compact vectors against the dense definition restricted to
 * the reachable states (x zero elsewhere): the product, the diagonal,
 * and the spare entry left out. 0, or 1 after a message. */
static int check_reach_on(const desc *d, const mvd_space *full,
                          const double *x, const double *q, int c)
{
    size_t nn = (size_t)d->nn, n = full->len;
    mvd_space sp = *full;   /* the same states, compact vectors */
    sp.pos = NULL;
    mvd_space_compact(&sp);
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_plan *p = mvd_plan_new(d, &sp, MVD_REACH, BIG, &dg);
    CHECK(p != NULL);
    if (!p)
        return 1;
    double *xc = xmalloc((n + 1) * sizeof *xc), *yc = xmalloc((n + 1) *
                                                           sizeof *yc);
    double *ref = xcalloc(n + 1, sizeof *ref), *dq = xmalloc((n + 1) *
                                                           sizeof *dq);
    for (size_t k = 0; k < n; k++)
        xc[k] = x[sp.idx[k]];
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < n; k++)
            ref[k] += xc[i] * q[sp.idx[i] * nn + sp.idx[k]];
    mvd_multiply(p, xc, yc);
    mvd_diagonal(p, dq);
    int bad = 0;
    /* The searches of mvd_reach_irreducible say what Tarjan's classes
     * say, with and without the weak transitions; at 1e-9 no transition
     * is weak by the bound the search takes before summing outflows. */
    for (int w = 0; w < 3; w++) {
        double theta = w == 2 ? 1e-9 : w ? 0.2 : 0;
        mvd_classes cl;
        CHECK_INT(mvd_classes_find(&cl, d, &sp, theta, BIG, &dg,
                                   (srcloc){0}), 0);
        int one = cl.nclass == 1 && cl.nparts == 1;
        if (mvd_reach_irreducible(p, theta) != one) {
            printf("# case %d reach: irreducible %d, classes %zu, parts "
                   "%zu (theta %g)\n", c, !one, cl.nclass, cl.nparts, theta);
            bad = 1;
        }
        irreducible_seen[one]++;
        mvd_classes_free(&cl);
    }
    double r = rel_diff(yc, ref, n);
    if (!(r <= 1e-12)) {
        printf("# case %d reach: relative difference %g\n", c, r);
        bad = 1;
    }
    for (size_t k = 0; k < n && !bad; k++) {
        double want = q[sp.idx[k] * nn + sp.idx[k]];
        if (!(fabs(dq[k] - want) <= 1e-12 * fmax(1, fabs(want)))) {
            printf("# case %d reach: diagonal %zu\n", c, k);
            bad = 1;
        }
    }
    /* Two threads: built on two halves of the states, the same diagonal
     * (bit for bit: each state's is computed alone); the same product to
     * rounding, the same verdicts. */
    mvd_plan *p2 = mvd_plan_new_threads(d, &sp, MVD_REACH, 0, 2, BIG, NULL,
                                        &dg);
    CHECK(p2 != NULL);
    if (p2) {
        double *dq2 = xmalloc((n + 1) * sizeof *dq2);
        mvd_diagonal(p2, dq2);
        if (memcmp(dq2, dq, n * sizeof *dq)) {
            printf("# case %d reach, 2 threads: diagonal differs\n", c);
            bad = 1;
        }
        free(dq2);
        mvd_reach_threads(p2, 2);
        double *y2 = xmalloc((n + 1) * sizeof *y2);
        mvd_multiply(p2, xc, y2);
        if (!(rel_diff(y2, yc, n) <= 1e-13)) {
            printf("# case %d reach, 2 threads: relative difference %g\n", c,
                   rel_diff(y2, yc, n));
            bad = 1;
        }
        for (int w = 0; w < 2; w++)
            if (mvd_reach_irreducible(p2, w ? 0.2 : 0) !=
                mvd_reach_irreducible(p, w ? 0.2 : 0)) {
                printf("# case %d reach, 2 threads: irreducible differs\n", c);
                bad = 1;
            }
        free(y2);
        mvd_plan_free(p2);
    }
    mvd_plan_free(p);
    free(xc);
    free(yc);
    free(ref);
    free(dq);
    return bad;
}

/* The states of `from` for which keep(index) holds, with an index of
 * their own of the given kind. */
static mvd_space space_part(const mvd_space *from, uint64_t nn,
                            int (*keep)(uint64_t), mvd_index_kind kind)
{
    mvd_space part = {.idx = xmalloc((from->len + 1) * sizeof *part.idx)};
    for (size_t k = 0; k < from->len; k++)
        if (keep(from->idx[k]))
            part.idx[part.len++] = from->idx[k];
    mvd_space_set_index(&part, nn, kind);
    return part;
}

static int every_state(uint64_t i)
{
    (void)i;
    return 1;
}

static int not_third(uint64_t i)
{
    return i % 3 != 0;
}

/* On the whole space, and on a part of it (the states whose index is not
 * a multiple of 3), each with the bitmap and with the hash: transitions
 * that leave the part go to the vectors' spare entry and must not show,
 * and the two indexes give the same positions. */
static int check_reach(const desc *d, const mvd_space *full, const double *x,
                       const double *q, int c)
{
    int bad = check_reach_on(d, full, x, q, c);
    for (int kind = MVD_INDEX_BITMAP; kind <= MVD_INDEX_HASH; kind++)
        for (int whole = 0; whole < 2; whole++) {
            if (whole && kind == MVD_INDEX_BITMAP)
                continue;   /* full's own */
            mvd_space part = space_part(full, d->nn,
                                        whole ? every_state : not_third,
                                        (mvd_index_kind)kind);
            CHECK((part.slot != NULL) == (kind == MVD_INDEX_HASH));
            for (uint64_t i = 0; i < d->nn; i++) {
                size_t at = mvd_space_find(&part, i);
                if (at < part.len ? part.idx[at] != i
                                  : mvd_space_lower(&part, i) < part.len &&
                                        part.idx[mvd_space_lower(&part, i)] == i) {
                    printf("# case %d: %s index finds %llu wrongly\n", c,
                           mvd_index_names[kind], (unsigned long long)i);
                    bad = 1;
                    break;
                }
            }
            if (part.len > 0)
                bad += check_reach_on(d, &part, x, q, c);
            mvd_space_free(&part);
        }
    return bad;
}

/* The fast slice cut by rows on p ranks (mvd_plan_rows): each rank's plan
 * writes its rows only (the rest of y keeps a sentinel), each bit for
 * bit the whole plan's product `want`; the ranges are contiguous, cover
 * the space within mvd_rows_max_states, and their multiplications add up
 * to the whole plan's. Returns the failures. */
static int check_rows(const desc *d, const mvd_space *sp, const double *x,
                      int p)
{
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_plan *whole = mvd_plan_new(d, sp, MVD_SLICE, BIG, &dg);
    size_t nn = (size_t)d->nn;
    double *want = xmalloc(nn * sizeof *want), *y = xmalloc(nn * sizeof *y);
    mvd_multiply(whole, x, want);
    uint64_t lo[9], mults[8], back[9], total = 0;
    int bad = mvd_plan_rows(whole, p, -1, lo, mults) != 0 || lo[0] != 0 ||
              lo[p] != d->nn;
    for (int q = 0; q < p && !bad; q++) {
        mvd_plan *pl = mvd_plan_new(d, sp, MVD_SLICE, BIG, &dg);
        bad += mvd_plan_rows(pl, p, q, back, NULL) != 0 ||
               memcmp(back, lo, ((size_t)p + 1) * sizeof *lo) != 0 ||
               lo[q] > lo[q + 1] ||
               lo[q + 1] - lo[q] > mvd_rows_max_states(d, p) ||
               mvd_plan_mults(pl) != mults[q] ||
               mvd_plan_rows(pl, p, q, back, NULL) != -1;   /* cut once */
        total += mults[q];
        for (size_t j = 0; j < nn; j++)
            y[j] = -7.25;
        mvd_multiply(pl, x, y);
        for (size_t j = 0; j < nn; j++) {
            int mine = j >= lo[q] && j < lo[q + 1];
            bad += mine ? memcmp(&y[j], &want[j], sizeof *y) != 0
                        : y[j] != -7.25;
        }
        mvd_plan_free(pl);
    }
    bad += total != mvd_plan_mults(whole);
    free(want);
    free(y);
    mvd_plan_free(whole);
    return bad;
}

static void test_random_descriptors(void)
{
    rng g;
    rng_seed(&g, 20061001);
    int cases = 400, cycles = 0, compared = 0, bad = 0;
    for (int c = 0; c < cases; c++) {
        desc d;
        random_desc(&d, &g, &cycles);
        size_t nn = (size_t)d.nn;
        diag dg;
        diag_init(&dg, "test", stderr);
        mvd_space sp;
        CHECK_INT(mvd_space_build(&sp, &d, 1u << 20, &dg), 0);
        double *x = xmalloc(nn * sizeof *x), *ref = xcalloc(nn, sizeof *ref);
        double *y = xmalloc(nn * sizeof *y), *dq = xmalloc(nn * sizeof *dq);
        for (size_t i = 0; i < nn; i++)
            x[i] = rng_uniform(&g) - 0.25;
        double *q = dense_q(&d);
        for (size_t i = 0; i < nn; i++)
            for (size_t j = 0; j < nn; j++)
                ref[j] += x[i] * q[i * nn + j];
        for (int k = 0; k < 6; k++) {
            mvd_algo a = algos[k % 3];
            int faithful = k >= 3;
            mvd_plan *p = mvd_plan_new_mode(&d, &sp, a, faithful, BIG, &dg);
            CHECK(p != NULL);
            if (!p)
                continue;
            mvd_multiply(p, x, y);
            double r = rel_diff(y, ref, nn);
            if (!(r <= 1e-12)) {
                printf("# case %d %s%s: relative difference %g\n", c,
                       mvd_algo_name(a), faithful ? " (faithful)" : "", r);
                bad++;
            }
            mvd_diagonal(p, dq);
            for (size_t i = 0; i < nn; i++)
                if (!(fabs(dq[i] - q[i * nn + i]) <=
                      1e-12 * fmax(1, fabs(q[i * nn + i])))) {
                    printf("# case %d %s: diagonal %zu\n", c,
                           mvd_algo_name(a), i);
                    bad++;
                    break;
                }
            if (a == MVD_SHUFFLE)
                check_shuffle_mults(&d, p, faithful);
            compared++;
            mvd_plan_free(p);
        }
        bad += check_reach(&d, &sp, x, q, c);
        compared++;
        int rows_bad = check_rows(&d, &sp, x, 1 + c % 8);
        if (rows_bad)
            printf("# case %d: rows on %d ranks: %d failures\n", c,
                   1 + c % 8, rows_bad);
        bad += rows_bad;
        free(q);
        free(x);
        free(y);
        free(ref);
        free(dq);
        mvd_space_free(&sp);
        desc_free(&d);
    }
    CHECK_INT(bad, 0);
    CHECK_INT(compared, 7 * cases);
    CHECK(irreducible_seen[0] > 50 && irreducible_seen[1] > 50);
    CHECK(cycles >= 50);   /* the seed gives enough cyclic terms */
}

/* text's descriptor times x = (1, 2, ..., nn) with every algorithm equals
 * the dense definition exactly (small integers), and shuffle performs
 * shuffle_mults multiplications. */
static void check_exact(const char *text, uint64_t shuffle_mults)
{
    desc d;
    CHECK_INT(read_text(&d, text), 0);
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, 100, &dg), 0);
    size_t n = d.nn;
    double *q = dense_q(&d), *x = xcalloc(n, sizeof *x),
           *y = xcalloc(n, sizeof *y), *ref = xcalloc(n, sizeof *ref);
    for (size_t i = 0; i < n; i++)
        x[i] = (double)(i + 1);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            ref[j] += x[i] * q[i * n + j];
    for (int a = 0; a < 3; a++) {
        mvd_plan *p = mvd_plan_new(&d, &sp, algos[a], BIG, &dg);
        mvd_multiply(p, x, y);
        for (size_t j = 0; j < n; j++)
            CHECK(y[j] == ref[j]);
        if (algos[a] == MVD_SHUFFLE)
            CHECK_INT(mvd_plan_mults(p), shuffle_mults);
        mvd_plan_free(p);
    }
    free(q);
    free(x);
    free(y);
    free(ref);
    mvd_space_free(&sp);
    desc_free(&d);
}

/* Two factors of one term that read each other: shuffle must condition. */
static void test_cycle(void)
{
    const char *text =
        "san-desc 1\n"
        "automaton A a0 a1 a2\n"
        "automaton B b0 b1\n"
        "function fa st B 1 + \n"
        "function fb st A 2 +\n"
        "term sync+ e\n"
        "factor A\ne 0 1 1 fa\ne 1 2 2 fa\ne 2 0 3\n"
        "factor B\ne 0 1 5 fb\ne 1 0 7 fb\ne 1 1 1\n"
        "end 2 2 1\n";
    /* The walk back from A (lowest index) finds the cycle at A:
     * conditioned on A's 3 rows, 3 sub-terms, each A's factor restricted
     * to one row (6/3 slices x 1 element) and B's whole (6/2 slices x 3
     * elements): 3 x (2 + 9). */
    check_exact(text, 33);
}

/* Two disjoint cycles in one term (A <-> B, C <-> D): conditioned on A,
 * then on C, 4 combinations of rows. */
static void test_two_cycles(void)
{
    const char *text =
        "san-desc 1\n"
        "automaton A a0 a1\nautomaton B b0 b1\n"
        "automaton C c0 c1\nautomaton D d0 d1\n"
        "function fA st B 1 +\nfunction fB st A 2 +\n"
        "function fC st D 3 +\nfunction fD st C 1 +\n"
        "term sync+ e\n"
        "factor A\ne 0 1 1 fA\ne 1 0 2\n"
        "factor B\ne 0 0 1 fB\ne 1 1 3\ne 0 1 1\n"
        "factor C\ne 0 1 1 fC\ne 1 1 1\n"
        "factor D\ne 1 0 2 fD\ne 0 0 1\n"
        "end 4 4 1\n";
    /* A: 2 of the 4 combinations per row, 8 slices, 2 elements;
     * B: 4 x 8 x 3; C: 2 x 8 x 2; D: 4 x 8 x 2. */
    check_exact(text, 32 + 96 + 32 + 64);
}

/* Fast mode's diagonal parts (mvd.h): two local terms (A's with
 * functional elements on its diagonal), a synchronising pair whose
 * negative term is all diagonal. Every kernel and mode equals the dense
 * definition exactly (small integers), on an x that is non-zero on the
 * whole product space: Dr covers every product state, not only the
 * reachable ones. */
static void test_diagonal_parts(void)
{
    const char *text =
        "san-desc 1\n"
        "automaton A a0 a1 a2\nautomaton B b0 b1 b2\nautomaton C c0 c1\n"
        "function fb st B 1 +\n"
        "term local A\nfactor A\ne 0 1 2\ne 0 0 -2\ne 1 2 1 fb\n"
        "e 1 1 -1 fb\ne 2 0 3\ne 2 2 -3\n"
        "term local C\nfactor C\ne 0 1 1\ne 0 0 -1\ne 1 0 4\ne 1 1 -4\n"
        "term sync+ m\nfactor A\ne 1 0 5\nfactor B\ne 0 1 1\ne 1 2 1\n"
        "term sync- m\nfactor A\ne 1 1 -5\nfactor B\ne 0 0 1\ne 1 1 1\n"
        "end 3 1 4\n";
    desc d;
    mvd_space sp;
    CHECK_INT(load_space(&d, &sp, text), 0);
    diag dg;
    diag_init(&dg, "test", stderr);
    CHECK_INT(sp.len, 18);
    double *q = dense_q(&d), x[18], y[18], ref[18] = {0};
    for (int i = 0; i < 18; i++)
        x[i] = i % 5 + 1;
    for (int i = 0; i < 18; i++)
        for (int j = 0; j < 18; j++)
            ref[j] += x[i] * q[i * 18 + j];
    /* Fast shuffle: A's 3 off-diagonal elements (6 slices), C's 2 (9
     * slices), sync+ (6 x 1 + 6 x 2), and x * Dr (18); faithful: A's 6
     * and C's 4 elements, sync+ and sync- 18 each. Faithful slice, per
     * AUNF the rows and non-zeros of the last factor: A's term 18 AUNFs
     * with the identity (2 + 2), C's 9 (2 + 4), sync+ and sync- 2 each
     * with the identity. Fast slice, its last factor B and C (order 6):
     * A's term reads B, so it goes the faithful way (9 AUNFs, 2 rows and
     * 2 non-zeros of C's identity each); C's term, 3 AUNFs (A's identity)
     * with I (x) C's off-diagonal part, by diagonals (E * x on 6 rows,
     * offsets 1 and -1, 5 positions each); sync+, 1 AUNF with B's part
     * (x) I (one diagonal, offset 2, 4 positions: E, element and x, 2
     * products each); Dr 18. */
    const uint64_t mults[2][2] = {{18 + 18 + 18 + 18,
                                   9 * 4 + 3 * (6 + 10) + 1 * 2 * 4 + 18},
                                  {36 + 36 + 18 + 18,
                                   18 * 4 + 9 * 6 + 2 * 4 + 2 * 4}};
    for (int mode = 0; mode < 2; mode++)
        for (int a = 0; a < 3; a++) {
            mvd_plan *p = mvd_plan_new_mode(&d, &sp, algos[a], mode, BIG,
                                            &dg);
            CHECK(p != NULL);
            if (!p)
                continue;
            mvd_multiply(p, x, y);
            for (int j = 0; j < 18; j++)
                CHECK(y[j] == ref[j]);
            if (algos[a] != MVD_SPARSE)
                CHECK_INT(mvd_plan_mults(p), mults[mode][a]);
            mvd_plan_free(p);
        }
    free(q);
    mvd_space_free(&sp);
    desc_free(&d);
}

/* A product space larger than shuffle's cache block (2^15 entries): the
 * fast shuffle's terms then go through whole ping-pong vectors (one term
 * of three factors uses both), and slice's last factor is one automaton.
 * Random rates, sparse as the oracle (every state reachable). */
static void test_large_against_sparse(void)
{
    const int order[3] = {40, 30, 30};
    rng g;
    rng_seed(&g, 4);
    desc d;
    desc_init(&d);
    for (int a = 0; a < 3; a++) {
        char name[16];
        snprintf(name, sizeof name, "A%d", a);
        desc_add_automaton(&d, name, order[a], NULL);
    }
    /* Local terms (tridiagonal), a pair (0, 1), a triple (0, 1, 2) and
     * its all-diagonal companion. */
    const int who[5][3] = {{1, 0, 0}, {0, 0, 1}, {1, 1, 0}, {1, 1, 1},
                           {1, 1, 1}};
    for (int t = 0; t < 5; t++) {
        desc_add_term(&d, TERM_PLAIN, "r");
        for (int a = 0; a < 3; a++)
            for (int r = 0; who[t][a] && r < order[a]; r++)
                for (int c = r - 1; c <= r + 1; c++)
                    if (c >= 0 && c < order[a] && (t < 4 || c == r))
                        desc_add_entry(&d, t, a, r, c,
                                       rng_uniform(&g) - 0.3, -1);
    }
    diag dg;
    diag_init(&dg, "test", stderr);
    CHECK_INT(desc_finish(&d, 0, &dg, (srcloc){0}), 0);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, d.nn, &dg), 0);
    size_t nn = (size_t)d.nn;
    CHECK(nn > 32768);
    double *x = xmalloc(nn * sizeof *x), *ref = xmalloc(nn * sizeof *ref);
    double *y = xmalloc(nn * sizeof *y);
    for (size_t i = 0; i < nn; i++)
        x[i] = rng_uniform(&g);
    mvd_plan *p = mvd_plan_new(&d, &sp, MVD_SPARSE, BIG, &dg);
    CHECK(p != NULL);
    if (p)
        mvd_multiply(p, x, ref);
    mvd_plan_free(p);
    for (int k = 0; k < 4; k++) {
        p = mvd_plan_new_mode(&d, &sp, algos[k % 2], k >= 2, BIG, &dg);
        CHECK(p != NULL);
        if (!p)
            continue;
        mvd_multiply(p, x, y);
        double r = rel_diff(y, ref, nn);
        if (!(r <= 1e-12))
            printf("# %s%s: relative difference %g\n",
                   mvd_algo_name(algos[k % 2]), k >= 2 ? " (faithful)" : "",
                   r);
        CHECK(r <= 1e-12);
        mvd_plan_free(p);
    }
    free(x);
    free(y);
    free(ref);
    mvd_space_free(&sp);
    desc_free(&d);
}

/* -------------------------------------------------------------- errors */

/* msg is "test: FILE: error: REST". */
#define CHECK_MSG(msg, file, rest)                                            \
    do {                                                                      \
        char want_[512];                                                      \
        snprintf(want_, sizeof want_, "test: %s: error: %s", (file), (rest)); \
        CHECK_STR((msg), want_);                                              \
    } while (0)

/* A reachability function that is 0 everywhere, on automata of
 * different orders (the search then takes them largest first and sorts
 * what it finds): an empty space, not a sort of nothing (fuzz_desc found
 * qsort given a null array under UBSan). */
static void test_empty_space(void)
{
    desc d;
    CHECK_INT(read_text(&d, "san-desc 1\n"
                        "automaton A a b\nautomaton B x y z\n"
                        "function never st A 1 == st A 0 == and\n"
                        "reachability never\nend 2 1 0\n"), 0);
    mvd_space sp;
    char msg[256] = "";
    CHECK_INT(space_msg(&sp, &d, 100, msg, sizeof msg), 0);
    CHECK(sp.len == 0);
    CHECK_STR(msg, "");
    mvd_space_free(&sp);
    desc_free(&d);
}

/* The search by the reachability function with two threads (the first
 * level in halves) finds the same states in the same order as with one,
 * on automata of different orders (so the search is permuted), for
 * several bounds; and the same first error. */
static void test_space_threads(void)
{
    for (int bound = 0; bound <= 9; bound++) {
        char text[512];
        snprintf(text, sizeof text, "san-desc 1\n"
                 "automaton A a b\nautomaton B x y z\nautomaton C p q\n"
                 "automaton D k l m n\n"
                 "function r st A st B + st C + st D + %d <=\n"
                 "reachability r\nend 4 1 0\n", bound);
        desc d;
        CHECK_INT(read_text(&d, text), 0);
        diag dg;
        diag_init(&dg, "test", stderr);
        mvd_space one, two;
        CHECK_INT(mvd_space_build_threads(&one, &d, 1000, 1, &dg), 0);
        CHECK_INT(mvd_space_build_threads(&two, &d, 1000, 2, &dg), 0);
        CHECK(one.len == two.len && one.len > 0);
        for (size_t k = 0; k < one.len && k < two.len; k++)
            if (one.idx[k] != two.idx[k]) {
                CHECK(one.idx[k] == two.idx[k]);
                break;
            }
        mvd_space_free(&one);
        mvd_space_free(&two);
        desc_free(&d);
    }
    /* 17 automata of 2 states and one of 3, last (searched first): a
     * product space of 393,216 states, whose indices take three bytes to
     * sort; the states those of the search in index order (not
     * permuted: the function is evaluated state by state there). */
    {
        strbuf sb = {0};
        sb_puts(&sb, "san-desc 1\n");
        for (int a = 0; a < 17; a++)
            sb_printf(&sb, "automaton P%d i b\n", a);
        sb_puts(&sb, "automaton R r0 r1 r2\nfunction r");
        for (int a = 0; a < 17; a++)
            sb_printf(&sb, " st P%d 1 ==%s", a, a ? " +" : "");
        sb_puts(&sb, " st R 3 * - 0 >= st R 1 >= and\nreachability r\n"
                     "end 18 1 0\n");
        desc d;
        CHECK_INT(read_text(&d, sb_str(&sb)), 0);
        diag dg;
        diag_init(&dg, "test", stderr);
        mvd_space sp;
        CHECK_INT(mvd_space_build_threads(&sp, &d, 1u << 20, 2, &dg), 0);
        size_t want = 0, at = 0, wrong = 0;
        int state[DESC_MAX_AUTOMATA];
        for (uint64_t i = 0; i < d.nn; i++) {
            desc_decode(&d, i, state);
            int busy = 0;
            for (int a = 0; a < 17; a++)
                busy += state[a];
            if (busy >= 3 * state[17] && state[17] >= 1) {
                want++;
                wrong += at >= sp.len || sp.idx[at] != i;
                at++;
            }
        }
        CHECK_INT(sp.len, want);
        CHECK_INT(wrong, 0);
        CHECK(want > 1000);
        mvd_space_free(&sp);
        desc_free(&d);
        sb_free(&sb);
    }
    /* 1 / (st D - 2) is not finite at D = m: the first such state in
     * index order, whatever the threads. */
    desc d;
    CHECK_INT(read_text(&d, "san-desc 1\n"
                        "automaton A a b\nautomaton D k l m n\n"
                        "function r 1 st D 2 - /\n"
                        "reachability r\nend 2 1 0\n"), 0);
    for (int threads = 1; threads <= 2; threads++) {
        char msg[256] = "";
        FILE *err = fmemopen(msg, sizeof msg, "w");
        diag dg;
        diag_init(&dg, "test", err);
        mvd_space sp;
        CHECK_INT(mvd_space_build_threads(&sp, &d, 1000, threads, &dg), -1);
        fclose(err);
        CHECK_STR(msg, "test: t.desc: error: reachability function 'r' is "
                       "not finite in state (A=a, D=m)\n");
    }
    desc_free(&d);
}

/* Slice's AUNFs, made as the product runs: AUNF u of a term picks the
 * mixed-radix digits of u (factor 0 most significant) among its factors'
 * entries; its scale is their product, its blocks their rows and columns
 * (figure 8: constant factors). */
static void test_slice_aunfs(void)
{
    desc d;
    CHECK_INT(read_file(&d, ROOT "/examples/san/figure8.desc"), 0);
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, 1000, &dg), 0);
    mvd_plan *p = mvd_plan_new_mode(&d, &sp, MVD_SLICE, 1, (size_t)1 << 30,
                                    &dg);
    CHECK(p != NULL);
    int last = d.naut - 1, seen = 0;
    for (size_t k = 0; p && k < p->nsl; k++) {
        const sl_term *s = &p->sl[k];
        for (uint64_t u = 0; u < s->n; u++) {
            size_t pick[DESC_MAX_AUTOMATA];
            aunf au = mvd_slice_aunf(p, k, u, pick);
            uint64_t rest = u, i = 0, j = 0;
            double e = 1;
            for (int m = last - 1; m >= 0; m--) {
                const desc_matrix *f = s->f[m];
                const desc_entry *en = &f->e[rest % f->nnz];
                uint64_t nr = d.nright[m] / (uint64_t)d.aut[last].order;
                CHECK_INT(pick[m], rest % f->nnz);
                rest /= f->nnz;
                e *= en->value;
                i += (uint64_t)en->row * nr;
                j += (uint64_t)en->col * nr;
            }
            CHECK(au.e == e && au.i == i && au.j == j);
            seen++;
        }
    }
    CHECK_INT(seen, 49);   /* as the thesis counts them */
    mvd_plan_free(p);
    mvd_space_free(&sp);
    desc_free(&d);
}

static void test_errors(void)
{
    desc d;
    CHECK_INT(read_file(&d, ROOT "/examples/san/figure8.desc"), 0);
    diag dg;
    diag_init(&dg, "test", stderr);
    mvd_space sp;
    CHECK_INT(mvd_space_build(&sp, &d, 1000, &dg), 0);
    char msg[256] = "";
    /* Slice: the values of 7 elements (56) and a byte per element of
     * the factors before the last, one more per factor (25: whether its
     * function reads the last automaton); its 49 AUNFs are made as the
     * product runs, not stored (1176 bytes before). */
    CHECK(plan_msg(&d, &sp, MVD_SLICE, 1, 80, msg, sizeof msg) == NULL);
    CHECK_MSG(msg, d.file, "slice needs 81 bytes, more than the "
                   "limit of 80 bytes\n");
    mvd_plan *p = plan_msg(&d, &sp, MVD_SLICE, 1, 81, msg, sizeof msg);
    CHECK(p != NULL);
    if (p)
        CHECK_INT(mvd_plan_bytes(p), 56 + 25);
    mvd_plan_free(p);
    /* Fast slice, last factor B (x) C: the values of 7 elements (56),
     * 14 fused AUNFs (336), 5 block pointers of the fused list (40), a
     * scaled slice of x (72) and,
     * before they are built, a bound of the kernels: 10 row pointers and
     * 32 bytes per non-zero (15 and 4). Built, the plan holds B0 (x) C0
     * by diagonals (23 positions, 3 offsets and starts: 208 bytes) and
     * B1 (x) C1 by rows (10 row pointers, 4 columns and values: 88). */
    CHECK(plan_msg(&d, &sp, MVD_SLICE, 0, 100, msg, sizeof msg) == NULL);
    CHECK_MSG(msg, d.file, "slice needs 1192 bytes, more than the "
                   "limit of 100 bytes\n");
    p = plan_msg(&d, &sp, MVD_SLICE, 0, 1192, msg, sizeof msg);
    CHECK(p != NULL);
    if (p)
        CHECK_INT(mvd_plan_bytes(p), 56 + 336 + 40 + 72 + 208 + 88);
    mvd_plan_free(p);
    /* Sparse: at most 21*5 + 28 = 133 non-zeros of 16 bytes, and 37 row
     * pointers. */
    CHECK(plan_msg(&d, &sp, MVD_SPARSE, 0, 100, msg, sizeof msg) == NULL);
    CHECK_MSG(msg, d.file, "sparse needs 2424 bytes, more than the "
                   "limit of 100 bytes\n");
    /* Shuffle: a vector of 36, two of 4, 7 values, 2 terms. */
    CHECK(plan_msg(&d, &sp, MVD_SHUFFLE, 0, 100, msg, sizeof msg) == NULL);
    char prefix[300];
    snprintf(prefix, sizeof prefix, "test: %s: error: shuffle needs ", d.file);
    CHECK(strncmp(msg, prefix, strlen(prefix)) == 0);
    mvd_space_free(&sp);
    /* The whole product space over the limit. */
    CHECK_INT(space_msg(&sp, &d, 35, msg, sizeof msg), -1);
    CHECK_MSG(msg, d.file, "the reachable state space (the whole "
                   "product space) has more than 35 states, the limit\n");
    desc_free(&d);

    /* A reachability function that divides by zero. */
    const char *bad =
        "san-desc 1\nautomaton A x y\nautomaton B u v\n"
        "function r 1 st A st B + /\n"
        "term local A\nfactor A\ne 0 1 1\ne 0 0 -1\n"
        "reachability r\nend 2 1 1\n";
    CHECK_INT(read_text(&d, bad), 0);
    CHECK_INT(space_msg(&sp, &d, 100, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: t.desc: error: reachability function 'r' is not finite "
                   "in state (A=x, B=u)\n");
    desc_free(&d);

    /* A rate that is inf on part of the product space. */
    const char *inf =
        "san-desc 1\nautomaton A x y\nautomaton B u v\n"
        "function f 1 st B /\n"
        "term local A\nfactor A\ne 0 1 1 f\ne 0 0 -1 f\n"
        "initial x u\nend 2 1 1\n";
    CHECK_INT(read_text(&d, inf), 0);
    CHECK_INT(space_msg(&sp, &d, 100, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: t.desc: error: rate function 'f' is not finite in state "
                   "(A=x, B=u)\n");
    d.initial[1] = 1;
    CHECK_INT(space_msg(&sp, &d, 100, msg, sizeof msg), 0);
    CHECK_INT(sp.len, 2);
    CHECK(plan_msg(&d, &sp, MVD_SHUFFLE, 0, BIG, msg, sizeof msg) == NULL);
    CHECK_STR(msg, "test: t.desc: error: term 0 (A): function 'f' of element (0, 0) "
                   "of automaton A is not finite in state (B=u)\n");
    /* Sparse only evaluates on the reachable rows: B=v. */
    p = plan_msg(&d, &sp, MVD_SPARSE, 0, BIG, msg, sizeof msg);
    CHECK(p != NULL);
    mvd_plan_free(p);
    mvd_space_free(&sp);
    desc_free(&d);

    mvd_algo a;
    CHECK_INT(mvd_algo_parse("slice", &a), 0);
    CHECK_INT(a, MVD_SLICE);
    CHECK_INT(mvd_algo_parse("split", &a), -1);
}

/* reach's diagonal groups (group_diagonal): consecutive terms on the
 * same automata whose diagonal elements never meet share one table, and
 * the diagonal is still each state's sum in term order, bit for bit. On
 * A (2 states) x B (3): t1 and t2 never meet (one group); t3 meets them
 * at (1, 2) (a group of its own); t4 is on A alone, and t5 on (A, B)
 * again after it (not joined across t4): 4 groups of 5 terms. */
static void test_reach_diagonal_groups(void)
{
    static const char text[] =
        "san-desc 1\nautomaton A a0 a1\nautomaton B b0 b1 b2\n"
        "term sync- t1\nfactor A\ne 1 1 0.1\nfactor B\ne 2 2 1\n"
        "term sync- t2\nfactor A\ne 1 1 0.2\nfactor B\ne 0 0 1\n"
        "term sync- t3\nfactor A\ne 1 1 0.3\ne 0 0 0.5\nfactor B\ne 2 2 1\n"
        "term local A\nfactor A\ne 0 0 0.25\ne 0 1 -0.25\n"
        "term sync- t5\nfactor A\ne 0 0 0.125\nfactor B\ne 1 1 1\n"
        "end 2 0 5\n";
    desc d;
    mvd_space sp;
    CHECK_INT(load_space(&d, &sp, text), 0);
    diag dg;
    diag_init(&dg, "test", stderr);
    CHECK_INT(sp.len, 6);
    mvd_space_compact(&sp);
    mvd_plan *p = mvd_plan_new(&d, &sp, MVD_REACH, BIG, &dg);
    CHECK(p != NULL);
    if (p) {
        CHECK_INT(p->reach->ndiagonal, 4);
        double got[7];
        mvd_diagonal(p, got);
        /* state (a, b) at a * 3 + b: each term's element or 0, in order */
        static const double t[5][6] = {
            {0, 0, 0, 0, 0, 0.1},      {0, 0, 0, 0.2, 0, 0},
            {0, 0, 0.5, 0, 0, 0.3},    {0.25, 0.25, 0.25, 0, 0, 0},
            {0, 0.125, 0, 0, 0, 0}};
        for (int k = 0; k < 6; k++) {
            double want = 0;
            for (int u = 0; u < 5; u++)
                want += t[u][k];
            CHECK(memcmp(&got[k], &want, sizeof want) == 0);
        }
        mvd_plan_free(p);
    }
    mvd_space_free(&sp);
    desc_free(&d);
}

int main(void)
{
    RUN(test_figure8_golden);
    RUN(test_two_procs);
    RUN(test_exploration);
    RUN(test_reach_vs_explore);
    RUN(test_cycle);
    RUN(test_two_cycles);
    RUN(test_random_descriptors);
    RUN(test_diagonal_parts);
    RUN(test_reach_diagonal_groups);
    RUN(test_large_against_sparse);
    RUN(test_empty_space);
    RUN(test_space_threads);
    RUN(test_slice_aunfs);
    RUN(test_errors);
    return unit_done();
}
