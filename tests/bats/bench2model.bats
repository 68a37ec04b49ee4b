#!/usr/bin/env bats
# bench2model: seed 001's golden values through the command line (Laine et
# al. 2003, Tables 1-4, transcribed in examples/bench/), the net-model that
# netsim reads, the SimGrid output, intervals, and every error message.
# Tolerances: precise-rules.md §2 and B5 (coefficients to the digits the
# notes print, >= 10 significant; Tables 2/3 model rows 6e-5 s, errors
# 0.01 points); Table 1's columns to the 3 and 4 decimals printed.

bats_require_minimum_version 1.5.0

setup() {
    load helper
    T1=$EXAMPLES/bench/seed001-table1.txt
    T2=$EXAMPLES/bench/seed001-table2.txt
    T3=$EXAMPLES/bench/seed001-table3.txt
    T4=$EXAMPLES/bench/seed001-table4.txt
}

# coefs ARGS...: the coefficients of every poly record, %.10g, one line
# per record ("c0 c1 ...").
coefs() {
    bench2model "$@" 2>/dev/null | awk '$1 == "poly" { s = ""
        for (i = 6; i <= NF; i++) s = s (i > 6 ? " " : "") sprintf("%.10g", $i)
        print s }'
}

# bad TEXT MESSAGE ARGS...: bench2model ARGS bad.txt refuses TEXT with
# exactly MESSAGE (after "bench2model: "), exit 2.
bad() {
    printf "$1" > "$BATS_TEST_TMPDIR/bad.txt"
    cd "$BATS_TEST_TMPDIR"
    local msg=$2
    shift 2
    run bench2model "$@" bad.txt
    assert_failure 2
    assert_output "bench2model: $msg"
}

# ------------------------------------------------------------ Table 1

@test "Table 1 send, split searched: 0.08791817359 / -82.0523397 and 0.08499313105 / 2065.494209 (notes C.4)" {
    run coefs comm --regimes auto --format perf-model --column 1 "$T1"
    assert_success
    assert_output "-82.0523397 0.08791817359
2065.494209 0.08499313105"
}

@test "Table 1 receive, split searched: 0.08522553856 / 9.706196746 and 0.0849967602 / 2146.185328" {
    run coefs comm --regimes auto --format perf-model --column 2 "$T1"
    assert_success
    assert_output "9.706196746 0.08522553856
2146.185328 0.0849967602"
}

@test "the automatic split chooses 64 KiB, in the lower regime (B1), for send and receive" {
    for c in 1 2; do
        run bench2model comm --regimes auto --format perf-model --column $c "$T1"
        assert_line --regexp "^poly y$c 6824 65536 1 "
        assert_line --regexp "^poly y$c 131072 5592404 1 "
    done
    run bench2model comm --regimes auto --column 2 "$T1"
    assert_line --regexp '^regime <= 65536 9\.706196746'
    assert_line --regexp '^regime any 2146\.185328'
    # Given as a breakpoint, the same fit.
    diff <(bench2model comm --breaks 65536 --column 2 "$T1") \
         <(bench2model comm --regimes 2 --column 2 "$T1")
}

@test "Table 1 regenerated with the printed coefficients: model columns to 3 decimals, |m-p|/m to 4 (send and receive)" {
    # The published columns, (n, model, error) for send then receive, but
    # one: send at 131072 B is printed 0.0528 % where |m - p|/m gives
    # 0.052851 % (0.0529 to 4 decimals, with the model 13205.7056 or the
    # printed 13205.706 alike): 0.00005 above the published digit, which
    # looks truncated rather than rounded. Every other cell reproduces.
    send='6824 517.901 4.1420
13652 1118.207 1.0821
21844 1838.433 0.4482
43688 3758.918 1.9746
65536 5679.755 0.8099
131072 13205.706 0.0529
218452 20632.403 0.0164
349524 31772.618 0.0208
524288 46626.352 0.0223
1048576 91187.215 0.0262
1747624 150601.471 0.0065
3495252 299137.793 0.0051
5592404 477381.242 0.0017'
    recv='6824 591.111 0.3022
13652 1172.856 0.0208
21844 1870.815 0.1519
43688 3731.924 0.0548
65536 5593.373 0.0092
131072 13286.891 0.3058
218452 20713.911 0.0453
349524 31854.612 0.0102
524288 46708.992 0.0756
1048576 91271.795 0.0343
1747624 150688.638 0.0014
3495252 299231.425 0.0041
5592404 477482.634 0.0001'
    table() {
        bench2model compare --sign abs --column "$1" --model "$2" "$T1" |
            awk '$1 == "point" { printf "%s %.3f %.4f\n", $3, $5, $6 }'
    }
    run table 1 "$EXAMPLES/bench/seed001-send-published.pm"
    assert_output "$send"
    run table 2 "$EXAMPLES/bench/seed001-recv-published.pm"
    assert_output "$recv"
}

@test "the net-model of the receive fit is what netsim reads: ping-pong costs 200 (t_s + t_w d), 64 KiB in the lower regime" {
    cd "$BATS_TEST_TMPDIR"
    bench2model comm --regimes auto --column 2 -o recv.net "$T1"
    netsim --net recv.net --print-net > printed.net
    # netsim holds the numbers as written, to the last bit.
    diff <(grep '^regime' recv.net) <(grep '^regime' printed.net)
    grep -q '^regime <= 65536 9\.706196746[0-9]* 0\.08522553856[0-9]*$' printed.net
    run summary_field 2 -n 2 -D SIZE=65536 --net recv.net "$EXAMPLES/proto/pingpong.proto"
    assert_output "$(awk 'BEGIN { printf "%.6f\n", 200 * (9.706196746475598 + 0.08522553856482355 * 65536) / 1e6 }')"
    run summary_field 2 -n 2 -D SIZE=131072 --net recv.net "$EXAMPLES/proto/pingpong.proto"
    assert_output "$(awk 'BEGIN { printf "%.6f\n", 200 * (2146.1853283871897 + 0.08499676020408505 * 131072) / 1e6 }')"
}

@test "the net-model's comments report each point: measured, fitted, error" {
    run bench2model comm --regimes auto --column 2 "$T1"
    assert_success
    assert_line '# regime 1: sizes 6824..65536 (5 points): t_s = 9.706196746 us, t_w = 0.08522553856 us/B'
    assert_line '#   6824 589.33 591.2852719 0.3317787849'
    assert_line '#   5592404 477482.906 477482.4071 0.0001044894467'
}

@test "send's small regime is negative below 933 B: a warning; a net-model cannot hold t_s < 0: exit 2" {
    cd "$BATS_TEST_TMPDIR"
    run bench2model comm --regimes auto --column 1 --format perf-model "$T1"
    assert_success
    assert_line "bench2model: $T1: warning: y1: regime 1 gives negative times below 933.2807581 bytes (t_s = -82.0523397, t_w = 0.08791817359); it was fitted on 6824..65536 only"
    run bench2model comm --regimes auto --column 1 -o send.net "$T1"
    assert_failure 2
    assert_line "bench2model: $T1: error: regime 1: t_s = -82.0523397 is negative, which a net-model (netsim needs t_s >= 0 and t_w >= 0) cannot hold: write --format perf-model, or fit other sizes or regimes"
    [ ! -e send.net ]
}

@test "one line over all 13 sizes misses the small ones by up to 188 % (notes B.4)" {
    run bench2model comm --format perf-model --column 1 "$T1"
    assert_success
    run awk '$1 == "summary" { printf "%.0f\n", $6 }' <<< "$output"
    assert_output 188
}

@test "--format smpi: bw and lat factors per regime, keys at the breakpoint, the link of the last regime" {
    run bench2model comm --regimes auto --column 2 --format smpi "$T1"
    assert_success
    lat=$(awk 'BEGIN { printf "%.10g", 9.706196746475598 / 2146.1853283871897 }')
    bw=$(awk 'BEGIN { printf "%.10g", 0.08499676020408505 / 0.08522553856482355 }')
    assert_line "    <prop id=\"smpi/bw-factor\" value=\"0:$bw;65536:1\"/>"
    assert_line "    <prop id=\"smpi/lat-factor\" value=\"0:$lat;65536:1\"/>"
    assert_line '    <link id="link" bandwidth="11765154.31Bps" latency="2146.185328us"/>'
}

# ------------------------------------------------------- Tables 2 to 4

# rows ARGS... -- MODELS -- ERRORS: the points of bench2model ARGS within
# 6e-5 s of the published MODELS and 0.01 points of the published
# ERRORS (precise-rules §2, B5); prints the points checked, and each
# point off.
rows() {
    local args=() models errors
    while [ "$1" != -- ]; do args+=("$1"); shift; done
    models=$2 errors=$4
    bench2model "${args[@]}" | awk -v ms="$models" -v es="$errors" '
        BEGIN { split(ms, m); split(es, e) }
        $1 == "point" { i++; dm = $5 - m[i]; de = $6 - e[i]
            if (dm < 0) dm = -dm; if (de < 0) de = -de
            if (dm > 6e-5 || de > 0.01) print "off:", $0 }
        END { print i }'
}

@test "Table 2, degree 2: 2.121071429e-7, -1.279285714e-6, -4.286e-4; rows within 6e-5 s, errors (m-p)/m within 0.01" {
    run coefs poly --degree 2 "$T2"
    assert_output "-0.0004286 -1.279285714e-06 2.121071429e-07"
    run rows poly --degree 2 --sign m-p "$T2" -- "0.001565 0.0078 0.018277 0.032997 0.051958" -- "-0.42 -0.34 0.65 -0.40 0.09"
    assert_output 5
}

@test "Table 3, degree 3: 3.411109167e-7, 2.627686786e-5, -9.383502381e-3, 0.6398984; rows within 6e-5 s, errors within 0.01" {
    run coefs poly --degree 3 "$T3"
    assert_output "0.6398984 -0.009383502381 2.627686786e-05 3.411109167e-07"
    run rows poly --degree 3 --sign m-p "$T3" -- "0.305428 2.543162 9.399772 22.92192 45.15628" -- "-10.82 4.48 -1.94 0.52 -0.07"
    assert_output 5
}

@test "Table 4 from the published T_exec: (p-m)/m as printed, mean |error| 2.40 %" {
    run bash -c "bench2model compare --sign p-m '$T4' | awk '
        \$1 == \"point\" { printf \"%.2f \", \$6 } \$1 == \"summary\" { printf \"| %.2f\n\", \$5 }'"
    assert_output "-2.85 -8.40 -0.90 -0.58 -2.42 0.19 -1.46 | 2.40"
}

@test "Table 4 regenerated from our fits of Tables 2 and 3 plus k = 0.5 ms: mean |error| 2.40 %; n = 100 is 0.03 points off" {
    cd "$BATS_TEST_TMPDIR"
    bench2model poly --degree 2 -o inic.pm "$T2"
    bench2model poly --degree 3 -o mult.pm "$T3"
    run bash -c "bench2model compare --sign p-m --model inic.pm --model mult.pm --constant 0.0005 '$T4' | awk '
        \$1 == \"point\" { printf \"%.2f \", \$6 } \$1 == \"summary\" { printf \"| %.2f\n\", \$5 }'"
    # Published: -2.85 -8.40 -0.90 -0.58 -2.42 0.19 -1.46 | 2.40. Ours
    # differs at n = 100 only (-2.88: the paper's T_exec holds 0.61 ms
    # there beyond T_inic + T_mult, not 0.5).
    assert_output "-2.88 -8.40 -0.90 -0.58 -2.42 0.19 -1.46 | 2.40"
    # Without k the mean is 2.43 %, 0.03 points above the published 2.40.
    run bash -c "bench2model compare --sign p-m --model inic.pm --model mult.pm '$T4' | awk '\$1 == \"summary\" { printf \"%.2f\n\", \$5 }'"
    assert_output 2.43
}

@test "pipelines/seed001-tables: Tables 1-4 beside the published cells, with the differences" {
    run "$ROOT/pipelines/seed001-tables" "$PERFPIPE_BIN" "$BATS_TEST_TMPDIR/out"
    assert_success
    assert_line --regexp '^send +6824\.\.65536 +0\.08791817359 +-82\.0523397$'
    assert_line --regexp '^receive +131072\.\.5592404 +0\.0849967602 +2146\.185328$'
    assert_line '   131072     13205.706     13205.706    -0.000   0.0528   0.0529    0.0001'
    assert_line 'coefficients c0..c3: 0.6398984 -0.009383502381 2.627686786e-05 3.411109167e-07'
    assert_line '  500   45.156280   45.156229  -5.12e-05    -0.07    -0.07   0.00'
    assert_line 'mean |error| published: 2.40 %'
    assert_line 'mean |error| k05:      2.40 %'
    assert_line 'mean |error| k0:       2.43 %'
}

# ------------------------------------------------------ other outputs

@test "interval: min, max, mean, median per size; --last K keeps the last K samples" {
    run bench2model interval "$EXAMPLES/bench/synthetic.bench"
    assert_success
    assert_line 'interval send 6824 3 538.9 541.6 540.2666667 540.3'
    run bench2model interval --last 2 "$EXAMPLES/bench/synthetic.bench"
    assert_line 'interval send 6824 2 540.3 541.6 540.95 540.95'
    # Columns: the times of a row are the samples of its size.
    run bench2model interval "$T1"
    assert_line 'interval y 6824 2 540.28 589.33 564.805 564.805'
}

@test "bench input: the mean of each size's samples is fitted" {
    run bench2model poly --kind send "$EXAMPLES/bench/synthetic.bench"
    assert_success
    assert_line --regexp '^point send 6824 540.26666666666[0-9]* '
}

@test "--statistic: a size's samples fitted as their median or minimum, which a preempted sample does not move" {
    cd "$BATS_TEST_TMPDIR"
    # Size 10: 1, 2 and a 97 us outlier; size 20: 3, 4, 5, 6.
    printf 'bench 1\nsample t 10 1\nsample t 10 97\nsample t 10 2\n'\
'sample t 20 3\nsample t 20 6\nsample t 20 4\nsample t 20 5\n' > s.bench
    run bench2model poly --degree 0 s.bench            # the default: means
    assert_success
    assert_line --regexp '^point t 10 33.33333333333333[0-9]* '
    assert_line --regexp '^point t 20 4.5 '
    run bench2model poly --degree 0 --statistic median s.bench
    assert_success
    assert_line 'point t 10 2 3.25 62.5'      # fitted: (2 + 4.5) / 2
    assert_line 'point t 20 4.5 3.25 27.77777778'
    run bench2model comm --statistic min --format perf-model s.bench
    assert_success
    assert_line --regexp '^point t 10 1 1 '   # the line through (10, 1) and (20, 3)
    assert_line --regexp '^point t 20 3 3 '
    run bench2model poly --statistic mode s.bench
    assert_failure 2
    assert_output --partial "--statistic wants mean, median or min, not 'mode'"
    run bench2model interval --statistic median s.bench
    assert_failure 2
    assert_output --partial "--statistic applies only with comm, poly and compare"
}

@test "--weight relative: least squares of (m - p)/m, by hand on three points; a time of 0 refused" {
    # Normal equations in exact fractions: through (1, 2), (2, 3), (4, 4)
    # the relative fit is 156/113 + 78/113 x, so 234/113 at x = 1; the
    # plain one is 1.5 + 9/14 x, 15/7 at x = 1.
    cd "$BATS_TEST_TMPDIR"
    printf '1 2\n2 3\n4 4\n' > w.txt
    run bench2model poly --weight relative w.txt
    assert_success
    assert_line 'point y1 1 2 2.07079646 3.539823009'
    run bench2model poly w.txt
    assert_line 'point y1 1 2 2.142857143 7.142857143'
    printf '1 2\n2 0\n4 4\n8 5\n' > z.txt
    run bench2model comm --weight relative z.txt
    assert_failure 2
    assert_output --partial 'z.txt:2:1: error: the fit is impossible with relative weights: a time is not above 0'
    run bench2model interval --weight relative w.txt
    assert_failure 2
    assert_output --partial '--weight applies only with comm and poly'
    run bench2model poly --weight square w.txt
    assert_failure 2
    assert_output --partial "--weight wants none or relative, not 'square'"
}

@test "--help, --version, a subcommand needed" {
    run bench2model --help
    assert_success
    assert_line --partial 'Usage: bench2model SUBCOMMAND'
    run bench2model --version
    assert_output "bench2model (perfpipe) 0.1.0"
    run bench2model
    assert_failure 2
    assert_output "bench2model: a subcommand is needed: comm, poly, interval, compare or predict
Try 'bench2model --help'."
    run bench2model fit x
    assert_failure 2
    assert_line "bench2model: unknown subcommand 'fit' (expected comm, poly, interval, compare or predict)"
}

@test "options that do not apply, or conflict, are usage errors" {
    run bench2model comm --degree 2 "$T1"
    assert_failure 2
    assert_line "bench2model: --degree applies only with poly"
    run bench2model poly --regimes 2 "$T1"
    assert_line "bench2model: --regimes applies only with comm"
    run bench2model comm --regimes 2 --breaks 65536 "$T1"
    assert_line "bench2model: --regimes and --breaks exclude one another"
    run bench2model comm --breaks 65536,100 "$T1"
    assert_line "bench2model: --breaks wants increasing sizes >= 0, not '65536,100'"
    run bench2model poly --sign pm "$T1"
    assert_line "bench2model: --sign wants abs, m-p or p-m, not 'pm'"
    run bench2model poly --degree 11 "$T1"
    assert_line "bench2model: --degree wants an integer from 0 to 10, not '11'"
    run bench2model comm --regimes 17 "$T1"
    assert_line "bench2model: --regimes wants an integer from 1 to 16, not '17'"
    run bench2model interval --sign abs "$T1"
    assert_line "bench2model: --sign applies only with comm, poly and compare"
}

# -------------------------------------------------------------- errors

@test "unsorted and duplicate sizes: located, exit 2" {
    bad '1 2\n3 4\n2 5\n' "bad.txt:3:1: error: size 2 is not above the size before it (3): columns need strictly increasing sizes" poly
    bad '1 2\n1 4\n' "bad.txt:2:1: error: size 1 repeats the size before it: columns need strictly increasing sizes" poly
    bad 'bench 1\nsample send 10 1\nsample send 5 1\n' "bad.txt:3:13: error: size 5 of kind 'send' comes after size 10: sort the samples by size" comm
}

@test "negative, NaN and infinite sizes or times: located, exit 2" {
    bad '1 2\n-3 4\n' "bad.txt:2:1: error: expected a size >= 0, not '-3'" poly
    bad 'nan 2\n3 4\n' "bad.txt:1:1: error: expected a size >= 0, not 'nan'" poly
    bad '1 2\n3 -4\n' "bad.txt:2:3: error: expected a time >= 0, not '-4'" poly
    bad '1 2\n3 nan\n' "bad.txt:2:3: error: expected a time >= 0, not 'nan'" poly
    bad '1 2\n3 inf\n' "bad.txt:2:3: error: expected a time >= 0, not 'inf'" poly
    bad '1 x\n' "bad.txt:1:3: error: expected a time >= 0, not 'x'" comm
    bad 'bench 1\nsample send -1 4\n' "bad.txt:2:13: error: expected a size >= 0, not '-1'" comm
}

@test "too few points for a degree or for the regimes asked, a regime of one point: located, exit 2" {
    bad '1 2\n3 4\n5 6\n' "bad.txt:1:1: error: a polynomial of degree 3 needs at least 4 points (distinct sizes), and there are 3" poly --degree 3
    bad '1 2\n3 4\n5 6\n' "bad.txt:1:1: error: 2 regimes need at least 4 points (2 per regime), and there are 3" comm --regimes 2
    bad '1 2\n3 4\n5 6\n7 8\n' "bad.txt:1:1: error: regime 1 (sizes <= 1) has 1 point: a line needs at least 2" comm --breaks 1
    bad '1 2\n3 4\n5 6\n7 8\n' "bad.txt:1:1: error: regime 2 (sizes > 5) has 1 point: a line needs at least 2" comm --breaks 5
    bad '1 2\n' "bad.txt:1:1: error: a line needs at least 2 points, and there is 1" comm
}

@test "sizes that multiply: a breakpoint search takes at most regimes x sizes^2 = 8e8 (20000 sizes for 2 regimes)" {
    cd "$BATS_TEST_TMPDIR"
    seq 1 20001 | awk '{ print $1, 2 * $1 }' > many.txt
    run bench2model comm --regimes 2 many.txt
    assert_failure 2
    assert_output "bench2model: many.txt:1:1: error: 20001 sizes: a search for 2 regimes takes at most 20000 (regimes x sizes^2 up to 8e+08); give the breakpoints with --breaks"
    run bench2model comm --regimes 16 many.txt
    assert_output "bench2model: many.txt:1:1: error: 20001 sizes: a search for 16 regimes takes at most 7071 (regimes x sizes^2 up to 8e+08); give the breakpoints with --breaks"
    # Given breakpoints need no search; one regime neither.
    run bench2model comm --breaks 10000 many.txt
    assert_success
    run bench2model comm many.txt
    assert_success
    # An exact line through 0 fits to t_s = -2.2e-10: rounding, written
    # as 0 and said so, not refused and not warned about.
    assert_line "# 1 negative coefficient under 1e-8 of the times (rounding) written as 0 below"
    assert_line "regime any 0 2"
    refute_line --partial "warning"
}

@test "derived numbers: means and sums of finite times without overflow, refused past the largest double, never inf with exit 0 (issue 26)" {
    cd "$BATS_TEST_TMPDIR"
    # The mean of two samples of 1.7e308 is 1.7e308 (a sum over a count
    # gave inf).
    printf 'bench 1\nsample send 8 1.7e308\nsample send 8 1.7e308\nsample send 16 1.7e308\nsample send 16 1e308\n' > big.bench
    run bench2model interval big.bench
    assert_success
    assert_line 'interval send 8 2 1.7e+308 1.7e+308 1.7e+308 1.7e+308'
    assert_line 'interval send 16 2 1e+308 1.7e+308 1.35e+308 1.35e+308'
    # Errors of 1e308 %: their mean is 1e308 (a sum gave inf).
    printf '1 1e-300 1e6\n2 1e-300 1e6\n' > tiny.txt
    run bench2model compare tiny.txt
    assert_success
    assert_line 'summary y1 2 2e+12 1e+308 1e+308'
    # A sum of squared residuals past the largest double, and an error past
    # it: refused, nothing written.
    printf '1 1e200 0\n2 1e200 0\n' > huge.txt
    run --separate-stderr bench2model compare --constant 0 huge.txt
    assert_failure 2
    assert_equal "$output" ""
    assert_equal "$stderr" "bench2model: huge.txt:1:1: error: the sum of squared residuals of y1 is past the largest double: the times are too large to square (give them in a larger unit)"
    printf '1 1e-300 1e10\n' > err.txt
    run --separate-stderr bench2model compare err.txt
    assert_failure 2
    assert_equal "$output" ""
    assert_equal "$stderr" "bench2model: err.txt:1:1: error: the error of y1 at 1 is past the largest double: the measured time is too small for the prediction"
    # The same in a net-model's report comments (they printed 'inf').
    printf '1 1e-300\n2 3e8\n3 1e8\n' > nm.txt
    run --separate-stderr bench2model comm nm.txt
    assert_failure 2
    assert_equal "$output" ""
    assert_equal "$stderr" "bench2model: nm.txt: error: the error of nm.txt: y1 fitted by bench2model comm at 1 is past the largest double: the measured time is too small for the prediction"
}

@test "a fit the sizes cannot determine is refused, never a silent number" {
    bad '0 2\n1e-12 4\n1 6\n' "bad.txt:1:1: error: the fit of degree 2 is ill-conditioned (1-norm condition number over 1e+10): the sizes cannot tell its coefficients apart" poly --degree 2
    bad '1 1e308\n1e300 1\n2e300 1e308\n' "bad.txt:1:1: error: the fit of degree 2 is out of range: a coefficient passes the largest double" poly --degree 2
    bad '1000000000 1\n1000000001 2\n1000000002 5\n1000000003 10\n1000000004 17\n' "bad.txt:1:1: error: the fit of degree 3 is imprecise in powers of x: its coefficients miss the centred fit by over 1e-8 of the largest time (subtract a constant from the sizes)" poly --degree 3
    # The same sizes less 1e9 fit: 1 + x^2.
    printf '0 1\n1 2\n2 5\n3 10\n4 17\n' > shifted.txt
    run coefs poly --degree 3 shifted.txt
    assert_success
    run awk '{ for (i = 1; i <= NF; i++) { v = sprintf("%.6f", $i)
        printf "%s ", v == "-0.000000" ? "0.000000" : v }; print "" }' <<< "$output"
    assert_output "1.000000 0.000000 1.000000 0.000000 "
}

@test "malformed files: located, exit 2" {
    bad '1 2 3\n3 4\n' "bad.txt:2:1: error: a row of 2 columns after rows of 3" poly
    bad '1\n' "bad.txt:1:1: error: expected a size and at least one time: x y [y ...]" poly
    bad '# nothing\n' "bad.txt:1: error: no measurements: expected rows 'x y [y ...]' or a 'bench 1' file of samples" comm
    bad 'bench 1\nsampel send 10 1\n' "bad.txt:2:1: error: unknown record 'sampel' (expected name or sample)" comm
    bad 'bench 1\nsample send 10\n' "bad.txt:2:1: error: expected: sample KIND SIZE TIME" comm
    bad 'bench 2\n' "bad.txt:1:7: error: bench version 2 is not supported (this program reads up to 1)" comm
    bad 'bench 1\nsample send 10 1\nsample recv 10 1\n' "bad.txt: error: 2 kinds of samples (send, recv): choose one with --kind" comm
    bad 'bench 1\nsample send 10 1\nsample send 20 1\n' "bad.txt: error: --column applies to plain columns; this is a bench file: use --kind" comm --column 2
    bad '1 2\n3 4\n' "bad.txt: error: no column 2: the file has 1 time column" comm --column 2
    bad '1 2\n3 4\n' "bad.txt: error: compare without --model reads columns 'x measured predicted': no column after the measured one" compare
    bad '1 2\n3 4\n' "bad.txt: error: --kind applies to bench files; interval takes every column of plain columns together" interval --kind send
    bad 'bench 1\nsample send 10 1\n' "bad.txt: error: no samples of kind 'recv'" interval --kind recv
}

@test "a bad perf-model given to compare: located, exit 2" {
    cd "$BATS_TEST_TMPDIR"
    printf 'perf-model 1\npoly T 1 5 1 2\n' > m.pm
    run bench2model compare --model m.pm "$T2"
    assert_failure 2
    assert_output "bench2model: m.pm:2:1: error: expected: poly NAME LO HI DEGREE C0 ... Cd (DEGREE from 0 to 10, DEGREE + 1 finite coefficients)"
    printf 'perf-model 1\npoly T 1 500 1 2 3\npoly T 1 200 1 2 3\n' > m.pm
    run bench2model compare --model m.pm "$T2"
    assert_output "bench2model: m.pm:3:10: error: pieces of 'T' must have increasing HI: 200 after 500"
    printf 'perf-model 1\npolly T 1 500 1 2 3\n' > m.pm
    run bench2model compare --model m.pm "$T2"
    assert_output "bench2model: m.pm:2:1: error: unknown record 'polly' (expected name, sign, poly, point, summary, interval or predict)"
}

@test "compare warns when a model is extrapolated beyond its fitted sizes" {
    cd "$BATS_TEST_TMPDIR"
    printf 'perf-model 1\npoly T 100 300 1 0 1\n' > m.pm
    run bench2model compare --model m.pm "$T2"
    assert_success
    assert_line "bench2model: $T2:9:1: warning: m.pm: 'T' extrapolated to 400, outside its fitted sizes 100..300"
}
