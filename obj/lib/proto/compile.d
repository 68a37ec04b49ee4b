obj/lib/proto/compile.o: lib/proto/compile.c lib/proto/parser.h \
 lib/proto/proto.h lib/common/common.h lib/sim/sim.h lib/proto/arith.h
lib/proto/parser.h:
lib/proto/proto.h:
lib/common/common.h:
lib/sim/sim.h:
lib/proto/arith.h:
