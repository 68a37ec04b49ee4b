obj/tools/proto2c/main.o: tools/proto2c/main.c lib/common/common.h \
 lib/proto/proto.h lib/sim/sim.h lib/proto/arith.h
lib/common/common.h:
lib/proto/proto.h:
lib/sim/sim.h:
lib/proto/arith.h:
