obj/lib/pasl/parse.o: lib/pasl/parse.c lib/pasl/parser.h lib/pasl/pasl.h \
 lib/common/common.h gen/pasl/pasl.tab.h gen/pasl/pasl.lex.h
lib/pasl/parser.h:
lib/pasl/pasl.h:
lib/common/common.h:
gen/pasl/pasl.tab.h:
gen/pasl/pasl.lex.h:
