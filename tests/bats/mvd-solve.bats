#!/usr/bin/env bats
# mvd-solve: the Figure 8 golden products (notes §5.2) with each algorithm,
# stationary solutions with exact answers, and every error path with its
# exact message and exit status.

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
    cp "$EXAMPLES/san/figure8.desc" "$EXAMPLES/san/two-procs.desc" .
}

# vector_file VALUES...: the vector 1 text of the values.
vector_file() {
    echo "vector 1"
    echo "n $#"
    printf '%s\n' "$@"
    echo "end $#"
}

# near A B TOL: |A - B| <= TOL.
near() {
    awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d
        if (d > t) { printf "%s differs from %s by %g > %g\n", a, b, d, t; exit 1 } }'
}

# field KEY [N]: field N (default 2) of the record KEY in $output.
field() {
    awk -v k="$1" -v n="${2:-2}" '$1 == k { print $n; exit }' <<< "$output"
}

# ------------------------------------------------- Figure 8 (notes §5.2)

ONES_Q="64 1 2 28 4 8 16 1 2 124 1 2 40 4 8 28 1 2 528 12 24 288 48 96 144 12 24 48 2 4 40 8 16 16 2 4"
SEQ_Q="778 2 4 256 20 40 238 8 16 502 11 22 352 56 112 262 17 34 7416 222 444 5640 1032 2064 2904 294 588 1468 58 116 1296 256 512 564 70 140"

@test "--ones on Figure 8: exactly ones(36)*Q of notes §5.2 with shuffle, slice and sparse" {
    for algo in shuffle slice sparse; do
        for mode in --faithful ""; do
            [ "$algo$mode" = sparse--faithful ] && continue   # no such mode
            run mvd-solve --algo "$algo" $mode --ones figure8.desc
            assert_success
            assert_output "$(vector_file $ONES_Q)"
        done
    done
}

@test "--mvd - reads the vector from stdin; with the descriptor on stdin too, refused (exit 2)" {
    printf '1\n2\n-2 2\n3 -3\n' > small.desc
    run bash -c "echo '1 3' | mvd-solve --mvd - small.desc"
    assert_success
    assert_output "$(vector_file 7 -7)"
    for desc in "" "-"; do
        run bash -c "mvd-solve --mvd - $desc < small.desc"
        assert_failure 2
        assert_output "mvd-solve: --mvd - reads the vector from standard input, so the descriptor must be a file, not standard input
Try 'mvd-solve --help'."
    done
}

@test "a subnormal rate (4e-320 next to 1): jor solves it exactly, gmres over product-space vectors stops without a nan in its message (exit 2)" {
    # pi = (4e-320, 1) / (1 + 4e-320): 1/q_00 overflows a double.
    printf '1\n2\n-1 1\n4e-320 -4e-320\n' > sub.desc
    # gmres and bicgstab on the rows (the default algorithm): their
    # residual vanishes in doubles with the balance at 1, and the sweep
    # that follows balances it.
    for method in jor power gth gmres bicgstab; do
        run mvd-solve --method "$method" sub.desc
        assert_success
        assert_line "converged yes"
        assert_line "state 0 4e-320 0"
        assert_line "state 1 1 1"
    done
    run mvd-solve --algo slice --method gmres sub.desc
    assert_failure 2
    assert_output "mvd-solve: sub.desc: error: gmres broke down: the iterate sums to a value that is not finite and cannot be normalised"
}

@test "--ones and --mvd: a product that overflows is refused at its first state, exit 2, nothing written" {
    # Rates -1e308 and 1e308 in two terms: each term is finite, their sum
    # is not.
    printf '1\n2\n-1e308 1e308\n1e308 -1e308\n1\n2\n-1e308 1e308\n1e308 -1e308\n' > ov.desc
    for algo in shuffle slice sparse; do
        run mvd-solve --algo "$algo" --ones -o ov.vec ov.desc
        assert_failure 2
        assert_output --regexp "^mvd-solve: ov.desc: error: the product is (-inf|nan) at state \(A1=0\) \(entry 0\): the rates times the vector overflow a double, whose magnitude is at most 1.8e\+308$"
        [ ! -e ov.vec ]
    done
    run mvd-solve --algo slice --ones ov.desc
    assert_output "mvd-solve: ov.desc: error: the product is -inf at state (A1=0) (entry 0): the rates times the vector overflow a double, whose magnitude is at most 1.8e+308"
    printf '1\n2\n-2 2\n2 -2\n' > small.desc
    printf '1e308 1e308\n' > big.vec
    run mvd-solve --mvd big.vec small.desc
    assert_failure 2
    assert_output "mvd-solve: small.desc: error: the product is nan at state (A1=0) (entry 0): the rates times the vector overflow a double, whose magnitude is at most 1.8e+308"
}

@test "--mvd [1..36] on Figure 8: exactly [1..36]*Q of notes §5.2, plain and vector 1 input" {
    seq 1 36 | paste -sd ' ' > plain.vec
    printf '# the thesis vector\n' >> plain.vec
    vector_file $(seq 1 36) > seq.vec
    for algo in shuffle slice sparse; do
        for vec in plain.vec seq.vec; do
            run mvd-solve --algo "$algo" --mvd "$vec" figure8.desc
            assert_success
            assert_output "$(vector_file $SEQ_Q)"
            [ "$algo" = sparse ] && continue   # sparse has no faithful mode
            run mvd-solve --algo "$algo" --faithful --mvd "$vec" figure8.desc
            assert_success
            assert_output "$(vector_file $SEQ_Q)"
        done
    done
}

@test "--mvd reads the descriptor from standard input" {
    seq 1 36 > plain.vec
    run mvd-solve --mvd plain.vec < figure8.desc
    assert_success
    assert_output "$(vector_file $SEQ_Q)"
}

# ------------------------------------------------------ two processes
# two-procs.desc: A and B each idle (I) or using (U) one resource, acquire
# at rate 2 while the other is idle, release at rate 3; (U,U) unreachable.
# Balance across each edge (a birth-death chain on the number busy):
# p(U,I) * 3 = p(I,I) * 2 and p(I,U) * 3 = p(I,I) * 2, so
# p(I,I) = 1 / (1 + 2/3 + 2/3) = 3/7, p(I,U) = p(U,I) = 2/7, and
# busy = E[#busy] = 4/7 = 0.571428571428571..., both_busy = 0. The chain is
# bipartite (every event changes #busy by one).

@test "two-procs: p(I,I) = 3/7, p(I,U) = p(U,I) = 2/7, busy = 4/7, with every method and algorithm" {
    for algo in shuffle slice sparse reach; do
        for method in power jor gmres; do
            run mvd-solve --algo "$algo" --method "$method" --tol 1e-12 two-procs.desc
            assert_success
            assert_line "algo $algo"
            assert_line "method $method"
            assert_line "space 4 3"
            assert_line "stop residual"
            assert_line "converged yes"
            assert_line "result both_busy 0"
            assert_line "end 3 2"
            near "$(awk '$1 == "state" && $2 == 0 && $4 == "I" && $5 == "I" { print $3 }' <<< "$output")" 0.42857142857142857 1e-9
            near "$(awk '$1 == "state" && $2 == 1 && $4 == "I" && $5 == "U" { print $3 }' <<< "$output")" 0.28571428571428571 1e-9
            near "$(awk '$1 == "state" && $2 == 2 && $4 == "U" && $5 == "I" { print $3 }' <<< "$output")" 0.28571428571428571 1e-9
            near "$(awk '$1 == "result" && $2 == "busy" { print $3 }' <<< "$output")" 0.57142857142857143 1e-9
            [ "$(grep -c '^state ' <<< "$output")" -eq 3 ]
            near "$(field residual)" 0 1e-12
        done
    done
}

@test "two-procs: the records in order, parameters of jor and gmres" {
    run mvd-solve --method jor two-procs.desc
    assert_success
    [ "$(awk '{ print $1 }' <<< "$output" | uniq | paste -sd ' ')" = \
      "san-result source model algo method parameter space index nonzeros tol iterations multiplications residual balance estimate stop converged automaton state result end" ]
    assert_line "algo rows"
    assert_line "nonzeros 4"
    assert_line --index 1 'source "two-procs.desc"'
    assert_line --index 2 'model "two processes, one resource"'
    assert_line "parameter omega 0.9"
    assert_line "tol 1e-09"
    run mvd-solve --method gmres --restart 7 two-procs.desc
    assert_line "parameter restart 7"
    # power: one multiplication per iteration, plus the final residual's.
    run mvd-solve --method power two-procs.desc
    [ "$(field multiplications)" -eq $(( $(field iterations) + 1 )) ]
}

@test "--top 1 writes the most probable state only; the output is reproducible" {
    run mvd-solve --top 1 two-procs.desc
    assert_success
    [ "$(grep -c '^state ' <<< "$output")" -eq 1 ]
    assert_line --regexp '^state 0 0\.428571428[0-9]* I I$'
    assert_line "end 1 2"
    first=$output
    run mvd-solve --top 1 two-procs.desc
    [ "$output" = "$first" ]
    refute_line --regexp '^time '
}

@test "--top ranks by decreasing probability, ties by index" {
    run mvd-solve --top 3 --method gmres two-procs.desc
    assert_success
    [ "$(awk '$1 == "state" { print $2 }' <<< "$output" | paste -sd ' ')" = "0 1 2" ]
}

@test "--top K is the first K states of the whole distribution sorted by probability, ties by index (a model with many ties)" {
    "$ROOT/pipelines/sharing-model" functional 9 4 | san2desc > share.desc
    run mvd-solve --method gmres share.desc
    assert_success
    sorted=$(grep '^state ' <<< "$output" | sort -s -k3,3gr -k2,2n)
    [ "$(wc -l <<< "$sorted")" -eq 256 ]
    for k in 1 2 9 10 37 255 256 1000; do
        run mvd-solve --method gmres --top "$k" share.desc
        assert_success
        [ "$(grep '^state ' <<< "$output")" = "$(head -n "$k" <<< "$sorted")" ]
        assert_line "end $((k < 256 ? k : 256)) 6"
    done
}

@test "--time adds the time record" {
    run mvd-solve --time two-procs.desc
    assert_success
    assert_line --regexp '^time [0-9]+\.[0-9]{6}$'
    assert_line --regexp '^time-setup [0-9]+\.[0-9]{6}$'
    assert_line --regexp '^time-multiply [0-9]+\.[0-9]{6}$'
}

@test "--iterations N: exactly N iterations (N + 1 products), exit 0 whether or not the last iterate meets the rule" {
    run mvd-solve --iterations 5 --time two-procs.desc
    assert_success
    assert_line "method power"   # auto means power here
    assert_line "iterations 5"
    assert_line "multiplications 6"
    assert_line "stop max-iter"
    assert_line "converged no"
    refute_line --regexp '^time-(sum|rank) '   # no MPI ranks
    # past convergence it goes on, and says whether the rule holds at the
    # last (power's does; jor's E, from updates at the rounding level,
    # need not)
    run mvd-solve --method power --iterations 300 two-procs.desc
    assert_success
    assert_line "iterations 300"
    assert_line "multiplications 301"
    assert_line "stop residual"
    assert_line "converged yes"
    run mvd-solve --method jor --iterations 300 two-procs.desc
    assert_success
    assert_line "iterations 300"
    assert_line "multiplications 301"
    # aggregation over nearly decomposable parts: still N iterations
    ncd 1e-10 > ncd.desc
    run mvd-solve --method power --iterations 7 ncd.desc
    assert_success
    assert_line "iterations 7"
}

@test "--iterations is refused with gmres, gth, --max-iter, 0 and a solve's absence (exit 2)" {
    for m in gmres gth; do
        run mvd-solve --method "$m" --iterations 5 two-procs.desc
        assert_failure 2
        assert_line --index 0 "mvd-solve: --iterations applies only with --method power, jor, gs or iad"
    done
    run mvd-solve --iterations 5 --max-iter 5 two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --iterations and --max-iter exclude one another"
    run mvd-solve --iterations 0 two-procs.desc
    assert_failure 2
    run mvd-solve --iterations 1000001 two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --iterations 1000001: a solve runs at most 1000000 (--emit-proto's prototype 1000000000)"
    run mvd-solve --iterations 5 --ones two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --iterations applies only when solving or with --emit-proto"
}

# mm1k K LAMBDA MU: an M/M/1/K queue as a one-automaton san-desc. Every
# event changes the length by one: a bipartite chain, on which plain
# Jacobi oscillates (shared/design/SOLVER-NOTES.md).
mm1k() {
    awk -v k="$1" -v l="$2" -v m="$3" 'BEGIN {
        print "san-desc 1"; printf "automaton Q"
        for (n = 0; n <= k; n++) printf " n%d", n; print ""
        print "term local Q"; print "factor Q"
        for (n = 0; n <= k; n++) {
            out = (n < k ? l : 0) + (n > 0 ? m : 0)
            if (n > 0) print "e", n, n - 1, m
            print "e", n, n, -out
            if (n < k) print "e", n, n + 1, l
        }
        print "function len st Q"; print "result mean len"; print "end 1 1 1" }'
}

@test "bipartite M/M/1/61: jor and gmres converge to the exact mean, gmres with 10x fewer multiplications than power" {
    mm1k 61 0.9 1 > mm1k.desc
    # p(n) = rho^n (1 - rho) / (1 - rho^62), rho = 0.9: the exact mean.
    mean=$(awk 'BEGIN { r = 0.9; z = 0; s = 0
        for (n = 0; n <= 61; n++) { z += r^n; s += n * r^n }; printf "%.15f", s / z }')
    # GMRES(30) stagnated here at 1e-12 while its cycles stopped where
    # their own estimate met tol (the balance B stayed at 4e-12, exit 1
    # after 3000 iterations); since cycles refused by the rule aim lower,
    # it gets there in 511 (preconditioned by the diagonal, over the
    # product space); preconditioned by symmetric Gauss-Seidel on the
    # rows (the default algorithm), in 77.
    run mvd-solve --algo slice --method gmres --tol 1e-12 --max-iter 3000 mm1k.desc
    assert_success
    assert_line "iterations 511"
    near "$(field result 3)" "$mean" 1e-6
    run mvd-solve --method gmres --tol 1e-12 --max-iter 3000 mm1k.desc
    assert_success
    assert_line "algo rows"
    assert_line "iterations 77"
    near "$(field result 3)" "$mean" 1e-6
    for method in power jor "gmres --restart 60"; do
        run mvd-solve --method $method --tol 1e-12 mm1k.desc
        assert_success
        assert_line "converged yes"
        near "$(field result 3)" "$mean" 1e-6
        eval "mults_${method%% *}=$(field multiplications)"
    done
    [ $((mults_gmres * 10)) -lt "$mults_power" ]
}

# ------------------------------------------------------ stiff chains
# stiff MU: two-procs with B's release rate MU (A's is 3). Balance across
# each edge: p(U,I) = p(I,I) 2/3, p(I,U) = p(I,I) 2/MU, so
# p(I,I) = 3MU/(5MU+6), p(U,I) = 2MU/(5MU+6), p(I,U) = 6/(5MU+6) and
# busy = (2MU+6)/(5MU+6). The issue's reproducer is MU = 1e9.
stiff() {
    awk -v mu="$1" '/^term local B/ { b = 1 }
        b && $0 == "e 1 0 3" { $0 = "e 1 0 " mu }
        b && $0 == "e 1 1 -3" { $0 = "e 1 1 -" mu } { print }' two-procs.desc
}

# rel A B TOL: |A - B| <= TOL |B|.
rel() {
    awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d
        m = b < 0 ? -b : b
        if (d > t * m) { printf "%s differs from %s by %g > %g relative\n", a, b, d / m, t; exit 1 } }'
}

# state_p IDX: the probability of state IDX in $output.
state_p() {
    awk -v i="$1" '$1 == "state" && $2 == i { print $3 }' <<< "$output"
}

@test "stiff, rate ratios 1e3 to 1e12: the default (gth) gets every probability to 1e-12 relative" {
    for mu in 3e3 3e6 3e9 3e12; do
        stiff "$mu" > stiff.desc
        grep -qx "e 1 1 -$mu" stiff.desc
        run mvd-solve stiff.desc
        assert_success
        assert_line "method gth"
        assert_line "stop direct"
        assert_line "converged yes"
        rel "$(state_p 0)" "$(awk -v m="$mu" 'BEGIN { printf "%.17g", 3 * m / (5 * m + 6) }')" 1e-12
        rel "$(state_p 1)" "$(awk -v m="$mu" 'BEGIN { printf "%.17g", 6 / (5 * m + 6) }')" 1e-12
        rel "$(state_p 2)" "$(awk -v m="$mu" 'BEGIN { printf "%.17g", 2 * m / (5 * m + 6) }')" 1e-12
        rel "$(awk '$1 == "result" && $2 == "busy" { print $3 }' <<< "$output")" \
            "$(awk -v m="$mu" 'BEGIN { printf "%.17g", (2 * m + 6) / (5 * m + 6) }')" 1e-12
    done
}

@test "rates at the ends of double (1e308, 1e-308): gth gets every probability, exit 0, no overflow" {
    stiff 1e308 > big.desc
    run mvd-solve big.desc
    assert_success
    assert_line "converged yes"
    rel "$(state_p 0)" 0.6 1e-15
    rel "$(state_p 1)" 1.2e-308 1e-14
    rel "$(state_p 2)" 0.4 1e-15
    # p(I,I) = 3MU/(5MU+6) = MU/2, subnormal: a ratio of 2e308 to p(I,U).
    stiff 1e-308 > small.desc
    run mvd-solve small.desc
    assert_success
    assert_line "converged yes"
    rel "$(state_p 0)" 5e-309 1e-14
    rel "$(state_p 1)" 1 1e-15
    rel "$(state_p 2)" 3.333333333333333e-309 1e-14
}

@test "the issue's stiff chain (rates 3 and 1e9): power refuses to vouch (exit 1), jor and gmres converge to 0.4" {
    stiff 1e9 > stiff.desc
    run mvd-solve --method power stiff.desc
    assert_failure 1
    assert_output "mvd-solve: stiff.desc: error: power did not converge in 100000 iterations: residual 6.66e-10, balance 0.333, estimate 0.267; tol 1e-09"
    for method in jor gmres; do
        run mvd-solve --method "$method" stiff.desc
        assert_success
        assert_line "converged yes"
        near "$(awk '$1 == "result" && $2 == "busy" { print $3 }' <<< "$output")" 0.40000000071999997 1e-9
    done
}

# star N R: N processes share one resource; each acquires it at rate 2
# when all are idle, process i releases it at rate mu_i = 3 R^((i-1)/(N-1)).
# The one-busy states each balance with the all-idle one: p(i) = p(0)
# 2/mu_i, so busy = S / (1 + S) with S = sum 2/mu_i.
star() {
    awk -v n="$1" -v r="$2" 'BEGIN {
        print "san-desc 1"
        for (i = 1; i <= n; i++) print "automaton P" i " I U"
        for (i = 1; i <= n; i++) {
            f = ""
            for (j = 1; j <= n; j++)
                if (j != i) f = f (f == "" ? "st P" j " 0 ==" : " st P" j " 0 == and")
            print "function free" i, f
        }
        for (i = 1; i <= n; i++) {
            mu = sprintf("%.17g", 3 * r ^ ((i - 1) / (n - 1)))
            print "term local P" i; print "factor P" i
            print "e 0 0 -2 free" i; print "e 0 1 2 free" i
            print "e 1 0", mu; print "e 1 1 -" mu
        }
        s = "st P1"
        for (i = 2; i <= n; i++) s = s " st P" i " +"
        print "function busy", s
        print "function atmost1", s, "1 <="
        print "reachability atmost1"; print "result busy busy"
        print "end", n, n + 2, n }'
}

star_busy() {
    awk -v n="$1" -v r="$2" 'BEGIN { s = 0
        for (i = 1; i <= n; i++) s += 2 / (sprintf("%.17g", 3 * r ^ ((i - 1) / (n - 1))) + 0)
        printf "%.17g", s / (1 + s) }'
}

@test "stiff star of 5 processes, ratios 1e3 to 1e12: converged yes is right to tol with every method, or the method exits 1" {
    for r in 1e3 1e6 1e9 1e12; do
        star 5 "$r" > star.desc
        exact=$(star_busy 5 "$r")
        for method in auto gth gmres jor power; do
            run mvd-solve --method "$method" star.desc
            if [ "$status" -eq 1 ]; then
                assert_output --regexp "^mvd-solve: star.desc: error: $method did not converge in 100000 iterations: "
                continue
            fi
            assert_success
            assert_line "converged yes"
            near "$(field result 3)" "$exact" 1e-9 || { echo "($method, $r)"; false; }
        done
        # The default and gmres always converge here; power never does
        # beyond 1e3.
        run mvd-solve star.desc
        near "$(field result 3)" "$exact" 1e-13
        run mvd-solve --method gmres star.desc
        assert_success
        if [ "$r" != 1e3 ]; then
            run mvd-solve --method power star.desc
            assert_failure 1
        fi
    done
}

# ncd EPS: a birth-death chain on 8 states, two blocks of 4 (rates 1 to 4)
# joined by one link, up at rate EPS, down at 3 EPS: nearly completely
# decomposable. Reversible: p(n+1)/p(n) = up(n)/down(n), whatever EPS.
ncd() {
    awk -v e="$1" 'BEGIN {
        split("1 2 1 X 2 1 3", up, " "); split("2 1 3 X 1 4 2", dn, " ")
        up[4] = e; dn[4] = 3 * e
        print "san-desc 1"; printf "automaton Q"
        for (n = 0; n < 8; n++) printf " n%d", n; print ""
        print "term local Q"; print "factor Q"
        for (n = 0; n < 8; n++) {
            out = (n < 7 ? up[n + 1] : 0) + (n > 0 ? dn[n] : 0)
            if (n > 0) printf "e %d %d %.17g\n", n, n - 1, dn[n]
            printf "e %d %d %.17g\n", n, n, -out
            if (n < 7) printf "e %d %d %.17g\n", n, n + 1, up[n + 1]
        }
        print "function len st Q"; print "function high st Q 4 >="
        print "result mean len"; print "result high high"; print "end 1 2 1" }'
}

# p = (1, 1/2, 1, 1/3, 1/9, 2/9, 1/18, 1/12) / (121/36) in exact terms,
# whatever the coupling: mean = 1.80672268907563..., high = p(4..7) = 1/7.
ncd_mean() {
    awk 'BEGIN { split("1 2 1 3 2 1 3", up, " "); split("2 1 3 3 1 4 2", dn, " ")
        up[4] = 1; p = 1; z = 1; s = 0
        for (n = 1; n < 8; n++) { p *= up[n] / dn[n]; z += p; s += n * p }; printf "%.17g", s / z }'
}

@test "nearly completely decomposable (coupling 1e-6, 1e-10, 1e-14): gth exact, power, jor, gmres, gs and iad right to tol by aggregation over the parts" {
    mean=$(ncd_mean)
    for eps in 1e-6 1e-10 1e-14; do
        ncd "$eps" > ncd.desc
        run mvd-solve ncd.desc
        assert_success
        assert_line "method gth"
        near "$(awk '$2 == "mean" { print $3 }' <<< "$output")" "$mean" 1e-13
        near "$(awk '$2 == "high" { print $3 }' <<< "$output")" 0.14285714285714286 1e-13
        refute_line --partial "note"
        for method in power jor gmres "gmres --algo reach" "gs --algo reach" "iad --algo reach"; do
            run mvd-solve --method $method ncd.desc
            assert_success
            # The link n3 -> n4 carries eps of n3's outflow of 3 + eps.
            assert_line --index 0 "mvd-solve: ncd.desc: note: the chain is nearly decomposable: 2 parts joined only by transitions below 3.16e-05 of their source state's outflow (one holds (Q=n4)); solved by aggregation over the parts"
            assert_line "converged yes"
            # Within tol (1e-9) in the 1-norm of pi: high is a sum of
            # probabilities, mean of probabilities times at most 7.
            near "$(awk '$2 == "high" { print $3 }' <<< "$output")" 0.14285714285714286 1e-9
            near "$(awk '$2 == "mean" { print $3 }' <<< "$output")" "$mean" 7e-9
        done
    done
}

# bigncd N EPS: 2N states in a line, rate 1 each way between neighbours,
# but N-1 -> N at EPS and back at 3 EPS: each half is uniform and the
# upper half holds 1/3 of the lower's weight, so high = 1/4 exactly.
bigncd() {
    awk -v N="$1" -v e="$2" 'BEGIN { M = 2 * N
        print "san-desc 1"; printf "automaton Q"
        for (n = 0; n < M; n++) printf " n%d", n; print ""
        print "term local Q"; print "factor Q"
        for (n = 0; n < M; n++) {
            up = (n == N - 1) ? e : 1; dn = (n == N) ? 3 * e : 1
            o = (n < M - 1 ? up : 0) + (n > 0 ? dn : 0)
            if (n > 0) printf "e %d %d %.17g\n", n, n - 1, dn
            printf "e %d %d %.17g\n", n, n, -o
            if (n < M - 1) printf "e %d %d %.17g\n", n, n + 1, up
        }
        printf "function high st Q %d >=\n", N; print "result high high"; print "end 1 1 1" }'
}

@test "nearly completely decomposable past gth's size (2200 states): auto runs bicgstab on the rows with aggregation, high = 1/4 to tol at 1e-6, 1e-10, 1e-14" {
    for eps in 1e-6 1e-10 1e-14; do
        bigncd 1100 "$eps" > big.desc
        run mvd-solve big.desc
        assert_success
        assert_line --index 0 "mvd-solve: big.desc: note: the chain is nearly decomposable: 2 parts joined only by transitions below 3.16e-05 of their source state's outflow (one holds (Q=n1100)); solved by aggregation over the parts"
        assert_line "algo rows"
        assert_line "method bicgstab"
        assert_line "converged yes"
        near "$(awk '$2 == "high" { print $3 }' <<< "$output")" 0.25 1e-9
    done
}

@test "nearly completely decomposable: an aggregation that does not agree within --max-iter is not vouched for (exit 1, E its disagreement)" {
    ncd 1e-10 > ncd.desc
    run mvd-solve --method power --max-iter 5 ncd.desc
    assert_failure 1
    assert_line --index 1 "mvd-solve: ncd.desc: error: power did not converge in 5 iterations: residual 0.0126, balance 0.119, estimate 0.153; tol 1e-09"
    refute_line "converged yes"
}

# ------------------------------------------------------ reducible chains
# absorbing: from t0 (rate 3 out) to t1 w.p. 1/3, to the absorbing a w.p.
# 2/3; from t1 (rate 4 out) back to t0 w.p. 1/4, into the closed class
# {b1, b2} (b1 -> b2 at 1, b2 -> b1 at 2) w.p. 3/4. h = P(a | t0):
# h = 2/3 + h/12, so h = 8/11; {b1, b2} gets 3/11, split 2/3 : 1/3.
absorbing() {
    printf '%s\n' 'san-desc 1' 'automaton Q t0 t1 a b1 b2' 'term local Q' 'factor Q' \
        'e 0 0 -3' 'e 0 1 1' 'e 0 2 2' 'e 1 0 1' 'e 1 1 -4' 'e 1 3 3' \
        'e 3 3 -1' 'e 3 4 1' 'e 4 3 2' 'e 4 4 -2' \
        'function in_a st Q 2 ==' 'result in_a in_a' "initial $1" 'end 1 1 1'
}

@test "several closed classes: refused with the classes, their sizes and a state of each, exit 2" {
    absorbing t0 > abs.desc
    run mvd-solve -o abs.result abs.desc
    assert_failure 2
    assert_output "mvd-solve: abs.desc: error: the chain is not irreducible: 2 closed classes and 2 transient states, so its long-run distribution depends on where it starts
mvd-solve: abs.desc: note: closed class 1: 1 state, e.g. (Q=a)
mvd-solve: abs.desc: note: closed class 2: 2 states, e.g. (Q=b1)
mvd-solve: abs.desc: note: transient: 2 states (probability 0 in the long run), e.g. (Q=t0)
mvd-solve: abs.desc: note: --from-initial gives the one reached from the initial state"
    [ ! -e abs.result ]
    for method in gth gmres power jor; do
        run mvd-solve --method "$method" abs.desc
        assert_failure 2
    done
}

@test "--from-initial: absorption from the initial state times each class's distribution (8/11, 2/11, 1/11)" {
    absorbing t0 > abs.desc
    for method in auto gmres power jor; do
        run mvd-solve --from-initial --method "$method" abs.desc
        assert_success
        assert_line "converged yes"
        assert_line "state 0 0 t0"
        assert_line "state 1 0 t1"
        near "$(state_p 2)" 0.72727272727272727 1e-12
        near "$(state_p 3)" 0.18181818181818182 1e-9
        near "$(state_p 4)" 0.09090909090909091 1e-9
        near "$(field result 3)" 0.72727272727272727 1e-12
    done
    # From t1: h1 = h0/4 = 2/11 into a, 9/11 into {b1, b2}.
    absorbing t1 > abs1.desc
    run mvd-solve --from-initial abs1.desc
    assert_success
    rel "$(state_p 2)" 0.18181818181818182 1e-14
    rel "$(state_p 3)" 0.54545454545454545 1e-14
    rel "$(state_p 4)" 0.27272727272727273 1e-14
    # From a closed class: only that class is reached, and it is
    # irreducible: --from-initial changes nothing.
    absorbing b2 > absb.desc
    run mvd-solve --from-initial absb.desc
    assert_success
    assert_line "space 5 2"
    assert_line "result in_a 0"
    first=$output
    run mvd-solve absb.desc
    assert_output "$first"
    # Twelve absorbing states and no initial state: uniform from uniform.
    printf '%s\n' 'san-desc 1' 'automaton A a b c d e f g h i j k l' 'end 1 0 0' > zero.desc
    run mvd-solve --from-initial zero.desc
    assert_success
    assert_line "converged yes"
    [ "$(awk '$1 == "state" && $3 == 0.08333333333333333' <<< "$output" | wc -l)" -eq 12 ]
    run mvd-solve --from-initial --ones abs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --from-initial applies only when solving, not with --ones"
}

@test "one closed class and transient states: a warning naming them, the transient states get 0, exit 0" {
    printf '%s\n' 'san-desc 1' 'automaton Q t0 t1 b1 b2' 'term local Q' 'factor Q' \
        'e 0 0 -1' 'e 0 1 1' 'e 1 0 1' 'e 1 1 -4' 'e 1 2 3' \
        'e 2 2 -1' 'e 2 3 1' 'e 3 2 2' 'e 3 3 -2' 'initial t0' 'end 1 0 1' > one.desc
    for method in auto gmres power jor; do
        run mvd-solve --method "$method" -o one.result one.desc
        assert_success
        assert_output "mvd-solve: one.desc: warning: 2 of the 4 reachable states are transient: the stationary distribution is that of the one closed class
mvd-solve: one.desc: note: closed class 1: 2 states, e.g. (Q=b1)
mvd-solve: one.desc: note: transient: 2 states (probability 0 in the long run), e.g. (Q=t0)"
        grep -qx 'state 0 0 t0' one.result
        grep -qx 'state 1 0 t1' one.result
        near "$(awk '$1 == "state" && $2 == 2 { print $3 }' one.result)" 0.66666666666666667 1e-9
        near "$(awk '$1 == "state" && $2 == 3 { print $3 }' one.result)" 0.33333333333333333 1e-9
    done
}

# --------------------------------------------------------------- failures

@test "non-convergence: exit 1 with the residual, no output; --partial writes it" {
    run mvd-solve --method power --max-iter 5 two-procs.desc
    assert_failure 1
    assert_output "mvd-solve: two-procs.desc: error: power did not converge in 5 iterations: residual 0.0781, balance 0.0949, estimate 0.829; tol 1e-09"
    run mvd-solve --method power --max-iter 5 --partial -o part.result two-procs.desc
    assert_failure 1
    assert_output "mvd-solve: two-procs.desc: error: power did not converge in 5 iterations: residual 0.0781, balance 0.0949, estimate 0.829; tol 1e-09 (last iterate written, --partial)"
    grep -qx 'stop max-iter' part.result
    grep -qx 'converged no' part.result
    grep -qx 'iterations 5' part.result
}

@test "Figure 8 is not a generator: refused, exit 2" {
    run mvd-solve figure8.desc
    assert_failure 2
    assert_output "mvd-solve: figure8.desc: error: not a generator: diagonal element 1 at state 0 is not negative"
}

@test "malformed descriptors: located errors, exit 2" {
    printf 'san-desc 1\nautomaton A a b\nbogus 1\n' > bad.desc
    run mvd-solve bad.desc
    assert_failure 2
    assert_output "mvd-solve: bad.desc:3:1: error: unknown record 'bogus'"
    printf '1\n2\n1 2\n' > cut.desc
    run mvd-solve cut.desc
    assert_failure 2
    assert_output "mvd-solve: cut.desc:4:1: error: expected a matrix element, got the end of the file"
    run mvd-solve < /dev/null
    assert_failure 2
    assert_output "mvd-solve: <stdin>: error: empty input: expected a 'san-desc' file or a plain descriptor file"
}

@test "a result that is not finite on a reachable state: exit 2, the state named" {
    printf '%s\n' 'san-desc 1' 'automaton A a b' 'term local A' 'factor A' \
        'e 0 0 -1' 'e 0 1 1' 'e 1 0 2' 'e 1 1 -2' 'function inv 1 st A /' \
        'result inv inv' 'initial a' 'end 1 1 1' > inv.desc
    run mvd-solve -o inv.result inv.desc
    assert_failure 2
    assert_output "mvd-solve: inv.desc: error: result 'inv' is inf in state (A=a): not a finite number"
    [ ! -e inv.result ]
    # With two threads each takes half of the states: the first state is
    # still the one named, whichever half holds it.
    for f in '1 st A 1 - /:(A=b)' '1 st A 0 * /:(A=a)'; do
        sed "s|^function inv .*|function inv ${f%:*}|" inv.desc > two.desc
        for algo in slice 'reach --threads 2'; do
            run mvd-solve --algo $algo two.desc
            assert_failure 2
            assert_output "mvd-solve: two.desc: error: result 'inv' is inf in state ${f#*:}: not a finite number"
        done
    done
}

@test "malformed vectors: located errors, exit 2" {
    echo 1 2 3 > short.vec
    run mvd-solve --mvd short.vec figure8.desc
    assert_failure 2
    assert_output "mvd-solve: short.vec: error: the vector has 3 values, the descriptor's product space 36 states"
    printf 'vector 1\nn 36\n1 two\n' > word.vec
    run mvd-solve --mvd word.vec figure8.desc
    assert_failure 2
    assert_output "mvd-solve: word.vec:3:3: error: expected a finite number, got 'two'"
    printf 'vector 1\nn 4\n0 0 0 1\nend 4\n' > unreach.vec
    run mvd-solve --mvd unreach.vec two-procs.desc
    assert_failure 2
    assert_output "mvd-solve: unreach.vec:3:7: error: value 3 is not zero, but state 3 is not reachable"
    run mvd-solve --mvd missing.vec figure8.desc
    assert_failure 1
    assert_output "mvd-solve: cannot read 'missing.vec': No such file or directory"
}

@test "--algo reach takes automata of up to 65535 states (16-bit digits), refuses more naming the limit" {
    mm1k 300 0.9 1 > big1.desc
    run mvd-solve --algo reach big1.desc
    assert_success
    mvd-solve --algo sparse big1.desc > sparse.result
    diff <(grep '^state' sparse.result) <(grep '^state' <<< "$output")
    mm1k 65534 0.9 1 > big2.desc
    run mvd-solve --algo reach --method power --iterations 1 --top 1 big2.desc
    assert_success
    mm1k 65535 0.9 1 > big3.desc
    run mvd-solve --algo reach --method power --iterations 1 big3.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: big3.desc: error: reach keeps a state's digits in 16 bits: automaton Q has 65536 states, more than 65535; use --algo sparse"
    # the default takes slice there
    run mvd-solve --method power --iterations 1 --top 1 big3.desc
    assert_success
    assert_line "algo slice"
}

@test "--algo reach --threads 1 and 2: the same distribution to rounding, each the same bits run to run" {
    "$ROOT/pipelines/sharing-model" sync 10 4 | san2desc > share.desc
    mvd-solve --algo reach --method gmres --threads 1 share.desc > one.result
    mvd-solve --algo reach --method gmres --threads 2 share.desc > two.result
    mvd-solve --algo reach --method gmres --threads 2 share.desc > two-again.result
    cmp two.result two-again.result
    grep -qx "converged yes" one.result
    grep -qx "converged yes" two.result
    # the same algorithm to rounding: the same number of products (a
    # half of gmres's dot products lost still converges, in 34, not 8)
    assert_equal "$(grep '^multiplications ' two.result)" "$(grep '^multiplications ' one.result)"
    paste <(grep '^state ' one.result) <(grep '^state ' two.result) |
        awk '{ d = $3 - $(3 + NF / 2); if (d < 0) d = -d; if (d > 1e-14) bad = 1; n++ }
             END { exit bad || n != 386 }'
    run mvd-solve --threads 3 share.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --threads wants an integer from 1 to 2, not '3'"
    run mvd-solve --algo slice --threads 2 share.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --threads applies only with --algo reach, rows or auto"
}

@test "--index: bitmap by default on a dense space, hash on request with the same distribution; refused elsewhere" {
    san2desc "$EXAMPLES/san/sharing-sync.san" > share.desc
    run mvd-solve --algo reach --method gs share.desc
    assert_success
    assert_line "index bitmap"
    grep '^state ' <<< "$output" > bitmap.states
    run mvd-solve --algo reach --method gs --index hash share.desc
    assert_success
    assert_line "index hash"
    # the same positions, so the same sweeps in the same order: the same bits
    assert_equal "$(grep '^state ' <<< "$output")" "$(cat bitmap.states)"
    run mvd-solve --algo slice share.desc
    assert_success
    refute_line --regexp '^index '
    run mvd-solve --index tree share.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --index wants auto, bitmap or hash, not 'tree'"
    run mvd-solve --algo slice --index hash share.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --index applies only with --algo reach, rows or auto"
}

@test "bad options: exact messages, exit 2" {
    run mvd-solve --algo foo two-procs.desc
    assert_failure 2
    assert_output "mvd-solve: --algo wants shuffle, slice, sparse, reach, rows or auto, not 'foo'
Try 'mvd-solve --help'."
    run mvd-solve --algo reach --ones two-procs.desc
    assert_failure 2
    assert_output "mvd-solve: --algo reach applies only when solving (--mvd and --ones multiply vectors over the product space)
Try 'mvd-solve --help'."
    run mvd-solve --algo rows --ones two-procs.desc
    assert_failure 2
    assert_output "mvd-solve: --algo rows applies only when solving (--mvd and --ones multiply vectors over the product space)
Try 'mvd-solve --help'."
    run mvd-solve --algo reach --faithful two-procs.desc
    assert_failure 2
    assert_output "mvd-solve: --faithful applies only with --algo shuffle or slice
Try 'mvd-solve --help'."
    run mvd-solve --method newton two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --method wants auto, gth, gmres, power, jor, gs, iad or bicgstab, not 'newton'"
    run mvd-solve --tol 0 two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --tol wants a positive number, not '0'"
    run mvd-solve --omega 1 two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --omega wants a number in (0, 1), not '1': plain Jacobi oscillates on bipartite chains"
    run mvd-solve --max-iter -3 two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --max-iter wants a whole number, not '-3'"
    run mvd-solve --top 0 two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --top wants a positive integer, not '0'"
    run mvd-solve --ones --mvd x.vec two-procs.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --mvd and --ones exclude one another"
    run mvd-solve a b
    assert_failure 2
    assert_line --index 0 "mvd-solve: one input file at most, got 2"
    run mvd-solve --bogus
    assert_failure 2
    assert_line --index 0 "mvd-solve: unknown option '--bogus'"
    run mvd-solve --tol
    assert_failure 2
    assert_line --index 0 "mvd-solve: option '--tol' needs an argument"
}

@test "a too-small --max-memory fails up front with the bytes needed, exit 2" {
    run mvd-solve --algo slice --max-memory 100 two-procs.desc
    assert_failure 2
    assert_output "mvd-solve: two-procs.desc: error: needs 128 bytes for 3 vectors of 4 states and the reachable set, over --max-memory 100"
    # compact vectors (the default): the states the budget holds
    run mvd-solve --max-memory 100 two-procs.desc
    assert_failure 2
    assert_output "mvd-solve: two-procs.desc: error: the reachable state space (reachability function) has more than 2 states, the limit"
    # The plan's own need, when the vectors fit but the plan does not.
    run mvd-solve --algo sparse --method power --max-memory 150 two-procs.desc
    assert_failure 2
    assert_line --index 0 --regexp '^mvd-solve: two-procs.desc: error: sparse needs [0-9]+ bytes, more than the limit of 22 bytes$'
    assert_line --index 1 "mvd-solve: two-procs.desc: note: the vectors and the reachable set take 128 of the 150 bytes of --max-memory"
    # gth's matrix (3 x 3 doubles) counts too.
    run mvd-solve --max-memory 150 two-procs.desc
    assert_failure 2
    assert_output "mvd-solve: two-procs.desc: error: gth needs 72 bytes for its matrix of 3 states, over --max-memory 150"
    # A product space of 2^40 states is refused before anything is allocated.
    { echo "san-desc 1"
      for i in 1 2 3 4; do printf 'automaton A%d' "$i"; seq 0 1023 | sed 's/^/ s/' | paste -sd '' ; done
      echo "end 4 0 0"; } > huge.desc
    run mvd-solve --index bitmap --max-memory 1000000000 huge.desc
    assert_failure 2
    assert_output "mvd-solve: huge.desc: error: needs 274877906944 bytes for the reachable set's bitmap over 1099511627776 product states, over --max-memory 1000000000"
    # The default index charges no bitmap past 64 MiB, 64 bytes a state
    # instead: the states the budget holds (104 bytes each, 5 doubles and
    # the index) are the limit then, before any vector is allocated.
    run mvd-solve --max-memory 1000000000 huge.desc
    assert_failure 2
    assert_output "mvd-solve: huge.desc: error: the reachable state space (the whole product space) has more than 9615384 states, the limit"
    run mvd-solve --algo slice --max-memory 1000000000 huge.desc
    assert_failure 2
    assert_output "mvd-solve: huge.desc: error: needs 35184372088832 bytes for 3 vectors of 1099511627776 states and the reachable set, over --max-memory 1000000000"
}

@test "reach's tables count against --max-memory: 18 kB of terms that tabulate 500 MB are refused, exit 2" {
    # 300 terms on two automata of 256 states: 65536 combinations each.
    { echo "san-desc 1"
      for a in A B; do printf 'automaton %s' "$a"; seq 0 255 | sed 's/^/ s/' | paste -sd '' ; done
      for t in $(seq 0 299); do
          printf 'term sync- t%d\nfactor A\ne %d %d -1\nfactor B\ne 0 0 1\n' "$t" $((t % 256)) $((t % 256))
      done
      echo "end 2 0 300"; } > terms.desc
    run bash -c "$(ulimit_v 400000) mvd-solve --algo reach --method gmres --max-memory 100000000 terms.desc"
    assert_failure 2
    assert_line --index 0 --regexp '^mvd-solve: terms.desc: error: reach needs [0-9]+ bytes, more than the limit of [0-9]+ bytes$'
    assert_line --index 1 "mvd-solve: terms.desc: note: the vectors and the reachable set take 3145776 of the 100000000 bytes of --max-memory"
}

@test "-o is atomic: a failed run leaves the old file, a good one replaces it" {
    echo old > out.result
    run mvd-solve -o out.result --method power --max-iter 2 two-procs.desc
    assert_failure 1
    [ "$(cat out.result)" = old ]
    run mvd-solve -o out.result figure8.desc
    assert_failure 2
    [ "$(cat out.result)" = old ]
    run mvd-solve -o out.result two-procs.desc
    assert_success
    assert_output ""
    head -1 out.result | grep -qx 'san-result 1'
    tail -1 out.result | grep -qx 'end 3 2'
    [ "$(ls | grep -c '^out.result')" -eq 1 ]
    run mvd-solve --ones -o prod.vec figure8.desc
    assert_success
    [ "$(cat prod.vec)" = "$(vector_file $ONES_Q)" ]
}

@test "--help and --version" {
    run mvd-solve --help
    assert_success
    assert_line --index 0 "Usage: mvd-solve [OPTION]... [FILE]"
    assert_line "  mvd-solve --method gmres --top 5 examples/san/two-procs.desc"
    run mvd-solve --version
    assert_success
    assert_output --regexp '^mvd-solve \(perfpipe\) [0-9.]+$'
}

@test "the example of formats/san-result.md is what mvd-solve writes" {
    want=$(awk '/^## Example/ { on = 1 } on && /^```$/ { if (inside) exit; inside = 1; next }
                inside { print }' "$ROOT/formats/san-result.md")
    cd "$EXAMPLES/san"
    run mvd-solve two-procs.desc
    assert_success
    assert_output "$want"
}

@test "--method iad (aggregation over each automaton between sweeps): the heterogeneous model's closed form in two sweeps, both forms" {
    for form in functional sync; do
        "$ROOT/pipelines/sharing-model" "$form" 12 5 1.3 2.1 1 | san2desc > het.desc
        "$ROOT/pipelines/sharing-model" exact 12 5 1.3 2.1 1 > exact
        for threads in 1 2; do
            mvd-solve --algo reach --threads "$threads" --method iad --top 1 het.desc > iad.result
            grep -qx "method iad" iad.result
            grep -qx "parameter omega 0.95" iad.result
            grep -qx "converged yes" iad.result
            grep -qx "iterations 2" iad.result
            for k in 0 3 5; do
                want=$(awk -v k="p_$k" '$1 == k { print $2 }' exact)
                awk -v k="p_$k" -v want="$want" '$1 == "result" && $2 == k {
                    d = $3 - want; if (d < 0) d = -d; found = 1; exit !(d <= 1e-12) }
                    END { if (!found) exit 1 }' iad.result
            done
        done
        # Gauss-Seidel alone needs dozens of sweeps on the same model
        mvd-solve --algo reach --method gs --top 1 het.desc > gs.result
        [ "$(awk '$1 == "iterations" { print $2 }' gs.result)" -gt 20 ]
    done
    run mvd-solve --algo slice --method iad het.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --method iad applies only with --algo reach, rows or auto"
    # the thesis's two processes, not product form: the answer gth gives
    san2desc "$EXAMPLES/san/thesis-two-procs.san" > two.desc
    mvd-solve --algo reach --method iad --tol 1e-12 two.desc > iad.result
    mvd-solve --method gth two.desc > gth.result
    paste <(awk '$1 == "result"' iad.result) <(awk '$1 == "result"' gth.result) |
        awk '{ d = $3 - $6; if (d < 0) d = -d; if (!(d <= 1e-10)) bad = 1; n++ }
             END { exit bad || n != 3 }'
}

@test "--method iad counts its masses and flows against --max-memory: refused with the bytes where gs just fits" {
    "$ROOT/pipelines/sharing-model" sync 8 3 1.3 2.1 1 | san2desc > small.desc
    # the least --max-memory gs runs in, by bisection
    lo=1000 hi=100000000
    while [ $((hi - lo)) -gt 1 ]; do
        mid=$(((lo + hi) / 2))
        if mvd-solve --algo reach --method gs --max-memory "$mid" small.desc > /dev/null 2>&1; then
            hi=$mid
        else
            lo=$mid
        fi
    done
    run mvd-solve --algo reach --method iad --max-memory "$hi" small.desc
    assert_failure 2
    assert_line --index 0 --regexp "^mvd-solve: small.desc: error: needs [0-9]+ bytes for the vectors, reach's tables and the aggregation over the automata \(--method iad: [0-9]+\), over --max-memory $hi$"
    need=$(echo "${lines[0]}" | sed 's/.*needs \([0-9]*\) bytes.*/\1/')
    [ "$need" -gt "$hi" ]
    run mvd-solve --algo reach --method iad --max-memory "$need" small.desc
    assert_success
}

@test "--method iad on a model far from product form (tandem queues with blocking): gth's answer; plain Gauss-Seidel's cycle is reported, not passed" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tandem.desc
    mvd-solve --method gth tandem.desc > gth.result
    mvd-solve --algo reach --method iad tandem.desc > iad.result
    grep -qx "converged yes" iad.result
    paste <(awk '$1 == "result"' iad.result) <(awk '$1 == "result"' gth.result) |
        awk '{ d = $3 - $6; if (d < 0) d = -d; if (!(d <= 1e-8)) bad = 1; n++ }
             END { exit bad || n != 3 }'
    # the aggregation stopped after its first step: then sweeps, many
    [ "$(awk '$1 == "iterations" { print $2 }' iad.result)" -gt 100 ]
    # with omega 1 the sweeps cycle (period 4) from the aggregated iterate:
    # E stays far above tol, so no answer is claimed
    run mvd-solve --algo reach --method iad --omega 1 --max-iter 3000 tandem.desc
    assert_failure 1
    assert_line --index 0 --regexp "^mvd-solve: tandem.desc: error: iad did not converge in 3000 iterations: residual .*, estimate [^;]*; tol 1e-09$"
}

@test "--method gs (Gauss-Seidel, SOR with --omega) over reach's tables: the closed form, two vectors" {
    "$ROOT/pipelines/sharing-model" functional 12 5 | san2desc > share.desc
    want=$("$ROOT/pipelines/sharing-model" exact 12 5 | awk '$1 == "p_5" { print $2 }')
    for omega in 1 1.3; do
        mvd-solve --algo reach --method gs --omega "$omega" --top 1 share.desc > gs.result
        grep -qx "method gs" gs.result
        grep -qx "parameter omega $omega" gs.result
        grep -qx "converged yes" gs.result
        awk -v want="$want" '$1 == "result" && $2 == "p_5" {
            d = $3 - want; if (d < 0) d = -d; found = 1; exit !(d <= 1e-9) }
            END { if (!found) exit 1 }' gs.result
    done
    # plain Gauss-Seidel by default; SOR takes fewer sweeps here
    mvd-solve --algo reach --method gs share.desc > plain.result
    grep -qx "parameter omega 1" plain.result
    [ "$(awk '$1 == "iterations" { print $2 }' gs.result)" -lt \
      "$(awk '$1 == "iterations" { print $2 }' plain.result)" ]
    # the residual's product only where the rule may pass: a few for many
    # sweeps; and the last iterate's own residual when --max-iter stops it
    awk '$1 == "iterations" { i = $2 } $1 == "multiplications" { m = $2 }
         END { exit !(m >= 2 && 4 * m < i) }' plain.result
    for n in 4 5; do
        run mvd-solve --algo reach --method gs --max-iter "$n" --partial --top 1 share.desc
        assert_failure 1
        assert_line "iterations $n"
        assert_line "multiplications 2"
        echo "$output" | awk '$1 == "residual" { print $2 }' > "r$n"
    done
    ! cmp -s r4 r5
    run mvd-solve --algo sparse --method gs share.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --method gs applies only with --algo reach, rows or auto"
    run mvd-solve --algo reach --method gs --omega 2 share.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --omega wants a number in (0, 2) with --method gs or iad, not '2': over-relaxation by 2 or more diverges"
    run mvd-solve --algo reach --method jor --omega 1.5 share.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --omega wants a number in (0, 1), not '1.5': plain Jacobi oscillates on bipartite chains"
}


@test "finite rates whose outflows pass the largest double: the message says the rates are too large, not that they are non-finite (issue 26)" {
    cat > big.san <<'SAN'
identifiers
    r1 = 1.7e308;
events
    loc e1 (r1);
    loc e2 (1);
    loc f1 (r1);
    loc f2 (1);
network "big"
    aut A { states a, b; a -> b on e1; b -> a on e2; }
    aut B { states a, b; a -> b on f1; b -> a on f2; }
results
    p = A is b;
SAN
    san2desc big.san > big.desc
    for algo in shuffle slice sparse; do
        run mvd-solve --algo $algo big.desc   # stdout and stderr: the message only
        assert_failure 2
        assert_output "mvd-solve: big.desc: error: the residual of gth is past the largest double: the descriptor's rates are too large (a state's outflow, or the product of a vector and the descriptor, passes it); give them in a larger time unit"
    done
}

# ------------------------------------------------------- --method auto

# the result records of $output against gth.result's, to 1e-8
same_as_gth() {
    paste <(grep '^result ' <<< "$output") <(grep '^result ' gth.result) |
        awk '{ d = $3 - $6; if (d < 0) d = -d; if (!(d <= 1e-8)) bad = 1; n++ }
             END { exit bad || n != 3 }'
}

@test "--method auto past gth's size: one aggregation, then bicgstab on the rows it builds (switch record); gth's answer" {
    san2desc "$EXAMPLES/san/tandem-blocking.san" > tb.desc   # 4096 states
    mvd-solve --method gth tb.desc > gth.result
    run mvd-solve --top 1 tb.desc
    assert_success
    assert_line "algo rows"
    assert_line "method bicgstab"
    assert_line "switch 2 iad bicgstab"
    assert_line "nonzeros 16576"
    assert_line "converged yes"
    same_as_gth
    # the rows over what --max-memory leaves: auto stays matrix-free, and
    # bicgstab is preconditioned by the diagonal (more steps, the answer)
    run mvd-solve --max-memory 500000 --top 1 tb.desc
    assert_success
    assert_line "algo reach"
    assert_line "switch 2 iad bicgstab"
    assert_line "converged yes"
    same_as_gth
    run mvd-solve --max-memory 350000 tb.desc
    assert_failure 2
    assert_output "mvd-solve: tb.desc: error: --method auto (bicgstab) needs 229376 bytes for its 7 vectors of 4096 reachable states, over --max-memory 350000"
}

@test "--method auto on product form: the aggregation is exact, no switch, no rows; the closed form" {
    # 14 processes, 6 resources: 6476 states, past gth's 2000
    "$ROOT/pipelines/sharing-model" functional 14 6 1.3 2.1 1 | san2desc > het.desc
    "$ROOT/pipelines/sharing-model" exact 14 6 1.3 2.1 1 > exact
    run mvd-solve --top 1 het.desc
    assert_success
    assert_line "algo reach"
    assert_line "space 16384 6476"
    assert_line "method iad"
    assert_line "iterations 2"
    refute_line --regexp '^(switch|nonzeros) '
    for k in 0 3 5; do
        near "$(awk -v k="p_$k" '$1 == "result" && $2 == k { print $3 }' <<< "$output")" \
             "$(awk -v k="p_$k" '$1 == k { print $2 }' exact)" 1e-12
    done
}

@test "--method bicgstab and gmres on the rows, bicgstab on reach's tables: the closed form of the sharing model" {
    "$ROOT/pipelines/sharing-model" sync 12 5 1.3 2.1 1 | san2desc > het.desc
    want=$("$ROOT/pipelines/sharing-model" exact 12 5 1.3 2.1 1 | awk '$1 == "p_5" { print $2 }')
    for run in "--algo rows --method bicgstab" "--algo rows --method gmres" \
               "--algo reach --method bicgstab" "--algo rows --method gs"; do
        mvd-solve $run --tol 1e-12 --top 1 het.desc > r.result
        grep -qx "converged yes" r.result
        near "$(awk '$1 == "result" && $2 == "p_5" { print $3 }' r.result)" "$want" 1e-10
    done
    run mvd-solve --algo slice --method bicgstab het.desc
    assert_failure 2
    assert_line --index 0 "mvd-solve: --method bicgstab applies only with --algo reach, rows or auto"
    run mvd-solve --algo rows --method gs --max-memory 200000 het.desc
    assert_failure 2
    assert_line --index 0 --regexp "^mvd-solve: het.desc: error: --algo rows: the chain's in-flow rows do not fit in the [0-9]+ bytes --max-memory leaves beside the vectors and reach's tables \([0-9]+\); --algo reach runs matrix-free$"
}
