#include "regress/child_process.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include "util/error.h"
#include "util/interrupt.h"

extern char** environ;

namespace hypercast {
namespace regress {

pid_t startChild(const ChildSpec& spec) {
  if (spec.argv.empty()) throw Error("startChild: no command");
  // Everything the child needs is made before fork(): after it, only system calls.
  std::vector<std::string> env_text;
  for (char** e = environ; *e; ++e) {
    const std::string kv = *e;
    if (!spec.env.count(kv.substr(0, kv.find('=')))) env_text.push_back(kv);
  }
  for (const auto& kv : spec.env) env_text.push_back(kv.first + "=" + kv.second);
  std::vector<char*> envp, args;
  for (std::string& s : env_text) envp.push_back(&s[0]);
  envp.push_back(nullptr);
  for (const std::string& s : spec.argv) args.push_back(const_cast<char*>(s.c_str()));
  args.push_back(nullptr);
  const int out = ::open(spec.out.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (out < 0) throw Error("cannot write " + spec.out + ": " + std::strerror(errno));
  const int err = ::open(spec.err.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (err < 0) {
    ::close(out);
    throw Error("cannot write " + spec.err + ": " + std::strerror(errno));
  }
  const pid_t parent = ::getpid();
  // Held until the child is registered; a signal meanwhile is forwarded then.
  interrupt::BlockSignals block;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) ::_exit(143);  // the runner is already gone
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    ::sigaction(SIGINT, &dfl, nullptr);
    ::sigaction(SIGTERM, &dfl, nullptr);
    const int in = ::open("/dev/null", O_RDONLY);
    if (in >= 0) ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::sigprocmask(SIG_SETMASK, &block.previousMask(), nullptr);
    ::execve(args[0], args.data(), envp.data());
    const char msg[] = "hypercast: cannot run the job's command\n";
    (void)!::write(2, msg, sizeof msg - 1);
    ::_exit(127);
  }
  const int fork_errno = errno;
  ::close(out);
  ::close(err);
  if (pid < 0) throw Error(std::string("cannot start a job: ") + std::strerror(fork_errno));
  ::setpgid(pid, pid);  // also here: no race with a signal sent to the group at once
  if (!interrupt::addChild(pid)) {
    ::kill(-pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    throw Error("too many jobs at once (at most 64)");
  }
  return pid;
}

bool childEnded(pid_t pid, ChildEnd& end) {
  int status = 0;
  const pid_t w = ::waitpid(pid, &status, WNOHANG);
  if (w == 0 || (w < 0 && errno == EINTR)) return false;
  {
    interrupt::BlockSignals block;
    interrupt::removeChild(pid);
  }
  if (w < 0) throw Error(std::string("cannot wait for a job: ") + std::strerror(errno));
  if (WIFEXITED(status)) {
    end.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    end.signal = WTERMSIG(status);
  }
  return true;
}

void signalChild(pid_t pid, int sig) { ::kill(-pid, sig); }

}  // namespace regress
}  // namespace hypercast
