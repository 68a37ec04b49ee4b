#!/usr/bin/env bats
# san2desc reading PRISM's CTMC language (formats/prism-subset.md): the
# translation against SAN models written by hand, every refusal and its
# located message, and bad usage.

bats_require_minimum_version 1.5.0

setup() {
    load helper
    cd "$BATS_TEST_TMPDIR"
}

# prism_error TEXT MESSAGE: TEXT as bad.sm is refused with exit 2 and
# "san2desc: bad.sm:MESSAGE", and nothing on standard output.
prism_error() {
    printf '%s\n' "$1" > bad.sm
    run --separate-stderr san2desc bad.sm
    assert_failure 2
    [ -z "$output" ]
    [ "$stderr" = "san2desc: bad.sm:$2" ] || {
        echo "got: $stderr"
        return 1
    }
}

# results [OPTION...] FILE: san2desc | mvd-solve, the space and result
# records (the descriptor kept as FILE.desc).
results() {
    local file=${*: -1}
    san2desc "$@" > "$file.desc"
    mvd-solve --tol 1e-12 "$file.desc" | grep -E '^(space|result) '
}

QUEUE='ctmc
const int N = 10;
const double mu = 1/10;
const double lambda = 1/2;
const double gamma = 1/3;
module queue
    q : [0..N];
    [] q<N -> mu:(q'"'"'=q+1);
    [] q=N -> mu:(q'"'"'=q);
    [serve] q>0 -> lambda:(q'"'"'=q-1);
endmodule
module server
    s : [0..1];
    [serve] s=0 -> 1:(s'"'"'=1);
    [] s=1 -> gamma:(s'"'"'=0);
endmodule
label "full" = q=N;
rewards "queue" true : q; endrewards'

QUEUE_SAN='identifiers
    N = 10; mu = 0.1; lambda = 0.5; gamma = 1/3;
events
    loc arrive (mu);
    syn serve (lambda);
    loc rest (gamma);
network queue
    aut queue {
        states q[0..N];
        initial q[0];
        for k in 0..N-1 { q[k] -> q[k+1] on arrive; q[k+1] -> q[k] on serve; }
    }
    aut server {
        states idle, busy;
        initial idle;
        idle -> busy on serve;
        busy -> idle on rest;
    }
results
    full = queue is q[10];
    queue = st queue;'

@test "the manual's queue and server: the same states and results as the SAN written by hand" {
    printf '%s\n' "$QUEUE" > queue.sm
    printf '%s\n' "$QUEUE_SAN" > queue.san
    run results queue.sm
    assert_success
    assert_line "space 22 22"
    [ "$(results queue.sm)" = "$(results queue.san)" ]
}

@test "each variable an automaton, its states named by its values; a guard on the variables it moves makes arcs, not a function" {
    printf '%s\n' "$QUEUE" > queue.sm
    run san2desc queue.sm
    assert_success
    assert_line 'automaton q q=0 q=1 q=2 q=3 q=4 q=5 q=6 q=7 q=8 q=9 q=10'
    assert_line 'automaton s s=0 s=1'
    assert_line 'initial q=0 s=0'
    # the rates are constants: no function but the results'
    [ "$(grep -c '^function' <<< "$output")" -eq 2 ]
    assert_line 'term sync+ serve'
}

@test "--from prism, the .prism extension and standard input" {
    printf '%s\n' "$QUEUE" > queue.sm
    san2desc queue.sm > a.desc
    cp queue.sm queue.prism
    san2desc queue.prism > b.desc
    san2desc --from prism < queue.sm > c.desc
    cmp a.desc b.desc
    cmp a.desc c.desc
    run san2desc < queue.sm
    assert_failure 2
    assert_output --partial "san2desc: <stdin>:1:1: error: syntax error"
}

@test "two variables in a module, a guard reading a variable it does not move (a gate in the rate), several branches: against the SAN by hand" {
    cat > two.sm <<'EOF'
ctmc
const double r = 2;
module A
    x : [0..2] init 1;
    b : bool;
    [] x<2 -> 1 : (x'=x+1) + r : (b'=!b);
    [] x>0 & y=0 -> 3 : (x'=x-1);
    [go] b -> 1.5 : (b'=false);
endmodule
module B
    y : [0..1];
    [go] y=0 -> 2 : (y'=1);
    [go] y=1 -> 0.5 : (y'=0);
    [] y=1 -> 1 : (y'=0);
endmodule
rewards "x" true : x; endrewards
label "b_and_y" = b & y=1;
EOF
    cat > two.san <<'EOF'
events
    loc up (1);
    loc flip (2);
    loc down (3 * (B is y0));
    syn go1 (1.5 * 2);
    syn go2 (1.5 * 0.5);
    loc back (1);
network two
    aut A {
        states x0f, x0t, x1f, x1t, x2f, x2t;
        initial x1f;
        x0f -> x1f on up; x0t -> x1t on up; x1f -> x2f on up; x1t -> x2t on up;
        x0f -> x0t on flip; x0t -> x0f on flip; x1f -> x1t on flip; x1t -> x1f on flip;
        x1f -> x0f on down; x1t -> x0t on down; x2f -> x1f on down; x2t -> x1t on down;
        x0t -> x0f on go1, go2; x1t -> x1f on go1, go2; x2t -> x2f on go1, go2;
    }
    aut B {
        states y0, y1;
        initial y0;
        y0 -> y1 on go1;
        y1 -> y0 on go2, back;
    }
results
    x = (A is x1f) + (A is x1t) + 2 * ((A is x2f) + (A is x2t));
    b_and_y = ((A is x0t) + (A is x1t) + (A is x2t)) * (B is y1);
EOF
    run results two.sm
    assert_success
    assert_line "space 12 12"
    diff <(results two.sm | awk '{ printf "%s %s %.12g\n", $1, $2, $3 }' | sort) \
         <(results two.san | awk '{ printf "%s %s %.12g\n", $1, $2, $3 }' | sort)
    san2desc two.sm > two.desc
    grep -q '^automaton x x=0 x=1 x=2$' two.desc
    grep -q '^automaton b b=false b=true$' two.desc
    # one event for the action, B's two commands on it two arcs
    [ "$(grep -c '^term sync+' two.desc)" -eq 1 ]
    grep -q '^term sync+ go$' two.desc
    # x>0 & y=0 moves x: y=0 is not in x's arcs, so it gates the rate
    grep -q '^function rate_A:2 st x 0 > st y 0 == and 3 0 ite$' two.desc
}

@test "renaming, formulas, constants from -D, init ... endinit, min max floor ceil mod" {
    cat > ren.sm <<'EOF'
ctmc
const int K;
const double r1 = 1;
formula busy = n > 0;
module P1
    n : [0..K];
    [] n < min(K, 9) -> r1 * ceil(0.5) : (n'=n+1);
    [] busy -> max(2, floor(2.7)) + mod(7, 5) : (n'=n-1);
endmodule
module P2 = P1 [n=m, r1=rate2] endmodule
const double rate2 = 3;
init n = 0 & m = K endinit
label "both" = busy & m > 0;
EOF
    run results -D K=2 ren.sm
    assert_success
    assert_line "space 9 9"
    # P1 and P2 independent birth-death chains, up 1 and 3, down 4
    local want
    want=$(awk 'BEGIN { a = 1/4; b = 3/4;
        p = (a + a * a) / (1 + a + a * a); q = (b + b * b) / (1 + b + b * b);
        printf "%.10f", p * q }')
    got=$(results -D K=2 ren.sm | awk '$2 == "both" { printf "%.10f", $3 }')
    [ "$got" = "$want" ] || { echo "got $got, want $want"; return 1; }
    san2desc -D K=2 ren.sm | grep -q '^initial n=0 m=2$'
}

@test "an update reading another module: an arc to each value it may give; out of its range in a reachable state, mvd-solve refuses" {
    cat > fu.sm <<'EOF'
ctmc
module M
    x : [0..1];
    [] x=0 -> 2 : (x'=y);
    [] x=1 -> 1 : (x'=0);
endmodule
module N
    y : [0..1];
    [] y=0 -> 3 : (y'=1);
    [] y=1 -> 1 : (y'=0);
endmodule
label "x1" = x=1;
EOF
    # y is up 3/4 of the time; x leaves 0 at rate 2 only when y = 1
    cat > fu.san <<'EOF'
events
    loc go (2 * (N is y1));
    loc back (1);
    loc yup (3);
    loc ydown (1);
network fu
    aut M { states x0, x1; initial x0; x0 -> x1 on go; x1 -> x0 on back; }
    aut N { states y0, y1; initial y0; y0 -> y1 on yup; y1 -> y0 on ydown; }
results
    x1 = M is x1;
EOF
    run results fu.sm
    assert_success
    assert_line "space 4 4"
    diff <(results fu.sm | awk '{ printf "%s %s %.12g\n", $1, $2, $3 }') \
         <(results fu.san | awk '{ printf "%s %s %.12g\n", $1, $2, $3 }')
    grep -q '^function f_x_x_x=0_x=1 st y 1 ==$' fu.sm.desc
    sed 's/(x.=y)/(x'"'"'=y+1)/' fu.sm > out.sm
    run bash -c 'san2desc out.sm | mvd-solve'
    assert_failure 2
    assert_line "mvd-solve: <stdin>: error: rate function 'f_x_x_x=0_x=1' is not finite in state (x=x=0, y=y=1)"
}

@test "system ... endsystem with every module in parallel (||) is PRISM's default: the same descriptor" {
    printf '%s\n' "$QUEUE" > queue.sm
    { printf '%s\n' "$QUEUE"; echo 'system (server || queue) endsystem'; } > sys.sm
    cmp <(san2desc queue.sm) <(san2desc sys.sm)
}

@test "a synchronised action blocked by a module with no enabled command; an action in one module is local" {
    cat > block.sm <<'EOF'
ctmc
module A
    a : [0..1];
    [t] a=0 -> 1 : (a'=1);
    [u] a=1 -> 1 : (a'=0);
endmodule
module B
    b : [0..1];
    [t] b=1 -> 1 : (b'=0);
    [] b=0 -> 1 : (b'=1);
endmodule
EOF
    run results block.sm
    assert_success
    assert_line "space 4 4"
    san2desc block.sm > block.desc
    grep -q '^term sync+ t$' block.desc
    ! grep -q 'sync+ u' block.desc
}

# A transition reward [a] g : v earns v at each a-transition from a state
# where g holds: in the long run, v times the rate of those transitions
# (R=? [ S ], PRISM's long-run average). A and B synchronise on s, at the
# product of their rates (2 x 3 when both are at 0, blocked otherwise),
# and return alone ([], rates 1 and 2).
@test "transition rewards: the long-run rate of their transitions, synchronised (product, blocked) and local (sum)" {
    cat > tr.sm <<'SM'
ctmc
module A
    a : [0..1];
    [s] a=0 -> 2 : (a'=1);
    []  a=1 -> 1 : (a'=0);
endmodule
module B
    b : [0..1];
    [s] b=0 -> 3 : (b'=1);
    []  b=1 -> 2 : (b'=0);
endmodule
label "both0" = a=0 & b=0;
label "a1" = a=1;
label "b1" = b=1;
label "a1b1" = a=1 & b=1;
rewards "sync"   [s] true : 1; endrewards
rewards "guard"  [s] a=0 : 5; [s] a=1 : 7; endrewards
rewards "local"  [] true : 1; endrewards
rewards "mixed"  true : 2; [] b=1 : 10; endrewards
SM
    run bash -c 'set -o pipefail; san2desc tr.sm | mvd-solve --method gth'
    assert_success
    local p00 pa pb pab
    p00=$(awk '$1 == "result" && $2 == "both0" { print $3 }' <<< "$output")
    pa=$(awk '$1 == "result" && $2 == "a1" { print $3 }' <<< "$output")
    pb=$(awk '$1 == "result" && $2 == "b1" { print $3 }' <<< "$output")
    pab=$(awk '$1 == "result" && $2 == "a1b1" { print $3 }' <<< "$output")
    check() {
        awk -v got="$(awk -v k="$1" '$1 == "result" && $2 == k { print $3 }' <<< "$output")" \
            -v want="$2" 'BEGIN { d = got - want; if (d < 0) d = -d
                if (got == "" || d > 1e-12) { print "got " got ", want " want; exit 1 } }'
    }
    check sync "$(awk -v p="$p00" 'BEGIN { printf "%.17g", 6 * p }')"
    check guard "$(awk -v p="$p00" 'BEGIN { printf "%.17g", 5 * 6 * p }')"
    check local "$(awk -v a="$pa" -v b="$pb" 'BEGIN { printf "%.17g", 1 * a + 2 * b }')"
    # where b=1, both returns are [] transitions: B's at 2, A's at 1 if a=1
    check mixed "$(awk -v b="$pb" -v ab="$pab" 'BEGIN { printf "%.17g", 2 + 10 * (2 * b + ab) }')"
    # in the long run, s fires as often as A returns: 6 p00 = P(a=1)
    check sync "$pa"
}

@test "lexical and syntax errors are located" {
    prism_error 'ctmc module M x : [0..1]; [] x=0 -> 1 : (x'"'"'=1) @ endmodule' \
        "1:48: error: unexpected character '@'"
    prism_error 'ctmc /* open' "1:6: error: unterminated comment"
    prism_error 'ctmc label "abc = 1;' "1:12: error: unterminated string"
    prism_error 'ctmc const double x = 1e999;' \
        "1:23: error: number '1e999' is out of range"
    prism_error 'ctmc module M x : [0..1]; [] x=0 -> ; endmodule' \
        "1:37: error: syntax error, unexpected ';'"
    prism_error 'ctmc module M x : [0..1];
[] x=0 -> 1 : (x=1); endmodule' \
        "2:16: error: syntax error, unexpected identifier, expecting primed variable"
}

@test "every construct outside the subset is refused where it stands, exit 2" {
    prism_error 'dtmc module M x : [0..1]; endmodule' \
        "1:1: error: model type 'dtmc' is not supported: san2desc reads CTMCs (ctmc or stochastic)"
    prism_error 'module M x : [0..1]; endmodule' \
        "1:1: error: no model type: PRISM takes such a model for an mdp; a CTMC says 'ctmc'"
    prism_error 'ctmc stochastic' "1:6: error: a second model type"
    prism_error 'ctmc global g : [0..1];' \
        "1:6: error: global variables are not supported: declare each variable in the module that updates it"
    prism_error 'ctmc module M x : [0..1]; endmodule module N y : [0..1]; endmodule system M ||| N endsystem' \
        "1:77: error: the composition '|||' is not supported: system ... endsystem may only put every module in parallel, M1 || M2 || ... (PRISM's default)"
    prism_error 'ctmc module M x : [0..1]; endmodule module N y : [0..1]; endmodule system M |[a]| N endsystem' \
        "1:77: error: the composition '|[a]|' is not supported: system ... endsystem may only put every module in parallel, M1 || M2 || ... (PRISM's default)"
    prism_error 'ctmc module M x : [0..1]; endmodule module N y : [0..1]; endmodule system (M || N)/{a} endsystem' \
        "1:83: error: hiding (/{...}) is not supported in system ... endsystem"
    prism_error 'ctmc module M c : clock; endmodule' \
        "1:19: error: 'clock' variables are not supported in a CTMC"
    prism_error 'ctmc invariant true endinvariant' \
        "1:6: error: 'invariant' is not supported in a CTMC (formats/prism-subset.md)"
    prism_error 'ctmc module M x : int; endmodule' \
        "1:19: error: variable 'x' has no range: write x : [LOW..HIGH]"
    prism_error 'ctmc const double p = pow(2, 3);' \
        "1:23: error: function 'pow' is not supported (min, max, floor, ceil and mod are)"
}

@test "semantic errors are located" {
    prism_error 'ctmc module M x : [0..1]; [a] x=0 -> 1 : (x'"'"'=1); endmodule
rewards "r" [b] true : 1; endrewards' \
        "2:13: error: no module has the action 'b' of this transition reward"
    prism_error 'ctmc const int N; module M x : [0..N]; endmodule' \
        "1:16: error: constant 'N' has no value: give it with -D N=VALUE"
    prism_error 'ctmc const int N = 2.5; module M x : [0..1]; endmodule' \
        "1:16: error: int constant 'N' must be an integer, got 2.5"
    prism_error 'ctmc const int A = B; const int B = A;' \
        "1:16: error: constant 'A' is defined from itself"
    prism_error 'ctmc module M x : [0..1]; [] y=0 -> (x'"'"'=1); endmodule' \
        "1:30: error: unknown identifier 'y'"
    prism_error 'ctmc module M x : [0..1]; [] true -> (x'"'"'=x+1); endmodule' \
        "1:39: error: the update gives 'x' the value 2 outside its range [0..1] from x=1 where the guard may hold"
    prism_error 'ctmc module M x : [0..1]; [] true -> (y'"'"'=0); endmodule module N y : [0..1]; endmodule' \
        "1:39: error: 'y' is not a variable of module 'M'"
    prism_error 'ctmc module M x : [0..1]; [] x=0 -> -1 : (x'"'"'=1); endmodule' \
        "1:37: error: a rate must be finite and non-negative, got -1"
    prism_error 'ctmc module M x : [0..1] init 3; endmodule' \
        "1:31: error: init value 3 of 'x' is outside its range [0..1]"
    prism_error 'ctmc module M x : [1..0]; endmodule' \
        "1:15: error: variable 'x' has the empty range [1..0]"
    prism_error 'ctmc module M x : [0..1]; endmodule module M y : [0..1]; endmodule' \
        "1:44: error: duplicate module 'M'"
    prism_error 'ctmc module M x : [0..1]; endmodule module N x : [0..1]; endmodule' \
        "1:46: error: duplicate name 'x'"
    prism_error 'ctmc module M2 = M [x=y] endmodule' \
        "1:13: error: module 'M2' renames 'M', which is not a module defined before it"
    prism_error 'ctmc module M x : [0..1] init 0; endmodule init x=0 endinit' \
        "1:15: error: variable 'x' has an init value and the model an init ... endinit block: PRISM takes one or the other"
    prism_error 'ctmc module M x : [0..1]; endmodule init true endinit' \
        "1:37: error: init ... endinit holds in 2 states: san2desc takes exactly one initial state"
    prism_error 'ctmc formula f = f + 1; module M x : [0..1]; endmodule' \
        "1:18: error: formula 'f' is nested deeper than 1000 (does it use itself?)"
    prism_error 'ctmc module M x : [0..N]; endmodule' \
        "1:23: error: unknown identifier 'N'"
    prism_error 'ctmc module M x : [0..1]; endmodule module N y : [0..1]; endmodule system M endsystem' \
        "1:68: error: system ... endsystem leaves out module 'N': san2desc composes every module (PRISM's default)"
    prism_error 'ctmc module M x : [0..1]; endmodule module N y : [0..1]; endmodule system M || N || M endsystem' \
        "1:85: error: module 'M' is twice in system ... endsystem"
    prism_error 'ctmc module M x : [0..1]; endmodule system M || Z endsystem' \
        "1:49: error: unknown module 'Z' in system ... endsystem"
    prism_error 'ctmc label "a" = true;' "1:1: error: the model has no modules"
    prism_error 'ctmc module M x : [0..1]; endmodule label "a" = true; rewards "a" true : 1; endrewards' \
        "1:55: error: a second result named 'a': labels, reward structures and named queries become results, each needs its own name"
}

@test "bad usage: -D without a value, given twice, on a SAN, an unknown constant (the rule every program shares); --from with another language" {
    printf '%s\n' "$QUEUE" > queue.sm
    run san2desc -D N queue.sm
    assert_failure 2
    assert_line "san2desc: -D wants NAME=VALUE, not 'N'"
    run san2desc -D N=abc queue.sm
    assert_failure 2
    assert_line "san2desc: -D N: 'abc' is not a decimal number (as 12, -1.5 or 2e-3)"
    run san2desc -D N=3 -D N=4 queue.sm
    assert_failure 2
    assert_line "san2desc: -D N: given twice; give each name one value"
    run san2desc -D N=3 "$EXAMPLES/san/sharing-functional.san"
    assert_failure 2
    assert_line "san2desc: -D gives a PRISM model's: the input is read as a SAN (--from prism?)"
    run san2desc -D Z=3 queue.sm
    assert_failure 2
    assert_line "san2desc: queue.sm: error: -D Z: the model has no constant 'Z'"
    run san2desc --from pepa queue.sm
    assert_failure 2
    assert_line "san2desc: --from wants san or prism, not 'pepa'"
}

@test "--props: S=? and R=? [ S ] queries become results, named or propK; a label in a query; constants of other queries need no value" {
    printf '%s\n' "$QUEUE" > queue.sm
    cat > queue.csl <<'CSL'
// the steady-state queries PRISM answers with -ss
S=? [ q=N ]
"busy": S=? [ s=1 ]
S=? [ "full" ]
R{"queue"}=? [ S ];
const double T;
R=? [ S ]
CSL
    san2desc --props queue.csl queue.sm > q.desc
    run mvd-solve --tol 1e-12 q.desc
    assert_success
    local full queue
    full=$(awk '$1 == "result" && $2 == "full" { print $3 }' <<< "$output")
    queue=$(awk '$1 == "result" && $2 == "queue" { print $3 }' <<< "$output")
    assert_line "result prop1 $full"
    assert_line --regexp '^result busy 0\.[0-9]+'
    assert_line "result prop3 $full"
    assert_line "result prop4 $queue"
    assert_line "result prop5 $queue"
}

@test "--props: what a steady-state solver does not answer is refused where it stands" {
    printf '%s\n' "$QUEUE" > queue.sm
    props_error() {
        printf '%s\n' "$1" > bad.csl
        run --separate-stderr san2desc --props bad.csl queue.sm
        assert_failure 2
        [ "$stderr" = "san2desc: bad.csl:$2" ] || { echo "got: $stderr"; return 1; }
    }
    props_error 'P=? [ F q=N ]' "1:1: error: 'P=?' is not supported: san2desc answers steady-state queries, S=? [ ... ] and R=? [ S ]"
    props_error 'S>0.5 [ q=N ]' "1:1: error: 'S>' is not supported: san2desc answers steady-state queries, S=? [ ... ] and R=? [ S ]"
    props_error 'R=? [ C<=T ]' "1:7: error: R=? [ C ... ] is not supported: san2desc answers the steady-state reward, R=? [ S ]"
    props_error 'S=? [ "nolabel" ]' '1:7: error: unknown label "nolabel"'
    props_error 'R{"x"}=? [ S ]' '1:1: error: the model has no reward structure "x"'
    props_error 'label "a" = q=1;' "1:1: error: labels in a properties file are not supported: define them in the model"
    props_error 'S=? [ q=N' "2:1: error: syntax error, unexpected end of file"
    props_error 'const int K; S=? [ q=K ]' "1:11: error: constant 'K' has no value: give it with -D K=VALUE"
    run san2desc --props bad.csl "$EXAMPLES/san/sharing-functional.san"
    assert_failure 2
    assert_line "san2desc: --props reads a PRISM model's: the input is read as a SAN (--from prism?)"
}
