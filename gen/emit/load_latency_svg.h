// The load-latency curve of a sweep as an SVG image, in the manner of BookSim's
// plots: offered load (broadcasts per node per cycle) against mean and
// 99th-percentile latency (cycles, log scale), with the saturation bounds marked
// and the points whose run failed drawn hollow in red. The title's "^{..}" and
// "_{..}" (G^{3,2}_{8,6}) are drawn as super- and subscripts.
#pragma once

#include <string>
#include <vector>

namespace hypercast {

struct LoadPoint {
  double offered = 0;
  double accepted = 0;
  double latency_mean = 0;  // negative: none (no broadcast delivered), left out of the curve
  double latency_p99 = 0;
  bool pass = true;  // the run's verdict
};

struct LoadMark {
  double rate = 0;
  std::string label;
};

std::string loadLatencySvg(const std::string& title, const std::vector<LoadPoint>& points,
                           const std::vector<LoadMark>& marks);

}  // namespace hypercast
