// Compiles a collective's schedule into what each schedule-driven node runs: its
// ROM rows (emit/rom_format.h), the store slot of every packet it holds, the
// packets the host preloads and the packets it keeps at the end.
//
// Store sizing: a packet needs a slot from the row it arrives (before the start
// for the node's own packets) until the last row that sends it from the store,
// or to the end if the node keeps it. A packet forwarded in the step right after
// it arrives is sent straight from the link and needs no slot for that send.
// Slots are assigned greedily by arrival, which for these intervals uses exactly
// the peak number of packets the node holds at once; a slot freed by a send in
// row r is reused by an arrival filed in row r (the store is read before the
// clock edge that writes it).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"
#include "emit/rom_format.h"
#include "topology/port_graph.h"

namespace hypercast {

struct StoredPacket {
  uint32_t slot = 0;
  uint32_t origin = 0;
  int32_t dest = kAllNodes;
  uint32_t msg = 0;
};

struct NodeProgram {
  std::vector<RomRow> rows;
  uint32_t slots = 0;               // store size: the peak number of packets held at once
  std::vector<StoredPacket> loads;  // own packets, preloaded before the start
  std::vector<StoredPacket> keeps;  // what the node holds at the end (its deliveries)
};

struct NetworkProgram {
  RomFormat format;
  uint32_t rows = 0;       // steps + 1
  uint32_t max_slots = 0;  // largest store of any node
  std::vector<NodeProgram> nodes;

  uint64_t romBitsPerNode() const {
    return uint64_t{rows} * static_cast<uint64_t>(format.wordBits());
  }
  // Whether every node runs the same rows with the same store (a translation-
  // invariant schedule: the multinode collectives): one ROM can drive them all.
  bool identicalRoms() const;
};

// A transfer from -> to leaves on the output port of `from` whose link leads to
// `to` and arrives on the input port that output drives (topology/port_graph.h).
// Throws Error if the schedule sends a packet a node does not hold, or along no
// link (run the checker first).
// Slots are assigned by what the node itself sees (arrival row and port, first
// send), so translated nodes of a translation-invariant schedule get identical
// programs.
NetworkProgram compileSchedule(const Schedule& s, const PortGraph& g);

}  // namespace hypercast
