/* both.c — two halves of a loop on two threads (common.h). */
#include <pthread.h>

#include "common/common.h"

void run_both(void *(*fn)(void *), void *a, void *b, int threads)
{
    pthread_t th;
    int threaded = threads > 1 && pthread_create(&th, NULL, fn, b) == 0;
    fn(a);
    if (threaded)
        pthread_join(th, NULL);
    else
        fn(b);
}
