#include "model/sched_network.h"

#include <string>

#include "algorithm/collective_semantics.h"
#include "model/clock.h"
#include "util/error.h"

namespace hypercast {
namespace model {

SchedNetwork::SchedNetwork(sc_core::sc_module_name name, const PortGraph& g, const Schedule& s,
                           const std::vector<std::shared_ptr<const std::vector<RomRow>>>& roms,
                           const StoreShape& store)
    : sc_core::sc_module(name),
      n_(g.nodes()),
      np_(static_cast<uint64_t>(g.ports())),
      clk_("clk"),
      idle_("idle") {
  if (roms.size() != n_) throw Error("the model needs one ROM per node");
  const size_t rows = size_t{s.steps} + 1;
  std::vector<NodePlan> plans(n_);
  for (auto& p : plans) {
    p.sends.assign(rows * np_, kNoSend);
    p.recvs.assign(rows * np_, kNoSend);
  }
  const CollectiveProblem problem = s.problem();
  for (const Transfer& t : s.transfers) {
    const uint64_t k = keyOf(problem, packetOf(t));
    const int p = g.portTo(t.from, t.to);
    const uint64_t q = static_cast<uint64_t>(g.drives(t.from, p).port);
    plans[t.from].sends[(t.step - 1) * np_ + static_cast<uint64_t>(p)] = k;
    plans[t.to].recvs[t.step * np_ + q] = k;
  }
  for (uint64_t x = 0; x < n_; ++x) {
    const std::string xs = std::to_string(x);
    if (!roms[x] || roms[x]->size() != rows + 1) {
      throw Error("node " + xs + "'s ROM does not have " + std::to_string(rows + 1) + " words");
    }
    nodes_.push_back(std::make_unique<SchedNode>(("n" + xs).c_str(), g.ports(), std::move(plans[x]),
                                                 roms[x], store));
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

int64_t SchedNetwork::faultyNode() const {
  for (uint64_t x = 0; x < n_; ++x) {
    if (nodes_[x]->fault().found) return static_cast<int64_t>(x);
  }
  return -1;
}

void SchedNetwork::cycle() { pulseClock(clk_); }

}  // namespace model
}  // namespace hypercast
