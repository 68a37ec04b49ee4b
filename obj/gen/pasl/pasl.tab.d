obj/gen/pasl/pasl.tab.o: gen/pasl/pasl.tab.c gen/pasl/pasl.tab.h \
 lib/pasl/parser.h lib/pasl/pasl.h lib/common/common.h
gen/pasl/pasl.tab.h:
lib/pasl/parser.h:
lib/pasl/pasl.h:
lib/common/common.h:
