obj/lib/mvd/space.o: lib/mvd/space.c lib/mvd/mvd.h lib/common/common.h \
 lib/desc/desc.h
lib/mvd/mvd.h:
lib/common/common.h:
lib/desc/desc.h:
