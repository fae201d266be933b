// The schedule-ROM network: every topology's collectives (Bertsekas et al.'s
// hypercube, Fragopoulou & Akl's torus, Faber's Cayley graphs, the BFS broadcast
// on any network) as a network of hc_sched_node, each driven by its own ROM.
// `schedule` builds and checks the schedule and writes its CSV; `generate`
// writes the nodes' RTL, ROM images and top; `simulate` runs them on the
// SystemC model, the Verilated RTL or both in lock step (tb/sched_harness.cpp).
#pragma once

#include <cstdint>
#include <string>

#include "emit/schedule_program.h"
#include "emit/schedule_rtl.h"
#include "emit/tool_files.h"
#include "flow/checked_schedule.h"
#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

CommandReport scheduleCommand(const Params& a);
CommandReport scheduleGenerate(const Params& a);
CommandReport scheduleSimulate(const Params& a);

// The generator's own check of a compiled program's store banks, independent of
// the compiler that chose them (checker/store_bank_checker.h): throws a
// one-line Error naming the first unsound node and its first violation.
// `generate` and `simulate` run it before they write anything.
void checkProgramBanks(const NetworkProgram& p);

// The schedule-ROM network of a checked schedule (emitScheduleNetwork), with
// its clocks per step checked against the schedule (checker/
// step_clock_checker.h) and its store banks (checkProgramBanks): what generate,
// simulate and synth build; throws a one-line Error before anything is written.
ScheduleRtl emitCheckedScheduleNetwork(const CheckedSchedule& c, int pw, bool shared_rom,
                                       uint32_t clocks_per_step, int target_mhz = kDefaultTargetMhz,
                                       const std::string& name = {});

}  // namespace flow
}  // namespace hypercast
