#include "peak_memory.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "flow/limits.h"
#include "tools/launcher.h"
#include "util/params.h"

namespace hypercast {
namespace bench {

namespace {

struct Peak {
  bool ok = false;
  double mib = 0;  // the largest resident set of hypercast or a process it waited for
  double seconds = 0;
};

// Runs `argv` through the launcher in a forked helper, whose
// getrusage(RUSAGE_CHILDREN) then covers that run alone (hypercast and the
// harness it waits for: the largest of their peaks).
Peak measure(const std::vector<std::string>& argv) {
  int fds[2];
  Peak p;
  if (::pipe(fds) != 0) return p;
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t helper = ::fork();
  if (helper == 0) {
    ::close(fds[0]);
    double out[2] = {0, 0};
    try {
      tools::RunOptions o;
      o.capture_stdout = true;
      o.capture_stderr = true;
      const tools::RunResult r = tools::runProcess(argv, o);
      rusage u{};
      ::getrusage(RUSAGE_CHILDREN, &u);
      out[0] = r.ok() ? 1 : 0;
      out[1] = static_cast<double>(u.ru_maxrss) / 1024;  // KiB on Linux
    } catch (...) {
    }
    const bool sent = ::write(fds[1], out, sizeof out) == static_cast<ssize_t>(sizeof out);
    ::_exit(sent ? 0 : 1);
  }
  ::close(fds[1]);
  double in[2] = {0, 0};
  const bool got = helper > 0 && ::read(fds[0], in, sizeof in) == static_cast<ssize_t>(sizeof in);
  ::close(fds[0]);
  if (helper > 0) ::waitpid(helper, nullptr, 0);
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  p.ok = got && in[0] == 1;
  p.mib = in[1];
  return p;
}

struct Case {
  const char* what;
  flow::Step step;
  std::vector<std::string> args;  // after the command: --name value pairs and flags
};

}  // namespace

void peakMemory(const std::string& hc) {
  const std::vector<Case> cases = {
      {"simulate, 4096 nodes x 2,000 broadcasts (deliveries)",
       flow::Step::kSimulate,
       {"--m", "64,64", "--rho", "1,1", "--engine", "systemc", "--random", "2000", "--window",
        "1000"}},
      {"simulate, C_4096<1..32> (port ends)",
       flow::Step::kSimulate,
       {"--m", "4096", "--rho", "32", "--engine", "systemc"}},
      {"schedule, 12-cube multinode broadcast (transmissions)",
       flow::Step::kSchedule,
       {"--topology", "hypercube", "--dim", "12", "--collective", "multinode-broadcast"}},
      {"schedule, MT(3,11) total exchange (transmissions)",
       flow::Step::kSchedule,
       {"--topology", "torus", "--n", "3", "--k", "11", "--collective", "total-exchange"}},
  };
  std::printf("| %-56s | %12s | %10s | %9s | %6s |\n", "peak memory: run", "estimate", "peak",
              "peak/est", "time");
  std::printf("|%s|%s|%s|%s|%s|\n", std::string(58, '-').c_str(), std::string(14, '-').c_str(),
              std::string(12, '-').c_str(), std::string(11, '-').c_str(),
              std::string(8, '-').c_str());
  for (const Case& c : cases) {
    ParamMap values;
    for (size_t i = 0; i < c.args.size(); ++i) {
      const std::string name = c.args[i].substr(2);
      const bool flag = i + 1 == c.args.size() || c.args[i + 1].rfind("--", 0) == 0;
      values[name] = flag ? "1" : c.args[i + 1];
      if (!flag) ++i;
    }
    const double estimate = flow::estimateCost(Params(values), c.step).bytes() / (1 << 20);
    std::vector<std::string> argv = {hc, c.step == flow::Step::kSchedule ? "schedule" : "simulate"};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    if (c.step == flow::Step::kSchedule) argv.insert(argv.end(), {"-o", "/dev/null"});
    const Peak p = measure(argv);
    char line[256];
    std::snprintf(line, sizeof line, "| %-56s | %8.0f MiB | %6.0f MiB | %9s | %4.1f s |\n", c.what,
                  estimate, p.mib, !p.ok ? "FAILED" : (p.mib <= 2 * estimate ? "<= 2x" : "OVER 2x"),
                  p.seconds);
    std::fputs(line, stdout);
  }
}

}  // namespace bench
}  // namespace hypercast
