#include "model/sched_node.h"

namespace hypercast {
namespace model {

std::ostream& operator<<(std::ostream& os, const LinkWord& w) {
  if (!w.valid) return os << "idle";
  return os << "payload 0x" << std::hex << w.payload << std::dec;
}

SchedNode::SchedNode(sc_core::sc_module_name name, int np, NodePlan plan)
    : sc_core::sc_module(name),
      clk("clk"),
      lin("lin", static_cast<size_t>(np)),
      lout("lout", static_cast<size_t>(np)),
      plan_(std::move(plan)),
      out_(static_cast<size_t>(np)) {
  SC_HAS_PROCESS(SchedNode);
  SC_METHOD(onClock);
  sensitive << clk.pos();
  dont_initialize();
}

void SchedNode::onClock() {
  for (size_t p = 0; half_duplex_ && running_ && p < out_.size(); ++p) {
    if (out_[p].valid && lin[p].read().valid) {
      errors_.push_back(std::string(name()) + " row " + std::to_string(row_) +
                        ": half-duplex link on port " + std::to_string(p) +
                        " driven from both ends");
    }
  }
  for (auto& w : out_) w = LinkWord{};
  if (running_) {
    // Built only for an error: this runs for every node every cycle.
    auto where = [&] { return std::string(name()) + " row " + std::to_string(row_); };
    for (const auto& rc : plan_.recvs[row_]) {
      const LinkWord w = lin[static_cast<size_t>(rc.first)].read();
      if (!w.valid) {
        errors_.push_back(where() + ": no packet on input port " + std::to_string(rc.first));
      } else {
        held_.emplace(rc.second, w.payload);
      }
    }
    if (row_ < plan_.sends.size()) {
      for (const auto& sd : plan_.sends[row_]) {
        const auto it = held_.find(sd.second);
        if (it == held_.end()) {
          errors_.push_back(where() + ": sends a packet it does not hold");
          continue;
        }
        out_[static_cast<size_t>(sd.first)] = LinkWord{true, it->second ^ (fault_ ? 1u : 0u)};
      }
    }
    for (uint64_t k : plan_.drops[row_]) held_.erase(k);
    if (++row_ == plan_.recvs.size()) {
      running_ = false;
      done_ = true;
    }
  }
  for (size_t p = 0; p < out_.size(); ++p) lout[p].write(out_[p]);
}

}  // namespace model
}  // namespace hypercast
