#!/usr/bin/env bats
# netsim, issue 14: collectives by algorithm (lib/sim/coll.c), each
# against final clocks computed by hand under Hockney's model
#   t(d) = 10 + 0.01 d µs   (0 B: 10; 200 B: 12; 250 B: 12.5; 500 B: 15;
#                            1000 B: 20; 2000 B: 30)
# at P = 4 and 5 (a power of two and not), every process starting at 0.
# A round's send and receive start together; a message moves at the later
# of its two post times and lasts its cost (rendezvous); a round ends when
# both its messages have. vr = (rank - root) mod P.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    printf 'net-model 1\nname "Hockney 10 us, 0.01 us/B"\nregime any 10 0.01\n' > h.net
}

# finals P COLL-STATEMENT [netsim options]: each rank's final clock in µs.
finals() {
    local p=$1 stmt=$2
    shift 2
    printf '%s\n' "$stmt" > c.proto
    netsim -n "$p" --net h.net "$@" c.proto |
        awk '$1 == "process" { printf "%s%g", sep, $3 * 1e6; sep = " " } END { print "" }'
}

# expect_finals P COLL-STATEMENT NAME=ALGORITHM "FINALS"
expect_finals() {
    run finals "$1" "$2" --coll "$3"
    assert_success
    assert_output "$4"
}

@test "bcast binomial: MPICH's tree, largest subtree first" {
    # P = 5: root sends to vr 4 [0,20], 2 [20,40], 1 [40,60]; 2 sends to 3
    # [40,60]; 4 has no child.
    expect_finals 5 'bcast(0, (1000, 0));' bcast=binomial "60 60 60 60 20"
    # P = 4, root 2: vr 2 is rank 0 [0,20], vr 1 rank 3 [20,40]; rank 0
    # sends to vr 3, rank 1 [20,40].
    expect_finals 4 'bcast(2, (1000, 0));' bcast=binomial "40 40 40 40"
}

@test "bcast scatter_allgather (van de Geijn): binomial scatter of P blocks, then a ring" {
    # P = 4, blocks of 250 B (12.5 µs): root -> vr 2, two blocks [0,15];
    # root -> 1 and 2 -> 3, one block each [15,27.5]; 3 ring rounds: 65.
    expect_finals 4 'bcast(0, (1000, 0));' bcast=scatter_allgather "65 65 65 65"
    # P = 5, blocks of 200 B (12 µs): root -> 4, one block [0,12]; -> 2,
    # two [12,26]; -> 1 [26,38]; 2 -> 3 [26,38]; 4 ring rounds from 38: 86.
    expect_finals 5 'bcast(0, (1000, 0));' bcast=scatter_allgather "86 86 86 86 86"
}

@test "reduce binomial: children by increasing mask, then the parent" {
    # P = 5: 1 -> 0 and 3 -> 2 [0,20]; 2 -> 0 [20,40]; 4 -> 0 [40,60].
    expect_finals 5 'reduce(0, (1000, 0));' reduce=binomial "60 20 40 20 60"
}

@test "gather binomial: each message carries the sender's subtree" {
    # P = 5, 1000 B per rank: 1 -> 0 and 3 -> 2, one block [0,20];
    # 2 -> 0, two blocks (30 µs) [20,50]; 4 -> 0, one block [50,70].
    expect_finals 5 'gather((1000, 0), 0);' gather=binomial "70 20 50 20 70"
}

@test "scatter binomial: the subtree's blocks down, smallest subtree first (Open MPI's)" {
    # P = 5: 0 -> 1, one block [0,20]; 0 -> 2, two blocks [20,50];
    # 0 -> 4, one block, and 2 -> 3, one block [50,70].
    expect_finals 5 'scatter(0, (1000, 0));' scatter=binomial "70 20 70 70 70"
}

@test "all_reduce recursive_doubling: MPICH's, with the extra ranks folded in" {
    # P = 4: two exchanges of 20 µs.
    expect_finals 4 'all_reduce(1000, 0);' all_reduce=recursive_doubling "40 40 40 40"
    # P = 5: pof2 4, rem 1. 0 -> 1 [0,20]; newranks 1..4 = ranks 1..4 - ...:
    # 1<->2 [20,40], 3<->4 [0,20]; 1<->3 and 2<->4 [40,60]; 1 -> 0 [60,80].
    expect_finals 5 'all_reduce(1000, 0);' all_reduce=recursive_doubling "80 80 60 60 60"
}

@test "all_reduce ring: reduce-scatter then all-gather, 2(P-1) rounds of d/P" {
    expect_finals 4 'all_reduce(1000, 0);' all_reduce=ring "75 75 75 75"      # 6 x 12.5
    expect_finals 5 'all_reduce(1000, 0);' all_reduce=ring "96 96 96 96 96"   # 8 x 12
}

@test "all_gather ring, recursive_doubling and bruck" {
    expect_finals 5 'all_gather(1000, 0);' all_gather=ring "80 80 80 80 80"   # 4 x 20
    # P = 4: one block (20), then two (30).
    expect_finals 4 'all_gather(1000, 0);' all_gather=recursive_doubling "50 50 50 50"
    # Bruck, P = 5: 1 block (20), 2 (30), 1 (20).
    expect_finals 5 'all_gather(1000, 0);' all_gather=bruck "70 70 70 70 70"
    # Recursive doubling at P = 5 is Bruck's, as in Open MPI.
    expect_finals 5 'all_gather(1000, 0);' all_gather=recursive_doubling "70 70 70 70 70"
}

@test "all_to_all pairwise and bruck" {
    expect_finals 5 'all_to_all(1000, 0);' all_to_all=pairwise "80 80 80 80 80"   # 4 x 20
    # Bruck, P = 5: blocks whose index has bit k set: 2 (1, 3), 2 (2, 3),
    # 1 (4): 30 + 30 + 20.
    expect_finals 5 'all_to_all(1000, 0);' all_to_all=bruck "80 80 80 80 80"
    expect_finals 4 'all_to_all(1000, 0);' all_to_all=bruck "60 60 60 60"      # 2 blocks, twice
}

@test "barrier dissemination: ceil(log2 P) rounds of empty messages" {
    expect_finals 5 'barrier();' barrier=dissemination "30 30 30 30 30"
    expect_finals 4 'barrier();' barrier=dissemination "20 20 20 20"
}

@test "a late process: comm and idle of a binomial bcast, and its record" {
    # Rank 0 computes 100 µs first: 0 -> 2 [100,120], 0 -> 1 and
    # 2 -> 3 [120,140]. Rank 3: idle 120, comm 20; rank 2: idle 100,
    # comm 40.
    printf 'if (rank == 0) { compute(0.0001, 0); };\nbcast(0, (1000, 0));\n' > late.proto
    run netsim -n 4 --net h.net --coll bcast=binomial late.proto
    assert_success
    assert_line "op 0 bcast 0 1000 - 0.000100000 0.000140000"
    assert_line "op 3 bcast 0 1000 - 0.000000000 0.000140000"
    assert_line "process 0 0.000140000 0.000100000 0.000040000 0.000000000"
    assert_line "process 3 0.000140000 0.000000000 0.000020000 0.000120000"
    assert_line "process 2 0.000140000 0.000000000 0.000040000 0.000100000"
    assert_line "summary 0.000140000 0.000140000 3"
}

@test "the model selects: collective records, --coll over them, --print-net" {
    printf 'net-model 1\nregime any 10 0.01\ncollective bcast binomial\ncollective allgather ring\n' > sel.net
    run netsim --print-net --net sel.net
    assert_success
    assert_output 'net-model 1
name "sel.net"
regime any 10 0.01
collective bcast binomial
collective all_gather ring'
    printf 'bcast(0, (1000, 0));\n' > b.proto
    run netsim -n 5 --net sel.net --summary b.proto
    assert_line "summary 0.000060000 0.000052000 4"
    # --coll wins over the model.
    run netsim -n 5 --net sel.net --summary --coll bcast=linear b.proto
    assert_line "summary 0.000080000 0.000056000 4"
    run netsim --print-net --net sel.net --coll broadcast=auto,alltoall=bruck
    assert_line "collective bcast auto"
    assert_line "collective all_to_all bruck"
}

@test "auto: MPICH's defaults by size and P" {
    # bcast: binomial below 12288 B or 8 processes, else scatter_allgather.
    [ "$(finals 5 'bcast(0, (1000, 0));' --coll bcast=auto)" = "60 60 60 60 20" ]
    [ "$(finals 8 'bcast(0, (16000, 0));' --coll bcast=auto)" = \
      "$(finals 8 'bcast(0, (16000, 0));' --coll bcast=scatter_allgather)" ]
    # all_reduce: recursive doubling up to 2048 B, else ring.
    [ "$(finals 5 'all_reduce(2048, 0);' --coll all_reduce=auto)" = \
      "$(finals 5 'all_reduce(2048, 0);' --coll all_reduce=recursive_doubling)" ]
    [ "$(finals 5 'all_reduce(2049, 0);' --coll all_reduce=auto)" = \
      "$(finals 5 'all_reduce(2049, 0);' --coll all_reduce=ring)" ]
    # all_gather: P*d < 512 KiB and P a power of two: recursive doubling;
    # P*d < 80 KiB otherwise: Bruck; else ring.
    [ "$(finals 4 'all_gather(1000, 0);' --coll all_gather=auto)" = "50 50 50 50" ]
    [ "$(finals 5 'all_gather(1000, 0);' --coll all_gather=auto)" = "70 70 70 70 70" ]
    [ "$(finals 5 'all_gather(20000, 0);' --coll all_gather=auto)" = \
      "$(finals 5 'all_gather(20000, 0);' --coll all_gather=ring)" ]
    # all_to_all: Bruck up to 256 B from 8 processes, else pairwise.
    [ "$(finals 8 'all_to_all(256, 0);' --coll all_to_all=auto)" = \
      "$(finals 8 'all_to_all(256, 0);' --coll all_to_all=bruck)" ]
    [ "$(finals 8 'all_to_all(257, 0);' --coll all_to_all=auto)" = \
      "$(finals 8 'all_to_all(257, 0);' --coll all_to_all=pairwise)" ]
    [ "$(finals 5 'barrier();' --coll barrier=auto)" = "30 30 30 30 30" ]
}

@test "linear stays the default: the same timeline as before, with or without --coll linear" {
    printf 'all_gather(1000, 0);\nbcast(1, (10, 0));\nbarrier();\n' > l.proto
    diff <(netsim -n 5 l.proto) \
         <(netsim -n 5 --coll all_gather=linear,bcast=linear,barrier=linear l.proto)
}

@test "a collective's messages match only each other: any_source, any_tag receives skip them" {
    # Rank 0's any_source receive is posted before the barrier; the
    # barrier's messages are not for it, rank 1's send after it is.
    printf 'if (rank == 0) { a = irecv(any_source); barrier(); wait(a); };\nif (rank == 1) { barrier(); send(0, (1000, 0), 7); };\nif (rank > 1) { barrier(); };\n' > m.proto
    run netsim -n 4 --net h.net --coll barrier=dissemination m.proto
    assert_success
    assert_line "op 0 irecv 1 1000 7 0.000000000 0.000040000"
    assert_line "op 0 barrier - - - 0.000000000 0.000020000"
}

@test "procs-per-node: an algorithm's messages between nodes wait for the links" {
    # all_gather ring, P = 4, two ranks per node: 0->1 and 2->3 inside a
    # node; 1->2 and 3->0 share the links of nodes 0 and 1, lowest sender
    # first. Round 1: 1->2 [0,20], 3->0 [20,40]. Round 2: 1->2 ready at 20,
    # links free at 40: [40,60]; 3->0 [60,80]; 0->1 [40,60], 2->3 [40,60].
    # Round 3: 1->2 [80,100], 3->0 [100,120]. Ranks 0 and 3 are never
    # idle; ranks 1 and 2 wait 20 us for links in rounds 2 and 3.
    printf 'net-model 1\nregime any 10 0.01\nprocs-per-node 2\n' > node.net
    printf 'all_gather(1000, 0);\n' > ag.proto
    run netsim -n 4 --net node.net --coll all_gather=ring ag.proto
    assert_success
    assert_line "process 0 0.000120000 0.000000000 0.000120000 0.000000000"
    assert_line "process 1 0.000100000 0.000000000 0.000060000 0.000040000"
    assert_line "process 2 0.000100000 0.000000000 0.000060000 0.000040000"
    assert_line "process 3 0.000120000 0.000000000 0.000120000 0.000000000"
}

@test "backbone: an algorithm's messages share the backbone's slots (ring all_gather, P = 4)" {
    # No procs-per-node: every message is between nodes. backbone 2: round
    # 1's 0->1 and 1->2 [0,20], 2->3 and 3->0 [20,40]; all four ready again
    # at 40 (ranks 0, 2, 3 end round 1 at 40), so each round takes 40 us.
    printf 'net-model 1\nregime any 10 0.01\nbackbone 2\n' > b2.net
    printf 'all_gather(1000, 0);\n' > ag.proto
    run netsim -n 4 --net b2.net --coll all_gather=ring ag.proto
    assert_success
    assert_line --regexp '^process 0 0.000120000 '
    assert_line --regexp '^process 1 0.000100000 '
    assert_line --regexp '^process 2 0.000120000 '
    assert_line --regexp '^process 3 0.000120000 '
    # backbone 1: the 12 messages one after the other, 240 us; rank 1's
    # last one (0->1) ends at 200 and rank 2's (2->3) at 220.
    printf 'net-model 1\nregime any 10 0.01\nbackbone 1\n' > b1.net
    run netsim -n 4 --net b1.net --coll all_gather=ring ag.proto
    assert_success
    assert_line --regexp '^process 0 0.000240000 '
    assert_line --regexp '^process 1 0.000200000 '
    assert_line --regexp '^process 2 0.000220000 '
    assert_line --regexp '^process 3 0.000240000 '
}

@test "eager does not apply to a collective's messages: they stay rendezvous" {
    # Under eager, a binomial bcast's root would otherwise be free after
    # its sends' costs whatever the receivers; here rank 2 posts late
    # (100 us), so the root's send to it waits: 0 -> 2 [100,120],
    # 0 -> 1 and 2 -> 3 [120,140].
    printf 'net-model 1\nregime any 10 0.01\neager 100000\n' > eager.net
    printf 'if (rank == 2) { compute(0.0001, 0); };\nbcast(0, (1000, 0));\n' > late2.proto
    run netsim -n 4 --net eager.net --coll bcast=binomial late2.proto
    assert_success
    assert_line "op 0 bcast 0 1000 - 0.000000000 0.000140000"
}

@test "P = 1 and P = 2: every algorithm ends" {
    for a in bcast=binomial bcast=scatter_allgather all_reduce=ring all_reduce=recursive_doubling all_gather=bruck all_to_all=pairwise barrier=dissemination; do
        run finals 1 'bcast(0, (100, 0)); all_reduce(100, 0); all_gather(100, 0); all_to_all(100, 0); barrier();' --coll "$a"
        assert_success
        assert_output "0"
    done
    expect_finals 2 'all_to_all(1000, 0);' all_to_all=bruck "20 20"
}

@test "a deadlock inside a collective's algorithm names it" {
    printf 'if (rank != 2) { barrier(); };\n' > d.proto
    run netsim -n 4 --net h.net --coll barrier=dissemination d.proto
    assert_failure 1
    assert_line --partial "netsim: d.proto: error: deadlock: 3 of 4 processes are blocked"
    assert_line "netsim: d.proto:1: note: rank 3 waits in barrier (receive from 2 of its dissemination barrier), since 0.000000000 s"
}

@test "collectives that differ across ranks end the run with both ranks and lines, under every algorithm (exit 1)" {
    # Rank 0 in a barrier while the others are in an all_reduce: the linear
    # schedules would match their messages and end, others deadlock.
    printf 'compute(1, 0);\nif (rank == 0) {\n  barrier();\n} else {\n  all_reduce(8, 0);\n};\n' > m.proto
    for coll in linear recursive_doubling ring auto; do
        run netsim -n 4 --net h.net --coll all_reduce=$coll m.proto
        assert_failure 1
        assert_output "netsim: m.proto:5: error: rank 1: collective call 1 is all_reduce of 8 bytes, but rank 0's (line 3) is barrier: every process must call the same collectives in the same order, with the same root and size"
    done
    # A root or a size that differs, and a mismatch after matching calls.
    printf 'bcast(0, (8, 0));\nbcast(rank %% 2, (8, 0));\n' > root.proto
    run netsim -n 3 --net h.net root.proto
    assert_failure 1
    # (rank 1 reaches call 2 first: rank 0, the first bcast's root, sends
    # to 1 before 2)
    assert_output "netsim: root.proto:2: error: rank 0: collective call 2 is bcast from root 0 of 8 bytes, but rank 1's (line 2) is bcast from root 1 of 8 bytes: every process must call the same collectives in the same order, with the same root and size"
    printf 'for (i, 3) { all_gather(100, 0); };\nif (rank == 2) { all_to_all(200, 0); } else { all_to_all(100, 0); };\n' > size.proto
    run netsim -n 4 --net h.net size.proto
    assert_failure 1
    assert_output "netsim: size.proto:2: error: rank 2: collective call 4 is all_to_all of 200 bytes, but rank 0's (line 2) is all_to_all of 100 bytes: every process must call the same collectives in the same order, with the same root and size"
    # Collectives of one shape under two names (scatter and bcast) no
    # longer match silently.
    printf 'if (rank == 0) { bcast(0, (8, 0)); } else { scatter(0, (8, 0)); };\n' > shape.proto
    run netsim -n 2 --net h.net shape.proto
    assert_failure 1
    assert_output --partial "rank 1: collective call 1 is scatter from root 0 of 8 bytes, but rank 0's (line 1) is bcast from root 0 of 8 bytes"
    # The same calls on every rank, many times over: no error.
    printf 'for (i, 2000) { bcast(i %% 4, (8, 0)); barrier(); all_reduce(8, 0); };\n' > many.proto
    run netsim -n 4 --net h.net --summary --coll bcast=binomial many.proto
    assert_success
    assert_line --partial "summary "
}

@test "--coll and collective records: errors, exit 2" {
    printf 'barrier();\n' > b.proto
    run netsim --coll bcast=ring b.proto
    assert_failure 2
    assert_output "netsim: --coll bcast wants linear, binomial, scatter_allgather or auto, not 'ring'
Try 'netsim --help'."
    run netsim --coll bcat=binomial b.proto
    assert_failure 2
    assert_output "netsim: --coll wants bcast, gather, scatter, reduce, all_gather, all_to_all, all_reduce or barrier, not 'bcat'
Try 'netsim --help'."
    run netsim --coll bcast b.proto
    assert_failure 2
    assert_output "netsim: --coll wants COLLECTIVE=ALGORITHM[,...], not 'bcast'
Try 'netsim --help'."
    run netsim --coll =binomial b.proto
    assert_failure 2
    assert_line "netsim: --coll wants COLLECTIVE=ALGORITHM[,...], not '=binomial'"
    run netsim --coll , b.proto
    assert_failure 2
    assert_line "netsim: --coll wants COLLECTIVE=ALGORITHM[,...], not ','"
    run netsim --coll bcast=binomial,,barrier=auto b.proto
    assert_failure 2
    assert_line "netsim: --coll wants COLLECTIVE=ALGORITHM[,...], not 'bcast=binomial,,barrier=auto'"
    run netsim --coll '' b.proto
    assert_failure 2
    assert_line "netsim: --coll wants COLLECTIVE=ALGORITHM[,...], not ''"
    check() {
        printf "$1" > bad.net
        run netsim --net bad.net b.proto
        assert_failure 2
        assert_output "$2"
    }
    check 'net-model 1\nregime any 1 1\ncollective barrier ring\n' "netsim: bad.net:3:20: error: barrier has no algorithm 'ring' (expected linear, dissemination or auto)"
    check 'net-model 1\nregime any 1 1\ncollective scan linear\n' "netsim: bad.net:3:12: error: unknown collective 'scan' (expected bcast, gather, scatter, reduce, all_gather, all_to_all, all_reduce or barrier)"
    check 'net-model 1\nregime any 1 1\ncollective bcast\n' "netsim: bad.net:3:1: error: expected: collective NAME ALGORITHM"
    check 'net-model 1\nregime any 1 1\ncollective bcast "binomial"\n' "netsim: bad.net:3:1: error: expected: collective NAME ALGORITHM"
    check 'net-model 1\nregime any 1 1\ncollective bcast binomial extra\n' "netsim: bad.net:3:1: error: expected: collective NAME ALGORITHM"
}

@test "a simulator from proto2c --target sim takes --coll and writes netsim's timeline" {
    printf 'bcast(0, (1000, 0));\nall_reduce(1000, 0);\nall_to_all(100, 0);\n' > c3.proto
    proto2c c3.proto > c3.c
    cc $PERFPIPE_CFLAGS -std=c11 -I"$ROOT/lib" c3.c "$(dirname "$PERFPIPE_BIN")/libperfpipe.a" -lm -o c3
    diff <(./c3 -n 6 --net h.net --coll bcast=binomial,all_reduce=ring,all_to_all=bruck) \
         <(netsim -n 6 --net h.net --coll bcast=binomial,all_reduce=ring,all_to_all=bruck c3.proto)
}
