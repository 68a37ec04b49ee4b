obj/lib/common/cli.o: lib/common/cli.c lib/common/common.h
lib/common/common.h:
