/* routing.c — the routes of a platform's zone tree (routing.h). Floyd and
 * Dijkstra count a given route's cost as its number of links and keep, of
 * paths of equal cost, the one their search meets first; the order of
 * that search is SimGrid's (3.32, kernel/routing/FloydZone.cpp and
 * DijkstraZone.cpp), which is what makes the two simulators agree link
 * for link where a platform has several shortest paths. */
#include <stdlib.h>
#include <string.h>

#include "common/heap.h"
#include "sim/fluid.h"
#include "sim/routing.h"

#define FAR UINT64_MAX

struct zone_paths {
    /* Floyd: every pair's cost, predecessor and the edge into it. */
    uint64_t *cost;
    uint32_t *pred, *edge;
    /* Dijkstra: vertices in the order the routes first name them, each
     * vertex's edges in the order given, and the tree of each source
     * asked for (via[s][v]: the edge into v; NULL: not grown yet). */
    uint32_t nv, *vertex;
    size_t *out;
    uint32_t *adj;
    uint32_t **via;
};

uint32_t zone_tree_add_zone(zone_tree *t, uint32_t parent, zone_kind kind)
{
    route_zone z = {.kind = kind, .parent = parent, .backbone = -1};
    VEC_PUSH(&t->zones, z);
    uint32_t id = (uint32_t)t->zones.len - 1;
    if (parent != ROUTING_NONE) {
        t->zones.items[parent].of_zones = 1;
        VEC_PUSH(&t->zones.items[parent].members, id);
    }
    return id;
}

uint32_t zone_tree_add_point(zone_tree *t, uint32_t z, int host)
{
    uint32_t p = (uint32_t)t->point_zone.len;
    route_zone *zone = &t->zones.items[z];
    VEC_PUSH(&t->point_zone, z);
    VEC_PUSH(&t->point_local, (uint32_t)zone->members.len);
    VEC_PUSH(&t->point_node, host ? t->nodes++ : ROUTING_NONE);
    VEC_PUSH(&t->point_link, -1L);
    VEC_PUSH(&zone->members, p);
    return p;
}

static void add_edge(zone_tree *t, route_zone *z, uint32_t a, uint32_t b,
                     uint32_t gw_a, uint32_t gw_b, const net_hop *hops,
                     uint32_t n, int reversed, int line)
{
    route_edge e = {a, b, gw_a, gw_b, (uint32_t)t->hops.len, n, line};
    for (uint32_t i = 0; i < n; i++) {
        /* The way back: the links in the other order, each splitduplex
         * one in its other direction (as SimGrid builds it). */
        VEC_PUSH(&t->hops,
                 reversed ? net_hop_back(hops[n - 1 - i]) : hops[i]);
    }
    keymap_put_u64(&z->given, (uint64_t)a << 32 | b, z->edges.len);
    VEC_PUSH(&z->edges, e);
}

long zone_tree_add_route(zone_tree *t, uint32_t z, uint32_t a, uint32_t b,
                         uint32_t gw_a, uint32_t gw_b, const net_hop *hops,
                         uint32_t n, int symmetric, int line, int *back)
{
    route_zone *zone = &t->zones.items[z];
    size_t at;
    *back = 0;
    if (keymap_get_u64(&zone->given, (uint64_t)a << 32 | b, &at))
        return (long)at + 1;
    if (symmetric && a != b &&
        keymap_get_u64(&zone->given, (uint64_t)b << 32 | a, &at)) {
        *back = 1;
        return (long)at + 1;
    }
    add_edge(t, zone, a, b, gw_a, gw_b, hops, n, 0, line);
    if (symmetric && a != b)
        add_edge(t, zone, b, a, gw_b, gw_a, hops, n, 1, line);
    return 0;
}

const route_edge *zone_tree_edge(const zone_tree *t, uint32_t z, long k)
{
    return &t->zones.items[z].edges.items[k];
}

static void paths_free(zone_paths *p)
{
    if (!p)
        return;
    free(p->cost);
    free(p->pred);
    free(p->edge);
    free(p->vertex);
    free(p->out);
    free(p->adj);
    if (p->via)
        for (uint32_t s = 0; s < p->nv; s++)
            free(p->via[s]);
    free(p->via);
    free(p);
}

void zone_tree_free(zone_tree *t)
{
    for (size_t i = 0; i < t->zones.len; i++) {
        route_zone *z = &t->zones.items[i];
        free(z->members.items);
        free(z->edges.items);
        keymap_free(&z->given);
        paths_free(z->paths);
    }
    free(t->zones.items);
    free(t->point_zone.items);
    free(t->point_local.items);
    free(t->point_node.items);
    free(t->point_link.items);
    free(t->hops.items);
    memset(t, 0, sizeof *t);
}

/* A path found from its end back: put from its start on. */
static void reverse(uint32_t *path, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        uint32_t x = path[i];
        path[i] = path[n - 1 - i];
        path[n - 1 - i] = x;
    }
}

/* ---------------------------------------------------------------- Floyd */

/* Every pair's path at once, SimGrid's loop: through c, for a and b in
 * turn, a strictly cheaper path only (of equal ones the first found
 * stays). */
static zone_paths *floyd(const route_zone *z)
{
    size_t v = z->members.len;
    zone_paths *p = xcalloc(1, sizeof *p);
    p->cost = xmalloc(v * v * sizeof *p->cost);
    p->pred = xmalloc(v * v * sizeof *p->pred);
    p->edge = xmalloc(v * v * sizeof *p->edge);
    for (size_t i = 0; i < v * v; i++) {
        p->cost[i] = FAR;
        p->pred[i] = p->edge[i] = ROUTING_NONE;
    }
    for (size_t e = 0; e < z->edges.len; e++) {
        const route_edge *r = &z->edges.items[e];
        size_t at = r->from * v + r->to;
        p->edge[at] = (uint32_t)e;
        p->pred[at] = r->from;
        p->cost[at] = r->n;
    }
    for (size_t c = 0; c < v; c++)
        for (size_t a = 0; a < v; a++) {
            uint64_t ac = p->cost[a * v + c];
            if (ac == FAR)
                continue;
            for (size_t b = 0; b < v; b++) {
                uint64_t cb = p->cost[c * v + b], *ab = &p->cost[a * v + b];
                if (cb != FAR && (*ab == FAR || ac + cb < *ab)) {
                    *ab = ac + cb;
                    p->pred[a * v + b] = p->pred[c * v + b];
                }
            }
        }
    return p;
}

/* The edges of the path from a to b into path[] from a on; their count,
 * or -1 when there is none. */
static long floyd_path(const route_zone *z, uint32_t a, uint32_t b,
                       uint32_t *path)
{
    size_t v = z->members.len, n = 0;
    const zone_paths *p = z->paths;
    for (uint32_t cur = b; cur != a;) {
        uint32_t pr = p->pred[a * v + cur];
        if (pr == ROUTING_NONE || n > v)
            return -1;
        path[n++] = p->edge[pr * v + cur];
        cur = pr;
    }
    reverse(path, n);
    return (long)n;
}

/* ------------------------------------------------------------- Dijkstra */

static zone_paths *dijkstra_graph(const route_zone *z)
{
    size_t ne = z->edges.len, nm = z->members.len;
    zone_paths *p = xcalloc(1, sizeof *p);
    p->vertex = xmalloc((nm + 1) * sizeof *p->vertex);
    for (size_t i = 0; i < nm; i++)
        p->vertex[i] = ROUTING_NONE;
    for (size_t e = 0; e < ne; e++) {
        uint32_t ends[2] = {z->edges.items[e].from, z->edges.items[e].to};
        for (int k = 0; k < 2; k++)
            if (p->vertex[ends[k]] == ROUTING_NONE)
                p->vertex[ends[k]] = p->nv++;
    }
    p->out = xcalloc(p->nv + 1, sizeof *p->out);
    p->adj = xmalloc((ne + 1) * sizeof *p->adj);
    for (size_t e = 0; e < ne; e++)
        p->out[p->vertex[z->edges.items[e].from] + 1]++;
    for (uint32_t i = 0; i < p->nv; i++)
        p->out[i + 1] += p->out[i];
    size_t *fill = xmalloc((p->nv + 1) * sizeof *fill);
    memcpy(fill, p->out, (p->nv + 1) * sizeof *fill);
    for (size_t e = 0; e < ne; e++)
        p->adj[fill[p->vertex[z->edges.items[e].from]]++] = (uint32_t)e;
    free(fill);
    p->via = xcalloc(p->nv + 1, sizeof *p->via);
    return p;
}

typedef struct {
    uint64_t cost;
    uint32_t at;
} queued;

/* (cost, vertex) order: SimGrid's priority queue of pairs. */
static int before(void *ctx, const queued *x, const queued *y)
{
    (void)ctx;
    return x->cost < y->cost || (x->cost == y->cost && x->at < y->at);
}

HEAP_DEFINE(queue, queued, void *, before)

/* The tree of shortest paths from vertex s: via[v], the edge into v. */
static uint32_t *dijkstra_tree(const route_zone *z, uint32_t s)
{
    const zone_paths *p = z->paths;
    uint64_t *dist = xmalloc((p->nv + 1) * sizeof *dist);
    uint32_t *via = xmalloc((p->nv + 1) * sizeof *via);
    VEC(queued) heap = {0};
    for (uint32_t i = 0; i < p->nv; i++) {
        dist[i] = FAR;
        via[i] = ROUTING_NONE;
    }
    dist[s] = 0;
    queue_push(&heap.items, &heap.len, &heap.cap, (queued){0, s}, NULL);
    while (heap.len) {
        queued q = queue_pop(heap.items, &heap.len, NULL);
        if (q.cost != dist[q.at])
            continue;   /* (met again after a cheaper path) */
        for (size_t k = p->out[q.at]; k < p->out[q.at + 1]; k++) {
            const route_edge *e = &z->edges.items[p->adj[k]];
            uint32_t u = p->vertex[e->to];
            if (q.cost + e->n < dist[u]) {
                dist[u] = q.cost + e->n;
                via[u] = p->adj[k];
                queue_push(&heap.items, &heap.len, &heap.cap,
                           (queued){dist[u], u}, NULL);
            }
        }
    }
    free(dist);
    free(heap.items);
    return via;
}

static long dijkstra_path(route_zone *z, uint32_t a, uint32_t b,
                          uint32_t *path)
{
    zone_paths *p = z->paths;
    uint32_t s = p->vertex[a], d = p->vertex[b];
    if (s == ROUTING_NONE || d == ROUTING_NONE)
        return -1;
    if (!p->via[s])
        p->via[s] = dijkstra_tree(z, s);
    const uint32_t *via = p->via[s];
    size_t n = 0;
    for (uint32_t cur = d; cur != s;) {
        if (via[cur] == ROUTING_NONE || n > p->nv)
            return -1;
        path[n++] = via[cur];
        cur = p->vertex[z->edges.items[via[cur]].from];
    }
    reverse(path, n);
    return (long)n;
}

/* ---------------------------------------------------------- the routes */

typedef VEC(net_hop) hop_list;

static void append(hop_list *out, const zone_tree *t, const route_edge *e)
{
    for (uint32_t k = 0; k < e->n; k++)
        VEC_PUSH(out, t->hops.items[e->first + k]);
}

/* A cluster's route from member a to b: a's private link up (not from
 * the router), the backbone, b's down (not to the router). */
static void cluster_route(const zone_tree *t, const route_zone *z,
                          uint32_t a, uint32_t b, const net_model *m,
                          hop_list *out)
{
    uint32_t pa = z->members.items[a], pb = z->members.items[b];
    long la = t->point_link.items[pa], lb = t->point_link.items[pb];
    if (la >= 0) {
        int split = m->links.items[la].sharing == NET_SPLITDUPLEX;
        VEC_PUSH(out, ((net_hop){(uint32_t)la, split ? NET_UP : NET_BOTH}));
    }
    if (z->backbone >= 0)
        VEC_PUSH(out, ((net_hop){(uint32_t)z->backbone, NET_BOTH}));
    if (lb >= 0) {
        int split = m->links.items[lb].sharing == NET_SPLITDUPLEX;
        VEC_PUSH(out, ((net_hop){(uint32_t)lb, split ? NET_DOWN : NET_BOTH}));
    }
}

/* The route of zone z from member a to member b appended to out, its
 * edges into *edges (a zone of zones' one, for its gateways); -1 when it
 * has none. */
static int local_route(zone_tree *t, uint32_t zi, uint32_t a, uint32_t b,
                       const net_model *m, hop_list *out,
                       const route_edge **edge)
{
    route_zone *z = &t->zones.items[zi];
    *edge = NULL;
    if (z->kind == ZONE_CLUSTER) {
        if (a != b)
            cluster_route(t, z, a, b, m, out);
        return 0;
    }
    if (z->kind == ZONE_FULL) {
        size_t at;
        if (!keymap_get_u64(&z->given, (uint64_t)a << 32 | b, &at))
            return -1;
        *edge = &z->edges.items[at];
        append(out, t, *edge);
        return 0;
    }
    if (!z->paths)
        z->paths = z->kind == ZONE_FLOYD ? floyd(z) : dijkstra_graph(z);
    uint32_t *path = xmalloc((z->members.len + 1) * sizeof *path);
    long n = z->kind == ZONE_FLOYD ? floyd_path(z, a, b, path)
                                   : dijkstra_path(z, a, b, path);
    for (long i = 0; i < n; i++)
        append(out, t, &z->edges.items[path[i]]);
    free(path);
    return n < 0 ? -1 : 0;
}

static int depth_of(const zone_tree *t, uint32_t z)
{
    int d = 0;
    for (; t->zones.items[z].parent != ROUTING_NONE;
         z = t->zones.items[z].parent)
        d++;
    return d;
}

/* The route from point s to point d (SimGrid's get_global_route): within
 * their zone, or from s to the gateway of the zone route between the two
 * zones under their lowest common one, that route, and from the other
 * gateway to d. -1: no route; -2: gateways that lead round in a circle. */
static int global_route(zone_tree *t, uint32_t s, uint32_t d,
                        const net_model *m, hop_list *out, int depth)
{
    if (depth > 64)
        return -2;
    uint32_t zs = t->point_zone.items[s], zd = t->point_zone.items[d];
    const route_edge *e;
    if (zs == zd)
        return local_route(t, zs, t->point_local.items[s],
                           t->point_local.items[d], m, out, &e);
    /* The lowest common zone, and its members on either side. */
    uint32_t a = zs, b = zd;
    int da = depth_of(t, a), db = depth_of(t, b);
    uint32_t ca = ROUTING_NONE, cb = ROUTING_NONE;
    for (; da > db; da--)
        ca = a, a = t->zones.items[a].parent;
    for (; db > da; db--)
        cb = b, b = t->zones.items[b].parent;
    while (a != b) {
        ca = a, a = t->zones.items[a].parent;
        cb = b, b = t->zones.items[b].parent;
        if (a == ROUTING_NONE || b == ROUTING_NONE)
            return -1;
    }
    const route_zone *common = &t->zones.items[a];
    uint32_t la = ROUTING_NONE, lb = ROUTING_NONE;
    for (uint32_t i = 0; i < common->members.len; i++) {
        if (common->members.items[i] == ca)
            la = i;
        if (common->members.items[i] == cb)
            lb = i;
    }
    if (la == ROUTING_NONE || lb == ROUTING_NONE)
        return -1;
    hop_list mid = {0};
    int got = local_route(t, a, la, lb, m, &mid, &e);
    if (got == 0 && !e)
        got = -1;   /* (a zone of zones' routes are given: Full) */
    if (got == 0 && s != e->gw_from)
        got = global_route(t, s, e->gw_from, m, out, depth + 1);
    for (size_t i = 0; got == 0 && i < mid.len; i++)
        VEC_PUSH(out, mid.items[i]);
    if (got == 0 && e->gw_to != d)
        got = global_route(t, e->gw_to, d, m, out, depth + 1);
    free(mid.items);
    return got;
}

/* Whether `back` is `there` reversed, each splitduplex link in its other
 * direction. */
static int mirrors(const hop_list *there, const hop_list *back)
{
    if (there->len != back->len)
        return 0;
    for (size_t i = 0, n = there->len; i < n; i++) {
        net_hop h = net_hop_back(there->items[n - 1 - i]);
        net_hop b = back->items[i];
        if (h.link != b.link || h.dir != b.dir)
            return 0;
    }
    return 1;
}

int zone_tree_routes(zone_tree *t, net_model *m, int line, int col,
                     uint32_t *from, uint32_t *to)
{
    hop_list there = {0}, back = {0};
    size_t points = t->point_zone.len;
    int status = 0, dummy;
    for (uint32_t a = 0; a < points && status == 0; a++) {
        uint32_t na = t->point_node.items[a];
        for (uint32_t b = a + 1; b < points && na != ROUTING_NONE; b++) {
            uint32_t nb = t->point_node.items[b];
            if (nb == ROUTING_NONE)
                continue;
            there.len = back.len = 0;
            int fwd = global_route(t, a, b, m, &there, 0);
            int bwd = global_route(t, b, a, m, &back, 0);
            long got = 0;
            if (fwd == 0 && bwd == 0 && mirrors(&there, &back)) {
                got = net_route_add(m, na, nb, 1, there.items,
                                    (uint32_t)there.len, line, col, &dummy);
            } else {
                if (fwd == 0)
                    got = net_route_add(m, na, nb, 0, there.items,
                                        (uint32_t)there.len, line, col,
                                        &dummy);
                if (got >= 0 && bwd == 0)
                    got = net_route_add(m, nb, na, 0, back.items,
                                        (uint32_t)back.len, line, col,
                                        &dummy);
            }
            /* (-1: no route, a runtime error if it is used.) */
            if (got < 0 || fwd < -1 || bwd < -1) {
                *from = got < 0 || fwd < -1 ? a : b;
                *to = got < 0 || fwd < -1 ? b : a;
                status = got < 0 ? -1 : -2;
                break;
            }
        }
    }
    free(there.items);
    free(back.items);
    return status;
}
