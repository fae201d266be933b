// A pin-limited wrapper for placing and routing one router on an FPGA: the
// router's inputs come from a shift register fed by one pin, its outputs are
// XOR-reduced four at a time into registers and then into one pin, and its straps are node 0's.
// Every router path then starts and ends at a flip-flop, as in the network, so the achieved clock
// is the router's own.
#pragma once

#include <string>

#include "emit/rtl_layout.h"
#include "topology/hypercycle.h"

namespace hypercast {

// Module `<router>_synth_wrap`, ports clk_i, rst_ni, sin_i, sout_o.
std::string routerSynthWrapper(const Hypercycle& h, const RtlLayout& l, const std::string& router);

}  // namespace hypercast
