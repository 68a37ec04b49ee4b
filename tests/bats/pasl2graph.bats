#!/usr/bin/env bats
# pasl2graph: the thesis's listings as golden tests, every option, and
# every error path with its exact message and exit status.

bats_require_minimum_version 1.5.0
setup() { load helper; }

# ---------------------------------------------------------------- goldens

@test "Example 3 (Figure 1.1): 5 batches, 5 edges, 37 tasks, golden graph" {
    run pasl2graph "$EXAMPLES/pasl/example3.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/example3.graph")"
    assert_line "end 5 5 37"
}

@test "Example 3 statistics: depth 4, width 2" {
    run pasl2graph --stats "$EXAMPLES/pasl/example3.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/example3.stats")"
    assert_line "batches 5"
    assert_line "edges 5"
    assert_line "tasks 37"
    assert_line "depth 4"
    assert_line "width 2"
}

@test "Example 3 task level: contiguous mapping B2.i -> B3.{2i,2i+1}, B2.i -> B4.{4i..4i+3}" {
    run pasl2graph --tasks "$EXAMPLES/pasl/example3.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/example3.tasks")"
    assert_line "link B2.3 B3.7"
    assert_line "link B2.4 B4.19"
    assert_line "link B4.19 B5.0"
    [ "$(grep -c '^task ' <<< "$output")" -eq 37 ]
    # 5 + 10 + 20 + 10 + 20 task-level links
    [ "$(grep -c '^link ' <<< "$output")" -eq 65 ]
}

@test "Example 4: 31 batch instances, 271 tasks, a chain through storage temp" {
    run pasl2graph "$EXAMPLES/pasl/example4.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/example4.graph")"
    assert_line "end 31 30 271"
    assert_line 'edge B1 B2#1 storage "temp"'
    assert_line 'edge B4#9 B2#10 storage "temp"'
    assert_line 'output B4#10 "temp"'
    [ "$(grep -c '^batch ' <<< "$output")" -eq 31 ]
}

@test "Example 4 statistics: a chain of depth 31" {
    run pasl2graph --stats "$EXAMPLES/pasl/example4.pasl"
    assert_success
    assert_line "batches 31"
    assert_line "tasks 271"
    assert_line "depth 31"
    assert_line "width 1"
}

@test "Example 6 (complete specification): header, paths, same graph as Example 4" {
    run pasl2graph "$EXAMPLES/pasl/example6.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/example6.graph")"
    assert_line 'name "Sample Application"'
    assert_line 'description "A simple test"'
    assert_line 'tasktype L2 "/app/test1/block2"'
    assert_line 'tasktype L3 "/app/test2/block3"'
    diff <(grep -v '^name\|^description\|^tasktype' <<< "$output") \
         <(pasl2graph "$EXAMPLES/pasl/example4.pasl" | grep -v '^tasktype')
}

@test "Examples 1 and 2: the path in force when a task type is assigned" {
    # Fragments of declarations: the graph has no batch, which is said.
    run --separate-stderr pasl2graph "$EXAMPLES/pasl/example1.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/example1.graph")"
    [[ "$stderr" == *"warning: no batch statement"* ]]
    run --separate-stderr pasl2graph "$EXAMPLES/pasl/example2.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/example2.graph")"
    assert_line 'tasktype L2 "/app/test1/block2"'
    assert_line 'tasktype L3 "/app/test2/block3"'
}

@test "Example 7: a PAMELA cost line is kept as the task type's cost" {
    run --separate-stderr pasl2graph "$EXAMPLES/pasl/example7.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/example7.graph")"
    assert_line 'tasktype L1 - cost "delay(t1); A*delay(t2); B*delay(t3)"'
}

@test "Figure 1.1 complete: external input, output, code and cost of a task type" {
    run pasl2graph "$EXAMPLES/pasl/figure1-1.pasl"
    assert_success
    assert_output "$(cat "$GOLDEN/pasl/figure1-1.graph")"
    assert_line 'input B1 "input.dat"'
    assert_line 'tasktype L4 "/app/test1/right" cost "2*N*delay(t_flop)"'
}

@test "Example 5 is rejected, naming the forward reference" {
    cd "$EXAMPLES/pasl"
    run pasl2graph example5-rejected.pasl
    assert_failure 2
    assert_output "pasl2graph: example5-rejected.pasl:4:20: error: forward reference to B3, defined later at line 6 (Def. 5: a batch's inputs are batches defined before it; loops carry data through storage)"
}

@test "stdin, '-' and a file give the same graph" {
    a=$(pasl2graph "$EXAMPLES/pasl/example3.pasl")
    b=$(pasl2graph < "$EXAMPLES/pasl/example3.pasl")
    c=$(pasl2graph - < "$EXAMPLES/pasl/example3.pasl")
    [ "$a" = "$b" ] && [ "$a" = "$c" ]
}

@test "the graph is in topological order: every edge and io names earlier batches" {
    for f in "$EXAMPLES"/pasl/example[346].pasl "$EXAMPLES/pasl/figure1-1.pasl"; do
        pasl2graph "$f" | awk '
            $1 == "batch" { seen[$2] = 1 }
            $1 == "edge" && !(seen[$2] && seen[$3]) { print "bad: " $0; bad = 1 }
            ($1 == "input" || $1 == "write" || $1 == "output") && !seen[$2] { print "bad: " $0; bad = 1 }
            END { exit bad }'
    done
}

# ------------------------------------------------------------------- DOT

@test "--dot renders with Graphviz dot" {
    command -v dot
    run pasl2graph --dot "$EXAMPLES/pasl/figure1-1.pasl"
    assert_success
    assert_line --partial 'digraph "Figure 1.1"'
    assert_line '  b0 -> b1;'
    pasl2graph --dot "$EXAMPLES/pasl/example6.pasl" | dot -Tsvg > "$BATS_TEST_TMPDIR/g.svg"
    grep -q '<svg' "$BATS_TEST_TMPDIR/g.svg"
    grep -q 'B4#10' "$BATS_TEST_TMPDIR/g.svg"
    pasl2graph --dot "$EXAMPLES/pasl/figure1-1.pasl" | dot -Tpng > "$BATS_TEST_TMPDIR/g.png"
    [ "$(head -c 4 "$BATS_TEST_TMPDIR/g.png" | tail -c 3)" = "PNG" ]
}

@test "--dot escapes quotes and backslashes in names" {
    pasl_run 'name = "a \"q\" \\ b"; B1 = L1(1) << NULL;' --dot
    assert_success
    assert_line 'digraph "a \"q\" \\ b" {'
    pasl2graph --dot bad.pasl | dot -Tsvg > /dev/null
}

# --------------------------------------------------------------- options

@test "-o writes the file; a failed run leaves an existing file untouched" {
    cd "$BATS_TEST_TMPDIR"
    run pasl2graph -o out.graph "$EXAMPLES/pasl/example3.pasl"
    assert_success
    assert_output ""
    diff out.graph "$GOLDEN/pasl/example3.graph"
    echo keep > kept.graph
    run pasl2graph -o kept.graph "$EXAMPLES/pasl/example5-rejected.pasl"
    assert_failure 2
    [ "$(cat kept.graph)" = keep ]
    [ "$(ls)" = "$(printf 'kept.graph\nout.graph')" ]
}

@test "-o into a missing directory is an I/O failure (exit 1)" {
    run pasl2graph -o /nonexistent/dir/x.graph "$EXAMPLES/pasl/example3.pasl"
    assert_failure 1
    assert_output --partial "pasl2graph: cannot write '/nonexistent/dir/x.graph'"
}

@test "--help and --version" {
    run pasl2graph --help
    assert_success
    assert_line --partial "Usage: pasl2graph [OPTION]... [FILE]"
    assert_line --partial "Example:"
    run pasl2graph -h
    assert_success
    run pasl2graph --version
    assert_success
    assert_output --regexp '^pasl2graph \(perfpipe\) [0-9]+\.[0-9]+\.[0-9]+$'
}

@test "usage errors exit 2 with a hint" {
    run pasl2graph --bogus
    assert_failure 2
    assert_output "pasl2graph: unknown option '--bogus'
Try 'pasl2graph --help'."
    run pasl2graph a.pasl b.pasl
    assert_failure 2
    assert_line "pasl2graph: one input file at most, got 2"
    run pasl2graph --dot --stats "$EXAMPLES/pasl/example3.pasl"
    assert_failure 2
    assert_line "pasl2graph: --dot, --stats and --tasks exclude one another"
    run pasl2graph --max-batches=0 "$EXAMPLES/pasl/example3.pasl"
    assert_failure 2
    assert_line "pasl2graph: --max-batches wants an integer from 1 to 1000000000, not '0'"
    run pasl2graph --max-tasks=-3 "$EXAMPLES/pasl/example3.pasl"
    assert_failure 2
    assert_line "pasl2graph: --max-tasks wants a positive integer, not '-3'"
    run pasl2graph -o
    assert_failure 2
    assert_line "pasl2graph: option '-o' needs an argument"
}

@test "a missing input file exits 1 (an I/O failure, README.md Conventions)" {
    run pasl2graph /nonexistent.pasl
    assert_failure 1
    assert_output "pasl2graph: cannot read '/nonexistent.pasl': No such file or directory"
}

# ------------------------------------------------------------ bad input

@test "syntax error: located, with what was expected" {
    pasl_run 'B1 = L1(1) << NULL
B2 = L2(1) << B1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: syntax error, unexpected batch name (B<n>), expecting '>>' or ';' or ','"
}

@test "a name that is not B<n> or L<n> is called so, cut when long; the expected tokens are exact" {
    pasl_run 'X1 = L1 (1) << NULL;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:1: error: 'X1' is not a PASL name (a batch is B<n>, a task type L<n>, n an integer)"
    pasl_run 'B1 = X1(1) << NULL;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:6: error: 'X1' is not a PASL name (a batch is B<n>, a task type L<n>, n an integer), expecting task type (L<n>)"
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(1) << b1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:15: error: 'b1' is not a PASL name (a batch is B<n>, a task type L<n>, n an integer), expecting 'NULL' or batch name (B<n>) or string"
    pasl_run "$(printf 'x%.0s' {1..1000}) = L1(1) << NULL;"
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:1: error: '$(printf 'x%.0s' {1..40})...' is not a PASL name (a batch is B<n>, a task type L<n>, n an integer)"
    # An identifier in a cost, where no name is expected, is a plain
    # syntax error.
    pasl_run 'L1 = delay(1) x;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:15: error: syntax error, unexpected identifier, expecting ';'"
}

@test "a long integer or storage name is cut in the message" {
    pasl_run "B$(printf '9%.0s' {1..1000}) = L1(1) << NULL;"
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:1: error: integer '$(printf '9%.0s' {1..40})...' is too large (at most 1000000000000000000)"
    pasl_run "B1 = L1(1) << NULL; B2 = L1(2) << B1 >> \"$(printf 's%.0s' {1..1000})\";"
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:41: error: B2 has cardinality 2: only batches of cardinality 1 may read or write storage (\"$(printf 's%.0s' {1..40})...\")"
}

@test "syntax error at end of input" {
    pasl_run 'B1 = L1(1) <<'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: syntax error, unexpected end of file, expecting 'NULL' or batch name (B<n>) or string"
}

@test "unexpected character" {
    pasl_run 'B1 = L1(1) << NULL @;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:20: error: unexpected character '@'"
}

@test "comments and strings may hold any byte but NUL (UTF-8, 0x80-0xff)" {
    cd "$BATS_TEST_TMPDIR"
    printf '// \xc2\xa7 3.3 \xff\n/* \x80\xfe */ name = "caf\xc3\xa9\x7f";\nB1 = L1(1) << NULL;\n' > bytes.pasl
    run pasl2graph bytes.pasl
    assert_success
    assert_line "$(printf 'name "caf\xc3\xa9\\177"')"
    assert_line "end 1 0 1"
}

# A raw NUL cut a string short in silence ("ab\0cd" read as "ab") and
# was skipped in comments: refused wherever it stands, located at it.
@test "a raw NUL byte is refused in a string, a TeX string, a comment, a name and between tokens" {
    cd "$BATS_TEST_TMPDIR"
    nul_case() {   # TEXT (printf format, \0 for the NUL) LINE:COL
        printf "$1" > nul.pasl
        run pasl2graph nul.pasl
        assert_failure 2
        assert_output "pasl2graph: nul.pasl:$2: error: NUL byte not allowed (a PASL specification is text)"
    }
    nul_case 'name = "ab\0cd";\nB1 = L1(1) << NULL;\n' 1:11
    nul_case 'B1 = L1(1) << NULL >> ``ab\0cd'"''"';\n' 1:27
    nul_case 'B1 = L1(1) << NULL; // a\0b\n' 1:25
    nul_case 'B1 = L1(1) << NULL;\n/* a\n b\0 */\n' 3:3
    nul_case 'B1 = L1(1) << NULL;\nL1 = ab\0cd*delay(1);\n' 2:8
    nul_case 'B1 = L1(1)\0' 1:11
    # The escape \0 keeps its own message.
    printf 'name = "ab\\0cd";\n' > nul.pasl
    run pasl2graph nul.pasl
    assert_failure 2
    assert_output "pasl2graph: nul.pasl:1:11: error: NUL byte not allowed in string"
}

@test "unterminated string, comment and TeX string" {
    pasl_run 'name = "abc;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:8: error: unterminated string"
    pasl_run 'B1 = L1(1) << NULL; /* never closed'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:21: error: unterminated comment"
    pasl_run 'B1 = L1(1) << ``temp;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:15: error: unterminated \`\`string\`\`"
}

@test "bad escape in a string" {
    pasl_run 'name = "a\qb";'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:10: error: invalid escape sequence in string"
    pasl_run 'name = "a\0b";'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:10: error: NUL byte not allowed in string"
}

@test "integer too large" {
    pasl_run 'B1 = L1(99999999999999999999) << NULL;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:9: error: integer '99999999999999999999' is too large (at most 1000000000000000000)"
}

@test "mixing batch and storage inputs is a located error" {
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(1) << "f", B1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:18: error: only batch inputs can be listed with ','"
}

@test "undefined batch" {
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(1) << B9;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:15: error: undefined batch B9"
}

@test "duplicate batch" {
    pasl_run 'B1 = L1(1) << NULL;
B1 = L2(1) << NULL;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: batch B1 defined twice (first at line 1)"
}

@test "a batch reading itself is a cycle" {
    pasl_run 'B1 = L1(1) << B1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:15: error: B1 reads its own output: a cycle (Def. 5: a batch's inputs are batches defined before it)"
}

@test "the same input twice" {
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(1) << B1, B1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:19: error: B1 is listed twice as an input"
}

@test "undefined and duplicate task types" {
    pasl_run 'L1 = "a";
B1 = L1(1) << NULL;
B2 = L2(1) << B1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:3:1: error: B2 uses task type L2, which is not assigned"
    pasl_run 'L1 = "a";
L1 = "b";
L1 = delay(x);
L1 = delay(y);'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: L1 code block assigned twice (first at line 1)
pasl2graph: bad.pasl:4:1: error: L1 cost model assigned twice (first at line 3)"
}

@test "name given twice" {
    pasl_run 'name = "a";
name = "b";'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: 'name' given twice (first at line 1)"
}

@test "cardinality below 1 and above the limit" {
    pasl_run 'B1 = L1(0) << NULL;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:9: error: B1 has cardinality 0: a batch has at least one task (Def. 3)"
    pasl_run 'B1 = L1(2000000000) << NULL;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:9: error: B1 has cardinality 2000000000, over the limit of 1000000000"
}

@test "the multiplicative relation (Def. 4)" {
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(4) << B1;
B3 = L3(6) << B2;
B4 = L4(1) << B3;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:3:15: error: B3 (cardinality 6) cannot take input from B2 (cardinality 4): cardinalities along an edge must be multiples or sub-multiples of each other (Def. 4)"
}

@test "storage on a batch of cardinality > 1" {
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(3) << B1 >> "out";'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:21: error: B2 has cardinality 3: only batches of cardinality 1 may read or write storage (\"out\")"
    pasl_run 'B1 = L1(2) << "in";'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:15: error: B1 has cardinality 2: only batches of cardinality 1 may read or write storage (\"in\")"
}

@test "Def. 5: a second source with << NULL is an error" {
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(1) << NULL;
B3 = L3(1) << B1, B2;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: B2 has no input (<< NULL): only the first batch may be a source (Def. 5)"
}

@test "Def. 5: a second sink is an error, reported once for all its instances" {
    pasl_run 'B1 = L1(1) << NULL;
beginblock(3);
  B2 = L2(1) << B1;
endblock;
B3 = L3(1) << B1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:3:3: error: no batch uses the output of B2#1: only the last batch may be a sink (Def. 5)"
}

@test "Def. 5: storage standing in for a source or sink is a warning, an error with --strict" {
    pasl_run 'B1 = L1(1) << "a";
B2 = L2(1) << "b";
B3 = L3(1) << B1 >> "log";
B4 = L4(1) << B3, B2;'
    assert_success
    assert_line "pasl2graph: bad.pasl:2:1: warning: B2 takes no data from another batch, only from storage: Def. 5 lets only the first batch be a source"
    assert_line 'end 4 3 4'
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(1) << B1 >> "log";
B3 = L3(1) << B1;'
    assert_success
    assert_line "pasl2graph: bad.pasl:2:1: warning: no batch uses the output of B2, which only goes to storage: Def. 5 lets only the last batch be a sink"
    pasl_run 'B1 = L1(1) << NULL;
B2 = L2(1) << B1 >> "log";
B3 = L3(1) << B1;' --strict
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: no batch uses the output of B2, which only goes to storage: Def. 5 lets only the last batch be a sink"
}

@test "sections: order and separators" {
    pasl_run 'B1 = L1(1) << NULL;
path = "/x";'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: 'path' after a data-link statement: the assignment section comes first"
    pasl_run 'name = "a"; %% %% %% B1 = L1(1) << NULL;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:19: error: a third '%%': a specification has at most three sections (header, assignment, data link)"
    pasl_run 'name = "a"; %% B1 = L1(1) << NULL; %% B2 = L1(1) << B1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:16: error: batch statement in the wrong section: it belongs to the data-link section"
    pasl_run 'B1 = L1(1) << NULL; %% B2 = L1(1) << B1;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:1: error: batch statement in the wrong section: it belongs to the data-link section"
}

@test "blocks: beginblock(0), an empty block, a block that unrolls too far" {
    pasl_run 'B1 = L1(1) << NULL; beginblock(0); B2 = L2(1) << B1; endblock;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:1:32: error: a block repeats at least once, got beginblock(0)"
    pasl_run 'B1 = L1(1) << NULL; beginblock(2); endblock;'
    assert_success
    assert_line "pasl2graph: bad.pasl:1:21: warning: empty block"
    pasl_run 'B1 = L1(1) << NULL >> "t";
beginblock(1000000000);
  B2 = L2(1) << "t";
  B3 = L3(1) << B2 >> "t";
endblock;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: beginblock(1000000000) repeats a body of 2 batch instances: more than 1000000 in all (the limit; see --max-batches)"
    # Blocks without batches unroll to nothing: skipped, not looped over
    # (10^18 empty iterations would never end; timeout turns a hang into
    # a failure).
    cd "$BATS_TEST_TMPDIR"
    printf 'B1 = L1(1) << NULL;\nbeginblock(1000000000);\nbeginblock(1000000000);\nendblock;\nendblock;\n' > empty.pasl
    run timeout 10 pasl2graph --stats empty.pasl
    assert_success
    assert_line "batches 1"
    assert_line "pasl2graph: empty.pasl:3:1: warning: empty block"
}

@test "nested blocks: instance names, iterations, storage chains, the bound on their product" {
    pasl_run 'B1 = L1(1) << NULL >> "t";
beginblock(2);
  beginblock(3);
    B2 = L2(1) << "t";
    B3 = L3(2) << B2;
    B4 = L4(1) << B3 >> "t";
  endblock;
endblock;'
    assert_success
    assert_line "batch B3#2.3 L3 2 2.3"
    assert_line "edge B2#2.3 B3#2.3 data"
    assert_line 'edge B4#1.3 B2#2.1 storage "t"'
    assert_line 'output B4#2.3 "t"'
    assert_line "end 19 18 25"
    pasl_run 'B1 = L1(1) << NULL >> "t";
beginblock(1000); beginblock(1000); beginblock(1000);
  B2 = L2(1) << "t" >> "t";
endblock; endblock; endblock;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:2:1: error: beginblock(1000) repeats a body of 1000000 batch instances: more than 1000000 in all (the limit; see --max-batches)"
}

@test "a reference binds to the enclosing scope's instance; Def. 5 sees unused inner instances" {
    pasl_run 'B1 = L1(1) << NULL >> "t";
beginblock(2);
  B2 = L2(1) << "t";
  beginblock(3);
    B3 = L3(2) << B2;
  endblock;
  B4 = L4(1) << B3 >> "t";
endblock;'
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:5:5: error: no batch uses the output of B3#1.1: only the last batch may be a sink (Def. 5)"
    pasl_run 'B1 = L1(1) << NULL;
beginblock(2);
  B2 = L2(4) << B1;
endblock;
B3 = L3(1) << B2;
B4 = L4(1) << B1, B3;' --strict
    assert_failure 2
    assert_output "pasl2graph: bad.pasl:3:3: error: no batch uses the output of B2#1: only the last batch may be a sink (Def. 5)"
}

@test "--max-batches and --max-tasks bound the output" {
    run pasl2graph --max-batches 30 "$EXAMPLES/pasl/example4.pasl"
    assert_failure 2
    assert_output --partial "example4.pasl:4:1: error: the specification unrolls to more than 30 batch instances"
    run pasl2graph --max-batches 31 "$EXAMPLES/pasl/example4.pasl"
    assert_success
    run pasl2graph --tasks --max-tasks 100 "$EXAMPLES/pasl/example3.pasl"
    assert_failure 2
    assert_output --partial "--tasks would write 37 tasks and 65 task links, over the limit of 100 records"
}

@test "several semantic errors are all reported in one run" {
    pasl_run 'B1 = L1(0) << NULL;
B2 = L2(1) << B7;
B3 = L3(1) << B5;
B5 = L5(1) << B2;'
    assert_failure 2
    assert_line --index 0 --partial "1:9: error: B1 has cardinality 0"
    assert_line --index 1 --partial "2:15: error: undefined batch B7"
    assert_line --index 2 --partial "3:15: error: forward reference to B5, defined later at line 4"
    [ "${#lines[@]}" -eq 3 ]
}

@test "an empty input is refused, as by every other reader; declarations only are a warning" {
    cd "$BATS_TEST_TMPDIR"
    run pasl2graph < /dev/null
    assert_failure 2
    assert_output "pasl2graph: <stdin>: error: empty input: expected a PASL specification"
    printf '  // only a comment\n\n' > comment.pasl
    run pasl2graph comment.pasl
    assert_failure 2
    assert_output "pasl2graph: comment.pasl: error: empty input: expected a PASL specification"
    printf 'name = "x";\n%%%%\nL1 = "a";\n%%%%\n// nothing yet\n' > header.pasl
    run pasl2graph header.pasl
    assert_success
    assert_line "pasl2graph: header.pasl: warning: no batch statement: the application graph has no batch"
    assert_line "end 0 0 0"
    printf 'beginblock(3);\nendblock;\n' > blocks.pasl
    run pasl2graph blocks.pasl
    assert_success
    assert_line "pasl2graph: blocks.pasl:1:1: warning: empty block"
    assert_line "pasl2graph: blocks.pasl: warning: no batch statement: the application graph has no batch"
}

# ------------------------------------------------------ size and linearity

@test "an input over 16 MiB is refused before parsing, as by the other front ends" {
    head -c 16777217 /dev/zero | tr '\0' ' ' > "$BATS_TEST_TMPDIR/big.pasl"
    cd "$BATS_TEST_TMPDIR"
    run pasl2graph big.pasl
    assert_failure 2
    assert_output "pasl2graph: cannot read 'big.pasl': larger than 16777216 bytes"
}

# Linear time, checked by a CPU budget far above the linear cost: each
# input is about 4 MB, parsed in well under a second, while the quadratic
# parser (each product or list copied whole at every step) took a second
# per megabyte squared, over 15 s here. Not a timing: a complexity bound.
@test "long products, long delay lists and many inputs parse in linear time" {
    cd "$BATS_TEST_TMPDIR"
    { printf 'L1 = '; yes '2*' | head -n 2000000 | tr -d '\n'
      printf 'delay(1);\nB1 = L1(1) << NULL;\n'; } > product.pasl
    run bash -c 'ulimit -t 10; pasl2graph product.pasl | sed -n "s/^tasktype L1 - cost //p" | cksum'
    assert_success
    assert_output "$({ printf '"'; yes '2*' | head -n 2000000 | tr -d '\n'; echo 'delay(1)"'; } | cksum)"
    { printf 'L1 = '; yes 'delay(1);' | head -n 400000 | tr -d '\n'
      printf '\nB1 = L1(1) << NULL;\n'; } > delays.pasl
    run bash -c 'ulimit -t 10; pasl2graph delays.pasl | sed -n "s/^tasktype L1 - cost //p" | cksum'
    assert_success
    assert_output "$({ printf '"'; yes 'delay(1); ' | head -n 399999 | tr -d '\n'; echo 'delay(1)"'; } | cksum)"
    { echo 'B1 = L1(1) << NULL;'
      seq 2 200000 | awk '{ printf "B%d = L1(1) << B1;\n", $1 }'
      printf 'B0 = L1(1) << B2'; seq 3 200000 | awk '{ printf ",B%d", $1 }'
      echo ';'; } > inputs.pasl
    run bash -c 'ulimit -t 10; pasl2graph --stats inputs.pasl'
    assert_success
    assert_line "batches 200001"
    assert_line "edges 399998"
}

# ------------------------------------------------ nesting and flat input

@test "10^4 nested blocks: 'blocks nested deeper than 32', located, not bison's 'memory exhausted'" {
    cd "$BATS_TEST_TMPDIR"
    { echo 'B1 = L1(1) << NULL;'; yes 'beginblock(1);' | head -n 10000
      echo 'B2 = L2(1) << B1;'; yes 'endblock;' | head -n 10000; } > deep.pasl
    run pasl2graph deep.pasl
    assert_failure 2
    assert_output "pasl2graph: deep.pasl:34:1: error: blocks nested deeper than 32: at most 32 beginblock ... endblock inside one another"
    { echo 'B1 = L1(1) << NULL;'; yes 'beginblock(1);' | head -n 32
      echo 'B2 = L2(1) << B1;'; yes 'endblock;' | head -n 32; } > deep32.pasl
    run pasl2graph deep32.pasl
    assert_success
    assert_line "batch B2#1$(printf '.1%.0s' {1..31}) L2 1 1$(printf '.1%.0s' {1..31})"
}

@test "10^4 nested parentheses and 10^5- and 3*10^5-term flat sums are located errors; a 3*10^5-factor product parses" {
    cd "$BATS_TEST_TMPDIR"
    { printf 'L1 = '; yes '(' | head -n 10000 | tr -d '\n'; printf 'delay(1)'
      yes ')' | head -n 10000 | tr -d '\n'; echo ';'; } > parens.pasl
    run pasl2graph parens.pasl
    assert_failure 2
    assert_output "pasl2graph: parens.pasl:1:6: error: syntax error, unexpected '('"
    for n in 100000 300000; do
        { printf 'L1 = 1'; yes '+1' | head -n $n | tr -d '\n'
          echo '*delay(1);'; } > sum.pasl
        run pasl2graph sum.pasl
        assert_failure 2
        assert_output "pasl2graph: sum.pasl:1:7: error: unexpected character '+'"
    done
    { printf 'L1 = 1'; yes '*1' | head -n 300000 | tr -d '\n'
      printf '*delay(1);\nB1 = L1(1) << NULL;\n'; } > product.pasl
    run pasl2graph --stats product.pasl
    assert_success
    assert_line "batches 1"
}

@test "an instance costs the same however long its storage names: names are resolved once per statement" {
    # 10^5 instances each looked up a 10^5-byte storage name twice: 2*10^10
    # bytes hashed (20 s of CPU) for a 400 KB input.
    cd "$BATS_TEST_TMPDIR"
    s=$(head -c 100000 /dev/zero | tr '\0' S)
    printf 'B1 = L1(1) << NULL >> "%s";\nbeginblock(100000);\nB2 = L2(1) << "%s" >> "%s";\nendblock;\nB3 = L3(1) << "%s";\n' \
        "$s" "$s" "$s" "$s" > storage.pasl
    run bash -c 'ulimit -t 10; pasl2graph --stats storage.pasl'
    assert_success
    assert_line "batches 100002"
    assert_line "storage-edges 100001"
}

@test "batch numbers dense or sparse resolve alike (an array or a hash map underneath)" {
    pasl_run 'B1 = L1(1) << NULL;
B1000000000000000000 = L2(2) << B1;
B3 = L3(1) << B1000000000000000000, B1;'
    assert_success
    assert_line "edge B1 B1000000000000000000 data"
    assert_line "end 3 3 4"
    undefined() {   # SECOND-BATCH REFERENCES LINE:COL UNDEFINED
        pasl_run "B1 = L1(1) << NULL; $1 = L2(2) << B1; B3 = L3(1) << $2;"
        assert_failure 2
        assert_output "pasl2graph: bad.pasl:$3: error: undefined batch $4"
    }
    undefined B1000000000000000000 'B1000000000000000000, B7' 1:93 B7
    undefined B2 'B2, B4000' 1:57 B4000
}

@test "empty blocks inside a repeated block are not walked at every iteration" {
    # 2*10^5 iterations over 10^5 empty blocks were 2*10^10 steps (half a
    # minute of CPU); the plan leaves them out. A CPU budget turns that
    # into a failure.
    cd "$BATS_TEST_TMPDIR"
    { echo 'B1 = L1(1) << NULL >> "t";'; echo 'beginblock(200000);'
      echo 'B2 = L2(1) << "t" >> "t";'; yes 'beginblock(2); endblock;' | head -n 100000
      echo 'endblock;'; echo 'B3 = L3(1) << "t";'; } > empty.pasl
    run bash -c 'ulimit -t 10; pasl2graph --stats empty.pasl 2> err; echo status $?; grep -c "warning: empty block" err'
    assert_success
    assert_line "status 0"
    assert_line "batches 200002"
    assert_line --index 10 "100000"
}
