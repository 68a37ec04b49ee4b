obj/lib/common/escape.o: lib/common/escape.c lib/common/common.h
lib/common/common.h:
