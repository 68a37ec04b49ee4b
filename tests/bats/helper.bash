# Shared set-up of the Bats tests: bats-support and bats-assert from
# Debian's packages, the project's paths, and the programs under test
# (tests/run puts build/bin first on PATH).
load /usr/lib/bats/bats-support/load
load /usr/lib/bats/bats-assert/load

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
EXAMPLES=$ROOT/examples
GOLDEN=$ROOT/tests/golden

# pasl_error TEXT: runs pasl2graph on TEXT as bad.pasl in a temporary
# directory, so messages read "pasl2graph: bad.pasl:LINE:COL: ...".
pasl_run() {
    printf '%s\n' "$1" > "$BATS_TEST_TMPDIR/bad.pasl"
    cd "$BATS_TEST_TMPDIR"
    shift
    run pasl2graph "$@" bad.pasl
}
