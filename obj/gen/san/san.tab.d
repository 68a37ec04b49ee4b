obj/gen/san/san.tab.o: gen/san/san.tab.c gen/san/san.tab.h \
 lib/san/parser.h lib/san/san.h lib/common/common.h lib/desc/desc.h
gen/san/san.tab.h:
lib/san/parser.h:
lib/san/san.h:
lib/common/common.h:
lib/desc/desc.h:
