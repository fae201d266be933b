#include "algorithm/reference_broadcast.h"

#include <algorithm>

#include "topology/hypercycle.h"
#include "util/error.h"

namespace hypercast {

namespace {

struct Arrival {
  uint64_t node;
  int port;
  int wd;
  int wc;
};

}  // namespace

std::vector<Transmission> referenceBroadcast(const NetworkDesc& net, uint64_t source,
                                             Preference pref) {
  const Hypercycle h = Hypercycle::of(net);
  if (source >= h.nodes()) throw Error("source outside 0.." + std::to_string(h.nodes() - 1));
  const RouterTables t = makeRouterTables(net, pref);
  const auto& ports = h.ports();
  std::vector<Transmission> out;
  std::vector<Arrival> frontier, next;

  auto originate = [&](uint64_t x, int below_dim, int step, std::vector<Arrival>& into) {
    // Case 1 of Algorithm 2 (and the "wd > 1" branch of Case 2): broadcast along
    // every dimension i < below_dim with weights (i, wc_i) from Algorithm 1.
    for (size_t q = 0; q < ports.size(); ++q) {
      if (t.port_dim[q] >= below_dim || t.orig_wc[q] == 0) continue;
      const uint64_t y = h.neighbor(x, ports[q]);
      out.push_back(Transmission{step, x, y, static_cast<int>(q), t.port_dim[q], t.orig_wc[q]});
      into.push_back(Arrival{y, static_cast<int>(q), t.port_dim[q], t.orig_wc[q]});
    }
  };

  originate(source, h.dims() + 1, 1, frontier);
  for (int step = 2; !frontier.empty(); ++step) {
    next.clear();
    for (const Arrival& a : frontier) {
      // Case 2: continue within dimension wd at distance rho, same direction.
      if (a.wc > 1) {
        const int q = t.fwd_port[static_cast<size_t>(a.port)];
        const uint64_t y = h.neighbor(a.node, ports[static_cast<size_t>(q)]);
        out.push_back(Transmission{step, a.node, y, q, a.wd, a.wc - 1});
        next.push_back(Arrival{y, q, a.wd, a.wc - 1});
      }
      if (a.wd > 1) originate(a.node, a.wd, step, next);
    }
    frontier.swap(next);
  }
  return out;
}

uint64_t busiestPortFlits(const NetworkDesc& net, Preference pref) {
  std::vector<uint64_t> count(static_cast<size_t>(net.ports()), 0);
  for (const Transmission& t : referenceBroadcast(net, 0, pref)) ++count[size_t(t.port)];
  return *std::max_element(count.begin(), count.end());
}

}  // namespace hypercast
