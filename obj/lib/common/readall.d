obj/lib/common/readall.o: lib/common/readall.c lib/common/common.h
lib/common/common.h:
