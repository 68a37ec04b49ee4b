#!/usr/bin/env bats
# mvd-solve --emit-proto: the parallel iteration as a prototype for netsim
# (issue 13; seed 004 Algorithm 1; precise-rules §3, D4). Hand-checked
# timelines on the thesis's Figure 7 (the file of Figure 8) at 2 ranks,
# both sums of the vectors, the prototype's guard and parameter, and the
# shapes precise-rules §3 asks of the predicted speed-ups: shuffle's steps
# at ceil(terms/p) for equal costs, terms-cost helping only when costs
# differ, per-AUNF slice smooth and scaling past the terms. No wall-clock
# time is asserted: the predictions are simulated times.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    cp "$EXAMPLES/san/figure8.desc" .
    printf 'net-model 1\nregime any 0 0\n' > zero.net   # communication free
    printf 'net-model 1\nregime any 1 0\n' > one.net    # 1 us a message
}

# time_of DESC P ARGS...: netsim's final time (max) of --emit-proto on P
# ranks with ARGS, one iteration at 1 ns a multiplication, on zero.net.
time_of() {
    local desc=$1 p=$2
    shift 2
    mvd-solve --emit-proto --ranks "$p" --mult-time 1e-9 --iterations 1 "$@" "$desc" 2>/dev/null |
        netsim -n "$p" --net zero.net --summary-only | awk '$1 == "summary" { print $2 }'
}

# times_of DESC PMAX ARGS...: time_of at P = 1 .. PMAX, one a line.
times_of() {
    local desc=$1 last=$2
    shift 2
    for p in $(seq 1 "$last"); do time_of "$desc" "$p" "$@"; done
}

# never_slower FILE: each line's time no more than the line before's.
never_slower() {
    awk 'NR > 1 && $1 > prev { bad = 1 } { prev = $1 } END { exit bad }' "$1"
}

@test "Figure 7 at 2 ranks, --faithful: compute = loads x mult-time, then reduce and bcast of 36 states" {
    mvd-solve --emit-proto --ranks 2 --algo shuffle --sched terms-cost --faithful \
        --mult-time 1e-6 --iterations 1 figure8.desc > f.proto
    run grep -E '^(if|M|for|    )' f.proto
    assert_output "if (P != 2) { wrong_ranks = 1 / 0; };   // the loads below are for netsim -n 2
M = 1e-06;
if (rank == 0) { L = 159; };
if (rank == 1) { L = 123; };
for (k, 1) {
    compute(L * M, 0);
    reduce(0, (288, 0));
    bcast(0, (288, 0));"
    run netsim -n 2 --net one.net f.proto
    assert_success
    # eq. 9's 159 and 123 multiplications at 1 us; rank 0 receives at 159
    # (1 us), then broadcasts (1 us)
    assert_line "op 0 compute - - - 0.000000000 0.000159000"
    assert_line "op 1 compute - - - 0.000000000 0.000123000"
    assert_line "op 0 reduce 0 288 - 0.000159000 0.000160000"
    assert_line "op 1 reduce 0 288 - 0.000123000 0.000160000"
    assert_line "op 0 bcast 0 288 - 0.000160000 0.000161000"
    assert_line "summary 0.000161000 0.000161000 2"
    # slice by AUNFs: the MULTS 109 and 24 of formats/mvd-load.md's example
    run bash -c "mvd-solve --emit-proto --ranks 2 --algo slice --sched aunf --faithful \
        --mult-time 1e-6 --iterations 1 figure8.desc | netsim -n 2 --net one.net"
    assert_line "op 0 compute - - - 0.000000000 0.000109000"
    assert_line "op 1 compute - - - 0.000000000 0.000024000"
    assert_line "summary 0.000111000 0.000111000 2"
}

@test "Figure 7 at 2 ranks, default: all_to_all and all_gather of blocks of 18 states" {
    run bash -c "mvd-solve --emit-proto --ranks 2 --algo shuffle --mult-time 1e-6 \
        --iterations 1 figure8.desc | netsim -n 2 --net one.net"
    assert_success
    # the linear schedules: two scatters, then two broadcasts, 1 us each
    assert_line "op 0 compute - - - 0.000000000 0.000159000"
    assert_line "op 0 all_to_all - 144 - 0.000159000 0.000161000"
    assert_line "op 1 all_to_all - 144 - 0.000123000 0.000161000"
    assert_line "op 0 all_gather - 144 - 0.000161000 0.000163000"
    assert_line "summary 0.000163000 0.000163000 4"
    refute_output --partial reduce
}

@test "--iterations K repeats the iteration; one rank has no sum; --add-time prices the sum's additions" {
    run bash -c "mvd-solve --emit-proto --algo shuffle --mult-time 1e-6 --iterations 3 \
        figure8.desc | netsim -n 1 --net one.net --summary"
    assert_line "summary 0.000846000 0.000846000 0"   # 3 x (159 + 123) us
    # faithful: rank 0 adds the other's 36 entries; default on 3 ranks:
    # each adds 2 copies of its block of 12
    mvd-solve --emit-proto --ranks 2 --algo shuffle --faithful --mult-time 1e-6 \
        --add-time 1e-6 --iterations 1 figure8.desc > a.proto
    run grep -F 'rank' a.proto
    assert_line "if (rank == 0) { L = 159; N = 36; };"
    assert_line "if (rank == 1) { L = 123; N = 0; };"
    assert_line "    if (rank == 0) { compute(N * A, 0); };"
    run netsim -n 2 --net one.net --summary-only a.proto
    assert_line "summary 0.000197000 0.000197000 2"   # 159 + 1 + 36 + 1
    run bash -c "mvd-solve --emit-proto --ranks 3 --algo shuffle --add-time 1e-9 figure8.desc 2>/dev/null | grep -F N"
    assert_line "if (rank == 2) { L = 0; N = 24; };"
    assert_line "    compute(N * A, 0);"
}

@test "the prototype stops on other ranks, and reads MULT_TIME without --mult-time" {
    mvd-solve --emit-proto --ranks 2 --algo slice --faithful figure8.desc > p.proto
    run netsim -n 3 -D MULT_TIME=1e-6 p.proto
    assert_failure 1
    assert_output "netsim: p.proto:9: error: rank 0: division by zero (1 / 0)"
    run sed -n 9p p.proto
    assert_output --partial "the loads below are for netsim -n 2"
    run netsim -n 2 p.proto
    assert_failure 2
    assert_output --partial "parameter 'MULT_TIME' has no value: give -D MULT_TIME=VALUE"
    a=$(netsim -n 2 -D MULT_TIME=1e-6 --net one.net p.proto | grep -v '^source')
    b=$(mvd-solve --emit-proto --ranks 2 --algo slice --faithful --mult-time 1e-6 figure8.desc |
        netsim -n 2 --net one.net | grep -v '^source')
    [ "$a" = "$b" ]
    # proto2c translates it to both targets
    run proto2c --target=sim -o sim.c p.proto
    assert_success
    run proto2c --target=mpi -o mpi.c p.proto
    assert_success
}

@test "under mpirun, --emit-proto is written once, for the job's ranks" {
    run mpi_run -np 2 mvd-solve --emit-proto --algo shuffle --mult-time 1e-6 figure8.desc
    assert_success
    assert_line "// schedule terms-cost shuffle 2"
    [ "$(grep -c '^for (k, 100)' <<< "$output")" -eq 1 ]
}

@test "equal costs (SC-like, 32 terms): shuffle's time steps exactly where ceil(32/p) does; terms-cost = terms-rr" {
    san2desc -o sc.desc "$EXAMPLES/san/sc-like.san"
    t1=$(time_of sc.desc 1 --algo shuffle --sched terms-rr)
    prev=
    for p in $(seq 1 32); do
        rr=$(time_of sc.desc "$p" --algo shuffle --sched terms-rr)
        cost=$(time_of sc.desc "$p" --algo shuffle --sched terms-cost)
        [ "$rr" = "$cost" ]
        # the largest load is ceil(32/p) terms of 1880 multiplications
        awk -v t="$rr" -v p="$p" 'BEGIN { c = int((32 + p - 1) / p)
            exit !(t == sprintf("%.9f", c * 1880e-9)) }'
        # the speed-up changes between p - 1 and p iff ceil(32/p) does
        if [ -n "$prev" ]; then
            if [ $(((32 + p - 2) / (p - 1))) -eq $(((32 + p - 1) / p)) ]; then
                [ "$rr" = "$prev" ]
            else
                [ "$rr" != "$prev" ]
            fi
        fi
        prev=$rr
    done
    # the plateaus of Fig. 9: 16..31 all at 2 terms, 32 at one
    [ "$(time_of sc.desc 17 --algo shuffle)" = "$(time_of sc.desc 31 --algo shuffle)" ]
    [ "$t1" = "0.000060160" ]
}

@test "unequal costs (Misto-like): terms-cost never loses to terms-rr, and wins at some P" {
    san2desc -o misto.desc "$EXAMPLES/san/misto-like.san"
    times_of misto.desc 16 --algo shuffle --sched terms-rr > rr
    times_of misto.desc 16 --algo shuffle --sched terms-cost > cost
    # (cost, round-robin) by P: never slower, faster at 5 P or more
    run bash -c "paste cost rr | awk '\$1 > \$2 { bad = 1 } \$1 < \$2 { wins++ }
        END { exit bad || wins < 5 }'"
    assert_success
    # at 7 ranks: 20805120 eq. 9 multiplications on the fullest rank
    # round-robin, 19051200 by cost
    [ "$(time_of misto.desc 7 --algo shuffle --sched terms-rr)" = "0.020805120" ]
    [ "$(time_of misto.desc 7 --algo shuffle --sched terms-cost)" = "0.019051200" ]
}

@test "per-AUNF slice (Misto-like, 16 terms): speed-up non-decreasing to P = 32, past the terms" {
    san2desc -o misto.desc "$EXAMPLES/san/misto-like.san"
    times_of misto.desc 32 --algo slice --sched aunf > aunf
    never_slower aunf
    # 32 ranks take under 0.6 of the time of 16 = the terms
    awk 'NR == 16 { t16 = $1 } NR == 32 { exit !($1 < 0.6 * t16) }' aunf
    # per-term slice stops at the terms: 17 ranks leave one idle
    run mvd-solve --emit-proto --ranks 17 --algo slice --sched terms-rr misto.desc
    assert_success
    assert_output --partial "warning: 1 of 17 ranks idle"
    # on a low-latency network too (1 us a message, bandwidth unbounded),
    # both sums in P - 1 steps each way (the linear reduce and bcast, the
    # pairwise all-to-all and the ring all-gather; netsim's linear
    # all_to_all is P(P - 1) messages in a row): the 2(P - 1) us they take
    # grow slower than the computation shrinks
    for pat in --faithful ""; do
        for p in $(seq 1 32); do
            mvd-solve --emit-proto --ranks "$p" --algo slice $pat --mult-time 1e-9 \
                --iterations 1 misto.desc 2>/dev/null |
                netsim -n "$p" --net one.net --coll all_to_all=pairwise,all_gather=ring \
                    --summary-only | awk '$1 == "summary" { print $2 }'
        done > low
        never_slower low
    done
}

@test "bad --emit-proto, --mult-time, --add-time and --iterations uses: exact messages, exit 2" {
    while IFS='|' read -r args message; do
        run mvd-solve figure8.desc $args
        assert_failure 2
        assert_output "mvd-solve: $message
Try 'mvd-solve --help'."
    done <<'CASES'
--emit-proto --mult-time x|--mult-time wants a positive number, not 'x'
--emit-proto --mult-time 0|--mult-time wants a positive number, not '0'
--emit-proto --mult-time -1e-9|--mult-time wants a positive number, not '-1e-9'
--emit-proto --mult-time inf|--mult-time wants a positive number, not 'inf'
--emit-proto --mult-time nan|--mult-time wants a positive number, not 'nan'
--emit-proto --mult-time=|--mult-time wants a positive number, not ''
--emit-proto --add-time 1s|--add-time wants a positive number, not '1s'
--emit-proto --iterations 0|--iterations wants an integer from 1 to 1000000000, not '0'
--emit-proto --iterations 2.5|--iterations wants an integer from 1 to 1000000000, not '2.5'
--mult-time 1e-9|--mult-time applies only with --emit-proto
--add-time 1e-9|--add-time applies only with --emit-proto
--load-report --iterations 5|--iterations applies only when solving or with --emit-proto
--emit-proto --load-report|--load-report and --emit-proto exclude one another
--emit-proto --ones|--emit-proto and --ones exclude one another
--emit-proto --mvd v|--emit-proto and --mvd exclude one another
--emit-proto --time|--time applies only when solving, not with --emit-proto
--emit-proto --method gth|--method applies only when solving, not with --emit-proto
--emit-proto --max-memory 100|--max-memory applies only when multiplying or solving, not with --emit-proto
--emit-proto --algo sparse|--emit-proto applies only with --algo shuffle or slice
--emit-proto --algo reach|--emit-proto applies only with --algo shuffle or slice
--emit-proto --algo shuffle --sched aunf|--sched aunf applies only with --algo slice (Algorithms 5 and 6)
--emit-proto --ranks 0|--ranks wants an integer from 1 to 65536, not '0'
--emit-proto --mult-time|option '--mult-time' needs an argument
CASES
}

@test "--emit-proto on bad descriptors: the reader's errors, exit 2; -o left as it was" {
    printf '1\n2\n1 x\n0 0\n' > bad.desc
    run mvd-solve --emit-proto --ranks 2 bad.desc
    assert_failure 2
    refute_output --partial "compute"
    assert_output --partial "error:"
    echo keep > out
    run mvd-solve --emit-proto -o out bad.desc
    assert_failure 2
    [ "$(cat out)" = keep ]
    run mvd-solve --emit-proto --ranks 2 -o out figure8.desc
    assert_success
    grep -q '^for (k, 100) {$' out
}

@test "pipelines/mvd-speedup without measuring (SC-like, P <= 4): every point, efficiency floor(100 S / P), a PNG" {
    MEASURE=0 MULT_TIME_SLICE=5e-8 run "$ROOT/pipelines/mvd-speedup" "$PERFPIPE_BIN" out 4 sc
    assert_success
    assert_line "sc slice 5e-8"
    assert_line "== sc-like, shuffle terms-cost: predicted speed-up and efficiency (floor)"
    assert_line "plot: out/mvd-speedup-sc.png"
    # 4 variants x 2 networks x 2 sums x P = 1..4
    [ "$(grep -vc '^#' out/mvd-speedup.dat)" -eq 64 ]
    run awk '!/^#/ && ($9 != int(100 * $8 / $6 + 1e-9) || ($6 == 1 && ($8 != 1 || $9 != 100))) { print; bad = 1 }
             END { exit bad }' out/mvd-speedup.dat
    assert_success
    # equal costs: the two shuffle schedulers predict the same
    [ "$(awk '$2 == "shuffle" && $3 == "terms-rr" { print $4, $5, $6, $7 }' out/mvd-speedup.dat)" = \
      "$(awk '$2 == "shuffle" && $3 == "terms-cost" { print $4, $5, $6, $7 }' out/mvd-speedup.dat)" ]
    [ "$(head -c 4 out/mvd-speedup-sc.png | od -An -c | tr -d ' ')" = '211PNG' ]
}
