#!/usr/bin/env bats
# gstr-sched --generate: the thesis's generators (generateAPP, the Def. 5
# variant, generateGroup), their determinism, what they draw, the errors
# of their parameters, and the Chapter 5 pipeline on a reduced grid (the
# thesis's orderings, never single cells: precise-rules A11).

bats_require_minimum_version 1.5.0
setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
}

# check_graph FILE: prints "sources sinks bad-edges" of an app-graph, a
# bad edge being one that goes backwards or breaks the multiplicative
# relation (neither cardinality a multiple of the other).
check_graph() {
    awk '$1 == "batch" { m[$2] = $4; order[++n] = $2; pos[$2] = n }
         $1 == "edge" { out[$2]++; in_[$3]++
                        a = m[$2]; b = m[$3]
                        if (pos[$2] >= pos[$3] || (b % a != 0 && a % b != 0)) bad++ }
         END { for (i = 1; i <= n; i++) { s += !in_[order[i]]; k += !out[order[i]] }
               print s + 0, k + 0, bad + 0 }' "$1"
}

@test "generators: the same seed gives the same bytes, another seed others" {
    for what in app app-def5 group; do
        gstr-sched --generate "$what" --seed 7 > a
        gstr-sched --generate "$what" --seed 7 > b
        cmp a b
        gstr-sched --generate "$what" --seed 8 > c
        ! cmp -s a c || fail "--generate $what: seeds 7 and 8 drew the same"
    done
    gstr-sched --generate group --seed 7 --groups 20,27,33,40 --types 6 -o d
    gstr-sched --generate group --groups 20,27,33,40 --seed 7 --types 6 > e
    cmp d e
}

@test "generateAPP: DAGs of >= 2 sources, one sink, the multiplicative relation, that gstr-sched accepts" {
    for b in 3 4 6 8 10; do
        gstr-sched --generate group --seed 1 --groups 3,4 --types "$b" > p
        for seed in $(seq 1 12); do
            gstr-sched --generate app --seed "$seed" --batches "$b" --tasks $((100 * b)) > g
            read -r sources sinks bad <<< "$(check_graph g)"
            [ "$sources" -ge 2 ] || fail "B=$b seed $seed: $sources source(s)"
            [ "$sinks" -eq 1 ] && [ "$bad" -eq 0 ] || fail "B=$b seed $seed: $sinks sinks, $bad bad edges"
            [ "$(grep -c '^batch' g)" -eq "$b" ]
            gstr-sched -p p g > /dev/null || fail "B=$b seed $seed refused"
            gstr-sched -p p --partition ppcp --rules matlab g > /dev/null || fail "B=$b seed $seed refused by igp"
        done
    done
}

@test "generateAPP: about T tasks, the first and last batch of one task" {
    for seed in 1 2 3 4 5; do
        gstr-sched --generate app --seed "$seed" --batches 8 --tasks 800 > g
        run awk '$1 == "batch" { m[++n] = $4 } $1 == "end" { print m[1], m[n], $4 }' g
        read -r first last total <<< "$output"
        [ "$first" -eq 1 ] && [ "$last" -eq 1 ]
        # The last coefficient is rounded: off by at most about half the
        # cardinalities it multiplies, here well within 800 +- 50 %.
        [ "$total" -ge 400 ] && [ "$total" -le 1200 ] || fail "seed $seed: $total tasks"
    done
}

@test "the Def. 5 variant: one source (B1), one sink, the multiplicative relation; generateAPP's draws plus edges from B1" {
    for seed in $(seq 1 25); do
        gstr-sched --generate app-def5 --seed "$seed" --batches 6 --tasks 600 > d
        [ "$(check_graph d)" = "1 1 0" ] || fail "seed $seed: $(check_graph d)"
        # The same batches as generateAPP's, and its edges plus B1's.
        gstr-sched --generate app --seed "$seed" --batches 6 --tasks 600 > a
        diff <(grep '^batch' a) <(grep '^batch' d)
        run comm -13 <(grep '^edge' a | sort) <(grep '^edge' d | sort)
        [ -z "$output" ] || ! grep -vq '^edge B1 ' <<< "$output"
        gstr-sched -p <(gstr-sched --generate group --types 6) d > /dev/null
    done
}

@test "generateGroup: the thesis's ranges, a time per type and UP, and the platform read back" {
    gstr-sched --generate group --seed 2 --groups 20,27,33,40 --types 5 > p
    run awk '$1 == "up" { ups++; if ($6 < 7 || $6 > 13) bad++ }
             $1 == "time" { times++; t[$3] += $4; n[$3]++; if ($4 < 350 || $4 > 650) bad++ }
             $1 == "group" { groups++ }
             END { print groups, ups, times, bad + 0 }' p
    assert_output "4 120 600 0"
    # Each UP's factor is mp over its mean, which is within 100 of 500.
    run awk '$1 == "up" { f = $3; if (f < 500 / 600 || f > 500 / 400) bad++ } END { print bad + 0 }' p
    assert_output "0"
    gstr-sched --generate app --seed 2 --batches 5 --tasks 500 > g
    run gstr-sched -p p --partition pp g
    assert_success
    assert_line --regexp '^summary '
}

@test "generator parameters out of range: exit 2 and a message saying which" {
    run gstr-sched --generate app --batches 2
    assert_failure 2
    assert_line "gstr-sched: --batches wants an integer from 3 to 200, not '2'"
    run gstr-sched --generate app --batches 3 --tasks 1
    assert_failure 2
    assert_line "gstr-sched: generateAPP found no cardinalities for about 1 tasks in 10000 draws of this 3-batch graph of 2 routes: --tasks is too small for --batches (the code would draw forever)"
    run gstr-sched --generate app --tasks 0
    assert_failure 2
    assert_line "gstr-sched: --tasks wants an integer from 1 to 1000000, not '0'"
    run gstr-sched --generate group --groups 30,,2
    assert_failure 2
    assert_line "gstr-sched: --groups wants UPs per group, from 1 to 100000 each, separated by commas (30,27,33), not '30,,2'"
    run gstr-sched --generate group --groups 100000,1
    assert_failure 2
    assert_line "gstr-sched: --groups 100000,1 has 100001 UPs, past the limit of 100000"
    run gstr-sched --generate group --mp 100
    assert_failure 2
    assert_line "gstr-sched: --mp must be > 0 and >= --dp1 + --dp2 (100 + 50), not 100: a task time could be 0 or less"
    run gstr-sched --generate group --mc 1
    assert_failure 2
    assert_line "gstr-sched: --mc must be >= --dc (3), not 1: a link time could be negative"
    # Finite parameters whose largest draw is past the largest double
    # wrote nan factors with exit 0 (issue 26); near it, they are drawn.
    run --separate-stderr gstr-sched --generate group --groups 2 --types 1 --mp 1.7e308 --dp1 1e308
    assert_failure 2
    assert_equal "$output" ""
    assert_equal "$stderr" "gstr-sched: --mp + --dp1 + --dp2 (1.7e+308 + 1e+308 + 50), the largest task time drawn, is past the largest double
Try 'gstr-sched --help'."
    run --separate-stderr gstr-sched --generate group --groups 2 --types 1 --mc 1.7e308 --dc 1e308
    assert_failure 2
    assert_equal "$stderr" "gstr-sched: --mc + --dc (1.7e+308 + 1e+308), the largest link time drawn, is past the largest double
Try 'gstr-sched --help'."
    run gstr-sched --generate group --groups 2 --types 1 --mp 1e308 --dp1 5e307 --dp2 1e307 --mc 1e308 --dc 5e307 -o big.platform
    assert_success
    run grep -c 'nan\|inf' big.platform
    assert_output 0
    run gstr-sched --generate group --dp1 -1
    assert_failure 2
    assert_line "gstr-sched: --dp1 must be a finite number >= 0, not -1"
    run gstr-sched --generate group --mp nan
    assert_failure 2
    assert_line "gstr-sched: --mp wants a number, not 'nan'"
    run gstr-sched --generate group --types 0
    assert_failure 2
    assert_line "gstr-sched: --types wants an integer from 1 to 10000, not '0'"
    run gstr-sched --generate group --groups 1000,1000 --types 10000
    assert_failure 2
    assert_line "gstr-sched: 2000 UPs times 10000 types is past the platform's limit of 100000 UPs and 10000000 time records"
    run gstr-sched --generate nope
    assert_failure 2
    assert_line "gstr-sched: --generate wants app, app-def5 or group, not 'nope'"
    run gstr-sched --generate app --seed -1
    assert_failure 2
    assert_line "gstr-sched: --seed wants an unsigned integer, not '-1'"
    run gstr-sched --generate app --groups 3
    assert_failure 2
    assert_line "gstr-sched: --groups applies only with --generate=group"
    run gstr-sched --generate group --batches 5
    assert_failure 2
    assert_line "gstr-sched: --batches applies only with --generate=app or app-def5"
    run gstr-sched --generate app -p x.platform
    assert_failure 2
    assert_line "gstr-sched: '-p' is not an option of --generate"
    run gstr-sched --generate app some.graph
    assert_failure 2
    assert_line "gstr-sched: --generate reads no input, but got 'some.graph'"
    [ ! -e some.graph ]
}

@test "pipelines/gstr-tables on a reduced grid (5 seeds, B 4 and 8, T 400 and 1000): the thesis's orderings hold" {
    run make --no-print-directory -f "$ROOT/pipelines/gstr-tables/Makefile" \
        BIN="$(dirname "$(command -v gstr-sched)")" SEEDS=5 OUT=out \
        BATCHES="4 8" TASKS="400 1000" -j2
    assert_success
    [ "$(wc -l < out/runs/4x30-B8-T1000.txt)" -eq 5 ]
    run cat out/tables.txt
    for o in more-groups-less-time same-ups-same-time more-groups-more-packets \
             tp-worst-time-case-II tp-worst-time-case-III tp-gap-grows \
             pp-le-ppcp-time-case-I pp-le-ppcp-time-case-II pp-le-ppcp-time-case-III \
             ppcp-le-pp-packets-case-I ppcp-le-pp-packets-case-II ppcp-le-pp-packets-case-III; do
        assert_line --regexp "^ordering $o: holds "
    done
    assert_line "0 orderings of the thesis fail on these means"
    # The published cells sit beside ours, with the difference.
    assert_line --regexp '^2x30 thesis +79 +161 +89 +169$'
    assert_line --regexp '^III tp \(%\) thesis +42 +66 +47 +62$'
}

@test "pipelines/gstr-tables reports an ordering that fails: TP given PP's means" {
    mkdir -p out
    make --no-print-directory -f "$ROOT/pipelines/gstr-tables/Makefile" \
        BIN="$(dirname "$(command -v gstr-sched)")" SEEDS=2 OUT=out \
        BATCHES="4" TASKS="400" out/means.txt
    # Swap TP's and PP's times in Case III: the report must say so.
    awk '$1 == "15-25-35-45" && $5 == "time" && $4 == "tp" { $4 = "pp"; print; next }
         $1 == "15-25-35-45" && $5 == "time" && $4 == "pp" { $4 = "tp"; print; next } { print }' \
        out/means.txt > swapped
    run awk -v seeds=2 -v band=10 -v batches=4 -v tasks=400 \
        -f "$ROOT/pipelines/gstr-tables/report.awk" "$ROOT/pipelines/gstr-tables/published.txt" swapped
    assert_success
    assert_line --regexp '^ordering tp-worst-time-case-III: FAILS '
    assert_line --regexp '^ordering tp-gap-grows: FAILS '
    assert_line --regexp '^ordering pp-le-ppcp-time-case-III: FAILS '
    assert_line "3 orderings of the thesis fail on these means"
}

@test "examples/platform/generated-groups.platform is what the generator writes" {
    diff <(grep -v '^#' "$EXAMPLES/platform/generated-groups.platform") \
         <(gstr-sched --generate group --seed 1 --groups 2,3 --types 5)
}
