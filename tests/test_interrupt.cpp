// SIGINT and SIGTERM during a command (simulate, sweep, synth, schedule):
// the children stop, nothing partial stays behind (no half-built model in the
// cache, no synth work folder, no temporary file), stderr ends with exactly
// "hypercast: interrupted", and the exit status is 130 (SIGINT) or 143 (SIGTERM).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <sstream>

#include "test_util.h"

namespace fs = std::filesystem;

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> v;
  std::stringstream ss(text);
  std::string l;
  while (std::getline(ss, l)) v.push_back(l);
  return v;
}

// Exit status 128 + signal, and the last stderr line; no line says a tool failed
// or crashed, every line is the tool's own.
void expectInterrupted(const hctest::CmdResult& r, int sig) {
  EXPECT_EQ(r.code, 128 + sig) << r.err;
  const auto l = lines(r.err);
  ASSERT_FALSE(l.empty());
  EXPECT_EQ(l.back(), "hypercast: interrupted") << r.err;
  EXPECT_EQ(std::count(l.begin(), l.end(), "hypercast: interrupted"), 1) << r.err;
  for (const std::string& line : l) {
    EXPECT_EQ(line.rfind("hypercast: ", 0), 0u) << r.err;
    EXPECT_EQ(line.find("failed"), std::string::npos) << r.err;
    EXPECT_EQ(line.find("crashed"), std::string::npos) << r.err;
  }
}

// Runs argv in `cwd`, sends `sig` after 2 s (the command must still be running)
// and waits: it must end within 10 s of the signal, interrupted, with stderr
// exactly "hypercast: interrupted".
void runAndInterrupt(const std::vector<std::string>& argv, const std::string& cwd, int sig,
                     hctest::CmdResult& r) {
  const hctest::Started p = hctest::start(argv, {}, cwd);
  std::this_thread::sleep_for(std::chrono::seconds(2));
  ASSERT_TRUE(hctest::running(p)) << argv[1] << " ended before the signal";
  ::kill(p.pid, sig);
  const auto t0 = std::chrono::steady_clock::now();
  r = hctest::finish(p, 60);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10);
  expectInterrupted(r, sig);
  EXPECT_EQ(r.err, "hypercast: interrupted\n");
}

std::vector<std::string> findAll(const std::string& root, const std::string& fragment) {
  std::vector<std::string> found;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->path().filename().string().find(fragment) != std::string::npos) {
      found.push_back(it->path().string());
    }
  }
  return found;
}

// Whether `program` is an executable in PATH.
bool onPath(const std::string& program) {
  std::stringstream path(std::getenv("PATH") ? std::getenv("PATH") : "");
  for (std::string dir; std::getline(path, dir, ':');) {
    if (!dir.empty() && ::access((dir + "/" + program).c_str(), X_OK) == 0) return true;
  }
  return false;
}

std::set<std::string> scratchFolders() {
  std::set<std::string> s;
  for (const auto& e : fs::directory_iterator("/tmp")) {
    if (e.path().filename().string().rfind("hypercast-build-", 0) == 0) s.insert(e.path().string());
  }
  return s;
}

}  // namespace

// SIGINT while Verilator compiles the model, in a fresh cache whose path needs
// quoting (so the model is built in a scratch folder): no half-built model
// enters the cache, and the next run builds a good one and passes.
TEST(Interrupt, ModelBuildLeavesNoHalfBuiltModel) {
  const std::string t = hctest::tempFolder("intr-build");
  ASSERT_FALSE(t.empty());
  const std::string cache = t + "/cache $(touch pwned) it's ü";
  // ccache off: a cached compile could finish the build before the signal.
  const std::vector<std::pair<std::string, std::string>> env = {{"HYPERCAST_CACHE", cache},
                                                                {"CCACHE_DISABLE", "1"}};
  const std::vector<std::string> argv = {hctest::hypercast(), "simulate", "--m", "8", "--rho", "1",
                                         "--engine",          "cosim"};
  const auto scratch_before = scratchFolders();
  const hctest::Started p = hctest::start(argv, env, t);
  // The build log's first line is written just before Verilator starts.
  ASSERT_TRUE(hctest::waitUntil([&] { return !findAll(cache, "build.log").empty(); }, 120));
  std::this_thread::sleep_for(std::chrono::seconds(2));
  ASSERT_TRUE(hctest::running(p)) << "the build ended before the signal";
  ::kill(p.pid, SIGINT);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = hctest::finish(p, 60);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 20);
  expectInterrupted(r, SIGINT);
  EXPECT_EQ(findAll(cache, ".tmp"), std::vector<std::string>{});
  EXPECT_EQ(findAll(cache, "hc-sim-rtl"), std::vector<std::string>{});
  EXPECT_EQ(findAll(cache, "obj"), std::vector<std::string>{});
  EXPECT_EQ(scratchFolders(), scratch_before);

  std::vector<std::string> again = argv;
  again.push_back("--json");
  // The rebuild may take its compiles from ccache: what it checks is the cache entry.
  const auto r2 = hctest::runArgv(again, {{"HYPERCAST_CACHE", cache}}, t);
  ASSERT_EQ(r2.code, 0) << r2.err;
  const nlohmann::json j = hctest::parseJson(r2.out);
  EXPECT_EQ(j.at("match"), true) << r2.out;
  EXPECT_EQ(j.at("verdict"), "pass") << r2.out;
  EXPECT_EQ(findAll(cache, "hc-sim-rtl").size(), 1u);
  EXPECT_EQ(findAll(cache, ".tmp"), std::vector<std::string>{});
  for (const std::string& f : findAll(t, "pwned")) {
    EXPECT_NE(fs::path(f).filename(), "pwned") << f;  // a shell ran "$(touch pwned)"
  }
  EXPECT_EQ(scratchFolders(), scratch_before);
  fs::remove_all(t);
}

// SIGINT while yosys runs (synth --no-pnr): the work folder goes, OUT is never
// created.
TEST(Interrupt, SynthLeavesNoWorkFolder) {
  ASSERT_TRUE(onPath("yosys")) << "yosys is not installed (scripts/install_deps.sh)";
  const std::string t = hctest::tempFolder("intr-synth");
  ASSERT_FALSE(t.empty());
  // In a folder that does not exist yet, named with a trailing '/': the work
  // folder goes beside it (never inside), and the folder made for it goes too.
  const std::string out = t + "/new/synth out/";
  const hctest::Started p = hctest::start(
      {hctest::hypercast(), "synth", "--m", "5", "--rho", "2", "--no-pnr", "--out", out}, {}, t);
  ASSERT_TRUE(hctest::waitUntil(
      [&] {
        std::error_code ec;
        for (const auto& e : fs::directory_iterator(t + "/new", ec)) {
          if (e.path().filename().string().rfind("synth out.work-", 0) == 0) return true;
        }
        return false;
      },
      60));
  std::this_thread::sleep_for(std::chrono::milliseconds(800));  // yosys is running
  ASSERT_TRUE(hctest::running(p)) << "synth ended before the signal";
  ::kill(p.pid, SIGINT);
  const auto r = hctest::finish(p, 60);
  expectInterrupted(r, SIGINT);
  EXPECT_TRUE(fs::is_empty(t));
  EXPECT_FALSE(fs::exists(out));
  fs::remove_all(t);
}

// SIGINT while sweep runs one of its points (a `hypercast simulate` child, which
// runs the harness): the children stop, and neither OUT, any temporary file nor
// the table's header appears.
TEST(Interrupt, SweepStopsItsRunsAndWritesNothing) {
  const std::string t = hctest::tempFolder("intr-sweep");
  ASSERT_FALSE(t.empty());
  const std::string out = t + "/sweep out";
  hctest::CmdResult r;
  ASSERT_NO_FATAL_FAILURE(
      runAndInterrupt({hctest::hypercast(), "sweep", "--m", "8,6,5", "--rho", "3,2,1", "--rates",
                       "0.02,0.03", "--cycles", "20000", "--engine", "systemc", "--out", out},
                      t, SIGINT, r));
  EXPECT_EQ(r.out, "");  // no point finished: not even the table's header
  EXPECT_TRUE(fs::is_empty(t));
  EXPECT_FALSE(fs::exists(out));
  fs::remove_all(t);
}

// SIGTERM to the run a sweep is waiting for, not to the sweep (as a batch
// system or a user's kill may do): the sweep ends as interrupted, exit 143,
// and writes nothing.
TEST(Interrupt, SweepEndsWhenItsRunIsInterrupted) {
  const std::string t = hctest::tempFolder("intr-sweep-run");
  ASSERT_FALSE(t.empty());
  const std::string out = t + "/out";
  const hctest::Started p =
      hctest::start({hctest::hypercast(), "sweep", "--m", "8,6,5", "--rho", "3,2,1", "--rates",
                     "0.02,0.03", "--cycles", "20000", "--engine", "systemc", "--out", out},
                    {}, t);
  // The sweep's child, `hypercast simulate`, once it runs.
  const std::string children =
      "/proc/" + std::to_string(p.pid) + "/task/" + std::to_string(p.pid) + "/children";
  long child = 0;
  EXPECT_TRUE(hctest::waitUntil(
      [&] {
        std::istringstream(hctest::slurp(children)) >> child;
        return child > 0;
      },
      30));
  ASSERT_GT(child, 0);
  std::this_thread::sleep_for(std::chrono::seconds(1));
  ::kill(static_cast<pid_t>(child), SIGTERM);
  const hctest::CmdResult r = hctest::finish(p, 60);
  expectInterrupted(r, SIGTERM);
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(fs::is_empty(t));
  fs::remove_all(t);
}

// SIGTERM while the simulation harness runs (a long load run on the SystemC
// model): it is stopped, and no trace or temporary file is left.
TEST(Interrupt, TermStopsTheHarness) {
  const std::string t = hctest::tempFolder("intr-harness");
  ASSERT_FALSE(t.empty());
  hctest::CmdResult r;
  ASSERT_NO_FATAL_FAILURE(
      runAndInterrupt({hctest::hypercast(), "simulate", "--m", "8,6,5", "--rho", "3,2,1",
                       "--traffic", "uniform", "--rate", "0.02", "--cycles", "20000", "--engine",
                       "systemc", "--quiet", "--trace", t + "/trace.csv"},
                      t, SIGTERM, r));
  EXPECT_TRUE(fs::is_empty(t));
  fs::remove_all(t);
}

// SIGINT while no child runs (building and writing a 2^20-node broadcast
// schedule, a 24 MB CSV that takes seconds): the handler itself removes the
// temporary file and exits. At least one of the three signals must land while
// the schedule is being built or written, or the test exercised nothing.
TEST(Interrupt, ScheduleWriteLeavesNothing) {
  int interrupted = 0;
  for (int delay_ms : {100, 250, 400}) {
    const std::string t = hctest::tempFolder("intr-sched");
    ASSERT_FALSE(t.empty());
    const hctest::Started p =
        hctest::start({hctest::hypercast(), "schedule", "--dim", "20", "--collective", "broadcast",
                       "--output", t + "/big.csv"},
                      {}, t);
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
    if (!hctest::running(p)) {  // already finished: nothing to interrupt this time
      EXPECT_EQ(hctest::finish(p).code, 0);
      fs::remove_all(t);
      continue;
    }
    ::kill(p.pid, SIGINT);
    const auto r = hctest::finish(p, 60);
    if (r.code == 0) {  // it ended between the check and the signal
      EXPECT_TRUE(fs::exists(t + "/big.csv"));
    } else {
      ++interrupted;
      expectInterrupted(r, SIGINT);
      EXPECT_EQ(r.err, "hypercast: interrupted\n");
      EXPECT_TRUE(fs::is_empty(t)) << delay_ms << " ms";
    }
    fs::remove_all(t);
  }
  EXPECT_GE(interrupted, 1) << "every run finished before its signal: the handler was not tested";
}
