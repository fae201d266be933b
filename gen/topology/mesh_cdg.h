// The channel-dependency graph (Dally & Seitz) of a routing function on a
// mesh, and its cycle check: wormhole routing is deadlock-free when this graph
// is acyclic. A channel is a directed link (node, dimension, direction); an
// edge c1 -> c2 says that a worm holding c1 may wait for c2 (it arrives
// through c1 and the routing sends it on through c2). Injection and ejection
// channels take no part in a cycle (nothing enters an injection channel from
// the network, nothing leaves an ejection channel into it) and are left out.
//
// Two ways to build it:
//   - from a routing function route(here, dest) -> output port, by every
//     (node, destination) pair: the exact graph of that routing (the generator
//     checks the dimension-ordered routing of hw/hc_mesh_router.v this way);
//   - from a turn set, allowed(in port, out port), applied at every node: the
//     graph of any routing that may take those turns (for turn models and for
//     tests that a cyclic turn set is refused).
// Ports: 2j is +j (coordinate j grows), 2j+1 is -j; -1 is the local port.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hypercast {

struct ChannelGraph {
  std::vector<int> extents;                // the mesh, dimension 0 first
  std::vector<std::vector<uint32_t>> out;  // [channel] -> channels it may wait for
  uint64_t channels = 0;  // directed links of the mesh (slots off the mesh stay empty)
  uint64_t edges() const;
};

// Channel of the link leaving `node` through `port` (2j or 2j+1), and back.
uint32_t meshChannel(const std::vector<int>& extents, uint64_t node, int port);
std::string describeChannel(const std::vector<int>& extents, uint32_t channel);

// route(coordinates here, coordinates of the destination) -> port, -1 when here
// is the destination.
using MeshRouteFn = std::function<int(const std::vector<int>&, const std::vector<int>&)>;
// allowed(port the worm arrived through, as the sender's port; port it leaves by).
using MeshTurnFn = std::function<bool(int, int)>;

// The dimension-ordered routing of hw/hc_mesh_router.v: the lowest dimension
// whose coordinate differs, towards the destination.
int dimensionOrderedRoute(const std::vector<int>& here, const std::vector<int>& dest);

ChannelGraph channelGraphFromRouting(const std::vector<int>& extents, const MeshRouteFn& route);
ChannelGraph channelGraphFromTurns(const std::vector<int>& extents, const MeshTurnFn& allowed);

// A cycle of channels (the first repeated at the end), or empty when the graph
// is acyclic.
std::vector<uint32_t> findChannelCycle(const ChannelGraph& g);

}  // namespace hypercast
