#!/usr/bin/env bats
# netsim, issue 29: net-model's topology (host-link, backbone-link) and the
# fluid model, flows sharing links' bandwidth max-min fairly
# (lib/sim/fluid.c, lib/sim/flows.c), against times computed by hand from
# the fluid formula. Hockney t(d) = 10 + 0.001 d µs (1000 MB/s), d = 65536
# B: t_w d = 65.536 µs, alone 75.536 µs. k flows sharing a capacity C all
# move at C/k; latency (t_s) is paid once per message and not shared.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    printf 'net-model 1\nname "h"\nregime any 10 0.001\n' > h.net
}

# model FILE RECORDS...: h.net plus the records, one a line.
model() {
    local f=$1
    shift
    { cat h.net; printf '%s\n' "$@"; } > "$f"
}

# makespan NET P STATEMENT [netsim options]: the latest final clock, µs.
makespan() {
    local net=$1 p=$2 stmt=$3
    shift 3
    printf '%s\n' "$stmt" > c.proto
    netsim --summary -n "$p" --net "$net" "$@" c.proto |
        awk '$1 == "summary" { printf "%.3f\n", $2 * 1e6 }'
}

# finals NET P STATEMENT: each rank's final clock, µs.
finals() {
    printf '%s\n' "$3" > c.proto
    netsim -n "$2" --net "$1" c.proto |
        awk '$1 == "process" { printf "%s%.3f", sep, $3 * 1e6; sep = " " } END { print "" }'
}

@test "a message alone keeps t_s + t_w d exactly: the same timelines with a topology as without (ring, K6-III regimes, P = 16)" {
    # Every link at least 1/t_w of every regime (the K6's slowest regime
    # is 1/0.22 = 4.5 MB/s, its fastest 1/0.083 = 12 MB/s) and latency 0:
    # the ring's rounds put at most 8 messages on the backbone at once, 8 x
    # 1/0.089 = 90 MB/s of its 100, so none is slowed and each takes its
    # regime's cost, bit for bit. (The records come in another order: the
    # kernel completes flows when nothing else can run.)
    netsim --print-net > k6.net
    { cat k6.net; echo 'host-link 100 0'; echo 'backbone-link 100 0'; } > k6f.net
    diff <(netsim -n 16 --net k6.net "$EXAMPLES/proto/ring.proto" | grep -v '^network' | sort) \
         <(netsim -n 16 --net k6f.net "$EXAMPLES/proto/ring.proto" | grep -v '^network' | sort)
    # A backbone of 80 MB/s slows them: the times change.
    { cat k6.net; echo 'backbone-link 80 0'; } > k6s.net
    netsim -n 16 --net k6.net "$EXAMPLES/proto/ring.proto" | grep -v '^network' | sort > a
    netsim -n 16 --net k6s.net "$EXAMPLES/proto/ring.proto" | grep -v '^network' | sort > b
    run cmp -s a b
    assert_failure
    # And the same under one slower host link: 1 MB/s, so 1000 B take
    # 55 + 1000 / 1 = 1055 us, not 55 + 220 = 275.
    printf 'if (rank == 0) { send(1, (1000, 0)); };\nif (rank == 1) { receive(0); };\n' > one.proto
    { cat k6.net; echo 'host-link 1 0'; } > slow.net
    run netsim --summary -n 2 --net slow.net one.proto
    assert_output --partial 'summary 0.001055000'
}

@test "ring all-gather through a backbone of 4x a host link: (P - 1)(t_s + max(1, P/4) t_w d), P = 4, 8, 16" {
    model bb.net 'backbone-link 4000 0'
    model hbb.net 'host-link 1000 0' 'backbone-link 4000 0'
    # P = 4: 3 x 75.536; P = 8: 7 x (10 + 2 x 65.536); P = 16: 15 x (10 +
    # 4 x 65.536).
    for net in bb.net hbb.net; do
        run makespan $net 4 'all_gather(65536, 0);' --coll all_gather=ring
        assert_output 226.608
        run makespan $net 8 'all_gather(65536, 0);' --coll all_gather=ring
        assert_output 987.504
        run makespan $net 16 'all_gather(65536, 0);' --coll all_gather=ring
        assert_output 4082.160
    done
    # The slot model, `backbone 4`, holds t_s in a slot: (P - 1)(P/4)(t_s +
    # t_w d) = 7 x 2 x 75.536 at P = 8.
    model slots.net 'backbone 4'
    run makespan slots.net 8 'all_gather(65536, 0);' --coll all_gather=ring
    assert_output 1057.504
}

@test "pairwise all-to-all through a backbone of 4x a host link, P = 8 and 12; linear collectives are flows too" {
    model hbb.net 'host-link 1000 0' 'backbone-link 4000 0'
    run makespan hbb.net 8 'all_to_all(65536, 0);' --coll all_to_all=pairwise
    assert_output 987.504
    # P = 12: 11 x (10 + 3 x 65.536).
    run makespan hbb.net 12 'all_to_all(65536, 0);' --coll all_to_all=pairwise
    assert_output 2272.688
    # The linear bcast: one message at a time, never shared: 3 x 75.536.
    run makespan hbb.net 4 'bcast(0, (65536, 0));'
    assert_output 226.608
}

@test "sharing policies: a shared host link carries a node's sends and receives together, splitduplex apart, fatpipe limits each flow only" {
    # Ring all-gather, P = 4, no backbone: each host sends one and receives
    # one message a round. Shared: 500 MB/s each, 3 x (10 + 131.072).
    model shared.net 'host-link 1000 0 shared'
    run makespan shared.net 4 'all_gather(65536, 0);' --coll all_gather=ring
    assert_output 423.216
    model split.net 'host-link 1000 0 splitduplex'
    run makespan split.net 4 'all_gather(65536, 0);' --coll all_gather=ring
    assert_output 226.608
    # A fatpipe backbone of 4000 shares nothing: P = 8 as alone, 7 x 75.536.
    model fat.net 'backbone-link 4000 0 fatpipe'
    run makespan fat.net 8 'all_gather(65536, 0);' --coll all_gather=ring
    assert_output 528.752
    # A fatpipe host link of 500 limits every flow to 500 MB/s: 3 x (10 +
    # 131.072) again, sharing or not.
    model fat500.net 'host-link 500 0 fatpipe'
    run makespan fat500.net 4 'all_gather(65536, 0);' --coll all_gather=ring
    assert_output 423.216
}

@test "incast: bandwidth a flow leaves goes to the others, and latencies are the links' sum, paid once" {
    model in.net 'host-link 1000 0'
    # Ranks 1, 2, 3 send 65536, 131072, 196608 B to rank 0 (its down link
    # is the only shared one). All at 1000/3 until rank 1's ends at
    # 10 + 3 x 65.536 = 206.608; 65536 and 131072 left, at 500 each: rank
    # 2's ends at 206.608 + 131.072 = 337.68; the last 65536 at 1000:
    # 403.216.
    stmt='if (rank == 0) { a = irecv(1); b = irecv(2); c = irecv(3); waitall(a, b, c); } else { send(0, (65536 * rank, 0)); };'
    run finals in.net 4 "$stmt"
    assert_output '403.216 206.608 337.680 403.216'
    # Latencies 5 (host) and 2 (backbone): 10 + 5 + 2 + 5, then 65.536.
    model lat.net 'host-link 1000 5' 'backbone-link 4000 2'
    run finals lat.net 2 'if (rank == 0) { send(1, (65536, 0)); } else { receive(0); };'
    assert_output '87.536 87.536'
}

@test "with a topology, procs-per-node groups ranks: messages inside a node and eager ones use no link" {
    # Two ranks per node on a shared host link of 500: 0 -> 1 inside node
    # 0 at its cost, 75.536; 2 -> 3 likewise.
    model pn.net 'procs-per-node 2' 'host-link 500 0 shared'
    run finals pn.net 4 'if (rank % 2 == 0) { send(rank + 1, (65536, 0)); } else { receive(rank - 1); };'
    assert_output '75.536 75.536 75.536 75.536'
    # Between nodes, 0 -> 2 and 1 -> 3 share node 0's and node 1's links:
    # 10 + 65536 / 250 = 272.144.
    run finals pn.net 4 'if (rank < 2) { send(rank + 2, (65536, 0)); } else { receive(rank - 2); };'
    assert_output '272.144 272.144 272.144 272.144'
    # Eager: arrives after its cost, shares nothing.
    model pe.net 'procs-per-node 2' 'host-link 500 0 shared' 'eager 100000'
    run finals pe.net 4 'if (rank < 2) { send(rank + 2, (65536, 0)); } else { receive(rank - 2); };'
    assert_output '75.536 75.536 75.536 75.536'
}

@test "fat tree: d-mod-k routing through the spines, sharing per direction or both (P = 8, 4 nodes a leaf, 2 spines)" {
    model ft.net 'host-link 1000 0' 'fat-tree 4 2 1000 0'
    model fts.net 'host-link 1000 0' 'fat-tree 4 2 1000 0 shared'
    pair() {   # pair A B C D: A sends to B, C to D, 65536 B each
        printf 'if (rank == %d) { send(%d, (65536, 0)); };\nif (rank == %d) { receive(%d); };\nif (rank == %d) { send(%d, (65536, 0)); };\nif (rank == %d) { receive(%d); };\n' \
            $1 $2 $2 $1 $3 $4 $4 $3
    }
    # 0 -> 4 up to spine 0, 1 -> 5 to spine 1: alone, 75.536 each.
    run finals ft.net 8 "$(pair 0 4 1 5)"
    assert_output '75.536 75.536 0.000 0.000 75.536 75.536 0.000 0.000'
    # 0 -> 4 and 1 -> 6 both up leaf 0's link to spine 0: 10 + 131.072.
    run finals ft.net 8 "$(pair 0 4 1 6)"
    assert_output '141.072 141.072 0.000 0.000 141.072 0.000 141.072 0.000'
    # 0 -> 4 up and 6 -> 2 down the same leaf-spine link: apart when
    # splitduplex, shared when shared.
    run finals ft.net 8 "$(pair 0 4 6 2)"
    assert_output '75.536 0.000 75.536 0.000 75.536 0.000 75.536 0.000'
    run finals fts.net 8 "$(pair 0 4 6 2)"
    assert_output '141.072 0.000 141.072 0.000 141.072 0.000 141.072 0.000'
    # Inside a leaf, the host links only: 0 -> 1 and 2 -> 1 share the
    # receiver's down link, 2 flows at 500.
    run finals ft.net 8 'if (rank == 0) { send(1, (65536, 0)); };
if (rank == 2) { send(1, (65536, 0)); };
if (rank == 1) { a = irecv(0); b = irecv(2); waitall(a, b); };'
    assert_output '141.072 141.072 141.072 0.000 0.000 0.000 0.000 0.000'
}

@test "topology records: written by --print-net and read back; the last one counts" {
    model t.net 'host-link 2 3' 'host-link 1000 0.5 shared' 'backbone-link 4000 0'
    run netsim --print-net --net t.net
    assert_success
    assert_output 'net-model 1
name "h"
regime any 10 0.001
host-link 1000 0.5 shared
backbone-link 4000 0 shared'
    netsim --print-net --net t.net > back.net
    diff <(netsim --print-net --net back.net) back.net
    model ft.net 'fat-tree 3 5 7 1' 'fat-tree 16 4 1250 0.25 fatpipe'
    run netsim --print-net --net ft.net
    assert_output 'net-model 1
name "h"
regime any 10 0.001
fat-tree 16 4 1250 0.25 fatpipe'
}

@test "topology errors are located, exit 2" {
    check() {
        printf "$1" > bad.net
        run netsim --net bad.net "$EXAMPLES/proto/ring.proto"
        assert_failure 2
        assert_output "$2"
    }
    for rec in 'host-link' 'host-link 1000' 'host-link 1000 0 shared x'; do
        check "net-model 1\nregime any 1 1\n$rec\n" "netsim: bad.net:3:1: error: expected: host-link BANDWIDTH LATENCY [SHARING], SHARING splitduplex, shared or fatpipe"
    done
    check 'net-model 1\nregime any 1 1\nbackbone-link 1\n' "netsim: bad.net:3:1: error: expected: backbone-link BANDWIDTH LATENCY [SHARING], SHARING shared or fatpipe"
    for bw in 0 -5 x inf '"1"'; do
        check "net-model 1\nregime any 1 1\nhost-link $bw 0\n" "netsim: bad.net:3:11: error: expected a bandwidth > 0, in bytes per microsecond (MB/s)"
    done
    check 'net-model 1\nregime any 1 1\nhost-link 1000 -1\n' "netsim: bad.net:3:16: error: expected a number >= 0"
    check 'net-model 1\nregime any 1 1\nhost-link 1000 0 duplex\n' "netsim: bad.net:3:18: error: unknown sharing 'duplex' (expected splitduplex, shared or fatpipe)"
    check 'net-model 1\nregime any 1 1\nbackbone-link 1000 0 splitduplex\n' "netsim: bad.net:3:22: error: unknown sharing 'splitduplex' (expected shared or fatpipe)"
    check 'net-model 1\nregime any 1 1\nbackbone-link 1000 0 7\n' "netsim: bad.net:3:22: error: expected a sharing policy, shared or fatpipe"
    check 'net-model 1\nregime any 1 1\nfat-tree\n' "netsim: bad.net:3: error: expected the number of nodes per leaf switch, an integer from 1 to 1000000"
    for h in 0 2.5 1e7 x; do
        check "net-model 1\nregime any 1 1\nfat-tree $h 2 1 0\n" "netsim: bad.net:3:10: error: expected the number of nodes per leaf switch, an integer from 1 to 1000000"
    done
    check 'net-model 1\nregime any 1 1\nfat-tree 4 0 1 0\n' "netsim: bad.net:3:12: error: expected the number of spine switches, an integer from 1 to 1000000"
    for rec in 'fat-tree 4 2' 'fat-tree 4 2 1' 'fat-tree 4 2 1 0 shared 9'; do
        check "net-model 1\nregime any 1 1\n$rec\n" "netsim: bad.net:3:1: error: expected: fat-tree HOSTS SPINES BANDWIDTH LATENCY [SHARING], SHARING splitduplex, shared or fatpipe"
    done
    check 'net-model 1\nregime any 1 1\nfat-tree 4 2 0 0\n' "netsim: bad.net:3:14: error: expected a bandwidth > 0, in bytes per microsecond (MB/s)"
    check 'net-model 1\nregime any 1 1\nbackbone-link 9 0\nfat-tree 4 2 1 0\n' "netsim: bad.net:4:1: error: a fat tree has no backbone: give 'fat-tree' or 'backbone-link'"
    check 'net-model 1\nregime any 1 1\nfat-tree 4 2 1 0\nbackbone 2\n' "netsim: bad.net:4:1: error: 'backbone N' (message slots) and the topology's links (bandwidth shared among flows) are two models of the network: give one"
    check 'net-model 1\nregime any 1 1\nbackbone 4\nhost-link 1000 0\n' "netsim: bad.net:4:1: error: 'backbone N' (message slots) and the topology's links (bandwidth shared among flows) are two models of the network: give one"
    check 'net-model 1\nregime any 1 1\nbackbone-link 1000 0\nbackbone 2\n' "netsim: bad.net:4:1: error: 'backbone N' (message slots) and the topology's links (bandwidth shared among flows) are two models of the network: give one"
}

@test "hostile topologies: times that overflow are runtime errors, a topology too large for -n is refused" {
    printf 'all_to_all(65536, 0);\n' > a.proto
    # Latencies that sum past the largest double.
    model lat.net 'host-link 1000 1e308'
    run netsim -n 4 --net lat.net --coll all_to_all=pairwise a.proto
    assert_failure 1
    assert_output 'netsim: a.proto:1: error: rank 0: message of 65536 bytes takes the simulated clock to inf; times must stay finite'
    # A bandwidth so small that the shared flows never end.
    model slow.net 'backbone-link 5e-324 0'
    run netsim -n 4 --net slow.net --coll all_to_all=pairwise a.proto
    assert_failure 1
    assert_output 'netsim: a.proto:1: error: rank 0: message of 65536 bytes takes the simulated clock to inf; times must stay finite'
    # 64 leaves x 10^6 spines x 2 links.
    model big.net 'fat-tree 1 1000000 1 0'
    run timeout 20 netsim -n 64 --net big.net a.proto
    assert_failure 2
    assert_output 'netsim: the network model'"'"'s topology has 128000129 links for 64 processes, more than 16777216'
}

@test "a deadlock under the fluid model is reported, not a hang" {
    model hbb.net 'host-link 1000 0' 'backbone-link 4000 0'
    printf 'if (rank == 0) { send(1, (65536, 0)); receive(1); } else { send(0, (65536, 0)); receive(0); };\n' > dl.proto
    run timeout 20 netsim -n 2 --net hbb.net dl.proto
    assert_failure 1
    assert_output --partial deadlock
}

# cluster.xml [ATTRIBUTES]: SimGrid's cluster of 64 hosts, 1 GB/s and 5 us
# private links, with the attributes given (a backbone, a topology).
cluster_xml() {
    printf '%s\n' "<?xml version='1.0'?>" \
        '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">' \
        '<platform version="4.1">' '<!-- a cluster -->' \
        "<cluster id=\"c\" prefix=\"h\" suffix=\"\" radical=\"0-63\" speed=\"1Gf\" bw=\"1GBps\" lat=\"5us\" $1/>" \
        '</platform>' > cluster.xml
}

@test "--platform: SimGrid's cluster and FAT_TREE read as net-model's topology, the same times as the records" {
    cluster_xml 'bb_bw="4GBps" bb_lat="0us" sharing_policy="SPLITDUPLEX" bb_sharing_policy="SHARED"'
    run netsim --print-net --platform cluster.xml
    assert_success
    assert_output 'net-model 1
name "c"
regime any 0 0
host-link 1000 5 splitduplex
backbone-link 4000 0 shared'
    printf 'net-model 1\nname "c"\nregime any 0 0\nhost-link 1000 5\nbackbone-link 4000 0\n' > c.net
    printf 'all_to_all(65536, 0);\n' > a.proto
    diff <(netsim -n 16 --platform cluster.xml --coll all_to_all=pairwise a.proto) \
         <(netsim -n 16 --net c.net --coll all_to_all=pairwise a.proto)
    # 15 rounds of 16 flows on the backbone: 15 (10 + 4 x 65.536) us.
    run makespan c.net 16 'all_to_all(65536, 0);' --coll all_to_all=pairwise
    assert_output 4082.160
    cluster_xml 'sharing_policy="SPLITDUPLEX" topology="FAT_TREE" topo_parameters="2;8,8;1,4;1,1"'
    run netsim --print-net --platform cluster.xml
    assert_output 'net-model 1
name "c"
regime any 0 0
host-link 1000 5 splitduplex
fat-tree 8 4 1000 5 splitduplex'
    # Units: 125 MB/s = 1 Gb/s, 0.005 ms = 5 us.
    cluster_xml 'bb_bw="32Gbps" bb_lat="0.5ms" bb_sharing_policy="FATPIPE"'
    sed -i 's/bw="1GBps" lat="5us"/bw="8Gbps" lat="0.005ms"/' cluster.xml
    run netsim --print-net --platform cluster.xml
    assert_output 'net-model 1
name "c"
regime any 0 0
host-link 1000 5 splitduplex
backbone-link 4000 500 fatpipe'
}

@test "--platform errors are located, exit 2; more processes than hosts is refused" {
    printf 'all_to_all(8, 0);\n' > a.proto
    check() {
        printf "$1" > bad.xml
        run netsim -n 4 --platform bad.xml a.proto
        assert_failure 2
        assert_output "$2"
    }
    c='<cluster id="c" radical="0-3" bw="1GBps" lat="5us"'
    check '<platform><host id="a" speed="1Gf"/></platform>\n' "netsim: bad.xml:1:11: error: <host/> is not read by netsim (expected one <cluster/>, SimGrid's cluster or FAT_TREE, or one <zone> in <platform>)"
    check '<platform>\n<link id="l" bandwidth="1GBps"/>\n</platform>\n' "netsim: bad.xml:2:1: error: <link/> is not read by netsim (expected one <cluster/>, SimGrid's cluster or FAT_TREE, or one <zone> in <platform>)"
    check '<platform>\n<cluster id="c" radical="0-63" bw="1GB" lat="5us"/>\n</platform>\n' "netsim: bad.xml:2:35: error: expected a bandwidth > 0 in 'bw'"
    check '<platform>\n<cluster id="c" radical="0-3" bw="1GBps" lat="-5us"/>\n</platform>\n' "netsim: bad.xml:2:46: error: expected a time >= 0 in 'lat'"
    check "<platform>\n$c lat=\"-5us\"/>\n</platform>\n" "netsim: bad.xml:2:52: error: attribute 'lat' given twice in <cluster>"
    check "<platform>\n$c/>\n" "netsim: bad.xml:3:1: error: <platform> never closed"
    check '<platform>\n<cluster id=c/>\n</platform>\n' "netsim: bad.xml:2:13: error: expected a quoted value"
    check "<platform>\n$c topology=\"TORUS\" topo_parameters=\"4,4\"/>\n</platform>\n" "netsim: bad.xml:2:61: error: topology 'TORUS' is not read by netsim (expected FLAT or FAT_TREE)"
    check "<platform>\n$c topology=\"FAT_TREE\" topo_parameters=\"3;2,2,2;1,2,2;1,1,1\"/>\n</platform>\n" "netsim: bad.xml:2:88: error: only two-level fat trees '2;HOSTS,LEAVES;1,SPINES;1,1' are read, not '3;2,2,2;1,2,2;1,1,1'"
    check "<platform>\n$c topology=\"FAT_TREE\" topo_parameters=\"2;2,4;1,2;1,1\"/>\n</platform>\n" "netsim: bad.xml:2:88: error: '2;2,4;1,2;1,1' makes HOSTS x LEAVES hosts, not the radical's"
    check '<platform>\n<cluster id="c" radical="a-b" bw="1GBps" lat="5us"/>\n</platform>\n' "netsim: bad.xml:2:25: error: expected ranges such as '0-63' or '0-3,8' in 'radical'"
    check '<platform>\n<cluster id="c" radical="0-9223372036854775807" bw="1GBps" lat="5us"/>\n</platform>\n' "netsim: bad.xml:2:25: error: more than 1000000 hosts in 'radical'"
    check '<platform>\n<cluster id="c" radical="0-499999,0-500000" bw="1GBps" lat="5us"/>\n</platform>\n' "netsim: bad.xml:2:25: error: more than 1000000 hosts in 'radical'"
    check "<platform>\n$c limiter_link=\"1GBps\"/>\n</platform>\n" "netsim: bad.xml:2:65: error: attribute 'limiter_link' of <cluster> is not read by netsim"
    check "<platform>\n$c sharing_policy=\"WIFI\"/>\n</platform>\n" "netsim: bad.xml:2:67: error: unknown sharing policy 'WIFI' (expected SPLITDUPLEX, SHARED or FATPIPE)"
    check "<platform>\n$c/>\n$c/>\n</platform>\n" "netsim: bad.xml:3:1: error: a second <cluster>: netsim reads one cluster or zone"
    check '<platform>\n<cluster id="c" radical="0-3"/>\n</platform>\n' "netsim: bad.xml:2:1: error: <cluster> needs id, radical, bw and lat"
    check '<platform>\n<!-- never closed\n' "netsim: bad.xml:2:1: error: comment never closed (expected '-->')"
    check '<platform>\n<cluster id="c&x;"/>\n' "netsim: bad.xml:2:15: error: unknown entity (expected &lt; &gt; &amp; &quot; or &apos;)"
    check '</platform>\n' "netsim: bad.xml:1:1: error: expected <platform>, got </platform>"
    check 'net-model 1\nregime any 1 1\n' "netsim: bad.xml:1:1: error: unexpected text (expected a tag)"
    check '' "netsim: bad.xml:1: error: no <platform> in the file"
    check '<platform>\n</platform>\n' "netsim: bad.xml:2: error: no <cluster> or <zone> in the platform"
    printf "<platform>\n$c/>\n</platform>\n" > ok.xml
    run netsim -n 5 --platform ok.xml a.proto
    assert_failure 2
    assert_line --index 0 "netsim: -n 5: the platform has 4 hosts"
}
