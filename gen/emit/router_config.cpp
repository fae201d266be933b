#include "emit/router_config.h"

#include <cstdio>

#include "topology/hypercycle.h"

namespace hypercast {

std::vector<uint32_t> routerConfigWords(const NetworkDesc& net, Preference pref) {
  const Hypercycle h = Hypercycle::of(net);
  std::vector<uint32_t> w;
  w.push_back(static_cast<uint32_t>(h.dims()));
  w.push_back(pref == Preference::kCounterclockwise ? 1u : 0u);
  for (int i = 1; i <= h.dims(); ++i) {
    const Dimension& d = h.dim(i);
    w.push_back(static_cast<uint32_t>(d.m));
    w.push_back(static_cast<uint32_t>(d.rho));
    w.push_back(static_cast<uint32_t>(d.diameter()));
  }
  return w;
}

std::string routerConfigHex(const NetworkDesc& net, Preference pref) {
  const Hypercycle h = Hypercycle::of(net);
  std::string s = "// hypercast programmable-router configuration for G^{" + h.rhoList() + "}_{" +
                  h.mList() + "}, " + toString(pref) +
                  " preferential.\n// Words: r, preference, then m_i rho_i D_i for i = 1..r.\n";
  for (uint32_t v : routerConfigWords(net, pref)) {
    char b[16];
    std::snprintf(b, sizeof b, "%x\n", v);
    s += b;
  }
  return s;
}

std::vector<std::pair<std::string, int>> weightUnitParams(const RtlLayout& l) {
  return {{"NP", l.router_np}, {"MAX_DIM", l.max_dims}, {"MAX_M", l.max_radix}, {"MW", l.mw},
          {"CDW", l.cdw},      {"WDW", l.wdw},          {"WCW", l.wcw},         {"PIW", l.piw}};
}

}  // namespace hypercast
