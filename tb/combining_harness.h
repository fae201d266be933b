// What the combining collectives' co-simulation harnesses (tb/sum_cosim.cpp,
// tb/acc_cosim.cpp) share: the fault hook, the clocks of the Verilated top
// and of the SystemC model, the fault hook, and the verdict (a text line, or
// with --json the keys `simulate --json` prints for every collective: verdict,
// match, checker, first_divergence, and figures {steps, clocks_per_run, cycles}).
//
// Their jobs (seed, runs, report form included) are sim/combining_job.h.
// HYPERCAST_FAULT_NODE=X corrupts node X's input in the model only, so the
// run must diverge (the harness's own error path, tested).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>
#include <systemc>

#include "util/test_hooks.h"

namespace hypercast {
namespace tb {

inline int64_t signExtend(uint64_t v, int w) {
  if (w < 64 && ((v >> (w - 1)) & 1u)) v |= ~((uint64_t{1} << w) - 1);
  return static_cast<int64_t>(v);
}

// HYPERCAST_FAULT_NODE of an n-node network (util/test_hooks.h), or -1.
inline int64_t faultNode(uint64_t nodes) { return hookNode("HYPERCAST_FAULT_NODE", nodes); }

// One clock of the SystemC model: rising edge, then falling.
inline void modelEdge(sc_core::sc_signal<bool>& clk) {
  clk.write(true);
  sc_core::sc_start(1, sc_core::SC_NS);
  clk.write(false);
  sc_core::sc_start(1, sc_core::SC_NS);
}

// One clock of the Verilated top.
template <typename Top>
void rtlEdge(Top& top) {
  top.clk_i = 1;
  top.eval();
  top.clk_i = 0;
  top.eval();
}

// Holds a reset top and the model's time at zero, ready for the first run.
template <typename Top>
void resetTop(Top& top) {
  top.clk_i = 0;
  top.rst_ni = 0;
  top.start_i = 0;
  top.eval();
  top.rst_ni = 1;
  top.eval();
  sc_core::sc_start(1, sc_core::SC_NS);
}

// One start pulse on the Verilated top (the model's nodes start at the same edge).
template <typename Top>
void rtlStart(Top& top) {
  top.start_i = 1;
  rtlEdge(top);
  top.start_i = 0;
  top.eval();
}

// The run's facts, printed once: exit status 0 on a pass, 1 otherwise.
struct CosimVerdict {
  std::string collective;
  uint64_t nodes = 0, steps = 0, clocks_per_run = 0, runs = 0, cycles = 0;
  std::string links = "full-duplex";
  std::string divergence;  // the first cycle where the RTL and the model differ
  std::string wrong;       // else the first sum that is not the inputs' (or a watchdog)

  int print(bool json) const {
    const bool pass = divergence.empty() && wrong.empty();
    const std::string failure = divergence.empty() ? wrong : divergence;
    if (json) {
      nlohmann::ordered_json j;
      j["collective"] = collective;
      j["engine"] = "cosim";
      j["links"] = links;
      j["runs"] = runs;
      j["match"] = divergence.empty();
      j["checker"] = !divergence.empty() ? "not reached" : wrong.empty() ? "pass" : "fail";
      j["first_divergence"] = pass ? nlohmann::ordered_json() : nlohmann::ordered_json(failure);
      j["verdict"] = pass ? "PASS" : "FAIL";
      j["figures"] = {{"nodes", nodes},
                      {"steps", steps},
                      {"clocks_per_run", clocks_per_run},
                      {"cycles", cycles}};
      std::cout << j.dump(2) << "\n";
    } else if (pass) {
      std::cout << "cosim PASS nodes " << nodes << " steps " << steps << " runs " << runs
                << " cycles " << cycles << "\n";
    } else {
      std::cout << failure << "\n";
    }
    return pass ? 0 : 1;
  }
};

// The network's busy/done/err (any busy, all done, any err) in the model
// against the top's; the first difference becomes the verdict's divergence.
// Returns whether every node is done.
template <typename Top, typename Nodes>
bool compareFlags(const Top& top, const Nodes& nodes, const std::string& at, CosimVerdict* v) {
  bool busy = false, done = true, err = false;
  for (const auto& m : nodes) {
    busy = busy || m->busy();
    done = done && m->done();
    err = err || m->err();
  }
  if (v->divergence.empty() &&
      (busy != (top.busy_o != 0) || done != (top.done_o != 0) || err != (top.err_o != 0))) {
    v->divergence = "DIVERGE " + at + ": flags (busy, done, err) rtl " +
                    std::to_string(top.busy_o) + std::to_string(top.done_o) +
                    std::to_string(top.err_o) + ", model " + std::to_string(busy) +
                    std::to_string(done) + std::to_string(err);
  }
  return done;
}

// After a cycle's comparisons: false when the run ends (a divergence, every
// node done, or the watchdog: no done within clocks_per_run + 2 cycles), else
// one clock of the top and of the model, counted, and true.
template <typename Top>
bool nextCycle(Top& top, sc_core::sc_signal<bool>& clk, bool done, int run, uint64_t c,
               CosimVerdict* v) {
  if (!v->divergence.empty() || done) return false;
  if (c > v->clocks_per_run + 2) {
    v->wrong =
        "WATCHDOG run " + std::to_string(run) + ": no done after " + std::to_string(c) + " cycles";
    return false;
  }
  rtlEdge(top);
  modelEdge(clk);
  ++v->cycles;
  return true;
}

}  // namespace tb
}  // namespace hypercast
