// Faber's combining collectives (paper 003) on abelian Cayley graphs:
// accumulation (Thms 2.10/2.11, the universal broadcast reversed in time) in
// ceil((P-1)/d) steps (Thm 4.5's count) with every node's sum right, Example
// 4.7 in 4 (its diameter); the global sum (Sec. 5) on Q_d in d steps with
// d! sum x before the division, and on graphs that are not distance-transitive
// in (distinct eigenvalues - 1) steps, the eigenvalues counted here from
// lambda_chi = sum_g chi(g) in floating point, independently of the exact code.
// The sums are computed by a simulation written here (random values, seeded),
// and the checker is shown to reject double counting, lost contributions,
// link conflicts, wrong constants and a too narrow accumulator.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "algorithm/combining_collectives.h"
#include "checker/combining_checker.h"
#include "test_util.h"
#include "topology/hypercycle.h"
#include "topology/port_graph.h"
#include "util/error.h"

using namespace hypercast;

namespace {

// x + s * g in the group, from the description's own numbers.
uint64_t shift(const NetworkDesc& net, uint64_t x, const std::vector<int>& g, int s) {
  uint64_t out = 0, w = 1;
  for (size_t i = 0; i < net.radices.size(); ++i) {
    const int m = net.radices[i];
    const int xi = static_cast<int>(x % uint64_t(m));
    x /= uint64_t(m);
    out += uint64_t(((xi + s * g[i]) % m + m) % m) * w;
    w *= uint64_t(m);
  }
  return out;
}

int diameter(const NetworkDesc& net) {
  std::vector<int> dist(net.nodes(), -1);
  std::vector<uint64_t> q = {0};
  dist[0] = 0;
  for (size_t h = 0; h < q.size(); ++h) {
    for (const auto& g : net.gens) {
      const uint64_t v = shift(net, q[h], g, 1);
      if (dist[v] < 0) {
        dist[v] = dist[q[h]] + 1;
        q.push_back(v);
      }
    }
  }
  return *std::max_element(dist.begin(), dist.end());
}

uint32_t ceilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

AccumulationSchedule accumulate(const NetworkDesc& net) {
  return cayleyAccumulation(net, searchRegularOrder(PortGraph::build(negatedNetwork(net))));
}

// Runs the schedule on random values x_{u->v}: a node adds what arrives (all
// sends of a step read the values before it); node v's sum for v must be the
// sum over u of x_{u->v}.
void expectSums(const NetworkDesc& net, const AccumulationSchedule& s, uint64_t seed) {
  const uint64_t n = net.nodes();
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int64_t> value(-1000000, 1000000);
  std::vector<std::vector<int64_t>> x(n, std::vector<int64_t>(n)), held;
  for (auto& row : x) {
    for (auto& e : row) e = value(rng);
  }
  held = x;  // held[node][target]
  for (size_t k = 0; k < s.transfers.size();) {
    size_t e = k;
    while (e < s.transfers.size() && s.transfers[e].step == s.transfers[k].step) ++e;
    std::vector<int64_t> sent;
    for (size_t j = k; j < e; ++j) sent.push_back(held[s.transfers[j].from][s.transfers[j].target]);
    for (size_t j = k; j < e; ++j) held[s.transfers[j].to][s.transfers[j].target] += sent[j - k];
    k = e;
  }
  for (uint64_t v = 0; v < n; ++v) {
    int64_t want = 0;
    for (uint64_t u = 0; u < n; ++u) want += x[u][v];
    ASSERT_EQ(held[v][v], want) << net.label << " node " << v;
  }
}

NetworkDesc example47() {  // Z_8 x Z_2, (+-1,0), (0,1), (+-1,1)
  return cayleyNetwork({8, 2}, {{1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}});
}

// Distinct eigenvalues from lambda_chi = sum_g chi(g), in floating point.
std::vector<std::pair<double, double>> eigenvalues(const NetworkDesc& net) {
  const double pi2 = 2 * std::acos(-1.0);
  std::vector<std::pair<double, double>> out;
  for (uint64_t k = 0; k < net.nodes(); ++k) {
    const std::vector<int> kd = net.digits(k);
    double re = 0, im = 0;
    for (const auto& g : net.gens) {
      double phase = 0;
      for (size_t i = 0; i < g.size(); ++i) phase += double(kd[i]) * g[i] / net.radices[i];
      re += std::cos(pi2 * phase);
      im += std::sin(pi2 * phase);
    }
    bool seen = false;
    for (const auto& e : out) {
      seen = seen || (std::fabs(e.first - re) < 1e-6 && std::fabs(e.second - im) < 1e-6);
    }
    if (!seen) out.push_back({re, im});
  }
  return out;
}

// Runs the program on random inputs in [-2^(ib-1), 2^(ib-1)), values from the
// generators; every node must end with divisor * sum x, every intermediate
// within the accumulator width.
void expectGlobalSum(const NetworkDesc& net, const GlobalSumProgram& p, int input_bits,
                     uint64_t seed) {
  const uint64_t n = net.nodes();
  const int width = globalSumWidth(p, input_bits);
  const int64_t lim = int64_t{1} << (width - 1);
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 3; ++trial) {
    std::uniform_int_distribution<int64_t> value(-(int64_t{1} << (input_bits - 1)),
                                                 (int64_t{1} << (input_bits - 1)) - 1);
    std::vector<int64_t> x(n), v(n), next(n);
    int64_t sum = 0;
    for (uint64_t u = 0; u < n; ++u) {
      // the extremes once: the width must hold them
      x[u] = trial == 0 ? -(int64_t{1} << (input_bits - 1)) : value(rng);
      if (trial == 1) x[u] = (u % 2) ? x[u] : -(int64_t{1} << (input_bits - 1));
      sum += x[u];
    }
    v = x;
    for (uint32_t t = 1; t <= p.steps; ++t) {
      for (uint64_t y = 0; y < n; ++y) {
        int64_t received = 0;
        for (const auto& g : net.gens) received += v[shift(net, y, g, -1)];
        const int64_t c = p.constant[t - 1];
        next[y] = received - c * (p.uses_input[t - 1] ? x[y] : v[y]);
        ASSERT_LT(std::llabs(next[y]), lim) << net.label << " step " << t;
        ASSERT_LT(std::llabs(received), lim) << net.label << " step " << t;
      }
      v = next;
    }
    for (uint64_t y = 0; y < n; ++y) ASSERT_EQ(v[y], p.divisor * sum) << net.label << " node " << y;
  }
}

}  // namespace

TEST(Accumulation, UniversalBroadcastStepsOnHypercubes) {
  for (int d = 2; d <= 6; ++d) {
    const NetworkDesc net = hypercubeNetwork(d);
    const AccumulationSchedule s = accumulate(net);
    const uint32_t bound = ceilDiv((uint64_t{1} << d) - 1, uint64_t(d));  // Thm 4.5
    EXPECT_EQ(s.steps, bound) << net.label;
    const auto r = checker::checkAccumulation(net, s.transfers);
    EXPECT_TRUE(r.ok) << net.label << ": " << (r.errors.empty() ? "" : r.errors.front());
    EXPECT_EQ(r.steps, bound);
    // every pair's contribution crosses P - 1 links: one per non-target node
    EXPECT_EQ(r.transmissions, (uint64_t{1} << d) * ((uint64_t{1} << d) - 1));
    expectSums(net, s, 100 + uint64_t(d));
  }
}

TEST(Accumulation, TorusHypercycleAndDirectedCirculant) {
  struct Case {
    NetworkDesc net;
    uint32_t steps;  // max(ceil((P-1)/d), diameter)
  };
  const std::vector<Case> cases = {
      {torusNetwork(2, 5), 6},                 // 24/4
      {torusNetwork(2, 3), 2},                 // 8/4
      {hypercycleNetwork({4, 4}, {1, 1}), 4},  // 15/4
      {hypercycleNetwork({6, 4}, {2, 1}), 4},  // 23/6
      {cayleyNetwork({7}, {{1}, {3}}), 3},     // directed: 6/2, diameter 3
  };
  for (const Case& c : cases) {
    const uint32_t formula = std::max<uint32_t>(ceilDiv(c.net.nodes() - 1, uint64_t(c.net.ports())),
                                                static_cast<uint32_t>(diameter(c.net)));
    ASSERT_EQ(formula, c.steps) << c.net.label;
    const AccumulationSchedule s = accumulate(c.net);
    EXPECT_EQ(s.steps, c.steps) << c.net.label;
    const auto r = checker::checkAccumulation(c.net, s.transfers);
    EXPECT_TRUE(r.ok) << c.net.label << ": " << (r.errors.empty() ? "" : r.errors.front());
    expectSums(c.net, s, 7);
  }
}

TEST(Accumulation, Example47TakesItsDiameter) {
  const NetworkDesc net = example47();
  ASSERT_EQ(diameter(net), 4);
  const AccumulationSchedule s = accumulate(net);
  EXPECT_EQ(s.steps, 4u);  // no regular order: max(ceil(15/5), 4)
  EXPECT_EQ(s.construction, "template");
  EXPECT_TRUE(checker::checkAccumulation(net, s.transfers).ok);
  expectSums(net, s, 47);
}

TEST(AccumulationChecker, RejectsDoubleCountingLossAndConflicts) {
  const NetworkDesc net = hypercubeNetwork(3);
  const AccumulationSchedule s = accumulate(net);
  ASSERT_TRUE(checker::checkAccumulation(net, s.transfers).ok);
  // A node sends its partial sum again after the schedule: its parent adds it twice.
  {
    std::vector<CombiningTransfer> t = s.transfers;
    CombiningTransfer again = t.back();
    again.step = s.steps + 1;
    t.push_back(again);
    const auto r = checker::checkAccumulation(net, t);
    EXPECT_FALSE(r.ok);
    EXPECT_EQ(r.double_counted, 1u);
    ASSERT_FALSE(r.errors.empty());
    EXPECT_NE(r.errors.front().find("twice"), std::string::npos) << r.errors.front();
  }
  // A transfer removed: one target misses a contribution.
  {
    std::vector<CombiningTransfer> t = s.transfers;
    t.erase(t.begin());
    const auto r = checker::checkAccumulation(net, t);
    EXPECT_FALSE(r.ok);
    EXPECT_GE(r.missing, 1u);
  }
  // Two values on one link in one step.
  {
    std::vector<CombiningTransfer> t = s.transfers;
    CombiningTransfer c = t.front();
    c.target = (c.target + 1) % 8 == c.to ? (c.target + 2) % 8 : (c.target + 1) % 8;
    t.insert(t.begin() + 1, c);
    const auto r = checker::checkAccumulation(net, t);
    EXPECT_FALSE(r.ok);
    bool said = false;
    for (const auto& e : r.errors) said = said || e.find("carries two values") != std::string::npos;
    EXPECT_TRUE(said);
  }
  // Not a link: 0 -> 3 on Q_3.
  {
    std::vector<CombiningTransfer> t = s.transfers;
    t.push_back({s.steps + 1, 0, 3, 3});
    EXPECT_FALSE(checker::checkAccumulation(net, t).ok);
  }
}

TEST(GlobalSum, HypercubeInDStepsWithDFactorial) {
  for (int d = 2; d <= 6; ++d) {
    const NetworkDesc net = hypercubeNetwork(d);
    const GlobalSumProgram p = cayleyGlobalSum(net);
    EXPECT_EQ(p.steps, uint32_t(d)) << net.label;  // the diameter
    EXPECT_EQ(p.diameter, d);
    EXPECT_TRUE(p.factored);
    int64_t fact = 1;
    for (int i = 2; i <= d; ++i) fact *= i;
    EXPECT_EQ(p.divisor, fact) << net.label;  // d!
    std::multiset<int64_t> want, got(p.constant.begin(), p.constant.end());
    for (int i = 1; i <= d; ++i) want.insert(d - 2 * i);  // lambda_i = d - 2i, i >= 1
    EXPECT_EQ(got, want);
    const int width = globalSumWidth(p, 16);
    // (d + max|lambda|)^d 2^15 = (2d)^d 2^15 bounds every value
    const double bound = std::pow(2.0 * d, d) * 32768.0;
    EXPECT_LE(width, int(std::ceil(std::log2(bound + 1))) + 1);
    const auto r = checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, width, 16);
    EXPECT_TRUE(r.ok) << (r.errors.empty() ? "" : r.errors.front());
    expectGlobalSum(net, p, 16, uint64_t(d));
  }
}

// Cor. 5.2 beyond the cube: MT(n,3) is the Hamming graph K_3^n, distance
// transitive, diameter n. K_3's eigenvalues are 2, -1, -1, so K_3^n's are
// 2(n - i) - i = 2n - 3i for i = 0..n: n + 1 distinct, global sum in D = n
// steps; the divisor, the product over i >= 1 of (2n - (2n - 3i)) over P = 3^n,
// is n!.
TEST(GlobalSum, TernaryTorusInDStepsCorollary52) {
  for (int n = 1; n <= 4; ++n) {
    const NetworkDesc net = torusNetwork(n, 3);
    ASSERT_EQ(diameter(net), n);
    const GlobalSumProgram p = cayleyGlobalSum(net);
    EXPECT_EQ(p.steps, uint32_t(n)) << net.label;
    int64_t fact = 1;
    for (int i = 2; i <= n; ++i) fact *= i;
    EXPECT_EQ(p.divisor, fact) << net.label;
    std::multiset<int64_t> want, got(p.constant.begin(), p.constant.end());
    for (int i = 1; i <= n; ++i) want.insert(2 * n - 3 * i);
    EXPECT_EQ(got, want) << net.label;
    const int width = globalSumWidth(p, 12);
    const auto r = checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, width, 12);
    EXPECT_TRUE(r.ok) << net.label << ": " << (r.errors.empty() ? "" : r.errors.front());
    expectGlobalSum(net, p, 12, uint64_t(n));
  }
}

TEST(GlobalSum, NonDistanceTransitiveInDistinctEigenvaluesMinusOne) {
  struct Case {
    NetworkDesc net;
    size_t distinct;  // counted by hand from lambda_chi = sum_g chi(g)
    int diameter;
    int64_t divisor;  // prod over the other eigenvalues of (d - lambda), / P, by hand
  };
  // C_6<1,2> x C_4<1>: {4,0,-2} + {2,0,-2} -> {6,4,2,0,-2,-4}; (2*4*6*8*10)/24.
  // MT(2,5): C_5's {2, b, c}, b and c the roots of x^2 + x - 1 (2cos72,
  //   2cos144), pairwise sums -> {4, 2+b, 2+c, 2b, b+c = -1, 2c}: 6 values;
  //   (2-b)(2-c) = 4 + 2 - 1 = 5, so the product is 5 * 4*5 * 5 = 500, / 25.
  // Example 4.7 (Z_8 x Z_2): chi(x,y) = w^(jx) (-1)^(sy), w = e^(2 pi i/8):
  //   lambda = 2cos(pi j/4) (1 + (-1)^s) + (-1)^s, so s = 0 gives 5, 1 + 2 sqrt2,
  //   1, 1 - 2 sqrt2, -3 and s = 1 gives -1: 6 values; (5 - lambda) over the
  //   other five: (4 - 2 sqrt2)(4 + 2 sqrt2) * 4 * 8 * 6 = 8 * 192, / 16.
  const std::vector<Case> cases = {
      {hypercycleNetwork({6, 4}, {2, 1}), 6, 4, 160},
      {torusNetwork(2, 5), 6, 4, 20},
      {example47(), 6, 4, 96},
  };
  for (const Case& c : cases) {
    const auto eig = eigenvalues(c.net);
    ASSERT_EQ(eig.size(), c.distinct) << c.net.label;
    ASSERT_EQ(diameter(c.net), c.diameter);
    double prod = 1;  // the product over the other eigenvalues of (d - lambda), real
    for (const auto& e : eig) {
      if (std::fabs(e.first - c.net.ports()) > 1e-6 || std::fabs(e.second) > 1e-6) {
        prod *= std::hypot(c.net.ports() - e.first, e.second);  // |d - lambda|: d - lambda >= 0
      }
    }
    EXPECT_EQ(std::llround(prod / double(c.net.nodes())), c.divisor) << c.net.label;
    // Thm 5.1 promises D steps only with D + 1 distinct eigenvalues; these have
    // more, and the construction takes one step per eigenvalue but d: more
    // than D (a property of the construction, not of the paper).
    const GlobalSumProgram p = cayleyGlobalSum(c.net);
    EXPECT_EQ(p.steps, c.distinct - 1) << c.net.label;
    EXPECT_GT(p.steps, uint32_t(c.diameter)) << c.net.label;
    EXPECT_EQ(p.divisor, c.divisor) << c.net.label;
    const int width = globalSumWidth(p, 12);
    const auto r = checker::checkGlobalSum(c.net, p.constant, p.uses_input, p.divisor, width, 12);
    EXPECT_TRUE(r.ok) << c.net.label << ": " << (r.errors.empty() ? "" : r.errors.front());
    expectGlobalSum(c.net, p, 12, 5);
  }
}

TEST(GlobalSumChecker, RejectsAWrongConstantAndANarrowAccumulator) {
  const NetworkDesc net = hypercubeNetwork(3);
  const GlobalSumProgram p = cayleyGlobalSum(net);
  const int width = globalSumWidth(p, 8);
  ASSERT_TRUE(checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, width, 8).ok);
  std::vector<int64_t> wrong = p.constant;
  wrong[0] += 2;  // an eigenvalue of Q_3 all the same, but one repeated: no longer J
  wrong[1] = wrong[0];
  EXPECT_FALSE(checker::checkGlobalSum(net, wrong, p.uses_input, p.divisor, width, 8).ok);
  // The generator's width is a bound; the checker measures the largest
  // intermediate: one bit fewer than that needs must fail.
  const int64_t largest =
      checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, width, 8).max_magnitude;
  EXPECT_GE(largest, 6 * 8 * 128);  // the end value 3! * 8 * 2^7 for all inputs -2^7
  int need = 2;
  while ((int64_t{1} << (need - 1)) - 1 < largest) ++need;
  EXPECT_LE(need, width);
  const auto narrow =
      checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, need - 1, 8);
  EXPECT_FALSE(narrow.ok);
  ASSERT_FALSE(narrow.errors.empty());
  EXPECT_NE(narrow.errors.front().find("accumulator"), std::string::npos);
  EXPECT_FALSE(checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor + 1, width, 8).ok);
}

// The checker reads the divisor off its own run and does not take the
// construction's: a program whose constants are every eigenvalue, the degree d
// included, is p(A) = 0 (on Q_1: A^2 - I, constants 1 and -1; on Q_2: 2, 0, -2)
// and leaves every node with 0, which a divisor of 0 would call a sum.
TEST(GlobalSumChecker, RejectsAProgramThatAnnihilatesTheSum) {
  const NetworkDesc q1 = hypercubeNetwork(1), q2 = hypercubeNetwork(2);
  for (int64_t divisor : {0, 2}) {
    const auto r = checker::checkGlobalSum(q1, {1, -1}, {false, false}, divisor, 16, 8);
    EXPECT_FALSE(r.ok) << "divisor " << divisor;
    EXPECT_EQ(r.divisor, 0);
  }
  EXPECT_FALSE(checker::checkGlobalSum(q2, {2, 0, -2}, {false, false, false}, 0, 16, 8).ok);
  // Q_1 with the one constant -1 (the other eigenvalue; v <- A v + v): every
  // node ends with x_0 + x_1, divisor 1 by hand; 0 and 2 are refused.
  const auto right = checker::checkGlobalSum(q1, {-1}, {false}, 1, 16, 8);
  EXPECT_TRUE(right.ok) << (right.errors.empty() ? "" : right.errors.front());
  EXPECT_EQ(right.divisor, 1);
  for (int64_t divisor : {0, 2}) {
    EXPECT_FALSE(checker::checkGlobalSum(q1, {-1}, {false}, divisor, 16, 8).ok) << divisor;
  }
}

TEST(CombiningCli, ScheduleReportsStepsAndChecks) {
  const auto g =
      hctest::run(hctest::hypercast() +
                  " schedule --topology hypercube --dim 4 --collective global-sum --json");
  ASSERT_EQ(g.code, 0) << g.err;
  const auto j = nlohmann::json::parse(g.out);
  EXPECT_EQ(j.at("figures").at("steps"), 4);
  EXPECT_EQ(j.at("divisor"), 24);  // 4!
  EXPECT_EQ(j.at("figures").at("diameter"), 4);
  EXPECT_EQ(j.at("figures").at("accumulate_then_broadcast_steps"), 8);
  EXPECT_EQ(j.at("checker"), "pass");
  const auto a = hctest::run(hctest::hypercast() +
                             " schedule --topology torus --n 2 --k 5 --collective accumulation "
                             "--json");
  ASSERT_EQ(a.code, 0) << a.err;
  const auto k = nlohmann::json::parse(a.out).at("figures");
  EXPECT_EQ(k.at("steps"), 6);  // ceil(24/4)
  EXPECT_EQ(k.at("transmissions"), 25 * 24);
  const auto m = hctest::run(hctest::hypercast() +
                             " schedule --topology mesh --dims 4,4 --collective accumulation");
  EXPECT_EQ(m.code, 2);
  EXPECT_NE(m.err.find("Cayley"), std::string::npos) << m.err;
}

// One-way (half-duplex) links, Faber Sec. 6. The accumulation is the one-way
// universal broadcast reversed in time, so on Q_d it takes Thm 6.3's
// ceil(2(2^d - 1)/d) = 3, 5, 8, 13, 21 steps for d = 2..6, with P(P-1)
// transmissions, and passes the checker under the half-duplex rule.
TEST(HalfDuplexAccumulation, HypercubeReachesThm63) {
  const uint32_t thm63[] = {0, 0, 3, 5, 8, 13, 21};
  for (int d = 2; d <= 6; ++d) {
    SCOPED_TRACE("Q_" + std::to_string(d));
    const NetworkDesc net = hypercubeNetwork(d);
    const PortGraph g = PortGraph::build(net);
    const AccumulationSchedule s = halfDuplexAccumulation(net, g, searchRegularOrder(g));
    EXPECT_EQ(s.steps, thm63[d]);
    const auto r = checker::checkAccumulation(net, s.transfers, LinkMode::kHalfDuplex);
    ASSERT_TRUE(r.ok) << (r.errors.empty() ? "" : r.errors[0]);
    const uint64_t p = uint64_t{1} << d;
    EXPECT_EQ(r.transmissions, p * (p - 1));
  }
}

// The half-duplex rule: the full-duplex accumulation on Q_3 uses links both
// ways in one step (x -> x + e and x + e -> x carry different targets' sums),
// which the checker rejects under --links half-duplex and accepts full duplex.
TEST(HalfDuplexAccumulation, CheckerRejectsALinkUsedBothWaysInOneStep) {
  const NetworkDesc net = hypercubeNetwork(3);
  const AccumulationSchedule s =
      cayleyAccumulation(net, searchRegularOrder(PortGraph::build(negatedNetwork(net))));
  EXPECT_TRUE(checker::checkAccumulation(net, s.transfers, LinkMode::kFullDuplex).ok);
  const auto r = checker::checkAccumulation(net, s.transfers, LinkMode::kHalfDuplex);
  ASSERT_FALSE(r.ok);
  EXPECT_NE(r.errors[0].find("half-duplex link"), std::string::npos) << r.errors[0];
}

// The global sum's phases on Q_3: the parities (no link joins two nodes of
// one parity); one node moved to the other phase breaks every link it has.
TEST(HalfDuplexGlobalSum, PhasesAreTheParitiesAndTheCheckerRejectsOthers) {
  const NetworkDesc net = hypercubeNetwork(3);
  const std::vector<uint8_t> phase = globalSumPhases(net, PortGraph::build(net));
  ASSERT_EQ(phase.size(), 8u);
  for (uint64_t x = 0; x < 8; ++x) {
    EXPECT_NE(phase[x], phase[x ^ 1]);
    EXPECT_NE(phase[x], phase[x ^ 2]);
    EXPECT_NE(phase[x], phase[x ^ 4]);
  }
  EXPECT_TRUE(checker::checkGlobalSumPhases(net, phase).ok);
  std::vector<uint8_t> bad = phase;
  bad[5] ^= 1;
  const auto r = checker::checkGlobalSumPhases(net, bad);
  ASSERT_FALSE(r.ok);
  EXPECT_EQ(r.errors.size(), 3u);  // 5's links to 4, 7 and 1
  // An odd cycle has no two phases.
  EXPECT_THROW(globalSumPhases(torusNetwork(2, 3), PortGraph::build(torusNetwork(2, 3))), Error);
}

TEST(HalfDuplexCombiningCli, ScheduleReportsOneWaySteps) {
  const auto a = hctest::run(hctest::hypercast() +
                             " schedule --topology hypercube --dim 4 --collective accumulation "
                             "--links half-duplex --json");
  ASSERT_EQ(a.code, 0) << a.err;
  const auto j = nlohmann::json::parse(a.out);
  EXPECT_EQ(j.at("links"), "half-duplex");
  const auto& f = j.at("figures");
  EXPECT_EQ(f.at("steps"), 8);          // ceil(2 * 15 / 4)
  EXPECT_EQ(f.at("one_way_bound"), 8);  // ceil(P(P-1)/E) = ceil(16 * 15 / 32)
  EXPECT_EQ(f.at("transmissions"), 16 * 15);
  const auto g = hctest::run(hctest::hypercast() +
                             " schedule --topology hypercube --dim 4 --collective global-sum "
                             "--links half-duplex --json");
  ASSERT_EQ(g.code, 0) << g.err;
  const auto k = nlohmann::json::parse(g.out).at("figures");
  EXPECT_EQ(k.at("steps"), 4);
  EXPECT_EQ(k.at("clocks"), 8);
}

// Elsewhere (no two classes: odd cycles) the one-way accumulation is the
// doubled full-duplex broadcast, reversed: MT(2,5) (P = 25, E = 50 links)
// meets the one-way counting bound ceil(P(P-1)/E) = 12; a directed graph is
// refused (its reversed links do not exist).
TEST(HalfDuplexAccumulation, DoubledElsewhereAndRefusedOnADirectedGraph) {
  const NetworkDesc net = torusNetwork(2, 5);
  const PortGraph g = PortGraph::build(net);
  const AccumulationSchedule s = halfDuplexAccumulation(net, g, searchRegularOrder(g));
  EXPECT_EQ(s.steps, 12u);
  EXPECT_TRUE(checker::checkAccumulation(net, s.transfers, LinkMode::kHalfDuplex).ok);
  const NetworkDesc z7 = cayleyNetwork({7}, {{1}, {3}});
  const PortGraph gz = PortGraph::build(z7);
  EXPECT_THROW(halfDuplexAccumulation(z7, gz, searchRegularOrder(gz)), Error);
}
