/* reach_gs.c — a Gauss-Seidel sweep through a reach plan's tables
 * (reach.h, mvd.h): state by state in index order, pi_k becomes the sum
 * over the transitions into k of pi_i q_ik divided by -q_kk, each from
 * the values already updated (with omega != 1, SOR: that value times
 * omega plus the old one times 1 - omega). The transitions into a state come from the
 * tables by target combination (those of the search backwards): no
 * matrix, and one vector besides the product's. */
#include "mvd/kernels/kernels.h"

/* in += x_j q_jk for the transition en into the state of product index
 * idx, from its source j when j is in the space. */
static inline __attribute__((always_inline)) void
add_inflow(const struct reach_plan *r, const rc_entry *en, uint64_t idx,
           const double *x, uint64_t len, int hw, double *in)
{
    uint64_t j = position_as(&r->ix, len, idx - (uint64_t)en->off, hw);
    if (j < len)
        *in += x[j] * rate(r, en, j);
}

static inline __attribute__((always_inline)) double
sweep(const mvd_plan *p, const mvd_space *sp, double *x, const double *diag,
      double omega, int hw)
{
    const struct reach_plan *r = p->reach;
    const desc *d = p->d;
    uint64_t len = p->sp->len;   /* positions are the plan's (whole) space */
    rc_digit st[DESC_MAX_AUTOMATA];
    double step = 0;
    for (size_t k = 0; k < sp->len; k++) {
        if (k == 0)
            decode_digits(d, sp->idx[0], st);
        else
            advance(d, st, sp->idx[k - 1], sp->idx[k]);
        double in = 0;
        for (size_t m = 0; m < r->nmover; m++) {
            const rc_term *rt = &r->term[r->mover[m]];
            uint32_t c = combination(rt, st);
            if (rt->tone) {   /* one transition into c, or none: no list */
                const rc_entry *en = &r->tsingle.items[rt->tsingle + c];
                if (en->val != 0)
                    add_inflow(r, en, sp->idx[k], x, len, hw, &in);
                continue;
            }
            const uint32_t *ptr = r->tptr.items + rt->tbase;
            for (uint32_t e = ptr[c]; e < ptr[c + 1]; e++)
                add_inflow(r, &r->tentries.items[e], sp->idx[k], x, len, hw,
                           &in);
        }
        uint64_t q = mvd_vec_at(sp, k);
        double v = omega == 1 ? in / -diag[q]
                              : omega * (in / -diag[q]) + (1 - omega) * x[q];
        step += fabs(v - x[q]);
        x[q] = v;
    }
    return step;
}

static double sweep_plain(const mvd_plan *p, const mvd_space *sp, double *x,
                          const double *diag, double omega)
{
    return sweep(p, sp, x, diag, omega, 0);
}

#ifdef REACH_HW_POPCNT
__attribute__((target("popcnt"))) static double
sweep_hw(const mvd_plan *p, const mvd_space *sp, double *x,
         const double *diag, double omega)
{
    return sweep(p, sp, x, diag, omega, 1);
}
#endif

double mvd_reach_gs_sweep(const mvd_plan *p, const mvd_space *sp, double *x,
                          const double *diag, double omega)
{
    if (p->reach->rows && sp == p->sp)
        return mvd_inflow_sweep(p->reach->rows, x, diag, omega);
    return mvd_reach_gs_sweep_tables(p, sp, x, diag, omega);
}

double mvd_reach_gs_sweep_tables(const mvd_plan *p, const mvd_space *sp,
                                 double *x, const double *diag, double omega)
{
#ifdef REACH_HW_POPCNT
    if (p->reach->hw_popcnt)
        return sweep_hw(p, sp, x, diag, omega);
#endif
    return sweep_plain(p, sp, x, diag, omega);
}
