obj/tools/san2desc/main.o: tools/san2desc/main.c lib/common/common.h \
 lib/san/san.h lib/desc/desc.h
lib/common/common.h:
lib/san/san.h:
lib/desc/desc.h:
