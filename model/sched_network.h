// The SystemC transaction model of a network of schedule-driven nodes: one
// SchedNode per node, every output port a signal, wired from the port graph
// (input p of x reads the output that drives it), the RTL's cycle timing. Each
// node runs its ROM words and checks every send against the schedule
// (model/sched_node.h). Packets are named by packetKey (algorithm/collective.h).
#pragma once

#include <memory>
#include <systemc>
#include <vector>

#include "algorithm/collective.h"
#include "model/sched_node.h"
#include "topology/port_graph.h"

namespace hypercast {
namespace model {

class SchedNetwork : public sc_core::sc_module {
 public:
  // roms[x]: node x's ROM words; store: every node's store shape.
  SchedNetwork(sc_core::sc_module_name name, const PortGraph& g, const Schedule& s,
               const std::vector<std::shared_ptr<const std::vector<RomRow>>>& roms,
               const StoreShape& store);

  void load(uint64_t node, uint64_t slot, uint64_t key, uint64_t payload) {
    nodes_[node]->load(slot, key, payload);
  }
  void start();
  void clear() {
    for (auto& x : nodes_) x->clear();
  }
  // One clock cycle: rising edge (every node runs a row), then falling edge.
  void cycle();
  // What output port `port` of `node` drives after the last cycle.
  LinkWord output(uint64_t node, int port) const {
    return links_[node * np_ + static_cast<uint64_t>(port)]->read();
  }
  const SchedNode& node(uint64_t x) const { return *nodes_[x]; }
  // The node with the first send fault (lowest number; any row), or -1.
  int64_t faultyNode() const;
  void setPayloadFault(uint64_t x) { nodes_[x]->setPayloadFault(true); }
  // Test hook: start() leaves node x idle, so it never finishes (the harness's
  // watchdog must fire).
  void setStalled(uint64_t x) { stalled_ = x; }

 private:
  uint64_t n_;
  uint64_t np_;
  uint64_t stalled_ = ~uint64_t{0};  // no node
  sc_core::sc_signal<bool> clk_;
  sc_core::sc_signal<LinkWord> idle_;  // what an absent port's input reads
  std::vector<std::unique_ptr<SchedNode>> nodes_;
  std::vector<std::unique_ptr<sc_core::sc_signal<LinkWord>>> links_;  // [x*NP+p]
};

}  // namespace model
}  // namespace hypercast
