#include "algorithm/broadcast_weights.h"

#include <algorithm>
#include <cstdlib>

namespace hypercast {

const char* toString(Preference p) {
  return p == Preference::kClockwise ? "clockwise" : "counterclockwise";
}

static int directionalWeight(const Dimension& d, int distance, bool preferred) {
  if (preferred) return d.diameter();
  return distance <= d.k() ? d.a() + 1 : d.a();
}

int originWeight(const Dimension& d, int offset, Preference pref) {
  const int dist = std::abs(offset);
  const bool cw_pref = pref == Preference::kClockwise;
  if (2 * dist == d.m) {
    // +m/2 and -m/2 are one link: it carries the larger of the two weights. Eq. (6)
    // gives a = 0, k = rho-1 < rho here, so the non-preferred weight is 0.
    return std::max(directionalWeight(d, dist, true), directionalWeight(d, dist, false));
  }
  const bool clockwise = offset > 0;
  return directionalWeight(d, dist, clockwise == cw_pref);
}

RouterTables makeRouterTables(const Hypercycle& h, Preference pref) {
  RouterTables t;
  const auto& ports = h.ports();
  for (const Port& p : ports) {
    const Dimension& d = h.dim(p.dim);
    t.port_dim.push_back(p.dim);
    const int w = originWeight(d, p.offset, pref);
    t.orig_wc.push_back(w);
    t.max_wc = std::max(t.max_wc, w);
    const int fwd = h.portIndex(p.dim, p.offset > 0 ? d.rho : -d.rho);
    t.fwd_port.push_back(fwd);
  }
  // A direction forwards (Case 2 with wc > 1) iff some port of it starts a
  // packet with weight >= 2; only its +-rho port then sees packets continue
  // around the ring, so only that port needs the dateline's second VC.
  for (size_t p = 0; p < ports.size(); ++p) {
    const Port& port = ports[p];
    const Dimension& d = h.dim(port.dim);
    bool forwards = false;
    for (size_t q = 0; q < ports.size(); ++q) {
      if (ports[q].dim == port.dim && (ports[q].offset > 0) == (port.offset > 0) &&
          t.orig_wc[q] >= 2) {
        forwards = true;
      }
    }
    t.two_vc.push_back(forwards && std::abs(port.offset) == d.rho && 2 * d.rho != d.m);
  }
  return t;
}

bool portWraps(const Hypercycle& h, uint64_t x, int port) {
  const Port& p = h.ports().at(static_cast<size_t>(port));
  const int xi = h.digit(x, p.dim);
  const int yi = xi + p.offset;
  return yi < 0 || yi >= h.dim(p.dim).m;
}

}  // namespace hypercast
