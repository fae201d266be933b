#include "emit/epoch_head.h"

namespace hypercast {

std::string epochHeadDecl(const RtlLayout& l) {
  const std::string busy = "  wire [" + std::to_string(l.nodes - 1) + ":0] ep_busy;\n";
  if (!l.epoch) {
    return "  // no admission by epochs: the routers' epoch ports are idle\n"
           "  wire ep_hn = 1'b0;\n  /* verilator lint_off UNUSED */\n" +
           busy + "  /* verilator lint_on UNUSED */\n";
  }
  return "  // admission by epochs: the head epoch's parity of the next cycle, from the\n"
         "  // routers' flags (each router keeps the head epoch in a register of its own)\n"
         "  wire ep_hn;\n" +
         busy + "  hc_epoch_head #(.N(" + std::to_string(l.nodes) +
         ")) u_epoch (.clk_i(clk_i), .rst_ni(rst_ni), .run_i(" +
         (l.programmable ? "cfg_done_o" : "1'b1") + "), .busy_i(ep_busy), .hn_o(ep_hn));\n";
}

std::string epochRouterPorts(uint64_t x) {
  return ".epoch_hn_i(ep_hn), .epoch_busy_o(ep_busy[" + std::to_string(x) + "])";
}

}  // namespace hypercast
