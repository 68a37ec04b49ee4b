#!/usr/bin/env bats
# netsim, issue 14: nonblocking point-to-point (isend, irecv, wait,
# waitall), sendrecv, barrier and tag matching, against timelines computed
# by hand under the default model (K6-III, Piola 2002 Table 5.1):
#   d <= 1024:  55 + 0.22 d µs   (0 B: 55; 8 B: 56.76; 100 B: 77; 200 B: 99;
#                                 1000 B: 275)
#   d < 5000:  190 + 0.083 d µs  (4096 B: 529.968)
#   d >= 5000: 300 + 0.089 d µs  (10000 B: 1190)
# A message's transfer starts at the later of its two post times and lasts
# its cost; a request completes when its transfer does; a wait ends at the
# later of its start and its requests' completions.

setup() { load helper; cd "$BATS_TEST_TMPDIR"; }

# process lines: rank final compute comm idle, seconds to the ns
processes() { netsim "$@" | awk '$1 == "process" { print $2, $3, $4, $5, $6 }'; }

@test "isend/irecv halo exchange on a ring of 4, overlapped with computation" {
    # Rank r starts at r ms, posts its two receives and two sends of
    # 1000 B (275 µs each) at t_r = 1000r µs, computes 100 µs, waits for
    # all four. The message between r and r+1 moves over
    # [max(t_r, t_r+1), +275] = [t_r+1, t_r+1 + 275]; 3 and 0 at [3000, 3275].
    # rank 0: wait at 100, ends 3275; comm = [1000,1275] + [3000,3275] = 550,
    #         idle = 3175 - 550 = 2625
    # rank 1: wait at 1100, ends 2275; comm = [1100,1275] + [2000,2275] = 450,
    #         idle = 1175 - 450 = 725
    # rank 2: wait at 2100, ends 3275; comm = 175 + 275 = 450, idle 725
    # rank 3: wait at 3100, ends 3275; comm = 175, idle 0
    cat > halo.proto <<'EOF'
right = (rank + 1) % P;
left = (rank + P - 1) % P;
compute(0.001 * rank, 0);
a = irecv(left, 1);
b = irecv(right, 2);
c = isend(right, (1000, 0), 1);
d = isend(left, (1000, 0), 2);
compute(0.0001, 0);
waitall(a, b, c, d);
EOF
    run processes -n 4 halo.proto
    assert_success
    assert_output "0 0.003275000 0.000100000 0.000550000 0.002625000
1 0.002275000 0.001100000 0.000450000 0.000725000
2 0.003275000 0.002100000 0.000450000 0.000725000
3 0.003275000 0.003100000 0.000175000 0.000000000"
    # The records: each request ends with its message, in program order.
    run netsim -n 4 halo.proto
    assert_line "op 0 irecv 3 1000 1 0.000000000 0.003275000"
    assert_line "op 0 irecv 1 1000 2 0.000000000 0.001275000"
    assert_line "op 0 isend 1 1000 1 0.000000000 0.001275000"
    assert_line "op 0 isend 3 1000 2 0.000000000 0.003275000"
    assert_line "op 0 wait - - - 0.000100000 0.003275000"
    assert_line "summary 0.003275000 0.003025000 8"
}

@test "isend: the sender is free at once; the blocking send of the same program waits" {
    # rank 1 receives at 500 µs: the 1000-B message moves over [500, 775].
    # isend: rank 0 computes to 1000 µs; its wait, after the transfer, costs
    # nothing (comm 0, idle 0). send: rank 0 waits 500 idle, 275 comm, then
    # computes: 1775.
    printf 'if (rank == 0) { r = isend(1, (1000, 0)); compute(0.001, 0); wait(r); } else { compute(0.0005, 0); receive(0); };\n' > free.proto
    run processes free.proto
    assert_output "0 0.001000000 0.001000000 0.000000000 0.000000000
1 0.000775000 0.000500000 0.000275000 0.000000000"
    printf 'if (rank == 0) { send(1, (1000, 0)); compute(0.001, 0); } else { compute(0.0005, 0); receive(0); };\n' > blocking.proto
    run processes blocking.proto
    assert_output "0 0.001775000 0.001000000 0.000275000 0.000500000
1 0.000775000 0.000500000 0.000275000 0.000000000"
}

@test "isend + wait at once is a blocking send: the thesis's ring, byte for byte" {
    # ring.proto with send(...) replaced by r = isend(...); wait(r): the
    # same clocks (0.003570 s for P = 3), only the kinds of the records
    # differ (and the wait records added).
    sed 's/send(\([^;]*\));/r = isend(\1); wait(r);/' "$EXAMPLES/proto/ring.proto" > iring.proto
    grep -q 'isend' iring.proto
    for n in 2 3 4 5; do
        diff <(netsim -n $n "$EXAMPLES/proto/ring.proto" | grep -E '^(process|summary)') \
             <(netsim -n $n iring.proto | grep -E '^(process|summary)')
    done
}

@test "waitall over sends and receives of different sizes" {
    # rank 0 starts four requests at 0; rank 1 posts its side at 200 µs:
    # 8 B, 100 B, 200 B, 1000 B move over [200, 256.76], [200, 277],
    # [200, 299], [200, 475]. rank 0: wait at 0, ends 475, comm = the
    # union [200, 475] = 275, idle 200. rank 1 waits from 200 too.
    printf 'if (rank == 0) { a = isend(1, (8, 0)); b = isend(1, (100, 0)); c = irecv(1); d = irecv(1); waitall(a, b, c, d); } else { compute(0.0002, 0); e = irecv(0); f = irecv(0); g = isend(0, (200, 0)); h = isend(0, (1000, 0)); waitall(h, g, f, e); };\n' > all.proto
    run processes all.proto
    assert_output "0 0.000475000 0.000000000 0.000275000 0.000200000
1 0.000475000 0.000200000 0.000275000 0.000000000"
    run netsim all.proto
    # Non-overtaking: rank 1's first receive takes the first message (8 B).
    assert_line "op 1 irecv 0 8 0 0.000200000 0.000256760"
    assert_line "op 1 irecv 0 100 0 0.000200000 0.000277000"
    assert_line "op 0 irecv 1 200 0 0.000000000 0.000299000"
}

@test "sendrecv: a shift around an odd ring does not serialise (blocking sends take 3 message times)" {
    # Every rank sends 10000 B right and receives from the left at 0: all
    # three messages move over [0, 1190]. ring.proto, blocking: 3570.
    printf 'sendrecv((rank + 1) %% P, (10000, 0), (rank + P - 1) %% P);\n' > shift.proto
    run processes -n 3 shift.proto
    assert_output "0 0.001190000 0.000000000 0.001190000 0.000000000
1 0.001190000 0.000000000 0.001190000 0.000000000
2 0.001190000 0.000000000 0.001190000 0.000000000"
    run netsim -n 3 shift.proto
    assert_line "op 1 send 2 10000 0 0.000000000 0.001190000"
    assert_line "op 1 recv 0 10000 0 0.000000000 0.001190000"
    # With tags: the receive takes only tag 7; rank 1's tag-7 message
    # arrives from the right (rank 2 sends left with tag 7).
    printf 'sendrecv((rank + P - 1) %% P, (8, 0), 7, (rank + 1) %% P, 7);\n' > tags.proto
    run netsim -n 3 tags.proto
    assert_line "op 1 recv 2 8 7 0.000000000 0.000056760"
}

@test "barrier: a reduce of empty messages to 0, then a broadcast (hand-computed, P = 4)" {
    # Rank r enters at 1000r µs; a 0-B message costs 55. Rank 0 takes
    # from 1 over [1000, 1055], from 2 over [2000, 2055], from 3 over
    # [3000, 3055], then sends to 1 [3055, 3110], 2 [3110, 3165],
    # 3 [3165, 3220].
    printf 'compute(0.001 * rank, 0);\nbarrier();\n' > barrier.proto
    run netsim -n 4 barrier.proto
    assert_line "op 0 barrier - - - 0.000000000 0.003220000"
    assert_line "op 1 barrier - - - 0.001000000 0.003110000"
    assert_line "op 2 barrier - - - 0.002000000 0.003165000"
    assert_line "op 3 barrier - - - 0.003000000 0.003220000"
    assert_line "summary 0.003220000 0.003178750 6"
}

@test "tags select messages out of their arrival order" {
    # rank 0 starts a 100-B message with tag 1, then a 200-B one with tag 2.
    # rank 1, at 1000 µs, takes tag 2 first: [1000, 1099]; then tag 1:
    # [1099, 1176]. rank 0's wait: 0 -> 1176, comm = 176, idle = 1000.
    printf 'if (rank == 0) { a = isend(1, (100, 0), 1); b = isend(1, (200, 0), 2); waitall(a, b); } else { compute(0.001, 0); x = irecv(0, 2); wait(x, s, t); y = irecv(0, 1); wait(y, s, u); compute(t + u * 1e-6, 0); };\n' > tag.proto
    run netsim tag.proto
    assert_line "op 1 irecv 0 200 2 0.001000000 0.001099000"
    assert_line "op 1 irecv 0 100 1 0.001099000 0.001176000"
    # t = 2 and u = 1 were delivered: the last compute is 2.000001 s.
    assert_line "op 1 compute - - - 0.001176000 2.001177000"
    run processes tag.proto
    assert_line "0 0.001176000 0.000000000 0.000176000 0.001000000"
    # A blocking send of tag 2 waits for the receive of tag 2: rank 1's
    # blocking receive of any tag takes the earlier message (tag 1) first,
    # as MPI's order requires.
    printf 'if (rank == 0) { a = isend(1, (100, 0), 1); b = isend(1, (200, 0), 2); waitall(a, b); } else { receive(0, t); compute(t, 0); receive(0, t); };\n' > order.proto
    run netsim order.proto
    assert_line "op 1 recv 0 100 1 0.000000000 0.000077000"
}

@test "any_source with a tag: the earliest message of that tag, not the earliest message" {
    # rank 1 sends tag 7 at 0; rank 2 sends tag 5 at 500 µs (8 B: 56.76).
    # rank 0 takes tag 5 first, from rank 2: [500, 556.76]; then any tag,
    # from rank 1: [556.76, 613.52].
    printf 'if (rank == 0) { r = irecv(any_source, 5); wait(r, s, t); receive(any_source, s2, t2); compute(s * 10 + t + s2 * 1000 + t2 * 100, 0); };\nif (rank == 1) { send(0, (8, 0), 7); };\nif (rank == 2) { compute(0.0005, 0); send(0, (8, 0), 5); };\n' > anytag.proto
    run netsim -n 3 anytag.proto
    assert_line "op 0 irecv 2 8 5 0.000000000 0.000556760"
    assert_line "op 0 recv 1 8 7 0.000556760 0.000613520"
    # s = 2, t = 5, s2 = 1, t2 = 7: 25 + 1700 = 1725 s.
    assert_line "op 0 compute - - - 0.000613520 1725.000613520"
}

@test "a receive posted before a receive from any_source waits for it to choose" {
    # rank 0: r1 = irecv(any_source), r2 = irecv(1). rank 1 sends at 0,
    # rank 2 at 300 µs. The any_source receive takes rank 1's (earlier);
    # r2 then waits for rank 1's second message, sent at 1000 µs.
    printf 'if (rank == 0) { a = irecv(any_source); b = irecv(1); wait(a, s); wait(b); compute(s, 0); };\nif (rank == 1) { send(0, (8, 0)); compute(0.001, 0); send(0, (8, 0)); };\nif (rank == 2) { compute(0.0003, 0); send(0, (8, 0)); };\n' > claim.proto
    run netsim -n 3 claim.proto
    assert_failure 1   # rank 2's message is never taken: a deadlock
    assert_output --partial "rank 2 waits in send to 0, since 0.000300000 s"
    printf 'if (rank == 0) { a = irecv(any_source); b = irecv(1); wait(a, s); wait(b); receive(2); compute(s, 0); };\nif (rank == 1) { send(0, (8, 0)); compute(0.001, 0); send(0, (8, 0)); };\nif (rank == 2) { compute(0.0003, 0); send(0, (8, 0)); };\n' > claim.proto
    run netsim -n 3 claim.proto
    assert_success
    assert_line "op 0 irecv 1 8 0 0.000000000 0.000056760"
    assert_line "op 0 irecv 1 8 0 0.000000000 0.001113520"
    assert_line "op 0 compute - - - 0.001170280 1.001170280"
}

@test "requests: ids are the lowest free, wait clears the variable, waiting for a null request returns at once" {
    printf 'a = isend(1 - rank, (8, 0)); b = irecv(1 - rank); x = a; y = b; wait(a); c = isend(1 - rank, (8, 0)); z = c; d = irecv(1 - rank); w = d; waitall(b, c, d); wait(a); compute(x * 1000 + y * 100 + z * 10 + w + a, 0);\n' > ids.proto
    run netsim ids.proto
    assert_success
    # a = 1, b = 2; a's id is free again, so c = 1; d = 3; a is 0 after
    # its wait, and the second wait(a) returns at once.
    assert_line --partial "op 0 compute - - - 0.000113520 1213.000113520"
}

@test "eager extension: isend eager messages arrive after their cost; waitall of eager sends returns at once" {
    printf 'net-model 1\nregime any 10 0\neager 100\n' > e.net
    printf 'if (rank == 0) { a = isend(1, (8, 0)); b = isend(1, (8, 0)); waitall(a, b); } else { compute(0.001, 0); receive(0); receive(0); };\n' > e.proto
    run processes --net e.net e.proto
    # Both sends cost 10 µs from 0 (no contention): rank 0 is done at
    # 10 µs; rank 1 receives both at 1000 µs.
    assert_output "0 0.000010000 0.000000000 0.000010000 0.000000000
1 0.001000000 0.001000000 0.000000000 0.000000000"
}

@test "eager isends: a smaller message started later arrives first but does not overtake" {
    # cost 10 + 0.01 d: 5000 B arrives at 60, 8 B at 10.08 (both started
    # at 0, the sender paying nothing). rank 0 receives from any_source at
    # 100: the 5000-B message first (MPI's order), then the 8-B one.
    printf 'net-model 1\nregime any 10 0.01\neager 10000\n' > e.net
    printf 'if (rank == 1) { a = isend(0, (5000, 0)); b = isend(0, (8, 0)); waitall(a, b); } else { compute(0.0001, 0); receive(any_source); receive(any_source); };\n' > o.proto
    run netsim --net e.net o.proto
    assert_line "op 0 recv 1 5000 0 0.000100000 0.000100000"
    assert_line "op 0 recv 1 8 0 0.000100000 0.000100000"
    assert_line "op 1 isend 0 5000 0 0.000000000 0.000060000"
    assert_line "op 1 isend 0 8 0 0.000000000 0.000010080"
    assert_line "op 1 wait - - - 0.000000000 0.000060000"
}

@test "probe: waits for a message it admits, takes none; any_source takes the earliest posted" {
    # rank 0 at 1000 µs probes any_source: rank 1's message (posted 0)
    # is seen before rank 2's (posted 500), at once; it is then received
    # (1000 B: [1000, 1275]). probe(2, 4) at 1275 sees rank 2's at once;
    # the receive takes it over [1275, 1331.76].
    printf '%s\n' \
        'if (rank == 0) { compute(0.001, 0); probe(any_source, any_tag, s, t); receive(s); probe(2, 4, s2, t2); receive(2); compute(s + t / 10 + s2 * 100 + t2 * 1000, 0); };' \
        'if (rank == 1) { send(0, (1000, 0), 3); };' \
        'if (rank == 2) { compute(0.0005, 0); send(0, (8, 0), 4); };' > probe.proto
    run netsim -n 3 probe.proto
    assert_line "op 0 probe 1 1000 3 0.001000000 0.001000000"
    assert_line "op 0 recv 1 1000 3 0.001000000 0.001275000"
    assert_line "op 0 probe 2 8 4 0.001275000 0.001275000"
    # s = 1, t = 3, s2 = 2, t2 = 4: 1.3 + 200 + 4000 s.
    assert_line "op 0 compute - - - 0.001331760 4201.301331760"
    # A probe of tag 5 skips the tag-9 message and waits for the tag-5 one,
    # posted at 2000 µs (rank 1's isend of tag 9 costs it nothing): the
    # probe ends at 2000 (idle 2000); the receive of any tag then takes
    # tag 9 first (MPI's order), over [2000, 2056.76].
    printf 'if (rank == 0) { probe(1, 5); receive(1); receive(1); } else { compute(0.002, 0); a = isend(0, (8, 0), 9); send(0, (8, 0), 5); wait(a); };\n' > late.proto
    run netsim late.proto
    assert_success
    assert_line "op 0 probe 1 8 5 0.000000000 0.002000000"
    assert_line "op 0 recv 1 8 9 0.002000000 0.002056760"
    run processes late.proto
    assert_line --index 0 "0 0.002113520 0.000000000 0.000113520 0.002000000"
}

@test "the sim target and netsim write the same timelines for the new operations" {
    for f in halo exchange; do
        proto2c "$EXAMPLES/proto/$f.proto" > $f.c
        cc $PERFPIPE_CFLAGS -std=c11 -Wall -Wextra -Werror -I"$ROOT/lib" $f.c \
            "$(dirname "$PERFPIPE_BIN")/libperfpipe.a" -lm -o $f
    done
    for n in 2 3 4 7; do
        diff <(netsim -n $n -D ITER=3 -D ROW=8192 -D INNER=0.001 -D BORDER=0.0002 "$EXAMPLES/proto/halo.proto") \
             <(./halo -n $n -D ITER=3 -D ROW=8192 -D INNER=0.001 -D BORDER=0.0002)
        diff <(netsim -n $n "$EXAMPLES/proto/exchange.proto") <(./exchange -n $n)
    done
}

# ------------------------------------------------------------------ errors

@test "an unknown statement is named, at its location" {
    proto_run 'x = 1;
  foo(1, 2);'
    assert_failure 2
    assert_output "netsim: bad.proto:2:3: error: unknown statement 'foo' (the statements are listed in formats/proto.md)"
    proto_run 'test(r, flag);'
    assert_failure 2
    assert_output "netsim: bad.proto:1:1: error: unknown statement 'test' (the statements are listed in formats/proto.md)"
}

@test "tags: a literal outside 0..32767 or not whole is an error at its location; a computed one at run time" {
    proto_run 'send(1, (8, 0), 2.5);'
    assert_failure 2
    assert_output "netsim: bad.proto:1:17: error: tag 2.5: tags are integers from 0 to 32767"
    proto_run 'r = irecv(0, -3);'
    assert_failure 2
    assert_output "netsim: bad.proto:1:14: error: tag -3: tags are integers from 0 to 32767"
    proto_run 'sendrecv(1, (8, 0), 32768, 0, 1);'
    assert_failure 2
    assert_output "netsim: bad.proto:1:21: error: tag 32768: tags are integers from 0 to 32767"
    proto_run 'x = 0.5; if (rank == 0) { send(1, (8, 0), x * 3); } else { receive(0); };'
    assert_failure 1
    assert_output "netsim: bad.proto:1: error: rank 0: tag 1.5: tags are integers from 0 to 32767"
    proto_run 'x = 0 - 1; r = irecv(any_source, x); wait(r);'
    assert_failure 1
    assert_output "netsim: bad.proto:1: error: rank 0: tag -1: tags are integers from 0 to 32767"
}

@test "requests: not pending, named twice, never waited for, predefined: errors" {
    proto_run 'r = 3; wait(r);'
    assert_failure 1
    assert_output "netsim: bad.proto:1: error: rank 0: wait for request 3, which is not pending (waited for already, or never started)"
    proto_run 'r = isend(1 - rank, (8, 0)); q = irecv(1 - rank); s = r; waitall(r, q, s);'
    assert_failure 1
    assert_output "netsim: bad.proto:1: error: rank 0: request 1 named twice in one wait"
    proto_run 'if (rank == 0) { r = isend(1, (8, 0)); } else { receive(0); };'
    assert_failure 1
    assert_output "netsim: bad.proto:1: error: rank 0: ended with request 1 (a send) never waited for; wait for every request"
    proto_run 'rank = irecv(0);'
    assert_failure 2
    assert_output "netsim: bad.proto:1:1: error: 'rank' is predefined and cannot be a request variable"
    proto_run 'waitall(P);'
    assert_failure 2
    assert_output "netsim: bad.proto:1:9: error: 'P' is predefined and cannot be a request variable"
    proto_run 'waitall();'
    assert_failure 2
    assert_output --partial "netsim: bad.proto:1:9: error: syntax error, unexpected ')', expecting identifier"
}

@test "deadlock in a wait names the request it waits for" {
    proto_run 'r = irecv(1 - rank, 4); s = isend(1 - rank, (8, 0), 3); waitall(s, r);' -n 2
    assert_failure 1
    assert_line "netsim: bad.proto:1: note: rank 0 waits in wait for request 2 (send to 1), since 0.000000000 s"
}
