obj/lib/common/outfile.o: lib/common/outfile.c lib/common/common.h
lib/common/common.h:
