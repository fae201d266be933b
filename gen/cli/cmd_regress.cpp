// hypercast regress plan|run|run-one|slurm|report: regressions of many jobs
// (gen/regress/): a YAML file expanded into jobs, run locally or as a SLURM job
// array, merged into JUnit XML, Markdown and JSON. Here: the verbs' options, the
// help, the call (regress/regress_commands.h).
#include <iostream>
#include <map>
#include <set>

#include "cli/commands.h"
#include "regress/regress_commands.h"
#include "util/error.h"

namespace hypercast {
namespace cli {

namespace {

// Which options each verb takes.
const std::map<std::string, std::set<std::string>>& verbs() {
  static const std::map<std::string, std::set<std::string>> v = {
      {"plan", {"out", "allow-large"}},
      {"run", {"j", "quiet"}},
      {"run-one", {"index", "quiet"}},
      {"slurm", {"partition", "time", "mem", "account", "array-limit", "cache", "submit"}},
      {"report", {}},
  };
  return v;
}

}  // namespace

CommandHelp regressHelp() {
  return {
      "hypercast regress plan REGRESSION.yaml --out DIR [--allow-large] |\n"
      "       run DIR [-j N] [--quiet] |\n"
      "       run-one DIR --index I [--quiet] |\n"
      "       slurm DIR [--partition P] [--time T] [--mem M] [--account A] [--array-limit K]\n"
      "             [--submit] |\n"
      "       report DIR",
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
  regress::RegressRequest r;
  r.verb = verb;
  if (a.words().size() >= 2) r.path = a.words()[1];
  return regress::runRegressVerb(r, a, std::cout, std::cerr);
}

}  // namespace cli
}  // namespace hypercast
