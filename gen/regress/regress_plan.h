// The regression file (YAML) expanded into jobs. The schema (docs/file-formats.md,
// "Regression file") in short:
//
//   name: nightly                  # optional: the JUnit suite's name
//   engines: [systemc, cosim]      # simulate's engines (default [systemc])
//   repeats: 1                     # each job run this many times (default 1)
//   networks:                      # required, at least one
//     - name: q3                   # [A-Za-z0-9_-]+, unique
//       topology: hypercube        # any topology of `hypercast --help`
//       dim: 3                     # its options, as on the command line;
//                                  # a list is the option's comma list
//   workloads:                     # required, at least one
//     - name: te
//       command: simulate          # simulate (default) | schedule | synth
//       collective: total-exchange # any option of the command; a list is a
//       seed: [1, 2]               # sweep: one job per value
//       networks: [q3]             # optional: only these (default: every one
//                                  # the workload applies to)
//       engines: [cosim]           # optional: instead of the top-level list
//       repeats: 2                 # optional: instead of the top-level number
//       fault-node: 3              # optional: the model's node 3 corrupts what
//                                  # it sends (HYPERCAST_FAULT_NODE): must fail
//
// Every error is one line, "FILE:LINE: KEY: what is wrong", where KEY is the
// path of the offending key (networks[1].dim) and LINE its line in the file.
#pragma once

#include <string>
#include <vector>

#include "regress/regress_job.h"

namespace hypercast {
namespace regress {

struct RegressPlan {
  std::string name;                  // the file's name: key, else its file name
  std::vector<RegressJob> jobs;      // indexed 0..J-1
  std::vector<std::string> skipped;  // "q3 x bcast: hypercube has no broadcast router"
};

// Throws Error (one line, as above) on a bad file. Options and values are
// checked as the commands will read them (their tables: flow/command_options.h).
// allow_large raises the limit on the number of jobs (flow/limits.h), as does
// HYPERCAST_ALLOW_LARGE=1.
RegressPlan planRegression(const std::string& path, bool allow_large = false);

}  // namespace regress
}  // namespace hypercast
