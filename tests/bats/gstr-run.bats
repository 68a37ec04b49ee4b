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
    # A signal is a failure too, and says which.
    platform 300000 3 "" 'kill -SEGV $$' > sig.platform
    run run_sieve 4 gstr sig.platform --retries=0
    assert_failure 1
    grep -q 'killed by signal 11 (Segmentation fault)' err
}

@test "a worker silenced mid-run: GSTR and WQR finish by replicas, static and MinMin report the tasks lost, --detect lets static finish" {
    # Tasks long enough (about 30 ms each) that w2 falls silent holding
    # some: 10^9, whose prime count is the published pi(10^9) (OEIS
    # A006880), too many numbers for factor(1) here.
    platform 1000000000 3 "fail w2 at 0.2" > silent.platform
    want=50847534
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
