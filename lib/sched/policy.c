/* policy.c — what each scheduler of the event model sends to a free UP
 * (sched.h, sched_event_run): plans per UP (static, GS, GSTR's static
 * part, MinMin), the queue of tasks for the first free UP (GSTR's dynamic
 * part, WQR) and the choice of the running task to replicate (GSTR, WQR). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/heap.h"
#include "sched/event.h"

/* ------------------------------------------------------------- the plans */

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return a < b ? -1 : a > b;
}

static void plan_push(sim *s, size_t k, uint32_t t)
{
    up_state *u = &s->ups[k];
    VEC_PUSH(&u->plan, t);
    u->planned += seen_time(s, s->tasks[t].batch, k);
    s->planned_total++;
}

static uint32_t plan_take(sim *s, size_t k, int from_tail)
{
    up_state *u = &s->ups[k];
    uint32_t t = from_tail ? u->plan.items[--u->plan.len]
                           : u->plan.items[u->plan_head++];
    s->planned_total--;
    if (u->plan_head == u->plan.len) {
        u->plan.len = u->plan_head = 0;
        u->planned = 0;               /* no drift from the sums */
    } else {
        u->planned -= seen_time(s, s->tasks[t].batch, k);
    }
    return t;
}

static size_t plan_size(const up_state *u)
{
    return u->plan.len - u->plan_head;
}

/* The static allocator (trivial or best-fit, §2.8) on tasks ids[0..n), in
 * their order, into the UPs' plans. Both start from what the coordinator
 * believes the UPs hold: trivial from the tasks sent and planned, best-fit
 * from the work they are busy with ahead of now. */
static void allocate(sim *s, const uint32_t *ids, size_t n)
{
    size_t nups = s->nups, batch = (size_t)-1;
    if (s->o->alloc == SCHED_TRIVIAL) {
        for (size_t k = 0; k < nups; k++)
            s->counts[k] = s->ups[k].known_dead
                           ? UINT64_MAX      /* never the fewest */
                           : s->ups[k].used + plan_size(&s->ups[k]);
    } else {
        for (size_t k = 0; k < nups; k++)
            s->fit.tm[k] = fmax(0, s->ups[k].busy_until - s->now) +
                           s->ups[k].planned;
        s->fit.tmc = 0;
    }
    for (size_t i = 0; i < n; i++) {
        size_t k, b = s->tasks[ids[i]].batch;
        if (s->o->alloc == SCHED_TRIVIAL) {
            k = sched_trivial_next(s->counts, nups);
            s->counts[k]++;
        } else {
            if (b != batch)
                for (size_t j = 0; j < nups; j++)   /* a UP known dead
                                                       never fits */
                    s->row[j] = s->ups[j].known_dead ? INFINITY
                                                     : seen_work(s, b, j);
            batch = b;
            k = sched_bestfit_next(&s->fit, s->row, s->links);
        }
        plan_push(s, k, ids[i]);
    }
}

/* Static: every task planned at the start, generation by generation, as
 * the thesis's static scheduler allocates (best-fit from idle UPs at each
 * generation, trivial counts carried over). */
static void plan_everything(sim *s)
{
    const sched_app *a = s->a;
    size_t n = a->batches.len;
    size_t *level = xmalloc((n + 1) * sizeof *level);
    size_t levels = sched_levels(a, level);
    VEC(uint32_t) ids = {0};
    for (size_t g = 0; g < levels; g++) {
        ids.len = 0;
        for (size_t b = 0; b < n; b++)
            if (level[b] == g)
                for (uint64_t t = s->r->batch_first[b];
                     t < s->r->batch_first[b + 1]; t++)
                    VEC_PUSH(&ids, (uint32_t)t);
        if (s->o->alloc == SCHED_BESTFIT) {
            sched_bestfit_reset(&s->fit);
            for (size_t i = 0; i < ids.len; i++) {
                size_t b = s->tasks[ids.items[i]].batch;
                if (i == 0 || b != s->tasks[ids.items[i - 1]].batch)
                    for (size_t j = 0; j < s->nups; j++)
                        s->row[j] = seen_work(s, b, j);
                plan_push(s, sched_bestfit_next(&s->fit, s->row, s->links),
                          ids.items[i]);
            }
        } else {
            for (size_t i = 0; i < ids.len; i++) {
                size_t k = sched_trivial_next(s->counts, s->nups);
                s->counts[k]++;
                plan_push(s, k, ids.items[i]);
            }
        }
    }
    free(ids.items);
    free(level);
}

/* GS: the tasks not yet sent, and those just made ready, planned anew. */
static void replan(sim *s, const uint32_t *fresh, size_t n)
{
    VEC(uint32_t) ids = {0};
    for (size_t k = 0; k < s->nups; k++) {
        up_state *u = &s->ups[k];
        for (size_t i = u->plan_head; i < u->plan.len; i++)
            VEC_PUSH(&ids, u->plan.items[i]);
        u->plan.len = u->plan_head = 0;
        u->planned = 0;
    }
    s->planned_total = 0;
    for (size_t i = 0; i < n; i++)
        VEC_PUSH(&ids, fresh[i]);
    if (ids.len) {
        qsort(ids.items, ids.len, sizeof *ids.items, cmp_u32);
        allocate(s, ids.items, ids.len);
    }
    s->last_plan = ids.len;
    free(ids.items);
}

/* MinMin: of the ready tasks, the one that can end first goes to the UP
 * where it ends first, again and again (the real times: full knowledge).
 * Tasks of a batch are alike: the choice is among the batches, each run
 * of one batch in ids (sorted by task) giving its tasks in order. */
typedef struct {
    sim *s;
    const uint32_t *ids;
    uint32_t *batch;            /* [runs] */
    size_t *next;               /* [runs] the run's next task in ids */
} minmin_runs;

static double run_time(void *ctx, size_t run, size_t k)
{
    const minmin_runs *m = ctx;
    return seen_time(m->s, m->batch[run], k);
}

static void run_take(void *ctx, size_t run, size_t k)
{
    minmin_runs *m = ctx;
    plan_push(m->s, k, m->ids[m->next[run]++]);
}

static void minmin(sim *s, uint32_t *ids, size_t n)
{
    size_t nups = s->nups, runs = 0;
    double *avail = s->row;
    for (size_t k = 0; k < nups; k++)
        avail[k] = s->ups[k].known_dead
                   ? INFINITY
                   : fmax(s->ups[k].busy_until, s->now) + s->ups[k].planned;
    for (size_t i = 0; i < n; i++)
        runs += i == 0 || s->tasks[ids[i]].batch != s->tasks[ids[i - 1]].batch;
    minmin_runs m = {s, ids, xmalloc((runs + 1) * sizeof *m.batch),
                     xmalloc((runs + 1) * sizeof *m.next)};
    uint64_t *count = xmalloc((runs + 1) * sizeof *count);
    runs = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == 0 || s->tasks[ids[i]].batch != s->tasks[ids[i - 1]].batch) {
            m.batch[runs] = s->tasks[ids[i]].batch;
            m.next[runs] = i;
            count[runs++] = 0;
        }
        count[runs - 1]++;
    }
    sched_minmin_io io = {run_time, run_take, &m, SCHED_MINMIN_ORDER_PAIRS};
    sched_minmin(runs, count, nups, avail, &io);
    free(count);
    free(m.batch);
    free(m.next);
}

/* -------------------------------------------------- the replica choice */

/* Is x a better candidate than y? Fewest copies first; then GSTR's rule
 * (A3), or WQR's first come. */
static int better(const sim *s, const replica_entry *x, const replica_entry *y)
{
    if (x->ncopies != y->ncopies)
        return x->ncopies < y->ncopies;
    if (s->o->kind == SCHED_GSTR) {
        int slowest_first = s->o->replica_order == SCHED_REPLICA_SLOWEST_UP;
        if (slowest_first && x->slow != y->slow)
            return x->slow < y->slow;
        if (x->start != y->start)
            return x->start > y->start;     /* running for the least time */
        if (x->slow != y->slow)
            return x->slow < y->slow;
    }
    return x->task < y->task;
}

HEAP_DEFINE(replica_heap, replica_entry, const sim *, better)

static void heap_push(sim *s, replica_entry e)
{
    replica_heap_push(&s->replicas.items, &s->replicas.len, &s->replicas.cap,
                      e, s);
}

static replica_entry heap_pop(sim *s)
{
    return replica_heap_pop(s->replicas.items, &s->replicas.len, s);
}

static int replicates(const sim *s)
{
    return s->o->kind == SCHED_GSTR || s->o->kind == SCHED_WQR;
}

/* A copy of t was sent: its place among the candidates changes. */
void policy_dispatched(sim *s, uint32_t t)
{
    if (!replicates(s))
        return;
    task_state *ts = &s->tasks[t];
    replica_entry e = {ts->start, ts->slow, t, ++ts->version, ts->ncopies};
    heap_push(s, e);
}

/* Through the UP's slots, not the task's copies: a task may have a copy
 * on every UP, a UP holds a few. */
static int has_copy_on(const sim *s, uint32_t t, size_t k)
{
    const up_state *u = &s->ups[k];
    for (size_t i = 0; i < u->held.len; i++)
        if (s->copies.items[u->held.items[i]].task == t)
            return 1;
    return 0;
}

/* The running task to replicate on UP k, or NONE: never a second copy
 * on one UP; WQR stops at wqr_copies copies. */
static uint32_t replica_for(sim *s, size_t k)
{
    VEC(replica_entry) aside = {0};
    uint32_t found = NONE;
    while (s->replicas.len) {
        replica_entry e = s->replicas.items[0];
        const task_state *ts = &s->tasks[e.task];
        if (e.version != ts->version || ts->state != T_RUN) {
            heap_pop(s);                       /* stale */
            continue;
        }
        if (s->o->kind == SCHED_WQR && e.ncopies >= s->o->wqr_copies)
            break;
        heap_pop(s);
        if (has_copy_on(s, e.task, k)) {
            VEC_PUSH(&aside, e);
            continue;
        }
        found = e.task;
        break;
    }
    for (size_t i = 0; i < aside.len; i++)
        heap_push(s, aside.items[i]);
    free(aside.items);
    return found;
}

/* --------------------------------------------------------- the policies */

void policy_init(sim *s)
{
    size_t n = s->nups;
    sched_bestfit_init(&s->fit, n);
    s->counts = xcalloc(n, sizeof *s->counts);
    s->row = xmalloc(n * sizeof *s->row);
    s->links = xmalloc(n * sizeof *s->links);
    for (size_t k = 0; k < n; k++)
        s->links[k] = s->p->ups.items[k].link;
    if (s->o->kind == SCHED_STATIC)
        plan_everything(s);
}

void policy_free(sim *s)
{
    sched_bestfit_free(&s->fit);
    free(s->counts);
    free(s->row);
    free(s->links);
    free(s->replicas.items);
}

/* Tasks ready for the policy: newly ready, or ready again because their
 * copies were on a UP known to have failed (recovered: static then
 * allocates them too, its first plan having lost them). */
static void place(sim *s, uint32_t *ids, size_t n, int recovered)
{
    qsort(ids, n, sizeof *ids, cmp_u32);       /* (batch, task) order */
    switch (s->o->kind) {
    case SCHED_STATIC:
        if (!recovered)                        /* planned at the start */
            break;
        /* Planned anew, then every plan in task order, a topological
         * order: a plan that mixed orders could wait on itself. */
        allocate(s, ids, n);
        for (size_t k = 0; k < s->nups; k++)
            if (plan_size(&s->ups[k]))    /* an empty plan may be NULL */
                qsort(s->ups[k].plan.items + s->ups[k].plan_head,
                      plan_size(&s->ups[k]), sizeof(uint32_t), cmp_u32);
        break;
    case SCHED_GS:
        replan(s, ids, n);
        break;
    case SCHED_GSTR: {
        size_t planned = (size_t)ceil(s->o->theta * (double)n);
        if (planned > n)
            planned = n;
        allocate(s, ids, planned);
        for (size_t i = planned; i < n; i++)
            VEC_PUSH(&s->pending, ids[i]);
        break;
    }
    case SCHED_WQR:
        for (size_t i = 0; i < n; i++)
            VEC_PUSH(&s->pending, ids[i]);
        break;
    case SCHED_MINMIN:
        minmin(s, ids, n);
        break;
    }
}

void policy_ready(sim *s)
{
    if (s->ready.len)
        place(s, s->ready.items, s->ready.len, 0);
    s->ready.len = 0;
    if (s->recovered.len)
        place(s, s->recovered.items, s->recovered.len, 1);
    s->recovered.len = 0;
}

static uint32_t pending_take(sim *s)
{
    uint32_t t = s->pending.items[s->pending_head++];
    if (s->pending_head == s->pending.len)
        s->pending.len = s->pending_head = 0;
    return t;
}

/* GSTR: a planned task not yet sent is still a ready task never sent
 * (Fig. 3.2 l. 8): a UP with none of its own takes the last one of the
 * UP with the most planned, before any replica. */
static uint32_t steal(sim *s)
{
    size_t most = 0, from = 0;
    for (size_t k = 0; k < s->nups; k++)
        if (plan_size(&s->ups[k]) > most) {
            most = plan_size(&s->ups[k]);
            from = k;
        }
    return plan_take(s, from, 1);
}

/* The next task for UP k (it has a free slot), or NONE. */
static uint32_t pick(sim *s, size_t k, int *replanned)
{
    up_state *u = &s->ups[k];
    switch (s->o->kind) {
    case SCHED_STATIC:
        if (plan_size(u) && s->tasks[u->plan.items[u->plan_head]].state == T_READY)
            return plan_take(s, k, 0);
        return NONE;
    case SCHED_MINMIN:
        return plan_size(u) ? plan_take(s, k, 0) : NONE;
    case SCHED_GS:
        /* A UP ran out of work before the others: the estimates were off.
         * Re-plan, once half of the last plan has been sent (so the work
         * of re-planning stays a constant factor of the work planned). */
        if (!plan_size(u) && s->planned_total && !*replanned &&
            2 * s->planned_total <= s->last_plan) {
            *replanned = 1;
            replan(s, NULL, 0);
        }
        return plan_size(u) ? plan_take(s, k, 0) : NONE;
    case SCHED_GSTR:
        if (plan_size(u))
            return plan_take(s, k, 0);
        if (s->pending.len)
            return pending_take(s);
        if (s->planned_total)
            return steal(s);
        return replica_for(s, k);
    case SCHED_WQR:
        if (s->pending.len)
            return pending_take(s);
        return replica_for(s, k);
    }
    return NONE;
}

void policy_fill(sim *s)
{
    if (!s->pending.len && !s->planned_total &&
        !(replicates(s) && s->replicas.len))
        return;                                /* nothing to send */
    int replanned = 0;
    size_t words = s->nups / 64 + 1;
    for (size_t w = 0; w < words; w++) {
        uint64_t bits = s->freemap[w];
        while (bits) {
            size_t r = w * 64 + (size_t)__builtin_ctzll(bits);
            bits &= bits - 1;
            size_t k = s->rank_up[r];
            while (s->ups[k].used < s->ups[k].slots) {
                uint32_t t = pick(s, k, &replanned);
                if (t == NONE)
                    break;
                dispatch(s, t, k);
            }
        }
    }
}
