#!/usr/bin/env bats
# mpibench: each subcommand on 1-4 ranks writes a bench file that
# bench2model reads, with every requested size and --reps samples; the
# matrix product is checked; the rank-count and option errors exit 2 with
# one message. Timings here are noisy (ranks oversubscribed on shared
# cores): the tests check structure and invariants, never time values.

setup() { load helper; cd "$BATS_TEST_TMPDIR"; }

# count KIND SIZE FILE: the samples of KIND at SIZE.
count() { awk -v k="$1" -v s="$2" '$1 == "sample" && $2 == k && $3 == s { n++ }
                                   END { print n + 0 }' "$3"; }

@test "mpibench pingpong: every size with --reps samples, a piecewise fit from bench2model comm" {
    mpi_run -n 2 mpibench pingpong -q --sizes 0,1,64,6824,65536,131072 --reps 3 > pp.bench
    head -1 pp.bench | grep -qx 'bench 1'
    grep -q '^name "mpibench pingpong: half the round trip' pp.bench
    grep -q '^# timer: MPI_Wtime, MPI_Wtick .* rank 0 .* rank 1 ' pp.bench
    for s in 0 1 64 6824 65536 131072; do
        [ "$(count pingpong "$s" pp.bench)" -eq 3 ] || { echo "size $s"; false; }
    done
    [ "$(grep -c '^sample ' pp.bench)" -eq 18 ]
    # perf-model, not a net-model: noisy times may fit a negative t_w,
    # which a net-model refuses.
    bench2model comm --kind pingpong --regimes auto --format perf-model pp.bench > pp.pm
    [ "$(grep -c '^poly pingpong ' pp.pm)" -eq 2 ]
    [ "$(grep -c '^point pingpong ' pp.pm)" -eq 6 ]
}

@test "mpibench pingpong: the default sweep holds the small sizes and seed 001's, up to --max" {
    mpi_run -n 2 mpibench pingpong -q --max 22000 --reps 2 > pp.bench
    want="0 1 2 4 8 16 32 64 128 256 512 1024 2048 4096 6824 8192 13652 16384 21844"
    [ "$(awk '$1 == "sample" { print $3 }' pp.bench | uniq | xargs)" = "$want" ]
    for s in $want; do [ "$(count pingpong "$s" pp.bench)" -eq 2 ]; done
}

@test "mpibench oneway: send and recv sides on 3 ranks (rank 2 waits), fitted by bench2model comm" {
    mpi_run -n 3 mpibench oneway --sizes 0,100,6824,65536 --reps 4 > ow.bench 2> progress
    grep -q '^name "mpibench oneway: after a barrier' ow.bench
    for k in send recv; do
        for s in 0 100 6824 65536; do [ "$(count "$k" "$s" ow.bench)" -eq 4 ]; done
        bench2model comm --kind "$k" --format perf-model ow.bench > "$k.pm"
        [ "$(grep -c "^point $k " "$k.pm")" -eq 4 ]
    done
    # Progress: one line a size on standard error, none with --quiet.
    [ "$(grep -c '^mpibench: oneway: .* bytes ([1-4] of 4): mean send .* us, recv .* us$' progress)" -eq 4 ]
}

@test "mpibench ops: 24 kinds (op_type), one size per rank, --reps samples each, intervals from bench2model" {
    for np in 1 2; do
        mpi_run -n "$np" mpibench ops -q --reps 3 --iters 2000 > ops.bench
        [ "$(grep -c '^sample ' ops.bench)" -eq $((24 * np * 3)) ]
        bench2model interval ops.bench > ops.pm
        [ "$(grep -c '^interval ' ops.pm)" -eq $((24 * np)) ]
        for op in add sub mul div assign cmp; do
            for t in int float double char; do
                for ((p = 0; p < np; p++)); do
                    grep -q "^interval ${op}_$t $p 3 " ops.pm ||
                        { echo "no ${op}_$t on rank $p"; false; }
                done
            done
        done
        # A window of the last 2 samples, seed 000's FIFO.
        bench2model interval --last 2 --kind div_double ops.bench | grep -q '^interval div_double 0 2 '
    done
}

@test "mpibench matmul: the five segments per n, the product checked, bench2model poly fits T_inic (2) and T_mult (3)" {
    mpi_run -n 2 mpibench matmul -q --n 20,40,60,80,100 --reps 2 > mm.bench
    for n in 20 40 60 80 100; do
        grep -qx "# n = $n: every product checked (C·x = A·(B·x), exactly)" mm.bench
        for k in T_inic T_send T_mult T_recv T_exec; do
            [ "$(count "$k" "$n" mm.bench)" -eq 2 ] || { echo "$k $n"; false; }
        done
    done
    bench2model poly --kind T_inic --degree 2 mm.bench | grep -q '^poly T_inic 20 100 2 '
    bench2model poly --kind T_mult --degree 3 mm.bench | grep -q '^poly T_mult 20 100 3 '
    # The master's segments nest in its total (one clock, one repetition
    # after another): T_exec >= T_inic + T_send + T_recv, sample by sample.
    awk '$1 == "sample" { v[$2, $3, c[$2, $3]++] = $4 }
         END { for (n = 20; n <= 100; n += 20) for (i = 0; i < 2; i++)
                   if (v["T_exec", n, i] < v["T_inic", n, i] + v["T_send", n, i] + v["T_recv", n, i]) exit 1 }' mm.bench
}

@test "mpibench matmul: 3 slaves with uneven blocks of rows (n = 1, 7, 10), products right" {
    mpi_run -n 4 mpibench matmul -q --n 1,7,10 --reps 1 --warmup 0 > mm.bench
    [ "$(grep -c '^# n = .*: every product checked' mm.bench)" -eq 3 ]
    [ "$(grep -c '^sample ' mm.bench)" -eq 15 ]
}

@test "mpibench: pingpong, oneway and matmul on 1 rank exit 2 with one message, no hang" {
    for sub in pingpong oneway matmul; do
        MPI_TIMEOUT=60 run mpi_run -n 1 mpibench "$sub"
        assert_failure 2
        assert_line "mpibench: $sub needs at least 2 ranks (mpirun -np 2 mpibench $sub), and this job has 1"
    done
    # ops is fine on 1 rank, and so is -o.
    mpi_run -n 1 mpibench ops -q --reps 1 --warmup 0 --iters 10 -o ops.bench
    [ "$(grep -c '^sample ' ops.bench)" -eq 24 ]
}

@test "mpibench: bad options exit 2 with one message (not one per rank), and write nothing" {
    while IFS='|' read -r args message; do
        # shellcheck disable=SC2086  # args: several words
        run mpi_run -n 2 mpibench $args -o out.bench
        assert_failure 2
        assert_line "mpibench: $message"
        [ "$(grep -c "^mpibench: " <<< "$output")" -eq 1 ] || { echo "$args"; false; }
        [ ! -e out.bench ]
    done <<'CASES'
|a subcommand is needed: pingpong, oneway, ops or matmul
ping|unknown subcommand 'ping' (expected pingpong, oneway, ops or matmul)
pingpong extra|unexpected argument 'extra'
pingpong --bogus|unknown option '--bogus'
pingpong --sizes 3,2|--sizes wants increasing values: '2' is not above the one before it
pingpong --sizes 1,x|--sizes wants integers from 0 to 1073741824 separated by commas, not 'x'
pingpong --sizes 1073741825|--sizes wants integers from 0 to 1073741824 separated by commas, not '1073741825'
pingpong --sizes 1 --max 5|--sizes and --max exclude one another
oneway --reps 0|--reps wants an integer from 1 to 1000000, not '0'
matmul --n 0|--n wants integers from 1 to 4096 separated by commas, not '0'
matmul --n 100,5000|--n wants integers from 1 to 4096 separated by commas, not '5000'
matmul --sizes 5|--sizes applies only with pingpong and oneway
pingpong --iters 5|--iters applies only with ops
ops --n 5|--n applies only with matmul
ops --warmup -1|--warmup wants an integer from 0 to 1000000, not '-1'
CASES
}

@test "mpibench: --help and --version on every rank, printed once; an unwritable -o exits 1" {
    run mpi_run -n 2 mpibench --help
    assert_success
    [ "$(grep -c '^Usage: mpirun -np P mpibench SUBCOMMAND' <<< "$output")" -eq 1 ]
    run mpi_run -n 2 mpibench --version
    assert_success
    assert_output "mpibench (perfpipe) $(bench2model --version | awk '{ print $3 }')"
    MPI_TIMEOUT=60 run mpi_run -n 2 mpibench pingpong -o no/such/dir/x.bench
    assert_failure 1
    assert_line --partial "mpibench: cannot write 'no/such/dir/x.bench': "
}
