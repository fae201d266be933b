// The SystemC models' own checks on what the RTL comparison takes for granted
// (model/axis_endpoint.cpp, model/sched_node.cpp, model/sched_network.cpp).
// The generator never hands a model what breaks them, so each is reached here
// with a hand-built bad input, and its message is checked word for word; a
// control with the same shape and a good input says nothing.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <systemc>
#include <vector>

#include "algorithm/collective_semantics.h"
#include "algorithm/hypercube_schedules.h"
#include "model/axis_endpoint.h"
#include "model/sched_network.h"
#include "topology/network.h"
#include "topology/port_graph.h"
#include "util/error.h"

// The SystemC library wants one; this binary's main is GoogleTest's.
int sc_main(int, char**) { return 0; }

using namespace hypercast;

namespace {

// hc_axis_endpoint gives each VC QDEPTH/2 = DEPTH + 2 entries of its lane's
// queue and returns credits upstream so that no more arrive (a_queued_cnt). A
// router that delivers without credits, and a sink that never takes (tready
// low), fill it: with DEPTH 1, QDEPTH/2 = 3, so the 4th flit of one VC
// (cycle 3, counting from 0) stops the model, naming the port and the VC. A
// sink that takes (tready high) keeps the count down: nothing stops.
TEST(AxisEndpointModel, StopsOnMoreFlitsThanTheVcOwns) {
  struct Case {
    int np, port;
    bool vc, tready;
    const char* says;  // "": nothing
  };
  for (const Case& c :
       {Case{1, 0, false, true, ""},
        Case{1, 0, false, false, "axis endpoint: more than QDEPTH/2 flits of port 0 VC 0 queued"},
        Case{2, 1, true, false, "axis endpoint: more than QDEPTH/2 flits of port 1 VC 1 queued"}}) {
    SCOPED_TRACE(c.says);
    model::AxisEndpoint ep(c.np, 1);
    std::vector<model::Flit> dlv(static_cast<size_t>(c.np));
    dlv[static_cast<size_t>(c.port)].valid = true;
    dlv[static_cast<size_t>(c.port)].vc = c.vc;
    const std::vector<uint8_t> no_credit(static_cast<size_t>(c.np), 0);
    int stopped = -1;
    std::string e;
    for (int cycle = 0; cycle < 10 && stopped < 0; ++cycle) {
      try {
        ep.clock(dlv, no_credit, c.tready);
      } catch (const std::logic_error& x) {
        e = x.what();
        stopped = cycle;
      }
    }
    EXPECT_EQ(e, c.says);
    EXPECT_EQ(stopped, *c.says ? 3 : -1);
  }
}

// The schedule network's model on Q_1, the broadcast from node 0: one step,
// 0 -> 1 on port 0 each way; so 2 rows, 3 ROM words (word 0: the start cycle's
// reads; word r + 1: row r), a store of one bank of one word (an address
// field of 1 bit: slot = bank * 2 + address).
struct Q1 {
  NetworkDesc desc = hypercubeNetwork(1);
  PortGraph g = PortGraph::build(desc);
  Schedule s = hypercubeBroadcast(1, 0);
  model::StoreShape store{1, 1, 1};
  uint64_t key = keyOf(s.problem(), packetOf(s.transfers.at(0)));

  static RomRow row() {
    RomRow r;
    r.send.resize(1);
    r.write.resize(1);
    r.read.resize(1);
    return r;
  }
  // The ROMs that run the schedule: node 0 reads its packet at the start and
  // sends it in row 0; node 1 files it from port 0 in row 1.
  static std::vector<std::vector<RomRow>> good() {
    std::vector<std::vector<RomRow>> roms(2, std::vector<RomRow>(3, row()));
    roms[0][0].read[0] = ReadField{true, 0};
    roms[0][1].send[0] = SendField{true, SendKind::kStore, 0};
    roms[1][2].write[0] = WriteField{true, 0, 0};
    return roms;
  }
  std::unique_ptr<model::SchedNetwork> make(const std::string& name,
                                            const std::vector<std::vector<RomRow>>& roms) const {
    std::vector<std::shared_ptr<const std::vector<RomRow>>> p;
    for (const auto& r : roms) p.push_back(std::make_shared<const std::vector<RomRow>>(r));
    return std::make_unique<model::SchedNetwork>(name.c_str(), g, s, p, store);
  }
};

std::string constructionError(const Q1& q, const std::string& name,
                              const std::vector<std::vector<RomRow>>& roms) {
  try {
    q.make(name, roms);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// One test: SystemC takes no new module once the simulation has run, so
// every network is built before the first clock.
TEST(SchedModel, EachRomOrStoreFaultIsNamed) {
  const Q1 q;
  ASSERT_EQ(q.s.steps, 1u);
  ASSERT_EQ(q.g.ports(), 1);
  // Refused while it is built: a ROM missing, a ROM of the wrong length.
  auto roms = Q1::good();
  roms.pop_back();
  EXPECT_EQ(constructionError(q, "short", roms), "the model needs one ROM per node");
  roms = Q1::good();
  roms[0].pop_back();
  EXPECT_EQ(constructionError(q, "rows", roms), "node 0's ROM does not have 3 words");

  struct Case {
    std::string name;
    std::vector<std::vector<RomRow>> roms;
    uint64_t slot;     // where node 0's packet is loaded
    uint64_t node;     // the node that reports
    std::string says;  // "": none does
  };
  std::vector<Case> cases;
  cases.push_back({"control", Q1::good(), 0, 0, ""});
  cases.push_back({"load", Q1::good(), 2, 0, "loads slot 2, outside its store"});
  roms = Q1::good();
  roms[0][0].read[0].addr = 1;
  cases.push_back({"start", roms, 0, 0, "start cycle: bank 0 reads beyond its depth"});
  roms = Q1::good();
  roms[0][1].send[0] = SendField{};  // node 1 expects the packet in row 1
  cases.push_back({"silent", roms, 0, 1, "row 1: no packet on input port 0"});
  roms = Q1::good();
  roms[1][2].read[0] = ReadField{true, 1};
  cases.push_back({"read", roms, 0, 1, "row 1: bank 0 reads beyond its depth"});
  roms = Q1::good();
  roms[1][2].write[0].addr = 1;
  cases.push_back({"waddr", roms, 0, 1, "row 1: bank 0 writes beyond its depth or ports"});
  roms = Q1::good();
  roms[1][2].write[0].port = 1;
  cases.push_back({"wport", roms, 0, 1, "row 1: bank 0 writes beyond its depth or ports"});
  std::vector<std::unique_ptr<model::SchedNetwork>> nets;
  for (const Case& c : cases) nets.push_back(q.make(c.name, c.roms));

  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    SCOPED_TRACE(c.name);
    model::SchedNetwork& net = *nets[i];
    net.load(0, c.slot, q.key, 0x1234);
    net.start();
    net.cycle();
    net.cycle();
    for (uint64_t x = 0; x < 2; ++x) {
      std::vector<std::string> want;
      if (!c.says.empty() && x == c.node) want = {c.name + ".n" + std::to_string(x) + " " + c.says};
      EXPECT_EQ(net.node(x).errors(), want) << "node " << x;
      EXPECT_TRUE(net.node(x).done()) << "node " << x;
    }
  }
  // The control delivers: node 1 holds node 0's packet in its one word.
  EXPECT_EQ(nets[0]->node(1).read(0), std::make_pair(uint64_t{0x1234}, q.key));
  EXPECT_EQ(nets[0]->faultyNode(), -1);
}
