// Running other programs (verilator, the compiler, yosys, nextpnr, the simulation
// harnesses) without a shell: an argument vector goes to posix_spawnp as it is,
// so any file name works (quotes, spaces, ';', "$(...)", non-ASCII, newlines).
//
// The child leads a process group of its own; while it runs, SIGINT and SIGTERM
// are forwarded to that group (util/interrupt.h), and if the group is still
// there after a few seconds it is killed. The runner then throws
// interrupt::Interrupted, whatever the child's status was.
#pragma once

#include <string>
#include <vector>

#include "util/interrupt.h"

namespace hypercast {
namespace cli {

struct RunOptions {
  std::string cwd;              // the child's working folder ("": ours)
  std::string log;              // non-empty: stdout and stderr appended to this file
  bool truncate_log = false;    // empty the log first
  bool capture_stdout = false;  // stdout into RunResult::out (else the log, else ours)
  bool capture_stderr = false;  // stderr into RunResult::err (else the log, else ours)
};

struct RunResult {
  int code = -1;   // exit status; -1 when ended by a signal
  int signal = 0;  // the signal that ended it, 0 if it exited
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

// The command as a shell would need it typed (for logs and messages only).
std::string commandLine(const std::vector<std::string>& argv);

// The executable `name` in PATH, or "" (what `command -v` answers).
std::string findProgram(const std::string& name);

// The whole file, or "" if it cannot be read.
std::string readFile(const std::string& path);

// Prints the last `max_bytes` of the file on stderr.
void printLogTail(const std::string& path, size_t max_bytes = 2000);

// Runs a simulation harness (tb/): its stdout is ours; its stderr is passed on
// once it ends, except when it rejects the job (exit 2), whose last line
// becomes our one-line Error. A crash is an Error, SIGINT/SIGTERM an
// interrupt::Interrupted; a harness whose reader went away (SIGPIPE) ends us
// the same way. Returns its exit status (0 pass, 1 verification failed).
int runHarness(const std::vector<std::string>& argv);

// A temporary folder in /tmp for a harness's job files, removed at the end, on
// an error or on an interrupt (util/interrupt.h).
struct TempDir {
  std::string path;
  interrupt::TempPath guard;
  TempDir();
  // Writes `text` to path/name (creating folders); throws Error if it cannot.
  void write(const std::string& name, const std::string& text) const;
};

}  // namespace cli
}  // namespace hypercast
