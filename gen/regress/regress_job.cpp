#include "regress/regress_job.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "topology/registry.h"
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

// The environment a job file may set for its job: nothing else reaches it.
const char* const kJobEnv[] = {"HYPERCAST_FAULT_NODE"};

// A job of jobs.json; `where` ("DIR/jobs.json: job 3") starts each one-line error.
RegressJob fromJson(const nlohmann::json& o, const std::string& where) {
  if (!o.is_object()) throw Error(where + ": not a JSON object");
  static const char* const keys[] = {"index",    "id",     "command",     "network",
                                     "workload", "engine", "repeat",      "argv",
                                     "env",      "model",  "builds_model"};
  for (auto it = o.begin(); it != o.end(); ++it) {
    if (std::find_if(std::begin(keys), std::end(keys),
                     [&](const char* k) { return it.key() == k; }) == std::end(keys)) {
      throw Error(where + ": unknown key '" + it.key() + "'");
    }
  }
  auto need = [&](const char* key) -> const nlohmann::json& {
    if (!o.contains(key)) throw Error(where + ": key '" + std::string(key) + "' is missing");
    return o.at(key);
  };
  auto text = [&](const char* key, bool required) {
    if (!required && !o.contains(key)) return std::string();
    const nlohmann::json& v = need(key);
    if (!v.is_string()) throw Error(where + ": key '" + std::string(key) + "' must be a string");
    return v.get<std::string>();
  };
  auto whole = [&](const char* key) {
    const nlohmann::json& v = need(key);
    if (!v.is_number_integer() || v.get<long long>() < 0 || v.get<long long>() > 1000000000) {
      throw Error(where + ": key '" + std::string(key) + "' must be a whole number >= 0");
    }
    return static_cast<int>(v.get<long long>());
  };
  RegressJob j;
  j.index = whole("index");
  j.id = text("id", true);
  j.command = text("command", true);
  j.network = text("network", true);
  j.workload = text("workload", true);
  j.engine = text("engine", false);
  j.repeat = whole("repeat");
  const nlohmann::json& argv = need("argv");
  if (!argv.is_array() || argv.empty()) {
    throw Error(where + ": key 'argv' must be a non-empty list of strings");
  }
  for (const auto& w : argv) {
    if (!w.is_string()) throw Error(where + ": key 'argv' must be a non-empty list of strings");
    j.argv.push_back(w.get<std::string>());
  }
  if (o.contains("env")) {
    const nlohmann::json& env = o.at("env");
    if (!env.is_object()) throw Error(where + ": key 'env' must be an object");
    for (auto it = env.begin(); it != env.end(); ++it) {
      if (std::find_if(std::begin(kJobEnv), std::end(kJobEnv),
                       [&](const char* k) { return it.key() == k; }) == std::end(kJobEnv)) {
        throw Error(where + ": key 'env." + it.key() +
                    "' is not allowed (a job's environment may set only HYPERCAST_FAULT_NODE)");
      }
      if (!it.value().is_string()) {
        throw Error(where + ": key 'env." + it.key() + "' must be a string");
      }
      j.env[it.key()] = it.value().get<std::string>();
    }
  }
  j.model = text("model", false);
  if (o.contains("builds_model")) {
    if (!o.at("builds_model").is_boolean()) {
      throw Error(where + ": key 'builds_model' must be true or false");
    }
    j.builds_model = o.at("builds_model").get<bool>();
  }
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
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error(path + " is a folder, not a job file");
  std::ifstream f(path);
  if (!f) throw Error("cannot read " + path + " (run 'hypercast regress plan FILE --out DIR')");
  std::stringstream ss;
  ss << f.rdbuf();
  const nlohmann::json j = nlohmann::json::parse(ss.str(), nullptr, false);
  if (!j.is_array()) throw Error(path + " is not a JSON array of jobs");
  std::vector<RegressJob> jobs;
  for (const auto& o : j) {
    jobs.push_back(fromJson(o, path + ": job " + std::to_string(jobs.size())));
  }
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (jobs[i].index != static_cast<int>(i)) {
      throw Error(path + ": job " + std::to_string(i) + " has index " +
                  std::to_string(jobs[i].index));
    }
  }
  return jobs;
}

std::vector<std::string> jobInputFiles(const RegressJob& job) {
  std::set<std::string> file_options;
  for (const TopologyOption& t : allTopologyOptions()) {
    if (t.value == "FILE") file_options.insert("--" + t.name);
  }
  std::vector<std::string> files;
  for (size_t i = 0; i + 1 < job.argv.size(); ++i) {
    if (file_options.count(job.argv[i])) files.push_back(job.argv[++i]);
  }
  return files;
}

std::string jobHash(const RegressJob& job, const std::string& build_id) {
  uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
  std::vector<std::string> parts = {"hypercast", kVersion, build_id, std::to_string(job.repeat)};
  for (const std::string& w : job.argv) parts.push_back("arg:" + w);
  for (const auto& kv : job.env) parts.push_back("env:" + kv.first + "=" + kv.second);
  // What the job reads: an edited input file is a changed job (an unreadable
  // one hashes as such, and the job reports it when it runs).
  for (const std::string& path : jobInputFiles(job)) {
    std::ifstream f(path, std::ios::binary);
    std::stringstream content;
    content << f.rdbuf();
    parts.push_back("file:" + path + (f ? "=" + content.str() : " unreadable"));
  }
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
