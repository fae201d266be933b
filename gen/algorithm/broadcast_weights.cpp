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

RouterTables makeRouterTables(const NetworkDesc& net, Preference pref) {
  const Hypercycle h = Hypercycle::of(net);
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

bool portWraps(const NetworkDesc& net, uint64_t x, int port) {
  const Hypercycle h = Hypercycle::of(net);
  return h.wraps(x, h.ports().at(static_cast<size_t>(port)));
}

std::vector<bool> requestSources(const RouterTables& t) {
  const size_t np = t.port_dim.size(), ns = 2 * np + 1;
  // arriving[p]: the largest wc a packet arriving on input p can carry (0: none
  // ever arrives). Output p sends Case 1 packets with orig_wc[p], and the packets
  // it continues for inputs r with fwd_port[r] == p with one less.
  std::vector<int> arriving(t.orig_wc.begin(), t.orig_wc.end());
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t r = 0; r < np; ++r) {
      const size_t q = static_cast<size_t>(t.fwd_port[r]);
      if (arriving[r] > 1 && arriving[r] - 1 > arriving[q]) {
        arriving[q] = arriving[r] - 1;
        changed = true;
      }
    }
  }
  std::vector<bool> ok(np * ns, false);
  for (size_t q = 0; q < np; ++q) {
    const bool starts = t.orig_wc[q] != 0;
    ok[q * ns + 2 * np] = starts;
    for (size_t p = 0; p < np; ++p) {
      const bool lower = arriving[p] > 0 && starts && t.port_dim[q] < t.port_dim[p];
      const bool cont = arriving[p] > 1 && static_cast<size_t>(t.fwd_port[p]) == q;
      for (size_t v = 0; v < 2; ++v) {
        if (v == 1 && !t.two_vc[p]) continue;
        ok[q * ns + 2 * p + v] = lower || cont;
      }
    }
  }
  return ok;
}

std::vector<bool> groupedArbiterOutputs(const RouterTables& t, bool injection_last) {
  const size_t np = t.port_dim.size(), ns = 2 * np + 1;
  const std::vector<bool> ok = requestSources(t);
  std::vector<bool> grouped(np, false);
  const size_t arbitrated = injection_last ? ns - 1 : ns;  // the injection is last
  for (size_t q = 0; q < np; ++q) {
    int sources = 0;
    for (size_t s = 0; s < arbitrated; ++s) sources += ok[q * ns + s] ? 1 : 0;
    grouped[q] = sources > (injection_last ? kFlatArbiterMaxInjectionLast : kFlatArbiterMax);
  }
  return grouped;
}

}  // namespace hypercast
