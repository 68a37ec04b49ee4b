/* reach_rows.c — a reach plan's chain stored as in-flow rows (inflow.h):
 * one walk over the reachable states, each state's transitions in from
 * the plan's tables by target combination (as the matrix-free sweep of
 * reach_gs.c reads them), with their rates evaluated once, from the
 * function values the plan holds. Linear in the transitions. */
#include "mvd/kernels/kernels.h"

/* Transition en into the state of product index idx, from its source
 * when the source is reachable. */
static inline void add_in(inflow_builder *b, const struct reach_plan *r,
                          const rc_entry *en, uint64_t idx, uint64_t len)
{
    uint64_t j = position(&r->ix, len, idx - (uint64_t)en->off);
    if (j < len)
        inflow_add(b, (uint32_t)j, rate(r, en, j));
}

size_t mvd_reach_rows(mvd_plan *p, size_t max_bytes)
{
    struct reach_plan *r = p->reach;
    const desc *d = p->d;
    const mvd_space *sp = p->sp;
    uint64_t len = sp->len;
    if (r->rows || len == 0 || len >= UINT32_MAX)
        return 0;
    inflow_builder *b = inflow_begin(sp->len, r->diag, max_bytes);
    rc_digit st[DESC_MAX_AUTOMATA];
    for (size_t k = 0; k < sp->len; k++) {
        if (k == 0)
            decode_digits(d, sp->idx[0], st);
        else
            advance(d, st, sp->idx[k - 1], sp->idx[k]);
        for (size_t m = 0; m < r->nmover; m++) {
            const rc_term *rt = &r->term[r->mover[m]];
            uint32_t c = combination(rt, st);
            if (rt->tone) {
                const rc_entry *en = &r->tsingle.items[rt->tsingle + c];
                if (en->val != 0)
                    add_in(b, r, en, sp->idx[k], len);
                continue;
            }
            const uint32_t *ptr = r->tptr.items + rt->tbase;
            for (uint32_t e = ptr[c]; e < ptr[c + 1]; e++)
                add_in(b, r, &r->tentries.items[e], sp->idx[k], len);
        }
        if (inflow_end_row(b) < 0) {
            inflow_abort(b);
            return 0;
        }
    }
    r->rows = inflow_finish(b);
    p->bytes += r->rows->bytes;
    return r->rows->bytes;
}

const mvd_inflow *mvd_reach_rows_view(const mvd_plan *p)
{
    return p->algo == MVD_REACH ? p->reach->rows : NULL;
}

uint64_t mvd_reach_rows_nonzeros(const mvd_plan *p)
{
    const mvd_inflow *rows = mvd_reach_rows_view(p);
    return rows ? rows->nnz : 0;
}
