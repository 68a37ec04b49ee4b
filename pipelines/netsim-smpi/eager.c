/* pipelines/netsim-smpi/eager.c — one message of BYTES from rank 0 to
 * rank 1, whose receive is posted after DELAY seconds of computation
 * (smpi_execute: simulated seconds): when each rank's call returns shows
 * whether the sender waits for the receiver and when the transfer moves.
 * Each rank prints "RANK END". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <smpi/smpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, n = argc > 1 ? atoi(argv[1]) : 0;
    double delay = argc > 2 ? atof(argv[2]) : 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *buf = calloc((size_t)n + 1, 1);
    double t0 = MPI_Wtime();
    if (rank == 0) {
        MPI_Send(buf, n, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        smpi_execute(delay);
        MPI_Recv(buf, n, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    printf("%d %.9f\n", rank, MPI_Wtime() - t0);
    free(buf);
    MPI_Finalize();
    return 0;
}
