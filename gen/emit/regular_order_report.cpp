#include "emit/regular_order_report.h"

#include <string>
#include <vector>

#include "util/fact_rows.h"

namespace hypercast {

void writeRegularOrderReport(const RegularOrderSearch& r, nlohmann::ordered_json& j,
                             std::ostream& text) {
  nlohmann::ordered_json o;
  o["status"] = toString(r.status);
  o["regular"] = r.regular;
  o["steps"] = r.steps;
  o["bound"] = r.bound;
  o["diameter"] = r.diameter;
  o["attempts"] = r.attempts;
  text << factKey("regular order") << toString(r.status) << " (Faber, Def. 4.3): ";
  if (r.status == RegularOrderSearch::Status::kFound) {
    text << "universal broadcast in " << r.steps << " = ceil((P-1)/d) steps";
  } else if (r.status == RegularOrderSearch::Status::kProvenNone) {
    text << "the diameter " << r.diameter << " exceeds ceil((P-1)/d) = " << r.bound
         << "; best template " << r.steps << " steps";
  } else {
    text << "none in " << r.attempts << " attempts; best template " << r.steps
         << " steps against max(ceil((P-1)/d), D) = "
         << std::max<uint32_t>(r.bound, static_cast<uint32_t>(r.diameter));
  }
  text << "\n";
  nlohmann::ordered_json blocks = nlohmann::ordered_json::array();
  if (!r.nodes.empty()) {
    text << (r.regular ? "order" : "template") << " by time (node<-port from parent):\n";
    uint32_t time = 0;
    nlohmann::ordered_json block = nlohmann::ordered_json::array();
    std::string line;
    for (uint32_t v : r.order) {
      if (v == 0) continue;
      const TemplateNode& t = r.nodes[v];
      if (t.time != time) {
        if (!block.empty()) {
          blocks.push_back(block);
          text << line << "\n";
        }
        block = nlohmann::ordered_json::array();
        time = t.time;
        line = "  t=" + std::to_string(time) + ":";
      }
      block.push_back({{"node", v}, {"port", t.port}, {"parent", t.parent}});
      line += " " + std::to_string(v) + "<-" + std::to_string(t.port);
    }
    if (!block.empty()) {
      blocks.push_back(block);
      text << line << "\n";
    }
  }
  o["blocks"] = blocks;
  j["regular_order"] = o;
}

}  // namespace hypercast
