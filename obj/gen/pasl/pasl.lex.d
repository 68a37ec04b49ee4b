obj/gen/pasl/pasl.lex.o: gen/pasl/pasl.lex.c lib/pasl/parser.h \
 lib/pasl/pasl.h lib/common/common.h gen/pasl/pasl.tab.h
lib/pasl/parser.h:
lib/pasl/pasl.h:
lib/common/common.h:
gen/pasl/pasl.tab.h:
