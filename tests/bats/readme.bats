#!/usr/bin/env bats
# The README's tour is a test: every "$ command" in its code blocks runs
# (from a scratch directory with examples/ and build/bin), must exit 0, and
# must print exactly what the README shows. On a difference the output
# names the README line and shows a unified diff; after a deliberate
# change of output, `tests/readme-tour --update README.md build/bin`
# rewrites the README with the new outputs (read the diff before
# committing it).

setup() { load helper; }

@test "README.md: every command of the tour runs and prints what the README shows" {
    run "$ROOT/tests/readme-tour" "$ROOT/README.md" "$PERFPIPE_BIN"
    assert_success
    assert_line --regexp '^readme-tour: [0-9]+ commands run, 0 failed or differed$'
}

@test "tests/readme-tour reports a difference with the README line and a diff" {
    cd "$BATS_TEST_TMPDIR"
    ln -s "$ROOT/examples" examples
    printf '%s\n' '```' '$ echo one' 'two' '' '$ true' '```' > README.md
    run "$ROOT/tests/readme-tour" README.md "$PERFPIPE_BIN"
    assert_failure 1
    assert_output "$(printf '%s\n' 'README:2: $ echo one' \
        '    --- README.md (shown)' '    +++ actual output' '    @@ -1 +1 @@' \
        '    -two' '    +one' 'readme-tour: 2 commands run, 1 failed or differed')"
    "$ROOT/tests/readme-tour" --update README.md "$PERFPIPE_BIN" > /dev/null
    assert_equal "$(cat README.md)" "$(printf '%s\n' '```' '$ echo one' 'one' '' '$ true' '```')"
    run "$ROOT/tests/readme-tour" README.md "$PERFPIPE_BIN"
    assert_success
}
