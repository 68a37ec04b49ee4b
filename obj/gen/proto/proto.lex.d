obj/gen/proto/proto.lex.o: gen/proto/proto.lex.c lib/proto/parser.h \
 lib/proto/proto.h lib/common/common.h lib/sim/sim.h lib/proto/arith.h \
 gen/proto/proto.tab.h lib/proto/define_core.h
lib/proto/parser.h:
lib/proto/proto.h:
lib/common/common.h:
lib/sim/sim.h:
lib/proto/arith.h:
gen/proto/proto.tab.h:
lib/proto/define_core.h:
