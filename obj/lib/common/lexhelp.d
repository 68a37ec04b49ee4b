obj/lib/common/lexhelp.o: lib/common/lexhelp.c lib/common/common.h
lib/common/common.h:
