#!/usr/bin/env bats
# The models shaped like the thesis's test cases (Campos Velho 2006, §4.2;
# notes §7.3), examples/san/sc-like.san, misto-like.san and denso-like.san:
# each translates with san2desc, solves with mvd-solve, and agrees with gth
# (and, for SC-like, with its closed form) on a small size; their load
# reports show the shapes precise-rules §3 lists (steps at ceil(terms/p)
# for equal costs, cost-aware helping only when costs differ).

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
}

# result NAME FILE: the value of result NAME in a san-result file.
result() { awk -v k="$1" '$1 == "result" && $2 == k { print $3 }' "$2"; }

# near A B TOL: |A - B| <= TOL.
near() {
    awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d
        if (d > t || a == "") { printf "%s differs from %s by %g > %g\n", a, b, d, t; exit 1 } }'
}

# small FILE: the model with every order n1..n9 set to 2 (512 states).
small() { sed -E 's/ n([1-9]) = [0-9]+;/ n\1 = 2;/g' "$1"; }

# agree DESC NAMES...: gth's results, and those of gmres (slice, shuffle,
# and the thesis's faithful kernels), reach with gmres and iad, within 1e-8.
agree() {
    local desc=$1
    shift
    mvd-solve --method gth "$desc" > gth.result
    grep -q '^converged yes$' gth.result
    for run in "--method gmres" "--algo shuffle --method gmres" \
               "--algo slice --faithful --method gmres" \
               "--algo reach --method gmres" "--algo reach --method iad"; do
        mvd-solve $run --tol 1e-11 "$desc" > it.result
        grep -q '^converged yes$' it.result || { echo "$run: not converged"; false; }
        for r in "$@"; do
            near "$(result "$r" it.result)" "$(result "$r" gth.result)" 1e-8 ||
                { echo "$run: $r"; false; }
        done
    done
}

@test "SC-like: 32 terms, all synchronising; the closed form 12/23, 16/23, 28/23 by every method" {
    san2desc "$EXAMPLES/san/sc-like.san" > sc.desc
    [ "$(grep -c '^term sync' sc.desc)" -eq 32 ]
    [ "$(grep -c '^term' sc.desc)" -eq 32 ]
    agree sc.desc p_cs_1 p_cs_2 mean_used
    # reversible: a state weighs prod over busy processes of (lambda i / mu)
    near "$(result p_cs_1 gth.result)" "$(echo '12/23' | bc -l)" 1e-14
    near "$(result p_cs_2 gth.result)" "$(echo '16/23' | bc -l)" 1e-14
    near "$(result mean_used gth.result)" "$(echo '28/23' | bc -l)" 1e-14
    grep -q '^space 400 21$' gth.result
}

@test "SC-like at the thesis's 4 processes and 16 resources: 256 terms, 58625 states, the closed form" {
    sed -E 's/N = 2;/N = 4;/; s/R = 4;/R = 16;/' "$EXAMPLES/san/sc-like.san" | san2desc > sc4.desc
    [ "$(grep -c '^term' sc4.desc)" -eq 256 ]
    mvd-solve --algo reach --method gmres sc4.desc > sc4.result
    grep -q '^space 5473632256 58625$' sc4.result
    grep -q '^converged yes$' sc4.result
    # sum over sets B of busy processes of 16!/(16-|B|)! prod_{i in B} i/3
    # (exact rationals, tests: Python's fractions): 0.8149573521384581 ...
    near "$(result p_cs_1 sc4.result)" 0.8149573521384581 1e-8
    near "$(result p_cs_2 sc4.result)" 0.8985879615590315 1e-8
    near "$(result mean_used sc4.result)" 3.5904702567693487 1e-8
}

@test "SC-like's load: equal eq. 9 costs, so both term schedulers step at ceil(32/p)" {
    san2desc "$EXAMPLES/san/sc-like.san" > sc.desc
    mvd-solve --load-report --algo shuffle --ranks 1 sc.desc |
        awk '$1 == "term" { c[$4]++ } END { n = 0; for (k in c) n++; exit !(n == 1) }'
    for sched in terms-rr terms-cost; do
        for p in $(seq 1 40); do
            mvd-solve --load-report --algo shuffle --sched "$sched" --ranks "$p" sc.desc 2> /dev/null |
                awk -v p="$p" '$1 == "imbalance" && $2 == "eq9" {
                    want = int((32 + p - 1) / p) * p / 32
                    d = $5 - want; if (d < 0) d = -d
                    if (d > 1e-12) { print p, $5, want; exit 1 } }'
        done
    done
}

@test "Misto-like: 9 automata of 3-8 states, 16 terms (4 local, 6 synchronising events); gth's answer on 512 states" {
    san2desc "$EXAMPLES/san/misto-like.san" > misto.desc
    [ "$(grep -c '^automaton' misto.desc)" -eq 9 ]
    awk '$1 == "automaton" { n = NF - 2; if (n < 3 || n > 8) exit 1 }' misto.desc
    [ "$(grep -c '^term local' misto.desc)" -eq 4 ]
    [ "$(grep -c '^term sync+' misto.desc)" -eq 6 ]
    [ "$(grep -c '^term' misto.desc)" -eq 16 ]
    run mvd-solve --load-report misto.desc
    assert_line "end 1 16"
    small "$EXAMPLES/san/misto-like.san" | san2desc > small.desc
    agree small.desc p_a1_0 p_a2_0 mean_a8 p_a4_a7_0
    grep -q '^space 512 512$' gth.result
}

@test "Misto-like's load: the costs differ, and terms-cost never does worse than terms-rr (better at 3, 5, 6, 7, 9 ranks)" {
    san2desc "$EXAMPLES/san/misto-like.san" > misto.desc
    for p in 2 3 4 5 6 7 8 9; do
        rr=$(mvd-solve --load-report --algo shuffle --sched terms-rr --ranks $p misto.desc |
             awk '$1 == "imbalance" && $2 == "eq9" { print $3 }')
        cost=$(mvd-solve --load-report --algo shuffle --sched terms-cost --ranks $p misto.desc |
               awk '$1 == "imbalance" && $2 == "eq9" { print $3 }')
        [ "$cost" -le "$rr" ]
        case $p in 3|5|6|7|9) [ "$cost" -lt "$rr" ] ;; esac
    done
    # per AUNF: within one AUNF of the mean past the 16 terms
    mvd-solve --load-report --ranks 32 misto.desc |
        awk '$1 == "imbalance" && $2 == "aunfs" { exit !($3 - $4 <= 1) }'
}

@test "Denso-like: Misto-like's terms with denser factors; gth's answer on 512 states" {
    san2desc "$EXAMPLES/san/misto-like.san" > misto.desc
    san2desc "$EXAMPLES/san/denso-like.san" > denso.desc
    [ "$(grep -c '^term' denso.desc)" -eq 16 ]
    diff <(grep '^term' misto.desc) <(grep '^term' denso.desc)
    diff <(grep '^automaton' misto.desc) <(grep '^automaton' denso.desc)
    # more AUNFs and slice multiplications in all
    m=$(mvd-solve --load-report misto.desc | awk '$1 == "load" { a += $5; x += $6 } END { print a, x }')
    d=$(mvd-solve --load-report denso.desc | awk '$1 == "load" { a += $5; x += $6 } END { print a, x }')
    [ "${d% *}" -gt "${m% *}" ]
    [ "${d#* }" -gt "${m#* }" ]
    # and a higher eq. 13 density (Table 2: Misto 19.88 %, Denso A 22.13 %)
    awk -v m="$(mvd-solve --load-report misto.desc | awk '$1 == "density" { print $2 }')" \
        -v d="$(mvd-solve --load-report denso.desc | awk '$1 == "density" { print $2 }')" \
        'BEGIN { exit !(m > 20 && d > m) }'
    small "$EXAMPLES/san/denso-like.san" | san2desc > small.desc
    agree small.desc p_a1_0 p_a2_0 mean_a8 p_a4_a7_0
}
