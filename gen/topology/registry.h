// The one table of topologies: each entry names its options and parses them
// into a NetworkDesc (topology/network.h). Everything that lists or builds
// topologies reads it: the command line (`--help`, its option parsers), the
// regression planner, the constructions (algorithm/constructions.h). Adding a
// topology is its factory, one entry here and its constructions' entry: no code
// outside gen/topology/ compares a topology's name (tests/test_topology_names.cpp),
// it asks the entry's flags below or the network's facts (NetworkDesc).
//
// Options are read from a ParamMap: option name without dashes -> value as
// typed. Errors name options as they are typed ("--dim"), the one spelling the
// command line and the regression files share.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "topology/network.h"
#include "util/params.h"
#include "util/progress.h"

namespace hypercast {

// An option a topology takes: its name (without "--"), the value's
// metavariable, one line (or more) of help.
struct TopologyOption {
  std::string name;
  std::string value;
  std::string help;
};

struct Topology {
  std::string name;     // the --topology word
  std::string summary;  // one line for --help
  std::vector<TopologyOption> options;
  NetworkDesc (*parse)(const ParamMap& p);  // throws Error
  // What the commands ask of a topology before (or without) parsing a network;
  // facts of a parsed network are NetworkDesc's (topology/network.h).
  NetworkDesc::Kind kind;  // what `parse` builds: a Cayley graph, or a mesh (its eyes, tcd)
  // Dimakopoulos & Dimopoulos' weight-based broadcast routers: generate and
  // simulate without --collective, synth, sweep, the router options. Its
  // networks are hypercycles (Hypercycle::of).
  bool weight_routers;
  bool necklaces;  // Fragopoulou & Akl's labels and necklaces (info --necklaces)
};

// The built-in default network: G^{3,2,1}_{8,6,5}, 240 nodes, mixed radices,
// rho > 1 in two dimensions, degree 12, diameter 6.
extern const char* const kDefaultM;
extern const char* const kDefaultRho;

// The topology every command takes when neither --topology nor another
// topology's options are given: the hypercycle (of the default network).
extern const char* const kDefaultTopology;

const std::vector<Topology>& topologyTable();
// The entry named `name`, or nullptr.
const Topology* findTopology(const std::string& name);
// Every entry's name in table order, e.g. "hypercycle, hypercube, torus, ...".
std::string topologyNames();
// The names of the entries that build a Cayley graph (kind kCayley), the same way.
std::string cayleyTopologyNames();
// "topologies:" and a line per topology (name, summary), for --help.
std::string topologyList();
// The options every topology takes (--remove-links), after its own.
const std::vector<TopologyOption>& commonNetworkOptions();
// Every topology's options once each, in table order, then the common ones.
std::vector<TopologyOption> allTopologyOptions();
// The entry p["topology"] names. Without it: the topology whose own options are
// given, else `fallback`. Refuses an option that belongs to another topology only.
const Topology& chosenTopology(const ParamMap& p, const std::string& fallback = kDefaultTopology);
// The network the parameters describe.
NetworkDesc parseNetworkDesc(const ParamMap& p);

// Reading a graph file (--topology graph --graph FILE) can take seconds:
// parseNetworkDesc reports it as the step "reading FILE" of util/progress.h,
// with the options in force. This layer knows no command and no --quiet: the
// layer that runs the command sets them for the length of its work with a
// scope (flow::runStep: quiet with the command's --quiet); outside any scope,
// Progress's defaults (stderr, shown past 2 s). Scopes nest, the innermost in
// force.
class GraphReadProgress {
 public:
  explicit GraphReadProgress(ProgressOptions options);
  ~GraphReadProgress();  // the options before it are in force again
  GraphReadProgress(const GraphReadProgress&) = delete;
  GraphReadProgress& operator=(const GraphReadProgress&) = delete;
  // The options a read now reports with.
  static ProgressOptions current();

 private:
  ProgressOptions previous_;
};

}  // namespace hypercast
