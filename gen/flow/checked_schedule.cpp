#include "flow/checked_schedule.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <sstream>

#include "algorithm/constructions.h"
#include "algorithm/half_duplex_collectives.h"
#include "algorithm/torus_schedules.h"
#include "checker/half_duplex_bounds.h"
#include "flow/collective_options.h"
#include "flow/combining.h"
#include "flow/mesh_schedule.h"
#include "flow/wormhole_mesh.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/joined.h"
#include "util/parse_number.h"
#include "util/progress.h"

namespace hypercast {
namespace flow {

namespace {

// Half-duplex links: the rooted collectives' trees never use a link both ways
// in one step (the checker verifies it); the universal ones take Faber's
// one-way constructions on any Cayley graph (algorithm/half_duplex_collectives.h).
Schedule halfDuplexConstruction(const Constructions& topo, const NetworkDesc& net,
                                const CollectiveProblem& c, bool construction_given,
                                const std::string& construction) {
  if (hasRoot(c.collective)) {
    Schedule s = topo.schedule(net, c, construction);
    s.links = LinkMode::kHalfDuplex;
    return s;
  }
  if (construction_given) {
    throw Error("--construction chooses a full-duplex construction; --links half-duplex has one");
  }
  if (c.messages != 1) throw Error("--links half-duplex sends one message per pair");
  if (net.kind != NetworkDesc::Kind::kCayley) {
    throw Error(std::string("no half-duplex ") + toString(c.collective) + " on a " + topo.topology);
  }
  const PortGraph g = PortGraph::build(net);
  if (c.collective == Collective::kMultinodeBroadcast) {
    return halfDuplexUniversalBroadcast(net, g, searchRegularOrder(g));
  }
  return halfDuplexUniversalExchange(net, g);
}

// Universal broadcast to within distance l (--within L, schedule only).
Schedule withinConstruction(const NetworkDesc& net, const CollectiveProblem& c, LinkMode links,
                            int l) {
  if (c.collective != Collective::kMultinodeBroadcast) {
    throw Error(withinRefusal());
  }
  if (c.messages != 1) throw Error("--within sends one message per pair");
  if (net.kind != NetworkDesc::Kind::kCayley) throw Error("--within needs a Cayley graph");
  const PortGraph g = PortGraph::build(net);
  const RegularOrderSearch order = searchRegularOrder(g);
  if (!order.regular) {
    throw Error("--within cuts a regular order to the ball of radius L; none was found for " +
                net.label);
  }
  return withinDistanceBroadcast(net, g, order, l, links);
}

}  // namespace

bool wantsSchedule(const Params& a) {
  return a.has("collective") || !chosenTopology(a.params()).weight_routers;
}

ScheduleRequest readScheduleRequest(const Params& a, bool for_rtl, const std::string& what,
                                    const std::string& fallback) {
  ScheduleRequest r;
  r.topology = &chosenTopology(a.params(), fallback);
  r.network = a.params();
  r.collective = a.get("collective");
  if (a.has("collective") && r.collective.empty()) {
    throw Error("--collective is empty: give a collective, e.g. --collective broadcast");
  }
  if (a.has("messages")) {
    const long long m = parseInt("--messages", a.get("messages"));
    if (m < 1 || m > 1024) {
      throw Error("--messages must be in 1..1024, got " + std::to_string(m));
    }
    r.messages = static_cast<uint32_t>(m);
  }
  r.links = parseLinkMode(a.get("links", "full-duplex"));
  r.within = a.has("within") ? static_cast<int>(a.getInt("within", 1, 1, 1 << 20)) : -1;
  r.construction = a.get("construction", "auto");
  r.construction_given = a.has("construction");
  r.switching_given = a.has("switching");
  r.source_given = a.has("source");
  r.source = a.get("source");
  r.for_rtl = for_rtl;
  r.what = what;
  r.quiet = a.has("quiet");
  return r;
}

namespace {

// The constructions' collectives by name, then the combining flow's.
std::vector<std::string> withCombining(const std::vector<Collective>& built, NetworkDesc::Kind kind,
                                       bool damaged) {
  std::vector<std::string> out;
  for (Collective c : built) out.push_back(toString(c));
  for (const std::string& c : combiningCollectives(kind, damaged)) out.push_back(c);
  return out;
}

}  // namespace

std::vector<std::string> scheduledCollectives(const Topology& topo, bool damaged) {
  return withCombining(collectivesOf(constructionsOf(topo.name), damaged), topo.kind, damaged);
}

std::vector<std::string> scheduledCollectives(const NetworkDesc& net) {
  return withCombining(collectivesOf(net), net.kind, !net.removed_links.empty());
}

std::string scheduleRefusal(const NetworkDesc& net, const std::string& collective,
                            uint32_t messages, const std::string& construction) {
  const std::vector<Collective> built = collectivesOf(net);
  for (Collective c : built) {
    if (toString(c) == collective) return refusalOf(net, c, messages, construction);
  }
  return "";
}

void checkCollectiveName(const std::string& word, bool combining) {
  if (isCombiningCollective(word)) {
    if (combining) return;
    throw Error("export writes no combining collective: " + word +
                " adds values on the way, which the formats' sends and receives do not carry");
  }
  try {
    (void)parseCollective(word);
  } catch (const Error&) {
    throw Error("unknown collective '" + word +
                "' (collectives: broadcast, multinode-broadcast, scatter, total-exchange (or "
                "multinode-scatter)" +
                (combining ? std::string(", accumulation, global-sum") : std::string()) + ")");
  }
}

CheckedSchedule buildCheckedSchedule(const ScheduleRequest& r) {
  const Topology& topo = *r.topology;
  const std::string& what = r.what;
  const bool for_rtl = r.for_rtl;
  const Constructions& built = constructionsOf(topo.name);
  const uint64_t max_nodes = for_rtl ? built.max_rtl_nodes : kMaxNetworkNodes;
  // A network with links removed is scheduled by the graph's constructions.
  const bool damaged = r.network.count("remove-links") != 0;
  const std::vector<Collective> offered = collectivesOf(built, damaged);
  std::vector<std::string> names;
  for (Collective c : offered) names.push_back(toString(c));
  // The combining collectives too, where the command builds them.
  const std::string offered_names =
      joined(r.combining ? scheduledCollectives(topo, damaged) : names);
  const std::string on = damaged ? "a " + topo.name + " with links removed" : "a " + topo.name;
  if (r.collective.empty()) {
    throw Error(what + " on " + on + " needs --collective (" + offered_names + ")");
  }
  checkCollectiveName(r.collective, r.combining);
  CollectiveProblem problem;
  problem.collective = parseCollective(r.collective);
  if (std::find(offered.begin(), offered.end(), problem.collective) == offered.end()) {
    throw Error((damaged ? on : "topology '" + topo.name + "'") + " has no " +
                toString(problem.collective) + (damaged ? " construction" : " construction yet") +
                " (it has: " + offered_names + ")");
  }
  problem.messages = r.messages;
  const LinkMode links = r.links;
  const int within = r.within;
  const std::string& construction = r.construction;
  if (r.construction_given) {
    if (!built.has_extensions) {
      throw Error(
          "--construction chooses between a paper's construction and hypercast's "
          "extension (the torus); the " +
          topo.name + " has one construction");
    }
    parseTorusConstruction(construction);
  }
  if (built.check_size) built.check_size(r.network, problem, max_nodes, for_rtl, what);
  CheckedSchedule out;
  out.net = topo.parse(r.network);
  out.within = within;
  problem.nodes = out.net.nodes();
  if (problem.nodes > max_nodes) {
    throw Error(what + " takes at most " + std::to_string(max_nodes) + " nodes; " + out.net.label +
                " has " + std::to_string(problem.nodes));
  }
  if (!r.endpoints_only_why.empty() && !out.net.switches.empty()) {
    throw Error(what + " needs every node to be an endpoint; " + out.net.label + " has " +
                std::to_string(out.net.switches.size()) + " switch" +
                (out.net.switches.size() == 1 ? "" : "es") + " (" + r.endpoints_only_why + ")");
  }
  if (r.source_given) {
    if (!hasRoot(problem.collective)) {
      throw Error(std::string("a ") + toString(problem.collective) +
                  " has no --source (every node sends)");
    }
    // A graph file's node as --remove-links takes it (topology/network.h).
    const bool named = !out.net.node_labels.empty();
    const long long s = named ? nodeByWord(out.net, r.source)
                        : out.net.kind == NetworkDesc::Kind::kMesh
                            ? parseMeshSource(r.source, out.net)
                            : parseInt("--source", r.source);
    if (named && s < 0)
      throw Error("--source: '" + r.source + "' is not a node of " + out.net.label);
    if (s < 0 || static_cast<uint64_t>(s) >= problem.nodes) {
      throw Error("--source " + std::to_string(s) + " is outside 0.." +
                  std::to_string(problem.nodes - 1));
    }
    problem.root = static_cast<uint32_t>(s);
  } else if (!out.net.node_labels.empty()) {
    // The default is --source 0: a file's node named 0, else its node 0.
    const long long zero = nodeByWord(out.net, "0");
    if (zero >= 0) problem.root = static_cast<uint32_t>(zero);
  }
  if (hasRoot(problem.collective) && out.net.isSwitch(problem.root)) {
    throw Error("the " + std::string(toString(problem.collective)) + "'s root " +
                out.net.nodeName(problem.root) + " is a switch, not an endpoint" +
                (r.source_given ? "" : " (the default root; give --source an endpoint)"));
  }
  if (out.net.kind == NetworkDesc::Kind::kMesh && problem.collective == Collective::kBroadcast) {
    out.switching = "store-and-forward";
    if (!r.switching_given) {
      out.fallback = "the BFS broadcast on schedule-ROM nodes; " +
                     (r.store_and_forward_why.empty()
                          ? "Cang & Wu's wormhole broadcast needs " + wormholeMeshMisfit(out.net)
                          : r.store_and_forward_why);
    }
  }
  // A large collective takes minutes to build and check (a multinode broadcast on
  // a 2048-node graph): its phases and the time on stderr (util/progress.h), as
  // every slow step shows them.
  Progress progress(what.substr(0, what.find(' ')), 0, r.quiet);
  progress.detail("wiring the ports");
  progress.heartbeat();
  if (for_rtl) out.graph = PortGraph::build(out.net);
  progress.detail("building the " + std::string(toString(problem.collective)) + " schedule");
  auto t0 = std::chrono::steady_clock::now();
  out.schedule =
      within >= 0 ? withinConstruction(out.net, problem, links, within)
      : links == LinkMode::kHalfDuplex
          ? halfDuplexConstruction(built, out.net, problem, r.construction_given, construction)
          : built.schedule(out.net, problem, construction);
  auto t1 = std::chrono::steady_clock::now();
  if (out.net.isTorus() && out.net.radices.front() % 2 == 0 &&
      problem.collective != Collective::kBroadcast && construction == "auto") {
    out.fallback =
        "Faber's universal collectives, the torus being a Cayley graph; "
        "Fragopoulou & Akl's need odd k";
  }
  checker::CollectiveSpec spec;
  spec.network = out.net;
  spec.problem = problem;
  spec.group_store_and_forward = out.schedule.group_store_and_forward;
  spec.links = links;
  spec.within = within;
  progress.detail("checking " + std::to_string(out.schedule.transfers.size()) + " transmissions");
  out.report = checker::checkSchedule(spec, out.schedule.transfers);
  auto t2 = std::chrono::steady_clock::now();
  out.build_seconds = std::chrono::duration<double>(t1 - t0).count();
  out.check_seconds = std::chrono::duration<double>(t2 - t1).count();
  progress.detail("lower bounds");
  out.bound = within >= 0 ? checker::withinDistanceLowerBound(out.net, within, links)
              : links == LinkMode::kHalfDuplex ? checker::halfDuplexLowerBound(out.net, problem)
                                               : checker::lowerBound(out.net, problem);
  out.optimal = out.report.ok && out.bound.known && out.report.steps == out.bound.bound.steps &&
                out.report.transmissions == out.bound.bound.transmissions;
  if (!out.report.ok) {
    progress.abandon();
    for (const auto& e : out.report.errors) std::cerr << "hypercast: checker: " << e << "\n";
    throw Error("the " + std::string(toString(problem.collective)) + " schedule on " +
                out.net.label + " fails the checker; nothing was written");
  }
  if (!out.net.removed_links.empty() && !for_rtl && within < 0 && links == LinkMode::kFullDuplex) {
    ParamMap whole = r.network;
    whole.erase("remove-links");
    const NetworkDesc intact = topo.parse(whole);
    out.intact_bound = checker::lowerBound(intact, problem);
    try {
      const Schedule s = built.schedule(intact, problem, construction);
      out.intact_steps = s.steps;
      out.intact_transmissions = s.transfers.size();
      out.intact_label = intact.label;
    } catch (const Error&) {
      // no construction for the intact network: its bound alone
    }
  }
  if (out.bound.known && !out.optimal && (out.schedule.promises_bound || r.optimal_only)) {
    progress.abandon();
    throw Error(
        "the " + std::string(toString(problem.collective)) + " schedule on " + out.net.label +
        " takes " + std::to_string(out.report.steps) + " steps and " +
        std::to_string(out.report.transmissions) + " transmissions, not the lower bounds " +
        std::to_string(out.bound.bound.steps) + " and " +
        std::to_string(out.bound.bound.transmissions) +
        (out.schedule.promises_bound ? "" : "; " + what + " writes optimal schedules only") +
        "; nothing was written");
  }
  progress.detail("");
  progress.finish();
  return out;
}

nlohmann::ordered_json scheduleJson(const CheckedSchedule& c) {
  nlohmann::ordered_json j;
  if (c.net.isBinaryHypercube()) j["dim"] = c.net.hypercubeDim();
  j["directed"] = c.net.directed();
  j["collective"] = toString(c.schedule.collective);
  if (hasRoot(c.schedule.collective)) {
    j["source"] = c.schedule.root;
    // A graph file's node also by its name, as the text report gives it.
    if (c.schedule.root < c.net.node_labels.size()) {
      j["source_name"] = c.net.node_labels[c.schedule.root];
    }
  }
  j["messages"] = c.schedule.messages;
  j["links"] = toString(c.schedule.links);
  if (c.within >= 0) j["within"] = c.within;
  j["construction"] = c.schedule.construction;
  if (!c.switching.empty()) j["switching"] = c.switching;
  if (!c.fallback.empty()) j["fallback"] = c.fallback;
  nlohmann::ordered_json f;
  f["nodes"] = c.report.nodes;
  if (!c.net.switches.empty()) f["endpoints"] = c.net.endpoints();
  f["steps"] = c.report.steps;
  f["transmissions"] = c.report.transmissions;
  if (c.bound.known) {
    f["lower_bound"] = {{"steps", c.bound.bound.steps},
                        {"transmissions", c.bound.bound.transmissions},
                        {"steps_at_min_transmissions", c.bound.steps_at_min_transmissions}};
  } else {
    f["lower_bound"] = nullptr;
  }
  j["figures"] = f;
  if (!c.net.removed_links.empty() && (c.intact_bound.known || !c.intact_label.empty())) {
    nlohmann::ordered_json in;
    if (!c.intact_label.empty()) {
      in["network"] = c.intact_label;
      in["steps"] = c.intact_steps;
      in["transmissions"] = c.intact_transmissions;
    }
    if (c.intact_bound.known) {
      in["lower_bound"] = {{"steps", c.intact_bound.bound.steps},
                           {"transmissions", c.intact_bound.bound.transmissions}};
    }
    j["intact"] = in;
  }
  j["optimal"] = c.optimal;
  j["optimal_at_min_transmissions"] = optimalAtMinTransmissions(c);
  j["checker"] = c.report.ok ? "pass" : "fail";
  return j;
}

bool optimalAtMinTransmissions(const CheckedSchedule& c) {
  return c.report.ok && c.bound.known && c.report.transmissions == c.bound.bound.transmissions &&
         c.report.steps == c.bound.steps_at_min_transmissions;
}

std::string scheduleSummary(const CheckedSchedule& c) {
  std::ostringstream os;
  const Schedule& s = c.schedule;
  auto bound = [&](uint64_t v) {
    return c.bound.known ? "  (lower bound " + std::to_string(v) + ")"
                         : std::string("  (no lower bound known)");
  };
  os << "network          " << c.net.label << ", " << c.report.nodes << " nodes"
     << (c.net.switches.empty() ? std::string()
                                : " (" + std::to_string(c.net.endpoints()) + " endpoints, " +
                                      std::to_string(c.net.switches.size()) + " switches)")
     << (c.net.directed() ? ", directed" : "") << "\ncollective       " << toString(s.collective);
  // A graph file's node by its name, as the file and --source give it (its
  // number: the name itself when the names are 0..N-1, else the order in
  // which the name first appears).
  const std::vector<std::string>& names = c.net.node_labels;
  if (hasRoot(s.collective)) {
    os << " from node " << (s.root < names.size() ? names[s.root] : std::to_string(s.root));
  }
  if (s.messages > 1) os << ", " << s.messages << " messages per pair";
  if (c.within >= 0) os << " to within distance " << c.within;
  if (s.links == LinkMode::kHalfDuplex) os << ", half-duplex links";
  os << "\nconstruction     " << s.construction;
  if (!c.switching.empty()) os << "\nswitching        " << c.switching;
  if (!c.fallback.empty()) os << " (the default here: " << c.fallback << ")";
  const bool uneven = c.bound.known && c.bound.steps_at_min_transmissions > c.bound.bound.steps;
  os << "\nsteps            " << c.report.steps
     << (uneven ? "  (lower bound " + std::to_string(c.bound.bound.steps) + "; " +
                      std::to_string(c.bound.steps_at_min_transmissions) +
                      " with the fewest transmissions)"
                : bound(c.bound.bound.steps))
     << "\ntransmissions    " << c.report.transmissions << bound(c.bound.bound.transmissions)
     << "\noptimal          "
     << (c.optimal       ? "yes"
         : c.bound.known ? "NO"
                         : "unknown")
     << (uneven && optimalAtMinTransmissions(c)
             ? " (the fewest steps of any schedule with the fewest transmissions)"
             : "")
     << "\n";
  if (!c.intact_label.empty()) {
    os << "intact           " << c.intact_label << ": " << c.intact_steps << " steps, "
       << c.intact_transmissions << " transmissions";
    if (c.intact_bound.known) {
      os << "  (lower bounds " << c.intact_bound.bound.steps << ", "
         << c.intact_bound.bound.transmissions << ")";
    }
    os << "\n";
  }
  return os.str();
}

}  // namespace flow
}  // namespace hypercast
