/* mpi_launch.c — MPI started once, the same way, by every program that
 * can run under mpirun (mvd-solve, gstr-sched): common.h. */
#include <mpi.h>

#include "common/common.h"

/* Open MPI allocates at MPI_Init what it never frees, and LeakSanitizer
 * (make asan) would fail every MPI run on it. LeakSanitizer asks this
 * hook at exit: off once MPI was initialised, so the runs without MPI
 * keep their leak check (mpibench turns it off for good). */
static int mpi_started;
int __lsan_is_turned_off(void);
int __lsan_is_turned_off(void)
{
    return mpi_started;
}

int mpi_launch(int *argc, char ***argv)
{
    if (!mpi_launched())
        return 0;
    mpi_started = 1;
    MPI_Init(argc, argv);
    return 1;
}
