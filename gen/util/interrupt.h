// SIGINT and SIGTERM: what a process of ours does when it is interrupted.
//
// install() sets a handler that records the signal and then
//  - while a child process runs (gen/tools/launcher.cpp: runProcess records its
//    process group with setChild, startChild each of several with addChild), forwards the signal
//    to that group and returns; the runner waits for the child and throws Interrupted, the stack
//    unwinds (TempPath destructors remove their paths) and main() reports;
//  - otherwise removes every registered temporary path, writes the message and
//    ends the process at once with status 128 + signal (130 for SIGINT, 143 for
//    SIGTERM). Everything it does there is async-signal-safe.
// The handler is installed even where the signal was ignored at start (a
// background job of a script ignores SIGINT): `kill -INT` must work there too.
// Children start with the default actions.
//
// Temporary paths (a file being written before it is renamed into place, a work
// folder) are registered with TempPath, so that neither an error nor an interrupt
// leaves them behind. The registry is for the main thread.
#pragma once

#include <signal.h>
#include <sys/types.h>

#include <exception>
#include <string>

namespace hypercast {
namespace interrupt {

// Thrown where an interrupt is noticed (after the running child has ended).
class Interrupted : public std::exception {
 public:
  explicit Interrupted(int sig) : sig_(sig) {}
  int signal() const { return sig_; }
  const char* what() const noexcept override { return "interrupted"; }

 private:
  int sig_;
};

// Handles SIGINT and SIGTERM from now on. `message` (e.g. "hypercast: interrupted\n",
// a string literal) goes to stderr when the process ends interrupted; nullptr:
// nothing is printed (a harness run by hypercast, which reports for it).
void install(const char* message);

// The signal received so far (SIGINT or SIGTERM), or 0.
int pending();
// Throws Interrupted if a signal was received.
void check();
// Status of a process ended by `sig`: 128 + sig.
int exitStatus(int sig);
// Removes every registered path, writes the message (once) and returns
// exitStatus(sig): main() returns it after catching Interrupted.
int finish(int sig);
// Removes every registered path now (a process ending on an error).
void removeRegistered();

// A path removed when the guard is destroyed, by removeRegistered(), or by the
// handler, unless release() was called first. `tree`: a folder, removed with
// everything in it. The path must not change meaning later (no chdir).
class TempPath {
 public:
  TempPath() = default;
  explicit TempPath(const std::string& path, bool tree = false);
  ~TempPath();
  TempPath(TempPath&& o) noexcept;
  TempPath& operator=(TempPath&& o) noexcept;
  TempPath(const TempPath&) = delete;
  TempPath& operator=(const TempPath&) = delete;

  const std::string& path() const { return path_; }
  // The path is kept (it was renamed into place, or is the result).
  void release();
  // Removes the path now.
  void remove();

 private:
  std::string path_;
  int slot_ = -1;
  bool tree_ = false;
};

// Blocks SIGINT and SIGTERM while alive (the handler then runs when it ends).
class BlockSignals {
 public:
  BlockSignals();
  ~BlockSignals();
  BlockSignals(const BlockSignals&) = delete;
  BlockSignals& operator=(const BlockSignals&) = delete;
  // The mask before the guard: what a child should start with.
  const sigset_t& previousMask() const { return old_; }

 private:
  sigset_t old_;
};

// The process group of the child now running (its pid, when it leads its own
// group): an interrupt is forwarded to it. Set with signals blocked.
void setChild(pid_t pgid);
void clearChild();
// Children run side by side (tools::startChild): each group is
// forwarded an interrupt while it is registered. Up to 64 at once (addChild
// returns false when full). Called with signals blocked.
bool addChild(pid_t pgid);
void removeChild(pid_t pgid);

}  // namespace interrupt
}  // namespace hypercast
