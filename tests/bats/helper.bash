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

# summary_field N ARGS...: runs netsim --summary ARGS and prints field N
# of its summary record (2 = max, 3 = mean of the final clocks, 4 =
# messages), seconds rounded to the thesis's six decimals.
summary_field() {
    local field=$1
    shift
    netsim --summary "$@" | awk -v f="$field" '$1 == "summary" {
        if (f == 4) print $f; else printf "%.6f\n", $f }'
}

# proto_run TEXT [OPTIONS]: runs netsim OPTIONS on TEXT as bad.proto in a
# temporary directory, so messages read "netsim: bad.proto:LINE:COL: ...".
proto_run() {
    printf '%s\n' "$1" > "$BATS_TEST_TMPDIR/bad.proto"
    cd "$BATS_TEST_TMPDIR"
    shift
    run netsim "$@" bad.proto
}

# The example runs the differential and MPI tests go through: file, P,
# options (small computations, so the MPI runs stay short).
example_runs() {
    cat <<'RUNS'
pingpong 2 -D SIZE=8192
ring 2
ring 3
ring 4
matsum 4
dotprod 3 -D N=1000
fdiff 4 -D Q=2 -D R=2
fdiff 3 -D Q=3 -D R=1
mandelbrot 4 -D MEAN=0.0002 -D SD=0.0001
while71 3 -D i=1
halo 2 -D ITER=3 -D ROW=8192 -D INNER=0.001 -D BORDER=0.0002
halo 4 -D ITER=3 -D ROW=8192 -D INNER=0.001 -D BORDER=0.0002
exchange 2
exchange 3
exchange 4
RUNS
}

# Open MPI on this one host: shared memory (vader) and the ob1 layer. Left
# to choose, Open MPI first initialises UCX's pml, which triples a job's
# start (0.31 s against 0.11 s for two ranks here), and the tests start a
# few hundred jobs. A user's own choice stands.
export OMPI_MCA_pml=${OMPI_MCA_pml:-ob1}
export OMPI_MCA_btl=${OMPI_MCA_btl:-self,vader}
# Each Bats run (tests/run starts one per file, side by side) keeps Open
# MPI's session directory in its own temporary directory: jobs that start
# together under one /tmp race on creating and removing /tmp/ompi.HOST.UID
# ("mkdir ... File exists", orte_init failed; Open MPI 4.1).
export OMPI_MCA_orte_tmpdir_base=${BATS_RUN_TMPDIR:-${TMPDIR:-/tmp}}

# mpirun as the tests need it: as root in containers, more ranks than cores.
# Stopped after MPI_TIMEOUT seconds (default 120), and killed
# MPI_KILL_AFTER seconds (default 10) later if it ignores SIGTERM, as an
# mpirun may after MPI_Abort: a hung job must not hang the suite.
mpi_run() {
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
        OMPI_MCA_rmaps_base_oversubscribe=1 \
        timeout -k "${MPI_KILL_AFTER:-10}" "${MPI_TIMEOUT:-120}" \
        mpirun --oversubscribe "$@"
}

# san_run TEXT [OPTIONS]: runs san2desc OPTIONS on TEXT as bad.san in a
# temporary directory, so messages read "san2desc: bad.san:LINE:COL: ...".
san_run() {
    printf '%s\n' "$1" > "$BATS_TEST_TMPDIR/bad.san"
    cd "$BATS_TEST_TMPDIR"
    shift
    run san2desc "$@" bad.san
}

# ulimit_v KB: "ulimit -v KB;" for a `bash -c` that proves memory stays
# bounded; nothing under AddressSanitizer, whose shadow memory is reserved
# virtual memory.
ulimit_v() {
    case "${PERFPIPE_CFLAGS:-}" in
    *sanitize=address*) ;;
    *) echo "ulimit -v $1;" ;;
    esac
}
