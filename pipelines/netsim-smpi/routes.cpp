/* routes.cpp — SimGrid's own route between every two hosts of a platform
 * (make netsim-smpi, issue 29): "SRC DST LINK..." a line, hosts by name,
 * a SPLITDUPLEX link's half by SimGrid's name for it (L_UP, L_DOWN). The
 * pipeline sets it beside netsim --print-net --platform on the same file,
 * to check netsim's Floyd and Dijkstra routes link for link. */
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cstdio>

int main(int argc, char** argv)
{
  simgrid::s4u::Engine e(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: routes PLATFORM.xml\n");
    return 2;
  }
  e.load_platform(argv[1]);
  e.seal_platform();   // (routes are computed when the platform is sealed)
  auto hosts = e.get_all_hosts();
  std::sort(hosts.begin(), hosts.end(),
            [](const auto* a, const auto* b) { return a->get_name() < b->get_name(); });
  for (auto* a : hosts)
    for (auto* b : hosts) {
      if (a == b)
        continue;
      std::vector<simgrid::s4u::Link*> links;
      double latency = 0;
      a->route_to(b, links, &latency);
      std::printf("%s %s", a->get_cname(), b->get_cname());
      for (const auto* l : links)
        std::printf(" %s", l->get_cname());
      std::printf("\n");
    }
  return 0;
}
