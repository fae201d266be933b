// One hypercycle node of the SystemC transaction model: a RouterCore clocked by
// the network clock, its links and credit returns as signal channels.
#pragma once

#include <systemc>
#include <vector>

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

  HcNode(sc_core::sc_module_name name, const RouterTables& t, int ndim, int depth, uint32_t addr,
         std::vector<bool> wrap, bool fair = false, int hop_cycles = 1, bool grouped = false);

  const RouterCore& core() const { return core_; }
  RouterCore& core() { return core_; }

 private:
  void onClock();
  RouterCore core_;
  std::vector<Flit> lin_now_;
  std::vector<uint8_t> credit_now_;
};

}  // namespace model
}  // namespace hypercast
