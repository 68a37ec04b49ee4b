/* fluid.c — max-min fair sharing of links' bandwidth among flows
 * (fluid.h): an event heap of the flows' next events, and progressive
 * filling over the component of the flow-link graph an event touches. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "sim/fluid.h"

enum { F_FREE, F_LATENCY, F_ACTIVE };
#define NOWHERE UINT32_MAX

typedef struct {
    double cap;          /* its own limit, bytes/us */
    double rate;         /* now; 0 during the latency */
    double next_rate;    /* recompute's result */
    double remaining;    /* bytes left at `anchor` */
    double anchor;       /* when `remaining` was measured */
    double end;          /* its next event: the latency's end, or its end */
    double alone_end;    /* the caller's end at `cap` throughout */
    double bytes;
    uint32_t path[FLUID_MAX_PATH];
    uint32_t slot[FLUID_MAX_PATH];   /* its index in each link's list */
    uint32_t heap;       /* position in the event heap, NOWHERE: none */
    uint32_t mark;       /* component search stamp */
    unsigned char phase, npath;
    unsigned char pristine;   /* never moved slower than cap: ends at
                                 alone_end */
    unsigned char fixed;      /* recompute: its rate is set */
} flow;

typedef struct {
    double cap;
    uint32_t *flows;     /* the active flows crossing it */
    uint32_t len, room;
    uint32_t mark;
    uint32_t unfixed;    /* recompute: its flows not fixed yet */
    uint32_t hpos;       /* recompute: position in the link heap */
    double rem;          /* recompute: capacity not given yet */
    uint32_t seen;       /* recompute: load and top are this check's */
    double load, top;    /* the check's sum and largest of its rates */
} fl_link;

typedef struct {
    double cap;
    uint32_t id;
} by_cap;

struct fluid {
    double now;
    flow *flows;
    uint32_t nflows, flow_room;
    VEC(uint32_t) free_ids;
    fl_link *links;
    size_t nlinks;
    uint32_t *heap;      /* flow ids, earliest event first */
    uint32_t hlen, hroom;
    VEC(uint32_t) touched, comp_links, comp_flows, lheap;
    VEC(uint64_t) due;   /* fluid_step: the flows of its event (64 bits:
                            sort_below's) */
    VEC(by_cap) caps;
    uint32_t stamp, check;
    size_t outside;      /* fill: flows on S's links that are not in S */
    size_t live;
    uint64_t events, updates;
};

fluid *fluid_new(size_t nlinks, const double *capacity)
{
    fluid *f = xcalloc(1, sizeof *f);
    f->links = xcalloc(nlinks ? nlinks : 1, sizeof *f->links);
    f->nlinks = nlinks;
    for (size_t i = 0; i < nlinks; i++)
        f->links[i].cap = capacity[i];
    return f;
}

void fluid_free(fluid *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->nlinks; i++)
        free(f->links[i].flows);
    free(f->links);
    free(f->flows);
    free(f->free_ids.items);
    free(f->heap);
    free(f->touched.items);
    free(f->comp_links.items);
    free(f->comp_flows.items);
    free(f->lheap.items);
    free(f->due.items);
    free(f->caps.items);
    free(f);
}

/* ------------------------------------------------------------ event heap */

static int earlier(const fluid *f, uint32_t a, uint32_t b)
{
    const flow *x = &f->flows[a], *y = &f->flows[b];
    return x->end < y->end || (x->end == y->end && a < b);
}

static void heap_set(fluid *f, uint32_t pos, uint32_t id)
{
    f->heap[pos] = id;
    f->flows[id].heap = pos;
}

static void heap_up(fluid *f, uint32_t pos)
{
    uint32_t id = f->heap[pos];
    while (pos > 0) {
        uint32_t up = (pos - 1) / 2;
        if (!earlier(f, id, f->heap[up]))
            break;
        heap_set(f, pos, f->heap[up]);
        pos = up;
    }
    heap_set(f, pos, id);
}

static void heap_down(fluid *f, uint32_t pos)
{
    uint32_t id = f->heap[pos];
    for (;;) {
        uint32_t c = 2 * pos + 1;
        if (c >= f->hlen)
            break;
        if (c + 1 < f->hlen && earlier(f, f->heap[c + 1], f->heap[c]))
            c++;
        if (!earlier(f, f->heap[c], id))
            break;
        heap_set(f, pos, f->heap[c]);
        pos = c;
    }
    heap_set(f, pos, id);
}

/* Flow id's event time changed (or it is new to the heap). */
static void heap_update(fluid *f, uint32_t id)
{
    flow *x = &f->flows[id];
    if (x->heap == NOWHERE) {
        if (f->hlen == f->hroom) {
            f->hroom = f->hroom ? 2 * f->hroom : 64;
            f->heap = xrealloc(f->heap, f->hroom * sizeof *f->heap);
        }
        heap_set(f, f->hlen++, id);
        heap_up(f, x->heap);
        return;
    }
    heap_up(f, x->heap);
    heap_down(f, x->heap);
}

static uint32_t heap_pop(fluid *f)
{
    uint32_t id = f->heap[0];
    f->flows[id].heap = NOWHERE;
    if (--f->hlen) {
        heap_set(f, 0, f->heap[f->hlen]);
        heap_down(f, 0);
    }
    return id;
}

/* The flows whose event is at time t, the heap's earliest, into f->due
 * in the order heap_pop would give them (by id: their times are equal),
 * and out of the heap. Popping k of n flows one by one costs k log n;
 * when k is a good part of n (flows that start and end together, as a
 * collective's round makes them), they are found by a walk of the top
 * of the heap (an entry's children are never earlier: O(k)) and the rest
 * is heapified, O(n + k log k). */
static void heap_take_due(fluid *f, double t)
{
    f->due.len = 0;
    VEC_PUSH(&f->due, f->heap[0]);
    for (size_t i = 0; i < f->due.len; i++) {
        uint32_t pos = f->flows[f->due.items[i]].heap;
        for (uint32_t c = 2 * pos + 1; c <= 2 * pos + 2 && c < f->hlen; c++)
            if (f->flows[f->heap[c]].end <= t)
                VEC_PUSH(&f->due, f->heap[c]);
    }
    size_t k = f->due.len;
    if (k <= 64 || k * 8 < f->hlen) {   /* few of many: one by one */
        f->due.len = 0;
        while (f->hlen && f->flows[f->heap[0]].end <= t)
            VEC_PUSH(&f->due, heap_pop(f));
        return;
    }
    for (size_t i = 0; i < k; i++)
        f->flows[f->due.items[i]].heap = NOWHERE;
    uint32_t keep = 0;
    for (uint32_t i = 0; i < f->hlen; i++)
        if (f->flows[f->heap[i]].heap != NOWHERE)
            heap_set(f, keep++, f->heap[i]);
    f->hlen = keep;
    for (uint32_t i = keep / 2; i-- > 0;)
        heap_down(f, i);
    sort_below(f->due.items, k, f->nflows);
}

/* ---------------------------------------------------------------- flows */

uint32_t fluid_start(fluid *f, double now, const uint32_t *path, int n,
                     double lat, double bytes, double cap, double alone_end)
{
    /* (The kernel starts flows at the time of its next event, never
     * before the last: an earlier `now` would rewrite the past.) */
    if (now < f->now)
        now = f->now;
    f->now = now;
    uint32_t id;
    if (f->free_ids.len) {
        id = f->free_ids.items[--f->free_ids.len];
    } else {
        if (f->nflows == f->flow_room) {
            f->flow_room = f->flow_room ? 2 * f->flow_room : 64;
            f->flows = xrealloc(f->flows, f->flow_room * sizeof *f->flows);
        }
        id = f->nflows++;
        f->flows[id].mark = 0;
    }
    flow *x = &f->flows[id];
    uint32_t mark = x->mark;
    *x = (flow){.cap = cap, .bytes = bytes, .remaining = bytes,
                .anchor = now, .end = now + lat, .alone_end = alone_end,
.heap = NOWHERE, .mark = mark,
                .phase = F_LATENCY, .npath = (unsigned char)n,
                .pristine = 1};
    memcpy(x->path, path, (size_t)n * sizeof *path);
    f->live++;
    heap_update(f, id);
    return id;
}

static void link_add(fluid *f, uint32_t id)
{
    flow *x = &f->flows[id];
    for (int i = 0; i < x->npath; i++) {
        fl_link *l = &f->links[x->path[i]];
        if (l->len == l->room) {
            l->room = l->room ? 2 * l->room : 4;
            l->flows = xrealloc(l->flows, l->room * sizeof *l->flows);
        }
        x->slot[i] = l->len;
        l->flows[l->len++] = id;
        VEC_PUSH(&f->touched, x->path[i]);
    }
}

static void link_remove(fluid *f, uint32_t id)
{
    flow *x = &f->flows[id];
    for (int i = 0; i < x->npath; i++) {
        uint32_t li = x->path[i];
        fl_link *l = &f->links[li];
        uint32_t last = l->flows[--l->len];
        if (last != id) {
            flow *y = &f->flows[last];
            l->flows[x->slot[i]] = last;
            for (int k = 0; k < y->npath; k++)
                if (y->path[k] == li)
                    y->slot[k] = x->slot[i];
        }
        VEC_PUSH(&f->touched, li);
    }
}

/* The flow's rate becomes r at f->now: what it moved at the old rate is
 * counted, and its end projected at the new one. */
static void set_rate(fluid *f, uint32_t id, double r)
{
    flow *x = &f->flows[id];
    if (x->rate > 0) {
        x->remaining -= (f->now - x->anchor) * x->rate;
        if (x->remaining < 0)
            x->remaining = 0;
    }
    x->anchor = f->now;
    x->rate = r;
    if (r != x->cap)
        x->pristine = 0;
    if (x->pristine)
        x->end = x->alone_end;
    else
        x->end = f->now + x->remaining / r;
    if (!(x->end >= f->now))   /* (rounding; never into the past) */
        x->end = f->now;
    f->updates++;
    heap_update(f, id);
}

/* ------------------------------------------------------ max-min filling */

static double share(const fluid *f, uint32_t li)
{
    const fl_link *l = &f->links[li];
    return l->rem / l->unfixed;
}

static void lheap_set(fluid *f, uint32_t pos, uint32_t li)
{
    f->lheap.items[pos] = li;
    f->links[li].hpos = pos;
}

static void lheap_down(fluid *f, uint32_t pos)
{
    uint32_t li = f->lheap.items[pos], n = (uint32_t)f->lheap.len;
    double key = share(f, li);
    for (;;) {
        uint32_t c = 2 * pos + 1;
        if (c >= n)
            break;
        if (c + 1 < n && share(f, f->lheap.items[c + 1]) <
                             share(f, f->lheap.items[c]))
            c++;
        if (!(share(f, f->lheap.items[c]) < key))
            break;
        lheap_set(f, pos, f->lheap.items[c]);
        pos = c;
    }
    lheap_set(f, pos, li);
}

static void lheap_remove(fluid *f, uint32_t pos)
{
    uint32_t last = f->lheap.items[--f->lheap.len];
    if (pos == f->lheap.len)
        return;
    /* (A removed link's share is not below its replacement's parent's:
     * the replacement comes from the bottom, so only down is needed when
     * it is no smaller than the removed one; up otherwise.) */
    lheap_set(f, pos, last);
    while (pos > 0) {
        uint32_t up = (pos - 1) / 2;
        if (!(share(f, last) < share(f, f->lheap.items[up])))
            break;
        lheap_set(f, pos, f->lheap.items[up]);
        pos = up;
    }
    lheap_set(f, pos, last);
    lheap_down(f, pos);
}

static int compare_cap(const void *a, const void *b)
{
    const by_cap *x = a, *y = b;
    if (x->cap != y->cap)
        return x->cap < y->cap ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

/* Flow id is fixed at rate r: its links give r and lose a flow to fill.
 * A link's share only grows by it (r is at most its share), so the link
 * moves down the heap, or leaves it when it has no flow left to fill. */
static void fix(fluid *f, uint32_t id, double r)
{
    flow *x = &f->flows[id];
    x->fixed = 1;
    x->next_rate = r;
    for (int i = 0; i < x->npath; i++) {
        fl_link *l = &f->links[x->path[i]];
        l->rem -= r;
        if (l->rem < 0)
            l->rem = 0;
        if (--l->unfixed == 0)
            lheap_remove(f, l->hpos);
        else
            lheap_down(f, l->hpos);
    }
}

/* The set S of flows whose rates are recomputed: marked with the current
 * stamp, listed in comp_flows; their links, marked too, in comp_links. */
static void add_to_set(fluid *f, uint32_t id)
{
    flow *x = &f->flows[id];
    if (x->mark == f->stamp)
        return;
    x->mark = f->stamp;
    VEC_PUSH(&f->comp_flows, id);
    for (int j = 0; j < x->npath; j++)
        if (f->links[x->path[j]].mark != f->stamp) {
            f->links[x->path[j]].mark = f->stamp;
            VEC_PUSH(&f->comp_links, x->path[j]);
        }
}

static int in_set(const fluid *f, uint32_t id)
{
    return f->flows[id].mark == f->stamp;
}

/* A flow's rate as the allocation being checked has it: the new one for
 * the set, the old one for the others. */
static double rate_now(const fluid *f, uint32_t id)
{
    return in_set(f, id) ? f->flows[id].next_rate : f->flows[id].rate;
}

/* Progressive filling of the set's flows, each link's capacity less what
 * the flows outside the set use of it. */
static void fill(fluid *f)
{
    f->lheap.len = 0;
    f->outside = 0;
    for (size_t i = 0; i < f->comp_links.len; i++) {
        uint32_t li = f->comp_links.items[i];
        fl_link *l = &f->links[li];
        l->rem = l->cap;
        l->unfixed = 0;
        for (uint32_t k = 0; k < l->len; k++)
            if (in_set(f, l->flows[k])) {
                l->unfixed++;
            } else {
                l->rem -= f->flows[l->flows[k]].rate;
                f->outside++;
            }
        if (l->rem < 0)
            l->rem = 0;
        if (l->unfixed) {
            VEC_PUSH(&f->lheap, li);
            l->hpos = (uint32_t)f->lheap.len - 1;
        }
    }
    for (size_t i = f->lheap.len; i-- > 0;)
        lheap_down(f, (uint32_t)i);
    /* The flows' own limits, lowest first; a flow without one (an
     * infinite cap: a SimGrid platform's, whose links carry the times)
     * is never fixed by it, and is left out. */
    f->caps.len = 0;
    int sorted = 1;
    for (size_t i = 0; i < f->comp_flows.len; i++) {
        uint32_t id = f->comp_flows.items[i];
        f->flows[id].fixed = 0;
        by_cap c = {f->flows[id].cap, id};
        if (isinf(c.cap))
            continue;
        if (f->caps.len &&
            compare_cap(&f->caps.items[f->caps.len - 1], &c) > 0)
            sorted = 0;
        VEC_PUSH(&f->caps, c);
    }
    if (!sorted)
        qsort(f->caps.items, f->caps.len, sizeof *f->caps.items,
              compare_cap);
    double level = 0;
    size_t next_cap = 0;
    while (f->lheap.len) {
        while (next_cap < f->caps.len &&
               f->flows[f->caps.items[next_cap].id].fixed)
            next_cap++;
        uint32_t li = f->lheap.items[0];
        /* (The level never falls: rounding could make a link's share a
         * hair below the last level, which no exact filling gives.) */
        double s = fmax(share(f, li), level);
        if (next_cap < f->caps.len && f->caps.items[next_cap].cap <= s) {
            level = f->caps.items[next_cap].cap;
            fix(f, f->caps.items[next_cap].id, level);
            continue;
        }
        level = s;
        /* Every flow of the set on li not fixed yet is fixed at the
         * level; fix() takes li out of the heap with its last one. */
        fl_link *l = &f->links[li];
        for (uint32_t k = 0; k < l->len; k++)
            if (in_set(f, l->flows[k]) && !f->flows[l->flows[k]].fixed)
                fix(f, l->flows[k], level);
    }
}

/* Relative slack of the checks below: rates and loads are sums of
 * doubles. */
#define SLACK 1e-9

/* Whether link li is a bottleneck of a flow of rate r: full, and no flow
 * on it faster. */
static int bottleneck(fluid *f, uint32_t li, double r)
{
    fl_link *l = &f->links[li];
    if (l->seen != f->check) {   /* once a link a check */
        l->seen = f->check;
        l->load = l->top = 0;
        for (uint32_t k = 0; k < l->len; k++) {
            double q = rate_now(f, l->flows[k]);
            l->load += q;
            l->top = fmax(l->top, q);
        }
    }
    return l->load >= l->cap * (1 - SLACK) && r >= l->top * (1 - SLACK);
}

/* Whether flow id has a bottleneck (or is at its cap) in the allocation
 * being checked: max-min fairness, flow by flow (Bertsekas and Gallager,
 * Data Networks, 6.5.2). */
static int settled(fluid *f, uint32_t id)
{
    const flow *x = &f->flows[id];
    double r = rate_now(f, id);
    if (r >= x->cap * (1 - SLACK))
        return 1;
    for (int j = 0; j < x->npath; j++)
        if (bottleneck(f, x->path[j], r))
            return 1;
    return 0;
}

/* A new check: no link's load and top are known (fl_link.seen). */
static void next_check(fluid *f)
{
    if (++f->check == 0) {   /* (wrapped: no link may look seen) */
        for (size_t i = 0; i < f->nlinks; i++)
            f->links[i].seen = 0;
        f->check = 1;
    }
}

/* The rates after the flows on the touched links changed. The set S
 * starts as those flows; they are refilled with the other flows' rates
 * held; then every flow of S, and every other flow on S's links (the
 * only flows whose links' loads changed), must have a bottleneck, which
 * makes the whole allocation max-min fair (the flows elsewhere keep
 * theirs). Those that have none join S, and S is refilled; at worst S
 * becomes the connected component of the flow-link graph, where the
 * filling alone is exact. So the cost of an event is the flows on the
 * links of S and their links, usually the flows on the touched links,
 * and the component when a change spreads through it. */
static void recompute(fluid *f)
{
    if (++f->stamp == 0) {   /* (wrapped: no mark may look current) */
        for (uint32_t i = 0; i < f->nflows; i++)
            f->flows[i].mark = 0;
        for (size_t i = 0; i < f->nlinks; i++)
            f->links[i].mark = 0;
        f->stamp = 1;
    }
    f->comp_links.len = f->comp_flows.len = 0;
    next_check(f);
    for (size_t i = 0; i < f->touched.len; i++) {
        /* (Once a link: flows that end together touch their backbone
         * once each, and its flows are many.) */
        fl_link *l = &f->links[f->touched.items[i]];
        if (l->seen == f->check)
            continue;
        l->seen = f->check;
        for (uint32_t k = 0; k < l->len; k++)
            add_to_set(f, l->flows[k]);
    }
    f->touched.len = 0;
    VEC(uint32_t) join = {0};
    int rounds = 0;
    for (;;) {
        fill(f);
        if (!f->outside)
            break;   /* S holds every flow on its links: the filling is
                        exact (S is a union of components) */
        next_check(f);
        join.len = 0;
        size_t links = f->comp_links.len;
        for (size_t i = 0; i < links; i++) {
            const fl_link *l = &f->links[f->comp_links.items[i]];
            for (uint32_t k = 0; k < l->len; k++) {
                uint32_t id = l->flows[k];
                if (settled(f, id))
                    continue;
                if (in_set(f, id)) {
                    /* Held back by a faster flow outside S on a link of
                     * its: those flows join. */
                    const flow *x = &f->flows[id];
                    for (int j = 0; j < x->npath; j++) {
                        const fl_link *m = &f->links[x->path[j]];
                        for (uint32_t q = 0; q < m->len; q++)
                            if (!in_set(f, m->flows[q]))
                                VEC_PUSH(&join, m->flows[q]);
                    }
                } else {
                    VEC_PUSH(&join, id);
                }
            }
        }
        size_t before = f->comp_flows.len;
        for (size_t i = 0; i < join.len; i++)
            add_to_set(f, join.items[i]);
        if (f->comp_flows.len == before)
            break;   /* settled, or S is the component already */
        if (++rounds == 8) {
            /* A change still spreading after 8 refills: S becomes its
             * whole component at once (each refill costs all of S, and
             * a chain of flows could otherwise take one refill each),
             * where one filling is exact. */
            for (size_t i = 0; i < f->comp_links.len; i++) {
                const fl_link *l = &f->links[f->comp_links.items[i]];
                for (uint32_t k = 0; k < l->len; k++)
                    add_to_set(f, l->flows[k]);
            }
            fill(f);
            break;
        }
    }
    free(join.items);
    for (size_t i = 0; i < f->comp_flows.len; i++) {
        uint32_t id = f->comp_flows.items[i];
        flow *x = &f->flows[id];
        if (x->next_rate != x->rate || x->heap == NOWHERE)
            set_rate(f, id, x->next_rate);
    }
}

double fluid_next(const fluid *f)
{
    return f->hlen ? f->flows[f->heap[0]].end : INFINITY;
}

uint32_t fluid_first(const fluid *f)
{
    return f->hlen ? f->heap[0] : 0;
}

size_t fluid_step(fluid *f, double *when, uint32_t **ended, size_t *cap)
{
    size_t n = 0;
    if (!f->hlen) {
        *when = INFINITY;
        return 0;
    }
    double t = f->flows[f->heap[0]].end;
    f->now = *when = t;
    f->events++;
    heap_take_due(f, t);
    for (size_t i = 0; i < f->due.len; i++) {
        uint32_t id = (uint32_t)f->due.items[i];
        flow *x = &f->flows[id];
        if (x->phase == F_LATENCY) {
            x->phase = F_ACTIVE;
            x->anchor = t;
            if (x->bytes > 0 && x->npath > 0) {
                link_add(f, id);   /* its rate: recompute's */
                continue;
            }
            /* Nothing to share: no bytes, or no link that limits. */
            x->rate = x->cap;
            x->end = x->pristine ? x->alone_end : t + x->bytes / x->cap;
            if (!(x->end >= t))
                x->end = t;
            heap_update(f, id);
            continue;
        }
        if (x->npath && x->bytes > 0)
            link_remove(f, id);
        if (n == *cap) {
            *cap = *cap ? 2 * *cap : 16;
            *ended = xrealloc(*ended, *cap * sizeof **ended);
        }
        (*ended)[n++] = id;
        x->phase = F_FREE;
        f->live--;
        VEC_PUSH(&f->free_ids, id);
    }
    if (f->touched.len)
        recompute(f);
    return n;
}

double fluid_rate(const fluid *f, uint32_t id)
{
    return id < f->nflows && f->flows[id].phase == F_ACTIVE
               ? f->flows[id].rate : 0;
}

size_t fluid_flows(const fluid *f) { return f->live; }
uint64_t fluid_events(const fluid *f) { return f->events; }
uint64_t fluid_updates(const fluid *f) { return f->updates; }
