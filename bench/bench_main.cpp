// `make bench`: the figures, printed as a table. Not a test: it measures.
//  - generation time (emit + write) for the prototype's largest size, four
//    dimensions of 15 nodes (50,625 nodes, degree 16), and for a 1,000-node network;
//  - Verilator build time of a 1,000-node network (ccache off) and simulation speed
//    in node-cycles per second for the Verilated RTL, the SystemC model and both in
//    lock step, on every node broadcasting at once;
//  - hypercube collectives (issue 3): schedule construction plus checking time for
//    the d = 12 multinode broadcast and scatter and the d = 10 total exchange; ROM
//    bits per node and in all; Verilator speed of the 6-cube total exchange.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "emit/hypercycle_rtl.h"
#include "emit/output_dir.h"
#include "test_util.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void row(const std::string& what, const std::string& value, const std::string& note = "") {
  std::printf("| %-58s | %18s | %-28s |\n", what.c_str(), value.c_str(), note.c_str());
}

std::string fmt(double v, const char* f = "%.2f") {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

void generation(const std::vector<int>& m, const std::vector<int>& rho, const std::string& label) {
  const Hypercycle h = Hypercycle::fromPaperOrder(m, rho);
  const std::string dir = "/tmp/hc-bench-gen-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const double t0 = now();
  const HypercycleRtl rtl = emitHypercycleNetwork(h, RtlOptions{});
  const double t1 = now();
  writeOutputTree(dir, rtl.files);
  const double t2 = now();
  size_t bytes = 0;
  for (const auto& f : rtl.files) bytes += f.second.size();
  fs::remove_all(dir);
  row("generate " + label + ": " + std::to_string(h.nodes()) + " nodes, degree " +
          std::to_string(h.degree()),
      fmt(t2 - t0, "%.3f s"),
      "emit " + fmt(t1 - t0, "%.3f") + " s, " + fmt(static_cast<double>(bytes) / 1e6, "%.1f") +
          " MB");
}

// Verilator against Icarus on the same generated network (G^{1,1}_{4,4}, 16
// nodes, whole top), every node offering a broadcast every cycle for 20,000
// cycles: Verilator through `simulate --traffic uniform --rate 1`, Icarus through
// a plain testbench that holds every inj_valid_i high.
void icarusVersusVerilator(const std::string& env) {
  const std::string hc = hctest::hypercast();
  const int cycles = 20000;
  const auto v = hctest::run(env + hc + " simulate --m 4,4 --rho 1,1 --traffic uniform --rate 1" +
                             " --cycles " + std::to_string(cycles) +
                             " --engine verilator --rtl-model network --json");
  const double vs = hctest::jsonNumber(v.out, "node_cycles_per_second");
  const std::string dir = "/tmp/hc-bench-icarus-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto g = hctest::run(hc + " generate --m 4,4 --rho 1,1 --out " + dir + " --json");
  const std::string top = hctest::jsonStr(g.out, "top");
  {
    std::ofstream tb(dir + "/tb_icarus.v");
    tb << "`timescale 1ns/1ps\nmodule tb;\n  reg clk = 0, rst_n = 0;\n"
       << "  wire [15:0] ready; wire [63:0] dv; wire [64*64-1:0] dd;\n  integer i;\n"
       << "  " << top << " dut(.clk_i(clk), .rst_ni(rst_n), .inj_valid_i({16{1'b1}}),\n"
       << "    .inj_payload_i({16{32'h5a5a0001}}), .inj_ready_o(ready), .dlv_valid_o(dv),\n"
       << "    .dlv_data_o());\n"
       << "  initial begin\n    #1 rst_n = 1;\n    for (i = 0; i < " << cycles
       << "; i = i + 1) begin #1 clk = 1; #1 clk = 0; end\n    $finish;\n  end\nendmodule\n";
  }
  std::string files;
  for (const char* f : {"hw/hc_fifo.v", "hw/hc_rr_arbiter.v", "hw/hc_router.v"}) {
    files += std::string(" ") + f;
  }
  const std::string router = top.substr(0, top.size() - 4) + "_router";
  files += " rtl/" + router + ".v rtl/" + top + ".v tb_icarus.v";
  const auto c = hctest::run("cd " + dir + " && iverilog -g2012 -o sim.vvp" + files);
  const double t0 = now();
  const auto r = hctest::run("cd " + dir + " && vvp -n sim.vvp");
  const double secs = now() - t0;
  const double is = 16.0 * cycles / secs;
  fs::remove_all(dir);
  row("speed verilator, 16 nodes, every node offering each cycle",
      fmt(vs / 1e6, "%.3f M") + " n-c/s",
      v.code == 0 ? "simulate --traffic uniform --rate 1, PASS" : "FAILED");
  row("speed icarus, same network and load", fmt(is / 1e6, "%.4f M") + " n-c/s",
      c.code == 0 && r.code == 0 ? "verilator/icarus = " + fmt(vs / is, "%.0f") + "x"
                                 : "FAILED: " + c.err.substr(0, 40));
}

// The router's synthesis figures (hypercast synth) for a degree-8 router with a
// 32-bit payload, the Fmax target configuration. `net` is the network's
// --m/--rho: G^{2,2}_{5,5} (every weight 1: each output arbitrates over at most 5
// sources) and G^{1,1,1,1}_{5^4} (every ring continues on two VCs: the degree-8
// shape with the most sources per output).
void routerSynthesis(const std::string& kind, const std::string& net, const std::string& options) {
  const std::string dir = "/tmp/hc-bench-synth-" + std::to_string(::getpid());
  const double t0 = now();
  const auto r =
      hctest::run(hctest::hypercast() + " synth " + net + " " + options + " --out " + dir);
  const double secs = now() - t0;
  const std::string js = hctest::slurp(dir + "/synth_report.json");
  fs::remove_all(dir);
  if (r.code != 0) {
    row("synth " + kind + " degree-8 router", "FAILED", r.err.substr(0, 28));
    return;
  }
  row("synth " + kind + " degree-8 router, 32-bit payload: generic cells",
      std::to_string(hctest::jsonInt(js, "generic_cells")), "prototype: 2106 cells");
  row("  iCE40 LUT4 / flip-flops",
      std::to_string(hctest::jsonInt(js, "lut4")) + " / " +
          std::to_string(hctest::jsonInt(js, "ff")),
      "");
  const double fmax = hctest::jsonNumber(js, "fmax_mhz");
  const double median = hctest::jsonNumber(js, "fmax_median_mhz");  // -1 for one seed
  const std::string spread = median > 0 ? ", median of the seeds " + fmt(median) + " MHz" : "";
  row("  HX8K Fmax placed and routed",
      fmax > 0 ? fmt(fmax) + " MHz" + (median > 0 ? " best" : "")
               : "no fit (" + std::to_string(hctest::jsonInt(js, "placed_lcs")) + " LCs)",
      "target 100 MHz" + (fmax > 0 ? spread : "") + "; synth " + fmt(secs, "%.0f") + " s");
}

// The prototype's own module, hc_weight_unit, at the prototype's limits (4
// dimensions, 15 nodes, degree 16): the like-for-like comparison with Sec. 4.1.
void weightUnitSynthesis() {
  const std::string dir = "/tmp/hc-bench-unit-" + std::to_string(::getpid());
  const auto r =
      hctest::run(hctest::hypercast() +
                  " synth --router programmable --weight-unit-only --xilinx --out " + dir);
  const std::string js = hctest::slurp(dir + "/synth_report.json");
  fs::remove_all(dir);
  if (r.code != 0) {
    row("synth hc_weight_unit", "FAILED", r.err.substr(0, 28));
    return;
  }
  row("synth hc_weight_unit, prototype's limits: generic cells",
      std::to_string(hctest::jsonInt(js, "generic_cells")), "prototype: 2106 cells");
  row("  7-series cells (synth_xilinx) / iCE40 LUT4",
      std::to_string(hctest::jsonInt(js, "cells")) + " / " +
          std::to_string(hctest::jsonInt(js, "lut4")),
      "pins " + std::to_string(hctest::jsonInt(js, "pins")) + " (prototype 62)");
  row("  HX8K Fmax; origin worst case",
      fmt(hctest::jsonNumber(js, "fmax_mhz")) + " MHz; " +
          std::to_string(hctest::jsonInt(js, "origin_cycles")) + " cyc",
      "prototype 25 MHz; 125 cycles");
}

}  // namespace

int main() {
  const std::string hc = hctest::hypercast();
  std::printf("| %-58s | %18s | %-28s |\n", "benchmark", "value", "note");
  std::printf("|%s|%s|%s|\n", std::string(60, '-').c_str(), std::string(20, '-').c_str(),
              std::string(30, '-').c_str());
  generation({15, 15, 15, 15}, {2, 2, 2, 2}, "prototype size G^{2,2,2,2}_{15,15,15,15}");
  generation({10, 10, 10}, {2, 2, 1}, "G^{2,2,1}_{10,10,10}");

  const std::string net = " --m 10,10,10 --rho 2,2,1";
  const std::string cache = "/tmp/hc-bench-cache-" + std::to_string(::getpid());
  fs::remove_all(cache);
  const std::string env = "HYPERCAST_CACHE=" + cache + " ";
  // Verilator build, ccache off so that the figure is a cold build; the second,
  // cached run gives the simulation's own share.
  const std::string lone = " simulate" + net + " --source 0 --engine verilator --json";
  double t0 = now();
  hctest::run("CCACHE_DISABLE=1 " + env + hc + lone);
  const double build = now() - t0;
  t0 = now();
  const int code = hctest::run(env + hc + lone).code;
  const double warm = now() - t0;
  row("Verilator build, 1000 nodes (routers model, ccache off)", fmt(build - warm, "%.1f s"),
      code == 0 ? "first run " + fmt(build, "%.1f") + " s, cached " + fmt(warm, "%.1f") + " s"
                : "FAILED");

  for (const char* engine : {"verilator", "systemc", "cosim"}) {
    const auto r =
        hctest::run(env + hc + " simulate" + net + " --all-sources --engine " + engine + " --json");
    const double speed = hctest::jsonNumber(r.out, "node_cycles_per_second");
    row(std::string("speed ") + engine + ", 1000 nodes, all nodes broadcast",
        fmt(speed / 1e6, "%.3f M") + " n-c/s",
        r.code == 0 ? fmt(hctest::jsonNumber(r.out, "cycles"), "%.0f") + " cycles, verdict PASS"
                    : "FAILED");
  }

  // Hypercube collectives: construction + independent check, as `schedule` runs them.
  for (const auto& [coll, d] : std::vector<std::pair<std::string, int>>{
           {"multinode-broadcast", 12}, {"scatter", 12}, {"total-exchange", 10}}) {
    const auto r = hctest::run(hc + " schedule --topology hypercube --dim " + std::to_string(d) +
                               " --collective " + coll + " --json");
    const double b = hctest::jsonNumber(r.out, "build_seconds");
    const double c = hctest::jsonNumber(r.out, "check_seconds");
    row("schedule + check " + coll + ", d = " + std::to_string(d), fmt(b + c, "%.3f s"),
        r.code == 0 && hctest::jsonBool(r.out, "optimal")
            ? "build " + fmt(b, "%.3f") + " s, check " + fmt(c, "%.3f") + " s, optimal"
            : "FAILED");
  }
  for (const auto& [coll, d] : std::vector<std::pair<std::string, int>>{{"broadcast", 6},
                                                                        {"multinode-broadcast", 6},
                                                                        {"scatter", 6},
                                                                        {"total-exchange", 6},
                                                                        {"multinode-broadcast", 10},
                                                                        {"total-exchange", 8}}) {
    const std::string dir = "/tmp/hc-bench-rom-" + std::to_string(::getpid());
    const auto r = hctest::run(hc + " generate --topology hypercube --dim " + std::to_string(d) +
                               " --collective " + coll + " --out " + dir + " --json");
    fs::remove_all(dir);
    const long long per = hctest::jsonInt(r.out, "rom_bits_per_node");
    const long long total = hctest::jsonInt(r.out, "rom_bits_total");
    row("ROM bits per node, " + coll + ", d = " + std::to_string(d), std::to_string(per),
        r.code == 0 ? fmt(static_cast<double>(total) / 8192, "%.1f") + " KiB in all, store " +
                          std::to_string(hctest::jsonInt(r.out, "peak_store")) + " pkts"
                    : "FAILED");
  }
  {
    const std::string te = " simulate --topology hypercube --dim 6 --collective total-exchange";
    t0 = now();
    hctest::run(env + hc + te + " --engine verilator --rtl-model network --json");
    const double first = now() - t0;
    for (const char* engine : {"verilator", "systemc", "cosim"}) {
      const auto r =
          hctest::run(env + hc + te + " --repeat 300 --engine " + engine +
                      (std::string(engine) == "systemc" ? "" : " --rtl-model network") + " --json");
      const double speed = hctest::jsonNumber(r.out, "node_cycles_per_second");
      row(std::string("speed ") + engine + ", 6-cube total exchange x300",
          fmt(speed / 1e6, "%.3f M") + " n-c/s",
          r.code == 0
              ? fmt(hctest::jsonNumber(r.out, "cycles"), "%.0f") + " cycles, PASS" +
                    (std::string(engine) == "verilator" ? ", build " + fmt(first, "%.0f") + " s"
                                                        : "")
              : "FAILED");
    }
  }
  // Schedule networks on Verilator: the whole generated top (every node emitted)
  // against hc_sched_node Verilated once and wired N times by the harness, on
  // the multinode broadcast. Build time is the first (cold-cache) run's.
  for (const auto& [d, model] : std::vector<std::pair<int, std::string>>{
           {6, "network"}, {6, "nodes"}, {8, "network"}, {8, "nodes"}, {10, "nodes"}}) {
    const std::string mnb = " simulate --topology hypercube --dim " + std::to_string(d) +
                            " --collective multinode-broadcast --engine verilator --rtl-model " +
                            model + " --json";
    t0 = now();
    const auto first = hctest::run(env + hc + mnb);
    const double build_s = now() - t0 - hctest::jsonNumber(first.out, "seconds");
    const auto r = hctest::run(env + hc + mnb + " --repeat 20");
    const double speed = hctest::jsonNumber(r.out, "node_cycles_per_second");
    const std::string what = "sched " + model + " model, " + std::to_string(d) + "-cube MNB";
    const bool ok = first.code == 0 && r.code == 0;
    row(what + ", first run (build + 1 run)", ok ? fmt(build_s, "%.0f s") : "FAILED",
        ok ? "PASS, Verilated: " + hctest::jsonStr(r.out, "rtl_model") : "FAILED");
    row(what + ", speed x20", ok ? fmt(speed / 1e6, "%.3f M") + " n-c/s" : "FAILED",
        ok ? fmt(hctest::jsonNumber(r.out, "cycles"), "%.0f") + " cycles" : "FAILED");
  }
  icarusVersusVerilator(env);
  routerSynthesis("hardwired G^{2,2}_{5,5}", "--m 5,5 --rho 2,2", "--seeds 10");
  routerSynthesis("hardwired G^{2,2}_{5,5}, 1 flit/VC,", "--m 5,5 --rho 2,2",
                  "--buffer-depth 1 --seeds 10");
  // One seed: this router takes over a minute per placement.
  routerSynthesis("hardwired G^{1,1,1,1}_{5^4}, 1 flit/VC,", "--m 5,5,5,5 --rho 1,1,1,1",
                  "--buffer-depth 1");
  routerSynthesis("programmable", "--m 5,5 --rho 2,2",
                  "--router programmable --max-dims 2 --max-radix 5 --max-degree 8");
  weightUnitSynthesis();
  fs::remove_all(cache);
  return 0;
}
