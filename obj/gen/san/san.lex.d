obj/gen/san/san.lex.o: gen/san/san.lex.c lib/san/parser.h lib/san/san.h \
 lib/common/common.h lib/desc/desc.h gen/san/san.tab.h
lib/san/parser.h:
lib/san/san.h:
lib/common/common.h:
lib/desc/desc.h:
gen/san/san.tab.h:
