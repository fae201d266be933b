// The SystemC transaction model of a whole hypercycle broadcast network: one
// HcNode per node, every link and credit return a signal, the same cycle timing
// as the generated RTL. The caller drives injections and steps the clock.
#pragma once

#include <memory>
#include <systemc>
#include <vector>

#include "algorithm/broadcast_weights.h"
#include "model/hc_node.h"
#include "topology/network.h"

namespace hypercast {
namespace model {

class HcNetwork : public sc_core::sc_module {
 public:
  // net: a hypercycle (Hypercycle::of). fair: the bounded-waiting arbitration; hop_cycles: 1 or 2;
  // grouped: the hardwired router's two-level arbitration of its busiest outputs (RouterCore).
  // epochs: admission by epochs (RouterCore); the network keeps the head epoch:
  // it moves on kEpochLatency cycles after a cycle at whose end no node held a
  // packet of it (in hardware, a registered reduction tree and a register).
  HcNetwork(sc_core::sc_module_name name, const NetworkDesc& net, Preference pref, int depth,
            bool fair = false, int hop_cycles = 1, bool grouped = false, EpochRule epochs = {});
  uint32_t headEpoch() const { return head_epoch_.read(); }

  // Puts an AXI4-Stream endpoint (model/axis_endpoint.h, hw/hc_axis_endpoint.v)
  // at every node, as <name>_axis_top does; every sink starts ready. Call once,
  // before the first cycle. Without it the sinks always accept (the plain top).
  void addAxisEndpoints();
  bool hasAxisEndpoints() const { return !sink_ready_.empty(); }
  // m_axis_tready of `node` for the coming cycle (with addAxisEndpoints()).
  void setSinkReady(uint64_t node, bool ready) { sink_ready_[node]->write(ready); }
  // What m_axis of `node` shows during the coming cycle (tvalid; tuser the
  // origin, tdata the payload), and the flit it transferred during the last one.
  const Flit& axisShown(uint64_t node) const { return nodes_[node]->endpoint()->shown(); }
  const Flit& axisTaken(uint64_t node) const { return nodes_[node]->taken(); }

  // Offer an injection at `node` for the coming cycle.
  void setInjection(uint64_t node, bool valid, uint64_t payload);
  // One clock cycle: rising edge (all routers clock), then falling edge.
  void cycle();
  // The network clock, for a process that drives it from inside the simulation
  // (model/tlm/) instead of cycle(), which calls sc_start.
  sc_core::sc_signal<bool>& clock() { return clk_; }

  bool accepted(uint64_t node) const { return nodes_[node]->core().accepted(); }
  // The flits `node`'s router holds (input buffers, output links) after the last cycle.
  size_t heldFlits(uint64_t node) const { return nodes_[node]->core().heldFlits(); }
  // Delivery lane `port` of `node`: what crossed into it during the last cycle.
  const Flit& delivery(uint64_t node, int port) const {
    return nodes_[node]->core().delivery()[static_cast<size_t>(port)];
  }
  void setPayloadFault(uint64_t node) { nodes_[node]->core().setPayloadFault(true); }
  void setStalled(uint64_t node) { nodes_[node]->core().setStalled(true); }
  void addStrayFlit(uint64_t node) { nodes_[node]->core().addStrayFlit(); }

 private:
  RouterTables tables_;
  sc_core::sc_signal<bool> clk_;
  std::vector<std::unique_ptr<HcNode>> nodes_;
  std::vector<std::unique_ptr<sc_core::sc_signal<Flit>>> links_;       // [x*NP+p]
  std::vector<std::unique_ptr<sc_core::sc_signal<uint8_t>>> credits_;  // [x*NP+p]
  std::vector<std::unique_ptr<sc_core::sc_signal<bool>>> inj_valid_;
  std::vector<std::unique_ptr<sc_core::sc_signal<uint64_t>>> inj_payload_;
  std::vector<std::unique_ptr<sc_core::sc_signal<bool>>> sink_ready_;
  int depth_;
  // The epoch counter (hw/hc_epoch_head.v): the head epoch, each node's
  // holdings; the routers' registered flags (busy_: some router held the head
  // epoch), the reduction's register (any_), and the head epoch one and two
  // cycles before (snap1_, snap2_).
  void onEpochClock();
  EpochRule epochs_;
  sc_core::sc_signal<uint32_t> head_epoch_;
  std::vector<std::unique_ptr<sc_core::sc_signal<uint64_t>>> held_;
  bool busy_ = false;
  bool any_ = true;
  uint32_t snap1_ = 0, snap2_ = 0;
};

}  // namespace model
}  // namespace hypercast
