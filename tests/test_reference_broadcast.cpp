// The C++ reference of Algorithms 1 and 2 against the paper: the hand-worked
// examples of Sec. 3 and Fig. 5, and a sweep over every hypercycle with r <= 3,
// m_i in 2..8, every legal rho_i and N <= 600, from several sources and with both
// preferential directions. Every run goes through the independent checker: every
// node reached exactly once, N-1 transmissions, completion in exactly the
// diameter (eq. 4, and the BFS eccentricity).
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "algorithm/reference_broadcast.h"
#include "checker/broadcast_checker.h"

using namespace hypercast;

namespace {

std::set<std::tuple<int, uint64_t, uint64_t, int, int>> asSet(const std::vector<Transmission>& t) {
  std::set<std::tuple<int, uint64_t, uint64_t, int, int>> s;
  for (const auto& x : t) s.emplace(x.step, x.from, x.to, x.wd, x.wc);
  return s;
}

checker::Report checkLone(const Hypercycle& h, uint64_t src, const std::vector<Transmission>& tx) {
  checker::Shape shape;
  for (int i = 1; i <= h.dims(); ++i) {
    shape.m.push_back(h.dim(i).m);
    shape.rho.push_back(h.dim(i).rho);
  }
  std::vector<checker::Transfer> tr;
  for (const auto& t : tx) {
    tr.push_back(checker::Transfer{t.step, t.step, t.from, t.to, src, 7, t.wd, t.wc});
  }
  checker::Options o;
  o.lone = true;
  return checker::check(shape, {checker::Broadcast{src, 7, 0}}, tr, o);
}

// eq. (4) with eq. (3), computed here from the paper's formula.
int paperDiameter(const std::vector<int>& m, const std::vector<int>& rho) {
  int d = 0;
  for (size_t i = 0; i < m.size(); ++i) d += (m[i] / 2 + rho[i] - 1) / rho[i];
  return d;
}

}  // namespace

TEST(ReferenceBroadcast, CirculantC6_12ByHand) {
  // C_6<1,2>: D = 2, a = 0, k = 1. Origin 0 sends weight 2 to 1 and 2 (clockwise),
  // weight a+1 = 1 to 5 (first k counterclockwise), nothing to 4 (weight a = 0).
  // Step 2: 1 -> 3 and 2 -> 4 with weight 1 (Case 2, distance rho = 2).
  const NetworkDesc h_net = hypercycleNetwork({6}, {2});
  const Hypercycle h = Hypercycle::of(h_net);
  const auto got = asSet(referenceBroadcast(h_net, 0));
  const std::set<std::tuple<int, uint64_t, uint64_t, int, int>> want = {
      {1, 0, 1, 1, 2}, {1, 0, 2, 1, 2}, {1, 0, 5, 1, 1}, {2, 1, 3, 1, 1}, {2, 2, 4, 1, 1}};
  EXPECT_EQ(got, want);
}

TEST(ReferenceBroadcast, RingG6ByHand) {
  // G_6^1: D = 3, a = 2, k = 0: clockwise 0->1->2->3, counterclockwise 0->5->4.
  const NetworkDesc h_net = hypercycleNetwork({6}, {1});
  const Hypercycle h = Hypercycle::of(h_net);
  const std::set<std::tuple<int, uint64_t, uint64_t, int, int>> want = {
      {1, 0, 1, 1, 3}, {2, 1, 2, 1, 2}, {3, 2, 3, 1, 1}, {1, 0, 5, 1, 2}, {2, 5, 4, 1, 1}};
  EXPECT_EQ(asSet(referenceBroadcast(h_net, 0)), want);
}

// Fig. 3 ("Broadcasting in circulant graphs", four examples) is a drawing that
// the text extraction lost. Our reading: its examples exercise the cases of
// Algorithm 1, so we hand-work circulants that cover them. With C_6<1,2> (a = 0,
// k = 1) and G_6^1 (k = 0) above, these add a = 0 with rho = 3, and a > 0 with
// k > 0.
TEST(ReferenceBroadcast, Figure3ReadingC8_123) {
  // m = 8, rho = 3: D = ceil(4/3) = 2, a = floor(7/3) - 2 = 0, k = 8 - 0 - 6 - 1 = 1.
  // Clockwise 1,2,3 with weight 2 continue to 4,5,6; counterclockwise only node 7
  // (weight a+1 = 1); nodes 6 and 5 get weight a = 0 from the origin: no send.
  const NetworkDesc h_net = hypercycleNetwork({8}, {3});
  const Hypercycle h = Hypercycle::of(h_net);
  const std::set<std::tuple<int, uint64_t, uint64_t, int, int>> want = {
      {1, 0, 1, 1, 2}, {1, 0, 2, 1, 2}, {1, 0, 3, 1, 2}, {1, 0, 7, 1, 1},
      {2, 1, 4, 1, 1}, {2, 2, 5, 1, 1}, {2, 3, 6, 1, 1}};
  EXPECT_EQ(asSet(referenceBroadcast(h_net, 0)), want);
}

TEST(ReferenceBroadcast, Figure3ReadingC11_123) {
  // m = 11, rho = 3: D = ceil(5/3) = 2, a = floor(10/3) - 2 = 1, k = 11 - 3 - 6 - 1 = 1.
  // Clockwise 1,2,3 (weight 2) -> 4,5,6. Counterclockwise: the first k = 1 node, 10,
  // gets a+1 = 2 and continues 10 -> 7; nodes 9 and 8 get a = 1 and stop.
  const NetworkDesc h_net = hypercycleNetwork({11}, {3});
  const Hypercycle h = Hypercycle::of(h_net);
  const std::set<std::tuple<int, uint64_t, uint64_t, int, int>> want = {
      {1, 0, 1, 1, 2}, {1, 0, 2, 1, 2}, {1, 0, 3, 1, 2}, {1, 0, 10, 1, 2}, {1, 0, 9, 1, 1},
      {1, 0, 8, 1, 1}, {2, 1, 4, 1, 1}, {2, 2, 5, 1, 1}, {2, 3, 6, 1, 1},  {2, 10, 7, 1, 1}};
  EXPECT_EQ(asSet(referenceBroadcast(h_net, 0)), want);
}

TEST(ReferenceBroadcast, CounterclockwisePreferenceMirrors) {
  const NetworkDesc h_net = hypercycleNetwork({6}, {1});
  const Hypercycle h = Hypercycle::of(h_net);
  const std::set<std::tuple<int, uint64_t, uint64_t, int, int>> want = {
      {1, 0, 5, 1, 3}, {2, 5, 4, 1, 2}, {3, 4, 3, 1, 1}, {1, 0, 1, 1, 2}, {2, 1, 2, 1, 1}};
  EXPECT_EQ(asSet(referenceBroadcast(h_net, 0, Preference::kCounterclockwise)), want);
}

TEST(ReferenceBroadcast, Figure5G11_54) {
  // G^{1,1}_{5,4}: origin 0 = (00). Dimension 2 (m = 5): D = 2, a = 2, k = 0, so
  // (2,2) to (10) = 4 and (40) = 16; dimension 1 (m = 4): D = 2, a = 1, k = 0, so
  // (1,2) to (01) = 1 and (1,1) to (03) = 3.
  const NetworkDesc h_net = hypercycleNetwork({5, 4}, {1, 1});
  const Hypercycle h = Hypercycle::of(h_net);
  const auto tx = referenceBroadcast(h_net, 0);
  std::set<std::tuple<int, uint64_t, uint64_t, int, int>> first;
  for (const auto& t : tx) {
    if (t.step == 1) first.emplace(t.step, t.from, t.to, t.wd, t.wc);
  }
  const std::set<std::tuple<int, uint64_t, uint64_t, int, int>> want = {
      {1, 0, 4, 2, 2}, {1, 0, 16, 2, 2}, {1, 0, 1, 1, 2}, {1, 0, 3, 1, 1}};
  EXPECT_EQ(first, want);
  EXPECT_EQ(tx.size(), 19u);
  const auto r = checkLone(h, 0, tx);
  EXPECT_TRUE(r.ok) << (r.errors.empty() ? "" : r.errors[0]);
  EXPECT_EQ(r.max_step, 4);
}

TEST(ReferenceBroadcast, SweepAllSmallHypercycles) {
  std::vector<std::pair<int, int>> dims;  // (m, rho)
  for (int m = 2; m <= 8; ++m) {
    for (int rho = 1; 2 * rho <= m; ++rho) dims.emplace_back(m, rho);
  }
  size_t networks = 0, runs = 0;
  auto test = [&](const std::vector<int>& m, const std::vector<int>& rho) {
    const NetworkDesc h_net = hypercycleNetwork(m, rho);
    const Hypercycle h = Hypercycle::of(h_net);
    ++networks;
    const uint64_t n = h.nodes();
    const std::set<uint64_t> sources = {0, n - 1, n / 2, (n * 7 + 3) % n};
    for (uint64_t src : sources) {
      for (Preference pref : {Preference::kClockwise, Preference::kCounterclockwise}) {
        const auto tx = referenceBroadcast(h_net, src, pref);
        const auto r = checkLone(h, src, tx);
        ++runs;
        ASSERT_TRUE(r.ok) << h.name() << " from " << src << ": " << r.errors[0];
        ASSERT_EQ(tx.size(), n - 1) << h.name();
        ASSERT_EQ(r.max_step, paperDiameter(m, rho)) << h.name();
        ASSERT_EQ(r.max_step, h.diameter()) << h.name();
      }
    }
  };
  for (const auto& a : dims) {
    test({a.first}, {a.second});
    for (const auto& b : dims) {
      test({a.first, b.first}, {a.second, b.second});
      for (const auto& c : dims) {
        if (a.first * b.first * c.first > 600) continue;
        test({a.first, b.first, c.first}, {a.second, b.second, c.second});
      }
    }
  }
  // 16 (m, rho) pairs (m = 2..8 with rho <= m/2: 1+1+2+2+3+3+4), and every
  // triple has N <= 8^3 = 512 <= 600: 16 + 16^2 + 16^3 = 4,368 networks, the
  // figure docs/developer.md gives.
  EXPECT_EQ(dims.size(), 16u);
  EXPECT_EQ(networks, 4368u);
  RecordProperty("networks", static_cast<int>(networks));
  RecordProperty("runs", static_cast<int>(runs));
}

// requestSources (which inputs the hardwired router lets ask for which output)
// against what broadcasts do: every hop a lone broadcast makes out of a node, paired
// with the input its packet arrived on (or the injection, at the origin), must be
// allowed, and every allowed pair must occur. Both VCs of a two-VC input are
// allowed together.
TEST(ReferenceBroadcast, RequestSourcesAreExactlyTheHopsBroadcastsMake) {
  size_t networks = 0;
  auto test = [&](const std::vector<int>& m, const std::vector<int>& rho) {
    const NetworkDesc h_net = hypercycleNetwork(m, rho);
    const Hypercycle h = Hypercycle::of(h_net);
    ++networks;
    for (Preference pref : {Preference::kClockwise, Preference::kCounterclockwise}) {
      const RouterTables t = makeRouterTables(h_net, pref);
      const size_t np = t.port_dim.size(), ns = 2 * np + 1;
      std::vector<bool> seen(np * ns, false);
      for (uint64_t src : {uint64_t{0}, h.nodes() - 1}) {
        const auto tx = referenceBroadcast(h_net, src, pref);
        std::vector<int> arrived_on(h.nodes(), -1);
        for (const auto& x : tx) arrived_on[x.to] = x.port;
        for (const auto& x : tx) {
          const size_t q = static_cast<size_t>(x.port);
          if (x.from == src) {
            seen[q * ns + 2 * np] = true;
            continue;
          }
          const size_t p = static_cast<size_t>(arrived_on[x.from]);
          seen[q * ns + 2 * p] = true;
          if (t.two_vc[p]) seen[q * ns + 2 * p + 1] = true;
        }
      }
      const std::vector<bool> ok = requestSources(t);
      ASSERT_EQ(ok.size(), np * ns);
      for (size_t q = 0; q < np; ++q) {
        for (size_t s = 0; s < ns; ++s) {
          ASSERT_EQ(ok[q * ns + s], seen[q * ns + s])
              << h.name() << " " << toString(pref) << ": output " << q << ", source " << s;
        }
      }
    }
  };
  for (int m1 = 2; m1 <= 9; ++m1) {
    for (int r1 = 1; 2 * r1 <= m1; ++r1) {
      test({m1}, {r1});
      for (int m2 = 2; m2 <= 6; ++m2) {
        for (int r2 = 1; 2 * r2 <= m2; ++r2) test({m1, m2}, {r1, r2});
      }
    }
  }
  EXPECT_EQ(networks, 200u);  // 20 one-dimensional shapes, each alone and with 9 others
}
