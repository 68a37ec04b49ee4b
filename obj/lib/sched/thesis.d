obj/lib/sched/thesis.o: lib/sched/thesis.c lib/sched/sched.h \
 lib/common/common.h
lib/sched/sched.h:
lib/common/common.h:
