/* read.h — internal to lib/sched: what the platform and app-graph readers
 * share on top of lib/common's tf_reader. */
#ifndef PERFPIPE_SCHED_READ_H
#define PERFPIPE_SCHED_READ_H

#include "sched/sched.h"

typedef struct {
    FILE *mem;
    tf_reader r;
} sched_doc;

/* Opens text as a FORMAT file (its header read). 0, or -1 after a
 * diagnostic. */
int sched_doc_open(sched_doc *doc, const char *text, size_t len,
                   const char *file, diag *d, const char *format);
void sched_doc_close(sched_doc *doc);

/* Field i as a finite number > min (exclusive) or >= min; 0, or -1 after
 * a located diagnostic. */
int sched_number(tf_reader *r, size_t i, double min, int exclusive,
                 double *out);
/* Field i as a task type L<n>; 0, or -1 after a located diagnostic. */
int sched_task_type(tf_reader *r, size_t i, uint64_t *type);
/* An `end` record: field i must be the count of WHAT records. */
int sched_check_end(tf_reader *r, size_t i, const char *what, uint64_t count);

#endif
