obj/lib/desc/io.o: lib/desc/io.c lib/desc/desc.h lib/common/common.h
lib/desc/desc.h:
lib/common/common.h:
