#include "emit/necklace_report.h"

#include <string>
#include <vector>

namespace hypercast {

void writeNecklaceReport(const TorusLabels& t, nlohmann::ordered_json& j, std::ostream& text) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  uint64_t full = 0;
  const std::vector<Necklace> necklaces = torusNecklaces(t);
  text << "necklaces (Fragopoulou & Akl, Sec. 2; leader first, then Ro applied):\n";
  int last_distance = -1;
  for (const Necklace& nk : necklaces) {
    std::vector<std::string> labels;
    for (uint32_t v : nk.nodes) labels.push_back(torusLabel(t, v));
    const std::string head =
        nk.distance == last_distance ? "" : "d = " + std::to_string(nk.distance) + " :";
    last_distance = nk.distance;
    text << "  " << head << std::string(9 - std::min<size_t>(9, head.size()), ' ') << "(";
    for (size_t i = 0; i < labels.size(); ++i) text << (i ? ", " : "") << labels[i];
    text << ")  P = " << nk.nodes.size() << (nk.full(t.n()) ? " full" : " non-full") << "\n";
    full += nk.full(t.n()) ? 1 : 0;
    list.push_back({{"distance", nk.distance},
                    {"leader", nk.leader},
                    {"nodes", nk.nodes},
                    {"labels", labels},
                    {"period", nk.nodes.size()},
                    {"full", nk.full(t.n())}});
  }
  text << "  " << necklaces.size() << " necklaces, " << full << " full\n";
  j["necklaces"] = list;
}

}  // namespace hypercast
