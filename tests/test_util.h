// Helpers for tests and benchmarks that drive the hypercast binary.
#pragma once

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

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

// The value of "key": <number|true|false> in a flat JSON text (-1 if absent).
inline long long jsonInt(const std::string& json, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(json, m, std::regex("\"" + key + "\":\\s*(-?[0-9]+)"))) return -1;
  return std::stoll(m[1]);
}
inline double jsonNumber(const std::string& json, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(json, m, std::regex("\"" + key + "\":\\s*([-0-9.e+]+)"))) return -1;
  return std::stod(m[1]);
}
inline bool jsonBool(const std::string& json, const std::string& key) {
  return std::regex_search(json, std::regex("\"" + key + "\":\\s*true"));
}
inline std::string jsonStr(const std::string& json, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(json, m, std::regex("\"" + key + "\":\\s*\"([^\"]*)\""))) return "";
  return m[1];
}

}  // namespace hctest
