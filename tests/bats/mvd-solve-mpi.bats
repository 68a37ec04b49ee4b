#!/usr/bin/env bats
# mvd-solve over MPI ranks (issue 13; lib/mvd/mpi/par.h): every scheduler
# gives the sequential products and solutions, Figure 8's golden vectors
# at 2 and 3 ranks, the same iteration count and digits at every P, the
# same bits run to run; ranks that read other input, or die, end the job
# with a message. 1-4 ranks, oversubscribed (mpi_run in helper.bash).

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    cp "$EXAMPLES/san/figure8.desc" .
}

# The four schedulers with their kernels, fast and faithful, and the
# fast slice's rows.
SCHEDS=("--algo shuffle --sched terms-rr" "--algo shuffle --sched terms-cost"
        "--algo slice --sched terms-rr" "--algo slice --sched aunf"
        "--algo shuffle --sched terms-cost --faithful"
        "--algo slice --sched aunf --faithful" "--algo slice --sched rows")

vector_file() {
    echo "vector 1"
    echo "n $#"
    printf '%s\n' "$@"
    echo "end $#"
}

# same_results A B TOL: the result and state records of two san-result
# files agree within TOL, the other records (but time) exactly.
same_results() {
    awk -v tol="$3" 'NR == FNR { a[FNR] = $0; n = FNR; next }
        { if (!(FNR in a)) { print "extra line " FNR; bad = 1; exit }
          split(a[FNR], x); if ($1 ~ /^time/) next
          if ($1 == "result" || $1 == "state") {
              d = x[3] - $3; if (d < 0) d = -d
              if (d > tol || x[2] != $2) { print "line " FNR ": " a[FNR] " / " $0; bad = 1 }
          } else if (a[FNR] != $0 && $1 != "residual" && $1 != "balance" && $1 != "estimate") {
              print "line " FNR ": " a[FNR] " / " $0; bad = 1 } }
        END { if (FNR != n) { print "lengths " n " " FNR; bad = 1 } exit bad }' "$1" "$2"
}

@test "Figure 8's golden products (notes §5.2) at 2 and 3 ranks, every scheduler, fast and faithful" {
    ones="64 1 2 28 4 8 16 1 2 124 1 2 40 4 8 28 1 2 528 12 24 288 48 96 144 12 24 48 2 4 40 8 16 16 2 4"
    seqq="778 2 4 256 20 40 238 8 16 502 11 22 352 56 112 262 17 34 7416 222 444 5640 1032 2064 2904 294 588 1468 58 116 1296 256 512 564 70 140"
    seq 1 36 > plain.vec
    for np in 2 3; do
        for s in "${SCHEDS[@]}"; do
            mpi_run -n "$np" mvd-solve $s --ones figure8.desc > ones.out 2> err ||
                { echo "$np $s: exit $?"; cat err; false; }
            [ "$(cat ones.out)" = "$(vector_file $ones)" ] || { echo "$np $s"; false; }
            mpi_run -n "$np" mvd-solve $s --mvd plain.vec figure8.desc > seq.out 2> err ||
                { echo "$np $s: exit $?"; cat err; false; }
            [ "$(cat seq.out)" = "$(vector_file $seqq)" ] || { echo "$np $s"; false; }
        done
    done
}

@test "every scheduler at 1-4 ranks solves as the sequential program does, to rounding (gmres)" {
    for m in sc-like sharing-functional tandem-blocking; do
        san2desc "$EXAMPLES/san/$m.san" > "$m.desc"
        mvd-solve --algo slice --method gmres "$m.desc" > "$m.seq"
    done
    np=1
    for m in sc-like sharing-functional tandem-blocking; do
        for s in "${SCHEDS[@]}"; do
            np=$((np % 4 + 1))
            mpi_run -n "$np" mvd-solve --method gmres $s "$m.desc" > par.out 2> err
            # the algo record names the kernel: compare past it
            grep -v '^algo ' "$m.seq" > a
            grep -v '^algo ' par.out > b
            same_results a b 1e-12 || { echo "$m $np $s"; false; }
        done
    done
}

@test "a solve stops at the same iteration with the same digits at every P (power, 1-4 ranks)" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tb.desc
    for np in 1 2 3 4; do
        mpi_run -n "$np" mvd-solve --algo slice --sched aunf --method power tb.desc > "p$np" 2> err
        awk '$1 == "iterations" || $1 == "multiplications" { print }
             $1 == "result" { printf "result %s %.11g\n", $2, $3 }' "p$np" > "d$np"
    done
    grep -q '^iterations [0-9][0-9]' d1
    for np in 2 3 4; do cmp d1 "d$np"; done
    # and the sequential program's, to the same digits
    mvd-solve --algo slice --method power tb.desc | awk '$1 == "iterations" || $1 == "multiplications" { print }
             $1 == "result" { printf "result %s %.11g\n", $2, $3 }' > d0
    cmp d0 d1
}

@test "--sched rows: the sequential program's output bit for bit at 1-4 ranks with whole vectors (every product row is computed as one process computes it), the same digits distributed" {
    for m in sc-like sharing-functional tandem-blocking misto-like; do
        san2desc "$EXAMPLES/san/$m.san" > "$m.desc"
    done
    for m in sc-like sharing-functional tandem-blocking; do
        mvd-solve --algo slice --method gmres "$m.desc" > "$m.seq"
        for np in 1 2 3 4; do
            mpi_run -n "$np" mvd-solve --algo slice --sched rows --vectors replicated \
                --method gmres "$m.desc" > par.out 2> err
            cmp "$m.seq" par.out || { echo "$m $np"; false; }
            mpi_run -n "$np" mvd-solve --algo slice --sched rows --method gmres "$m.desc" > dist.out 2> err
            same_results "$m.seq" dist.out 1e-12 || { echo "$m $np distributed"; false; }
        done
    done
    # Misto-like (725760 states): ten power iterations, the same bits at 3 ranks
    mvd-solve --algo slice --iterations 10 misto-like.desc > misto.seq
    mpi_run -n 3 mvd-solve --algo slice --sched rows --vectors replicated --iterations 10 \
        misto-like.desc > misto.par 2> err
    cmp misto.seq misto.par
}

@test "two runs at the same P give the same bits (distributed, replicated reduce-scatter, faithful reduce)" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tb.desc
    for s in "--algo slice --sched aunf" "--algo slice --sched aunf --vectors replicated" \
             "--algo shuffle --sched terms-rr --faithful"; do
        for run in 1 2; do
            mpi_run -n 3 mvd-solve --method gmres $s tb.desc > "r$run" 2> err
        done
        cmp r1 r2
        grep -q '^converged yes' r1
    done
}

@test "distributed vectors (the default at 2-4 ranks): gmres, power and jor stop where the sequential program does, the solution to rounding; replicated too" {
    np=1
    for m in sc-like sharing-functional tandem-blocking; do
        san2desc "$EXAMPLES/san/$m.san" > "$m.desc"
        for method in gmres power jor; do
            mvd-solve --algo slice --method "$method" "$m.desc" | grep -v '^algo ' > seq
            np=$((np % 3 + 2))
            for v in distributed replicated; do
                mpi_run -n "$np" mvd-solve --method "$method" --vectors "$v" "$m.desc" > par.out 2> err
                grep -v '^algo ' par.out > b
                # iterations and multiplications exactly, results and states to rounding
                same_results seq b 1e-14 || { echo "$m $method $np $v"; false; }
            done
        done
    done
}

@test "--max-memory counts per rank: gmres's whole vectors over it at 4 ranks, distributed ones within it" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tb.desc
    # 4096 states: whole, gmres's 31 basis vectors alone take 1015808 bytes
    # on every rank; distributed, a quarter of them, beside 3 whole vectors
    run mpi_run -n 4 mvd-solve --method gmres --vectors replicated --max-memory 1000000 tb.desc
    [ "$status" -ne 0 ] && [ "$status" -ne 124 ]
    assert_output --partial "mvd-solve: tb.desc: error: gmres needs 1015808 bytes for its 31 vectors of 4096 reachable states, over --max-memory 1000000"
    mpi_run -n 4 mvd-solve --method gmres --max-memory 1000000 tb.desc > dist
    mvd-solve --algo slice --method gmres tb.desc > seq
    same_results <(grep -v '^algo ' seq) <(grep -v '^algo ' dist) 1e-14
    # and a budget that not even distributed vectors fit, said per rank
    run mpi_run -n 4 mvd-solve --method gmres --max-memory 100000 tb.desc
    [ "$status" -ne 0 ] && [ "$status" -ne 124 ]
    assert_output --partial "mvd-solve: tb.desc: error: needs 139264 bytes for 5 vectors of 4096 states on each of 4 ranks (distributed: the solver's 3 over a block, the product's 2 whole) and the reachable set, over --max-memory 100000"
}

@test "distributed vectors: a chain with transient states is solved with whole vectors, after a note" {
    printf '%s\n' 'san-desc 1' 'automaton Q t0 t1 b1 b2' 'term local Q' 'factor Q' \
        'e 0 0 -1' 'e 0 1 1' 'e 1 0 1' 'e 1 1 -4' 'e 1 2 3' \
        'e 2 2 -1' 'e 2 3 1' 'e 3 2 2' 'e 3 3 -2' 'initial t0' 'end 1 0 1' > one.desc
    mpi_run -n 2 mvd-solve --method power one.desc > par.out 2> err
    grep -q 'note: the chain is not irreducible, or falls into weakly joined parts: solved with whole vectors on every rank' err
    diff par.out <(mvd-solve --algo slice --method power one.desc 2> /dev/null)
    # under rows too (its rows then shared in place), the sequential bits
    mpi_run -n 2 mvd-solve --method power --algo slice --sched rows one.desc > rows.out 2> err
    grep -q 'note: the chain is not irreducible' err
    diff rows.out <(mvd-solve --method power --algo slice one.desc 2> /dev/null)
}

@test "--vectors: distributed excludes --faithful and gth; only when solving (exit 2)" {
    run mvd-solve --vectors distributed --faithful figure8.desc
    assert_failure 2
    assert_output --partial "mvd-solve: --vectors distributed and --faithful exclude one another"
    run mvd-solve --vectors distributed --method gth figure8.desc
    assert_failure 2
    assert_output --partial "mvd-solve: --vectors distributed applies only with --method power, jor, gmres or auto"
    run mvd-solve --vectors replicated --ones figure8.desc
    assert_failure 2
    assert_output --partial "mvd-solve: --vectors applies only when solving, not with --ones"
    run mvd-solve --vectors sideways figure8.desc
    assert_failure 2
}

@test "--mvd at 3 ranks, fast (reduce-scatter) and faithful (reduce, broadcast): the sequential product to rounding" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tb.desc
    mvd-solve --ones tb.desc > ones.vec
    mpi_run -n 3 mvd-solve --algo slice --sched aunf --mvd ones.vec tb.desc > fast
    mpi_run -n 3 mvd-solve --algo slice --sched aunf --faithful --mvd ones.vec tb.desc > faith
    mvd-solve --algo slice --mvd ones.vec tb.desc > seq
    # every product to rounding of the sequential one
    paste seq fast | awk 'NR > 2 && $1 != "end" { d = $1 - $2; if (d < 0) d = -d
        s = $1 < 0 ? -$1 : $1; if (d > 1e-12 * (s + 1)) { print NR ": " $0; bad = 1 } }
        END { exit bad }'
    paste seq faith | awk 'NR > 2 && $1 != "end" { d = $1 - $2; if (d < 0) d = -d
        s = $1 < 0 ? -$1 : $1; if (d > 1e-12 * (s + 1)) { print NR ": " $0; bad = 1 } }
        END { exit bad }'
}

@test "P > terms: idle ranks said once, the product still the sequential one" {
    mpi_run -n 4 mvd-solve --algo shuffle --sched terms-rr --ones figure8.desc > out 2> err
    [ "$(grep -c 'warning: 2 of 4 ranks idle: terms-rr gives whole terms, and the descriptor has 2' err)" -eq 1 ]
    diff out <(mvd-solve --ones figure8.desc)
}

@test "under mpirun: --load-report's --ranks is the job's, one report; the descriptor on standard input" {
    mpi_run -n 3 mvd-solve --load-report figure8.desc > out
    grep -qx 'schedule aunf slice 3' out
    [ "$(grep -c '^mvd-load 1' out)" -eq 1 ]
    grep -qx 'range 0 0 17' out
    san2desc "$EXAMPLES/san/sc-like.san" | mpi_run -n 2 mvd-solve --algo slice > out
    grep -qx 'result p_cs_1 0.52173913043478[0-9]*' out
}

@test "a descriptor or options that differ across ranks end the job with a message (exit 2)" {
    sed 's/^1 0 1 0$/1 0 2 0/' figure8.desc > other.desc
    if cmp -s figure8.desc other.desc; then false; fi
    run mpi_run -n 1 mvd-solve --ones figure8.desc : -n 1 mvd-solve --ones other.desc
    [ "$status" -ne 0 ] && [ "$status" -ne 124 ]
    assert_output --partial "mvd-solve: figure8.desc: error: the ranks differ: 1 of the 1 other ranks read another descriptor than rank 0 (rank 1 first: hash "
    run mpi_run -n 2 mvd-solve --ones figure8.desc : -n 1 mvd-solve --faithful --ones figure8.desc
    [ "$status" -ne 0 ] && [ "$status" -ne 124 ]
    assert_output --partial "error: the ranks differ: 1 of the 2 other ranks read another set of options than rank 0 (rank 2 first: hash "
}

@test "a rank that dies mid-solve ends the job with a message, no hang" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tb.desc
    # power with a tolerance it never meets: it runs until killed
    args="--algo slice --method power --tol 1e-300 --max-iter 1000000000 tb.desc"
    run mpi_run -n 1 mvd-solve $args : -n 1 timeout -s KILL 2 mvd-solve $args
    [ "$status" -ne 0 ] && [ "$status" -ne 124 ]
    assert_output --partial "rank 1"
    assert_output --partial "signal 9"
}

@test "over MPI ranks: sparse and reach refused with a message (exit 2); one rank runs them" {
    run mpi_run -n 2 mvd-solve --algo sparse --ones figure8.desc
    [ "$status" -ne 0 ] && [ "$status" -ne 124 ]
    assert_output --partial "mvd-solve: figure8.desc: error: --algo sparse runs on one process: over 2 MPI ranks, --algo shuffle or slice"
    mpi_run -n 1 mvd-solve --algo sparse --ones figure8.desc > out
    diff out <(mvd-solve --ones figure8.desc)
}

@test "--time under mpirun: time-sum (0 on one rank, within time-multiply) and a time-rank per rank; neither without --time" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tb.desc
    mpi_run -n 1 mvd-solve --algo slice --iterations 10 --time tb.desc > one
    grep -qx 'time-sum 0.000000' one
    grep -qx 'time-rank 0 [0-9]*\.[0-9]\{6\} 0.000000 [0-9]*\.[0-9]\{6\}' one
    for s in "--algo slice --sched aunf" "--algo shuffle --sched terms-rr --faithful"; do
        mpi_run -n 3 mvd-solve $s --iterations 10 --time tb.desc > out
        # after time-multiply, in this order: time-sum, ranks 0, 1, 2
        [ "$(awk '$1 ~ /^time-/ { print $1 ($1 == "time-rank" ? " " $2 : "") }' out | paste -sd,)" = \
          "time-setup,time-multiply,time-sum,time-rank 0,time-rank 1,time-rank 2" ]
        # sanity, no timing asserted: 0 <= sum <= multiply; sum the least
        # of the ranks' sums; rank 0's kernels + sums = time-multiply; CPU
        # seconds >= 0
        awk '$1 == "time-multiply" { m = $2 } $1 == "time-sum" { s = $2 }
             $1 == "time-rank" { r[$2] = $3; w[$2] = $4; c[$2] = $5; n++ }
             END { least = w[0]; for (k in w) if (w[k] < least) least = w[k]
                   for (k in c) if (!(c[k] >= 0)) exit 1
                   d = r[0] + w[0] - m; if (d < 0) d = -d
                   exit !(n == 3 && 0 <= s && s <= m && s == least && d <= 2e-6) }' out
    done
    mpi_run -n 2 mvd-solve --algo slice --iterations 10 tb.desc > quiet
    ! grep -q '^time' quiet
}

@test "--iterations under mpirun: the same iterations, products and digits at 1-3 ranks as without mpirun, exit 0" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tb.desc
    mvd-solve --algo slice --iterations 12 tb.desc > seq.out
    grep -qx 'iterations 12' seq.out
    grep -qx 'multiplications 13' seq.out
    for np in 1 2 3; do
        mpi_run -n "$np" mvd-solve --algo slice --sched aunf --iterations 12 tb.desc > "p$np"
        grep -v '^algo ' seq.out > a
        grep -v '^algo ' "p$np" > b
        same_results a b 1e-12 || { echo "$np"; false; }
    done
}

@test "the default sum of the reachable states' entries only: the sequential products and solutions, and a descriptor whose terms lead out of them (cancelling) summed whole" {
    # a0 -> a2 at 5 in one term, -5 in the next: Q never leaves A != a2,
    # the reachable set, but a rank's partial does
    cat > out.desc <<'DESC'
san-desc 1
model "a term leads out of the reachable states, the next cancels it"
automaton A a0 a1 a2
automaton B b0 b1
term local A
factor A
e 0 0 -1
e 0 1 1
e 1 0 2
e 1 1 -2
e 0 2 5
e 2 0 1
e 2 2 -1
term local A
factor A
e 0 2 -5
term local B
factor B
e 0 0 -1
e 0 1 1
e 1 0 1
e 1 1 -1
function not_a2 st A 2 == not
reachability not_a2
end 2 1 3
DESC
    san2desc "$EXAMPLES/san/sc-like.san" > sc.desc
    for m in out sc; do
        mvd-solve --algo slice --method gmres "$m.desc" | grep -v '^algo ' > a
        mvd-solve --algo shuffle --ones "$m.desc" > ones.seq
        for np in 2 3; do
            mpi_run -n "$np" mvd-solve --algo shuffle --sched terms-rr --method gmres "$m.desc" |
                grep -v '^algo ' > b
            same_results a b 1e-12 || { echo "$m $np"; false; }
            mpi_run -n "$np" mvd-solve --algo shuffle --sched terms-rr --ones "$m.desc" > ones.par
            cmp ones.seq ones.par
        done
    done
}

@test "pipelines/mvd-mpi (make bench): a row per scheduler at 2 ranks beside the sequential and 1-rank rows, figures only" {
    run env REPS=2 ITER=5 MODELS=sc FAITHFUL=1 "$ROOT/pipelines/mvd-mpi" "$PERFPIPE_BIN"
    assert_success
    assert_line --regexp '^load average before: [0-9.]+ [0-9.]+ [0-9.]+ \([0-9]+ cores\)$'
    assert_line --regexp '^load average after: '
    for s in "shuffle terms-rr" "shuffle terms-cost" "slice terms-rr" "slice aunf" \
             "slice rows" "shuffle terms-cost --faithful" "slice aunf --faithful"; do
        # ms/mult sd min sum% wait% kern run% S E% S1 E1% Emin% Ecpu%
        assert_line --regexp "^SC-like $s +2 +[0-9.]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +-?[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9]+ +[0-9]+ +[0-9]+$"
    done
    [ "$(grep -c '(sequential)' <<< "$output")" -eq 4 ]
    [ "$(grep -c '(any sched) *1 ' <<< "$output")" -eq 4 ]
}
