/* platform.c — SimGrid's platform XML (issue 29): `netsim --platform
 * FILE.xml` reads a <platform> holding one <cluster> (a flat one, private
 * links plus a backbone, or a two-level FAT_TREE: net-model's host-link,
 * backbone-link and fat-tree records) or one <zone> (zones.c: hosts,
 * routers, links, routes, clusters and zones inside it, every route
 * between two hosts found as SimGrid finds it, routing.c, and written as
 * net-model's links and routes) into the net-model it stands for:
 * `regime any 0 0` and the topology's records (formats/net-model.md,
 * "Topology"), so that a message takes its route's latencies plus its
 * bytes over the bandwidth it gets, SimGrid's CM02 model. Everything else
 * is refused with a located message. Here: the platform, clusters, and
 * the links and hops that zones.c reads too; the XML itself is xml.c's. */
#include <stdlib.h>
#include <string.h>

#include "sim/platform.h"

#define PLATFORM_MAX_INPUT ((size_t)16 << 20)

/* ----------------------------------------------------------- the cluster */

/* Counts the hosts of a radical "0-63" or "0-3,8,10-11". */
static int radical_count(xml *x, const xml_attr *a, long *count)
{
    const char *p = a->value;
    long n = 0;
    for (;;) {
        char *end;
        long lo = strtol(p, &end, 10), hi = lo;
        if (end == p || lo < 0)
            break;
        p = end;
        if (*p == '-') {
            hi = strtol(p + 1, &end, 10);
            if (end == p + 1 || hi < lo)
                break;
            p = end;
        }
        if (hi - lo >= 1000000 - n)   /* (hi - lo + 1 may overflow) */
            return xml_error(x, a->line, a->col, "more than 1000000 hosts in "
                            "'%s'", a->name);
        n += hi - lo + 1;
        if (*p == 0) {
            *count = n;
            return 0;
        }
        if (*p++ != ',')
            break;
    }
    return xml_error(x, a->line, a->col, "expected ranges such as '0-63' or "
                    "'0-3,8' in '%s'", a->name);
}

int platform_policy(xml *x, const xml_attr *a, int backbone, net_sharing *out)
{
    static const char *const names[] = {"SPLITDUPLEX", "SHARED", "FATPIPE"};
    for (int k = backbone ? 1 : 0; k < 3; k++)
        if (strcmp(a->value, names[k]) == 0) {
            *out = (net_sharing)k;
            return 0;
        }
    return xml_error(x, a->line, a->col, "unknown sharing policy '%s' "
                     "(expected %s)", a->value,
                     backbone ? "SHARED or FATPIPE"
                              : "SPLITDUPLEX, SHARED or FATPIPE");
}

/* "2;H,L;1,S;1,1": the two-level fat tree netsim's fat-tree record is. */
static int fat_tree(xml *x, const xml_attr *a, long hosts, net_model *m)
{
    int h, l, s;
    char tail;
    if (sscanf(a->value, "2;%d,%d;1,%d;1,1%c", &h, &l, &s, &tail) != 3 ||
        h < 1 || l < 1 || s < 1 || s > 1000000)
        return xml_error(x, a->line, a->col, "only two-level fat trees "
                        "'2;HOSTS,LEAVES;1,SPINES;1,1' are read, not '%s'",
                        a->value);
    if ((long)h * l != hosts)
        return xml_error(x, a->line, a->col, "'%s' makes %s hosts, not the "
                        "radical's", a->value, "HOSTS x LEAVES");
    m->fat_tree_hosts = h;
    m->fat_tree_spines = s;
    return 0;
}

/* <cluster ...>: its attributes into m. */
int platform_read_cluster(xml *x, const xml_tag *t, net_model *m, long *hosts)
{
    static const char *const names[] = {"bw", "lat", "bb_bw", "bb_lat",
        "sharing_policy", "bb_sharing_policy", "topology", "topo_parameters",
        "radical", "id", NULL};
    static const char *const ignored[] = {"prefix", "suffix", "speed",
        "core", "router_id", "loopback_bw", "loopback_lat", NULL};
    const xml_attr *at[10];
    if (xml_attributes(x, t, names, at, ignored) < 0)
        return -1;
    const xml_attr *bw = at[0], *lat = at[1], *bb_bw = at[2], *bb_lat = at[3],
               *share = at[4], *bb_share = at[5], *topo = at[6],
               *params = at[7], *radical = at[8], *id = at[9];
    if (!id || !radical || !bw || !lat)
        return xml_error(x, t->line, t->col, "<cluster> needs id, radical, "
                        "bw and lat");
    double v;
    if (radical_count(x, radical, hosts) < 0 ||
        xml_quantity(x, bw, xml_bandwidth_units, "a bandwidth > 0", 1, &v) < 0)
        return -1;
    m->host_link.bandwidth = v / 1e6;
    if (xml_quantity(x, lat, xml_time_units, "a time >= 0", 0, &v) < 0)
        return -1;
    m->host_link.latency = v * 1e6;
    m->host_link.sharing = NET_SPLITDUPLEX;
    if (share && platform_policy(x, share, 0, &m->host_link.sharing) < 0)
        return -1;
    int tree = topo && strcmp(topo->value, "FAT_TREE") == 0;
    if (topo && !tree && strcmp(topo->value, "FLAT") != 0)
        return xml_error(x, topo->line, topo->col, "topology '%s' is not "
                        "read by netsim (expected FLAT or FAT_TREE)",
                        topo->value);
    if (tree) {
        if (!params)
            return xml_error(x, topo->line, topo->col, "FAT_TREE needs "
                            "topo_parameters");
        if (bb_bw || bb_lat)
            return xml_error(x, (bb_bw ? bb_bw : bb_lat)->line,
                            (bb_bw ? bb_bw : bb_lat)->col, "a fat tree has "
                            "no backbone: no bb_bw or bb_lat");
        if (fat_tree(x, params, *hosts, m) < 0)
            return -1;
        /* SimGrid's fat tree: every link the cluster's bw and lat. */
        m->fat_tree_link = m->host_link;
        return 0;
    }
    if (bb_bw) {
        if (xml_quantity(x, bb_bw, xml_bandwidth_units, "a bandwidth > 0", 1,
                         &v) < 0)
            return -1;
        m->backbone_link.bandwidth = v / 1e6;
        m->backbone_link.sharing = NET_SHARED;
        if (bb_lat) {
            if (xml_quantity(x, bb_lat, xml_time_units, "a time >= 0", 0,
                             &v) < 0)
                return -1;
            m->backbone_link.latency = v * 1e6;
        }
        if (bb_share &&
            platform_policy(x, bb_share, 1, &m->backbone_link.sharing) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------ links, hops, properties */

/* The children of a non-empty <host> or <link>: <prop/> only (a user's
 * properties, which the network does not read), up to </NAME>. */
int platform_skip_props(xml *x, const xml_tag *parent)
{
    if (parent->empty)
        return 0;
    xml_tag t;
    int got;
    while ((got = xml_next_tag(x, &t)) > 0) {
        int end = t.closing && strcmp(t.name, parent->name) == 0;
        int prop = !t.closing && t.empty && strcmp(t.name, "prop") == 0;
        if (!end && !prop)
            xml_error(x, t.line, t.col, "<%s%s%s> in <%s> is not read by "
                      "netsim (expected <prop/> or </%s>)",
                      t.closing ? "/" : "", t.name, t.empty ? "/" : "",
                      parent->name, parent->name);
        xml_tag_free(&t);
        if (end || !prop)
            return end ? 0 : -1;
    }
    return got < 0 ? -1 : xml_error(x, parent->line, parent->col, "<%s> never "
                                   "closed", parent->name);
}

int platform_read_link(xml *x, const xml_tag *t, net_model *m)
{
    static const char *const names[] = {"id", "bandwidth", "latency",
                                        "sharing_policy", NULL};
    static const char *const ignored[] = {NULL};
    const xml_attr *at[4];
    if (xml_attributes(x, t, names, at, ignored) < 0)
        return -1;
    if (!at[0] || !at[1])
        return xml_error(x, t->line, t->col, "<link> needs id and bandwidth");
    net_link l = {0, 0, NET_SHARED};
    double v;
    if (xml_quantity(x, at[1], xml_bandwidth_units, "a bandwidth > 0", 1,
                     &v) < 0)
        return -1;
    l.bandwidth = v / 1e6;
    if (at[2]) {
        if (xml_quantity(x, at[2], xml_time_units, "a time >= 0", 0, &v) < 0)
            return -1;
        l.latency = v * 1e6;
    }
    if (at[3] && platform_policy(x, at[3], 0, &l.sharing) < 0)
        return -1;
    if (net_link_add(m, at[0]->value, l) >= 0)
        return platform_skip_props(x, t);
    if (m->links.len >= NET_MAX_LINKS)
        return xml_error(x, t->line, t->col, "more than %zu links",
                        NET_MAX_LINKS);
    return xml_error(x, at[0]->line, at[0]->col, "link '%s' given twice",
                    at[0]->value);
}

/* <link_ctn id="L" [direction="UP|DOWN|NONE"]/>: a hop. A splitduplex
 * link is crossed in one direction, given or by the name of one of its
 * halves (L_UP, L_DOWN), as SimGrid names them. */
int platform_read_hop(xml *x, const xml_tag *t, const net_model *m,
                      net_hop *out)
{
    static const char *const names[] = {"id", "direction", NULL};
    static const char *const ignored[] = {NULL};
    const xml_attr *at[2];
    if (xml_attributes(x, t, names, at, ignored) < 0)
        return -1;
    if (!at[0])
        return xml_error(x, t->line, t->col, "<link_ctn> needs id");
    int dir = NET_BOTH;
    if (at[1] && strcmp(at[1]->value, "NONE") != 0) {
        dir = !strcmp(at[1]->value, "UP") ? NET_UP
            : !strcmp(at[1]->value, "DOWN") ? NET_DOWN : -1;
        if (dir < 0)
            return xml_error(x, at[1]->line, at[1]->col, "unknown direction "
                            "'%s' (expected UP, DOWN or NONE)", at[1]->value);
    }
    const char *id = at[0]->value;
    long k = net_link_find(m, id);
    if (k < 0 && dir == NET_BOTH) {
        /* L_UP or L_DOWN: a half of splitduplex L. */
        size_t len = strlen(id);
        for (int d = NET_UP; d <= NET_DOWN && k < 0; d++) {
            const char *half = d == NET_UP ? "_UP" : "_DOWN";
            size_t hl = strlen(half);
            if (len <= hl || strcmp(id + len - hl, half) != 0)
                continue;
            char *name = xstrdup(id);
            name[len - hl] = 0;
            k = net_link_find(m, name);
            free(name);
            if (k >= 0 && m->links.items[k].sharing != NET_SPLITDUPLEX)
                k = -1;
            else if (k >= 0)
                dir = d;
        }
    }
    if (k < 0)
        return xml_error(x, at[0]->line, at[0]->col, "unknown link '%s' (a "
                        "route names links given before it)", id);
    int split = m->links.items[k].sharing == NET_SPLITDUPLEX;
    if (split && dir == NET_BOTH)
        return xml_error(x, t->line, t->col, "link '%s' is SPLITDUPLEX: give "
                        "direction=\"UP\" or \"DOWN\" (SimGrid stops with "
                        "'Link not found: %s')", id, id);
    if (!split && dir != NET_BOTH)
        return xml_error(x, at[1]->line, at[1]->col, "link '%s' is not "
                        "SPLITDUPLEX: it has no direction", id);
    *out = (net_hop){(uint32_t)k, (unsigned char)dir};
    return 0;
}

/* The <platform>'s one cluster or zone into m; its id in *id. */
static int read_platform(xml *x, net_model *m, long *hosts, char **id)
{
    xml_tag t;
    int got = xml_next_tag(x, &t);
    if (got <= 0 || t.closing || t.empty || strcmp(t.name, "platform") != 0) {
        if (got > 0)
            xml_error(x, t.line, t.col, "expected <platform>, got <%s%s>",
                     t.closing ? "/" : "", t.name);
        else if (got == 0)
            xml_error(x, x->line, 0, "no <platform> in the file");
        xml_tag_free(&t);
        return -1;
    }
    xml_tag_free(&t);
    int status = 0, parts = 0;
    plat P = {.m = m};
    while (status == 0 && (got = xml_next_tag(x, &t)) > 0) {
        if (t.closing && strcmp(t.name, "platform") == 0) {
            xml_tag_free(&t);
            break;
        }
        int cluster = !t.closing && t.empty && !strcmp(t.name, "cluster");
        int zone = !t.closing && !strcmp(t.name, "zone");
        if (!cluster && !zone)
            status = xml_error(x, t.line, t.col, "<%s%s%s> is not read by "
                              "netsim (expected one <cluster/>, SimGrid's "
                              "cluster or FAT_TREE, or one <zone> in "
                              "<platform>)", t.closing ? "/" : "",
                              t.name, t.empty ? "/" : "");
        else if (parts++)
            status = xml_error(x, t.line, t.col, "a second <%s>: netsim reads "
                              "one cluster or zone", t.name);
        else if (cluster)
            status = platform_read_cluster(x, &t, m, hosts);
        else if ((status = platform_read_zone(x, &t, &P, ROUTING_NONE)) == 0 &&
                 (status = platform_route_hosts(x, &t, &P)) == 0) {
            *hosts = P.tree.nodes;
            for (size_t p = 0; p < P.names.len; p++)
                if (P.tree.point_node.items[p] != ROUTING_NONE)
                    VEC_PUSH(&m->node_names, xstrdup(P.names.items[p]));
        }
        for (int i = 0; status == 0 && i < t.nattrs; i++)
            if (!strcmp(t.attrs[i].name, "id"))
                *id = xstrdup(t.attrs[i].value);
        xml_tag_free(&t);
    }
    platform_free(&P);
    if (status < 0 || got < 0)
        return -1;
    if (got == 0)
        return xml_error(x, x->line, x->col, "<platform> never closed");
    if (!parts)
        return xml_error(x, x->line, 0, "no <cluster> or <zone> in the "
                        "platform");
    if (xml_next_tag(x, &t) != 0) {
        if (!x->d->errors)
            xml_error(x, t.line, t.col, "<%s> after </platform>", t.name);
        xml_tag_free(&t);
        return -1;
    }
    return 0;
}

int net_platform_read(net_model *m, FILE *fp, const char *file, diag *d,
                      long *hosts)
{
    memset(m, 0, sizeof *m);
    m->eager_limit = -1;
    size_t len;
    char *text = read_stream(d->prog, fp, file, PLATFORM_MAX_INPUT, &len);
    xml x = {text, file, len, 0, 1, 1, d};
    char *id = NULL;
    int errors = d->errors;
    if (read_platform(&x, m, hosts, &id) < 0 || d->errors != errors) {
        free(text);
        free(id);
        net_model_free(m);
        return -1;
    }
    free(text);
    /* The links carry the times: a message alone takes its route's
     * latencies plus its bytes over the smallest bandwidth. */
    net_regime any = {NET_ANY, 0, 0, 0};
    VEC_PUSH(&m->regimes, any);
    m->name = id;
    return 0;
}
