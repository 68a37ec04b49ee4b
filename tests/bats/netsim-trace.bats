#!/usr/bin/env bats
# netsim --trace: SimGrid time-independent and Paje traces (formats/
# trace.md): expected files on small examples, checks that any trace is
# well formed, and every usage error.

setup() { load helper; P=$EXAMPLES/proto; G=$ROOT/tests/golden/trace; }

HALO=(-D ITER=2 -D ROW=8192 -D INNER=0.001 -D BORDER=0.0002)

# ti_check P < FILE: a time-independent trace SimGrid's replay can run:
# known actions with their argument counts, init first and finalize last
# on every rank, every wait names a request of its rank in flight, none
# left at the end, every isend has its irecv (sender, receiver, tag, size),
# and every rank runs the same collectives.
ti_check() {
    awk -v P="$1" '
    function bad(why) { print "line " NR ": " why ": " $0; err = 1 }
    BEGIN { n["init"] = 2; n["finalize"] = 2; n["compute"] = 3; n["isend"] = 5
            n["irecv"] = 5; n["wait"] = 5; n["barrier"] = 2; n["bcast"] = 4
            n["reduce"] = 5; n["allreduce"] = 4; n["gather"] = 5; n["scatter"] = 5
            n["allgather"] = 4; n["alltoall"] = 4 }
    {
        r = $1; a = $2
        if (r !~ /^[0-9]+$/ || r >= P) { bad("no such rank"); next }
        if (!(a in n)) { bad("unknown action"); next }
        if (NF != n[a]) { bad("wants " n[a] - 2 " arguments"); next }
        for (i = 3; i <= NF; i++) if ($i !~ /^[0-9]+$/) bad("not a whole number")
        if (a == "init") { if (r in started) bad("second init"); started[r] = 1; next }
        if (!(r in started) || (r in ended)) { bad("outside init..finalize"); next }
        if (a == "finalize") { ended[r] = 1; for (k in live) if (index(k, r " ") == 1 && live[k] > 0) bad("requests left: " k); next }
        if (a == "isend") { live[r " " r " " $3 " " $4]++; msg[r " " $3 " " $4 " " $5]++ }
        else if (a == "irecv") { live[r " " $3 " " r " " $4]++; msg[$3 " " r " " $4 " " $5]-- }
        else if (a == "wait") { k = r " " $3 " " $4 " " $5; if (!(live[k] > 0)) bad("waits for no request"); live[k]-- }
        else if (a != "compute") colls[r] = colls[r] " " a
    }
    END {
        for (r = 0; r < P; r++) {
            if (!(r in ended)) { print "rank " r " never finalizes"; err = 1 }
            if (colls[r] != colls[0]) { print "rank " r " runs other collectives"; err = 1 }
        }
        for (k in msg) if (msg[k] != 0) { print "unmatched message " k; err = 1 }
        exit err
    }'
}

# paje_check < FILE: a Paje trace as the format defines it: every event
# defined in the header with its field count (a quoted string is one
# field), times never going back, containers created before use and
# destroyed at the end, and only defined state values.
paje_check() {
    awk '
    function bad(why) { print "line " NR ": " why ": " $0; err = 1 }
    function fields(line,   n, q, i, c, inword) {
        n = 0; q = 0; inword = 0
        for (i = 1; i <= length(line); i++) {
            c = substr(line, i, 1)
            if (c == "\"") { q = !q; if (!inword) { n++; inword = 1 } }
            else if ((c == " " || c == "\t") && !q) inword = 0
            else if (!inword) { n++; inword = 1 }
        }
        return n
    }
    /^%EventDef/ { id = $3; name[id] = $2; count[id] = 1; indef = 1; next }
    /^%EndEventDef/ { indef = 0; next }
    /^%/ { if (indef) count[id]++; if ($3 == "date") timed[id] = 1; next }
    {
        if (!($1 in count)) { bad("undefined event"); next }
        if (fields($0) != count[$1]) { bad("wants " count[$1] " fields"); next }
        if ($1 in timed) { if ($2 + 0 < last) bad("time goes back"); last = $2 + 0 }
        if (name[$1] == "PajeDefineEntityValue") value[$2] = 1
        else if (name[$1] == "PajeCreateContainer") { if ($5 != "0" && !($5 in alive)) bad("no parent"); alive[$3] = 1 }
        else if (name[$1] == "PajeDestroyContainer") { if (!($4 in alive)) bad("destroys what is not there"); delete alive[$4] }
        else if (name[$1] == "PajeSetState") { if (!($4 in alive)) bad("no such container"); if (!($5 in value)) bad("undefined value") }
    }
    END { for (c in alive) { print "never destroyed: " c; err = 1 }; exit err }'
}

@test "ti: expected traces of the ring, the halo exchange (isend, irecv, waitall), matsum (collectives), exchange (any_source, sendrecv)" {
    cd "$P"
    diff "$G/ring-3.ti" <(netsim -n 3 --summary --trace - -o /dev/null ring.proto)
    diff "$G/halo-2.ti" <(netsim -n 2 "${HALO[@]}" --summary --trace - -o /dev/null halo.proto)
    diff "$G/matsum-3.ti" <(netsim -n 3 --summary --trace - -o /dev/null matsum.proto)
    diff "$G/exchange-3.ti" <(netsim -n 3 --summary --trace - -o /dev/null exchange.proto)
    ti_check 3 < "$G/ring-3.ti"
    ti_check 2 < "$G/halo-2.ti"
    ti_check 3 < "$G/matsum-3.ti"
    ti_check 3 < "$G/exchange-3.ti"
}

@test "paje: expected traces of the ring and the halo exchange" {
    cd "$P"
    diff "$G/ring-3.paje" <(netsim -n 3 --summary --trace - --trace-format paje -o /dev/null ring.proto)
    diff "$G/halo-2.paje" <(netsim -n 2 "${HALO[@]}" --summary --trace - --trace-format=paje -o /dev/null halo.proto)
    paje_check < "$G/ring-3.paje"
    paje_check < "$G/halo-2.paje"
    if command -v pj_dump > /dev/null; then   # pajeng reads them, when installed
        pj_dump "$G/ring-3.paje" > /dev/null
        [ "$(pj_dump "$G/halo-2.paje" | grep -c '^State, rank 1, Operation, .*, compute$')" -eq 4 ]
    fi
}

@test "the checkers catch what they check (each broken trace fails)" {
    cd "$BATS_TEST_TMPDIR"
    if grep -v '^1 wait 0 1 0$' "$G/ring-3.ti" | ti_check 3 > /dev/null; then false; fi         # a request never waited for
    if sed 's/^2 isend 0 0 10000/2 isend 0 0 9999/' "$G/ring-3.ti" | ti_check 3 > /dev/null; then false; fi
    if grep -v '^0 barrier$' "$G/halo-2.ti" | ti_check 2 > /dev/null; then false; fi
    if grep -v '^2 finalize$' "$G/ring-3.ti" | ti_check 3 > /dev/null; then false; fi
    if sed 's/^1 compute 1000000$/1 compute 1e6/' "$G/halo-2.ti" | ti_check 2 > /dev/null; then false; fi
    if sed 's/^5 0.001190000 OP r1 send$/5 0.000190000 OP r1 send/' "$G/ring-3.paje" | paje_check > /dev/null; then false; fi
    if grep -v '^4 .* RANK r2$' "$G/ring-3.paje" | paje_check > /dev/null; then false; fi
    if sed 's/OP r0 recv$/OP r0 receive/' "$G/ring-3.paje" | paje_check > /dev/null; then false; fi
    if sed 's/^3 0 r1 RANK run "rank 1"$/3 0 r1 RANK run rank 1/' "$G/ring-3.paje" | paje_check > /dev/null; then false; fi
}

@test "every example: ti and paje traces are well formed; the timeline is the same with and without a trace" {
    cd "$BATS_TEST_TMPDIR"
    example_runs | while read -r name procs opts; do
        # shellcheck disable=SC2086
        netsim -n "$procs" $opts "$P/$name.proto" > plain
        # shellcheck disable=SC2086
        netsim -n "$procs" $opts --trace t.ti "$P/$name.proto" > with-ti
        # shellcheck disable=SC2086
        netsim -n "$procs" $opts --trace t.paje --trace-format paje "$P/$name.proto" > with-paje
        cmp plain with-ti
        cmp plain with-paje
        ti_check "$procs" < t.ti || { echo "ti: $name -n $procs"; false; }
        paje_check < t.paje || { echo "paje: $name -n $procs"; false; }
        # As many compute actions and states as the timeline's computes.
        c=$(grep -c '^op [0-9]* compute ' plain || true)
        [ "$(grep -c '^[0-9]* compute ' t.ti || true)" -eq "$c" ]
        [ "$(grep -c ' compute$' t.paje || true)" -eq "$c" ]
    done
}

@test "ti: a collective by any algorithm is its one action on every rank, none of its messages (P = 2..9)" {
    cd "$BATS_TEST_TMPDIR"
    for c in "bcast binomial bcast(0, (1000, 0));" \
             "bcast scatter_allgather bcast(0, (1000, 0));" \
             "gather binomial gather((1000, 0), 0);" \
             "scatter binomial scatter(0, (1000, 0));" \
             "reduce binomial reduce(0, (1000, 0));" \
             "all_gather ring all_gather(1000, 0);" \
             "all_gather recursive_doubling all_gather(1000, 0);" \
             "all_gather bruck all_gather(1000, 0);" \
             "all_to_all pairwise all_to_all(1000, 0);" \
             "all_to_all bruck all_to_all(1000, 0);" \
             "all_reduce recursive_doubling all_reduce(1000, 0);" \
             "all_reduce ring all_reduce(1000, 0);" \
             "barrier dissemination barrier();"; do
        read -r kind algo stmt <<< "$c"
        printf 'if (rank == 1) { send(0, (8, 3)); }; if (rank == 0) { receive(1); };\n%s\n' "$stmt" > c.proto
        for p in 2 3 5 8 9; do
            netsim -n "$p" --coll "$kind=$algo" --summary-only --trace c.ti c.proto > /dev/null
            ti_check "$p" < c.ti || { echo "$kind=$algo -n $p"; false; }
            # init, finalize, the collective on every rank; the message's 2 x 2
            [ "$(wc -l < c.ti)" -eq $((3 * p + 4)) ] || { echo "$kind=$algo -n $p"; cat c.ti; false; }
        done
    done
}

@test "ti: SimGrid's SMPI replays netsim's traces to netsim's times, plus SMPI's 16 bytes a message (when SimGrid is installed)" {
    command -v smpirun > /dev/null || skip "smpirun not installed (make deps-simgrid)"
    cd "$BATS_TEST_TMPDIR"
    printf 'net-model 1\nregime any 10 0.001\n' > h.net
    # netsim's time, SMPI's replay of its trace (pipelines/netsim-smpi/
    # ti-replay, the same model), the messages on the critical path (SMPI's
    # 16 bytes each: 0.016 us at 1 GB/s)
    for c in "bcast binomial binomial_tree 4 2 bcast(0, (65536, 0));" \
             "all_gather ring ring 8 7 all_gather(1024, 0);" \
             "all_reduce recursive_doubling rdb 8 3 all_reduce(4096, 0);" \
             "barrier dissemination ompi_bruck 8 3 barrier();"; do
        read -r kind algo smpi p hops stmt <<< "$c"
        printf 'compute(0.0001, 0);\n%s\n' "$stmt" > c.proto
        n=$(netsim -n "$p" --net h.net --coll "$kind=$algo" --summary-only --trace c.ti c.proto |
            awk '$1 == "summary" { print $2 }')
        mpi=$(echo "$kind" | tr -d _)
        s=$("$ROOT/pipelines/netsim-smpi/ti-replay" "$p" c.ti "--cfg=smpi/$mpi:$smpi")
        awk -v n="$n" -v s="$s" -v h="$hops" -v c="$kind=$algo" 'BEGIN {
            want = n + h * 16e-9; d = s - want; if (d < 0) d = -d
            if (d > 2e-9) { printf "%s: netsim %.9f + %d x 16 ns, replay %.9f\n", c, n, h, s; exit 1 } }'
    done
    # the halo exchange: isend, irecv, waitall and a barrier
    netsim -n 4 "${HALO[@]}" --net h.net --coll barrier=dissemination --summary-only --trace h.ti "$P/halo.proto" |
        awk '$1 == "summary" { print $2 }' > n
    s=$("$ROOT/pipelines/netsim-smpi/ti-replay" 4 h.ti --cfg=smpi/barrier:ompi_bruck)
    awk -v n="$(cat n)" -v s="$s" 'BEGIN { d = (s - n) / n; if (d < 0) d = -d
        if (d > 1e-3) { printf "halo: netsim %.9f, replay %.9f\n", n, s; exit 1 } }'
}

@test "the ti trace is written as the run goes: 4 x 10^5 messages in 40 MB of address space" {
    cd "$BATS_TEST_TMPDIR"
    printf 'for (k, 100000) { if (rank %% 2 == 0) { send(rank + 1, (8, 0)); receive(rank + 1); } else { receive(rank - 1); send(rank - 1, (8, 0)); }; };\n' > pp.proto
    run bash -c "$(ulimit_v 40000) netsim -n 4 --summary-only --trace pp.ti pp.proto > /dev/null && wc -l < pp.ti"
    assert_success
    # 4 init + 4 finalize + 4 ranks x 10^5 rounds x (2 messages x 2 lines).
    assert_output "1600008"
}

@test "--trace errors: bad format, no file, the timeline's own output, --print-net; exit 2" {
    run netsim --trace-format=otf2 --trace t "$P/ring.proto"
    assert_failure 2
    assert_output "netsim: --trace-format wants ti or paje, not 'otf2'
Try 'netsim --help'."
    run netsim --trace-format paje "$P/ring.proto"
    assert_failure 2
    assert_output "netsim: --trace-format paje: there is no --trace FILE to write
Try 'netsim --help'."
    run netsim --trace "" "$P/ring.proto"
    assert_failure 2
    assert_output "netsim: --trace wants a file name
Try 'netsim --help'."
    run netsim --trace - "$P/ring.proto"
    assert_failure 2
    assert_output "netsim: --trace -: the timeline goes there already; give the timeline (-o) and the trace different files
Try 'netsim --help'."
    run netsim -o x.timeline --trace x.timeline "$P/ring.proto"
    assert_failure 2
    assert_output "netsim: --trace x.timeline: the timeline goes there already; give the timeline (-o) and the trace different files
Try 'netsim --help'."
    run netsim --print-net --trace t
    assert_failure 2
    assert_output "netsim: --trace applies only when simulating, not with --print-net
Try 'netsim --help'."
}

@test "--trace: a run that fails writes no trace; an unwritable trace is an I/O error, exit 1 as for -o" {
    cd "$BATS_TEST_TMPDIR"
    printf 'if (rank == 0) { receive(1); };\n' > dead.proto
    run netsim --trace dead.ti dead.proto
    assert_failure 1
    [ ! -e dead.ti ]
    [ -z "$(ls dead.ti.tmp* 2> /dev/null)" ]
    run netsim --trace no/such/dir/t.ti "$P/ring.proto"
    assert_failure 1
    assert_output "netsim: cannot write 'no/such/dir/t.ti': No such file or directory"
}
