// One hypercycle node of the SystemC transaction model: a RouterCore clocked by
// the network clock, its links and credit returns as signal channels.
#pragma once

#include <memory>
#include <systemc>
#include <vector>

#include "model/axis_endpoint.h"
#include "model/flit.h"
#include "model/router_core.h"

namespace hypercast {
namespace model {

inline void sc_trace(sc_core::sc_trace_file*, const Flit&, const std::string&) {}

class HcNode : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_vector<sc_core::sc_in<Flit>> lin;
  sc_core::sc_vector<sc_core::sc_out<Flit>> lout;
  sc_core::sc_vector<sc_core::sc_in<uint8_t>> credit_in;    // per output port, bit = VC
  sc_core::sc_vector<sc_core::sc_out<uint8_t>> credit_out;  // per input port, bit = VC
  sc_core::sc_in<bool> inj_valid;
  sc_core::sc_in<uint64_t> inj_payload;
  // With epochs (EpochRule): the oldest open epoch, and the epochs (modulo the
  // window) this node holds packets of (RouterCore::heldEpochs).
  sc_core::sc_in<uint32_t> head_epoch;
  sc_core::sc_out<uint64_t> held_epochs;

  HcNode(sc_core::sc_module_name name, const RouterTables& t, int ndim, int depth, uint32_t addr,
         std::vector<bool> wrap, bool fair = false, int hop_cycles = 1, bool grouped = false,
         EpochRule epochs = {});

  const RouterCore& core() const { return core_; }
  RouterCore& core() { return core_; }

  // AXI4-Stream endpoint (hw/hc_axis_endpoint.v) between the router's delivery
  // lanes and credit returns and the rest of the network: sink_ready is the
  // node's m_axis_tready, read at every rising edge; depth: flits per router
  // VC. Call before simulation.
  void addAxisEndpoint(const sc_core::sc_signal<bool>& sink_ready, int depth);
  // nullptr without an endpoint.
  const AxisEndpoint* endpoint() const { return ep_.get(); }
  // The flit m_axis transferred in the last cycle (invalid: none).
  const Flit& taken() const { return taken_; }

 private:
  void onClock();
  RouterCore core_;
  std::unique_ptr<AxisEndpoint> ep_;
  const sc_core::sc_signal<bool>* sink_ready_ = nullptr;
  Flit taken_;
  std::vector<Flit> lin_now_;
  std::vector<uint8_t> credit_now_;
  std::vector<Flit> dlv_now_;
  std::vector<uint8_t> core_credit_now_;
};

}  // namespace model
}  // namespace hypercast
