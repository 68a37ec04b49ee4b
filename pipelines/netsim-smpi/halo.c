/* pipelines/netsim-smpi/halo.c — examples/proto/halo.proto written in C
 * for SMPI: ITER iterations of a nonblocking halo exchange of ROW bytes
 * with each neighbour (tags as in the prototype), INNER seconds of
 * computation while the rows move, BORDER after, then a barrier.
 * Computation is smpi_execute (simulated seconds), so the comparison holds
 * SMPI's communication model only. Each rank prints "RANK END". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, p;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    int iter = atoi(argv[1]), row = atoi(argv[2]);
    double inner = atof(argv[3]), border = atof(argv[4]);
    char *buf = SMPI_SHARED_MALLOC((size_t)row * 4);
    MPI_Comm w = MPI_COMM_WORLD;
    for (int it = 0; it < iter; it++) {
        MPI_Request l[2], r[2];
        if (rank > 0) {
            MPI_Irecv(buf, row, MPI_BYTE, rank - 1, 0, w, &l[0]);
            MPI_Isend(buf + row, row, MPI_BYTE, rank - 1, 1, w, &l[1]);
        }
        if (rank < p - 1) {
            MPI_Irecv(buf + 2 * row, row, MPI_BYTE, rank + 1, 1, w, &r[0]);
            MPI_Isend(buf + 3 * row, row, MPI_BYTE, rank + 1, 0, w, &r[1]);
        }
        smpi_execute(inner);
        if (rank > 0)
            MPI_Waitall(2, l, MPI_STATUSES_IGNORE);
        if (rank < p - 1)
            MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        smpi_execute(border);
    }
    MPI_Barrier(w);
    printf("%d %.9f\n", rank, MPI_Wtime());
    SMPI_SHARED_FREE(buf);
    MPI_Finalize();
    return 0;
}
