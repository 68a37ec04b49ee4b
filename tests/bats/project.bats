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
    [ -f "$prefix/share/man/man5/app-graph.5" ]
    [ -f "$prefix/share/man/man5/pasl.5" ]
    # The library and headers a `proto2c --target sim` program builds with.
    cd "$BATS_TEST_TMPDIR"
    "$prefix/bin/proto2c" "$ROOT/examples/proto/ring.proto" > ring.c
    cc $PERFPIPE_CFLAGS -std=c11 -I"$prefix/include/perfpipe" ring.c -L"$prefix/lib" -lperfpipe -lm -o ring
    ./ring -n 3 --summary | grep -q '^summary 0.003570000 '
}
