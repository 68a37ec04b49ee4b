/* netsim — simulate a prototype (the language of Piola 2002) on a network
 * model and write its timeline. See man/man1/netsim.1; the interpreter is
 * lib/proto, the simulation kernel lib/sim. */
#include "proto/proto.h"

int main(int argc, char **argv)
{
    return proto_run_main(argc, argv, "netsim", NULL);
}
