obj/lib/common/textfmt.o: lib/common/textfmt.c lib/common/common.h
lib/common/common.h:
