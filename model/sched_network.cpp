#include "model/sched_network.h"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "algorithm/collective_semantics.h"
#include "model/clock.h"

namespace hypercast {
namespace model {

SchedNetwork::SchedNetwork(sc_core::sc_module_name name, const PortGraph& g, const Schedule& s)
    : sc_core::sc_module(name),
      n_(g.nodes()),
      np_(static_cast<uint64_t>(g.ports())),
      clk_("clk"),
      idle_("idle") {
  const size_t rows = size_t{s.steps} + 1;
  std::vector<NodePlan> plans(n_);
  for (auto& p : plans) {
    p.sends.resize(rows - 1);
    p.recvs.resize(rows);
    p.drops.resize(rows);
  }
  std::vector<std::unordered_map<uint64_t, uint32_t>> last_send(n_);
  const CollectiveProblem problem = s.problem();
  for (const Transfer& t : s.transfers) {
    const uint64_t k = keyOf(problem, packetOf(t));
    const int p = g.portTo(t.from, t.to);
    plans[t.from].sends[t.step - 1].push_back({p, k});
    plans[t.to].recvs[t.step].push_back({g.drives(t.from, p).port, k});
    if (!mustReach(problem, packetOf(t), t.from)) {
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
        std::make_unique<SchedNode>(("n" + xs).c_str(), g.ports(), std::move(plans[x])));
    nodes_.back()->setHalfDuplex(s.links == LinkMode::kHalfDuplex);
    for (uint64_t p = 0; p < np_; ++p) {
      links_.push_back(std::make_unique<sc_core::sc_signal<LinkWord>>(
          ("link" + xs + "_" + std::to_string(p)).c_str()));
    }
  }
  for (uint64_t x = 0; x < n_; ++x) {
    SchedNode& node = *nodes_[x];
    node.clk(clk_);
    for (uint64_t p = 0; p < np_; ++p) {
      // Output p of x is link (x, p); input p of x is the output that drives it.
      node.lout[p](*links_[x * np_ + p]);
      const PortEnd e = g.drivenBy(x, static_cast<int>(p));
      if (e.present()) {
        node.lin[p](*links_[e.node * np_ + static_cast<uint64_t>(e.port)]);
      } else {
        node.lin[p](idle_);
      }
    }
  }
}

void SchedNetwork::start() {
  for (uint64_t x = 0; x < nodes_.size(); ++x) {
    if (x != stalled_) nodes_[x]->start();
  }
}

void SchedNetwork::cycle() { pulseClock(clk_); }

}  // namespace model
}  // namespace hypercast
