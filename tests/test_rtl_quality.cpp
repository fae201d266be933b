// Generated RTL is lint-clean under `verilator --lint-only -Wall` (zero warnings)
// and synthesizes under yosys with no latches.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"

namespace fs = std::filesystem;

namespace {

struct Gen {
  std::string dir, top, router, files;
};

Gen generateNet(const std::string& m, const std::string& rho, const std::string& extra) {
  Gen g;
  g.dir = "/tmp/hctest-rtl-" + std::to_string(::getpid()) + "-" + m + "-" + rho;
  fs::remove_all(g.dir);
  const auto r = hctest::run(hctest::hypercast() + " generate --m " + m + " --rho " + rho + " " +
                             extra + " --out " + g.dir);
  EXPECT_EQ(r.code, 0) << r.err;
  const nlohmann::json manifest = hctest::parseJson(hctest::slurp(g.dir + "/manifest.json"));
  g.top = manifest.at("top").get<std::string>();
  g.router = manifest.at("router").get<std::string>();
  // Every Verilog file the manifest lists, except the top.
  for (const auto& item : manifest.at("verilog_files")) {
    const std::string f = item.get<std::string>();
    if (f != "rtl/" + g.top + ".v") g.files += " " + g.dir + "/" + f;
  }
  return g;
}

constexpr const char* kHardwired = "";
// A small programmable router, and the prototype's limits (4 dimensions, 15, degree 16).
constexpr const char* kProgSmall =
    "--router programmable --max-dims 2 --max-radix 8 --max-degree 8";
constexpr const char* kProgProto = "--router programmable";
// The bounded-waiting arbitration (two arbiters on every two-VC output).
constexpr const char* kFair = "--arbitration fair";
constexpr const char* kProgFair =
    "--router programmable --max-dims 2 --max-radix 8 --max-degree 8 --arbitration fair";
// The two-cycle hop (registered grants), alone and with the fair arbitration.
constexpr const char* kHop2 = "--hop-cycles 2";
constexpr const char* kHop2Fair = "--hop-cycles 2 --arbitration fair";

// (m, rho, whole top?, router options) Linting a whole top elaborates every router
// instance, so the 240-node default network is linted as its router module.
using NetParam = std::tuple<const char*, const char*, bool, const char*>;
class Lint : public ::testing::TestWithParam<NetParam> {};

std::string paramName(const NetParam& p) {
  const std::string extra = std::get<3>(p);
  std::string s = "m" + std::string(std::get<0>(p)) + "_rho" + std::get<1>(p) +
                  (std::get<2>(p) ? "_top" : "_router") +
                  (extra.empty()         ? ""
                   : extra == kProgProto ? "_prog"
                   : extra == kFair      ? "_fair"
                   : extra == kProgFair  ? "_progfair"
                   : extra == kHop2      ? "_hop2"
                   : extra == kHop2Fair  ? "_hop2fair"
                                         : "_progsmall");
  for (char& c : s) {
    if (c == ',') c = 'x';
  }
  return s;
}

}  // namespace

TEST_P(Lint, ZeroWarnings) {
  const auto [m, rho, whole, extra] = GetParam();
  const Gen g = generateNet(m, rho, std::string("--payload-width 16 ") + extra);
  const std::string cmd = "verilator --lint-only -Wall --top-module " + (whole ? g.top : g.router) +
                          g.files + (whole ? " " + g.dir + "/rtl/" + g.top + ".v" : "");
  const auto r = hctest::run(cmd);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
  fs::remove_all(g.dir);
}

INSTANTIATE_TEST_SUITE_P(
    Networks, Lint,
    ::testing::Values(
        NetParam{"7", "1", true, kHardwired}, NetParam{"2", "1", true, kHardwired},
        NetParam{"2,2,2,2", "1,1,1,1", true, kHardwired}, NetParam{"6,4", "3,2", true, kHardwired},
        NetParam{"8,6,5", "3,2,1", false, kHardwired}, NetParam{"6,4", "3,2", true, kProgSmall},
        NetParam{"2", "1", true, kProgSmall}, NetParam{"8", "4", true, kProgSmall},
        NetParam{"8,6,5", "3,2,1", false, kProgProto}, NetParam{"15", "7", false, kProgProto},
        NetParam{"7", "1", true, kFair}, NetParam{"5,4,3", "2,1,1", false, kFair},
        NetParam{"8", "1", true, kProgFair}, NetParam{"7", "1", true, kHop2},
        NetParam{"2,2,2,2", "1,1,1,1", true, kHop2}, NetParam{"5,4,3", "2,1,1", false, kHop2Fair},
        NetParam{"9,4", "2,1", false, kHop2}),
    [](const auto& i) { return paramName(i.param); });

// The largest whole tops (60 and 15 nodes of degree 14: about a minute of
// Verilator each; ctest label long).
INSTANTIATE_TEST_SUITE_P(NetworksLong, Lint,
                         ::testing::Values(NetParam{"5,4,3", "2,1,1", true, kHardwired},
                                           NetParam{"15", "7", true, kHardwired}),
                         [](const auto& i) { return paramName(i.param); });

class Synth : public ::testing::TestWithParam<NetParam> {};

TEST_P(Synth, NoLatches) {
  const auto [m, rho, whole, extra] = GetParam();
  const Gen g = generateNet(m, rho, std::string("--payload-width 8 ") + extra);
  const std::string top = whole ? g.top : g.router;
  const std::string files = g.files + (whole ? " " + g.dir + "/rtl/" + g.top + ".v" : "");
  // select -assert-none makes yosys itself fail if any latch cell survives synthesis.
  const auto r =
      hctest::run("yosys -q -p 'read_verilog" + files + "; synth -flatten -top " + top +
                  "; select -assert-none t:$*latch* t:$_DLATCH*; tee -o /dev/stdout stat' ");
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Number of cells"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("LATCH"), std::string::npos);
  fs::remove_all(g.dir);
}

INSTANTIATE_TEST_SUITE_P(Networks, Synth,
                         ::testing::Values(NetParam{"7", "1", false, kHardwired},
                                           NetParam{"6,4", "3,2", false, kHardwired},
                                           NetParam{"5,4,3", "2,1,1", false, kHardwired},
                                           NetParam{"4", "1", true, kHardwired},
                                           NetParam{"2,2", "1,1", true, kHardwired},
                                           NetParam{"6,4", "3,2", false, kProgSmall},
                                           NetParam{"5,4,3", "2,1,1", false, kFair},
                                           NetParam{"5,4,3", "2,1,1", false, kHop2Fair},
                                           NetParam{"4", "1", true, kHop2}),
                         [](const auto& i) { return paramName(i.param); });

// Schedule-ROM networks: lint every collective's top (d = 1 is the one-port
// corner, d = 3 the general case) and synthesize two with their ROMs loaded.
class ScheduleRtl : public ::testing::TestWithParam<std::tuple<int, const char*>> {
 protected:
  std::string gen(int d, const std::string& c) {
    const std::string dir =
        "/tmp/hctest-sched-" + std::to_string(::getpid()) + "-" + std::to_string(d) + "-" + c;
    fs::remove_all(dir);
    const auto r =
        hctest::run(hctest::hypercast() + " generate --topology hypercube --dim " +
                    std::to_string(d) + " --collective " + c + " --payload-width 8 --out " + dir);
    EXPECT_EQ(r.code, 0) << r.err;
    return dir;
  }
};

TEST_P(ScheduleRtl, LintZeroWarnings) {
  const auto [d, c] = GetParam();
  const std::string dir = gen(d, c);
  const nlohmann::json manifest = hctest::parseJson(hctest::slurp(dir + "/manifest.json"));
  const std::string top = manifest.at("top").get<std::string>();
  std::string files;  // the manifest's list, in compile order
  for (const auto& f : manifest.at("verilog_files")) files += " " + f.get<std::string>();
  const auto r =
      hctest::run("cd " + dir + " && verilator --lint-only -Wall --top-module " + top + files);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
  if (d == 3 && std::string(c) != "broadcast") {
    // Run from the folder so that $readmemh finds rom/; no latch may survive.
    const auto s = hctest::run(
        "cd " + dir + " && yosys -q -p 'read_verilog" + files + "; synth -flatten -top " + top +
        "; select -assert-none t:$*latch* t:$_DLATCH*; " + "tee -o /dev/stdout stat' ");
    EXPECT_EQ(s.code, 0) << s.out << s.err;
    EXPECT_NE(s.out.find("Number of cells"), std::string::npos) << s.out;
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(
    Collectives, ScheduleRtl,
    ::testing::Values(std::make_tuple(1, "broadcast"), std::make_tuple(1, "total-exchange"),
                      std::make_tuple(3, "broadcast"), std::make_tuple(3, "multinode-broadcast"),
                      std::make_tuple(3, "scatter"), std::make_tuple(3, "total-exchange")),
    [](const auto& i) {
      std::string s = "d" + std::to_string(std::get<0>(i.param)) + "_" + std::get<1>(i.param);
      for (char& ch : s) {
        if (ch == '-') ch = '_';
      }
      return s;
    });

namespace {

// The folder `generate OPTIONS --out DIR/net` writes: its path, its top and the
// manifest's Verilog files (absolute paths, in compile order); top empty if
// generate failed.
struct Folder {
  std::string net, top, files;
};

Folder generateFolder(const std::string& options, const std::string& dir) {
  Folder f;
  const auto g =
      hctest::run(hctest::hypercast() + " generate " + options + " --out " + dir + "/net");
  EXPECT_EQ(g.code, 0) << g.err;
  if (g.code != 0) return f;
  f.net = dir + "/net";
  const nlohmann::json m = hctest::parseJson(hctest::slurp(f.net + "/manifest.json"));
  f.top = m.at("top").get<std::string>();
  for (const auto& v : m.at("verilog_files")) f.files += " " + f.net + "/" + v.get<std::string>();
  return f;
}

}  // namespace

// A schedule-ROM or mesh top read from outside its folder finds its ROM images
// through its ROM_DIR parameter: Icarus with the top instantiated with it, yosys
// with chparam. Without it, the default (rom, relative) finds nothing there.
class RomDir : public ::testing::TestWithParam<const char*> {};

TEST_P(RomDir, TopReadsItsImagesFromAnotherFolder) {
  const std::string dir = hctest::tempFolder("romdir-gen"), other = hctest::tempFolder("romdir");
  ASSERT_FALSE(dir.empty());
  ASSERT_FALSE(other.empty());
  const Folder folder = generateFolder(std::string(GetParam()) + " --payload-width 8", dir);
  ASSERT_FALSE(folder.top.empty());
  const std::string &net = folder.net, &top = folder.top, &files = folder.files;
  // Node 0's image, word 1 (word 0 may be all zero): what u_rom0 must hold.
  std::string image;
  for (const auto& e : fs::directory_iterator(net + "/rom")) {
    const std::string f = e.path().filename().string();
    if (f.size() > 7 && f.compare(f.size() - 7, 7, "_n0.hex") == 0) image = e.path().string();
  }
  ASSERT_FALSE(image.empty());
  std::istringstream lines(hctest::slurp(image));
  std::string word;
  std::getline(lines, word);
  std::getline(lines, word);
  ASSERT_FALSE(word.empty());
  auto icarus = [&](const std::string& params) {
    std::ofstream(other + "/tb.v") << "module tb;\n  " << top << " " << params
                                   << " dut ();\n  initial #1 $display(\"word1=%h\", "
                                      "dut.u_rom0.mem[1]);\nendmodule\n";
    const auto c = hctest::run("cd " + other + " && iverilog -g2005 -o tb.vvp tb.v" + files +
                               " && vvp -n tb.vvp");
    EXPECT_EQ(c.code, 0) << c.out << c.err;
    return c.out + c.err;
  };
  const std::string moved = icarus("#(.ROM_DIR(\"" + net + "/rom\"))");
  EXPECT_NE(moved.find("word1=" + word), std::string::npos) << moved << "want " << word;
  const std::string stayed = icarus("");
  EXPECT_EQ(stayed.find("word1=" + word), std::string::npos) << stayed;
  EXPECT_NE(stayed.find("word1=x"), std::string::npos) << stayed;
  const std::string read = "read_verilog" + files + "; ";
  const auto y =
      hctest::run("cd " + other + " && yosys -q -p '" + read + "chparam -set ROM_DIR \"" + net +
                  "/rom\" " + top + "; hierarchy -top " + top + "'");
  EXPECT_EQ(y.code, 0) << y.out << y.err;
  const auto n =
      hctest::run("cd " + other + " && yosys -q -p '" + read + "hierarchy -top " + top + "'");
  EXPECT_NE(n.code, 0);
  EXPECT_NE((n.out + n.err).find("Can not open file"), std::string::npos) << n.out << n.err;
  fs::remove_all(dir);
  fs::remove_all(other);
}

INSTANTIATE_TEST_SUITE_P(Tops, RomDir,
                         ::testing::Values("--topology hypercube --dim 3 --collective "
                                           "multinode-broadcast",
                                           "--topology mesh --dims 2,2 --collective broadcast"),
                         [](const auto& i) { return i.index == 0 ? "schedule" : "mesh"; });

// The schedule-ROM top's host read, one read per clock as a synchronous host
// makes them (a new node and slot after every edge, the word taken at the next
// edge): every preloaded slot of <name>_slots.csv, read in an order that
// changes the node at every read, returns the word loaded there (Icarus).
TEST(ScheduleTop, StreamedReadsReturnEachNodesSlot) {
  const std::string dir = hctest::tempFolder("rdstream");
  ASSERT_FALSE(dir.empty());
  const Folder folder = generateFolder(
      "--topology hypercube --dim 3 --collective multinode-broadcast --payload-width 16", dir);
  ASSERT_FALSE(folder.top.empty());
  const std::string &net = folder.net, &top = folder.top, &files = folder.files;
  const nlohmann::json m = hctest::parseJson(hctest::slurp(net + "/manifest.json"));
  // node,slot of every load row, sorted by slot then node: the node changes at every read
  std::vector<std::pair<int, int>> slots;
  std::istringstream csv(hctest::slurp(net + "/" + top.substr(0, top.size() - 4) + "_slots.csv"));
  std::string line;
  std::getline(csv, line);
  while (std::getline(csv, line)) {
    int node = 0, slot = 0;
    char comma = 0;
    std::istringstream row(line);
    row >> node >> comma >> slot;
    if (line.find(",load") != std::string::npos) slots.push_back({slot, node});
  }
  std::sort(slots.begin(), slots.end());
  ASSERT_GE(slots.size(), 8u);
  std::ostringstream tb;
  tb << "module tb;\n  reg clk = 0, rst_n = 0, ld_v = 0;\n  reg [2:0] ld_node = 0, rd_node = 0;\n"
     << "  reg [" << m.at("rom").at("slot_width").get<int>() - 1
     << ":0] ld_slot = 0, rd_slot = 0;\n  reg [15:0] ld_data = 0, cap, want;\n"
     << "  wire [15:0] rd_data;\n  integer errors = 0, reads = 0;\n  " << top
     << " dut (.clk_i(clk), .rst_ni(rst_n), .start_i(1'b0), .busy_o(), .done_o(), .err_o(),\n"
     << "    .ld_valid_i(ld_v), .ld_node_i(ld_node), .ld_slot_i(ld_slot), .ld_data_i(ld_data),\n"
     << "    .rd_node_i(rd_node), .rd_slot_i(rd_slot), .rd_data_o(rd_data), .mon_valid_o(),\n"
     << "    .mon_data_o());\n  always #5 clk = ~clk;\n  initial begin\n"
     << "    repeat (2) @(posedge clk);\n    #1 rst_n = 1;\n";
  for (const auto& [slot, node] : slots)
    tb << "    ld_v = 1; ld_node = " << node << "; ld_slot = " << slot << "; ld_data = 16'h"
       << std::hex << (node << 8 | slot) << std::dec << "; @(posedge clk); #1;\n";
  tb << "    ld_v = 0; @(posedge clk); #1;\n";
  for (size_t i = 0; i <= slots.size(); ++i) {
    if (i < slots.size())
      tb << "    rd_node = " << slots[i].second << "; rd_slot = " << slots[i].first << ";\n";
    tb << "    @(posedge clk); cap = rd_data; #1;\n";
    if (i > 0) {
      tb << "    want = 16'h" << std::hex << (slots[i - 1].second << 8 | slots[i - 1].first)
         << std::dec << "; reads = reads + 1;\n"
         << "    if (cap !== want) begin errors = errors + 1; $display(\"read %0d: %h, want %h\", "
         << "reads, cap, want); end\n";
    }
  }
  tb << "    $display(\"checked %0d %0d\", reads, errors);\n    $finish;\n  end\nendmodule\n";
  std::ofstream(dir + "/tb.v") << tb.str();
  const auto c = hctest::run("cd " + dir + " && iverilog -g2005 -o tb.vvp tb.v" + files +
                             " && cd net && vvp -n ../tb.vvp");
  EXPECT_EQ(c.code, 0) << c.out << c.err;
  EXPECT_NE(c.out.find("checked " + std::to_string(slots.size()) + " 0"), std::string::npos)
      << c.out << c.err;
  fs::remove_all(dir);
}

// The wormhole mesh: the generated top of a 2-D and a 3-D mesh
// lints clean, and so does the router on its own in 2, 3 and 4 dimensions;
// the 3-D tile synthesizes with no latch.
class WormholeMeshRtl : public ::testing::TestWithParam<const char*> {};

TEST_P(WormholeMeshRtl, LintZeroWarnings) {
  const std::string dims = GetParam();
  std::string tag = dims;
  for (char& ch : tag) {
    if (ch == ',') ch = 'x';
  }
  const std::string dir = "/tmp/hctest-wh-" + std::to_string(::getpid()) + "-" + tag;
  fs::remove_all(dir);
  const auto g = hctest::run(hctest::hypercast() + " generate --topology mesh --dims " + dims +
                             " --collective broadcast --flits 2 --payload-width 8 --out " + dir);
  ASSERT_EQ(g.code, 0) << g.err;
  const nlohmann::json m = hctest::parseJson(hctest::slurp(dir + "/manifest.json"));
  const std::string top = m.at("top").get<std::string>();
  std::string files;
  for (const auto& f : m.at("verilog_files")) files += " " + f.get<std::string>();
  const auto r =
      hctest::run("cd " + dir + " && verilator --lint-only -Wall --top-module " + top + files);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "");
  if (dims == "2,2,2") {
    // The tile (router and node) with this mesh's parameters, 3-D: no latch.
    // (Synthesizing the whole top flattens every tile: about 50 s of CPU.)
    const auto s = hctest::run(
        "cd " + dir + " && yosys -q -p 'read_verilog hw/hc_fifo.v hw/hc_mesh_router.v " +
        "hw/hc_mesh_node.v hw/hc_mesh_tile.v; chparam -set PW 8 -set DIMS 3 -set CW 1 " +
        "-set SW 2 hc_mesh_tile; synth -flatten -top hc_mesh_tile; " +
        "select -assert-none t:$*latch* t:$_DLATCH*; tee -o /dev/stdout stat' ");
    EXPECT_EQ(s.code, 0) << s.out << s.err;
    EXPECT_NE(s.out.find("Number of cells"), std::string::npos) << s.out;
  }
  for (int d = 2; d <= 4 && dims == "4,4"; ++d) {
    const auto rr = hctest::run("cd " + dir + " && verilator --lint-only -Wall " +
                                "--top-module hc_mesh_router -GDIMS=" + std::to_string(d) +
                                " hw/hc_fifo.v hw/hc_mesh_router.v");
    EXPECT_EQ(rr.code, 0) << d << ": " << rr.err;
    EXPECT_EQ(rr.err, "");
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(Meshes, WormholeMeshRtl, ::testing::Values("4,4", "2,2,2"),
                         [](const auto& i) {
                           std::string s = i.param;
                           for (char& ch : s) {
                             if (ch == ',') ch = 'x';
                           }
                           return "m" + s;
                         });

// A generated folder's file list lints clean as it stands: `verilator
// --lint-only -Wall -f <name>.f` from the folder, no --top-module, so the list
// must name exactly one root (the top) and every file it reads, in order.
class FileListLint : public ::testing::TestWithParam<const char*> {};

TEST_P(FileListLint, WallWithoutTopModule) {
  const std::string dir = hctest::tempFolder("flist");
  ASSERT_FALSE(dir.empty());
  const std::string out = dir + "/g";
  const auto g = hctest::run(hctest::hypercast() + " generate " + GetParam() + " --out " + out);
  ASSERT_EQ(g.code, 0) << g.err;
  std::string flist;
  for (const auto& e : fs::directory_iterator(out))
    if (e.path().extension() == ".f") flist = e.path().filename().string();
  ASSERT_FALSE(flist.empty());
  // As simulation reads it, and as synthesis does (SYNTHESIS: no checks).
  for (const char* define : {"", " -DSYNTHESIS"}) {
    const auto r =
        hctest::run("cd " + out + " && verilator --lint-only -Wall" + define + " -f " + flist);
    EXPECT_EQ(r.code, 0) << GetParam() << define << ": " << r.err;
    EXPECT_EQ(r.out + r.err, "") << GetParam() << define;
  }
  // Compile order (docs/file-formats.md "SDC constraints and file list"): no
  // file instantiates a module that a later file defines.
  const std::vector<std::string> list = hctest::lines(hctest::slurp(out + "/" + flist));
  std::vector<std::string> code;  // each file without its // comments
  for (const std::string& f : list) {
    code.push_back(std::regex_replace(hctest::slurp(out + "/" + f), std::regex("//[^\n]*"), ""));
  }
  const std::regex module_decl("\\bmodule\\s+(\\w+)");
  for (size_t j = 0; j < list.size(); ++j) {
    for (std::sregex_iterator m(code[j].begin(), code[j].end(), module_decl), e; m != e; ++m) {
      const std::regex inst("\\b" + (*m)[1].str() + "\\s*(#\\s*\\(|\\w+\\s*\\()");
      for (size_t i = 0; i < j; ++i) {
        EXPECT_FALSE(std::regex_search(code[i], inst))
            << GetParam() << ": " << list[i] << " instantiates " << (*m)[1] << " of " << list[j];
      }
    }
  }
  fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(
    Folders, FileListLint,
    ::testing::Values(
        // --shared-rom: one ROM, the other nodes' addresses unread.
        "--topology hypercube --dim 2 --collective multinode-broadcast --shared-rom",
        "--topology torus --n 2 --k 3 --collective multinode-broadcast --shared-rom",
        "--topology hypercycle --m 4 --rho 1 --collective multinode-broadcast --shared-rom",
        // The programmable router's folder: hc_weight_unit is not part of it.
        "--m 4 --rho 1 --router programmable",
        // AXI4-Stream endpoints: the axis top is the one root.
        "--m 4 --rho 1 --endpoints axis",
        // Two-cycle hop, a global sum, a wormhole mesh: their check-only signals.
        "--m 4 --rho 1 --hop-cycles 2", "--topology hypercube --dim 2 --collective global-sum",
        "--topology mesh --dims 4,4 --collective broadcast",
        // A scatter's banks shallower than the address: bits only the range checks read.
        "--topology hypercube --dim 3 --collective scatter"),
    [](const auto& i) { return "c" + std::to_string(i.index); });

// Networks generated with different --name compile into one design: the
// hardwired and the programmable router network of one hypercycle, a
// schedule-ROM network and a wormhole mesh, hw/ read once (every folder's copy
// is the repository's), one module instantiating every folder's toplevel. Icarus
// elaborates it and yosys `hierarchy -check` finds every module. Without
// --name the two router networks define the same modules twice.
TEST(GenerateName, TwoNetworksInOneDesign) {
  const std::string dir = hctest::tempFolder("two-nets");
  ASSERT_FALSE(dir.empty());
  struct Net {
    const char* options;
    const char* name;  // "" for the network's own
  };
  // Generates each network; returns the file list (hw/ once, first) and the
  // wrapper's instances.
  auto design = [&](const std::vector<Net>& nets, const std::string& tag, std::string* files,
                    std::string* body, std::string* chparam) {
    std::vector<std::string> hw, rtl;  // hw/ once: each file from the first folder listing it
    std::map<std::string, std::string> hw_path;
    for (size_t i = 0; i < nets.size(); ++i) {
      const std::string out = dir + "/" + tag + std::to_string(i);
      const auto g = hctest::run(hctest::hypercast() + " generate " + nets[i].options +
                                 (*nets[i].name ? std::string(" --name ") + nets[i].name : "") +
                                 " --out " + out);
      ASSERT_EQ(g.code, 0) << nets[i].options << g.err;
      const nlohmann::json m = hctest::parseJson(hctest::slurp(out + "/manifest.json"));
      for (const auto& item : m.at("verilog_files")) {
        const std::string f = item.get<std::string>();
        if (f.rfind("hw/", 0) != 0) {
          rtl.push_back(out + "/" + f);
        } else if (hw_path.count(f)) {
          EXPECT_EQ(hctest::slurp(out + "/" + f), hctest::slurp(hw_path.at(f))) << f;
        } else {
          hw_path[f] = out + "/" + f;
          hw.push_back(out + "/" + f);
        }
      }
      const std::string toplevel = m.at("toplevel").get<std::string>();
      const bool rom = fs::exists(out + "/rom");
      *body += "  " + toplevel + (rom ? " #(.ROM_DIR(\"" + out + "/rom\"))" : std::string()) +
               " u" + std::to_string(i) + " ();\n";
      if (rom) *chparam += "chparam -set ROM_DIR \"" + out + "/rom\" " + toplevel + "; ";
    }
    for (const auto& f : hw) *files += " " + f;
    for (const auto& f : rtl) *files += " " + f;
  };
  const std::vector<Net> named = {
      {"--m 4,3 --rho 1,1", "ring_hw"},
      {"--m 4,3 --rho 1,1 --router programmable --max-dims 2 --max-radix 8 --max-degree 8",
       "ring_prog"},
      {"--topology hypercube --dim 2 --collective multinode-broadcast", "cube_mnb"},
      {"--topology mesh --dims 2,2 --collective broadcast", "mesh_a"}};
  std::string files, body, chparam;
  design(named, "n", &files, &body, &chparam);
  std::ofstream(dir + "/both.v") << "module both;\n" << body << "endmodule\n";
  const auto icarus =
      hctest::run("cd " + dir + " && iverilog -g2005 -s both -o both.vvp both.v" + files);
  EXPECT_EQ(icarus.code, 0) << icarus.err;
  const auto yosys = hctest::run("cd " + dir + " && yosys -q -p 'read_verilog both.v" + files +
                                 "; " + chparam + "hierarchy -check -top both'");
  EXPECT_EQ(yosys.code, 0) << yosys.out << yosys.err;
  // The same two router networks under their own names: one name, two modules.
  std::string same_files, same_body, same_chparam;
  design(
      {{"--m 4,3 --rho 1,1", ""},
       {"--m 4,3 --rho 1,1 --router programmable --max-dims 2 --max-radix 8 --max-degree 8", ""}},
      "d", &same_files, &same_body, &same_chparam);
  const auto clash = hctest::run("cd " + dir + " && iverilog -g2005 -o same.vvp" + same_files);
  EXPECT_NE(clash.code, 0);
  EXPECT_NE(clash.err.find("'hc_m4x3_r1x1_router' has already been declared"), std::string::npos)
      << clash.err;
  fs::remove_all(dir);
}

// The hand-written RTL's dialect: every hw/*.v is Verilog-2005 with the
// assertion vocabulary (hw/include): Verilator -Wall lints it clean, Icarus
// reads it with -g2005, yosys with read_verilog and with read_verilog -formal
// (.sv files, none today, would take -g2012 and -sv). Each module is the top,
// its submodules found in hw/ (-y).
// The registers only a check reads (hc_axis_endpoint's hold-rule copies,
// hc_sum_node's done_seen_q) are inside `ifndef SYNTHESIS with their checks:
// a synthesis read (yosys defines SYNTHESIS) has no such wire even before
// any optimisation, so an ASIC lint sees no flip-flop without a load.
TEST(HwDialect, SynthesisReadsNoCheckOnlyRegisters) {
  const std::string hw = std::string(HC_SOURCE_DIR) + "/hw";
  struct Case {
    const char *top, *files, *wires;
  };
  for (const Case& c : {Case{"hc_axis_endpoint", "hc_axis_endpoint.v hc_ram_fifo.v hc_rr_arbiter.v",
                             "w:m_wait w:s_wait w:m_data w:s_data w:m_user"},
                        Case{"hc_sum_node", "hc_sum_node.v", "w:done_seen_q"}}) {
    std::string files;
    std::istringstream in(c.files);
    for (std::string f; in >> f;) files += " " + hw + "/" + f;
    const auto y =
        hctest::run(std::string("yosys -q -p 'read_verilog -I") + hw + "/include" + files +
                    "; hierarchy -top " + c.top + "; proc; select -assert-none " + c.wires + "'");
    EXPECT_EQ(y.code, 0) << c.top << ": " << y.out << y.err;
  }
}

TEST(HwDialect, EveryFileReadsInVerilatorIcarusAndYosys) {
  const std::string hw = std::string(HC_SOURCE_DIR) + "/hw";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(hw))
    if (e.path().extension() == ".v" || e.path().extension() == ".sv") files.push_back(e.path());
  ASSERT_GE(files.size(), 17u);
  std::string all;
  // Icarus's -o file is a vvp script it makes executable: never /dev/null,
  // which a root run would leave mode 755 (breaking every non-root writer).
  const std::string scratch = hctest::tempFolder("dialect");
  ASSERT_FALSE(scratch.empty());
  for (const fs::path& f : files) {
    const bool sv = f.extension() == ".sv";
    const std::string m = f.stem().string(), file = f.string();
    // As simulation reads it, and as synthesis does (SYNTHESIS: no checks, and
    // what only they read is sunk, not left unused).
    for (const char* define : {"", " -DSYNTHESIS"}) {
      const auto v = hctest::run("verilator --lint-only -Wall" + std::string(define) + " -I" + hw +
                                 "/include -y " + hw + " --top-module " + m + " " + file);
      EXPECT_EQ(v.code, 0) << m << define << ": " << v.err;
      EXPECT_EQ(v.out + v.err, "") << m << define;
    }
    const auto i =
        hctest::run(std::string("iverilog ") + (sv ? "-g2012" : "-g2005") + " -I" + hw +
                    "/include -y" + hw + " -s " + m + " -o " + scratch + "/" + m + ".vvp " + file);
    EXPECT_EQ(i.code, 0) << m << ": " << i.out << i.err;
    EXPECT_EQ(i.out + i.err, "") << m;
    all += std::string(" ") + (sv ? "-sv " : "") + file;
  }
  // one yosys for all (the read_verilog options apply per file list)
  std::string script;
  for (const char* mode : {"", "-formal "}) {
    for (const fs::path& f : files)
      script += std::string("read_verilog ") + mode + (f.extension() == ".sv" ? "-sv " : "") +
                "-I" + hw + "/include " + f.string() + "; ";
    script += "design -reset; ";
  }
  fs::remove_all(scratch);
  const auto y = hctest::run("yosys -q -p '" + script + "'");
  EXPECT_EQ(y.code, 0) << y.out << y.err;
  EXPECT_EQ(y.out + y.err, "");
}
