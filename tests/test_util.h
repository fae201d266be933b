// Helpers for tests and benchmarks that drive the hypercast binary.
#pragma once

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace hctest {

struct CmdResult {
  int code = -1;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Runs a shell command, capturing stdout and stderr separately.
inline CmdResult run(const std::string& cmd) {
  const std::string err_path = "/tmp/hctest-err-" + std::to_string(::getpid());
  CmdResult r;
  FILE* p = ::popen((cmd + " 2>" + err_path).c_str(), "r");
  if (!p) return r;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = ::pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = slurp(err_path);
  std::remove(err_path.c_str());
  return r;
}

inline std::string hypercast() { return std::string(HC_BIN_DIR) + "/hypercast"; }

// A process started from an argument vector (no shell: every file name reaches
// it as it is), with stdout and stderr going to files.
struct Started {
  pid_t pid = -1;
  std::string out_path, err_path;
};

// Starts argv[0] (a path) with `env` added to the environment, in `cwd` if given,
// with SIGINT and SIGTERM at their default actions.
inline Started start(const std::vector<std::string>& argv,
                     const std::vector<std::pair<std::string, std::string>>& env = {},
                     const std::string& cwd = "") {
  static int counter = 0;
  Started s;
  const std::string base =
      "/tmp/hctest-argv-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  s.out_path = base + ".out";
  s.err_path = base + ".err";
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  s.pid = ::fork();
  if (s.pid == 0) {
    for (const auto& kv : env) ::setenv(kv.first.c_str(), kv.second.c_str(), 1);
    if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) ::_exit(126);
    const int out = ::open(s.out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(s.err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || err < 0) ::_exit(126);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::close(out);
    ::close(err);
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  return s;
}

// Whether the process has ended (without reaping it).
inline bool running(const Started& s) {
  siginfo_t info{};
  info.si_pid = 0;
  return ::waitid(P_PID, static_cast<id_t>(s.pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == 0;
}

// Waits for it (SIGKILL after `timeout_s` seconds, then code -2); code is -1 if
// a signal ended it.
inline CmdResult finish(const Started& s, double timeout_s = 600) {
  CmdResult r;
  int status = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    const pid_t w = ::waitpid(s.pid, &status, WNOHANG);
    if (w == s.pid) break;
    if (w < 0 && errno != EINTR) return r;
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > timeout_s) {
      ::kill(s.pid, SIGKILL);
      ::waitpid(s.pid, &status, 0);
      r.code = -2;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  if (r.code != -2) r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(s.out_path);
  r.err = slurp(s.err_path);
  std::remove(s.out_path.c_str());
  std::remove(s.err_path.c_str());
  return r;
}

// Runs an argument vector (no shell) and waits for it.
inline CmdResult runArgv(const std::vector<std::string>& argv,
                         const std::vector<std::pair<std::string, std::string>>& env = {},
                         const std::string& cwd = "") {
  return finish(start(argv, env, cwd));
}

// Polls `cond` every 20 ms for up to `timeout_s` seconds.
template <typename Cond>
bool waitUntil(Cond cond, double timeout_s) {
  const auto t0 = std::chrono::steady_clock::now();
  while (!cond()) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > timeout_s) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// The folder a `simulate` run without --json names on its "files written    "
// line, up to `end` (" (top" for a network of nodes, "/rtl (" for a router
// network); "" when the line or `end` is missing.
inline std::string filesWritten(const std::string& out, const std::string& end) {
  const std::string key = "files written    ";
  const size_t at = out.find(key);
  if (at == std::string::npos) return "";
  const size_t stop = out.find(end, at);
  return stop == std::string::npos ? "" : out.substr(at + key.size(), stop - at - key.size());
}

// A fresh folder under /tmp, for one test.
inline std::string tempFolder(const std::string& tag) {
  std::string t = "/tmp/hctest-" + tag + "-XXXXXX";
  return ::mkdtemp(&t[0]) ? t : std::string();
}

// A JSON text (a command's --json output, a file hypercast wrote), parsed with
// nlohmann-json; a text that is not JSON throws, naming its start.
inline nlohmann::json parseJson(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) throw std::runtime_error("not JSON: " + text.substr(0, 300));
  return j;
}

// The report of a run that may have failed (a benchmark row): its JSON object,
// or an empty object when it printed none.
inline nlohmann::json reportJson(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  return j.is_object() ? j : nlohmann::json::object();
}

// The lines of `text`, without their newlines.
inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> v;
  std::stringstream ss(text);
  for (std::string l; std::getline(ss, l);) v.push_back(l);
  return v;
}

// How often `what` occurs in `text` (overlapping occurrences count).
inline size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace hctest
