#include "model/hc_node.h"

namespace hypercast {
namespace model {

HcNode::HcNode(sc_core::sc_module_name name, const RouterTables& t, int ndim, int depth,
               uint32_t addr, std::vector<bool> wrap, bool fair, int hop_cycles, bool grouped,
               EpochRule epochs)
    : sc_core::sc_module(name),
      clk("clk"),
      lin("lin", t.port_dim.size()),
      lout("lout", t.port_dim.size()),
      credit_in("credit_in", t.port_dim.size()),
      credit_out("credit_out", t.port_dim.size()),
      inj_valid("inj_valid"),
      inj_payload("inj_payload"),
      head_epoch("head_epoch"),
      held_epochs("held_epochs"),
      core_(t, ndim, depth, addr, std::move(wrap), fair, hop_cycles, grouped, epochs),
      lin_now_(t.port_dim.size()),
      credit_now_(t.port_dim.size()) {
  SC_HAS_PROCESS(HcNode);
  SC_METHOD(onClock);
  sensitive << clk.pos();
  dont_initialize();
}

void HcNode::addAxisEndpoint(const sc_core::sc_signal<bool>& sink_ready, int depth) {
  ep_ = std::make_unique<AxisEndpoint>(static_cast<int>(lin.size()), depth);
  sink_ready_ = &sink_ready;
}

void HcNode::onClock() {
  for (size_t p = 0; p < lin.size(); ++p) {
    lin_now_[p] = lin[p].read();
    credit_now_[p] = credit_in[p].read();
  }
  if (ep_) {
    // The endpoint clocks on what the router showed during the cycle.
    dlv_now_ = core_.delivery();
    core_credit_now_ = core_.creditOut();
    taken_ = ep_->shown();
    taken_.valid = ep_->clock(dlv_now_, core_credit_now_, sink_ready_->read());
  }
  core_.clock(lin_now_, credit_now_, inj_valid.read(), inj_payload.read(), head_epoch.read());
  held_epochs.write(core_.heldEpochs());
  const std::vector<uint8_t>& up = ep_ ? ep_->creditOut() : core_.creditOut();
  for (size_t p = 0; p < lout.size(); ++p) {
    lout[p].write(core_.lout()[p]);
    credit_out[p].write(up[p]);
  }
}

}  // namespace model
}  // namespace hypercast
