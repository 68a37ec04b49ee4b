/* routes.c — the explicit topology of a network model (issue 29): links
 * by name and the routes between nodes over them, SimGrid's zone of
 * routing="Full" (formats/net-model.md, "Topology: links and routes").
 * net-model's `link` and `route` records (netmodel.c) and SimGrid's
 * <link> and <route> (platform.c) both come here, so that the two
 * readers refuse the same things; flows.c looks the routes up. Names and
 * node pairs are hashed: a platform of 1000 hosts has a million routes. */
#include <stdlib.h>
#include <string.h>

#include "sim/fluid.h"
#include "sim/sim.h"

long net_link_add(net_model *m, const char *name, net_link l)
{
    size_t len = strlen(name), at;
    if (keymap_get(&m->link_index, name, len, &at) ||
        m->links.len >= NET_MAX_LINKS)
        return -1;
    keymap_put(&m->link_index, name, len, m->links.len);
    VEC_PUSH(&m->links, l);
    VEC_PUSH(&m->link_names, xstrdup(name));
    return (long)m->links.len - 1;
}

long net_link_find(const net_model *m, const char *name)
{
    size_t at;
    return keymap_get(&m->link_index, name, strlen(name), &at) ? (long)at
                                                                 : -1;
}

static uint64_t pair(uint32_t a, uint32_t b)
{
    return (uint64_t)a << 32 | b;
}

long net_route_add(net_model *m, uint32_t from, uint32_t to, int symmetric,
                   const net_hop *hops, uint32_t n, int line, int col,
                   int *back)
{
    size_t at;
    *back = 0;
    if (keymap_get_u64(&m->route_index, pair(from, to), &at))
        return (long)(at >> 1) + 1;
    if (symmetric && from != to &&
        keymap_get_u64(&m->route_index, pair(to, from), &at)) {
        *back = 1;
        return (long)(at >> 1) + 1;
    }
    /* Fatpipe links limit a flow's rate only; the others are the flow's
     * path in the fluid model, of at most FLUID_MAX_PATH links. */
    int shared = 0;
    for (uint32_t i = 0; i < n; i++)
        shared += m->links.items[hops[i].link].sharing != NET_FATPIPE;
    if (shared > FLUID_MAX_PATH)
        return -1;
    size_t k = m->routes.len;
    net_route r = {from, to, (uint32_t)m->hops.len, n,
                   (unsigned char)(symmetric != 0), line, col};
    for (uint32_t i = 0; i < n; i++)
        VEC_PUSH(&m->hops, hops[i]);
    VEC_PUSH(&m->routes, r);
    keymap_put_u64(&m->route_index, pair(from, to), 2 * k);
    if (symmetric && from != to)
        keymap_put_u64(&m->route_index, pair(to, from), 2 * k + 1);
    return 0;
}

const net_route *net_route_find(const net_model *m, uint32_t a, uint32_t b,
                                int *reversed)
{
    size_t at;
    if (!keymap_get_u64(&m->route_index, pair(a, b), &at))
        return NULL;
    *reversed = (int)(at & 1);
    return &m->routes.items[at >> 1];
}

net_hop net_route_hop(const net_model *m, const net_route *r, int reversed,
                      uint32_t i)
{
    if (!reversed)
        return m->hops.items[r->first + i];
    /* The way back: the links in the other order, each splitduplex one
     * in its other direction (as SimGrid builds a symmetrical route). */
    return net_hop_back(m->hops.items[r->first + r->n - 1 - i]);
}

void net_routes_free(net_model *m)
{
    for (size_t i = 0; i < m->link_names.len; i++)
        free(m->link_names.items[i]);
    free(m->link_names.items);
    free(m->links.items);
    free(m->hops.items);
    free(m->routes.items);
    keymap_free(&m->link_index);
    keymap_free(&m->route_index);
    for (size_t i = 0; i < m->node_names.len; i++)
        free(m->node_names.items[i]);
    free(m->node_names.items);
}
