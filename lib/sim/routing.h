/* routing.h — the routes of SimGrid's zones of Floyd and Dijkstra routing
 * (issue 29): the routes a platform gives between its points (hosts and
 * routers) are the edges of a graph, and the route between two hosts is
 * the path of fewest links through it, ties broken as SimGrid breaks them,
 * so that netsim and SimGrid send a message over the same links.
 * platform.c builds the graph from the XML; the paths between hosts
 * become net-model's routes (routes.c), as if every one had been given. */
#ifndef PERFPIPE_SIM_ROUTING_H
#define PERFPIPE_SIM_ROUTING_H

#include <stdint.h>

#include "sim/sim.h"

#define ROUTING_NO_NODE UINT32_MAX   /* a router: no node of the model */
#define ROUTING_MAX_FLOYD 1024       /* points: Floyd takes points^3 steps */
/* Host pairs: each is a route of the model (tens of bytes and its hops),
 * so 2049 hosts and more are refused before their routes are built. */
#define ROUTING_MAX_PAIRS ((uint64_t)1 << 22)

/* A route given from point `from` to point `to`: its hops in the graph's
 * list. */
typedef struct {
    uint32_t from, to;
    uint32_t first, n;
} route_edge;

typedef struct {
    uint32_t points;            /* hosts and routers, 0 .. points - 1 */
    VEC(route_edge) edges;      /* in the order given (a symmetric
                                   route's way back just after it) */
    VEC(net_hop) hops;
} route_graph;

/* Adds the edge from `from` to `to` over hops[0 .. n), or over them
 * reversed, each in its other direction (a symmetric route's way back). */
void route_graph_add(route_graph *g, uint32_t from, uint32_t to,
                     const net_hop *hops, uint32_t n, int reversed);
void route_graph_free(route_graph *g);

/* Adds to m the route between every two hosts p != q (node[p] and node[q]
 * not ROUTING_NO_NODE) that the graph joins, one way, between their nodes,
 * as SimGrid's FloydZone (all pairs at once, at most ROUTING_MAX_FLOYD
 * points) or DijkstraZone (from each host) finds it; line and col locate
 * them. Returns 0, or -1 with *from and *to the points of a route that
 * crosses more links that share bandwidth than a flow may. */
int route_graph_floyd(const route_graph *g, const uint32_t *node,
                      net_model *m, int line, int col, uint32_t *from,
                      uint32_t *to);
int route_graph_dijkstra(const route_graph *g, const uint32_t *node,
                         net_model *m, int line, int col, uint32_t *from,
                         uint32_t *to);

#endif
