obj/tools/pasl2graph/main.o: tools/pasl2graph/main.c lib/common/common.h \
 lib/pasl/pasl.h
lib/common/common.h:
lib/pasl/pasl.h:
