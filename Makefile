# perfpipe — the one entry point (GNU Make, non-recursive; parallel-safe).
#
#   make            build every program into build/bin
#   make check      build, then run the C unit tests and the Bats tests
#   make asan       the same tests under AddressSanitizer + UBSan (build/asan)
#   make demo       run the main pipelines on examples/ (writes out/)
#   make bench      run the benchmarks and print their figures
#   make solver-suite  mvd-solve on seven SANs at 1e5 and 1e6 states, no
#                   options against every combination (issue 27)
#   make gstr-tables  Lucchese's Tables 5.1-5.6 beside the published cells
#   make seed001-experiment  seed 001's matrix multiplication measured here,
#                   fitted, and predicted beside the paper's Table 4
#   make join-real  the sieve run for real by each scheduler (gstr-sched
#                   --run) beside the simulation, calibrated here
#   make net-loop   measure (mpibench), fit (bench2model), simulate (netsim),
#                   check against real MPI runs (RUNS=5, STAT=median|min)
#   make mvd-speedup  mvd-solve's parallel iteration predicted (--emit-proto
#                   | netsim) on Myrinet- and Gigabit-class clusters, P <= 32,
#                   calibrated here (REPS=3, CALIBRATE=2|1)
#   make netsim-smpi  netsim's collective algorithms against SimGrid SMPI
#                   (after `make deps-simgrid`)
#   make prism-compare PRISM_DIR=...  PRISM's own CTMC case studies read by
#                   san2desc and solved by mvd-solve against PRISM itself
#                   (a PRISM checkout built outside the project)
#   make fuzz       run the libFuzzer targets (FUZZ_SECONDS each, default 60,
#                   or FUZZ_RUNS executions each; FUZZ_JOBS at once;
#                   FUZZ_TARGETS="san proto" for some of them)
#   make deps       install the system packages (as root) or say which
#   make deps-simgrid  SimGrid (SMPI), for make netsim-smpi only
#   make install    PREFIX=/usr/local: programs and man pages
#   make clean

.DEFAULT_GOAL := all
SHELL := /bin/bash
# Every core by default: `make` builds on all of them, `make check` runs
# that many test files at once (tests/run). A -j on the command line
# wins (`make -j1`). `make clean all` stays in order.
NPROC := $(shell nproc 2>/dev/null || echo 1)
MAKEFLAGS += -j$(NPROC)
ifneq ($(filter clean,$(MAKECMDGOALS)),)
.NOTPARALLEL:
endif
.DELETE_ON_ERROR:
.SUFFIXES:

PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=
CC      := $(if $(filter default,$(origin CC)),cc,$(CC))

CPPFLAGS_ALL = -Ilib -I$(BUILD)/gen -D_POSIX_C_SOURCE=200809L
CFLAGS_ALL   = -std=c11 -Wall -Wextra -Werror $(OPT) $(SAN) $(CFLAGS)
LDLIBS_ALL   = -lm -pthread $(LDLIBS)

PROGS := pasl2graph netsim proto2c san2desc bench2model
# Programs that call MPI: compiled and linked with $(MPICC), which wraps
# $(CC) (OMPI_CC / MPICH_CC), so `make CC=clang` and `make asan` reach them.
# mvd-solve initialises MPI only when mpirun started it (lib/mvd/mpi/par.h),
# so it runs without mpirun too.
MPI_PROGS := mpibench mvd-solve gstr-sched
MPICC ?= mpicc
MPI_ENV = OMPI_CC=$(CC) MPICH_CC=$(CC)

# ------------------------------------------------------------------ sources
# Every lib/<module>/*.c and lib/<module>/<part>/*.c (lib/mvd's kernels,
# methods and mpi), plus the scanners and parsers generated from
# lib/<module>/*.l and *.y into $(BUILD)/gen/<module>/.
# lib/<module>/mpi_*.c include mpi.h: they stay out of libperfpipe.a (the
# programs without MPI link it) and link only into the MPI programs.
LIB_MPI_C  := $(wildcard lib/*/mpi_*.c lib/*/*/mpi_*.c)
LIB_C      := $(filter-out $(LIB_MPI_C),$(wildcard lib/*/*.c lib/*/*/*.c))
LIB_Y      := $(wildcard lib/*/*.y)
LIB_L      := $(wildcard lib/*/*.l)
GEN_PARSE_C := $(patsubst lib/%.y,$(BUILD)/gen/%.tab.c,$(LIB_Y))
GEN_PARSE_H := $(GEN_PARSE_C:.c=.h)
GEN_LEX_C   := $(patsubst lib/%.l,$(BUILD)/gen/%.lex.c,$(LIB_L))
GEN_LEX_H   := $(GEN_LEX_C:.c=.h)
# Sources proto2c copies into the MPI programs it writes, as C strings.
EMBED       := lib/common/rng_core.h lib/sim/timeline_core.h lib/proto/arith.h \
               lib/common/define_core.h lib/proto/mpi_runtime.cin
GEN_EMBED   := $(BUILD)/gen/proto/mpi_runtime.inc
GEN_H       := $(GEN_PARSE_H) $(GEN_LEX_H) $(GEN_EMBED)

LIB_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_C)) \
           $(patsubst $(BUILD)/gen/%.c,$(BUILD)/obj/gen/%.o,$(GEN_PARSE_C) $(GEN_LEX_C))
LIBA    := $(BUILD)/libperfpipe.a
BINS    := $(addprefix $(BUILD)/bin/,$(PROGS) $(MPI_PROGS))
MPI_OBJ := $(patsubst %.c,$(BUILD)/obj/mpi/%.o,$(LIB_MPI_C))
UNIT_C  := $(wildcard tests/unit/test_*.c)
UNITS   := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_C))
# Benchmark drivers that link with the library (tests/bench/bench_*.c).
BENCH_C := $(wildcard tests/bench/bench_*.c)
BENCHES := $(patsubst tests/bench/%.c,$(BUILD)/bench/%,$(BENCH_C))

# ------------------------------------------------------------------- build
# The real sieve's task commands (examples/sieve, gstr-sched --run): an
# example's program, not a perfpipe one; plain C and stdio.
EXAMPLE_BINS := $(BUILD)/examples/sieve

.PHONY: all
all: $(BINS) $(UNITS) $(BENCHES) $(EXAMPLE_BINS)

$(BUILD)/examples/sieve: examples/sieve/sieve.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -o $@ $<

$(BUILD)/gen/%.tab.c $(BUILD)/gen/%.tab.h &: lib/%.y
	@mkdir -p $(@D)
	bison -Wall -Werror -d -o $(BUILD)/gen/$*.tab.c $<

$(BUILD)/gen/%.lex.c $(BUILD)/gen/%.lex.h &: lib/%.l
	@mkdir -p $(@D)
	flex --header-file=$(BUILD)/gen/$*.lex.h -o $(BUILD)/gen/$*.lex.c $<

$(GEN_EMBED): $(EMBED)
	@mkdir -p $(@D)
	for f in $^; do \
	  echo "static const char embed_$$(basename $$f | tr '.-' '__')[] ="; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$$/\\n"/' $$f; \
	  echo "    ;"; \
	done > $@

# Generated headers exist before anything that may include them compiles.
$(BUILD)/obj/%.o: %.c | $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c | $(GEN_H)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS_ALL) -I$(dir $<) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

# The MVD kernels' inner loops run over contiguous slices of vectors:
# let the compiler vectorise them (GCC does not at -O2 alone; about 1.5x
# on bench_mvd's fast slice). bench_mvd's in-cache multiply-add loop too:
# the rate of its roofline is the kernels' (tests/bench/bench_mvd.c).
$(BUILD)/obj/lib/mvd/kernels/plan.o $(BUILD)/obj/lib/mvd/kernels/shuffle.o \
$(BUILD)/obj/lib/mvd/kernels/slice.o $(BUILD)/obj/lib/mvd/kernels/sparse.o \
$(BUILD)/obj/tests/bench/bench_mvd.o: CFLAGS_ALL += -ftree-vectorize

$(LIBA): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# Objects before archives, whatever order the prerequisites came in (a
# program's own files, below, are added after them).
link_inputs = $(filter %.o,$^) $(filter %.a,$^)

$(BUILD)/bin/%: $(BUILD)/obj/tools/%/main.o $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $(link_inputs) $(LDLIBS_ALL)

$(BUILD)/obj/mpi/%.o: %.c | $(GEN_H)
	@mkdir -p $(@D)
	$(MPI_ENV) $(MPICC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

# The MPI modules in an archive of their own: each MPI program links only
# the ones it calls (mpibench the bench's, mvd-solve lib/mvd/mpi/mpi_*.c).
MPI_LIBA := $(BUILD)/libperfpipe-mpi.a
$(MPI_LIBA): $(MPI_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

$(addprefix $(BUILD)/bin/,$(MPI_PROGS)): $(BUILD)/bin/%: \
		$(BUILD)/obj/mpi/tools/%/main.o $(MPI_LIBA) $(LIBA)
	@mkdir -p $(@D)
	$(MPI_ENV) $(MPICC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $(link_inputs) $(LDLIBS_ALL)

# A program's files beside main.c (tools/PROG/*.c: mvd-solve's options.c)
# are linked into it, compiled as its main.c is.
tool_objs = $(patsubst %.c,$(BUILD)/obj/$(2)%.o,$(filter-out %/main.c,$(wildcard tools/$(1)/*.c)))
$(foreach p,$(PROGS),$(eval $(BUILD)/bin/$(p): $(call tool_objs,$(p),)))
$(foreach p,$(MPI_PROGS),$(eval $(BUILD)/bin/$(p): $(call tool_objs,$(p),mpi/)))

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $^ $(LDLIBS_ALL)

$(BUILD)/bench/%: $(BUILD)/obj/tests/bench/%.o $(LIBA)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS) -o $@ $^ $(LDLIBS_ALL)

.SECONDARY:
-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

# -------------------------------------------------------------------- tests
.PHONY: check asan
# deps first, then the build: under -j the two must not run side by side
# (on a fresh machine bison would start before apt-get has installed it).
check: deps
	@$(MAKE) --no-print-directory all
	@PERFPIPE_CFLAGS="$(SAN)" tests/run $(BUILD)

asan:
	$(MAKE) BUILD=build/asan OPT="-O1 -g" \
	  SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" check

# libFuzzer targets tests/fuzz/fuzz_*.c, built with clang, ASan and UBSan,
# each run for FUZZ_SECONDS from a corpus seeded with the examples, or for
# FUZZ_RUNS executions each when set (the long campaign, >= 10^7 per
# parser: make fuzz FUZZ_RUNS=10000000 FUZZ_JOBS=2). FUZZ_JOBS targets run
# at once, FUZZ_TARGETS names some of them (default all). Prints executions
# and exec/s per target; findings go to build/fuzz/findings and make the
# status 1.
FUZZ_SECONDS ?= 60
FUZZ_RUNS    ?= 0
FUZZ_JOBS    ?= 1
FUZZ_TARGETS ?=
.PHONY: fuzz
fuzz:
	$(MAKE) BUILD=build/fuzz CC=clang OPT="-O1 -g" \
	  SAN="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all" \
	  build/fuzz/libperfpipe.a
	@tests/fuzz/run build/fuzz $(FUZZ_SECONDS) $(FUZZ_RUNS) $(FUZZ_JOBS) "$(FUZZ_TARGETS)"

# --------------------------------------------------------------- demo, bench
.PHONY: demo bench
demo: deps
	@$(MAKE) --no-print-directory all
	@pipelines/demo $(BUILD)/bin out

bench: all
	@tests/bench/run $(BUILD)/bin $(BUILD)/bench

# Issue 27's solver suite at both sizes (1e6: hours on this machine; `make
# bench` runs it at 1e5 only, SOLVER_SUITE_SIZES to change that). Writes
# out/solver-suite/solver-suite.txt.
.PHONY: solver-suite
solver-suite: all
	@SIZES="$(or $(SOLVER_SUITE_SIZES),1e5 1e6)" pipelines/solver-suite $(BUILD)/bin out/solver-suite

# Seed 001's experiment on this machine (mpibench matmul and oneway, then
# bench2model): not in `make check`, since it measures. REPS=3 samples.
.PHONY: seed001-experiment
seed001-experiment: all
	@pipelines/seed001-experiment $(BUILD)/bin out

# Issue 30's check of the simulation against real runs: the sieve run
# for real by each scheduler (gstr-sched --run, 3 workers) beside the
# event model on a platform calibrated here (out/join-real.*; N=10^9 and
# the least of RUNS runs, net-loop's RUNS, by default). Not in `make check`.
.PHONY: join-real
join-real: all
	@pipelines/join-real $(BUILD)/bin out $(or $(N),1000000000) $(RUNS)

# Issue 11's loop on this machine: mpibench -> bench2model comm -> netsim,
# against the proto2c MPI programs' measured timelines (out/net-loop.*).
.PHONY: net-loop
RUNS ?= 5
STAT ?= median
net-loop: all
	@pipelines/net-loop $(BUILD)/bin out $(RUNS) $(STAT)

# Issue 13: the thesis's speed-up figures for the SC-, Misto- and
# Denso-like models, predicted by mvd-solve --emit-proto | netsim on two
# cluster models, the time per multiplication calibrated from mpirun runs
# here (out/mvd-speedup*.png); not in `make check`, since it measures.
.PHONY: mvd-speedup
mvd-speedup: all
	@pipelines/mvd-speedup $(BUILD)/bin out

# Issue 28: PRISM's own case-study files (PRISM_DIR/prism-examples/ctmcs)
# through san2desc | mvd-solve against PRISM on the same files
# (out/prism-compare/prism-compare.txt). Needs PRISM built in
# PRISM_DIR/prism; not in `make check`.
.PHONY: prism-compare
prism-compare: all
	@pipelines/prism-compare "$(PRISM_DIR)" $(BUILD)/bin out/prism-compare

# Issue 14: netsim's collective algorithms and a nonblocking halo stencil
# against SimGrid's SMPI on the same Hockney model, P = 4..64
# (out/netsim-smpi.txt). Needs `make deps-simgrid`; not in `make check`.
.PHONY: netsim-smpi
netsim-smpi: all
	@pipelines/netsim-smpi/run $(BUILD)/bin out

# Lucchese 2002, Tables 5.1-5.6, beside the published cells (SEEDS=30).
.PHONY: gstr-tables
SEEDS ?= 30
gstr-tables: all
	@$(MAKE) --no-print-directory -f pipelines/gstr-tables/Makefile \
	  BIN=$(BUILD)/bin OUT=out/gstr-tables SEEDS=$(SEEDS)
	@cat out/gstr-tables/tables.txt

# ------------------------------------------------------------- dependencies
# Debian packages the project needs to build, test and demo. `make deps`
# installs the missing ones when run as root and names them otherwise.
DEPS_PKGS := build-essential flex bison libopenmpi-dev openmpi-bin \
             bats bats-assert bats-support graphviz man-db groff-base bc time \
             clang libclang-rt-dev gnuplot-nox
DEPS_CMDS := cc make flex bison mpicc mpirun bats dot man bc clang gnuplot
DEPS_FILES := /usr/bin/time /usr/lib/bats/bats-assert/load.bash /usr/lib/bats/bats-support/load.bash

.PHONY: deps
deps:
	@missing=""; \
	for c in $(DEPS_CMDS); do command -v $$c >/dev/null 2>&1 || missing="$$missing $$c"; done; \
	for f in $(DEPS_FILES); do [ -e $$f ] || missing="$$missing $$f"; done; \
	command -v clang >/dev/null 2>&1 && \
	  ! ls "$$(clang -print-runtime-dir)"/libclang_rt.fuzzer*.a >/dev/null 2>&1 && \
	  missing="$$missing libFuzzer"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	echo "make deps: missing:$$missing"; \
	if [ "$$(id -u)" -ne 0 ]; then \
	  echo "make deps: run as root, or: apt-get install $(DEPS_PKGS)"; exit 1; fi; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update -q && apt-get install -y -q $(DEPS_PKGS)

# SimGrid for pipelines/netsim-smpi only, apart from `make deps`: Debian's
# libsimgrid-dev has smpicc and smpirun (there is no package 'simgrid').
SIMGRID_PKGS := libsimgrid-dev
.PHONY: deps-simgrid
deps-simgrid:
	@if command -v smpicc >/dev/null 2>&1 && command -v smpirun >/dev/null 2>&1; then exit 0; fi; \
	if [ "$$(id -u)" -ne 0 ]; then \
	  echo "make deps-simgrid: run as root, or: apt-get install $(SIMGRID_PKGS)"; exit 1; fi; \
	export DEBIAN_FRONTEND=noninteractive; \
	apt-get update -q && apt-get install -y -q $(SIMGRID_PKGS)

# ------------------------------------------------------------------ install
MAN1 := $(wildcard man/man1/*.1)
MAN5 := $(wildcard man/man5/*.5)

.PHONY: install uninstall
# The library and the headers the simulators of `proto2c --target sim`
# compile against: cc -I$(PREFIX)/include/perfpipe x.c -L$(PREFIX)/lib -lperfpipe -lm
INSTALL_HEADERS := lib/common/common.h lib/sim/sim.h \
                   lib/proto/proto.h lib/proto/arith.h
INCDIR = $(DESTDIR)$(PREFIX)/include/perfpipe

install: $(BINS) $(LIBA)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	           $(DESTDIR)$(PREFIX)/share/man/man5 $(DESTDIR)$(PREFIX)/lib \
	           $(INCDIR)/common $(INCDIR)/sim $(INCDIR)/proto
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(MAN1) $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(MAN5) $(DESTDIR)$(PREFIX)/share/man/man5
	install -m 644 $(LIBA) $(DESTDIR)$(PREFIX)/lib
	for h in $(INSTALL_HEADERS); do \
	  install -m 644 $$h $(INCDIR)/$$(basename $$(dirname $$h))/; done

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/bin/,$(PROGS) $(MPI_PROGS)) \
	      $(addprefix $(DESTDIR)$(PREFIX)/share/man/man1/,$(notdir $(MAN1))) \
	      $(addprefix $(DESTDIR)$(PREFIX)/share/man/man5/,$(notdir $(MAN5))) \
	      $(DESTDIR)$(PREFIX)/lib/libperfpipe.a
	rm -rf $(INCDIR)

.PHONY: clean
clean:
	rm -rf build out
