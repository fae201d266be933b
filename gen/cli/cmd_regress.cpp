// hypercast regress plan|run|run-one|slurm|report: regressions of many jobs
// (gen/regress/): a YAML file expanded into jobs, run locally or as a SLURM job
// array, merged into JUnit XML, Markdown and JSON.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "cli/commands.h"
#include "cli/regress_command_line.h"
#include "regress/build_id.h"
#include "regress/regress_folder.h"
#include "regress/regress_report.h"
#include "regress/regress_runner.h"
#include "util/error.h"
#include "util/progress.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace cli {

namespace {

// Which options each verb takes.
const std::map<std::string, std::set<std::string>>& verbs() {
  static const std::map<std::string, std::set<std::string>> v = {
      {"plan", {"out"}},      {"run", {"j"}},
      {"run-one", {"index"}}, {"slurm", {"partition", "array-limit", "cache", "submit"}},
      {"report", {}},
  };
  return v;
}

std::string folderArg(const Args& a, const std::string& verb) {
  if (a.words().size() < 2) {
    throw Error("regress " + verb + " needs the regression's folder (regress " + verb + " DIR)");
  }
  const std::string dir = a.words()[1];
  if (!fs::is_directory(dir)) throw Error("no folder " + dir);
  return fs::absolute(dir).lexically_normal().string();
}

int plan(const Args& a) {
  if (a.words().size() < 2) throw Error("regress plan needs the regression file (REGRESSION.yaml)");
  if (!a.has("out")) throw Error("regress plan needs --out DIR");
  const regress::PlanWritten p =
      regress::writePlan(a.words()[1], a.get("out"), regressCommandLine());
  std::cout << "planned          " << p.jobs << " jobs, " << p.models << " Verilated models, into "
            << a.get("out") << "/jobs.json\n";
  for (const std::string& s : p.skipped) std::cout << "skipped          " << s << "\n";
  return 0;
}

int run(const Args& a, bool one) {
  regress::RunSettings s;
  s.parallel = static_cast<int>(a.getInt("j", 1, 1, 32));
  if (one && !a.has("index")) throw Error("regress run-one needs --index I");
  const std::string dir = folderArg(a, one ? "run-one" : "run");
  const std::vector<regress::RegressJob> jobs = regress::readJobs(dir);
  std::vector<int> which;
  if (one) {
    which.push_back(
        static_cast<int>(a.getInt("index", 0, 0, static_cast<long long>(jobs.size()) - 1)));
  } else {
    s.tty = Progress::stderrIsTerminal();
  }
  const regress::RunCounts c = regress::runJobs(dir, jobs, which, s, std::cerr);
  std::cout << c.total << " jobs: " << c.passed << " passed, " << c.failed << " failed, "
            << c.errors << " errors (" << c.already << " were already complete); results in " << dir
            << "/results\n";
  // run-one is a SLURM task: it succeeds when its job ran; the report has the verdict.
  if (one) return 0;
  return c.passed == c.total ? 0 : 1;
}

int slurm(const Args& a) {
  regress::SlurmSettings s;
  s.dir = folderArg(a, "slurm");
  s.hypercast = regress::selfExe();
  s.partition = a.get("partition");
  s.array_limit = static_cast<int>(a.getInt("array-limit", 8, 1, 100000));
  const char* env = std::getenv("HYPERCAST_CACHE");
  s.cache = a.has("cache") ? a.get("cache") : env && *env ? env : s.dir + "/hc-cache";
  s.cache = fs::absolute(s.cache).lexically_normal().string();
  const regress::SlurmWritten w = regress::writeSlurm(s);
  const std::string& sd = w.slurm_dir;
  std::cout << "wrote            " << sd << "/array.sbatch (" << w.tasks << " tasks, "
            << s.array_limit << " at once)\n";
  if (w.has_build) {
    std::cout << "wrote            " << sd << "/build.sbatch (" << w.models
              << " Verilated models, built once before the array)\n";
  }
  std::cout << "model cache      " << s.cache << " (must be on a path every node shares)\n";
  if (!a.has("submit")) {
    std::cout << "submit with      "
              << (w.has_build ? "id=$(sbatch --parsable " + sd + "/build.sbatch) && " +
                                    "sbatch --dependency=afterok:$id " + sd + "/array.sbatch"
                              : "sbatch " + sd + "/array.sbatch")
              << "\n";
    return 0;
  }
  const regress::SlurmIds ids = regress::submitAndRecord(w, s.dir);
  if (!ids.build.empty()) std::cout << "submitted build  " << ids.build << "\n";
  std::cout << "submitted array  " << ids.array << "\n";
  return 0;
}

int report(const Args& a) {
  const std::string dir = folderArg(a, "report");
  const regress::RegressReport r = regress::writeReport(dir);
  std::cout << r.markdown.substr(0, r.markdown.find("\n## Jobs")) << "\nwrote            " << dir
            << "/junit.xml, summary.md, report.json\n";
  return r.ok() ? 0 : 1;
}

}  // namespace

std::vector<OptionSpec> regressOptions() {
  return {
      {"out", "DIR", "plan: the regression's folder (jobs.json, then results/)"},
      {"j", "N", "run: jobs at a time, 1..32 (default 1)", true},
      {"index", "I", "run-one: the job's index in jobs.json (a SLURM array task's)"},
      {"partition", "P", "slurm: the partition (default: the cluster's)"},
      {"array-limit", "K", "slurm: array tasks running at once (default 8)"},
      {"cache", "DIR",
       "slurm: the Verilated-model cache every node shares (default\n"
       "$HYPERCAST_CACHE, else DIR/hc-cache)"},
      {"submit", "", "slurm: submit with sbatch (build stage, then the array) and print the ids"},
  };
}

CommandHelp regressHelp() {
  return {
      "hypercast regress plan REGRESSION.yaml --out DIR | run DIR [-j N] |\n"
      "       slurm DIR [--partition P] [--array-limit K] [--submit] | report DIR",
      "Regressions: many simulate, schedule and synth jobs from one YAML file.\n"
      "  plan      expands the file (networks x workloads x engines x sweeps x\n"
      "            repeats) into DIR/jobs.json, one job per line\n"
      "  run       runs the jobs not yet done, N at a time, with a progress bar on a\n"
      "            terminal; each job gets DIR/results/<id>/ (summary.json, the\n"
      "            command's report, its log, a trace if it failed). A job already done\n"
      "            with the same inputs and hypercast build is skipped: after Ctrl-C or\n"
      "            a crash, run again and only what is missing runs\n"
      "  run-one   runs job I (what a SLURM array task runs)\n"
      "  slurm     writes DIR/slurm/build.sbatch (each Verilated model built once) and\n"
      "            array.sbatch (--array=0-(J-1)%K); --submit submits both, the array\n"
      "            with --dependency=afterok on the build job\n"
      "  report    writes DIR/junit.xml, DIR/summary.md and DIR/report.json\n"
      "Exit status: run and report 0 when every job passed, 1 otherwise; 2 bad input.\n"
      "The file's schema is in docs/file-formats.md (Regression file).\n",
      ""};
}

int cmdRegress(const Args& a) {
  if (a.words().empty()) throw Error("regress needs a verb: plan, run, run-one, slurm, report");
  const std::string verb = a.words()[0];
  const auto v = verbs().find(verb);
  if (v == verbs().end()) {
    throw Error("unknown regress verb '" + verb + "' (plan, run, run-one, slurm, report)");
  }
  for (const OptionSpec& s : regressOptions()) {
    if (a.has(s.name) && !v->second.count(s.name)) {
      throw Error("option " + optionWord(s) + " is not for 'regress " + verb + "'");
    }
  }
  if (verb == "plan") return plan(a);
  if (verb == "run" || verb == "run-one") return run(a, verb == "run-one");
  if (verb == "slurm") return slurm(a);
  return report(a);
}

}  // namespace cli
}  // namespace hypercast
