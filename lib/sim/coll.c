/* coll.c — collectives by algorithm: names, selection (`auto`) and the
 * schedules, as pure functions of (P, rank, root, size, round) so that
 * they can be checked apart from the kernel. The kernel (sim.c) runs a
 * round's messages through p2p.c, under a tag no program can name. */
#include <stdlib.h>
#include <string.h>

#include "sim/coll.h"
#include "sim/kernel.h"

const char *const coll_kind_names[] = {
    "bcast", "gather", "scatter", "reduce", "all_gather", "all_to_all",
    "all_reduce", "barrier", NULL};

const char *const coll_algo_names[] = {
    "linear", "binomial", "scatter_allgather", "recursive_doubling", "ring",
    "bruck", "pairwise", "dissemination", "auto", NULL};

/* Per collective (coll_kind_names' order), its algorithms. */
static const char *const bcast_algos[] = {"linear", "binomial",
                                          "scatter_allgather", "auto", NULL};
static const char *const tree_algos[] = {"linear", "binomial", "auto", NULL};
static const char *const allgather_algos[] = {
    "linear", "ring", "recursive_doubling", "bruck", "auto", NULL};
static const char *const alltoall_algos[] = {"linear", "pairwise", "bruck",
                                             "auto", NULL};
static const char *const allreduce_algos[] = {
    "linear", "recursive_doubling", "ring", "auto", NULL};
static const char *const barrier_algos[] = {"linear", "dissemination",
                                            "auto", NULL};
static const char *const *const algos_by_kind[] = {
    bcast_algos, tree_algos, tree_algos, tree_algos, allgather_algos,
    alltoall_algos, allreduce_algos, barrier_algos};

int coll_kind_index(const char *word)
{
    /* MPI's spellings and the language's other name for bcast. */
    static const char *const aliases[] = {"broadcast", "allgather",
                                          "alltoall", "allreduce", NULL};
    static const int alias_kind[] = {0, 4, 5, 6};
    int a = word_index(word, aliases);
    return a >= 0 ? alias_kind[a] : word_index(word, coll_kind_names);
}

const char *const *coll_algos_of(int k) { return algos_by_kind[k]; }

int coll_algo_of(int k, const char *word)
{
    if (word_index(word, algos_by_kind[k]) < 0)
        return -1;
    return word_index(word, coll_algo_names);
}

void coll_parse_option(const char *prog, const char *text, net_model *m)
{
    char *copy = xstrdup(text);
    for (char *item = copy, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        char *eq = strchr(item, '=');
        if (!eq || eq == item || !eq[1])
            usage_error(prog, "--coll wants COLLECTIVE=ALGORITHM[,...], not "
                        "'%s'", text);
        *eq = '\0';
        int k = coll_kind_index(item);
        if (k < 0)
            k = option_word(prog, "--coll", item, coll_kind_names);
        char opt[64];
        snprintf(opt, sizeof opt, "--coll %s", coll_kind_names[k]);
        option_word(prog, opt, eq + 1, algos_by_kind[k]);
        m->coll[k] = (unsigned char)coll_algo_of(k, eq + 1);
    }
    free(copy);
}

int coll_rooted(sim_op_kind kind)
{
    return kind == SIM_OP_BCAST || kind == SIM_OP_GATHER ||
           kind == SIM_OP_SCATTER || kind == SIM_OP_REDUCE;
}

static int is_pof2(int n) { return n > 0 && (n & (n - 1)) == 0; }

/* ceil(log2 n): the rounds of a doubling schedule. */
static int ceil_log2(int n)
{
    int l = 0;
    while ((1L << l) < n)
        l++;
    return l;
}

/* Defaults modelled on MPICH 3.4's (its CVARs' defaults, in bytes): see
 * formats/net-model.md, "collective ... auto". */
static coll_algo choose_auto(sim_op_kind kind, double bytes, int p)
{
    switch (kind) {
    case SIM_OP_BCAST:   /* MPIR_CVAR_BCAST_SHORT_MSG_SIZE, _MIN_PROCS */
        return bytes < 12288 || p < 8 ? COLL_BINOMIAL
                                      : COLL_SCATTER_ALLGATHER;
    case SIM_OP_ALL_REDUCE:   /* MPIR_CVAR_ALLREDUCE_SHORT_MSG_SIZE */
        return bytes <= 2048 ? COLL_RECURSIVE_DOUBLING : COLL_RING;
    case SIM_OP_ALL_GATHER: {   /* MPIR_CVAR_ALLGATHER_{LONG,SHORT}_MSG_SIZE */
        double total = bytes * p;
        if (is_pof2(p) && total < 524288)
            return COLL_RECURSIVE_DOUBLING;
        return !is_pof2(p) && total < 81920 ? COLL_BRUCK : COLL_RING;
    }
    case SIM_OP_ALL_TO_ALL:   /* MPIR_CVAR_ALLTOALL_SHORT_MSG_SIZE */
        return bytes <= 256 && p >= 8 ? COLL_BRUCK : COLL_PAIRWISE;
    case SIM_OP_BARRIER:
        return COLL_DISSEMINATION;
    default:   /* gather, scatter, reduce: MPICH's binomial trees */
        return COLL_BINOMIAL;
    }
}

coll_algo coll_choose(const net_model *m, sim_op_kind kind, double bytes,
                      int nprocs)
{
    coll_algo a = (coll_algo)m->coll[kind - SIM_OP_BCAST];
    if (a == COLL_AUTO)
        a = choose_auto(kind, bytes, nprocs);
    /* Open MPI's rule: recursive doubling all-gather needs a power of two
     * and falls back to Bruck's. */
    if (kind == SIM_OP_ALL_GATHER && a == COLL_RECURSIVE_DOUBLING &&
        !is_pof2(nprocs))
        a = COLL_BRUCK;
    return a;
}

/* ------------------------------------------------------------ schedules */

static const coll_round none = {-1, -1, 0};

/* Binomial trees over the ranks relative to the root, vr = (rank - root)
 * mod P: vr's parent is vr minus its lowest set bit; its children are
 * vr + m for the powers of two m below that bit (every power for the
 * root). */
static long low_bit(int vr, int l) { return vr ? vr & -vr : 1L << l; }

/* Round 0: from the parent; rounds 1..l: to the children, largest
 * subtree first (MPICH's bcast and the scatter of van de Geijn's), or
 * smallest first (Open MPI's binomial scatter, over its in-order tree).
 * blocks: each message carries the blocks of `bytes` of the child's
 * subtree; else `bytes`. */
static int tree_down(int p, int rank, int root, double bytes, int blocks,
                     int smallest_first, int step, coll_round *out)
{
    int l = ceil_log2(p), vr = (rank - root + p) % p;
    *out = none;
    if (step > l)
        return 0;
    long low = low_bit(vr, l);
    if (step == 0) {
        if (vr)
            out->from = (int)((vr - low + root) % p);
        return 1;
    }
    long mask = smallest_first ? 1L << (step - 1) : 1L << (l - step),
         child = vr + mask;
    if (mask < low && child < p) {
        out->to = (int)((child + root) % p);
        out->bytes = blocks ? (double)(mask < p - child ? mask : p - child)
                              * bytes : bytes;
    }
    return 1;
}

/* Rounds 0..l-1, mask 2^step: from the child vr + mask while mask is
 * below vr's lowest bit, then to the parent (MPICH's reduce, Open MPI's
 * gather). gather: the message carries the sender's subtree's blocks. */
static int tree_up(int p, int rank, int root, double bytes, int gather,
                   int step, coll_round *out)
{
    int l = ceil_log2(p), vr = (rank - root + p) % p;
    *out = none;
    if (step >= l)
        return 0;
    long low = low_bit(vr, l), mask = 1L << step;
    if (mask == low) {
        out->to = (int)((vr - low + root) % p);
        out->bytes = gather ? (double)(low < p - vr ? low : p - vr) * bytes
                            : bytes;
    } else if (mask < low && vr + mask < p) {
        out->from = (int)((vr + mask + root) % p);
    }
    return 1;
}

/* `steps` rounds, each to rank + dist and from rank - dist (dist fixed:
 * a ring; or 2^step: dissemination, Bruck's all-to-all). */
static void shift(int p, int rank, long dist, double bytes, coll_round *out)
{
    out->to = (int)((rank + dist) % p);
    out->from = (int)((rank - dist % p + p) % p);
    out->bytes = bytes;
}

/* MPICH's recursive-doubling all-reduce: with pof2 the largest power of
 * two <= P and rem = P - pof2, the first 2·rem ranks pair up (the even
 * one hands its vector to the odd one and waits), pof2 ranks exchange with
 * newrank ^ 2^k, and the odd ones hand the result back. */
static int allreduce_rdb(int p, int rank, double bytes, int step,
                         coll_round *out)
{
    int pof2 = 1;
    while (pof2 * 2 <= p)
        pof2 *= 2;
    int rem = p - pof2, lg = ceil_log2(pof2);
    int newrank = rank < 2 * rem ? (rank % 2 ? rank / 2 : -1) : rank - rem;
    *out = none;
    if (step > lg + 1)
        return 0;
    if (step == 0 || step == lg + 1) {
        if (rank >= 2 * rem)
            return 1;
        int sends = (step == 0) == (rank % 2 == 0);
        if (sends) {
            out->to = rank % 2 ? rank - 1 : rank + 1;
            out->bytes = bytes;
        } else {
            out->from = rank % 2 ? rank - 1 : rank + 1;
        }
        return 1;
    }
    if (newrank < 0)
        return 1;
    int nd = newrank ^ (1 << (step - 1));
    out->to = out->from = nd < rem ? nd * 2 + 1 : nd + rem;
    out->bytes = bytes;
    return 1;
}

/* Blocks j in 0..P-1 with bit `dist` set: what Bruck's all-to-all sends
 * in the round of dist. */
static long bruck_blocks(int p, long dist)
{
    long rest = p % (2 * dist) - dist;
    return p / (2 * dist) * dist + (rest > 0 ? rest : 0);
}

int coll_schedule(sim_op_kind kind, coll_algo algo, int p, int rank,
                  int root, double bytes, int step, coll_round *out)
{
    int l = ceil_log2(p);
    long dist = 1L << (step < 31 ? step : 30);
    *out = none;
    switch (algo) {
    case COLL_BINOMIAL:
        if (kind == SIM_OP_BCAST || kind == SIM_OP_SCATTER)
            return tree_down(p, rank, root, bytes, kind == SIM_OP_SCATTER,
                             kind == SIM_OP_SCATTER, step, out);
        return tree_up(p, rank, root, bytes, kind == SIM_OP_GATHER, step,
                       out);
    case COLL_SCATTER_ALLGATHER:   /* van de Geijn: scatter P blocks, ring */
        if (step <= l)
            return tree_down(p, rank, root, bytes / p, 1, 0, step, out);
        if (step > l + p - 1)
            return 0;
        shift(p, rank, 1, bytes / p, out);
        return 1;
    case COLL_RECURSIVE_DOUBLING:
        if (kind == SIM_OP_ALL_REDUCE)
            return allreduce_rdb(p, rank, bytes, step, out);
        if (step >= l)   /* all-gather, P a power of two (coll_choose) */
            return 0;
        out->to = out->from = rank ^ (int)dist;
        out->bytes = (double)dist * bytes;
        return 1;
    case COLL_RING:   /* all-reduce: reduce-scatter, then all-gather */
        if (step >= (kind == SIM_OP_ALL_REDUCE ? 2 : 1) * (p - 1))
            return 0;
        shift(p, rank, 1, kind == SIM_OP_ALL_REDUCE ? bytes / p : bytes, out);
        return 1;
    case COLL_BRUCK:
        if (step >= l)
            return 0;
        if (kind == SIM_OP_ALL_GATHER) {   /* to rank - 2^k, from + 2^k */
            shift(p, rank, p - dist, (double)(dist < p - dist ? dist
                                                              : p - dist)
                                     * bytes, out);
        } else {
            shift(p, rank, dist, (double)bruck_blocks(p, dist) * bytes, out);
        }
        return 1;
    case COLL_PAIRWISE:   /* round i: to rank + i, from rank - i */
        if (step >= p - 1)
            return 0;
        shift(p, rank, step + 1, bytes, out);
        return 1;
    case COLL_DISSEMINATION:
        if (step >= l)
            return 0;
        shift(p, rank, dist, 0, out);
        return 1;
    default:   /* linear and auto never get here: sim.c, coll_choose */
        return 0;
    }
}

/* --------------------------------------------------------------- rounds */

int coll_next(sim *s, int rank)
{
    proc *p = &s->procs[rank];
    collective *c = &s->cold[rank].coll;
    coll_round r;
    while (coll_schedule(c->kind, (coll_algo)c->algo, s->opt.nprocs, rank,
                         c->root, c->bytes, c->step, &r)) {
        c->step++;
        int ids[2], k = 0;
        if (r.to >= 0 &&
            !(ids[k++] = p2p_coll_start(s, rank, r.to, -1, r.bytes, c->line)))
            return 1;   /* failed: the scheduler stops */
        if (r.from >= 0 &&
            !(ids[k++] = p2p_coll_start(s, rank, -1, r.from, 0, c->line)))
            return 1;
        if (k) {
            p2p_coll_wait(s, rank, ids, k, c->line);
            return 1;
        }
    }
    /* The collective's receives are not the program's. */
    p->recv_source = c->source;
    p->recv_tag = c->tag;
    return 0;
}
