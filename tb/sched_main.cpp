// The schedule harness: runs a hypercube collective on the SystemC model, on the
// Verilated schedule-ROM network, or on both in lock step (cosim), comparing
// every link every cycle and stopping at the first divergence. The observed link
// crossings go through the independent schedule checker; at the end every node
// must hold exactly the packets the collective promises it, payloads intact; a
// watchdog fails a network that does not finish.
//
//   hc-sched --dim D --collective C [--source S] [--payload-width W] [--seed X]
//            [--engine systemc|verilator|cosim] [--rom-dir DIR] [--trace FILE] [--json]
//            [--repeat K]   run it K times back to back (the last run is checked)
//   exit 0: PASS, 1: FAIL, 2: bad arguments
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <systemc>

#include "algorithm/hypercube_schedules.h"
#include "checker/hypercube_bounds.h"
#include "checker/schedule_checker.h"
#include "emit/schedule_csv.h"
#include "emit/schedule_program.h"
#include "model/sched_network.h"
#include "tb/packet_payload.h"
#include "tb/sched_rtl.h"
#include "topology/hypercube.h"
#include "util/error.h"

using namespace hypercast;

namespace {

struct Options {
  int dim = 3;
  Collective collective = Collective::kMultinodeBroadcast;
  uint32_t root = 0;
  int payload_width = 32;
  uint64_t seed = 1;
  std::string engine = "cosim";
  std::string rom_dir;
  std::string trace;
  std::string wave;  // FST waveform of the RTL
  bool json = false;
  int repeat = 1;  // run the collective this many times (speed measurements)
};

struct Divergence {
  bool found = false;
  uint64_t cycle = 0, node = 0;
  int port = 0;
  std::string expected, actual;
};

std::string word(bool valid, uint64_t payload) {
  std::ostringstream os;
  model::LinkWord w{valid, payload};
  os << w;
  return os.str();
}

int run(const Options& o) {
  const Hypercube cube(o.dim);
  const uint64_t n = cube.nodes();
  const int np = cube.degree();
  const Schedule s = hypercubeSchedule(o.dim, o.collective, o.root);
  const NetworkProgram prog =
      compileSchedule(s, np, [&](uint32_t a, uint32_t b) { return cube.portTo(a, b); });
  const tb::PacketPayload pay(n, o.payload_width, o.seed);
  if (!pay.fits()) {
    throw Error(std::to_string(o.payload_width) + "-bit payloads cannot name the " +
                std::to_string(n * n) + " packets; use a wider --payload-width");
  }
  const bool use_model = o.engine != "verilator", use_rtl = o.engine != "systemc";
  std::unique_ptr<model::SchedNetwork> net;
  std::unique_ptr<tb::SchedRtl> rtl;
  if (use_model) net = std::make_unique<model::SchedNetwork>("net", cube, s);
  if (const char* fault = std::getenv("HYPERCAST_FAULT_NODE")) {
    const uint64_t x = std::strtoull(fault, nullptr, 10);
    if (net && x < n) net->setPayloadFault(x);
  }
  if (use_rtl) {
    // The top's ROM paths are relative to the generated folder.
    if (!o.rom_dir.empty() && ::chdir(o.rom_dir.c_str()) != 0) {
      throw Error("cannot enter " + o.rom_dir);
    }
    rtl = tb::makeSchedRtl(n, np, o.payload_width, o.wave);
    if (!rtl) throw Error("this harness was built without an RTL model; use --engine systemc");
    rtl->reset();
  }
  std::vector<Transfer> seen;
  std::vector<uint64_t> seen_payload;
  uint64_t undecodable = 0, compared = 0, cycles = 0;
  Divergence div;
  double secs = 0;
  for (int rep_i = 0; rep_i < o.repeat && !div.found; ++rep_i) {
    // Preload every node's own packets into the slots the ROM compiler chose.
    if (net) net->clear();
    for (uint64_t x = 0; x < n; ++x) {
      for (const StoredPacket& p : prog.nodes[x].loads) {
        const uint64_t k = pay.key(p.origin, p.dest);
        if (net) net->load(x, k, pay.encode(k));
        if (rtl) rtl->load(true, x, p.slot, pay.encode(k));
      }
    }
    if (net) net->start();
    if (rtl) rtl->start();
    seen.clear();
    seen_payload.clear();
    const auto t0 = std::chrono::steady_clock::now();
    for (uint32_t row = 0; row < prog.rows; ++row) {
      if (net) net->cycle();
      if (rtl) rtl->cycle();
      ++cycles;
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
          // After row r the output registers hold the transfers of step r + 1.
          Transfer t;
          t.step = row + 1;
          t.from = static_cast<uint32_t>(x);
          t.to = static_cast<uint32_t>(cube.neighbor(x, p));
          if (!pay.decode(w.payload, t.origin, t.dest)) {
            ++undecodable;
            continue;
          }
          seen.push_back(t);
          seen_payload.push_back(w.payload);
        }
      }
      if (div.found) break;
      if (net && rtl) ++compared;
    }
    secs += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  // Watchdog: the schedule has prog.rows rows; every node must be done by then.
  bool finished = !div.found;
  if (finished && rtl) finished = rtl->done();
  for (uint64_t x = 0; finished && net && x < n; ++x) finished = net->node(x).done();
  const bool rtl_error = rtl && rtl->error();
  std::vector<std::string> model_errors;
  for (uint64_t x = 0; net && x < n; ++x) {
    for (const auto& e : net->node(x).errors()) model_errors.push_back(e);
  }

  // The independent check of what crossed the links.
  checker::CollectiveSpec spec;
  spec.dim = o.dim;
  spec.collective = o.collective;
  spec.root = o.root;
  const checker::ScheduleReport rep = checker::checkSchedule(spec, seen);
  const checker::LowerBound lb = checker::hypercubeLowerBound(o.dim, o.collective);

  // Holdings: the promise, derived from the collective alone.
  uint64_t promised = 0, held_ok = 0, wrong = 0, extra = 0;
  std::vector<std::string> holding_errors;
  auto note = [&](const std::string& e) {
    if (holding_errors.size() < 10) holding_errors.push_back(e);
  };
  if (!div.found) {
    for (uint64_t x = 0; x < n; ++x) {
      std::set<uint64_t> promise;
      for (uint64_t org = 0; org < n; ++org) {
        switch (o.collective) {
          case Collective::kBroadcast:
            if (org == o.root && x != org) promise.insert(pay.key(uint32_t(org), kAllNodes));
            break;
          case Collective::kMultinodeBroadcast:
            if (x != org) promise.insert(pay.key(uint32_t(org), kAllNodes));
            break;
          case Collective::kScatter:
            if (org == o.root && x != org) promise.insert(pay.key(uint32_t(org), int32_t(x)));
            break;
          case Collective::kTotalExchange:
            if (x != org) promise.insert(pay.key(uint32_t(org), int32_t(x)));
            break;
        }
      }
      promised += promise.size();
      if (rtl) {
        std::set<uint64_t> kept;
        for (const StoredPacket& p : prog.nodes[x].keeps) {
          const uint64_t k = pay.key(p.origin, p.dest);
          kept.insert(k);
          const uint64_t got = rtl->read(x, p.slot);
          if (!promise.count(k)) {
            ++extra;
            note("RTL node " + std::to_string(x) + " keeps a packet it was not promised");
          } else if (got != pay.encode(k)) {
            ++wrong;
            note("RTL node " + std::to_string(x) + " slot " + std::to_string(p.slot) +
                 ": payload " + word(true, got) + ", expected " + word(true, pay.encode(k)));
          } else {
            ++held_ok;
          }
        }
        for (uint64_t k : promise) {
          if (!kept.count(k))
            note("RTL node " + std::to_string(x) + " does not keep a packet it was promised");
        }
      } else {
        // The model: everything it holds beyond its own packets.
        for (const auto& kv : net->node(x).held()) {
          const uint64_t k = kv.first;
          if (packetOrigin(n, k) == x) continue;  // own
          if (!promise.count(k)) {
            ++extra;
            note("model node " + std::to_string(x) + " holds a packet it was not promised");
          } else if (kv.second != pay.encode(k)) {
            ++wrong;
            note("model node " + std::to_string(x) + " holds a corrupted payload");
          } else {
            ++held_ok;
          }
        }
      }
    }
  }
  const bool holdings_ok = !div.found && held_ok == promised && wrong == 0 && extra == 0;
  const bool pass = !div.found && finished && !rtl_error && model_errors.empty() && rep.ok &&
                    undecodable == 0 && holdings_ok;

  if (!o.trace.empty()) {
    const std::string tmp = o.trace + ".tmp";
    std::ofstream f(tmp);
    writeTraceCsv(f, seen, seen_payload);
    f.close();
    if (!f || std::rename(tmp.c_str(), o.trace.c_str()) != 0)
      throw Error("cannot write " + o.trace);
  }
  const double ncps = secs > 0 ? double(n) * double(cycles) / secs : 0;
  const bool optimal = rep.ok && rep.steps == lb.steps && rep.transmissions == lb.transmissions;
  if (o.json) {
    std::cout << "{\"engine\": \"" << o.engine
              << "\", \"topology\": \"hypercube\", \"dim\": " << o.dim << ", \"nodes\": " << n
              << ", \"collective\": \"" << toString(o.collective) << "\"";
    if (hasRoot(o.collective)) std::cout << ", \"source\": " << o.root;
    std::cout << ", \"steps\": " << rep.steps << ", \"transmissions\": " << rep.transmissions
              << ", \"lower_bound\": {\"steps\": " << lb.steps
              << ", \"transmissions\": " << lb.transmissions
              << "}, \"optimal\": " << (optimal ? "true" : "false") << ", \"checker\": \""
              << (div.found ? "not run"
                  : rep.ok  ? "pass"
                            : "fail")
              << "\", \"promised\": " << promised << ", \"held\": " << held_ok
              << ", \"wrong_payloads\": " << wrong << ", \"unpromised\": " << extra
              << ", \"undecodable\": " << undecodable
              << ", \"finished\": " << (finished ? "true" : "false")
              << ", \"rtl_error\": " << (rtl_error ? "true" : "false")
              << ", \"peak_store\": " << prog.max_slots
              << ", \"rom_bits_per_node\": " << prog.romBitsPerNode() << ", \"cycles\": " << cycles
              << ", \"cosim\": " << (net && rtl ? "true" : "false")
              << ", \"cycles_compared\": " << compared
              << ", \"match\": " << (net && rtl && !div.found ? "true" : "false");
    if (div.found) {
      std::cout << ", \"divergence\": {\"cycle\": " << div.cycle << ", \"node\": " << div.node
                << ", \"port\": " << div.port << ", \"expected\": \"" << div.expected
                << "\", \"actual\": \"" << div.actual << "\"}";
    }
    std::cout << ", \"seconds\": " << secs << ", \"node_cycles_per_second\": " << ncps
              << ", \"pass\": " << (pass ? "true" : "false") << "}\n";
  } else {
    std::cout << "collective       " << toString(o.collective);
    if (hasRoot(o.collective)) std::cout << " from node " << o.root;
    std::cout << " on the " << o.dim << "-cube (" << n << " nodes), engine " << o.engine
              << "\nsteps            " << rep.steps << "  (lower bound " << lb.steps
              << ")\ntransmissions    " << rep.transmissions << "  (lower bound "
              << lb.transmissions << ")\nchecker          "
              << (div.found ? "not run (cosim diverged)"
                  : rep.ok  ? "PASS"
                            : "FAIL")
              << "\nholdings         " << held_ok << "/" << promised << " promised packets held"
              << (wrong ? ", " + std::to_string(wrong) + " corrupted" : "")
              << (extra ? ", " + std::to_string(extra) + " unpromised" : "")
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
  if (rtl_error) std::cerr << "hc-sched: the RTL raised err_o (a row expected a missing packet)\n";
  if (!finished && !div.found)
    std::cerr << "hc-sched: watchdog: the network did not finish its schedule in " << prog.rows
              << " cycles\n";
  if (undecodable) std::cerr << "hc-sched: " << undecodable << " link payloads name no packet\n";
  if (div.found) {
    std::cerr << "hc-sched: RTL and model diverge at cycle " << div.cycle << ", node " << div.node
              << ", port " << div.port << ": expected " << div.expected << ", actual " << div.actual
              << "\n";
  }
  (void)net.release();  // SystemC's teardown is O(N^2); the process ends here
  return pass ? 0 : 1;
}

}  // namespace

int sc_main(int argc, char** argv) {
  Options o;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&]() -> std::string {
        if (i + 1 >= argc) throw Error(a + " needs a value");
        return argv[++i];
      };
      if (a == "--dim") {
        o.dim = std::stoi(value());
      } else if (a == "--collective") {
        o.collective = parseCollective(value());
      } else if (a == "--source") {
        o.root = static_cast<uint32_t>(std::stoul(value()));
      } else if (a == "--payload-width") {
        o.payload_width = std::stoi(value());
      } else if (a == "--seed") {
        o.seed = std::stoull(value());
      } else if (a == "--engine") {
        o.engine = value();
      } else if (a == "--rom-dir") {
        o.rom_dir = value();
      } else if (a == "--trace") {
        o.trace = value();
      } else if (a == "--wave") {
        o.wave = value();
      } else if (a == "--repeat") {
        o.repeat = std::max(1, std::stoi(value()));
      } else if (a == "--json") {
        o.json = true;
      } else {
        throw Error("unknown argument " + a);
      }
    }
    if (o.engine != "systemc" && o.engine != "verilator" && o.engine != "cosim") {
      throw Error("unknown engine " + o.engine);
    }
    return run(o);
  } catch (const std::exception& e) {
    std::cerr << "hc-sched: " << e.what() << "\n";
    return 2;
  }
}
