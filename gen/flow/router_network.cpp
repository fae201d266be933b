#include "flow/router_network.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <random>
#include <set>
#include <sstream>

#include "emit/hypercycle_rtl.h"
#include "emit/output_dir.h"
#include "emit/tool_files.h"
#include "flow/design_name.h"
#include "flow/flow.h"
#include "flow/harness_run.h"
#include "flow/router_options.h"
#include "flow/sim_outputs.h"
#include "flow/target_clock.h"
#include "flow/verilated_build.h"
#include "sim/sim_job.h"
#include "topology/hypercycle.h"
#include "topology/network.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/json_text.h"
#include "util/parse_number.h"
#include "util/report_json.h"
#include "util/test_hooks.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace flow {

namespace {

// Largest networks each engine takes. The Verilated whole-network model grows
// with N (build time and memory); the SystemC model keeps one module per node.
constexpr uint64_t kVerilatorMaxNodes = 4096;
constexpr uint64_t kSystemcMaxNodes = 65536;
// The model's router keeps per-port masks in 64-bit words (model/router_core.h).
constexpr int kModelMaxPorts = 64;
// The most --rtl-model network accepts, a count of nodes (the default is
// chooseRtlModel's: nodes x degree <= kWholeTopPortEnds, sim_outputs.h; a 20-node
// degree-8 top is 29 MB of C++, about 8 minutes of compilation, its router alone
// 2 MB, well under a minute).
constexpr uint64_t kWholeTopLimit = 80;
// Start cycles and random windows: enough for any sweep, small enough that idle
// cycles before the first injection cannot run for hours.
constexpr long long kMaxStartCycle = 1000000;
// Load runs: cycles of injection, and broadcasts generated in all (each keeps
// an N-entry record in the scoreboard).
constexpr long long kMaxLoadCycles = 10000000;
constexpr size_t kMaxLoadBroadcasts = 4000000;

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

void checkSimulatedNetwork(const NetworkDesc& net, const std::string& engine) {
  const Hypercycle h = Hypercycle::of(net);
  const bool rtl = engine != "systemc";
  const uint64_t limit = rtl ? kVerilatorMaxNodes : kSystemcMaxNodes;
  if (h.nodes() > limit) {
    throw Error("the network has " + std::to_string(h.nodes()) + " nodes; the " + engine +
                " engine takes at most " + std::to_string(limit) +
                (rtl ? " (use --engine systemc)" : ""));
  }
  if (h.degree() > kModelMaxPorts) {
    throw Error("the simulation model takes at most " + std::to_string(kModelMaxPorts) +
                " ports per node; this network has degree " + std::to_string(h.degree()) +
                " (generate still works)");
  }
}

void checkLoadRun(uint64_t nodes, double rate, long long cycles) {
  const double expected = rate * static_cast<double>(nodes) * static_cast<double>(cycles);
  if (expected > static_cast<double>(kMaxLoadBroadcasts)) {
    char e[32];
    std::snprintf(e, sizeof e, "%.3g", expected);
    throw Error("the run would generate about " + std::string(e) + " broadcasts (rate x " +
                std::to_string(nodes) + " nodes x " + std::to_string(cycles) +
                " cycles); at most " + std::to_string(kMaxLoadBroadcasts) +
                " (lower --rate or --cycles)");
  }
}

namespace {

std::vector<BroadcastRequest> plan(const Params& a, const Hypercycle& h, int payload_width) {
  const uint64_t n = h.nodes();
  std::vector<BroadcastRequest> out;
  const int modes = (a.has("source") ? 1 : 0) + (a.has("sources") ? 1 : 0) +
                    (a.has("all-sources") ? 1 : 0) + (a.has("random") ? 1 : 0) +
                    (a.has("traffic") ? 1 : 0);
  if (modes > 1) {
    throw Error("give only one of --source, --sources, --all-sources, --random, --traffic");
  }
  if (a.has("traffic")) {
    if (a.get("traffic") != "uniform") {
      throw Error("unknown traffic '" + a.get("traffic") + "' (traffic patterns: uniform)");
    }
    if (!a.has("rate")) throw Error("--traffic needs --rate R (broadcasts per node per cycle)");
    const double rate = parseRate("--rate", a.get("rate"));
    const long long cycles = a.getInt("cycles", 10000, 1, kMaxLoadCycles);
    checkLoadRun(n, rate, cycles);
    std::mt19937_64 rng(static_cast<uint64_t>(a.getInt("seed", 1, 0, 1LL << 62)));
    // Every node, every cycle: a new broadcast with probability R (Bernoulli
    // process, as BookSim's injection). The trials are numbered c * N + x and
    // the gaps between successes drawn directly (geometric), so the work is the
    // broadcasts', not N x cycles.
    const double trials = static_cast<double>(n) * static_cast<double>(cycles);  // < 2^53
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const double log_q = rate < 1 ? std::log1p(-rate) : 0;
    auto gap = [&]() { return rate < 1 ? std::floor(std::log(1.0 - unit(rng)) / log_q) : 0.0; };
    for (double t = gap(); t < trials; t += 1 + gap()) {
      const uint64_t i = static_cast<uint64_t>(t);
      out.push_back(BroadcastRequest{i % n, static_cast<int64_t>(i / n), 0});
      if (out.size() > kMaxLoadBroadcasts) break;
    }
    if (out.size() > kMaxLoadBroadcasts) {
      throw Error("the run would generate more than " + std::to_string(kMaxLoadBroadcasts) +
                  " broadcasts (lower --rate or --cycles)");
    }
  } else if (a.has("random")) {
    const long long k = a.getInt("random", 1, 1, 1000000);
    const long long window = a.getInt("window", 64, 1, kMaxStartCycle);
    std::mt19937_64 rng(static_cast<uint64_t>(a.getInt("seed", 1, 0, 1LL << 62)));
    for (long long i = 0; i < k; ++i) {
      BroadcastRequest b;
      b.origin = rng() % n;
      b.start_cycle = static_cast<int64_t>(rng() % static_cast<uint64_t>(window));
      out.push_back(b);
    }
  } else if (a.has("all-sources")) {
    const long long start = a.getInt("start", 0, 0, kMaxStartCycle);
    for (uint64_t x = 0; x < n; ++x) out.push_back(BroadcastRequest{x, start, 0});
  } else {
    // --source is one node; several origins are --sources.
    if (a.get("source").find(',') != std::string::npos) {
      throw Error("--source is one node; several origins are --sources " + a.get("source"));
    }
    const std::string which = a.has("sources") ? "sources" : "source";
    const std::vector<int> sources = parseIntList("--" + which, a.get(which, "0"));
    std::vector<int> starts = parseIntList("--start", a.get("start", "0"));
    if (starts.size() != 1 && starts.size() != sources.size()) {
      throw Error("--start needs one cycle, or one per --sources entry");
    }
    for (size_t i = 0; i < sources.size(); ++i) {
      if (sources[i] < 0 || static_cast<uint64_t>(sources[i]) >= n) {
        throw Error("--" + which + (which == "sources" ? " entry " : " ") +
                    std::to_string(sources[i]) + " is outside 0.." + std::to_string(n - 1));
      }
      const int start = starts.size() == 1 ? starts[0] : starts[i];
      if (start < 0 || start > kMaxStartCycle) {
        throw Error("--start cycles must be in 0.." + std::to_string(kMaxStartCycle));
      }
      out.push_back(BroadcastRequest{static_cast<uint64_t>(sources[i]), start, 0});
    }
  }
  // Payloads: pseudo-random, unique per origin, so that every delivery names its
  // broadcast and a corrupted payload is caught.
  const uint64_t mask = payload_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << payload_width) - 1;
  std::set<std::pair<uint64_t, uint64_t>> used;
  std::vector<uint64_t> per_origin(n, 0);
  for (size_t i = 0; i < out.size(); ++i) {
    if (++per_origin[out[i].origin] > mask) {
      throw Error("node " + std::to_string(out[i].origin) + " broadcasts more often than " +
                  std::to_string(payload_width) + "-bit payloads can tell apart");
    }
    uint64_t p = splitmix(i) & mask;
    while (!used.emplace(out[i].origin, p).second) p = (p + 1) & mask;
    out[i].payload = p;
  }
  return out;
}

// The harness of <name>_axis_top (tb/verilated_axis.cpp): the whole top with an
// AXI4-Stream endpoint per node, Verilated, linked with the router-network
// adapter and the libraries buildRtlHarness links.
RtlBuild buildAxisHarness(const HypercycleRtl& rtl, bool quiet, bool trace) {
  HarnessSpec spec;
  spec.name = rtl.axis_top_module + "-network";
  spec.trace = trace;
  spec.files = rtl.files;
  const std::string plain = "rtl/" + rtl.top_module + ".v";
  for (const auto& f : rtl.verilog_files) {
    if (f != plain) spec.verilog_files.push_back(f);
  }
  spec.top = rtl.axis_top_module;
  spec.prefix = "Vnet";
  spec.adapter = "tb/verilated_axis.cpp";
  spec.kind = JobKind::kRouterNetwork;
  spec.libs = hypercycleHarnessLibs();
  return buildVerilatedHarness(spec, quiet);
}

}  // namespace

void refuseCollectiveOptions(const Params& a, bool source_is_origin) {
  struct Why {
    const char* option;
    const char* why;
  };
  static const Why kWhy[] = {
      {"messages", "the hypercycle's routers send one message per broadcast"},
      {"links", "the hypercycle's routers' links are full duplex"},
      {"construction", "it chooses a collective's construction"},
      {"shared-rom", "a schedule network's nodes have ROMs, the routers none"},
      {"clocks-per-step",
       "a schedule network's nodes step through their ROMs, the routers have none"},
      {"repeat", "it repeats a collective"},
      {"source", "the routers' RTL is the same for every source"},
  };
  for (const Why& w : kWhy) {
    if (!a.has(w.option)) continue;
    if (std::string(w.option) == "source" && source_is_origin) continue;
    throw Error(std::string("--") + w.option + " needs --collective (" + w.why +
                "; without --collective this is the hypercycle's router network)");
  }
}

CommandReport routerGenerate(const Params& a) {
  const NetworkDesc net = parseNetwork(a);
  refuseCollectiveOptions(a, /*source_is_origin=*/false);
  const Hypercycle h = Hypercycle::of(net);
  const RtlOptions o = parseRtlOptions(a);
  checkTopSize(net);
  FolderOptions folder;
  folder.endpoints = parseEndpoints(a);
  folder.target_mhz = targetMhz(a);
  folder.name = designName(a);
  checkOutputTree("--out", a.get("out"));
  const auto t0 = std::chrono::steady_clock::now();
  const HypercycleRtl rtl = emitHypercycleNetwork(net, o, folder);
  writeOutputTree(a.get("out"), rtl.files);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t bytes = 0;
  for (const auto& f : rtl.files) bytes += f.second.size();
  if (a.has("json")) {
    nlohmann::ordered_json j;
    j["out"] = a.get("out");
    j["top"] = rtl.top_module;
    j["router"] = rtl.router_module;
    if (!rtl.axis_top_module.empty()) {
      j["axis_top"] = rtl.axis_top_module;
      j["testbench"] = rtl.axis_testbench;
    }
    j["figures"] = {{"nodes", h.nodes()},
                    {"degree", h.degree()},
                    {"diameter", h.diameter()},
                    {"bytes", bytes},
                    {"seconds", secs}};
    return jsonReport(
        {"generate", net.topology, net.label, "info", writtenPaths(a.get("out"), rtl.files)}, j);
  }
  std::ostringstream lines;
  lines << "hypercycle G^{" << h.rhoList() << "}_{" << h.mList() << "}: " << h.nodes()
        << " nodes, degree " << h.degree() << ", diameter " << h.diameter() << "\n"
        << "top module "
        << (rtl.axis_top_module.empty()
                ? rtl.top_module
                : rtl.axis_top_module + " (the folder's root; the native top " + rtl.top_module +
                      " is written too)")
        << ", router " << rtl.router_module << "\n";
  for (const auto& f : rtl.files) lines << "  " << a.get("out") << "/" << f.first << "\n";
  lines << rtl.files.size() << " files, " << bytes << " bytes in " << secs << " s\n";
  if (!rtl.axis_top_module.empty()) {
    const std::string name = rtl.name, tb = "tb_" + name + "_axis";
    lines << "AXI4-Stream top " << rtl.axis_top_module << "; run its testbench in " << a.get("out")
          << " with\n  iverilog -g2005 -s " << tb << " -o " << tb << ".vvp -f " << name << ".f "
          << rtl.axis_testbench << " && vvp -n " << tb << ".vvp\n"
          << "  or verilator --binary --timing --timescale 1ns/1ps -Wno-WIDTH -Wno-INITIALDLY "
             "--top-module "
          << tb << " -f " << name << ".f " << rtl.axis_testbench << " && obj_dir/V" << tb << "\n";
  }
  return textReport(lines.str());
}

CommandReport routerSimulate(const Params& a) {
  const NetworkDesc desc = parseNetwork(a);
  refuseCollectiveOptions(a, /*source_is_origin=*/true);
  const Hypercycle h = Hypercycle::of(desc);
  const RtlOptions o = parseRtlOptions(a);
  SimJob job;
  job.engine = parseEngine(a);
  const bool rtl = job.engine != "systemc";
  checkSimulatedNetwork(desc, job.engine);
  for (int i = h.dims(); i >= 1; --i) {
    job.m.push_back(h.dim(i).m);
    job.rho.push_back(h.dim(i).rho);
  }
  validateFits(desc, o);
  job.rtl = o;
  job.json = a.has("json");
  job.quiet = a.has("quiet");
  // 0 is no count of cycles: without --max-cycles the limit is derived from the workload.
  job.max_cycles = a.getInt("max-cycles", 0, 1, 1LL << 40);
  job.watchdog = a.getInt("watchdog", 1000, 1, 1LL << 40);
  for (const char* opt : {"rate", "cycles"}) {
    if (a.has(opt) && !a.has("traffic")) throw Error(std::string("--") + opt + " needs --traffic");
  }
  if (a.has("wave") && !rtl) throw Error(kWaveNeedsRtl);
  if (a.has("rtl-model")) (void)parseRtlModel(a);  // an old name is refused naming wired
  if (a.has("rtl-model") && !rtl) {
    throw Error("--rtl-model chooses the Verilated model: it needs --engine verilator or cosim");
  }
  // Options of another workload are refused, not ignored.
  if (a.has("window") && !a.has("random")) {
    throw Error("--window needs --random (it is the range of the random start cycles)");
  }
  if (a.has("seed") && !a.has("random") && !a.has("traffic")) {
    throw Error("--seed needs --random or --traffic (nothing else is random)");
  }
  if (a.has("start") && (a.has("random") || a.has("traffic"))) {
    throw Error(std::string("--start does not apply to ") +
                (a.has("random") ? "--random: its start cycles are drawn in 0..W-1 (--window W)"
                                 : "--traffic: broadcasts start at random in cycles 0..C-1"));
  }
  // The whole top while nodes x degree <= kWholeTopPortEnds, as every kind of network.
  RtlModel model = RtlModel::kWired;
  if (rtl) {
    model =
        chooseRtlModel(a, h.nodes(), static_cast<uint64_t>(h.degree()), kWholeTopLimit) == "network"
            ? RtlModel::kNetwork
            : RtlModel::kWired;
  }
  // AXI4-Stream endpoints: the model's and <name>_axis_top, tready per pattern.
  const bool axis = parseEndpoints(a) == Endpoints::kAxis;
  job.endpoints = axis ? "axis" : "native";
  if (a.has("tready") && !axis) throw Error("--tready needs --endpoints axis");
  job.tready = a.get("tready", "always");
  (void)parseTready(job.tready, h.nodes());
  if (axis) {
    checkAxisEndpoints(o);
    if (job.engine == "verilator") {
      throw Error(
          "--endpoints axis checks m_axis against the SystemC model: --engine cosim or systemc");
    }
    if (rtl && a.get("rtl-model", "auto") == kWiredModel) {
      throw Error("--endpoints axis Verilates the whole <name>_axis_top (--rtl-model network)");
    }
    if (rtl && h.nodes() > kWholeTopLimit) {
      throw Error("--endpoints axis Verilates the whole top, which takes at most " +
                  std::to_string(kWholeTopLimit) + " nodes; use --engine systemc");
    }
    model = RtlModel::kNetwork;
  }
  job.trace_path = outputPath(a, "trace");
  job.wave_path = outputPath(a, "wave");
  // The workload last: every option above is checked before it is generated.
  job.broadcasts = plan(a, h, o.payload_width);
  if (a.has("traffic")) {
    job.traffic = a.get("traffic");
    job.rate = parseRate("--rate", a.get("rate"));
    job.inject_until = a.getInt("cycles", 10000, 1, kMaxLoadCycles);
  }
  checksDone();
  const bool quiet = a.has("quiet");  // progress stays under --json (stderr)

  std::string exe;
  std::string files_note;
  if (rtl) {
    FolderOptions folder;
    if (axis) folder.endpoints = Endpoints::kAxis;
    const HypercycleRtl net = emitHypercycleNetwork(desc, o, folder);
    job.rtl_model = toString(model);
    const RtlBuild b = axis ? buildAxisHarness(net, quiet, a.has("wave"))
                            : buildRtlHarness(net, model, quiet, a.has("wave"));
    exe = b.exe;
    files_note =
        b.dir + "/rtl (" + std::to_string(net.files.size()) + " files, top " +
        (axis ? net.axis_top_module : net.top_module) + "; Verilated: " + job.rtl_model + ")" +
        (b.cached ? ", model cached"
                  : ", model built in " + std::to_string(static_cast<int>(b.seconds + 0.5)) + " s");
  } else {
    exe = systemcHarness();
  }
  // A test hook the harness would refuse is refused before anything is printed.
  checkTestHooks(h.nodes());
  if (!a.has("json")) {
    std::cout << "network          hypercycle G^{" << h.rhoList() << "}_{" << h.mList()
              << "}: " << h.nodes() << " nodes, degree " << h.degree() << ", diameter "
              << h.diameter() << "\n";
    if (rtl) std::cout << "files written    " << files_note << "\n";
    std::cout.flush();
  }

  std::string job_path = "/tmp/hypercast-job-XXXXXX";
  interrupt::TempPath job_file;
  int fd = -1;
  {
    interrupt::BlockSignals block;  // created and registered as one step
    fd = ::mkstemp(&job_path[0]);
    if (fd < 0) throw Error("cannot create a temporary job file in /tmp");
    job_file = interrupt::TempPath(job_path);
  }
  const std::string text = serializeJob(job);
  const bool wrote = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  ::close(fd);
  if (!wrote) throw Error("cannot write the job file");
  return runHarness({exe, "--job", job_path}, simulateReport(a, desc));
}
}  // namespace flow
}  // namespace hypercast
