#include "sim/combining_job.h"

#include <sstream>

namespace hypercast {

std::string globalSumJobText(const PortGraph& g, const GlobalSumProgram& p,
                             const SumNodeParams& params, const std::vector<uint8_t>& phase) {
  std::ostringstream o;
  const uint64_t n = g.nodes();
  o << n << ' ' << g.ports() << ' ' << params.xw << ' ' << params.w << ' ' << p.steps << ' '
    << p.divisor << ' ' << (phase.empty() ? 0 : 1) << '\n';
  for (int64_t c : p.constant) o << c << ' ';
  o << '\n';
  for (bool b : p.uses_input) o << (b ? 1 : 0) << ' ';
  o << '\n';
  for (uint64_t x = 0; x < n; ++x) o << (phase.empty() ? 0 : int(phase[x])) << ' ';
  o << '\n';
  for (uint64_t x = 0; x < n; ++x) {
    for (int q = 0; q < g.ports(); ++q) o << g.drivenBy(x, q).node << ' ';
    o << '\n';
  }
  return o.str();
}

std::string accumulationJobText(const NetworkDesc& net, const PortGraph& g,
                                const AccumulationSchedule& s, const AccRtl& rtl, int input_bits) {
  std::ostringstream o;
  const uint64_t n = g.nodes();
  const int np = g.ports();
  o << n << ' ' << np << ' ' << rtl.w << ' ' << input_bits << ' ' << s.steps << ' '
    << rtl.roms.images.size() << ' ' << (s.links == LinkMode::kHalfDuplex ? 1 : 0) << '\n';
  for (const auto& image : rtl.roms.images) {
    for (uint32_t t = 0; t < s.steps; ++t) {
      for (int k = 0; k < np; ++k) {
        const auto& [snd, rcv] = image[size_t(t) * size_t(np) + size_t(k)];
        o << long(snd) - 1 << ' ' << long(rcv) - 1 << ' ';
      }
      o << '\n';
    }
  }
  for (uint32_t i : rtl.roms.image_of) o << i << ' ';
  o << '\n';
  for (uint64_t x = 0; x < n; ++x) {
    for (int q = 0; q < np; ++q) {
      const PortEnd e = g.drivenBy(x, q);
      o << e.node * uint64_t(np) + uint64_t(e.port) << ' ';
    }
    o << '\n';
  }
  for (uint64_t u = 0; u < n; ++u) {
    for (uint64_t c = 0; c < n; ++c) {
      o << groupSub(net.radices, uint32_t(u), uint32_t(c)) << ' ';
    }
    o << '\n';
  }
  return o.str();
}

}  // namespace hypercast
