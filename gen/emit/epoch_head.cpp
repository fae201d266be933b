#include "emit/epoch_head.h"

namespace hypercast {

std::string epochHeadDecl(const RtlLayout& l) {
  const std::string busy = "  wire [" + std::to_string(l.nodes - 1) + ":0] ep_busy;\n";
  if (!l.epoch) {
    return "  // no admission by epochs: the routers' epoch ports are idle\n"
           "  wire ep_h = 1'b0;\n  /* verilator lint_off UNUSED */\n" +
           busy + "  /* verilator lint_on UNUSED */\n";
  }
  return "  // admission by epochs: the head epoch's parity, from the routers' flags\n"
         "  wire ep_h;\n" +
         busy + "  hc_epoch_head #(.N(" + std::to_string(l.nodes) +
         ")) u_epoch (.clk_i(clk_i), .rst_ni(rst_ni), .run_i(" +
         (l.programmable ? "cfg_done_o" : "1'b1") + "), .busy_i(ep_busy), .h_o(ep_h));\n";
}

std::string epochRouterPorts(uint64_t x) {
  return ".epoch_h_i(ep_h), .epoch_busy_o(ep_busy[" + std::to_string(x) + "])";
}

}  // namespace hypercast
