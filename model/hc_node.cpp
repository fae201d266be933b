#include "model/hc_node.h"

namespace hypercast {
namespace model {

HcNode::HcNode(sc_core::sc_module_name name, const RouterTables& t, int ndim, int depth,
               uint32_t addr, std::vector<bool> wrap, bool fair, int hop_cycles, bool grouped)
    : sc_core::sc_module(name),
      clk("clk"),
      lin("lin", t.port_dim.size()),
      lout("lout", t.port_dim.size()),
      credit_in("credit_in", t.port_dim.size()),
      credit_out("credit_out", t.port_dim.size()),
      inj_valid("inj_valid"),
      inj_payload("inj_payload"),
      core_(t, ndim, depth, addr, std::move(wrap), fair, hop_cycles, grouped),
      lin_now_(t.port_dim.size()),
      credit_now_(t.port_dim.size()) {
  SC_HAS_PROCESS(HcNode);
  SC_METHOD(onClock);
  sensitive << clk.pos();
  dont_initialize();
}

void HcNode::onClock() {
  for (size_t p = 0; p < lin.size(); ++p) {
    lin_now_[p] = lin[p].read();
    credit_now_[p] = credit_in[p].read();
  }
  core_.clock(lin_now_, credit_now_, inj_valid.read(), inj_payload.read());
  for (size_t p = 0; p < lout.size(); ++p) {
    lout[p].write(core_.lout()[p]);
    credit_out[p].write(core_.creditOut()[p]);
  }
}

}  // namespace model
}  // namespace hypercast
