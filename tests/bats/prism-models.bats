#!/usr/bin/env bats
# PRISM's CTMC case studies (issue 28): the SAN twins of the PRISM files in
# examples/prism reach, from their initial state, exactly the states PRISM
# publishes for them, at two sizes each (the counts are in each twin's
# opening comment, and in /work/shared-notes/prism-casestudies.md's tables
# from PRISM's benchmark logs). The last tests read the PRISM files
# themselves, and wait for the PRISM reader: each compares it with the twin.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
}

# sized MODEL NAME=VALUE...: examples/san/prism-MODEL.san with each size
# identifier line "    NAME = ...;" set to VALUE, on stdout; fails when a
# NAME has no such line.
sized() {
    local file=$EXAMPLES/san/prism-$1.san kv
    shift
    local args=()
    for kv in "$@"; do
        grep -q "^    ${kv%%=*} = [0-9.]*;" "$file" || { echo "no line '${kv%%=*} = ...;' in $file" >&2; return 1; }
        args+=(-e "s/^    ${kv%%=*} = [0-9.]*;/    ${kv%%=*} = ${kv#*=};/")
    done
    sed "${args[@]}" "$file"
}

# twin MODEL NAME=VALUE...: the sized twin through san2desc | mvd-solve
# --top 1 --tol 1e-10, into $output.
twin() {
    sized "$@" > twin.san || return 1
    run bash -c 'set -o pipefail; san2desc twin.san | mvd-solve --top 1 --tol 1e-10'
}

# value KEY: the value of result KEY in $output.
value() { awk -v k="$1" '$1 == "result" && $2 == k { print $3 }' <<< "$output"; }

# near A B TOL: |A - B| <= TOL * max(1, |B|).
near() {
    awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d
        m = b < 0 ? -b : b; if (m < 1) m = 1
        if (a == "" || b == "" || d > t * m) { printf "%s differs from %s by %g > %g\n", a, b, d, t * m; exit 1 } }'
}

# reachable: the reachable count of the space record in $output.
reachable() { awk '$1 == "space" { print $3 }' <<< "$output"; }

@test "prism-polling (N = 3, 4): 36 and 96 states as PRISM's, 3 N 2^(N-1)" {
    local n want
    for n in 3 4; do
        twin polling N=$n
        assert_success
        want=$((3 * n * (1 << (n - 1))))
        assert_line "space $((2 * n * (1 << n))) $want"
        assert_line "converged yes"
        near "$(value s1_waiting)" "$(value waiting)" 1e-12
    done
}

@test "prism-polling (N = 5, the PRISM file's size): 240 states as PRISM's" {
    twin polling N=5
    assert_success
    assert_line "space 320 240"
    assert_line "converged yes"
}

@test "prism-tandem (c = 5, 7): 66 and 120 states as PRISM's, (c+1)(2c+1)" {
    local c
    for c in 5 7; do
        twin tandem c=$c
        assert_success
        assert_line "space $((2 * (c + 1) * (c + 1))) $(((c + 1) * (2 * c + 1)))"
        assert_line "converged yes"
    done
}

@test "prism-kanban (t = 1, 2): 160 and 4600 states as PRISM's; cells 2 and 3 hold the same tokens" {
    twin kanban t=1
    assert_success
    assert_line "space 65536 160"
    assert_line "converged yes"
    twin kanban t=2
    assert_success
    assert_line "space 43046721 4600"
    assert_line "converged yes"
    # s1 fills cells 2 and 3 together and s2 empties them together.
    near "$(value tokens_cell2)" "$(value tokens_cell3)" 1e-9
}

@test "prism-cluster (N = 2, 4): 276 and 820 states as PRISM's; minimum and time below it add up to 1" {
    twin cluster N=2
    assert_success
    assert_line "space 4608 276"
    assert_line "converged yes"
    twin cluster N=4
    assert_success
    assert_line "space 12800 820"
    assert_line "converged yes"
    near "$(awk -v a="$(value minimum)" -v b="$(value time_not_min)" 'BEGIN { printf "%.17g", a + b }')" 1 1e-12
}

@test "prism-fms (n = 1, 2): 54 and 810 states as PRISM's" {
    twin fms n=1 np=1
    assert_success
    assert_line "space 393216 54"
    assert_line "converged yes"
    twin fms n=2 np=3
    assert_success
    assert_line "space 114791256 810"
    assert_line "converged yes"
    local p
    p=$(awk -v a="$(value throughput_m1)" -v b="$(value throughput_m2)" -v c="$(value throughput_m3)" \
        -v d="$(value throughput_m12)" 'BEGIN { printf "%.17g", 400 * a + 600 * b + 100 * c + 1100 * d }')
    near "$(value productivity)" "$p" 1e-12
}

# The embedded system fails for good: 36 absorbing states (see the twin's
# comment) and the rest transient, so mvd-solve refuses it and names both
# counts; their sum is PRISM's 3478 + 845 (MAX_COUNT - 2).
@test "prism-embedded (MAX_COUNT = 2, 3): 3478 and 4323 states as PRISM's, 36 absorbing" {
    local m
    for m in 2 3; do
        twin embedded MAX_COUNT=$m
        assert_failure 2
        assert_output --partial "the chain is not irreducible: 36 closed classes and $((3478 + 845 * (m - 2) - 36)) transient states"
    done
}

# ---------------------------------------------------------------------
# The PRISM files, read by san2desc --from prism (issue 28): each against
# its twin at the same size, the reachable count and every result of the
# twin to 1e-9 (relative to the value when it is above 1).

# prism_vs_twin MODEL SAN_SIZES -- PRISM_OPTIONS...: solves the twin sized
# SAN_SIZES (NAME=VALUE, space separated) and examples/prism/MODEL.sm with
# PRISM_OPTIONS, and compares them.
prism_vs_twin() {
    local model=$1 sizes=$2
    shift 3
    # shellcheck disable=SC2086
    twin "$model" $sizes
    assert_success
    local want_space=$(reachable) san_output=$output
    run bash -c 'set -o pipefail; san2desc --from prism "$@" | mvd-solve --top 1 --tol 1e-10' _ "$@" "$EXAMPLES/prism/$model.sm"
    assert_success
    assert_line "converged yes"
    [ "$(reachable)" = "$want_space" ]
    local prism_output=$output name v
    while read -r name v; do
        output=$prism_output
        near "$(value "$name")" "$v" 1e-9
    done < <(awk '$1 == "result" { print $2, $3 }' <<< "$san_output")
}

@test "PRISM reader: polling.sm (N = 5) against its twin" {
    prism_vs_twin polling "N=5" --
}

@test "PRISM reader: tandem.sm (c = 5, and -D c=7) against its twin" {
    prism_vs_twin tandem "c=5" --
    prism_vs_twin tandem "c=7" -- -D c=7
}

@test "PRISM reader: kanban.sm (t = 2, and -D t=1) against its twin" {
    prism_vs_twin kanban "t=2" --
    prism_vs_twin kanban "t=1" -- -D t=1
}

# Kanban's 16 variables of t + 1 values each make a product space far
# larger than the reachable set: mvd-solve's default index is then the
# hash of the reachable states (the bitmap over 5^16 product states would
# need 38 GB). The counts are PRISM's benchmark logs' (states and
# transitions); nonzeros counts the transitions between distinct states,
# as PRISM does.
@test "PRISM reader: kanban.sm at t = 3 and 4 over the hashed index: PRISM's 58400 and 454475 states, 446400 and 3979850 transitions" {
    local t
    for t in 3 4; do
        run bash -c 'set -o pipefail; san2desc -D t="$1" "$2" | mvd-solve --top 1 --tol 1e-10' _ "$t" "$EXAMPLES/prism/kanban.sm"
        assert_success
        assert_line "index hash"
        assert_line "converged yes"
        near "$(value tokens_cell2)" "$(value tokens_cell3)" 1e-9
    done
    assert_line "space 152587890625 454475"
    assert_line "nonzeros 3979850"
    run bash -c 'set -o pipefail; san2desc -D t=3 "$1" | mvd-solve --top 1 --tol 1e-10 | grep -E "^(space|nonzeros)"' _ "$EXAMPLES/prism/kanban.sm"
    assert_output "space 4294967296 58400
nonzeros 446400"
}

# PRISM's tandem from c = 260 on: bicgstab stalls (at step 507), and the
# Gauss-Seidel sweeps that follow from its iterate cycle when plain (no
# convergence in 100 000 sweeps at c = 300); damped (omega 0.95, as iad's)
# they converge. The answer against plain sweeps from uniform, which
# converge here.
@test "PRISM reader: tandem.sm at c = 260: auto's sweeps after bicgstab's stall are damped and converge to plain Gauss-Seidel's answer" {
    san2desc -D c=260 "$EXAMPLES/prism/tandem.sm" > t.desc
    run mvd-solve --top 1 --tol 1e-10 t.desc
    assert_success
    assert_line --regexp "^switch [0-9]+ bicgstab gs$"
    assert_line "parameter omega 0.95"
    assert_line "converged yes"
    local auto_output=$output
    run mvd-solve --algo rows --method gs --top 1 --tol 1e-10 t.desc
    assert_success
    assert_line "parameter omega 1"
    assert_line "converged yes"
    local gs_output=$output name v
    while read -r name v; do
        output=$auto_output
        near "$(value "$name")" "$v" 1e-8
    done < <(awk '$1 == "result" { print $2, $3 }' <<< "$gs_output")
    [ "$(grep -c '^result ' <<< "$gs_output")" -eq 2 ]
}

@test "kanban at t = 2: the hashed index gives the bitmap's results, with rows, reach's gs and iad" {
    san2desc "$EXAMPLES/prism/kanban.sm" > k.desc
    local how kind
    for how in "--algo rows --method bicgstab" "--algo reach --method gs" "--algo reach --method iad"; do
        for kind in bitmap hash; do
            # shellcheck disable=SC2086
            run mvd-solve $how --index "$kind" --tol 1e-12 --top 1 k.desc
            assert_success
            assert_line "index $kind"
            awk '$1 == "result" { print $2, $3 }' <<< "$output" > "$kind.results"
        done
        paste bitmap.results hash.results | while read -r n1 v1 n2 v2; do
            [ "$n1" = "$n2" ]
            near "$v2" "$v1" 1e-10
        done
        [ "$(wc -l < hash.results)" -eq 6 ]
    done
}

# kanban.sm and cluster.sm hold each throughput twice: as the state reward
# of the SAN twins (the rate of the transitions in each state) and as
# PRISM's case studies write it, a transition reward; the cluster's
# repairs synchronise a workstation with the repairman (the product of
# their rates).
@test "PRISM reader: transition rewards give the same long-run values as their state-reward form (kanban t = 2, cluster N = 4)" {
    local model pair
    for model in "kanban throughput" "cluster num_repairs"; do
        set -- $model
        run bash -c 'set -o pipefail; san2desc "$1" | mvd-solve --top 1' _ "$EXAMPLES/prism/$1.sm"
        assert_success
        [ -n "$(value "$2")" ]
        near "$(value "$2_tr")" "$(value "$2")" 1e-12
    done
}

@test "PRISM reader: cluster.sm (N = 4, and -D N=2) against its twin" {
    prism_vs_twin cluster "N=4" --
    prism_vs_twin cluster "N=2" -- -D N=2
}

# At n = 2 the file has 22 variables, 8 264 970 432 product states (the
# twin, which leaves out P1d and writes the idle machines as functions,
# 114 791 256): reach takes it, each variable an automaton.
@test "PRISM reader: fms.sm (n = 2, and -D n=1) against its twin" {
    prism_vs_twin fms "n=2 np=3" --
    prism_vs_twin fms "n=1 np=1" -- -D n=1
}

@test "PRISM reader: embedded.sm (MAX_COUNT = 2, and -D MAX_COUNT=3) refused as its twin is" {
    local m
    for m in 2 3; do
        run bash -c 'set -o pipefail; san2desc --from prism -D MAX_COUNT="$1" "$2" | mvd-solve --top 1' _ "$m" "$EXAMPLES/prism/embedded.sm"
        assert_failure 2
        assert_output --partial "the chain is not irreducible: 36 closed classes and $((3478 + 845 * (m - 2) - 36)) transient states"
    done
}
