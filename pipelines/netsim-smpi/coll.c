/* pipelines/netsim-smpi/coll.c — one MPI collective for SMPI (smpicc):
 * `coll NAME COUNT` runs collective NAME once on COUNT bytes (the message
 * of bcast and reduce, the vector of allreduce, each process's block for
 * gather, scatter, allgather and alltoall; barrier: none) from a common
 * start at simulated time 0, and each rank prints "RANK END" in seconds.
 * Which algorithm runs is SMPI's --cfg=smpi/NAME:ALGORITHM. Buffers are
 * SMPI_SHARED_MALLOC'd: their contents do not matter, 64 ranks' all-to-all
 * buffers would not fit otherwise. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    if (argc != 3) {
        if (rank == 0)
            fprintf(stderr, "usage: coll NAME COUNT\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const char *name = argv[1];
    int n = atoi(argv[2]);
    char *a = SMPI_SHARED_MALLOC((size_t)n * p + 1);
    char *b = SMPI_SHARED_MALLOC((size_t)n * p + 1);
    MPI_Comm w = MPI_COMM_WORLD;
    if (!strcmp(name, "bcast"))
        MPI_Bcast(a, n, MPI_BYTE, 0, w);
    else if (!strcmp(name, "reduce"))
        MPI_Reduce(a, b, n, MPI_BYTE, MPI_BOR, 0, w);
    else if (!strcmp(name, "allreduce"))
        MPI_Allreduce(a, b, n, MPI_BYTE, MPI_BOR, w);
    else if (!strcmp(name, "gather"))
        MPI_Gather(a, n, MPI_BYTE, b, n, MPI_BYTE, 0, w);
    else if (!strcmp(name, "scatter"))
        MPI_Scatter(a, n, MPI_BYTE, b, n, MPI_BYTE, 0, w);
    else if (!strcmp(name, "allgather"))
        MPI_Allgather(a, n, MPI_BYTE, b, n, MPI_BYTE, w);
    else if (!strcmp(name, "alltoall"))
        MPI_Alltoall(a, n, MPI_BYTE, b, n, MPI_BYTE, w);
    else if (!strcmp(name, "barrier"))
        MPI_Barrier(w);
    else
        MPI_Abort(w, 2);
    printf("%d %.9f\n", rank, MPI_Wtime());
    SMPI_SHARED_FREE(a);
    SMPI_SHARED_FREE(b);
    MPI_Finalize();
    return 0;
}
