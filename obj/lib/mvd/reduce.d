obj/lib/mvd/reduce.o: lib/mvd/reduce.c lib/mvd/reduce.h lib/desc/desc.h \
 lib/common/common.h
lib/mvd/reduce.h:
lib/desc/desc.h:
lib/common/common.h:
