obj/lib/sched/alloc.o: lib/sched/alloc.c lib/sched/sched.h \
 lib/common/common.h
lib/sched/sched.h:
lib/common/common.h:
