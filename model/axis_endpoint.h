// Cycle-exact C++ model of hw/hc_axis_endpoint.v's delivery side (docs/hardware.md
// "AXI4-Stream endpoints"), so that the SystemC network with endpoints and the
// Verilated <name>_axis_top agree cycle for cycle:
//  - delivery lane p (the router's dlv for input port p) is pushed into lane
//    queue p (hc_ram_fifo) at every edge its flit is valid; an entry is the
//    lane's head from the cycle after the edge that wrote it (the memory's
//    synchronous read), so a lane has a head when it holds an entry written
//    before the last edge;
//  - m_axis shows the head of the lane a round robin (hc_rr_arbiter: the first
//    lane with a head at or after the pointer, the pointer moving to winner + 1 on
//    a transfer) picks; a head shown and not taken is held: next cycle that lane
//    is the only request;
//  - per input port p and VC v (i = 2p+v) two counts: credits the router returned
//    and the endpoint kept back, and flits of (p, v) in lane p's queue; a kept
//    credit goes upstream in a cycle in which kept + QDEPTH/2 - DEPTH >= queued
//    + 1 (each VC owns QDEPTH/2 = DEPTH + 2 entries of its lane's queue).
// The injection side (s_axis) is the router's valid/ready port unchanged.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "model/flit.h"

namespace hypercast {
namespace model {

// Entries of a lane's ejection queue for `depth` flits per router VC: QDEPTH,
// hc_axis_endpoint's default.
inline int axisQueueDepth(int depth) { return 2 * depth + 4; }

class AxisEndpoint {
 public:
  // np: the node's input ports (delivery lanes); depth: flits per router VC.
  AxisEndpoint(int np, int depth);

  // What m_axis shows during the current cycle (after the last step()): valid,
  // and the flit whose origin is tuser and payload tdata.
  const Flit& shown() const { return shown_; }
  // Bit v of [p]: the credit for input port p, VC v, sent upstream this cycle.
  const std::vector<uint8_t>& creditOut() const { return credit_out_; }
  // Flits waiting in lane p's queue.
  size_t queued(int p) const { return q_[static_cast<size_t>(p)].size(); }

  // One rising edge. dlv[p] and core_credit[p] (bit v): the router's delivery
  // lanes and credit returns during the cycle (its registered outputs before
  // this edge); tready: m_axis_tready during the cycle. Returns whether m_axis
  // transferred (tvalid and tready).
  bool clock(const std::vector<Flit>& dlv, const std::vector<uint8_t>& core_credit, bool tready);

 private:
  void show();  // shown_, sel_ and credit_out_ from the registered state

  size_t np_;
  size_t qdepth_;
  std::vector<std::deque<Flit>> q_;  // [p]
  std::vector<uint8_t> fresh_;       // [p]: the last edge pushed into q_[p] (not yet a head)
  size_t ptr_ = 0;                   // round robin: the lane that goes first
  bool held_ = false;                // shown last cycle and not taken
  size_t hsel_ = 0;                  // the lane shown last cycle
  std::vector<int> core_cnt_;        // [2p+v]: router credits kept back
  std::vector<int> queued_;          // [2p+v]: flits of (p, v) in lane p's queue
  int depth_;
  Flit shown_;
  size_t sel_ = 0;
  std::vector<uint8_t> credit_out_;  // [p]
};

}  // namespace model
}  // namespace hypercast
