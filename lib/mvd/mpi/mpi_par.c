/* mpi_par.c — mvd-solve over MPI ranks: the start, the input checks,
 * the fixed-order sums of the partial vectors and the plans (par.h); the
 * distributed vectors and the rows' sharing are mpi_dist.c's. */
#include <limits.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mvd/mpi/par_impl.h"

/* MPI runs are not leak-checked (mpi_launch); the shares and plans are,
 * by tests/unit/test_mvd_sched.c. */
mvd_par *mvd_par_start(int *argc, char ***argv)
{
    if (!mpi_launch(argc, argv))
        return NULL;
    /* A failing call ends the job with the library's message (the
     * default handler): no rank goes on alone, so none waits forever. */
    mvd_par *m = xcalloc(1, sizeof *m);
    MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m->size);
    return m;
}

int mvd_par_rank(const mvd_par *m) { return m ? m->rank : 0; }
int mvd_par_size(const mvd_par *m) { return m ? m->size : 1; }

/* Bytes in pieces MPI's int counts can carry. */
static void bcast_bytes(void *p, size_t n)
{
    for (size_t at = 0; at < n; at += INT_MAX) {
        size_t k = n - at < INT_MAX ? n - at : INT_MAX;
        MPI_Bcast((char *)p + at, (int)k, MPI_BYTE, 0, MPI_COMM_WORLD);
    }
}

char *mvd_par_read_input(mvd_par *m, const char *prog, const char *path,
                         size_t max, size_t *len)
{
    int from_stdin = !path || strcmp(path, "-") == 0;
    if (!m || !from_stdin)
        return read_input(prog, path, max, len);
    /* A read that fails on rank 0 exits there, and the launcher ends the
     * job: the others wait in this broadcast until then. */
    char *text = m->rank == 0 ? read_input(prog, path, max, len) : NULL;
    uint64_t n = m->rank == 0 ? (uint64_t)*len : 0;
    MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (m->rank != 0) {
        *len = (size_t)n;
        text = xmalloc((size_t)n + 1);
        text[n] = 0;
    }
    bcast_bytes(text, (size_t)n);
    return text;
}

/* FNV-1a, 64 bits. */
static uint64_t hash(const char *p, size_t n)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (size_t k = 0; k < n; k++)
        h = (h ^ (unsigned char)p[k]) * UINT64_C(1099511628211);
    return h;
}

int mvd_par_same(mvd_par *m, const char *text, size_t len, const char *key,
                 diag *dg, srcloc at)
{
    if (!m)
        return 0;
    uint64_t mine[2] = {hash(text, len), hash(key, strlen(key))};
    uint64_t *all = xmalloc((size_t)m->size * sizeof mine);
    MPI_Allgather(mine, 2, MPI_UINT64_T, all, 2, MPI_UINT64_T,
                  MPI_COMM_WORLD);
    int differ = 0, text_differs = 0, first = -1;
    for (int r = 1; r < m->size; r++) {
        int t = all[2 * r] != all[0], k = all[2 * r + 1] != all[1];
        differ += t || k;
        if ((t || k) && first < 0) {
            first = r;
            text_differs = t;
        }
    }
    int w = !text_differs;   /* the hash shown: the text's, or the key's */
    if (first >= 0 && m->rank == 0)
        diag_error(dg, at, "the ranks differ: %d of the %d other ranks read "
                   "another %s than rank 0 (rank %d first: hash %016llx, "
                   "rank 0's %016llx); every rank must read the same "
                   "descriptor with the same options", differ, m->size - 1,
                   text_differs ? "descriptor" : "set of options", first,
                   (unsigned long long)all[2 * first + w],
                   (unsigned long long)all[w]);
    free(all);
    return first >= 0 ? -1 : 0;
}

int mvd_par_agree(mvd_par *m, int status, diag *dg, srcloc at,
                  const char *what)
{
    if (!m)
        return status;
    int *all = xmalloc((size_t)m->size * sizeof *all), worst = status;
    MPI_Allgather(&status, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    int first = -1;
    for (int r = 0; r < m->size; r++) {
        if (all[r] > worst)
            worst = all[r];
        if (all[r] != 0 && first < 0)
            first = r;
    }
    if (m->rank == 0 && status == 0 && first > 0)
        diag_error(dg, at, "%s failed on rank %d (status %d)", what, first,
                   all[first]);
    free(all);
    return worst;
}

void mvd_par_barrier(mvd_par *m)
{
    if (m)
        MPI_Barrier(MPI_COMM_WORLD);
}

void mvd_par_times(mvd_par *m, double kernels, double sums, double cpu,
                   double *all)
{
    if (!m)
        return;
    double mine[3] = {kernels, sums, cpu};
    MPI_Gather(mine, 3, MPI_DOUBLE, all, 3, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

void mvd_par_bcast(mvd_par *m, double *x, uint64_t n)
{
    if (m)
        bcast_bytes(x, (size_t)n * sizeof *x);
}

/* --faithful: Algorithm 1's reduce to rank 0, in rank order, and
 * broadcast. */
static void sum_to_root(void *ctx, double *y, uint64_t n)
{
    mvd_par *m = ctx;
    if (m->rank == 0) {
        for (int q = 1; q < m->size; q++) {
            MPI_Recv(m->buf, (int)n, MPI_DOUBLE, q, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            for (uint64_t j = 0; j < n; j++)
                y[j] += m->buf[j];
        }
    } else
        MPI_Send(y, (int)n, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);
    MPI_Bcast(y, (int)n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

/* Default: each rank folds one block of every partial in rank order
 * (reduce-scatter), then every block goes to every rank (allgather). */
static void sum_blocks(void *ctx, double *y, uint64_t n)
{
    (void)n;
    mvd_par *m = ctx;
    int c = m->count[m->rank], p = m->size;
    MPI_Alltoallv(y, m->count, m->displ, MPI_DOUBLE, m->buf, m->rcount,
                  m->rdispl, MPI_DOUBLE, MPI_COMM_WORLD);
    double *mine = y + m->displ[m->rank];
    for (int j = 0; j < c; j++) {
        double acc = m->buf[j];
        for (int q = 1; q < p; q++)
            acc += m->buf[(size_t)q * (size_t)c + (size_t)j];
        mine[j] = acc;
    }
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, y, m->count,
                   m->displ, MPI_DOUBLE, MPI_COMM_WORLD);
}

/* The buffers of the sums for vectors of n entries (again: replaced). */
static void sum_buffers(mvd_par *m, uint64_t n, int faithful)
{
    int p = m->size;
    free(m->buf);
    free(m->count);
    free(m->displ);
    free(m->rcount);
    free(m->rdispl);
    if (faithful) {
        m->buf = xmalloc((size_t)(n ? n : 1) * sizeof *m->buf);
        return;
    }
    m->count = xmalloc((size_t)p * sizeof *m->count);
    m->displ = xmalloc((size_t)p * sizeof *m->displ);
    m->rcount = xmalloc((size_t)p * sizeof *m->rcount);
    m->rdispl = xmalloc((size_t)p * sizeof *m->rdispl);
    for (int q = 0; q < p; q++) {
        uint64_t lo = split_start(n, (uint64_t)q, (uint64_t)p);
        uint64_t hi = split_start(n, (uint64_t)q + 1, (uint64_t)p);
        m->displ[q] = (int)lo;
        m->count[q] = (int)(hi - lo);
    }
    int c = m->count[m->rank];
    for (int q = 0; q < p; q++) {
        m->rcount[q] = c;
        m->rdispl[q] = q * c;
    }
    m->buf = xmalloc(((size_t)c * (size_t)p + 1) * sizeof *m->buf);
}

/* Before the first product's sum, a barrier, whose wait is the ranks'
 * different starts (the set-up, the solver's own preparations such as
 * its search for classes), not the products': kept apart for --time
 * (mvd_par_skew). Inside the products' timing, which subtracts it. */
void par_first_sum(mvd_par *m)
{
    if (m->started)
        return;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    MPI_Barrier(MPI_COMM_WORLD);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    m->skew = (double)(t1.tv_sec - t0.tv_sec) +
              1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    m->started = 1;
}

/* Whether the vectors' messages fit MPI's int counts: a whole vector
 * (sums of whole vectors), one block (distributed). -1 after rank 0's
 * message when not; the same on every rank. */
static int counts_fit(const mvd_par *m, const desc *d, diag *dg, srcloc at)
{
    uint64_t most = m->dist ? mvd_par_block_max(m, d->nn) : d->nn;
    if (most <= (uint64_t)INT_MAX)
        return 0;
    if (m->rank == 0)
        diag_error(dg, at, "%llu states: %s of more than %d entries are "
                   "not sent over MPI ranks (at most %llu states on %d "
                   "ranks)", (unsigned long long)d->nn,
                   m->dist ? "blocks of distributed vectors"
                           : "whole vectors", INT_MAX,
                   (unsigned long long)INT_MAX *
                       (unsigned long long)(m->dist ? m->size : 1),
                   m->size);
    return -1;
}

/* Whether y has a non-zero entry off the reachable states. */
static int off_space(const mvd_space *sp, const double *y, uint64_t n)
{
    size_t k = 0;   /* sp->idx ascends */
    for (uint64_t j = 0; j < n; j++) {
        if (k < sp->len && sp->idx[k] == j)
            k++;
        else if (y[j] != 0)
            return 1;
    }
    return 0;
}

/* Default, when some product states are unreachable: the sum of the
 * reachable states' entries only, which are all that anything reads of a
 * product (the solver's vectors live there, --mvd and --ones write
 * there), in the same rank order, so the same bits there as summing the
 * whole vector, in fewer bytes (SC-like at N = 4, R = 8: 3393 entries of
 * 1679616, the sum 13 MB a rank otherwise), packed in place as the
 * distributed products pack them (par_pack). Off them every partial, and
 * so the sum, is zero when no term leads out of the reachable states (a
 * term's off-diagonal elements are rates and probabilities). The first
 * product checks that on every rank; a descriptor whose terms do lead
 * out (negative elements cancelling across terms) is summed whole. */
static void sum_reachable(void *ctx, double *y, uint64_t n)
{
    mvd_par *m = ctx;
    const mvd_space *sp = m->sp;
    if (!m->checked) {
        int mine = off_space(sp, y, n);
        MPI_Allreduce(&mine, &m->sum_whole, 1, MPI_INT, MPI_MAX,
                      MPI_COMM_WORLD);
        m->checked = 1;
        if (m->sum_whole)   /* blocks of the product space instead */
            sum_buffers(m, n, 0);
    }
    if (m->sum_whole) {
        sum_blocks(m, y, n);
        return;
    }
    par_pack(sp, y);
    sum_blocks(m, y, sp->len);
    par_unpack(sp, y, n);
}

/* The combine hook of whole vectors: the sum, the first after the
 * barrier. */
static void combine(void *ctx, double *y, uint64_t n)
{
    mvd_par *m = ctx;
    par_first_sum(m);
    m->sum(m, y, n);
}

double mvd_par_skew(const mvd_par *m)
{
    return m ? m->skew : 0;
}

/* --sched rows: the whole descriptor's fast slice plan on every rank,
 * cut to the rank's rows (mvd_plan_rows); the products' rows shared by
 * rows_multiply (distributed vectors) or par_share_rows. */
static mvd_plan *rows_plan(mvd_par *m, const desc *d, const mvd_space *sp,
                           mvd_algo algo, int faithful, size_t max_bytes,
                           int *over_budget, diag *dg)
{
    srcloc at = desc_loc(d);
    if (algo != MVD_SLICE || faithful) {   /* options.c refuses these */
        if (m->rank == 0)
            diag_error(dg, at, "--sched rows cuts the fast slice's product "
                       "(--algo slice, not --faithful)");
        return NULL;
    }
    mvd_plan *p = mvd_plan_new_threads(d, sp, algo, 0, 1, max_bytes,
                                       over_budget, dg);
    uint64_t *lo = xmalloc(((size_t)m->size + 1) * sizeof *lo);
    int status = p ? mvd_plan_rows(p, m->size, m->rank, lo, NULL) : -1;
    if (p && status < 0)
        diag_error(dg, at, "--sched rows: the product has no fused blocks "
                   "to cut");
    if (mvd_par_agree(m, status < 0 ? EXIT_BADINPUT : 0, dg, at,
                      "building this rank's rows of the plan")) {
        mvd_plan_free(p);
        free(lo);
        return NULL;
    }
    m->rows = 1;
    par_set_blocks(m, d, sp, lo);
    free(lo);
    if (m->dist) {
        par_dist_setup(m, p, d, sp);
        int me = m->rank;
        m->direct = m->kl[me + 1] - m->kl[me] == m->lo[me + 1] - m->lo[me];
        if (m->direct)
            mvd_plan_rows_offset(p, m->lo[me]);
    } else if (m->size > 1)
        mvd_plan_set_combine(p, par_share_rows, m);
    return p;
}

mvd_plan *mvd_par_plan(mvd_par *m, const desc *d, const mvd_space *sp,
                       mvd_algo algo, mvd_sched_kind kind, int faithful,
                       size_t max_bytes, int *over_budget, diag *dg)
{
    srcloc at = desc_loc(d);
    *over_budget = 0;
    /* MPI counts are ints: a vector of 2^31 doubles (16 GiB) is past
     * what one message carries here. Every rank sees the same nn. */
    if (counts_fit(m, d, dg, at) < 0)
        return NULL;
    if (kind == MVD_SCHED_ROWS)
        return rows_plan(m, d, sp, algo, faithful, max_bytes, over_budget,
                         dg);
    if (mvd_sched_build(&m->sched, d, kind, m->size, dg) < 0)
        return NULL;   /* the same on every rank */
    m->has_sched = 1;
    if (m->rank == 0)
        mvd_sched_warn_idle(&m->sched, dg, at);
    mvd_sched_part(&m->sched, d, m->rank, &m->part);
    m->has_part = 1;
    mvd_plan *p = mvd_plan_new_part(d, &m->part, sp, algo, faithful,
                                    max_bytes, over_budget, dg);
    if (mvd_par_agree(m, p ? 0 : EXIT_BADINPUT, dg, at,
                      "building this rank's share of the plan")) {
        if (p)
            mvd_plan_free(p);
        return NULL;
    }
    if (m->dist)
        par_dist_setup(m, p, d, sp);
    else if (m->size > 1) {   /* one rank's partial is the product */
        /* the thesis's sum (faithful) whole, as it did */
        int reach = !faithful && !sp->vlen && sp->len < d->nn;
        sum_buffers(m, reach ? sp->len : d->nn, faithful);
        if (reach)
            m->sp = sp;
        m->sum = faithful ? sum_to_root : reach ? sum_reachable : sum_blocks;
        mvd_plan_set_combine(p, combine, m);
    }
    return p;
}

/* From distributed vectors to whole ones, the plan's products summed by
 * sum_blocks (under rows: the rows shared in place, par_share_rows):
 * what a chain that is not irreducible needs. */
static void to_whole(mvd_par *m, const desc *d)
{
    free(m->xin);
    free(m->yout);
    free(m->in);
    m->xin = m->yout = m->in = NULL;
    m->dist = 0;
    if (m->rows) {   /* the same rows, shared, in place */
        m->direct = 0;
        mvd_plan_rows_offset(m->plan, 0);
        mvd_plan_set_combine(m->plan, par_share_rows, m);
        return;
    }
    free(m->kl);
    free(m->kcount);
    free(m->kdispl);
    m->kl = NULL;
    m->kcount = m->kdispl = NULL;
    sum_buffers(m, d->nn, 0);
    mvd_plan_set_combine(m->plan, sum_blocks, m);
}

int mvd_par_solve(mvd_par *m, mvd_plan *p, const desc *d,
                  const mvd_space *sp, mvd_solve_opts *o, int from_initial,
                  size_t max_bytes, uint64_t whole_bytes, uint64_t max_memory,
                  const double **pi, mvd_solve_info *info, diag *dg)
{
    const mvd_layout *lay = mvd_par_layout(m);
    srcloc at = {o->file, 0, 0};
    o->layout = lay;
    if (lay) {
        m->local = xmalloc((lay->khi - lay->klo + 1) * sizeof *m->local);
        int got = mvd_solve_chain(p, d, sp, o, from_initial, max_bytes,
                                  m->local, info, dg);
        if (got != MVD_NEEDS_WHOLE) {
            *pi = mvd_par_gather(m, m->local);
            return got;
        }
        o->layout = NULL;
        if (whole_bytes > max_memory) {
            diag_error(dg, at, "the chain is not irreducible, or falls into "
                       "weakly joined parts: solving it takes whole vectors "
                       "on every rank, %llu bytes with the plan, over "
                       "--max-memory %llu", (unsigned long long)whole_bytes,
                       (unsigned long long)max_memory);
            return -1;
        }
        m->dist = 0;   /* whole vectors' messages */
        if (counts_fit(m, d, dg, at) < 0)
            return -1;
        diag_note(dg, at, "the chain is not irreducible, or falls into "
                  "weakly joined parts: solved with whole vectors on every "
                  "rank (distributed ones solve irreducible chains)");
        to_whole(m, d);
    }
    m->whole = xmalloc((size_t)mvd_vec_len(d, sp) * sizeof *m->whole);
    *pi = m->whole;
    return mvd_solve_chain(p, d, sp, o, from_initial, max_bytes, m->whole,
                           info, dg);
}

int mvd_par_end(mvd_par *m, int status)
{
    if (!m)
        return status;
    if (m->has_part)
        desc_free(&m->part);
    if (m->has_sched)
        mvd_sched_free(&m->sched);
    free(m->buf);
    free(m->count);
    free(m->displ);
    free(m->rcount);
    free(m->rdispl);
    free(m->lo);
    free(m->xin);
    free(m->yout);
    free(m->kl);
    free(m->kcount);
    free(m->kdispl);
    free(m->in);
    free(m->scalars);
    free(m->req);
    free(m->local);
    free(m->whole);
    free(m);
    MPI_Finalize();
    return status;
}
