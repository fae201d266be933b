// `hypercast regress`: plan, run, report on a small regression of 13
// quick jobs (tests/regress/small.yaml: the 3-cube and the hypercycle
// G^{1,1}_{3,3}, SystemC model), one of which must fail (a fault injected into
// the model) and show as a JUnit failure; resuming after the runner is killed
// midway; the regression file's bad inputs; the SLURM scripts' text. The run
// on a real SLURM cluster is scripts/slurm_test.sh (make test-slurm).
#include <gtest/gtest.h>
#include <pty.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "regress/junit_xml.h"
#include "regress/regress_result.h"
#include "regress/regress_runner.h"
#include "test_util.h"

namespace fs = std::filesystem;

namespace {

const std::string kSmall = std::string(HC_SOURCE_DIR) + "/tests/regress/small.yaml";
// small.yaml's jobs, counted from the file: sched 2 networks x 3 collectives,
// coll 2 collectives on q3, bcast 2 sources and load 2 rates on g33 (the
// hypercube has no broadcast router), fault 1.
constexpr int kSmallJobs = 6 + 2 + 2 + 2 + 1;
const std::string kFaultJob = "g33.fault.systemc";

hctest::CmdResult hc(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {hctest::hypercast()};
  argv.insert(argv.end(), args.begin(), args.end());
  return hctest::runArgv(argv);
}

using hctest::count;
using hctest::lines;

// Job ids of the result folders that hold a summary (complete), and the other
// entries of results/. A job's work folder (".tmp-ID@HOST-PID") is not a
// result even once its summary is written: it becomes one only when renamed to
// ID, so a runner stopped before the rename leaves it unfinished.
std::set<std::string> complete(const std::string& dir, std::vector<std::string>* others = nullptr) {
  std::set<std::string> done;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir + "/results", ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(".tmp-", 0) != 0 && fs::exists(e.path() / "summary.json")) {
      done.insert(name);
    } else if (others) {
      others->push_back(name);
    }
  }
  return done;
}

std::string planSmall(const std::string& tag) {
  const std::string dir = hctest::tempFolder(tag);
  const auto r = hc({"regress", "plan", kSmall, "--out", dir});
  EXPECT_EQ(r.code, 0) << r.err;
  return dir;
}

// A regression file in a fresh folder.
std::string writeYaml(const std::string& text) {
  const std::string dir = hctest::tempFolder("regress-yaml");
  std::ofstream(dir + "/bad.yaml") << text;
  return dir + "/bad.yaml";
}

// `regress run REG -j 2` with stderr on a pseudo-terminal (stdout to
// /dev/null): what the terminal received, and the exit status.
std::string runOnATerminal(const std::string& reg, int* status) {
  int master = -1, slave = -1;
  if (::openpty(&master, &slave, nullptr, nullptr, nullptr) != 0) return "openpty failed";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(slave, 2);
    ::close(master);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::setenv("TERM", "xterm", 1);
    ::execl(hctest::hypercast().c_str(), "hypercast", "regress", "run", reg.c_str(), "-j", "2",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(slave);
  std::string tty;
  char buf[4096];
  for (ssize_t n; (n = ::read(master, buf, sizeof buf)) > 0;) tty.append(buf, n);  // EIO at the end
  int wstatus = 0;
  ::waitpid(pid, &wstatus, 0);
  ::close(master);
  *status = wstatus;
  return tty;
}

}  // namespace

TEST(Regress, PlanWritesOneJobPerLine) {
  const std::string dir = planSmall("regress-plan");
  const auto l = lines(hctest::slurp(dir + "/jobs.json"));
  ASSERT_EQ(l.size(), kSmallJobs + 2u);  // "[", a line per job, "]"
  EXPECT_EQ(l.front(), "[");
  EXPECT_EQ(l.back(), "]");
  std::set<std::string> ids;
  for (int i = 0; i < kSmallJobs; ++i) {
    std::string line = l[i + 1];
    if (line.back() == ',') line.pop_back();
    const nlohmann::json j = hctest::parseJson(line);
    EXPECT_EQ(j.at("index"), i);
    ids.insert(j.at("id").get<std::string>());
    const auto argv = j.at("argv").get<std::vector<std::string>>();
    ASSERT_FALSE(argv.empty());
    EXPECT_EQ(argv[0], j.at("command").get<std::string>());
    EXPECT_NE(std::find(argv.begin(), argv.end(), "--json"), argv.end()) << line;
    if (j.at("command") == "simulate") {
      EXPECT_NE(std::find(argv.begin(), argv.end(), "systemc"), argv.end()) << line;
    }
  }
  EXPECT_EQ(ids.size(), static_cast<size_t>(kSmallJobs));
  EXPECT_TRUE(ids.count(kFaultJob));
  EXPECT_TRUE(ids.count("g33.load.systemc.rate0.2"));
  EXPECT_TRUE(ids.count("q3.sched.total-exchange"));
  // The hypercube has no broadcast router: bcast skipped there, and said so.
  EXPECT_FALSE(ids.count("q3.bcast.systemc.source0"));
  const nlohmann::json meta = hctest::parseJson(hctest::slurp(dir + "/plan.json"));
  EXPECT_EQ(meta.at("name"), "small");
  EXPECT_EQ(meta.at("skipped").size(), 3u);  // q3 x bcast, load, fault
  fs::remove_all(dir);
}

TEST(Regress, RunThenReportWithOneFailure) {
  const std::string dir = planSmall("regress-run");
  const auto r = hc({"regress", "run", dir, "-j", "2"});
  EXPECT_EQ(r.code, 1) << r.out << r.err;  // the fault job fails
  // Not a terminal: a plain line per job.
  EXPECT_EQ(count(r.err, "] PASS "), kSmallJobs - 1u) << r.err;
  EXPECT_EQ(count(r.err, "] FAIL " + kFaultJob), 1u) << r.err;
  EXPECT_NE(r.out.find(std::to_string(kSmallJobs) + " jobs: " + std::to_string(kSmallJobs - 1) +
                       " passed, 1 failed, 0 errors"),
            std::string::npos)
      << r.out;
  std::vector<std::string> others;
  EXPECT_EQ(complete(dir, &others).size(), static_cast<size_t>(kSmallJobs));
  EXPECT_TRUE(others.empty()) << others.front();

  // The failed job: its summary names the checker's finding, its trace is kept.
  const std::string fault = dir + "/results/" + kFaultJob;
  const nlohmann::json s = hctest::parseJson(hctest::slurp(fault + "/summary.json"));
  EXPECT_EQ(s.at("status"), "fail");
  EXPECT_EQ(s.at("exit_code"), 1);
  const std::string message = s.at("message");
  EXPECT_EQ(message.rfind("checker: ", 0), 0u) << message;
  EXPECT_EQ(s.at("report").at("verdict"), "fail");
  EXPECT_TRUE(fs::file_size(fault + "/trace.csv") > 0);
  // The traced run's stderr has its own log: log.txt, whose last lines the
  // report shows, stays the failed run's.
  EXPECT_TRUE(fs::exists(fault + "/trace-log.txt"));
  EXPECT_EQ(hctest::slurp(fault + "/log.txt").find("--trace"), std::string::npos)
      << hctest::slurp(fault + "/log.txt");
  EXPECT_EQ(s.at("env").at("HYPERCAST_FAULT_NODE"), "0");
  // A passing job: its report and no trace.
  const std::string pass = dir + "/results/g33.bcast.systemc.source4";
  const nlohmann::json p = hctest::parseJson(hctest::slurp(pass + "/summary.json"));
  EXPECT_EQ(p.at("status"), "pass");
  EXPECT_EQ(p.at("report").at("figures").at("nodes"), 9);  // G^{1,1}_{3,3}: 3 x 3
  EXPECT_FALSE(fs::exists(pass + "/trace.csv"));

  // A second run finds everything done and runs nothing.
  const auto mtime = fs::last_write_time(pass + "/summary.json");
  const auto again = hc({"regress", "run", dir});
  EXPECT_EQ(again.code, 1);
  EXPECT_NE(again.err.find(std::to_string(kSmallJobs) + " already complete, 0 to run"),
            std::string::npos)
      << again.err;
  EXPECT_EQ(fs::last_write_time(pass + "/summary.json"), mtime);

  // The report: one testcase per job, the fault job a failure carrying the
  // checker's message; Markdown and JSON; exit 1.
  const auto rep = hc({"regress", "report", dir});
  EXPECT_EQ(rep.code, 1) << rep.err;
  const std::string junit = hctest::slurp(dir + "/junit.xml");
  EXPECT_EQ(count(junit, "<testcase "), static_cast<size_t>(kSmallJobs));
  EXPECT_EQ(count(junit, "<failure "), 1u);
  EXPECT_EQ(count(junit, "<error "), 0u);
  EXPECT_NE(junit.find("tests=\"13\" failures=\"1\" errors=\"0\" skipped=\"0\""),
            std::string::npos);
  const std::regex failed_case("<testcase classname=\"hypercast.g33\" name=\"" + kFaultJob +
                               "\" time=\"[0-9.]+\">\\s*<failure message=\"checker: ");
  EXPECT_TRUE(std::regex_search(junit, failed_case)) << junit;
  EXPECT_NE(junit.find("HYPERCAST_FAULT_NODE=0"), std::string::npos);
  const std::string md = hctest::slurp(dir + "/summary.md");
  EXPECT_NE(md.find("# Regression small: 12 of 13 passed"), std::string::npos) << md;
  // The cycles column: what the job's report ran (its figures.cycles).
  const long long cycles = p.at("report").at("figures").at("cycles");
  const std::regex pass_row(
      "\\| g33\\.bcast\\.systemc\\.source4 \\| simulate \\| g33 \\| systemc "
      "\\| pass \\| [0-9.]+ \\| " +
      std::to_string(cycles) + " \\|");
  EXPECT_TRUE(std::regex_search(md, pass_row)) << md;
  EXPECT_NE(md.find("| " + kFaultJob + " | fail | checker: "), std::string::npos) << md;
  const nlohmann::json rj = hctest::parseJson(hctest::slurp(dir + "/report.json"));
  EXPECT_EQ(rj.at("passed"), 12);
  EXPECT_EQ(rj.at("failed"), 1);
  EXPECT_EQ(rj.at("verdict"), "fail");
  fs::remove_all(dir);
}

// A job stopped by the watchdog is failed with the cycle its report stopped at
// (the report's figures.cycles), read from a real run's report: the model's
// fault hook starves every node, the watchdog stops the run.
TEST(Regress, WatchdogMessageNamesTheCycle) {
  const auto r = hctest::runArgv({hctest::hypercast(), "simulate", "--m", "3,3", "--rho", "1,1",
                                  "--engine", "systemc", "--watchdog", "2", "--json"},
                                 {{"HYPERCAST_FAULT_NODE", "0"}});
  ASSERT_EQ(r.code, 1) << r.err;
  nlohmann::json report = hctest::parseJson(r.out);
  ASSERT_TRUE(report.at("watchdog").get<bool>()) << r.out;
  const long long cycles = report.at("figures").at("cycles");
  // The checker's errors come first in the message; without them, the watchdog.
  report.erase("checker_errors");
  const auto o = hypercast::regress::classify(1, 0, report.dump(), "");
  EXPECT_EQ(o.status, "fail");
  EXPECT_EQ(o.message, "watchdog: no progress (stopped at cycle " + std::to_string(cycles) + ")");
}

// A job's inputs changed (the file re-planned with another cycle count): only
// the jobs whose argument vector changed run again.
TEST(Regress, ChangedJobsRunAgain) {
  const std::string dir = hctest::tempFolder("regress-change");
  const std::string base =
      "networks:\n  - {name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}\n"
      "workloads:\n  - {name: bcast, source: [0, 1, 2]}\n";
  std::ofstream(dir + "/r.yaml")
      << base + "  - {name: load, traffic: uniform, rate: 0.1, cycles: 100}\n";
  ASSERT_EQ(hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"}).code, 0);
  auto r = hc({"regress", "run", dir + "/reg"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("4 jobs, 0 already complete, 4 to run"), std::string::npos) << r.err;
  std::ofstream(dir + "/r.yaml")
      << base + "  - {name: load, traffic: uniform, rate: 0.1, cycles: 150}\n";
  ASSERT_EQ(hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"}).code, 0);
  r = hc({"regress", "run", dir + "/reg"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("4 jobs, 3 already complete, 1 to run"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("PASS g33.load.systemc"), std::string::npos) << r.err;
  fs::remove_all(dir);
}

// SIGKILL to the runner midway: the job it was running leaves no folder that
// looks complete, and the rerun runs exactly the jobs that are missing.
TEST(Regress, ResumesAfterKill) {
  for (const int sig : {SIGKILL, SIGINT}) {
    const std::string dir = planSmall("regress-kill");
    const hctest::Started p = hctest::start({hctest::hypercast(), "regress", "run", dir});
    ASSERT_TRUE(hctest::waitUntil([&] { return complete(dir).size() >= 3; }, 120));
    ::kill(p.pid, sig);
    const hctest::CmdResult killed = hctest::finish(p, 60);
    if (sig == SIGINT) {
      EXPECT_EQ(killed.code, 130) << killed.err;
      EXPECT_EQ(lines(killed.err).back(), "hypercast: interrupted");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // orphans got SIGTERM
    std::vector<std::string> others;
    const std::set<std::string> done = complete(dir, &others);
    ASSERT_GE(done.size(), 3u);
    ASSERT_LT(done.size(), static_cast<size_t>(kSmallJobs)) << "the run ended before the signal";
    for (const std::string& o : others) {
      EXPECT_EQ(o.rfind(".tmp-", 0), 0u) << o << ": a result folder without summary.json";
      if (sig == SIGINT) ADD_FAILURE() << o << " left behind by an interrupted run";
    }
    const auto r = hc({"regress", "run", dir});
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(
        r.err.find(std::to_string(kSmallJobs) + " jobs, " + std::to_string(done.size()) +
                   " already complete, " + std::to_string(kSmallJobs - done.size()) + " to run"),
        std::string::npos)
        << r.err;
    EXPECT_EQ(count(r.err, "] PASS ") + count(r.err, "] FAIL "), kSmallJobs - done.size());
    others.clear();
    EXPECT_EQ(complete(dir, &others).size(), static_cast<size_t>(kSmallJobs));
    EXPECT_TRUE(others.empty()) << others.front();
    fs::remove_all(dir);
  }
}

// On a terminal the progress bar is redrawn in place.
TEST(Regress, ProgressBarOnATerminal) {
  const std::string dir = hctest::tempFolder("regress-tty");
  std::ofstream(dir + "/r.yaml")
      << "networks: [{name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}]\n"
         "workloads: [{name: bcast, source: [0, 1, 2, 3]}]\n";
  ASSERT_EQ(hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"}).code, 0);
  int status = 0;
  const std::string tty = runOnATerminal(dir + "/reg", &status);
  EXPECT_EQ(WEXITSTATUS(status), 0) << tty;
  EXPECT_NE(tty.find("\rregress [####################] 4/4  passed 4  failed 0  running 0"),
            std::string::npos)
      << tty;
  EXPECT_EQ(tty.find("] PASS "), std::string::npos) << "plain lines on a terminal";
  fs::remove_all(dir);
}

TEST(Regress, JunitEscapesText) {
  using hypercast::regress::JunitCase;
  const std::string x = hypercast::regress::junitXml(
      "s<1>", {JunitCase{"c", "a&b", 1.5, "fail", "expected \"x\" < 'y'\x01", ""}});
  EXPECT_NE(x.find("<testsuite name=\"s&lt;1&gt;\" tests=\"1\" failures=\"1\""), std::string::npos)
      << x;
  EXPECT_NE(x.find("name=\"a&amp;b\" time=\"1.500\""), std::string::npos) << x;
  EXPECT_NE(x.find("message=\"expected &quot;x&quot; &lt; &apos;y&apos;\" type=\"failure\"/>"),
            std::string::npos)
      << x;
}

// synth jobs write into their own folder (a flag set false is left out); they
// take the hypercycle only.
TEST(Regress, SynthJobsWriteIntoTheirFolder) {
  const std::string dir = hctest::tempFolder("regress-synth");
  std::ofstream(dir + "/r.yaml")
      << "networks:\n"
         "  - {name: q3, topology: hypercube, dim: 3}\n"
         "  - {name: g55, topology: hypercycle, m: [5, 5], rho: [2, 2], buffer-depth: 1}\n"
         "workloads: [{name: area, command: synth, no-pnr: true, xilinx: false}]\n";
  auto r = hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("skipped          q3 x area: synth takes the hypercycle router"),
            std::string::npos)
      << r.out;
  const nlohmann::json jobs = hctest::parseJson(hctest::slurp(dir + "/reg/jobs.json"));
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].at("argv"),
            nlohmann::json({"synth", "--topology", "hypercycle", "--m", "5,5", "--rho", "2,2",
                            "--buffer-depth", "1", "--no-pnr", "--out", "{job_dir}/synth"}));
  EXPECT_EQ(jobs[0].at("id"), "g55.area");
  fs::remove_all(dir);
}

// Every bad regression file: exit 2 and one line "FILE:LINE: KEY: ..." (two
// jobs named alike: the swept key whose values make the same id).
TEST(Regress, BadFilesNameKeyAndLine) {
  const std::string nets =
      "networks:\n"
      "  - name: q3\n"
      "    topology: hypercube\n"
      "    dim: 3\n";
  const std::string loads =
      "workloads:\n"
      "  - name: te\n"
      "    collective: total-exchange\n";
  struct Case {
    std::string yaml, where;  // where: "LINE: KEY"
  };
  const std::vector<Case> cases = {
      {"nam: x\n" + nets + loads, "1: nam: unknown key"},
      {nets + loads + "repeats: many\n", "8: repeats: 'many' is not a whole number"},
      {nets + loads + "repeats: [1]\n", "8: repeats: expected a whole number, got a list"},
      {loads, "1: networks: missing"},
      {nets, "1: workloads: missing"},
      {"networks: q3\n" + loads, "1: networks: expected a non-empty list"},
      {"networks:\n  - name: q3\n    topology: hypercube\n    dim: 99\n" + loads,
       "4: networks[0].dim: --dim must be in 1..24, got 99"},
      {"networks:\n  - name: q3\n    topology: hypercube\n    radix: 3\n" + loads,
       "4: networks[0].radix: unknown key for a hypercube network"},
      {"networks:\n  - name: q3\n    topology: ring\n" + loads,
       "3: networks[0].topology: unknown topology 'ring'"},
      {"networks:\n  - topology: hypercube\n    dim: 3\n" + loads,
       "2: networks[0]: missing key 'name'"},
      {"networks:\n  - name: m\n    topology: mesh\n    dims: [4, x]\n" + loads,
       "4: networks[0].dims: --dims"},
      {nets + "workloads:\n  - name: te\n    colective: total-exchange\n",
       "7: workloads[0].colective: unknown key"},
      {nets + "workloads:\n  - name: te\n    collective: total-exchange\n    networks: [q4]\n",
       "8: workloads[0].networks[0]: no network named 'q4'"},
      {nets + "workloads:\n  - name: te\n    source: {a: 1}\n",
       "7: workloads[0].source: expected a value, got a mapping"},
      {nets + "workloads:\n  - name: b\n    networks: q3\n    source: 0\n",
       "7: workloads[0].networks: q3 is a hypercube: simulate without a collective"},
      {nets + loads + "engines: [systemc, rtl]\n", "8: engines[1]: unknown engine 'rtl'"},
      {nets + "workloads:\n  - name: te\n    trace: t.csv\n",
       "7: workloads[0].trace: 'trace' is set by the regression itself"},
      // output: would have a job write outside the regression's folder
      {"networks: [{name: q2, topology: hypercube, dim: 2}]\n"
       "workloads:\n  - name: b\n    command: schedule\n    collective: broadcast\n"
       "    output: /tmp/hctest-never.csv\n",
       "6: workloads[0].output: 'output' is set by the regression itself\n"},
      // a second YAML document is refused, not ignored
      {"networks: [{name: q2, topology: hypercube, dim: 2}]\n"
       "workloads: [{name: b, command: schedule, collective: broadcast}]\n---\nfoo: 1\n",
       "4: a second YAML document ('---'); a regression file is one document\n"},
      {nets + "  dim: 3\n" + loads, "5:"},  // YAML syntax: the parser's line
      {"name: a b\n" + nets + loads, "1: name: 'a b' is no name (letters, digits, '_' and '-')"},
      {"networks:\n  - name: g\n    topology: graph\n    graph: g.txt\n    directed: maybe\n" +
           loads,
       "5: networks[0].directed: a flag takes true or false"},
      {nets + "workloads:\n  - name: b\n    all-sources: maybe\n",
       "7: workloads[0].all-sources: a flag takes true or false"},
      {nets + "workloads:\n  - name: te\n    collective: total-exchange\n    dim: 4\n",
       "8: workloads[0].dim: 'dim' describes a network: put it under networks:"},
      {nets + "workloads:\n  - name: te\n    collective: []\n",
       "7: workloads[0].collective: an empty list sweeps nothing"},
      {nets + "  - name: q3\n    topology: hypercube\n    dim: 4\n" + loads,
       "5: networks[1].name: duplicate network name"},
      {nets + loads + "  - name: te\n    collective: broadcast\n",
       "8: workloads[1].name: duplicate workload name"},
      // A router broadcast on the hypercube alone: skipped there, so no job at
      // all; the error gives the first skip's reason and its workload.
      {nets + "workloads:\n  - name: b\n    source: 0\n",
       "6: workloads[0]: no job: no workload applies to any network (the first pair skipped: "
       "q3 x b: q3 is a hypercube: simulate without a collective runs the hypercycle's "
       "broadcast routers)"},
      {nets + "workloads:\n  - name: te\n    collective: [total-exchange, total-exchange]\n",
       "7: workloads[0].collective: two jobs named q3.te.systemc.total-exchange (give sweeps "
       "distinct values)"},
      {nets + "workloads:\n  - name: te\n    collective: broadcast\n    source: [1, 1]\n",
       "8: workloads[0].source: two jobs named q3.te.systemc.source1"},
      // fault-node where no model runs would do nothing: refused.
      {nets + "workloads:\n  - name: f\n    command: schedule\n    collective: broadcast\n"
              "    fault-node: 0\n",
       "9: workloads[0].fault-node: fault-node corrupts the SystemC model's node, and "
       "'hypercast schedule' runs no model"},
      {nets + "workloads:\n  - name: f\n    collective: broadcast\n    engines: [verilator]\n"
              "    fault-node: 0\n",
       "9: workloads[0].fault-node: fault-node corrupts the SystemC model's node, and the "
       "verilator engine runs no model"},
      // Keys are spelled with hyphens, as the options are.
      {nets + "workloads:\n  - name: f\n    source: 0\n    fault_node: 0\n",
       "8: workloads[0].fault_node: unknown key 'fault_node': keys are spelled with hyphens "
       "('fault-node')"},
  };
  for (const Case& c : cases) {
    const std::string file = writeYaml(c.yaml);
    const std::string dir = fs::path(file).parent_path().string();
    const auto r = hc({"regress", "plan", file, "--out", dir + "/out"});
    EXPECT_EQ(r.code, 2) << c.yaml;
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hypercast: " + file + ":" + c.where, 0), 0u)
        << "expected " << c.where << "\ngot " << r.err << "for\n"
        << c.yaml;
    EXPECT_FALSE(fs::exists(dir + "/out")) << "a bad file wrote something";
    fs::remove_all(dir);
  }
}

// Every job is checked by its command when the file is planned: a job the
// command would refuse when it runs is refused by plan (one line naming the
// job, exit 2, nothing written), not left to fail in `regress run`.
TEST(Regress, PlanRefusesAJobItsCommandRefuses) {
  const std::string cube = "networks:\n  - name: q\n    topology: hypercube\n    dim: 3\n";
  const std::string cycle =
      "networks:\n  - name: g\n    topology: hypercycle\n    m: [4]\n    rho: [1]\n";
  struct Case {
    std::string yaml, job, what;
  };
  const std::vector<Case> cases = {
      {cube + "workloads:\n  - name: w\n    collective: broadcast\n    rate: 0.1\n", "job q.w",
       "--rate is a hypercycle option"},
      {cycle + "workloads:\n  - name: w\n    source: 99\n", "job g.w", "99"},
      {cycle + "workloads:\n  - name: w\n    source: 0\n    seed: 3\n", "job g.w",
       "--seed needs --random or --traffic"},
      {cube + "workloads:\n  - name: w\n    command: schedule\n    collective: broadcast\n"
              "    source: 8\n",
       "job q.w", "8"},
      // --rtl-model has one name for the per-node model of every kind of
      // network: the old per-kind names are refused naming it.
      {cube + "engines: [cosim]\nworkloads:\n  - name: w\n    collective: broadcast\n"
              "    rtl-model: nodes\n",
       "job q.w.cosim", "--rtl-model nodes is now --rtl-model wired"},
      {cycle + "engines: [cosim]\nworkloads:\n  - name: w\n    source: 0\n"
               "    rtl-model: routers\n",
       "job g.w.cosim", "--rtl-model routers is now --rtl-model wired"},
  };
  for (const Case& c : cases) {
    const std::string file = writeYaml(c.yaml);
    const std::string dir = fs::path(file).parent_path().string();
    const auto r = hc({"regress", "plan", file, "--out", dir + "/out"});
    EXPECT_EQ(r.code, 2) << c.yaml << r.err;
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hypercast: " + file + ":", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.job), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.what), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/out")) << "a bad file wrote something";
    fs::remove_all(dir);
  }
  // The one name is planned for either kind, as the command takes it.
  const std::string file =
      writeYaml(cube +
                "engines: [cosim]\nworkloads:\n  - name: w\n    collective: broadcast\n"
                "    rtl-model: wired\n");
  const std::string dir = fs::path(file).parent_path().string();
  const auto r = hc({"regress", "plan", file, "--out", dir + "/out"});
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json jobs = hctest::parseJson(hctest::slurp(dir + "/out/jobs.json"));
  ASSERT_EQ(jobs.size(), 1u) << jobs;
  const nlohmann::json argv = jobs[0].at("argv");
  const auto at = std::find(argv.begin(), argv.end(), "--rtl-model");
  ASSERT_NE(at, argv.end()) << argv;
  EXPECT_EQ(*(at + 1), "wired") << argv;
  fs::remove_all(dir);
}

// The SLURM scripts: the array runs job i in task i, K at a time; the jobs
// that need a Verilated model are built first, one per model, in the build
// stage; the cache is exported to both.
TEST(Regress, SlurmScripts) {
  const std::string dir = hctest::tempFolder("regress-slurm");
  std::ofstream(dir + "/r.yaml")
      << "engines: [systemc, cosim]\n"
         "networks:\n"
         "  - {name: q3, topology: hypercube, dim: 3}\n"
         "  - {name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}\n"
         "workloads:\n"
         "  - {name: te, collective: total-exchange, networks: [q3]}\n"
         "  - {name: bcast, source: [0, 1, 2]}\n";
  ASSERT_EQ(hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"}).code, 0);
  // 2 engines x (1 + 3) jobs; cosim needs 2 models: q3's total exchange, g33's routers.
  const auto r =
      hctest::runArgv({hctest::hypercast(), "regress", "slurm", dir + "/reg", "--array-limit", "3",
                       "--partition", "debug", "--cache", dir + "/shared cache", "--time",
                       "1-2:30:00", "--mem", "4G", "--account", "lab_1"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string array = hctest::slurp(dir + "/reg/slurm/array.sbatch");
  EXPECT_NE(array.find("#SBATCH --array=0-7%3\n"), std::string::npos) << array;
  EXPECT_NE(array.find("#SBATCH --partition=debug\n"), std::string::npos) << array;
  for (const char* line :
       {"#SBATCH --time=1-2:30:00\n", "#SBATCH --mem=4G\n", "#SBATCH --account=lab_1\n"}) {
    EXPECT_NE(array.find(line), std::string::npos) << line << array;
    EXPECT_NE(hctest::slurp(dir + "/reg/slurm/build.sbatch").find(line), std::string::npos) << line;
  }
  EXPECT_NE(array.find("export HYPERCAST_CACHE='" + dir + "/shared cache'\n"), std::string::npos)
      << array;
  EXPECT_NE(array.find(" regress run-one " + dir + "/reg --index \"$SLURM_ARRAY_TASK_ID\"\n"),
            std::string::npos)
      << array;
  EXPECT_LT(array.find("#SBATCH --array"), array.find("\nset -e"));
  const std::string build = hctest::slurp(dir + "/reg/slurm/build.sbatch");
  EXPECT_EQ(count(build, " regress run-one "), 2u) << build;
  EXPECT_NE(build.find("# q3/total-exchange@0\n"), std::string::npos) << build;
  EXPECT_NE(build.find("# g33/router\n"), std::string::npos) << build;
  EXPECT_TRUE(fs::is_directory(dir + "/reg/slurm/logs"));
  EXPECT_NE(r.out.find("--dependency=afterok:"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

// A regression folder whose path holds a space: sbatch reads a directive's
// value up to white space unless it is in double quotes, so the log path is
// quoted; the printed "submit with" command quotes each path as a shell word.
TEST(Regress, SlurmQuotesAFolderWithASpace) {
  const std::string dir = hctest::tempFolder("regress-slurm-space") + "/sl urm";
  fs::create_directories(dir);
  std::ofstream(dir + "/r.yaml") << "engines: [systemc, cosim]\n"
                                    "networks:\n"
                                    "  - {name: q2, topology: hypercube, dim: 2}\n"
                                    "workloads:\n"
                                    "  - {name: te, collective: total-exchange}\n";
  ASSERT_EQ(hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"}).code, 0);
  const auto r = hctest::runArgv({hctest::hypercast(), "regress", "slurm", dir + "/reg"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string sd = dir + "/reg/slurm";
  const std::string array = hctest::slurp(sd + "/array.sbatch");
  EXPECT_NE(array.find("#SBATCH --output=\"" + sd + "/logs/task-%A_%a.out\"\n"), std::string::npos)
      << array;
  const std::string build = hctest::slurp(sd + "/build.sbatch");
  EXPECT_NE(build.find("#SBATCH --output=\"" + sd + "/logs/build-%j.out\"\n"), std::string::npos)
      << build;
  EXPECT_NE(r.out.find("id=$(sbatch --parsable '" + sd +
                       "/build.sbatch') && sbatch "
                       "--dependency=afterok:$id '" +
                       sd + "/array.sbatch'\n"),
            std::string::npos)
      << r.out;
  fs::remove_all(fs::path(dir).parent_path());
}

// run-one (an array task's command) runs one job, and succeeds when the job
// ran, whatever its verdict; run again it finds the job done.
TEST(Regress, RunOneIsAnArrayTask) {
  const std::string dir = planSmall("regress-one");
  const nlohmann::json jobs = hctest::parseJson(hctest::slurp(dir + "/jobs.json"));
  int fault = -1;
  for (const auto& j : jobs) {
    if (j.at("id") == kFaultJob) fault = j.at("index");
  }
  ASSERT_GE(fault, 0);
  auto r = hc({"regress", "run-one", dir, "--index", std::to_string(fault)});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("1 jobs: 0 passed, 1 failed"), std::string::npos) << r.out;
  EXPECT_EQ(complete(dir), std::set<std::string>{kFaultJob});
  r = hc({"regress", "run-one", dir, "--index", std::to_string(fault)});
  EXPECT_NE(r.err.find("1 jobs, 1 already complete, 0 to run"), std::string::npos) << r.err;
  r = hc({"regress", "run-one", dir, "--index", std::to_string(kSmallJobs)});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "hypercast: --index must be in 0.." + std::to_string(kSmallJobs - 1) + ", got " +
                       std::to_string(kSmallJobs) + "\n");
  // The report counts the jobs not run as missing: JUnit errors of type
  // not-run (never skipped, which CI shows as passing), exit 1.
  r = hc({"regress", "report", dir});
  EXPECT_EQ(r.code, 1);
  const nlohmann::json rj = hctest::parseJson(hctest::slurp(dir + "/report.json"));
  EXPECT_EQ(rj.at("missing"), kSmallJobs - 1);
  EXPECT_EQ(count(hctest::slurp(dir + "/junit.xml"), "<skipped "), 0u);
  EXPECT_NE(hctest::slurp(dir + "/junit.xml")
                .find("errors=\"" + std::to_string(kSmallJobs - 1) + "\" skipped=\"0\""),
            std::string::npos);
  EXPECT_EQ(count(hctest::slurp(dir + "/junit.xml"), "type=\"not-run\""),
            static_cast<size_t>(kSmallJobs - 1));
  fs::remove_all(dir);
}

TEST(Regress, VerbsAndOptions) {
  auto r = hc({"regress"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "hypercast: regress needs a verb: plan, run, run-one, slurm, report\n");
  r = hc({"regress", "walk", "/tmp"});
  EXPECT_EQ(r.err, "hypercast: unknown regress verb 'walk' (plan, run, run-one, slurm, report)\n");
  r = hc({"regress", "run", "/tmp", "--submit"});
  EXPECT_EQ(r.err, "hypercast: option --submit is not for 'regress run'\n");
  r = hc({"regress", "run", "/tmp", "-j", "0"});
  EXPECT_EQ(r.err, "hypercast: -j must be in 1..32, got 0\n");
  r = hc({"regress", "run", "/tmp", "-j"});
  EXPECT_EQ(r.err, "hypercast: option -j needs a value N\n");
  r = hc({"regress", "report", "/nonexistent-folder"});
  EXPECT_EQ(r.err, "hypercast: no folder /nonexistent-folder\n");
  r = hc({"regress", "run", "a", "b"});
  EXPECT_EQ(r.err, "hypercast: unexpected argument 'b' (see 'hypercast regress --help')\n");
}

// Limits and folder hazards: the plan's folder, the job count, the runner's
// lock, jobs.json's validation, the last frame of the bar.

// plan writes into a new or empty folder, or one an earlier plan made (its
// marker file); any other folder is refused and left as it was.
TEST(Regress, PlanWritesOnlyIntoItsOwnFolder) {
  const std::string dir = hctest::tempFolder("regress-own");
  std::ofstream(dir + "/jobs.json") << "mine\n";
  auto r = hc({"regress", "plan", kSmall, "--out", dir});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("was not made by regress plan"), std::string::npos) << r.err;
  EXPECT_EQ(hctest::slurp(dir + "/jobs.json"), "mine\n");
  fs::remove(dir + "/jobs.json");
  r = hc({"regress", "plan", kSmall, "--out", dir});  // empty now
  EXPECT_EQ(r.code, 0) << r.err;
  r = hc({"regress", "plan", kSmall, "--out", dir});  // an earlier plan's folder
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(hctest::parseJson(hctest::slurp(dir + "/jobs.json")).size(),
            static_cast<size_t>(kSmallJobs));
  fs::remove_all(dir);
}

// The jobs are counted before the sweep is expanded: networks x sweep values x
// engines x repeats, at most 100000 (--allow-large or HYPERCAST_ALLOW_LARGE=1
// raises it 64-fold).
TEST(Regress, PlanLimitsTheJobCount) {
  std::string seeds = "[1";
  for (int s = 2; s <= 100; ++s) seeds += ", " + std::to_string(s);
  seeds += "]";
  // 1 network x 100 seeds x 2 engines x 1000 repeats = 200000 jobs.
  const std::string yaml = writeYaml(
      "engines: [systemc, cosim]\nrepeats: 1000\n"
      "networks: [{name: q3, topology: hypercube, dim: 3}]\n"
      "workloads: [{name: b, collective: broadcast, seed: " +
      seeds + "}]\n");
  const std::string out = fs::path(yaml).parent_path().string() + "/plan";
  // Under 1 GiB and 20 s of CPU: expanding 200000 jobs is not needed to refuse them.
  const auto r = hctest::run("ulimit -v 1048576 && ulimit -t 20 && " + hctest::hypercast() +
                             " regress plan " + yaml + " --out " + out);
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err, "hypercast: " + yaml +
                       ":4: workloads[0]: the plan would have 200000 jobs, above the limit of "
                       "100000 (networks x sweep values x engines x repeats; "
                       "--allow-large or HYPERCAST_ALLOW_LARGE=1 raises it)\n");
  EXPECT_FALSE(fs::exists(out));
  // Raised, the limit is 6400000, which 4000 seeds x 2 engines x 1000 repeats
  // pass, whether it is raised by the option or by the environment.
  std::string many = "[1";
  for (int s = 2; s <= 4000; ++s) many += ", " + std::to_string(s);
  const std::string big = writeYaml(
      "engines: [systemc, cosim]\nrepeats: 1000\n"
      "networks: [{name: q3, topology: hypercube, dim: 3}]\n"
      "workloads: [{name: b, collective: broadcast, seed: " +
      many + "]}]\n");
  for (const std::string& how : {std::string(" --allow-large"), std::string("env")}) {
    const auto l = hctest::run(
        "ulimit -v 1048576 && ulimit -t 20 && " +
        (how == "env" ? "HYPERCAST_ALLOW_LARGE=1 " + hctest::hypercast() : hctest::hypercast()) +
        " regress plan " + big + " --out " + out + (how == "env" ? "" : how));
    EXPECT_EQ(l.code, 2) << how << ": " << l.err;
    EXPECT_EQ(l.err, "hypercast: " + big +
                         ":4: workloads[0]: the plan would have 8000000 jobs, above the limit of "
                         "6400000 (networks x sweep values x engines x repeats; "
                         "raised 64-fold already)\n")
        << how;
    EXPECT_FALSE(fs::exists(out)) << how;
  }
  fs::remove_all(fs::path(yaml).parent_path());
  fs::remove_all(fs::path(big).parent_path());
}

// A second `regress run` on a folder in use is refused in one line (exit 2); a
// stale work folder is removed only when the process that made it is gone.
TEST(Regress, RunLocksItsFolder) {
  const std::string dir = planSmall("regress-lock");
  const hctest::Started first = hctest::start({hctest::hypercast(), "regress", "run", dir});
  ASSERT_TRUE(hctest::waitUntil([&] { return !complete(dir).empty(); }, 120));
  const auto second = hc({"regress", "run", dir});
  EXPECT_EQ(second.code, 2) << second.err;
  EXPECT_EQ(second.err, "hypercast: " + dir +
                            " is locked: another hypercast regress run is "
                            "running on it\n");
  const hctest::CmdResult r = hctest::finish(first, 300);
  EXPECT_EQ(r.code, 1) << r.err;  // the fault job fails; nothing else went wrong
  EXPECT_EQ(complete(dir).size(), static_cast<size_t>(kSmallJobs));

  // Work folders of a live process (this test's) stay; of a dead one go.
  const nlohmann::json jobs = hctest::parseJson(hctest::slurp(dir + "/jobs.json"));
  char host[256] = {};
  ::gethostname(host, sizeof host - 1);
  const std::string id = jobs.at(0).at("id");
  const std::string live =
      dir + "/results/.tmp-" + id + "@" + host + "-" + std::to_string(::getpid());
  const std::string dead = dir + "/results/.tmp-" + id + "@" + host + "-999999999";
  fs::create_directories(live);
  fs::create_directories(dead);
  fs::remove_all(dir + "/results/" + id);  // the job runs again
  const auto again = hc({"regress", "run-one", dir, "--index", "0"});
  EXPECT_EQ(again.code, 0) << again.err;
  EXPECT_TRUE(fs::exists(live));
  EXPECT_FALSE(fs::exists(dead));
  fs::remove_all(dir);
}

// Ordinary mistakes are one-line errors naming the file and key, never an
// internal error: a folder as the regression file, a job without an id, a job
// whose env sets anything but HYPERCAST_FAULT_NODE.
TEST(Regress, JobFileMistakesNameFileAndKey) {
  const std::string dir = hctest::tempFolder("regress-mistakes");
  auto r = hc({"regress", "plan", dir, "--out", dir + "/out"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err, "hypercast: " + dir +
                       " is a folder, not a regression file (regress plan FILE.yaml --out DIR)\n");
  const std::string job =
      R"("index": 0, "command": "schedule", "network": "q3", "workload": "w", "repeat": 1, )"
      R"("argv": ["schedule", "--dim", "3", "--collective", "broadcast", "--json"])";
  struct Case {
    std::string json, error;
  };
  const std::vector<Case> cases = {
      {"[{" + job + "}]", "jobs.json: job 0: key 'id' is missing"},
      {"[{\"id\": \"a\", " + job + R"(, "env": {"LD_PRELOAD": "/tmp/x.so"}}])",
       "jobs.json: job 0: key 'env.LD_PRELOAD' is not allowed (a job's environment may set only "
       "HYPERCAST_FAULT_NODE)"},
      {"[{\"id\": 5, " + job + "}]", "jobs.json: job 0: key 'id' must be a string"},
      {"[{\"id\": \"a\", \"colour\": 1, " + job + "}]", "jobs.json: job 0: unknown key 'colour'"},
  };
  for (const Case& c : cases) {
    std::ofstream(dir + "/jobs.json") << c.json;
    r = hc({"regress", "run", dir});
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.err, "hypercast: " + dir + "/" + c.error + "\n");
  }
  fs::remove_all(dir);
}

// A fault-node that is no node of the network is refused when planned: the job
// would pass with no fault injected, though a fault job must fail.
TEST(Regress, FaultNodeMustBeANode) {
  const std::string yaml = writeYaml(
      "networks: [{name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}]\n"
      "workloads:\n"
      "  - name: fault\n"
      "    source: 0\n"
      "    fault-node: 9\n");
  const auto r =
      hc({"regress", "plan", yaml, "--out", fs::path(yaml).parent_path().string() + "/plan"});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_EQ(r.err, "hypercast: " + yaml +
                       ":5: workloads[0].fault-node: node 9 is not a node of g33 (9 nodes: "
                       "0..8)\n");
  fs::remove_all(fs::path(yaml).parent_path());
}

// The bar's last frame on a terminal counts what ended: every job done, none
// running, the failure counted once (a failed simulate job runs again with
// --trace before it is done).
TEST(Regress, LastFrameCountsWhatEnded) {
  const std::string dir = hctest::tempFolder("regress-frame");
  std::ofstream(dir + "/r.yaml")
      << "networks: [{name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}]\n"
         "workloads:\n"
         "  - {name: b, source: [0, 1, 2, 3, 4, 5, 6, 7, 8]}\n"
         "  - {name: fault, source: 0, fault-node: 0}\n";
  ASSERT_EQ(hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"}).code, 0);
  int status = 0;
  const std::string tty = runOnATerminal(dir + "/reg", &status);
  EXPECT_EQ(WEXITSTATUS(status), 1) << tty;
  const size_t last = tty.rfind("\rregress [");
  ASSERT_NE(last, std::string::npos) << tty;
  const std::string want = "\rregress [####################] 10/10  passed 9  failed 1  running 0";
  EXPECT_EQ(tty.compare(last, want.size(), want), 0) << tty.substr(last);
  fs::remove_all(dir);
}

// slurm's --cache is a folder, --partition and --account names, --time and
// --mem as sbatch reads them: an empty path, a file, a device, an empty
// partition or time, a time, size or name sbatch would not take are refused in
// one line, exit 2, nothing written.
TEST(Regress, SlurmRefusesABadCacheOrPartition) {
  const std::string dir = hctest::tempFolder("regress-slurm-bad");
  std::ofstream(dir + "/r.yaml") << "networks: [{name: q2, topology: hypercube, dim: 2}]\n"
                                    "workloads: [{name: b, command: schedule, collective: "
                                    "broadcast}]\n";
  ASSERT_EQ(hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"}).code, 0);
  std::ofstream(dir + "/file") << "x\n";
  struct Case {
    std::vector<std::string> extra;
    std::string error;
  };
  for (const Case& c : {
           Case{{"--cache", ""}, "hypercast: --cache: empty path\n"},
           Case{{"--cache", dir + "/file"},
                "hypercast: --cache " + dir +
                    "/file: not a folder (the Verilated-model cache is one)\n"},
           Case{{"--cache", "/dev/null"},
                "hypercast: --cache /dev/null: not a folder (the Verilated-model cache is one)\n"},
           Case{{"--partition", ""},
                "hypercast: --partition: empty name (leave the option out for the cluster's "
                "default)\n"},
           Case{{"--time", "1h"},
                "hypercast: --time: '1h' is no SLURM time (minutes, H:M:S or D-H:M:S)\n"},
           Case{{"--time", "1::2"},
                "hypercast: --time: '1::2' is no SLURM time (minutes, H:M:S or D-H:M:S)\n"},
           Case{{"--time", "1:2-3"},
                "hypercast: --time: '1:2-3' is no SLURM time (minutes, H:M:S or D-H:M:S)\n"},
           Case{{"--mem", "4GB"},
                "hypercast: --mem: '4GB' is no SLURM memory size (megabytes, or 4G, 512M)\n"},
           Case{{"--account", "a b"}, "hypercast: --account: 'a b' is no account name\n"},
           Case{{"--time", ""},
                "hypercast: --time: empty (leave the option out for the cluster's default)\n"},
       }) {
    std::vector<std::string> args = {"regress", "slurm", dir + "/reg"};
    args.insert(args.end(), c.extra.begin(), c.extra.end());
    const auto r = hc(args);
    EXPECT_EQ(r.code, 2) << c.error;
    EXPECT_EQ(r.err, c.error);
    EXPECT_FALSE(fs::exists(dir + "/reg/slurm")) << c.error;
  }
  // No limit, as sbatch takes it.
  const auto ok = hc({"regress", "slurm", dir + "/reg", "--time", "UNLIMITED"});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(hctest::slurp(dir + "/reg/slurm/array.sbatch").find("#SBATCH --time=UNLIMITED\n"),
            std::string::npos);
  fs::remove_all(dir);
}

// A relative graph: is read from the regression file's folder, wherever plan
// runs; the jobs name it by its absolute path.
TEST(Regress, RelativeGraphIsBesideTheFile) {
  const std::string dir = hctest::tempFolder("regress-graph");
  fs::create_directories(dir + "/spec/graphs");
  std::ofstream(dir + "/spec/graphs/ring.txt") << "a b\nb c\nc d\nd a\n";
  std::ofstream(dir + "/spec/r.yaml") << "networks: [{name: ring, topology: graph, graph: "
                                         "graphs/ring.txt}]\n"
                                         "workloads: [{name: b, command: schedule, collective: "
                                         "broadcast}]\n";
  // From another folder: the path is the file's folder's, not the current one's.
  const auto r = hctest::runArgv(
      {hctest::hypercast(), "regress", "plan", "spec/r.yaml", "--out", dir + "/reg"}, {}, dir);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string jobs = hctest::slurp(dir + "/reg/jobs.json");
  EXPECT_NE(jobs.find(dir + "/spec/graphs/ring.txt"), std::string::npos) << jobs;
  const auto run = hc({"regress", "run", dir + "/reg"});
  EXPECT_EQ(run.code, 0) << run.err << run.out;
  fs::remove_all(dir);
}

// The plan's folder may not hold the regression file (an earlier plan's folder
// where it was put): refused, nothing written.
TEST(Regress, PlanFolderThatHoldsTheFileIsRefused) {
  const std::string file = writeYaml(
      "networks: [{name: q2, topology: hypercube, dim: 2}]\n"
      "workloads: [{name: b, command: schedule, collective: broadcast}]\n");
  const std::string dir = fs::path(file).parent_path().string();
  std::ofstream(dir + "/.hypercast-regress") << "a regression folder of hypercast regress plan\n";
  const auto r = hc({"regress", "plan", file, "--out", dir});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "hypercast: --out " + dir + " holds the regression file " + file +
                       ": an output folder may not hold an input\n");
  EXPECT_FALSE(fs::exists(dir + "/jobs.json"));
  fs::remove_all(dir);
}

namespace {

// Plans `yaml` (written as DIR/r.yaml) into DIR/reg; its jobs.json.
nlohmann::json planned(const std::string& dir, const std::string& yaml) {
  std::ofstream(dir + "/r.yaml") << yaml;
  const auto r = hc({"regress", "plan", dir + "/r.yaml", "--out", dir + "/reg"});
  EXPECT_EQ(r.code, 0) << r.err;
  return hctest::parseJson(hctest::slurp(dir + "/reg/jobs.json"));
}

std::vector<std::string> argvOf(const nlohmann::json& jobs, const std::string& id) {
  for (const auto& j : jobs) {
    if (j.at("id") == id) return j.at("argv").get<std::vector<std::string>>();
  }
  ADD_FAILURE() << "no job " << id;
  return {};
}

bool has(const std::vector<std::string>& argv, const std::string& word) {
  return std::find(argv.begin(), argv.end(), word) != argv.end();
}

}  // namespace

// A swept value a network has no construction for skips that combination
// alone: the even-k torus's multinode broadcast of two messages, while its one
// message and the odd-k torus's two are planned; `schedule` agrees job by job.
// Naming the even-k torus in `networks:` makes the combination an error.
TEST(Regress, PlanSkipsASweptValueScheduleRefuses) {
  const std::string dir = hctest::tempFolder("regress-swept-misfit");
  const std::string nets =
      "networks:\n"
      "  - {name: t3, topology: torus, n: 2, k: 3}\n"
      "  - {name: t4, topology: torus, n: 2, k: 4}\n";
  const nlohmann::json jobs = planned(dir, nets +
                                               "workloads:\n"
                                               "  - {name: m, command: schedule, collective: "
                                               "multinode-broadcast, messages: [1, 2]}\n");
  std::set<std::string> ids;
  for (const auto& j : jobs) ids.insert(j.at("id").get<std::string>());
  EXPECT_EQ(ids, (std::set<std::string>{"t3.m.messages1", "t3.m.messages2", "t4.m.messages1"}))
      << jobs.dump();
  const std::string plan = hctest::slurp(dir + "/reg/plan.json");
  EXPECT_NE(plan.find("t4 x m (messages 2): the torus multinode-broadcast needs odd k"),
            std::string::npos)
      << plan;
  for (const std::string k : {"3", "4"}) {
    for (const std::string m : {"1", "2"}) {
      const auto r = hc({"schedule", "--topology", "torus", "--n", "2", "--k", k, "--collective",
                         "multinode-broadcast", "--messages", m});
      EXPECT_EQ(r.code == 0, ids.count("t" + k + ".m.messages" + m) == 1) << k << " " << m << r.err;
    }
  }
  // A swept collective the same way: the even-k torus's broadcast planned,
  // its scatter skipped.
  const nlohmann::json mixed = planned(dir, nets +
                                                "workloads:\n"
                                                "  - {name: c, command: schedule, collective: "
                                                "[broadcast, scatter]}\n");
  std::set<std::string> mixed_ids;
  for (const auto& j : mixed) mixed_ids.insert(j.at("id").get<std::string>());
  EXPECT_EQ(mixed_ids, (std::set<std::string>{"t3.c.broadcast", "t3.c.scatter", "t4.c.broadcast"}))
      << mixed.dump();
  EXPECT_NE(hctest::slurp(dir + "/reg/plan.json")
                .find("t4 x c (collective scatter): t4 (torus) has no scatter construction"),
            std::string::npos)
      << hctest::slurp(dir + "/reg/plan.json");
  std::ofstream(dir + "/named.yaml") << nets
                                     << "workloads:\n"
                                        "  - {name: m, command: schedule, collective: "
                                        "multinode-broadcast, messages: [1, 2], networks: [t4]}\n";
  const auto r = hc({"regress", "plan", dir + "/named.yaml", "--out", dir + "/named"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("t4 x m (messages 2): the torus multinode-broadcast needs odd k"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir + "/named"));
  fs::remove_all(dir);
}

// Jobs share a Verilated model only when the RTL is the same: a swept rate
// shares it, a swept payload width or endpoints does not, and the first job of
// each model builds it (the SLURM build stage).
TEST(Regress, ModelKeyFollowsTheRtl) {
  const std::string dir = hctest::tempFolder("regress-model-key");
  const nlohmann::json jobs =
      planned(dir,
              "networks:\n"
              "  - {name: g, topology: hypercycle, m: \"4,4\", rho: \"1,1\"}\n"
              "engines: [cosim]\n"
              "workloads:\n"
              "  - {name: r, command: simulate, traffic: uniform, rate: [0.1, 0.2], cycles: 100}\n"
              "  - {name: p, command: simulate, traffic: uniform, rate: 0.1, cycles: 100, "
              "payload-width: [8, 32]}\n"
              "  - {name: a, command: simulate, traffic: uniform, rate: 0.1, cycles: 100, "
              "endpoints: [native, axis]}\n");
  std::map<std::string, std::string> model;
  std::set<std::string> built;
  for (const auto& j : jobs) {
    const std::string id = j.at("id").get<std::string>();
    model[id] = j.at("model").get<std::string>();
    if (j.at("builds_model").get<bool>()) {
      EXPECT_TRUE(built.insert(model[id]).second) << id;
    }
  }
  EXPECT_EQ(model.at("g.r.cosim.rate0.1"), model.at("g.r.cosim.rate0.2"));
  EXPECT_EQ(model.at("g.r.cosim.rate0.1"), "g/router");
  EXPECT_EQ(model.at("g.p.cosim.payload-width8"), "g/router,payload-width=8");
  EXPECT_NE(model.at("g.p.cosim.payload-width8"), model.at("g.p.cosim.payload-width32"));
  EXPECT_NE(model.at("g.a.cosim.native"), model.at("g.a.cosim.axis"));
  std::set<std::string> all;
  for (const auto& kv : model) all.insert(kv.second);
  EXPECT_EQ(built, all);  // every model built once, by its first job
  fs::remove_all(dir);
}

// A swept switch names its job by its key: shared-rom, no-shared-rom; and the
// two are two Verilated models.
TEST(Regress, SweptSwitchNamesItsKey) {
  const std::string dir = hctest::tempFolder("regress-switch-id");
  const nlohmann::json jobs = planned(dir,
                                      "networks:\n"
                                      "  - {name: q3, topology: hypercube, dim: 3}\n"
                                      "engines: [cosim]\n"
                                      "workloads:\n"
                                      "  - {name: s, command: simulate, collective: "
                                      "multinode-broadcast, shared-rom: [true, false]}\n");
  std::map<std::string, std::string> model;
  for (const auto& j : jobs) model[j.at("id").get<std::string>()] = j.at("model");
  ASSERT_EQ(model.size(), 2u) << jobs.dump();
  EXPECT_EQ(model.count("q3.s.cosim.shared-rom"), 1u) << jobs.dump();
  EXPECT_EQ(model.count("q3.s.cosim.no-shared-rom"), 1u) << jobs.dump();
  EXPECT_NE(model["q3.s.cosim.shared-rom"], model["q3.s.cosim.no-shared-rom"]);
  fs::remove_all(dir);
}

// run --quiet prints no progress: no count line, no line per job that passed;
// a job that failed is still named.
TEST(Regress, QuietRunNamesOnlyFailures) {
  const std::string dir = hctest::tempFolder("regress-quiet");
  planned(dir,
          "networks:\n"
          "  - {name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}\n"
          "workloads:\n"
          "  - {name: ok, source: 0}\n"
          "  - {name: bad, source: 0, fault-node: 0}\n");
  const auto r = hc({"regress", "run", dir + "/reg", "--quiet"});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("FAIL g33.bad.systemc"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("PASS"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("regress: "), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("2 jobs: 1 passed, 1 failed"), std::string::npos) << r.out;
  fs::remove_all(dir);
}

// Planning again into a plan's folder removes what described the old jobs:
// its SLURM scripts and its reports (the results stay).
TEST(Regress, PlanAgainRemovesTheOldScriptsAndReports) {
  const std::string dir = hctest::tempFolder("regress-replan");
  const std::string two =
      "networks:\n"
      "  - {name: q3, topology: hypercube, dim: 3}\n"
      "workloads:\n"
      "  - {name: b, command: schedule, collective: [broadcast, scatter]}\n";
  ASSERT_EQ(planned(dir, two).size(), 2u);
  auto r = hc({"regress", "slurm", dir + "/reg"});
  ASSERT_EQ(r.code, 0) << r.err;
  ASSERT_TRUE(fs::exists(dir + "/reg/slurm/array.sbatch"));
  r = hc({"regress", "report", dir + "/reg"});
  ASSERT_TRUE(fs::exists(dir + "/reg/junit.xml")) << r.err;
  const std::string one =
      "networks:\n"
      "  - {name: q3, topology: hypercube, dim: 3}\n"
      "workloads:\n"
      "  - {name: b, command: schedule, collective: broadcast}\n";
  ASSERT_EQ(planned(dir, one).size(), 1u);
  EXPECT_FALSE(fs::exists(dir + "/reg/slurm/array.sbatch"));
  EXPECT_FALSE(fs::exists(dir + "/reg/slurm/build.sbatch"));
  EXPECT_TRUE(fs::exists(dir + "/reg/slurm/logs"));  // the task logs stay
  for (const char* f : {"junit.xml", "summary.md", "report.json"}) {
    EXPECT_FALSE(fs::exists(dir + "/reg/" + f)) << f;
  }
  fs::remove_all(dir);
}

// A job reads its graph file: editing the file (the regression file unchanged)
// makes the job changed, and `run` runs it again.
TEST(Regress, EditedGraphFileRunsTheJobAgain) {
  const std::string dir = hctest::tempFolder("regress-graph-edit");
  std::ofstream(dir + "/g.txt") << "0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n";
  planned(dir,
          "networks: [{name: ring, topology: graph, graph: g.txt}]\n"
          "workloads: [{name: b, command: schedule, collective: broadcast}]\n");
  auto r = hc({"regress", "run", dir + "/reg"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("1 jobs, 0 already complete, 1 to run"), std::string::npos) << r.err;
  r = hc({"regress", "run", dir + "/reg"});
  EXPECT_NE(r.err.find("1 jobs, 1 already complete, 0 to run"), std::string::npos) << r.err;
  std::ofstream(dir + "/g.txt") << "0 1\n1 2\n2 3\n3 4\n4 0\n";  // 5 nodes now
  r = hc({"regress", "run", dir + "/reg"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.err.find("1 jobs, 0 already complete, 1 to run"), std::string::npos) << r.err;
  const nlohmann::json summary =
      hctest::parseJson(hctest::slurp(dir + "/reg/results/ring.b/summary.json"));
  EXPECT_EQ(summary.at("report").at("figures").at("nodes"), 5) << summary.dump();
  fs::remove_all(dir);
}

// A network's router options go to the jobs whose command takes them only:
// the router's simulate takes them all, a collective's simulate payload-width,
// schedule none. Every job then runs.
TEST(Regress, RouterOptionsGoToTheJobsThatTakeThem) {
  const std::string dir = hctest::tempFolder("regress-router-options");
  const nlohmann::json jobs =
      planned(dir,
              "networks:\n"
              "  - {name: c3, topology: hypercycle, m: [3], rho: [1], buffer-depth: 1, "
              "payload-width: 16}\n"
              "  - {name: q2, topology: hypercube, dim: 2, payload-width: 16}\n"
              "workloads:\n"
              "  - {name: s, command: schedule, collective: broadcast}\n"
              "  - {name: c, collective: broadcast}\n"
              "  - {name: b, source: 0}\n");
  ASSERT_EQ(jobs.size(), 5u) << jobs.dump();
  for (const char* id : {"c3.s", "q2.s"}) {
    const auto argv = argvOf(jobs, id);
    EXPECT_FALSE(has(argv, "--buffer-depth") || has(argv, "--payload-width")) << id;
  }
  for (const char* id : {"c3.c.systemc", "q2.c.systemc"}) {
    const auto argv = argvOf(jobs, id);
    EXPECT_FALSE(has(argv, "--buffer-depth")) << id;
    EXPECT_TRUE(has(argv, "--payload-width")) << id;
  }
  const auto router = argvOf(jobs, "c3.b.systemc");
  EXPECT_TRUE(has(router, "--buffer-depth") && has(router, "--payload-width"));
  const auto r = hc({"regress", "run", dir + "/reg"});
  EXPECT_EQ(r.code, 0) << r.err;
  fs::remove_all(dir);
}

// Accumulation and global sum run on every Cayley graph: plan makes their
// schedule and simulate jobs there, and skips the mesh with a reason.
TEST(Regress, CombiningCollectivesPlanOnCayleyGraphs) {
  const std::string dir = hctest::tempFolder("regress-combining");
  const nlohmann::json jobs =
      planned(dir,
              "networks:\n"
              "  - {name: q2, topology: hypercube, dim: 2, payload-width: 16}\n"
              "  - {name: z4, topology: cayley, group: [4], gens: [[1], [-1]]}\n"
              "  - {name: t3, topology: torus, n: 2, k: 3}\n"
              "  - {name: g33, topology: hypercycle, m: [3, 3], rho: [1, 1]}\n"
              "  - {name: m4, topology: mesh, dims: [4, 4]}\n"
              "workloads:\n"
              "  - {name: s, command: schedule, collective: [accumulation, global-sum]}\n"
              "  - {name: c, collective: [accumulation, global-sum], engines: [cosim]}\n");
  ASSERT_EQ(jobs.size(), 16u) << jobs.dump();
  EXPECT_EQ(argvOf(jobs, "q2.s.global-sum"),
            std::vector<std::string>({"schedule", "--topology", "hypercube", "--dim", "2",
                                      "--collective", "global-sum", "--json"}));
  // A network's payload width is no combining job's option (its inputs have input-bits).
  for (const char* id : {"q2.c.cosim.accumulation", "q2.c.cosim.global-sum"})
    EXPECT_FALSE(has(argvOf(jobs, id), "--payload-width")) << id;
  const std::string plan = hctest::slurp(dir + "/reg/plan.json");
  EXPECT_NE(plan.find("m4 x s (collective accumulation): m4 (mesh) is no Cayley graph"),
            std::string::npos)
      << plan;
  // The schedule jobs run (the cosim ones would build Verilated models).
  for (const auto& j : jobs) {
    if (j.at("command") != "schedule") continue;
    const auto r = hc(
        {"regress", "run-one", dir + "/reg", "--index", std::to_string(j.at("index").get<int>())});
    EXPECT_EQ(r.code, 0) << j.at("id") << r.err;
  }
  fs::remove_all(dir);
}

// The docs' example regression file (file-formats.md "Regression file") plans.
TEST(Regress, DocsExampleFilePlans) {
  const std::string doc = hctest::slurp(std::string(HC_SOURCE_DIR) + "/docs/file-formats.md");
  const size_t section = doc.find("\n## Regression file\n");
  ASSERT_NE(section, std::string::npos);
  const size_t b = doc.find("```yaml\n", section);
  ASSERT_NE(b, std::string::npos);
  const size_t e = doc.find("```\n", b + 8);
  ASSERT_NE(e, std::string::npos);
  const std::string dir = hctest::tempFolder("regress-docs-example");
  std::ofstream(dir + "/nightly.yaml") << doc.substr(b + 8, e - b - 8);
  const auto r = hc({"regress", "plan", dir + "/nightly.yaml", "--out", dir + "/reg"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir + "/reg/jobs.json"));
  fs::remove_all(dir);
}

// A synth job's report.json is JSON (its synth_report.json), which summary.json
// holds as its report; the Markdown stdout is report.txt.
TEST(Regress, SynthJobReportIsJson) {
  const std::string dir = hctest::tempFolder("regress-synth-report");
  planned(dir,
          "networks: [{name: c3, topology: hypercycle, m: [3], rho: [1]}]\n"
          "workloads: [{name: area, command: synth, no-pnr: true, xilinx: false}]\n");
  const auto r = hc({"regress", "run", dir + "/reg"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string res = dir + "/reg/results/c3.area";
  const nlohmann::json report = hctest::parseJson(hctest::slurp(res + "/report.json"));
  EXPECT_TRUE(report.is_object());
  EXPECT_EQ(report, hctest::parseJson(hctest::slurp(res + "/synth/synth_report.json")));
  const nlohmann::json summary = hctest::parseJson(hctest::slurp(res + "/summary.json"));
  EXPECT_EQ(summary.at("report"), report);
  EXPECT_EQ(hctest::slurp(res + "/report.txt").rfind("# Synthesis report", 0), 0u);
  fs::remove_all(dir);
}

// The time left: the mean finished job's time for each job to start, less
// what each running job has run, shared by the slots; it never grows while no
// job ends, and is unknown once a job has run past the mean.
TEST(Regress, SecondsLeftEstimate) {
  using hypercast::regress::secondsLeft;
  EXPECT_EQ(secondsLeft({}, {5}, 3, 1), -1);  // no job ended yet: unknown
  EXPECT_EQ(secondsLeft({10}, {}, 0, 1), 0);  // nothing left
  EXPECT_DOUBLE_EQ(secondsLeft({20, 40}, {}, 2, 1), 60);
  EXPECT_DOUBLE_EQ(secondsLeft({20, 40}, {10}, 2, 1), 80);  // 30 - 10 + 2 x 30
  EXPECT_DOUBLE_EQ(secondsLeft({20, 40}, {10, 25}, 2, 2), (20 + 5 + 60) / 2.0);
  EXPECT_EQ(secondsLeft({24}, {50}, 0, 1), -1);  // overdue: unknown, not "0:00 left"
  // One job of 24 s finished, one running: the estimate falls as it runs.
  double last = secondsLeft({24}, {0}, 1, 1);
  for (double t = 1; t <= 24; t += 1) {
    const double now = secondsLeft({24}, {t}, 1, 1);
    EXPECT_LE(now, last) << t;
    last = now;
  }
}

// A network of the regression file takes every topology's options as the
// commands do: --remove-links reaches the job's command line.
TEST(Regress, NetworkTakesRemoveLinks) {
  const std::string yaml = writeYaml(
      "networks:\n"
      "  - name: q3\n"
      "    topology: hypercube\n"
      "    dim: 3\n"
      "    remove-links: \"0-1\"\n"
      "workloads:\n"
      "  - name: s\n"
      "    command: schedule\n"
      "    collective: [broadcast]\n");
  const std::string out = fs::path(yaml).parent_path().string() + "/plan";
  const auto r = hc({"regress", "plan", yaml, "--out", out});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string jobs = hctest::slurp(out + "/jobs.json");
  EXPECT_NE(jobs.find("\"--remove-links\",\"0-1\""), std::string::npos) << jobs;
  fs::remove_all(fs::path(yaml).parent_path());
}

// A workload applies where `schedule` builds its collective: the damaged
// 3-cube's scatter and global sum and the even-k torus's scatter are skipped
// with the reason, the others planned, and `schedule` agrees pair by pair.
TEST(Regress, PlanSkipsWhatScheduleRefuses) {
  const std::string dir = hctest::tempFolder("regress-damaged");
  const nlohmann::json jobs = planned(dir,
                                      "networks:\n"
                                      "  - {name: q3, topology: hypercube, dim: 3}\n"
                                      "  - {name: d3, topology: hypercube, dim: 3, "
                                      "remove-links: \"0-1\"}\n"
                                      "  - {name: t3, topology: torus, n: 2, k: 3}\n"
                                      "  - {name: t4, topology: torus, n: 2, k: 4}\n"
                                      "workloads:\n"
                                      "  - {name: b, command: schedule, collective: broadcast}\n"
                                      "  - {name: s, command: schedule, collective: scatter}\n"
                                      "  - {name: g, command: schedule, collective: global-sum}\n");
  std::set<std::string> ids;
  for (const auto& j : jobs) ids.insert(j.at("id").get<std::string>());
  EXPECT_EQ(ids, (std::set<std::string>{"q3.b", "q3.s", "q3.g", "d3.b", "t3.b", "t3.s", "t3.g",
                                        "t4.b", "t4.g"}))
      << jobs.dump();
  const std::string plan = hctest::slurp(dir + "/reg/plan.json");
  for (const char* skip :
       {"d3 x s: d3 (hypercube, links removed) has no scatter construction (it has: ",
        "d3 x g: d3 (hypercube, links removed) has no global-sum construction (it has: ",
        "t4 x s: t4 (torus) has no scatter construction (it has: broadcast, "
        "multinode-broadcast, total-exchange, accumulation, global-sum)"}) {
    EXPECT_NE(plan.find(skip), std::string::npos) << skip << "\n" << plan;
  }
  const std::vector<std::pair<std::string, std::vector<std::string>>> networks = {
      {"q3", {"--topology", "hypercube", "--dim", "3"}},
      {"d3", {"--topology", "hypercube", "--dim", "3", "--remove-links", "0-1"}},
      {"t3", {"--topology", "torus", "--n", "2", "--k", "3"}},
      {"t4", {"--topology", "torus", "--n", "2", "--k", "4"}}};
  for (const auto& [name, words] : networks) {
    for (const std::string c : {"broadcast", "scatter", "global-sum"}) {
      std::vector<std::string> argv = {"schedule"};
      argv.insert(argv.end(), words.begin(), words.end());
      argv.insert(argv.end(), {"--collective", c});
      const auto r = hc(argv);
      EXPECT_EQ(r.code == 0, ids.count(name + "." + c.substr(0, 1)) == 1)
          << name << " " << c << r.err;
    }
  }
  fs::remove_all(dir);
}
