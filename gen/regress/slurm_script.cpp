#include "regress/slurm_script.h"

#include "tools/launcher.h"
#include "util/error.h"
#include "util/last_line.h"

namespace hypercast {
namespace regress {

namespace {

std::string q(const std::string& s) { return tools::commandLine({s}); }

std::string header(const SlurmSettings& s, const std::string& job_name, const std::string& log,
                   const std::string& what) {
  std::string h = "#!/bin/bash\n# " + what +
                  "\n# Written by `hypercast regress slurm`; see docs/user-guide.md, \"Regressions "
                  "on SLURM\".\n";
  h += "#SBATCH --job-name=" + job_name + "\n";
  // sbatch splits a directive's value at white space unless it is in double
  // quotes; a path that holds a double quote or a line break cannot be written.
  if (log.find_first_of("\"\n\r") != std::string::npos) {
    throw Error("the regression folder's path holds a double quote or a line break: " + log);
  }
  h += "#SBATCH --output=\"" + log + "\"\n";
  h += "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n";
  if (!s.partition.empty()) h += "#SBATCH --partition=" + s.partition + "\n";
  if (!s.account.empty()) h += "#SBATCH --account=" + s.account + "\n";
  if (!s.time.empty()) h += "#SBATCH --time=" + s.time + "\n";
  if (!s.mem.empty()) h += "#SBATCH --mem=" + s.mem + "\n";
  h += "set -euo pipefail\n";
  h += "export HYPERCAST_CACHE=" + q(s.cache) + "\n";
  return h;
}

// "--job-name" takes no spaces or odd characters.
std::string jobName(const std::string& name) {
  std::string out = "hc-";
  for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
  return out;
}

std::string sbatch(const std::vector<std::string>& argv) {
  if (tools::findProgram("sbatch").empty()) {
    throw Error("sbatch is not installed (a SLURM client is needed for --submit)");
  }
  tools::RunOptions o;
  o.capture_stdout = true;
  o.capture_stderr = true;
  const tools::RunResult r = tools::runProcess(argv, o);
  if (!r.ok()) throw Error("sbatch failed (" + r.status() + "): " + lastLine(r.err));
  // --parsable: "jobid" or "jobid;cluster".
  std::string id = lastLine(r.out);
  id = id.substr(0, id.find(';'));
  if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos) {
    throw Error("sbatch printed no job id: '" + lastLine(r.out) + "'");
  }
  return id;
}

}  // namespace

std::string slurmDir(const std::string& dir) { return dir + "/slurm"; }

SlurmScripts slurmScripts(const SlurmSettings& s, const std::vector<RegressJob>& jobs) {
  SlurmScripts out;
  const std::string logs = slurmDir(s.dir) + "/logs";
  const std::string run_one = q(s.hypercast) + " regress run-one " + q(s.dir) + " --index ";
  std::string builds;
  for (const RegressJob& j : jobs) {
    if (!j.builds_model) continue;
    ++out.models;
    builds += "# " + j.model + "\n" + run_one + std::to_string(j.index) + "\n";
  }
  if (out.models > 0) {
    out.build = header(s, jobName(s.name) + "-build", logs + "/build-%j.out",
                       "Stage 1: builds each of the " + std::to_string(out.models) +
                           " Verilated models once (running the first job that needs it).") +
                builds;
  }
  const int n = static_cast<int>(jobs.size());
  out.array =
      header(s, jobName(s.name), logs + "/task-%A_%a.out",
             "Stage 2: the " + std::to_string(n) + " jobs of jobs.json, task i runs job i.");
  // The array line goes with the other directives, before the first command.
  const std::string directive =
      "#SBATCH --array=0-" + std::to_string(n - 1) + "%" + std::to_string(s.array_limit) + "\n";
  out.array.insert(out.array.find("set -euo pipefail"), directive);
  out.array += "exec " + run_one + "\"$SLURM_ARRAY_TASK_ID\"\n";
  return out;
}

SlurmIds submitSlurm(const std::string& dir, bool has_build) {
  SlurmIds ids;
  const std::string sd = slurmDir(dir);
  if (has_build) ids.build = sbatch({"sbatch", "--parsable", sd + "/build.sbatch"});
  std::vector<std::string> argv = {"sbatch", "--parsable"};
  if (has_build) argv.push_back("--dependency=afterok:" + ids.build);
  argv.push_back(sd + "/array.sbatch");
  ids.array = sbatch(argv);
  return ids;
}

}  // namespace regress
}  // namespace hypercast
