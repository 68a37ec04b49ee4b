#!/usr/bin/env bats
# bench2model predict: application models (formats/pamela.md) evaluated
# against machine models. Seed 001's Table 4 through the segment-sum model
# (faithful and corrected), seed 000's worked example against an interval
# machine model checked against its closed form (notes A.8), the language's
# semantics (interval arithmetic, seq/par, contention), predictions read
# back by compare, and every error.

bats_require_minimum_version 1.5.0

setup() {
    load helper
    T1=$EXAMPLES/bench/seed001-table1.txt
    T2=$EXAMPLES/bench/seed001-table2.txt
    T3=$EXAMPLES/bench/seed001-table3.txt
    T4=$EXAMPLES/bench/seed001-table4.txt
    SEG=$EXAMPLES/model/seed001-segments.pam
    cd "$BATS_TEST_TMPDIR"
}

# seed001_models: the four machine models of seed 001's Tables 1-3.
seed001_models() {
    bench2model poly --degree 2 --name T_inic -o inic.pm "$T2"
    bench2model poly --degree 3 --name T_mult -o mult.pm "$T3"
    bench2model comm --regimes auto --format perf-model --column 1 --name send -o send.pm "$T1" 2>/dev/null
    bench2model comm --regimes auto --format perf-model --column 2 --name recv -o recv.pm "$T1"
}

# value TEXT [OPTIONS]: the model TEXT's first prediction, "lo hi" (%.10g).
value() {
    printf '%b' "$1" > m.pam
    shift
    bench2model predict "$@" m.pam 2>/dev/null | awk '$1 == "predict" { printf "%.10g %.10g\n", $4, $5; exit }'
}

# bad TEXT MESSAGE [OPTIONS]: predict refuses the model TEXT (bad.pam)
# with exactly MESSAGE after "bench2model: bad.pam:", exit 2, no output.
bad() {
    printf '%b' "$1" > bad.pam
    local msg=$2
    shift 2
    run --separate-stderr bench2model predict "$@" bad.pam
    assert_failure 2
    assert_equal "$stderr" "bench2model: bad.pam:$msg"
    assert_equal "$output" ""
}

# ------------------------------------------------------------ seed 001

@test "Table 4 through predict, the paper's model T_inic + T_mult + k (k = 0.5 ms): (p-m)/m -2.88 -8.40 -0.90 -0.58 -2.42 0.19 -1.46, mean 2.40 %" {
    seed001_models
    bench2model predict --model inic.pm --model mult.pm --model send.pm --model recv.pm \
        --sweep n=100,200,250,300,400,450,500 -o all.pm "$SEG"
    awk '$1 == "perf-model" || $2 == "T_exec"' all.pm > faithful.pm
    run bash -c "bench2model compare --sign p-m --model faithful.pm '$T4' | awk '
        \$1 == \"point\" { printf \"%.2f \", \$6 } \$1 == \"summary\" { printf \"| %.2f\n\", \$5 }'"
    # Published: -2.85 -8.40 -0.90 -0.58 -2.42 0.19 -1.46 | 2.40: n = 100
    # differs (the paper's T_exec holds 0.61 ms beyond T_inic + T_mult
    # there, not the 0.5 of k).
    assert_output "-2.88 -8.40 -0.90 -0.58 -2.42 0.19 -1.46 | 2.40"
    # Against the published T_exec column: within 0.11 ms at every n, the
    # spread of the paper's k (0.39-0.61 ms, precise-rules B5) about 0.5.
    run bash -c "paste <(grep -v '^#' '$T4') <(awk '\$1 == \"predict\"' faithful.pm) |
        awk '{ d = \$7 - \$3; if (d < 0) d = -d; if (d > 1.1e-4 || \$1 != \$6) bad++ } END { print bad + 0, NR }'"
    assert_output "0 7"
}

@test "Table 4, corrected model: the matrix transfers (2 sends, 1 receive of 8n^2 bytes, Table 1's fits) added to the paper's model" {
    seed001_models
    bench2model predict --model inic.pm --model mult.pm --model send.pm --model recv.pm \
        --sweep n=100,200,250,300,400,450,500 -o all.pm "$SEG"
    # The difference is the transfers, computed here from Table 1's
    # coefficients (notes C.4; every 8n^2 is above 64 KiB: regime 2).
    run bash -c "awk '\$1 == \"predict\" { v[\$2, \$3] = \$4 } END {
        for (n = 100; n <= 500; n += 50) {
            if (!((\"T_exec\", n) in v)) continue
            b = 8 * n * n
            t = (2 * (2065.494209 + 0.08499313105 * b) + 2146.185328 + 0.0849967602 * b) * 1e-6
            d = v[\"T_corrected\", n] - v[\"T_exec\", n] - t
            if (d > 1e-9 || d < -1e-9) bad++; m++
        }
        print bad + 0, m }' all.pm"
    assert_output "0 7"
    awk '$1 == "perf-model" || $2 == "T_corrected"' all.pm > corrected.pm
    run bash -c "bench2model compare --sign p-m --model corrected.pm '$T4' | awk '
        \$1 == \"point\" { printf \"%.2f \", \$6 } \$1 == \"summary\" { printf \"| %.2f %.3f\n\", \$5, \$4 }'"
    # The errors move up by the transfers: the mean |error| barely drops
    # (2.40 -> 2.38 %), the squared error more than halves (0.835 ->
    # 0.358 s^2), and n = 100 now over-predicts by 5.5 %.
    assert_output "5.54 -5.25 1.61 1.42 -1.01 1.47 -0.33 | 2.38 0.358"
}

# ------------------------------------------------------------ seed 000

@test "seed 000's worked example against an interval machine model equals its closed form S((N+2)a + N(c+4s+a+m+d) + 4 perunit(send, 4))" {
    bench2model interval --last 8 "$EXAMPLES/bench/seed000-machine.bench" > m.pm
    bench2model predict --model m.pm "$EXAMPLES/model/seed000-primes.pam" > p.pm
    run bash -c "cat m.pm p.pm | awk '
        \$1 == \"interval\" && \$3 == 1 { lo[\$2] = \$5; hi[\$2] = \$6 }
        \$1 == \"interval\" && \$2 == \"send\" && \$3 == 4 { lo[\"send\"] = \$5 / 4; hi[\"send\"] = \$6 / 4 }
        \$1 == \"predict\" && \$2 == \"L2\" { plo = \$4; phi = \$5 }
        END { N = 1000; S = 25
            l = S * ((N + 2) * lo[\"assign_int\"] + N * (lo[\"cmp_int\"] + 4 * lo[\"add_int\"] + lo[\"assign_int\"] + lo[\"mul_int\"] + lo[\"div_int\"]) + 4 * lo[\"send\"])
            h = S * ((N + 2) * hi[\"assign_int\"] + N * (hi[\"cmp_int\"] + 4 * hi[\"add_int\"] + hi[\"assign_int\"] + hi[\"mul_int\"] + hi[\"div_int\"]) + 4 * hi[\"send\"])
            printf \"%.9g %.9g | %.9g %.9g\n\", l, h, plo, phi }'"
    local want=${output%% |*} got=${output##*| }
    assert_equal "$got" "$want"
    # An interval, not a point: the machine model's spread carries through.
    run awk '$2 == "L2" { print ($5 > $4) }' p.pm
    assert_output 1
}

@test "seed 000's example: the coordinator's NIC (use, multiplicity 1) serialises the 100 sends; the literal seq(p){par(task)} serialises the workers" {
    bench2model interval --last 8 "$EXAMPLES/bench/seed000-machine.bench" > m.pm
    bench2model predict --model m.pm "$EXAMPLES/model/seed000-primes.pam" > p.pm
    # L2_nic: 100 uses of 4 bytes at perunit(send, 4) each, over one NIC.
    run bash -c "awk '\$1 == \"interval\" && \$2 == \"send\" && \$3 == 4 { printf \"%.9g %.9g\n\", 100 * \$5, 100 * \$6 }' m.pm"
    local want=$output
    run bash -c "awk '\$2 == \"L2_nic\" { printf \"%.9g %.9g\n\", \$4, \$5 }' p.pm"
    assert_output "$want"
    # L2_literal > L2: the four workers one after the other.
    run awk '$2 == "L2" { a = $4 } $2 == "L2_literal" { print ($4 > 1.4 * a) }' p.pm
    assert_output 1
}

@test "-D overrides a param, --sweep writes one record per value with X the value; without, X is the first param's value" {
    printf 'param n = 3\nparam w = 2\ndef t = n * w\npredict t\n' > m.pam
    run bench2model predict m.pam
    assert_output "perf-model 1
predict t 3 6 6"
    run bench2model predict -D w=10 -D n=4 m.pam
    assert_line "predict t 4 40 40"
    run bench2model predict --sweep w=1,2.5 m.pam
    assert_output "perf-model 1
predict t 1 3 3
predict t 2.5 7.5 7.5"
}

# ------------------------------------------------------------ semantics

@test "interval arithmetic: products, differences, quotients, negation take the extreme ends" {
    run value 'def a = [1, 2] * [-1, 3] + 2\npredict a'
    assert_output "0 8"
    run value 'def a = [1, 2] - [0, 1]\npredict a'
    assert_output "0 2"
    run value 'def a = 1 / [2, 4]\npredict a'
    assert_output "0.25 0.5"
    run value 'def a = -[1, 2] + 10\npredict a'
    assert_output "8 9"
    run value 'def a = 2 * 3 + 4 / 2 - 1\npredict a'
    assert_output "7 7"
}

@test "sequence adds, parallel takes the longer; ';' binds loosest, then '||', then + and *" {
    run value 'def a = delay(1) ; delay([2, 3]) || delay(5)\npredict a'
    assert_output "6 6"
    run value 'def a = { delay(1) ; delay([2, 3]) } || delay([1, 5])\npredict a'
    assert_output "3 5"
    run value 'def a = seq(i = 1..4) delay(i)\npredict a'
    assert_output "10 10"
    run value 'def a = par(i = 1..4) delay(i)\npredict a'
    assert_output "4 4"
    run value 'def a = seq(i = 1..0) delay(5)\npredict a'
    assert_output "0 0"
    # A body that does not read its variable: the closed form gives what
    # the loop gives.
    run value 'def a = seq(i = 1..1000000) delay([1, 2])\npredict a'
    assert_output "1000000 2000000"
    run value 'def a = seq(i = 1..100) delay([1, 2] + 0 * i)\npredict a'
    assert_output "100 200"
}

@test "use: F simultaneous users of a resource of multiplicity m take max(1, F/m) times as long (the PAMELA bound)" {
    run value 'resource R = 1\ndef a = par(i = 1..4) use(R, 1)\npredict a'
    assert_output "4 4"
    run value 'resource R = 2\ndef a = par(i = 1..4) use(R, 1)\npredict a'
    assert_output "2 2"
    run value 'resource R = 8\ndef a = par(i = 1..4) use(R, 1)\npredict a'
    assert_output "1 1"
    # Loop-variant and binary forms agree with the closed form.
    run value 'resource R = 2\ndef a = par(i = 1..4) use(R, 1 + 0 * i)\npredict a'
    assert_output "2 2"
    run value 'resource R = 1\ndef a = use(R, [1, 2]) || use(R, [1, 3])\npredict a'
    assert_output "2 5"
    # Two resources: the busier bounds; a plain delay uses none.
    run value 'resource A = 1\nresource B = 1\ndef a = par(i = 1..3) { use(A, 1) ; use(B, 2) } || delay(4)\npredict a'
    assert_output "6 6"
    # In sequence the uses add, and so does the time: no extra bound.
    run value 'resource R = 1\ndef a = use(R, 1) ; use(R, 1)\npredict a'
    assert_output "2 2"
    # A repeated process repeats its uses.
    run value 'resource R = 1\ndef a = (3 * use(R, 1)) || use(R, 1)\npredict a'
    assert_output "4 4"
}

@test "definitions with arguments, keyed machine values (time, perunit, subscripts), poly functions" {
    printf 'perf-model 1\ninterval add_int_1 1 4 0.5 0.7 0.6 0.6\ninterval add_int_2 1 4 1 1.5 1.2 1.2\ninterval send 4 4 20 24 22 22\ninterval send 100 4 30 40 35 35\npoly f 1 10 2 1 0 1\n' > mm.pm
    run value 'def op(p) = delay(time(add_int[p]))\ndef a = op(1) ; op(2)\npredict a' --model mm.pm
    assert_output "1.5 2.2"
    run value 'def a = time(send, 100)\npredict a' --model mm.pm
    assert_output "30 40"
    # perunit: [min of MIN/X, max of MAX/X], over every size or one.
    run value 'def a = perunit(send)\npredict a' --model mm.pm
    assert_output "0.3 6"
    run value 'def a = perunit(send, 4) * 8\npredict a' --model mm.pm
    assert_output "40 48"
    run value 'param n = 3\ndef a = poly(f, n)\npredict a' --model mm.pm
    assert_output "10 10"
    run --separate-stderr bench2model predict --model mm.pm m.pam -D n=20
    assert_line "predict a 20 401 401"
    assert_equal "$stderr" "bench2model: m.pam:2:9: warning: poly 'f' extrapolated to 20, outside its fitted sizes 1..10"
}

@test "compare reads predict records (the middle of [lo, hi]) and names a size with no prediction" {
    printf 'param n = 1\ndef t = [n, 3 * n]\npredict t\n' > m.pam
    bench2model predict --sweep n=1,2 m.pam > p.pm
    printf '1 2\n2 4\n' > meas.txt
    run bash -c "bench2model compare --sign p-m --model p.pm meas.txt | awk '\$1 == \"point\" { print \$5, \$6 }'"
    assert_output "2 0
4 0"
    printf '1 2\n3 4\n' > meas.txt
    run bench2model compare --model p.pm meas.txt
    assert_failure 2
    assert_output "bench2model: meas.txt:2:1: error: p.pm: no prediction 't' at size 3 (predict --sweep writes one per size)"
}

# ------------------------------------------------------------ bad input

@test "bad models: unknown names, unbalanced brackets, bad characters, located, exit 2" {
    bad 'def a = foo\npredict a\n' "1:9: error: unknown name 'foo' (not a param, an earlier definition, an argument or a loop variable)"
    bad 'def a = nan\npredict a\n' "1:9: error: unknown name 'nan' (not a param, an earlier definition, an argument or a loop variable)"
    bad 'def a = (1 + 2\npredict a\n' "2:1: error: expected ')' to close '(' at 1:9, found 'predict'"
    bad 'def a = {1 ; 2))\npredict a\n' "1:15: error: expected '}' to close '{' at 1:9, found ')'"
    bad 'def a = [1, 2\npredict a\n' "2:1: error: expected ']' to close '[' at 1:9, found 'predict'"
    bad 'def a = delay(1\n' "2:1: error: expected ')' to close 'delay(' at 1:14, found the end of the file"
    bad 'def a = 1 @ 2\npredict a\n' "1:11: error: unexpected character '@'"
    bad 'def a = 1 +\npredict a\n' "2:1: error: expected an expression (a number, [lo, hi], a name, delay(...), use(...), seq(...), par(...), time(...), perunit(...), poly(...) or brackets), found 'predict'"
    bad 'def a = 1\n' "2:1: error: nothing to predict: add 'predict NAME' after the definition of NAME"
    bad 'x = 1\n' "1:1: error: expected a statement: param, resource, def or predict, found 'x'"
    bad 'def seq = 1\n' "1:5: error: expected the definition's name, found 'seq'"
    bad 'def a = 1\ndef a = 2\npredict a\n' "2:5: error: 'a' is already defined (at 1:5)"
    bad 'predict zz\n' "1:9: error: predict 'zz': no such definition before it"
    bad 'def a = b\ndef b = 1\npredict a\n' "1:9: error: unknown name 'b' (not a param, an earlier definition, an argument or a loop variable)"
    bad 'def f(x) = x\ndef a = f(1, 2)\npredict a\n' "2:9: error: 'f' takes 1 argument (defined at 1:5), not 2"
    bad 'def f(x) = x\npredict f\n' "2:9: error: predict 'f': it takes arguments; define one without, as 'def T = f(...)'"
    bad 'def a = use(cpu, 1)\npredict a\n' "1:13: error: unknown resource 'cpu': declare it first, 'resource cpu = MULTIPLICITY'"
    bad 'def a = seq(i = 1, 3) 1\npredict a\n' "1:18: error: expected '..' between the reduction's bounds (as 1..N), found ','"
    bad 'def a = 1e999\npredict a\n' "1:9: error: number '1e999' is out of range"
    printf 'def a = 1\0\npredict a\n' > bad.pam
    run bench2model predict bad.pam
    assert_failure 2
    assert_output "bench2model: bad.pam:1:10: error: a NUL byte: the model is text"
}

@test "bad values: empty interval, division by an interval holding 0, overflow, negative delay, bad bounds, exit 2" {
    bad 'def a = [2, 1]\npredict a\n' "1:9: error: empty interval: its lower end 2 is above its upper end 1"
    bad 'def a = 1 / [-1, 1]\npredict a\n' "1:11: error: division by [-1, 1], which holds 0"
    bad 'def a = 1 / [0, 1]\npredict a\n' "1:11: error: division by [0, 1], which holds 0"
    bad 'def a = 1 / (2 - 2)\npredict a\n' "1:11: error: division by 0"
    bad 'def a = 1e308 * 10\npredict a\n' "1:15: error: overflow: the value passes the largest double"
    bad 'def a = seq(i = 1..1000000000000000) delay(1e300)\npredict a\n' "1:9: error: overflow: the value passes the largest double"
    bad 'def a = delay(-1)\npredict a\n' "1:9: error: delay of a negative time, -1"
    bad 'def a = delay([-1, 1])\npredict a\n' "1:9: error: delay of a negative time, [-1, 1]"
    # One rule with gstr-sched (issue 26): a prediction below 0 is an
    # error, not a warning, however it got there.
    bad 'def a = -delay(1)\npredict a\n' "2:9: error: 'a' predicts a negative time, -1: a time is never negative (every value a delay is made of must be >= 0)"
    bad 'def a = [1, 2] * [-1, 3]\npredict a\n' "2:9: error: 'a' predicts a negative time, [-2, 6]: a time is never negative (every value a delay is made of must be >= 0)"
    bad 'param n = 1\ndef a = delay(1) - n * delay(2)\npredict a\n' "3:9: error: 'a' predicts a negative time, -1: a time is never negative (every value a delay is made of must be >= 0)"
    bad 'def a = seq(i = 1..2.5) 1\npredict a\n' "1:20: error: a reduction's upper bound must be an exact integer, not 2.5"
    bad 'def a = seq(i = [1, 2]..3) 1\npredict a\n' "1:17: error: a reduction's lower bound must be an exact integer, not [1, 2]"
    bad 'resource r = 0\ndef a = use(r, 1)\npredict a\n' "1:14: error: resource 'r': its multiplicity must be one number > 0, not 0"
    bad 'resource r\ndef a = use(r, 1) * use(r, 1)\npredict a\n' "2:19: error: '*' of two processes that use resources: one side must be a number"
    bad 'resource r\ndef a = use(r, 1) - 1\npredict a\n' "2:19: error: '-' uses resource 'r': only times without use(...) can go here"
}

@test "limits: nesting deeper than 64, more than 10^7 evaluation steps, evaluation deeper than 1000, exponential definitions memoised" {
    local deep
    # 64 brackets, or 64 signs, are the limit the message and the man
    # page name; the 65th is refused where it opens.
    run value "def a = $(printf '(%.0s' {1..64})1$(printf ')%.0s' {1..64})\npredict a\n"
    assert_output "1 1"
    run value "def a = $(printf -- '-%.0s' {1..64})1\npredict a\n"
    assert_output "1 1"
    run value "def a = $(printf 'delay((%.0s' {1..32})1$(printf '))%.0s' {1..32})\npredict a\n"
    assert_output "1 1"
    deep="def a = $(printf '(%.0s' {1..65})1$(printf ')%.0s' {1..65})\npredict a\n"
    bad "$deep" "1:74: error: nesting deeper than 64 (brackets and signs): split the expression into definitions"
    deep="def a = $(printf -- '-%.0s' {1..70})1\npredict a\n"
    bad "$deep" "1:73: error: nesting deeper than 64 (brackets and signs): split the expression into definitions"
    bad 'def a = seq(i = 1..100000000) delay(i)\npredict a\n' "1:31: error: the evaluation takes more than 10000000 steps: write the loop whose body does not depend on its variable, or fewer iterations"
    # No loop: calls with arguments, each evaluated anew, 2^30 of them.
    {
        echo 'def f0(x) = delay(x)'
        for i in $(seq 1 30); do echo "def f$i(x) = f$((i - 1))(x) ; f$((i - 1))(x)"; done
        echo 'def a = f30(1)'
        echo 'predict a'
    } > bad.pam
    run --separate-stderr bench2model predict bad.pam
    assert_failure 2
    assert_equal "$stderr" "bench2model: bad.pam:2:24: error: the evaluation takes more than 10000000 steps, with no loop: each call of a definition with arguments is evaluated anew; call fewer, or define what does not depend on the arguments without them (a definition without arguments is evaluated once)"
    # 2^60 evaluations if each reference re-evaluated its definition.
    {
        echo 'def d0 = delay(1)'
        for i in $(seq 1 60); do echo "def d$i = d$((i - 1)) ; d$((i - 1))"; done
        echo 'predict d60'
    } > m.pam
    run bench2model predict m.pam
    assert_success
    assert_line "predict d60 0 1.152921504606847e+18 1.152921504606847e+18"
    # A chain of 2000 calls passes the evaluator's depth limit.
    {
        echo 'def f0(x) = x'
        for i in $(seq 1 2000); do echo "def f$i(x) = f$((i - 1))(x)"; done
        echo 'def a = f2000(1)'
        echo 'predict a'
    } > m.pam
    run bench2model predict m.pam
    assert_failure 2
    assert_output --regexp "^bench2model: m.pam:[0-9]+:[0-9]+: error: evaluation nested deeper than 1000 \(each call, bracket and operator of a chain is a level\): split the expression into definitions$"
    # So does a chain of 2000 operators (the tree is as deep as the chain).
    { printf 'def a = 1'; for i in $(seq 1 2000); do printf ' + 1'; done; printf '\npredict a\n'; } > m.pam
    run bench2model predict m.pam
    assert_failure 2
    assert_output --regexp "^bench2model: m.pam:1:[0-9]+: error: evaluation nested deeper than 1000"
}

@test "bad machine models and options: unknown keys and functions, NaN, records at several sizes, -D of no param" {
    printf 'perf-model 1\ninterval send 4 4 20 24 22 22\ninterval send 100 4 30 40 35 35\n' > mm.pm
    bad 'def a = time(nokey)\npredict a\n' "1:9: error: no interval record 'nokey' in the machine model (bench2model interval writes them, one per bench kind)" --model mm.pm
    bad 'def a = time(send)\npredict a\n' "1:9: error: 'send' has records at 2 sizes: say which, as time(send, SIZE)" --model mm.pm
    bad 'def a = time(send, 5)\npredict a\n' "1:9: error: no interval record 'send' at size 5 in the machine model" --model mm.pm
    bad 'def a = poly(g, 1)\npredict a\n' "1:9: error: no poly function 'g' in the machine model" --model mm.pm
    printf 'perf-model 1\ninterval k 1 1 nan 1 1 1\n' > nan.pm
    printf 'def a = 1\npredict a\n' > m.pam
    run bench2model predict --model nan.pm m.pam
    assert_failure 2
    assert_output "bench2model: nan.pm:2:1: error: expected: interval KEY X N MIN MAX MEAN MEDIAN (X, MIN, MAX finite and >= 0, N a whole number >= 1)"
    printf 'perf-model 1\ninterval k 1 1 2 1 1 1\n' > inv.pm
    run bench2model predict --model inv.pm m.pam
    assert_output "bench2model: inv.pm:2:18: error: MAX 1 is below MIN 2"
    printf 'perf-model 1\nsign abs\n' > empty.pm
    run bench2model predict --model empty.pm m.pam
    assert_output "bench2model: empty.pm:2: error: no poly or interval records: no machine model"
    printf 'param n = 1\ndef a = n\npredict a\n' > m.pam
    run bench2model predict -D m=2 m.pam
    assert_failure 2
    assert_output "bench2model: m.pam: error: -D m: the model has no param 'm' (its params: n)"
    # A repeated -D is a usage error, as in netsim and gstr-sched (issue
    # 26): which value was meant?
    run --separate-stderr bench2model predict -D n=1 -D n=2 m.pam
    assert_failure 2
    assert_equal "$output" ""
    assert_equal "$stderr" "bench2model: -D n: given twice; give each name one value
Try 'bench2model --help'."
    # A -D that --sweep overrides would never be read: the same rule.
    run --separate-stderr bench2model predict -D n=5 --sweep n=1,2 m.pam
    assert_failure 2
    assert_equal "$output" ""
    assert_equal "$stderr" "bench2model: -D n: --sweep gives 'n' its values, so this -D would never be read; give one or the other
Try 'bench2model --help'."
    run bench2model predict -D n=nan m.pam
    assert_failure 2
    assert_line "bench2model: -D n: 'nan' is not a finite number"
    run bench2model predict --sweep n= m.pam
    assert_failure 2
    run bench2model predict --sign abs m.pam
    assert_failure 2
    assert_line "bench2model: --sign applies only with comm, poly, interval and compare"
    run bench2model poly -D n=1 m.pam
    assert_failure 2
    assert_line "bench2model: -D applies only with predict"
}
