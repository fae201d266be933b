// The router model's guards on what the RTL assumes (model/router_core.h): the
// hardwired router arbitrates only over requestSources() and takes a head's wd
// from its input port's dimension. A flit that breaks either assumption must stop
// the model, not be routed differently from the RTL in silence.
#include <gtest/gtest.h>

#include <stdexcept>

#include "algorithm/broadcast_weights.h"
#include "model/router_core.h"
#include "topology/hypercycle.h"

using namespace hypercast;

namespace {

// G^{2,2}_{5,5}: every weight is 1, so a dimension-2 input asks for the four
// dimension-1 ports and nothing else.
struct Fixture {
  Hypercycle h = Hypercycle::fromPaperOrder({5, 5}, {2, 2});
  RouterTables t = makeRouterTables(h, Preference::kClockwise);
  size_t np = t.port_dim.size();
  model::RouterCore core{t, 2, 2, 0, std::vector<bool>(np, false)};
  std::vector<uint8_t> no_credit = std::vector<uint8_t>(np, 0);

  std::vector<model::Flit> arriving(int port, uint32_t wd, uint32_t wc = 1) {
    std::vector<model::Flit> lin(np);
    auto& f = lin[static_cast<size_t>(port)];
    f.valid = true;
    f.origin = 3;
    f.wd = wd;
    f.wc = wc;
    f.payload = 0xabc;
    return lin;
  }
  int portOf(int dim) const {
    for (size_t p = 0; p < np; ++p) {
      if (t.port_dim[p] == dim) return static_cast<int>(p);
    }
    return -1;
  }
};

}  // namespace

TEST(RouterModel, RoutesAPacketThatKeepsTheRules) {
  Fixture f;
  const int p = f.portOf(2);
  ASSERT_GE(p, 0);
  f.core.clock(f.arriving(p, 2), f.no_credit, false, 0);
  int sent = 0;
  for (size_t q = 0; q < f.np; ++q) {
    const auto& o = f.core.lout()[q];
    if (!o.valid) continue;
    ++sent;
    EXPECT_EQ(f.t.port_dim[q], 1);
    EXPECT_EQ(o.wd, 1u);
    EXPECT_EQ(o.payload, 0xabcu);
  }
  EXPECT_EQ(sent, 4);  // the dimension-1 ports, Case 1
}

TEST(RouterModel, StopsOnAPacketWhoseWdIsNotItsPortsDimension) {
  Fixture f;
  const int p = f.portOf(1);
  ASSERT_GE(p, 0);
  // The RTL decides Case 1 from the port (no dimension below 1); the flit says 2.
  EXPECT_THROW(f.core.clock(f.arriving(p, 2), f.no_credit, false, 0), std::logic_error);
}

TEST(RouterModel, StopsOnAPacketThatWouldAskOutsideRequestSources) {
  Fixture f;
  const int p = f.portOf(2);
  ASSERT_GE(p, 0);
  // Every weight of this network is 1: a packet with wc 2 would continue on its
  // fwd_port (Case 2), which requestSources leaves out of that output's arbiter.
  EXPECT_THROW(f.core.clock(f.arriving(p, 2, 2), f.no_credit, false, 0), std::logic_error);
}
