/* mpi_dist.c — mvd-solve over MPI ranks with distributed vectors
 * (par.h, mvd_layout): the blocks, the allgather of a product's input and
 * the reduce-scatter of its partial, the solver's reductions; and the
 * rows of --sched rows, whole on their rank, shared over the ranks. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mvd/mpi/par_impl.h"

/* Scalars one reduce combines at most (solve.c combines two at once). */
#define MAX_REDUCE 4
/* The tag of the partial blocks on their way to their owners. */
#define TAG_BLOCK 1

void mvd_par_set_distributed(mvd_par *m, int on)
{
    if (m)
        m->dist = on && m->size > 1;
}

int mvd_par_distributed(const mvd_par *m)
{
    return m ? m->dist : 0;
}

void mvd_par_set_rows(mvd_par *m, const desc *d)
{
    if (m)
        m->rows_most = mvd_rows_max_states(d, m->size);
}

uint64_t mvd_par_block_max(const mvd_par *m, uint64_t n)
{
    if (m && m->rows_most)
        return m->rows_most;
    int p = mvd_par_size(m);
    return n / (uint64_t)p + (n % (uint64_t)p != 0);
}

size_t mvd_par_states_max(const mvd_par *m, const desc *d,
                          const mvd_space *sp)
{
    if (m && m->rows_most)
        return m->rows_most < sp->len ? (size_t)m->rows_most : sp->len;
    int p = mvd_par_size(m);
    size_t most = 0, from = 0;
    for (int q = 0; q < p; q++) {
        size_t to = mvd_space_lower(sp, split_start(d->nn, (uint64_t)q + 1,
                                                    (uint64_t)p));
        if (to - from > most)
            most = to - from;
        from = to;
    }
    return most;
}

/* Only the reachable states' entries travel, packed in their order
 * (idx ascends, so idx[k] >= k): rank q's are k in [kl[q], kl[q + 1]).
 * On SC-like at N = 4, R = 8, 3393 of 1679616 product states: the
 * product-space blocks made the sums half of each product at 2 ranks. */

/* v's entries at the reachable states moved to its front, in place. */
void par_pack(const mvd_space *sp, double *v)
{
    for (size_t k = 0; k < sp->len; k++)
        v[k] = v[sp->idx[k]];
}

/* The inverse, from the back: v's first sp->len entries to the reachable
 * states, zeros elsewhere (n entries). */
void par_unpack(const mvd_space *sp, double *v, uint64_t n)
{
    size_t k = sp->len;
    for (uint64_t j = n; j-- > 0;) {
        if (k > 0 && sp->idx[k - 1] == j)
            v[j] = v[--k];
        else
            v[j] = 0;
    }
}

/* Every rank's packed entries v[kl[r] .. kl[r + 1]) to every rank, in
 * place: one MPI_Allgatherv, where the ranks exchange at once rather than
 * broadcast one after the other, or, when more than 2^31 - 1 reachable
 * states pass its int displacements, one MPI_Bcast per rank, which takes
 * counts of one block. */
static void share_blocks(mvd_par *m, double *v)
{
    if (m->kcount) {
        MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, v, m->kcount,
                       m->kdispl, MPI_DOUBLE, MPI_COMM_WORLD);
        return;
    }
    for (int r = 0; r < m->size; r++)
        MPI_Bcast(v + m->kl[r], (int)(m->kl[r + 1] - m->kl[r]), MPI_DOUBLE,
                  r, MPI_COMM_WORLD);
}

/* x (this rank's states, compact) and every other rank's to every rank,
 * into xin over the product space. When some states are unreachable the
 * packed entries travel through yout (free until the kernels write it)
 * and go to their states, xin staying zero elsewhere from the start: an
 * unpack over the product space instead cost each rank 13 MB of writes
 * a product on SC-like at N = 4, R = 8 (3393 of 1679616 states), ~2 ms
 * of its ~10 ms. */
static void spread(mvd_par *m, const double *x)
{
    const size_t *kl = m->kl, *idx = m->sp->idx;
    int packed = m->sp->len < m->nn;
    double *v = packed ? m->yout : m->xin;
    memcpy(v + kl[m->rank], x, (kl[m->rank + 1] - kl[m->rank]) * sizeof *x);
    share_blocks(m, v);
    if (packed)
        for (size_t k = 0; k < m->sp->len; k++)
            m->xin[idx[k]] = v[k];
}

/* The ranks' partials of my states summed in rank order, ((y_0 + y_1) +
 * y_2) + ..., the fold of sum_blocks (the same bits), into y: each rank
 * sends the entries of rank q's states to rank q, which takes them in
 * rank order into one buffer of its states (a reduce-scatter without
 * MPI_Alltoallv's buffer of P blocks). */
static void fold(mvd_par *m, double *y)
{
    int me = m->rank, nreq = 0;
    const size_t *kl = m->kl;
    int c = (int)(kl[me + 1] - kl[me]);
    if (m->sp->len < m->nn)
        par_pack(m->sp, m->yout);
    for (int r = 0; r < m->size; r++)
        if (r != me)
            MPI_Isend(m->yout + kl[r], (int)(kl[r + 1] - kl[r]), MPI_DOUBLE,
                      r, TAG_BLOCK, MPI_COMM_WORLD, &m->req[nreq++]);
    for (int r = 0; r < m->size; r++) {
        const double *from = m->yout + kl[me];
        if (r != me) {
            MPI_Recv(r == 0 ? y : m->in, c, MPI_DOUBLE, r, TAG_BLOCK,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            from = r == 0 ? y : m->in;
        }
        if (r == 0) {
            if (from != y)
                memcpy(y, from, (size_t)c * sizeof *from);
        } else {
            for (int j = 0; j < c; j++)
                y[j] += from[j];
        }
    }
    MPI_Waitall(nreq, m->req, MPI_STATUSES_IGNORE);
}

/* The ranks' blocks of the product space, lo[q] .. lo[q + 1] - 1 for
 * rank q: rows' when given (mvd_plan_rows), n / P states each otherwise;
 * and their reachable states, kl. */
void par_set_blocks(mvd_par *m, const desc *d, const mvd_space *sp,
                    const uint64_t *rows)
{
    int np = m->size;
    m->sp = sp;
    m->nn = d->nn;
    m->lo = xmalloc((size_t)(np + 1) * sizeof *m->lo);
    m->kl = xmalloc((size_t)(np + 1) * sizeof *m->kl);
    for (int q = 0; q <= np; q++) {
        m->lo[q] = rows ? rows[q]
                        : split_start(d->nn, (uint64_t)q, (uint64_t)np);
        m->kl[q] = mvd_space_lower(sp, m->lo[q]);
    }
    if (m->kl[np] <= (size_t)INT_MAX) {
        m->kcount = xmalloc((size_t)np * sizeof *m->kcount);
        m->kdispl = xmalloc((size_t)np * sizeof *m->kdispl);
        for (int q = 0; q < np; q++) {
            m->kdispl[q] = (int)m->kl[q];
            m->kcount[q] = (int)(m->kl[q + 1] - m->kl[q]);
        }
    }
}

/* --sched rows, the layout's multiply: the allgather of x, my rows of x *
 * Q (the plan's), their reachable entries into y (straight there when
 * they all are: direct). No sum: the rows are whole. */
static void rows_multiply(void *ctx, const double *x, double *y)
{
    mvd_par *m = ctx;
    double t0 = MPI_Wtime();
    par_first_sum(m);
    spread(m, x);
    mvd_plan_add_seconds(m->plan, MPI_Wtime() - t0);
    if (m->direct) {   /* my block is my rows */
        mvd_multiply(m->plan, m->xin, y);
        return;
    }
    mvd_multiply(m->plan, m->xin, m->yout);
    const size_t *idx = m->sp->idx;
    for (size_t k = m->kl[m->rank]; k < m->kl[m->rank + 1]; k++)
        y[k - m->kl[m->rank]] = m->yout[idx[k]];
}

/* --sched rows with whole vectors, the combine hook: every rank's rows
 * of y to every rank (their reachable entries, packed as spread packs
 * them; zeros elsewhere, which nothing reads). */
void par_share_rows(void *ctx, double *y, uint64_t n)
{
    mvd_par *m = ctx;
    par_first_sum(m);
    int packed = m->sp->len < n;
    if (packed)
        par_pack(m->sp, y);
    share_blocks(m, y);
    if (packed)
        par_unpack(m->sp, y, n);
}

/* mvd_layout's multiply: the allgather of x, the kernels on this rank's
 * share, the reduce-scatter of the partial; the plan's time includes
 * the communication (as it does with the sums of whole vectors). */
static void dist_multiply(void *ctx, const double *x, double *y)
{
    mvd_par *m = ctx;
    double t0 = MPI_Wtime();
    par_first_sum(m);
    spread(m, x);
    double t1 = MPI_Wtime();
    mvd_multiply(m->plan, m->xin, m->yout);
    double t2 = MPI_Wtime();
    fold(m, y);
    mvd_plan_add_seconds(m->plan, (t1 - t0) + (MPI_Wtime() - t2));
}

/* mvd_layout's reduce: every rank's v to every rank, folded in rank
 * order. */
static void dist_reduce(void *ctx, double *v, int n, mvd_reduce_op op)
{
    mvd_par *m = ctx;
    double *all = m->scalars, t0 = MPI_Wtime();
    MPI_Allgather(v, n, MPI_DOUBLE, all, n, MPI_DOUBLE, MPI_COMM_WORLD);
    /* Counted with the products' sums once they started (before, the
     * ranks' different set-ups, as par_first_sum keeps apart): a rank
     * whose kernels finish first waits here, not in the next product's
     * allgather, and left out the multiplications' time would miss it
     * (SC-like N=4 R=8 at 2 ranks: a time-multiply of 4.9 ms a product
     * beside a rank's 6.1 ms of CPU in its kernels). */
    if (m->started)
        mvd_plan_add_seconds(m->plan, MPI_Wtime() - t0);
    for (int i = 0; i < n; i++) {
        double r = all[i];
        for (int q = 1; q < m->size; q++) {
            double w = all[(size_t)q * (size_t)n + (size_t)i];
            if (op == MVD_REDUCE_SUM)
                r += w;
            else if (!(w <= r) && !isnan(r))
                r = w;
        }
        v[i] = r;
    }
}

/* The blocks, this rank's states and the buffers of the distributed
 * products with plan p (no combine hook: dist_multiply sums). */
void par_dist_setup(mvd_par *m, mvd_plan *p, const desc *d,
                    const mvd_space *sp)
{
    int np = m->size;
    m->plan = p;
    if (!m->rows)
        par_set_blocks(m, d, sp, NULL);
    size_t mine = m->kl[m->rank + 1] - m->kl[m->rank];
    m->xin = xcalloc((size_t)d->nn, sizeof *m->xin);   /* zero off sp */
    m->yout = xmalloc((size_t)d->nn * sizeof *m->yout);
    m->in = xmalloc((mine ? mine : 1) * sizeof *m->in);
    m->scalars = xmalloc((size_t)np * MAX_REDUCE * sizeof *m->scalars);
    m->req = xmalloc((size_t)np * sizeof *m->req);
    m->layout = (mvd_layout){
        .klo = m->kl[m->rank], .khi = m->kl[m->rank + 1],
        .multiply = m->rows ? rows_multiply : dist_multiply,
        .reduce = dist_reduce, .ctx = m};
}

int mvd_par_vector_bytes(const mvd_par *m, uint64_t nn, size_t nvec,
                         uint64_t *bytes)
{
    uint64_t whole, part;
    return mul_u64(nn, 3 * sizeof(double), &whole) &&
           mul_u64(mvd_par_block_max(m, nn), (uint64_t)(nvec + 2) *
                                                 sizeof(double), &part) &&
           whole <= UINT64_MAX - part ? (*bytes = whole + part, 1) : 0;
}

int mvd_par_method(const mvd_par *m, mvd_solve_opts *o, const desc *d,
                   const mvd_space *sp, uint64_t max_memory, size_t *rest,
                   diag *dg, srcloc at)
{
    mvd_solve_opts g = *o;
    g.method = MVD_GMRES;
    uint64_t most = mvd_par_states_max(m, d, sp) + 1;
    double basis = (double)mvd_solve_compact_vectors(&g) * (double)most *
                   sizeof(double);
    o->method = mvd_method_for(o, sp->len,
                               basis <= (double)*rest ? SIZE_MAX : 0);
    if (o->method == MVD_GTH)
        return 0;
    size_t compact = mvd_solve_compact_vectors(o);
    if (compact && basis > (double)*rest) {
        diag_error(dg, at, "gmres needs %.0f bytes for its %zu vectors of "
                   "%llu reachable states (the most one of %d ranks "
                   "holds), over what --max-memory %llu leaves", basis,
                   compact, (unsigned long long)most - 1, m->size,
                   (unsigned long long)max_memory);
        return -1;
    }
    if (compact)
        *rest -= (size_t)basis;
    return 1;
}

const mvd_layout *mvd_par_layout(const mvd_par *m)
{
    return m && m->dist && m->plan ? &m->layout : NULL;
}

const double *mvd_par_gather(mvd_par *m, const double *x)
{
    spread(m, x);
    return m->xin;
}

