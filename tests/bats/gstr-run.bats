#!/usr/bin/env bats
# gstr-sched --run (issue 30; lib/sched/mpi_run.c, mpi_worker.c): the
# event model's policies run the sieve of Chapter 6 as real commands on
# MPI workers, 2-4 ranks oversubscribed (mpi_run in helper.bash). The
# answer is checked against coreutils' factor, an independent count.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    pasl2graph "$EXAMPLES/pasl/sieve.pasl" > sieve.graph
    SIEVE=$PERFPIPE_BIN/../examples/sieve
}

# platform N UPS [EXTRA [L2]]: the sieve below N on UPS workers of one
# speed, EXTRA records (faults) before `end`, L2 the sieving command.
platform() {
    local n=$1 ups=$2 extra=${3:-} l2=${4:-"$SIEVE count"}
    echo "platform 1"
    echo "tasktime L1 0.01"
    echo "tasktime L2 0.1"
    echo "tasktime L3 0.01"
    echo "command L1 \"$SIEVE distribute $n\""
    echo "command L2 \"$l2\""
    echo "command L3 \"$SIEVE gather\""
    for i in $(seq 1 "$ups"); do echo "up w$i 1 1"; done
    [ -n "$extra" ] && printf '%b\n' "$extra"
    echo "end $ups"
}

# primes N: the primes below N, by factor(1) (not the example's sieve).
primes() {
    seq 2 $(($1 - 1)) | factor | awk 'NF == 2' | wc -l
}

# run_sieve NP SCHED PLATFORM [OPTIONS]: the run into out, err, work/.
run_sieve() {
    local np=$1 sched=$2 plat=$3
    shift 3
    rm -rf work
    mpi_run -np "$np" gstr-sched --run --sched="$sched" -p "$plat" \
        --workdir=work "$@" sieve.graph > out 2> err
}

# A trace that ended: every task's first result once, no copy file left.
check_trace() {
    grep -q '^model run ' out
    grep -q '^lost 0$' out
    [ "$(awk '$1 == "finish"' out | wc -l)" -eq 52 ]
    [ "$(awk '$1 == "finish" { print $3 }' out | sort -u | wc -l)" -eq 52 ]
    [ -z "$(ls -A work | grep '^\.copy-' || true)" ]
}

@test "every scheduler runs the sieve on 3 workers (4 ranks): the answer is factor's count, the trace the schedule format" {
    platform 300000 3 > sieve.platform
    want=$(primes 300000)
    for s in static gs gstr wqr minmin; do
        run_sieve 4 "$s" sieve.platform || { echo "$s: exit $?"; cat err; false; }
        [ "$(cat work/B3.0.out)" = "$want" ] || { echo "$s: $(cat work/B3.0.out) != $want"; false; }
        check_trace || { echo "$s"; cat out; false; }
        grep -q "^scheduler $s " out
    done
    # 50 counts, one per block, that sum to the answer.
    [ "$(cat work/B2.*.out | awk '{ s += $1 } END { print s }')" = "$want" ]
}

@test "a wider graph (examples/sieve/sieve-twice): two sievings side by side, compared by a last task" {
    pasl2graph "$EXAMPLES/sieve/sieve-twice.pasl" > twice.graph
    sed "s|build/examples/sieve|$SIEVE|" "$EXAMPLES/sieve/sieve-twice.platform" > twice.platform
    for s in gs gstr; do
        rm -rf work
        mpi_run -np 4 gstr-sched --run --sched="$s" -p twice.platform \
            --workdir=work twice.graph > out 2> err || { cat err; false; }
        [ "$(cat work/B6.0.out)" = "$(primes 2000000)" ]
        [ "$(awk '$1 == "finish"' out | wc -l)" -eq 46 ]
        # 12 and 30 blocks of one interval, summed apart.
        [ "$(cat work/B4.0.out)" = "$(cat work/B5.0.out)" ]
        [ "$(ls work/B2.*.out | wc -l)" -eq 12 ] && [ "$(ls work/B3.*.out | wc -l)" -eq 30 ]
    done
}

@test "2 and 3 ranks: one and two workers give the same answer" {
    want=$(primes 300000)
    for np in 2 3; do
        platform 300000 $((np - 1)) > p.platform
        for s in gstr static; do
            run_sieve "$np" "$s" p.platform || { echo "$np $s: exit $?"; cat err; false; }
            [ "$(cat work/B3.0.out)" = "$want" ]
            check_trace
        done
    done
}

@test "a command that fails is sent again; one that keeps failing stops the run with a message naming the task" {
    # Each sieving task fails once (exit 3), then succeeds.
    once='test -e $GSTR_WORKDIR/seen.$GSTR_INDEX || { touch $GSTR_WORKDIR/seen.$GSTR_INDEX; echo boom >&2; exit 3; }; '"$SIEVE count"
    platform 300000 3 "" "$once" > once.platform
    for s in gstr static; do
        run_sieve 4 "$s" once.platform || { echo "$s: exit $?"; cat err; false; }
        [ "$(cat work/B3.0.out)" = "$(primes 300000)" ]
        check_trace
        [ "$(grep -c '^error ' out)" -eq 50 ]
        [ "$(grep -c 'sent again (failure 1, --retries 2)$' err)" -eq 50 ]
        grep -q "^gstr-sched: warning: task B2.7 failed on UP 'w.' (exit status 3; its log: work/B2.7.err): sent again" err
    done
    # Always failing: --retries 1 sends a task once more, then stops.
    platform 300000 3 "" "false" > false.platform
    run run_sieve 4 wqr false.platform --retries=1
    assert_failure 1
    grep -Eq "^gstr-sched: error: task B2\.[0-9]+ failed on UP 'w.' \(exit status 1; its log: work/B2\.[0-9]+\.err\): 2 failures, --retries 1: the run stops$" err
    grep -q '^error ' out
    ! grep -q '^lost 0$' out
    # A command that never ends: --timeout kills it, a failure like the
    # others; without --timeout the run would wait on it (the worker
    # answers).
    platform 300000 3 "" "sleep 600; :" > hang.platform
    run run_sieve 4 gstr hang.platform --retries=1 --timeout=0.3
    assert_failure 1
    grep -Eq "^gstr-sched: error: task B2\.[0-9]+ failed on UP 'w.' \(still running after --timeout 0.3 s: killed; its log: work/B2\.[0-9]+\.err\): 2 failures, --retries 1: the run stops$" err
    [ -z "$(pgrep -f 'sleep 600' || true)" ] || { pgrep -af 'sleep 600'; false; }
    # A signal is a failure too, and says which.
    platform 300000 3 "" 'kill -SEGV $$' > sig.platform
    run run_sieve 4 gstr sig.platform --retries=0
    assert_failure 1
    grep -q 'killed by signal 11 (Segmentation fault)' err
}

@test "a worker silenced mid-run: GSTR and WQR finish by replicas, static and MinMin report the tasks lost, --detect lets static finish" {
    # Tasks long enough (about 15 ms each) that w2 falls silent holding
    # some: 6 * 10^8, whose prime count 31324703 sympy.primepi (an
    # independent count) gave when this test was written; factor(1) is
    # too slow that far.
    platform 600000000 3 "fail w2 at 0.2" > silent.platform
    want=31324703
    for s in gstr wqr; do
        run_sieve 4 "$s" silent.platform || { echo "$s: exit $?"; cat err; false; }
        [ "$(cat work/B3.0.out)" = "$want" ]
        check_trace
        grep -q '^fail 0.2 2$' out
        [ "$(awk '$1 == "replica"' out | wc -l)" -ge 1 ]
    done
    for s in static minmin; do
        run run_sieve 4 "$s" silent.platform
        assert_failure 1
        grep -Eq "^gstr-sched: error: [0-9]+ of 52 tasks can never finish: their copies are on silent workers \(UP 'w2'\), or they wait on such tasks: B2\.[0-9]+, " err
        grep -q '^summary - ' out
        ! grep -q '^lost 0$' out
    done
    run_sieve 4 static silent.platform --detect=0.5 || { cat err; false; }
    [ "$(cat work/B3.0.out)" = "$want" ]
    grep -q '^detect [0-9.]* 2$' out
}

# loads: the `load` lines' UP and first results, one line.
loads() {
    awk '$1 == "load" { printf "%s=%s ", $2, $4 }' "$1"
}

@test "a straggler slowed 5x (a duty cycle of 20 %): static plays the simulation's plan on it, GSTR takes its work away" {
    # 4 * 10^8: pi is 21336326 (sympy.primepi, an independent count, gave
    # it when this test was written; factor(1) is too slow that far).
    platform 400000000 3 "speed w2 0 0.2" > slow.platform
    # Static: the real run's first results per worker are the simulated
    # static's, the same plan from the same policy code, straggler or not.
    run_sieve 4 static slow.platform || { cat err; false; }
    [ "$(cat work/B3.0.out)" = 21336326 ]
    grep -q '^speed 0 2 0.2$' out
    cp out static.out
    gstr-sched --sched static -p slow.platform sieve.graph > sim.out
    [ "$(loads static.out)" = "$(loads sim.out)" ] || { loads static.out; loads sim.out; false; }
    # GSTR: the slow worker gives fewer first results than either other
    # (6 to 9 against 20 to 24 in trials: its planned tasks replicated
    # elsewhere, the queue served by the fast ones).
    run_sieve 4 gstr slow.platform || { cat err; false; }
    [ "$(cat work/B3.0.out)" = 21336326 ]
    awk '$1 == "load" { n[$2] = $4 } END { exit !(n[2] < n[1] && n[2] < n[3]) }' out ||
        { loads out; false; }
    # The makespans, for the log only: on two cores shared by four ranks
    # and other work they are not a stable measure (static grew 1.2x to
    # 1.7x with the straggler in trials, GSTR 0.77x to 1.8x).
    echo "static $(awk '$1 == "summary" { print $2 }' static.out) s, gstr $(awk '$1 == "summary" { print $2 }' out) s; $(uptime)"
}

@test "pipelines/join-real: calibrates, then prints and plots simulated against measured makespans for every scheduler" {
    command -v gnuplot > /dev/null || skip "gnuplot not installed (make deps)"
    run "$ROOT/pipelines/join-real" "$PERFPIPE_BIN" out 3000000 1
    assert_success
    for s in static gs gstr wqr minmin; do
        assert_line --regexp "^$s +[0-9.]+ s +[0-9.]+ s +[-+][0-9.]+%$"
    done
    [ -s out/join-real.png ]
    [ "$(grep -c '^time L2 "w[123]" ' out/join-real.platform)" -eq 3 ]
    # The calibrated platform is one the simulation reads.
    gstr-sched -p out/join-real.platform sieve.graph > /dev/null
}

@test "--calibrate writes the platform with each (type, worker) pair's measured time; the simulation reads it" {
    platform 300000 3 > p.platform
    run_sieve 4 static p.platform --slots=1 --calibrate -o cal.platform || { cat err; false; }
    [ ! -s out ]
    # Every command kept, a time per worker for L2 (50 tasks on 3 workers),
    # L1 and L3 on the worker that ran them, each type's tasktime their mean.
    [ "$(grep -c '^command L' cal.platform)" -eq 3 ]
    [ "$(grep -c '^time L2 "w[123]" [0-9.e-]*$' cal.platform)" -eq 3 ]
    [ "$(grep -c '^time L[13] ' cal.platform)" -eq 2 ]
    awk '$1 == "time" && !($4 > 0) { exit 1 }' cal.platform
    awk '$1 == "tasktime" && $2 == "L2" { t = $3 } $1 == "time" && $2 == "L2" { s += $4; n++ }
         END { exit !(n == 3 && t >= s / n * 0.5 && t <= s / n * 2) }' cal.platform
    gstr-sched -p cal.platform --slots=1 sieve.graph | grep -q '^summary [0-9]'
}

@test "--run's usage and input errors: exit 2 with a message, before any task runs" {
    platform 300000 3 > p.platform
    run gstr-sched --calibrate -p p.platform sieve.graph
    assert_failure 2
    assert_line "gstr-sched: --calibrate applies only with --run"
    run gstr-sched --workdir=w -p p.platform sieve.graph
    assert_failure 2
    assert_line "gstr-sched: --workdir applies only with --run"
    run gstr-sched --run -p p.platform sieve.graph
    assert_failure 2
    assert_line --partial "gstr-sched: --run needs workers: mpirun -np P gstr-sched --run ..."
    run gstr-sched --run --model=thesis -p p.platform sieve.graph
    assert_failure 2
    run gstr-sched --run --timeout=0 -p p.platform sieve.graph
    assert_failure 2
    assert_line "gstr-sched: --timeout must be a number of seconds > 0, not '0'"
    run gstr-sched --timeout=1 -p p.platform sieve.graph
    assert_failure 2
    assert_line "gstr-sched: --timeout applies only with --run"
    run run_sieve 3 gstr p.platform
    assert_failure 2
    grep -q "^gstr-sched: p.platform: error: the platform has 3 UPs and the job 2 workers: one rank per UP beside the coordinator (mpirun -np 4)$" err
    grep -v '^command L2' p.platform > nocmd.platform
    run run_sieve 4 gstr nocmd.platform
    assert_failure 2
    grep -q "^gstr-sched: sieve.graph:[0-9]*: error: task type L2 of batch B2 has no command on the platform: add 'command L2 \"COMMAND\"' to nocmd.platform$" err
    sed 's/^batch B2 /batch "B\/2" /; s/ B2 data$/ "B\/2" data/; s/^edge B2 /edge "B\/2" /' sieve.graph > slash.graph
    rm -rf work
    run mpi_run -np 4 gstr-sched --run -p p.platform --workdir=work slash.graph
    assert_failure 2
    assert_line --partial "cannot name a file in the work directory"
    [ ! -e work ] || [ -z "$(ls -A work)" ]
}
