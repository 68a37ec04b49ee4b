obj/lib/mvd/chain.o: lib/mvd/chain.c lib/mvd/mvd.h lib/common/common.h \
 lib/desc/desc.h
lib/mvd/mvd.h:
lib/common/common.h:
lib/desc/desc.h:
