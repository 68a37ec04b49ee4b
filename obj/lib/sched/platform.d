obj/lib/sched/platform.o: lib/sched/platform.c lib/sched/sched.h \
 lib/common/common.h lib/sched/read.h
lib/sched/sched.h:
lib/common/common.h:
lib/sched/read.h:
