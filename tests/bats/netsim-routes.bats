#!/usr/bin/env bats
# netsim, issue 29: the explicit topology of net-model (`link` and `route`
# records, lib/sim/routes.c) and SimGrid's platform XML of Full routing
# (<zone>, <host>, <link>, <route>; lib/sim/platform.c), against times
# computed by hand from the fluid formula: a message pays its route's
# latencies, then moves at the smallest share its links give it.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    RACKS=$EXAMPLES/net/racks.xml
    # a0 a1 | b0 b1: 1000 MB/s 5 us host links and 1000 MB/s 2 us rack
    # uplinks (splitduplex), a 1500 MB/s 1 us core (shared).
    printf 'if (rank < 2) { send(rank + 2, (65536, 0)); } else { receive(rank - 2); };\n' > cross.proto
    printf 'if (rank == 0) { sendrecv(2, (65536, 0), 2); };\nif (rank == 2) { sendrecv(0, (65536, 0), 0); };\n' > opp.proto
}

summary() {
    netsim --summary "$@" | awk '$1 == "summary" { printf "%.3f\n", $2 * 1e6 }'
}

@test "racks.xml: a message alone pays its route's latencies and its smallest bandwidth" {
    # a0 -> b0 alone: 5 + 2 + 1 + 2 + 5 = 15 us, then 65536 B at 1000 MB/s.
    printf 'if (rank == 0) { send(2, (65536, 0)); };\nif (rank == 2) { receive(0); };\n' > one.proto
    run summary -n 4 --platform "$RACKS" one.proto
    assert_output 80.536
    # The way back (b0 -> a0, the route's symmetric) is the same.
    printf 'if (rank == 2) { send(0, (65536, 0)); };\nif (rank == 0) { receive(2); };\n' > back.proto
    run summary -n 4 --platform "$RACKS" back.proto
    assert_output 80.536
    # Inside a rack: two host links, 10 us.
    printf 'if (rank == 0) { send(1, (65536, 0)); };\nif (rank == 1) { receive(0); };\n' > in.proto
    run summary -n 4 --platform "$RACKS" in.proto
    assert_output 75.536
}

@test "racks.xml: splitduplex uplinks share one direction, the shared core both" {
    # a0 -> b0 and a1 -> b1 share rack-a's up direction: 500 MB/s each,
    # 15 + 131.072.
    run summary -n 4 --platform "$RACKS" cross.proto
    assert_output 146.072
    # a0 -> b0 and b0 -> a0: the uplinks' two directions are two links,
    # but the core is one 1500 MB/s for both: 750 each, 15 + 87.381.
    run summary -n 4 --platform "$RACKS" opp.proto
    assert_output 102.381
}

@test "link and route records: the same model as the XML, written by --print-net and read back" {
    run netsim --print-net --platform "$RACKS"
    assert_success
    assert_line --index 1 'name "racks"'
    assert_line 'link core 1500 1 shared'
    assert_line 'route 0 <-> 2 a0:up rack-a:up core rack-b:down b0:down'
    netsim --print-net --platform "$RACKS" > racks.net
    netsim --print-net --net racks.net | grep -v '^name' > again.net
    # (The records; the comments saying which host each node is are the
    # XML's.)
    assert_line '# node 2 is host b0'
    diff <(grep -v '^name\|^#' racks.net) again.net
    # And the same times from the records as from the XML.
    run summary -n 4 --net racks.net opp.proto
    assert_output 102.381
}

@test "routes: one way (->) or both ways (<->), the way back in the other direction; fatpipe caps" {
    base='net-model 1\nregime any 0 0\nlink a 1000 5 splitduplex\nlink b 500 3\nlink f 250 1 fatpipe\n'
    printf 'sendrecv(1 - rank, (1000000, 0), 1 - rank);\n' > ex.proto
    # <->: 0 -> 1 takes a:up, 1 -> 0 a:down: the exchange shares nothing
    # but b (shared, 500 MB/s: 250 each): 8 + 4000.
    printf "$base"'route 0 <-> 1 a:up\n' > both.net
    run summary -n 2 --net both.net ex.proto
    assert_output 1005.000
    printf "$base"'route 0 <-> 1 a:up b\n' > shared.net
    run summary -n 2 --net shared.net ex.proto
    assert_output 4008.000
    # Two one-way routes over a:up: both directions share a's up half.
    printf "$base"'route 0 -> 1 a:up\nroute 1 -> 0 a:up\n' > one.net
    run summary -n 2 --net one.net ex.proto
    assert_output 2005.000
    # A fatpipe link caps each flow at 250 MB/s and shares nothing: 1 +
    # 4000 each way at once.
    printf "$base"'route 0 <-> 1 f\n' > fat.net
    run summary -n 2 --net fat.net ex.proto
    assert_output 4001.000
}

@test "a message between nodes with no route is a runtime error, exit 1" {
    printf 'net-model 1\nregime any 0 0\nlink b 500 3\nroute 0 -> 1 b\n' > r.net
    printf 'if (rank == 1) { send(0, (10, 0)); };\nif (rank == 0) { receive(1); };\n' > back.proto
    run netsim -n 2 --net r.net back.proto
    assert_failure 1
    assert_output --partial 'error: rank 1: no route from node 1 to node 0 (rank 1 to rank 0) in the network model'
}

@test "link and route errors are located, exit 2" {
    check() {
        printf 'net-model 1\nregime any 0 0\nlink a 1000 5 splitduplex\nlink b 500 3\n%b\n' "$1" > bad.net
        run netsim --print-net --net bad.net
        assert_failure 2
        assert_output "$2"
    }
    check 'route 0 <-> 1 a' "netsim: bad.net:5:15: error: link 'a' is splitduplex: give a:up or a:down"
    check 'route 0 <-> 1 b:up' "netsim: bad.net:5:15: error: link 'b' is shared: only a splitduplex link has directions"
    check 'route 0 <-> 1 zz' "netsim: bad.net:5:15: error: unknown link 'zz' (a route names links given by 'link' records before it)"
    check 'route 0 1 b' "netsim: bad.net:5:1: error: expected: route A <-> B LINK... or route A -> B LINK..."
    check 'route -1 -> 2 b' "netsim: bad.net:5:7: error: expected a node, an integer from 0 to 999999"
    check 'route 0 -> 1000000 b' "netsim: bad.net:5:12: error: expected a node, an integer from 0 to 999999"
    check 'route 0 <-> 1 b\nroute 1 -> 0 b' "netsim: bad.net:6:1: error: a route from node 1 to node 0 is already given at line 5 (its '<->' goes both ways)"
    check 'route 0 -> 1 b\nroute 0 -> 1 b' "netsim: bad.net:6:1: error: a route from node 0 to node 1 is already given at line 5"
    check 'link b 5 5' "netsim: bad.net:5:6: error: link 'b' given twice"
    check 'link x' "netsim: bad.net:5:1: error: expected: link NAME BANDWIDTH LATENCY [SHARING], SHARING splitduplex, shared or fatpipe"
    check 'link x 0 1' "netsim: bad.net:5:8: error: expected a bandwidth > 0, in bytes per microsecond (MB/s)"
    check 'link x 1 1 duplex' "netsim: bad.net:5:12: error: unknown sharing 'duplex' (expected splitduplex, shared or fatpipe)"
    check 'route 0 <-> 1 b b b b b b b b b b b b b b b b b' "netsim: bad.net:5:1: error: the route crosses more than 16 links that share bandwidth"
    check 'host-link 5 0\nroute 0 <-> 1 b' "netsim: bad.net:6:1: error: a cluster (host-link, backbone-link, fat-tree) and links with routes are two topologies: give one"
    check 'backbone 2' "netsim: bad.net:5:1: error: 'backbone N' (message slots) and the topology's links (bandwidth shared among flows) are two models of the network: give one"
}

# zone BODY: a platform of one Full zone holding BODY.
zone() {
    printf '<platform version="4.1">\n<zone id="z" routing="Full">\n%b\n</zone>\n</platform>\n' "$1" > z.xml
}

@test "--platform: a zone of Full routing; L_UP names a half; symmetrical=NO; props and loopback routes are read past; two one-way routes that mirror each other are written as one" {
    hosts='<host id="a" speed="1Gf"><prop id="x" value="y"/></host><host id="b" speed="1Gf"/>'
    zone "$hosts"'\n<link id="l" bandwidth="8Gbps" latency="0.005ms" sharing_policy="SPLITDUPLEX"><prop id="k" value="v"/></link>\n<link id="lo" bandwidth="10GBps" latency="0" sharing_policy="FATPIPE"/>\n<route src="a" dst="a"><link_ctn id="lo"/></route>\n<route src="a" dst="b" symmetrical="NO"><link_ctn id="l_UP"/></route>\n<route src="b" dst="a" symmetrical="no"><link_ctn id="l" direction="DOWN"/></route>'
    run netsim --print-net --platform z.xml
    assert_success
    assert_output 'net-model 1
name "z"
regime any 0 0
link l 1000 5 splitduplex
link lo 10000 0 fatpipe
# node 0 is host a
# node 1 is host b
route 0 <-> 1 l:up'
    printf 'sendrecv(1 - rank, (1000000, 0), 1 - rank);\n' > ex.proto
    run summary -n 2 --platform z.xml ex.proto
    assert_output 1005.000
    run netsim --summary -n 3 --platform z.xml ex.proto
    assert_failure 2
    assert_line --index 0 'netsim: -n 3: the platform has 2 hosts'
}

@test "--platform: a zone's errors are located, exit 2" {
    check() {
        zone "$1"
        run netsim --print-net --platform z.xml
        assert_failure 2
        assert_output "$2"
    }
    h='<host id="a"/><host id="b"/>'
    l='<link id="l" bandwidth="1GBps" latency="5us" sharing_policy="SPLITDUPLEX"/>'
    check "$h$l"'<route src="a" dst="b"><link_ctn id="l"/></route>' "netsim: z.xml:3:127: error: link 'l' is SPLITDUPLEX: give direction=\"UP\" or \"DOWN\" (SimGrid stops with 'Link not found: l')"
    check "$h"'<link id="s" bandwidth="1GBps"/><route src="a" dst="b"><link_ctn id="s" direction="UP"/></route>' "netsim: z.xml:3:111: error: link 's' is not SPLITDUPLEX: it has no direction"
    check "$h$l"'<route src="a" dst="b"><link_ctn id="l" direction="LEFT"/></route>' "netsim: z.xml:3:154: error: unknown direction 'LEFT' (expected UP, DOWN or NONE)"
    check "$h"'<route src="a" dst="b"><link_ctn id="m"/></route>' "netsim: z.xml:3:65: error: unknown link 'm' (a route names links given before it)"
    check "$h"'<route src="a" dst="c"></route>' "netsim: z.xml:3:48: error: unknown host 'c' (a route joins hosts or routers given before it)"
    check "$h"'<route src="a" dst="b"/><route src="b" dst="a"/>' "netsim: z.xml:3:53: error: the route from b to a already exists (line 3; routes are symmetrical by default)"
    check "$h"'<route src="a" dst="b" symmetrical="maybe"/>' "netsim: z.xml:3:64: error: expected YES or NO in 'symmetrical'"
    check "$h"'<route src="a" dst="b"><host id="c"/></route>' "netsim: z.xml:3:52: error: <host/> in <route> is not read by netsim (expected <link_ctn/> or </route>)"
    check '<host id="a"/><host id="a"/>' "netsim: z.xml:3:24: error: host 'a' given twice"
    check "$h$l$l" "netsim: z.xml:3:113: error: link 'l' given twice"
    check '<host id="a" availability_file="x"/>' "netsim: z.xml:3:32: error: attribute 'availability_file' of <host> is not read by netsim"
    check '<peer id="p" speed="1Gf" bw_in="1GBps" bw_out="1GBps" lat="5us"/>' "netsim: z.xml:3:1: error: <peer/> is not read by netsim (expected <host>, <router>, <link>, <route>, <zone>, <cluster/> or <zoneRoute> in a zone)"
    check '<host id="a"><disk id="d"/></host>' "netsim: z.xml:3:14: error: <disk/> in <host> is not read by netsim (expected <prop/> or </host>)"
    check '<link id="l"/>' "netsim: z.xml:3:1: error: <link> needs id and bandwidth"
    check '' "netsim: z.xml:2:1: error: the platform has no host"
    printf '<platform>\n<zone id="z" routing="Vivaldi">\n</zone>\n</platform>\n' > z.xml
    run netsim --print-net --platform z.xml
    assert_failure 2
    assert_output "netsim: z.xml:2:22: error: routing 'Vivaldi' is not read by netsim (expected Full, Floyd, Dijkstra or DijkstraCache)"
    printf '<platform>\n<zone id="z" routing="Full"><host id="a"/></zone>\n<zone id="y" routing="Full"/>\n</platform>\n' > z.xml
    run netsim --print-net --platform z.xml
    assert_failure 2
    assert_output "netsim: z.xml:3:1: error: a second <zone>: netsim reads one cluster or zone"
}

@test "--platform: a link of its own for every ordered pair (make netsim-smpi's first platform) gives the regime's times, timeline for timeline" {
    # 8 hosts, route i -> j over link i_j of 10 us and 1000 MB/s, one way
    # each (symmetrical="NO"): a message alone takes 10 + d / 1000 us,
    # and no two share a link, so every message of the ring and of the
    # stencil takes Hockney's 10 + 0.001 d.
    awk 'BEGIN {
        print "<platform version=\"4.1\">\n<zone id=\"pairs\" routing=\"Full\">"
        for (i = 0; i < 8; i++) printf "<host id=\"h%d\"/>\n", i
        for (i = 0; i < 8; i++) for (j = 0; j < 8; j++) if (i != j)
            printf "<link id=\"l%d_%d\" bandwidth=\"1GBps\" latency=\"10us\"/>\n", i, j
        for (i = 0; i < 8; i++) for (j = 0; j < 8; j++) if (i != j)
            printf "<route src=\"h%d\" dst=\"h%d\" symmetrical=\"NO\"><link_ctn id=\"l%d_%d\"/></route>\n", i, j, i, j
        print "</zone>\n</platform>" }' > pairs.xml
    printf 'net-model 1\nregime any 10 0.001\n' > h.net
    # (The records sorted: the fluid model's kernel completes the
    # messages of one instant in another order.)
    for prog in ring.proto exchange.proto; do
        diff <(netsim -n 8 --net h.net "$EXAMPLES/proto/$prog" | grep -v '^network' | sort) \
             <(netsim -n 8 --platform pairs.xml "$EXAMPLES/proto/$prog" | grep -v '^network' | sort)
    done
    run netsim --print-net --platform pairs.xml
    assert_line --index 3 'link l0_1 1000 10 shared'
    assert_line 'route 7 -> 6 l7_6'
}

@test "--platform: Floyd and Dijkstra zones route between hosts through routers, ties broken as SimGrid breaks them" {
    # routers.xml: a -- r0, r2 -- b, and two paths of two links from r0
    # to r2: north and east (500 MB/s, 10 us each) or south and west
    # (250 MB/s, 20 us). SimGrid 3.32's Floyd takes the first, its
    # Dijkstra the second (checked with SimGrid's own routes, make
    # netsim-smpi); netsim the same.
    run netsim --print-net --platform "$EXAMPLES/net/routers.xml"
    assert_success
    assert_line 'route 0 <-> 1 la north east lb'
    sed 's/routing="Floyd"/routing="Dijkstra"/' "$EXAMPLES/net/routers.xml" > dijkstra.xml
    run netsim --print-net --platform dijkstra.xml
    assert_line 'route 0 <-> 1 la south west lb'
    # 10^6 bytes: 5 + 10 + 10 + 5 us and 500 MB/s, or 5 + 20 + 20 + 5 and
    # 250 MB/s.
    printf 'if (rank == 0) { send(1, (1000000, 0)); } else { receive(0); };\n' > one.proto
    run summary -n 2 --platform "$EXAMPLES/net/routers.xml" one.proto
    assert_output 2030.000
    run summary -n 2 --platform dijkstra.xml one.proto
    assert_output 4050.000
    # A route given directly is taken when no path is shorter; a host
    # that no route reaches has none (a runtime error if it is used).
    sed 's|<route src="b" dst="r2">|<route src="a" dst="b"><link_ctn id="south"/><link_ctn id="west"/><link_ctn id="north"/></route>\n<route src="b" dst="r2">|' "$EXAMPLES/net/routers.xml" > direct.xml
    run netsim --print-net --platform direct.xml
    assert_line 'route 0 <-> 1 south west north'
    sed 's|<route src="b" dst="r2"><link_ctn id="lb"/></route>||' "$EXAMPLES/net/routers.xml" > cut.xml
    run netsim --print-net --platform cut.xml
    refute_line --partial 'route 0'
    run netsim -n 2 --platform cut.xml one.proto
    assert_failure 1
    assert_output --partial 'no route from node 0 to node 1'
}

@test "--platform: Floyd and Dijkstra zones' errors" {
    check() {
        printf '<platform version="4.1">\n<zone id="z" routing="%s">\n%b\n</zone>\n</platform>\n' "$1" "$2" > z.xml
        run netsim --print-net --platform z.xml
        assert_failure 2
        assert_output "$3"
    }
    h='<host id="a"/><host id="b"/><router id="r"/><link id="l" bandwidth="1GBps"/>'
    check Dijkstra "$h"'<route src="a" dst="r"/><route src="r" dst="a"/>' "netsim: z.xml:3:101: error: the route from r to a already exists (line 3; routes are symmetrical by default)"
    check Floyd '<host id="a"/><router id="a"/>' "netsim: z.xml:3:26: error: host 'a' given twice"
    # A path longer than a flow may take: 17 links through two routes.
    long=$(for i in $(seq 1 9); do printf '<link_ctn id="l"/>'; done)
    check Floyd "$h<route src=\"a\" dst=\"r\">$long</route><route src=\"r\" dst=\"b\">$long</route>" "netsim: z.xml:2:1: error: the route from a to b crosses more than 16 links that share bandwidth"
    # Floyd's table is points^2, its search points^3.
    awk 'BEGIN { print "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Floyd\">"
                 for (i = 0; i < 1025; i++) printf "<host id=\"h%d\"/>\n", i
                 print "</zone>\n</platform>" }' > big.xml
    run netsim --print-net --platform big.xml
    assert_failure 2
    assert_output 'netsim: big.xml:2:1: error: a Floyd zone of more than 1024 hosts and routers (its routes take their number cubed steps): give routing="Dijkstra"'
    sed -i 's/routing="Floyd"/routing="Dijkstra"/' big.xml
    run netsim --print-net --platform big.xml
    assert_success
    # A route for every pair of hosts: at most 2^22 of them.
    awk 'BEGIN { print "<platform version=\"4.1\">\n<zone id=\"z\" routing=\"Dijkstra\">"
                 for (i = 0; i < 2049; i++) printf "<host id=\"h%d\"/>\n", i
                 print "</zone>\n</platform>" }' > huge.xml
    run netsim --print-net --platform huge.xml
    assert_failure 2
    assert_output 'netsim: huge.xml:2:1: error: a platform of 2049 hosts: netsim writes a route for each of their 4196352 pairs, more than 4194304'
}

@test "--platform: zones of zones, clusters inside them and <zoneRoute>s, named and routed as SimGrid does" {
    # two-clusters.xml: left-0 .. left-3, right-0 .. right-3; private links
    # 1 GB/s 5 us, backbones 4 GB/s 1 us, a WAN of 100 MB/s and 1 ms
    # between the clusters' routers.
    run netsim --print-net --platform "$EXAMPLES/net/two-clusters.xml"
    assert_success
    assert_line '# node 4 is host right-0'
    assert_line 'link left_link_0 1000 5 splitduplex'
    assert_line 'link right_backbone 4000 1 shared'
    assert_line 'route 0 <-> 1 left_link_0:up left_backbone left_link_1:down'
    assert_line 'route 0 <-> 4 left_link_0:up left_backbone wan right_backbone right_link_0:down'
    # 10^6 bytes across: 5 + 1 + 1000 + 1 + 5 us, then the WAN's 100 MB/s;
    # two at once share it.
    printf 'if (rank == 0) { send(4, (1000000, 0)); };\nif (rank == 4) { receive(0); };\n' > one.proto
    run summary -n 8 --platform "$EXAMPLES/net/two-clusters.xml" one.proto
    assert_output 11012.000
    printf 'if (rank < 2) { send(rank + 4, (1000000, 0)); };\nif (rank >= 4) { if (rank < 6) { receive(rank - 4); }; };\n' > two.proto
    run summary -n 8 --platform "$EXAMPLES/net/two-clusters.xml" two.proto
    assert_output 21012.000
    # A router_id names the router; a leaf zone beside the clusters, its
    # gateway a host of its own.
    sed -e 's|<cluster id="right"|<cluster id="right" router_id="rr"|' -e 's|gw_dst="right-right_router"|gw_dst="rr"|' \
        -e 's|<link id="wan"|<zone id="z" routing="Floyd"><host id="solo"/><link id="s" bandwidth="1GBps"/></zone>\n<link id="wan"|' \
        -e 's|</zoneRoute>|</zoneRoute><zoneRoute src="z" dst="left" gw_src="solo" gw_dst="left-left_router"><link_ctn id="wan"/><link_ctn id="s"/></zoneRoute>|' \
        "$EXAMPLES/net/two-clusters.xml" > three.xml
    run netsim --print-net --platform three.xml
    assert_success
    assert_line '# node 8 is host solo'
    assert_line 'route 0 <-> 8 left_link_0:up left_backbone s wan'
    refute_line --partial 'route 4 <-> 8'
    refute_line --partial 'route 4 -> 8'
}

@test "--platform: zones of zones' errors are located, exit 2" {
    check() {
        printf '<platform version="4.1">\n<zone id="root" routing="Full">\n%b\n</zone>\n</platform>\n' "$1" > z.xml
        run netsim --print-net --platform z.xml
        assert_failure 2
        assert_output "$2"
    }
    a='<cluster id="a" prefix="a" suffix="" radical="0-1" bw="1GBps" lat="5us"/>'
    b='<cluster id="b" prefix="b" suffix="" radical="0-1" bw="1GBps" lat="5us"/>'
    check "$a$b"'<zoneRoute src="a" dst="c" gw_src="a0" gw_dst="b0"/>' "netsim: z.xml:3:170: error: unknown zone 'c' (a <zoneRoute> joins zones given before it)"
    check "$a$b"'<zoneRoute src="a" dst="b" gw_src="b0" gw_dst="b1"/>' "netsim: z.xml:3:181: error: gateway 'b0' is not in zone 'a'"
    check "$a$b"'<zoneRoute src="a" dst="b" gw_src="a0"/>' "netsim: z.xml:3:147: error: <zoneRoute> needs src, dst, gw_src and gw_dst"
    check "$a"'<host id="h"/>' "netsim: z.xml:3:74: error: <host> in a zone that holds zones: a zone holds hosts and routers, or zones"
    check "$a$a" "netsim: z.xml:3:86: error: zone 'a' given twice"
    check '<cluster id="f" radical="0-3" bw="1GBps" lat="5us" topology="FAT_TREE" topo_parameters="2;2,2;1,2;1,1"/>' "netsim: z.xml:3:1: error: a FAT_TREE <cluster> inside a zone is not read by netsim (only alone in the platform)"
    check '<zone id="x" routing="Full"><host id="p"/></zone><zone id="y" routing="Full"><host id="q"/><route src="q" dst="p"/></zone>' "netsim: z.xml:3:111: error: 'p' is not in this zone (a route joins points of its zone; zones are joined by <zoneRoute>)"
    printf '<platform version="4.1">\n<zone id="root" routing="Floyd">\n%s\n</zone>\n</platform>\n' "$a" > z.xml
    run netsim --print-net --platform z.xml
    assert_failure 2
    assert_output "netsim: z.xml:2:25: error: a zone of zones is read by netsim with Full routing only (every <zoneRoute> given), not Floyd"
}
