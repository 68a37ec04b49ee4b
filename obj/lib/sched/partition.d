obj/lib/sched/partition.o: lib/sched/partition.c lib/sched/sched.h \
 lib/common/common.h
lib/sched/sched.h:
lib/common/common.h:
