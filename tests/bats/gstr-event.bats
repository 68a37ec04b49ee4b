#!/usr/bin/env bats
# gstr-sched's event model (the default): the walk-through of Fig. 3.1
# through the program, the trace's bookkeeping, UPs that fail or slow down
# mid-run, and estimation errors that static and GS suffer and GSTR does
# not; WQR and MinMin as baselines on the same platform.

bats_require_minimum_version 1.5.0
setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    LAB="$EXAMPLES/platform/lab-heterogeneous.platform"
    # Eight batches of 50 sieve tasks in a chain: 400 tasks of 1 s.
    {
        echo "app-graph 1"
        for i in 1 2 3 4 5 6 7 8; do
            echo "batch B$i L2 50 -"
            [ "$i" -gt 1 ] && echo "edge B$((i - 1)) B$i data"
        done
        echo "end 8 7 400"
    } > chain.graph
}

# makespan PLATFORM GRAPH OPTION...: the summary's makespan.
makespan() {
    local plat=$1 graph=$2
    shift 2
    gstr-sched -p "$plat" "$@" "$graph" | awk '$1 == "summary" { print $2 }'
}

@test "Fig. 3.1 through the program: steps I-VIII under the walk-through's replica order" {
    printf 'app-graph 1\nbatch B1 L1 6 -\nend 1 0 6\n' > six.graph
    run gstr-sched -p "$EXAMPLES/platform/fig31.platform" --sched=gstr \
        --replica-order=slowest-up six.graph
    assert_success
    # II: three planned (PU1, PU1, PU2), two to the free UPs, one waits;
    # III-VI: PU1's two end, the waiting task to PU1, PU4's replicated on
    # PU1; VII-VIII: PU2's ends, PU3's replicated on PU2.
    expected="dispatch 0 B1.0 1
dispatch 0 B1.1 1
dispatch 0 B1.2 2
dispatch 0 B1.3 3
dispatch 0 B1.4 4
finish 0.6666666666666666 B1.0 1
finish 0.6666666666666666 B1.1 1
dispatch 0.6666666666666666 B1.5 1
replica 0.6666666666666666 B1.4 1
finish 0.8333333333333334 B1.2 2
replica 0.8333333333333334 B1.3 2"
    [ "$(sed -n 5,15p <<< "$output")" = "$expected" ]
    assert_line --index 3 "model event 0.5 slowest-up 2"
    # Fig. 3.2's own rule replicates the task started last instead (A3).
    run gstr-sched -p "$EXAMPLES/platform/fig31.platform" --sched=gstr six.graph
    assert_line --index 14 "replica 0.8333333333333334 B1.5 2"
}

@test "the trace adds up: one finish per task, a cancel per replica, end counts the lines" {
    for sched in static gs gstr wqr minmin; do
        gstr-sched -p "$LAB" --sched="$sched" chain.graph > out
        awk '
            $1 == "dispatch" { d++ } $1 == "replica" { r++ } $1 == "cancel" { c++ }
            $1 == "finish" { f++; if (seen[$3]++) bad = bad " twice:" $3 }
            $1 ~ /^(dispatch|replica|cancel|finish|fail|speed)$/ { lines++ }
            $1 == "replication" { R = $2; C = $3 }
            $1 == "lost" { L = $2 }
            $1 == "end" { E = $2; T = $3 }
            END {
                if (d != 400 || f != 400 || r != R || c != C || c != r ||
                    L != 0 || E != lines || T != 400 || bad != "") {
                    print "d=" d " f=" f " r=" r "/" R " c=" c "/" C " L=" L \
                          " E=" E "/" lines " T=" T bad; exit 1 }
            }' out
    done
}

@test "UPs that fail mid-run: GSTR and WQR finish every task, static, GS and MinMin lose some" {
    # The two fastest machines fail at 10 s and 20 s, silently.
    { grep -v '^end' "$LAB"; echo 'fail "Itapuã" at 10'; echo 'fail Rocas at 20'
      echo 'end 14'; } > failing.platform
    for sched in gstr wqr; do
        run --separate-stderr gstr-sched -p failing.platform --sched=$sched chain.graph
        assert_success
        [ -z "$stderr" ]
        assert_line "lost 0"
        assert_line --regexp '^fail 10 1$'
        assert_line --regexp '^fail 20 2$'
        assert_line --regexp '^summary [0-9.]+ 400 '
    done
    for sched in static gs minmin; do
        run --separate-stderr gstr-sched -p failing.platform --sched=$sched chain.graph
        assert_success
        assert_line --regexp '^lost [1-9][0-9]*$'
        assert_line --regexp '^summary - 400 - '
        lost=$(awk '$1 == "lost" { print $2 }' <<< "$output")
        [ "$stderr" = "gstr-sched: warning: $lost of 400 tasks never finish (their copies were on failed UPs, or they wait on such tasks): the application does not end, and the summary has no makespan" ]
    done
    # A coordinator that learns of a failure 1 s after it sends the lost
    # tasks elsewhere: every scheduler then finishes every task.
    for sched in static gs gstr wqr minmin; do
        run --separate-stderr gstr-sched -p failing.platform --sched=$sched --detect=1 chain.graph
        assert_success
        [ -z "$stderr" ]
        assert_line "lost 0"
        assert_line --regexp '^detect 11 1$'
        assert_line --regexp '^detect 21 2$'
    done
    run gstr-sched -p failing.platform --detect=0 chain.graph
    assert_failure 2
    assert_output --partial "gstr-sched: --detect must be a number of seconds > 0, not '0'"
    run gstr-sched --model=thesis -p "$LAB" --detect=1 chain.graph
    assert_output --partial "gstr-sched: --detect applies only with --model=event"
}

@test "static re-plans a failed UP's tasks when some UP's plan is empty (found by fuzz_sched under UBSan)" {
    # Grumari believed ten times faster than it is: best-fit piles the
    # sieve onto it and leaves other UPs with no plan at all.
    sed 's/^up Grumari 0.38 0.44/up Grumari 0.38 8.44/' \
        "$EXAMPLES/platform/lab-failing.platform" > grumari.platform
    pasl2graph "$EXAMPLES/pasl/sieve.pasl" > sieve.graph
    run --separate-stderr gstr-sched -p grumari.platform --sched=static --detect=0.5 sieve.graph
    assert_success
    [ -z "$stderr" ]
    assert_line "lost 0"
}

@test "estimation errors: static and GS degrade, GSTR stays where the exact factors put it" {
    # Estimated factors off by +e and -e on alternate UPs, real ones kept.
    err_platform() {
        awk -v e="$1" '$1 == "up" { n++; $4 = (n % 2 ? $3 * (1 + e) : $3 * (1 - e)) }
                       { print }' "$LAB"
    }
    err_platform 0 > e0.platform
    err_platform 0.6 > e6.platform
    for sched in static gs gstr; do
        eval "${sched}0=$(makespan e0.platform chain.graph --sched=$sched)"
        eval "${sched}6=$(makespan e6.platform chain.graph --sched=$sched)"
    done
    minmin=$(makespan e6.platform chain.graph --sched=minmin)
    echo "static $static0 -> $static6, gs $gs0 -> $gs6, gstr $gstr0 -> $gstr6, minmin $minmin"
    # With exact estimates all three are at MinMin's 64 s; at e = 0.6
    # static takes 104 s and GS 90 s, GSTR still 64 s.
    awk -v s0="$static0" -v s6="$static6" -v g0="$gs0" -v g6="$gs6" \
        -v t0="$gstr0" -v t6="$gstr6" -v m="$minmin" 'BEGIN {
            exit !(s6 > 1.4 * s0 && g6 > 1.3 * g0 && t6 <= 1.05 * t0 &&
                   t6 <= 1.05 * m) }'
}

@test "a UP slowed down mid-run: GSTR moves its work, static waits for it" {
    { grep -v '^end' "$LAB"; echo 'speed "Itapuã" 5 0.05'; echo 'end 14'; } > slow.platform
    s=$(makespan slow.platform chain.graph --sched=static)
    g=$(makespan slow.platform chain.graph --sched=gstr)
    run gstr-sched -p slow.platform --sched=gstr chain.graph
    assert_line 'speed 5 1 0.05'
    echo "static $s, gstr $g"
    awk -v s="$s" -v g="$g" 'BEGIN { exit !(s > 2 * g) }'
}

@test "failures drawn with a seed: the same file, the same failures; a fail record keeps its time" {
    { grep -v '^end' "$LAB"; echo 'fail Rocas at 1'; echo 'failures 0.02 seed 5'; echo 'end 14'; } > drawn.platform
    gstr-sched -p drawn.platform --sched=gstr chain.graph > one
    gstr-sched -p drawn.platform --sched=gstr chain.graph > two
    cmp one two
    [ "$(grep -c '^fail ' one)" -eq 14 ]
    grep -qx 'fail 1 2' one
    sed 's/seed 5/seed 6/' drawn.platform > other.platform
    gstr-sched -p other.platform --sched=gstr chain.graph > three
    ! cmp -s <(grep '^fail ' one) <(grep '^fail ' three)
    run gstr-sched --model=thesis --sched=gstr -p drawn.platform chain.graph
    assert_failure 2
    assert_output "gstr-sched: chain.graph: error: the platform draws failures ('failures' record): the thesis model fails UPs from the start only; use the event model"
}

@test "the thesis model refuses what only the event model simulates" {
    { grep -v '^end' "$LAB"; echo 'speed Rocas 5 0.5'; echo 'end 14'; } > slow.platform
    run gstr-sched --model=thesis -p slow.platform chain.graph
    assert_failure 2
    assert_output "gstr-sched: chain.graph: error: the platform changes speeds ('speed' records): the thesis model has no load changes; use the event model"
    { grep -v '^end' "$LAB"; echo 'fail Rocas at 3'; echo 'end 14'; } > late.platform
    run gstr-sched --model=thesis --sched=gstr -p late.platform chain.graph
    assert_failure 2
    assert_output "gstr-sched: chain.graph: error: UP 'Rocas' fails at 3: the thesis model fails UPs from the start only; use the event model"
}

@test "the sieve from PASL on the lab under the event model, -o written whole" {
    pasl2graph "$EXAMPLES/pasl/sieve.pasl" |
        gstr-sched -p "$LAB" --sched=gstr -o out.schedule
    run cat out.schedule
    assert_line --index 0 "schedule 1"
    assert_line "scheduler gstr bestfit estimated"
    assert_line --regexp '^summary 8 50 6\.25 '
    assert_line "lost 0"
}

@test "pipelines: the robustness sweep writes its tables and plots, the Gantt chart its PNG" {
    run "$ROOT/pipelines/sched-robustness" "$PERFPIPE_BIN" out 2
    assert_success
    [ -s out/robustness-error.png ] && [ -s out/robustness-failure.png ]
    [ "$(grep -vc '^#' out/robustness-error.dat)" -eq 9 ]
    [ "$(grep -vc '^#' out/robustness-failure.dat)" -eq 6 ]
    # At e = 0.6 static is far from its e = 0 time; GSTR stays within 5 %.
    awk '$1 == "0" { s0 = $2; g0 = $4 } $1 == "0.6" { s6 = $2; g6 = $4 }
         END { exit !(s6 > 1.3 * s0 && g6 <= 1.05 * g0) }' out/robustness-error.dat
    # No failures: every scheduler finishes every run.
    awk '$1 == "0" { for (i = 3; i <= NF; i += 2) if ($i != "1.00") exit 1 }' \
        out/robustness-failure.dat
    gstr-sched -p "$EXAMPLES/platform/lab-failing.platform" --sched=gstr chain.graph > s
    run "$ROOT/pipelines/sched-gantt" s gantt.png
    assert_success
    [ -s gantt.png ]
    gstr-sched --model=thesis -p "$LAB" chain.graph > t
    run "$ROOT/pipelines/sched-gantt" t gantt2.png
    assert_failure 2
    assert_output --partial "not an event-model schedule"
}

@test "a fail-stop UP delivers nothing after its failure: a result on its way back is lost, as an input on its way in is" {
    # One task of 1 s, links of 1 s: sent 0..1, computed 1..2, back 2..3.
    printf 'app-graph 1\nbatch B1 L1 1 -\nend 1 0 1\n' > one.graph
    for at in 2.5 0.5 1.5; do
        printf 'platform 1\ntasktime L1 1\nup a 1 1 link 1\nfail a at %s\nend 1\n' "$at" > back.platform
        for s in static gs gstr wqr minmin; do
            run --separate-stderr gstr-sched -p back.platform --sched "$s" one.graph
            assert_success
            assert_line "fail $at 1"
            refute_line --regexp '^finish '
            assert_line 'lost 1'
        done
    done
    # At 3, the instant the result is back: the failure comes first (the
    # platform's events are queued before any the run makes).
    printf 'platform 1\ntasktime L1 1\nup a 1 1 link 1\nfail a at 3\nend 1\n' > back.platform
    run --separate-stderr gstr-sched -p back.platform one.graph
    assert_line 'lost 1'
    # Just after it, the result is in.
    printf 'platform 1\ntasktime L1 1\nup a 1 1 link 1\nfail a at 3.0000001\nend 1\n' > back.platform
    run --separate-stderr gstr-sched -p back.platform one.graph
    assert_line 'finish 3 B1.0 1'
    assert_line 'lost 0'
    # With a replica elsewhere, GSTR still finishes the task: b's copy.
    printf 'platform 1\ntasktime L1 1\nup a 1 1 link 1\nup b 0.5 0.5 link 1\nfail a at 2.5\nend 2\n' > two.platform
    run --separate-stderr gstr-sched -p two.platform --sched gstr one.graph
    assert_success
    assert_line --regexp '^finish [0-9.]+ B1\.0 2$'
    assert_line 'lost 0'
    # --detect: the coordinator learns of it at 3.5, while the lost
    # result's arrival (3) is past, and sends the task to b.
    for s in static gs minmin; do
        run --separate-stderr gstr-sched -p two.platform --detect 1 --sched "$s" one.graph
        assert_success
        assert_line 'detect 3.5 1'
        assert_line --regexp '^dispatch 3.5 B1\.0 2$'
        assert_line --regexp '^finish [0-9.]+ B1\.0 2$'
        assert_line 'lost 0'
    done
    # ... and at 2.6, before it.
    run --separate-stderr gstr-sched -p two.platform --detect 0.1 --sched static one.graph
    assert_line --regexp '^dispatch 2.6 B1\.0 2$'
    assert_line 'lost 0'
}

@test "a pair's time on a UP of factor 1e300: the event model's times and wasted work stay finite (issue 26)" {
    # Work is held in seconds on the reference UP: 1e10 s at factor 1e300
    # is 1e310 of them, past the largest double. The event model refused
    # this platform ("makespan past the largest double") though each task
    # takes 1e10 s, and with replicas wrote a wasted work of nan, exit 0.
    cd "$BATS_TEST_TMPDIR"
    printf 'platform 1\ntasktime L1 1\nup a 1e300 1e300\ntime L1 "a" 1e10\nend 1\n' > big.platform
    printf 'app-graph 1\ntasktype L1 -\nbatch B1 L1 4 -\nend 1 0 4\n' > four.graph
    run gstr-sched -p big.platform four.graph
    assert_success
    assert_line "finish 20000000000 B1.1 1"
    assert_line "summary 40000000000 4 1e-10 1e+300 1e-310"
    # The thesis's model gives the same makespan.
    run gstr-sched --model thesis -p big.platform four.graph
    assert_line "summary 40000000000 4 1e-10 1e+300 1e-310"
    # A fast UP b beside it: a's replicas give no result; their work, 2 s
    # at factor 1e300, is finite in reference seconds.
    printf 'platform 1\ntasktime L1 1\nup a 1e300 1e300\nup b 1 1\ntime L1 "a" 1e10\nend 2\n' > two.platform
    printf 'app-graph 1\ntasktype L1 -\nbatch B1 L1 2 -\nend 1 0 2\n' > two.graph
    while read -r sched replication; do
        run gstr-sched --sched $sched -p two.platform two.graph
        assert_success
        assert_line "summary 2 2 1 1e+300 1e-300"
        assert_line "replication $replication"
    done <<'RUNS'
gstr 2 2 1.9999993214053406e+300
wqr 1 1 2.0000005987431387e+300
RUNS
    # A slow UP of factor 1e-200 beside it keeps a speed above 0 in the
    # unit the work is held in: nothing is lost.
    printf 'platform 1\ntasktime L1 1\nup a 1e300 1e300\nup c 1e-200 1e-200\ntime L1 "a" 1e10\nend 2\n' > mix.platform
    run gstr-sched -p mix.platform four.graph
    assert_success
    assert_line "lost 0"
    # Past the largest double in reference seconds: refused, not inf.
    printf 'platform 1\ntasktime L1 1\nup a 1.7e308 1.7e308\nup b 1 1\ntime L1 "a" 1e10\nend 2\n' > huge.platform
    printf 'app-graph 1\ntasktype L1 -\nbatch B1 L1 4 -\nend 1 0 4\n' > b4.graph
    run gstr-sched --sched gstr -p huge.platform b4.graph
    assert_failure 2
    assert_output --partial "error: the work of the copies that gave no result (seconds on the reference UP) is past the largest double"
}
