// The AXI4-Stream top of a hypercycle broadcast network (docs/hardware.md
// "AXI4-Stream endpoints"): the hardwired routers wired as in the plain top,
// each behind an hc_axis_endpoint (ejection queues, credits withheld until a
// delivery has left them), and a self-checking Verilog-2005 testbench for it.
#pragma once

#include <cstdint>
#include <string>

#include "emit/rtl_layout.h"
#include "topology/network.h"

namespace hypercast {

// Which ports the generated folder's top offers.
enum class Endpoints {
  kNative,  // inj_*/dlv_* of every router (the sink must always accept)
  kAxis,    // AXI4-Stream s_axis/m_axis per node, with ejection backpressure
};

// The block RAMs the AXI4-Stream top's ejection queues take when they are in
// block RAM: one simple dual-port memory per node and input port (np lanes per
// node), 1 + AW + PW bits wide (vc, origin, payload), each an iCE40 SB_RAM40_4K
// per 16 bits of width (its widest mode, 256 x 16; the queue uses 2 x DEPTH + 4 of
// the 256 words).
uint64_t axisQueueBrams(const RtlLayout& l);

// The iCE40 HX8K's block RAMs: the AXI4-Stream top puts its ejection queues in
// block RAM when axisQueueBrams() is at most this, else in flip-flops.
constexpr uint64_t kAxisBramBudget = 32;

// The default of the AXI4-Stream top's parameter QRAM (and of its testbench's):
// 1 (queues in block RAM) when axisQueueBrams() fits kAxisBramBudget, else 0.
// An instance may set it either way (a larger FPGA, or distributed RAM).
bool axisQueuesInBram(const RtlLayout& l);

// `net` is a hypercycle; the router is the hardwired one (`router` its wrapper).
std::string axisTop(const NetworkDesc& net, const RtlLayout& l, const RtlOptions& o,
                    const std::string& router, const std::string& top);

// Module `<top>_synth_wrap` (emit/synth_wrapper.h) around the AXI4-Stream top
// `top`: every s_axis/m_axis port through the pin-limited shift register, for
// place and route.
std::string axisSynthWrapper(const NetworkDesc& net, const RtlLayout& l, const std::string& top);

// A testbench module `tb_<top>`: every node injects `per_node` broadcasts with
// random valid gaps and every m_axis sink takes them with random ready
// (including long stalls of one node and of all); checks each delivery's origin
// and data, that every other node receives every broadcast exactly once, and a
// watchdog; prints PASS or the first error and calls $finish.
std::string axisTestbench(const NetworkDesc& net, const RtlLayout& l, const std::string& top,
                          int per_node);

}  // namespace hypercast
