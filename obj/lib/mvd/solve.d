obj/lib/mvd/solve.o: lib/mvd/solve.c lib/mvd/mvd.h lib/common/common.h \
 lib/desc/desc.h
lib/mvd/mvd.h:
lib/common/common.h:
lib/desc/desc.h:
