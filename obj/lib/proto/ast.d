obj/lib/proto/ast.o: lib/proto/ast.c lib/proto/parser.h lib/proto/proto.h \
 lib/common/common.h lib/sim/sim.h lib/proto/arith.h \
 gen/proto/proto.tab.h gen/proto/proto.lex.h
lib/proto/parser.h:
lib/proto/proto.h:
lib/common/common.h:
lib/sim/sim.h:
lib/proto/arith.h:
gen/proto/proto.tab.h:
gen/proto/proto.lex.h:
