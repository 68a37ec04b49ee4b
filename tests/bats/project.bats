#!/usr/bin/env bats
# Project-wide promises: install, man pages for every program and format,
# --help and --version everywhere.

setup() { load helper; }

programs() { sed -n 's/^PROGS *:= *//p' "$ROOT/Makefile"; }

@test "every program has --help, --version and a man1 page" {
    for p in $(programs); do
        "$p" --help | grep -q "^Usage: $p"
        "$p" --version | grep -q "^$p (perfpipe)"
        [ -f "$ROOT/man/man1/$p.1" ]
    done
}

@test "every format specification has a man5 page" {
    for f in "$ROOT"/formats/*.md; do
        name=$(basename "$f" .md)
        [ "$name" = README ] && continue
        [ -f "$ROOT/man/man5/$name.5" ] || { echo "no man5 page for $name"; false; }
    done
}

@test "every man page renders with man -l, without warnings" {
    for page in "$ROOT"/man/man1/*.1 "$ROOT"/man/man5/*.5; do
        out=$(MANWIDTH=80 man -l "$page" 2>&1 >/dev/null)
        [ -z "$out" ] || { echo "$page: $out"; false; }
        MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q '^NAME'
    done
}

@test "make install PREFIX=... installs programs and man pages" {
    prefix=$BATS_TEST_TMPDIR/prefix
    make -C "$ROOT" -s install PREFIX="$prefix" BUILD="$(dirname "$PERFPIPE_BIN")"
    for p in $(programs); do
        [ -x "$prefix/bin/$p" ]
        "$prefix/bin/$p" --version
        [ -f "$prefix/share/man/man1/$p.1" ]
        man -l "$prefix/share/man/man1/$p.1" > /dev/null
    done
    # The MPI programs, linked with mpicc (their outputs are measurements,
    # so they are not in the loops above).
    [ -x "$prefix/bin/mpibench" ]
    [ -f "$prefix/share/man/man1/mpibench.1" ]
    [ -f "$prefix/share/man/man5/app-graph.5" ]
    [ -f "$prefix/share/man/man5/pasl.5" ]
    # The library and headers a `proto2c --target sim` program builds with.
    cd "$BATS_TEST_TMPDIR"
    "$prefix/bin/proto2c" "$ROOT/examples/proto/ring.proto" > ring.c
    cc $PERFPIPE_CFLAGS -std=c11 -I"$prefix/include/perfpipe" ring.c -L"$prefix/lib" -lperfpipe -lm -o ring
    ./ring -n 3 --summary | grep -q '^summary 0.003570000 '
}

# ------------------------------------------------------------------------
# Conventions shared by the five programs (README.md, "Conventions").

# needs PROG: the options PROG cannot run without, before its input.
needs() {
    case $1 in
    gstr-sched) echo "-p $EXAMPLES/platform/lab-heterogeneous.platform" ;;
    bench2model) echo "comm" ;;
    esac
}

# run_args PROG: arguments that make PROG write a small, deterministic
# output from an example.
run_args() {
    case $1 in
    gstr-sched) echo "$(needs gstr-sched) $GOLDEN/pasl/sieve.graph" ;;
    pasl2graph) echo "$EXAMPLES/pasl/example3.pasl" ;;
    netsim)     echo "-n 3 $EXAMPLES/proto/ring.proto" ;;
    proto2c)    echo "$EXAMPLES/proto/ring.proto" ;;
    san2desc)   echo "$EXAMPLES/san/sharing-sync.san" ;;
    mvd-solve)  echo "$EXAMPLES/san/two-procs.desc" ;;
    bench2model) echo "comm --regimes auto --column 2 $EXAMPLES/bench/seed001-table1.txt" ;;
    esac
}

@test "-o through a symbolic link replaces the link's target, and the link stays" {
    cd "$BATS_TEST_TMPDIR"
    for p in $(programs); do
        echo old > "$p.target"
        ln -sf "$p.target" "$p.link"
        $p -o "$p.link" $(run_args $p)
        [ -L "$p.link" ] || { echo "$p replaced the link"; false; }
        $p $(run_args $p) | cmp - "$p.target"
    done
}

@test "-o onto a FIFO writes through to its reader, and the FIFO stays" {
    cd "$BATS_TEST_TMPDIR"
    for p in $(programs); do
        mkfifo "$p.fifo"
        # Bounded: a program that replaced the FIFO leaves cat waiting.
        timeout 20 cat "$p.fifo" > "$p.got" &
        $p -o "$p.fifo" $(run_args $p)
        wait $!
        [ -p "$p.fifo" ] || { echo "$p replaced the FIFO"; false; }
        $p $(run_args $p) | cmp - "$p.got"
    done
}

@test "-o onto a character device writes through, and the device stays" {
    cd "$BATS_TEST_TMPDIR"
    # A private null device first (as root), so that a regression replaces
    # that one and the test stops before it reaches the system's.
    if mknod null c 1 3 2>/dev/null; then
        for p in $(programs); do
            $p -o null $(run_args $p)
            [ -c null ] || { echo "$p replaced a character device"; false; }
        done
    fi
    for p in $(programs); do
        run $p -o /dev/null $(run_args $p)
        assert_success
        assert_output ""
        [ -c /dev/null ]
    done
}

@test "-o /dev/stdout writes to the descriptor: into a pipe, and appended to a file opened with >>" {
    cd "$BATS_TEST_TMPDIR"
    # A private alias of /dev/stdout first: a regression replaces that one
    # and stops the test before it reaches the system's.
    ln -s /proc/self/fd/1 stdout
    for p in $(programs); do
        $p -o stdout $(run_args $p) > "$p.out"
        [ -L stdout ] || { echo "$p replaced a link to /proc/self/fd/1"; false; }
        $p $(run_args $p) | cmp - "$p.out"
    done
    for p in $(programs); do
        $p -o /dev/stdout $(run_args $p) | cmp - <($p $(run_args $p))
        echo kept > "$p.log"
        $p -o /dev/stdout $(run_args $p) >> "$p.log"
        cmp "$p.log" <(echo kept; $p $(run_args $p))
    done
}

@test "-o /dev/full, into a missing directory or onto a directory: exit 1, what failed" {
    cd "$BATS_TEST_TMPDIR"
    mkdir adir
    # A private full device first, as with null above.
    if mknod full c 1 7 2>/dev/null; then
        for p in $(programs); do
            run $p -o full $(run_args $p)
            assert_failure 1
            assert_output "$p: cannot write 'full': No space left on device"
            [ -c full ]
        done
    fi
    for p in $(programs); do
        run $p -o /dev/full $(run_args $p)
        assert_failure 1
        assert_output "$p: cannot write '/dev/full': No space left on device"
        [ -c /dev/full ]
        run $p -o nowhere/out $(run_args $p)
        assert_failure 1
        assert_output "$p: cannot write 'nowhere/out': No such file or directory"
        run $p -o adir $(run_args $p)
        assert_failure 1
        assert_output "$p: cannot write 'adir': Is a directory"
        [ -z "$(ls -A adir)" ]
    done
}

@test "a read error in the second inputs, netsim --net and mvd-solve --mvd: exit 1, \"cannot read\" (was exit 2, 'error: read error')" {
    run netsim --net /proc/self/mem "$EXAMPLES/proto/ring.proto"
    assert_failure 1
    assert_output "netsim: cannot read '/proc/self/mem': Input/output error"
    run mvd-solve --mvd /proc/self/mem "$EXAMPLES/san/two-procs.desc"
    assert_failure 1
    assert_output "mvd-solve: cannot read '/proc/self/mem': Input/output error"
}

@test "an input that cannot be read: exit 1, \"PROG: cannot read 'FILE': REASON\", in every program" {
    cd "$BATS_TEST_TMPDIR"
    mkdir adir
    for p in $(programs); do
        run $p $(needs $p) missing.in
        assert_failure 1
        assert_output "$p: cannot read 'missing.in': No such file or directory"
        run $p $(needs $p) adir
        assert_failure 1
        assert_output "$p: cannot read 'adir': Is a directory"
        # A read error after a successful open (Linux: reading address 0).
        run $p $(needs $p) /proc/self/mem
        assert_failure 1
        assert_output "$p: cannot read '/proc/self/mem': Input/output error"
        # Closed in a shell of its own: closed around bats' run, fd 0 would
        # be reused by run's own plumbing.
        run sh -c 'exec "$@" <&-' sh $p $(needs $p)
        assert_failure 1
        assert_output "$p: cannot read '<stdin>': Bad file descriptor"
        run sh -c 'exec "$@" <&-' sh $p $(needs $p) -
        assert_failure 1
        assert_output "$p: cannot read '<stdin>': Bad file descriptor"
    done
    # The second inputs: a network model, a vector.
    for f in adir missing.in; do
        run netsim --net $f "$EXAMPLES/proto/ring.proto"
        assert_failure 1
        assert_output --regexp "^netsim: cannot read '$f': (Is a directory|No such file or directory)\$"
        run mvd-solve --mvd $f "$EXAMPLES/san/two-procs.desc"
        assert_failure 1
        assert_output --regexp "^mvd-solve: cannot read '$f': (Is a directory|No such file or directory)\$"
    done
}

@test "an unreadable input file: exit 1, the same message in every program" {
    [ "$(id -u)" -ne 0 ] || skip "root reads a file whatever its mode (the directory case above stands in)"
    cd "$BATS_TEST_TMPDIR"
    echo x > locked.in
    chmod 000 locked.in
    for p in $(programs); do
        run $p $(needs $p) locked.in
        assert_failure 1
        assert_output "$p: cannot read 'locked.in': Permission denied"
    done
}

@test "standard output that cannot be written: exit 1, \"PROG: cannot write '<stdout>': REASON\"" {
    for p in $(programs); do
        run sh -c 'exec "$@" >/dev/full' sh $p $(run_args $p)
        assert_failure 1
        assert_output "$p: cannot write '<stdout>': No space left on device"
        run sh -c 'exec "$@" >&-' sh $p $(run_args $p)
        assert_failure 1
        assert_output "$p: cannot write '<stdout>': Bad file descriptor"
    done
}

@test "a pipe closed downstream (| head -c1) ends every program by SIGPIPE, silently" {
    cd "$BATS_TEST_TMPDIR"
    # Outputs of several hundred KB, more than a pipe holds, so each
    # program is still writing when head has gone.
    echo 'B1 = L1 (100000) << NULL;' > big.pasl
    for i in $(seq 20000); do echo 'compute(1, 0);'; done > big.proto
    printf '%s\n' 'events' '    loc up (1);' '    loc down (2);' \
        'network "a long birth-death chain"' '    aut A {' \
        '        states s[0..100000];' '        for k in 0..99999 {' \
        '            s[k] -> s[k+1] on up;' '            s[k+1] -> s[k] on down;' \
        '        }' '    }' 'results' '    p0 = A is s[0];' > big.san
    san2desc -o big.desc big.san
    for args in "pasl2graph --tasks big.pasl" "netsim -n 2000 $EXAMPLES/proto/ring.proto" \
                "proto2c big.proto" "san2desc big.san" "mvd-solve --ones big.desc"; do
        $args 2> err | head -c1 > /dev/null
        status=${PIPESTATUS[0]}
        [ "$status" -eq 141 ] || { echo "$args: exit $status, not 141 (SIGPIPE)"; false; }
        [ ! -s err ] || { echo "$args: $(cat err)"; false; }
    done
}

@test "an option that would have no effect is refused: exit 2, which and where it applies" {
    D=$EXAMPLES/san/two-procs.desc
    refused() {   # refused MESSAGE COMMAND...: usage error, exit 2
        local want=$1
        shift
        run "$@"
        assert_failure 2
        assert_line --index 0 "$want"
        assert_line --index 1 "Try '$1 --help'."
    }
    refused "pasl2graph: --max-tasks applies only with --tasks" \
        pasl2graph --max-tasks 5 "$EXAMPLES/pasl/example3.pasl"
    for opt in "--method gmres" "--tol 1e-6" "--max-iter 9" "--top 1" --partial --time --from-initial; do
        refused "mvd-solve: ${opt%% *} applies only when solving, not with --ones" \
            mvd-solve --ones $opt "$D"
        refused "mvd-solve: ${opt%% *} applies only when solving, not with --mvd" \
            mvd-solve --mvd x.vec $opt "$D"
    done
    refused "mvd-solve: --omega applies only with --method jor, gs or iad" \
        mvd-solve --omega 0.5 --method gmres "$D"
    refused "mvd-solve: --restart applies only with --method gmres or auto" \
        mvd-solve --restart 5 --method jor "$D"
    refused "mvd-solve: --faithful applies only with --algo shuffle or slice" \
        mvd-solve --faithful --algo sparse --ones "$D"
    for opt in "-n 3" "-D x=1" "--seed 2" --clamp-negative --summary "--max-loop 9" "--max-events 9" --all-blocked; do
        refused "netsim: ${opt%% *} applies only when simulating, not with --print-net" \
            netsim --print-net $opt
    done
    refused "netsim: --print-net writes the network model only, not 'ring.proto'" \
        netsim --print-net ring.proto
    # Where they apply, they are taken.
    mvd-solve --method jor --omega 0.5 "$D" > /dev/null
    mvd-solve --method gmres --restart 5 "$D" > /dev/null
    cd "$BATS_TEST_TMPDIR"
    netsim --print-net -o k6.net
    netsim --print-net | cmp - k6.net
}

@test "out of memory: \"PROG: out of memory\", exit 1, in every program" {
    [[ ${PERFPIPE_CFLAGS:-} != *sanitize* ]] || skip "the sanitizers reserve more address space than the limit set here"
    cd "$BATS_TEST_TMPDIR"
    # 15 MB, under every input cap, read under a 12 MB address-space
    # limit: the buffer's growth fails in xrealloc.
    head -c 15000000 /dev/zero | tr '\0' ' ' > big.in
    for p in $(programs); do
        run bash -c "ulimit -v 12000 && exec $p $(needs $p) big.in"
        assert_failure 1
        assert_output "$p: out of memory"
    done
}

@test "an endless input stops at its format's cap: exit 2, the cap named (README, Conventions)" {
    cd "$BATS_TEST_TMPDIR"
    desc=$EXAMPLES/san/figure8.desc ring=$EXAMPLES/proto/ring.proto
    run mvd-solve /dev/zero
    assert_failure 2
    assert_output "mvd-solve: cannot read '/dev/zero': larger than 268435456 bytes"
    run bash -c "yes | mvd-solve"
    assert_failure 2
    assert_output "mvd-solve: cannot read '<stdin>': larger than 268435456 bytes"
    run mvd-solve --mvd /dev/zero "$desc"
    assert_failure 2
    assert_output "mvd-solve: cannot read '/dev/zero': larger than 536870912 bytes"
    run netsim --net /dev/zero "$ring"
    assert_failure 2
    assert_output "netsim: cannot read '/dev/zero': larger than 16777216 bytes"
    run bash -c "yes 'regime any 1 1' | netsim --net - '$ring'"
    assert_failure 2
    assert_output "netsim: cannot read '<stdin>': larger than 16777216 bytes"
    # At the cap exactly is not past it: the reader goes on to the text.
    head -c 16777216 /dev/zero | tr '\0' '#' > cap.net
    run netsim --net cap.net "$ring"
    assert_failure 2
    assert_output "netsim: cap.net: error: empty input: expected a 'net-model' header line"
}

@test "a 1 MB bad token is cut in the message: its first 40 bytes and '...'" {
    cd "$BATS_TEST_TMPDIR"
    digits=$(head -c 1000000 /dev/zero | tr '\0' '7')
    word=$(head -c 1000000 /dev/zero | tr '\0' 'a')
    d40=$(head -c 40 /dev/zero | tr '\0' '7')
    w40=$(head -c 40 /dev/zero | tr '\0' 'a')
    printf 'B1 = L1 (%s) << NULL;\n' "$digits" > big.pasl
    run pasl2graph big.pasl
    assert_failure 2
    assert_output "pasl2graph: big.pasl:1:10: error: integer '$d40...' is too large (at most 1000000000000000000)"
    printf 'x = %s;\n' "$digits" > big.proto
    for p in netsim proto2c; do
        run $p big.proto
        assert_failure 2
        assert_output "$p: big.proto:1:5: error: number '$d40...' is out of range (it overflows)"
    done
    printf 'identifiers\n    x = %s;\n' "$digits" > big.san
    run san2desc big.san
    assert_failure 2
    assert_output "san2desc: big.san:2:9: error: number '$d40...' is out of range"
    printf 'san-desc 1\n%s 1\n' "$word" > big.desc
    run mvd-solve big.desc
    assert_failure 2
    assert_output "mvd-solve: big.desc:2:1: error: unknown record '$w40...'"
    printf '%s 1\n' "$word" > big.net
    run netsim --net big.net "$EXAMPLES/proto/ring.proto"
    assert_failure 2
    assert_output "netsim: big.net:1:1: error: expected a 'net-model' file, got a '$w40...' file"
}

@test "CRLF: the languages read it as Unix text; the formats name it, once" {
    cd "$BATS_TEST_TMPDIR"
    for f in pasl/example3.pasl proto/ring.proto san/sharing-sync.san; do
        sed 's/$/\r/' "$EXAMPLES/$f" > "crlf.${f##*.}"
    done
    pasl2graph crlf.pasl | cmp - <(pasl2graph "$EXAMPLES/pasl/example3.pasl" | sed 's|".*example3.pasl"|"crlf.pasl"|')
    netsim crlf.proto | sed 's|crlf.proto|ring.proto|' | cmp - <(cd "$EXAMPLES/proto" && netsim ring.proto)
    proto2c crlf.proto > /dev/null
    san2desc crlf.san > /dev/null
    sed 's/$/\r/' "$EXAMPLES/san/two-procs.desc" > crlf.desc
    run mvd-solve crlf.desc
    assert_failure 2
    assert_output "mvd-solve: crlf.desc:1:$(($(head -1 crlf.desc | wc -c) - 1)): error: CRLF line endings (a DOS/Windows file): convert with dos2unix"
    sed 's/$/\r/' "$EXAMPLES/net/k6.net" > crlf.net
    run netsim --net crlf.net "$EXAMPLES/proto/ring.proto"
    assert_failure 2
    assert_output "netsim: crlf.net:1:$(($(head -1 crlf.net | wc -c) - 1)): error: CRLF line endings (a DOS/Windows file): convert with dos2unix"
}

@test "a number past the largest double is refused where it stands in every text format, as in the languages" {
    cd "$BATS_TEST_TMPDIR"
    printf 'san-desc 1\nautomaton A x y\nfunction f 1e400 0 *\nresult r f\nend 1 1 0\n' > big.desc
    run mvd-solve big.desc
    assert_failure 2
    assert_output "mvd-solve: big.desc:3:12: error: number '1e400' is out of range"
    printf 'net-model 1\nregime any 1e400 0.1\n' > big.net
    run netsim --net big.net "$EXAMPLES/proto/ring.proto"
    assert_failure 2
    assert_output "netsim: big.net:2:12: error: number '1e400' is out of range"
    printf '1e400\n' > big.vec
    run mvd-solve --mvd big.vec "$EXAMPLES/san/figure8.desc"
    assert_failure 2
    assert_output "mvd-solve: big.vec:1:1: error: number '1e400' is out of range"
}

@test "a UTF-8 byte-order mark is named, at 1:1, exit 2, by every program and reader" {
    cd "$BATS_TEST_TMPDIR"
    bom=$(printf '\357\273\277')
    mark="error: a UTF-8 byte-order mark at the start: save the file without it"
    for f in pasl/example3.pasl proto/ring.proto san/mm1k.san san/figure8.desc net/k6.net; do
        { printf '%s' "$bom"; cat "$EXAMPLES/$f"; } > "bom.${f##*.}"
    done
    for run in "pasl2graph bom.pasl" "netsim bom.proto" "proto2c bom.proto" \
               "san2desc bom.san" "mvd-solve bom.desc"; do
        run $run
        assert_failure 2
        assert_output "${run%% *}: ${run#* }:1:1: $mark"
    done
    run netsim --net bom.net "$EXAMPLES/proto/ring.proto"
    assert_failure 2
    assert_output "netsim: bom.net:1:1: $mark"
    printf '%s1 0 0 0\n' "$bom" > bom.vec
    run mvd-solve --mvd bom.vec "$EXAMPLES/san/figure8.desc"
    assert_failure 2
    assert_output "mvd-solve: bom.vec:1:1: $mark"
    run bash -c "printf '%s' '$bom' | san2desc"
    assert_failure 2
    assert_output "san2desc: <stdin>:1:1: $mark"
}

@test "a long quote of bytes that are not UTF-8 is cut at 40 bytes (was 'out of memory', exit 1)" {
    cd "$BATS_TEST_TMPDIR"
    junk=$(head -c 143 /dev/zero | tr '\0' '\213')
    j40=$(head -c 40 /dev/zero | tr '\0' '\213')
    printf "%s' 1\n" "$junk" > junk.vec
    run mvd-solve --mvd junk.vec "$EXAMPLES/san/two-procs.desc"
    assert_failure 2
    assert_output "mvd-solve: junk.vec:1:1: error: expected a 'vector' file, got a '$j40...'' file"
    printf "%s 1\n" "$junk" > junk.net
    run netsim --net junk.net "$EXAMPLES/proto/ring.proto"
    assert_failure 2
    assert_output "netsim: junk.net:1:1: error: expected a 'net-model' file, got a '$j40...' file"
}
