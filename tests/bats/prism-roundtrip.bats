#!/usr/bin/env bats
# san2desc --to prism (issue 28): every SAN of examples/san written as a
# PRISM CTMC, read back by san2desc, and solved gives the same reachable
# states and the same results to 1e-12 (relative to the value when it is
# above 1) as the SAN itself; a model mvd-solve refuses is refused the
# same way.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
}

# solved FILE: the space record, the results and any error of
# san2desc FILE | mvd-solve, one per line: "space R P", "result V",
# "error TEXT" (the error's text after the input's name).
solved() {
    { san2desc "$1" | mvd-solve --tol 1e-12 --top 1; } 2>&1 |
        awk '$1 == "space" { print "space", $2, $3 }
             $1 == "result" { print "result", $3 }
             / error: / { sub(/.* error: /, ""); print "error", $0 }'
}

# same A B: the lines of A and B agree, results to 1e-12.
same() {
    paste -d '|' <(printf '%s\n' "$1") <(printf '%s\n' "$2") | awk -F '|' '
        { split($1, a, " "); split($2, b, " ")
          if (a[1] != b[1]) { print "differ: " $0; bad = 1; next }
          if (a[1] == "result") {
              d = a[2] - b[2]; if (d < 0) d = -d
              s = a[2] < 0 ? -a[2] : a[2]; if (s < 1) s = 1
              if (d > 1e-12 * s) { print "differ by " d ": " $0; bad = 1 }
          } else if ($1 != $2) { print "differ: " $0; bad = 1 } }
        END { if (NR == 0) { print "no output"; bad = 1 } exit bad }'
}

@test "every SAN of examples/san, written as PRISM and read back: the same states and results" {
    local f n count=0
    for f in "$EXAMPLES"/san/*.san; do
        n=$(basename "$f" .san)
        san2desc --to prism "$f" > "$n.sm"
        same "$(solved "$f")" "$(solved "$n.sm")" || { echo "in $n"; return 1; }
        count=$((count + 1))
    done
    [ "$count" -ge 21 ]
}

@test "--to prism: names PRISM does not take are respelt, a synchronising event's rate is in its first automaton" {
    san2desc --to prism "$EXAMPLES/san/sharing-sync.san" > s.sm
    grep -q '^module M_Proc_1$' s.sm
    grep -q '^    Proc_1 : \[0\.\.1\] init 0;$' s.sm
    grep -q '^const double P_ = 2;$' s.sm     # P is a PRISM keyword
    grep -q '^    \[acquire_1\] Proc_1=0 -> lambda : (Proc_1'"'"'=1);$' s.sm
    grep -q '^rewards "mean_busy"$' s.sm
}

@test "--to prism refuses a PRISM input and a bad language name" {
    printf 'ctmc module M x : [0..1]; endmodule\n' > m.sm
    run san2desc --to prism m.sm
    assert_failure 2
    assert_line "san2desc: --to prism writes a SAN model: the input is already PRISM's"
    run san2desc --to pepa "$EXAMPLES/san/mm1k.san"
    assert_failure 2
    assert_line "san2desc: --to wants desc or prism, not 'pepa'"
}
