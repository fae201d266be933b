#include "regress/regress_result.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "flow/failure_reason.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/last_line.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace regress {

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string hostName() {
  char h[256] = {};
  if (::gethostname(h, sizeof h - 1) != 0) return "host";
  return h;
}

// Whether the process that made a work folder ("HOST-PID", with ".old" after
// it while a result is replaced) has ended: on this host, no process PID; a
// folder of another host is never judged gone (its owner may still run).
bool ownerGone(std::string owner) {
  if (owner.size() > 4 && owner.compare(owner.size() - 4, 4, ".old") == 0) {
    owner.resize(owner.size() - 4);
  }
  const size_t dash = owner.rfind('-');
  if (dash == std::string::npos || owner.substr(0, dash) != hostName()) return false;
  const std::string pid = owner.substr(dash + 1);
  if (pid.empty() || pid.size() > 9 || pid.find_first_not_of("0123456789") != std::string::npos) {
    return false;
  }
  const pid_t p = static_cast<pid_t>(std::stol(pid));
  if (p == ::getpid()) return true;  // this process's own, left by an earlier job
  return ::kill(p, 0) != 0 && errno == ESRCH;
}

}  // namespace

std::string resultsDir(const std::string& dir) { return dir + "/results"; }
std::string resultDir(const std::string& dir, const RegressJob& job) {
  return resultsDir(dir) + "/" + job.id;
}

nlohmann::json readSummary(const std::string& dir, const RegressJob& job) {
  const std::string text = slurp(resultDir(dir, job) + "/summary.json");
  if (text.empty()) return nullptr;
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  return j.is_object() ? j : nlohmann::json(nullptr);
}

bool isComplete(const std::string& dir, const RegressJob& job, const std::string& hash) {
  const nlohmann::json s = readSummary(dir, job);
  return s.is_object() && s.value("hash", "") == hash;
}

bool interrupted(int exit_code, int signal) {
  return signal == SIGINT || signal == SIGTERM || exit_code == 130 || exit_code == 143;
}

JobOutcome classify(int exit_code, int signal, const std::string& report, const std::string& log) {
  JobOutcome o;
  o.exit_code = exit_code;
  o.signal = signal;
  o.status = signal == 0 && exit_code == 0   ? "pass"
             : signal == 0 && exit_code == 1 ? "fail"
                                             : "error";
  if (o.status == "pass") return o;
  const nlohmann::json j = nlohmann::json::parse(report, nullptr, false);
  o.message = flow::failureReason(j);
  if (o.message.empty()) o.message = lastLine(log);
  if (o.message.empty() && signal) o.message = std::string("killed by ") + ::strsignal(signal);
  if (o.message.empty()) o.message = "exit " + std::to_string(exit_code);
  return o;
}

JobWork::JobWork(const std::string& dir, const RegressJob& job) : final_(resultDir(dir, job)) {
  const std::string results = resultsDir(dir);
  std::error_code ec;
  fs::create_directories(results, ec);
  if (ec) throw Error("cannot create " + results + ": " + ec.message());
  // '@' is in no job id: ".tmp-a@" never matches the job "a-b".
  const std::string stale = ".tmp-" + job.id + "@";
  for (const auto& e : fs::directory_iterator(results, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(stale, 0) == 0 && ownerGone(name.substr(stale.size()))) {
      std::error_code rm;
      fs::remove_all(e.path(), rm);
    }
  }
  const std::string work = results + "/" + stale + hostName() + "-" + std::to_string(::getpid());
  interrupt::BlockSignals block;  // created and registered as one step
  fs::remove_all(work, ec);
  if (::mkdir(work.c_str(), 0777) != 0) {
    throw Error("cannot create " + work + ": " + std::strerror(errno));
  }
  guard_ = interrupt::TempPath(work, /*tree=*/true);
}

void JobWork::commit(const nlohmann::ordered_json& summary) {
  const std::string work = guard_.path();
  {
    std::ofstream f(work + "/summary.json", std::ios::binary);
    f << jsonText(summary, 2) << "\n";
    f.flush();
    if (!f) throw Error("cannot write " + work + "/summary.json");
  }
  // An older result is moved aside first: rename() does not replace a folder
  // that has files.
  const std::string old = work + ".old";
  std::error_code ec;
  if (fs::exists(final_, ec)) {
    fs::rename(final_, old, ec);
    if (ec) throw Error("cannot replace " + final_ + ": " + ec.message());
  }
  {
    interrupt::BlockSignals block;
    if (::rename(work.c_str(), final_.c_str()) != 0) {
      throw Error("cannot rename " + work + " to " + final_ + ": " + std::strerror(errno));
    }
    guard_.release();
  }
  fs::remove_all(old, ec);
}

std::string stdoutFile(const RegressJob& job) {
  return job.command == "synth" ? "report.txt" : "report.json";
}

void placeReport(const RegressJob& job, const std::string& work) {
  if (job.command != "synth") return;
  std::error_code ec;
  const std::string from = work + "/synth/synth_report.json";
  if (!fs::exists(from, ec)) return;
  fs::copy_file(from, work + "/report.json", fs::copy_options::overwrite_existing, ec);
  if (ec) throw Error("cannot copy " + from + " to " + work + "/report.json: " + ec.message());
}

nlohmann::ordered_json summaryJson(const RegressJob& job, const std::string& hash,
                                   const JobOutcome& o, const std::string& work) {
  nlohmann::ordered_json j;
  j["id"] = job.id;
  j["index"] = job.index;
  j["command"] = job.command;
  j["network"] = job.network;
  j["workload"] = job.workload;
  if (!job.engine.empty()) j["engine"] = job.engine;
  j["repeat"] = job.repeat;
  j["argv"] = job.argv;
  if (!job.env.empty()) j["env"] = job.env;
  j["hash"] = hash;
  j["status"] = o.status;
  if (o.signal) {
    j["signal"] = o.signal;
  } else {
    j["exit_code"] = o.exit_code;
  }
  j["seconds"] = o.seconds;
  if (!o.message.empty()) j["message"] = o.message;
  j["host"] = hostName();
  const nlohmann::ordered_json report =
      nlohmann::ordered_json::parse(slurp(work + "/report.json"), nullptr, false);
  j["report"] = report.is_discarded() ? nlohmann::ordered_json(nullptr) : report;
  std::error_code ec;
  if (fs::exists(work + "/trace.csv", ec)) j["trace"] = "trace.csv";
  return j;
}

}  // namespace regress
}  // namespace hypercast
