// Reads an SCCL/TACCL algorithm JSON (msccl-tools, msccl/serialization.py:
// the object MSCCLEncoder writes and MSCCLDecoder reads) and checks it the way
// msccl/algorithm.py does, written from that source and sharing no code with
// hypercast's writer (emit/sccl_json.*):
//  - every object carries its "msccl_type" (algorithm, instance, step,
//    collective, chunk, topology) and the fields the decoder reads;
//  - check_implements: each chunk starts on the ranks of its precondition; in
//    each step a send (address, src, dst) gives dst every chunk at that address
//    that src held when the step began; at the end every rank holds every chunk
//    of its postcondition. Here a send of a chunk src does not hold is an error
//    too (SCCL would move nothing);
//  - _check_bandwidth_constraints: per step, sends from src to dst at most
//    links[dst][src] x rounds;
//  - instance.chunks = M splits every chunk into M (chunk_up: address a M + i),
//    and input_map / output_map list, per rank, the addresses of its pre- and
//    postcondition after that split, as make_implementation computes them;
//  - instance.steps is the number of steps.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "algorithm/collective.h"

namespace hypercast {
namespace checker {

struct ScclChunk {
  std::vector<uint64_t> pre, post;
  uint64_t addr = 0;
};

struct ScclAlgorithm {
  std::string name, collective_name, runtime_name, topology_name;
  uint64_t nodes = 0;
  uint64_t chunk_split = 1;                                 // instance.chunks
  uint64_t instance_steps = 0;                              // instance.steps
  std::vector<ScclChunk> chunks;                            // the collective's, before chunk_up
  std::vector<uint64_t> rounds;                             // per step
  std::vector<std::vector<std::array<uint64_t, 3>>> sends;  // per step: (address, src, dst)
  std::vector<std::vector<uint64_t>> links;                 // [dst][src]
  std::map<uint64_t, std::vector<uint64_t>> input_map, output_map;
};

// Throws Error naming the missing or malformed field.
ScclAlgorithm readScclJson(const std::string& text);

// The errors of the checks above (empty: it implements its collective).
std::vector<std::string> checkScclAlgorithm(const ScclAlgorithm& a);

// Its sends as hypercast transfers: step s + 1; a chunk's origin is its
// precondition's only rank, its destination its postcondition's only rank, or
// every node (kAllNodes) when the postcondition is every rank; msg the part
// i of chunk_up. Throws Error for a chunk with another shape.
std::vector<Transfer> scclTransfers(const ScclAlgorithm& a);

}  // namespace checker
}  // namespace hypercast
