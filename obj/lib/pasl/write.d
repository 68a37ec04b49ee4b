obj/lib/pasl/write.o: lib/pasl/write.c lib/pasl/pasl.h \
 lib/common/common.h
lib/pasl/pasl.h:
lib/common/common.h:
