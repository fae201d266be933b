// `make bench`: the issue's figures, printed as a table. Not a test: it measures.
//  - generation time (emit + write) for the prototype's largest size, four
//    dimensions of 15 nodes (50,625 nodes, degree 16), and for a 1,000-node network;
//  - Verilator build time of a 1,000-node network (ccache off) and simulation speed
//    in node-cycles per second for the Verilated RTL, the SystemC model and both in
//    lock step, on every node broadcasting at once;
//  - hypercube collectives: schedule construction plus checking time for
//    the d = 12 multinode broadcast and scatter and the d = 10 total exchange; ROM
//    bits per node and in all; Verilator speed of the 6-cube total exchange;
//  - torus collectives: the MT(4,7) constructions checked, ROM bits on MT(3,5);
//  - export: time and size of the 10-cube allgather and the 8-cube alltoall as
//    MSCCL XML and SCCL JSON, each file checked before it is written;
//  - the mesh broadcast (Cang & Wu): the per-source TCD tables of 8x8x8 and
//    16x16x16 with best, and how far best improves on the paper's Algorithm 2;
//  - regress: a 40-job regression's wall time with -j 1, -j 2 and on a
//    one-node SLURM cluster.
// Each row reads the report of the command it runs (--json, manifest.json,
// synth_report.json) by its key paths (docs/file-formats.md "JSON outputs"); a
// key the report lacks prints the row as FAILED, naming the key, and the part
// goes on. `hc-bench --smoke` (a ctest case) runs every part's commands on the
// smallest networks, the synthesis rows on reports from synth's own writers,
// and exits 1 when a row FAILED.
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "emit/hypercycle_rtl.h"
#include "emit/output_dir.h"
#include "peak_memory.h"
#include "synth_node_cases.h"
#include "test_util.h"
#include "tools/network_synth.h"
#include "tools/router_report.h"
#include "tools/weight_unit_report.h"
#include "topology/hypercycle.h"
#include "topology/network.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Rows printed FAILED (in their value or their note): `--smoke` exits 1 if any.
int failed_rows = 0;

void row(const std::string& what, const std::string& value, const std::string& note = "") {
  if (value.rfind("FAILED", 0) == 0 || note.rfind("FAILED", 0) == 0) ++failed_rows;
  std::printf("| %-58s | %18s | %-28s |\n", what.c_str(), value.c_str(), note.c_str());
}

// The row of a command that failed: FAILED and the start of its stderr.
void failedRow(const std::string& what, const hctest::CmdResult& r) {
  row(what, "FAILED", r.err.substr(0, 28));
}

std::string fmt(double v, const char* f = "%.2f") {
  char b[64];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

// A key path of a report ("figures/lower_bound/steps") that the report lacks,
// or whose value is not of the type the row reads.
struct KeyError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A report as an object: a run's --json stdout, or a file hypercast wrote
// (`what` names it in the error when it is not a JSON object).
nlohmann::json parsed(const std::string& text, const std::string& what = "the output") {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) throw KeyError(what + " is not a JSON object");
  return j;
}

// The value at `path` in `j`, its keys separated by '/'.
const nlohmann::json& fieldAt(const nlohmann::json& j, const std::string& path) {
  const nlohmann::json* v = &j;
  for (size_t from = 0;;) {
    const size_t slash = path.find('/', from);
    const std::string key =
        path.substr(from, slash == std::string::npos ? std::string::npos : slash - from);
    if (!v->is_object() || v->find(key) == v->end()) {
      throw KeyError("key '" + path + "' not found");
    }
    v = &*v->find(key);
    if (slash == std::string::npos) return *v;
    from = slash + 1;
  }
}

// The value at `path` as T, which its JSON type must be: a number for a
// number (a float read as an integer is cut), a boolean for bool, a string for
// std::string.
template <typename T>
T field(const nlohmann::json& j, const std::string& path) {
  const nlohmann::json& v = fieldAt(j, path);
  bool typed = true;
  if constexpr (std::is_same_v<T, bool>) {
    typed = v.is_boolean();
  } else if constexpr (std::is_arithmetic_v<T>) {
    typed = v.is_number();
  } else if constexpr (std::is_same_v<T, std::string>) {
    typed = v.is_string();
  }
  if (!typed) throw KeyError("key '" + path + "' is " + v.type_name());
  return v.get<T>();
}

// A figure of a synthesis report: -1 when not measured (null); a key the
// report lacks throws as field() does.
double figure(const nlohmann::json& j, const std::string& path) {
  return fieldAt(j, path).is_null() ? -1 : field<double>(j, path);
}
// A count of a synthesis report as text ("-1" when not measured).
std::string count(const nlohmann::json& j, const std::string& path) {
  return std::to_string(static_cast<long long>(figure(j, path)));
}

// An exception's message for a FAILED row: nlohmann-json's without its
// "[json.exception...] " prefix ("key 'steps' not found").
std::string failure(const std::exception& e) {
  const std::string m = e.what();
  const size_t at = m.find("] ");
  return m.rfind("[json.exception", 0) == 0 && at != std::string::npos ? m.substr(at + 2) : m;
}

// Rows to print: what, value, note.
using Rows = std::vector<std::array<std::string, 3>>;

// Prints the rows that `read` builds from a report; a key the report lacks, or
// any other exception, prints one row, `what`, FAILED with the key instead,
// and the part goes on.
template <typename Read>
void reading(const std::string& what, Read&& read) {
  Rows rows;
  try {
    rows = read();
  } catch (const std::exception& e) {
    row(what, "FAILED", failure(e));
    return;
  }
  for (const auto& r : rows) row(r[0], r[1], r[2]);
}

// The rows `read` makes of a command's JSON output; a failed command prints
// its FAILED row instead, a missing key FAILED and what is missing.
void runRows(const std::string& what, const hctest::CmdResult& r,
             const std::function<Rows(const nlohmann::json&)>& read) {
  if (r.code != 0) {
    failedRow(what, r);
    return;
  }
  reading(what, [&]() -> Rows { return read(parsed(r.out)); });
}

// The speed row of a `simulate --json` run: node-cycles per second and the
// cycles, then `note`; a failed run prints FAILED and its error instead.
void speedRow(const std::string& what, const hctest::CmdResult& r,
              const std::function<std::string(const nlohmann::json&)>& note) {
  runRows(what, r, [&](const nlohmann::json& j) -> Rows {
    return {{what,
             fmt(field<double>(j, "figures/node_cycles_per_second") / 1e6, "%.3f M") + " n-c/s",
             fmt(field<double>(j, "figures/cycles"), "%.0f") + " cycles" + note(j)}};
  });
}

void generation(const std::vector<int>& m, const std::vector<int>& rho, const std::string& label) {
  const NetworkDesc net = hypercycleNetwork(m, rho);
  const Hypercycle h = Hypercycle::of(net);
  const std::string dir = "/tmp/hc-bench-gen-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const double t0 = now();
  const HypercycleRtl rtl = emitHypercycleNetwork(net, RtlOptions{});
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

// A program's path from $PATH (hctest::start runs a path), or the name itself.
std::string program(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t at = 0;
  while (at <= dirs.size()) {
    const size_t end = std::min(dirs.find(':', at), dirs.size());
    const std::string candidate = dirs.substr(at, end - at) + "/" + name;
    if (end > at && ::access(candidate.c_str(), X_OK) == 0) return candidate;
    at = end + 1;
  }
  return name;
}

// A router network's manifest.json (generate --out DIR; docs/file-formats.md
// "Generated folder and manifest.json"): its top, size, payload width and
// Verilog files in compile order.
struct RouterManifest {
  std::string top;
  std::vector<std::string> files;
  long long nodes = 0, degree = 0, payload_width = 0;
};

RouterManifest routerManifest(const std::string& dir) {
  const nlohmann::json m = parsed(hctest::slurp(dir + "/manifest.json"), "manifest.json");
  RouterManifest r;
  r.top = field<std::string>(m, "top");
  r.nodes = field<long long>(m, "nodes");
  r.degree = field<long long>(m, "degree");
  r.payload_width = field<long long>(m, "options/payload_width");
  const nlohmann::json& files = fieldAt(m, "verilog_files");
  if (!files.is_array()) throw KeyError("key 'verilog_files' is " + std::string(files.type_name()));
  for (const auto& f : files) {
    if (!f.is_string()) throw KeyError("key 'verilog_files' holds " + std::string(f.type_name()));
    r.files.push_back(f.get<std::string>());
  }
  return r;
}

// Verilator against Icarus on the same generated network (G^{1,1}_{4,4}, 16
// nodes), every node offering a broadcast each cycle, three ways:
//  - the Verilated whole-network top through `simulate --traffic uniform --rate 1`
//    (the harness's scoreboard and the independent checker included);
//  - the same Verilated top alone, driven by a bare C++ loop with the Icarus
//    testbench's stimulus;
//  - Icarus (iverilog + vvp) on the same top and stimulus.
// Icarus runs 2,000 cycles (about 1.6 K node-cycles/s here: 20 s), the Verilated
// top alone 200,000, simulate 20,000; the network saturates within a few cycles,
// so each figure is the saturated speed.
// Every file list comes from the generated manifest.json (compile order). A run
// that fails prints FAILED and no figure, and no ratio is printed without both
// of its figures.
void icarusVersusVerilator(const std::string& env) {
  const std::string hc = hctest::hypercast();
  const int cycles = 20000, alone_cycles = 200000, icarus_cycles = 2000;
  const std::string dir = "/tmp/hc-bench-icarus-" + std::to_string(::getpid());
  fs::remove_all(dir);

  // 1. Through simulate: harness and checking.
  const auto v = hctest::run(env + hc + " simulate --m 4,4 --rho 1,1 --traffic uniform --rate 1" +
                             " --cycles " + std::to_string(cycles) +
                             " --engine verilator --rtl-model network --json");
  double checked = -1;
  std::string checked_note = "FAILED";
  if (v.code == 0) {
    try {
      const nlohmann::json vj = parsed(v.out);
      if (field<std::string>(vj, "verdict") == "pass") {
        checked = field<double>(vj, "figures/node_cycles_per_second");
        checked_note = "harness + checking, PASS";
      }
    } catch (const std::exception& e) {
      checked_note = "FAILED: " + failure(e);
    }
  }

  // The network, and what to compile, from its manifest.
  const auto g = hctest::runArgv({hc, "generate", "--m", "4,4", "--rho", "1,1", "--out", dir});
  RouterManifest man;
  std::string man_note = "FAILED: generate";
  if (g.code == 0) {
    try {
      man = routerManifest(dir);
    } catch (const std::exception& e) {
      man_note = "FAILED: " + failure(e);
    }
  }
  const std::string& top = man.top;
  const std::vector<std::string>& files = man.files;
  const long long nodes = man.nodes, degree = man.degree, pw = man.payload_width;
  const bool have_net = !top.empty() && !files.empty() && nodes > 0 && nodes <= 64 && pw == 32;
  if (!top.empty() && !have_net) man_note = "FAILED: not a 16-node, 32-bit network";
  const std::string n = std::to_string(nodes);

  // 2. The Verilated top alone.
  double alone = -1;
  std::string alone_note = man_note;
  if (have_net) {
    {
      std::ofstream c(dir + "/bare_main.cpp");
      c << "#include <chrono>\n#include <cstdio>\n#include <cstdlib>\n#include \"Vtop.h\"\n"
        << "#include \"verilated.h\"\n"
        << "int main(int argc, char** argv) {\n"
        << "  const long cycles = argc > 1 ? std::atol(argv[1]) : 0;\n"
        << "  VerilatedContext ctx;\n  Vtop top(&ctx);\n"
        << "  top.clk_i = 0; top.rst_ni = 0; top.inj_valid_i = 0; top.eval();\n"
        << "  top.clk_i = 1; top.eval(); top.clk_i = 0; top.eval();\n"
        << "  top.rst_ni = 1;\n"
        << "  top.inj_valid_i = " << (nodes == 64 ? "~0ULL" : "(1ULL << " + n + ") - 1") << ";\n"
        << "  for (int w = 0; w < " << nodes << "; ++w) top.inj_payload_i"
        << (nodes * pw > 64 ? "[w] = 0x5a5a0001u;\n" : " = 0x5a5a0001u;\n")
        << "  unsigned long long sink = 0;\n"
        << "  const auto t0 = std::chrono::steady_clock::now();\n"
        << "  for (long c = 0; c < cycles; ++c) {\n"
        << "    top.clk_i = 1; top.eval(); top.clk_i = 0; top.eval();\n"
        << "    sink += top.inj_ready_o;\n  }\n"
        << "  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() "
           "- "
           "t0).count();\n"
        << "  std::printf(\"seconds %.6f accepted %llu\\n\", s, sink);\n"
        << "  return sink > 0 ? 0 : 1;\n}\n";
    }
    std::vector<std::string> vl = {program("verilator"),
                                   "--cc",
                                   "--exe",
                                   "--build",
                                   "-j",
                                   "1",
                                   "--no-timing",
                                   "-Wno-fatal",
                                   "-Wno-lint",
                                   "-Wno-style",
                                   "-O3",
                                   "--x-assign",
                                   "fast",
                                   "--x-initial",
                                   "fast",
                                   "--top-module",
                                   top,
                                   "--prefix",
                                   "Vtop",
                                   "-Mdir",
                                   "obj",
                                   "-o",
                                   "bare",
                                   "-MAKEFLAGS",
                                   "OPT_FAST=-O2 OPT_SLOW=-O1"};
    for (const auto& f : files) vl.push_back(f);
    vl.push_back(dir + "/bare_main.cpp");
    const auto b = hctest::runArgv(vl, {}, dir);
    const auto r = b.code == 0 ? hctest::runArgv({dir + "/obj/bare", std::to_string(alone_cycles)})
                               : hctest::CmdResult{};
    double secs = -1;
    if (r.code == 0 && std::sscanf(r.out.c_str(), "seconds %lf", &secs) == 1 && secs > 0) {
      alone = static_cast<double>(nodes) * alone_cycles / secs;
      alone_note = "bare loop, Icarus stimulus";
    } else {
      alone_note = b.code != 0 ? "FAILED: verilator build" : "FAILED: run";
    }
  }

  // 3. Icarus.
  double icarus = -1;
  std::string icarus_note = man_note;
  if (have_net) {
    {
      std::ofstream tb(dir + "/tb_icarus.v");
      tb << "`timescale 1ns/1ps\nmodule tb;\n  reg clk = 0, rst_n = 0;\n"
         << "  wire [" << nodes - 1 << ":0] ready; wire [" << nodes * degree - 1 << ":0] dv;\n"
         << "  integer i;\n"
         << "  " << top << " dut(.clk_i(clk), .rst_ni(rst_n), .inj_valid_i({" << n
         << "{1'b1}}),\n    .inj_payload_i({" << n
         << "{32'h5a5a0001}}), .inj_ready_o(ready), .dlv_valid_o(dv),\n    .dlv_data_o());\n"
         << "  initial begin\n    #1 clk = 1; #1 clk = 0; rst_n = 1;\n    for (i = 0; i < "
         << icarus_cycles << "; i = i + 1) begin #1 clk = 1; #1 clk = 0; end\n"
         << "    $display(\"hc-bench icarus done\");\n    $finish;\n  end\nendmodule\n";
    }
    std::vector<std::string> iv = {program("iverilog"), "-g2012", "-o", "sim.vvp"};
    for (const auto& f : files) iv.push_back(f);
    iv.push_back("tb_icarus.v");
    const auto c = hctest::runArgv(iv, {}, dir);
    if (c.code != 0) {
      icarus_note = "FAILED: iverilog " + c.err.substr(0, 40);
    } else {
      const double t0 = now();
      const auto r = hctest::runArgv({program("vvp"), "-n", "sim.vvp"}, {}, dir);
      const double secs = now() - t0;
      if (r.code == 0 && r.out.find("hc-bench icarus done") != std::string::npos && secs > 0) {
        icarus = static_cast<double>(nodes) * icarus_cycles / secs;
        icarus_note = "iverilog -g2012, vvp";
      } else {
        icarus_note = "FAILED: vvp";
      }
    }
  }
  fs::remove_all(dir);

  auto speed = [](double s, const char* f) {
    return s > 0 ? fmt(s / 1e6, f) + " n-c/s" : std::string("FAILED");
  };
  row("speed verilator via simulate, 16 nodes, all offering", speed(checked, "%.3f M"),
      checked_note);
  row("speed verilator model alone, same network and load", speed(alone, "%.3f M"), alone_note);
  row("speed icarus, same network and load", speed(icarus, "%.4f M"), icarus_note);
  if (icarus > 0 && (alone > 0 || checked > 0)) {
    row("  verilator / icarus",
        alone > 0 ? fmt(alone / icarus, "%.0f") + "x alone" : std::string("alone FAILED"),
        checked > 0 ? fmt(checked / icarus, "%.0f") + "x with harness + checking"
                    : std::string("with checking FAILED"));
  }
}

// The rows of a network of nodes' synth_report.json
// (docs/schemas/synth-nodes-report.schema.json).
void nodeSynthesisRows(const std::string& label, const std::string& seeds, double secs,
                       const std::string& report) {
  reading("synth " + label, [&]() -> Rows {
    const nlohmann::json js = parsed(report, "synth_report.json");
    const double fmax = figure(js, "ice40/fmax_mhz");
    const double median = figure(js, "ice40/fmax_median_mhz");
    const double nf = figure(js, "network_pnr/fmax_mhz");
    const bool tried = field<bool>(js, "network_pnr/tried");
    Rows rows = {
        {"synth " + label + ": node " + count(js, "node") + " LUT4 / FF / EBR",
         count(js, "ice40/lut4") + " / " + count(js, "ice40/ff") + " / " + count(js, "ice40/bram"),
         count(js, "nodes_like_it") + " of " + count(js, "nodes") + " nodes alike"},
        {"  node placed (HX8K, with I/O wrapper): Fmax best / median",
         fmax > 0 ? fmt(fmax, "%.1f") + " / " + fmt(median, "%.1f") + " MHz"
                  : "no fit (" + count(js, "ice40/placed_lcs") + " LCs)",
         count(js, "ice40/placed_lcs") + " LCs; seeds " + seeds + "; " + fmt(secs, "%.0f") + " s"},
        {"  whole network LUT4 / FF / EBR",
         count(js, "network_ice40/lut4") + " / " + count(js, "network_ice40/ff") + " / " +
             count(js, "network_ice40/bram"),
         tried ? (nf > 0 ? "placed: " + count(js, "network_pnr/lcs") + " LCs, " + fmt(nf, "%.1f") +
                               " MHz"
                         : "tried: " + count(js, "network_pnr/lcs") + " LCs, no fit")
               : "not placed (over 2 x HX8K)"}};
    // Read when it was not placed too, so that the smoke run covers the keys.
    const std::string flat = count(js, "network_pnr/lut4") + " / " + count(js, "network_pnr/ff") +
                             " / " + count(js, "network_pnr/bram");
    if (tried) {
      rows.push_back({"  whole network flattened, with wrapper: LUT4 / FF / EBR", flat,
                      "the netlist placed (seed " + seeds.substr(0, seeds.find('-')) + ")"});
    }
    return rows;
  });
}

// A network of nodes through `synth` (tools/network_synth.h): the largest node's
// iCE40 cells, placed and routed over the case's seeds (best and median Fmax),
// and the whole network's cells (placed when it may fit).
void nodeSynthesis(const std::string& hc, const bench::SynthNodeCase& c) {
  const std::string dir = "/tmp/hc-bench-synth-nodes-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const double t0 = now();
  const auto r = hctest::run(hc + " synth " + c.options + " --pnr-seeds " + c.seeds +
                             (c.extra.empty() ? "" : " " + c.extra) + " --out " + dir);
  const double secs = now() - t0;
  const std::string report = hctest::slurp(dir + "/synth_report.json");
  fs::remove_all(dir);
  if (r.code != 0) {
    failedRow("synth " + c.label, r);
    return;
  }
  nodeSynthesisRows(c.label, c.seeds, secs, report);
}

// One schedule node alone (bench/sched_node_fpga.sh: yosys synth_ice40 of
// hc_sched_node with the manifest's parameters, its ROM apart, then placed in
// its wrapper over seeds 1..`seeds`; 0: yosys only).
void nodeAlone(const std::string& hc, const std::string& label, const std::string& args,
               int seeds = 0) {
  const double t0 = now();
  const auto r = hctest::run("sh " + std::string(HC_SOURCE_DIR) + "/bench/sched_node_fpga.sh " +
                             hc + " " + std::to_string(seeds) + " " + args);
  const double secs = now() - t0;
  const auto figure = [&](const std::string& key) {
    const size_t at = r.out.find(" " + key + "=");
    return at == std::string::npos
               ? std::string("?")
               : r.out.substr(at + key.size() + 2, r.out.find(' ', at + 1) - at - key.size() - 2);
  };
  if (r.code != 0 || r.out.find("LUT4=") == std::string::npos) {
    failedRow("node alone: " + label, r);
    return;
  }
  row("node alone: " + label + " LUT4 / FF / EBR",
      figure("LUT4") + " / " + figure("FF") + " / " + figure("EBR"),
      "NB " + figure("NB") + ", DEPTH " + figure("DEPTH") + "; " + fmt(secs, "%.0f") + " s");
  if (seeds > 0) {
    row("  node alone placed (HX8K, wrapper): Fmax best / median / worst",
        figure("best") + " / " + figure("median") + " / " + figure("worst") + " MHz",
        figure("LCS") + " LCs (seed 1); seeds 1-" + std::to_string(seeds) + " (0: no fit)");
  }
}

// The parameters sched_node_fpga.sh reads from the generated manifest.json and
// top for that node (its SEEDS = params: no yosys): each must be there.
void nodeAloneParams(const std::string& hc, const std::string& label, const std::string& args) {
  const auto r = hctest::run("sh " + std::string(HC_SOURCE_DIR) + "/bench/sched_node_fpga.sh " +
                             hc + " params " + args);
  std::string missing;
  for (const char* p : {"NP", "PW", "NB", "BW", "DEPTH", "AW", "PSW", "IW", "ROWS", "RAW", "NBRAM",
                        "HD", "SMASK", "WMASK"}) {
    const size_t at = r.out.find(std::string("-set ") + p + " ");
    const size_t v = at == std::string::npos ? at : at + std::string(p).size() + 6;
    if (v == std::string::npos || v >= r.out.size() || r.out[v] == ' ' || r.out[v] == '\n') {
      missing += std::string(missing.empty() ? "" : ",") + p;
    }
  }
  if (r.code != 0 || !missing.empty()) {
    row("node alone parameters: " + label, "FAILED",
        r.code != 0 ? r.err.substr(0, 60) : "no " + missing);
    return;
  }
  row("node alone parameters: " + label, std::to_string(hctest::count(r.out, "-set ")) + " set",
      r.out.substr(0, r.out.find(" -set BW")));
}

// The rows of a router's synth_report.json (docs/schemas/synth-report.schema.json).
void routerSynthesisRows(const std::string& kind, double secs, const std::string& report) {
  reading("synth " + kind + " degree-8 router", [&]() -> Rows {
    const nlohmann::json js = parsed(report, "synth_report.json");
    const double fmax = figure(js, "ice40/fmax_mhz");
    const double median = figure(js, "ice40/fmax_median_mhz");  // -1 for one seed
    const std::string spread = median > 0 ? ", median of the seeds " + fmt(median) + " MHz" : "";
    Rows rows = {
        {"synth " + kind + " degree-8 router, 32-bit payload: generic cells",
         count(js, "generic_cells"), "prototype: 2106 cells"},
        {"  iCE40 LUT4 / flip-flops", count(js, "ice40/lut4") + " / " + count(js, "ice40/ff"), ""},
        {"  HX8K Fmax placed and routed",
         fmax > 0 ? fmt(fmax) + " MHz" + (median > 0 ? " best" : "")
                  : "no fit (" + count(js, "ice40/placed_lcs") + " LCs)",
         "target 100 MHz" + (fmax > 0 ? spread : "") + "; synth " + fmt(secs, "%.0f") + " s"}};
    // Time per hop: hop_cycles periods (docs/hardware.md "Two-cycle hop"), at the best seed
    // and at the median.
    const double hop = figure(js, "hop_cycles");
    if (fmax > 0 && hop > 0) {
      rows.push_back({"  time per hop, " + count(js, "hop_cycles") + " cycle(s)",
                      fmt(1000 * hop / fmax, "%.2f ns") + (median > 0 ? " best" : ""),
                      median > 0 ? "median " + fmt(1000 * hop / median, "%.2f ns") : ""});
    }
    return rows;
  });
}

// The router's synthesis figures (hypercast synth) for a degree-8 router with a
// 32-bit payload, the issue's Fmax target configuration. `net` is the network's
// --m/--rho: G^{2,2}_{5,5} (every weight 1: each output arbitrates over at most 5
// sources) and G^{1,1,1,1}_{5^4} (every ring continues on two VCs: the degree-8
// shape with the most sources per output).
void routerSynthesis(const std::string& kind, const std::string& net, const std::string& options) {
  const std::string dir = "/tmp/hc-bench-synth-" + std::to_string(::getpid());
  const double t0 = now();
  const auto r =
      hctest::run(hctest::hypercast() + " synth " + net + " " + options + " --out " + dir);
  const double secs = now() - t0;
  const std::string report = hctest::slurp(dir + "/synth_report.json");
  fs::remove_all(dir);
  if (r.code != 0) {
    failedRow("synth " + kind + " degree-8 router", r);
    return;
  }
  routerSynthesisRows(kind, secs, report);
}

// The six degree-8 shapes, 32-bit payload: the default router (2 flits per VC,
// one cycle per hop, admission by epochs), and 1 flit per VC with one and with
// two cycles per hop (--hop-cycles), placed with seeds 1-10 (best and median,
// and the time per hop). These take minutes per seed on the larger shapes:
// `hc-bench degree8` runs them alone.
void degree8Shapes() {
  for (const auto& [label, net] : std::vector<std::pair<std::string, std::string>>{
           {"G^{2,2}_{5,5}", "--m 5,5 --rho 2,2"},
           {"G^{2,2}_{6,6}", "--m 6,6 --rho 2,2"},
           {"G^{2,2}_{9,9}", "--m 9,9 --rho 2,2"},
           {"C_17<1,2,3,4>", "--m 17 --rho 4"},
           {"G^{1,1,2}_{5,5,5}", "--m 5,5,5 --rho 1,1,2"},
           {"G^{1,1,1,1}_{5^4}", "--m 5,5,5,5 --rho 1,1,1,1"}}) {
    routerSynthesis("hardwired " + label + ", default (2 flits/VC, hop 1),", net,
                    "--pnr-seeds 1-10");
    for (const char* hop : {"1", "2"}) {
      routerSynthesis("hardwired " + label + ", 1 flit/VC, hop " + hop + ",", net,
                      std::string("--buffer-depth 1 --hop-cycles ") + hop + " --pnr-seeds 1-10");
    }
  }
}

// Bounded waiting (--arbitration epoch, the default, and fair): the longest a
// forwarded flit and an injection waited in 100,000 cycles above saturation,
// against the bound (gen/algorithm/wait_bound.h), and round robin's longest
// flit wait and accepted throughput beside it.
// Each case: label, network options, rate.
using WaitCase = std::tuple<std::string, std::string, std::string>;
const std::vector<WaitCase> kWaitCases = {
    {"C_8<1>", "--m 8 --rho 1", "0.5"},
    {"C_5<1>", "--m 5 --rho 1", "0.5"},
    {"C_8<1,2,3,4>", "--m 8 --rho 4", "1"},
    {"G^{3,2}_{6,4}", "--m 6,4 --rho 3,2", "0.5"},
    {"G^{2,2}_{9,9}", "--m 9,9 --rho 2,2 --allow-large", "0.4"}};

void longestWaits(const std::string& hc, const std::vector<WaitCase>& cases = kWaitCases,
                  const std::string& cycles = "100000") {
  for (const auto& [label, net, rate] : cases) {
    const std::string run = hc + " simulate " + net + " --traffic uniform --rate " + rate +
                            " --cycles " + cycles + " --engine systemc --json --arbitration ";
    const auto rr = hctest::run(run + "rr");
    for (const char* arb : {"epoch", "fair"}) {
      const auto bounded = hctest::run(run + arb);
      const std::string what =
          std::string("longest wait, ") + arb + ", " + label + " at " + rate + ": flit / inj";
      if (bounded.code != 0 || rr.code != 0) {
        row(what, "FAILED", (bounded.err + rr.err).substr(0, 28));
        continue;
      }
      reading(what, [&]() -> Rows {
        const nlohmann::json f = parsed(bounded.out), r = parsed(rr.out);
        return {{what,
                 std::to_string(field<long long>(f, "figures/max_output_wait")) + " / " +
                     std::to_string(field<long long>(f, "figures/max_injection_wait")),
                 "bound " + fmt(field<double>(f, "figures/wait_bound_flit"), "%.0f") + " / " +
                     fmt(field<double>(f, "figures/wait_bound_injection"), "%.0f") + "; rr " +
                     std::to_string(field<long long>(r, "figures/max_output_wait")) + "; tput " +
                     fmt(field<double>(f, "figures/throughput"), "%.5f") + " / " +
                     fmt(field<double>(r, "figures/throughput"), "%.5f")}};
      });
    }
  }
}

// Ejection backpressure (simulate --endpoints axis, SystemC model): accepted
// throughput above saturation and mean latency (generation to the last m_axis
// transfer) at a light load, with every sink ready always, half and a tenth of
// the cycles, beside the native top whose sinks take every lane every cycle.
struct AxisNet {
  std::string label, opts, cycles, high, low;
};
const std::vector<AxisNet> kAxisNets = {
    {"G^{1,1}_{4,4}", "--m 4,4 --rho 1,1", "5000", "0.2", "0.005"},
    {"G^{3,2,1}_{8,6,5}", "--m 8,6,5 --rho 3,2,1", "1000", "0.015", "0.0003"}};

void axisBackpressure(const std::string& hc, const std::vector<AxisNet>& nets = kAxisNets) {
  for (const AxisNet& n : nets) {
    for (const auto& [mode, args] : std::vector<std::pair<std::string, std::string>>{
             {"native", ""},
             {"tready 100%", " --endpoints axis"},
             {"tready 50%", " --endpoints axis --tready random:50"},
             {"tready 10%", " --endpoints axis --tready random:10"}}) {
      const std::string run = hc + " simulate " + n.opts + args + " --traffic uniform --cycles " +
                              n.cycles + " --engine systemc --json --quiet --rate ";
      const auto hi = hctest::run(run + n.high);
      const auto lo = hctest::run(run + n.low);
      const std::string what =
          "axis " + n.label + ", " + mode + ": tput @" + n.high + " / lat @" + n.low;
      if (hi.code != 0 || lo.code != 0) {
        row(what, "FAILED", (hi.err + lo.err).substr(0, 28));
        continue;
      }
      reading(what, [&]() -> Rows {
        const nlohmann::json h = parsed(hi.out), l = parsed(lo.out);
        return {{what,
                 fmt(field<double>(h, "figures/throughput"), "%.5f") + " / " +
                     fmt(field<double>(l, "figures/latency_mean"), "%.1f"),
                 "lat @" + n.high + " " + fmt(field<double>(h, "figures/latency_mean"), "%.0f")}};
      });
    }
  }
}

// The rows of hc_weight_unit's synth_report.json (its key weight_unit).
void weightUnitRows(const std::string& report) {
  reading("synth hc_weight_unit", [&]() -> Rows {
    const nlohmann::json js = parsed(report, "synth_report.json");
    return {{"synth hc_weight_unit, prototype's limits: generic cells",
             count(js, "weight_unit/generic_cells"), "prototype: 2106 cells"},
            {"  7-series cells (synth_xilinx) / iCE40 LUT4",
             count(js, "weight_unit/xilinx/cells") + " / " + count(js, "weight_unit/ice40/lut4"),
             "pins " + count(js, "weight_unit/pins") + " (prototype 62)"},
            {"  HX8K Fmax; origin worst case",
             fmt(figure(js, "weight_unit/ice40/fmax_mhz")) + " MHz; " +
                 count(js, "weight_unit/origin_cycles") + " cyc",
             "prototype 25 MHz; 125 cycles"}};
  });
}

// The prototype's own module, hc_weight_unit, at the prototype's limits (4
// dimensions, 15 nodes, degree 16): the like-for-like comparison with Sec. 4.1.
void weightUnitSynthesis() {
  const std::string dir = "/tmp/hc-bench-unit-" + std::to_string(::getpid());
  const auto r =
      hctest::run(hctest::hypercast() +
                  " synth --router programmable --weight-unit-only --xilinx --out " + dir);
  const std::string report = hctest::slurp(dir + "/synth_report.json");
  fs::remove_all(dir);
  if (r.code != 0) {
    failedRow("synth hc_weight_unit", r);
    return;
  }
  weightUnitRows(report);
}

// The torus collectives (Fragopoulou & Akl): construction plus independent check
// of the MT(4,7) multinode scatter (2,401 nodes, 39.5 M transfers; target under
// 30 s), with the other collectives beside it, and ROM bits per node on MT(3,5).
struct TorusCase {
  std::string coll, net;  // net: "n,k"
  int m;
};
const std::vector<TorusCase> kTorusCases = {{"total-exchange", "4,7", 1},
                                            {"multinode-broadcast", "4,7", 1},
                                            {"scatter", "4,7", 1},
                                            {"total-exchange", "3,9", 2},
                                            {"multinode-broadcast", "3,9", 2}};

// `rom` ("n,k"): the torus of the ROM rows.
void torusCollectives(const std::string& hc, const std::vector<TorusCase>& cases = kTorusCases,
                      const std::string& rom = "3,5") {
  const auto nk = [](const std::string& net) {
    const size_t comma = net.find(',');
    return " --n " + net.substr(0, comma) + " --k " + net.substr(comma + 1);
  };
  for (const TorusCase& cs : cases) {
    const std::string coll = cs.coll + (cs.m > 1 ? " M=" + std::to_string(cs.m) : "");
    const std::string what = "schedule + check torus " + coll + ", MT(" + cs.net + ")";
    const auto r = hctest::run(hc + " schedule --topology torus" + nk(cs.net) + " --collective " +
                               cs.coll + " --messages " + std::to_string(cs.m) + " --json");
    runRows(what, r, [&](const nlohmann::json& j) -> Rows {
      if (!field<bool>(j, "optimal")) return {{what, "FAILED", "not optimal"}};
      const double b = field<double>(j, "figures/build_seconds");
      const double c = field<double>(j, "figures/check_seconds");
      return {{what, fmt(b + c, "%.2f s"),
               std::to_string(field<long long>(j, "figures/transmissions")) + " transmissions, " +
                   field<std::string>(j, "construction") + ", optimal"}};
    });
  }
  for (const char* coll : {"broadcast", "multinode-broadcast", "scatter", "total-exchange"}) {
    const std::string what = std::string("ROM bits per node, torus ") + coll + ", MT(" + rom + ")";
    const std::string dir = "/tmp/hc-bench-rom-" + std::to_string(::getpid());
    const auto r = hctest::run(hc + " generate --topology torus" + nk(rom) + " --collective " +
                               coll + " --out " + dir + " --json");
    fs::remove_all(dir);
    runRows(what, r, [&](const nlohmann::json& j) -> Rows {
      return {{what, std::to_string(field<long long>(j, "figures/rom_bits_per_node")),
               std::to_string(field<long long>(j, "figures/rom_rows")) + " rows x " +
                   std::to_string(field<long long>(j, "figures/rom_word_bits")) + " bits, store " +
                   std::to_string(field<long long>(j, "figures/peak_store")) + " pkts"}};
    });
  }
}

// The mesh broadcast (Cang & Wu): `tcd` builds and checks every source's
// schedule. The time of the table with best alone (its own figure, without the
// process start), then both columns: at how many sources best is below the
// paper's Algorithm 2, by how much in all and at most.
void meshBroadcast(const std::string& hc,
                   const std::vector<std::string>& meshes = {"8,8,8", "16,16,16"}) {
  for (const std::string& dims : meshes) {
    const std::string label = "mesh " + dims + ": ";
    const auto b =
        hctest::run(hc + " tcd --topology mesh --dims " + dims + " --algorithm best --json");
    if (b.code != 0) {
      failedRow(label + "TCD table with best, every source", b);
    } else {
      reading(label + "TCD table with best, every source", [&]() -> Rows {
        const nlohmann::json j = parsed(b.out);
        return {
            {label + "TCD table with best, every source",
             fmt(field<double>(j, "figures/seconds"), "%.2f s"),
             std::to_string(field<long long>(j, "figures/sources")) + " sources built + checked"}};
      });
    }
    const auto both = hctest::run(hc + " tcd --topology mesh --dims " + dims + " --json");
    runRows(label + "sources where best < paper", both, [&](const nlohmann::json& s) -> Rows {
      const long long n = field<long long>(s, "figures/best_below_paper/sources");
      const long long total = field<long long>(s, "figures/best_below_paper/total");
      return {{label + "sources where best < paper",
               std::to_string(n) + " of " + std::to_string(field<long long>(s, "figures/sources")),
               "by " + std::to_string(total) + " in all, mean " +
                   fmt(n ? static_cast<double>(total) / static_cast<double>(n) : 0.0, "%.1f") +
                   ", max " + std::to_string(field<long long>(s, "figures/best_below_paper/max"))},
              {label + "mean TCD over sources, paper / best",
               fmt(field<double>(s, "figures/paper/mean"), "%.1f") + " / " +
                   fmt(field<double>(s, "figures/best/mean"), "%.1f"),
               "eye " + std::to_string(field<long long>(s, "figures/best/min")) + ", bound mean " +
                   fmt(field<double>(s, "figures/lower_bound/mean"), "%.1f")}};
    });
  }
}

// The wormhole mesh that runs it (the wormhole hardware): the 8x8x8 broadcast
// from an eye with 4-flit messages, wired tiles against the SystemC model.
// `engine` and its options (--smoke: the SystemC model alone, whose report has
// the same keys).
void wormholeMesh(const std::string& hc, const std::string& dims = "8,8,8",
                  const std::string& eye = "2,2,2", const std::string& engine = "cosim",
                  const std::string& options = " --rtl-model wired") {
  std::string label = dims;
  std::replace(label.begin(), label.end(), ',', 'x');
  const std::string what = "wormhole mesh " + label + " broadcast, eye, 4 flits: " + engine;
  const auto r = hctest::run(hc + " simulate --topology mesh --dims " + dims +
                             " --collective broadcast --source " + eye + " --flits 4 --engine " +
                             engine + options + " --json");
  runRows(what, r, [&](const nlohmann::json& j) -> Rows {
    if (field<std::string>(j, "verdict") != "pass") return {{what, "FAILED", "verdict not pass"}};
    return {{what, std::to_string(field<long long>(j, "figures/cycles")) + " cycles",
             "link heads " + std::to_string(field<long long>(j, "figures/link_heads")) +
                 " = TCD, " + fmt(field<double>(j, "figures/seconds"), "%.2f s")}};
  });
}

// Faber's universal collectives: the regular-order search's time (wall clock of
// `info --regular-order`), and on three hypercycles the cycles of every node
// broadcasting at once through the weight routers against the schedule-ROM
// network's universal broadcast (SystemC model of each; the bound is
// ceil((N-1)/degree)).
// A network: its label and options.
using Labelled = std::vector<std::pair<std::string, std::string>>;

const Labelled kRegularOrderNets = {
    {"Q_10", "--topology hypercube --dim 10"},
    {"Q_12", "--topology hypercube --dim 12"},
    {"G^{3,2,1}_{8,6,5}", "--topology hypercycle --m 8,6,5 --rho 3,2,1"}};
const std::vector<std::string> kAllSourcesNets = {"--m 8,6,5 --rho 3,2,1", "--m 9,9 --rho 2,2",
                                                  "--m 4,4 --rho 1,1"};

void cayleyCollectives(const std::string& hc, const Labelled& orders = kRegularOrderNets,
                       const std::vector<std::string>& nets = kAllSourcesNets) {
  for (const auto& [label, opts] : orders) {
    const double t0 = now();
    const auto r = hctest::run(hc + " info " + opts + " --regular-order --json");
    const double t = now() - t0;
    runRows("regular-order search " + label, r, [&](const nlohmann::json& o) -> Rows {
      return {{"regular-order search " + label, fmt(t, "%.2f s"),
               field<std::string>(o, "regular_order/status") + ", " +
                   std::to_string(field<int>(o, "regular_order/steps")) + " steps, " +
                   std::to_string(field<int>(o, "regular_order/attempts")) + " attempts"}};
    });
  }
  for (const std::string& net : nets) {
    const auto w = hctest::run(hc + " simulate " + net + " --all-sources --engine systemc --json");
    const auto u = hctest::run(hc + " simulate --topology hypercycle " + net +
                               " --collective multinode-broadcast --engine systemc --json");
    if (w.code != 0 || u.code != 0) {
      row("all nodes broadcast, " + net, "FAILED", (w.err + u.err).substr(0, 28));
      continue;
    }
    reading("all nodes broadcast, " + net, [&]() -> Rows {
      const nlohmann::json wj = parsed(w.out), uj = parsed(u.out);
      return {{"all nodes broadcast " + net + ": routers / ROM",
               std::to_string(field<long long>(wj, "figures/cycles")) + " / " +
                   std::to_string(field<long long>(uj, "figures/cycles")) + " cyc",
               "ROM " + std::to_string(field<long long>(uj, "figures/steps")) + " steps, bound " +
                   std::to_string(field<long long>(uj, "figures/lower_bound/steps"))}};
    });
  }
}

// Faber's combining collectives: the accumulation's steps against
// ceil((P-1)/d) and the diameter, the global sum's steps against the diameter
// and accumulate-then-broadcast (2D), with the accumulator width for 16-bit
// inputs; the wall time of `schedule` (build and check).
// The hypercubes (Q_3, Q_6) add the one-way accumulation.
const Labelled kCombiningNets = {
    {"Q_3", "--topology hypercube --dim 3"},
    {"Q_6", "--topology hypercube --dim 6"},
    {"MT(2,5)", "--topology torus --n 2 --k 5"},
    {"G^{1,1}_{4,4}", "--topology hypercycle --m 4,4 --rho 1,1"},
    {"G^{2,1}_{6,4}", "--topology hypercycle --m 6,4 --rho 2,1"},
    {"Ex. 4.7", "--topology cayley --group 8,2 --gens '1,0;-1,0;0,1;1,1;-1,1'"}};

void combiningCollectives(const std::string& hc, const Labelled& nets = kCombiningNets) {
  for (const auto& [label, opts] : nets) {
    const double t0 = now();
    const auto a = hctest::run(hc + " schedule " + opts + " --collective accumulation --json");
    const double ta = now() - t0;
    const auto g = hctest::run(hc + " schedule " + opts + " --collective global-sum --json");
    const double tg = now() - t0 - ta;
    if (a.code != 0 || g.code != 0) {
      row("combining " + label, "FAILED", (a.err + g.err).substr(0, 28));
      continue;
    }
    reading("accumulation " + label, [&]() -> Rows {
      const nlohmann::json aj = parsed(a.out);
      return {{"accumulation " + label + " steps",
               std::to_string(field<int>(aj, "figures/steps")) + ", " + fmt(ta, "%.2f s"),
               "ceil((P-1)/d) " +
                   std::to_string(field<int>(aj, "figures/universal_broadcast_bound")) + ", D " +
                   std::to_string(field<int>(aj, "figures/diameter"))}};
    });
    if (opts.rfind("--topology hypercube ", 0) == 0) {
      const auto h = hctest::run(hc + " schedule " + opts +
                                 " --collective accumulation --links half-duplex --json");
      if (h.code != 0) {
        failedRow("one-way accumulation " + label, h);
      } else {
        reading("one-way accumulation " + label, [&]() -> Rows {
          const nlohmann::json hj = parsed(h.out);
          return {{"one-way accumulation " + label + " steps",
                   std::to_string(field<int>(hj, "figures/steps")),
                   "one-way bound " + std::to_string(field<int>(hj, "figures/one_way_bound"))}};
        });
      }
    }
    reading("global sum " + label, [&]() -> Rows {
      const nlohmann::json gj = parsed(g.out);
      return {{"global sum " + label + " steps",
               std::to_string(field<int>(gj, "figures/steps")) + ", " + fmt(tg, "%.2f s"),
               "D " + std::to_string(field<int>(gj, "figures/diameter")) + ", 2D " +
                   std::to_string(field<int>(gj, "figures/accumulate_then_broadcast_steps")) +
                   ", W " + std::to_string(field<int>(gj, "figures/accumulator_bits")) + " b"}};
    });
  }
}

// The combining collectives' co-simulation (`hypercast simulate --collective
// global-sum|accumulation`: the Verilated hc_sum_node / hc_acc_node network in
// lock step with the SystemC model, six seeded runs) on the issue's matrix: the
// wall time with an empty model cache (Verilator build included, ccache as the
// machine has it), then the cached run alone.
void combiningCosim(const std::string& hc) {
  const std::string cache = "/tmp/hc-bench-combining-" + std::to_string(::getpid());
  for (const char* coll : {"global-sum", "accumulation"}) {
    for (const auto& [label, opts] : std::vector<std::pair<std::string, std::string>>{
             {"Q_3", "--topology hypercube --dim 3"},
             {"MT(2,3)", "--topology torus --n 2 --k 3"},
             {"G^{1,1}_{4,4}", "--topology hypercycle --m 4,4 --rho 1,1"},
             {"one-way Q_3", "--topology hypercube --dim 3 --links half-duplex"}}) {
      fs::remove_all(cache);
      const std::string cmd = "HYPERCAST_CACHE=" + cache + " " + hc + " simulate " + opts +
                              " --collective " + coll + " --input-bits 12 --repeat 6 --json";
      const double t0 = now();
      const auto first = hctest::run(cmd);
      const double t1 = now();
      const auto again = hctest::run(cmd);
      const double t2 = now();
      const std::string what = std::string(coll) + " cosim " + label;
      const bool ok = first.code == 0 && again.code == 0;
      if (!ok) {
        row(what, "FAILED", (first.out + first.err).substr(0, 28));
        continue;
      }
      reading(what, [&]() -> Rows {
        const nlohmann::json j = parsed(again.out);
        return {{what, fmt(t1 - t0, "%.1f s") + " / " + fmt(t2 - t1, "%.2f s"),
                 "build+run / run; " + std::to_string(field<long long>(j, "figures/steps")) +
                     " steps, " + std::to_string(field<long long>(j, "figures/cycles")) +
                     " cycles, PASS"}};
      });
    }
  }
  fs::remove_all(cache);
}

// One-way (half-duplex) links, Faber Sec. 6: the hypercube's multinode
// broadcast (Thm 6.3's two classes) and total exchange (Thm 6.5) on Q_4..Q_8,
// steps against the one-way counting bound, and the wall time of `schedule`
// (build and check).
void halfDuplexCollectives(const std::string& hc, int from = 4, int to = 8) {
  for (const char* coll : {"multinode-broadcast", "total-exchange"}) {
    for (int d = from; d <= to; ++d) {
      const std::string what = std::string("one-way ") +
                               (std::string(coll) == "total-exchange" ? "exchange" : "broadcast") +
                               " Q_" + std::to_string(d) + ": steps / bound";
      const double t0 = now();
      const auto r = hctest::run(hc + " schedule --topology hypercube --dim " + std::to_string(d) +
                                 " --collective " + coll + " --links half-duplex --json");
      const double t = now() - t0;
      runRows(what, r, [&](const nlohmann::json& j) -> Rows {
        return {{what,
                 std::to_string(field<long long>(j, "figures/steps")) + " / " +
                     std::to_string(field<long long>(j, "figures/lower_bound/steps")),
                 fmt(t, "%.2f s") + ", build " +
                     fmt(field<double>(j, "figures/build_seconds"), "%.2f s")}};
      });
    }
  }
}

// `hypercast export` of the 10-cube allgather (1,047,552 transfers) and the
// 8-cube alltoall (262,144): the whole run (schedule, its check, the file, the
// file's own checks, the write) and the file's size; the note splits emit,
// check and write. A failed run prints FAILED and no figure.
// A hypercube collective: collective and dimension.
using CubeCases = std::vector<std::pair<std::string, int>>;

void exportFigures(const std::string& hc,
                   const CubeCases& cases = {{"multinode-broadcast", 10}, {"total-exchange", 8}}) {
  for (const auto& [coll, d] : cases) {
    for (const char* format : {"msccl-xml", "sccl-json"}) {
      const std::string runtime = coll == "total-exchange" ? "alltoall" : "allgather";
      const std::string what =
          std::string("export ") + format + ", " + std::to_string(d) + "-cube " + runtime;
      const std::string out = "/tmp/hc-bench-export-" + std::to_string(::getpid());
      const double t0 = now();
      const auto r = hctest::run(hc + " export --topology hypercube --dim " + std::to_string(d) +
                                 " --collective " + coll + " --format " + format + " --output " +
                                 out + " --json");
      const double wall = now() - t0;
      const bool ok = r.code == 0 && fs::exists(out);
      const double mb = ok ? static_cast<double>(fs::file_size(out)) / 1e6 : 0;
      fs::remove(out);
      if (!ok) {
        failedRow(what, r);
        continue;
      }
      reading(what, [&]() -> Rows {
        const nlohmann::json j = parsed(r.out);
        return {{what, fmt(wall, "%.1f s") + ", " + fmt(mb, "%.1f MB"),
                 "emit " + fmt(field<double>(j, "figures/emit_seconds"), "%.1f") + " s, check " +
                     fmt(field<double>(j, "figures/check_seconds"), "%.1f") + " s"}};
      });
    }
  }
}

}  // namespace

// Schedule networks on Verilator: the whole generated top (every node emitted)
// against hc_sched_node Verilated once and wired N times by the harness, on the
// multinode broadcast. The build figure is the first run's time (empty model
// cache, ccache off) less its simulation; it includes building and checking the
// schedule and reading back the deliveries (a second or two on the 10-cube).
// Each case: the dimension and the --rtl-model (empty: the SystemC model, for
// --smoke, whose report has the same keys).
void scheduleModels(
    const std::string& env, const std::string& hc,
    const std::vector<std::pair<int, std::string>>& cases = {
        {6, "network"}, {6, "wired"}, {8, "network"}, {8, "wired"}, {10, "wired"}}) {
  for (const auto& [d, model] : cases) {
    const std::string mnb = " simulate --topology hypercube --dim " + std::to_string(d) +
                            " --collective multinode-broadcast --engine " +
                            (model.empty() ? "systemc" : "verilator --rtl-model " + model) +
                            " --json";
    const double t0 = now();
    const auto first = hctest::run("CCACHE_DISABLE=1 " + env + hc + mnb);
    const double t1 = now();
    const auto r = hctest::run(env + hc + mnb + " --repeat 20");
    const std::string what = "sched " + (model.empty() ? std::string("systemc") : model) +
                             " model, " + std::to_string(d) + "-cube MNB";
    if (first.code != 0 || r.code != 0) {
      row(what + ", cold build (ccache off)", "FAILED", (first.err + r.err).substr(0, 28));
      continue;
    }
    reading(what, [&]() -> Rows {
      const double build_s = t1 - t0 - field<double>(parsed(first.out), "figures/seconds");
      const nlohmann::json j = parsed(r.out);
      const double speed = field<double>(j, "figures/node_cycles_per_second");
      return {{what + ", cold build (ccache off)", fmt(build_s, "%.0f s"),
               "first run less its simulation, PASS"},
              {what + ", speed x20", fmt(speed / 1e6, "%.3f M") + " n-c/s",
               fmt(field<double>(j, "figures/cycles"), "%.0f") + " cycles"}};
    });
  }
}

// A 40-job regression (the hypercycle G^{1,1}_{3,3} and the 3-cube, SystemC
// model): wall time with -j 1 and -j 2, and through a one-node SLURM cluster
// (scripts/slurm_test.sh BUILD --bench DIR starts one where it can; else no figure, why).
void regressRows(const std::string& hc) {
  const std::string dir = "/tmp/hc-bench-regress-" + std::to_string(::getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  {
    std::ofstream f(dir + "/r.yaml");
    f << "name: bench40\n"
         "networks:\n"
         "  - {name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}\n"
         "  - {name: q3, topology: hypercube, dim: 3}\n"
         "workloads:\n"
         "  - {name: bcast, source: [0, 1, 2, 3, 4, 5, 6, 7, 8]}\n"  // 9 (g33)
         "  - {name: load, traffic: uniform, rate: [0.05, 0.1, 0.2, 0.3], seed: [1, 2, 3],\n"
         "     cycles: 20000}\n"                                                         // 12 (g33)
         "  - {name: rand, random: 8, window: 16, seed: [1, 2, 3, 4, 5, 6, 7, 8, 9]}\n"  // 9
         "  - {name: sched, command: schedule, collective: [broadcast, multinode-broadcast,\n"
         "     total-exchange]}\n"  // 6 (both)
         "  - {name: coll, networks: [q3], collective: [broadcast, multinode-broadcast,\n"
         "     scatter, total-exchange]}\n";  // 4
  }
  const std::string reg = dir + "/reg";
  const auto plan = hctest::run(hc + " regress plan " + dir + "/r.yaml --out " + reg);
  const std::string what = "regress 40 jobs (SystemC, G^{1,1}_{3,3}, Q_3)";
  if (plan.code != 0 || plan.out.find("planned          40 jobs") == std::string::npos) {
    failedRow(what + ", -j 1", plan);
    fs::remove_all(dir);
    return;
  }
  double wall[3] = {-1, -1, -1};
  for (int j : {1, 2}) {
    fs::remove_all(reg + "/results");
    const double t0 = now();
    const auto r = hctest::run(hc + " regress run " + reg + " -j " + std::to_string(j));
    const double t = now() - t0;
    const bool ok = r.code == 0 && r.out.find("40 jobs: 40 passed") != std::string::npos;
    if (ok) wall[j] = t;
    row(what + ", -j " + std::to_string(j), ok ? fmt(t, "%.1f s") : "FAILED",
        ok ? fmt(t / 40, "%.2f") + " s a job" : r.out.substr(0, 28));
  }
  row("  -j 1 / -j 2 wall time", wall[1] > 0 && wall[2] > 0 ? fmt(wall[1] / wall[2], "%.2fx") : "-",
      wall[1] > 0 && wall[2] > 0
          ? "load average " + hctest::slurp("/proc/loadavg").substr(0, 4) + " on " +
                std::to_string(::sysconf(_SC_NPROCESSORS_ONLN)) + " cores"
          : "a run failed");
  fs::remove_all(reg + "/results");
  const auto s =
      hctest::run("bash " + std::string(HC_SOURCE_DIR) + "/scripts/slurm_test.sh " +
                  fs::path(hc).parent_path().parent_path().string() + " --bench " + reg + " 2>&1");
  const size_t at = s.out.find("slurm wall: ");
  if (at != std::string::npos) {
    const double t = std::atof(s.out.c_str() + at + 12);
    row(what + ", SLURM", fmt(t, "%.1f s"), "1 node, array %2, submit to end");
  } else {
    const size_t why = s.out.find("SKIPPED: ");
    row(what + ", SLURM", "-", why != std::string::npos ? s.out.substr(why + 9, 28) : "FAILED");
  }
  fs::remove_all(dir);
}

// Simulation speed in node-cycles per second of every node broadcasting at
// once on `net` (--m/--rho), one row per engine.
void allSourcesSpeeds(const std::string& env, const std::string& hc, const std::string& net,
                      const std::string& label, const std::vector<std::string>& engines) {
  for (const std::string& engine : engines) {
    const std::string what = "speed " + engine + ", " + label + ", all nodes broadcast";
    const auto r = hctest::run(env + hc + " simulate " + net + " --all-sources --engine " + engine +
                               " --json");
    speedRow(what, r, [](const nlohmann::json& j) {
      return ", verdict " + field<std::string>(j, "verdict");
    });
  }
}

// Hypercube collectives: construction + independent check, as `schedule` runs them.
void hypercubeSchedules(const std::string& hc, const CubeCases& cases) {
  for (const auto& [coll, d] : cases) {
    const std::string what = "schedule + check " + coll + ", d = " + std::to_string(d);
    const auto r = hctest::run(hc + " schedule --topology hypercube --dim " + std::to_string(d) +
                               " --collective " + coll + " --json");
    runRows(what, r, [&](const nlohmann::json& j) -> Rows {
      const double b = field<double>(j, "figures/build_seconds");
      const double c = field<double>(j, "figures/check_seconds");
      if (!field<bool>(j, "optimal")) return {{what, "FAILED", "not optimal"}};
      return {{what, fmt(b + c, "%.3f s"),
               "build " + fmt(b, "%.3f") + " s, check " + fmt(c, "%.3f") + " s, optimal"}};
    });
  }
}

// The schedule-ROM networks' ROM bits per node and in all, and their peak store.
void romBits(const std::string& hc, const CubeCases& cases) {
  for (const auto& [coll, d] : cases) {
    const std::string what = "ROM bits per node, " + coll + ", d = " + std::to_string(d);
    const std::string dir = "/tmp/hc-bench-rom-" + std::to_string(::getpid());
    const auto r = hctest::run(hc + " generate --topology hypercube --dim " + std::to_string(d) +
                               " --collective " + coll + " --out " + dir + " --json");
    fs::remove_all(dir);
    runRows(what, r, [&](const nlohmann::json& j) -> Rows {
      const double total = field<double>(j, "figures/rom_bits_total");
      return {{what, std::to_string(field<long long>(j, "figures/rom_bits_per_node")),
               fmt(total / 8192, "%.1f") + " KiB in all, store " +
                   std::to_string(field<long long>(j, "figures/peak_store")) + " pkts"}};
    });
  }
}

// The d-cube total exchange `repeat` times on the schedule-ROM network, one row
// per engine (the first Verilator run, which builds the model, timed apart).
void totalExchangeSpeeds(const std::string& env, const std::string& hc, int d, int repeat,
                         const std::vector<std::string>& engines) {
  const std::string te =
      " simulate --topology hypercube --dim " + std::to_string(d) + " --collective total-exchange";
  double first = -1;
  for (const std::string& engine : engines) {
    const std::string model = engine == "systemc" ? "" : " --rtl-model network";
    if (engine == "verilator") {
      const double t0 = now();
      hctest::run(env + hc + te + " --engine verilator" + model + " --json");
      first = now() - t0;
    }
    const std::string what = "speed " + engine + ", " + std::to_string(d) +
                             "-cube total exchange x" + std::to_string(repeat);
    const auto r = hctest::run(env + hc + te + " --repeat " + std::to_string(repeat) +
                               " --engine " + engine + model + " --json");
    speedRow(what, r, [&](const nlohmann::json&) {
      return ", PASS" + (engine == "verilator" ? ", build " + fmt(first, "%.0f") + " s" : "");
    });
  }
}

// `hc-bench --smoke`: every part's commands on the smallest networks, each
// report read by the rows' own code (docs/developer.md "Benchmarks"). The
// parts that build Verilator models or run yosys and nextpnr read reports of
// the same writers instead: the SystemC engine's (the harnesses print the same
// keys for every engine), synth's reports from its writers on figures made up
// here, sched_node_fpga.sh's parameters without yosys. Exits 1 when a row
// FAILED. Not covered: combiningCosim (cosim only: its harness is Verilated),
// the Icarus rows (iverilog, verilator), regress and memory (no JSON).
int smoke(const std::string& hc) {
  const std::string cache = "/tmp/hc-bench-smoke-cache-" + std::to_string(::getpid());
  const std::string env = "HYPERCAST_CACHE=" + cache + " ";
  // The main table.
  allSourcesSpeeds(env, hc, "--m 4,4 --rho 1,1", "16 nodes", {"systemc"});
  hypercubeSchedules(hc, {{"multinode-broadcast", 3}, {"scatter", 3}, {"total-exchange", 3}});
  romBits(hc, {{"broadcast", 3}, {"total-exchange", 3}});
  totalExchangeSpeeds(env, hc, 3, 3, {"systemc"});
  scheduleModels(env, hc, {{3, ""}});
  // The parts.
  torusCollectives(hc, {{"total-exchange", "2,3", 1}, {"multinode-broadcast", "2,3", 2}}, "2,3");
  cayleyCollectives(hc, {{"Q_4", "--topology hypercube --dim 4"}}, {"--m 4,4 --rho 1,1"});
  combiningCollectives(
      hc, {{"Q_3", "--topology hypercube --dim 3"},
           {"MT(2,3)", "--topology torus --n 2 --k 3"},
           {"Ex. 4.7", "--topology cayley --group 8,2 --gens '1,0;-1,0;0,1;1,1;-1,1'"}});
  halfDuplexCollectives(hc, 3, 3);
  exportFigures(hc, {{"multinode-broadcast", 3}, {"total-exchange", 3}});
  meshBroadcast(hc, {"4,4,4"});
  wormholeMesh(hc, "4,4", "1,1", "systemc", "");
  longestWaits(hc, {{"C_5<1>", "--m 5 --rho 1", "0.5"}}, "2000");
  axisBackpressure(hc, {{"G^{1,1}_{4,4}", "--m 4,4 --rho 1,1", "500", "0.2", "0.005"}});
  // The Icarus rows' manifest.
  {
    const std::string dir = "/tmp/hc-bench-smoke-gen-" + std::to_string(::getpid());
    const auto g = hctest::runArgv({hc, "generate", "--m", "4,4", "--rho", "1,1", "--out", dir});
    if (g.code != 0) {
      failedRow("manifest.json G^{1,1}_{4,4}", g);
    } else {
      reading("manifest.json G^{1,1}_{4,4}", [&]() -> Rows {
        const RouterManifest m = routerManifest(dir);
        return {{"manifest.json G^{1,1}_{4,4}: nodes / degree / payload",
                 std::to_string(m.nodes) + " / " + std::to_string(m.degree) + " / " +
                     std::to_string(m.payload_width),
                 m.top + ", " + std::to_string(m.files.size()) + " files"}};
      });
    }
    fs::remove_all(dir);
  }
  // synth-nodes: the script's parameters, and the reports as synth writes them.
  nodeAloneParams(hc, "3-cube MNB",
                  "--topology hypercube --dim 3 --collective multinode-broadcast");
  nodeAloneParams(
      hc, "one-way 3-cube MNB",
      "--topology hypercube --dim 3 --collective multinode-broadcast --links half-duplex");
  {
    tools::SynthParams p;
    tools::SeedSweep sweep;
    sweep.best = {true, false, "", 300, 80.5};
    sweep.best_seed = 1;
    sweep.fmax = {{1, 80.5, false}, {2, 70.0, false}};
    tools::NetworkDesign d;
    d.kind = "schedule-network";
    d.top = "smoke_top";
    d.nodes = 8;
    tools::NetworkFigures f;
    f.node = 3;
    f.nodes_like_it = 8;
    f.node_cells = {200, 100, 10, 2, 400};
    f.network_cells = {1600, 800, 80, 16, 3200};
    f.network_tried = true;
    f.network_flat = {1500, 800, 80, 16, 3000};
    f.node_pnr = sweep;
    f.network_pnr = {true, false, "", 2000, 40.0};
    nodeSynthesisRows("smoke network of nodes", "1-2", 0,
                      tools::networkReportJson(d, p, f, 0).dump());
    const NetworkDesc net = hypercycleNetwork({4}, {1});
    const HypercycleRtl rtl = emitHypercycleNetwork(net, RtlOptions{});
    tools::RouterFigures rf;
    rf.generic_cells = 900;
    rf.luts = 400;
    rf.ffs = 200;
    rf.router = sweep;
    routerSynthesisRows("smoke hardwired C_4<1>", 0,
                        tools::routerReport(net, rtl, p, rf, tools::WeightUnitFigures{}, 0).json);
    tools::WeightUnitFigures wu;
    wu.cells = 1000;
    wu.luts = 500;
    wu.xcells = 700;
    wu.pins = 60;
    wu.pnr = {true, false, "", 520, 45.0};
    wu.origin_cycles = 20;
    weightUnitRows(tools::weightUnitReport(wu, rtl.layout, p, 0).json);
  }
  fs::remove_all(cache);
  std::printf("hc-bench --smoke: %d row(s) FAILED\n", failed_rows);
  return failed_rows == 0 ? 0 : 1;
}

// `hc-bench PART` runs one part alone; any other argument (or none) runs the
// whole table.
struct Part {
  const char* word;
  void (*run)(const std::string& hc);
};

const Part kParts[] = {
    {"sched",  // the schedule-network models alone
     [](const std::string& hc) {
       const std::string cache = "/tmp/hc-bench-cache-" + std::to_string(::getpid());
       scheduleModels("HYPERCAST_CACHE=" + cache + " ", hc);
       fs::remove_all(cache);
     }},
    {"cayley",  // Faber's universal collectives, then the combining steps and the export rows
     [](const std::string& hc) {
       cayleyCollectives(hc);
       combiningCollectives(hc);
       exportFigures(hc);
     }},
    {"combining",  // accumulation and global sum
     [](const std::string& hc) {
       combiningCollectives(hc);
       combiningCosim(hc);
     }},
    {"half-duplex",  // one-way links alone
     [](const std::string& hc) { halfDuplexCollectives(hc); }},
    {"export",  // the export rows alone
     [](const std::string& hc) { exportFigures(hc); }},
    {"torus",  // the torus collectives alone
     [](const std::string& hc) { torusCollectives(hc); }},
    {"mesh",  // the mesh broadcast alone
     [](const std::string& hc) {
       meshBroadcast(hc);
       wormholeMesh(hc);
     }},
    {"regress",  // the regression rows alone
     [](const std::string& hc) { regressRows(hc); }},
    {"synth-nodes",  // the networks of nodes through synth (place and route: hours)
     [](const std::string& hc) {
       const std::string mnb = " --collective multinode-broadcast";
       const std::string te = " --collective total-exchange";
       for (int d : {4, 6, 8, 10}) {
         const std::string q = "--topology hypercube --dim " + std::to_string(d);
         nodeAlone(hc, std::to_string(d) + "-cube MNB", q + mnb, 10);
         nodeAlone(hc, std::to_string(d) + "-cube TE", q + te, 10);
       }
       nodeAlone(hc, "MT(3,5) scatter", "--topology torus --n 3 --k 5 --collective scatter", 10);
       nodeAlone(hc, "G^{3,2,1}_{8,6,5} universal broadcast",
                 "--topology hypercycle --m 8,6,5 --rho 3,2,1" + mnb, 10);
       nodeAlone(hc, "8-cube MNB, 8 clocks per step",
                 "--topology hypercube --dim 8" + mnb + " --clocks-per-step 8", 10);
       nodeAlone(hc, "10-cube MNB, 10 clocks per step",
                 "--topology hypercube --dim 10" + mnb + " --clocks-per-step 10", 10);
       nodeAlone(hc, "10-cube TE, 10 clocks per step",
                 "--topology hypercube --dim 10" + te + " --clocks-per-step 10", 10);
       nodeAlone(hc, "G^{3,2,1}_{8,6,5} universal broadcast, 12 clocks per step",
                 "--topology hypercycle --m 8,6,5 --rho 3,2,1" + mnb + " --clocks-per-step 12", 10);
       // every row of results.md's networks-of-nodes tables, at its seeds
       for (const bench::SynthNodeCase& c : bench::synthNodeCases()) nodeSynthesis(hc, c);
     }},
    {"degree8",  // the six degree-8 routers alone
     [](const std::string&) { degree8Shapes(); }},
    {"waits",  // the bounded-waiting rows alone
     [](const std::string& hc) { longestWaits(hc); }},
    {"axis",  // ejection backpressure at tready duty 100, 50 and 10% alone
     [](const std::string& hc) { axisBackpressure(hc); }},
    {"memory",  // peak memory against the cost estimates (bench/peak_memory.h)
     [](const std::string& hc) { bench::peakMemory(hc); }},
    {"icarus",  // that row alone
     [](const std::string&) {
       const std::string cache = "/tmp/hc-bench-cache-" + std::to_string(::getpid());
       icarusVersusVerilator("HYPERCAST_CACHE=" + cache + " ");
       fs::remove_all(cache);
     }},
};

int main(int argc, char** argv) {
  const std::string hc = hctest::hypercast();
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // rows appear as they are measured
  if (argc > 1 && argv[1] == std::string("--smoke")) return smoke(hc);
  for (const Part& part : kParts) {
    if (argc > 1 && argv[1] == std::string(part.word)) {
      part.run(hc);
      return 0;
    }
  }
  if (argc > 1) {
    // --help, or a word that names no part: the usage, nothing run
    const std::string a = argv[1];
    const bool help = a == "--help" || a == "-h";
    std::string words;
    for (const Part& part : kParts) words += std::string(words.empty() ? "" : ", ") + part.word;
    std::fprintf(help ? stdout : stderr,
                 "%susage: hc-bench [PART | --smoke]: every row of the benchmark table, or PART's "
                 "rows alone (docs/results.md gives each table's command), or every part's "
                 "reading on the smallest networks (exit 1 on a FAILED row); PART is one of %s\n",
                 help ? "" : ("hc-bench: no part " + a + "; ").c_str(), words.c_str());
    return help ? 0 : 2;
  }
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
  row("Verilator build, 1000 nodes (wired model, ccache off)", fmt(build - warm, "%.1f s"),
      code == 0 ? "first run " + fmt(build, "%.1f") + " s, cached " + fmt(warm, "%.1f") + " s"
                : "FAILED");

  allSourcesSpeeds(env, hc, net, "1000 nodes", {"verilator", "systemc", "cosim"});
  hypercubeSchedules(hc, {{"multinode-broadcast", 12}, {"scatter", 12}, {"total-exchange", 10}});
  romBits(hc, {{"broadcast", 6},
               {"multinode-broadcast", 6},
               {"scatter", 6},
               {"total-exchange", 6},
               {"multinode-broadcast", 10},
               {"total-exchange", 8}});
  torusCollectives(hc);
  cayleyCollectives(hc);
  combiningCollectives(hc);
  combiningCosim(hc);
  halfDuplexCollectives(hc);
  meshBroadcast(hc);
  wormholeMesh(hc);
  totalExchangeSpeeds(env, hc, 6, 300, {"verilator", "systemc", "cosim"});
  scheduleModels(env, hc);
  icarusVersusVerilator(env);
  routerSynthesis("hardwired G^{2,2}_{5,5}", "--m 5,5 --rho 2,2", "--pnr-seeds 1-10");
  routerSynthesis("hardwired G^{2,2}_{5,5}, 1 flit/VC,", "--m 5,5 --rho 2,2",
                  "--buffer-depth 1 --pnr-seeds 1-10");
  // One seed: this router takes over a minute per placement.
  routerSynthesis("hardwired G^{1,1,1,1}_{5^4}, 1 flit/VC,", "--m 5,5,5,5 --rho 1,1,1,1",
                  "--buffer-depth 1");
  routerSynthesis("programmable", "--m 5,5 --rho 2,2",
                  "--router programmable --max-dims 2 --max-radix 5 --max-degree 8");
  weightUnitSynthesis();
  regressRows(hc);
  longestWaits(hc);
  axisBackpressure(hc);
  degree8Shapes();
  fs::remove_all(cache);
  return 0;
}
