/* Unit tests of the in-flow rows (lib/mvd/kernels/inflow.c, reach_rows.c) and of
 * the methods that read them (bicgstab, gmres and gs on rows, auto):
 * the builder's codes, merges and budget; the rows' product against
 * reach's matrix-free one; and every method against gth on random SANs
 * and against closed forms. */
#include <stdlib.h>

#include "common/common.h"
#include "mvd/kernels/kernels.h"
#include "mvd/mvd.h"
#include "mvd_model.h"
#include "unit.h"

/* ------------------------------------------------------------ builder */

static void test_builder_merges_and_codes(void)
{
    double diag[3] = {-1, -2.5, -3};
    inflow_builder *b = inflow_begin(3, diag, 1 << 20);
    /* into 0: from 2 at 3, from 1 at 0.25 twice (two terms: summed) */
    inflow_add(b, 2, 3);
    inflow_add(b, 1, 0.25);
    inflow_add(b, 1, 0.25);
    CHECK_INT(inflow_end_row(b), 0);
    inflow_add(b, 0, 1);
    CHECK_INT(inflow_end_row(b), 0);
    inflow_add(b, 1, 2);
    inflow_add(b, 0, 0);   /* a rate of 0 is no transition */
    CHECK_INT(inflow_end_row(b), 0);
    mvd_inflow *m = inflow_finish(b);
    CHECK_INT(m->nnz, 4);
    CHECK_INT(m->src[0], 1);   /* ascending sources */
    CHECK_INT(m->src[1], 2);
    CHECK(m->code != NULL);
    CHECK_INT(m->ntable, 4);   /* 0.5, 3, 1, 2 */
    CHECK_NEAR(m->table[m->code[0]], 0.5, 0);
    /* y = x Q: y_0 = -1 + 2*0.5 + 3*3 = 9, y_1 = 1 - 5 + 6 = 2 ... */
    double x[3] = {1, 2, 3}, y[4] = {0, 0, 0, 7};
    mvd_inflow_multiply(m, x, y, 1);
    CHECK_NEAR(y[0], -1 + 0.5 * 2 + 3 * 3, 1e-15);
    CHECK_NEAR(y[1], -5 + 1, 1e-15);
    CHECK_NEAR(y[2], -9 + 2 * 2, 1e-15);
    CHECK_NEAR(y[3], 0, 0);   /* the spare entry */
    double y2[4];
    mvd_inflow_multiply(m, x, y2, 2);
    CHECK(memcmp(y, y2, sizeof y) == 0);   /* the same bits on 2 threads */
    /* z M = v for M the lower (j < k) and upper (j > k) parts */
    double v[3] = {1, 2, 3}, z[3];
    mvd_inflow_lower_solve(m, diag, v, z);
    CHECK_NEAR(z[0] * diag[0], v[0], 1e-15);
    CHECK_NEAR(z[1] * diag[1] + z[0] * 1, v[1], 1e-15);
    CHECK_NEAR(z[2] * diag[2] + z[1] * 2, v[2], 1e-15);
    mvd_inflow_upper_solve(m, diag, v, z);
    CHECK_NEAR(z[2] * diag[2], v[2], 1e-15);
    CHECK_NEAR(z[1] * diag[1], v[1], 1e-15);
    CHECK_NEAR(z[0] * diag[0] + z[1] * 0.5 + z[2] * 3, v[0], 1e-15);
    mvd_inflow_free(m);
}

/* More distinct rates than a 2-byte code holds: the rates themselves,
 * the same product. */
static void test_builder_many_rates(void)
{
    size_t n = 70000;
    double *diag = xmalloc(n * sizeof *diag);
    for (size_t k = 0; k < n; k++)
        diag[k] = -1.0 - (double)k;
    inflow_builder *b = inflow_begin(n, diag, SIZE_MAX);
    for (size_t k = 0; k < n; k++) {
        inflow_add(b, (uint32_t)((k + 1) % n), 1.0 + (double)k);
        CHECK_INT(inflow_end_row(b), 0);
    }
    mvd_inflow *m = inflow_finish(b);
    CHECK(m->code == NULL && m->val != NULL);
    CHECK_INT(m->nnz, n);
    CHECK_NEAR(mvd_inflow_row(m, 69999, diag), 70000.0 * -1.0, 0);
    CHECK_NEAR(m->bytes, (double)((n + 1) * 4 + n * 12), 0);
    mvd_inflow_free(m);
    /* a budget the rows pass: refused, nothing kept */
    b = inflow_begin(n, diag, 400000);
    int failed = 0;
    for (size_t k = 0; k < n && !failed; k++) {
        inflow_add(b, (uint32_t)((k + 1) % n), 1.0);
        failed = inflow_end_row(b) < 0;
    }
    CHECK(failed);
    inflow_abort(b);
    free(diag);
}

/* -------------------------------------------------------------- solves */

/* A reach plan over compact vectors (mvd_model.h), with the rows when
 * `rows`. */
static int load_reach(model *m, const char *text, int rows)
{
    if (load(m, text, MVD_REACH) < 0)
        return -1;
    if (rows)
        CHECK(mvd_reach_rows(m->plan, SIZE_MAX) > 0);
    return 0;
}

static int solve(model *m, mvd_method method, double tol, int adaptive)
{
    mvd_solve_opts o;
    mvd_solve_defaults(&o);
    o.method = method;
    o.tol = tol;
    o.omega = 1;
    o.adaptive = adaptive;
    o.rows_bytes = SIZE_MAX;
    diag dg;
    diag_init(&dg, "test", quiet());
    return mvd_solve_chain(m->plan, &m->d, &m->sp, &o, 0, SIZE_MAX, m->pi,
                           &m->info, &dg);
}

/* A random SAN: 2..4 automata of 2..5 states, local generators and one or
 * two synchronising events with functional rates (the shape of
 * test_solve.c's, smaller). */
static char *random_san(rng *g)
{
    strbuf sb = {0};
    int naut = 2 + (int)(rng_next(g) % 3), order[4];
    sb_puts(&sb, "san-desc 1\n");
    for (int a = 0; a < naut; a++) {
        order[a] = 2 + (int)(rng_next(g) % 4);
        sb_printf(&sb, "automaton A%d", a);
        for (int s = 0; s < order[a]; s++)
            sb_printf(&sb, " s%d", s);
        sb_putc(&sb, '\n');
    }
    sb_printf(&sb, "function f 1 st A0 +\n");
    int terms = 0;
    for (int a = 0; a < naut; a++) {   /* a ring and random jumps */
        sb_printf(&sb, "term local A%d\nfactor A%d\n", a, a);
        for (int s = 0; s < order[a]; s++) {
            double r1 = 0.1 + (double)(rng_next(g) % 1000) / 100;
            int t = (int)(rng_next(g) % (uint64_t)order[a]);
            double r2 = t != s && t != (s + 1) % order[a]
                      ? (double)(rng_next(g) % 500) / 100 : 0;
            sb_printf(&sb, "e %d %d %.17g\n", s, (s + 1) % order[a], r1);
            if (r2 > 0)
                sb_printf(&sb, "e %d %d %.17g\n", s, t, r2);
            sb_printf(&sb, "e %d %d %.17g\n", s, s, -(r1 + r2));
        }
        terms++;
    }
    /* A0 and A1 move together at a rate of f: s -> s+1 and s -> s-1 */
    sb_printf(&sb, "term sync+ t\nfactor A0\n");
    for (int s = 0; s + 1 < order[0]; s++)
        sb_printf(&sb, "e %d %d 1 f\n", s, s + 1);
    sb_printf(&sb, "factor A1\n");
    for (int s = 1; s < order[1]; s++)
        sb_printf(&sb, "e %d %d 1\n", s, s - 1);
    sb_printf(&sb, "term sync- t\nfactor A0\n");
    for (int s = 0; s + 1 < order[0]; s++)
        sb_printf(&sb, "e %d %d -1 f\n", s, s);
    sb_printf(&sb, "factor A1\n");
    for (int s = 1; s < order[1]; s++)
        sb_printf(&sb, "e %d %d 1\n", s, s);
    terms += 2;
    sb_printf(&sb, "end %d 1 %d\n", naut, terms);
    return sb.text;
}

/* On random SANs: the rows' product is reach's to rounding, and gs,
 * bicgstab and gmres on the rows, and bicgstab on reach's tables, give
 * gth's answer. */
static void test_random_against_gth(void)
{
    rng g;
    rng_seed(&g, 27);
    int solved = 0;
    for (int c = 0; c < 300; c++) {
        char *text = random_san(&g);
        model a, b;
        if (load_reach(&a, text, 0) < 0 || load_reach(&b, text, 1) < 0) {
            CHECK(!"a random SAN did not load");
            free(text);
            break;
        }
        size_t n = a.sp.len;
        double *x = xcalloc(n + 1, sizeof *x), *ya = xcalloc(n + 1, 8),
               *yb = xcalloc(n + 1, 8);
        for (size_t k = 0; k < n; k++)
            x[k] = 1.0 / (double)(k + 1);
        mvd_multiply(a.plan, x, ya);
        mvd_multiply(b.plan, x, yb);
        for (size_t k = 0; k < n; k++)
            CHECK_NEAR(yb[k], ya[k], 1e-13 * (1 + fabs(ya[k])));
        if (solve(&a, MVD_GTH, 1e-12, 0) == 0) {
            solved++;
            mvd_method methods[] = {MVD_GS, MVD_BICGSTAB, MVD_GMRES};
            for (int i = 0; i < 3; i++) {
                CHECK_INT(solve(&b, methods[i], 1e-12, 0), 0);
                for (size_t k = 0; k < n; k++)
                    CHECK_NEAR(b.pi[k], a.pi[k], 1e-9);
            }
            memcpy(x, a.pi, n * sizeof *x);
            CHECK_INT(solve(&a, MVD_BICGSTAB, 1e-12, 0), 0);   /* diagonal */
            for (size_t k = 0; k < n; k++)
                CHECK_NEAR(a.pi[k], x[k], 1e-9);
        }
        free(x);
        free(ya);
        free(yb);
        unload(&a);
        unload(&b);
        free(text);
    }
    printf("# rows: %d random SANs solved by gth, gs, bicgstab and gmres\n",
           solved);
    CHECK(solved >= 200);
}

/* An M/M/1/K queue of lo * hi states written over two automata as the
 * digits of its length (an odometer: L counts, H carries): birth-death,
 * so pi_k ~ rho^k exactly, and not a product over the digits. */
static char *odometer(int lo, int hi, double lambda, double mu)
{
    strbuf sb = {0};
    sb_puts(&sb, "san-desc 1\nautomaton H");
    for (int s = 0; s < hi; s++)
        sb_printf(&sb, " h%d", s);
    sb_puts(&sb, "\nautomaton L");
    for (int s = 0; s < lo; s++)
        sb_printf(&sb, " l%d", s);
    /* within a digit: L up and down */
    sb_puts(&sb, "\nterm local L\nfactor L\n");
    for (int s = 0; s < lo; s++) {
        double out = (s + 1 < lo ? lambda : 0) + (s > 0 ? mu : 0);
        if (s + 1 < lo)
            sb_printf(&sb, "e %d %d %.17g\n", s, s + 1, lambda);
        if (s > 0)
            sb_printf(&sb, "e %d %d %.17g\n", s, s - 1, mu);
        sb_printf(&sb, "e %d %d %.17g\n", s, s, -out);
    }
    /* carry: L at lo-1 to 0 and H up at lambda; borrow: L at 0 to lo-1
     * and H down at mu */
    sb_puts(&sb, "term sync+ up\nfactor H\n");
    for (int s = 0; s + 1 < hi; s++)
        sb_printf(&sb, "e %d %d %.17g\n", s, s + 1, lambda);
    sb_printf(&sb, "factor L\ne %d 0 1\n", lo - 1);
    sb_puts(&sb, "term sync- up\nfactor H\n");
    for (int s = 0; s + 1 < hi; s++)
        sb_printf(&sb, "e %d %d %.17g\n", s, s, -lambda);
    sb_printf(&sb, "factor L\ne %d %d 1\n", lo - 1, lo - 1);
    sb_puts(&sb, "term sync+ down\nfactor H\n");
    for (int s = 1; s < hi; s++)
        sb_printf(&sb, "e %d %d %.17g\n", s, s - 1, mu);
    sb_printf(&sb, "factor L\ne 0 %d 1\n", lo - 1);
    sb_puts(&sb, "term sync- down\nfactor H\n");
    for (int s = 1; s < hi; s++)
        sb_printf(&sb, "e %d %d %.17g\n", s, s, -mu);
    sb_puts(&sb, "factor L\ne 0 0 1\n");
    sb_puts(&sb, "end 2 0 5\n");
    return sb.text;
}

/* Past gth's size, --method auto: the aggregation is not exact, so auto
 * switches to bicgstab on the rows it builds; there, from the aggregated
 * iterate (R 0.95, B 1e15 after 306 steps), bicgstab stalls, and auto
 * switches to Gauss-Seidel (damped), which reaches the closed form. */
static void test_auto_switches(void)
{
    int lo = 64, hi = 32;
    double lambda = 0.9, mu = 1, rho = lambda / mu;
    char *text = odometer(lo, hi, lambda, mu);
    model m;
    if (load_reach(&m, text, 0) == 0) {
        CHECK_INT(m.sp.len, lo * hi);
        CHECK_INT(solve(&m, MVD_AUTO, 1e-12, 1), 0);
        CHECK_INT(m.info.nswitch, 2);
        CHECK_INT(m.info.switches[0].iteration, 2);
        CHECK_INT(m.info.switches[0].from, MVD_IAD);
        CHECK_INT(m.info.switches[0].to, MVD_BICGSTAB);
        CHECK_INT(m.info.switches[1].from, MVD_BICGSTAB);
        CHECK_INT(m.info.switches[1].to, MVD_GS);
        CHECK_INT(m.info.method, MVD_GS);
        CHECK(m.info.omega == MVD_IAD_OMEGA);   /* damped sweeps */
        CHECK(mvd_reach_rows_view(m.plan) != NULL);   /* built by auto */
        /* pi_k = rho^k (1 - rho) / (1 - rho^n), k = H * lo + L */
        double norm = (1 - rho) / (1 - pow(rho, lo * hi)), worst = 0;
        for (size_t k = 0; k < m.sp.len; k++) {
            double want = pow(rho, (double)k) * norm;
            CHECK_NEAR(m.pi[k], want, 1e-12);
            if (want >= 1e-6 && fabs(m.pi[k] - want) / want > worst)
                worst = fabs(m.pi[k] - want) / want;
        }
        printf("# auto on the odometer M/M/1/%d: switched at %llu, %llu "
               "iterations, largest relative error %.2g where pi >= 1e-6\n",
               lo * hi - 1,
               (unsigned long long)m.info.switches[1].iteration,
               (unsigned long long)m.info.iterations, worst);
        CHECK(worst < 1e-9);
    }
    unload(&m);
    free(text);
}

/* Product form (12 independent on/off processes of different rates,
 * 4096 states): auto's aggregation is exact, no switch, no rows. */
static void test_auto_product_form(void)
{
    strbuf sb = {0};
    int n = 12;
    sb_puts(&sb, "san-desc 1\n");
    for (int i = 0; i < n; i++)
        sb_printf(&sb, "automaton P%d idle busy\n", i);
    for (int i = 0; i < n; i++)
        sb_printf(&sb, "term local P%d\nfactor P%d\ne 0 0 -%d\ne 0 1 %d\n"
                  "e 1 0 2\ne 1 1 -2\n", i, i, i + 1, i + 1);
    sb_printf(&sb, "end %d 0 %d\n", n, n);
    model m;
    if (load_reach(&m, sb.text, 0) == 0) {
        CHECK_INT(solve(&m, MVD_AUTO, 1e-12, 1), 0);
        CHECK_INT(m.info.method, MVD_IAD);
        CHECK_INT(m.info.nswitch, 0);
        CHECK_INT(m.info.iterations, 2);
        CHECK(mvd_reach_rows_view(m.plan) == NULL);
        /* P_i busy with probability (i+1) / (i+3), independently */
        for (size_t k = 0; k < m.sp.len; k += 97) {
            double want = 1;
            for (int i = 0; i < n; i++) {
                double busy = (i + 1.0) / (i + 3.0);
                want *= m.sp.idx[k] >> (n - 1 - i) & 1 ? busy : 1 - busy;
            }
            CHECK_NEAR(m.pi[k], want, 1e-12);
        }
    }
    unload(&m);
    free(sb.text);
}

int main(void)
{
    RUN(test_builder_merges_and_codes);
    RUN(test_builder_many_rates);
    RUN(test_random_against_gth);
    RUN(test_auto_switches);
    RUN(test_auto_product_form);
    return unit_done();
}
