obj/lib/common/keymap.o: lib/common/keymap.c lib/common/common.h
lib/common/common.h:
