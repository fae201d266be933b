// A checked Schedule as the JSON algorithm SCCL/TACCL (msccl-tools,
// msccl/serialization.py: MSCCLEncoder) writes and `msccl ncclize` reads: an
// object with "msccl_type": "algorithm", "name", "instance", "input_map",
// "output_map", "steps", "collective" and "topology", in that order.
//  - steps: one per schedule step, {"msccl_type": "step", "rounds": 1,
//    "sends": [[address, src, dst], ...]}, sends sorted as msccl/algorithm.py
//    sorts them. A chunk sent in step s can be sent on in step s + 1
//    (check_implements propagates the state of the step's start).
//  - collective: SCCL's own definition, unchunked (msccl/collectives.py):
//    allgather N chunks, chunk c from rank c to all; alltoall N^2 chunks,
//    chunk c from rank c mod N to rank c / N; scatter N chunks from the root,
//    chunk c to rank c; broadcast 1 chunk from the root to all. Each chunk is
//    its own address. instance.chunks = M splits each into M (chunk_up):
//    address a M + m is message m of chunk a, which is the schedule's packet
//    (origin, dest, m).
//  - runtime_name: "allgather", "alltoall" (as SCCL's); "broadcast" and
//    "scatter" where SCCL's constructors say "custom", which the MSCCL
//    executor does not load after ncclize.
//  - topology: links[dst][src] = number of links from src to dst.
//  - input_map / output_map: per rank (a string key, as Python writes int keys)
//    the addresses in its pre- and postcondition, ascending.
// Read back and checked by checker/sccl_json.h.
#pragma once

#include <cstdint>
#include <string>

#include "algorithm/collective.h"
#include "topology/port_graph.h"

namespace hypercast {

struct ScclJson {
  std::string text;
  uint64_t sends = 0;
  uint32_t steps = 0;
};

// `topology_name` names the topology object (e.g. "cube4"). Throws Error for a
// collective without a runtime counterpart.
ScclJson emitScclJson(const Schedule& s, const PortGraph& g, const std::string& topology_name);

}  // namespace hypercast
