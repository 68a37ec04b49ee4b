/* sim.c — the simulation kernel: processes, clocks, operations,
 * collectives, the scheduler, deadlock detection and the timeline. Which
 * message goes with which receive, and when, is match.c. See sim.h for
 * the rules. */
/* madvise and MADV_HUGEPAGE are not POSIX (the project builds with
 * _POSIX_C_SOURCE): without them, 4 KiB pages. */
#define _DEFAULT_SOURCE
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)

#include "common/rng_core.h"
#include "sim/coll.h"
#include "sim/kernel.h"
#include "sim/timeline_core.h"   /* timeline_kinds */

/* ----------------------------------------------------------- randomness */

double sim_var(sim *s, int rank, double mean, double sd)
{
    if (sd == 0)
        return mean;   /* exact: the published tables need it */
    return rng_normal(&s->procs[rank].stream, mean, sd);
}

static rng shared_stream(const sim *s, int stmt, double n)
{
    rng r;
    rng_seed(&r, rngc_shared_seed(s->opt.seed, (uint64_t)stmt, (uint64_t)n));
    return r;
}

double sim_shared_var(sim *s, int stmt, double n, double mean, double sd)
{
    if (sd == 0)
        return mean;
    rng r = shared_stream(s, stmt, n);
    return rng_normal(&r, mean, sd);
}

double sim_shared_percent(sim *s, int stmt, double n)
{
    rng r = shared_stream(s, stmt, n);
    return 100.0 * rng_uniform(&r);
}

/* ------------------------------------------------------------ lifecycle */

sim *sim_new(const sim_options *opt, const net_model *net, diag *d,
             const char *file)
{
    sim *s = xcalloc(1, sizeof *s);
    s->opt = *opt;
    if (!s->opt.max_events)
        s->opt.max_events = SIM_DEFAULT_MAX_EVENTS;
    s->net = net;
    s->cost = net_cost(net, 0);   /* kernel_cost's: size 0 (cost_size) */
    s->d = d;
    s->file = file;
    /* Aligned, so that a process's hot bytes are the fewest lines; from
     * 2 MiB on, on huge pages where the system gives them on request
     * (Linux's transparent huge pages in madvise mode): at P = 10^5 the
     * processes are 38 MB, whose 4 KiB pages cost a fault each to set up
     * and a TLB miss every seven processes in each sweep of the run. */
    size_t bytes = (size_t)opt->nprocs * sizeof *s->procs;
    size_t align = bytes >= HUGE_PAGE ? HUGE_PAGE : 64;
    size_t whole = (bytes + align - 1) / align * align;
    /* calloc, aligned within: a large block's pages come zeroed from the
     * system, so the processes are not written twice (aligned_alloc and
     * memset wrote 38 MB before the run at P = 10^5, callgrind's 19
     * instructions a message of the bench's ring). */
    s->procs_block = xcalloc(1, whole + align);
    s->procs = (proc *)(((uintptr_t)s->procs_block + align - 1) &
                        ~(uintptr_t)(align - 1));
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE)
        (void)madvise(s->procs, whole, MADV_HUGEPAGE);   /* a hint only */
#endif
    /* (calloc: the pages of a large block come zeroed from the system,
     * and only the ones a collective, probe or any_source touches are
     * ever mapped.) */
    s->cold = xcalloc((size_t)opt->nprocs, sizeof *s->cold);
    s->queue = xcalloc((size_t)opt->nprocs, sizeof *s->queue);
    for (int r = 0; r < opt->nprocs; r++)
        rng_seed(&s->procs[r].stream, rngc_process_seed(opt->seed,
                                                        (uint64_t)r));
    if (net_has_topology(net))
        flows_new(s);   /* (its links replace procs-per-node's) */
    else if (net->procs_per_node > 0)
        s->link_free = xcalloc((size_t)opt->nprocs / net->procs_per_node + 1,
                               sizeof *s->link_free);
    if (net->backbone > 0)
        s->backbone = xcalloc((size_t)net->backbone, sizeof *s->backbone);
    return s;
}

void sim_free(sim *s)
{
    if (!s)
        return;
    for (int r = 0; r < s->opt.nprocs; r++) {
        free(s->procs[r].ops.items);
        p2p_free(&s->procs[r]);
    }
    free(s->procs_block);
    free(s->cold);
    free(s->queue);
    free(s->any_armed.items);
    free(s->link_free);
    free(s->backbone);
    free(s->transfers.items);
    flows_free(s);
    coll_order_free(s->order);
    timeline_free(s->tl);
    trace_free(s->trace, s->opt.nprocs);
    free(s);
}

int sim_nprocs(const sim *s) { return s->opt.nprocs; }
int sim_failed(const sim *s) { return s->failed; }
const int *sim_failed_flag(const sim *s) { return &s->failed; }
double sim_clock(const sim *s, int rank) { return s->procs[rank].clock; }
uint64_t sim_max_loop(const sim *s) { return s->opt.max_loop; }
void sim_note_loop(sim *s) { s->looped = 1; }
uint64_t sim_messages(const sim *s) { return s->messages; }
double sim_recv_source(const sim *s, int rank) { return s->procs[rank].recv_source; }
double sim_recv_tag(const sim *s, int rank) { return s->procs[rank].recv_tag; }

void sim_fail(sim *s, int rank, int line, const char *fmt, ...)
{
    strbuf sb = {0};
    va_list ap;
    va_start(ap, fmt);
    char buf[512];
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    sb_printf(&sb, "rank %d: %s", rank, buf);
    diag_error(s->d, (srcloc){s->file, line, 0}, "%s", sb.text);
    sb_free(&sb);
    s->failed = 1;
}

/* A value that is not finite, by name: printf's own words depend on the
 * NaN's sign bit ("-nan"). */
static const char *nonfinite_name(double x)
{
    return isnan(x) ? "NaN" : x > 0 ? "inf" : "-inf";
}

int kernel_infinite_time(sim *s, int rank, int line, double t,
                         const char *what, double amount, const char *unit)
{
    sim_fail(s, rank, line, "%s of %.17g %s takes the simulated clock to %s; "
             "times must stay finite", what, amount, unit, nonfinite_name(t));
    return 0;
}

int kernel_too_many_events(sim *s, int rank, int line)
{
    /* Say what is counted, and whether a loop ran at all: a program
     * without one (an all_to_all at P = 3000 is 3000 calls and 2 x
     * 3000 x 2999 messages) is large, not endless. */
    sim_fail(s, rank, line, "more than %llu operations simulated (each "
             "compute, send, receive and collective call, and each send and "
             "receive inside a collective, is one); %s (--max-events raises "
             "the limit)", (unsigned long long)s->opt.max_events,
             s->looped ? "an endless loop, or a program this large?"
                       : "the program runs no loop: it is this large");
    return 0;
}

/* ---------------------------------------------------------- computation */

void sim_compute(sim *s, int rank, double seconds, int line)
{
    proc *p = &s->procs[rank];
    if (!kernel_count_event(s, rank, line))
        return;
    if (!isfinite(seconds)) {
        sim_fail(s, rank, line, "compute of %s seconds; times must be finite",
                 nonfinite_name(seconds));
        return;
    }
    if (seconds < 0) {
        s->negative_computes++;
        if (s->opt.clamp_negative)
            seconds = 0;
    }
    double start = p->clock;
    if (!kernel_finite_time(s, rank, line, start + seconds * 1e6, "compute",
                     seconds, "seconds"))
        return;
    p->clock += seconds * 1e6;
    p->compute += seconds * 1e6;
    kernel_record(s, p, SIM_OP_COMPUTE, -1, NAN, NAN, start, p->clock);
}

/* ------------------------------------------------------------- messages */

/* A backbone slot for a transfer that can start at `start` (its links
 * free) and lasts `cost`; returns when it starts. The slots' free times
 * are kept sorted. Of the slots free by `start` it takes the one freed last
 * (best fit), so that the slots freed earlier stay for messages granted
 * after it that are ready earlier (a message waiting for its links must
 * not hold back a slot it does not use yet); if none is free, the one
 * freed first, and starts then. */
static double backbone_take(double *slot, int n, double start, double cost)
{
    int lo = 0, hi = n;   /* the first slot free after start */
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (slot[mid] <= start)
            lo = mid + 1;
        else
            hi = mid;
    }
    int k = lo > 0 ? lo - 1 : 0;
    start = fmax(start, slot[k]);
    double end = start + cost;
    /* slot[k] becomes `end`, which is >= every slot before it: move it up
     * past the ones freed before `end`. */
    int j = k;
    while (j + 1 < n && slot[j + 1] < end) {
        slot[j] = slot[j + 1];
        j++;
    }
    slot[j] = end;
    return start;
}

double kernel_link_wait(sim *s, int from, int to, double start, double cost)
{
    double *la = NULL, *lb = NULL;
    if (s->link_free) {
        la = &s->link_free[node_of(s, from)];
        lb = &s->link_free[node_of(s, to)];
        start = fmax(start, fmax(*la, *lb));
    }
    if (s->backbone)
        start = backbone_take(s->backbone, s->net->backbone, start, cost);
    if (la)
        *la = *lb = start + cost;
    return start;
}

/* Both sides of a collective's message complete together (rendezvous). */
void kernel_complete(sim *s, int from, int to)
{
    pending *x = &s->cold[from].op, *y = &s->cold[to].op;
    double cost = kernel_cost(s, x->bytes);
    double start = kernel_link_start(s, from, to,
                                     fmax(x->posted, y->posted), cost);
    kernel_complete_at(s, from, to, start, cost, start + cost);
}

void kernel_complete_at(sim *s, int from, int to, double start, double cost,
                        double end)
{
    proc *a = &s->procs[from], *b = &s->procs[to];
    pending *x = &s->cold[from].op, *y = &s->cold[to].op;
    if (!kernel_finite_time(s, from, x->line, end, "message", x->bytes,
                     "bytes"))
        return;
    a->idle += start - x->posted;
    b->idle += start - y->posted;
    a->comm += cost;
    b->comm += cost;
    a->clock = b->clock = end;
    x->kind = y->kind = PEND_NONE;
    x->serial++;
    y->serial++;
    s->messages++;
    kernel_runnable(s, from < to ? from : to);
    kernel_runnable(s, from < to ? to : from);
}

int kernel_bad_rank(sim *s, int rank, double other, const char *what,
                    int line)
{
    if (other == rank)
        sim_fail(s, rank, line, "%s itself (rank %d)", what, rank);
    else if (other >= 0 && other < s->opt.nprocs)
        sim_fail(s, rank, line, "%s rank %.17g, not a whole number", what,
                 other);
    else
        sim_fail(s, rank, line, "%s rank %.17g, outside 0..%d", what, other,
                 s->opt.nprocs - 1);
    return -1;
}

double kernel_odd_size(sim *s, int rank, int line, double bytes)
{
    if (!isfinite(bytes)) {
        sim_fail(s, rank, line, "message size of %s bytes; sizes must be "
                 "finite", nonfinite_name(bytes));
        return -1;
    }
    if (bytes < 0) {
        s->negative_sizes++;
        return 0;
    }
    return bytes;
}

/* A collective's messages (point-to-point ones are p2p.c's): they match
 * only each other, always rendezvous, in each process's program order. */
static void post_send(sim *s, int rank, int dest, double bytes, int line)
{
    proc *a = &s->procs[rank], *b = &s->procs[dest];
    pending *x = &s->cold[rank].op, *y = &s->cold[dest].op;
    if (!kernel_count_event(s, rank, line))
        return;
    *x = (pending){PEND_SEND, 1, dest, bytes, NAN, a->clock, x->serial, line};
    a->state = P_BLOCKED;
    if (b->state == P_BLOCKED && y->kind == PEND_RECV && y->partner == rank)
        match_pair(s, rank, dest);
}

static void post_recv(sim *s, int rank, int source, int line)
{
    proc *b = &s->procs[rank], *a = &s->procs[source];
    pending *y = &s->cold[rank].op, *x = &s->cold[source].op;
    if (!kernel_count_event(s, rank, line))
        return;
    *y = (pending){PEND_RECV, 1, source, 0, 0, b->clock, y->serial, line};
    b->state = P_BLOCKED;
    if (a->state == P_BLOCKED && x->kind == PEND_SEND && x->partner == rank)
        match_pair(s, source, rank);
}

/* ---------------------------------------------------------- collectives */

/* A collective is a sequence of phases, each a root-serial fan-out (the
 * root sends to every other rank in ascending order) or fan-in (the root
 * receives from every other rank in ascending order). */
static int phases(const sim *s, sim_op_kind kind)
{
    switch (kind) {
    case SIM_OP_ALL_REDUCE:             /* reduce to 0, then bcast from 0 */
    case SIM_OP_BARRIER: return 2;      /* the same, of empty messages */
    case SIM_OP_ALL_GATHER:             /* bcast from every rank in turn */
    case SIM_OP_ALL_TO_ALL: return s->opt.nprocs;  /* scatter from each */
    default: return 1;
    }
}

static void phase_shape(const sim *s, const collective *c, int *root,
                        int *fan_in)
{
    switch (c->kind) {
    case SIM_OP_GATHER: case SIM_OP_REDUCE:
        *root = c->root; *fan_in = 1; break;
    case SIM_OP_ALL_REDUCE: case SIM_OP_BARRIER:
        *root = 0; *fan_in = c->phase == 0; break;
    case SIM_OP_ALL_GATHER: case SIM_OP_ALL_TO_ALL:
        *root = c->phase; *fan_in = 0; break;
    default:
        *root = c->root; *fan_in = 0; break;
    }
    (void)s;
}

/* Posts the process's next message of its linear collective; 0 when it
 * has none left. */
static int linear_next(sim *s, int rank)
{
    collective *c = &s->cold[rank].coll;
    int n = s->opt.nprocs;
    while (c->phase < phases(s, c->kind)) {
        int root, fan_in;
        phase_shape(s, c, &root, &fan_in);
        int steps = rank == root ? n - 1 : 1;
        if (c->step < steps) {
            int k = c->step++;
            if (rank == root) {
                int other = k < root ? k : k + 1;   /* ascending, skip root */
                if (fan_in)
                    post_recv(s, rank, other, c->line);
                else
                    post_send(s, rank, other, c->bytes, c->line);
            } else if (fan_in) {
                post_send(s, rank, root, c->bytes, c->line);
            } else {
                post_recv(s, rank, root, c->line);
            }
            return 1;
        }
        c->phase++;
        c->step = 0;
    }
    return 0;
}

/* Posts the process's next message (or round) of its collective, or ends
 * it. */
static void advance_collective(sim *s, int rank)
{
    proc *p = &s->procs[rank];
    collective *c = &s->cold[rank].coll;
    if (c->algo == COLL_LINEAR ? linear_next(s, rank) : coll_next(s, rank))
        return;
    p->coll_active = 0;
    int partner = c->kind == SIM_OP_ALL_GATHER || c->kind == SIM_OP_ALL_TO_ALL
                  || c->kind == SIM_OP_ALL_REDUCE || c->kind == SIM_OP_BARRIER
                  ? -1 : c->root;
    kernel_record(s, p, c->kind, partner,
                  c->kind == SIM_OP_BARRIER ? NAN : c->bytes, NAN, c->posted,
                  p->clock);
    kernel_runnable(s, rank);
}

void sim_collective(sim *s, int rank, sim_op_kind kind, double root,
                    double bytes, int line)
{
    proc *p = &s->procs[rank];
    int r = 0;
    if (!kernel_count_event(s, rank, line))
        return;
    if (coll_rooted(kind)) {
        if (!(root >= 0 && root < s->opt.nprocs && root == floor(root))) {
            sim_fail(s, rank, line, "collective root %.17g outside 0..%d",
                     root, s->opt.nprocs - 1);
            return;
        }
        r = (int)root;
    }
    if ((bytes = kernel_checked_size(s, rank, line, bytes)) < 0 ||
        !coll_order_check(s, rank, kind, r, bytes, line))
        return;
    p->coll_active = 1;
    s->cold[rank].coll = (collective){kind, r, bytes, p->clock, 0, 0, line,
                           coll_choose(s->net, kind, bytes, s->opt.nprocs),
                           p->recv_source, p->recv_tag};
    kernel_runnable(s, rank);   /* the scheduler advances it */
}

/* ------------------------------------------------------------ scheduler */

static int pop(sim *s)
{
    int r = s->queue[s->head];
    if (++s->head == (size_t)s->opt.nprocs)
        s->head = 0;
    s->count--;
    s->procs[r].queued = 0;
    return r;
}

static const char *kind_name(sim_op_kind k)
{
    return timeline_kinds[k];
}

static void report_deadlock(sim *s)
{
    int blocked = 0;
    for (int r = 0; r < s->opt.nprocs; r++)
        blocked += s->procs[r].state == P_BLOCKED;
    diag_error(s->d, (srcloc){s->file, 0, 0}, "deadlock: %d of %d processes "
               "are blocked and no message can move", blocked, s->opt.nprocs);
    /* Which one waits for what is the point of the report: the first
     * SIM_BLOCKED_SHOWN by rank, then a count, unless all are asked for. */
    int shown = 0;
    for (int r = 0; r < s->opt.nprocs; r++) {
        const proc *p = &s->procs[r];
        if (p->state != P_BLOCKED)
            continue;
        if (!s->opt.all_blocked && shown == SIM_BLOCKED_SHOWN)
            break;
        shown++;
        const pending *op = &s->cold[r].op;
        const collective *c = &s->cold[r].coll;
        char what[160];
        if (p->coll_active && c->algo == COLL_LINEAR) {
            if (op->kind == PEND_SEND)
                snprintf(what, sizeof what, "send to %d", op->partner);
            else
                snprintf(what, sizeof what, "receive from %d", op->partner);
            diag_note(s->d, (srcloc){s->file, c->line, 0},
                      "rank %d waits in %s (%s of its %s), since %.9f s", r,
                      kind_name(c->kind), what, kind_name(c->kind),
                      op->posted / 1e6);
        } else if (p->coll_active) {
            double since;
            int line;
            p2p_describe(s, r, what, sizeof what, &since, &line);
            diag_note(s->d, (srcloc){s->file, c->line, 0},
                      "rank %d waits in %s (%s of its %s %s), since %.9f s",
                      r, kind_name(c->kind), what,
                      coll_algo_names[c->algo], kind_name(c->kind),
                      since / 1e6);
        } else {
            double since;
            int line;
            p2p_describe(s, r, what, sizeof what, &since, &line);
            diag_note(s->d, (srcloc){s->file, line, 0},
                      "rank %d waits in %s, since %.9f s", r, what,
                      since / 1e6);
        }
    }
    if (shown < blocked)
        diag_note(s->d, (srcloc){s->file, 0, 0}, "and %d more blocked "
                  "process%s (--all-blocked lists them all)", blocked - shown,
                  blocked - shown == 1 ? "" : "es");
}

/* sim_run prefetches queue[head + PREFETCH_AHEAD], head being the next
 * process to run: the third after the running one. At P = 10^5 (the
 * bench's ring, CPU s, best of 5) 1, 2 and 3 were alike and 0, the next
 * process, 20 % slower. */
#define PREFETCH_AHEAD 2

int sim_run(sim *s, sim_step_fn step, void *program)
{
    for (int r = 0; r < s->opt.nprocs; r++)
        kernel_runnable(s, r);
    for (;;) {
        while (s->count > 0) {
            int r = pop(s);
            proc *p = &s->procs[r];
            if (s->count > PREFETCH_AHEAD) {
                /* A process a few places on in the queue, out of
                 * cache at large P (the queue holds up to P processes):
                 * its state is fetched while the ones before it run. The
                 * next one is not enough: a step is a few hundred
                 * nanoseconds, about a memory access, and it is often
                 * the partner of this step's message, which is touched
                 * within this step. */
                size_t at = s->head + PREFETCH_AHEAD;
                if (at >= (size_t)s->opt.nprocs)
                    at -= (size_t)s->opt.nprocs;
                const char *next = (const char *)&s->procs[s->queue[at]];
                /* Six lines, written out: gcc kept the loop a loop (44
                 * instructions per message, callgrind). */
                _Static_assert(KERNEL_HOT_BYTES > 320 &&
                               KERNEL_HOT_BYTES <= 384, "six lines");
                __builtin_prefetch(next);
                __builtin_prefetch(next + 64);
                __builtin_prefetch(next + 128);
                __builtin_prefetch(next + 192);
                __builtin_prefetch(next + 256);
                __builtin_prefetch(next + 320);
            }
            if (p->coll_active) {
                advance_collective(s, r);
                if (s->failed)
                    return 1;
                continue;
            }
            int got = step(s, r, program);
            if (got == SIM_FAILED || s->failed)
                return 1;
            if (got == SIM_DONE) {
                if (!p2p_check_end(s, r))
                    return 1;
                p->state = P_DONE;
                s->done++;
            }
        }
        if (s->done == s->opt.nprocs)
            break;
        if (!match_resolve_blocked(s)) {
            report_deadlock(s);
            return 1;
        }
        if (s->failed)   /* a match that overflowed the clock */
            return 1;
    }
    size_t unreceived = p2p_unreceived(s);
    if (unreceived)
        diag_warning(s->d, (srcloc){s->file, 0, 0}, "%zu eager message%s "
                     "never received", unreceived,
                     unreceived == 1 ? " was" : "s were");
    if (s->negative_computes)
        diag_note(s->d, (srcloc){s->file, 0, 0}, "%llu compute draw%s "
                  "negative%s", (unsigned long long)s->negative_computes,
                  s->negative_computes == 1 ? " was" : "s were",
                  s->opt.clamp_negative ? " and counted as 0 s"
                                        : " (--clamp-negative counts them as 0 s)");
    if (s->negative_sizes)
        diag_warning(s->d, (srcloc){s->file, 0, 0}, "%llu drawn message "
                     "size%s negative and counted as 0 bytes",
                     (unsigned long long)s->negative_sizes,
                     s->negative_sizes == 1 ? " was" : "s were");
    return 0;
}
