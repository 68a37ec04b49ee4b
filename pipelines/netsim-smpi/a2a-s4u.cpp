/* a2a-s4u.cpp — issue 29's speed row at P = 1024 (pipelines/netsim-smpi/run):
 * netsim's pairwise all-to-all (P - 1 rounds; in round i, rank r sends
 * BYTES to r + i and receives from r - i, mod P, as one sendrecv) written
 * for SimGrid's S4U, whose actors are far lighter than SMPI's processes
 * (SMPI needed 8 GB at P = 256). Prints the simulated time of the last
 * actor to end, in seconds.
 *
 *   a2a-s4u PLATFORM.xml P BYTES [--cfg=...]
 *
 * The hosts are the platform's, in the order SimGrid lists them; rank r
 * runs on the r-th. */
#include <simgrid/s4u.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace sg4 = simgrid::s4u;

static int ranks;
static double bytes, last_end;

/* A message's mailbox: the receiver's, per sender, so that each receive
 * takes the message of the round it is in. */
static sg4::Mailbox *mailbox(int to, int from)
{
    return sg4::Mailbox::by_name(std::to_string(to) + "<" + std::to_string(from));
}

static void rank_main(int rank)
{
    static char payload;   /* the bytes are the comm's size, not a buffer */
    for (int i = 1; i < ranks; i++) {
        int to = (rank + i) % ranks, from = (rank - i + ranks) % ranks;
        sg4::CommPtr send = mailbox(to, rank)->put_async(&payload, bytes);
        mailbox(rank, from)->get<char>();
        send->wait();
    }
    if (sg4::Engine::get_clock() > last_end)
        last_end = sg4::Engine::get_clock();
}

int main(int argc, char **argv)
{
    sg4::Engine e(&argc, argv);
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s PLATFORM.xml P BYTES\n", argv[0]);
        return 2;
    }
    e.load_platform(argv[1]);
    ranks = std::atoi(argv[2]);
    bytes = std::atof(argv[3]);
    std::vector<sg4::Host *> hosts = e.get_all_hosts();
    if (ranks < 2 || (size_t)ranks > hosts.size()) {
        std::fprintf(stderr, "a2a-s4u: P must be 2..%zu\n", hosts.size());
        return 2;
    }
    /* SimGrid lists hosts by name: h0, h1, h10, ...; rank r on "h<r>". */
    for (int r = 0; r < ranks; r++)
        sg4::Actor::create("r" + std::to_string(r),
                           sg4::Host::by_name("h" + std::to_string(r)),
                           rank_main, r);
    e.run();
    std::printf("%.17g\n", last_end);
    return 0;
}
