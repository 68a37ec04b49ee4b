obj/lib/sched/read.o: lib/sched/read.c lib/sched/read.h lib/sched/sched.h \
 lib/common/common.h
lib/sched/read.h:
lib/sched/sched.h:
lib/common/common.h:
