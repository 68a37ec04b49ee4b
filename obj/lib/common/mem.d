obj/lib/common/mem.o: lib/common/mem.c lib/common/common.h
lib/common/common.h:
