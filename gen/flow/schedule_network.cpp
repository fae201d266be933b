#include "flow/schedule_network.h"

#include <chrono>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "algorithm/step_clocks.h"
#include "checker/step_clock_checker.h"
#include "checker/store_bank_checker.h"
#include "emit/output_dir.h"
#include "emit/schedule_csv.h"
#include "emit/schedule_rtl.h"
#include "flow/checked_schedule.h"
#include "flow/collective_options.h"
#include "flow/design_name.h"
#include "flow/flow.h"
#include "flow/harness_run.h"
#include "flow/router_options.h"
#include "flow/sim_outputs.h"
#include "flow/target_clock.h"
#include "flow/verilated_build.h"
#include "sim/sched_job.h"
#include "util/bits.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/output_file.h"
#include "util/progress.h"
#include "util/report_json.h"
#include "util/test_hooks.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace flow {

void checkProgramBanks(const NetworkProgram& p) {
  for (size_t x = 0; x < p.nodes.size(); ++x) {
    checker::requireSoundStoreBanks(x, p.nodes[x].store, p.banks, p.depth);
  }
}

ScheduleRtl emitCheckedScheduleNetwork(const CheckedSchedule& c, int pw, bool shared_rom,
                                       uint32_t clocks_per_step, int target_mhz,
                                       const std::string& name) {
  ScheduleRtl rtl = emitScheduleNetwork(c.net, c.graph, c.schedule, pw, shared_rom, target_mhz,
                                        name, clocks_per_step);
  if (clocks_per_step > 1) {
    checker::requireStepClocks(c.schedule, rtl.clocked, clocks_per_step);
  }
  const NetworkProgram& p = rtl.program;
  checkProgramBanks(p);
  return rtl;
}

namespace {

// The whole-network top of a schedule network (--rtl-model network) takes at
// most this many nodes: every node instance is emitted separately (the 6-cube
// total exchange's top takes 60-90 s to build). The default is chooseRtlModel's.
constexpr uint64_t kScheduleWholeTopLimit = 256;

}  // namespace

CommandReport scheduleSimulate(const Params& a) {
  std::vector<std::string> refused = {"sources",    "all-sources", "random",  "window", "start",
                                      "max-cycles", "watchdog",    "traffic", "rate",   "cycles"};
  for (const std::string& opt : hypercycleRouterOptions()) refused.push_back(opt);
  for (const std::string& opt : refused) {
    if (a.has(opt)) {
      throw Error("--" + opt + " is a hypercycle option; a collective's schedule network " +
                  "runs its fixed schedule");
    }
  }
  const std::string engine = parseEngine(a);
  const bool rtl = engine != "systemc";
  const uint32_t clocks = clocksPerStep(a);
  if (a.has("rtl-model")) (void)parseRtlModel(a);  // an old name is refused naming wired
  if (a.has("rtl-model") && !rtl) throw Error("--rtl-model needs --engine verilator or cosim");
  if (a.has("shared-rom") && !rtl) throw Error("--shared-rom needs --engine verilator or cosim");
  const int pw = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  const CheckedSchedule c = buildCheckedSchedule(readScheduleRequest(
      a, true,
      "simulate --engine " + engine + (a.has("engine") ? std::string() : " (the default)")));
  const uint64_t n = c.report.nodes;
  const uint64_t last_key = packetKeys(n, c.schedule.messages) - 1;
  if (pw < 64 && last_key > (uint64_t{1} << pw) - 1) {
    throw Error("--payload-width " + std::to_string(pw) + " is too narrow to name the " +
                std::to_string(last_key + 1) + " packet keys of " + c.net.label +
                " in simulation (need " + std::to_string(bitsFor(last_key)) + " bits)");
  }
  if (a.has("wave") && !rtl) throw Error(kWaveNeedsRtl);
  const std::string model =
      rtl ? chooseRtlModel(a, n, static_cast<uint64_t>(c.graph.ports()), kScheduleWholeTopLimit)
          : std::string();
  const std::string trace = outputPath(a, "trace"), wave = outputPath(a, "wave");
  const uint64_t seed = static_cast<uint64_t>(a.getInt("seed", 1, 0, 1LL << 62));
  const long long repeat = a.getInt("repeat", 1, 1, 1000000);
  checksDone();
  const bool quiet = a.has("quiet");  // progress stays under --json (stderr)

  const TempDir job_dir;
  SchedJob job;
  job.network = c.net;
  job.problem = c.schedule.problem();
  job.steps = c.schedule.steps;
  job.clocks_per_step = clocks;
  job.engine = engine;
  job.rtl_model = model;
  job.payload_width = pw;
  job.seed = seed;
  job.trace = trace;
  job.wave = wave;
  job.json = a.has("json");
  job.quiet = quiet;
  job.repeat = repeat;
  job.construction = c.schedule.construction;
  job.group_store_and_forward = c.schedule.group_store_and_forward;
  job.links = c.schedule.links;
  job.bound_known = c.bound.known;
  job.bound_steps = c.bound.bound.steps;
  job.bound_transmissions = c.bound.bound.transmissions;
  // Writing the job and emitting the RTL take long on a large collective: their
  // progress, then the model build's and the harness's own.
  Progress progress("simulate", 0, quiet);
  progress.detail("writing the job");
  progress.heartbeat();
  {
    std::ostringstream sched, ports;
    writeScheduleCsv(sched, c.schedule.transfers);
    c.graph.writeCsv(ports);
    job_dir.write(job.schedule_csv, sched.str());
    job_dir.write(job.ports_csv, ports.str());
  }
  std::string exe, note;
  if (rtl) {
    progress.detail("emitting the RTL");
    const ScheduleRtl net = emitCheckedScheduleNetwork(c, pw, a.has("shared-rom"), clocks);
    progress.finish();
    HarnessSpec spec;
    spec.kind = JobKind::kScheduleNetwork;
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
      // Its top registers the inputs at the falling edge (emit/schedule_rtl.h), so
      // that Verilator evaluates the node twice a cycle, not three times.
      const std::string bank = "hw/hc_sched_bank.v", node = "hw/hc_sched_node.v",
                        top = std::string("tb/") + kSchedNodeLatched + ".v";
      spec.files[bank] = net.files.at(bank);
      spec.files[node] = net.files.at(node);
      spec.files[top] = schedNodeLatchedWrapper();
      spec.verilog_files = {bank, node, top};
      spec.top = kSchedNodeLatched;
      spec.prefix = "Vschednode";
      spec.adapter = "tb/verilated_sched_nodes.cpp";
      spec.parameters = uniformNodeParameters(net, c.graph.ports());
      // Every loop of the node unrolled (its bounds are the parameters): the
      // selects and checks fold to straight code, which evaluates 2-3 times as
      // fast as Verilator's loops over wide vectors (the 10-cube's node).
      spec.verilator_args = {"--unroll-count", "1024", "--unroll-stmts", "1000000"};
      spec.name = "hc_sched_node";
      for (const auto& p : spec.parameters) spec.name += "_" + std::to_string(p.second);
      for (const std::string& rom : net.roms) job_dir.write(rom, net.files.at(rom));
      job.rom_word_bits = net.program.format.wordBits();
    }
    // Node x's image, relative to job.rom_dir: the wired nodes load them; the
    // harness's ROM fault hook (tb/sched_harness.cpp) copies them for either model.
    job.roms = net.roms;
    const RtlBuild b = buildVerilatedHarness(spec, quiet);
    exe = b.exe;
    job.rom_dir = model == "network" ? b.dir + "/rtl" : job_dir.path;
    note = modelNote(model == "network" ? job.rom_dir : b.dir, spec.top, model, b);
  } else {
    exe = systemcHarness();
  }
  progress.finish();
  job_dir.write("job.json", serializeSchedJob(job));
  checkTestHooks(c.net.nodes());  // before anything is printed
  if (!a.has("json") && rtl) std::cout << "files written    " << note << "\n" << std::flush;
  return runHarness({exe, "--job", job_dir.path + "/job.json"}, simulateReport(a, c.net));
}

CommandReport scheduleGenerate(const Params& a) {
  refuseHypercycleRouterOptions(a);
  const std::string name = designName(a);
  checkOutputTree("--out", a.get("out"));
  const int pw = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  const uint32_t clocks = clocksPerStep(a);
  const CheckedSchedule c = buildCheckedSchedule(readScheduleRequest(a, true, "generate"));
  const auto t0 = std::chrono::steady_clock::now();
  // The ROM images and the top of a large collective take a while to emit and write.
  Progress progress("generate", 0, false);
  progress.detail("emitting the RTL and the ROM images");
  progress.heartbeat();
  const ScheduleRtl rtl =
      emitCheckedScheduleNetwork(c, pw, a.has("shared-rom"), clocks, targetMhz(a), name);
  progress.detail("writing " + std::to_string(rtl.files.size()) + " files");
  writeOutputTree(a.get("out"), rtl.files);
  progress.detail("");
  progress.finish();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t bytes = 0;
  for (const auto& f : rtl.files) bytes += f.second.size();
  const NetworkProgram& p = rtl.program;
  const uint64_t n = c.graph.nodes();
  if (a.has("json")) {
    nlohmann::ordered_json j = scheduleJson(c);
    j["out"] = a.get("out");
    j["top"] = rtl.top_module;
    j["identical_roms"] = p.identicalRoms();
    j["shared_rom"] = rtl.shared_rom;
    nlohmann::ordered_json& f = j["figures"];
    f["bytes"] = bytes;
    f["clocks_per_step"] = clocks;
    f["rom_rows"] = p.rows;
    f["rom_word_bits"] = p.format.wordBits();
    f["rom_bits_per_node"] = p.romBitsPerNode();
    f["rom_bits_total"] = p.romBitsPerNode() * (rtl.shared_rom ? 1 : n);
    f["peak_store"] = p.max_slots;
    f["store_banks"] = p.banks;
    f["store_bank_bound"] = p.bank_bound;
    f["store_bank_depth"] = p.depth;
    f["seconds"] = secs;
    return jsonReport(
        {"generate", c.net.topology, c.net.label, "pass", writtenPaths(a.get("out"), rtl.files)},
        j);
  }
  std::ostringstream lines;
  lines << scheduleSummary(c) << "checker          PASS\n"
        << (clocks > 1 ? "clocks           " + std::to_string(clocks) + " per step, " +
                             std::to_string(uint64_t{c.schedule.steps} * clocks) + " in all\n"
                       : std::string())
        << "top module " << rtl.top_module << "; ROM " << p.rows << " rows x "
        << p.format.wordBits() << " bits = " << p.romBitsPerNode() << " bits per node, "
        << p.romBitsPerNode() * (rtl.shared_rom ? 1 : n)
        << (rtl.shared_rom ? " in all (one ROM shared by every node)" : " in all") << "; store "
        << p.banks << (p.banks == 1 ? " bank x " : " banks x ") << p.depth << " words (lower bound "
        << p.bank_bound << (p.bank_bound == 1 ? " bank), " : " banks), ") << "at most "
        << p.max_slots << " packets per node\n";
  size_t listed = 0;
  for (const auto& f : rtl.files) {
    if (f.first.rfind("rom/", 0) == 0 && listed++ >= 2) continue;
    lines << "  " << a.get("out") << "/" << f.first << "\n";
  }
  if (listed > 2) lines << "  ... and " << listed - 2 << " more ROM images\n";
  lines << rtl.files.size() << " files, " << bytes << " bytes in " << secs << " s\n";
  return textReport(lines.str());
}

CommandReport scheduleCommand(const Params& a) {
  if (a.has("algorithm")) {
    throw Error(
        "--algorithm chooses the mesh broadcast's construction (--topology mesh "
        "--collective broadcast)");
  }
  const std::string out = a.get("output");
  if (a.has("output")) checkOutputPath("--output", out);  // before the work
  const CheckedSchedule c = buildCheckedSchedule(readScheduleRequest(a, false, "schedule"));
  if (a.has("output")) {
    // Tens of millions of rows take seconds: the rows written, of all.
    ProgressOptions po;
    po.unit = "transmissions";
    Progress progress("schedule", static_cast<long long>(c.schedule.transfers.size()), po);
    progress.detail("writing the CSV");
    progress.heartbeat();
    OutputFile f(out, "--output");
    writeScheduleCsv(f.stream(), c.schedule.transfers, &progress);
    f.commit();
    progress.detail("");
    progress.finish();
  }
  if (a.has("json")) {
    nlohmann::ordered_json j = scheduleJson(c);
    j["figures"]["build_seconds"] = c.build_seconds;
    j["figures"]["check_seconds"] = c.check_seconds;
    if (a.has("output")) j["csv"] = out;
    return jsonReport(
        {"schedule", c.net.topology, c.net.label, "pass",
         a.has("output") ? std::vector<std::string>{out} : std::vector<std::string>{}},
        j);
  }
  std::ostringstream lines;
  lines << scheduleSummary(c) << "checker          PASS (" << c.report.packets
        << (c.report.packets == 1 ? " packet" : " packets") << " delivered)\n";
  if (a.has("output")) lines << "wrote            " << out << "\n";
  return textReport(lines.str());
}

}  // namespace flow
}  // namespace hypercast
