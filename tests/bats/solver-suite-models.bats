#!/usr/bin/env bats
# The models of pipelines/solver-suite (issue 27) at their files' default
# sizes: each compiles, mvd-solve answers, its reachable states are the
# count its opening comment gives, and its results agree with the closed
# form or the conservation law the comment states.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
}

# solve MODEL [OPTION...]: san2desc examples/san/MODEL.san | mvd-solve
# --tol 1e-10 OPTION... into $output.
solve() {
    local model=$1
    shift
    run bash -c 'set -o pipefail; san2desc "$1" | mvd-solve --top 1 --tol 1e-10 "${@:2}"' _ "$EXAMPLES/san/$model.san" "$@"
}

# value KEY: the value of result KEY in $output.
value() { awk -v k="$1" '$1 == "result" && $2 == k { print $3 }' <<< "$output"; }

# near A B TOL: |A - B| <= TOL.
near() {
    awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d
        if (a == "" || b == "" || d > t) { printf "%s differs from %s by %g > %g\n", a, b, d, t; exit 1 } }'
}

# sharing_checks: $output against pipelines/sharing-model exact 12 10.
sharing_checks() {
    assert_line "converged yes"
    local exact name want
    exact=$("$ROOT/pipelines/sharing-model" exact 12 10 1.3 2.1)
    [ "$(wc -l <<< "$exact")" -eq 12 ]
    while read -r name want; do
        near "$(value "$name")" "$want" 1e-9
    done <<< "$exact"
}

@test "sharing-functional-p10 (N = 12, P = 10): 4 083 states, p_0..p_10 and the mean match the product form" {
    solve sharing-functional-p10
    assert_success
    assert_line "space 4096 4083"
    sharing_checks
}

@test "sharing-sync-p10 (N = 12, P = 10): 4 083 of 45 056 states, the same product form" {
    solve sharing-sync-p10
    assert_success
    assert_line "space 45056 4083"
    sharing_checks
}

@test "polling (N = 8): 3 072 states reached from the initial one; server busy = 1 - mean full / N (flow balance)" {
    solve polling
    assert_success
    assert_line "space 4096 3072"
    assert_line "converged yes"
    # Served = arrived: mu p_serving = (mu / N) (N - mean_full).
    near "$(value p_serving)" "$(awk -v m="$(value mean_full)" 'BEGIN { printf "%.17g", 1 - m / 8 }')" 1e-9
    # Not a trivial one: the server is busy about 3/4 of the time.
    near "$(value p_serving)" 0.761 0.001
}

@test "polling at N = 12: N * 3 * 2^(N-1) = 73 728 reachable states (one power step, no solve)" {
    sed 's/^    N = 8;/    N = 12;/' "$EXAMPLES/san/polling.san" | san2desc > p12.desc
    run mvd-solve --method power --iterations 1 --top 1 p12.desc
    assert_success
    assert_line "space 98304 73728"
}

@test "kanban (K = 2): 7 776 states; the five machines' throughputs are equal (conservation of parts)" {
    solve kanban
    assert_success
    assert_line "space 7776 7776"
    assert_line "converged yes"
    local t1
    t1=$(value thr_1)
    near "$t1" 0.5318 0.0001
    for i in 2 3 4 5; do near "$(value thr_$i)" "$t1" 1e-8; done
}

@test "functional-net (K = 7): 4 096 states; admitted throughput = departures (conservation of jobs)" {
    solve functional-net
    assert_success
    assert_line "space 4096 4096"
    assert_line "converged yes"
    near "$(value thr_in)" "$(value thr_out)" 1e-8
    near "$(value thr_in)" 1.336 0.001
}

# Iad solves it matrix-free; the default aggregates over the two parts the
# slow failures split the chain into (the note on stderr), smoothing by
# bicgstab. Both against the machines' closed form.
machines_closed_form() {
    assert_success
    assert_line "converged yes"
    for i in 1 2 3; do near "$(value p_up_$i)" "$(awk 'BEGIN { printf "%.17g", 100 / 101 }')" 1e-9; done
    near "$(value p_all_up)" "$(awk 'BEGIN { printf "%.17g", (100 / 101) ^ 3 }')" 1e-9
}

@test "stiff (K = 7): 4 096 states; each machine is up 100/101 of the time, all three (100/101)^3" {
    solve stiff --algo reach --method iad
    assert_line "space 4096 4096"
    machines_closed_form
    solve stiff
    assert_line "space 4096 4096"
    assert_line --partial "the chain is nearly decomposable: 2 parts"
    machines_closed_form
}

# Bicgstab restarted by every aggregation loses its subspace: cut every 10
# steps, it took 684 steps at K = 16; smoothing as long as all the
# smoothings before, 176.
@test "stiff (K = 16, 39 304 states): the aggregation lets bicgstab run, within 400 steps" {
    sed 's/^    K = 7;/    K = 16;/' "$EXAMPLES/san/stiff.san" > s16.san
    run bash -c 'set -o pipefail; san2desc s16.san | mvd-solve --top 1 --tol 1e-10 --max-iter 400'
    assert_line "space 39304 39304"
    machines_closed_form
}

@test "tandem-blocking sized by K: K = 17 gives 18^4 = 104 976 states (one power step)" {
    sed 's/^    K = 7;/    K = 17;/' "$EXAMPLES/san/tandem-blocking.san" | san2desc > t17.desc
    run mvd-solve --method power --iterations 1 --top 1 t17.desc
    assert_success
    assert_line "space 104976 104976"
}
