// hc-mutate (`make mutate`, docs/developer.md "Mutation testing"): per module
// of hw/ in the table below, N mutants from yosys's `mutate -list N -seed S`,
// each run against the tests that instantiate the module at the mutated
// parameter set (HYPERCAST_HW_OVERRIDE, tools/mutation.h). First a control
// run with the unmutated netlist: a test that fails it is left out (named).
// Then the poison run: the module with every output inverted at the row's
// parameters (tools::writePoison), which some test must kill; if none does,
// the row's parameters reach no instance its tests build, and the row is
// refused (its table row says so, its mutants are not run, and hc-mutate
// exits 1 after the other rows). A mutant is killed when a test exits
// non-zero (or runs past its time limit); a survivor is checked for
// equivalence (tools::mutantEquivalent). Prints one table row per module
// (with the wall time of its control and poison runs and of its mutants), and
// every survivor's mutation.
//
//   hc-mutate [--n N] [--seed S] [--module M]... [--mutant K]... [--param P=V]... [--work DIR]
//             [--equiv 0|1]
//
// --mutant K runs only mutant K (from 0) of each module's list. --param P=V
// mutates the rows that have a parameter P at P = V instead.
// --equiv 0 leaves the survivors unchecked (listed "not checked").
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tools/launcher.h"
#include "tools/mutation.h"
#include "util/error.h"
#include "util/parse_number.h"

namespace {

using hypercast::tools::MutationTarget;
namespace fs = std::filesystem;

struct Test {
  std::string name;               // in the table
  std::vector<std::string> argv;  // argv[0]: an executable of build/bin
};

struct Target {
  MutationTarget target;
  std::vector<Test> tests;
};

Test gtest(const std::string& exe, const std::string& filter) {
  return Test{exe + " " + filter, {exe, "--gtest_filter=" + filter}};
}

// `hypercast simulate ARGS --quiet`, named NAME in the table.
Test simulate(const std::string& name, std::vector<std::string> args) {
  args.insert(args.begin(), {"hypercast", "simulate"});
  args.push_back("--quiet");
  return Test{"simulate " + name, args};
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> v;
  std::istringstream in(text);
  for (std::string w; in >> w;) v.push_back(w);
  return v;
}

// The modules, the parameters they are mutated at, and the
// tests that instantiate them at those parameters (docs/developer.md
// "Mutation testing" says why these). A test that runs a Verilated model
// builds it anew for every mutant (about 10 s for a router, 60 s for the
// AXI4-Stream top), once for all of that mutant's tests.
std::vector<Target> targets() {
  using Params = std::vector<std::pair<std::string, std::string>>;
  const auto with = [](Params a, const Params& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
  };
  const auto units = [](const std::string& filter) { return gtest("test_hw_units", filter); };
  const auto proof = [](const std::string& name) {
    return Test{"proof " + name,
                {"test_formal", "--gtest_filter=Formal/Proof.HoldsByInduction/" + name}};
  };
  // the 2x2 wormhole mesh (DIMS = 2, CW = 1; the tiles' model, and the whole
  // top): the broadcast in lock step with the SystemC model, every input's
  // front with both payload polarities, the whole top against the wired tiles
  const std::vector<Test> mesh = {
      simulate("2x2 mesh cosim", words("--topology mesh --dims 2,2 --collective broadcast "
                                       "--source 0,0 --algorithm paper --flits 2 --engine cosim "
                                       "--rtl-model wired")),
      gtest("test_mesh_hw", "MeshHw.EveryLinkInputCarriesBothPayloadPolarities"),
      gtest("test_mesh_hw", "MeshHw.WholeTopAndWiredTilesRunIdentically")};
  // and the tiles' link-use counters through every bit (MeshTile: two tiles,
  // their nodes idle, 66,000 numbered worms each, with credit stalls; about
  // 30 s under Icarus on a shared machine)
  const auto with_tile = [&units](std::vector<Test> v) {
    v.insert(v.begin() + 1, units("MeshTile.*"));
    return v;
  };
  // and a router's inputs under back-pressure (MeshRouter: every input's FIFO
  // fills, wraps and drains, every payload bit both ways; under a second)
  const auto with_units = [&units](std::vector<Test> v, const std::string& filter) {
    v.insert(v.begin() + 1, units(filter));
    return v;
  };
  const Params mesh_common = {{"DIMS", "2"}, {"CW", "1"}, {"PW", "32"}, {"DEPTH", "4"}};
  const Params mesh_router = with(mesh_common, {{"HCW", "16"}});
  const Params mesh_links = {{"LW", "8"}, {"SW", "1"}};
  const Params mesh_tile = with(mesh_router, mesh_links);
  // G^{1,1}_{4,4}'s hardwired router (the golden top of tests/golden/router):
  // every node's broadcast at once, and a load run, in lock step with the model
  const auto router44 = [](const std::string& extra) {
    return std::vector<Test>{
        simulate("4x4 all sources" + (extra.empty() ? "" : " " + extra),
                 words("--m 4,4 --rho 1,1 --all-sources --engine cosim " + extra)),
        simulate("4x4 load" + (extra.empty() ? "" : " " + extra),
                 words("--m 4,4 --rho 1,1 --traffic uniform --rate 0.3 --cycles 2000 "
                       "--engine cosim --watchdog 2000 " +
                       extra))};
  };
  // and first the hand-worked Icarus benches at these parameters: the router
  // at HOP cycles per hop, one flit on each input VC with every weight count
  // against Algorithm 1's cases; for the core (HOP = 1) also its epoch flag on
  // every input VC, both read pointers, the head epoch's flit first or second
  // in the VC
  const auto with_benches = [&units](int hop, std::vector<Test> v) {
    v.insert(v.begin(), units("Hops/RouterWeights.*/Hop" + std::to_string(hop)));
    if (hop == 1) v.insert(v.begin(), units("RouterCore.EpochFlagSeesEveryHeldFlit"));
    return v;
  };
  // G^{1,1}_{4,4}'s router: the core's parameters, and the router's at HOP
  // cycles per hop (rtl/hc_m4x4_r1x1_router.v)
  const Params router_common = {{"NP", "4"},   {"AW", "4"},    {"PW", "32"},   {"WDW", "2"},
                                {"WCW", "2"},  {"PIW", "2"},   {"DEPTH", "2"}, {"NDIM", "2"},
                                {"FAIR", "0"}, {"EPOCH", "1"}, {"QUOTA", "4"}};
  const Params tables = {{"REQ_OK", "36'b100000000100110000101110000101110011"},
                         {"GROUP_OUT", "4'b0001"}};
  const Params core44 = with(with(router_common, {{"HOP", "1"}, {"VC1_PORTS", "4'b0101"}}), tables);
  const auto router_params = [&](int hop) {
    return with(with(router_common, {{"HOP", std::to_string(hop)},
                                     {"PORT_DIM", "8'b10100101"},
                                     {"ORIG_WC", "8'b01100110"},
                                     {"FWD_PORT", "8'b11100100"},
                                     {"TWO_VC", "4'b0101"}}),
                tables);
  };
  // the programmable router's configuration at the prototype's limits (the
  // modules' defaults: 4 dimensions, radix 15, degree 16): its hand-worked
  // tables for every one-dimensional network and the prototype networks, and
  // the weight unit's answers (tests/test_programmable.cpp, test_weight_unit.cpp)
  const Params dims = {{"MAX_DIM", "4"}, {"MAX_M", "15"}, {"MW", "4"}, {"CDW", "4"}};
  const Params cfg =
      with(dims, {{"NP", "16"}, {"AW", "16"}, {"WDW", "3"}, {"WCW", "4"}, {"PIW", "4"}});
  const Params weight_unit = with(dims, {{"NP", "16"}, {"WDW", "3"}, {"WCW", "4"}, {"PIW", "4"}});
  const std::vector<hypercast::tools::MutationContext> prototype = {
      {"hc_router_cfg", cfg}, {"hc_weight_unit", weight_unit}};
  const Test cfg_tables =
      gtest("test_programmable", "ProgrammableRouter.ConfigurationUnitComputesTheHardwiredTables");
  const Test weights =
      gtest("test_weight_unit", "WeightUnit.AnswersAsAlgorithmOneAndDrivesOptimalBroadcasts");
  const std::string prog68 =
      "--m 6,4 --rho 3,2 --router programmable --max-dims 2 --max-radix 8 --max-degree 8 "
      "--engine cosim ";
  // the 3-cube's total exchange (the golden network of tests/golden/schedule):
  // the whole top, with its ROMs, run three times over in lock step with the
  // model. (The nodes' model, --rtl-model wired, Verilates hc_sched_node with
  // every SMASK and WMASK bit set: another parameter set.) Node 0's parameters
  // also run SchedNode.IdleSendFieldsLeaveTheirPortsIdle: a hand-written ROM
  // whose idle fields are not zero, which the compiler's never are.
  const std::string te3 =
      "--topology hypercube --dim 3 --collective total-exchange --engine cosim ";
  const Test te3_top =
      simulate("3-cube total exchange, top x3", words(te3 + "--rtl-model network --repeat 3"));
  const std::string axis = "--m 3,3 --rho 1,1 --endpoints axis --engine cosim ";
  return {
      {{"hc_fifo", {{"W", "12"}, {"DEPTH", "2"}}}, {units("Depths/Fifo.*/Depth2")}},
      // the arbiters as the router's outputs use them (SPLIT 1: needs by
      // downstream VC and the two availabilities), and as --arbitration fair
      // and the AXI4-Stream endpoint do (SPLIT 0: the requests)
      {{"hc_rr_arbiter", {{"N", "5"}, {"LIVE", "31"}, {"PAIR_MAX", "5"}, {"SPLIT", "1"}}},
       {units("Sizes/RrArbiter.*/N5_live31")}},
      {{"hc_rr_arbiter", {{"N", "5"}, {"LIVE", "31"}, {"PAIR_MAX", "5"}, {"SPLIT", "0"}}},
       {units("Sizes/RrArbiter.*/N5_live31")}},
      {{"hc_group_arbiter", {{"N", "9"}, {"LIVE", "511"}, {"SPLIT", "1"}}},
       {units("Sizes/GroupArbiter.*/N9_live511")}},
      {{"hc_group_arbiter", {{"N", "9"}, {"LIVE", "511"}, {"SPLIT", "0"}}},
       {units("Sizes/GroupArbiter.*/N9_live511")}},
      {{"hc_sched_bank", {{"DW", "8"}, {"DEPTH", "3"}, {"AW", "2"}}}, {units("SchedBank.*")}},
      {{"hc_acc_node",
        {{"NP", "2"},
         {"W", "4"},
         {"ENTRIES", "2"},
         {"AW", "1"},
         {"STEPS", "3"},
         {"TW", "2"},
         {"ROM", "24'b100000000000001000101100"},
         {"HD", "1"}}},
       {units("AccNode.*"), proof("acc_node_err")}},
      {{"hc_sum_node",
        {{"NP", "2"},
         {"XW", "2"},
         {"W", "6"},
         {"SW", "3"},
         {"CW", "3"},
         {"STEPS", "2"},
         {"TW", "1"},
         {"CONSTS", "6'b111010"},
         {"SELS", "2'b10"},
         {"SHIFT", "1"},
         {"ODD", "3"},
         {"INV", "43"},
         {"HD", "0"}}},
       {proof("sum_node_err")}},
      {{"hc_ram_fifo", {{"W", "8"}, {"DEPTH", "4"}, {"RAM", "1"}}},
       {gtest("test_hw_errors", "HwErrors.RamFifoSequence")}},
      // the routers of the 2x2 mesh, their input FIFOs flattened in
      {{"hc_mesh_router", mesh_router}, with_units(with_tile(mesh), "MeshRouter.*")},
      {{"hc_mesh_node", with(mesh_common, mesh_links)}, mesh},
      // the head epoch of admission by epochs (the default arbitration) in the
      // 4x4 network's generated top, above saturation so that quotas bind and
      // the head epoch moves every few cycles
      {{"hc_epoch_head", {{"N", "16"}}},
       {simulate("4x4 load above saturation",
                 words("--m 4,4 --rho 1,1 --rtl-model network --traffic uniform --rate 0.5 "
                       "--cycles 2000 --engine cosim --watchdog 2000"))}},
      // the tile's own cells: the link-use counters' sum
      {{"hc_mesh_tile", mesh_tile, true}, with_tile(mesh)},
      // the core's own cells (its FIFOs and arbiters have rows of their own); a
      // survivor is checked in the router that holds it, with its tables
      {{"hc_router_core", core44, true, "", {{"hc_router", router_params(1)}}},
       with_benches(1, router44(""))},
      // no cells of its own (its tables are parameters of the core): the whole
      // router, core, FIFOs and arbiters, with the tables folded in, at the
      // two-cycle hop
      {{"hc_router", router_params(2)}, with_benches(2, router44("--hop-cycles 2"))},
      // its own cells: the injection held off until configured
      {{"hc_router_prog",
        {{"NP", "8"},
         {"MAX_DIM", "2"},
         {"MAX_M", "8"},
         {"MW", "4"},
         {"CDW", "4"},
         {"AW", "6"},
         {"PW", "32"},
         {"WDW", "2"},
         {"WCW", "3"},
         {"PIW", "3"},
         {"DEPTH", "2"},
         {"FAIR", "0"},
         {"EPOCH", "1"},
         {"QUOTA", "4"}},
        true},
       {simulate("6x4 programmable, all sources", words(prog68 + "--all-sources")),
        simulate("6x4 programmable, load",
                 words(prog68 + "--preference ccw --traffic uniform --rate 0.5 --cycles 3000"))}},
      {{"hc_router_cfg", cfg, true}, {cfg_tables}},
      // its outputs are read by the two modules above it only once done_o
      // is high: a survivor is checked in both
      {{"hc_cfg_dims", dims, false, "", prototype},
       {gtest("test_hw_errors", "HwErrors.CfgDimsOutputsByHand"), cfg_tables, weights}},
      {{"hc_port_sweep", {{"MAX_DIM", "4"}, {"MW", "4"}, {"PCW", "5"}}, false, "", prototype},
       {cfg_tables, weights}},
      {{"hc_weight_unit", weight_unit, true}, {weights}},
      {{"hc_sched_node",
        {{"NP", "3"},
         {"PW", "32"},
         {"NB", "3"},
         {"BW", "2"},
         {"DEPTH", "4"},
         {"AW", "2"},
         {"PSW", "2"},
         {"IW", "2"},
         {"ROWS", "5"},
         {"RAW", "3"},
         {"HD", "0"},
         {"SMASK", "27'h0044d12"},
         {"WMASK", "9'h111"}},
        true},
       {units("SchedNode.IdleSendFieldsLeaveTheirPortsIdle"), te3_top}},
      // node 0's ROM (its image read where the golden top's is)
      {{"hc_sched_rom",
        {{"WW", "39"}, {"ROWS", "6"}, {"RAW", "3"}, {"ROM_FILE", "\"rom/cube3_te_n0.hex\""}},
        false,
        "tests/golden/schedule"},
       {te3_top}},
      // the endpoint's own cells (its queues are hc_ram_fifo, its lane
      // arbiter hc_rr_arbiter): the credit rule's hand-worked bench on every
      // lane and VC, and G^{1,1}_{3,3}'s AXI4-Stream top
      {{"hc_axis_endpoint",
        {{"NP", "4"}, {"AW", "4"}, {"PW", "32"}, {"FW", "40"}, {"DEPTH", "2"}, {"QRAM", "0"}},
        true},
       {gtest("test_hw_errors", "HwErrors.AxisEndpointCreditRuleOnEveryLaneAndVc"),
        simulate("3x3 AXI4-Stream, stalls",
                 words(axis + "--random 24 --window 30 --seed 3 --tready random:50,stall:4:5:400")),
        simulate("3x3 AXI4-Stream, load",
                 words(axis + "--traffic uniform --rate 0.3 --cycles 400 --seed 5 --tready "
                              "random:10"))}},
  };
}

// Runs the test with the override; true if it passes. Verilated models go to
// a cache of the run's own (`cache`, removed by the caller), built as ctest
// builds them (HYPERCAST_MODEL_OPT=1).
bool passes(const Test& t, const std::string& bin, const std::string& module,
            const std::string& file, const std::string& log, const std::string& cache) {
  std::vector<std::string> argv = {"timeout", "600", bin + "/" + t.argv[0]};
  argv.insert(argv.end(), t.argv.begin() + 1, t.argv.end());
  hypercast::tools::RunOptions o;
  o.log = log;
  o.env["HYPERCAST_HW_OVERRIDE"] = module + "=" + file;
  o.env["HC_FORMAL_ALL"] = "1";
  o.env["HYPERCAST_CACHE"] = cache;
  o.env["HYPERCAST_MODEL_OPT"] = "1";
  return hypercast::tools::runProcess(argv, o).ok();
}

}  // namespace

int main(int argc, char** argv) {
  try {
    int n = 8, seed = 1;
    bool check_equiv = true;
    std::vector<std::string> only;
    std::vector<size_t> picked;  // --mutant: these indices of each list only
    std::vector<std::pair<std::string, std::string>> param_values;  // --param
    std::string work = (fs::temp_directory_path() / "hc-mutate").string();
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "-h" || a == "--help") {
        std::cout << "hc-mutate: mutation testing of hw/ (docs/developer.md, Mutation testing)\n"
                     "usage: hc-mutate [--n N] [--seed S] [--module M]... [--mutant K]... "
                     "[--param P=V]... [--work DIR] [--equiv 0|1]\n"
                     "  --n N        mutants per module (default 8)\n"
                     "  --seed S     yosys mutate's seed (default 1)\n"
                     "  --module M   only this module of hw/ (repeatable; default all)\n"
                     "  --mutant K   only mutant K (from 0) of each module's list (repeatable)\n"
                     "  --param P=V  a row's parameter P at V instead (repeatable; the row is\n"
                     "               refused if no test then kills its poison)\n"
                     "  --work DIR   work folder (default the system's temp folder/hc-mutate)\n"
                     "  --equiv 0|1  check survivors for equivalence (default 1)\n";
        return 0;
      }
      if (i + 1 >= argc) throw hypercast::Error("hc-mutate: " + a + " needs a value");
      const std::string v = argv[++i];
      if (a == "--n") {
        n = static_cast<int>(hypercast::parseIndex("--n", v, 1000));
      } else if (a == "--seed") {
        seed = static_cast<int>(hypercast::parseIndex("--seed", v, 1000000));
      } else if (a == "--module") {
        only.push_back(v);
      } else if (a == "--work") {
        work = v;
      } else if (a == "--mutant") {
        picked.push_back(static_cast<size_t>(hypercast::parseIndex("--mutant", v, 1000)));
      } else if (a == "--param") {
        const size_t eq = v.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
          throw hypercast::Error("hc-mutate: --param needs NAME=VALUE, not '" + v + "'");
        param_values.emplace_back(v.substr(0, eq), v.substr(eq + 1));
      } else if (a == "--equiv") {
        check_equiv = hypercast::parseIndex("--equiv", v, 2) == 1;
      } else {
        throw hypercast::Error("hc-mutate: unknown option " + a);
      }
    }
    const std::string root = HC_SOURCE_DIR;
    const std::string bin = fs::canonical("/proc/self/exe").parent_path().string();
    std::cout << "| module | parameters | mutants | killed | survived | equivalent | "
                 "killed by | control and poison, mutants |\n|---|---|---|---|---|---|---|---|\n";
    std::vector<Target> rows;
    for (const Target& tg : targets())
      if (only.empty() || std::find(only.begin(), only.end(), tg.target.module) != only.end())
        rows.push_back(tg);
    for (const auto& [name, value] : param_values) {
      bool found = false;
      for (Target& tg : rows)
        for (auto& [k, v] : tg.target.params)
          if (k == name) {
            v = value;
            found = true;
          }
      if (!found)
        throw hypercast::Error("hc-mutate: --param " + name + ": no row has parameter " + name);
    }
    std::vector<std::string> notes;
    bool refused = false;
    std::map<std::string, int> module_rows;  // a module's second row works in <module>-2
    for (const Target& tg : rows) {
      const MutationTarget& t = tg.target;
      std::string params;
      for (const auto& [k, v] : t.params) params += (params.empty() ? "" : ", ") + k + "=" + v;
      const auto seconds = [](auto a, auto b) {
        return std::to_string(std::lround(std::chrono::duration<double>(b - a).count()));
      };
      const int nth = module_rows[t.module]++;
      const std::string dir =
          work + "/" + t.module + (nth > 0 ? "-" + std::to_string(nth + 1) : "");
      fs::create_directories(dir);
      // the control: the unmutated netlist behind the same shim
      const std::string control = dir + "/control.v";
      hypercast::tools::writeMutant(t, root, dir + "/control", "", control);
      const auto t0 = std::chrono::steady_clock::now();
      std::vector<Test> tests;
      for (size_t i = 0; i < tg.tests.size(); ++i) {
        const Test& test = tg.tests[i];
        const std::string log = dir + "/control-" + std::to_string(i) + ".log";
        const bool ok = passes(test, bin, t.module, control, log, dir + "/control-cache");
        // a gtest filter that matches no test passes and checks nothing
        const bool none =
            test.argv.size() > 1 && test.argv[1].rfind("--gtest_filter=", 0) == 0 &&
            hypercast::tools::readFile(log).find("[  PASSED  ] 0 tests") != std::string::npos;
        if (ok && !none) {
          tests.push_back(test);
        } else {
          notes.push_back(t.module + ": " + test.name +
                          (ok ? " runs no test" : " fails the control run") + " (left out; " + log +
                          ")");
        }
      }
      fs::remove_all(dir + "/control-cache");
      // the poison: some test must see the module at these parameters
      const std::string poison = dir + "/poison.v";
      hypercast::tools::writePoison(t, root, poison);
      bool seen = false;
      for (const Test& test : tests)
        if (!passes(test, bin, t.module, poison, dir + "/poison.log", dir + "/poison-cache")) {
          seen = true;
          break;
        }
      fs::remove_all(dir + "/poison-cache");
      const auto t1 = std::chrono::steady_clock::now();
      if (!seen) {
        refused = true;
        const std::string why = "no test kills the poison (every output inverted at " + params +
                                "): these parameters reach no instance its tests build";
        std::cout << "| " << t.module << " | " << params << " | refused | | | | " << why << " | "
                  << seconds(t0, t1) << " s, 0 s |\n"
                  << std::flush;
        std::cerr << "hc-mutate: " << t.module << ": " << why << "; row refused\n";
        notes.push_back(t.module + ": refused, " + why);
        continue;
      }
      const auto list = hypercast::tools::listMutations(t, root, dir, n, seed);
      int run = 0, killed = 0, equivalent = 0;
      std::map<std::string, int> by;
      for (size_t k = 0; k < list.size(); ++k) {
        if (!picked.empty() && std::find(picked.begin(), picked.end(), k) == picked.end()) continue;
        ++run;
        const std::string mdir = dir + "/m" + std::to_string(k);
        const std::string file = mdir + "/" + t.module + ".v";
        hypercast::tools::writeMutant(t, root, mdir, list[k], file);
        std::string killer;
        for (const Test& test : tests) {
          if (!passes(test, bin, t.module, file, mdir + "/tests.log", mdir + "/cache")) {
            killer = test.name;
            break;
          }
        }
        fs::remove_all(mdir + "/cache");
        if (!killer.empty()) {
          ++killed;
          ++by[killer];
          std::cerr << t.module << " m" << k << ": killed by " << killer << "\n";
          continue;
        }
        std::string how;
        const bool eq = check_equiv &&
                        hypercast::tools::mutantEquivalent(t, root, mdir + "/equiv", list[k], &how);
        equivalent += eq ? 1 : 0;
        notes.push_back(t.module + " m" + std::to_string(k) + " survives (" +
                        (eq            ? "equivalent: " + how
                         : check_equiv ? "not shown equivalent"
                                       : "not checked") +
                        "): " + list[k]);
        std::cerr << notes.back() << "\n";
      }
      std::string killers;
      for (const auto& [k, v] : by)
        killers += (killers.empty() ? "" : "; ") + k + ": " + std::to_string(v);
      const auto t2 = std::chrono::steady_clock::now();
      std::cout << "| " << t.module << " | " << params << " | " << run << " | " << killed << " | "
                << run - killed << " | " << equivalent << " | " << killers << " | "
                << seconds(t0, t1) << " s, " << seconds(t1, t2) << " s |\n"
                << std::flush;
    }
    for (const std::string& s : notes) std::cout << "\n- " << s;
    std::cout << "\n";
    return refused ? 1 : 0;
  } catch (const std::exception& e) {
    std::cerr << "hc-mutate: " << hypercast::oneLine(e.what()) << "\n";
    return 1;
  }
}
