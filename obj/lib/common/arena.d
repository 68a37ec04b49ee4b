obj/lib/common/arena.o: lib/common/arena.c lib/common/common.h
lib/common/common.h:
