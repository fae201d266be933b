// The progress reporter (gen/util/progress.*): its plain lines off a terminal,
// its bar on one, the heartbeat, --quiet; and the rule on the command line:
// `sweep --json` keeps stdout one JSON document while stderr gets progress, and
// `regress run` off a terminal prints status lines between its jobs' lines.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "test_util.h"
#include "topology/registry.h"
#include "util/progress.h"

namespace fs = std::filesystem;
using hypercast::Progress;

namespace {

using hctest::count;
using hctest::lines;

Progress::Options plain(std::ostream& os, double interval) {
  Progress::Options o;
  o.out = &os;
  o.tty = 0;
  o.interval = interval;
  return o;
}

}  // namespace

// Off a terminal, with HYPERCAST_PROGRESS_SECONDS=0, every update prints a plain
// line, and finish() one more unless it would repeat the last.
TEST(Progress, PlainLinesWithTheIntervalFromTheEnvironment) {
  ::setenv("HYPERCAST_PROGRESS_SECONDS", "0", 1);
  EXPECT_EQ(Progress::intervalSeconds(), 0);
  std::ostringstream os;
  {
    Progress p("points", 3, plain(os, -1));
    p.detail("rate 0.1");
    p.tick();
    p.detail("rate 0.2");
    p.update(2);
    p.detail("");
    p.tick();
    p.finish();
    p.finish();  // once only
  }
  ::unsetenv("HYPERCAST_PROGRESS_SECONDS");
  const std::vector<std::string> l = lines(os.str());
  ASSERT_EQ(l.size(), 3u) << os.str();
  EXPECT_EQ(l[0], "points: 1/3  rate 0.1  0:00  ~0:00 left");
  EXPECT_EQ(l[1], "points: 2/3  rate 0.2  0:00  ~0:00 left");
  EXPECT_EQ(l[2], "points: 3/3  0:00  ~0:00 left");
  EXPECT_EQ(os.str().find('\r'), std::string::npos);
}

// The variable takes fractions; anything else leaves the 10 s.
TEST(Progress, IntervalFromTheEnvironment) {
  ::setenv("HYPERCAST_PROGRESS_SECONDS", "0.25", 1);
  EXPECT_EQ(Progress::intervalSeconds(), 0.25);
  ::setenv("HYPERCAST_PROGRESS_SECONDS", "soon", 1);
  EXPECT_EQ(Progress::intervalSeconds(), 10);
  ::setenv("HYPERCAST_PROGRESS_SECONDS", "-1", 1);
  EXPECT_EQ(Progress::intervalSeconds(), 10);
  ::unsetenv("HYPERCAST_PROGRESS_SECONDS");
  EXPECT_EQ(Progress::intervalSeconds(), 10);
}

// A step shorter than 2 s, with the 10 s interval, prints nothing.
TEST(Progress, AShortStepIsSilent) {
  std::ostringstream os;
  Progress p("quick", 100, plain(os, 10));
  for (int i = 0; i < 100; ++i) p.tick();
  p.finish();
  EXPECT_EQ(os.str(), "");
}

// No total: the count with its unit, or the time alone.
TEST(Progress, WithoutATotal) {
  std::ostringstream os;
  Progress::Options o = plain(os, 0);
  o.unit = "cycle";
  Progress p("hc-sim", 0, o);
  p.update(4096);
  Progress q("building Verilated model", 0, plain(os, 0));
  q.update(0);
  EXPECT_EQ(os.str(), "hc-sim: cycle 4096  0:00\nbuilding Verilated model: 0:00\n");
}

// The heartbeat prints on time while the caller blocks, and stops at finish().
TEST(Progress, HeartbeatWhileBlocked) {
  std::ostringstream os;
  Progress p("building Verilated model", 0, plain(os, 0.2));
  p.heartbeat();
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  p.finish();
  const size_t n = lines(os.str()).size();
  EXPECT_GE(n, 3u) << os.str();
  EXPECT_LE(n, 7u) << os.str();
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  EXPECT_EQ(lines(os.str()).size(), n) << "a line after finish()";
  for (const std::string& l : lines(os.str())) {
    EXPECT_EQ(l.rfind("building Verilated model: 0:0", 0), 0u) << l;
  }
}

// A tight loop stores its count with set(); the heartbeat prints it.
TEST(Progress, SetWithTheHeartbeat) {
  std::ostringstream os;
  Progress::Options o = plain(os, 0.2);
  o.unit = "cycle";
  Progress p("hc-sim", 0, o);
  p.heartbeat();
  for (long long c = 0; c <= 4096; ++c) p.set(c);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  p.finish();
  EXPECT_NE(os.str().find("hc-sim: cycle 4096  0:00\n"), std::string::npos) << os.str();
}

// On a terminal: the bar, redrawn with \r, and a newline at the end.
TEST(Progress, BarOnATerminal) {
  std::ostringstream os;
  Progress::Options o;
  o.out = &os;
  o.tty = 1;
  o.delay = 0;
  Progress p("sweep", 4, o);
  p.update(1);
  p.message("a failure");
  p.update(4);
  p.finish();
  const std::string s = os.str();
  EXPECT_EQ(s.rfind("\rsweep [#####---------------] 1/4  0:00  ~0:00 left\x1b[K", 0), 0u) << s;
  EXPECT_NE(s.find("\r\x1b[Ka failure\n\rsweep [#####"), std::string::npos) << s;
  EXPECT_NE(s.find("\rsweep [####################] 4/4  0:00  ~0:00 left\x1b[K\n"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.back(), '\n');
}

// --quiet: no progress at all; messages still print.
TEST(Progress, QuietPrintsMessagesOnly) {
  std::ostringstream os;
  Progress::Options o = plain(os, 0);
  o.quiet = true;
  Progress p("sweep", 2, o);
  p.heartbeat();
  p.tick();
  p.message("run failed");
  p.tick();
  p.finish();
  EXPECT_EQ(os.str(), "run failed\n");
}

// An error or an interrupt unwinding past the reporter: no last line, and a
// terminal's bar is erased (the error's own line follows on a clean line).
TEST(Progress, UnwindingLeavesNoLastLine) {
  std::ostringstream os, tty;
  try {
    Progress p("sweep", 2, plain(os, 0));
    Progress::Options o;
    o.out = &tty;
    o.tty = 1;
    o.delay = 0;
    Progress q("sweep", 2, o);
    q.update(1);
    throw std::runtime_error("interrupted");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(os.str(), "");
  const std::string t = tty.str();
  EXPECT_EQ(t.substr(t.size() - 4), "\r\x1b[K") << t;
}

TEST(Progress, Clock) {
  EXPECT_EQ(Progress::clock(0), "0:00");
  EXPECT_EQ(Progress::clock(65), "1:05");
  EXPECT_EQ(Progress::clock(3725), "1:02:05");
  EXPECT_EQ(Progress::clock(-1), "?");
}

// sweep --json: stdout is the one JSON document, stderr gets the progress.
TEST(Progress, SweepJsonKeepsStdoutOneDocument) {
  const std::string dir = hctest::tempFolder("progress-sweep");
  const auto r = hctest::runArgv({hctest::hypercast(), "sweep", "--m", "4", "--rho", "1", "--rates",
                                  "0.1,0.2", "--cycles", "300", "--out", dir + "/out", "--json"},
                                 {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);  // the whole of stdout
  ASSERT_TRUE(j.is_object()) << r.out;
  ASSERT_EQ(j.at("points").size(), 2u) << r.out;
  EXPECT_EQ(j.at("points")[1].at("verdict"), "pass");
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_FALSE(j.contains("pass"));  // the verdict says it once
  EXPECT_EQ(j.at("csv"), dir + "/out/load_latency.csv");
  EXPECT_TRUE(fs::exists(dir + "/out/load_latency.svg"));
  EXPECT_NE(r.err.find("sweep: 1/2  rate 0.1"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("sweep: 2/2"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("sweep:"), std::string::npos) << r.out;

  // --quiet: no progress on stderr.
  const auto q =
      hctest::runArgv({hctest::hypercast(), "sweep", "--m", "4", "--rho", "1", "--rates", "0.1",
                       "--cycles", "300", "--out", dir + "/q", "--json", "--quiet"},
                      {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  ASSERT_EQ(q.code, 0) << q.out << q.err;
  EXPECT_NO_THROW(hctest::parseJson(q.out));
  EXPECT_EQ(q.err.find("sweep:"), std::string::npos) << q.err;
  fs::remove_all(dir);
}

// The harness (tb/router_harness.cpp) reports the cycle reached on stderr; its stdout
// stays the report alone.
TEST(Progress, HarnessReportsCyclesOnStderr) {
  const auto r = hctest::runArgv(
      {hctest::hypercast(), "simulate", "--m", "4", "--rho", "1", "--traffic", "uniform", "--rate",
       "0.2", "--cycles", "2000", "--engine", "systemc", "--json"},
      {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NO_THROW(hctest::parseJson(r.out)) << r.out;
  EXPECT_NE(r.err.find("hc-sim: cycle "), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("hc-sim"), std::string::npos) << r.out;
}

// regress run off a terminal: besides each job's line, status lines with the
// jobs done, running and in all.
TEST(Progress, RegressStatusLinesOffATerminal) {
  const std::string dir = hctest::tempFolder("progress-regress");
  std::ofstream(dir + "/r.yaml")
      << "networks: [{name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}]\n"
         "workloads: [{name: bcast, source: [0, 1, 2]}]\n";
  ASSERT_EQ(hctest::runArgv(
                {hctest::hypercast(), "regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"})
                .code,
            0);
  const auto r = hctest::runArgv({hctest::hypercast(), "regress", "run", dir + "/reg", "-j", "2"},
                                 {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(count(r.err, "] PASS "), 3u) << r.err;
  EXPECT_NE(r.err.find("regress: 0/3  passed 0  failed 0  running "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("regress: 3/3  passed 3  failed 0  running 0"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;
  fs::remove_all(dir);
}

// simulate passes the harness's progress on while it runs (it held the
// harness's stderr until the end): the cycle lines of a long load run reach
// stderr before the run ends.
TEST(Progress, SimulatePassesTheHarnessLinesOnAsTheyCome) {
  const hctest::Started s =
      hctest::start({hctest::hypercast(), "simulate", "--m", "4", "--rho", "1", "--traffic",
                     "uniform", "--rate", "0.02", "--cycles", "5000000", "--engine", "systemc"},
                    {{"HYPERCAST_PROGRESS_SECONDS", "0.2"}});
  bool seen_running = false;
  hctest::waitUntil(
      [&] {
        if (hctest::slurp(s.err_path).find("hc-sim: cycle ") == std::string::npos) {
          return !hctest::running(s);
        }
        seen_running = hctest::running(s);
        return true;
      },
      300);
  ::kill(s.pid, SIGTERM);
  const auto r = hctest::finish(s);
  EXPECT_TRUE(seen_running) << r.err;
  EXPECT_EQ(r.code, 143) << r.err;
}

// A collective's schedule reports its phases on stderr (a large one takes
// minutes); stdout keeps the report alone.
TEST(Progress, ScheduleReportsItsPhases) {
  const auto r = hctest::runArgv({hctest::hypercast(), "schedule", "--topology", "hypercube",
                                  "--dim", "4", "--collective", "total-exchange", "--json"},
                                 {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NO_THROW(hctest::parseJson(r.out)) << r.out;
  EXPECT_NE(r.err.find("schedule: "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("hypercast:"), std::string::npos) << r.err;

  // Writing the CSV (tens of millions of rows take seconds) counts the rows
  // written of all, as sweep counts its rates and tcd its sources.
  const std::string dir = hctest::tempFolder("progress-schedule");
  const auto w =
      hctest::runArgv({hctest::hypercast(), "schedule", "--topology", "hypercube", "--dim", "4",
                       "--collective", "total-exchange", "--json", "--output", dir + "/s.csv"},
                      {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  ASSERT_EQ(w.code, 0) << w.err;
  const std::string n =
      std::to_string(hctest::parseJson(w.out).at("figures").at("transmissions").get<int>());
  EXPECT_EQ(hctest::lines(hctest::slurp(dir + "/s.csv")).size(), std::stoul(n) + 1);
  EXPECT_NE(w.err.find("schedule: transmissions " + n + "/" + n + "  "), std::string::npos)
      << w.err;
  fs::remove_all(dir);
}

// info on a damaged network (seconds from a few thousand nodes on) names the
// phase it is in: the graph's facts, then the intact network's.
TEST(Progress, InfoNamesItsPhases) {
  const auto r = hctest::runArgv({hctest::hypercast(), "info", "--topology", "hypercube", "--dim",
                                  "9", "--remove-links", "0-1", "--json"},
                                 {{"HYPERCAST_PROGRESS_SECONDS", "0.05"}});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NO_THROW(hctest::parseJson(r.out)) << r.out;
  const size_t graph = r.err.find("info: the graph's degrees, distances and symmetry");
  const size_t intact = r.err.find("info: the intact network's degrees, distances and symmetry");
  EXPECT_NE(graph, std::string::npos) << r.err;
  EXPECT_NE(intact, std::string::npos) << r.err;
  EXPECT_LT(graph, intact) << r.err;
}

// Reading a graph file reports through the options the layer above puts in
// force (topology/registry.h, GraphReadProgress): its line on the stream given,
// none when quiet, and Progress's defaults again once the scope ends. Here with
// a 0 s interval, so that a read of any length shows.
TEST(Progress, GraphReadReportsWithTheOptionsSetFromAbove) {
  const std::string dir = hctest::tempFolder("progress-graph-read");
  const std::string loud = dir + "/loud.txt", quiet = dir + "/quiet.txt";
  std::ofstream(loud) << "a b\nb c\nc a\n";
  std::ofstream(quiet) << "a b\nb c\nc d\nd a\n";
  std::ostringstream os;
  {
    const hypercast::GraphReadProgress scope(plain(os, 0));
    EXPECT_EQ(hypercast::parseNetworkDesc({{"topology", "graph"}, {"graph", loud}}).nodes(), 3u);
  }
  EXPECT_NE(os.str().find("reading " + loud + ": "), std::string::npos) << os.str();
  std::ostringstream qs;
  {
    Progress::Options o = plain(qs, 0);
    o.quiet = true;
    const hypercast::GraphReadProgress scope(o);
    EXPECT_TRUE(hypercast::GraphReadProgress::current().quiet);
    EXPECT_EQ(hypercast::parseNetworkDesc({{"topology", "graph"}, {"graph", quiet}}).nodes(), 4u);
  }
  EXPECT_EQ(qs.str(), "");
  EXPECT_FALSE(hypercast::GraphReadProgress::current().quiet);
  EXPECT_EQ(hypercast::GraphReadProgress::current().out, nullptr);
  fs::remove_all(dir);
}

// simulate --quiet on a graph file: nothing on stderr, the file's reading
// included (HYPERCAST_PROGRESS_SECONDS=0 shows every step, however short);
// without --quiet the reading has its line.
TEST(Progress, QuietSimulateReadsAGraphFileSilently) {
  const std::string dir = hctest::tempFolder("progress-graph-quiet");
  const std::string graph = dir + "/ring.txt";
  std::ofstream(graph) << "a b\nb c\nc d\nd a\n";
  const std::vector<std::string> sim = {
      hctest::hypercast(), "simulate",  "--topology", "graph",  "--graph", graph,
      "--collective",      "broadcast", "--engine",   "systemc"};
  std::vector<std::string> quiet = sim;
  quiet.push_back("--quiet");
  const auto q = hctest::runArgv(quiet, {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  ASSERT_EQ(q.code, 0) << q.out << q.err;
  EXPECT_EQ(q.err, "");
  const auto r = hctest::runArgv(sim, {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("reading " + graph + ": "), std::string::npos) << r.err;
  fs::remove_all(dir);
}
