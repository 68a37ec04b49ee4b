obj/tools/mvd-solve/main.o: tools/mvd-solve/main.c lib/common/common.h \
 lib/desc/desc.h lib/mvd/mvd.h
lib/common/common.h:
lib/desc/desc.h:
lib/mvd/mvd.h:
