// Pin-limited wrappers for placing and routing a router, or a whole network, on
// an FPGA: the design's inputs come from a shift register fed by one pin, its
// outputs are XOR-reduced four at a time into registers and then into one pin,
// and its straps are constants (node 0's for a lone router). Every path of the
// design then starts and ends at a flip-flop, as in the network, so the achieved
// clock is the design's own. A programmable router's configuration port is driven
// from the shift register too, so that none of its logic is constant.
#pragma once

#include <string>
#include <vector>

#include "emit/rtl_layout.h"
#include "topology/hypercycle.h"

namespace hypercast {

struct WrapPort {
  std::string name;
  int width = 1;
  bool input = true;
  std::string
      constant;  // inputs: a Verilog literal to strap, empty to feed from the shift register
};

// Module `<module>_synth_wrap` (ports clk_i, rst_ni, sin_i, sout_o) around `module`,
// whose ports besides clk_i and rst_ni are `ports`.
std::string pinLimitedWrapper(const std::string& module, const std::vector<WrapPort>& ports);

// The generated router `router` (every one of its ports), and the whole-network top `top`.
std::string routerSynthWrapper(const Hypercycle& h, const RtlLayout& l, const std::string& router);
std::string networkSynthWrapper(const Hypercycle& h, const RtlLayout& l, const std::string& top);

}  // namespace hypercast
