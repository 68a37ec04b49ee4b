obj/lib/proto/emit.o: lib/proto/emit.c lib/proto/proto.h \
 lib/common/common.h lib/sim/sim.h lib/proto/arith.h \
 gen/proto/mpi_runtime.inc
lib/proto/proto.h:
lib/common/common.h:
lib/sim/sim.h:
lib/proto/arith.h:
gen/proto/mpi_runtime.inc:
