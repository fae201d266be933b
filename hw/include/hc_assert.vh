// hc_assert.vh: the one assertion vocabulary of hw/. Every module includes it
// (`include "hc_assert.vh"`, with hw/include on the include path; the copies
// that `generate` writes have it inlined) and states its rules with these
// macros. Each check is a named block, so a failure names its rule (%m prints
// the instance path and the name). The macros read the module's clk_i and
// rst_ni: a check holds out of reset (rst_ni high).
//
//  `HC_ASSERT(name, cond, msg)  a rule of the module: cond holds in every cycle
//  `HC_ASSUME(name, cond, msg)  a rule of the environment (an input protocol):
//                               assumed by a proof, checked in simulation
//  `HC_COVER(name, cond)        a state a proof must be able to reach
//  `HC_PARAM(name, cond, msg)   a check of the module's parameters
//  `HC_ERR(name, cond, msg)     a fault the module reports on its err_o (bad
//                               data or a bad ROM, not a broken module): named
//                               on stderr in simulation without stopping it
//                               (the harness judges err_o; its report stays
//                               alone on stdout), a cover point for a proof
//  `HC_FORMAL_RESET             a proof starts in reset (rst_ni low); the
//                               module a proof names as its top states it
//
// FORMAL (yosys read_verilog -formal): immediate assert/assume/cover, checked combinationally
// in every step out of reset (SystemVerilog: for yosys only). SYNTHESIS (and no FORMAL):
// nothing, plain Verilog-2005; every synthesis must define it (yosys read_verilog does).
// Otherwise (Verilator, Icarus): $error with the name once per failing clock edge (Icarus
// continues; the other stops), and $fatal at time 0 for a parameter check: IEEE 1800 tasks,
// which both simulators accept in Verilog-2005 mode. Arguments must not contain a bare
// comma: wrap concatenations in parentheses. There is no include guard (Icarus's -y library
// files would lose the macros behind one): every file defines the same macros again.
`ifdef FORMAL
`define HC_ASSERT(name, cond, msg) \
  always @(*) begin : name \
    if (rst_ni) assert (cond); \
  end
`define HC_ASSUME(name, cond, msg) \
  always @(*) begin : name \
    if (rst_ni) assume (cond); \
  end
`define HC_COVER(name, cond) \
  always @(*) begin : name \
    if (rst_ni) cover (cond); \
  end
`define HC_PARAM(name, cond, msg) \
  always @(*) begin : name \
    assert (cond); \
  end
`define HC_ERR(name, cond, msg) \
  always @(*) begin : name \
    if (rst_ni) cover (cond); \
  end
`define HC_FORMAL_RESET initial assume (!rst_ni);
`elsif SYNTHESIS
`define HC_ASSERT(name, cond, msg)
`define HC_ASSUME(name, cond, msg)
`define HC_COVER(name, cond)
`define HC_PARAM(name, cond, msg)
`define HC_ERR(name, cond, msg)
`define HC_FORMAL_RESET
`else
`define HC_ASSERT(name, cond, msg) \
  always @(posedge clk_i or negedge rst_ni) begin : name \
    if (rst_ni && !(cond)) $error("%m: assertion failed: %s", msg); \
  end
`define HC_ASSUME(name, cond, msg) \
  always @(posedge clk_i or negedge rst_ni) begin : name \
    if (rst_ni && !(cond)) $error("%m: assumption failed: %s", msg); \
  end
`define HC_COVER(name, cond)
`define HC_PARAM(name, cond, msg) \
  initial begin : name \
    if (!(cond)) $fatal(1, "%m: parameter check failed: %s", msg); \
  end
`define HC_ERR(name, cond, msg) \
  always @(posedge clk_i or negedge rst_ni) begin : name \
    if (rst_ni && (cond)) $fdisplay(32'h8000_0002, "ERROR: %m: %s", msg); \
  end
`define HC_FORMAL_RESET
`endif
