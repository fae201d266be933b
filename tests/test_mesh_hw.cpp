// The wormhole mesh (hw/hc_mesh_*.v): deadlock freedom by the
// channel-dependency graph, the ROM images, and cosim of Cang & Wu's broadcast
// on 4x4, 8x8 and 4x4x4 with 1- and 4-flit messages, the link-use counters
// equal to the TCD of the paper's closed forms (eq. 3: 15 for 4x4, 69 for 8x8;
// eq. 13: 63 for 4x4x4, all from an eye) and to the paper's worked 8x8 corner
// value (79).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "algorithm/mesh_broadcast.h"
#include "algorithm/mesh_eyes.h"
#include "emit/mesh_rtl.h"
#include "sim/mesh_job.h"
#include "test_util.h"
#include "topology/mesh_cdg.h"
#include "topology/network.h"
#include "util/error.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

bool isEdge(const ChannelGraph& g, uint32_t a, uint32_t b) {
  for (uint32_t x : g.out[a]) {
    if (x == b) return true;
  }
  return false;
}

// The dimension-ordered routing as a turn set: straight on, or into a higher
// dimension.
bool dorTurn(int in, int out) { return out / 2 > in / 2 || out == in; }

}  // namespace

TEST(ChannelDependency, DimensionOrderedRoutingIsAcyclic) {
  for (const std::vector<int>& e : {std::vector<int>{4, 4}, std::vector<int>{8, 8},
                                    std::vector<int>{4, 4, 4}, std::vector<int>{3, 5, 2}}) {
    const ChannelGraph g = channelGraphFromRouting(e, dimensionOrderedRoute);
    EXPECT_TRUE(findChannelCycle(g).empty());
    // Every directed link: 2 per adjacent pair.
    uint64_t links = 0, n = 1;
    for (int x : e) n *= static_cast<uint64_t>(x);
    for (int x : e) links += 2 * (n / static_cast<uint64_t>(x)) * static_cast<uint64_t>(x - 1);
    EXPECT_EQ(g.channels, links);
    // The routing uses every turn of its turn set and no other: the two graphs agree.
    const ChannelGraph t = channelGraphFromTurns(e, dorTurn);
    EXPECT_EQ(g.edges(), t.edges());
    for (uint32_t c = 0; c < g.out.size(); ++c) {
      for (uint32_t d : g.out[c]) EXPECT_TRUE(isEdge(t, c, d));
    }
  }
}

TEST(ChannelDependency, AllTurnsOnTheSquareMakeACycle) {
  // Every turn allowed (no U-turns): the four channels around the 2x2 square
  // wait for each other.
  const std::vector<int> e = {2, 2};
  const ChannelGraph g = channelGraphFromTurns(e, [](int, int) { return true; });
  const std::vector<uint32_t> c = findChannelCycle(g);
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c.front(), c.back());
  for (size_t i = 0; i + 1 < c.size(); ++i) {
    EXPECT_TRUE(isEdge(g, c[i], c[i + 1])) << describeChannel(e, c[i]);
  }
  EXPECT_EQ(std::set<uint32_t>(c.begin(), c.end()).size(), 4u);
  // The dimension-ordered turns on the same square: no cycle.
  EXPECT_TRUE(findChannelCycle(channelGraphFromTurns(e, dorTurn)).empty());
  // West-first (no turn into -x): a known deadlock-free turn model, acyclic too.
  EXPECT_TRUE(findChannelCycle(channelGraphFromTurns({4, 4}, [](int in, int out) {
                return out != 1 || in == 1;
              })).empty());
}

TEST(ChannelDependency, MixedOrderRoutingIsRefused) {
  // Minimal, but x first when the destination lies north-east or south-west
  // and y first otherwise: its worms take all four counter-clockwise turns
  // (+x->+y, +y->-x, -x->-y, -y->+x), and the graph has a cycle, already on 2x2.
  const MeshRouteFn mixed = [](const std::vector<int>& h, const std::vector<int>& d) {
    const int dx = d[0] - h[0], dy = d[1] - h[1];
    const bool x_first = (dx > 0 && dy > 0) || (dx < 0 && dy < 0) || dy == 0;
    if (x_first && dx != 0) return dx > 0 ? 0 : 1;
    if (dy != 0) return dy > 0 ? 2 : 3;
    if (dx != 0) return dx > 0 ? 0 : 1;
    return -1;
  };
  for (const std::vector<int>& e : {std::vector<int>{2, 2}, std::vector<int>{4, 4}}) {
    const ChannelGraph g = channelGraphFromRouting(e, mixed);
    const std::vector<uint32_t> c = findChannelCycle(g);
    ASSERT_FALSE(c.empty());
    for (size_t i = 0; i + 1 < c.size(); ++i) EXPECT_TRUE(isEdge(g, c[i], c[i + 1]));
  }
}

TEST(MeshRom, RowsFollowTheMessages) {
  const MeshCube m = meshCube({4, 4});
  const WormholeSchedule s = meshBroadcast(m, 5, "paper");
  const auto rows = meshRomRows(s, m.nodes());
  uint64_t sends = 0, recvs = 0;
  for (uint64_t x = 0; x < m.nodes(); ++x) {
    ASSERT_EQ(rows[x].size(), 4u);
    int got = 0;
    for (const MeshRomRow& r : rows[x]) {
      sends += r.send;
      got += r.recv;
    }
    recvs += static_cast<uint64_t>(got);
    EXPECT_EQ(got, x == 5 ? 0 : 1) << x;
  }
  EXPECT_EQ(sends, 15u);
  EXPECT_EQ(recvs, 15u);
  // {recv, send, dst[4]}: 6 bits, 2 hex digits.
  EXPECT_EQ(encodeMeshRomRow({false, true, 13}, 4), "1d");
  EXPECT_EQ(encodeMeshRomRow({true, false, 0}, 4), "20");
}

// A ROM row holds one send and one receive: a step where a node sends twice, or
// receives twice, or a message leaves the mesh, is refused naming the step and
// the node.
TEST(MeshRom, RefusesAStepThatIsNotOnePort) {
  const auto refusal = [](const std::vector<std::vector<WormholeMessage>>& steps) {
    WormholeSchedule s;
    s.extents = {2, 2};
    s.steps = steps;
    try {
      meshRomRows(s, 4);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_EQ(refusal({{{0, 1}, {0, 2}}}), "step 1 is not one-port at node 0");
  EXPECT_EQ(refusal({{{0, 1}}, {{0, 3}, {2, 3}}}), "step 2 is not one-port at node 3");
  EXPECT_EQ(refusal({{{0, 4}}}), "a message leaves the mesh");
  EXPECT_EQ(refusal({{{0, 1}}, {{0, 2}, {1, 3}}}), "(accepted)");
}

// Cosim of whole broadcasts: (dims, source, algorithm, flits, rtl model, expected TCD).
struct CosimCase {
  const char* name;
  const char* dims;
  const char* source;
  const char* algorithm;
  int flits;
  const char* rtl_model;
  int steps;
  int64_t tcd;
};

void PrintTo(const CosimCase& c, std::ostream* os) { *os << c.name; }

class MeshCosim : public ::testing::TestWithParam<CosimCase> {};

// A step's cycles, from the node's and the router's timing (hc_mesh_node.v,
// hc_mesh_router.v): FETCH and LATCH (2), the node's flit register (1), two
// cycles per router on the longest worm's h + 1 routers (2 h + 2), the flits
// behind the head (flits - 1), the tail's arrival and step_done registers (2)
// and the barrier's WAIT (1): 7 + flits + 2 h; the first step one more (the
// start). h is the longest message's dimension-ordered path, its Manhattan
// length, read from the trace's (from, to) pairs.
TEST_P(MeshCosim, CountersEqualTheTcd) {
  const CosimCase c = GetParam();
  const std::string dir = hctest::tempFolder("meshcosim");
  const auto r =
      hctest::run(hctest::hypercast() + " simulate --topology mesh --dims " + c.dims +
                  " --collective broadcast --source " + c.source + " --algorithm " + c.algorithm +
                  " --flits " + std::to_string(c.flits) + " --engine cosim --rtl-model " +
                  c.rtl_model + " --trace " + dir + "/trace.csv --json");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::reportJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("match"), true);
  EXPECT_EQ(j.at("checker"), "pass");
  EXPECT_EQ(j.at("figures").at("steps"), c.steps);
  EXPECT_EQ(j.at("figures").at("optimal_steps"), c.steps);
  EXPECT_EQ(j.at("figures").at("tcd"), c.tcd);
  EXPECT_EQ(j.at("figures").at("link_heads"), c.tcd);
  EXPECT_EQ(j.at("err"), false);
  EXPECT_EQ(j.at("figures").at("reached"), j.at("figures").at("nodes"));
  EXPECT_EQ(j.at("figures").at("wrong_payloads"), 0);
  // The longest message of each step, from the trace (step,cycle,from,to,payload).
  std::vector<int> sides;
  for (const char* d = c.dims; *d;) {
    sides.push_back(std::atoi(d));
    while (*d && *d != ',') ++d;
    if (*d) ++d;
  }
  auto manhattan = [&](long long a, long long b) {
    int h = 0;
    for (int side : sides) {
      h += static_cast<int>(std::llabs(a % side - b % side));
      a /= side;
      b /= side;
    }
    return h;
  };
  std::vector<int> longest(static_cast<size_t>(c.steps), 0);
  std::istringstream csv(hctest::slurp(dir + "/trace.csv"));
  std::string line;
  std::getline(csv, line);
  EXPECT_EQ(line, "step,cycle,from,to,payload");
  int rows = 0;
  while (std::getline(csv, line)) {
    long long f[4] = {0, 0, 0, 0};
    ASSERT_EQ(std::sscanf(line.c_str(), "%lld,%lld,%lld,%lld", &f[0], &f[1], &f[2], &f[3]), 4)
        << line;
    ASSERT_GE(f[0], 1) << line;
    ASSERT_LE(f[0], c.steps) << line;
    int& h = longest[static_cast<size_t>(f[0] - 1)];
    h = std::max(h, manhattan(f[2], f[3]));
    ++rows;
  }
  EXPECT_EQ(rows, j.at("figures").at("reached").get<int>() - 1);  // every node but the source, once
  fs::remove_all(dir);
  const auto per_step = j.at("figures").at("cycles_per_step").get<std::vector<uint64_t>>();
  ASSERT_EQ(per_step.size(), static_cast<size_t>(c.steps));
  uint64_t sum = 0;
  for (size_t s = 0; s < per_step.size(); ++s) {
    EXPECT_GE(longest[s], 1) << "step " << s + 1;
    const uint64_t want = 7 + uint64_t(c.flits) + 2 * uint64_t(longest[s]) + (s == 0 ? 1 : 0);
    EXPECT_EQ(per_step[s], want) << "step " << s + 1 << ", longest message " << longest[s];
    sum += per_step[s];
  }
  EXPECT_EQ(j.at("figures").at("cycles").get<uint64_t>(), sum);
  EXPECT_EQ(j.at("figures").at("cycles_compared").get<uint64_t>(), sum);
}

INSTANTIATE_TEST_SUITE_P(
    Eyes, MeshCosim,
    ::testing::Values(
        // 2x2x2 from node 0 (every node is an eye at k = 1), eq. 13 at k = 1: 7.
        // Wired tiles; the whole generated top (wiring, barrier, counter sum) runs
        // in MeshHw.WholeTopAndWiredTilesRunIdentically (2x2; 2x2x2 under the
        // long label).
        CosimCase{"m2x2x2_f2", "2,2,2", "0,0,0", "paper", 2, "wired", 3, 7},
        // 4x4 from the eye (1,1), eq. 3 at k = 2: 15.
        CosimCase{"m4x4_f1", "4,4", "1,1", "paper", 1, "wired", 4, 15},
        CosimCase{"m4x4_f4", "4,4", "1,1", "best", 4, "wired", 4, 15},
        // 8x8 from the eye (2,2), eq. 3 at k = 3: 69; the paper's corner (0,0): 79.
        CosimCase{"m8x8_f1", "8,8", "2,2", "paper", 1, "wired", 6, 69},
        CosimCase{"m8x8_f4", "8,8", "2,2", "best", 4, "wired", 6, 69},
        CosimCase{"m8x8_corner_f4", "8,8", "0,0", "paper", 4, "wired", 6, 79},
        // 4x4x4 from the eye (1,1,1), eq. 13 at k = 2: 63.
        CosimCase{"m4x4x4_f1", "4,4,4", "1,1,1", "paper", 1, "wired", 6, 63},
        CosimCase{"m4x4x4_f4", "4,4,4", "1,1,1", "best", 4, "wired", 6, 63}),
    [](const ::testing::TestParamInfo<CosimCase>& i) { return std::string(i.param.name); });

TEST(MeshHw, GenerateWritesTheTopAndChecksTheRouting) {
  const std::string dir = hctest::tempFolder("meshgen");
  const auto r = hctest::run(hctest::hypercast() +
                             " generate --topology mesh --dims 4,4,4 --collective broadcast "
                             "--source 1,1,1 --flits 2 --json --out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = hctest::reportJson(r.out);
  EXPECT_EQ(j.at("switching"), "wormhole");
  EXPECT_EQ(j.at("figures").at("tcd"), 63);
  EXPECT_EQ(j.at("cdg_acyclic"), true);
  EXPECT_EQ(j.at("figures").at("cdg_channels"),
            2 * 3 * 16 * 3);  // 2 directions x 3 dimensions x 48 links
  const nlohmann::json m = hctest::parseJson(hctest::slurp(dir + "/manifest.json"));
  EXPECT_EQ(m.at("step_rule"), "barrier");
  EXPECT_EQ(m.at("flits_per_message"), 2);
  EXPECT_EQ(m.at("rom").at("rows"), 6);
  // The top, every ROM and every file the manifest lists were written (the
  // lint and synthesis of the wormhole tops: test_rtl_quality).
  EXPECT_TRUE(fs::exists(dir + "/rtl/" + m.at("top").get<std::string>() + ".v"));
  EXPECT_TRUE(fs::exists(dir + "/rom/mesh_4x4x4_wh_s21_n63.hex"));
  for (const auto& f : m.at("files"))
    EXPECT_TRUE(fs::exists(dir + "/" + f.get<std::string>())) << f;
  fs::remove_all(dir);
}

TEST(MeshHw, StoreAndForwardStaysAvailable) {
  const auto r = hctest::run(hctest::hypercast() +
                             " simulate --topology mesh --dims 4,4 --collective broadcast "
                             "--switching store-and-forward --engine systemc --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = hctest::reportJson(r.out);
  EXPECT_EQ(j.at("construction"), "bfs");
  const auto bad = hctest::run(hctest::hypercast() +
                               " simulate --topology mesh --dims 3,4 --collective broadcast "
                               "--switching wormhole --engine systemc");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("power-of-two"), std::string::npos) << bad.err;
}

TEST(MeshHw, SystemcEngineAlone) {
  const auto r = hctest::run(hctest::hypercast() +
                             " simulate --topology mesh --dims 8,8,8 --collective broadcast "
                             "--source 2,2,2 --flits 3 --engine systemc --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = hctest::reportJson(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("figures").at("tcd"), 525);  // eq. 13 at k = 3
  EXPECT_EQ(j.at("figures").at("link_heads"), 525);
}

TEST(MeshHw, CosimReportsTheFirstDivergence) {
  // The 4x4 mesh's broadcast in lock step, with a test hook set.
  auto cosim = [](const std::string& hook) {
    return hctest::run(hook + " " + hctest::hypercast() +
                       " simulate --topology mesh --dims 4,4 --collective broadcast "
                       "--source 1,1 --algorithm paper --engine cosim --rtl-model wired --json");
  };
  // The model's source corrupts its payload: the first link it drives differs.
  const auto r = cosim("HYPERCAST_FAULT_NODE=5");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const nlohmann::json j = hctest::reportJson(r.out);
  EXPECT_EQ(j.at("verdict"), "fail");
  EXPECT_EQ(j.at("match"), false);
  EXPECT_EQ(j.at("first_divergence").at("node"), 5);
  EXPECT_NE(r.err.find("diverge at cycle"), std::string::npos) << r.err;
  // The top's one err_o (a corrupted ROM on the RTL alone: node 0 sends before
  // it holds the data) belongs to no node: the divergence names the network.
  const auto e = cosim("HYPERCAST_FAULT_ROM=0:0:1f");
  EXPECT_EQ(e.code, 1) << e.out << e.err;
  const nlohmann::json je = hctest::reportJson(e.out);
  EXPECT_EQ(je.at("first_divergence").at("where"), "err_o");
  EXPECT_TRUE(je.at("first_divergence").at("node").is_null()) << e.out;
  EXPECT_NE(e.err.find("diverge at cycle 3, the network, err_o"), std::string::npos) << e.err;
}

// A corrupted ROM on the RTL alone (tb/verilated_mesh_tiles.cpp's test hook,
// HYPERCAST_FAULT_ROM=node:row:word): node 0 told to send in step 1, before it
// holds the data, raises err_o; the source told to do nothing in step 1 leaves
// its receiver waiting: the watchdog stops the run and the checker fails it.
TEST(MeshHw, CorruptedRomFailsTheRun) {
  const std::string run =
      " simulate --topology mesh --dims 4,4 --collective broadcast "
      "--source 1,1 --algorithm paper --engine verilator --rtl-model wired "
      "--json";
  const auto e = hctest::run("HYPERCAST_FAULT_ROM=0:0:1f " + hctest::hypercast() + run);
  EXPECT_EQ(e.code, 1) << e.out << e.err;
  const nlohmann::json je = hctest::reportJson(e.out);
  EXPECT_EQ(je.at("err"), true);
  EXPECT_EQ(je.at("verdict"), "fail");
  EXPECT_NE(e.err.find("err_o"), std::string::npos) << e.err;
  const auto w = hctest::run("HYPERCAST_FAULT_ROM=5:0:00 " + hctest::hypercast() + run);
  EXPECT_EQ(w.code, 1) << w.out << w.err;
  const nlohmann::json jw = hctest::reportJson(w.out);
  EXPECT_EQ(jw.at("watchdog"), true);
  EXPECT_EQ(jw.at("checker"), "fail");
  EXPECT_NE(w.err.find("watchdog"), std::string::npos) << w.err;
}

// The wired tiles' harness (tb/verilated_mesh_tiles.cpp) loads every tile's
// ROM image: the images simulate writes are always good, so a job file
// written by hand reaches these refusals (exit 2, one line naming the image).
// The job is the 4x4 broadcast from (1,1) (paper) as simulate writes it for
// --rtl-model wired, run by the harness a simulate run left in the cache; it
// passes as it is, then node 0's image (4 rows, one per step) is broken once
// per case: a row with a stray character, a row that starts with none of the
// hex digits (std::stoull's bare "stoull" before), one wider than 64 bits,
// a CR line end, a row missing. A row is named by its line, blank lines counted.
TEST(MeshHw, BadRomImagesAreRefusedNamingTheImage) {
  const std::string dir = hctest::tempFolder("mesh-roms");
  ASSERT_FALSE(dir.empty());
  const auto sim =
      hctest::run(hctest::hypercast() +
                  " simulate --topology mesh --dims 4,4 --collective broadcast "
                  "--source 1,1 --algorithm paper --engine verilator --rtl-model wired");
  ASSERT_EQ(sim.code, 0) << sim.out << sim.err;
  const std::string folder = hctest::filesWritten(sim.out, " (top");
  ASSERT_FALSE(folder.empty()) << sim.out;
  const std::string harness = folder + "/hc-sim-rtl";
  ASSERT_TRUE(std::filesystem::exists(harness)) << sim.out;
  const MeshCube m = meshCube({4, 4});
  const NetworkDesc net = meshNetwork({4, 4});
  MeshJob job;
  job.extents = {4, 4};
  job.schedule = meshBroadcast(m, 5, "paper");
  const MeshRtl rtl = emitMeshNetwork(net, job.schedule, MeshRtlOptions{});
  job.engine = "verilator";
  job.rtl_model = "wired";
  job.rom_dir = dir;
  for (const std::string& rom : rtl.roms) {
    std::filesystem::create_directories(std::filesystem::path(dir + "/" + rom).parent_path());
    std::ofstream(dir + "/" + rom) << rtl.files.at(rom);
    job.roms.push_back(dir + "/" + rom);
  }
  job.rom_word_bits = rtl.rom_word_bits;
  job.coord_width = rtl.coord_width;
  job.step_width = rtl.step_width;
  job.flit_count_width = rtl.flit_count_width;
  job.json = true;
  job.quiet = true;
  std::ofstream(dir + "/job.json") << serializeMeshJob(job);
  auto runJob = [&] {
    return hctest::run("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 " + harness + " --job " + dir +
                       "/job.json");
  };
  const auto ok = runJob();
  ASSERT_EQ(ok.code, 0) << ok.out << ok.err;
  EXPECT_EQ(hctest::parseJson(ok.out).at("verdict"), "PASS") << ok.out;

  const std::string image = job.roms[0];
  const std::string good = hctest::slurp(image);
  const std::vector<std::string> rows = hctest::lines(good);
  ASSERT_EQ(rows.size(), 4u) << good;
  struct Case {
    std::string text, says;
  };
  for (const Case& c : {
           Case{rows[0] + "\n1z\n" + rows[2] + "\n" + rows[3] + "\n",
                image + ":2: not a hex word: 1z"},
           Case{rows[0] + "\n\n" + rows[1] + "\nzz\n" + rows[3] + "\n",
                image + ":4: not a hex word: zz"},
           Case{rows[0] + "\n" + rows[1] + "\n-1\n" + rows[3] + "\n",
                image + ":3: not a hex word: -1"},
           Case{rows[0] + "\n" + rows[1] + "\n" + rows[2] + "\n1ffffffffffffffff\n",
                image + ":4: wider than 64 bits: 1ffffffffffffffff"},
           Case{rows[0] + "\r\n" + rows[1] + "\n" + rows[2] + "\n" + rows[3] + "\n",
                image + ":1: not a hex word: " + rows[0] + "\\x0d"},
           Case{rows[0] + "\n" + rows[1] + "\n" + rows[2] + "\n",
                image + " has 3 rows, expected 4"},
       }) {
    std::ofstream(image) << c.text;
    const auto r = runJob();
    EXPECT_EQ(r.code, 2) << c.says << ": " << r.out << r.err;
    EXPECT_EQ(r.err, "hc-harness: " + c.says + "\n");
  }
  std::filesystem::remove_all(dir);
}

namespace {

// The generated top and the harness's wired tiles run identically: the same
// trace byte for byte, the same cycles per step.
void expectWholeTopAndWiredTilesIdentical(const std::string& dims, const std::string& source,
                                          int messages) {
  const std::string dir = hctest::tempFolder("meshmodels");
  std::string json[2];
  const char* models[2] = {"network", "wired"};
  for (int i = 0; i < 2; ++i) {
    const auto r = hctest::run(hctest::hypercast() + " simulate --topology mesh --dims " + dims +
                               " --collective broadcast --source " + source +
                               " --algorithm paper --flits 2 --engine verilator --rtl-model " +
                               models[i] + " --json --trace " + dir + "/" + models[i] + ".csv");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const nlohmann::json j = hctest::reportJson(r.out);
    EXPECT_EQ(j.at("figures").at("link_heads"), messages);
    json[i] = j.at("figures").at("cycles_per_step").dump();
  }
  EXPECT_EQ(json[0], json[1]);
  const std::string a = hctest::slurp(dir + "/network.csv"), b = hctest::slurp(dir + "/wired.csv");
  EXPECT_EQ(a, b);
  EXPECT_EQ(std::count(a.begin(), a.end(), '\n'), messages + 1);  // the header and the messages
  fs::remove_all(dir);
}

}  // namespace

// Every link input of the 2x2 mesh's routers carries a worm of 255 flits
// (the most --flits allows: the node's 8-bit flit counter takes every value
// from 0 to 254; the worm streams through each router's front, straight
// through its empty FIFO: MeshRouter.EveryInputFillsWrapsAndDrainsItsFifo
// fills the FIFOs), once with a payload and once with its complement. The broadcast from (0,0)
// sends on inputs 2 and 4 (from -x, from -y), the one from (1,1) on inputs 1 and 3, each through
// the local ports; seeds 94845 and 97949 make the payloads 0x241f7664 and 0xdbe0899b
// (tb/mesh_harness.cpp: ((seed + 1) * 0x9e3779b97f4a7c15) ^ that >> 29, low 32 bits), one the
// other's complement, so every payload bit is 0 in one run and 1 in the other. Each run in lock
// step with the model; every message of the trace carries the payload; steps
// of 7 + 255 + 2 h cycles (h = 1), the first one more (MeshCosim above).
TEST(MeshHw, EveryLinkInputCarriesBothPayloadPolarities) {
  const std::string dir = hctest::tempFolder("meshwrap");
  for (const char* source : {"0,0", "1,1"}) {
    for (const auto& [seed, payload] :
         {std::make_pair("94845", "0x241f7664"), std::make_pair("97949", "0xdbe0899b")}) {
      const std::string tag = std::string(source) + " seed " + seed;
      const auto r = hctest::run(hctest::hypercast() +
                                 " simulate --topology mesh --dims 2,2 --collective broadcast "
                                 "--algorithm paper --flits 255 --engine cosim --rtl-model wired "
                                 "--source " +
                                 source + " --seed " + seed + " --json --trace " + dir + "/t.csv");
      ASSERT_EQ(r.code, 0) << tag << ": " << r.out << r.err;
      const nlohmann::json j = hctest::reportJson(r.out);
      EXPECT_EQ(j.at("match"), true) << tag;
      EXPECT_EQ(j.at("figures").at("reached"), 4) << tag;
      EXPECT_EQ(j.at("figures").at("wrong_payloads"), 0) << tag;
      EXPECT_EQ(j.at("figures").at("cycles_per_step").dump(), "[265,264]") << tag;
      std::istringstream csv(hctest::slurp(dir + "/t.csv"));
      std::string line;
      int rows = 0;
      for (std::getline(csv, line); std::getline(csv, line); ++rows)
        EXPECT_EQ(line.substr(line.rfind(',') + 1), payload) << tag << ": " << line;
      EXPECT_EQ(rows, 3) << tag;
    }
  }
  fs::remove_all(dir);
}

// 2x2: N - 1 = 3 messages, each one link head.
TEST(MeshHw, WholeTopAndWiredTilesRunIdentically) {
  expectWholeTopAndWiredTilesIdentical("2,2", "0,0", 3);
}

// 2x2x2, six-port tiles (its whole top is a model of 1 minute: ctest label long).
TEST(MeshHwLong, WholeTopAndWiredTilesRunIdentically) {
  expectWholeTopAndWiredTilesIdentical("2,2,2", "0,0,0", 7);
}
