// The one table of topologies the command line knows. Each entry names its
// options, parses them into a NetworkDesc (topology/network.h) and says which
// collectives it has a construction for. `--help` and the option parsers are
// generated from it: adding a topology is its factory, its algorithms and one
// entry here.
#pragma once

#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "cli/args.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {
namespace cli {

struct TopologyEntry {
  std::string name;     // the --topology word
  std::string summary;  // one line for --help
  std::vector<OptionSpec> options;
  NetworkDesc (*parse)(const Args& a);  // throws Error
  std::vector<Collective> collectives;  // those with a construction
  // The construction (for one of `collectives`); throws Error beyond its sizes.
  // `construction` is --construction's word ("auto" when not given).
  Schedule (*schedule)(const NetworkDesc& net, const CollectiveProblem& c,
                       const std::string& construction);
  // Whether --construction auto|paper|extension chooses between the paper's
  // construction and hypercast's extension of it.
  bool has_extensions;
  // Largest schedule network `generate` and `simulate` take (ROMs, stores and
  // the SystemC model grow with N and with the collective's packets).
  uint64_t max_rtl_nodes;
  // Optional: refuses a size beyond the construction or `max_nodes` in the
  // topology's own terms (the hypercube says "--dim 1..D"), before any work.
  // `for_rtl`: for generate and simulate (ROMs, stores, the SystemC model).
  void (*check_size)(const Args& a, const CollectiveProblem& c, uint64_t max_nodes, bool for_rtl,
                     const std::string& what);
};

const std::vector<TopologyEntry>& topologyTable();
// "hypercycle, hypercube, torus, cayley, mesh"
std::string topologyNames();
// --topology, then every topology's options once each.
std::vector<OptionSpec> topologyOptions();
// The entry --topology names. Without --topology: the topology whose own
// options are given, else `fallback`. Refuses an option that belongs to another
// topology only.
const TopologyEntry& chosenTopology(const Args& a, const std::string& fallback = "hypercycle");
// The network the command line describes.
NetworkDesc parseNetworkDesc(const Args& a);
// "topologies:" and a line per topology (name, summary), for --help.
std::string topologyList();
// "broadcast, multinode-broadcast" for an entry.
std::string collectiveNames(const TopologyEntry& e);

}  // namespace cli
}  // namespace hypercast
