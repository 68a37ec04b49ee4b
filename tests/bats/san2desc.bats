#!/usr/bin/env bats
# san2desc: golden descriptors, the command line, and every error message
# of formats/san.md with its exact text and exit status 2.

setup() { load helper; }

# A valid model the error tests start from.
OK='events loc a (1);
network
aut A { states x, y; x -> y on a; }'

# san_error TEXT MESSAGE: san2desc refuses TEXT with exactly MESSAGE.
san_error() {
    san_run "$1"
    assert_failure 2
    assert_output "san2desc: bad.san:$2"
}

# ---------------------------------------------------------------- goldens

@test "thesis two-process model: golden descriptor, 2 local + 8 sync terms" {
    run san2desc "$EXAMPLES/san/thesis-two-procs.san"
    assert_success
    assert_output "$(cat "$GOLDEN/san/thesis-two-procs.desc")"
    assert_line "end 3 4 10"
    # The rate in the master only; probabilities in the slave.
    assert_line "e 2 0 0.4"
    assert_line "e 2 2 -3"
}

@test "functional rates: golden descriptor, the identifier names the function" {
    run san2desc "$EXAMPLES/san/sharing-functional.san"
    assert_success
    assert_output "$(cat "$GOLDEN/san/sharing-functional.desc")"
    assert_line "e 0 1 1 acquire_rate"
    assert_line "reachability reachability"
}

@test "every example translates: a san-desc header and an end record" {
    for f in "$EXAMPLES"/san/*.san; do
        run san2desc "$f"
        assert_success
        [ "${lines[0]}" = "san-desc 1" ]
        [[ "${lines[-1]}" == end\ * ]]
    done
}

# ------------------------------------------------------------ command line

@test "--help shows usage and examples; --version" {
    run san2desc --help
    assert_success
    assert_line --partial "Usage: san2desc"
    assert_line --partial "Examples:"
    run san2desc --version
    assert_success
    assert_output "san2desc (perfpipe) 0.1.0"
}

@test "reads standard input, named <stdin> in messages" {
    run bash -c "san2desc < '$EXAMPLES/san/mm1k.san'"
    assert_success
    assert_output "$(san2desc "$EXAMPLES/san/mm1k.san")"
    run bash -c "echo 'events network' | san2desc -"
    assert_failure 2
    assert_output "san2desc: <stdin>:1:8: error: the network has no automata"
}

@test "-o writes the file; a failing run leaves an existing file untouched" {
    cd "$BATS_TEST_TMPDIR"
    run san2desc -o out.desc "$EXAMPLES/san/mm1k.san"
    assert_success
    assert_output ""
    diff out.desc <(san2desc "$EXAMPLES/san/mm1k.san")
    echo keep > out.desc
    printf 'events network\n' > bad.san
    run san2desc -o out.desc bad.san
    assert_failure 2
    [ "$(cat out.desc)" = keep ]
    [ "$(ls)" = "$(printf 'bad.san\nout.desc')" ]
}

@test "bad usage: unknown option, missing argument, two files; exit 2" {
    run san2desc --bogus
    assert_failure 2
    assert_line "san2desc: unknown option '--bogus'"
    run san2desc -o
    assert_failure 2
    run san2desc a.san b.san
    assert_failure 2
    assert_line "san2desc: one input file at most, got 2"
}

@test "a missing input file is an I/O failure" {
    run san2desc "$BATS_TEST_TMPDIR/nope.san"
    [ "$status" -ne 0 ]
}

# ---------------------------------------------------------------- lexical

@test "lexical errors" {
    san_error 'events network aut A { states x @ }' \
        "1:33: error: unexpected character '@'"
    san_error 'events network /* abc' "1:16: error: unterminated comment"
    san_error 'events network "abc' "1:16: error: unterminated string"
    san_error 'events loc a (1e999); network' \
        "1:15: error: number '1e999' is out of range"
    san_error 'events network "a\qb" aut A { states x; }' \
        "1:18: error: invalid escape sequence in string"
}

@test "syntax errors (bison's wording)" {
    san_error 'events loc a (1) network' \
        "1:18: error: syntax error, unexpected 'network', expecting ';'"
    san_error 'network aut A { states x; }' \
        "1:1: error: syntax error, unexpected 'network', expecting 'events'"
    san_error "$OK results r = 1 < 2 < 3;" \
        "3:55: error: syntax error, unexpected '<', expecting '+' or '-' or '*' or '/'"
}

# -------------------------------------------------------------- semantics

@test "duplicates: identifier, event, automaton, state, result" {
    san_error 'identifiers x = 1; x = 2; events network aut A { states a; }' \
        "1:20: error: duplicate identifier 'x' (first defined at 1:13)"
    san_error 'events loc a (1); loc a (2); network aut A { states x, y; x -> y on a; }' \
        "1:23: error: duplicate event 'a' (first defined at 1:12)"
    san_error 'events network aut A { states x; } aut A { states y; }' \
        "1:40: error: duplicate automaton 'A' (first defined at 1:20)"
    san_error 'events network aut A { states x, x; }' \
        "1:34: error: duplicate state 'x' of automaton 'A' (first defined at 1:31)"
    san_error "$OK results r = 1; r = 2;" \
        "3:52: error: duplicate result 'r' (first defined at 3:45)"
}

@test "unknown names: identifier, automaton, state, event" {
    san_error 'identifiers y = z; events network aut A { states a; }' \
        "1:17: error: unknown identifier 'z'"
    san_error 'identifiers y = x; x = 1; events network aut A { states a; }' \
        "1:17: error: identifier 'x' is used before its definition at 1:20"
    san_error "$OK results r = st B;" "3:52: error: unknown automaton 'B'"
    san_error "$OK results r = nb P busy;" "3:52: error: unknown automaton 'P'"
    san_error 'events loc a (1); network aut A { states x, y; x -> q on a; }' \
        "1:53: error: unknown state 'q' of automaton 'A'"
    san_error "$OK results r = A is q;" "3:54: error: unknown state 'q' of automaton 'A'"
    san_error 'events network aut P[1] { states x; } results r = nb P busy;' \
        "1:56: error: unknown state 'busy' of automaton 'P[1]'"
    san_error 'events loc a (1); network aut A { states x, y; x -> y on b; }' \
        "1:58: error: unknown event 'b': it is not declared in the events section"
}

@test "event usage: local in two automata, synchronising in one; unused warns" {
    san_error 'events loc a (1); network aut A { states x, y; x -> y on a; } aut B { states x, y; x -> y on a; }' \
        "1:94: error: local event 'a' is used in automata 'A' and 'B'"
    san_error 'events syn a (1); network aut A { states x, y; x -> y on a; }' \
        "1:12: error: synchronising event 'a' is used in only one automaton ('A')"
    san_run 'events loc a (1); loc b (2); network aut A { states x, y; x -> y on a; }'
    assert_success
    assert_line "san2desc: bad.san:1:23: warning: event 'b' is declared but never used"
}

@test "routing probabilities: sum to 1 within 1e-12, each in [0, 1]" {
    san_error 'events loc a (1); network aut A { states x, y, z; x -> y on a (0.3); x -> z on a (0.6); }' \
        "1:61: error: routing probabilities of event 'a' from state 'x' of automaton 'A' sum to 0.8999999999999999, not 1"
    san_error 'events loc a (1); network aut A { states x, y; x -> y on a (1.5); }' \
        "1:61: error: routing probability of event 'a' must be in [0, 1], got 1.5"
    # 0.1 + 0.2 + 0.7 is 1 within the tolerance, not exactly.
    san_run 'events loc a (1); network aut A { states x, y, z, w; x -> y on a (0.1); x -> z on a (0.2); x -> w on a (0.7); }'
    assert_success
}

@test "constant rates must be finite and non-negative" {
    san_error 'events loc a (-1); network aut A { states x, y; x -> y on a; }' \
        "1:15: error: rate of event 'a' must be finite and non-negative, got -1"
    san_error 'events loc a (1/0); network aut A { states x, y; x -> y on a; }' \
        "1:16: error: rate of event 'a' must be finite and non-negative, got inf"
}

@test "a transition given twice" {
    san_error 'events loc a (1); network aut A { states x, y; x -> y on a; x -> y on a; }' \
        "1:71: error: transition from 'x' to 'y' on event 'a' is given twice in automaton 'A' (first at 1:58)"
}

@test "constants, subscripts and ranges" {
    san_error 'events network aut A { states s[st A]; }' \
        "1:33: error: this expression must be constant, but it depends on the state of automata"
    san_error 'events network aut A { states s[1.5]; }' \
        "1:33: error: a subscript must be an integer, got 1.5"
    # 2^63 is an integer: the message said it was not.
    san_error 'events network aut A { states s[9223372036854775808]; }' \
        "1:33: error: a subscript must be between -1000000000000000 and 1000000000000000, got 9.223372036854776e+18"
    san_error 'events network for i in -1e16..0 { aut A[i] { states x; } }' \
        "1:25: error: a subscript must be between -1000000000000000 and 1000000000000000, got -1e+16"
    san_error 'events network aut A { states s[0/0]; }' \
        "1:34: error: a subscript must be an integer, got nan"
    san_error 'identifiers n = nb P busy; events network for i in 1..2 { aut P[i] { states idle, busy; } } aut R { states s[0..n]; }' \
        "1:17: error: this expression must be constant, but it depends on the state of automata"
}

@test "initial states: all or none, once" {
    san_error 'events network aut A { states x; initial x; } aut B { states y; }' \
        "1:51: error: automaton 'B' has no initial state, but automaton 'A' has one"
    san_error 'events network aut A { states x; initial x; initial x; }' \
        "1:45: error: initial state of automaton 'A' is given twice"
}

@test "limits: ranges, unrolling, automata, states, product space, depth" {
    san_error 'events network for i in 1..2000000 { aut A[i] { states x; } }' \
        "1:25: error: range 1..2000000 has 2000000 values, over the limit of 1000000"
    san_error 'events network aut A { states x; for i in 1..1000000 { for j in 1..1000000 { } } }' \
        "1:56: error: the model expands to more than 10000000 declarations"
    san_error 'events network for i in 1..65 { aut A[i] { states x; } }' \
        "1:37: error: more than 64 automata"
    san_error 'events network aut A { states s[1..1000001]; }' \
        "1:33: error: range 1..1000001 has 1000001 values, over the limit of 1000000"
    san_error 'events network for i in 1..57 { aut A[i] { states x, y; } }' \
        "1:37: error: the product state space exceeds the limit of 72057594037927936 states"
    san_error 'events network aut A { }' "1:20: error: automaton 'A' has no states"
    san_error 'events network' "1:8: error: the network has no automata"
    deep=$(printf 'st A + (%.0s' $(seq 300))
    close=$(printf ')%.0s' $(seq 300))
    san_error "events loc a ($deep 1 $close); network aut A { states x, y; x -> y on a; }" \
        "1:2760: error: expression needs more than 256 stack places"
}

@test "limits: resolved expression nodes" {
    san_error 'events for i in 1..1000000 { loc e[i] (nb P busy); } network for i in 1..30 { aut P[i] { states idle, busy; } }' \
        "1:40: error: the model's expressions expand to more than 5000000 nodes"
}

@test "limits: a loop's subscripts do not count against the node limit once per value" {
    # 7 nodes per value made 7,000,000; only the numbers are kept.
    san_run 'events network aut A { for i in 1..999999 { states s[(i + 1) * 2 - 1]; } }'
    assert_success
    assert_line "end 1 0 0"
}

# doubling N: identifiers f1 = f0 + f0 ... fN = fN-1 + fN-1 (fk expands to
# 2^(k+1) - 1 nodes), one per line from line 3.
doubling() {
    printf 'identifiers\nf0 = st A;\n'
    for ((k = 1; k <= $1; k++)); do printf 'f%d = f%d + f%d;\n' $k $((k - 1)) $((k - 1)); done
}

@test "limits: shared identifiers count at their expanded size (doubling to f26)" {
    # f22 is the first past 5000000 nodes; memory stays small (it was 1.3 GB).
    { doubling 26; printf 'events loc a (f26);\nnetwork aut A { states x, y; x -> y on a; }\n'; } \
        > "$BATS_TEST_TMPDIR/bad.san"
    cd "$BATS_TEST_TMPDIR"
    run bash -c "$(ulimit_v 200000) san2desc bad.san"
    assert_failure 2
    assert_output "san2desc: bad.san:24:11: error: the model's expressions expand to more than 5000000 nodes"
}

@test "limits: the functions written count their expanded nodes in all" {
    # f21 (4194303 nodes) fits once; a second function built on it does not.
    { doubling 21; printf 'events loc a (1);\nnetwork aut A { states x, y; x -> y on a; }\nresults\nr1 = f21;\nr1b = f21;\nr2 = f21 + 1;\n'; } \
        > "$BATS_TEST_TMPDIR/bad.san"
    cd "$BATS_TEST_TMPDIR"
    run bash -c "$(ulimit_v 400000) san2desc bad.san"
    assert_failure 2
    assert_output "san2desc: bad.san:29:1: error: the model's expressions expand to more than 5000000 nodes"
    # The same node twice is one function, counted once.
    { doubling 21; printf 'events loc a (1);\nnetwork aut A { states x, y; x -> y on a; }\nresults\nr1 = f21;\nr1b = f21;\n'; } \
        > "$BATS_TEST_TMPDIR/ok.san"
    run bash -c "$(ulimit_v 400000) san2desc ok.san | grep -c '^result r1b* f21$'"
    assert_output 2
}

# ------------------------------------------------ depth and linear time

@test "flat sums of 10^5 terms: constant and functional, no recursion" {
    terms=$(printf '+1%.0s' $(seq 99999))
    san_run "events loc a (1$terms); network aut A { states x, y; x -> y on a; }"
    assert_success
    assert_line "e 0 1 100000"
    terms=$(printf '+st A%.0s' $(seq 99999))
    san_run "events loc a (st A$terms); network aut A { states x, y; x -> y on a; }"
    assert_success
    assert_line "e 0 1 1 rate_a"
    # 1 MB of constant sum is folded as it is parsed: it took 229 MB.
    terms=$(printf '+1%.0s' $(seq 499999))
    printf '%s\n' "events loc a (1$terms); network aut A { states x, y; x -> y on a; }" \
        > "$BATS_TEST_TMPDIR/mb.san"
    run bash -c "$(ulimit_v 50000) san2desc '$BATS_TEST_TMPDIR/mb.san'"
    assert_success
    assert_line "e 0 1 500000"
    # A subscript, and a loop bound, folded the same way.
    terms=$(printf '+0%.0s' $(seq 99999))
    san_run "events loc a (1); network aut A[1$terms] { states x, y; x -> y on a; }"
    assert_success
    assert_line "automaton A[1] x y"
}

@test "10^4 nested parentheses: the parser's nesting limit, not bison's 'memory exhausted'" {
    open=$(printf '(%.0s' $(seq 10000))
    close=$(printf ')%.0s' $(seq 10000))
    san_error "events loc a (${open}1$close); network aut A { states x, y; x -> y on a; }" \
        "1:10007: error: nested deeper than the parser's limit (10000)"
    minus=$(printf -- '- %.0s' $(seq 10000))
    san_error "events loc a ($minus 1); network aut A { states x, y; x -> y on a; }" \
        "1:19999: error: nested deeper than the parser's limit (10000)"
}

@test "a chain of 10^5 identifiers, each using the one before, resolves without recursion" {
    {
        printf 'identifiers\nn0 = 1;\n'
        seq 100000 | awk '{ printf "n%d = n%d + 0;\n", $1, $1 - 1 }'
        printf 'events loc a (1); network aut A[n100000] { states x, y; x -> y on a; }\n'
    } > "$BATS_TEST_TMPDIR/chain.san"
    run san2desc "$BATS_TEST_TMPDIR/chain.san"
    assert_success
    assert_line "automaton A[1] x y"
}

@test "a name with 60000 subscripts is spelt in linear time" {
    # Quadratic spelling took 18 s of CPU here; linear takes 0.1 s.
    subs=$(printf '[1]%.0s' $(seq 60000))
    printf '%s\n' "events loc a (1); network aut A$subs { states x, y; x -> y on a; }" \
        > "$BATS_TEST_TMPDIR/long.san"
    cd "$BATS_TEST_TMPDIR"
    run bash -c 'ulimit -t 10; san2desc long.san'
    assert_success
    assert_line "automaton A$subs x y"
}

# ------------------------------------------- folding keeps IEEE semantics

@test "x * 0 is not folded where x is infinite in a reachable state: mvd-solve refuses it" {
    printf '%s\n' 'identifiers x = 1 / (st A);' 'events loc a (x * 0); loc b (1);' \
        'network aut A { states z, o; z -> o on a; o -> z on b; }' > "$BATS_TEST_TMPDIR/nan.san"
    cd "$BATS_TEST_TMPDIR"
    run san2desc nan.san
    assert_success
    assert_line "function rate_a 1 st A / 0 *"
    run bash -c 'san2desc nan.san | mvd-solve --algo slice'
    assert_failure 2
    assert_output "mvd-solve: <stdin>: error: term 0 (A): function 'rate_a' is not finite in state (A=z)"
    run bash -c 'san2desc nan.san | mvd-solve'
    assert_failure 2
    assert_output "mvd-solve: <stdin>: error: function 'rate_a' is not finite in state (A=z)"
}

@test "reach names the first state where a rate is not finite, with one thread or two" {
    cd "$BATS_TEST_TMPDIR"
    # inf in state o only (the second half with two threads), then in both
    for x in '1 / (st A - 1):o' '1 / (st A * st A - st A):z'; do
        printf '%s\n' "identifiers x = ${x%:*};" 'events loc a (x); loc b (1);' \
            'network aut A { states z, o; z -> o on a; o -> z on b; }' > nf.san
        san2desc -o nf.desc nf.san
        for threads in 1 2; do
            run mvd-solve --algo reach --threads "$threads" nf.desc
            assert_failure 2
            # the message alone: no note on memory, which was not why
            assert_output "mvd-solve: nf.desc: error: function 'x' is not finite in state (A=${x#*:})"
        done
    done
}

@test "x * 0, 0 / x, x - x, x / x fold only where x is provably finite" {
    san_run 'identifiers fin = 1 / (st A + 1); inf = 1 / st A;
events loc a (1); loc b (fin * 0); loc c (0 * (st A - 1));
network aut A { states z, o; z -> o on a, b, c; o -> z on a; }
results same = fin - fin + fin / fin + 0 / fin; kept = inf - inf + inf / inf + 0 / inf;'
    assert_success
    assert_output 'san-desc 1
automaton A z o
function same 1
function kept 1 st A / 1 st A / - 1 st A / 1 st A / / + 0 1 st A / / +
term local A
factor A
e 0 0 -1
e 0 1 1
e 1 0 1
e 1 1 -1
result same same
result kept kept
end 1 2 1'
}

@test "a constant that folds to inf or nan is refused where the descriptor would hold it" {
    # mvd-solve's reader refuses 'inf': san2desc said nothing and exit 0.
    san_error 'events loc a (1e308); loc b (1e308);
network aut A { states x, y; x -> y on a, b; y -> x on a; }' \
        "2:40: error: element (x, y) of automaton 'A' in term local 'A' is inf, but a descriptor holds only finite numbers"
    san_error 'events loc a (1);
network aut A { states x, y; x -> y on a; y -> x on a; }
results r = st A > 0 ? 1 / 0 : 0;' \
        "3:9: error: expression has the constant inf (folded from its constant parts), but a descriptor holds only finite numbers"
    san_error 'events loc a (st A * (0 / 0));
network aut A { states x, y; x -> y on a; y -> x on a; }' \
        "2:40: error: expression has the constant nan (folded from its constant parts), but a descriptor holds only finite numbers"
}

@test "x + 0 is not folded where x may be -0: 1 / (-(st A) + 0) is +inf at A = 0" {
    san_run 'events loc a (1); network aut A { states z, o; z -> o on a; o -> z on a; }
results pos = 1 / (-(st A) + 0) > 0;'
    assert_success
    assert_line "function pos 1 st A neg 0 + / 0 >"
    run bash -c 'san2desc bad.san | mvd-solve | grep "^result"'
    assert_output "result pos 0.5"
}
