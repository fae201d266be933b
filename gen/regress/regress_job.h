// One job of a regression: a `hypercast simulate|schedule|synth` invocation as
// an argument vector (without the program), the environment it adds (a fault
// injected into the model), and what the runner needs to know about it. The
// planner (regress_plan.h) writes DIR/jobs.json, one job per line; `run`,
// `run-one`, `slurm` and `report` read it back.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace hypercast {
namespace regress {

struct RegressJob {
  int index = 0;
  std::string id;       // "q3.te.cosim.seed2.r1": network.workload[.engine][.key value...][.rK]
  std::string command;  // simulate | schedule | synth
  std::string network;  // the regression file's names
  std::string workload;
  std::string engine;                      // simulate only, else ""
  int repeat = 1;                          // 1..repeats
  std::vector<std::string> argv;           // argv[0] is the command; {job_dir} is substituted
  std::map<std::string, std::string> env;  // added to the environment
  std::string model;                       // the Verilated model it needs ("" none)
  bool builds_model = false;               // first job of its model: the build stage runs it
};

// The placeholder in argv replaced by the job's work folder when it runs.
constexpr const char* kJobDirWord = "{job_dir}";

// DIR/jobs.json: a JSON array, one job per line.
std::string jobsJsonText(const std::vector<RegressJob>& jobs);
// Reads DIR/jobs.json; throws Error naming the file on anything malformed.
std::vector<RegressJob> readJobs(const std::string& dir);
std::string jobsPath(const std::string& dir);

// The files the job reads that its argument vector names (a graph network's
// --graph FILE), in argv order.
std::vector<std::string> jobInputFiles(const RegressJob& job);
// The job's content hash: hypercast's version and build id, the argument
// vector, the environment, the repeat number and the content of every file of
// jobInputFiles (read now). A result folder holding the same hash is the job
// already done.
std::string jobHash(const RegressJob& job, const std::string& build_id);

// The argument vector to run: `exe`, then argv with {job_dir} replaced.
std::vector<std::string> jobCommand(const RegressJob& job, const std::string& exe,
                                    const std::string& job_dir);

}  // namespace regress
}  // namespace hypercast
