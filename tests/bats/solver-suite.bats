#!/usr/bin/env bats
# pipelines/solver-suite (issue 27) on one model at its file's own size:
# the table's row, the closed-form error, every combination of --help run.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
}

@test "solver-suite at the default size: sharing-sync's row, error against the closed form, every combination run" {
    SIZES=default MODELS=sharing-sync TIMEOUT=20 CUT_MIN=1 run "$ROOT/pipelines/solver-suite" "$PERFPIPE_BIN" out
    assert_success
    # model states nonzeros setup iter-ms iters wall MB auto error best best-s ratio
    row=$(awk '$1 == "sharing-sync"' out/solver-suite.txt)
    read -r name states _ _ _ iters _ mb auto err best bests ratio <<< "$row"
    assert_equal "$states" 4083
    [[ $iters =~ ^[0-9]+$ ]]
    [[ $mb =~ ^[0-9]+$ ]]
    [[ $auto == */* ]]
    # The default's results against p(k) = C(N,k) r^k / sum: a real number, small.
    awk -v e="$err" 'BEGIN { exit !(e + 0 == e && e < 1e-8) }'
    [[ $best == */* ]]
    awk -v r="$ratio" 'BEGIN { exit !(r + 0 == r && r > 0) }'
    # Every algorithm and method of --help, threads 1 and 2 for reach;
    # gs on slice is refused as usage: n/a.
    for c in reach/iad/t2 reach/gs/t1 slice/gmres sparse/jor shuffle/power; do
        grep -q "^$c " out/solver-suite-runs.txt
    done
    grep -q '^slice/gs .* n/a$' out/solver-suite-runs.txt
    grep -q '^reference: closed form$' out/solver-suite-runs.txt
}

@test "solver-suite refuses an unknown model and an unknown size (exit 2)" {
    MODELS=nosuch run "$ROOT/pipelines/solver-suite" "$PERFPIPE_BIN" out
    assert_failure 2
    assert_output --partial "solver-suite: no model 'nosuch'"
    SIZES=1e7 MODELS=polling run "$ROOT/pipelines/solver-suite" "$PERFPIPE_BIN" out
    assert_failure 2
    assert_output --partial "SIZES are 1e5, 1e6 or default, not '1e7'"
}
