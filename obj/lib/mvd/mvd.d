obj/lib/mvd/mvd.o: lib/mvd/mvd.c lib/mvd/mvd.h lib/common/common.h \
 lib/desc/desc.h lib/mvd/reduce.h
lib/mvd/mvd.h:
lib/common/common.h:
lib/desc/desc.h:
lib/mvd/reduce.h:
