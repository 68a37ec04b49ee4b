obj/lib/sched/appgraph.o: lib/sched/appgraph.c lib/sched/read.h \
 lib/sched/sched.h lib/common/common.h
lib/sched/read.h:
lib/sched/sched.h:
lib/common/common.h:
