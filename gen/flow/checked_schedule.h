// A collective's schedule on a network of schedule-driven nodes, built and
// checked: the request names the topology (topology/registry.h), the collective,
// its root, messages, links and construction; building it runs the topology's
// construction and the independent checker, and compares the schedule with the
// lower bounds. A schedule that fails is never handed on.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "checker/lower_bounds.h"
#include "checker/schedule_checker.h"
#include "topology/network.h"
#include "topology/port_graph.h"
#include "topology/registry.h"
#include "util/params.h"

namespace hypercast {
namespace flow {

// True when the command line asks for a schedule network: --collective, or a
// topology that has no weight-based routers.
bool wantsSchedule(const Params& a);

// The collectives `schedule` builds on a network of `topo` (`damaged`: with
// links removed): its constructions' (collectivesOf: the graph's on a damaged
// network), then the combining flow's (combiningCollectives). `info` lists them,
// and buildCheckedSchedule's refusals name them.
std::vector<std::string> scheduledCollectives(const Topology& topo, bool damaged);
// The same for one network: those its size has constructions for
// (collectivesOf(net): a torus with even k has no scatter).
std::vector<std::string> scheduledCollectives(const NetworkDesc& net);
// Why `net` has no construction of `collective` (one of scheduledCollectives(net))
// of `messages` messages by `construction` (refusalOf: a torus with even k and more
// than one message); "" when it has one, or when the name is not a construction's
// (the command's own checks say why).
std::string scheduleRefusal(const NetworkDesc& net, const std::string& collective,
                            uint32_t messages, const std::string& construction);

struct CheckedSchedule {
  NetworkDesc net;
  PortGraph graph;  // built for generate and simulate (for_rtl) only
  Schedule schedule;
  checker::ScheduleReport report;
  checker::KnownBound bound;
  bool optimal = false;
  int within = -1;  // --within L (schedule): the broadcast's radius, -1 for all
  // A mesh broadcast: "store-and-forward" (the BFS broadcast on schedule-ROM
  // nodes), and why when --switching did not ask for it ("" otherwise).
  std::string switching;
  std::string fallback;
  double build_seconds = 0;
  double check_seconds = 0;
  // With --remove-links (schedule, full-duplex): the intact network's
  // construction (its steps and transmissions; intact_label empty when it has
  // none for this collective) and lower bound, beside the damaged one's.
  std::string intact_label;
  uint64_t intact_steps = 0, intact_transmissions = 0;
  checker::KnownBound intact_bound;
};

// What to build, as typed values.
// Refuses (Error) a --collective word no command knows, listing the names;
// with `combining` false (export) also the combining collectives, saying why.
void checkCollectiveName(const std::string& word, bool combining);

struct ScheduleRequest {
  const Topology* topology = nullptr;  // the registry's entry
  ParamMap network;                    // its options (the entry parses them)
  std::string collective;              // as typed ("" when not given: an error)
  uint32_t messages = 1;
  LinkMode links = LinkMode::kFullDuplex;
  int within = -1;               // universal broadcast to within distance L, -1 for all
  std::string construction;      // "auto" unless given
  bool switching_given = false;  // --switching (the mesh broadcast's)
  // Why a mesh broadcast is the BFS broadcast on store-and-forward links when
  // --switching did not ask for it: "" for the commands that run Cang & Wu's
  // wormhole broadcast on equal power-of-two sides (what the mesh lacks for it:
  // wormholeMeshMisfit), the
  // command's own reason for one that takes store-and-forward schedules only.
  std::string store_and_forward_why;
  // The command's reason for taking networks of endpoints only ("" for the
  // commands that build a network's switches too): a network with switches is
  // refused before any work.
  std::string endpoints_only_why;
  // Refuse a schedule that misses a known lower bound (export), not only one
  // whose construction promises it.
  bool optimal_only = false;
  // Whether the command builds the combining collectives too (export does not):
  // the lists of collectives in its refusals name them only then.
  bool combining = true;
  bool construction_given = false;
  bool source_given = false;  // the root is node 0 unless given
  std::string source;         // as typed: a node number, or coordinates on a mesh
  bool for_rtl = false;       // cap at the topology's max_rtl_nodes (generate, simulate)
  std::string what;           // the command, in error messages (its first word labels the progress)
  bool quiet = false;         // no progress on stderr (simulate --quiet)
};
// The request the parameters give. Without --topology the `fallback` topology
// is used (topology/registry.h).
ScheduleRequest readScheduleRequest(const Params& a, bool for_rtl, const std::string& what,
                                    const std::string& fallback = kDefaultTopology);
CheckedSchedule buildCheckedSchedule(const ScheduleRequest& r);

// The report body of a checked schedule (util/report_json.h): collective,
// source, messages, links, construction (a mesh broadcast also switching, and
// fallback when the default chose it); figures {nodes, steps, transmissions,
// lower_bound}; optimal, checker.
nlohmann::ordered_json scheduleJson(const CheckedSchedule& c);
// Whether the schedule has the fewest transmissions and, among such schedules,
// the fewest steps (checker::KnownBound::steps_at_min_transmissions).
bool optimalAtMinTransmissions(const CheckedSchedule& c);
// The same as text lines ("network ...", "steps ... (lower bound ...)", ...).
std::string scheduleSummary(const CheckedSchedule& c);

}  // namespace flow
}  // namespace hypercast
