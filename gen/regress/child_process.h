// Child processes run side by side (regress run -j N), from an argument vector
// (no shell). Each leads a process group of its own, registered with
// util/interrupt.h so that SIGINT/SIGTERM reach it, and gets SIGTERM should
// its parent die (SIGKILL included), so that no job outlives the runner.
#pragma once

#include <sys/types.h>

#include <map>
#include <string>
#include <vector>

namespace hypercast {
namespace regress {

struct ChildSpec {
  std::vector<std::string> argv;           // argv[0]: an absolute path
  std::map<std::string, std::string> env;  // added to (or replacing in) ours
  std::string out, err;                    // files for stdout and stderr (created, appended)
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

}  // namespace regress
}  // namespace hypercast
