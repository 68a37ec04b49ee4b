/* solve_standin.c — TEMPORARY dense stand-in for the MVD kernels of
 * mvd.h, so the solvers can be developed before branch mvd lands. It is
 * removed when the real kernels are merged. Small models only. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/mvd.h"

struct mvd_plan {
    uint64_t nn;
    double *q;   /* nn * nn, dense */
    mvd_algo algo;
};

static double element(const desc *d, const desc_matrix *m, int row, int col,
                      const int *state)
{
    if (!m)
        return row == col;
    for (size_t k = m->rowptr[row]; k < m->rowptr[row + 1]; k++)
        if (m->e[k].col == col)
            return m->e[k].value *
                   (m->e[k].func < 0 ? 1 : desc_eval(&d->funcs.items[m->e[k].func], state));
    return 0;
}

static double *dense(const desc *d)
{
    uint64_t nn = d->nn;
    double *q = xcalloc(nn * nn, sizeof *q);
    int *x = xmalloc(sizeof(int) * (size_t)d->naut);
    int *y = xmalloc(sizeof(int) * (size_t)d->naut);
    for (uint64_t i = 0; i < nn; i++) {
        desc_decode(d, i, x);
        for (uint64_t j = 0; j < nn; j++) {
            desc_decode(d, j, y);
            double sum = 0;
            for (size_t t = 0; t < d->terms.len; t++) {
                double prod = 1;
                for (int a = 0; a < d->naut && prod != 0; a++)
                    prod *= element(d, d->terms.items[t].factor[a], x[a], y[a], x);
                sum += prod;
            }
            q[i * nn + j] = sum;
        }
    }
    free(x);
    free(y);
    return q;
}

int mvd_space_build(mvd_space *sp, const desc *d, uint64_t max_states,
                    diag *dg)
{
    uint64_t nn = d->nn;
    if (nn > 4096 || nn > max_states) {
        diag_error(dg, (srcloc){0}, "stand-in: space too large");
        return -1;
    }
    char *in = xcalloc(nn, 1);
    int *x = xmalloc(sizeof(int) * (size_t)d->naut);
    if (d->reach >= 0) {
        for (uint64_t i = 0; i < nn; i++) {
            desc_decode(d, i, x);
            in[i] = desc_eval(&d->funcs.items[d->reach], x) != 0;
        }
    } else if (d->initial) {
        double *q = dense(d);
        in[desc_encode(d, d->initial)] = 1;
        for (int changed = 1; changed;) {
            changed = 0;
            for (uint64_t i = 0; i < nn; i++)
                for (uint64_t j = 0; in[i] && j < nn; j++)
                    if (!in[j] && q[i * nn + j] != 0)
                        in[j] = 1, changed = 1;
        }
        free(q);
    } else {
        memset(in, 1, nn);
    }
    sp->idx = xmalloc(sizeof *sp->idx * nn);
    sp->len = 0;
    for (uint64_t i = 0; i < nn; i++)
        if (in[i])
            sp->idx[sp->len++] = i;
    free(in);
    free(x);
    return 0;
}

void mvd_space_free(mvd_space *sp)
{
    free(sp->idx);
    sp->idx = NULL;
    sp->len = 0;
}

mvd_plan *mvd_plan_new(const desc *d, const mvd_space *sp, mvd_algo algo,
                       size_t max_bytes, diag *dg)
{
    (void)sp;
    size_t need = (size_t)(d->nn * d->nn * sizeof(double));
    if (need > max_bytes) {
        diag_error(dg, (srcloc){0}, "needs %zu bytes", need);
        return NULL;
    }
    mvd_plan *p = xcalloc(1, sizeof *p);
    p->nn = d->nn;
    p->algo = algo;
    p->q = dense(d);
    return p;
}

void mvd_multiply(mvd_plan *p, const double *x, double *y)
{
    for (uint64_t j = 0; j < p->nn; j++)
        y[j] = 0;
    for (uint64_t i = 0; i < p->nn; i++)
        if (x[i] != 0)
            for (uint64_t j = 0; j < p->nn; j++)
                y[j] += x[i] * p->q[i * p->nn + j];
}

void mvd_diagonal(mvd_plan *p, double *diag)
{
    for (uint64_t j = 0; j < p->nn; j++)
        diag[j] = p->q[j * p->nn + j];
}

size_t mvd_plan_bytes(const mvd_plan *p) { return (size_t)(p->nn * p->nn * 8); }
uint64_t mvd_plan_mults(const mvd_plan *p) { return p->nn * p->nn; }
void mvd_plan_free(mvd_plan *p)
{
    if (p)
        free(p->q);
    free(p);
}
uint64_t mvd_shuffle_cost_eq9(const desc *d) { (void)d; return 0; }
uint64_t mvd_aunf_count(const desc *d) { (void)d; return 0; }

static const char *const names[] = {"shuffle", "slice", "sparse"};
const char *mvd_algo_name(mvd_algo a) { return names[a]; }
int mvd_algo_parse(const char *name, mvd_algo *out)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = (mvd_algo)i;
            return 0;
        }
    return -1;
}
