obj/lib/common/rng.o: lib/common/rng.c lib/common/common.h \
 lib/common/rng_core.h
lib/common/common.h:
lib/common/rng_core.h:
