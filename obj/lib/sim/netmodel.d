obj/lib/sim/netmodel.o: lib/sim/netmodel.c lib/sim/sim.h \
 lib/common/common.h
lib/sim/sim.h:
lib/common/common.h:
