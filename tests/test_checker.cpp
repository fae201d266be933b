// The independent checker catches hand-made faulty traces.
#include <gtest/gtest.h>

#include "checker/broadcast_checker.h"

using namespace hypercast::checker;

namespace {

// C_4<1> (the 4-ring): a correct lone broadcast from 0 with weights D = 2, a = 1.
const Shape kRing{{4}, {1}};
std::vector<Transfer> goodRing() {
  return {{1, 1, 0, 1, 0, 5, 1, 2}, {1, 1, 0, 3, 0, 5, 1, 1}, {2, 2, 1, 2, 0, 5, 1, 1}};
}
const std::vector<Broadcast> kOne{{0, 5, 0}};

bool mentions(const Report& r, const std::string& what) {
  for (const auto& e : r.errors) {
    if (e.find(what) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST(Checker, AcceptsACorrectBroadcast) {
  Options o;
  o.lone = true;
  const Report r = check(kRing, kOne, goodRing(), o);
  EXPECT_TRUE(r.ok) << (r.errors.empty() ? "" : r.errors[0]);
  EXPECT_EQ(r.transmissions, 3u);
  EXPECT_EQ(r.nodes_all, 4u);
}

TEST(Checker, CatchesAMissingDelivery) {
  auto t = goodRing();
  t.pop_back();
  const Report r = check(kRing, kOne, t);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.missing, 1u);
  EXPECT_TRUE(mentions(r, "never received"));
}

TEST(Checker, CatchesADuplicateDelivery) {
  auto t = goodRing();
  t.push_back({2, 2, 3, 2, 0, 5, 1, 1});
  const Report r = check(kRing, kOne, t);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.redundant, 1u);
}

TEST(Checker, CatchesANonLink) {
  const Shape s{{6}, {1}};
  std::vector<Transfer> t = {{1, 1, 0, 1, 0, 5, 1, 3},
                             {1, 1, 0, 5, 0, 5, 1, 2},
                             {2, 2, 1, 3, 0, 5, 1, 2},  // 1 -> 3 is no link of the 6-ring
                             {2, 2, 5, 4, 0, 5, 1, 1},
                             {3, 3, 3, 2, 0, 5, 1, 1}};
  const Report r = check(s, kOne, t);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(mentions(r, "no such link"));
}

TEST(Checker, CatchesAForwardBeforeReceipt) {
  auto t = goodRing();
  t[2].cycle = 1;  // 1 -> 2 in the same cycle 1 receives it
  const Report r = check(kRing, kOne, t);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(mentions(r, "forwards before it received"));
}

TEST(Checker, CatchesTwoPacketsOnOneLinkInOneCycle) {
  const std::vector<Broadcast> two{{0, 5, 0}, {0, 6, 0}};
  auto t = goodRing();
  for (auto x : goodRing()) {
    x.tag = 6;
    t.push_back(x);
  }
  const Report r = check(kRing, two, t);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(mentions(r, "same link in the same cycle"));
}

TEST(Checker, CatchesASlowLoneBroadcast) {
  // Reaching node 3 the long way round takes 3 steps; the lower bound is 2.
  std::vector<Transfer> t = {
      {1, 1, 0, 1, 0, 5, 1, 3}, {2, 2, 1, 2, 0, 5, 1, 2}, {3, 3, 2, 3, 0, 5, 1, 1}};
  Options o;
  o.lone = true;
  const Report r = check(kRing, kOne, t, o);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(mentions(r, "lower bound"));
}

TEST(Checker, CatchesACorruptedPayloadAndAWrongStep) {
  auto t = goodRing();
  t[1].tag = 99;
  t[2].step = 5;
  const Report r = check(kRing, kOne, t);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(mentions(r, "payload corrupted"));
  EXPECT_TRUE(mentions(r, "step is not one more"));
}
