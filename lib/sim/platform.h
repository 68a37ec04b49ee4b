/* platform.h — the readers of SimGrid's platform XML inside lib/sim
 * (platform.c: the platform, clusters, links; zones.c: zones, their points
 * and routes), not for use elsewhere: net_platform_read (sim.h) is the
 * reader. */
#ifndef PERFPIPE_SIM_PLATFORM_H
#define PERFPIPE_SIM_PLATFORM_H

#include "sim/routing.h"
#include "sim/sim.h"
#include "sim/xml.h"

/* The platform being read: the zone tree (routing.h) and the names of
 * its points and zones. */
typedef struct {
    zone_tree tree;
    keymap points;            /* id -> point */
    VEC(char *) names;        /* point -> id */
    keymap zones;             /* id -> zone */
    net_model *m;
} plat;

/* platform.c */
/* <cluster .../>: its attributes into m (host and backbone links, or a
 * fat tree), its hosts counted in *hosts. */
int platform_read_cluster(xml *x, const xml_tag *t, net_model *m,
                          long *hosts);
/* SPLITDUPLEX, SHARED or FATPIPE (not SPLITDUPLEX for a backbone). */
int platform_policy(xml *x, const xml_attr *a, int backbone,
                    net_sharing *out);
/* The <prop/>s of a non-empty element, up to its end tag. */
int platform_skip_props(xml *x, const xml_tag *parent);
/* <link id bandwidth [latency] [sharing_policy]/>: a link of m. */
int platform_read_link(xml *x, const xml_tag *t, net_model *m);
/* <link_ctn id [direction]/>: a hop over a link of m. */
int platform_read_hop(xml *x, const xml_tag *t, const net_model *m,
                      net_hop *out);

/* zones.c */
/* <zone ...> ... </zone> into P, in zone `parent` (ROUTING_NONE: the
 * platform's). */
int platform_read_zone(xml *x, const xml_tag *t, plat *P, uint32_t parent);
/* After the platform's zone (its tag t): the route between every two of
 * its hosts into P->m. */
int platform_route_hosts(xml *x, const xml_tag *t, plat *P);
void platform_free(plat *P);

#endif
