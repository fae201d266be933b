// The weight unit (hw/hc_weight_unit.v): the paper's FPGA prototype as a
// module of its own, configured by the same stream as the programmable router.
// Under Icarus it is configured for every one-dimensional hypercycle the
// prototype holds and for multi-dimensional ones up to degree 16, and asked for
// the weights of an originated message and of every (arrival port, wc) a node
// can receive. The test then checks its answers two ways:
//   * against the generator's per-port tables (Algorithm 1's Case 1 weights and
//     Case 2 continuations), in port order, with the documented cycle count;
//   * by running broadcasts whose every hop is decided by the unit's answers and
//     handing the trace to the independent broadcast checker: every node reached
//     exactly once, the last step the origin's eccentricity (Theorem 2).
// A second run holds w_ready_i low at random and must give the same weights.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#include "algorithm/broadcast_weights.h"
#include "checker/broadcast_checker.h"
#include "config_stream_tb.h"
#include "emit/router_config.h"
#include "emit/rtl_layout.h"
#include "hw_bench.h"
#include "prototype_networks.h"
#include "test_util.h"
#include "topology/hypercycle.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

struct Msg {
  bool origin = false;
  int port = 0, wd = 0, wc = 0;
};
using Key = std::tuple<bool, int, int, int>;  // origin, port, wd, wc
using Weight = std::tuple<int, int, int>;     // port, wd, wc
struct Answer {
  std::vector<Weight> weights;
  int cycles = 0;
};

Key keyOf(const Msg& m) { return {m.origin, m.port, m.wd, m.wc}; }

struct Net {
  NetworkDesc desc;
  Hypercycle h;
  Preference pref;
  std::vector<Msg> msgs;
};

// What the generator's tables say the unit must answer, and in how many cycles.
Answer expected(const Hypercycle& h, const RouterTables& t, const Msg& m) {
  Answer a;
  const int deg = static_cast<int>(h.ports().size());
  if (m.origin) {
    for (int q = 0; q < deg; ++q) {
      if (t.orig_wc[size_t(q)] != 0)
        a.weights.emplace_back(q, t.port_dim[size_t(q)], t.orig_wc[size_t(q)]);
    }
    a.cycles = deg;
    return a;
  }
  if (m.wd < 1 || m.wd > h.dims()) {
    a.cycles = 1;
    return a;
  }
  for (int q = 0; q < m.port; ++q) {
    if (t.port_dim[size_t(q)] < m.wd && t.orig_wc[size_t(q)] != 0)
      a.weights.emplace_back(q, t.port_dim[size_t(q)], t.orig_wc[size_t(q)]);
  }
  a.cycles = m.port + 1;
  if (m.wc > 1) {
    a.weights.emplace_back(t.fwd_port[size_t(m.port)], m.wd, m.wc - 1);
    a.cycles += 1;
  }
  return a;
}

// The unit's parameters for the layout's limits, each as <pre>NAME<open>VALUE<close>.
std::string paramList(const RtlLayout& l, const std::string& pre, const std::string& open,
                      const std::string& close, const std::string& sep) {
  std::string s;
  for (const auto& [name, value] : weightUnitParams(l)) {
    s += (s.empty() ? "" : sep) + pre + name + open + std::to_string(value) + close;
  }
  return s;
}

RtlLayout limitsLayout(int m, const ProgLimits& lim) {
  RtlOptions o;
  o.router = RouterKind::kProgrammable;
  o.limits = lim;
  const NetworkDesc h_net = hypercycleNetwork({m}, {1});
  return makeLayout(h_net, makeRouterTables(h_net, Preference::kClockwise), o);
}

std::string testbench(const RtlLayout& l, const std::vector<Net>& nets,
                      const std::vector<std::vector<uint32_t>>& illegal) {
  std::ostringstream v;
  v << "module tb;\n"
    << "  reg clk = 1'b0, rst_n = 1'b0, cvalid = 1'b0, mvalid = 1'b0, morig = 1'b0, wready = "
       "1'b1;\n"
    << "  reg [" << l.cdw - 1 << ":0] cdata = 0;\n"
    << "  reg [" << l.piw - 1 << ":0] mport = 0;\n"
    << "  reg [" << l.wdw - 1 << ":0] mwd = 0;\n"
    << "  reg [" << l.wcw - 1 << ":0] mwc = 0;\n"
    << "  wire cready, cdone, cerr, mready, wvalid;\n"
    << "  wire [" << l.piw - 1 << ":0] wport;\n"
    << "  wire [" << l.wdw - 1 << ":0] wwd;\n"
    << "  wire [" << l.wcw - 1 << ":0] wwc;\n"
    << "  integer k = 0, seed = 7, stall = 0, net = 0;\n"
    << "  hc_weight_unit #(" << paramList(l, ".", "(", ")", ", ") << ") dut (\n"
    << "    .clk_i(clk), .rst_ni(rst_n), .cfg_valid_i(cvalid), .cfg_data_i(cdata),\n"
    << "    .cfg_ready_o(cready), .cfg_done_o(cdone), .cfg_err_o(cerr), .msg_valid_i(mvalid),\n"
    << "    .msg_ready_o(mready), .msg_origin_i(morig), .msg_port_i(mport), .msg_wd_i(mwd),\n"
    << "    .msg_wc_i(mwc), .w_valid_o(wvalid), .w_ready_i(wready), .w_port_o(wport),\n"
    << "    .w_wd_o(wwd), .w_wc_o(wwc));\n"
    << "  always #5 clk = ~clk;\n"
    << "  task start;\n"
    << "    begin @(negedge clk); rst_n = 1'b0; @(negedge clk); rst_n = 1'b1; end\n"
    << "  endtask\n"
    << hctest::cfgStreamTasks(l.cdw, "cvalid", "cdata", "cready", "cdone", "cerr",
                              "      $display(\"CFG %0d %0d %0d\", net, cdone, cerr);\n")
    // One message: offered at a negedge, taken at the next posedge; its weights
    // are sampled before each posedge until msg_ready_o is high again.
    << "  task msg(input o, input integer p, input integer wd, input integer wc);\n"
    << "    begin\n      k = 0;\n"
    << "      while (!mready && k < 100) begin @(negedge clk); k = k + 1; end\n"
    << "      mvalid = 1'b1; morig = o; mport = p; mwd = wd; mwc = wc;\n"
    << "      $write(\"M %0d %0d %0d %0d %0d W\", net, o, p, wd, wc);\n"
    << "      k = 0;\n"
    << "      while (k == 0 || (!mready && k < 200)) begin\n"
    << "        wready = stall ? $random(seed) : 1'b1;\n"
    << "        #1;\n"
    << "        if (wvalid && wready) $write(\" %0d:%0d:%0d\", wport, wwd, wwc);\n"
    << "        @(negedge clk); mvalid = 1'b0; k = k + 1;\n"
    << "      end\n"
    << "      $display(\" C %0d\", k);\n"
    << "    end\n  endtask\n"
    << "  initial begin\n"
    << "    if ($test$plusargs(\"stall\")) stall = 1;\n";
  auto config = [&](size_t id, const std::vector<uint32_t>& words) {
    v << "    net = " << id << "; start;";
    for (uint32_t w : words) v << " word(" << w << ");";
    v << " finish;\n";
  };
  for (size_t n = 0; n < nets.size(); ++n) {
    config(n, routerConfigWords(nets[n].desc, nets[n].pref));
    for (const Msg& m : nets[n].msgs)
      v << "    msg(" << (m.origin ? 1 : 0) << ", " << m.port << ", " << m.wd << ", " << m.wc
        << ");\n";
  }
  for (size_t i = 0; i < illegal.size(); ++i) config(nets.size() + i, illegal[i]);
  v << "    $display(\"END\");\n    $finish;\n  end\nendmodule\n";
  return v.str();
}

struct UnitRun {
  std::map<size_t, std::pair<int, int>> cfg;         // net -> done, err
  std::map<std::pair<size_t, Key>, Answer> answers;  // (net, message) -> answer
  bool ended = false;
};

UnitRun parse(const std::string& out) {
  UnitRun r;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    std::string tag;
    ls >> tag;
    if (tag == "CFG") {
      size_t n;
      int done, err;
      ls >> n >> done >> err;
      r.cfg[n] = {done, err};
    } else if (tag == "M") {
      size_t n;
      int o, p, wd, wc;
      std::string w;
      ls >> n >> o >> p >> wd >> wc >> w;
      Answer a;
      for (std::string tok; ls >> tok;) {
        if (tok == "C") {
          ls >> a.cycles;
          break;
        }
        int q = 0, d = 0, c = 0;
        char s1 = 0, s2 = 0;
        std::istringstream ts(tok);
        ts >> q >> s1 >> d >> s2 >> c;
        a.weights.emplace_back(q, d, c);
      }
      r.answers[{n, Key{o != 0, p, wd, wc}}] = a;
    } else if (tag == "END") {
      r.ended = true;
    }
  }
  return r;
}

// Broadcast from `origin`, every hop decided by the unit's answers; the trace goes
// to the independent checker.
checker::Report broadcastByUnit(const Net& net, size_t id, const UnitRun& run, uint64_t origin) {
  const Hypercycle& h = net.h;
  std::vector<checker::Transfer> trace;
  struct Hop {
    uint64_t at;
    Msg msg;
  };
  std::vector<Hop> frontier = {{origin, Msg{true, 0, 0, 0}}};
  for (int step = 1; !frontier.empty() && step <= 64; ++step) {
    std::vector<Hop> next;
    for (const Hop& hop : frontier) {
      const auto it = run.answers.find({id, keyOf(hop.msg)});
      if (it == run.answers.end()) {
        ADD_FAILURE() << "no answer for a message the broadcast needs";
        return {};
      }
      for (const auto& [q, wd, wc] : it->second.weights) {
        const uint64_t to = h.neighbor(hop.at, h.ports()[size_t(q)]);
        checker::Transfer t;
        t.cycle = step;
        t.step = step;
        t.from = hop.at;
        t.to = to;
        t.origin = origin;
        t.wd = wd;
        t.wc = wc;
        trace.push_back(t);
        next.push_back({to, Msg{false, q, wd, wc}});
      }
    }
    frontier = std::move(next);
    if (trace.size() > 2 * h.nodes()) break;  // a runaway: the checker reports it
  }
  checker::Shape s;
  for (int i = 1; i <= h.dims(); ++i) {
    s.m.push_back(h.dim(i).m);
    s.rho.push_back(h.dim(i).rho);
  }
  checker::Broadcast b;
  b.origin = origin;
  b.start_cycle = 0;
  checker::Options opt;
  opt.lone = true;
  return checker::check(s, {b}, trace, opt);
}

}  // namespace

TEST(WeightUnit, AnswersAsAlgorithmOneAndDrivesOptimalBroadcasts) {
  const RtlLayout l = limitsLayout(5, ProgLimits{});  // the prototype's: 4, 15, degree 16

  std::vector<Net> nets;
  auto add = [&](const NetworkDesc& desc, Preference pref) {
    const Hypercycle h = Hypercycle::of(desc);
    Net n{desc, h, pref, {}};
    const RouterTables t = makeRouterTables(desc, pref);
    n.msgs.push_back(Msg{true, 0, 0, 0});
    for (int p = 0; p < static_cast<int>(h.ports().size()); ++p) {
      for (int wc = 1; wc <= t.max_wc; ++wc)
        n.msgs.push_back(Msg{false, p, t.port_dim[size_t(p)], wc});
    }
    n.msgs.push_back(Msg{false, 0, 0, 2});             // wd 0: nothing
    n.msgs.push_back(Msg{false, 0, h.dims() + 1, 2});  // wd above r: nothing
    nets.push_back(std::move(n));
  };
  for (int m = 2; m <= 15; ++m) {
    for (int rho = 1; 2 * rho <= m; ++rho) {
      for (Preference pref : {Preference::kClockwise, Preference::kCounterclockwise})
        add(hypercycleNetwork({m}, {rho}), pref);
    }
  }
  for (const auto& [m, rho] : hctest::prototypeNetworks()) {
    add(hypercycleNetwork(m, rho), Preference::kClockwise);
    add(hypercycleNetwork(m, rho), Preference::kCounterclockwise);
  }
  const std::vector<std::vector<uint32_t>> illegal = {
      {0},
      {5},
      {1, 2},
      {1, 0, 1},
      {1, 0, 5, 0},
      {1, 0, 5, 3},
      {1, 0, 5, 1, 3},
      {2, 0, 15, 7, 1, 15, 7, 1}};  // the last: degree 28 > 16

  const std::string dir = "/tmp/hctest-weight-" + std::to_string(::getpid());
  fs::remove_all(dir);
  const auto g = hctest::run(hctest::hypercast() + " generate --m 5 --rho 1 --router programmable" +
                             " --out " + dir);
  ASSERT_EQ(g.code, 0) << g.err;
  { std::ofstream(dir + "/tb.v") << testbench(l, nets, illegal); }
  const auto c = hctest::run("cd " + dir + " && iverilog -g2012 -I " + HC_SOURCE_DIR +
                             "/hw/include -o tb.vvp tb.v " + hctest::hwFile(dir, "hc_cfg_dims.v") +
                             " " + hctest::hwFile(dir, "hc_port_sweep.v") + " " +
                             hctest::hwFile(dir, "hc_weight_unit.v"));
  ASSERT_EQ(c.code, 0) << c.out << c.err;
  const auto plain = hctest::run("cd " + dir + " && vvp -n tb.vvp");
  const auto stalled = hctest::run("cd " + dir + " && vvp -n tb.vvp +stall");
  ASSERT_EQ(plain.code, 0) << plain.err;
  ASSERT_EQ(stalled.code, 0) << stalled.err;
  const UnitRun run = parse(plain.out), srun = parse(stalled.out);
  ASSERT_TRUE(run.ended) << plain.out.substr(0, 2000);
  ASSERT_TRUE(srun.ended);

  size_t messages = 0, weights = 0;
  for (size_t n = 0; n < nets.size(); ++n) {
    const Net& net = nets[n];
    const std::string name = net.h.name() + (net.pref == Preference::kClockwise ? " cw" : " ccw");
    ASSERT_EQ(run.cfg.at(n), std::make_pair(1, 0)) << name << ": not configured";
    const RouterTables t = makeRouterTables(net.desc, net.pref);
    for (const Msg& m : net.msgs) {
      const Answer want = expected(net.h, t, m);
      const Answer& got = run.answers.at({n, keyOf(m)});
      EXPECT_EQ(got.weights, want.weights) << name << " origin " << m.origin << " port " << m.port
                                           << " wd " << m.wd << " wc " << m.wc;
      EXPECT_EQ(got.cycles, want.cycles) << name << " port " << m.port << " wc " << m.wc;
      EXPECT_EQ(srun.answers.at({n, keyOf(m)}).weights, want.weights) << name << " (stalled)";
      ++messages;
      weights += want.weights.size();
    }
    for (uint64_t x : {uint64_t{0}, net.h.nodes() / 3, net.h.nodes() - 1}) {
      const checker::Report rep = broadcastByUnit(net, n, run, x);
      EXPECT_TRUE(rep.ok) << name << " from " << x << ": "
                          << (rep.errors.empty() ? "" : rep.errors.front());
      EXPECT_EQ(rep.missing, 0u) << name;
      EXPECT_EQ(rep.redundant, 0u) << name;
      EXPECT_EQ(rep.transmissions, net.h.nodes() - 1) << name;
    }
  }
  for (size_t i = 0; i < illegal.size(); ++i)
    EXPECT_EQ(run.cfg.at(nets.size() + i), std::make_pair(0, 1)) << "illegal configuration " << i;
  EXPECT_GT(messages, 1000u);
  EXPECT_GT(weights, 1000u);
  if (!HasFailure()) fs::remove_all(dir);
}

// Zero lint warnings and no latches, at the prototype's limits and at small ones.
TEST(WeightUnit, LintsCleanWithoutLatches) {
  const std::string hw = std::string(HC_SOURCE_DIR) + "/hw/";
  const std::string files =
      " " + hw + "hc_cfg_dims.v " + hw + "hc_port_sweep.v " + hw + "hc_weight_unit.v";
  for (const auto& [m, lim] :
       {std::make_pair(5, ProgLimits{}), std::make_pair(4, ProgLimits{1, 4, 2}),
        std::make_pair(8, ProgLimits{2, 8, 8}), std::make_pair(3, ProgLimits{3, 3, 6})}) {
    const RtlLayout l = limitsLayout(m, lim);
    const std::string tag = std::to_string(lim.max_dims) + "/" + std::to_string(lim.max_radix) +
                            "/" + std::to_string(lim.max_degree);
    const auto lint =
        hctest::run("verilator --lint-only -Wall -I" + hw + "include --top-module hc_weight_unit " +
                    paramList(l, "-G", "=", "", " ") + files);
    EXPECT_EQ(lint.code, 0) << tag << lint.err;
    EXPECT_EQ(lint.err + lint.out, "") << tag;
    const auto syn = hctest::run("yosys -q -p 'read_verilog -I" + hw + "include" + files +
                                 "; chparam " + paramList(l, "-set ", " ", "", " ") +
                                 " hc_weight_unit; synth -flatten -top hc_weight_unit; "
                                 "select -assert-none t:$*latch* t:$_DLATCH*'");
    EXPECT_EQ(syn.code, 0) << tag << syn.out << syn.err;
  }
}
