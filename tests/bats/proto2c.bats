#!/usr/bin/env bats
# proto2c: the sim target writes timelines byte-identical to netsim's for
# every example; the mpi target builds with mpicc and runs with 2-4 ranks,
# doing the same operations as the simulation; errors.

setup() { load helper; P=$EXAMPLES/proto; cd "$BATS_TEST_TMPDIR"; }

build_sim() {   # build_sim NAME: NAME.proto -> ./NAME
    proto2c "$P/$1.proto" > "$1.c"
    cc $PERFPIPE_CFLAGS -std=c11 -Wall -Wextra -Werror -I"$ROOT/lib" "$1.c" \
        "$(dirname "$PERFPIPE_BIN")/libperfpipe.a" -lm -o "$1"
}

build_mpi() {   # build_mpi NAME: NAME.proto -> ./NAME-mpi
    proto2c --target=mpi "$P/$1.proto" > "$1-mpi.c"
    mpicc -O2 -Wall -Wextra -Werror "$1-mpi.c" -lm -o "$1-mpi"
}

# The operations without their times: rank, kind, partner, bytes, tag.
shape() { awk '$1 == "op" { print $2, $3, $4, $5, $6 }'; }

@test "sim target: byte-identical timelines to netsim for every example (and seeds 1, 2, 99)" {
    example_runs | while read -r name procs opts; do
        [ -x "$name" ] || build_sim "$name"
        for seed in 1 2 99; do
            # shellcheck disable=SC2086
            diff <(netsim -n "$procs" --seed "$seed" $opts "$P/$name.proto") \
                 <(./"$name" -n "$procs" --seed "$seed" $opts) ||
                { echo "differs: $name -n $procs --seed $seed $opts"; false; }
        done
    done
}

@test "sim target: the table runs too (Table 6.3 at P = 16, Mandelbrot with the thesis's sd)" {
    build_sim fdiff
    diff <(netsim -n 16 -D Q=4 -D R=4 "$P/fdiff.proto") <(./fdiff -n 16 -D Q=4 -D R=4)
    build_sim mandelbrot
    diff <(netsim -n 16 --seed 5 -D MEAN=0.015856 -D SD=0.017587 "$P/mandelbrot.proto") \
         <(./mandelbrot -n 16 --seed 5 -D MEAN=0.015856 -D SD=0.017587)
}

@test "sim target: runtime errors and deadlocks as netsim reports them" {
    printf 'send(rank + 1, (8, 0));\n' > bad.proto
    proto2c bad.proto > bad.c
    cc $PERFPIPE_CFLAGS -std=c11 -I"$ROOT/lib" bad.c "$(dirname "$PERFPIPE_BIN")/libperfpipe.a" -lm -o bad
    run ./bad -n 2
    assert_failure 1
    assert_output "bad: bad.proto:1: error: rank 1: send to rank 2, outside 0..1"
    printf 'receive(any_source);\n' > dead.proto
    proto2c dead.proto > dead.c
    cc $PERFPIPE_CFLAGS -std=c11 -I"$ROOT/lib" dead.c "$(dirname "$PERFPIPE_BIN")/libperfpipe.a" -lm -o dead
    run ./dead -n 2
    assert_failure 1
    assert_line --partial "deadlock: 2 of 2 processes are blocked"
}

@test "mpi target: every example builds with mpicc and runs with 2-4 ranks, doing the simulated operations" {
    example_runs | while read -r name procs opts; do
        [ -x "$name-mpi" ] || build_mpi "$name"
        # shellcheck disable=SC2086
        mpi_run -n "$procs" ./"$name-mpi" $opts > measured 2> errors ||
            { cat errors; echo "failed: $name -n $procs"; false; }
        grep -q '^network "MPI (measured with MPI_Wtime)"$' measured
        grep -q "^end [0-9]* $procs\$" measured
        # shellcheck disable=SC2086
        netsim -n "$procs" $opts "$P/$name.proto" > simulated
        if [ "$name" = mandelbrot ]; then
            # Which worker gets which block depends on real timing; the
            # counts do not.
            [ "$(grep -c '^op 0 send .* 16 0 ' measured)" -eq 1024 ]
            [ "$(grep -c '^op [1-9] compute ' measured)" -eq 1024 ]
            [ "$(grep -c '^op 0 send .* 0 1 ' measured)" -eq $((procs - 1)) ]
        elif [ "$name" = exchange ]; then
            # Which sender a receive from any_source takes first depends
            # on real timing; the operations do not.
            diff <(shape < simulated | sort) <(shape < measured | sort) ||
                { echo "operations differ: $name -n $procs"; false; }
        else
            # netsim interleaves the ranks (formats/timeline.md), the MPI
            # target writes them by rank: a stable sort by rank.
            diff <(shape < simulated | sort -s -n -k1,1) <(shape < measured) ||
                { echo "operations differ: $name -n $procs"; false; }
        fi
        # The same messages counted, collectives as their linear schedules.
        [ "$(awk '$1 == "summary" { print $4 }' simulated)" = \
          "$(awk '$1 == "summary" { print $4 }' measured)" ]
    done
}

@test "mpi target: computation is a busy wait of the drawn duration" {
    printf 'compute(0.05, 0);\nall_reduce(8, 0);\n' > busy.proto
    proto2c -t mpi busy.proto > busy.c
    mpicc busy.c -lm -o busy
    run mpi_run -n 2 ./busy
    assert_success
    # Each compute record lasts at least the 50 ms drawn.
    awk '$1 == "op" && $3 == "compute" { if ($8 - $7 < 0.05) exit 1; n++ }
         END { exit n == 2 ? 0 : 1 }' <<< "$output"
}

@test "mpi target: the same seed draws the same sizes as netsim" {
    printf 'if (rank == 0) { send(1, (1000, 300)); send(1, (1000, 300)); } else { receive(0); receive(0); };\n' > draws.proto
    proto2c -t mpi draws.proto > draws.c
    mpicc draws.c -lm -o draws
    for seed in 1 7; do
        mpi_run -n 2 ./draws --seed "$seed" > measured
        netsim --seed "$seed" draws.proto > simulated
        # MPI sends whole bytes: netsim's drawn sizes, rounded.
        diff <(awk '$1 == "op" && $3 == "send" { printf "%.0f\n", $5 }' simulated) \
             <(awk '$1 == "op" && $3 == "send" { print $5 }' measured)
    done
}

@test "mpi and sim targets: --summary-only writes the header, the summary and the end; the sim target's traces are netsim's" {
    build_mpi ring
    build_sim ring
    mpi_run -n 3 ./ring-mpi --summary-only > measured
    [ "$(wc -l < measured)" -eq 8 ]
    ! grep -q -E '^(op|process) ' measured
    grep -q '^end 0 3$' measured
    grep -q '^summary [0-9.]* [0-9.]* 3$' measured
    diff <(./ring -n 3 --summary-only) <(netsim -n 3 --summary-only "$P/ring.proto")
    # The sim target's traces are netsim's (one driver).
    for format in ti paje; do
        diff <(./ring -n 3 --summary-only --trace - --trace-format "$format" -o /dev/null) \
             <(netsim -n 3 --summary-only --trace - --trace-format "$format" -o /dev/null "$P/ring.proto")
    done
}

@test "mpi target: bad usage and missing parameters exit 2 with a message" {
    build_mpi pingpong
    run mpi_run -n 2 ./pingpong-mpi
    assert_failure
    assert_failure 2
    assert_output --partial "pingpong-mpi: $P/pingpong.proto:8: error: parameter 'SIZE' has no value: give -D SIZE=VALUE"
    refute_output --partial "Try"
    run mpi_run -n 2 ./pingpong-mpi -D SIZE=8 -D NOPE=1
    assert_failure
    assert_output --partial "pingpong-mpi: -D NOPE: the program has no parameter 'NOPE'"
}

@test "sim and mpi targets: -D and --seed values read as netsim reads them" {
    build_mpi pingpong
    build_sim pingpong
    while IFS='|' read -r defs message; do
        # shellcheck disable=SC2086  # defs: one or two words
        run netsim $defs "$P/pingpong.proto"
        assert_failure 2
        assert_output "netsim: $message
Try 'netsim --help'."
        run ./pingpong $defs
        assert_failure 2
        assert_output "pingpong: $message
Try 'pingpong --help'."
        run mpi_run -n 2 ./pingpong-mpi $defs
        assert_failure 2
        assert_output --partial "pingpong-mpi: $message"
    done <<'CASES'
-D SIZE=0x10|-D SIZE: '0x10' is not a decimal number (as 12, -1.5 or 2e-3)
-D SIZE=1e400|-D SIZE: '1e400' is out of range (it overflows)
-D SIZE=1e-400|-D SIZE: '1e-400' is out of range (it underflows to 0)
-D SIZE=nan|-D SIZE: 'nan' is not a finite number
-D SIZE=1 -D SIZE=2|-D SIZE: given twice; give each name one value
-D SIZE=1 --seed=+5|--seed wants an unsigned integer, not '+5'
-D SIZE=1 --seed=-1|--seed wants an unsigned integer, not '-1'
-D SIZE=1 --seed=18446744073709551616|--seed wants an unsigned integer, not '18446744073709551616'
-D SIZE=1 --seed|option '--seed' needs an argument
-D SIZE=1 -o|option '-o' needs an argument
-D SIZE=1 -D|option '-D' needs an argument
-D SIZE=1 -D rank=1|-D rank: 'rank' is predefined by the program; -D gives values only to parameters (identifiers read but never assigned)
-D SIZE=1 -D nope=1|-D nope: the program has no parameter 'nope'
-D SIZE=1 -D loop=1|-D loop: 'loop' is assigned by the program; -D gives values only to parameters (identifiers read but never assigned)
CASES
}

@test "mpi target: a send to a rank out of range aborts with the located error" {
    printf 'send(rank + 1, (8, 0));\n' > bad.proto
    proto2c -t mpi bad.proto > bad.c
    mpicc bad.c -lm -o bad
    run mpi_run -n 2 ./bad
    assert_failure
    assert_output --partial "bad: bad.proto:1: error: rank 1: send to rank 2, outside 0..1"
}

@test "mpi_run: an mpirun that ignores SIGTERM is killed, the suite goes on" {
    # A stand-in for an mpirun that hangs after MPI_Abort and ignores the
    # SIGTERM of timeout: mpi_run's timeout must follow with SIGKILL.
    mkdir fake
    printf '#!/bin/sh\ntrap "" TERM\nsleep 30\n' > fake/mpirun
    chmod +x fake/mpirun
    PATH="$PWD/fake:$PATH" MPI_TIMEOUT=1 MPI_KILL_AFTER=1 run mpi_run -n 2 ./none
    assert_failure 137
}

@test "proto2c: errors of the prototype are located, exit 2, nothing written" {
    printf 'x = ;\n' > bad.proto
    run proto2c -o out.c bad.proto
    assert_failure 2
    assert_output "proto2c: bad.proto:1:5: error: syntax error, unexpected ';'"
    [ ! -e out.c ]
    run proto2c --target=fortran bad.proto
    assert_failure 2
    assert_line "proto2c: --target wants sim or mpi, not 'fortran'"
    run proto2c a.proto b.proto
    assert_failure 2
    assert_line "proto2c: one input file at most, got 2"
    run proto2c missing.proto
    assert_failure 1
    assert_output "proto2c: cannot read 'missing.proto': No such file or directory"
}

@test "proto2c: reads standard input, writes -o atomically" {
    proto2c -o ring.c < "$P/ring.proto"
    grep -q 'Generated by proto2c' ring.c
    grep -q '"<stdin>"' ring.c
}

# issue 9, item 4: every walk of the tree is bounded; what is accepted
# compiles with both compilers: proto2c writes each operation into its own
# temporary, so deep expressions make flat C (clang stops at 256 nested
# brackets); blocks, which nest in the C, stop at 100.
@test "proto2c: a 300000-term sum and deep nesting are located errors, never a crash" {
    printf 'x = 1%s;\n' "$(printf '+1%.0s' $(seq 300000))" > flat.proto
    for prog in proto2c netsim; do
        run "$prog" flat.proto
        assert_failure 2
        assert_output "$prog: flat.proto:1:2006: error: expression nested deeper than 1000 levels of operators, signs and calls; split it with intermediate variables"
    done
    printf 'x = %s1%s;\n' "$(printf '(%.0s' $(seq 10000))" "$(printf ')%.0s' $(seq 10000))" > parens.proto
    run proto2c parens.proto
    assert_failure 2
    assert_output "proto2c: parens.proto:1:10001: error: nested deeper than the parser's limit (10000)"
    printf '%s x = 1; %s\n' "$(printf '{%.0s' $(seq 101))" "$(printf '};%.0s' $(seq 101))" > blocks.proto
    run proto2c blocks.proto
    assert_failure 2
    assert_output "proto2c: blocks.proto:1:101: error: blocks nested deeper than 100"
}

@test "proto2c: the deepest accepted program compiles with gcc and clang, -Werror" {
    e=1
    for i in $(seq 500); do e="fmax(($e)/2, 1)"; done   # 1000 levels
    printf '%s compute(%s, 0); %s\n' "$(printf 'if (1 == 1) {%.0s' $(seq 99))" \
        "$e" "$(printf '};%.0s' $(seq 99))" > deep.proto
    run netsim --summary deep.proto
    assert_success
    assert_line "summary 1.000000000 1.000000000 0"
    proto2c deep.proto > deep.c
    for compiler in gcc clang; do
        "$compiler" -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$ROOT/lib" deep.c
    done
    proto2c --target=mpi deep.proto > deep-mpi.c
    OMPI_CC=clang mpicc -std=c11 -Wall -Wextra -Werror deep-mpi.c -lm -o deep-mpi
}

# issue 9, item 10: user text reaches generated C only escaped.
@test "proto2c: a file name with */, /*, trigraphs, quotes or newlines cannot change the generated C" {
    for f in 'a*/ int x; /*??=??/"\.proto' $'nl\n\xe9??!.proto'; do
        mkdir -p "$(dirname "$f")"
        cp "$P/ring.proto" "$f"
        proto2c "$f" > sim.c
        head -1 sim.c | grep -q '^/\* Generated by proto2c .* from "[^*]*", target sim\. Edit the prototype, not this file\.$'
        cc $PERFPIPE_CFLAGS -std=c11 -Wall -Wextra -Werror -Wtrigraphs -I"$ROOT/lib" sim.c \
            "$(dirname "$PERFPIPE_BIN")/libperfpipe.a" -lm -o sim
        diff <(./sim -n 3) <(netsim -n 3 "$f")
        proto2c --target=mpi "$f" > mpi.c
        mpicc -std=c11 -Wall -Wextra -Werror -Wtrigraphs mpi.c -lm -o mpi
        run mpi_run -n 2 ./mpi --summary
        assert_success
        assert_line "source $(netsim --summary -n 2 "$f" | sed -n 's/^source //p')"
    done
}

# issue 9, item 8: the three implementations stay identical on values that
# are not finite (operands in the same order, the same first error).
@test "sim and mpi targets: the same non-finite errors as netsim" {
    # Rank 0 fails; rank 1 waits for it, so that MPI_Abort ends the job
    # (a rank that finalizes while another aborts can hang Open MPI).
    wait1='if (rank == 1) { receive(0); };'
    cases=("x = 1;
x = 1e308 * (10 - 10 * rank); $wait1" "x = 1/rank + 2/rank; $wait1"
        "x = log(rank); $wait1" "compute(1e308 * (1 - rank), 0); $wait1"
        'if (rank == 0) { send(1, (sqrt(0-1), 0)); } else { receive(0); };'
        "while (1e308 * (2 - 2 * rank), 0) { compute(0, 0); }; $wait1"
        'bcast(0, (pow(10, 400 - 400 * rank), 0));')
    for text in "${cases[@]}"; do
        printf '%s\n' "$text" > nf.proto
        run netsim nf.proto
        assert_failure 1
        want=${output#netsim: }
        proto2c nf.proto > nf.c
        cc $PERFPIPE_CFLAGS -std=c11 -Wall -Wextra -Werror -I"$ROOT/lib" nf.c \
            "$(dirname "$PERFPIPE_BIN")/libperfpipe.a" -lm -o nf
        run ./nf
        assert_failure 1
        assert_output "nf: $want"
        proto2c --target=mpi nf.proto > nf-mpi.c
        mpicc -O2 -Wall -Wextra -Werror nf-mpi.c -lm -o nf-mpi
        run mpi_run -n 2 ./nf-mpi
        assert_failure
        assert_output --partial "nf-mpi: $want"
    done
    printf 'compute(X, 0);\n' > nf.proto
    proto2c --target=mpi nf.proto > nf-mpi.c
    mpicc -O2 -Wall -Wextra -Werror nf-mpi.c -lm -o nf-mpi
    for value in inf nan 1e999; do
        run netsim -D "X=$value" nf.proto
        assert_failure 2
        want=$(printf '%s\n' "$output" | head -1)
        run mpi_run -n 2 ./nf-mpi -D "X=$value"
        assert_failure
        assert_output --partial "nf-mpi: ${want#netsim: }"
    done
}
