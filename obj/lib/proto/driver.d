obj/lib/proto/driver.o: lib/proto/driver.c lib/proto/define_core.h \
 lib/proto/proto.h lib/common/common.h lib/sim/sim.h lib/proto/arith.h
lib/proto/define_core.h:
lib/proto/proto.h:
lib/common/common.h:
lib/sim/sim.h:
lib/proto/arith.h:
