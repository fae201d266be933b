// Co-simulation of Faber's global sum: the Verilated network of hc_sum_node
// (emit/sum_rtl.h; the top's header is named by sum_top.h, which defines
// SumTop) in lock-step with the SystemC model (model/sum_node.h), cycle by
// cycle, on seeded random inputs (the extremes in the first two runs).
// Every cycle every node's value and the busy/done/err flags must agree (the
// first divergence is reported); at the end every node's sum, in both, must be
// the sum of the inputs computed here, with err low. A watchdog stops a run
// that never finishes.
//
// usage: hc-sum-cosim CONFIG SEED RUNS
// CONFIG (text): N NP XW W STEPS DIVISOR; the STEPS constants; the STEPS
// operands (1: x, 0: v); then N lines of NP in-neighbours (input port order).
#include "sum_top.h"  // Verilated headers before <systemc>
//
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>

#include "model/sum_node.h"
#include "tb/verilated_bits.h"

using hypercast::model::SumNode;
using hypercast::model::SumProgram;
using hypercast::model::SumWord;
using hypercast::tb::getBits;
using hypercast::tb::setBits;

namespace {

int64_t signExtend(uint64_t v, int w) {
  if (w < 64 && ((v >> (w - 1)) & 1u)) v |= ~((uint64_t{1} << w) - 1);
  return static_cast<int64_t>(v);
}

}  // namespace

int sc_main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: hc-sum-cosim CONFIG SEED RUNS\n";
    return 2;
  }
  std::ifstream cfg(argv[1]);
  uint64_t n = 0;
  int np = 0, xw = 0, w = 0;
  uint32_t steps = 0;
  SumProgram prog;
  cfg >> n >> np >> xw >> w >> steps >> prog.divisor;
  prog.width = w;
  prog.constant.resize(steps);
  for (auto& c : prog.constant) cfg >> c;
  for (uint32_t t = 0; t < steps; ++t) {
    int b = 0;
    cfg >> b;
    prog.uses_input.push_back(b != 0);
  }
  std::vector<std::vector<uint64_t>> pred(n, std::vector<uint64_t>(size_t(np)));
  for (auto& row : pred) {
    for (auto& y : row) cfg >> y;
  }
  if (!cfg || n == 0) {
    std::cerr << "hc-sum-cosim: cannot read " << argv[1] << "\n";
    return 2;
  }
  const uint64_t seed = std::stoull(argv[2]);
  const int runs = std::stoi(argv[3]);

  // The SystemC model: a signal per node's output, fanned out to its successors.
  sc_core::sc_signal<bool> clk("clk");
  std::vector<std::unique_ptr<sc_core::sc_signal<SumWord>>> out;
  std::vector<std::unique_ptr<SumNode>> nodes;
  for (uint64_t x = 0; x < n; ++x) {
    out.push_back(std::make_unique<sc_core::sc_signal<SumWord>>(("v" + std::to_string(x)).c_str()));
  }
  for (uint64_t x = 0; x < n; ++x) {
    nodes.push_back(std::make_unique<SumNode>(("n" + std::to_string(x)).c_str(), np, prog));
    nodes[x]->clk(clk);
    nodes[x]->lout(*out[x]);
    for (int p = 0; p < np; ++p) nodes[x]->lin[size_t(p)](*out[pred[x][size_t(p)]]);
  }
  auto modelEdge = [&]() {
    clk.write(true);
    sc_core::sc_start(1, sc_core::SC_NS);
    clk.write(false);
    sc_core::sc_start(1, sc_core::SC_NS);
  };

  VerilatedContext ctx;
  SumTop top(&ctx);
  auto rtlEdge = [&]() {
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.eval();
  };
  top.clk_i = 0;
  top.rst_ni = 0;
  top.start_i = 0;
  top.eval();
  top.rst_ni = 1;
  top.eval();
  sc_core::sc_start(1, sc_core::SC_NS);

  std::mt19937_64 rng(seed);
  const int64_t lo = -(int64_t{1} << (xw - 1)), hi = (int64_t{1} << (xw - 1)) - 1;
  std::uniform_int_distribution<int64_t> value(lo, hi);
  uint64_t cycles = 0;
  for (int run = 0; run < runs; ++run) {
    std::vector<int64_t> x(n);
    int64_t want = 0;
    for (uint64_t i = 0; i < n; ++i) {
      x[i] = run == 0 ? lo : run == 1 ? hi : value(rng);
      want += x[i];
      setBits(top.x_i, i * uint64_t(xw), xw, static_cast<uint64_t>(x[i]));
    }
    top.start_i = 1;
    rtlEdge();
    top.start_i = 0;
    top.eval();
    for (uint64_t i = 0; i < n; ++i) nodes[i]->start(x[i]);
    sc_core::sc_start(1, sc_core::SC_NS);
    for (uint32_t c = 0;; ++c) {
      for (uint64_t i = 0; i < n; ++i) {
        const int64_t rv = signExtend(getBits(top.val_o, i * uint64_t(w), w), w);
        if (rv != nodes[i]->value()) {
          std::cout << "DIVERGE run " << run << " cycle " << c << " node " << i << ": rtl " << rv
                    << ", model " << nodes[i]->value() << "\n";
          return 1;
        }
      }
      bool busy = false, done = true, err = false;
      for (const auto& m : nodes) {
        busy = busy || m->busy();
        done = done && m->done();
        err = err || m->err();
      }
      if (busy != (top.busy_o != 0) || done != (top.done_o != 0) || err != (top.err_o != 0)) {
        std::cout << "DIVERGE run " << run << " cycle " << c << ": flags rtl " << int(top.busy_o)
                  << int(top.done_o) << int(top.err_o) << ", model " << busy << done << err << "\n";
        return 1;
      }
      if (done) break;
      if (c > steps + 2) {
        std::cout << "WATCHDOG run " << run << ": no done after " << c << " cycles\n";
        return 1;
      }
      rtlEdge();
      modelEdge();
      ++cycles;
    }
    for (uint64_t i = 0; i < n; ++i) {
      const int64_t rs = signExtend(getBits(top.sum_o, i * uint64_t(w), w), w);
      if (rs != want || nodes[i]->sum() != want || nodes[i]->err()) {
        std::cout << "WRONG SUM run " << run << " node " << i << ": rtl " << rs << ", model "
                  << nodes[i]->sum() << ", want " << want << "\n";
        return 1;
      }
    }
    if (top.err_o) {
      std::cout << "ERR run " << run << "\n";
      return 1;
    }
  }
  top.final();
  std::cout << "cosim PASS nodes " << n << " steps " << steps << " runs " << runs << " cycles "
            << cycles << "\n";
  return 0;
}
