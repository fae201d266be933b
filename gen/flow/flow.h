// The kinds of network hypercast builds, as one table. A command (schedule,
// generate, simulate) picks the first entry whose `matches` takes the
// parameters (the network's and the collective's properties) and runs that
// entry's step; no command tests for a kind of network itself. A kind of
// network is one entry here and its steps, which reach down to its job file,
// harness, model and hardware: docs/developer.md, "Adding a kind of network".
//
// Each entry's steps take the parameters (util/params.h), build and check
// what they need through the library (flow/checked_schedule.h and the others),
// emit the RTL, write the harness's job, run the harness (flow/harness_run.h)
// and return what the command prints (util/report_json.h CommandReport): the JSON
// report or the terminal's lines, and the verdict as the exit status (0 pass,
// 1 verification failed). The CLI prints it. A simulation's text is the
// exception: its first lines and the harness's own report are written to
// stdout while it runs (the harness streams, e.g. --trace /dev/stdout).
#pragma once

#include <string>
#include <vector>

#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

enum class Step { kSchedule, kGenerate, kSimulate, kSynth };

struct Flow {
  const char* name;  // "combining-network", "wormhole-mesh", "schedule-network", "router-network"
  const char* summary;  // one line
  // Whether the parameters mean this kind of network for `step`. May throw
  // Error for options that belong to this kind on parameters that are not it.
  bool (*matches)(const Params& p, Step step);
  CommandReport (*schedule)(const Params& p);  // build, check, report (and --out the CSV)
  CommandReport (*generate)(const Params& p);  // build, check, write the RTL under --out
  CommandReport (*simulate)(const Params& p);  // build, emit, run the harness, its verdict
  // build, emit, yosys and nextpnr-ice40 under --out (flow/synth_steps.h); nullptr:
  // this kind is not synthesized (`synth` says so, exit 2)
  CommandReport (*synth)(const Params& p) = nullptr;
};

// In the order they are tried; the last (the weight-router network) takes
// whatever the others do not.
const std::vector<Flow>& flowTable();
const Flow& chooseFlow(const Params& p, Step step);
// Runs `step` of the chosen flow.
CommandReport runStep(const Params& p, Step step);

// Runs `step` (schedule, simulate or synth) of the chosen flow only as far as
// the command checks its parameters: throws the Error the command would, and
// builds no model, writes no file and starts no tool (`schedule` runs whole:
// its work is building and checking the schedule). The regression planner
// checks every job with it (regress plan refuses what its command would).
void checkStep(const Params& p, Step step);

// Where a step's checks end, just before its work: returns when the command
// runs, ends a checkStep. Every simulate and synth step calls it.
void checksDone();

}  // namespace flow
}  // namespace hypercast
