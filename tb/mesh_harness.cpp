// The wormhole-mesh adapter (tb/harness_adapters.h): runs the mesh of hw/hc_mesh_*.v on the
// SystemC model (model/mesh_network.h), on the Verilated RTL, or on both in
// lock step (cosim), comparing every link output register, every node's
// delivery port, the barrier, the error flag and the link-use counters every
// cycle, and stopping at the first divergence. What the nodes received (who
// sent, to whom, in which step) is the trace; it goes through the independent
// checker (checker/mesh_broadcast_checker.h: one-port, contention-free under
// its own dimension-ordered routing, everyone reached once, d k steps), every
// payload must be the source's, every node must hold it at the end, and the
// sum of the link-use counters must equal the checker's TCD. A watchdog fails
// a step that never ends.
//
//   HARNESS --job FILE.json  (tb/harness_main.cpp) exit 0: PASS, 1: FAIL, 2: bad job
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <systemc>

#include "checker/mesh_broadcast_checker.h"
#include "model/mesh_network.h"
#include "sim/mesh_job.h"
#include "tb/harness_adapters.h"
#include "tb/mesh_rtl.h"
#include "topology/network.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/output_file.h"
#include "util/progress.h"
#include "util/report_json.h"
#include "util/test_hooks.h"

using namespace hypercast;

namespace {

struct Divergence {
  bool found = false;
  uint64_t cycle = 0, node = 0;
  bool network = false;  // a signal of the whole top (err_o, go, link_heads_o), not a node's
  std::string where, expected, actual;
};

struct Rx {
  uint32_t step = 0;
  uint64_t cycle = 0;
  uint32_t from = 0, to = 0;
  uint64_t payload = 0;
};

template <typename T>
std::string text(const T& v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

int run(const JobFile& job) {
  const MeshJob o = parseMeshJob(job);
  const NetworkDesc net = meshNetwork(o.extents);
  const uint64_t n = net.nodes();
  const int dims = static_cast<int>(o.extents.size()), links = 2 * dims;
  const uint64_t mask = o.payload_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << o.payload_width) - 1;
  uint64_t payload = (o.seed + 1) * 0x9e3779b97f4a7c15ull;
  payload ^= payload >> 29;
  payload &= mask;
  if (payload == 0) payload = 1;

  const bool use_model = o.engine != "verilator", use_rtl = o.engine != "systemc";
  std::unique_ptr<model::MeshNetwork> net_model;
  std::unique_ptr<tb::MeshRtl> rtl;
  if (use_model) {
    model::MeshNetworkConfig mc;
    mc.extents = o.extents;
    mc.depth = o.depth;
    mc.flits = o.flits;
    mc.payload_width = o.payload_width;
    mc.heads_width = o.heads_width;
    net_model = std::make_unique<model::MeshNetwork>("mesh", mc, o.schedule);
    // Test hook (as the schedule harness's): a node whose model corrupts what it sends.
    const int64_t fault = hookNode("HYPERCAST_FAULT_NODE", n);
    if (fault >= 0) net_model->setPayloadFault(static_cast<uint64_t>(fault));
  }
  if (use_rtl) {
    if (!o.rom_dir.empty() && ::chdir(o.rom_dir.c_str()) != 0) {
      throw Error("cannot enter " + o.rom_dir);
    }
    tb::MeshRtlSetup setup;
    setup.dims = dims;
    setup.coord_width = o.coord_width;
    setup.payload_width = o.payload_width;
    setup.nodes = n;
    setup.links = links;
    setup.roms = o.roms;
    setup.rom_word_bits = o.rom_word_bits;
    setup.steps = static_cast<int>(o.schedule.steps.size());
    setup.flits = o.flits;
    setup.wave_path = o.wave;
    rtl = tb::makeMeshRtl(setup);
    if (!rtl) throw Error("this harness was built without an RTL model; use --engine systemc");
    rtl->reset();
  }
  const uint32_t src = o.schedule.source;
  if (net_model) net_model->load(src, payload);
  if (rtl) rtl->load(src, payload);
  if (net_model) net_model->start();
  if (net_model) net_model->cycle();
  if (rtl) rtl->start();

  // Watchdog: a step that does not end within this many cycles.
  int64_t span = 0;
  for (int e : o.extents) span += e;
  const uint64_t step_limit =
      256 + 8 * static_cast<uint64_t>(o.flits) * static_cast<uint64_t>(span);
  std::vector<Rx> seen;
  std::vector<uint64_t> step_cycles;
  Divergence div;
  uint64_t cycles = 1, compared = 0, last_go = 0;
  bool finished = false, watchdog = false;
  const auto t0 = std::chrono::steady_clock::now();
  auto diverge = [&](uint64_t x, const std::string& where, const std::string& e,
                     const std::string& a) {
    if (!div.found) div = {true, cycles, x, false, where, e, a};
  };
  auto divergeNetwork = [&](const std::string& where, const std::string& e, const std::string& a) {
    if (!div.found) div = {true, cycles, 0, true, where, e, a};
  };
  // Long runs report the cycle and the step reached on stderr.
  Progress::Options po;
  po.quiet = o.quiet;
  po.unit = "cycle";
  Progress progress("hc-mesh", 0, po);
  progress.detail("step 1");
  progress.heartbeat();
  while (true) {
    progress.set(static_cast<long long>(cycles));
    // State after `cycles` clock edges from the start pulse on.
    if (net_model && rtl) {
      for (uint64_t x = 0; x < n && !div.found; ++x) {
        for (int l = 0; l < links; ++l) {
          const model::MeshLinkWord m = net_model->linkOut(x, l), r = rtl->linkOut(x, l);
          if (!(m == r)) diverge(x, "link " + std::to_string(l), text(m), text(r));
        }
        const model::MeshTile& t = net_model->tile(x);
        const bool mv = t.rxValid(), rv = rtl->rxValid(x);
        if (mv != rv || (mv && (t.rxSrc() != rtl->rxSrc(x) || t.rxData() != rtl->rxData(x)))) {
          diverge(
              x, "delivery",
              mv ? "from " + std::to_string(t.rxSrc()) + " " + hex(t.rxData()) : "none",
              rv ? "from " + std::to_string(rtl->rxSrc(x)) + " " + hex(rtl->rxData(x)) : "none");
        }
        if (t.err() != rtl->err() && t.err()) diverge(x, "err", "1", "0");
      }
      if (!div.found && net_model->go() != rtl->go()) {
        divergeNetwork("barrier go", net_model->go() ? "1" : "0", rtl->go() ? "1" : "0");
      }
      bool merr = false;
      for (uint64_t x = 0; x < n; ++x) merr = merr || net_model->tile(x).err();
      if (!div.found && merr != rtl->err())
        divergeNetwork("err_o", merr ? "1" : "0", rtl->err() ? "1" : "0");
      if (!div.found && net_model->linkHeads() != rtl->linkHeads()) {
        divergeNetwork("link_heads_o", std::to_string(net_model->linkHeads()),
                       std::to_string(rtl->linkHeads()));
      }
      if (div.found) break;
      ++compared;
    }
    // What the run observes: the RTL's, else the model's.
    const uint32_t step = static_cast<uint32_t>(step_cycles.size()) + 1;
    for (uint64_t x = 0; x < n; ++x) {
      const bool v = rtl ? rtl->rxValid(x) : net_model->tile(x).rxValid();
      if (!v) continue;
      Rx r;
      r.step = step;
      r.cycle = cycles;
      r.to = static_cast<uint32_t>(x);
      r.from = rtl ? rtl->rxSrc(x) : net_model->tile(x).rxSrc();
      r.payload = rtl ? rtl->rxData(x) : net_model->tile(x).rxData();
      seen.push_back(r);
    }
    const bool go = rtl ? rtl->go() : net_model->go();
    if (go) {
      // The barrier closes this step at the next edge.
      step_cycles.push_back(cycles + 1 - last_go);
      last_go = cycles + 1;
      progress.detail("step " + std::to_string(step_cycles.size() + 1));
    }
    bool done = rtl ? rtl->done() : true;
    for (uint64_t x = 0; net_model && x < n; ++x) done = done && net_model->tile(x).done();
    if (done) {
      finished = true;
      break;
    }
    if (cycles + 1 > last_go + step_limit) {
      watchdog = true;
      break;
    }
    if (net_model) net_model->cycle();
    if (rtl) rtl->cycle();
    ++cycles;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  progress.detail("");
  progress.update(static_cast<long long>(cycles));
  progress.finish();

  // The independent check of the observed trace, and of the job's schedule.
  WormholeSchedule observed;
  observed.extents = o.extents;
  observed.source = src;
  observed.algorithm = "observed";
  uint32_t wrong_payload = 0;
  for (const Rx& r : seen) {
    if (observed.steps.size() < r.step) observed.steps.resize(r.step);
    observed.steps[r.step - 1].push_back({r.from, r.to});
    if (r.payload != payload) ++wrong_payload;
  }
  checker::WormholeChecker check(net);
  const checker::WormholeReport rep = check.check(src, observed);
  const checker::WormholeReport planned = check.check(src, o.schedule);
  bool rtl_err = false, model_err = false;
  uint64_t holders = 0, heads = 0;
  for (uint64_t x = 0; x < n; ++x) {
    const bool h = rtl ? rtl->has(x) : net_model->tile(x).has();
    const uint64_t d = rtl ? rtl->data(x) : net_model->tile(x).data();
    if (h && d == payload) ++holders;
    if (net_model) model_err = model_err || net_model->tile(x).err();
  }
  if (rtl) rtl_err = rtl->err();
  heads = rtl ? rtl->linkHeads() : net_model->linkHeads();
  const bool counters_ok =
      rep.ok && static_cast<int64_t>(heads) == rep.tcd && planned.ok && planned.tcd == rep.tcd;
  const bool pass = !div.found && finished && !watchdog && !rtl_err && !model_err && rep.ok &&
                    wrong_payload == 0 && holders == n && counters_ok;
  uint64_t min_step = 0, max_step = 0;
  for (uint64_t c : step_cycles) {
    min_step = min_step == 0 ? c : std::min(min_step, c);
    max_step = std::max(max_step, c);
  }

  if (!o.trace.empty()) {
    OutputFile f(o.trace, "--trace");
    f.stream() << "step,cycle,from,to,payload\n";
    for (const Rx& r : seen) {
      f.stream() << r.step << "," << r.cycle << "," << r.from << "," << r.to << ","
                 << hex(r.payload) << "\n";
    }
    f.commit();
  }
  const std::string checker_word = div.found ? "not run" : rep.ok ? "pass" : "fail";
  if (o.json) {
    nlohmann::ordered_json j, f;  // f: the figures
    j["engine"] = o.engine;
    j["rtl_model"] = nameOrNull(o.rtl_model);  // null: the SystemC model alone
    j["topology"] = "mesh";
    j["network"] = net.label;
    f["nodes"] = n;
    j["collective"] = "broadcast";
    j["switching"] = "wormhole";
    j["source"] = src;
    j["algorithm"] = o.schedule.algorithm;
    j["flits"] = o.flits;
    f["steps"] = rep.steps;
    f["optimal_steps"] = rep.optimal_steps;
    f["messages_sent"] = rep.messages;
    f["tcd"] = rep.tcd;
    f["schedule_tcd"] = planned.tcd;
    f["link_heads"] = heads;
    j["counters_match_tcd"] = counters_ok;
    j["checker"] = checker_word;
    j["checker_errors"] = div.found ? std::vector<std::string>{} : rep.errors;
    f["reached"] = holders;
    f["wrong_payloads"] = wrong_payload;
    j["err"] = rtl_err || model_err;
    j["finished"] = finished;
    j["watchdog"] = watchdog;
    f["cycles"] = cycles;
    f["cycles_per_step"] = step_cycles;
    j["cosim"] = net_model && rtl;
    if (net_model && rtl) {
      j["match"] = !div.found;
      f["cycles_compared"] = compared;
    }
    if (div.found) {
      j["first_divergence"] = {
          {"cycle", div.cycle},
          {"node", div.network ? nlohmann::ordered_json() : nlohmann::ordered_json(div.node)},
          {"where", div.where},
          {"expected", div.expected},
          {"actual", div.actual}};
    }
    f["seconds"] = secs;
    j["verdict"] = pass ? "PASS" : "FAIL";
    j["figures"] = f;
    std::cout << j.dump() << "\n";
  } else {
    std::cout << "broadcast        from node " << src << " on the " << net.label << " (" << n
              << " nodes), wormhole, " << o.flits << (o.flits == 1 ? " flit" : " flits")
              << " per message, engine " << o.engine
              << (o.rtl_model.empty() ? "" : ", RTL model " + o.rtl_model) << "\n"
              << "algorithm        " << o.schedule.algorithm << "\n"
              << "steps            " << rep.steps << " (d k = " << rep.optimal_steps << ")\n"
              << "messages         " << rep.messages << "\n"
              << "tcd              " << rep.tcd << " (the schedule's " << planned.tcd << ")\n"
              << "link counters    " << heads << " head flits on links"
              << (counters_ok ? " = the TCD" : " != the TCD") << "\n"
              << "checker          "
              << (div.found ? "not run (cosim diverged)"
                  : rep.ok  ? "PASS"
                            : "FAIL")
              << "\n"
              << "reached          " << holders << "/" << n << " nodes hold the payload\n"
              << "cycles           " << cycles << " in all; per step " << min_step << ".."
              << max_step << "\n";
    if (net_model && rtl) {
      std::cout << "cosim            " << (div.found ? "DIVERGED" : "all equal") << ", " << compared
                << " cycles compared\n";
    }
    std::cout << "result           " << (pass ? "PASS" : "FAIL") << "  (" << secs << " s)\n";
  }
  for (size_t i = 0; !div.found && i < rep.errors.size(); ++i) {
    std::cerr << "hc-mesh: checker: " << rep.errors[i] << "\n";
  }
  if (rtl_err)
    std::cerr
        << "hc-mesh: the RTL raised err_o (a row asked to send before its node held the data)\n";
  if (model_err) std::cerr << "hc-mesh: the model's node sent before it held the data\n";
  if (watchdog) {
    std::cerr << "hc-mesh: watchdog: step " << step_cycles.size() + 1 << " did not end in "
              << step_limit << " cycles\n";
  }
  if (wrong_payload)
    std::cerr << "hc-mesh: " << wrong_payload << " deliveries with a wrong payload\n";
  if (!div.found && rep.ok && !counters_ok) {
    std::cerr << "hc-mesh: the link counters say " << heads << " head flits, the checker's TCD is "
              << rep.tcd << " (the schedule's " << planned.tcd << ")\n";
  }
  if (div.found) {
    std::cerr << "hc-mesh: RTL and model diverge at cycle " << div.cycle << ", "
              << (div.network ? std::string("the network") : "node " + std::to_string(div.node))
              << ", " << div.where << ": expected " << div.expected << ", actual " << div.actual
              << "\n";
  }
  (void)net_model.release();  // SystemC's teardown is slow; the process ends here
  return pass ? 0 : 1;
}

}  // namespace

int hypercast::tb::runWormholeMesh(const JobFile& job) {
  interrupt::install(nullptr);
  return run(job);
}
