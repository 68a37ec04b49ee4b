#!/usr/bin/env bats
# gstr-sched: the thesis's Chapter 6 schedules (Tables 6.3, 6.7, 6.8 and
# the error column of 6.6), the time model on small hand-checked cases,
# and every error path with its exact message and exit status.

bats_require_minimum_version 1.5.0
setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    pasl2graph "$EXAMPLES/pasl/sieve.pasl" > sieve.graph
}

# first_ups PRESET N: the preset's first N UPs as a platform file.
first_ups() {
    awk -v n="$2" '$1 == "up" { if (++k > n) next }
                   $1 == "end" { print "end", n; next } { print }' \
        "$EXAMPLES/platform/$1.platform"
}

# sieve_counts PRESET N OPTION...: the tasks of the sieve batch B2 on each
# of the preset's first N UPs, space-separated, in UP order.
sieve_counts() {
    local preset=$1 n=$2
    shift 2
    first_ups "$preset" "$n" > p.platform
    gstr-sched --model=thesis -p p.platform "$@" sieve.graph |
        awk -v n="$n" '$1 == "task" && $2 ~ /^B2\./ { c[$3]++ }
            END { for (j = 1; j <= n; j++) printf "%s%d", (j > 1 ? " " : ""), c[j] + 0
                  print "" }'
}

# ------------------------------------------------------- Chapter 6 tables

@test "Table 6.3: the trivial allocator on 1 to 14 homogeneous UPs, 50 tasks on their own" {
    # Rows 6, 13 and 14 as the notes correct the OCR (every row sums to 50).
    expected=("50" "25 25" "17 17 16" "13 13 12 12" "10 10 10 10 10"
        "9 9 8 8 8 8" "8 7 7 7 7 7 7" "7 7 6 6 6 6 6 6" "6 6 6 6 6 5 5 5 5"
        "5 5 5 5 5 5 5 5 5 5" "5 5 5 5 5 5 4 4 4 4 4"
        "5 5 4 4 4 4 4 4 4 4 4 4" "4 4 4 4 4 4 4 4 4 4 4 3 3"
        "4 4 4 4 4 4 4 4 3 3 3 3 3 3")
    for n in $(seq 1 14); do
        got=$(sieve_counts lab-homogeneous "$n" --alloc=trivial --trivial=per-batch)
        [ "$got" = "${expected[n - 1]}" ] || fail "$n UPs: $got, not ${expected[n - 1]}"
    done
}

@test "Table 6.3: the thesis code's cumulative counts give 16 17 17 on 3 UPs (B1's task went to the first)" {
    [ "$(sieve_counts lab-homogeneous 3 --alloc=trivial)" = "16 17 17" ]
}

@test "Table 6.3: the mean ideal efficiency over 1 to 14 UPs is 94.12 %" {
    for n in $(seq 1 14); do
        first_ups lab-homogeneous "$n" > p.platform
        gstr-sched --model=thesis -p p.platform --alloc=trivial --trivial=per-batch sieve.graph |
            awk '$1 == "summary" { print $6 }'
    done | awk '{ s += $1 } END { printf "%.2f\n", 100 * s / NR }' > mean
    [ "$(cat mean)" = "94.12" ]
}

@test "Table 6.7: best-fit with the real factors, all 14 rows" {
    expected=("50" "28 22" "19 16 15" "15 12 12 11" "12 10 10 9 9"
        "11 9 9 8 8 5" "10 8 8 8 8 4 4" "10 8 8 7 7 4 3 3"
        "9 7 7 7 7 4 3 3 3" "8 7 7 7 7 3 3 3 3 2" "8 7 7 7 6 3 3 3 3 2 1"
        "8 7 7 6 6 3 3 3 3 2 1 1" "8 7 6 6 6 3 3 3 3 2 1 1 1"
        "8 6 6 6 6 3 3 3 3 2 1 1 1 1")
    for n in $(seq 1 14); do
        got=$(sieve_counts lab-heterogeneous "$n" --factors=real)
        [ "$got" = "${expected[n - 1]}" ] || fail "$n UPs: $got, not ${expected[n - 1]}"
    done
}

@test "Table 6.8: best-fit with the estimated factors, 10 rows exactly and 4 with the thesis's difference" {
    # Row 5 as the notes correct the OCR ("17" for 7: the row sums to 50).
    expected=("50" "" "21 18 11" "16 13 8 13" "13 11 7 11 8" ""
        "11 9 5 9 7 5 4" "" "9 8 5 7 6 5 4 2 4" "9 7 4 7 6 4 4 2 4 3"
        "9 7 4 7 6 4 4 2 3 3 1" "" "8 7 4 7 6 4 3 2 3 3 1 1 1"
        "8 7 4 7 5 4 3 2 3 3 1 1 1 1")
    # The rows that do not reproduce, with what we compute. Row 2: the thesis
    # prints 27 23; the greedy on 1.0/0.82 gives 28 22 (27 23 needs an
    # estimate >= about 0.822, which 0.82 may round). Rows 6, 8, 12: the
    # thesis's rows sum to 49 (one task missing); we give the 50th task to
    # Gorda (8, not 7), Gorda (7, not 6) and Copacabana (3, not 2).
    differ=([2]="28 22" [6]="12 9 6 9 8 6" [8]="10 9 5 8 7 5 4 2"
        [12]="9 7 4 7 6 4 3 2 3 3 1 1")
    for n in $(seq 1 14); do
        got=$(sieve_counts lab-heterogeneous "$n")
        want=${expected[n - 1]:-${differ[n]}}
        [ "$got" = "$want" ] || fail "$n UPs: $got, not $want"
    done
}

@test "Table 6.6: the preset's factors give the error column (truncated to 3 significant digits)" {
    # Error = (estimated - real) / real, in %; the thesis truncates (A12).
    awk 'function trunc3(x,   a, k) {
             a = x < 0 ? -x : x; k = 10 ^ (2 - int(log(a) / log(10)))
             return (x < 0 ? -1 : 1) * int(a * k + 1e-6) / k }
         $1 == "up" && $3 != $4 { printf "%s ", trunc3(100 * ($4 - $3) / $3) }
         END { print "" }' "$EXAMPLES/platform/lab-heterogeneous.platform" > errors
    [ "$(cat errors)" = "1.23 -33.3 2.5 -16.2 17.7 15.7 -34.2 15.7 15.6 50 50 50 61.5 " ]
}

# ------------------------------------------------------------ time model

@test "the thesis's time model by hand: links of 1 s, tasks of 2 s, two generations" {
    cat > links.platform <<'P'
platform 1
name "by hand"
tasktime L1 2
up a 1 1 link 1
up b 1 1 link 1
end 2
P
    printf 'app-graph 1\nbatch B1 L1 2 -\nbatch B2 L1 1 -\nedge B1 B2 data\nend 2 1 3\n' > two.graph
    # B1.0 to a: sent 0..1, worked 1..3, back at 4. B1.1 to b: sent 1..2,
    # back at 5: generation 1 ends at 5. B2.0 to a: sent 5..6, back at 9.
    run gstr-sched --model=thesis -p links.platform two.graph
    assert_success
    assert_output 'schedule 1
platform "by hand"
scheduler static bestfit estimated
generation 1 0 5
task B1.0 1 0 4
task B1.1 2 1 5
generation 2 5 9
task B2.0 1 5 9
load 1 "a" 2
load 2 "b" 1
summary 9 6 0.6666666666666666 2 0.3333333333333333
end 2 3'
}

@test "the estimated factors place, the real ones time: a UP thought fast but slow" {
    cat > wrong.platform <<'P'
platform 1
tasktime L1 1
up good 1 1
up bad 0.25 1
end 2
P
    printf 'app-graph 1\nbatch B1 L1 4 -\nend 1 0 4\n' > four.graph
    run gstr-sched --model=thesis -p wrong.platform four.graph
    assert_success
    assert_line 'load 2 "bad" 2'
    assert_line 'summary 8 4 0.5 1.25 0.4'
    # Its real factor known, the slow UP is left idle: a task there would
    # end at 4, as the fourth on the fast one does (a tie: the first UP).
    run gstr-sched --model=thesis -p wrong.platform --factors=real four.graph
    assert_line 'load 2 "bad" 0'
    assert_line 'summary 4 4 1 1.25 0.8'
    assert_line 'platform "wrong.platform"'
}

@test "a pipeline from PASL: the sieve on the heterogeneous lab, -o written whole" {
    pasl2graph "$EXAMPLES/pasl/sieve.pasl" |
        gstr-sched --model=thesis -p "$EXAMPLES/platform/lab-heterogeneous.platform" -o out.schedule
    run tail -n 2 out.schedule
    assert_output 'summary 9.375 50 5.333333333333333 6.679999999999999 0.7984031936127746
end 3 52'
}

# ------------------------------------------------------------ bad input

@test "usage errors: no platform, unknown values, options that do not apply" {
    run gstr-sched sieve.graph
    assert_failure 2
    assert_line "gstr-sched: no platform: give one with --platform=FILE"
    P="$EXAMPLES/platform/lab-heterogeneous.platform"
    run gstr-sched -p "$P" --sched=heft sieve.graph
    assert_failure 2
    assert_line "gstr-sched: --sched wants static, gs, gstr, wqr or minmin, not 'heft'"
    run gstr-sched -p "$P" --model=thesis --sched=wqr sieve.graph
    assert_failure 2
    assert_line "gstr-sched: --sched=wqr is a baseline of the event model: the thesis model has static, gs and gstr"
    run gstr-sched -p "$P" --model=matlab sieve.graph
    assert_line "gstr-sched: --model wants event or thesis, not 'matlab'"
    run gstr-sched -p "$P" --alloc=fast sieve.graph
    assert_line "gstr-sched: --alloc wants trivial or bestfit, not 'fast'"
    run gstr-sched -p "$P" --model=thesis --trivial=per-batch sieve.graph
    assert_failure 2
    assert_line "gstr-sched: --trivial applies only with --model=thesis --alloc=trivial"
    run gstr-sched -p "$P" --alloc=trivial --trivial=per-batch sieve.graph
    assert_line "gstr-sched: --trivial applies only with --model=thesis --alloc=trivial"
    run gstr-sched -p "$P" --theta=0.5 sieve.graph
    assert_line "gstr-sched: --theta applies only with --model=event --sched=gstr"
    run gstr-sched -p "$P" --sched=gstr --theta=2 sieve.graph
    assert_line "gstr-sched: --theta must be a number in [0, 1], not '2'"
    run gstr-sched -p "$P" --model=thesis --slots=2 sieve.graph
    assert_line "gstr-sched: --slots applies only with --model=event"
    run gstr-sched -p "$P" --sched=gstr --replica-order=newest sieve.graph
    assert_line "gstr-sched: --replica-order wants formal or slowest-up, not 'newest'"
    run gstr-sched -p "$P" --wqr-copies=3 sieve.graph
    assert_line "gstr-sched: --wqr-copies applies only with --model=event --sched=wqr"
    run gstr-sched -p "$P" --sched=wqr --factors=real sieve.graph
    assert_line "gstr-sched: --factors applies only with a scheduler that allocates on estimates"
    run gstr-sched -p "$P" --model=event --partition=tp sieve.graph
    assert_line "gstr-sched: --model applies only as thesis with --partition (igp is the thesis's simulator)"
    run gstr-sched -p - -
    assert_line "gstr-sched: the platform and the application cannot both be standard input"
}

# bad_platform TEXT MESSAGE: the platform TEXT is refused with MESSAGE alone.
bad_platform() {
    printf "$1" > bad.platform
    run gstr-sched -p bad.platform sieve.graph
    assert_failure 2
    assert_output "gstr-sched: bad.platform$2"
}

@test "a malformed command record: located messages, exit 2; a good one changes no simulation" {
    bad_platform 'platform 1\ncommand L1\nup a 1 1\nend 1\n' ":2:1: error: expected: command L<n> \"COMMAND LINE\""
    bad_platform 'platform 1\ncommand L1 run\nup a 1 1\nend 1\n' ":2:1: error: expected: command L<n> \"COMMAND LINE\""
    bad_platform 'platform 1\ncommand X1 "run"\nup a 1 1\nend 1\n' ":2:9: error: expected a task type L<n> (n >= 1), not 'X1'"
    bad_platform 'platform 1\ncommand L1 " \\t"\nup a 1 1\nend 1\n' ":2:12: error: the command of task type L1 is empty"
    bad_platform 'platform 1\ncommand L1 "a"\ncommand L1 "b"\nup a 1 1\nend 1\n' ":3:9: error: task type L1 has two commands"
    # The simulations read and ignore it: the same schedule with or without.
    grep -v '^command' "$EXAMPLES/sieve/sieve.platform" > plain.platform
    gstr-sched -p plain.platform --sched gstr sieve.graph > plain.out
    gstr-sched -p "$EXAMPLES/sieve/sieve.platform" --sched gstr sieve.graph > with.out
    [ -s plain.out ]
    cmp plain.out with.out
}

@test "a malformed platform: located messages, exit 2" {
    bad_platform '' ": error: empty input: expected a 'platform' header line"
    bad_platform 'net-model 1\n' ":1:1: error: expected a 'platform' file, got a 'net-model' file"
    bad_platform 'platform 1\nup a 0 1\nend 1\n' ":2:6: error: expected a finite number > 0, not '0'"
    bad_platform 'platform 1\nup a 1 inf\nend 1\n' ":2:8: error: expected a finite number > 0, not 'inf'"
    bad_platform 'platform 1\nup a 1e400 1\nend 1\n' ":2:6: error: number '1e400' is out of range"
    bad_platform 'platform 1\nup a 1 1\nup a 1 1\nend 2\n' ":3:4: error: UP 'a' is given twice (first at line 2)"
    bad_platform 'platform 1\nup 12 1 1\nend 1\n' ":2:4: error: a UP's name is a word or a string, not the number '12'"
    bad_platform 'platform 1\nup a 1 1 lnk 2\nend 1\n' ":2:10: error: expected 'link' after the estimated factor"
    bad_platform 'platform 1\nup a 1 1 link -1\nend 1\n' ":2:15: error: expected a finite number >= 0, not '-1'"
    bad_platform 'platform 1\nup a 1\nend 1\n' ":2:1: error: expected: up NAME REAL ESTIMATED [link SECONDS]"
    bad_platform 'platform 1\nup a 1 1\n' ":2: error: the file ends without its 'end UPS' record: cut short?"
    bad_platform 'platform 1\nup a 1 1\nend 2\n' ":3:5: error: the end record does not match the file: it has 1 up record"
    bad_platform 'platform 1\nend 0\n' ":2: error: a platform needs at least one UP ('up NAME REAL ESTIMATED')"
    bad_platform 'platform 1\nspeeds a 1\nend 0\n' ":2:1: error: unknown record 'speeds' (expected name, tasktime, command, group, up, time, error, fail, failures, speed or end)"
    bad_platform 'platform 1\nspeed a 1\nend 0\n' ":2:1: error: expected: speed NAME TIME MULTIPLIER"
    bad_platform 'platform 1\nup a 1 1\nspeed b 1 2\nend 1\n' ":3:7: error: unknown UP 'b': a UP is named by its up record before it is used"
    bad_platform 'platform 1\nup a 1 1\nspeed a -1 2\nend 1\n' ":3:9: error: expected a finite number >= 0, not '-1'"
    bad_platform 'platform 1\nup a 1 1\nspeed a 1 0\nend 1\n' ":3:11: error: expected a finite number > 0, not '0'"
    bad_platform 'platform 1\nup a 1 1\nspeed a 1 2\nspeed a 1 3\nend 1\n' ":4:9: error: UP 'a' changes speed twice at 1"
    bad_platform 'platform 1\nup a 1 1\nspeed a 0 2\nspeed a -0 3\nend 1\n' ":4:9: error: UP 'a' changes speed twice at -0"
    bad_platform 'platform 1\nup a 1 1\nfail a when 2\nend 1\n' ":3:1: error: expected: fail NAME [at TIME]"
    bad_platform 'platform 1\nup a 1 1\nfailures 0\nend 1\n' ":3:10: error: expected a finite number > 0, not '0'"
    bad_platform 'platform 1\nup a 1 1\nfailures 0.1 seed x\nend 1\n' ":3:19: error: a seed is a whole number, not 'x'"
    bad_platform 'platform 1\nup a 1 1\nfailures 0.1 7\nend 1\n' ":3:1: error: expected: failures RATE [seed N]"
    bad_platform 'platform 1\nup a 1 1\nfailures 0.1\nfailures 0.2\nend 1\n' ":4:1: error: the failures record is given twice"
    bad_platform 'platform 1\nup a 1 1\nfail a at nan\nend 1\n' ":3:11: error: expected a finite number >= 0, not 'nan'"
    bad_platform 'platform 1\nup a 1 1\nup b 1 1\nfail a\nfail b at 0\nend 2\n' ":6: error: every UP fails: no task would ever finish"
    bad_platform 'platform 1\ntasktime X2 1\nup a 1 1\nend 1\n' ":2:10: error: expected a task type L<n> (n >= 1), not 'X2'"
    bad_platform 'platform 1\ntasktime L2 1\ntasktime L2 2\nup a 1 1\nend 1\n' ":3:10: error: task type L2 has two times"
    bad_platform 'platform 1\nup a 1 1\nend 1\nup b 1 1\n' ":4:1: error: record after 'end'"
    bad_platform 'platform 1\nup a 1 1\nerror 1\nend 1\n' ":3:7: error: an error level below 1, not 1: at 1 or more a time can reach 0 or less"
    bad_platform 'platform 1\nup a 1 1\nerror 0.1 b\nend 1\n' ":3:11: error: unknown UP 'b': a UP is named by its up record before it is used"
    bad_platform 'platform 1\nup a 1 1\nerror 0.1\nerror 0.2\nend 1\n' ":4:1: error: the error model is given twice"
    bad_platform 'platform 1\nup a 1 1\nup b 1 1\nfail a\nfail a\nend 2\n' ":5:6: error: UP 'a' fails twice"
    bad_platform 'platform 1\nup a 1 1\nfail a\nend 1\n' ":4: error: every UP fails: no task would ever finish"
    bad_platform 'platform 1\nup a 1 1\nfail\nend 1\n' ":3:1: error: expected: fail NAME [at TIME]"
}

@test "time records: a pair's own time replaces tasktime/factor in the play and the estimate, by hand" {
    printf 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L2 2 -\nedge B1 B2 data\nend 2 1 3\n' > a.graph
    # B2's tasks take 1 s on a and 3 s on b: best-fit puts both on a
    # (1 + 1 = 2 s against 3 s), so generation 2 ends at 1 + 2 = 3.
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\nup a 1 1\nup b 1 1\ntime L2 b 3\nend 2\n' > p
    run gstr-sched --model=thesis -p p a.graph
    assert_success
    assert_line 'task B2.0 1 1 2'
    assert_line 'task B2.1 1 1 3'
    assert_line 'summary 3 3 1 2 0.5'
    # Believed to take 0.5 s on b: the first task goes there (Δ 0.5 < 1),
    # the second ties at Δ 0.5 and goes to a; b plays 3 s, so 1 + 3 = 4.
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\nup a 1 1\nup b 1 1\ntime L2 b 3 estimated 0.5\nend 2\n' > p
    run gstr-sched --model=thesis -p p a.graph
    assert_line 'task B2.0 2 1 4'
    assert_line 'summary 4 3 0.75 2 0.375'
    run gstr-sched --model=thesis -p p --factors real a.graph
    assert_line 'summary 3 3 1 2 0.5'
    # Across groups each group sees its own UPs' records (renumbered): b,
    # UP 2 of the file and UP 1 of G2, plays 3 s for L2, not a's 7 s for L1.
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\ngroup G1\nup a 1 1\ngroup G2\nup b 1 1\ntime L2 b 3\ntime L1 a 7\nend 2\n' > p
    run gstr-sched -p p --partition tp a.graph
    assert_success
    assert_line 'generation 1 0 1'
    assert_line 'generation 2 1 4'
}

@test "malformed time records: located messages, exit 2" {
    bad_platform 'platform 1\ntasktime L2 1\nup a 1 1\ntime L2 b 3\nup b 1 1\nend 2\n' ":4:9: error: unknown UP 'b': a UP is named by its up record before it is used"
    bad_platform 'platform 1\nup a 1 1\ntime L2 a 1\ntime L2 a 2\nend 1\n' ":4:6: error: task type L2 on UP 'a' has two times (first at line 3)"
    bad_platform 'platform 1\nup a 1 1\ntime L2 a -1\nend 1\n' ":3:11: error: expected a finite number >= 0, not '-1'"
    bad_platform 'platform 1\nup a 1 1\ntime L2 a inf\nend 1\n' ":3:11: error: expected a finite number >= 0, not 'inf'"
    bad_platform 'platform 1\nup a 1 1\ntime L2 a nan\nend 1\n' ":3:11: error: expected a finite number >= 0, not 'nan'"
    bad_platform 'platform 1\nup a 1 1\ntime L2 a 1 est 2\nend 1\n' ":3:13: error: expected 'estimated' after the time"
    bad_platform 'platform 1\nup a 1 1\ntime L2 a 1 estimated -2\nend 1\n' ":3:23: error: expected a finite number >= 0, not '-2'"
    bad_platform 'platform 1\nup a 1 1\ntime L2 a\nend 1\n' ":3:1: error: expected: time L<n> UP SECONDS [estimated SECONDS]"
    bad_platform 'platform 1\nup a 1 1\ntime X2 a 1\nend 1\n' ":3:6: error: expected a task type L<n> (n >= 1), not 'X2'"
}

@test "GS and GSTR under the thesis model: errors, and failures that GSTR survives and static refuses" {
    cat > flaky.platform <<'P'
platform 1
tasktime L1 1
up a 1 1
up b 1 1
up c 0.5 0.5
error 0.5 c
fail b
end 3
P
    printf 'app-graph 1\nbatch B1 L1 4 -\nbatch B2 L1 4 -\nedge B1 B2 data\nend 2 1 8\n' > two.graph
    run gstr-sched --model=thesis -p flaky.platform two.graph
    assert_failure 2
    assert_output "gstr-sched: two.graph: error: UP 'b' fails: the thesis model simulates failures with GSTR only (its static and GS code take no failed UP)"
    # GSTR, trivial: the failed UP counts 1e9 more tasks before each batch,
    # so it never gets one; a, then c, then a...
    run --separate-stderr gstr-sched --model=thesis -p flaky.platform --sched=gstr --alloc=trivial two.graph
    assert_success
    assert_line 'scheduler gstr trivial estimated'
    assert_line 'load 2 "b" 0'
    [ -z "$stderr" ]
    # GSTR, best-fit: its estimates of b are stale (no link time, so never
    # refreshed): b gets a task in each generation, which is lost.
    run --separate-stderr gstr-sched --model=thesis -p flaky.platform --sched=gstr two.graph
    assert_success
    assert_line --regexp '^task B1\.[0-9] 2 0 -$'
    [ "$stderr" = "gstr-sched: warning: 2 tasks sent to failed UPs never finish: the thesis model drops them from the makespan (the code simulates no replication)" ]
}

@test "a task type without a time on the platform is refused, with the record to add" {
    printf 'platform 1\ntasktime L2 1\nup a 1 1\nend 1\n' > notime.platform
    run gstr-sched -p notime.platform sieve.graph
    assert_failure 2
    assert_output "gstr-sched: sieve.graph:7: error: task type L1 of batch B1 has no time on the platform: add 'tasktime L1 SECONDS' to it"
}

# bad_graph TEXT MESSAGE: the app-graph TEXT is refused with MESSAGE alone.
bad_graph() {
    printf "$1" > bad.graph
    run gstr-sched -p "$EXAMPLES/platform/lab-heterogeneous.platform" bad.graph
    assert_failure 2
    assert_output "gstr-sched: bad.graph$2"
}

@test "a malformed app-graph, or one that is not a DAG: located messages, exit 2" {
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L1 2 -\nedge B2 B1 data\nend 2 1 3\n' \
        ":4:6: error: edge from 'B2' to 'B1' does not go forward: an app-graph lists its batches in a topological order, so it is not a DAG"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nedge B1 B1 data\nend 1 1 1\n' \
        ":3:6: error: edge from 'B1' to 'B1' does not go forward: an app-graph lists its batches in a topological order, so it is not a DAG"
    bad_graph 'app-graph 1\nbatch B1 L1 0 -\nend 1 0 0\n' ":2:13: error: expected a finite number >= 1, not '0'"
    bad_graph 'app-graph 1\nbatch B1 L1 1.5 -\nend 1 0 1\n' ":2:13: error: a cardinality is a whole number from 1 to 10000000, not '1.5'"
    bad_graph 'app-graph 1\nbatch B1 L1 10000001 -\nend 1 0 10000001\n' ":2:13: error: a cardinality is a whole number from 1 to 10000000, not '10000001'"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nedge B0 B1 data\nend 1 1 1\n' ":3:6: error: unknown batch 'B0': a batch is named by its batch record before it is used"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B1 L1 1 -\nend 2 0 2\n' ":3:7: error: batch 'B1' is defined twice (first at line 2)"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nend 1 0 2\n' ":3:1: error: the end record does not match the file: it has 1 batch, 0 edges and 1 task"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\n' ":2: error: the file ends without its 'end BATCHES EDGES TASKS' record: cut short?"
    bad_graph 'app-graph 1\nend 0 0 0\n' ":2: error: the application has no batch: nothing to schedule"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nfoo B1\nend 1 0 1\n' ":3:1: error: unknown record 'foo' (expected name, description, tasktype, batch, task, edge, link, input, write, output or end)"
    bad_graph 'platform 1\n' ":1:1: error: expected a 'app-graph' file, got a 'platform' file"
}


@test "the reader holds an app-graph to app-graph(5): record order, task types once and by increasing n, edges once and after their batch" {
    bad_graph 'app-graph 1\ntasktype L1 -\ntasktype L1 -\nbatch B1 L1 1 -\nend 1 0 1\n' \
        ":3:10: error: task type L1 is given twice (first at line 2)"
    bad_graph 'app-graph 1\ntasktype L2 -\ntasktype L1 -\nbatch B1 L1 1 -\nend 1 0 1\n' \
        ":3:10: error: task type L1 after L2: an app-graph gives its tasktype records by increasing n"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\ntasktype L1 -\nend 1 0 1\n' \
        ":3:1: error: 'tasktype' record after a 'batch' record: an app-graph gives name, description, tasktype, batch (each with its task, edge, link, input and write records), output, end, in that order"
    bad_graph 'app-graph 1\nname "a"\nname "b"\nbatch B1 L1 1 -\nend 1 0 1\n' \
        ":3:1: error: 'name' record given twice (first at line 2)"
    bad_graph 'app-graph 1\ndescription "a"\nname "b"\nbatch B1 L1 1 -\nend 1 0 1\n' \
        ":3:1: error: 'name' record after a 'description' record: an app-graph gives name, description, tasktype, batch (each with its task, edge, link, input and write records), output, end, in that order"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nwrite B1 "s"\noutput B1 "s"\nbatch B2 L1 1 -\nend 2 0 2\n' \
        ":5:1: error: 'batch' record after a 'output' record: an app-graph gives name, description, tasktype, batch (each with its task, edge, link, input and write records), output, end, in that order"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L1 1 -\nedge B1 B2 data\nedge B1 B2 data\nend 2 2 2\n' \
        ":5:1: error: edge from 'B1' to 'B2' (data) is given twice (first at line 4)"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L1 1 -\nedge B1 B2 storage "s"\nedge B1 B2 storage "t"\nend 2 2 2\n' \
        ":5:1: error: edge from 'B1' to 'B2' (storage) is given twice (first at line 4)"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L1 1 -\nbatch B3 L1 1 -\nedge B1 B2 data\nend 3 1 3\n' \
        ":5:9: error: edge into 'B2' after batch 'B3': a batch's edges follow its batch record"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L1 1 -\nwrite B1 "s"\nend 2 0 2\n' \
        ":4:7: error: write of 'B1' after batch 'B2': a batch's input and write records follow its batch record"
    # Within a batch: its tasks first, all of them, in order; each edge
    # with all of its links; the edges before the inputs and writes.
    bad_graph 'app-graph 1\nbatch B1 L1 2 -\ntask B1.1\nend 1 0 2\n' \
        ":3:6: error: task 'B1.1' out of place: the task records of batch 'B1' are B1.0 to B1.1, in order, right after its batch record"
    bad_graph 'app-graph 1\nbatch B1 L1 2 -\ntask B1.0\nend 1 0 2\n' \
        ":4:1: error: batch 'B1' has 1 of its 2 task records: with --tasks, every task of a batch has one"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nlink B1.0 B1.0\nend 1 0 1\n' \
        ":3:1: error: link out of place: a link record follows its edge record or another link"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L1 2 -\nedge B1 B2 data\nlink B1.0 B2.2\nend 2 1 3\n' \
        ":5:6: error: link B1.0 B2.2 is not one of the 2 links of the edge from 'B1' to 'B2' before it (a task of each, B1.0 to B1.0 and B2.0 to B2.1)"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L1 2 -\nedge B1 B2 data\nlink B1.0 B2.0\nend 2 1 3\n' \
        ":6:1: error: the edge from 'B1' to 'B2' has 1 of its 2 link records: with --tasks, every link of an edge has one"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nbatch B2 L1 1 -\nwrite B2 "s"\nedge B1 B2 data\noutput B2 "s"\nend 2 1 2\n' \
        ":5:1: error: edge into 'B2' after its input or write records: a batch's edges come before them"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nwrite B1 "s"\nbatch B2 L1 1 -\ninput B2 "s"\noutput B1 "s"\nend 2 0 2\n' \
        ":5:10: error: input of storage \"s\", which batch 'B1' wrote before: an input reads a storage nobody wrote (else it is a storage edge)"
    # Outputs: one per storage written, its last write.
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nwrite B1 "s"\noutput B1 "s"\noutput B1 "s"\nend 1 0 1\n' \
        ":5:11: error: output of storage \"s\" is given twice (first at line 4)"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nwrite B1 "s"\noutput B1 "t"\nend 1 0 1\n' \
        ":4:11: error: output of storage \"t\", which no batch writes"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nwrite B1 "s"\nbatch B2 L1 1 -\nwrite B2 "s"\noutput B1 "s"\nend 2 0 2\n' \
        ":6:8: error: output of storage \"s\" by 'B1', but batch 'B2' writes it last"
    bad_graph 'app-graph 1\nbatch B1 L1 1 -\nwrite B1 "s"\nend 1 0 1\n' \
        ":4:1: error: storage \"s\" is written but has no output record (one per storage written, its last write)"
    # A data edge and a storage edge between the same batches are two edges.
    printf 'app-graph 1\ntasktype L1 -\ntasktype L2 -\nbatch B1 L1 1 -\nwrite B1 "s"\nbatch B2 L2 1 -\nedge B1 B2 data\nedge B1 B2 storage "s"\noutput B1 "s"\nend 2 2 2\n' > ok.graph
    run gstr-sched -p "$EXAMPLES/platform/lab-heterogeneous.platform" ok.graph
    assert_success
}

@test "tasks times UPs past the allocators' limit is refused before any work" {
    printf 'app-graph 1\nbatch B1 L1 10000000 -\nend 1 0 10000000\n' > big.graph
    { echo 'platform 1'; echo 'tasktime L1 1'
      for i in $(seq 1 101); do echo "up u$i 1 1"; done; echo 'end 101'; } > many.platform
    run gstr-sched -p many.platform big.graph
    assert_failure 2
    assert_output "gstr-sched: big.graph: error: 10000000 tasks on 101 UPs is past the allocators' limit of 1e+09 task-UP pairs"
}

@test "every golden of pasl2graph is read, with and without --tasks" {
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\ntasktime L3 1\ntasktime L4 1\ntasktime L5 1\ntasktime L6 1\nup a 1 1\nup b 0.5 0.5\nend 2\n' > all.platform
    for f in "$EXAMPLES"/pasl/example3.pasl "$EXAMPLES"/pasl/example4.pasl "$EXAMPLES"/pasl/example6.pasl "$EXAMPLES"/pasl/figure1-1.pasl; do
        pasl2graph "$f" > g
        run gstr-sched -p all.platform g
        assert_success
        pasl2graph --tasks "$f" > g
        run gstr-sched -p all.platform g
        assert_success
    done
}

# ------------------------------------------------------ across groups

@test "PPCP's worked example through the program: (2, 2, 1) by the prose, (3 on GH2, 2, 0) by the code" {
    pasl2graph "$EXAMPLES/pasl/example3.pasl" > fig11.graph
    P="$EXAMPLES/platform/three-groups.platform"
    run gstr-sched -p "$P" --partition=ppcp fig11.graph
    assert_success
    for line in 'share "GH1" B1 1' 'share "GH1" B2 2' 'share "GH1" B3 4' \
                'share "GH1" B4 8' 'share "GH1" B5 1' 'share "GH2" B2 2' \
                'share "GH2" B3 4' 'share "GH2" B4 8' 'share "GH3" B2 1' \
                'share "GH3" B3 2' 'share "GH3" B4 4' 'packets 21'; do
        assert_line "$line"
    done
    # By hand: B3 and B4 together are 12 tasks on GH1's 3 UPs (4 s), 12 on
    # GH2's 5 (3 s), 6 on GH3's 2 (3 s); B1, B2 and B5 take 1 s each.
    assert_line 'generation 3 2 6'
    assert_line 'summary 7 37 5.285714285714286 10 0.5285714285714286'
    run gstr-sched -p "$P" --partition=ppcp --rules=matlab fig11.graph
    assert_success
    assert_line 'partition ppcp matlab'
    assert_line 'share "GH2" B2 3'
    assert_line 'share "GH1" B2 2'
    refute_line --partial 'share "GH3"'
    assert_line 'packets 14'
    run gstr-sched -p "$P" --partition=tp fig11.graph
    assert_line 'share "GH3" B3 4'
    assert_line 'share "GH1" B3 3'
    run gstr-sched -p "$P" --partition=pp fig11.graph
    assert_line 'share "GH2" B4 10'
}


@test "partitioning refuses what the inter-group simulator does not play: failures, load changes, an error model (located, exit 2)" {
    pasl2graph "$EXAMPLES/pasl/example3.pasl" > fig11.graph
    P="$EXAMPLES/platform/three-groups.platform"
    base() { grep -v '^end' "$P"; }
    # GH3's two UPs dead from the start; a1 slowed to 1 %; failures drawn;
    # an error model on a1.
    { base; echo 'fail c1'; echo 'fail c2'; echo 'end 10'; } > dead.platform
    { base; echo 'speed a1 0 0.01'; echo 'end 10'; } > slow.platform
    { base; echo 'failures 0.5 seed 3'; echo 'end 10'; } > drawn.platform
    { base; echo 'error 0.3 a1'; echo 'end 10'; } > error.platform
    why="the inter-group simulator of --partition (the thesis's igp) plays no failures, load changes or estimation errors; use the event model, without --partition"
    for p in tp pp ppcp; do
        for case in "dead:UP 'c1' fails ('fail' record)" \
                    "slow:UP 'a1' changes speed ('speed' record)" \
                    "drawn:the platform draws failures ('failures' record)" \
                    "error:the platform has an error model ('error' record)"; do
            run gstr-sched -p "${case%%:*}.platform" --partition "$p" fig11.graph
            assert_failure 2
            assert_output "gstr-sched: ${case%%:*}.platform:26:1: error: ${case#*:}: $why"
        done
    done
    # A level of 0 changes nothing: read as before.
    { base; echo 'error 0'; echo 'end 10'; } > zero.platform
    run gstr-sched -p zero.platform --partition ppcp fig11.graph
    assert_success
}

@test "partitioning: one group, a bad group record, options that do not apply" {
    run gstr-sched -p "$EXAMPLES/platform/lab-heterogeneous.platform" --partition=ppcp sieve.graph
    assert_failure 2
    assert_output "gstr-sched: $EXAMPLES/platform/lab-heterogeneous.platform: error: --partition needs a platform of two groups or more ('group NAME' records)"
    P="$EXAMPLES/platform/three-groups.platform"
    run gstr-sched -p "$P" --rules=matlab sieve.graph
    assert_failure 2
    assert_output --partial "gstr-sched: --rules applies only with --partition=ppcp"
    run gstr-sched -p "$P" --partition=pp --sched=gs sieve.graph
    assert_failure 2
    assert_output --partial "gstr-sched: --sched applies only without --partition"
    bad_platform 'platform 1\nup a 1 1\ngroup G\nup b 1 1\nend 2\n' ":3:1: error: a group record before the first up record, or none: every UP belongs to a group"
    bad_platform 'platform 1\ngroup G\ngroup H\nup b 1 1\nend 1\n' ":3:1: error: group 'G' has no UP"
    bad_platform 'platform 1\ngroup G\nup a 1 1\ngroup G\nup b 1 1\nend 2\n' ":4:7: error: group 'G' is given twice (first at line 2)"
    bad_platform 'platform 1\ngroup G allocated 1.5\nup a 1 1\nend 1\n' ":2:19: error: a whole number of tasks from 0 to 1e15, not '1.5'"
    bad_platform 'platform 1\ngroup G\nup a 1 1\ngroup H\nend 1\n' ":5: error: group 'H' has no UP"
}

@test "an error model without names covers every UP, wherever the record stands" {
    # B2 starts after 2 of 8 tasks: e = 0.5 sin(pi/2), its times x 1.5.
    printf 'app-graph 1\nbatch B1 L1 2 -\nbatch B2 L1 6 -\nedge B1 B2 data\nend 2 1 8\n' > two.graph
    printf 'platform 1\ntasktime L1 1\nerror 0.5\nup a 1 1\nup b 1 1\nend 2\n' > before.platform
    printf 'platform 1\ntasktime L1 1\nup a 1 1\nup b 1 1\nerror 0.5\nend 2\n' > after.platform
    printf 'platform 1\ntasktime L1 1\nup a 1 1\nup b 1 1\nend 2\n' > none.platform
    a=$(gstr-sched --model=thesis -p before.platform two.graph | grep summary)
    b=$(gstr-sched --model=thesis -p after.platform two.graph | grep summary)
    c=$(gstr-sched --model=thesis -p none.platform two.graph | grep summary)
    [ "$a" = "$b" ]
    [ "$c" = "summary 4 8 2 2 1" ]
    [ "$a" = "summary 5.5 8 1.4545454545454546 2 0.7272727272727273" ]
}

@test "PASL cost models as task times: -D gives the names their seconds, the platform's tasktime wins" {
    pasl2graph "$EXAMPLES/pasl/figure1-1.pasl" > f11.graph
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\ntasktime L5 1\nup a 1 1\nup b 0.5 0.5\nend 2\n' > p
    # L3 = t_flop + 1000 t_mul = 2.001 s (10 tasks), L4 = 2 N t_flop =
    # 0.2 s (20 tasks), with L1, L2 (5 tasks) and L5 at 1 s: 31.01 s.
    run gstr-sched -p p -D t_flop=1e-3 -D t_mul=2e-3 -D N=100 f11.graph
    assert_success
    assert_line --regexp '^summary [0-9.]+ 31\.009999999999998 '
    run gstr-sched -p p -D t_flop=1e-3 f11.graph
    assert_failure 2
    assert_output "gstr-sched: f11.graph:6: error: task type L3 has no tasktime on the platform, and its cost \"delay(t_flop); 1000*delay(t_mul)\" needs a value for 't_mul': give -D t_mul=SECONDS, or add 'tasktime L3 SECONDS' to the platform"
    # A tasktime on the platform is used as it is, cost or not.
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\ntasktime L3 1\ntasktime L4 1\ntasktime L5 1\nup a 1 1\nend 1\n' > all
    run gstr-sched -p all f11.graph
    assert_line --regexp '^summary 37 37 '
    run gstr-sched -p p -D t_flop=-1 -D t_mul=0 -D N=1 f11.graph
    assert_failure 2
    assert_output "gstr-sched: f11.graph:6: error: task type L3: its cost \"delay(t_flop); 1000*delay(t_mul)\" reads t_flop = -1: a time is never negative (every value a delay is made of must be >= 0)"
    run gstr-sched -p p -D t_flop f11.graph
    assert_output --partial "gstr-sched: -D wants NAME=VALUE, not 't_flop'"
    run gstr-sched -p p -D t_flop=inf f11.graph
    assert_output --partial "gstr-sched: -D t_flop: 'inf' is not a finite number"
    run gstr-sched -p p -D N=1 -D N=2 f11.graph
    assert_output --partial "gstr-sched: -D N: given twice; give each name one value"
}

@test "a negative value in a cost is an error even when the total stays >= 0 (issue 26, one rule with bench2model)" {
    pasl2graph "$EXAMPLES/pasl/figure1-1.pasl" > f11.graph
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\ntasktime L5 1\nup a 1 1\nend 1\n' > p
    # t_flop + 1000 t_mul = 0.001 - 0.1 < 0, and 0.001 - 0.0001 > 0: both
    # refused, since t_mul is a time.
    for v in -1e-4 -0.001; do
        run --separate-stderr gstr-sched -p p -D t_flop=1e-3 -D t_mul=$v -D N=100 f11.graph
        assert_failure 2
        assert_equal "$output" ""
        assert_equal "$stderr" "gstr-sched: f11.graph:6: error: task type L3: its cost \"delay(t_flop); 1000*delay(t_mul)\" reads t_mul = $(printf %g $v): a time is never negative (every value a delay is made of must be >= 0)"
    done
    # -0 is 0, a time
    run gstr-sched -p p -D t_flop=1e-3 -D t_mul=-0 -D N=100 f11.graph
    assert_success
    # Finite values whose cost passes the largest double: said so, not
    # "not a sum of delays" (issue 26, item 3).
    run --separate-stderr gstr-sched -p p -D t_flop=1e308 -D t_mul=1e308 -D N=1 f11.graph
    assert_failure 2
    assert_equal "$stderr" "gstr-sched: f11.graph:6: error: task type L3: its cost \"delay(t_flop); 1000*delay(t_mul)\" is past the largest double (seconds): its values are too large"
}

@test "-D: a name no cost model of this run reads is a usage error, as a repeated one (issue 26: one rule with bench2model and netsim)" {
    pasl2graph "$EXAMPLES/pasl/figure1-1.pasl" > f11.graph
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\ntasktime L5 1\nup a 1 1\nend 1\n' > p
    run --separate-stderr gstr-sched -p p -D t_flop=1e-3 -D t_mul=2e-3 -D N=100 -D t_mull=1 f11.graph
    assert_failure 2
    assert_equal "$output" ""
    assert_equal "$stderr" "gstr-sched: -D t_mull: no cost model this run evaluates reads 't_mull' (a task type with a tasktime on the platform does not read its cost)
Try 'gstr-sched --help'."
    # every task type has a tasktime: no cost is read, so no -D is used
    printf 'platform 1\ntasktime L1 1\ntasktime L2 1\ntasktime L3 1\ntasktime L4 1\ntasktime L5 1\nup a 1 1\nend 1\n' > all
    run --separate-stderr gstr-sched -p all -D N=100 f11.graph
    assert_failure 2
    assert_equal "$stderr" "gstr-sched: -D N: no cost model this run evaluates reads 'N' (a task type with a tasktime on the platform does not read its cost)
Try 'gstr-sched --help'."
    run --separate-stderr gstr-sched -p p -D N=1 -D N=1 f11.graph
    assert_failure 2
    assert_equal "$stderr" "gstr-sched: -D N: given twice; give each name one value
Try 'gstr-sched --help'."
}

@test "times that overflow a double are an error in both models, never inf with exit 0" {
    printf 'platform 1\ntasktime L1 1e300\nup a 1e-10 1e-10\nend 1\n' > big.platform
    printf 'app-graph 1\nbatch B1 L1 2 -\nend 1 0 2\n' > two.graph
    for model in event thesis; do
        run gstr-sched --model=$model -p big.platform two.graph
        assert_failure 2
        assert_output "gstr-sched: two.graph: error: the simulated times overflow: the makespan is past the largest double (task or link times too large for the UPs' speeds)"
    done
    printf 'platform 1\ntasktime L1 1e308\nup a 1 1\nend 1\n' > seq.platform
    run gstr-sched -p seq.platform two.graph
    assert_failure 2
    assert_output --partial "error: the simulated times overflow: the"
    # A drawn failure time past the largest double: that UP never fails.
    printf 'platform 1\ntasktime L1 1\nup a 1 1\nfailures 1e-320 seed 3\nend 1\n' > never.platform
    run gstr-sched -p never.platform two.graph
    assert_success
    refute_line --regexp '^fail '
}

@test "batch names that are not bare words are quoted in every schedule, whole NAME.I, with the one escaping of the formats" {
    # A space, a quote, a backslash, a newline escape; and a bare word.
    printf '%s\n' 'app-graph 1' 'tasktype L1 -' 'batch "B 1" L1 1 -' \
        'batch "B\"q" L1 1 -' 'edge "B 1" "B\"q" data' 'batch "B\\x" L1 1 -' \
        'edge "B\"q" "B\\x" data' 'batch "B\n1" L1 1 -' 'edge "B\\x" "B\n1" data' \
        'batch "#c" L1 1 -' 'edge "B\n1" "#c" data' 'batch ok L1 1 -' 'edge "#c" ok data' \
        'end 6 5 6' > names.graph
    printf 'platform 1\ntasktime L1 1\ngroup g1\nup a 1 1\ngroup g2\nup b 1 1\nend 2\n' > two.platform
    run gstr-sched -p two.platform names.graph
    assert_success
    assert_line 'dispatch 0 "B 1.0" 1'
    assert_line 'finish 1 "B 1.0" 1'
    assert_line 'dispatch 1 "B\"q.0" 1'
    assert_line 'dispatch 2 "B\\x.0" 1'
    assert_line 'dispatch 3 "B\n1.0" 1'
    assert_line 'dispatch 4 "#c.0" 1'
    assert_line 'dispatch 5 ok.0 1'
    [ "$(echo "$output" | wc -l)" -eq 22 ]      # one record a line
    run gstr-sched --model thesis -p two.platform names.graph
    assert_success
    assert_line 'task "B 1.0" 1 0 1'
    assert_line 'task "B\"q.0" 1 1 2'
    assert_line 'task ok.0 1 5 6'
    run gstr-sched --partition tp -p two.platform names.graph
    assert_success
    assert_line 'share "g2" "B 1" 1'
    assert_line 'share "g2" "B\\x" 1'
    assert_line 'share "g2" ok 1'
}

@test "derived numbers from finite factors: slots and the ideal speed-up without overflow, refused when past the largest double (issue 26)" {
    printf 'app-graph 1\nbatch B1 L1 4 -\nend 1 0 4\n' > four.graph
    # Factor 1e308: 2 f / f_max overflowed in 2 f, giving the UP 0 slots
    # and its tasks "lost on failed UPs" though none failed. It has 2
    # slots (the fastest), b 1 slot at most: nothing is lost.
    printf 'platform 1\ntasktime L1 1\nup a 1e308 1e308\nup b 1 1\nend 2\n' > big.platform
    for model in event thesis; do
        run --separate-stderr gstr-sched --model=$model -p big.platform four.graph
        assert_success
        assert_equal "$stderr" ""
        refute_line --regexp '^lost [1-9]'
        assert_line --regexp '^summary [0-9.e+-]+ 4 [0-9.e+-]+ 1e\+308 [0-9.e+-]+$'
    done
    # Two factors of 1e308: their sum, the ideal speed-up, is past the
    # largest double: an error, not "inf" with exit 0.
    printf 'platform 1\ntasktime L1 1\nup a 1e308 1e308\nup b 1e308 1e308\nend 2\n' > sum.platform
    for model in event thesis; do
        run --separate-stderr gstr-sched --model=$model -p sum.platform four.graph
        assert_failure 2
        assert_equal "$output" ""
        assert_equal "$stderr" "gstr-sched: four.graph: error: the ideal speed-up (the sum of the UPs' real factors) is past the largest double: give the factors relative to a reference UP of factor 1"
    done
    # A UP of factor 1e300 is 1e300 times the reference: the numbers stay
    # finite (makespan 4e-290, speed-up 1e300) and are written.
    printf 'platform 1\ntasktime L1 1e10\nup a 1e300 1e300\nend 1\n' > fast.platform
    run gstr-sched -p fast.platform four.graph
    assert_success
    assert_line "summary 3.9999999999999997e-290 40000000000 1e+300 1e+300 1"
}
