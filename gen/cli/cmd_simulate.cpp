#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <set>
#include <sstream>

#include "cli/collective_args.h"
#include "cli/combining_args.h"
#include "cli/commands.h"
#include "cli/harness.h"
#include "cli/mesh_broadcast_args.h"
#include "cli/mesh_rtl_args.h"
#include "cli/network_args.h"
#include "cli/rtl_build.h"
#include "emit/hypercycle_rtl.h"
#include "emit/schedule_csv.h"
#include "emit/schedule_rtl.h"
#include "sim/mesh_job.h"
#include "sim/sched_job.h"
#include "sim/sim_job.h"
#include "util/bits.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/output_file.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace cli {

namespace {

// Largest networks each engine takes. The Verilated whole-network model grows
// with N (build time and memory); the SystemC model keeps one module per node.
constexpr uint64_t kVerilatorMaxNodes = 4096;
constexpr uint64_t kSystemcMaxNodes = 65536;
// The model's router keeps per-port masks in 64-bit words (model/router_core.h).
constexpr int kModelMaxPorts = 64;
// Largest network whose whole generated top is Verilated by default, and the
// most --rtl-model network accepts: Verilator 5 emits each router instance's
// logic separately, so build time grows with N (a 60-node top: about 5 minutes).
constexpr uint64_t kWholeTopMaxNodes = 20;
constexpr uint64_t kWholeTopLimit = 80;
// Start cycles and random windows: enough for any sweep, small enough that idle
// cycles before the first injection cannot run for hours.
constexpr long long kMaxStartCycle = 1000000;
// Load runs: cycles of injection, and broadcasts generated in all (each keeps
// an N-entry record in the scoreboard).
constexpr long long kMaxLoadCycles = 10000000;
constexpr size_t kMaxLoadBroadcasts = 4000000;

std::string selfDir() {
  std::error_code ec;
  const fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string(".") : p.parent_path().string();
}

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

void checkSimulatedNetwork(const Hypercycle& h, const std::string& engine) {
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

std::vector<BroadcastRequest> plan(const Args& a, const Hypercycle& h, int payload_width) {
  const uint64_t n = h.nodes();
  std::vector<BroadcastRequest> out;
  const int modes = (a.has("source") ? 1 : 0) + (a.has("all-sources") ? 1 : 0) +
                    (a.has("random") ? 1 : 0) + (a.has("traffic") ? 1 : 0);
  if (modes > 1) throw Error("give only one of --source, --all-sources, --random, --traffic");
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
    const std::vector<int> sources = parseIntList("--source", a.get("source", "0"));
    std::vector<int> starts = parseIntList("--start", a.get("start", "0"));
    if (starts.size() != 1 && starts.size() != sources.size()) {
      throw Error("--start needs one cycle, or one per --source entry");
    }
    for (size_t i = 0; i < sources.size(); ++i) {
      if (sources[i] < 0 || static_cast<uint64_t>(sources[i]) >= n) {
        throw Error("source " + std::to_string(sources[i]) + " is outside 0.." +
                    std::to_string(n - 1));
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

// The whole-network top of a schedule network is Verilated (--rtl-model
// network) by default up to this many nodes, and at most up to the second:
// every node instance is emitted separately (the 6-cube total exchange's top
// takes 60-90 s to build). Larger networks Verilate hc_sched_node once.
constexpr uint64_t kScheduleWholeTopNodes = 16;
constexpr uint64_t kScheduleWholeTopLimit = 256;

// The absolute path given to output option `opt` (trace, wave), checked to be
// writable; "" when the option is absent.
std::string outputPath(const Args& a, const std::string& opt);
constexpr const char* kWaveNeedsRtl = "--wave needs the RTL: --engine verilator or cosim";

int simulateSchedule(const Args& a) {
  std::vector<std::string> refused = {"all-sources", "random",  "window", "start", "max-cycles",
                                      "watchdog",    "traffic", "rate",   "cycles"};
  for (const std::string& opt : hypercycleRouterOptions()) refused.push_back(opt);
  for (const std::string& opt : refused) {
    if (a.has(opt)) {
      throw Error("--" + opt + " is a hypercycle option; a collective's schedule network " +
                  "runs its fixed schedule");
    }
  }
  const std::string engine = a.get("engine", "cosim");
  if (engine != "systemc" && engine != "verilator" && engine != "cosim") {
    throw Error("unknown engine '" + engine + "' (engines: systemc, verilator, cosim)");
  }
  const bool rtl = engine != "systemc";
  if (a.has("rtl-model") && !rtl) throw Error("--rtl-model needs --engine verilator or cosim");
  if (a.has("shared-rom") && !rtl) throw Error("--shared-rom needs --engine verilator or cosim");
  const CheckedSchedule c = buildCheckedSchedule(a, true, "simulate --engine " + engine);
  const int pw = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  const uint64_t n = c.report.nodes;
  const uint64_t last_key = packetKeys(n, c.schedule.messages) - 1;
  if (pw < 64 && last_key > (uint64_t{1} << pw) - 1) {
    throw Error("--payload-width " + std::to_string(pw) + " is too narrow to name the " +
                std::to_string(last_key + 1) + " packet keys of " + c.net.label +
                " in simulation (need " + std::to_string(bitsFor(last_key)) + " bits)");
  }
  if (a.has("wave") && !rtl) throw Error(kWaveNeedsRtl);
  std::string model;
  if (rtl) {
    const std::string mode = a.get("rtl-model", "auto");
    if (mode != "auto" && mode != "network" && mode != "nodes") {
      throw Error("--rtl-model of a schedule network must be auto, network or nodes, got '" + mode +
                  "'");
    }
    model = mode == "auto" ? (n <= kScheduleWholeTopNodes || a.has("wave") ? "network" : "nodes")
                           : mode;
    if (a.has("wave") && model != "network") {
      throw Error("--wave needs the whole-top model (--rtl-model network)");
    }
    if (model == "network" && n > kScheduleWholeTopLimit) {
      throw Error("--rtl-model network takes at most " + std::to_string(kScheduleWholeTopLimit) +
                  " nodes (Verilator's code grows with N); use --rtl-model nodes");
    }
  }
  const std::string trace = outputPath(a, "trace"), wave = outputPath(a, "wave");
  const bool quiet = a.has("quiet") || a.has("json");

  const TempDir job_dir;
  SchedJob job;
  job.network = c.net;
  job.problem = c.schedule.problem();
  job.steps = c.schedule.steps;
  job.engine = engine;
  job.rtl_model = model;
  job.payload_width = pw;
  job.seed = static_cast<uint64_t>(a.getInt("seed", 1, 0, 1LL << 62));
  job.trace = trace;
  job.wave = wave;
  job.json = a.has("json");
  job.repeat = a.getInt("repeat", 1, 1, 1000000);
  job.construction = c.schedule.construction;
  job.group_store_and_forward = c.schedule.group_store_and_forward;
  job.links = c.schedule.links;
  job.bound_known = c.bound.known;
  job.bound_steps = c.bound.bound.steps;
  job.bound_transmissions = c.bound.bound.transmissions;
  {
    std::ostringstream sched, ports;
    writeScheduleCsv(sched, c.schedule.transfers);
    c.graph.writeCsv(ports);
    job_dir.write(job.schedule_csv, sched.str());
    job_dir.write(job.ports_csv, ports.str());
  }
  std::string exe, note;
  if (rtl) {
    const ScheduleRtl net =
        emitScheduleNetwork(c.net, c.graph, c.schedule, pw, a.has("shared-rom"));
    HarnessSpec spec;
    spec.trace = !wave.empty();
    spec.libs = {
        "libhc_sched_harness.a", "VMODEL",         "libverilated_rt.a", "libhc_sched_model.a",
        "libhc_checker.a",       "libhc_simjob.a", "libhc_emit.a",      "libhc_algorithm.a",
        "libhc_topology.a",      "libhc_util.a"};
    if (model == "network") {
      spec.name = net.top_module;
      spec.files = net.files;
      spec.verilog_files = net.verilog_files;
      spec.top = net.top_module;
      spec.prefix = "Vsched";
      spec.adapter = "tb/verilated_sched.cpp";
      // The harness reads each node's err_o (the top's err vector) to name the
      // node that raises it; a Verilator config file, not the Verilog, makes it
      // public. The emitted RTL is unchanged.
      const std::string vlt = "tb/sched_err.vlt";
      spec.files[vlt] =
          "`verilator_config\npublic_flat_rd -module \"" + net.top_module + "\" -var \"err\"\n";
      spec.verilog_files.insert(spec.verilog_files.begin(), vlt);
    } else {
      // One node, Verilated once for this shape; the ROMs are loaded at start-up.
      const std::string node = "hw/hc_sched_node.v";
      spec.files[node] = net.files.at(node);
      spec.verilog_files = {node};
      spec.top = "hc_sched_node";
      spec.prefix = "Vschednode";
      spec.adapter = "tb/verilated_sched_nodes.cpp";
      spec.parameters = uniformNodeParameters(net, c.graph.ports());
      spec.name = "hc_sched_node";
      for (const auto& p : spec.parameters) spec.name += "_" + std::to_string(p.second);
      for (const std::string& rom : net.roms) job_dir.write(rom, net.files.at(rom));
      job.rom_word_bits = net.program.format.wordBits();
    }
    // Node x's image, relative to job.rom_dir: the wired nodes load them; the
    // harness's ROM fault hook (tb/sched_main.cpp) copies them for either model.
    job.roms = net.roms;
    const RtlBuild b = buildVerilatedHarness(spec, quiet);
    exe = b.exe;
    job.rom_dir = model == "network" ? b.dir + "/rtl" : job_dir.path;
    note = (model == "network" ? job.rom_dir : b.dir) + " (top " + spec.top +
           ", Verilated: " + model +
           (b.cached
                ? "), model cached"
                : "), model built in " + std::to_string(static_cast<int>(b.seconds + 0.5)) + " s");
  } else {
    exe = selfDir() + "/hc-sched-systemc";
    if (!fs::exists(exe)) throw Error("missing " + exe + " (build the hc-sched-systemc target)");
  }
  job_dir.write("job.json", serializeSchedJob(job));
  if (!a.has("json") && rtl) std::cout << "files written    " << note << "\n" << std::flush;
  return runHarness({exe, "--job", job_dir.path + "/job.json"});
}

// The wormhole mesh broadcast (cli/mesh_rtl_args.h): the SystemC model
// (model/mesh_network.h), the Verilated whole top or tiles, or both in lock step.
int simulateWormholeMesh(const Args& a) {
  for (const char* opt : {"all-sources", "random", "window", "start", "max-cycles", "watchdog",
                          "traffic", "rate", "cycles"}) {
    if (a.has(opt)) {
      throw Error(std::string("--") + opt +
                  " is a hypercycle option; the wormhole mesh runs its broadcast's schedule");
    }
  }
  const std::string engine = a.get("engine", "cosim");
  if (engine != "systemc" && engine != "verilator" && engine != "cosim") {
    throw Error("unknown engine '" + engine + "' (engines: systemc, verilator, cosim)");
  }
  const bool rtl = engine != "systemc";
  if (a.has("rtl-model") && !rtl) throw Error("--rtl-model needs --engine verilator or cosim");
  if (a.has("wave") && !rtl) throw Error(kWaveNeedsRtl);
  const WormholeMeshBuild b = buildWormholeMesh(a, "simulate --engine " + engine);
  const uint64_t n = b.net.nodes();
  std::string model;
  if (rtl) {
    const std::string mode = a.get("rtl-model", "auto");
    if (mode != "auto" && mode != "network" && mode != "tiles") {
      throw Error("--rtl-model of the wormhole mesh must be auto, network or tiles, got '" + mode +
                  "'");
    }
    model = mode == "auto" ? (n <= kWormholeWholeTopDefault || a.has("wave") ? "network" : "tiles")
                           : mode;
    if (a.has("wave") && model != "network") {
      throw Error("--wave needs the whole-top model (--rtl-model network)");
    }
    if (model == "network" && n > kWormholeWholeTopLimit) {
      throw Error("--rtl-model network takes at most " + std::to_string(kWormholeWholeTopLimit) +
                  " nodes (Verilator's code grows with N); use --rtl-model tiles");
    }
  }
  const std::string trace = outputPath(a, "trace"), wave = outputPath(a, "wave");
  const bool quiet = a.has("quiet") || a.has("json");
  const TempDir job_dir;
  const MeshRtl& r = b.rtl;
  MeshJob job;
  job.extents = b.net.radices;
  job.schedule = b.schedule;
  job.flits = r.options.flits;
  job.depth = r.options.depth;
  job.heads_width = r.options.heads_width;
  job.payload_width = r.options.payload_width;
  job.seed = static_cast<uint64_t>(a.getInt("seed", 1, 0, 1LL << 62));
  job.engine = engine;
  job.rtl_model = model;
  job.rom_word_bits = r.rom_word_bits;
  job.coord_width = r.coord_width;
  job.step_width = r.step_width;
  job.flit_count_width = r.flit_count_width;
  job.trace = trace;
  job.wave = wave;
  job.json = a.has("json");
  std::string exe, note;
  if (rtl) {
    HarnessSpec spec;
    spec.trace = !wave.empty();
    spec.libs = {
        "libhc_mesh_harness.a", "VMODEL",         "libverilated_rt.a", "libhc_sched_model.a",
        "libhc_checker.a",      "libhc_simjob.a", "libhc_emit.a",      "libhc_algorithm.a",
        "libhc_topology.a",     "libhc_util.a"};
    if (model == "network") {
      spec.name = r.top_module;
      spec.files = r.files;
      spec.verilog_files = r.verilog_files;
      spec.top = r.top_module;
      spec.prefix = "Vmesh";
      spec.adapter = "tb/verilated_mesh.cpp";
    } else {
      // One tile, Verilated once for this shape; the ROMs are played from their images.
      for (const std::string& f : r.verilog_files) {
        if (f.rfind("hw/hc_mesh_", 0) == 0 || f == "hw/hc_fifo.v") {
          spec.files[f] = r.files.at(f);
          spec.verilog_files.push_back(f);
        }
      }
      spec.top = "hc_mesh_tile";
      spec.prefix = "Vmeshtile";
      spec.adapter = "tb/verilated_mesh_tiles.cpp";
      spec.parameters = r.tileParameters();
      spec.name = "hc_mesh_tile";
      for (const auto& p : spec.parameters) spec.name += "_" + std::to_string(p.second);
      for (const std::string& rom : r.roms) {
        job_dir.write(rom, r.files.at(rom));
        job.roms.push_back(job_dir.path + "/" + rom);
      }
    }
    const RtlBuild rb = buildVerilatedHarness(spec, quiet);
    exe = rb.exe;
    job.rom_dir = model == "network" ? rb.dir + "/rtl" : job_dir.path;
    note = (model == "network" ? job.rom_dir : rb.dir) + " (top " + spec.top +
           ", Verilated: " + model +
           (rb.cached
                ? "), model cached"
                : "), model built in " + std::to_string(static_cast<int>(rb.seconds + 0.5)) + " s");
  } else {
    exe = selfDir() + "/hc-mesh-systemc";
    if (!fs::exists(exe)) throw Error("missing " + exe + " (build the hc-mesh-systemc target)");
  }
  job_dir.write("job.json", serializeMeshJob(job));
  if (!a.has("json") && rtl) std::cout << "files written    " << note << "\n" << std::flush;
  return runHarness({exe, "--job", job_dir.path + "/job.json"});
}

std::string outputPath(const Args& a, const std::string& opt) {
  if (!a.has(opt)) return "";
  const std::string path = a.get(opt);
  checkOutputPath(opt, path);
  if (opt == "wave" && (path.size() < 4 || path.compare(path.size() - 4, 4, ".fst") != 0)) {
    throw Error("--wave writes FST only: name the file FILE.fst (got " + path + ")");
  }
  return fs::absolute(path).string();
}

}  // namespace

std::vector<OptionSpec> simulateOptions() {
  std::vector<OptionSpec> specs = rtlCommandOptions({
      {"engine", "E", "systemc | verilator | cosim (default cosim)"},
      {"source", "S[,S...]", "broadcast origin(s) (default 0)"},
      {"start", "C[,C...]", "start cycle, one or one per source (default 0)"},
      {"all-sources", "", "every node broadcasts, all at the --start cycle"},
      {"random", "K", "K broadcasts from random origins at random cycles"},
      {"window", "W", "with --random: start cycles in 0..W-1 (default 64)"},
      {"seed", "X", "with --random: random seed (default 1)"},
      {"rtl-model", "M",
       "auto | network | routers (nodes with --collective): Verilate the whole\n"
       "generated top, or the router (schedule node) once, wired N times by the\n"
       "harness (default auto: network up to 20 nodes, 16 for schedule networks);\n"
       "the wormhole mesh: network | tiles (hc_mesh_tile once, wired N times)"},
      {"traffic", "uniform", "load run: every node starts broadcasts at random cycles (Bernoulli)"},
      {"rate", "R", "with --traffic: offered broadcasts per node per cycle, 0 < R <= 1"},
      {"cycles", "C", "with --traffic: cycles of injection, then drain (default 10000)"},
      {"trace", "FILE", "write every link crossing as CSV"},
      {"wave", "FILE.fst",
       "write an FST waveform of every RTL signal (verilator or cosim engine,\n"
       "whole-top model; builds a traced model, cached apart)"},
      {"max-cycles", "C", "stop after C cycles (default: derived from the workload)"},
      {"watchdog", "C", "fail after C cycles without progress (default 1000)"},
      {"json", "", "print a JSON summary"},
      {"quiet", "", "no progress messages on stderr"},
  });
  for (const auto& s : collectiveOptions()) specs.push_back(s);
  specs.push_back({"repeat", "K",
                   "with --collective: run it K times back to back (default 1; accumulation\n"
                   "and global-sum: K runs on fresh random inputs, default 4)"});
  specs.push_back(inputBitsOption());
  specs.push_back({"shared-rom", "",
                   "with --collective: one ROM drives every node (translation-invariant\n"
                   "schedules)"});
  for (const auto& s : meshHardwareOptions()) specs.push_back(s);
  specs.push_back(meshAlgorithmOption());
  return specs;
}

CommandHelp simulateHelp() {
  return {"hypercast simulate --m ... --rho ... [--source S] --engine E [options]",
          "Runs broadcasts on the SystemC model (systemc), the Verilated RTL (verilator), or\n"
          "both in lock step (cosim), which stops at the first cycle where they differ.\n"
          "Every delivery is checked for origin, payload and count; the trace goes through\n"
          "an independent checker. Exit status: 0 pass, 1 verification failed, 2 bad\n"
          "input, 3 internal error, 130/143 interrupted.\n"
          "The Verilated model is built on first use and cached by content under\n"
          "$HYPERCAST_CACHE (default ~/.cache/hypercast).\n"
          "With --collective C (and any --topology) it runs that collective's\n"
          "schedule-ROM network instead: every link compared each cycle in cosim, the\n"
          "trace (step,from,to,origin,dest,msg,payload) checked, and every node's final\n"
          "holdings read back and compared with what the collective promises.\n"
          "On a mesh of equal power-of-two sides, --collective broadcast runs the\n"
          "wormhole mesh (--switching wormhole, the default; --switching\n"
          "store-and-forward: the BFS schedule-ROM network): Cang & Wu's broadcast\n"
          "(--algorithm paper|best, --flits L), every link, delivery, the barrier and\n"
          "the link-use counters compared each cycle in cosim, the delivery trace\n"
          "(step,cycle,from,to,payload) checked by the independent mesh checker, and\n"
          "the counters' head flits required to equal the TCD. --rtl-model network\n"
          "(the generated top, default up to 16 nodes) or tiles (hc_mesh_tile\n"
          "Verilated once, N copies wired by the harness).\n"
          "--collective accumulation|global-sum (any Cayley graph, --links\n"
          "full-duplex|half-duplex) runs the combining network in cosim: every node's\n"
          "value or partial sum compared each cycle, every sum checked against the\n"
          "harness's own sums of --repeat K sets of random --input-bits-bit inputs.\n",
          ""};
}

int cmdSimulate(const Args& a) {
  if (wantsCombining(a)) return combiningSimulate(a);  // Faber, combining
  if (wantsWormholeMesh(a)) return simulateWormholeMesh(a);
  if (wantsSchedule(a)) return simulateSchedule(a);
  if (a.has("shared-rom")) throw Error("--shared-rom needs --collective (a schedule network)");
  if (a.has("repeat")) throw Error("--repeat needs --collective");
  const Hypercycle h = parseNetwork(a);
  const RtlOptions o = parseRtlOptions(a);
  SimJob job;
  job.engine = a.get("engine", "cosim");
  if (job.engine != "systemc" && job.engine != "verilator" && job.engine != "cosim") {
    throw Error("unknown engine '" + job.engine + "' (engines: systemc, verilator, cosim)");
  }
  const bool rtl = job.engine != "systemc";
  checkSimulatedNetwork(h, job.engine);
  for (int i = h.dims(); i >= 1; --i) {
    job.m.push_back(h.dim(i).m);
    job.rho.push_back(h.dim(i).rho);
  }
  validateFits(h, o);
  job.rtl = o;
  job.format = a.has("json") ? "json" : "text";
  job.max_cycles = a.getInt("max-cycles", 0, 0, 1LL << 40);
  job.watchdog = a.getInt("watchdog", 1000, 1, 1LL << 40);
  for (const char* opt : {"rate", "cycles"}) {
    if (a.has(opt) && !a.has("traffic")) throw Error(std::string("--") + opt + " needs --traffic");
  }
  if (a.has("wave") && !rtl) throw Error(kWaveNeedsRtl);
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
  RtlModel model = h.nodes() <= kWholeTopMaxNodes ? RtlModel::kNetwork : RtlModel::kRouters;
  if (rtl) {
    const std::string mode = a.get("rtl-model", "auto");
    if (mode == "network") {
      model = RtlModel::kNetwork;
    } else if (mode == "routers") {
      model = RtlModel::kRouters;
    } else if (mode != "auto") {
      throw Error("--rtl-model must be auto, network or routers, got '" + mode + "'");
    }
    if (a.has("wave")) {
      if (mode == "routers") throw Error("--wave needs the whole-top model (--rtl-model network)");
      model = RtlModel::kNetwork;
    }
    if (model == RtlModel::kNetwork && h.nodes() > kWholeTopLimit) {
      throw Error("--rtl-model network takes at most " + std::to_string(kWholeTopLimit) +
                  " nodes (Verilator's code grows with N); use --rtl-model routers");
    }
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
  const bool quiet = a.has("quiet") || a.has("json");

  std::string exe;
  std::string files_note;
  if (rtl) {
    const HypercycleRtl net = emitHypercycleNetwork(h, o);
    job.rtl_model = toString(model);
    const RtlBuild b = buildRtlHarness(net, model, quiet, a.has("wave"));
    exe = b.exe;
    files_note =
        b.dir + "/rtl (" + std::to_string(net.files.size()) + " files, top " + net.top_module +
        "; Verilated: " + job.rtl_model + ")" +
        (b.cached ? ", model cached"
                  : ", model built in " + std::to_string(static_cast<int>(b.seconds + 0.5)) + " s");
  } else {
    exe = selfDir() + "/hc-sim-systemc";
    if (!fs::exists(exe)) throw Error("missing " + exe + " (build the hc-sim-systemc target)");
  }
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
  return runHarness({exe, "--job", job_path});
}

}  // namespace cli
}  // namespace hypercast
