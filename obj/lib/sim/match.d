obj/lib/sim/match.o: lib/sim/match.c lib/sim/kernel.h lib/common/common.h \
 lib/sim/sim.h
lib/sim/kernel.h:
lib/common/common.h:
lib/sim/sim.h:
