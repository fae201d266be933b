// hc-mutate (`make mutate`, docs/developer.md "Mutation testing"): per module
// of hw/ in the table below, N mutants from yosys's `mutate -list N -seed S`,
// each run against the tests that instantiate the module at the mutated
// parameter set (HYPERCAST_HW_OVERRIDE, tools/mutation.h). First a control
// run with the unmutated netlist: a test that fails it is left out (named).
// A mutant is killed when a test exits non-zero (or runs past its time
// limit); a survivor is checked for equivalence (yosys sat -tempinduct on a
// miter, then one that pairs registers by name). Prints one table row per
// module (with the wall time of its control run and of its mutants), and every
// survivor's mutation.
//
//   hc-mutate [--n N] [--seed S] [--module M]... [--work DIR] [--equiv 0|1]
//
// --equiv 0 leaves the survivors unchecked (listed "not checked").
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
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

// The modules and the tests that instantiate them at these parameters.
std::vector<Target> targets() {
  const auto units = [](const std::string& filter) {
    return Test{"test_hw_units " + filter, {"test_hw_units", "--gtest_filter=" + filter}};
  };
  const auto proof = [](const std::string& name) {
    return Test{"proof " + name,
                {"test_formal", "--gtest_filter=Formal/Proof.HoldsByInduction/" + name}};
  };
  return {
      {{"hc_fifo", {{"W", "12"}, {"DEPTH", "2"}}}, {units("Depths/Fifo.*/Depth2")}},
      {{"hc_rr_arbiter", {{"N", "5"}, {"LIVE", "31"}, {"PAIR_MAX", "5"}}},
       {units("Sizes/RrArbiter.*/N5_live31")}},
      {{"hc_group_arbiter", {{"N", "9"}, {"LIVE", "511"}}},
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
      // the 2x2 wormhole mesh's routers (DIMS = 2, CW = 1): its broadcast in
      // lock-step co-simulation with the SystemC model, and the whole top against
      // the wired tiles; each mutant builds its Verilated models anew
      {{"hc_mesh_router",
        {{"DIMS", "2"}, {"CW", "1"}, {"PW", "32"}, {"DEPTH", "4"}, {"HCW", "16"}}},
       {Test{"simulate 2x2 mesh cosim",
             {"hypercast", "simulate", "--topology", "mesh", "--dims", "2,2", "--collective",
              "broadcast", "--source", "0,0", "--algorithm", "paper", "--flits", "2", "--engine",
              "cosim", "--rtl-model", "tiles"}},
        Test{"test_mesh_hw MeshHw.WholeTopAndWiredTilesRunIdentically",
             {"test_mesh_hw", "--gtest_filter=MeshHw.WholeTopAndWiredTilesRunIdentically"}}}},
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
    std::string work = (fs::temp_directory_path() / "hc-mutate").string();
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
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
      } else if (a == "--equiv") {
        check_equiv = hypercast::parseIndex("--equiv", v, 2) == 1;
      } else {
        throw hypercast::Error("hc-mutate: unknown option " + a);
      }
    }
    const std::string root = HC_SOURCE_DIR;
    const std::string bin = fs::canonical("/proc/self/exe").parent_path().string();
    std::cout << "| module | parameters | mutants | killed | survived | equivalent | "
                 "killed by | control, mutants |\n|---|---|---|---|---|---|---|---|\n";
    std::vector<std::string> notes;
    for (const Target& tg : targets()) {
      const MutationTarget& t = tg.target;
      if (!only.empty() && std::find(only.begin(), only.end(), t.module) == only.end()) continue;
      const std::string dir = work + "/" + t.module;
      fs::create_directories(dir);
      // the control: the unmutated netlist behind the same shim
      const std::string control = dir + "/control.v";
      hypercast::tools::writeMutant(t, root, dir + "/control", "", control);
      const auto t0 = std::chrono::steady_clock::now();
      std::vector<Test> tests;
      for (const Test& test : tg.tests) {
        if (passes(test, bin, t.module, control, dir + "/control.log", dir + "/control-cache")) {
          tests.push_back(test);
        } else {
          notes.push_back(t.module + ": " + test.name + " fails the control run (left out; " + dir +
                          "/control.log)");
        }
      }
      fs::remove_all(dir + "/control-cache");
      const auto t1 = std::chrono::steady_clock::now();
      const auto list = hypercast::tools::listMutations(t, root, dir, n, seed);
      int killed = 0, equivalent = 0;
      std::map<std::string, int> by;
      for (size_t k = 0; k < list.size(); ++k) {
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
        const bool eq =
            check_equiv && hypercast::tools::mutantEquivalent(t, root, mdir + "/equiv", list[k]);
        equivalent += eq ? 1 : 0;
        notes.push_back(t.module + " m" + std::to_string(k) + " survives (" +
                        (eq            ? "equivalent"
                         : check_equiv ? "not shown equivalent"
                                       : "not checked") +
                        "): " + list[k]);
        std::cerr << notes.back() << "\n";
      }
      std::string params, killers;
      for (const auto& [k, v] : t.params) params += (params.empty() ? "" : ", ") + k + "=" + v;
      for (const auto& [k, v] : by)
        killers += (killers.empty() ? "" : "; ") + k + ": " + std::to_string(v);
      const auto seconds = [](auto a, auto b) {
        return std::to_string(std::lround(std::chrono::duration<double>(b - a).count()));
      };
      const auto t2 = std::chrono::steady_clock::now();
      std::cout << "| " << t.module << " | " << params << " | " << list.size() << " | " << killed
                << " | " << list.size() - killed << " | " << equivalent << " | " << killers << " | "
                << seconds(t0, t1) << " s, " << seconds(t1, t2) << " s |\n"
                << std::flush;
    }
    for (const std::string& s : notes) std::cout << "\n- " << s;
    std::cout << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "hc-mutate: " << hypercast::oneLine(e.what()) << "\n";
    return 1;
  }
}
