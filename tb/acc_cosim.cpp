// Co-simulation of Faber's accumulation: the Verilated network of hc_acc_node
// (emit/sum_rtl.h; sum_top.h names the top as SumTop) in lock-step with the
// SystemC model (model/acc_node.h), cycle by cycle, on seeded random values
// x_{u->v} (the extremes in the first two runs). Every cycle every output
// port's valid bit and, when valid, its partial sum must agree, and the
// busy/done/err flags; at the end node v's sum, in both, must be the sum over
// u of x_{u->v} computed here, err low. A watchdog stops a run that never ends.
//
// usage: hc-acc-cosim CONFIG SEED RUNS
// CONFIG (text): N NP W XW STEPS; STEPS lines of NP pairs "send recv" (entry
// or -1); N lines of NP lanes driving input port q (lane = node NP + port);
// N lines of N numbers, u - c for entry c of node u.
#include "sum_top.h"  // Verilated headers before <systemc>
//
#include <fstream>
#include <iostream>
#include <memory>
#include <random>

#include "model/acc_node.h"
#include "tb/verilated_bits.h"

using hypercast::model::AccNode;
using hypercast::model::AccRow;
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
    std::cerr << "usage: hc-acc-cosim CONFIG SEED RUNS\n";
    return 2;
  }
  std::ifstream cfg(argv[1]);
  uint64_t n = 0;
  int np = 0, w = 0, xw = 0;
  size_t steps = 0;
  cfg >> n >> np >> w >> xw >> steps;
  std::vector<AccRow> rows(steps);
  for (auto& r : rows) {
    r.send.resize(size_t(np));
    r.recv.resize(size_t(np));
    for (int k = 0; k < np; ++k) cfg >> r.send[size_t(k)] >> r.recv[size_t(k)];
  }
  std::vector<std::vector<uint64_t>> lane(n, std::vector<uint64_t>(size_t(np)));
  for (auto& row : lane) {
    for (auto& l : row) cfg >> l;
  }
  std::vector<std::vector<uint64_t>> target(n, std::vector<uint64_t>(n));
  for (auto& row : target) {
    for (auto& t : row) cfg >> t;
  }
  if (!cfg || n == 0) {
    std::cerr << "hc-acc-cosim: cannot read " << argv[1] << "\n";
    return 2;
  }
  const uint64_t seed = std::stoull(argv[2]);
  const int runs = std::stoi(argv[3]);

  sc_core::sc_signal<bool> clk("clk");
  std::vector<std::unique_ptr<sc_core::sc_signal<SumWord>>> wire;  // [lane]
  for (uint64_t l = 0; l < n * uint64_t(np); ++l) {
    wire.push_back(
        std::make_unique<sc_core::sc_signal<SumWord>>(("l" + std::to_string(l)).c_str()));
  }
  std::vector<std::unique_ptr<AccNode>> nodes;
  for (uint64_t x = 0; x < n; ++x) {
    nodes.push_back(std::make_unique<AccNode>(("n" + std::to_string(x)).c_str(), np, w, rows, n));
    nodes[x]->clk(clk);
    for (int k = 0; k < np; ++k) {
      nodes[x]->lout[size_t(k)](*wire[x * uint64_t(np) + uint64_t(k)]);
      nodes[x]->lin[size_t(k)](*wire[lane[x][size_t(k)]]);
    }
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
  top.ld_valid_i = 0;
  top.eval();
  top.rst_ni = 1;
  top.eval();
  sc_core::sc_start(1, sc_core::SC_NS);

  std::mt19937_64 rng(seed);
  const int64_t lo = -(int64_t{1} << (xw - 1)), hi = (int64_t{1} << (xw - 1)) - 1;
  std::uniform_int_distribution<int64_t> value(lo, hi);
  uint64_t cycles = 0;
  for (int run = 0; run < runs; ++run) {
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
        nodes[u]->load(c, v);
      }
      rtlEdge();
    }
    top.ld_valid_i = 0;
    top.start_i = 1;
    rtlEdge();
    top.start_i = 0;
    top.eval();
    for (auto& m : nodes) m->start();
    sc_core::sc_start(1, sc_core::SC_NS);
    for (size_t c = 0;; ++c) {
      for (uint64_t l = 0; l < n * uint64_t(np); ++l) {
        const SumWord mw = wire[l]->read();
        const bool rv = getBits(top.vld_o, l, 1) != 0;
        const int64_t rd = signExtend(getBits(top.val_o, l * uint64_t(w), w), w);
        if (rv != mw.valid || (rv && rd != mw.value)) {
          std::cout << "DIVERGE run " << run << " cycle " << c << " node " << l / uint64_t(np)
                    << " port " << l % uint64_t(np) << ": rtl " << rv << "/" << rd << ", model "
                    << mw << "\n";
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
    for (uint64_t v = 0; v < n; ++v) {
      int64_t want = 0;
      for (uint64_t u = 0; u < n; ++u) want += x[u][v];
      const int64_t rs = signExtend(getBits(top.sum_o, v * uint64_t(w), w), w);
      if (rs != want || nodes[v]->sum() != want || nodes[v]->err()) {
        std::cout << "WRONG SUM run " << run << " node " << v << ": rtl " << rs << ", model "
                  << nodes[v]->sum() << ", want " << want << "\n";
        return 1;
      }
    }
  }
  top.final();
  std::cout << "cosim PASS nodes " << n << " steps " << steps << " runs " << runs << " cycles "
            << cycles << "\n";
  return 0;
}
