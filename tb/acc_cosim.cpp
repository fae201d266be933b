// Co-simulation of Faber's accumulation: the Verilated network of hc_acc_node
// (emit/sum_rtl.h, Verilated with --prefix Vacc) in lock-step with the SystemC
// model (model/acc_node.h), cycle by cycle, on seeded random values x_{u->v}
// (the extremes in the first two runs). Every cycle every output port's valid
// bit and, when valid, its partial sum must agree, and the busy/done/err flags;
// at the end node v's sum, in both, must be the sum over u of x_{u->v} computed
// here, err low. A watchdog stops a run that never ends. Each node runs its
// ROM image; on half-duplex links (HD = 1) driving both ends of a link is an
// error in both.
//
// The accumulation adapter (tb/harness_adapters.h); its job: sim/combining_job.h
// (written by `hypercast simulate --collective accumulation`).
#include "Vacc.h"  // Verilated headers before <systemc>
//
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>

#include "model/acc_node.h"
#include "sim/combining_job.h"
#include "tb/combining_harness.h"
#include "tb/harness_adapters.h"
#include "tb/verilated_bits.h"

using hypercast::model::AccNode;
using hypercast::model::AccRow;
using hypercast::model::SumWord;
using namespace hypercast::tb;

int hypercast::tb::runAccumulation(const JobFile& file) {
  const AccumulationJob job = parseAccumulationJob(file);
  const CosimRuns& args = job.run;
  const uint64_t n = job.nodes;
  const int64_t fault_node = faultNode(n);
  const int np = job.ports, w = job.width, xw = job.input_bits;
  const bool hd = job.half_duplex;
  const size_t steps = job.steps;
  std::vector<std::vector<AccRow>> rows;
  for (const auto& image : job.images) {
    std::vector<AccRow> image_rows;
    for (const auto& row : image) {
      AccRow r;
      for (const auto& [snd, rcv] : row) {
        r.send.push_back(snd);
        r.recv.push_back(rcv);
      }
      image_rows.push_back(r);
    }
    rows.push_back(image_rows);
  }
  const std::vector<uint32_t>& image_of = job.image_of;
  const std::vector<std::vector<uint64_t>>& lane = job.lanes;
  const std::vector<std::vector<uint64_t>>& target = job.targets;
  CosimVerdict verdict;
  verdict.collective = "accumulation";
  verdict.links = hd ? "half-duplex" : "full-duplex";
  verdict.nodes = n;
  verdict.steps = steps;
  verdict.clocks_per_run = steps;
  verdict.runs = uint64_t(args.runs);

  sc_core::sc_signal<bool> clk("clk");
  std::vector<std::unique_ptr<sc_core::sc_signal<SumWord>>> wire;  // [lane]
  for (uint64_t l = 0; l < n * uint64_t(np); ++l) {
    wire.push_back(
        std::make_unique<sc_core::sc_signal<SumWord>>(("l" + std::to_string(l)).c_str()));
  }
  std::vector<std::unique_ptr<AccNode>> nodes;
  for (uint64_t x = 0; x < n; ++x) {
    nodes.push_back(
        std::make_unique<AccNode>(("n" + std::to_string(x)).c_str(), np, w, rows[image_of[x]], n));
    if (hd) nodes[x]->setHalfDuplex();
    nodes[x]->clk(clk);
    for (int k = 0; k < np; ++k) {
      nodes[x]->lout[size_t(k)](*wire[x * uint64_t(np) + uint64_t(k)]);
      nodes[x]->lin[size_t(k)](*wire[lane[x][size_t(k)]]);
    }
  }
  VerilatedContext ctx;
  Vacc top(&ctx);
  top.ld_valid_i = 0;
  resetTop(top);

  std::mt19937_64 rng(args.seed);
  const int64_t lo = -(int64_t{1} << (xw - 1)), hi = (int64_t{1} << (xw - 1)) - 1;
  std::uniform_int_distribution<int64_t> value(lo, hi);
  for (int run = 0; run < args.runs && verdict.divergence.empty() && verdict.wrong.empty(); ++run) {
    std::vector<std::vector<int64_t>> x(n, std::vector<int64_t>(n));
    for (auto& row : x) {
      for (auto& e : row) e = run == 0 ? lo : run == 1 ? hi : value(rng);
    }
    for (uint64_t c = 0; c < n; ++c) {  // entry c of every node in one cycle
      top.ld_valid_i = 1;
      setBits(top.ld_idx_i, 0, 32, c);
      for (uint64_t u = 0; u < n; ++u) {
        const int64_t v = x[u][target[u][c]];
        setBits(top.ld_data_i, u * uint64_t(w), w, static_cast<uint64_t>(v));
        nodes[u]->load(c, c == 1 && int64_t(u) == fault_node ? v + 1 : v);  // entry 1 is sent
      }
      rtlEdge(top);
    }
    top.ld_valid_i = 0;
    rtlStart(top);
    for (auto& m : nodes) m->start();
    sc_core::sc_start(1, sc_core::SC_NS);
    for (uint64_t c = 0;; ++c) {
      std::ostringstream at;
      at << "run " << run << " cycle " << c;
      for (uint64_t l = 0; l < n * uint64_t(np) && verdict.divergence.empty(); ++l) {
        const SumWord mw = wire[l]->read();
        const bool rv = getBits(top.vld_o, l, 1) != 0;
        const int64_t rd = signExtend(getBits(top.val_o, l * uint64_t(w), w), w);
        if (rv != mw.valid || (rv && rd != mw.value)) {
          std::ostringstream d;
          d << "DIVERGE " << at.str() << " node " << l / uint64_t(np) << " port "
            << l % uint64_t(np) << ": rtl " << rv << "/" << rd << ", model " << mw;
          verdict.divergence = d.str();
        }
      }
      const bool done = compareFlags(top, nodes, at.str(), &verdict);
      if (!nextCycle(top, clk, done, run, c, &verdict)) break;
    }
    for (uint64_t v = 0; v < n && verdict.divergence.empty() && verdict.wrong.empty(); ++v) {
      int64_t want = 0;
      for (uint64_t u = 0; u < n; ++u) want += x[u][v];
      const int64_t rs = signExtend(getBits(top.sum_o, v * uint64_t(w), w), w);
      if (rs != want || nodes[v]->sum() != want || nodes[v]->err() || top.err_o) {
        verdict.wrong = "WRONG SUM run " + std::to_string(run) + " node " + std::to_string(v) +
                        ": rtl " + std::to_string(rs) + ", model " +
                        std::to_string(nodes[v]->sum()) + ", want " + std::to_string(want) +
                        (top.err_o ? " (err_o)" : "");
      }
    }
  }
  top.final();
  return verdict.print(args.json);
}
