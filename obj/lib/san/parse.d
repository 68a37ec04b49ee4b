obj/lib/san/parse.o: lib/san/parse.c lib/san/parser.h lib/san/san.h \
 lib/common/common.h lib/desc/desc.h gen/san/san.tab.h gen/san/san.lex.h
lib/san/parser.h:
lib/san/san.h:
lib/common/common.h:
lib/desc/desc.h:
gen/san/san.tab.h:
gen/san/san.lex.h:
