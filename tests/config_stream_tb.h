// Verilog testbench tasks that write the programmable router's configuration
// stream (docs/hardware.md "Programmable router"), shared by the testbenches of
// hc_router_cfg (test_programmable) and hc_weight_unit (test_weight_unit).
#pragma once

#include <string>

namespace hctest {

// word(w): offers w on `valid`/`data` until `ready` (or `err`) takes it, at most
// 50 cycles. finish: waits for `done` or `err`, at most 400 cycles, then runs
// `after_finish` (Verilog statements). Both use the testbench's `clk` and an
// integer `k`.
inline std::string cfgStreamTasks(int cdw, const std::string& valid, const std::string& data,
                                  const std::string& ready, const std::string& done,
                                  const std::string& err, const std::string& after_finish = "") {
  return "  task word(input [" + std::to_string(cdw - 1) + ":0] w);\n    begin\n      " + valid +
         " = 1'b1; " + data + " = w; k = 0;\n      while (!" + ready + " && !" + err +
         " && k < 50) begin @(negedge clk); k = k + 1; end\n      @(negedge clk); " + valid +
         " = 1'b0;\n    end\n  endtask\n  task finish;\n    begin k = 0;\n      while (!" + done +
         " && !" + err + " && k < 400) begin @(negedge clk); k = k + 1; end\n" + after_finish +
         "    end\n  endtask\n";
}

}  // namespace hctest
