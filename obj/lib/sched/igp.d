obj/lib/sched/igp.o: lib/sched/igp.c lib/sched/sched.h \
 lib/common/common.h
lib/sched/sched.h:
lib/common/common.h:
