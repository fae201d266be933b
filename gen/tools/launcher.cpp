#include "tools/launcher.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "util/error.h"
#include "util/interrupt.h"

extern char** environ;

namespace hypercast {
namespace tools {

namespace {

class Fd {
 public:
  Fd() = default;
  ~Fd() { close(); }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  void close() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
  int fd = -1;
};

void makePipe(Fd& read_end, Fd& write_end) {
  int p[2];
  if (::pipe2(p, O_CLOEXEC) != 0)
    throw Error(std::string("cannot create a pipe: ") + std::strerror(errno));
  read_end.fd = p[0];
  write_end.fd = p[1];
}

struct FileActions {
  FileActions() { ::posix_spawn_file_actions_init(&a); }
  ~FileActions() { ::posix_spawn_file_actions_destroy(&a); }
  posix_spawn_file_actions_t a;
};

struct SpawnAttr {
  SpawnAttr() { ::posix_spawnattr_init(&a); }
  ~SpawnAttr() { ::posix_spawnattr_destroy(&a); }
  posix_spawnattr_t a;
};

// Once an interrupt is pending, or the child passed its time limit (SIGTERM to
// its group then): the moment it was seen, and SIGKILL to the child's group
// when the grace period is over.
class Escalation {
 public:
  Escalation(pid_t pgid, std::chrono::milliseconds limit)
      : pgid_(pgid), limit_(limit), start_(std::chrono::steady_clock::now()) {}
  void poll() {
    if (killed_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!seen_ && limit_.count() > 0 && now - start_ > limit_) {
      // Past its time limit: SIGTERM to the group now, SIGKILL after the grace.
      ::kill(-pgid_, SIGTERM);
      timed_out_ = true;
      seen_ = true;
      since_ = now;
      return;
    }
    if (!interrupt::pending() && !timed_out_) return;
    if (!seen_) {
      seen_ = true;
      since_ = now;
    } else if (now - since_ > kGraceAfterInterrupt) {
      ::kill(-pgid_, SIGKILL);
      killed_ = true;
    }
  }
  // The group was killed a while ago and something still holds our pipes.
  bool giveUp() const {
    return killed_ && std::chrono::steady_clock::now() - since_ > 2 * kGraceAfterInterrupt;
  }
  bool limited() const { return limit_.count() > 0; }
  bool timedOut() const { return timed_out_; }

 private:
  pid_t pgid_;
  std::chrono::milliseconds limit_;  // 0: none
  std::chrono::steady_clock::time_point start_;
  bool seen_ = false, killed_ = false, timed_out_ = false;
  std::chrono::steady_clock::time_point since_;
};

// Our environment with `add` added (replacing a variable of the same name),
// as the "NAME=value" strings execve and posix_spawn take.
class Environment {
 public:
  explicit Environment(const EnvAdditions& add) {
    for (char** e = environ; *e; ++e) {
      const std::string kv = *e;
      if (!add.count(kv.substr(0, kv.find('=')))) text_.push_back(kv);
    }
    for (const auto& kv : add) text_.push_back(kv.first + "=" + kv.second);
    for (std::string& s : text_) pointers_.push_back(&s[0]);
    pointers_.push_back(nullptr);
  }
  char** data() { return pointers_.data(); }

 private:
  std::vector<std::string> text_;
  std::vector<char*> pointers_;
};

// argv as the NULL-terminated array exec and posix_spawn take.
std::vector<char*> argPointers(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& s : argv) args.push_back(const_cast<char*>(s.c_str()));
  args.push_back(nullptr);
  return args;
}

bool plainWord(const std::string& s) {
  if (s.empty()) return false;
  for (unsigned char c : s) {
    if (!(std::isalnum(c) || std::strchr("_@%+=:,./-", c))) return false;
  }
  return true;
}

}  // namespace

std::string RunResult::status() const {
  if (timed_out) return "stopped at its time limit";
  if (signal) {
    return "killed by signal " + std::to_string(signal) + " (" + ::strsignal(signal) + ")";
  }
  return "exit " + std::to_string(code);
}

RunResult runProcess(const std::vector<std::string>& argv, const RunOptions& o) {
  if (argv.empty()) throw std::logic_error("runProcess: no command");
  interrupt::check();
  Fd log;
  if (!o.log.empty()) {
    log.fd =
        ::open(o.log.c_str(),
               O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (o.truncate_log ? O_TRUNC : 0), 0644);
    if (log.fd < 0) throw Error("cannot write " + o.log + ": " + std::strerror(errno));
  }
  Fd out_r, out_w, err_r, err_w;
  if (o.capture_stdout) makePipe(out_r, out_w);
  if (o.capture_stderr) makePipe(err_r, err_w);
  FileActions fa;
  // Nothing reads our stdin; and a child outside the terminal's foreground group
  // that tried would be stopped.
  ::posix_spawn_file_actions_addopen(&fa.a, 0, "/dev/null", O_RDONLY, 0);
  if (!o.cwd.empty()) ::posix_spawn_file_actions_addchdir_np(&fa.a, o.cwd.c_str());
  const int out_fd = o.capture_stdout ? out_w.fd : log.fd;  // -1: ours
  const int err_fd = o.capture_stderr ? err_w.fd : log.fd;
  if (out_fd >= 0) ::posix_spawn_file_actions_adddup2(&fa.a, out_fd, 1);
  if (err_fd >= 0) ::posix_spawn_file_actions_adddup2(&fa.a, err_fd, 2);
  std::vector<char*> args = argPointers(argv);
  Environment env(o.env);

  pid_t pid = -1;
  {
    // Held until the child is recorded; one arriving meanwhile is forwarded then.
    interrupt::BlockSignals block;
    SpawnAttr at;
    ::posix_spawnattr_setflags(
        &at.a, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    ::posix_spawnattr_setpgroup(&at.a, 0);
    ::posix_spawnattr_setsigmask(&at.a, &block.previousMask());
    sigset_t defaults;  // the forwarded signals must reach the child
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGTERM);
    ::posix_spawnattr_setsigdefault(&at.a, &defaults);
    const int rc = ::posix_spawnp(&pid, args[0], &fa.a, &at.a, args.data(), env.data());
    if (rc != 0) {
      throw Error("cannot run " + argv[0] + (o.cwd.empty() ? "" : " in " + o.cwd) + ": " +
                  std::strerror(rc));
    }
    interrupt::setChild(pid);
  }
  struct ClearChild {
    ~ClearChild() {
      interrupt::BlockSignals block;
      interrupt::clearChild();
    }
  } clear_child;
  out_w.close();
  err_w.close();
  log.close();

  RunResult r;
  Escalation esc(pid, o.time_limit);
  {
    struct Stream {
      Fd* fd;
      std::string* into;
    };
    std::vector<Stream> open;
    if (out_r.fd >= 0) open.push_back({&out_r, &r.out});
    if (err_r.fd >= 0) open.push_back({&err_r, &r.err});
    char buf[65536];
    while (!open.empty() && !esc.giveUp()) {
      std::vector<pollfd> pfd;
      for (const Stream& s : open) pfd.push_back({s.fd->fd, POLLIN, 0});
      const int n =
          ::poll(pfd.data(), pfd.size(), interrupt::pending() || esc.limited() ? 100 : -1);
      esc.poll();
      if (n < 0) {
        if (errno == EINTR) continue;
        throw Error(std::string("cannot read from ") + argv[0] + ": " + std::strerror(errno));
      }
      for (size_t i = pfd.size(); i-- > 0;) {
        if (!pfd[i].revents) continue;
        const ssize_t got = ::read(pfd[i].fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
          open[i].fd->close();
          open.erase(open.begin() + static_cast<std::ptrdiff_t>(i));
        } else {
          open[i].into->append(buf, static_cast<size_t>(got));
          if (open[i].into == &r.err && o.on_stderr) {
            o.on_stderr(std::string(buf, static_cast<size_t>(got)));
          }
        }
      }
    }
  }
  int status = 0;
  for (;;) {
    const pid_t w = ::waitpid(pid, &status, interrupt::pending() || esc.limited() ? WNOHANG : 0);
    if (w == pid) break;
    if (w < 0 && errno != EINTR) {
      throw Error(std::string("cannot wait for ") + argv[0] + ": " + std::strerror(errno));
    }
    esc.poll();
    if (w == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  {
    // From here on a signal is handled as if no child ran: the handler exits.
    interrupt::BlockSignals block;
    interrupt::clearChild();
  }
  if (WIFEXITED(status)) {
    r.code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r.signal = WTERMSIG(status);
  }
  if (const int sig = interrupt::pending()) throw interrupt::Interrupted(sig);
  r.timed_out = esc.timedOut();
  if (r.timed_out) return r;
  // Ended by SIGINT or SIGTERM sent to it alone: interrupted as well.
  if (r.signal == SIGINT || r.signal == SIGTERM) throw interrupt::Interrupted(r.signal);
  return r;
}

void runLogged(const std::vector<std::string>& argv, const std::string& log,
               const std::string& what, const std::string& cwd, bool log_kept) {
  {
    std::ofstream l(log, std::ios::app);
    l << "$ " << (cwd.empty() ? std::string() : "cd " + commandLine({cwd}) + " && ")
      << commandLine(argv) << "\n";
    if (!l) throw Error("cannot write " + log);
  }
  RunOptions o;
  o.cwd = cwd;
  o.log = log;
  const RunResult r = runProcess(argv, o);
  if (r.ok()) return;
  printLogTail(log);
  throw Error(what + " failed (" + r.status() + "); " +
              (log_kept ? "full log in " + log : std::string("the end of its log is above")));
}

pid_t startChild(const ChildSpec& spec) {
  if (spec.argv.empty()) throw Error("startChild: no command");
  // Everything the child needs is made before fork(): after it, only system calls.
  Environment envp(spec.env);
  std::vector<char*> args = argPointers(spec.argv);
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

std::string commandLine(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& a : argv) {
    if (!line.empty()) line += ' ';
    if (plainWord(a)) {
      line += a;
      continue;
    }
    line += '\'';
    for (char c : a) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

std::string findProgram(const std::string& name) {
  auto runnable = [](const std::string& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
  };
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return runnable(name) ? name : "";
  const char* env = std::getenv("PATH");
  const std::string path = env ? env : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  for (;;) {
    const size_t end = path.find(':', start);
    std::string dir =
        path.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (dir.empty()) dir = ".";
    const std::string candidate = dir + "/" + name;
    if (runnable(candidate)) return candidate;
    if (end == std::string::npos) return "";
    start = end + 1;
  }
}

std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void printLogTail(const std::string& path, size_t max_bytes) {
  std::string tail = readFile(path);
  if (tail.size() > max_bytes) tail = tail.substr(tail.size() - max_bytes);
  if (!tail.empty() && tail.back() != '\n') tail += '\n';
  std::cerr << tail << std::flush;
}

}  // namespace tools
}  // namespace hypercast
