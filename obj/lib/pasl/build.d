obj/lib/pasl/build.o: lib/pasl/build.c lib/pasl/parser.h lib/pasl/pasl.h \
 lib/common/common.h
lib/pasl/parser.h:
lib/pasl/pasl.h:
lib/common/common.h:
