obj/lib/common/diag.o: lib/common/diag.c lib/common/common.h
lib/common/common.h:
