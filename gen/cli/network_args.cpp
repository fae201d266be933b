#include "cli/network_args.h"

#include "util/error.h"

namespace hypercast {
namespace cli {

const char* const kDefaultM = "8,6,5";
const char* const kDefaultRho = "3,2,1";

std::vector<OptionSpec> networkOptions() {
  return {
      {"topology", "NAME",
       "hypercycle (default: weight-based broadcast routers) or hypercube\n"
       "                            (schedule-ROM nodes for --collective on --dim D)"},
      {"m", "M_r,...,M_1",
       std::string("nodes per dimension, paper order (default ") + kDefaultM + ")"},
      {"rho", "R_r,...,R_1",
       std::string("circulant reach per dimension, rho_i <= m_i/2 (default ") + kDefaultRho + ")"},
  };
}

std::vector<OptionSpec> rtlOptions() {
  return {
      {"payload-width", "BITS", "payload bits per packet, 1..64 (default 32)"},
      {"buffer-depth", "FLITS", "flits per input virtual channel, 1..64 (default 2)"},
      {"preference", "cw|ccw", "Algorithm 1 preferential direction (default cw)"},
  };
}

Hypercycle parseNetwork(const Args& a) {
  const std::string topo = a.get("topology", "hypercycle");
  if (topo == "hypercycle" && (a.has("dim") || a.has("collective"))) {
    throw Error("--dim and --collective name a hypercube collective: add --topology hypercube");
  }
  if (topo != "hypercycle") {
    if (topo == "hypercube" || topo == "torus" || topo == "mesh" || topo == "cayley") {
      throw Error("topology '" + topo + "' is not supported yet (supported: hypercycle)");
    }
    throw Error("unknown topology '" + topo + "' (supported: hypercycle)");
  }
  if (a.has("m") != a.has("rho"))
    throw Error("give both --m and --rho, or neither for the default network");
  const std::string m = a.get("m", kDefaultM), rho = a.get("rho", kDefaultRho);
  return Hypercycle::fromPaperOrder(parseIntList("--m", m), parseIntList("--rho", rho));
}

RtlOptions parseRtlOptions(const Args& a) {
  RtlOptions o;
  o.payload_width = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  o.buffer_depth = static_cast<int>(a.getInt("buffer-depth", 2, 1, 64));
  const std::string pref = a.get("preference", "cw");
  if (pref == "cw" || pref == "clockwise") {
    o.preference = Preference::kClockwise;
  } else if (pref == "ccw" || pref == "counterclockwise") {
    o.preference = Preference::kCounterclockwise;
  } else {
    throw Error("--preference must be cw or ccw, got '" + pref + "'");
  }
  return o;
}

}  // namespace cli
}  // namespace hypercast
