obj/lib/proto/vm.o: lib/proto/vm.c lib/proto/proto.h lib/common/common.h \
 lib/sim/sim.h lib/proto/arith.h
lib/proto/proto.h:
lib/common/common.h:
lib/sim/sim.h:
lib/proto/arith.h:
