/* routing.c — the paths of SimGrid's Floyd and Dijkstra zones (routing.h).
 * Both count a given route's cost as its number of links and keep, of
 * paths of equal cost, the one their search meets first; the order of
 * that search is SimGrid's (3.32, kernel/routing/FloydZone.cpp and
 * DijkstraZone.cpp), which is what makes the two simulators agree link
 * for link where a platform has several shortest paths. */
#include <stdlib.h>
#include <string.h>

#include "sim/fluid.h"
#include "sim/routing.h"

#define NONE UINT32_MAX
#define FAR UINT64_MAX

void route_graph_add(route_graph *g, uint32_t from, uint32_t to,
                     const net_hop *hops, uint32_t n, int reversed)
{
    route_edge e = {from, to, (uint32_t)g->hops.len, n};
    for (uint32_t i = 0; i < n; i++) {
        net_hop h = hops[reversed ? n - 1 - i : i];
        if (reversed && h.dir != NET_BOTH)
            h.dir = h.dir == NET_UP ? NET_DOWN : NET_UP;
        VEC_PUSH(&g->hops, h);
    }
    VEC_PUSH(&g->edges, e);
}

void route_graph_free(route_graph *g)
{
    free(g->edges.items);
    free(g->hops.items);
    memset(g, 0, sizeof *g);
}

/* The route over path[0 .. n) (edges, from the source on) added to m
 * from node a to node b; -1 when it is too long for a flow. */
static int add_path(const route_graph *g, const uint32_t *path, size_t n,
                    uint32_t a, uint32_t b, net_model *m, int line, int col)
{
    VEC(net_hop) hops = {0};
    for (size_t i = 0; i < n; i++) {
        const route_edge *e = &g->edges.items[path[i]];
        for (uint32_t k = 0; k < e->n; k++)
            VEC_PUSH(&hops, g->hops.items[e->first + k]);
    }
    int back;
    long got = net_route_add(m, a, b, 0, hops.items, (uint32_t)hops.len,
                             line, col, &back);
    free(hops.items);
    return got < 0 ? -1 : 0;
}

/* A path found from its end back: put from its start on. */
static void reverse(uint32_t *path, size_t n)
{
    for (size_t i = 0; i < n / 2; i++) {
        uint32_t t = path[i];
        path[i] = path[n - 1 - i];
        path[n - 1 - i] = t;
    }
}

/* ---------------------------------------------------------------- Floyd */

int route_graph_floyd(const route_graph *g, const uint32_t *node,
                      net_model *m, int line, int col, uint32_t *from,
                      uint32_t *to)
{
    size_t v = g->points;
    uint64_t *cost = xmalloc(v * v * sizeof *cost);
    uint32_t *pred = xmalloc(v * v * sizeof *pred);
    uint32_t *link = xmalloc(v * v * sizeof *link);
    for (size_t i = 0; i < v * v; i++) {
        cost[i] = FAR;
        pred[i] = link[i] = NONE;
    }
    for (size_t e = 0; e < g->edges.len; e++) {
        const route_edge *r = &g->edges.items[e];
        size_t at = r->from * v + r->to;
        link[at] = (uint32_t)e;
        pred[at] = r->from;
        cost[at] = r->n;
    }
    /* Through c, for a and b in turn; a strictly cheaper path only, so
     * that of equal ones the first found stays (SimGrid's loop). */
    for (size_t c = 0; c < v; c++)
        for (size_t a = 0; a < v; a++) {
            uint64_t ac = cost[a * v + c];
            if (ac == FAR)
                continue;
            for (size_t b = 0; b < v; b++) {
                uint64_t cb = cost[c * v + b], *ab = &cost[a * v + b];
                if (cb != FAR && (*ab == FAR || ac + cb < *ab)) {
                    *ab = ac + cb;
                    pred[a * v + b] = pred[c * v + b];
                }
            }
        }
    uint32_t *path = xmalloc((v + 1) * sizeof *path);
    int status = 0;
    for (uint32_t a = 0; a < v && status == 0; a++)
        for (uint32_t b = 0; b < v && node[a] != NONE; b++) {
            if (b == a || node[b] == NONE || pred[a * v + b] == NONE)
                continue;
            /* Back from b by predecessors, then the edges from a. */
            size_t n = 0;
            for (uint32_t cur = b; cur != a && n <= v;) {
                uint32_t p = pred[a * v + cur];
                path[n++] = link[p * v + cur];
                cur = p;
            }
            reverse(path, n);
            if (add_path(g, path, n, node[a], node[b], m, line, col) < 0) {
                *from = a;
                *to = b;
                status = -1;
                break;
            }
        }
    free(path);
    free(cost);
    free(pred);
    free(link);
    return status;
}

/* ------------------------------------------------------------- Dijkstra */

typedef struct {
    uint64_t cost;
    uint32_t at;
} queued;

/* (cost, index) order: SimGrid's priority queue of pairs. */
static int before(queued x, queued y)
{
    return x.cost < y.cost || (x.cost == y.cost && x.at < y.at);
}

static void push(queued *heap, size_t *len, queued q)
{
    size_t i = (*len)++;
    for (; i > 0 && before(q, heap[(i - 1) / 2]); i = (i - 1) / 2)
        heap[i] = heap[(i - 1) / 2];
    heap[i] = q;
}

static queued pop(queued *heap, size_t *len)
{
    queued top = heap[0], last = heap[--*len];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *len)
            break;
        if (c + 1 < *len && before(heap[c + 1], heap[c]))
            c++;
        if (!before(heap[c], last))
            break;
        heap[i] = heap[c];
        i = c;
    }
    if (*len)
        heap[i] = last;
    return top;
}

int route_graph_dijkstra(const route_graph *g, const uint32_t *node,
                         net_model *m, int line, int col, uint32_t *from,
                         uint32_t *to)
{
    /* The graph's vertices are the points in the order the routes first
     * name them (source, then destination), as SimGrid creates them; a
     * vertex's edges in the order given. */
    size_t ne = g->edges.len;
    uint32_t *vertex = xmalloc((g->points + 1) * sizeof *vertex);
    uint32_t *point = xmalloc((2 * ne + 1) * sizeof *point);
    for (size_t p = 0; p < g->points; p++)
        vertex[p] = NONE;
    uint32_t nv = 0;
    for (size_t e = 0; e < ne; e++) {
        uint32_t ends[2] = {g->edges.items[e].from, g->edges.items[e].to};
        for (int k = 0; k < 2; k++)
            if (vertex[ends[k]] == NONE) {
                point[nv] = ends[k];
                vertex[ends[k]] = nv++;
            }
    }
    size_t *out = xcalloc(nv + 1, sizeof *out);
    uint32_t *adj = xmalloc((ne + 1) * sizeof *adj);
    for (size_t e = 0; e < ne; e++)
        out[vertex[g->edges.items[e].from] + 1]++;
    for (uint32_t i = 0; i < nv; i++)
        out[i + 1] += out[i];
    size_t *fill = xmalloc((nv + 1) * sizeof *fill);
    memcpy(fill, out, (nv + 1) * sizeof *fill);
    for (size_t e = 0; e < ne; e++)
        adj[fill[vertex[g->edges.items[e].from]]++] = (uint32_t)e;
    uint64_t *dist = xmalloc((nv + 1) * sizeof *dist);
    uint32_t *via = xmalloc((nv + 1) * sizeof *via);   /* the edge in */
    queued *heap = xmalloc((ne + 2) * sizeof *heap);
    uint32_t *path = xmalloc((nv + 1) * sizeof *path);
    int status = 0;
    for (uint32_t s = 0; s < nv && status == 0; s++) {
        if (node[point[s]] == NONE)
            continue;
        for (uint32_t i = 0; i < nv; i++) {
            dist[i] = FAR;
            via[i] = NONE;
        }
        dist[s] = 0;
        size_t len = 0;
        push(heap, &len, (queued){0, s});
        while (len) {
            queued q = pop(heap, &len);
            if (q.cost != dist[q.at])
                continue;   /* (met again after a cheaper path) */
            for (size_t k = out[q.at]; k < out[q.at + 1]; k++) {
                const route_edge *e = &g->edges.items[adj[k]];
                uint32_t u = vertex[e->to];
                if (q.cost + e->n < dist[u]) {
                    dist[u] = q.cost + e->n;
                    via[u] = adj[k];
                    push(heap, &len, (queued){dist[u], u});
                }
            }
        }
        for (uint32_t t = 0; t < nv; t++) {
            if (t == s || node[point[t]] == NONE || dist[t] == FAR)
                continue;
            size_t n = 0;
            for (uint32_t cur = t; cur != s;) {
                path[n++] = via[cur];
                cur = vertex[g->edges.items[via[cur]].from];
            }
            reverse(path, n);
            if (add_path(g, path, n, node[point[s]], node[point[t]], m, line,
                         col) < 0) {
                *from = point[s];
                *to = point[t];
                status = -1;
                break;
            }
        }
    }
    free(vertex);
    free(point);
    free(out);
    free(adj);
    free(fill);
    free(dist);
    free(via);
    free(heap);
    free(path);
    return status;
}
