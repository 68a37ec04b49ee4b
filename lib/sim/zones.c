/* zones.c — SimGrid's zones in a platform (issue 29): a zone's hosts and
 * routers, its routes (Full routing: every route given; Floyd's and
 * Dijkstra's: through the routes given), clusters inside zones (named as
 * SimGrid names their hosts, links and router), zones of zones and their
 * <zoneRoute>s, read into the zone tree of routing.h; then the route
 * between every two hosts, written as net-model's routes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/fluid.h"
#include "sim/platform.h"

void platform_free(plat *P)
{
    for (size_t i = 0; i < P->names.len; i++)
        free(P->names.items[i]);
    free(P->names.items);
    keymap_free(&P->points);
    keymap_free(&P->zones);
    zone_tree_free(&P->tree);
}

/* A new point of zone z named `name` (a host or a router); -1 after
 * "given twice" located at (line, col). */
static long new_point(xml *x, plat *P, uint32_t z, const char *name,
                      int host, int line, int col)
{
    size_t at;
    if (keymap_get(&P->points, name, strlen(name), &at))
        return xml_error(x, line, col, "%s '%s' given twice",
                         P->tree.point_node.items[at] == ROUTING_NONE
                             ? "router" : "host", name);
    if (P->names.len >= NET_MAX_NODE)
        return xml_error(x, line, col, "more than %d hosts and routers",
                         NET_MAX_NODE);
    keymap_put(&P->points, name, strlen(name), P->names.len);
    VEC_PUSH(&P->names, xstrdup(name));
    return zone_tree_add_point(&P->tree, z, host);
}

/* <host id/> (a node) or <router id/> (a point of routes only). */
static int read_point(xml *x, const xml_tag *t, plat *P, uint32_t z,
                      int host)
{
    static const char *const names[] = {"id", NULL};
    static const char *const host_ignored[] = {"speed", "core", "pstate",
                                               "coordinates", NULL};
    static const char *const router_ignored[] = {"coordinates", NULL};
    const xml_attr *id;
    if (xml_attributes(x, t, names, &id, host ? host_ignored
                                              : router_ignored) < 0)
        return -1;
    if (!id)
        return xml_error(x, t->line, t->col, "<%s> needs id", t->name);
    if (new_point(x, P, z, id->value, host, id->line, id->col) < 0)
        return -1;
    return platform_skip_props(x, t);
}

/* The point named by attribute a; in zone z when z is not ROUTING_NONE. */
static int point_of(xml *x, const xml_attr *a, const plat *P, uint32_t z,
                    uint32_t *out)
{
    size_t at;
    if (!keymap_get(&P->points, a->value, strlen(a->value), &at))
        return xml_error(x, a->line, a->col, "unknown host '%s' (a route "
                         "joins hosts or routers given before it)", a->value);
    if (z != ROUTING_NONE && P->tree.point_zone.items[at] != z)
        return xml_error(x, a->line, a->col, "'%s' is not in this zone (a "
                         "route joins points of its zone; zones are joined "
                         "by <zoneRoute>)", a->value);
    *out = (uint32_t)at;
    return 0;
}

/* The <link_ctn/>s of a <route> or <zoneRoute>, up to its end tag. */
static int read_hops(xml *x, const xml_tag *t, const net_model *m,
                     void *vhops)
{
    VEC(net_hop) *hops = vhops;
    xml_tag c;
    int got = 1;
    while (!t->empty && (got = xml_next_tag(x, &c)) > 0) {
        net_hop h;
        if (c.closing && strcmp(c.name, t->name) == 0) {
            xml_tag_free(&c);
            return 0;
        }
        if (c.closing || !c.empty || strcmp(c.name, "link_ctn") != 0)
            got = xml_error(x, c.line, c.col, "<%s%s%s> in <%s> is not read "
                            "by netsim (expected <link_ctn/> or </%s>)",
                            c.closing ? "/" : "", c.name, c.empty ? "/" : "",
                            t->name, t->name);
        else if (platform_read_hop(x, &c, m, &h) < 0)
            got = -1;
        else
            VEC_PUSH(hops, h);
        xml_tag_free(&c);
        if (got < 0)
            return -1;
    }
    if (got == 0)
        return xml_error(x, t->line, t->col, "<%s> never closed", t->name);
    return got < 0 ? -1 : 0;
}

static int symmetrical(xml *x, const xml_attr *a, int *out)
{
    *out = 1;
    if (!a)
        return 0;
    if (!strcmp(a->value, "NO") || !strcmp(a->value, "no"))
        *out = 0;
    else if (strcmp(a->value, "YES") && strcmp(a->value, "yes"))
        return xml_error(x, a->line, a->col, "expected YES or NO in "
                         "'symmetrical'");
    return 0;
}

/* A route added to zone z from member a to b, or the error of one
 * already there (names src and dst, as given). */
static int add_route(xml *x, const xml_tag *t, plat *P, uint32_t z,
                     uint32_t a, uint32_t b, uint32_t gw_a, uint32_t gw_b,
                     const net_hop *hops, uint32_t n, int symmetric,
                     const xml_attr *src, const xml_attr *dst)
{
    int back;
    long taken = zone_tree_add_route(&P->tree, z, a, b, gw_a, gw_b, hops, n,
                                     symmetric, t->line, &back);
    if (taken == 0)
        return 0;
    return xml_error(x, t->line, t->col, "the route from %s to %s already "
                     "exists (line %d; routes are symmetrical by default)",
                     (back ? dst : src)->value, (back ? src : dst)->value,
                     zone_tree_edge(&P->tree, z, taken - 1)->line);
}

/* <route src dst [symmetrical]> <link_ctn/>... </route>, in leaf zone z. */
static int read_route(xml *x, const xml_tag *t, plat *P, uint32_t z)
{
    static const char *const names[] = {"src", "dst", "symmetrical", NULL};
    static const char *const ignored[] = {NULL};
    const xml_attr *at[3];
    if (xml_attributes(x, t, names, at, ignored) < 0)
        return -1;
    if (!at[0] || !at[1])
        return xml_error(x, t->line, t->col, "<route> needs src and dst");
    uint32_t a, b;
    int sym;
    if (point_of(x, at[0], P, z, &a) < 0 || point_of(x, at[1], P, z, &b) < 0 ||
        symmetrical(x, at[2], &sym) < 0)
        return -1;
    VEC(net_hop) hops = {0};
    int got = read_hops(x, t, P->m, &hops);
    if (got == 0)
        got = add_route(x, t, P, z, P->tree.point_local.items[a],
                        P->tree.point_local.items[b], ROUTING_NONE,
                        ROUTING_NONE, hops.items, (uint32_t)hops.len, sym,
                        at[0], at[1]);
    free(hops.items);
    return got;
}

/* Whether zone `inner` is `outer` or inside it. */
static int within(const zone_tree *t, uint32_t inner, uint32_t outer)
{
    for (; inner != ROUTING_NONE; inner = t->zones.items[inner].parent)
        if (inner == outer)
            return 1;
    return 0;
}

/* The zone named by attribute a, a member of zone z: its index there. */
static int zone_member(xml *x, const xml_attr *a, const plat *P, uint32_t z,
                       uint32_t *zone, uint32_t *local)
{
    size_t at;
    if (!keymap_get(&P->zones, a->value, strlen(a->value), &at))
        return xml_error(x, a->line, a->col, "unknown zone '%s' (a "
                         "<zoneRoute> joins zones given before it)", a->value);
    const route_zone *outer = &P->tree.zones.items[z];
    for (uint32_t i = 0; i < outer->members.len; i++)
        if (outer->members.items[i] == at) {
            *zone = (uint32_t)at;
            *local = i;
            return 0;
        }
    return xml_error(x, a->line, a->col, "zone '%s' is not in this zone",
                     a->value);
}

/* <zoneRoute src dst gw_src gw_dst [symmetrical]> <link_ctn/>...
 * </zoneRoute>, in zone of zones z: from gateway gw_src, a point inside
 * zone src, to gw_dst inside dst. */
static int read_zone_route(xml *x, const xml_tag *t, plat *P, uint32_t z)
{
    static const char *const names[] = {"src", "dst", "gw_src", "gw_dst",
                                        "symmetrical", NULL};
    static const char *const ignored[] = {NULL};
    const xml_attr *at[5];
    if (xml_attributes(x, t, names, at, ignored) < 0)
        return -1;
    if (!at[0] || !at[1] || !at[2] || !at[3])
        return xml_error(x, t->line, t->col, "<zoneRoute> needs src, dst, "
                         "gw_src and gw_dst");
    uint32_t zs, zd, ls, ld, gs, gd;
    int sym;
    if (zone_member(x, at[0], P, z, &zs, &ls) < 0 ||
        zone_member(x, at[1], P, z, &zd, &ld) < 0 ||
        point_of(x, at[2], P, ROUTING_NONE, &gs) < 0 ||
        point_of(x, at[3], P, ROUTING_NONE, &gd) < 0 ||
        symmetrical(x, at[4], &sym) < 0)
        return -1;
    if (!within(&P->tree, P->tree.point_zone.items[gs], zs))
        return xml_error(x, at[2]->line, at[2]->col, "gateway '%s' is not in "
                         "zone '%s'", at[2]->value, at[0]->value);
    if (!within(&P->tree, P->tree.point_zone.items[gd], zd))
        return xml_error(x, at[3]->line, at[3]->col, "gateway '%s' is not in "
                         "zone '%s'", at[3]->value, at[1]->value);
    VEC(net_hop) hops = {0};
    int got = read_hops(x, t, P->m, &hops);
    if (got == 0)
        got = add_route(x, t, P, z, ls, ld, gs, gd, hops.items,
                        (uint32_t)hops.len, sym, at[0], at[1]);
    free(hops.items);
    return got;
}

static long new_zone(xml *x, const xml_attr *id, plat *P, uint32_t parent,
                     zone_kind kind)
{
    size_t at;
    if (keymap_get(&P->zones, id->value, strlen(id->value), &at))
        return xml_error(x, id->line, id->col, "zone '%s' given twice",
                         id->value);
    uint32_t z = zone_tree_add_zone(&P->tree, parent, kind);
    keymap_put(&P->zones, id->value, strlen(id->value), z);
    return z;
}

static const char *attr_value(const xml_tag *t, const char *name)
{
    for (int i = 0; i < t->nattrs; i++)
        if (strcmp(t->attrs[i].name, name) == 0)
            return t->attrs[i].value;
    return NULL;
}

/* A link named "PREFIX" "SUFFIX" with l's values, for a cluster; its index,
 * or -1 after "given twice". */
static long cluster_link(xml *x, const xml_tag *t, plat *P, const char *id,
                         const char *what, net_link l)
{
    char *name = xmalloc(strlen(id) + strlen(what) + 1);
    strcpy(name, id);
    strcat(name, what);
    long k = net_link_add(P->m, name, l);
    if (k < 0)
        xml_error(x, t->line, t->col, "link '%s' given twice", name);
    free(name);
    return k;
}

/* <cluster .../> in zone of zones `parent`: a zone of its hosts (PREFIX
 * N SUFFIX for N in the radical), each with its private link ID_link_N,
 * its router (router_id, or PREFIX ID_router SUFFIX) and its backbone
 * ID_backbone, named as SimGrid names them. */
static int read_inner_cluster(xml *x, const xml_tag *t, plat *P,
                              uint32_t parent)
{
    net_model c;
    memset(&c, 0, sizeof c);
    long hosts;
    if (platform_read_cluster(x, t, &c, &hosts) < 0)
        return -1;
    if (c.fat_tree_hosts)
        return xml_error(x, t->line, t->col, "a FAT_TREE <cluster> inside a "
                         "zone is not read by netsim (only alone in the "
                         "platform)");
    const xml_attr *id = NULL;
    for (int i = 0; i < t->nattrs; i++)
        if (strcmp(t->attrs[i].name, "id") == 0)
            id = &t->attrs[i];
    long z = new_zone(x, id, P, parent, ZONE_CLUSTER);
    if (z < 0)
        return -1;
    const char *prefix = attr_value(t, "prefix"), *suffix = attr_value(t,
                                                                "suffix");
    prefix = prefix ? prefix : "";
    suffix = suffix ? suffix : "";
    strbuf name = {0};
    int status = 0;
    for (const char *r = attr_value(t, "radical"); status == 0 && *r;) {
        char *end;
        long lo = strtol(r, &end, 10), hi = lo;
        if (*end == '-')
            hi = strtol(end + 1, &end, 10);
        for (long k = lo; k <= hi && status == 0; k++) {
            name.len = 0;
            sb_puts(&name, prefix);
            char num[32];
            snprintf(num, sizeof num, "%ld", k);
            sb_puts(&name, num);
            sb_puts(&name, suffix);
            long p = new_point(x, P, (uint32_t)z, name.text, 1, t->line,
                               t->col);
            char what[48];
            snprintf(what, sizeof what, "_link_%ld", k);
            long l = p < 0 ? -1 : cluster_link(x, t, P, id->value, what,
                                               c.host_link);
            if (l < 0)
                status = -1;
            else
                P->tree.point_link.items[p] = l;
        }
        r = *end == ',' ? end + 1 : end;
    }
    const char *router = attr_value(t, "router_id");
    name.len = 0;
    if (router) {
        sb_puts(&name, router);
    } else {
        sb_puts(&name, prefix);
        sb_puts(&name, id->value);
        sb_puts(&name, "_router");
        sb_puts(&name, suffix);
    }
    if (status == 0 &&
        new_point(x, P, (uint32_t)z, name.text, 0, t->line, t->col) < 0)
        status = -1;
    sb_free(&name);
    if (status == 0 && c.backbone_link.bandwidth > 0) {
        long l = cluster_link(x, t, P, id->value, "_backbone",
                              c.backbone_link);
        if (l < 0)
            status = -1;
        P->tree.zones.items[z].backbone = l;
    }
    net_model_free(&c);
    return status;
}

/* <zone id routing> its points, links and routes, or its zones and zone
 * routes </zone>, in `parent` (ROUTING_NONE: the platform's). */
int platform_read_zone(xml *x, const xml_tag *t, plat *P, uint32_t parent)
{
    static const char *const names[] = {"id", "routing", NULL};
    static const char *const ignored[] = {NULL};
    static const char *const routings[] = {"Full", "Floyd", "Dijkstra",
                                           "DijkstraCache", NULL};
    static const zone_kind kinds[] = {ZONE_FULL, ZONE_FLOYD, ZONE_DIJKSTRA,
                                      ZONE_DIJKSTRA};
    const xml_attr *at[2];
    if (xml_attributes(x, t, names, at, ignored) < 0)
        return -1;
    if (!at[0] || !at[1])
        return xml_error(x, t->line, t->col, "<zone> needs id and routing");
    int k = 0;
    while (routings[k] && strcmp(at[1]->value, routings[k]) != 0)
        k++;
    if (!routings[k])
        return xml_error(x, at[1]->line, at[1]->col, "routing '%s' is not "
                         "read by netsim (expected Full, Floyd, Dijkstra or "
                         "DijkstraCache)", at[1]->value);
    if (t->empty)
        return xml_error(x, t->line, t->col, "an empty <zone/> has no host");
    long z = new_zone(x, at[0], P, parent, kinds[k]);
    if (z < 0)
        return -1;
    xml_tag c;
    int got, status = 0, points = 0, zones = 0;
    while (status == 0 && (got = xml_next_tag(x, &c)) > 0) {
        if (c.closing && strcmp(c.name, "zone") == 0) {
            xml_tag_free(&c);
            break;
        }
        int point = !c.closing && (!strcmp(c.name, "host") ||
                                   !strcmp(c.name, "router"));
        int route = !c.closing && !strcmp(c.name, "route");
        int inner = !c.closing && (!strcmp(c.name, "zone") ||
                                   !strcmp(c.name, "cluster") ||
                                   !strcmp(c.name, "zoneRoute"));
        points += point || route;
        zones += inner;
        if (c.closing)
            status = xml_error(x, c.line, c.col, "unexpected </%s>", c.name);
        else if (points && zones)
            status = xml_error(x, c.line, c.col, "<%s> in a zone that holds "
                               "%s: a zone holds hosts and routers, or "
                               "zones", c.name, point || route ? "zones"
                                                               : "hosts");
        else if (point)
            status = read_point(x, &c, P, (uint32_t)z, c.name[0] == 'h');
        else if (!strcmp(c.name, "link"))
            status = platform_read_link(x, &c, P->m);
        else if (route)
            status = read_route(x, &c, P, (uint32_t)z);
        else if (!strcmp(c.name, "zone"))
            status = platform_read_zone(x, &c, P, (uint32_t)z);
        else if (!strcmp(c.name, "cluster") && c.empty)
            status = read_inner_cluster(x, &c, P, (uint32_t)z);
        else if (!strcmp(c.name, "zoneRoute"))
            status = read_zone_route(x, &c, P, (uint32_t)z);
        else
            status = xml_error(x, c.line, c.col, "<%s%s> is not read by "
                               "netsim (expected <host>, <router>, <link>, "
                               "<route>, <zone>, <cluster/> or <zoneRoute> "
                               "in a zone)", c.name, c.empty ? "/" : "");
        xml_tag_free(&c);
    }
    if (status == 0 && got == 0)
        status = xml_error(x, t->line, t->col, "<zone> never closed");
    const route_zone *zone = &P->tree.zones.items[z];
    if (status == 0 && zones && zone->kind != ZONE_FULL)
        status = xml_error(x, at[1]->line, at[1]->col, "a zone of zones is "
                           "read by netsim with Full routing only (every "
                           "<zoneRoute> given), not %s", at[1]->value);
    if (status == 0 && zone->kind == ZONE_FLOYD &&
        zone->members.len > ROUTING_MAX_FLOYD)
        status = xml_error(x, t->line, t->col, "a Floyd zone of more than %d "
                           "hosts and routers (its routes take their number "
                           "cubed steps): give routing=\"Dijkstra\"",
                           ROUTING_MAX_FLOYD);
    return status;
}

/* After the platform's zone (its tag t): the routes between its hosts. */
int platform_route_hosts(xml *x, const xml_tag *t, plat *P)
{
    uint32_t hosts = P->tree.nodes, a, b;
    if (hosts == 0)
        return xml_error(x, t->line, t->col, "the platform has no host");
    if ((uint64_t)hosts * (hosts - 1) > ROUTING_MAX_PAIRS)
        return xml_error(x, t->line, t->col, "a platform of %u hosts: netsim "
                         "writes a route for each of their %llu pairs, more "
                         "than %llu", hosts,
                         (unsigned long long)hosts * (hosts - 1),
                         (unsigned long long)ROUTING_MAX_PAIRS);
    int got = zone_tree_routes(&P->tree, P->m, t->line, t->col, &a, &b);
    if (got == -1)
        return xml_error(x, t->line, t->col, "the route from %s to %s "
                         "crosses more than %d links that share bandwidth",
                         P->names.items[a], P->names.items[b],
                         FLUID_MAX_PATH);
    if (got < 0)
        return xml_error(x, t->line, t->col, "the route from %s to %s: its "
                         "zone routes' gateways lead round in a circle",
                         P->names.items[a], P->names.items[b]);
    return 0;
}

