/* chain.c — the structure of the chain over its reachable states (its
 * communicating classes, found without recursion) and the direct solution
 * of a small irreducible chain by the GTH algorithm (mvd.h). Both read
 * the rows of Q through mvd_term_row, one reachable state at a time. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/mvd.h"

/* The position of product index idx in sp (ascending), or sp->len when
 * it is not there. */
size_t mvd_space_find(const mvd_space *sp, uint64_t idx)
{
    size_t lo = 0, hi = sp->len;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (sp->idx[mid] < idx)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < sp->len && sp->idx[lo] == idx ? lo : sp->len;
}

/* Every term's row of the reachable state at position r. */
static int state_row(const desc *d, const mvd_space *sp, size_t r,
                     mvd_entries *row, diag *dg, srcloc at)
{
    int state[DESC_MAX_AUTOMATA];
    desc_decode(d, sp->idx[r], state);
    return mvd_terms_row(d, state, row, dg, at);
}

/* ------------------------------------------------------------- GTH */

size_t mvd_gth_bytes(size_t n)
{
    if (n && n > SIZE_MAX / sizeof(double) / n)
        return SIZE_MAX;
    return n * n * sizeof(double);
}

/* Grassmann, Taksar and Heyman (1985): state reduction. The last state is
 * removed first: its outflow to the remaining states, s, is the sum of its
 * row (not -q_kk, so no subtraction), and the rates between the remaining
 * states gain the paths through it, a_ij += a_ik a_kj / s. Every operation
 * adds, multiplies or divides non-negative numbers, which gives each
 * probability to a small relative error, however stiff the rates
 * (O'Cinneide 1993). Back substitution: pi_k = sum_{i<k} pi_i a_ik / s_k. */
int mvd_gth(const desc *d, const mvd_space *sp, double *pi, diag *dg,
            srcloc at)
{
    size_t n = sp->len;
    double *a = xcalloc(n * n, sizeof *a);
    mvd_entries row = {0};
    int status = 0;
    for (size_t r = 0; r < n && status == 0; r++) {
        if ((status = state_row(d, sp, r, &row, dg, at)) < 0)
            break;
        for (size_t k = 0; k < row.len; k++) {
            size_t c = mvd_space_find(sp, row.items[k].col);
            if (c < n && c != r)
                a[r * n + c] += row.items[k].val;
        }
    }
    for (size_t k = n - 1; k > 0 && status == 0; k--) {
        double s = 0;
        for (size_t j = 0; j < k; j++)
            s += a[k * n + j];
        if (!(s > 0)) {
            int state[DESC_MAX_AUTOMATA];
            strbuf sb = {0};
            desc_decode(d, sp->idx[k], state);
            mvd_state_text(&sb, d, state);
            diag_error(dg, at, "gth: state %s has no way back to the states "
                       "before it: the chain is not irreducible",
                       sb_str(&sb));
            sb_free(&sb);
            status = -1;
            break;
        }
        for (size_t i = 0; i < k; i++)
            a[i * n + k] /= s;
        for (size_t i = 0; i < k; i++) {
            double f = a[i * n + k];
            if (f == 0)
                continue;
            double *ai = a + i * n;
            const double *ak = a + k * n;
            for (size_t j = 0; j < k; j++)
                ai[j] += f * ak[j];
        }
    }
    if (status == 0) {
        double *x = xmalloc(sizeof *x * (n ? n : 1)), sum = 0;
        for (size_t k = 0; k < n; k++) {
            double t = k ? 0 : 1;
            for (size_t i = 0; i < k; i++)
                t += x[i] * a[i * n + k];
            x[k] = t;
            sum += t;
        }
        for (size_t k = 0; k < n; k++)
            pi[sp->idx[k]] = x[k] / sum;
        free(x);
    }
    free(a);
    free(row.items);
    return status;
}
