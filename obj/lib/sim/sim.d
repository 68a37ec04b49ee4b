obj/lib/sim/sim.o: lib/sim/sim.c lib/common/rng_core.h lib/sim/kernel.h \
 lib/common/common.h lib/sim/sim.h lib/sim/timeline_core.h
lib/common/rng_core.h:
lib/sim/kernel.h:
lib/common/common.h:
lib/sim/sim.h:
lib/sim/timeline_core.h:
