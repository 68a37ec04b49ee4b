/* pipelines/netsim-smpi/coll.c — one MPI collective for SMPI (smpicc):
 * `coll NAME COUNT` runs collective NAME once on COUNT bytes (the message
 * of bcast and reduce, the vector of allreduce, each process's block for
 * gather, scatter, allgather and alltoall; barrier: none) from a common
 * start at simulated time 0, and each rank prints "RANK END" in seconds.
 * Which algorithm runs is SMPI's --cfg=smpi/NAME:ALGORITHM. Buffers are
 * SMPI_SHARED_MALLOC'd: their contents do not matter, 64 ranks' all-to-all
 * buffers would not fit otherwise.
 *
 * Also the contention cases of issue 29, each the very message pattern of
 * netsim's, so that the fluid models are compared on the same flows:
 *   ring      P - 1 rounds, each an MPI_Sendrecv of COUNT to rank + 1 from
 *             rank - 1 (netsim's all_gather=ring; SMPI's own allgather
 *             "ring" sends to rank + i instead)
 *   pairwise  P - 1 rounds, round i an MPI_Sendrecv to rank + i from
 *             rank - i (netsim's all_to_all=pairwise, Open MPI's; SMPI's
 *             alltoall "pair" pairs rank XOR i)
 *   halves    pairwise inside each half of the ranks (P even): two
 *             all-to-alls side by side on one network
 *   incast    every rank but 0 sends COUNT to rank 0, which receives them
 *             all at once (MPI_Irecv each, MPI_Waitall) */
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
    else if (!strcmp(name, "ring") || !strcmp(name, "pairwise") ||
             !strcmp(name, "halves")) {
        /* Rounds of one MPI_Sendrecv among h ranks from base. */
        int h = name[0] == 'h' ? p / 2 : p, base = rank / h * h,
            me = rank % h;
        for (int i = 1; i < h; i++) {
            int k = name[0] == 'r' ? 1 : i;
            MPI_Sendrecv(a, n, MPI_BYTE, base + (me + k) % h, 0, b, n,
                         MPI_BYTE, base + (me - k + h) % h, 0, w,
                         MPI_STATUS_IGNORE);
        }
    } else if (!strcmp(name, "incast")) {
        if (rank == 0) {
            MPI_Request *rq = malloc(sizeof *rq * (size_t)p);
            for (int i = 1; i < p; i++)
                MPI_Irecv(b, n, MPI_BYTE, i, 0, w, &rq[i - 1]);
            MPI_Waitall(p - 1, rq, MPI_STATUSES_IGNORE);
            free(rq);
        } else {
            MPI_Send(a, n, MPI_BYTE, 0, 0, w);
        }
    }
    else
        MPI_Abort(w, 2);
    printf("%d %.9f\n", rank, MPI_Wtime());
    SMPI_SHARED_FREE(a);
    SMPI_SHARED_FREE(b);
    MPI_Finalize();
    return 0;
}
