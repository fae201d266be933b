// The one way hypercast runs other programs (verilator, the compiler, yosys,
// nextpnr, the simulation harnesses, sbatch, a regression's jobs): from an
// argument vector, never through a shell, so any file name works (quotes,
// spaces, ';', "$(...)", non-ASCII, newlines).
//
// Every child leads a process group of its own, registered with
// util/interrupt.h, so that SIGINT and SIGTERM reach it. Two ways to run one:
//  - runProcess waits for it (posix_spawnp). If an interrupt arrives meanwhile
//    it is forwarded to the group, and the group is killed if it is still there
//    after a few seconds; runProcess then throws interrupt::Interrupted,
//    whatever the child's status was.
//  - startChild / childEnded / signalChild run several side by side (regress
//    run -j N). These children also get SIGTERM should their parent die
//    (SIGKILL included), so that no job outlives the runner: that is set in the
//    child between fork and exec (PR_SET_PDEATHSIG), which posix_spawn cannot do.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "util/interrupt.h"

namespace hypercast {
namespace tools {

// Variables added to (or replacing in) our environment for a child.
using EnvAdditions = std::map<std::string, std::string>;

struct RunOptions {
  std::string cwd;              // the child's working folder ("": ours)
  std::string log;              // non-empty: stdout and stderr appended to this file
  bool truncate_log = false;    // empty the log first
  bool capture_stdout = false;  // stdout into RunResult::out (else the log, else ours)
  bool capture_stderr = false;  // stderr into RunResult::err (else the log, else ours)
  // With capture_stderr: also called with each piece of stderr as it arrives
  // (a harness's progress lines, passed on while it runs).
  std::function<void(const std::string&)> on_stderr;
  EnvAdditions env;  // added to our environment
  // Run at most this long (0: no limit); then the child's group gets SIGTERM,
  // SIGKILL a few seconds later, and RunResult::timed_out is set.
  std::chrono::milliseconds time_limit{0};
};

// After an interrupt was forwarded, how long a child's group has to end before
// it is killed (runProcess's children, and regress run's jobs).
constexpr std::chrono::seconds kGraceAfterInterrupt{5};

struct RunResult {
  int code = -1;           // exit status; -1 when ended by a signal
  int signal = 0;          // the signal that ended it, 0 if it exited
  bool timed_out = false;  // stopped at RunOptions::time_limit
  std::string out, err;
  bool ok() const { return code == 0; }
  // "exit 1", "killed by signal 11 (Segmentation fault)".
  std::string status() const;
};

// Runs argv[0] (looked up in PATH unless it contains a '/') with the arguments
// argv[1..], and waits for it. Throws Error if it cannot be started,
// interrupt::Interrupted if SIGINT or SIGTERM arrived meanwhile or ended it.
RunResult runProcess(const std::vector<std::string>& argv, const RunOptions& options = {});

// Runs argv with stdout and stderr appended to `log`, after a line "$ command".
// On failure prints the log's tail on stderr and throws Error("<what> failed
// (<status>); full log in <log>"); with log_kept = false (the log is about to be
// removed) the message points at the tail instead.
void runLogged(const std::vector<std::string>& argv, const std::string& log,
               const std::string& what, const std::string& cwd = "", bool log_kept = true);

// A child run side by side with others.
struct ChildSpec {
  std::vector<std::string> argv;  // argv[0]: an absolute path
  EnvAdditions env;               // added to (or replacing in) ours
  std::string out, err;           // files for stdout and stderr (created, appended)
};

// Starts it; throws Error if it cannot. Returns its pid (= its process group).
pid_t startChild(const ChildSpec& spec);

struct ChildEnd {
  int exit_code = -1;  // -1 when a signal ended it
  int signal = 0;
};
// Whether the child has ended (then it is reaped and unregistered).
bool childEnded(pid_t pid, ChildEnd& end);
// Sends `sig` to the child's process group.
void signalChild(pid_t pid, int sig);

// The command as a shell would need it typed (for logs and messages only).
std::string commandLine(const std::vector<std::string>& argv);

// The executable `name` in PATH, or "" (what `command -v` answers).
std::string findProgram(const std::string& name);

// The whole file, or "" if it cannot be read.
std::string readFile(const std::string& path);

// Prints the last `max_bytes` of the file on stderr.
void printLogTail(const std::string& path, size_t max_bytes = 2000);

}  // namespace tools
}  // namespace hypercast
