/* flows.c — messages between nodes as flows of the fluid model: the
 * topology of net-model (formats/net-model.md, "Topology") made links of
 * lib/sim/fluid.c, a message's route and latency over them, and the
 * kernel's completion of the messages whose flows end. The kernel starts
 * a flow when it grants a message its links (match.c) and moves the
 * fluid model on when nothing can run and its next event comes no later
 * than anything else (match_resolve_blocked). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "sim/fluid.h"
#include "sim/kernel.h"

/* Link numbers: node n's host link is 2n (up, or both ways when shared)
 * and 2n + 1 (down, splitduplex), then the backbone, 2N; then a fat
 * tree's leaf-spine links, leaf l and spine k's at 2N + 1 + 2(l S + k)
 * (up) and the next (down), S spines. A fatpipe link, and a link of the
 * other direction that a shared one does not use, is given the capacity
 * it would have and crossed by no flow: it limits a flow's rate through
 * the flow's cap instead. */
static size_t nodes_of(const sim *s)
{
    return s->net->procs_per_node > 0
               ? (size_t)s->opt.nprocs / (size_t)s->net->procs_per_node + 1
               : (size_t)s->opt.nprocs;
}

static size_t leaves_of(const sim *s, size_t nodes)
{
    size_t h = (size_t)s->net->fat_tree_hosts;
    return h ? (nodes + h - 1) / h : 0;
}

static double capacity(const net_link *l)
{
    return l->bandwidth > 0 ? l->bandwidth : 1;
}

/* The most links a run's topology may have: a link is 64 bytes and
 * more, and a fat tree's count is nodes / HOSTS x SPINES x 2, which a
 * model and -n could make 10^13. */
#define FLOWS_MAX_LINKS ((size_t)1 << 24)

void flows_new(sim *s)
{
    const net_model *net = s->net;
    if (net->links.len) {
        /* An explicit topology: link i is 2i (up, or both ways) and
         * 2i + 1 (down). */
        size_t n = 2 * net->links.len;
        double *cap = xcalloc(n, sizeof *cap);
        for (size_t i = 0; i < n; i++)
            cap[i] = capacity(&net->links.items[i / 2]);
        s->fluid = fluid_new(n, cap);
        free(cap);
        return;
    }
    size_t nodes = nodes_of(s), up = 2 * nodes + 1;
    double want = (double)up + 2.0 * (double)leaves_of(s, nodes) *
                                   (double)net->fat_tree_spines;
    if (want > (double)FLOWS_MAX_LINKS)
        die(s->d->prog, EXIT_BADINPUT, "the network model's topology has "
            "%.17g links for %d processes, more than %zu", want,
            s->opt.nprocs, FLOWS_MAX_LINKS);
    size_t n = (size_t)want;
    double *cap = xcalloc(n, sizeof *cap);
    for (size_t i = 0; i < 2 * nodes; i++)
        cap[i] = capacity(&net->host_link);
    cap[2 * nodes] = capacity(&net->backbone_link);
    for (size_t i = up; i < n; i++)
        cap[i] = capacity(&net->fat_tree_link);
    s->fluid = fluid_new(n, cap);
    free(cap);
}

void flows_free(sim *s)
{
    fluid_free(s->fluid);
    free(s->flows.items);
    free(s->ended);
}

/* Adds link l of the route, or its bandwidth to the flow's cap when it
 * is a fatpipe, and its latency. */
static void route_link(const net_link *l, size_t link, uint32_t *path,
                       int *n, double *cap, double *lat)
{
    if (l->bandwidth <= 0)
        return;
    *lat += l->latency;
    if (l->sharing == NET_FATPIPE)
        *cap = fmin(*cap, l->bandwidth);
    else
        path[(*n)++] = (uint32_t)link;
}

/* The route of an explicit topology from node a to node b into path,
 * cap and lat; -1 when the model has none. */
static int explicit_route(const net_model *net, size_t a, size_t b,
                          uint32_t *path, int *n, double *cap, double *lat)
{
    int reversed;
    const net_route *r = net_route_find(net, (uint32_t)a, (uint32_t)b,
                                        &reversed);
    if (!r)
        return -1;
    for (uint32_t i = 0; i < r->n; i++) {
        net_hop h = net_route_hop(net, r, reversed, i);
        route_link(&net->links.items[h.link], 2 * (size_t)h.link +
                   (h.dir == NET_DOWN), path, n, cap, lat);
    }
    return 0;
}

/* The route of a cluster (host links, backbone, fat tree) from node a
 * to node b. */
static void cluster_route(const sim *s, size_t a, size_t b, uint32_t *path,
                          int *n, double *cap, double *lat)
{
    const net_model *net = s->net;
    size_t nodes = nodes_of(s);
    int shared = net->host_link.sharing == NET_SHARED;
    route_link(&net->host_link, 2 * a, path, n, cap, lat);
    route_link(&net->backbone_link, 2 * nodes, path, n, cap, lat);
    size_t h = (size_t)net->fat_tree_hosts;
    if (h && a / h != b / h) {
        /* Up to the spine the destination picks (SimGrid's fat tree's
         * d-mod-k routing: destination mod the spines), down to its
         * leaf. */
        size_t spines = (size_t)net->fat_tree_spines, k = b % spines;
        size_t base = 2 * nodes + 1;
        int one = net->fat_tree_link.sharing == NET_SHARED;
        route_link(&net->fat_tree_link, base + 2 * (a / h * spines + k),
                   path, n, cap, lat);
        route_link(&net->fat_tree_link,
                   base + 2 * (b / h * spines + k) + !one, path, n, cap,
                   lat);
    }
    route_link(&net->host_link, shared ? 2 * b : 2 * b + 1, path, n, cap,
               lat);
}

void flows_start(sim *s, const transfer *t)
{
    if (s->failed)   /* (one overflow reported, not one a message) */
        return;
    const net_model *net = s->net;
    double bytes = t->sid ? req_at(&s->procs[t->from], t->sid)->bytes
                          : s->cold[t->from].op.bytes;
    int line = t->sid ? req_at(&s->procs[t->from], t->sid)->line
                      : s->cold[t->from].op.line;
    const net_regime *g = net_regime_of(net, bytes);
    size_t a = (size_t)node_of(s, t->from), b = (size_t)node_of(s, t->to);
    uint32_t path[FLUID_MAX_PATH];
    int n = 0;
    /* Alone, the message moves at 1/t_w (its regime's speed; t_w = 0: as
     * fast as the links let it), and pays t_s and the route's latencies
     * once, first: a route of links of latency 0 no slower than 1/t_w
     * gives it exactly t_s + t_w d. */
    double own = g->tw > 0 ? 1 / g->tw : INFINITY, cap = own, lat = 0;
    if (!net->links.len) {
        cluster_route(s, a, b, path, &n, &cap, &lat);
    } else if (explicit_route(net, a, b, path, &n, &cap, &lat) < 0) {
        sim_fail(s, t->from, line, "no route from node %zu to node %zu "
                 "(rank %d to rank %d) in the network model", a, b, t->from,
                 t->to);
        return;
    }
    /* Its time at `cap` throughout: the model's own cost when the cap is
     * its regime's speed (a fatpipe link may lower it). */
    double alone = cap == own ? kernel_cost(s, bytes) + lat
                              : g->ts + lat + bytes / cap;
    /* Times that overflow (huge latencies, or bandwidths so small that a
     * message never ends) stop the run here, as a message's own cost
     * would. */
    if (!kernel_finite_time(s, t->from, line, t->ready + alone, "message",
                            bytes, "bytes"))
        return;
    uint32_t id = fluid_start(s->fluid, t->ready, path, n, g->ts + lat,
                              bytes, cap, t->ready + alone);
    while (s->flows.len <= id) {
        in_flight none = {{0, 0, 0, 0, 0}, 0};
        VEC_PUSH(&s->flows, none);
    }
    s->flows.items[id] = (in_flight){*t, alone};
}

void flows_step(sim *s)
{
    double when;
    if (!isfinite(fluid_next(s->fluid))) {
        /* A flow whose share makes its end overflow (a bandwidth so small
         * that it never ends): reported as an infinite time. */
        const transfer *t = &s->flows.items[fluid_first(s->fluid)].t;
        double bytes = t->sid ? req_at(&s->procs[t->from], t->sid)->bytes
                              : s->cold[t->from].op.bytes;
        int line = t->sid ? req_at(&s->procs[t->from], t->sid)->line
                          : s->cold[t->from].op.line;
        kernel_finite_time(s, t->from, line, INFINITY, "message", bytes,
                           "bytes");
        return;
    }
    size_t n = fluid_step(s->fluid, &when, &s->ended, &s->ended_cap);
    for (size_t i = 0; i < n && !s->failed; i++) {
        const in_flight *f = &s->flows.items[s->ended[i]];
        const transfer *t = &f->t;
        /* Its communication time: the time alone, exactly, when it took
         * no longer (never slowed), else all of it. */
        double took = when - t->ready;
        double comm = when == t->ready + f->alone ? f->alone : took;
        if (t->sid)
            p2p_transfer_at(s, t->from, t->sid, t->to, t->rid, t->ready,
                            comm, when);
        else
            kernel_complete_at(s, t->from, t->to, t->ready, comm, when);
    }
}
