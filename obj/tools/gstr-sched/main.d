obj/tools/gstr-sched/main.o: tools/gstr-sched/main.c lib/common/common.h \
 lib/sched/sched.h
lib/common/common.h:
lib/sched/sched.h:
