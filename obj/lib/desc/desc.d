obj/lib/desc/desc.o: lib/desc/desc.c lib/desc/desc.h lib/common/common.h
lib/desc/desc.h:
lib/common/common.h:
