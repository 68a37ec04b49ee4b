/* routing.h — the routes of a SimGrid platform's zones (issue 29), as
 * SimGrid finds them, so that netsim and SimGrid send a message over the
 * same links. A platform is a tree of zones: leaf zones hold points
 * (hosts and routers) and the routes given between them, under Full
 * routing (every route given) or Floyd's and Dijkstra's (the route
 * between two points the path of fewest links through those given, ties
 * broken as SimGrid breaks them); clusters hold hosts, each with its
 * private link, a router and a backbone; zones of zones hold zones and
 * the routes given between them (zoneRoute: from a gateway point of one
 * to a gateway of the other), every one given. The route between points
 * of two zones is the route from the source to its side's gateway, the
 * zone route, and the route from the other gateway on. platform.c builds
 * the tree from the XML; zone_tree_routes writes the route between every
 * two hosts as net-model's routes (routes.c). */
#ifndef PERFPIPE_SIM_ROUTING_H
#define PERFPIPE_SIM_ROUTING_H

#include <stdint.h>

#include "sim/sim.h"

#define ROUTING_NONE UINT32_MAX
#define ROUTING_MAX_FLOYD 1024       /* a Floyd zone's points: points^3 steps */
/* Host pairs: each is a route of the model (tens of bytes and its hops),
 * so 2049 hosts and more are refused before their routes are built. */
#define ROUTING_MAX_PAIRS ((uint64_t)1 << 22)

typedef enum { ZONE_FULL, ZONE_FLOYD, ZONE_DIJKSTRA, ZONE_CLUSTER } zone_kind;

/* A route given, or the way back of a symmetrical one: between members of
 * a zone (local indices: its points, or its zones for a zone of zones),
 * from gateway point gw_from to gw_to for a zone route; its hops in the
 * tree's list. */
typedef struct {
    uint32_t from, to, gw_from, gw_to;
    uint32_t first, n;
    int line;                     /* where it was given */
} route_edge;

typedef struct zone_paths zone_paths;   /* Floyd's table, Dijkstra's trees */

typedef struct {
    zone_kind kind;
    int of_zones;                 /* its members are zones */
    uint32_t parent;              /* ROUTING_NONE: the root */
    VEC(uint32_t) members;        /* local index -> point, or zone */
    VEC(route_edge) edges;        /* given, in order, each way back just
                                     after its route */
    keymap given;                 /* from << 32 | to -> edge */
    long backbone;                /* a cluster's backbone link, or -1 */
    zone_paths *paths;
} route_zone;

typedef struct {
    VEC(route_zone) zones;
    VEC(uint32_t) point_zone;     /* point -> its zone */
    VEC(uint32_t) point_local;    /* point -> its index there */
    VEC(uint32_t) point_node;     /* point -> node, or ROUTING_NONE (a
                                     router) */
    VEC(long) point_link;         /* a cluster's host -> its link, or -1 */
    VEC(net_hop) hops;
    uint32_t nodes;
} zone_tree;

/* A new zone in `parent` (ROUTING_NONE for the root): its index. */
uint32_t zone_tree_add_zone(zone_tree *t, uint32_t parent, zone_kind kind);
/* A new point of leaf zone z: a host (the next node) or a router; its
 * index. */
uint32_t zone_tree_add_point(zone_tree *t, uint32_t z, int host);
/* A route of zone z between members a and b (local indices), over
 * hops[0 .. n), gateways gw_a and gw_b for a zone route (ROUTING_NONE
 * otherwise); and back when symmetric. Returns 0, or 1 + the edge that
 * already goes from a to b (or back, *back set). */
long zone_tree_add_route(zone_tree *t, uint32_t z, uint32_t a, uint32_t b,
                         uint32_t gw_a, uint32_t gw_b, const net_hop *hops,
                         uint32_t n, int symmetric, int line, int *back);
/* Edge k of zone z (the 1 + k zone_tree_add_route returned, less 1). */
const route_edge *zone_tree_edge(const zone_tree *t, uint32_t z, long k);
void zone_tree_free(zone_tree *t);

/* Adds to m the route between every two hosts the tree joins, between
 * their nodes: both ways in one route when the way back is the way there
 * reversed (each splitduplex link in its other direction), else each
 * way. Returns 0, or with *from and *to the points of the route at fault
 * -1 when it crosses more links that share bandwidth than a flow may
 * (FLUID_MAX_PATH), -2 when its zone routes' gateways lead round in a
 * circle. */
int zone_tree_routes(zone_tree *t, net_model *m, int line, int col,
                     uint32_t *from, uint32_t *to);

#endif
