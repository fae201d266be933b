#include "regress/regress_job.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "util/error.h"
#include "util/json_text.h"
#include "util/version.h"

namespace hypercast {
namespace regress {

namespace {

using Json = nlohmann::ordered_json;

Json toJson(const RegressJob& j) {
  Json o;
  o["index"] = j.index;
  o["id"] = j.id;
  o["command"] = j.command;
  o["network"] = j.network;
  o["workload"] = j.workload;
  if (!j.engine.empty()) o["engine"] = j.engine;
  o["repeat"] = j.repeat;
  o["argv"] = j.argv;
  if (!j.env.empty()) o["env"] = j.env;
  if (!j.model.empty()) {
    o["model"] = j.model;
    o["builds_model"] = j.builds_model;
  }
  return o;
}

RegressJob fromJson(const nlohmann::json& o) {
  RegressJob j;
  j.index = o.at("index").get<int>();
  j.id = o.at("id").get<std::string>();
  j.command = o.at("command").get<std::string>();
  j.network = o.at("network").get<std::string>();
  j.workload = o.at("workload").get<std::string>();
  j.engine = o.value("engine", "");
  j.repeat = o.at("repeat").get<int>();
  j.argv = o.at("argv").get<std::vector<std::string>>();
  if (o.contains("env")) j.env = o.at("env").get<std::map<std::string, std::string>>();
  j.model = o.value("model", "");
  j.builds_model = o.value("builds_model", false);
  if (j.argv.empty()) throw Error("job " + j.id + " has no argv");
  return j;
}

// FNV-1a, 64 bits, continued from `h`.
uint64_t fnv(uint64_t h, const std::string& s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  h ^= 0xff;  // separator: ("ab","c") and ("a","bc") differ
  h *= 0x100000001b3ull;
  return h;
}

}  // namespace

std::string jobsPath(const std::string& dir) { return dir + "/jobs.json"; }

std::string jobsJsonText(const std::vector<RegressJob>& jobs) {
  std::string out = "[\n";
  for (size_t i = 0; i < jobs.size(); ++i) {
    out += jsonText(toJson(jobs[i]));
    out += i + 1 < jobs.size() ? ",\n" : "\n";
  }
  return out + "]\n";
}

std::vector<RegressJob> readJobs(const std::string& dir) {
  const std::string path = jobsPath(dir);
  std::ifstream f(path);
  if (!f) throw Error("cannot read " + path + " (run 'hypercast regress plan FILE --out DIR')");
  std::stringstream ss;
  ss << f.rdbuf();
  const nlohmann::json j = nlohmann::json::parse(ss.str(), nullptr, false);
  if (!j.is_array()) throw Error(path + " is not a JSON array of jobs");
  std::vector<RegressJob> jobs;
  try {
    for (const auto& o : j) jobs.push_back(fromJson(o));
  } catch (const nlohmann::json::exception& e) {
    throw Error(path + ": job " + std::to_string(jobs.size()) + ": " + e.what());
  }
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (jobs[i].index != static_cast<int>(i)) {
      throw Error(path + ": job " + std::to_string(i) + " has index " +
                  std::to_string(jobs[i].index));
    }
  }
  return jobs;
}

std::string jobHash(const RegressJob& job, const std::string& build_id) {
  uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
  std::vector<std::string> parts = {"hypercast", kVersion, build_id, std::to_string(job.repeat)};
  for (const std::string& w : job.argv) parts.push_back("arg:" + w);
  for (const auto& kv : job.env) parts.push_back("env:" + kv.first + "=" + kv.second);
  for (const std::string& p : parts) {
    a = fnv(a, p);
    b = fnv(b, p + "#");
  }
  char hex[40];
  std::snprintf(hex, sizeof hex, "%016llx%016llx", static_cast<unsigned long long>(a),
                static_cast<unsigned long long>(b));
  return hex;
}

std::vector<std::string> jobCommand(const RegressJob& job, const std::string& exe,
                                    const std::string& job_dir) {
  std::vector<std::string> argv = {exe};
  for (std::string w : job.argv) {
    const size_t at = w.find(kJobDirWord);
    if (at != std::string::npos) w.replace(at, std::string(kJobDirWord).size(), job_dir);
    argv.push_back(w);
  }
  return argv;
}

}  // namespace regress
}  // namespace hypercast
