obj/tools/netsim/main.o: tools/netsim/main.c lib/proto/proto.h \
 lib/common/common.h lib/sim/sim.h lib/proto/arith.h
lib/proto/proto.h:
lib/common/common.h:
lib/sim/sim.h:
lib/proto/arith.h:
