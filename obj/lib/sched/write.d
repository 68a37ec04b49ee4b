obj/lib/sched/write.o: lib/sched/write.c lib/sched/sched.h \
 lib/common/common.h
lib/sched/sched.h:
lib/common/common.h:
