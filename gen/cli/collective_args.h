// The options that name a collective on a topology with schedules (so far the
// hypercube): --topology hypercube --dim D --collective C [--source S]. Parsing
// builds the schedule and runs the independent checker on it; a schedule that
// fails is never handed on.
#pragma once

#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "checker/hypercube_bounds.h"
#include "checker/schedule_checker.h"
#include "cli/args.h"

namespace hypercast {
namespace cli {

std::vector<OptionSpec> collectiveOptions();
// True when the command line asks for a schedule network (--topology hypercube).
bool wantsSchedule(const Args& a);

struct CheckedSchedule {
  int dim = 0;
  Schedule schedule;
  checker::ScheduleReport report;
  checker::LowerBound bound;
  bool optimal = false;
  double build_seconds = 0;
  double check_seconds = 0;
};

// `max_dim` caps the dimension below the construction's own limit (e.g. for
// RTL); `what` names the command in the error message.
CheckedSchedule buildCheckedSchedule(const Args& a, int max_dim, const std::string& what);

// JSON members (without braces) shared by every command's summary.
std::string scheduleJsonFields(const CheckedSchedule& c);

}  // namespace cli
}  // namespace hypercast
