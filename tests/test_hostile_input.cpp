// Output paths a user may give: devices, symbolic links, names with
// quotes, spaces, ';', "$(...)", newlines or non-ASCII, a full device, a folder,
// an empty path. Every command that writes a file is run on every case, without
// a shell, in a fresh folder, and must either write exactly its output where the
// path leads (and nothing else) or refuse in one line and change nothing.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>

#include "flow/limits.h"
#include "test_util.h"
#include "topology/max_dims.h"
#include "topology/network.h"

namespace fs = std::filesystem;

namespace {

// Every harness writes its trace through util/output_file.h; the cases marked
// `needs_output_file` run for each.

struct Command {
  std::string name;
  std::vector<std::string> args;  // without the output option
  std::string option;             // "--output", "--trace"
};

const Command kSchedule{
    "schedule --output",
    {"schedule", "--topology", "hypercube", "--dim", "3", "--collective", "broadcast"},
    "--output"};
const Command kHypercycleTrace{"simulate (hypercycle) --trace",
                               {"simulate", "--m", "8", "--rho", "1", "--engine", "systemc"},
                               "--trace"};
const Command kHypercubeTrace{"simulate (hypercube collective) --trace",
                              {"simulate", "--topology", "hypercube", "--dim", "3", "--collective",
                               "broadcast", "--engine", "systemc"},
                              "--trace"};

enum class Outcome {
  kWritten,    // exit 0; `written` holds exactly the command's output
  kDiscarded,  // exit 0; nothing appears (a null device)
  kFailed,     // non-zero exit, one "hypercast: " line (a write error)
  kRefused,    // exit 2 before any work: one line, no stdout
};

struct Case {
  std::string name;
  // Prepares the folder T and returns the path to give.
  std::function<std::string(const std::string& t)> setup;
  Outcome outcome;
  std::string written;                              // kWritten: the file, relative to T
  std::set<std::string> listing;                    // T's entries afterwards (nothing else written)
  std::string fragment;                             // in the error line
  std::function<void(const std::string& t)> check;  // anything else to hold afterwards
  bool needs_output_file = false;  // the writer must follow links, write devices directly
};

bool isCharDevice(const std::string& p, unsigned major_no, unsigned minor_no) {
  struct stat st {};
  return ::lstat(p.c_str(), &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == major_no &&
         minor(st.st_rdev) == minor_no;
}

void makeDevice(const std::string& p, unsigned major_no, unsigned minor_no) {
  ASSERT_EQ(::mknod(p.c_str(), S_IFCHR | 0666, makedev(major_no, minor_no)), 0)
      << "mknod " << p << " (the test runs as root)";
}

void writeText(const std::string& p, const std::string& text) { std::ofstream(p) << text; }

std::vector<Case> cases() {
  auto named = [](const std::string& name) {
    return [name](const std::string& t) { return t + "/" + name; };
  };
  auto plainFile = [&](const std::string& label, const std::string& name) {
    return Case{label, named(name), Outcome::kWritten, name, {name}, "", nullptr, false};
  };
  std::vector<Case> v;
  v.push_back({"character device (a null device made in T)",
               [](const std::string& t) {
                 makeDevice(t + "/null", 1, 3);
                 return t + "/null";
               },
               Outcome::kDiscarded,
               "",
               {"null"},
               "",
               [](const std::string& t) { EXPECT_TRUE(isCharDevice(t + "/null", 1, 3)); },
               true});
  v.push_back({"/dev/null",
               [](const std::string&) { return std::string("/dev/null"); },
               Outcome::kDiscarded,
               "",
               {},
               "",
               [](const std::string&) { EXPECT_TRUE(isCharDevice("/dev/null", 1, 3)); },
               true});
  v.push_back({"symbolic link to a file: the target is written, the link kept",
               [](const std::string& t) {
                 writeText(t + "/target.csv", "old\n");
                 fs::create_symlink("target.csv", t + "/link");
                 return t + "/link";
               },
               Outcome::kWritten,
               "target.csv",
               {"link", "target.csv"},
               "",
               [](const std::string& t) {
                 EXPECT_TRUE(fs::is_symlink(t + "/link"));
                 EXPECT_EQ(fs::read_symlink(t + "/link"), "target.csv");
               },
               true});
  v.push_back({"dangling symbolic link: its target is created",
               [](const std::string& t) {
                 fs::create_symlink("new.csv", t + "/link");
                 return t + "/link";
               },
               Outcome::kWritten,
               "new.csv",
               {"link", "new.csv"},
               "",
               [](const std::string& t) { EXPECT_TRUE(fs::is_symlink(t + "/link")); },
               true});
  v.push_back(plainFile("quotes", "it's a \"trace\".csv"));
  v.push_back(plainFile("spaces", "a  b c .csv"));
  v.push_back(plainFile("semicolons", "x;touch pwned;.csv"));
  v.push_back(plainFile("command substitution", "$(touch pwned)`touch pwned`.csv"));
  v.push_back(plainFile("non-ASCII", "трасса-ü-€-\xF0\x9F\x98\x80.csv"));
  v.push_back(plainFile("newline and backslash", "a\nb\\n.csv"));
  v.push_back(plainFile("not UTF-8", "k\xff\xfe-\xc3.csv"));
  v.push_back(plainFile("leading dashes", "--json"));
  {
    Case c = plainFile("relative path in a folder with a space", "sub dir");
    c.setup = [](const std::string& t) {
      fs::create_directory(t + "/sub dir");
      return std::string("sub dir/out.csv");  // relative to T, the working folder
    };
    c.written = "sub dir/out.csv";
    v.push_back(c);
  }
  {
    Case c = plainFile("existing file: replaced, permissions kept", "old.csv");
    c.setup = [](const std::string& t) {
      writeText(t + "/old.csv", "old\n");
      fs::permissions(t + "/old.csv", fs::perms(0640));
      return t + "/old.csv";
    };
    c.check = [](const std::string& t) {
      EXPECT_EQ(fs::status(t + "/old.csv").permissions(), fs::perms(0640));
    };
    c.needs_output_file = true;
    v.push_back(c);
  }
  v.push_back({"full device (made in T)",
               [](const std::string& t) {
                 makeDevice(t + "/full", 1, 7);
                 return t + "/full";
               },
               Outcome::kFailed,
               "",
               {"full"},
               "No space left on device",
               [](const std::string& t) { EXPECT_TRUE(isCharDevice(t + "/full", 1, 7)); },
               true});
  v.push_back({"/dev/full",
               [](const std::string&) { return std::string("/dev/full"); },
               Outcome::kFailed,
               "",
               {},
               "No space left on device",
               [](const std::string&) { EXPECT_TRUE(isCharDevice("/dev/full", 1, 7)); },
               true});
  v.push_back({"a folder",
               [](const std::string& t) {
                 fs::create_directory(t + "/dir");
                 return t + "/dir";
               },
               Outcome::kRefused,
               "",
               {"dir"},
               "it is a folder",
               [](const std::string& t) { EXPECT_TRUE(fs::is_empty(t + "/dir")); },
               false});
  v.push_back({"empty path",
               [](const std::string&) { return std::string(); },
               Outcome::kRefused,
               "",
               {},
               "empty path",
               nullptr,
               false});
  {
    // Missing folders are made, as for --out DIR.
    Case c = plainFile("missing folders", "nope");
    c.setup = named("nope/deeper/out.csv");
    c.written = "nope/deeper/out.csv";
    v.push_back(c);
  }
  v.push_back({"a file as a folder",
               [](const std::string& t) {
                 writeText(t + "/file.txt", "keep\n");
                 return t + "/file.txt/out.csv";
               },
               Outcome::kRefused,
               "",
               {"file.txt"},
               "cannot write",
               [](const std::string& t) { EXPECT_EQ(hctest::slurp(t + "/file.txt"), "keep\n"); },
               false});
  v.push_back({"/proc",
               [](const std::string&) { return std::string("/proc/hypercast-out.csv"); },
               Outcome::kRefused,
               "",
               {},
               "cannot write",
               nullptr,
               false});
  return v;
}

std::set<std::string> listing(const std::string& t) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(t)) names.insert(e.path().filename().string());
  return names;
}

std::string describe(const std::set<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += "[" + n + "] ";
  return s;
}

std::vector<std::string> argvFor(const Command& c, const std::string& path) {
  std::vector<std::string> argv = {hctest::hypercast()};
  argv.insert(argv.end(), c.args.begin(), c.args.end());
  argv.push_back(c.option);
  argv.push_back(path);
  return argv;
}

// What the command writes to a plain path.
std::string reference(const Command& c) {
  const std::string t = hctest::tempFolder("hostile-ref");
  const auto r = hctest::runArgv(argvFor(c, t + "/ref.csv"));
  EXPECT_EQ(r.code, 0) << c.name << ": " << r.err;
  const std::string text = hctest::slurp(t + "/ref.csv");
  EXPECT_FALSE(text.empty()) << c.name;
  fs::remove_all(t);
  return text;
}

void runTable(const Command& c, bool output_file) {
  const std::string expected = reference(c);
  ASSERT_FALSE(expected.empty());
  for (const Case& k : cases()) {
    if (k.needs_output_file && !output_file) {
      std::cout << "[   NOTE   ] not run: " << c.name << ": " << k.name
                << " (the harness does not write through util/output_file.h yet)\n";
      continue;
    }
    SCOPED_TRACE(c.name + ": " + k.name);
    const std::string t = hctest::tempFolder("hostile");
    ASSERT_FALSE(t.empty());
    const std::string path = k.setup(t);
    // The working folder is T: a shell that ran "touch pwned" would leave it there.
    const auto r = hctest::runArgv(argvFor(c, path), {}, t);
    switch (k.outcome) {
      case Outcome::kWritten:
        EXPECT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(r.err, "");
        EXPECT_EQ(hctest::slurp(t + "/" + k.written), expected);
        break;
      case Outcome::kDiscarded:
        EXPECT_EQ(r.code, 0) << r.err;
        EXPECT_EQ(r.err, "");
        break;
      case Outcome::kFailed:
      case Outcome::kRefused:
        if (k.outcome == Outcome::kRefused) {
          EXPECT_EQ(r.code, 2) << r.err;
          EXPECT_EQ(r.out, "");
        } else {
          EXPECT_NE(r.code, 0) << r.err;
        }
        // One line, starting with the tool's name, saying what is wrong.
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << r.err;
        EXPECT_NE(r.err.find(k.fragment), std::string::npos) << r.err;
        break;
    }
    // Nothing else written: no temporary file, no "pwned".
    EXPECT_EQ(listing(t), k.listing) << describe(listing(t));
    if (k.check) k.check(t);
    fs::remove_all(t);
  }
}

}  // namespace

TEST(HostileInput, ScheduleOut) { runTable(kSchedule, true); }

TEST(HostileInput, HypercycleSimulateTrace) { runTable(kHypercycleTrace, true); }

TEST(HostileInput, HypercubeSimulateTrace) { runTable(kHypercubeTrace, true); }

// Only FST is written: --wave x.vcd would get an FST file under a VCD name.
TEST(HostileInput, WaveMustBeFst) {
  const std::string t = hctest::tempFolder("hostile-wave");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"simulate", "--m", "4", "--rho", "1", "--engine", "verilator"},
        std::vector<std::string>{"simulate", "--topology", "hypercube", "--dim", "2",
                                 "--collective", "broadcast", "--engine", "verilator"}}) {
    std::vector<std::string> argv = {hctest::hypercast()};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"--wave", t + "/x.vcd"});
    const auto r = hctest::runArgv(argv, {}, t);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("FST"), std::string::npos) << r.err;
    EXPECT_TRUE(fs::is_empty(t)) << describe(listing(t));
  }
  fs::remove_all(t);
}

// synth runs yosys in OUT.work-PID: a hostile --out must reach it unharmed.
TEST(HostileInput, SynthOutFolder) {
  const std::string t = hctest::tempFolder("hostile-synth");
  const std::string name = "syn $(touch pwned) it's \"q\";ü";
  const auto r = hctest::runArgv({hctest::hypercast(), "synth", "--m", "4", "--rho", "1",
                                  "--payload-width", "8", "--no-pnr", "--out", t + "/" + name},
                                 {}, t);
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json report =
      hctest::parseJson(hctest::slurp(t + "/" + name + "/synth_report.json"));
  EXPECT_GT(report.at("generic_cells").get<long long>(), 0);
  EXPECT_TRUE(fs::exists(t + "/" + name + "/work/generic.log"));
  EXPECT_EQ(listing(t), std::set<std::string>{name}) << describe(listing(t));
  fs::remove_all(t);
}

// /dev/stdout with stdout redirected to a file (the shell's `> file`): the file
// holds the command's printout and its output whole, nothing written over.
TEST(HostileInput, StdoutRedirectedToAFile) {
  for (const Command* c : {&kSchedule, &kHypercycleTrace, &kHypercubeTrace}) {
    SCOPED_TRACE(c->name);
    const std::string expected = reference(*c);
    const std::string t = hctest::tempFolder("hostile-stdout");
    const auto plain = hctest::runArgv(argvFor(*c, t + "/plain.csv"), {}, t);
    ASSERT_EQ(plain.code, 0) << plain.err;
    const auto r = hctest::runArgv(argvFor(*c, "/dev/stdout"), {}, t);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find(expected), std::string::npos) << r.out;
    EXPECT_EQ(hctest::lines(r.out).size(),
              hctest::lines(plain.out).size() + hctest::lines(expected).size())
        << r.out;
    fs::remove_all(t);
  }
}

// Two outputs of one command naming one file: refused before any work.
TEST(HostileInput, TwoOutputsNameOneFile) {
  const std::string t = hctest::tempFolder("hostile-same");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"simulate", "--m", "4", "--rho", "1", "--engine", "verilator"},
        std::vector<std::string>{"simulate", "--topology", "hypercube", "--dim", "2",
                                 "--collective", "broadcast", "--engine", "verilator"}}) {
    std::vector<std::string> argv = {hctest::hypercast()};
    argv.insert(argv.end(), args.begin(), args.end());
    argv.insert(argv.end(), {"--wave", "same.fst", "--trace", t + "/./same.fst"});
    const auto r = hctest::runArgv(argv, {}, t);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "hypercast: --trace and --wave name the same file same.fst\n");
    EXPECT_TRUE(fs::is_empty(t)) << describe(listing(t));
  }
  fs::remove_all(t);
}

namespace {

// Runs hypercast under a hard limit of `gib` GiB of address space and `seconds`
// of CPU time: a run that is not refused fails fast instead of filling the
// machine. Returns the exit code (-1: killed by a signal), stdout and stderr.
hctest::CmdResult runLimited(const std::vector<std::string>& args,
                             const std::vector<std::pair<std::string, std::string>>& env = {},
                             double gib = 2, long seconds = 60) {
  std::vector<std::string> argv = {hctest::hypercast()};
  argv.insert(argv.end(), args.begin(), args.end());
  // The limits apply to the child only: set in this process around the fork
  // would limit the test too, so they are set by a shell's ulimit before exec.
  std::string cmd = "ulimit -v " + std::to_string(static_cast<long>(gib * 1024 * 1024)) +
                    " && ulimit -t " + std::to_string(seconds) + " && exec";
  for (const auto& kv : env) cmd = "export " + kv.first + "=" + kv.second + " && " + cmd;
  std::vector<std::string> sh = {"/bin/sh", "-c", cmd + " \"$0\" \"$@\""};
  sh.insert(sh.end(), argv.begin(), argv.end());
  return hctest::runArgv(sh);
}

void expectRefusedByCost(const hctest::CmdResult& r, const std::string& estimate,
                         const std::string& limit) {
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(estimate), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("above the limit of " + limit), std::string::npos) << r.err;
}

}  // namespace

// The work of a weight-router simulation is its deliveries, broadcasts x nodes:
// runs above 2^26 (67108864) of them are refused before any allocation.
TEST(HostileInput, SimulationsAboveTheDeliveryBudgetAreRefused) {
  // 0.1 x 1024 nodes x 9000 cycles = 921600 broadcasts, x 1024 nodes.
  expectRefusedByCost(runLimited({"simulate", "--m", "32,32", "--rho", "1,1", "--engine", "systemc",
                                  "--traffic", "uniform", "--rate", "0.1", "--cycles", "9000"}),
                      "deliveries 943718400 (broadcasts x nodes = 921600 x 1024)", "67108864");
  expectRefusedByCost(runLimited({"simulate", "--m", "256,256", "--rho", "1,1", "--engine",
                                  "systemc", "--all-sources"}),
                      "deliveries 4294967296 (broadcasts x nodes = 65536 x 65536)", "67108864");
  expectRefusedByCost(runLimited({"simulate", "--m", "64,64", "--rho", "1,1", "--engine", "systemc",
                                  "--random", "1000000", "--window", "1000000"}),
                      "deliveries 4096000000 (broadcasts x nodes = 1000000 x 4096)", "67108864");
  // --allow-large (or HYPERCAST_ALLOW_LARGE=1) raises the budget 64-fold, to 2^32.
  const std::vector<std::string> huge = {"simulate", "--m",      "256,256", "--rho",
                                         "1,1",      "--engine", "systemc", "--random",
                                         "1000000",  "--window", "100"};
  const std::string estimate = "deliveries 65536000000 (broadcasts x nodes = 1000000 x 65536)";
  expectRefusedByCost(runLimited(huge), estimate, "67108864 ");
  std::vector<std::string> allowed = huge;
  allowed.push_back("--allow-large");
  // Raised, the refusal says so instead of how to raise it.
  for (const auto& r : {runLimited(allowed), runLimited(huge, {{"HYPERCAST_ALLOW_LARGE", "1"}})}) {
    expectRefusedByCost(r, estimate, "4294967296 ");
    EXPECT_NE(r.err.find("(docs/user-guide.md#limits; raised 64-fold already)\n"),
              std::string::npos)
        << r.err;
  }
  EXPECT_NE(runLimited(huge).err.find("--allow-large or HYPERCAST_ALLOW_LARGE=1 raises it)"),
            std::string::npos);
}

// Ports per node are at most 64 in simulate, port ends (nodes x ports) 2^20.
TEST(HostileInput, SimulationsAboveThePortBudgetAreRefused) {
  std::string gens = "1";
  for (int g = 2; g < 4000; ++g) gens += ";" + std::to_string(g);
  const auto r = runLimited({"simulate", "--topology", "cayley", "--group", "4000", "--gens", gens,
                             "--engine", "systemc"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err,
            "hypercast: the simulation model takes at most 64 ports per node; this network has "
            "3999 (generate still works; docs/user-guide.md#limits)\n");
  EXPECT_LT(r.err.size(), 200u) << "the generators are not listed";
  expectRefusedByCost(runLimited({"simulate", "--topology", "hypercube", "--dim", "18",
                                  "--collective", "broadcast", "--engine", "systemc"}),
                      "port ends 4718592 (nodes x ports = 262144 x 18)", "1048576 ");
}

// A collective's transfers (N - 1, M N (N - 1), M x distances from the root,
// M x N x distances from a node) are at most 2^27 in schedule, generate and
// simulate; counted from the options before any schedule is built.
TEST(HostileInput, CollectivesAboveTheTransferBudgetAreRefused) {
  // The 14-cube's total exchange: d 2^(d-1) = 114688 hops from a node.
  const std::vector<std::string> q14 = {"schedule", "--topology",   "hypercube",     "--dim",
                                        "14",       "--collective", "total-exchange"};
  const std::string q14_estimate =
      "schedule: transmissions 1879048192 (M x N x distances from a node = 1 x 16384 x 114688)";
  expectRefusedByCost(runLimited(q14), q14_estimate, "134217728 ");
  // HYPERCAST_ALLOW_LARGE=1 raises it 64-fold; the construction then says its own limit.
  const auto large = runLimited(q14, {{"HYPERCAST_ALLOW_LARGE", "1"}});
  EXPECT_EQ(large.code, 2);
  EXPECT_NE(large.err.find("--dim 1..10"), std::string::npos) << large.err;
  // MT(4,11): 4 x 11^3 x (11^2 - 1)/4 = 159720 hops from a node.
  expectRefusedByCost(
      runLimited({"schedule", "--topology", "torus", "--n", "4", "--k", "11", "--collective",
                  "total-exchange"}),
      "transmissions 2338460520 (M x N x distances from a node = 1 x 14641 x 159720)",
      "134217728 ");
  expectRefusedByCost(
      runLimited({"generate", "--topology", "cayley", "--group", "20000", "--gens", "1",
                  "--collective", "multinode-broadcast", "--out", "/tmp/hc-never-written"}),
      "generate: transmissions 399980000 (M x N x (N - 1) = 1 x 20000 x 19999)", "134217728 ");
  EXPECT_FALSE(fs::exists("/tmp/hc-never-written"));
}

// ROM bits (transfers x (2 ceil(log2(N M)) + 3)) at most 2^32, --trace rows at
// most 2^27, the whole-network Verilated top at most 4,096 port ends.
TEST(HostileInput, RomTraceAndVerilatedBudgetsAreChecked) {
  // MT(2,33)'s multinode broadcast of M = 100: 1089 x 1088 x 100 transfers of
  // 2 x 17 + 3 bits (N M = 108900 < 2^17).
  expectRefusedByCost(
      runLimited({"generate", "--topology", "torus", "--n", "2", "--k", "33", "--collective",
                  "multinode-broadcast", "--messages", "100", "--out", "/tmp/hc-never-written"}),
      "generate: ROM bits 4383878400 (transmissions x bits per transmission = 118483200 x 37)",
      "4294967296 ");
  EXPECT_FALSE(fs::exists("/tmp/hc-never-written"));
  // 1000 broadcasts on 65536 nodes: 65536000 deliveries, under 2^26, but one
  // trace row each is over 2^25.
  expectRefusedByCost(
      runLimited({"simulate", "--m", "256,256", "--rho", "1,1", "--engine", "systemc", "--random",
                  "1000", "--window", "100", "--trace", "/tmp/hc-never-written.csv"}),
      "simulate: --trace rows 65536000 (one per delivery)", "33554432 ");
  EXPECT_FALSE(fs::exists("/tmp/hc-never-written.csv"));
  // C_70<1..32>: 64 ports a node, 4480 port ends in one Verilated top.
  expectRefusedByCost(
      runLimited({"simulate", "--m", "70", "--rho", "32", "--engine", "verilator", "--rtl-model",
                  "network"}),
      "simulate: Verilated port ends 4480 (the whole-network top's nodes x ports = 70 x 64)",
      "4096 ");
}

namespace {

// "1,234,567" for 1234567, as the docs write numbers.
std::string withCommas(uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// The row of the user guide's Limits table whose first cell starts with `what`.
std::string limitsRow(const std::string& what) {
  const std::string guide = hctest::slurp(std::string(HC_SOURCE_DIR) + "/docs/user-guide.md");
  const size_t table = guide.find("## Limits");
  EXPECT_NE(table, std::string::npos);
  const size_t row = guide.find("\n| " + what, table);
  if (row == std::string::npos) return "";
  return guide.substr(row + 1, guide.find('\n', row + 1) - row - 1);
}

}  // namespace

// The Limits table names the constants the code checks, with their formulas.
TEST(HostileInput, LimitsTableMatchesTheConstants) {
  namespace flow = hypercast::flow;
  auto power = [](uint64_t v) {
    int p = 0;
    while ((uint64_t{1} << p) < v) ++p;
    return (uint64_t{1} << p) == v ? "2^" + std::to_string(p) + " (" + withCommas(v) + ")"
                                   : withCommas(v);
  };
  std::string row = limitsRow("deliveries in `simulate`");
  EXPECT_NE(row.find("broadcasts x nodes | " + power(flow::kMaxDeliveries) + " |"),
            std::string::npos)
      << row;
  EXPECT_NE(row.find(std::to_string(flow::kBytesPerDelivery) + " bytes each"), std::string::npos)
      << row;
  // The budget is 8 GiB of deliveries at their estimated size.
  EXPECT_EQ(flow::kMaxDeliveries * flow::kBytesPerDelivery, uint64_t{8} << 30);
  row = limitsRow("ports per node in `simulate`");
  EXPECT_NE(row.find("| " + withCommas(flow::kMaxSimulatePorts) + " |"), std::string::npos) << row;
  row = limitsRow("port ends in `simulate`");
  EXPECT_NE(row.find("nodes x ports | " + power(flow::kMaxSimulatePortEnds) + " |"),
            std::string::npos)
      << row;
  EXPECT_NE(row.find(std::to_string(flow::kBytesPerPortEnd / 1024) + " KiB each"),
            std::string::npos)
      << row;
  EXPECT_EQ(flow::kMaxSimulatePortEnds * flow::kBytesPerPortEnd, uint64_t{8} << 30);
  row = limitsRow("jobs of `regress plan`");
  EXPECT_NE(row.find("engines x repeats | " + withCommas(flow::kMaxRegressJobs) + " |"),
            std::string::npos)
      << row;
  row = limitsRow("transmissions of a collective");
  EXPECT_NE(
      row.find("M x N x distances from a node | " + power(flow::kMaxScheduleTransfers) + " |"),
      std::string::npos)
      << row;
  EXPECT_NE(row.find(std::to_string(flow::kBytesPerTransfer) + " bytes each"), std::string::npos)
      << row;
  EXPECT_EQ(flow::kMaxScheduleTransfers * flow::kBytesPerTransfer, uint64_t{8} << 30);
  row = limitsRow("ROM bits");
  EXPECT_NE(
      row.find("transmissions x (2 ceil(log2(N M)) + 3) | " + power(flow::kMaxRomBits) + " |"),
      std::string::npos)
      << row;
  row = limitsRow("`--trace` rows");
  EXPECT_NE(row.find("one per delivery or transmission | " + power(flow::kMaxTraceRows) + " |"),
            std::string::npos)
      << row;
  EXPECT_NE(row.find(std::to_string(flow::kBytesPerTraceRow) + " bytes each"), std::string::npos)
      << row;
  EXPECT_EQ(flow::kMaxTraceRows * flow::kBytesPerTraceRow, uint64_t{2} << 30);
  row = limitsRow("sources x nodes of `tcd`");
  EXPECT_NE(row.find("N x N | " + power(flow::kMaxTcdSourceNodes) + " |"), std::string::npos)
      << row;
  row = limitsRow("Verilated port ends");
  EXPECT_NE(row.find("nodes x ports | " + power(flow::kMaxVerilatedPortEnds) + " |"),
            std::string::npos)
      << row;
  const std::string guide = hctest::slurp(std::string(HC_SOURCE_DIR) + "/docs/user-guide.md");
  EXPECT_NE(guide.find("each " + std::to_string(flow::kAllowLargeFactor) + "-fold"),
            std::string::npos);
}

// One number parser for every option: spaces, hex, a sign other than '-',
// exponents and fractions where a whole number is meant are refused alike, and
// a newline in a value never splits the error line.
TEST(HostileInput, NumbersParseOneWay) {
  auto refused = [](const std::vector<std::string>& args, const std::string& error) {
    std::vector<std::string> argv = {hctest::hypercast()};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto r = hctest::runArgv(argv);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "hypercast: " + error + "\n");
  };
  refused({"info", "--topology", "hypercube", "--dim", " 3"}, "--dim: ' 3' is not a number");
  refused({"info", "--topology", "hypercube", "--dim", "3 "}, "--dim: '3 ' is not a number");
  refused({"info", "--topology", "hypercube", "--dim", "0x3"}, "--dim: '0x3' is not a number");
  refused({"info", "--topology", "hypercube", "--dim", "+3"}, "--dim: '+3' is not a number");
  refused({"info", "--topology", "hypercube", "--dim", "3.0"},
          "--dim: '3.0' is not a whole number");
  refused({"info", "--topology", "hypercube", "--dim", "3\n4"}, "--dim: '3\\n4' is not a number");
  for (const std::string rate : {"0x0.1p0", " 0.1", "0.1 ", "1e", "inf", "nan", "-0.1", "+0.1"}) {
    std::string shown = rate;
    refused(
        {"simulate", "--m", "4", "--rho", "1", "--engine", "systemc", "--traffic", "uniform",
         "--rate", rate},
        "--rate must be a number in (0, 1] (broadcasts per node per cycle), got '" + shown + "'");
  }
  // Any option's newline: escaped in the one error line.
  const auto r =
      hctest::runArgv({hctest::hypercast(), "info", "--topology", "hyper\ncube", "--dim", "3"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("hyper\\ncube"), std::string::npos) << r.err;
}

// Bare `hypercast`: the usage on stderr, nothing on stdout, exit 2.
TEST(HostileInput, NoCommandIsUsageOnStderr) {
  const auto r = hctest::runArgv({hctest::hypercast()});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--version"), std::string::npos) << r.err;
}

// tcd without --dims asks for them instead of judging the default network's m.
TEST(HostileInput, TcdWithoutDimsAsksForThem) {
  const auto r = hctest::runArgv({hctest::hypercast(), "tcd"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "hypercast: tcd needs the mesh's --dims X,Y[,Z] (equal powers of two, e.g. 8,8,8)\n");
}

// An option a collective does not use is refused, naming where it applies.
TEST(HostileInput, InputBitsOnlyWhereItApplies) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"schedule", "--topology", "hypercube", "--dim", "3", "--collective", "broadcast",
            "--input-bits", "8"},
           {"simulate", "--m", "4", "--rho", "1", "--engine", "systemc", "--input-bits", "8"}}) {
    std::vector<std::string> argv = {hctest::hypercast()};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto r = hctest::runArgv(argv);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("hypercast: --input-bits applies to --collective global-sum", 0), 0u)
        << r.err;
  }
  // Where it applies, it is taken.
  const auto ok =
      hctest::runArgv({hctest::hypercast(), "schedule", "--topology", "hypercube", "--dim", "2",
                       "--collective", "global-sum", "--input-bits", "8"});
  EXPECT_EQ(ok.code, 0) << ok.err;
}

// The mesh a user names is 2-D or 3-D (Cang & Wu; the hardware's x, y[, z]).
TEST(HostileInput, MeshDimsAreTwoOrThree) {
  for (const std::string dims : {"8", "2,2,2,2"}) {
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"info", "--topology", "mesh", "--dims", dims},
             {"schedule", "--topology", "mesh", "--dims", dims, "--collective", "broadcast"},
             {"tcd", "--topology", "mesh", "--dims", dims}}) {
      std::vector<std::string> argv = {hctest::hypercast()};
      argv.insert(argv.end(), args.begin(), args.end());
      const auto r = hctest::runArgv(argv);
      EXPECT_EQ(r.code, 2) << r.err;
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(r.err,
                "hypercast: --dims takes a 2-D or 3-D mesh, X,Y or X,Y,Z (e.g. 4,4 or "
                "8,8,8), got '" +
                    dims + "'\n");
    }
  }
}

// The dimensions row of the Limits table is the constant every parser checks:
// a hypercube, a torus and a hypercycle take kMaxNetworkDims and not one more.
TEST(HostileInput, DimensionsLimitIsOneConstant) {
  const int d = hypercast::kMaxNetworkDims;
  EXPECT_NE(limitsRow("dimensions").find("| " + std::to_string(d) + " |"), std::string::npos)
      << limitsRow("dimensions");
  // 2^d nodes: the most any network has.
  EXPECT_EQ(uint64_t{1} << d, hypercast::kMaxNetworkNodes);
  auto info = [](const std::vector<std::string>& args) {
    std::vector<std::string> argv = {hctest::hypercast(), "info"};
    argv.insert(argv.end(), args.begin(), args.end());
    return hctest::runArgv(argv);
  };
  EXPECT_EQ(info({"--topology", "hypercube", "--dim", std::to_string(d)}).code, 0);
  EXPECT_EQ(info({"--topology", "hypercube", "--dim", std::to_string(d + 1)}).code, 2);
  EXPECT_EQ(info({"--topology", "torus", "--n", std::to_string(d + 1), "--k", "3"}).code, 2);
  std::string m = "2", rho = "1";
  for (int i = 1; i < d; ++i) m += ",2", rho += ",1";
  EXPECT_EQ(info({"--m", m, "--rho", rho}).code, 0) << info({"--m", m, "--rho", rho}).err;
  const auto r = info({"--m", m + ",2", "--rho", rho + ",1"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "hypercast: --m has " + std::to_string(d + 1) + " dimensions; at most " +
                       std::to_string(d) + " are supported\n");
}

// The harnesses' node hooks: a value that is not a node of the network is a
// bad job (one line, exit 2), never node 0.
TEST(HostileInput, FaultNodeHookIsANodeOrAnError) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"simulate", "--m", "4", "--rho", "1", "--engine", "systemc"},
           {"simulate", "--topology", "hypercube", "--dim", "2", "--collective", "broadcast",
            "--engine", "systemc"},
           {"simulate", "--topology", "mesh", "--dims", "2,2", "--collective", "broadcast",
            "--engine", "systemc"}}) {
    for (const std::string bad : {"abc", "4", "-1", " 1"}) {
      std::vector<std::string> argv = {hctest::hypercast()};
      argv.insert(argv.end(), args.begin(), args.end());
      const auto r = hctest::runArgv(argv, {{"HYPERCAST_FAULT_NODE", bad}});
      EXPECT_EQ(r.code, 2) << args[2] << " " << bad << ": " << r.err;
      EXPECT_NE(r.err.find("HYPERCAST_FAULT_NODE '" + bad + "' is not in 0..3"), std::string::npos)
          << r.err;
    }
  }
}
