#include "regress/regress_commands.h"

#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <vector>

#include "regress/build_id.h"
#include "regress/regress_folder.h"
#include "regress/regress_job.h"
#include "regress/regress_report.h"
#include "regress/regress_runner.h"
#include "tools/launcher.h"
#include "util/error.h"
#include "util/progress.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace regress {

namespace {

// The regression's folder, as an absolute path; it must exist.
std::string folder(const RegressRequest& r) {
  if (r.path.empty()) {
    throw Error("regress " + r.verb + " needs the regression's folder (regress " + r.verb +
                " DIR)");
  }
  if (!fs::is_directory(r.path)) throw Error("no folder " + r.path);
  return fs::absolute(r.path).lexically_normal().string();
}

int plan(const RegressRequest& r, const Params& a, std::ostream& out) {
  if (r.path.empty()) throw Error("regress plan needs the regression file (REGRESSION.yaml)");
  if (!a.has("out")) throw Error("regress plan needs --out DIR");
  const PlanWritten p = writePlan(r.path, a.get("out"), a.has("allow-large"));
  out << "planned          " << p.jobs << " jobs, " << p.models << " Verilated models, into "
      << a.get("out") << "/jobs.json\n";
  for (const std::string& s : p.skipped) out << "skipped          " << s << "\n";
  return 0;
}

int run(const RegressRequest& r, const Params& a, std::ostream& out, std::ostream& progress) {
  const bool one = r.verb == "run-one";
  RunSettings s;
  s.parallel = static_cast<int>(a.getInt("j", 1, 1, 32));
  s.quiet = a.has("quiet");
  if (one && !a.has("index")) throw Error("regress run-one needs --index I");
  const std::string dir = folder(r);
  const std::vector<RegressJob> jobs = readJobs(dir);
  std::vector<int> which;
  if (one) {
    which.push_back(
        static_cast<int>(a.getInt("index", 0, 0, static_cast<long long>(jobs.size()) - 1)));
  } else {
    s.tty = Progress::stderrIsTerminal();
  }
  const RunCounts c = runJobs(dir, jobs, which, s, progress);
  out << c.total << " jobs: " << c.passed << " passed, " << c.failed << " failed, " << c.errors
      << " errors (" << c.already << " were already complete); results in " << dir << "/results\n";
  // run-one is a SLURM task: it succeeds when its job ran; the report has the verdict.
  if (one) return 0;
  return c.passed == c.total ? 0 : 1;
}

int slurm(const RegressRequest& r, const Params& a, std::ostream& out) {
  SlurmSettings s;
  s.dir = folder(r);
  s.hypercast = selfExe();
  if (a.has("partition") && a.get("partition").empty()) {
    throw Error("--partition: empty name (leave the option out for the cluster's default)");
  }
  s.partition = a.get("partition");
  for (const char* name : {"time", "mem", "account"}) {
    if (a.has(name) && a.get(name).empty()) {
      throw Error(std::string("--") + name +
                  ": empty (leave the option out for the cluster's default)");
    }
  }
  s.time = a.get("time");
  s.mem = a.get("mem");
  s.account = a.get("account");
  s.array_limit = static_cast<int>(a.getInt("array-limit", 8, 1, 100000));
  const char* env = std::getenv("HYPERCAST_CACHE");
  const std::string cache_from = a.has("cache") ? "--cache" : "HYPERCAST_CACHE";
  s.cache = a.has("cache") ? a.get("cache") : env && *env ? env : s.dir + "/hc-cache";
  if (s.cache.empty()) throw Error(cache_from + ": empty path");
  // The model cache is a folder (made when missing); a file or a device is refused.
  std::error_code ec;
  const fs::file_status st = fs::status(s.cache, ec);
  if (fs::exists(st) && !fs::is_directory(st)) {
    throw Error(cache_from + " " + s.cache + ": not a folder (the Verilated-model cache is one)");
  }
  s.cache = fs::absolute(s.cache).lexically_normal().string();
  const SlurmWritten w = writeSlurm(s);
  const std::string& sd = w.slurm_dir;
  out << "wrote            " << sd << "/array.sbatch (" << w.tasks << " tasks, " << s.array_limit
      << " at once)\n";
  if (w.has_build) {
    out << "wrote            " << sd << "/build.sbatch (" << w.models
        << " Verilated models, built once before the array)\n";
  }
  out << "model cache      " << s.cache << " (must be on a path every node shares)\n";
  if (!a.has("submit")) {
    out << "submit with      "
        << (w.has_build
                ? "id=$(" + tools::commandLine({"sbatch", "--parsable", sd + "/build.sbatch"}) +
                      ") && sbatch --dependency=afterok:$id " +
                      tools::commandLine({sd + "/array.sbatch"})
                : tools::commandLine({"sbatch", sd + "/array.sbatch"}))
        << "\n";
    return 0;
  }
  const SlurmIds ids = submitAndRecord(w, s.dir);
  if (!ids.build.empty()) out << "submitted build  " << ids.build << "\n";
  out << "submitted array  " << ids.array << "\n";
  return 0;
}

int report(const RegressRequest& r, std::ostream& out) {
  const std::string dir = folder(r);
  const RegressReport rep = writeReport(dir);
  out << rep.markdown.substr(0, rep.markdown.find("\n## Jobs")) << "\nwrote            " << dir
      << "/junit.xml, summary.md, report.json\n";
  return rep.ok() ? 0 : 1;
}

}  // namespace

int runRegressVerb(const RegressRequest& r, const Params& options, std::ostream& out,
                   std::ostream& progress) {
  if (r.verb == "plan") return plan(r, options, out);
  if (r.verb == "run" || r.verb == "run-one") return run(r, options, out, progress);
  if (r.verb == "slurm") return slurm(r, options, out);
  if (r.verb == "report") return report(r, out);
  throw Error("unknown regress verb '" + r.verb + "' (plan, run, run-one, slurm, report)");
}

}  // namespace regress
}  // namespace hypercast
