#include "model/sched_network.h"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "model/clock.h"

namespace hypercast {
namespace model {

SchedNetwork::SchedNetwork(sc_core::sc_module_name name, const Hypercube& cube, const Schedule& s)
    : sc_core::sc_module(name),
      n_(cube.nodes()),
      np_(static_cast<uint64_t>(cube.degree())),
      clk_("clk") {
  const size_t rows = size_t{s.steps} + 1;
  std::vector<NodePlan> plans(n_);
  for (auto& p : plans) {
    p.sends.resize(rows - 1);
    p.recvs.resize(rows);
    p.drops.resize(rows);
  }
  std::vector<std::unordered_map<uint64_t, uint32_t>> last_send(n_);
  for (const Transfer& t : s.transfers) {
    const uint64_t k = key(t.origin, t.dest);
    plans[t.from].sends[t.step - 1].push_back({cube.portTo(t.from, t.to), k});
    plans[t.to].recvs[t.step].push_back({cube.portTo(t.to, t.from), k});
    const bool delivered =
        t.origin != t.from && (t.dest == kAllNodes || uint32_t(t.dest) == t.from);
    if (!delivered) {
      uint32_t& last = last_send[t.from][k];
      last = std::max(last, t.step - 1);
    }
  }
  for (uint64_t x = 0; x < n_; ++x) {
    for (const auto& kv : last_send[x]) plans[x].drops[kv.second].push_back(kv.first);
  }
  for (uint64_t x = 0; x < n_; ++x) {
    const std::string xs = std::to_string(x);
    nodes_.push_back(
        std::make_unique<SchedNode>(("n" + xs).c_str(), cube.degree(), std::move(plans[x])));
    for (uint64_t p = 0; p < np_; ++p) {
      links_.push_back(std::make_unique<sc_core::sc_signal<LinkWord>>(
          ("link" + xs + "_" + std::to_string(p)).c_str()));
    }
  }
  for (uint64_t x = 0; x < n_; ++x) {
    SchedNode& node = *nodes_[x];
    node.clk(clk_);
    for (uint64_t p = 0; p < np_; ++p) {
      // Output p of x is link (x, p); input p of x is output p of its neighbour.
      node.lout[p](*links_[x * np_ + p]);
      node.lin[p](*links_[cube.neighbor(x, static_cast<int>(p)) * np_ + p]);
    }
  }
}

void SchedNetwork::start() {
  for (auto& n : nodes_) n->start();
}

void SchedNetwork::cycle() { pulseClock(clk_); }

}  // namespace model
}  // namespace hypercast
