obj/gen/proto/proto.tab.o: gen/proto/proto.tab.c gen/proto/proto.tab.h \
 lib/proto/parser.h lib/proto/proto.h lib/common/common.h lib/sim/sim.h \
 lib/proto/arith.h
gen/proto/proto.tab.h:
lib/proto/parser.h:
lib/proto/proto.h:
lib/common/common.h:
lib/sim/sim.h:
lib/proto/arith.h:
