obj/lib/san/resolve.o: lib/san/resolve.c lib/san/model.h lib/san/parser.h \
 lib/san/san.h lib/common/common.h lib/desc/desc.h
lib/san/model.h:
lib/san/parser.h:
lib/san/san.h:
lib/common/common.h:
lib/desc/desc.h:
