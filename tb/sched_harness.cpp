// The schedule-network adapter (tb/harness_adapters.h): runs a collective's schedule-ROM network on
// the SystemC model, on the Verilated RTL, or on both in lock step (cosim), comparing every link
// every cycle and stopping at the first divergence. It receives the checked schedule and the port
// graph from the CLI (sim/sched_job.h) and never rebuilds either. The observed link crossings go
// through the independent schedule checker; at the end every node must hold exactly the packets the
// collective promises it (algorithm/collective_semantics.h), payloads intact; a watchdog fails a
// network that does not finish. A node whose err_o rises (hw/ hc_sched_node.v: a row expected a
// packet its link did not carry, or both ends drove a half-duplex link) is a divergence too: the
// run stops and names the node and the cycle.
//
// Test hooks, environment variables (one each, the harness's only fault inputs):
//   HYPERCAST_FAULT_NODE=X   corrupts what node X of the SystemC model sends;
//   HYPERCAST_STALL_NODE=X   leaves node X of the SystemC model unstarted, so
//                            the watchdog must fire;
//   HYPERCAST_FAULT_ROM=X:R:F corrupts row R of node X's ROM, which the RTL
//                            (both Verilated models) and the SystemC model
//                            run (see parseRomFault below).
//
//   HARNESS --job DIR/job.json  (tb/harness_main.cpp)
//   exit 0: PASS, 1: FAIL, 2: bad job
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <systemc>

#include "algorithm/collective_semantics.h"
#include "algorithm/step_clocks.h"
#include "checker/schedule_checker.h"
#include "checker/step_clock_checker.h"
#include "checker/store_bank_checker.h"
#include "emit/rom_format.h"
#include "emit/schedule_csv.h"
#include "emit/schedule_program.h"
#include "model/sched_network.h"
#include "sim/sched_job.h"
#include "tb/harness_adapters.h"
#include "tb/packet_payload.h"
#include "tb/sched_rtl.h"
#include "topology/port_graph.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/output_file.h"
#include "util/parse_number.h"
#include "util/progress.h"
#include "util/report_json.h"
#include "util/test_hooks.h"

using namespace hypercast;
namespace fs = std::filesystem;

namespace {

struct Divergence {
  bool found = false;
  uint64_t cycle = 0, node = 0;
  int port = 0;  // -1: the node's err_o rose
  std::string expected, actual;
  // A model node's send against the schedule (model/sched_node.h), not the RTL
  // against the model; the packets expected and sent (model::kNoSend: none).
  bool against_schedule = false;
  uint64_t expected_packet = 0, actual_packet = 0;
  std::string where() const { return port < 0 ? "err_o" : std::to_string(port); }
};

std::string word(bool valid, uint64_t payload) {
  std::ostringstream os;
  model::LinkWord w{valid, payload};
  os << w;
  return os.str();
}

std::vector<std::string> splitColons(const std::string& s) {
  std::vector<std::string> parts;
  size_t at = 0;
  for (size_t c; (c = s.find(':', at)) != std::string::npos; at = c + 1) {
    parts.push_back(s.substr(at, c - at));
  }
  parts.push_back(s.substr(at));
  return parts;
}

// The ROM fault hook: HYPERCAST_FAULT_ROM=X:R:F corrupts row R of node X's ROM
// (emit/rom_format.h), the words the RTL and the SystemC model both run, in
// nothing else: the model's schedule, the checker and the promise keep the real
// schedule. F is one of
//   keep:P        the row writes the arrival on input port P (into bank 0,
//                 address 0);
//   forward:P:Q   the row's output P forwards the arrival on input port Q;
//   silence:P     the row sends nothing on output P (its link is silent for
//                 step R + 1);
//   read:B:A      bank B's read in this row is of address A (a wrong bank
//                 assignment: the next row's send of bank B sends that word);
//   HEX           the row is this word (ROM hex digits, as in the image).
// Row R files the arrivals of step R and does the sends of step R + 1, so keep
// or forward on a port nothing arrives on in step R must raise node X's err_o
// (hc_sched_node's `missing`, its keep and its forward term) at cycle R + 1, and
// silence must raise the err_o of the neighbour that expects the packet at
// cycle R + 2; the model names a send of the wrong packet (or of none) as the
// first divergence at cycle R + 1 (R + 2 for a read). For the RTL every image is
// copied to DIR/fault-rom (the job folder), node X's corrupted, and the RTL
// reads them there instead of from rom_dir: the wired nodes load their images
// from that folder, the whole top's $readmemh reads rom/<name>_n<x>.hex
// relative to it. A fault that changes nothing, or a ROM shared by several
// nodes (--shared-rom), is refused.
struct RomFault {
  uint64_t node = 0;
  size_t word = 0;  // the ROM word corrupted: row + 1
  RomRow row;       // what it holds instead
};

RomFault parseRomFault(const std::string& spec, const SchedJob& o, const NetworkProgram& prog) {
  const std::vector<std::string> f = splitColons(spec);
  const uint64_t n = prog.nodes.size();
  const int np = prog.format.np;
  if (f.size() < 3) throw Error("HYPERCAST_FAULT_ROM: expected NODE:ROW:FAULT, got '" + spec + "'");
  const uint64_t x = parseIndex("HYPERCAST_FAULT_ROM: node", f[0], n);
  const uint64_t row = parseIndex("HYPERCAST_FAULT_ROM: row", f[1], prog.rows);
  for (uint64_t y = 0; y < n && o.roms.size() == n; ++y) {
    if (y != x && o.roms[y] == o.roms[x]) {
      throw Error("HYPERCAST_FAULT_ROM: node " + f[0] + " shares its ROM (--shared-rom)");
    }
  }
  auto port = [&](const std::string& v) {
    return static_cast<size_t>(
        parseIndex("HYPERCAST_FAULT_ROM: port", v, static_cast<uint64_t>(np)));
  };
  const std::string word = encodeRomRow(prog.format, prog.nodes[x].rows[row + 1]);
  RomRow r = prog.nodes[x].rows[row + 1];  // row r's fields are in word r+1
  const std::string& kind = f[2];
  if (kind == "keep" && f.size() == 4) {
    r.write[0] = WriteField{true, static_cast<uint32_t>(port(f[3])), 0};
  } else if (kind == "forward" && f.size() == 5) {
    r.send[port(f[3])] = SendField{true, SendKind::kLink, static_cast<uint32_t>(port(f[4]))};
  } else if (kind == "silence" && f.size() == 4) {
    r.send[port(f[3])] = SendField{};
  } else if (kind == "read" && f.size() == 5) {
    const uint64_t b = parseIndex("HYPERCAST_FAULT_ROM: bank", f[3], prog.banks);
    const uint64_t a = parseIndex("HYPERCAST_FAULT_ROM: address", f[4], prog.depth);
    r.read[b] = ReadField{true, static_cast<uint32_t>(a)};
  } else if (f.size() == 3 && kind.find_first_not_of("0123456789abcdef") == std::string::npos) {
    r = decodeRomRow(prog.format, kind);  // checks its width
    if (encodeRomRow(prog.format, r) != kind) {
      throw Error("HYPERCAST_FAULT_ROM: '" + kind + "' is not a ROM word of this network");
    }
  } else {
    throw Error("HYPERCAST_FAULT_ROM: unknown fault '" + spec +
                "' (X:R:keep:P, X:R:forward:P:Q, X:R:silence:P, X:R:read:B:A or X:R:HEX)");
  }
  if (encodeRomRow(prog.format, r) == word) {
    throw Error("HYPERCAST_FAULT_ROM: '" + spec + "' changes nothing");
  }
  return RomFault{x, row + 1, r};
}

// The RTL's copy of the ROM images with the fault; returns their folder.
std::string writeFaultyRoms(const RomFault& fault, const SchedJob& o, const NetworkProgram& prog,
                            const std::string& dir) {
  const uint64_t n = prog.nodes.size();
  if (o.roms.size() != n) throw Error("HYPERCAST_FAULT_ROM: the job lists no ROM image per node");
  auto inRomDir = [&](const std::string& r) { return o.rom_dir.empty() ? r : o.rom_dir + "/" + r; };
  std::ifstream in(inRomDir(o.roms[fault.node]));
  if (!in) throw Error("HYPERCAST_FAULT_ROM: cannot read " + inRomDir(o.roms[fault.node]));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  if (fault.word >= lines.size()) {
    throw Error("HYPERCAST_FAULT_ROM: " + o.roms[fault.node] + " is too short");
  }
  lines[fault.word] = encodeRomRow(prog.format, fault.row);
  const std::string out = (dir.empty() ? std::string(".") : dir) + "/fault-rom";
  for (uint64_t y = 0; y < n; ++y) {
    const fs::path p = fs::path(out) / o.roms[y];
    std::error_code ec;
    fs::create_directories(p.parent_path(), ec);
    if (y == fault.node) {
      std::ofstream w(p);
      for (const std::string& line : lines) w << line << "\n";
      if (!w) throw Error("HYPERCAST_FAULT_ROM: cannot write " + p.string());
    } else {
      fs::copy_file(inRomDir(o.roms[y]), p, fs::copy_options::overwrite_existing, ec);
      if (ec) throw Error("HYPERCAST_FAULT_ROM: cannot copy " + o.roms[y] + ": " + ec.message());
    }
  }
  return fs::absolute(out).string();
}

int run(const JobFile& job) {
  const SchedJob o = parseSchedJob(job);
  const std::string dir = fs::path(job.path).parent_path().string();
  auto inJob = [&](const std::string& f) { return f.empty() || f[0] == '/' ? f : dir + "/" + f; };
  std::ifstream ports_in(inJob(o.ports_csv)), sched_in(inJob(o.schedule_csv));
  if (!ports_in || !sched_in) throw Error("cannot read the job's port graph or schedule");
  const PortGraph g = PortGraph::readCsv(ports_in, o.ports_csv);
  Schedule s;
  s.collective = o.problem.collective;
  s.nodes = o.problem.nodes;
  s.root = o.problem.root;
  s.messages = o.problem.messages;
  s.steps = o.steps;
  s.links = o.links;
  s.transfers = readScheduleCsv(sched_in, o.schedule_csv);
  if (g.nodes() != s.nodes) throw Error("the port graph and the collective disagree on N");
  const CollectiveProblem& problem = o.problem;
  const uint64_t n = g.nodes();
  const int np = g.ports();
  // The nodes run the schedule in clocks (k per step; algorithm/step_clocks.h),
  // checked against the steps as the generator checks it; what crosses the links
  // is checked against the steps below.
  // At one clock per step the schedule itself, not a copy of it.
  const uint32_t clocks = o.clocks_per_step;
  Schedule spread;
  if (clocks > 1) {
    spread = scheduleInClocks(s, g, clocks);
    checker::requireStepClocks(s, spread, clocks);
  }
  const Schedule& clocked = clocks > 1 ? spread : s;
  const NetworkProgram prog = compileSchedule(clocked, g, o.network.switches);
  for (uint64_t x = 0; x < prog.nodes.size(); ++x) {
    checker::requireSoundStoreBanks(x, prog.nodes[x].store, prog.banks, prog.depth);
  }
  tb::PacketPayload pay(problem, o.payload_width, o.seed);
  if (!pay.fits()) {
    throw Error(std::to_string(o.payload_width) + "-bit payloads cannot name the " +
                std::to_string(packetKeys(n, problem.messages)) +
                " packets; use a wider --payload-width");
  }
  const bool use_model = o.engine != "verilator", use_rtl = o.engine != "systemc";
  const char* rom_fault = std::getenv("HYPERCAST_FAULT_ROM");
  std::unique_ptr<RomFault> fault_rom;
  if (rom_fault) fault_rom = std::make_unique<RomFault>(parseRomFault(rom_fault, o, prog));
  std::unique_ptr<model::SchedNetwork> net;
  std::unique_ptr<tb::SchedRtl> rtl;
  if (use_model) {
    // Every node's ROM words, as the RTL's images hold them (the fault's too).
    std::vector<std::shared_ptr<const std::vector<RomRow>>> roms;
    for (uint64_t x = 0; x < n; ++x) {
      auto rows = std::make_shared<std::vector<RomRow>>(prog.nodes[x].rows);
      if (fault_rom && fault_rom->node == x) (*rows)[fault_rom->word] = fault_rom->row;
      roms.push_back(std::move(rows));
    }
    const model::StoreShape shape{prog.banks, prog.depth, prog.format.addr_width};
    net = std::make_unique<model::SchedNetwork>("net", g, clocked, roms, shape);
  }
  const int64_t fault = hookNode("HYPERCAST_FAULT_NODE", n);
  if (net && fault >= 0) net->setPayloadFault(static_cast<uint64_t>(fault));
  const int64_t stall = hookNode("HYPERCAST_STALL_NODE", n);
  if (net && stall >= 0) net->setStalled(static_cast<uint64_t>(stall));
  if (use_rtl) {
    // The top's ROM paths are relative to the generated folder.
    const std::string rom_dir = fault_rom ? writeFaultyRoms(*fault_rom, o, prog, dir) : o.rom_dir;
    if (!rom_dir.empty() && ::chdir(rom_dir.c_str()) != 0) {
      throw Error("cannot enter " + rom_dir);
    }
    tb::SchedRtlSetup setup;
    setup.graph = &g;
    setup.payload_width = o.payload_width;
    setup.wave_path = o.wave;
    setup.roms = o.roms;
    setup.rom_word_bits = o.rom_word_bits;
    setup.rom_rows = prog.words();
    rtl = tb::makeSchedRtl(setup);
    if (!rtl) throw Error("this harness was built without an RTL model; use --engine systemc");
    rtl->reset();
  }
  std::vector<Transfer> seen;
  std::vector<uint64_t> seen_payload;
  uint64_t undecodable = 0, compared = 0, cycles = 0;
  Divergence div;
  double secs = 0;
  // Long runs report the schedule rows done (every repetition's) on stderr.
  Progress::Options po;
  po.quiet = o.quiet;
  po.unit = "row";
  Progress progress("hc-sched",
                    static_cast<long long>(prog.rows) * static_cast<long long>(o.repeat), po);
  progress.heartbeat();
  long long rows_done = 0;
  // What crossed the links is checked against the checker's own links of the
  // network description, and what the nodes keep against the promise, after
  // every repetition; the figures are the last repetition run's.
  checker::CollectiveSpec spec;
  spec.network = o.network;
  spec.problem = problem;
  spec.group_store_and_forward = o.group_store_and_forward;
  spec.links = o.links;
  checker::ScheduleReport rep;
  uint64_t promised = 0, held_ok = 0, wrong = 0, extra = 0, missing = 0;
  std::vector<std::string> holding_errors;
  bool all_done = true;
  int64_t reps_run = 0;
  // The model nodes' own errors (kept across the repetitions).
  auto modelErrors = [&] {
    std::vector<std::string> out;
    for (uint64_t x = 0; net && x < n; ++x) {
      for (const auto& e : net->node(x).errors()) out.push_back(e);
    }
    return out;
  };
  // The repetition last checked passed: every node done, the links and the
  // holdings as promised, no model error.
  auto checkedClean = [&] {
    return all_done && rep.ok && undecodable == 0 && modelErrors().empty() && held_ok == promised &&
           wrong == 0 && extra == 0 && missing == 0;
  };
  for (int64_t rep_i = 0; rep_i < o.repeat && !div.found; ++rep_i) {
    // Each repetition its own payloads (another salt): a store slot a
    // repetition fails to write cannot pass with the packet of the one before.
    pay = tb::PacketPayload(problem, o.payload_width, o.seed + static_cast<uint64_t>(rep_i));
    // Preload every node's own packets into the slots the ROM compiler chose.
    if (net) net->clear();
    for (uint64_t x = 0; x < n; ++x) {
      for (const StoredPacket& p : prog.nodes[x].loads) {
        const uint64_t k = pay.key(Packet{p.origin, p.dest, p.msg});
        if (net) net->load(x, p.slot, k, pay.encode(k));
        if (rtl) rtl->load(true, x, p.slot, pay.encode(k));
      }
    }
    if (net) net->start();
    if (rtl) rtl->start();
    // The stall hook holds its node in the first repetition only: a later
    // repetition that finishes must not hide it.
    if (net && stall >= 0) net->setStalled(~uint64_t{0});
    seen.clear();
    seen_payload.clear();
    const auto t0 = std::chrono::steady_clock::now();
    for (uint32_t row = 0; row < prog.rows; ++row) {
      if (net) net->cycle();
      if (rtl) rtl->cycle();
      ++cycles;
      // A node's err_o (sticky) rose in this cycle: the first divergence, before
      // anything the row sent (the model has no err_o; it never errs).
      if (rtl && rtl->error()) {
        uint64_t x = 0;
        while (x + 1 < n && !rtl->nodeError(x)) ++x;
        div = {true, row + 1, x, -1, "0", "1"};
        break;
      }
      // A model node sent what the schedule does not send (its ROM's source held
      // another packet, or none): the first divergence, against the schedule.
      if (net) {
        const int64_t x = net->faultyNode();
        if (x >= 0) {
          const model::SendFault& f = net->node(static_cast<uint64_t>(x)).fault();
          div = {true,
                 row + 1,
                 static_cast<uint64_t>(x),
                 f.port,
                 f.expected == model::kNoSend ? word(false, 0) : word(true, pay.encode(f.expected)),
                 word(f.sent.valid, f.sent.payload)};
          div.against_schedule = true;
          div.expected_packet = f.expected;
          div.actual_packet = f.actual;
          break;
        }
      }
      for (uint64_t x = 0; x < n && !div.found; ++x) {
        for (int p = 0; p < np; ++p) {
          model::LinkWord m, r;
          if (net) m = net->output(x, p);
          if (rtl) r = model::LinkWord{rtl->linkValid(x, p), rtl->linkData(x, p)};
          if (net && rtl && !(m == r)) {
            div = {true, row + 1, x, p, word(m.valid, m.payload), word(r.valid, r.payload)};
            break;
          }
          const model::LinkWord& w = rtl ? r : m;
          if (!w.valid) continue;
          // After row r the output registers hold the transfers of clock r + 1,
          // which belongs to step r / clocks + 1.
          Transfer t;
          t.step = stepOfClock(row + 1, clocks);
          t.from = static_cast<uint32_t>(x);
          const PortEnd to = g.drives(x, p);
          Packet pk;
          if (!to.present() || !pay.decode(w.payload, pk)) {
            ++undecodable;
            continue;
          }
          t.to = to.node;
          t.origin = pk.origin;
          t.dest = pk.dest;
          t.msg = pk.msg;
          seen.push_back(t);
          seen_payload.push_back(w.payload);
        }
      }
      if (div.found) break;
      if (net && rtl) ++compared;
      progress.set(++rows_done);
    }
    secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    ++reps_run;
    if (div.found) break;
    // Watchdog: the schedule has prog.rows rows; every node must be done by then.
    if (rtl) all_done = rtl->done();
    for (uint64_t x = 0; all_done && net && x < n; ++x) all_done = net->node(x).done();
    rep = checker::checkSchedule(spec, seen);
    promised = held_ok = wrong = extra = missing = 0;
    holding_errors.clear();
    auto note = [&](const std::string& e) {
      if (holding_errors.size() < 10) holding_errors.push_back(e);
    };
    // Holdings: the promise, derived from the collective alone (a switch node
    // of the network description is promised nothing and originates nothing:
    // it only forwards).
    for (uint64_t x = 0; x < n; ++x) {
      std::set<uint64_t> promise;
      if (!o.network.isSwitch(x)) {
        for (const Packet& p : promisedPackets(problem, x)) {
          if (!o.network.isSwitch(p.origin)) promise.insert(pay.key(p));  // a switch sends none
        }
      }
      promised += promise.size();
      // The RTL's (or, without it, the model's) store slots the node keeps.
      const char* who = rtl ? "RTL" : "model";
      std::set<uint64_t> kept;
      for (const StoredPacket& p : prog.nodes[x].keeps) {
        const uint64_t k = pay.key(Packet{p.origin, p.dest, p.msg});
        kept.insert(k);
        const uint64_t got = rtl ? rtl->read(x, p.slot) : net->node(x).read(p.slot).first;
        if (!promise.count(k)) {
          ++extra;
          note(std::string(who) + " node " + std::to_string(x) +
               " keeps a packet it was not promised");
        } else if (got != pay.encode(k)) {
          ++wrong;
          note(std::string(who) + " node " + std::to_string(x) + " slot " + std::to_string(p.slot) +
               ": " + word(true, got) + ", expected " + word(true, pay.encode(k)));
        } else {
          ++held_ok;
        }
      }
      for (uint64_t k : promise) {
        if (kept.count(k)) continue;
        ++missing;
        note(std::string(who) + " node " + std::to_string(x) +
             " does not keep a packet it was promised");
      }
    }
    if (!checkedClean()) break;
  }
  progress.finish();
  // A divergence ends the run before its repetition is checked: no holdings or
  // checker figures then (not those of the repetition before).
  if (div.found) {
    rep = checker::ScheduleReport();
    promised = held_ok = wrong = extra = missing = 0;
    holding_errors.clear();
  }
  const bool finished = !div.found && all_done;
  const bool rtl_error = rtl && rtl->error();
  const std::vector<std::string> model_errors = modelErrors();
  const bool pass = !div.found && !rtl_error && checkedClean();

  if (!o.trace.empty()) {
    OutputFile f(o.trace, "--trace");
    writeTraceCsv(f.stream(), seen, seen_payload);
    f.commit();
  }
  const double ncps = secs > 0 ? double(n) * double(cycles) / secs : 0;
  const bool optimal = rep.ok && o.bound_known && rep.steps == o.bound_steps &&
                       rep.transmissions == o.bound_transmissions;
  const std::string checker_word = div.found ? "not run" : rep.ok ? "pass" : "fail";
  if (o.json) {
    // The keys simulate --json shares with the router networks (tb/sim_report.h):
    // engine, rtl_model, nodes, watchdog, checker, checker_errors, match,
    // first_divergence, verdict; under "figures" (what the run measured or
    // computed) steps, transmissions, cycles, cycles_compared, seconds,
    // node_cycles_per_second.
    nlohmann::ordered_json j, f;  // f: the figures
    j["engine"] = o.engine;
    j["rtl_model"] = nameOrNull(o.rtl_model);  // null: the SystemC model alone
    j["topology"] = o.network.topology;
    j["network"] = o.network.label;
    if (o.network.isBinaryHypercube()) j["dim"] = o.network.hypercubeDim();
    f["nodes"] = n;
    j["collective"] = toString(problem.collective);
    if (hasRoot(problem.collective)) {
      j["source"] = problem.root;
      if (problem.root < o.network.node_labels.size()) {
        j["source_name"] = o.network.node_labels[problem.root];
      }
    }
    j["messages"] = problem.messages;
    j["construction"] = o.construction;
    f["steps"] = rep.steps;
    f["transmissions"] = rep.transmissions;
    if (o.bound_known) {
      f["lower_bound"] = {{"steps", o.bound_steps}, {"transmissions", o.bound_transmissions}};
    } else {
      f["lower_bound"] = nullptr;
    }
    j["optimal"] = optimal;
    j["checker"] = checker_word;
    j["checker_errors"] = div.found ? std::vector<std::string>{} : rep.errors;
    f["promised"] = promised;
    f["held"] = held_ok;
    f["not_kept"] = missing;
    f["wrong_payloads"] = wrong;
    f["unpromised"] = extra;
    f["undecodable"] = undecodable;
    f["repetitions"] = reps_run;
    j["finished"] = finished;
    j["watchdog"] = !finished && !div.found;
    j["rtl_error"] = rtl_error;
    f["peak_store"] = prog.max_slots;
    f["rom_bits_per_node"] = prog.romBitsPerNode();
    f["clocks_per_step"] = clocks;
    f["cycles"] = cycles;
    j["cosim"] = net && rtl;
    if (net && rtl) {
      j["match"] = !div.found;
      f["cycles_compared"] = compared;
    }
    if (div.found) {
      j["first_divergence"] = {{"cycle", div.cycle},
                               {"node", div.node},
                               {"port", div.where()},
                               {"expected", div.expected},
                               {"actual", div.actual}};
    }
    f["seconds"] = secs;
    f["node_cycles_per_second"] = static_cast<uint64_t>(ncps);
    j["verdict"] = pass ? "PASS" : "FAIL";
    j["figures"] = f;
    std::cout << j.dump() << "\n";
  } else {
    auto bound = [&](uint64_t v) {
      return o.bound_known ? "  (lower bound " + std::to_string(v) + ")"
                           : std::string("  (no lower bound known)");
    };
    std::cout << "collective       " << toString(problem.collective);
    if (hasRoot(problem.collective)) std::cout << " from node " << o.network.nodeName(problem.root);
    std::cout << " on " << o.network.label << " (" << n << " nodes), engine " << o.engine
              << (o.rtl_model.empty() ? "" : ", RTL model " + o.rtl_model)
              << (problem.messages > 1
                      ? "\nmessages         " + std::to_string(problem.messages) + " per pair"
                      : std::string())
              << "\nconstruction     " << o.construction << "\nsteps            " << rep.steps
              << bound(o.bound_steps)
              << (clocks > 1 ? "\nclocks           " + std::to_string(clocks) + " per step"
                             : std::string())
              << "\ntransmissions    " << rep.transmissions << bound(o.bound_transmissions)
              << "\nchecker          "
              << (div.found && div.port < 0 ? "not run (err_o raised)"
                  : div.found               ? "not run (cosim diverged)"
                  : rep.ok                  ? "PASS"
                                            : "FAIL")
              << "\nholdings         " << held_ok << "/" << promised << " promised packets held"
              << (missing ? ", " + std::to_string(missing) + " not kept" : "")
              << (wrong ? ", " + std::to_string(wrong) + " corrupted" : "")
              << (extra ? ", " + std::to_string(extra) + " unpromised" : "")
              << (o.repeat > 1 ? " (repetition " + std::to_string(reps_run) + " of " +
                                     std::to_string(o.repeat) + ")"
                               : std::string())
              << "\nstore            peak " << prog.max_slots << " packets per node; ROM "
              << prog.romBitsPerNode() << " bits per node\n";
    if (net && rtl) {
      std::cout << "cosim            " << (div.found ? "DIVERGED" : "all equal") << ", " << compared
                << " cycles compared\n";
    }
    std::cout << "result           " << (pass ? "PASS" : "FAIL") << "  (" << cycles << " cycles, "
              << secs << " s)\n";
  }
  for (size_t i = 0; !div.found && i < rep.errors.size(); ++i) {
    std::cerr << "hc-sched: checker: " << rep.errors[i] << "\n";
  }
  for (const auto& e : holding_errors) std::cerr << "hc-sched: " << e << "\n";
  for (size_t i = 0; i < model_errors.size() && i < 10; ++i) {
    std::cerr << "hc-sched: model: " << model_errors[i] << "\n";
  }
  if (div.found && div.port < 0) {
    std::cerr << "hc-sched: RTL node " << div.node << " raised err_o at cycle " << div.cycle
              << " (first divergence): a row expected a packet its link did not carry"
              << (o.links == LinkMode::kHalfDuplex ? ", or both ends drove a half-duplex link" : "")
              << "\n";
  } else if (rtl_error) {
    std::cerr << "hc-sched: the RTL raised err_o (a row expected a missing packet)\n";
  }
  if (!finished && !div.found)
    std::cerr << "hc-sched: watchdog: the network did not finish its schedule in " << prog.rows
              << " cycles\n";
  if (undecodable) std::cerr << "hc-sched: " << undecodable << " link payloads name no packet\n";
  if (div.found && div.against_schedule) {
    auto packet = [&](uint64_t k) {
      if (k == model::kNoSend) return std::string("nothing");
      if (k == model::kNoPacket) return std::string("no scheduled packet");
      const Packet p = pay.packet(k);
      return "packet (" + std::to_string(p.origin) + ", " + std::to_string(p.dest) + ", " +
             std::to_string(p.msg) + ")";
    };
    std::cerr << "hc-sched: model node " << div.node << " diverges from the schedule at cycle "
              << div.cycle << ", port " << div.port << " (first divergence): the schedule sends "
              << packet(div.expected_packet) << ", its ROM sends " << packet(div.actual_packet)
              << "\n";
  } else if (div.found && div.port >= 0) {
    std::cerr << "hc-sched: RTL and model diverge at cycle " << div.cycle << ", node " << div.node
              << ", port " << div.port << ": expected " << div.expected << ", actual " << div.actual
              << "\n";
  }
  (void)net.release();  // SystemC's teardown is O(N^2); the process ends here
  return pass ? 0 : 1;
}

}  // namespace

int hypercast::tb::runScheduleNetwork(const JobFile& job) {
  interrupt::install(nullptr);  // hypercast reports an interrupt for us
  return run(job);
}
