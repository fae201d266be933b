// The options that name a collective on a network of schedule-driven nodes:
// [--topology T + its options] --collective C [--source S]. Parsing builds the
// network (topology/registry.h), the port graph and the topology's construction,
// and runs the independent checker on the schedule; a schedule that fails is
// never handed on.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "checker/lower_bounds.h"
#include "checker/schedule_checker.h"
#include "cli/args.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {
namespace cli {

std::vector<OptionSpec> collectiveOptions();
// True when the command line asks for a schedule network: --collective, or a
// topology that has no weight-based routers.
bool wantsSchedule(const Args& a);

struct CheckedSchedule {
  NetworkDesc net;
  PortGraph graph;  // built for generate and simulate (for_rtl) only
  Schedule schedule;
  checker::ScheduleReport report;
  checker::KnownBound bound;
  bool optimal = false;
  int within = -1;  // --within L (schedule): the broadcast's radius, -1 for all
  double build_seconds = 0;
  double check_seconds = 0;
};

// `for_rtl` caps the network at the topology's max_rtl_nodes (generate,
// simulate); `what` names the command in error messages. Without --topology the
// command's `fallback` topology is used (topology/registry.h).
CheckedSchedule buildCheckedSchedule(const Args& a, bool for_rtl, const std::string& what,
                                     const std::string& fallback = "hypercycle");

// The summary every command's JSON starts with: topology, network, nodes,
// collective, source, messages, steps, transmissions, lower_bound, optimal,
// checker.
nlohmann::ordered_json scheduleJson(const CheckedSchedule& c);
// Whether the schedule has the fewest transmissions and, among such schedules,
// the fewest steps (checker::KnownBound::steps_at_min_transmissions).
bool optimalAtMinTransmissions(const CheckedSchedule& c);
// The same as text lines ("network ...", "steps ... (lower bound ...)", ...).
std::string scheduleSummary(const CheckedSchedule& c);

}  // namespace cli
}  // namespace hypercast
