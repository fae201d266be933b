// What each topology of the registry (topology/registry.h) has a schedule
// construction for: its collectives, the construction, and the sizes it takes.
// One entry per topology, keyed by the registry's entry (found once, by name,
// when the table is built; a name the registry lacks is a logic_error).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "topology/network.h"
#include "topology/registry.h"

namespace hypercast {

struct Constructions {
  const Topology* entry;                // the registry's entry: the table's key
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
  void (*check_size)(const ParamMap& p, const CollectiveProblem& c, uint64_t max_nodes,
                     bool for_rtl, const std::string& what);
  std::string topology;  // entry->name, for messages
  // Optional: why a network of this topology has no construction of `c` (one of
  // `collectives`) of `messages` messages by `construction` (--construction's
  // word, "auto" when not given) at its size, "" when it has; nullptr: always "".
  std::string (*refusal)(const NetworkDesc& net, Collective c, uint32_t messages,
                         const std::string& construction);
};

const std::vector<Constructions>& constructionTable();
// The entry of the registry's topology `topology` (every one has an entry).
const Constructions& constructionsOf(const Topology& topology);
// The same by the registry's name (findTopology); logic_error for another name.
const Constructions& constructionsOf(const std::string& topology);
// "broadcast, multinode-broadcast" for an entry.
std::string collectiveNames(const Constructions& e);
// The collectives a network of entry `e`'s topology is scheduled with: the
// entry's, or, on a network with links removed (`damaged`), those of them the
// graph's constructions build (intactOrGraph: the topology's own use every link).
std::vector<Collective> collectivesOf(const Constructions& e, bool damaged);
// Why a graph's construction (a graph file, a network with links removed) of
// `c` is refused on `net` by its size alone, whatever --allow-large says; ""
// when it is not.
std::string graphSizeRefusal(const NetworkDesc& net, Collective c);
// Why network `net` has no construction of `c` of `messages` messages by
// `construction` (the entry's `refusal`: a torus with even k has no scatter, and
// no multinode broadcast or total exchange of more than one message); "" when it has.
std::string refusalOf(const NetworkDesc& net, Collective c, uint32_t messages,
                      const std::string& construction);
// The collectives network `net` is scheduled with: collectivesOf(its entry,
// links removed or not), less those of one message its size has no
// construction for (refusalOf).
std::vector<Collective> collectivesOf(const NetworkDesc& net);

}  // namespace hypercast
