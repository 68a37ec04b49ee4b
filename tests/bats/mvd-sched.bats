#!/usr/bin/env bats
# mvd-solve --sched and --load-report: the thesis's schedulers on P ranks
# (notes §6.3-6.6, precise-rules §3) through the mvd-load report: Figure
# 6's round-robin, eq. 9's loads 159 / 123 and the AUNF blocks 25/24 and
# 17/16/16 of Figure 7 (the file of Figure 8), idle ranks, and every
# option error with its exact message.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    cp "$EXAMPLES/san/figure8.desc" .
}

# sixteen: a plain descriptor of 16 terms (one automaton of order 2, term
# t with t % 4 + 1 non-zeros), as in Figure 6's hypothetical run.
sixteen() {
    for t in $(seq 0 15); do
        echo "# term $t"
        echo 1
        echo 2
        case $((t % 4)) in
        0) echo "$((t + 1)) 0"; echo "0 0" ;;
        1) echo "$((t + 1)) 1"; echo "0 0" ;;
        2) echo "$((t + 1)) 1"; echo "1 0" ;;
        3) echo "$((t + 1)) 1"; echo "1 1" ;;
        esac
    done
}

@test "Figure 6: 16 terms on 3 ranks by terms-rr are {0,3,...,15} {1,...,13} {2,...,14}" {
    sixteen > sixteen.desc
    for algo in shuffle slice; do
        run mvd-solve --load-report --algo "$algo" --sched terms-rr --ranks 3 sixteen.desc
        assert_success
        assert_line "assign 0 0 3 6 9 12 15"
        assert_line "assign 1 1 4 7 10 13"
        assert_line "assign 2 2 5 8 11 14"
        assert_line "schedule terms-rr $algo 3"
        assert_line "idle 0"
        assert_line "end 3 16"
    done
}

@test "Figure 7 at 2 ranks: eq. 9 loads 159 and 123 under terms-cost and terms-rr" {
    for sched in terms-cost terms-rr; do
        run mvd-solve --load-report --algo shuffle --sched "$sched" --ranks 2 figure8.desc
        assert_success
        assert_line "term 0 term0 159 21 5"
        assert_line "term 1 term1 123 28 1"
        assert_line "assign 0 0"
        assert_line "assign 1 1"
        assert_line "load 0 1 159 21 105"
        assert_line "load 1 1 123 28 28"
        assert_line "imbalance eq9 159 141 1.127659574468085"
        assert_line "density 38.657407407407405"   # eq. 13, notes §5.2
    done
    # terms-cost is shuffle's default
    run mvd-solve --load-report --algo shuffle --ranks 2 figure8.desc
    assert_line "schedule terms-cost shuffle 2"
}

@test "Figure 7: AUNF blocks 49, 25/24 and 17/16/16 at 1, 2 and 3 ranks" {
    run mvd-solve --load-report --sched aunf --ranks 1 figure8.desc
    assert_success
    assert_line "range 0 0 49"
    assert_line "load 0 2 - 49 133"
    assert_line "imbalance aunfs 49 49 1"
    run mvd-solve --load-report --sched aunf --ranks 3 figure8.desc
    assert_success
    assert_line "range 0 0 17"
    assert_line "range 1 17 16"
    assert_line "range 2 33 16"
    assert_line "piece 1 0 17 4"
    assert_line "piece 1 1 0 12"
    assert_line "piece 2 1 12 16"
}

@test "Figure 7 at 2 ranks by AUNFs: the whole report is the example of formats/mvd-load.md" {
    # the example's block, from the line after its command to the fence
    sed -n '/^\$ mvd-solve --load-report --algo slice --sched aunf --ranks 2/,/^```/p' \
        "$ROOT/formats/mvd-load.md" | sed '1d;$d' > want
    [ "$(wc -l < want)" -eq 17 ]
    ln -s "$ROOT/examples" examples
    mvd-solve --load-report --algo slice --sched aunf --ranks 2 examples/san/figure8.desc > got
    diff -u want got
}

@test "--sched rows: each rank's rows of the fast slice's product and their multiplications (Figure 7: blocks of B (x) C, 9 states; 85 + 188 = 273, the fast slice's count), idle ranks past the blocks" {
    run mvd-solve --load-report --sched rows --ranks 2 figure8.desc
    assert_success
    assert_output 'mvd-load 1
source "figure8.desc"
schedule rows slice 2
density 38.657407407407405
term 0 term0 159 21 5
term 1 term1 123 28 1
rows 0 0 18
rows 1 18 18
load 0 2 - - 85
load 1 2 - - 188
imbalance mults 188 136.5 1.3772893772893773
idle 0
end 2 2'
    run mvd-solve --load-report --sched rows --ranks 5 figure8.desc
    assert_success
    assert_line --index 0 "mvd-solve: figure8.desc: warning: 1 of 5 ranks idle: rows gives whole blocks of the fast slice's product, and too few of them have work"
    assert_line "rows 0 0 0"
    assert_line "load 0 0 - - 0"
    assert_line "idle 1"
    # Misto-like on 3 ranks: equal rows, equal work
    san2desc "$EXAMPLES/san/misto-like.san" > misto.desc
    run mvd-solve --load-report --sched rows --ranks 3 misto.desc
    assert_line "rows 1 241920 241920"
    assert_line "imbalance mults 4783680 4783680 1"
}

@test "more ranks than terms: the idle ranks are reported and warned about" {
    run mvd-solve --load-report --algo shuffle --sched terms-rr --ranks 5 figure8.desc
    assert_success
    assert_line --index 0 "mvd-solve: figure8.desc: warning: 3 of 5 ranks idle: terms-rr gives whole terms, and the descriptor has 2"
    assert_line "assign 4 -"
    assert_line "load 4 0 0 0 0"
    assert_line "imbalance eq9 159 56.4 2.8191489361702127"
    assert_line "idle 3"
    mvd-solve --load-report --algo shuffle --sched terms-rr --ranks 5 figure8.desc 2> err > /dev/null
    [ "$(wc -l < err)" -eq 1 ]
    run mvd-solve --load-report --sched aunf --ranks 50 figure8.desc
    assert_success
    assert_line --index 0 "mvd-solve: figure8.desc: warning: 1 of 50 ranks idle: aunf gives whole AUNFs, and the descriptor has 49"
    assert_line "range 49 49 0"
    assert_line "idle 1"
    # no warning when every rank has work
    mvd-solve --load-report --ranks 49 figure8.desc 2> err > /dev/null
    [ ! -s err ]
}

@test "a san-desc model: every scheduler at P = 1..6 assigns every term, AUNF and product once" {
    san2desc "$EXAMPLES/san/sharing-sync.san" > share.desc
    for spec in "shuffle terms-rr" "shuffle terms-cost" "slice terms-rr" "slice aunf"; do
        set -- $spec
        for p in 1 2 3 4 5 6; do
            mvd-solve --load-report --algo "$1" --sched "$2" --ranks "$p" share.desc > r 2> /dev/null
            awk -v p="$p" -v sched="$2" '
                $1 == "term" { n++; eq9 += $4; aunfs += $5; mults += $5 * $6 }
                $1 == "assign" { for (i = 3; i <= NF; i++) if ($i != "-") seen[$i]++ }
                $1 == "load" { r++; le += $4; la += $5; lm += $6 }
                END {
                    if (r != p) { print "ranks " r; exit 1 }
                    if (la != aunfs || lm != mults) { print "sums"; exit 1 }
                    if (sched != "aunf") {
                        if (le != eq9) { print "eq9"; exit 1 }
                        for (t = 0; t < n; t++) if (seen[t] != 1) { print "term " t; exit 1 }
                    }
                }' r
        done
    done
}

@test "terms-cost balances unequal terms better than terms-rr (costs 4 3 2 1 on 2 ranks)" {
    # one automaton of order 2: eq. 9 is the term's non-zeros
    printf '1\n2\n1 1\n1 1\n1\n2\n1 1\n1 0\n1\n2\n1 1\n0 0\n1\n2\n1 0\n0 0\n' > costs.desc
    run mvd-solve --load-report --algo shuffle --sched terms-rr --ranks 2 costs.desc
    assert_line "load 0 2 6 2 6"
    assert_line "load 1 2 4 2 4"
    run mvd-solve --load-report --algo shuffle --sched terms-cost --ranks 2 costs.desc
    assert_line "assign 0 0 3"
    assert_line "assign 1 1 2"
    assert_line "load 0 2 5 2 5"
    assert_line "load 1 2 5 2 5"
    assert_line "imbalance eq9 5 5 1"
}

@test "--sched is recorded and changes nothing on one process" {
    mvd-solve --algo shuffle --ones figure8.desc > plain
    mvd-solve --algo shuffle --sched terms-rr --ones figure8.desc > rr
    cmp plain rr
    cp "$EXAMPLES/san/two-procs.desc" .
    mvd-solve --sched aunf two-procs.desc > a
    mvd-solve --algo slice two-procs.desc > b
    cmp a b
}

@test "--load-report -o writes the report; an overflowing AUNF count is refused" {
    mvd-solve --load-report --ranks 2 -o out figure8.desc
    grep -q '^end 2 2$' out
    # 40 automata with dense 2 x 2 factors: 4^39 AUNFs in the one term
    { echo 40; for i in $(seq 40); do printf '2\n1 1\n1 1\n'; done; } > big.desc
    run mvd-solve --load-report big.desc
    assert_failure 2
    assert_output "mvd-solve: big.desc: error: the AUNF count at term 0 (term0) does not fit 64 bits"
    run mvd-solve --load-report -o out big.desc
    assert_failure 2
    grep -q '^end 2 2$' out   # left as it was
}

@test "bad --sched, --ranks and --load-report uses: exact messages, exit 2" {
    while IFS='|' read -r args message; do
        run mvd-solve figure8.desc $args   # options last: getopt permutes
        assert_failure 2
        assert_output "mvd-solve: $message
Try 'mvd-solve --help'."
    done <<'CASES'
--sched x|--sched wants terms-rr, terms-cost, aunf or rows, not 'x'
--sched=|--sched wants terms-rr, terms-cost, aunf or rows, not ''
--sched TERMS-RR|--sched wants terms-rr, terms-cost, aunf or rows, not 'TERMS-RR'
--sched terms-cost|--sched terms-cost applies only with --algo shuffle (Algorithm 3)
--algo shuffle --sched aunf|--sched aunf applies only with --algo slice (Algorithms 5 and 6)
--algo shuffle --sched rows|--sched rows applies only with --algo slice, not --faithful (the fast slice's rows of the product)
--algo slice --sched rows --faithful|--sched rows applies only with --algo slice, not --faithful (the fast slice's rows of the product)
--algo sparse --sched terms-rr|--sched terms-rr applies only with --algo shuffle or slice
--algo reach --sched aunf|--sched aunf applies only with --algo slice (Algorithms 5 and 6)
--algo sparse --sched rows|--sched rows applies only with --algo slice, not --faithful (the fast slice's rows of the product)
--algo reach --sched terms-cost|--sched terms-cost applies only with --algo shuffle (Algorithm 3)
--algo reach --load-report|--load-report applies only with --algo shuffle or slice
--algo sparse --load-report|--load-report applies only with --algo shuffle or slice
--load-report --ones|--load-report and --ones exclude one another
--load-report --mvd v|--load-report and --mvd exclude one another
--load-report --method gth|--method applies only when solving, not with --load-report
--load-report --tol 1e-3|--tol applies only when solving, not with --load-report
--load-report --top 2|--top applies only when solving, not with --load-report
--load-report --faithful|--faithful applies only when multiplying or solving, not with --load-report
--load-report --max-memory 100|--max-memory applies only when multiplying or solving, not with --load-report
--ranks 2|--ranks applies only with --load-report or --emit-proto
--load-report --ranks 0|--ranks wants an integer from 1 to 65536, not '0'
--load-report --ranks -3|--ranks wants an integer from 1 to 65536, not '-3'
--load-report --ranks 65537|--ranks wants an integer from 1 to 65536, not '65537'
--load-report --ranks 1.5|--ranks wants an integer from 1 to 65536, not '1.5'
--load-report --ranks 2x|--ranks wants an integer from 1 to 65536, not '2x'
--load-report --ranks=|--ranks wants an integer from 1 to 65536, not ''
--load-report --ranks 99999999999999999999|--ranks wants an integer from 1 to 65536, not '99999999999999999999'
--load-report --sched|option '--sched' needs an argument
--load-report --ranks|option '--ranks' needs an argument
CASES
}

@test "--load-report on bad descriptors: the reader's errors, exit 2, nothing written" {
    printf '' > empty.desc
    printf '1\n2\n1 x\n0 0\n' > bad.desc
    printf 'san-result 1\n' > wrong.desc
    for f in empty.desc bad.desc wrong.desc /dev/null; do
        run mvd-solve --load-report --ranks 3 "$f"
        assert_failure 2
        refute_output --partial "mvd-load 1"
        assert_output --partial "error:"
    done
    run mvd-solve --load-report no-such-file
    assert_failure
    assert_output --partial "no-such-file"
}
