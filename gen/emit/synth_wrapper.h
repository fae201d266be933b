// Pin-limited wrappers for placing and routing a router, or a whole network, on
// an FPGA: the design's inputs come from a shift register fed by one pin, its
// outputs are XOR-reduced four at a time into registers and then into one pin,
// and its straps are constants (node 0's for a lone router). Every path of the
// design then starts and ends at a flip-flop, as in the network, so the achieved
// clock is the design's own. A programmable router's configuration port is driven
// from the shift register too, so that none of its logic is constant.
// A router whose link outputs are not all flip-flops (one cycle per hop: origin
// and payload leave through an AND-OR of the heads' registers) has those fields
// of each output port looped back into the same input port, as a link would
// carry them into the next router's registers, so that the path from the
// sending registers to the receiving ones is placed and timed whole.
#pragma once

#include <string>
#include <vector>

#include "emit/rtl_layout.h"
#include "topology/network.h"

namespace hypercast {

struct WrapPort {
  std::string name;
  int width = 1;
  bool input = true;
  std::string
      constant;  // inputs: a Verilog literal to strap, empty to feed from the shift register
};

// Input bits fed from an output port instead of the shift register: those set in
// `mask` (hex digits, the input's width) of input port `input` come from the same
// bits of output port `output`.
struct WrapLoop {
  std::string input;
  std::string output;
  std::string mask;
};

// Module `<module>_synth_wrap` (ports clk_i, rst_ni, sin_i, sout_o) around `module`,
// whose ports besides clk_i and rst_ni are `ports` (a name that is not a plain
// Verilog identifier, such as yosys's "v4[2]", is written escaped).
std::string pinLimitedWrapper(const std::string& module, const std::vector<WrapPort>& ports,
                              const std::vector<WrapLoop>& loops = {});

// The generated router `router` (every one of its ports), and the whole-network top `top`.
std::string routerSynthWrapper(const NetworkDesc& net, const RtlLayout& l,
                               const std::string& router);
std::string networkSynthWrapper(const NetworkDesc& net, const RtlLayout& l, const std::string& top);

}  // namespace hypercast
