/* Unit tests of lib/san: each example model is translated, its descriptor
 * expanded here into a dense generator straight from the definition
 *     Q[x, y] = sum_k prod_i F_i^(k)[x_i, y_i](x)
 * (functions evaluated on the row state x, with desc_eval), and checked:
 * rows sum to zero, off-diagonals are non-negative, and the stationary
 * distribution solved on the reachable states matches the closed form. */
#include <stdlib.h>

#include <math.h>

#include "san/model.h"
#include "san/san.h"
#include "unit.h"

#ifndef ROOT
#define ROOT "."
#endif

#define TOL 1e-12

/* The descriptor of an example model, or 0 after a failed check. */
static int load(const char *name, desc *d)
{
    char path[256];
    snprintf(path, sizeof path, ROOT "/examples/san/%s", name);
    FILE *fp = fopen(path, "r");
    CHECK(fp != NULL);
    if (!fp)
        return 0;
    size_t len;
    char *text = read_all(fp, (size_t)1 << 24, &len);
    fclose(fp);
    diag dg;
    diag_init(&dg, "test", stdout);
    int status = san_to_desc(text, len, name, d, &dg);
    free(text);
    CHECK_INT(status, 0);
    return status == 0;
}

/* Adds the contributions of term t from row x: walks the factors one
 * automaton at a time, the identity keeping the local state. */
static void expand_term(const desc *d, const desc_term *t, const int *x,
                        int a, int *y, double v, double *row)
{
    if (a == d->naut) {
        row[desc_encode(d, y)] += v;
        return;
    }
    const desc_matrix *m = t->factor[a];
    if (!m) {
        y[a] = x[a];
        expand_term(d, t, x, a + 1, y, v, row);
        return;
    }
    for (size_t i = m->rowptr[x[a]]; i < m->rowptr[x[a] + 1]; i++) {
        const desc_entry *e = &m->e[i];
        double f = e->func < 0 ? 1 : desc_eval(&d->funcs.items[e->func], x);
        y[a] = e->col;
        expand_term(d, t, x, a + 1, y, v * e->value * f, row);
    }
}

/* The dense generator, nn x nn, row-major. */
static double *dense(const desc *d)
{
    size_t nn = (size_t)d->nn;
    double *q = calloc(nn * nn, sizeof *q);
    int x[DESC_MAX_AUTOMATA], y[DESC_MAX_AUTOMATA];
    for (size_t r = 0; r < nn; r++) {
        desc_decode(d, r, x);
        for (size_t k = 0; k < d->terms.len; k++)
            expand_term(d, &d->terms.items[k], x, 0, y, 1, q + r * nn);
    }
    return q;
}

static void check_generator(const desc *d, const double *q)
{
    size_t nn = (size_t)d->nn;
    int bad_sum = 0, negative = 0;
    for (size_t r = 0; r < nn; r++) {
        double sum = 0;
        for (size_t c = 0; c < nn; c++) {
            sum += q[r * nn + c];
            if (c != r && q[r * nn + c] < 0)
                negative++;
        }
        if (!(fabs(sum) <= TOL))
            bad_sum++;
    }
    CHECK_INT(bad_sum, 0);
    CHECK_INT(negative, 0);
}

static int reachable(const desc *d, size_t idx)
{
    int x[DESC_MAX_AUTOMATA];
    desc_decode(d, idx, x);
    return d->reach < 0 || desc_eval(&d->funcs.items[d->reach], x) != 0;
}

/* pi Q = 0, sum pi = 1 over the reachable states by Gaussian elimination
 * with partial pivoting (the last balance equation replaced by the
 * normalisation). pi[x] = 0 outside. Returns the reachable count. */
static size_t solve(const desc *d, const double *q, double *pi)
{
    size_t nn = (size_t)d->nn, n = 0;
    size_t *map = malloc(nn * sizeof *map);
    for (size_t i = 0; i < nn; i++)
        if (reachable(d, i))
            map[n++] = i;
    /* A x = b with A = Q_RR^T. */
    double *a = calloc(n * (n + 1), sizeof *a);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            a[i * (n + 1) + j] = q[map[j] * nn + map[i]];
    for (size_t j = 0; j <= n; j++)
        a[(n - 1) * (n + 1) + j] = 1;
    for (size_t c = 0; c < n; c++) {
        size_t p = c;
        for (size_t r = c + 1; r < n; r++)
            if (fabs(a[r * (n + 1) + c]) > fabs(a[p * (n + 1) + c]))
                p = r;
        for (size_t j = 0; j <= n; j++) {
            double t = a[c * (n + 1) + j];
            a[c * (n + 1) + j] = a[p * (n + 1) + j];
            a[p * (n + 1) + j] = t;
        }
        for (size_t r = 0; r < n; r++) {
            if (r == c)
                continue;
            double f = a[r * (n + 1) + c] / a[c * (n + 1) + c];
            for (size_t j = c; j <= n; j++)
                a[r * (n + 1) + j] -= f * a[c * (n + 1) + j];
        }
    }
    for (size_t i = 0; i < nn; i++)
        pi[i] = 0;
    for (size_t i = 0; i < n; i++)
        pi[map[i]] = a[i * (n + 1) + n] / a[i * (n + 1) + i];
    free(a);
    free(map);
    return n;
}

/* The expectation of result r under pi. */
static double result(const desc *d, const double *pi, const char *name)
{
    for (size_t r = 0; r < d->results.len; r++) {
        if (strcmp(d->results.items[r].name, name) != 0)
            continue;
        const desc_func *f = &d->funcs.items[d->results.items[r].func];
        double sum = 0;
        int x[DESC_MAX_AUTOMATA];
        for (size_t i = 0; i < d->nn; i++) {
            desc_decode(d, i, x);
            sum += pi[i] * desc_eval(f, x);
        }
        return sum;
    }
    CHECK(!"no such result");
    return NAN;
}

/* Everything the examples share; returns pi (nn entries) or NULL. */
static double *generator_and_pi(const char *name, desc *d, size_t *nreach)
{
    if (!load(name, d))
        return NULL;
    double *q = dense(d);
    check_generator(d, q);
    double *pi = malloc((size_t)d->nn * sizeof *pi);
    *nreach = solve(d, q, pi);
    free(q);
    return pi;
}

/* (a) The product of the local distributions. */
static void test_independent_onoff(void)
{
    desc d;
    size_t n;
    double *pi = generator_and_pi("onoff3.san", &d, &n);
    if (!pi)
        return;
    CHECK_INT(d.naut, 3);
    CHECK_INT(d.terms.len, 3);
    CHECK_INT(n, 8);
    double up[3] = {1, 0.5, 3}, down[3] = {2, 1.5, 1};
    int x[3];
    for (size_t i = 0; i < d.nn; i++) {
        desc_decode(&d, i, x);
        double want = 1;
        for (int a = 0; a < 3; a++)
            want *= (x[a] ? up[a] : down[a]) / (up[a] + down[a]);
        CHECK_NEAR(pi[i], want, 1e-12);
    }
    CHECK_NEAR(result(&d, pi, "p_up_2"), 0.25, 1e-12);
    CHECK_NEAR(result(&d, pi, "mean_up"), 1.0 / 3 + 0.25 + 0.75, 1e-12);
    free(pi);
    desc_free(&d);
}

/* Erlang loss, N = 4, P = 2, lambda/mu = 1/2: a state with k busy
 * processes has probability (1/2)^k / Z, Z = sum_k C(4,k) (1/2)^k. */
static void check_erlang(const desc *d, const double *pi, int with_r)
{
    double z = 1 + 4 * 0.5 + 6 * 0.25;
    int x[DESC_MAX_AUTOMATA];
    for (size_t i = 0; i < d->nn; i++) {
        desc_decode(d, i, x);
        int k = x[0] + x[1] + x[2] + x[3];
        double want = k <= 2 && (!with_r || x[4] == k) ? pow(0.5, k) / z : 0;
        CHECK_NEAR(pi[i], want, 1e-12);
    }
    CHECK_NEAR(result(d, pi, "mean_busy"), (4 * 0.5 + 2 * 6 * 0.25) / z,
               1e-12);
    CHECK_NEAR(result(d, pi, "p_full"), 6 * 0.25 / z, 1e-12);
}

static void test_sharing_functional(void)
{
    desc d;
    size_t n;
    double *pi = generator_and_pi("sharing-functional.san", &d, &n);
    if (!pi)
        return;
    CHECK_INT(d.naut, 4);
    CHECK_INT(n, 11);      /* 1 + 4 + 6 states with at most 2 busy */
    check_erlang(&d, pi, 0);
    free(pi);
    desc_free(&d);
}

static void test_sharing_sync(void)
{
    desc d;
    size_t n;
    double *pi = generator_and_pi("sharing-sync.san", &d, &n);
    if (!pi)
        return;
    CHECK_INT(d.naut, 5);
    CHECK_INT(d.terms.len, 16);   /* no local terms, 2 x 8 events */
    CHECK_INT(n, 11);
    check_erlang(&d, pi, 1);
    free(pi);
    desc_free(&d);
}

/* M/M/1/K: p(k) = rho^k (1 - rho) / (1 - rho^(K+1)). */
static void test_mm1k(void)
{
    desc d;
    size_t n;
    double *pi = generator_and_pi("mm1k.san", &d, &n);
    if (!pi)
        return;
    CHECK_INT(d.nn, 6);
    CHECK(d.initial != NULL && d.initial[0] == 0);
    double rho = 1 / 1.5, mean = 0;
    for (int k = 0; k <= 5; k++) {
        double p = pow(rho, k) * (1 - rho) / (1 - pow(rho, 6));
        CHECK_NEAR(pi[k], p, 1e-12);
        mean += k * p;
    }
    CHECK_NEAR(result(&d, pi, "mean_customers"), mean, 1e-12);
    free(pi);
    desc_free(&d);
}

/* (e) 8 reachable of 18 product states, exactly Figure 1's, closed under
 * the transitions of Q and all reached from (idle, free, idle). */
static void test_thesis_two_procs(void)
{
    desc d;
    if (!load("thesis-two-procs.san", &d))
        return;
    CHECK_INT(d.nn, 18);
    CHECK_INT(d.terms.len, 10);   /* 2 local + 2 x 4 synchronising */
    double *q = dense(&d);
    check_generator(&d, q);
    /* Figure 1, written PA(a) R(r) PB(b). */
    static const int fig1[8][3] = {{1, 0, 1}, {0, 0, 1}, {0, 1, 2},
                                   {2, 1, 1}, {0, 0, 0}, {1, 0, 0},
                                   {1, 1, 2}, {2, 1, 0}};
    int admitted = 0;
    for (size_t i = 0; i < d.nn; i++)
        admitted += reachable(&d, i);
    CHECK_INT(admitted, 8);
    for (int k = 0; k < 8; k++)
        CHECK(reachable(&d, desc_encode(&d, fig1[k])));
    /* Explore from (0, 0, 0) through Q's positive off-diagonals. */
    char seen[18] = {0};
    size_t stack[18], sp = 0, count = 0;
    stack[sp++] = 0;
    seen[0] = 1;
    while (sp) {
        size_t r = stack[--sp];
        count++;
        CHECK(reachable(&d, r));
        for (size_t c = 0; c < 18; c++)
            if (c != r && q[r * 18 + c] > 0 && !seen[c]) {
                seen[c] = 1;
                stack[sp++] = c;
            }
    }
    CHECK_INT(count, 8);
    double pi[18];
    CHECK_INT(solve(&d, q, pi), 8);
    double sum = 0;
    for (int i = 0; i < 18; i++) {
        sum += pi[i];
        CHECK(pi[i] >= 0);
        CHECK(reachable(&d, (size_t)i) ? pi[i] > 0 : pi[i] == 0);
    }
    CHECK_NEAR(sum, 1, 1e-12);
    free(q);
    desc_free(&d);
}

/* Functional routing probabilities: the negative term of a slave holds
 * their row sum, so rows still sum to zero. */
static void test_functional_probabilities(void)
{
    const char *text =
        "events syn go (2); loc back (1);\n"
        "network\n"
        "aut A { states a0, a1, a2; a0 -> a1 on go (p); a0 -> a2 on go (1 - p);"
        " a1 -> a0 on back; a2 -> a0 on back; }\n"
        "aut B { states b0, b1; b0 -> b1 on go (0.5 + 0.25 * (st A == 0));"
        " b0 -> b0 on go (0.5 - 0.25 * (st A == 0)); b1 -> b0 on go; }\n";
    char *src = malloc(strlen(text) + 64);
    sprintf(src, "identifiers p = 0.3 + 0.1 * (st B == 1);\n%s", text);
    diag dg;
    diag_init(&dg, "test", stdout);
    desc d;
    int status = san_to_desc(src, strlen(src), "f.san", &d, &dg);
    free(src);
    CHECK_INT(status, 0);
    if (status)
        return;
    double *q = dense(&d);
    check_generator(&d, q);
    free(q);
    desc_free(&d);
}

/* What san2desc writes, lib/desc reads back to the same text. */
static void test_round_trip(void)
{
    static const char *const models[] = {
        "onoff3.san", "sharing-functional.san", "sharing-sync.san",
        "mm1k.san", "thesis-two-procs.san"};
    for (size_t i = 0; i < sizeof models / sizeof *models; i++) {
        desc d, back;
        if (!load(models[i], &d))
            continue;
        char *out = NULL, *again = NULL;
        size_t outlen = 0, againlen = 0;
        FILE *mem = open_memstream(&out, &outlen);
        desc_write(mem, &d);
        fclose(mem);
        FILE *in = fmemopen(out, outlen, "r");
        diag dg;
        diag_init(&dg, "test", stdout);
        int status = desc_read(&back, in, models[i], &dg);
        fclose(in);
        CHECK_INT(status, 0);
        if (status == 0) {
            mem = open_memstream(&again, &againlen);
            desc_write(mem, &back);
            fclose(mem);
            CHECK_STR(again, out);
            desc_free(&back);
        }
        free(out);
        free(again);
        desc_free(&d);
    }
}

/* A model with one automaton A of two states, for expr.c's nodes. */
static void one_automaton(model *m)
{
    memset(m, 0, sizeof *m);
    m_aut a = {0};
    a.name = xstrdup("A");
    a.base = xstrdup("A");
    VEC_PUSH(&a.states, xstrdup("z"));
    VEC_PUSH(&a.states, xstrdup("o"));
    VEC_PUSH(&m->auts, a);
}

/* Folding keeps IEEE semantics: x * 0 and friends only where x is
 * provably finite, x + 0 only where x is never -0. */
static void test_fold_ieee(void)
{
    model m;
    one_automaton(&m);
    rx *st = rx_st(&m, 0), *zero = rx_num(&m, 0), *one = rx_num(&m, 1);
    CHECK(rx_finite(st) && st->lo == 0 && st->hi == 1);
    rx *inf = rx_op(&m, DOP_DIV, one, st, NULL);            /* 1 / st A */
    rx *fin = rx_op(&m, DOP_DIV, one,
                    rx_op(&m, DOP_ADD, st, one, NULL), NULL); /* in [0.5, 1] */
    CHECK(!rx_finite(inf));
    CHECK(rx_finite(fin) && fin->lo == 0.5 && fin->hi == 1);
    CHECK(rx_op(&m, DOP_MUL, inf, zero, NULL)->op == DOP_MUL);
    CHECK(rx_op(&m, DOP_SUB, inf, inf, NULL)->op == DOP_SUB);
    CHECK(rx_op(&m, DOP_DIV, inf, inf, NULL)->op == DOP_DIV);
    CHECK(rx_op(&m, DOP_DIV, zero, st, NULL)->op == DOP_DIV);  /* 0 / 0 */
    rx *r = rx_op(&m, DOP_MUL, fin, zero, NULL);
    CHECK(r->op == DOP_NUM && r->num == 0 && !signbit(r->num));
    r = rx_op(&m, DOP_MUL, rx_op(&m, DOP_NEG, fin, 0, 0), zero, NULL);
    CHECK(r->op == DOP_NUM && r->num == 0 && signbit(r->num));   /* -0 */
    r = rx_op(&m, DOP_SUB, st, one, NULL);                      /* -1 or 0 */
    CHECK(rx_op(&m, DOP_MUL, r, zero, NULL)->op == DOP_MUL);    /* sign? */
    CHECK(rx_op(&m, DOP_SUB, fin, fin, NULL)->op == DOP_NUM);
    CHECK(rx_op(&m, DOP_DIV, fin, fin, NULL)->op == DOP_NUM);
    /* -(st A) is -0 in state z: -0 + 0 is +0, so the 0 stays. */
    rx *neg = rx_op(&m, DOP_NEG, st, NULL, NULL);
    CHECK(rx_op(&m, DOP_ADD, neg, zero, NULL)->op == DOP_ADD);
    CHECK(rx_op(&m, DOP_ADD, st, zero, NULL) == st);
    CHECK(rx_op(&m, DOP_ADD, neg, rx_num(&m, -0.0), NULL) == neg);
    CHECK(rx_op(&m, DOP_SUB, neg, zero, NULL) == neg);
    /* Bounds hold for the computed values: a product that overflows is
       not finite. */
    rx *big = rx_op(&m, DOP_MUL, rx_num(&m, 1e308),
                    rx_op(&m, DOP_ADD, st, one, NULL), NULL);
    CHECK(!rx_finite(big));
    model_free(&m);
}

/* c * X exactly: negations and one constant factor; a zero factor only
 * off a provably finite X. */
static void test_split(void)
{
    model m;
    one_automaton(&m);
    rx *st = rx_st(&m, 0), *one = rx_num(&m, 1);
    double c;
    rx *x = rx_op(&m, DOP_NEG, rx_op(&m, DOP_MUL, rx_num(&m, 3), st, NULL),
                  NULL, NULL);
    CHECK(rx_split(x, &c) == st && c == -3);
    rx *inner = rx_op(&m, DOP_MUL, rx_num(&m, 3), st, NULL);
    x = rx_op(&m, DOP_MUL, rx_num(&m, 2), inner, NULL);
    CHECK(rx_split(x, &c) == inner && c == 2);      /* not 6 * st A */
    rx *inf = rx_op(&m, DOP_DIV, one, st, NULL);
    x = rx_op(&m, DOP_MUL, rx_num(&m, 0), inf, NULL);
    CHECK(rx_split(x, &c) == x && c == 1);
    rx *sub = rx_op(&m, DOP_SUB, st, one, NULL);
    x = rx_op(&m, DOP_MUL, rx_num(&m, 0), sub, NULL);
    CHECK(rx_split(x, &c) == sub && c == 0);
    CHECK(rx_split(rx_num(&m, 5), &c) == NULL && c == 5);
    model_free(&m);
}

/* Shared nodes count at their expanded size; compiling a left-deep sum
 * of 10^6 terms needs no recursion. */
static void test_size_and_compile(void)
{
    model m;
    one_automaton(&m);
    rx *f = rx_st(&m, 0);
    for (int k = 1; k <= 40; k++)
        f = rx_op(&m, DOP_ADD, f, f, NULL);
    CHECK(f->size == (UINT64_C(1) << 41) - 1);
    rx *sum = rx_st(&m, 0);
    for (int k = 1; k < 1000000; k++)
        sum = rx_op(&m, DOP_ADD, sum, rx_st(&m, 0), NULL);
    CHECK(sum->size == 1999999);
    rx_code code = {0};
    rx_compile(sum, &code);
    CHECK(code.len == 1999999);
    CHECK(code.items[0].op == DOP_ST && code.items[code.len - 1].op == DOP_ADD);
    free(code.items);
    model_free(&m);
}

int main(void)
{
    RUN(test_fold_ieee);
    RUN(test_split);
    RUN(test_size_and_compile);
    RUN(test_round_trip);
    RUN(test_independent_onoff);
    RUN(test_sharing_functional);
    RUN(test_sharing_sync);
    RUN(test_mm1k);
    RUN(test_thesis_two_procs);
    RUN(test_functional_probabilities);
    return unit_done();
}
