#include "regress/regress_folder.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>

#include "flow/command_files.h"
#include "regress/regress_job.h"
#include "regress/regress_plan.h"
#include "tools/launcher.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/output_file.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace regress {

namespace {

// The file `regress plan` leaves in its folder: a folder with it was made by an
// earlier plan and may be planned into again.
constexpr const char* kPlanMarker = ".hypercast-regress";

// `out` is missing, empty, or an earlier plan's folder (its marker file);
// anything else is refused before the YAML file is read.
void checkPlanFolder(const std::string& out) {
  checkOutputFolder("--out", out);
  std::error_code ec;
  if (!fs::exists(out, ec) || fs::is_empty(out, ec)) return;
  if (fs::is_regular_file(fs::path(out) / kPlanMarker, ec)) return;
  throw Error("regress plan --out " + out +
              ": the folder is not empty and was not made by regress plan (no " + kPlanMarker +
              " in it); give a new or empty folder");
}

// A SLURM name given as `option`: letters, digits, '_', '-' and `also`.
void checkSlurmName(const char* option, const std::string& name, const char* what,
                    const std::string& also) {
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' &&
        also.find(c) == std::string::npos) {
      throw Error(std::string(option) + ": '" + name + "' is no " + what + " name");
    }
  }
}

}  // namespace

PlanWritten writePlan(const std::string& yaml, const std::string& out, bool allow_large) {
  flow::checkOutputsAgainstInputs({{"regression", yaml}}, {}, {{"--out", out}});
  checkPlanFolder(out);
  const RegressPlan p = planRegression(yaml, allow_large);
  // A plan into an earlier plan's folder removes what described the old jobs:
  // its SLURM scripts (their array range and build indices), the ids they were
  // submitted under, and its reports. The results stay (a job whose result
  // holds its content hash is not run again), and so do the SLURM task logs.
  std::error_code ec;
  for (const fs::path& stale :
       {fs::path(slurmDir(out)) / "build.sbatch", fs::path(slurmDir(out)) / "array.sbatch",
        fs::path(slurmDir(out)) / "submitted.json", fs::path(out) / "junit.xml",
        fs::path(out) / "summary.md", fs::path(out) / "report.json"}) {
    fs::remove(stale, ec);
    if (ec) throw Error("cannot remove the old plan's " + stale.string() + ": " + ec.message());
  }
  nlohmann::ordered_json meta;
  meta["name"] = p.name;
  meta["source"] = fs::absolute(yaml).string();
  meta["jobs"] = p.jobs.size();
  meta["skipped"] = p.skipped;
  writeOutputFiles(out, {{"jobs.json", jobsJsonText(p.jobs)},
                         {"plan.json", jsonText(meta, 2) + "\n"},
                         {kPlanMarker, "a regression folder of hypercast regress plan\n"}});
  PlanWritten w;
  w.jobs = p.jobs.size();
  for (const auto& j : p.jobs) w.models += j.builds_model;
  w.skipped = p.skipped;
  return w;
}

SlurmWritten writeSlurm(SlurmSettings s) {
  const std::vector<RegressJob> jobs = readJobs(s.dir);
  if (jobs.empty()) throw Error(s.dir + "/jobs.json has no job");
  checkSlurmName("--partition", s.partition, "partition", ",");
  checkSlurmName("--account", s.account, "account", ".");
  // SLURM's time formats: M, M:S, H:M:S, D-H, D-H:M, D-H:M:S, or no limit.
  static const std::regex kSlurmTime(
      R"(([0-9]+-)?[0-9]+(:[0-9]+){0,2}|UNLIMITED|unlimited|INFINITE|infinite)");
  const bool time_ok = std::regex_match(s.time, kSlurmTime);
  if (!s.time.empty() && !time_ok) {
    throw Error("--time: '" + s.time + "' is no SLURM time (minutes, H:M:S or D-H:M:S)");
  }
  // Megabytes, or a number with K, M, G or T.
  const size_t digits = s.mem.find_first_not_of("0123456789");
  const bool mem_ok = !s.mem.empty() && digits != 0 &&
                      (digits == std::string::npos ||
                       (digits + 1 == s.mem.size() &&
                        std::string("KMGT").find(s.mem[digits]) != std::string::npos));
  if (!s.mem.empty() && !mem_ok) {
    throw Error("--mem: '" + s.mem + "' is no SLURM memory size (megabytes, or 4G, 512M)");
  }
  const nlohmann::json meta =
      nlohmann::json::parse(tools::readFile(planMetaPath(s.dir)), nullptr, false);
  s.name = meta.is_object() ? meta.value("name", "regression") : "regression";
  const SlurmScripts scripts = slurmScripts(s, jobs);
  std::map<std::string, std::string> files = {{"array.sbatch", scripts.array}};
  if (!scripts.build.empty()) files["build.sbatch"] = scripts.build;
  SlurmWritten w;
  w.slurm_dir = slurmDir(s.dir);
  w.tasks = jobs.size();
  w.models = scripts.models;
  w.has_build = !scripts.build.empty();
  writeOutputFiles(w.slurm_dir, files, "slurm");
  std::error_code ec;
  fs::create_directories(w.slurm_dir + "/logs", ec);  // sbatch does not create --output's folder
  if (ec) throw Error("cannot create " + w.slurm_dir + "/logs: " + ec.message());
  if (!w.has_build) fs::remove(w.slurm_dir + "/build.sbatch", ec);
  for (const auto& f : files) {
    fs::permissions(w.slurm_dir + "/" + f.first, fs::perms::owner_exec, fs::perm_options::add, ec);
  }
  return w;
}

SlurmIds submitAndRecord(const SlurmWritten& w, const std::string& dir) {
  const SlurmIds ids = submitSlurm(dir, w.has_build);
  nlohmann::ordered_json j;
  j["build"] =
      ids.build.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(ids.build);
  j["array"] = ids.array;
  writeOutputFile(w.slurm_dir + "/submitted.json", jsonText(j) + "\n", "slurm");
  return ids;
}

RegressReport writeReport(const std::string& dir) {
  const RegressReport r = buildReport(dir, readJobs(dir));
  // Named as the command (regress report DIR has no --out).
  writeOutputFiles(dir,
                   {{"junit.xml", r.junit}, {"summary.md", r.markdown}, {"report.json", r.json}},
                   "regress report");
  return r;
}

}  // namespace regress
}  // namespace hypercast
