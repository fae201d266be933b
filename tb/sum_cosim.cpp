// Co-simulation of Faber's global sum: the Verilated network of hc_sum_node
// (emit/sum_rtl.h, Verilated with --prefix Vsum) in lock-step with the SystemC
// model (model/sum_node.h), cycle by cycle, on seeded random inputs (the
// extremes in the first two runs). Every cycle every node's value and the
// busy/done/err flags must agree (the first divergence is reported); at the
// end every node's sum, in both, must be the sum of the inputs computed here,
// with err low. A watchdog stops a run that never finishes. On half-duplex
// links (HD = 1 in the job) a step is two clocks and node x drives in its phase.
//
// The global-sum adapter (tb/harness_adapters.h); its job: sim/combining_job.h
// (written by `hypercast simulate --collective global-sum`).
#include "Vsum.h"  // Verilated headers before <systemc>
//
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>

#include "model/sum_node.h"
#include "sim/combining_job.h"
#include "tb/combining_harness.h"
#include "tb/harness_adapters.h"
#include "tb/verilated_bits.h"

using hypercast::model::SumNode;
using hypercast::model::SumProgram;
using hypercast::model::SumWord;
using namespace hypercast::tb;

int hypercast::tb::runGlobalSum(const JobFile& file) {
  const GlobalSumJob job = parseGlobalSumJob(file);
  const CosimRuns& args = job.run;
  const uint64_t n = job.nodes;
  const int64_t fault_node = faultNode(n);
  const int np = job.ports, xw = job.input_bits, w = job.width;
  const bool hd = job.half_duplex;
  const uint32_t steps = static_cast<uint32_t>(job.constants.size());
  SumProgram prog;
  prog.divisor = job.divisor;
  prog.width = w;
  prog.constant = job.constants;
  prog.uses_input = job.uses_input;
  const std::vector<int>& phase = job.phase;
  const std::vector<std::vector<uint64_t>>& pred = job.in_neighbours;
  CosimVerdict verdict;
  verdict.collective = "global-sum";
  verdict.links = hd ? "half-duplex" : "full-duplex";
  verdict.nodes = n;
  verdict.steps = steps;
  verdict.clocks_per_run = hd ? 2ull * steps : steps;
  verdict.runs = uint64_t(args.runs);

  // The SystemC model: a signal per node's output, fanned out to its successors.
  sc_core::sc_signal<bool> clk("clk");
  std::vector<std::unique_ptr<sc_core::sc_signal<SumWord>>> out;
  std::vector<std::unique_ptr<SumNode>> nodes;
  for (uint64_t x = 0; x < n; ++x) {
    out.push_back(std::make_unique<sc_core::sc_signal<SumWord>>(("v" + std::to_string(x)).c_str()));
  }
  for (uint64_t x = 0; x < n; ++x) {
    nodes.push_back(std::make_unique<SumNode>(("n" + std::to_string(x)).c_str(), np, prog));
    if (hd) nodes[x]->setHalfDuplex(phase[x]);
    nodes[x]->clk(clk);
    nodes[x]->lout(*out[x]);
    for (int p = 0; p < np; ++p) nodes[x]->lin[size_t(p)](*out[pred[x][size_t(p)]]);
  }

  VerilatedContext ctx;
  Vsum top(&ctx);
  resetTop(top);

  std::mt19937_64 rng(args.seed);
  const int64_t lo = -(int64_t{1} << (xw - 1)), hi = (int64_t{1} << (xw - 1)) - 1;
  std::uniform_int_distribution<int64_t> value(lo, hi);
  for (int run = 0; run < args.runs && verdict.divergence.empty() && verdict.wrong.empty(); ++run) {
    std::vector<int64_t> x(n);
    int64_t want = 0;
    for (uint64_t i = 0; i < n; ++i) {
      x[i] = run == 0 ? lo : run == 1 ? hi : value(rng);
      want += x[i];
      setBits(top.x_i, i * uint64_t(xw), xw, static_cast<uint64_t>(x[i]));
    }
    rtlStart(top);
    for (uint64_t i = 0; i < n; ++i) {
      nodes[i]->start(int64_t(i) == fault_node ? (x[i] == hi ? lo : x[i] + 1) : x[i]);
    }
    sc_core::sc_start(1, sc_core::SC_NS);
    for (uint64_t c = 0;; ++c) {
      std::ostringstream at;
      at << "run " << run << " cycle " << c;
      for (uint64_t i = 0; i < n && verdict.divergence.empty(); ++i) {
        const int64_t rv = signExtend(getBits(top.val_o, i * uint64_t(w), w), w);
        if (rv != nodes[i]->value()) {
          verdict.divergence = "DIVERGE " + at.str() + " node " + std::to_string(i) + ": rtl " +
                               std::to_string(rv) + ", model " + std::to_string(nodes[i]->value());
        }
      }
      const bool done = compareFlags(top, nodes, at.str(), &verdict);
      if (!nextCycle(top, clk, done, run, c, &verdict)) break;
    }
    for (uint64_t i = 0; i < n && verdict.divergence.empty() && verdict.wrong.empty(); ++i) {
      const int64_t rs = signExtend(getBits(top.sum_o, i * uint64_t(w), w), w);
      if (rs != want || nodes[i]->sum() != want || nodes[i]->err() || top.err_o) {
        verdict.wrong = "WRONG SUM run " + std::to_string(run) + " node " + std::to_string(i) +
                        ": rtl " + std::to_string(rs) + ", model " +
                        std::to_string(nodes[i]->sum()) + ", want " + std::to_string(want) +
                        (top.err_o ? " (err_o)" : "");
      }
    }
  }
  top.final();
  return verdict.print(args.json);
}
