// Compiles a collective's schedule into what each schedule-driven node runs: its
// ROM words (emit/rom_format.h), the bank and address of every packet it stores,
// the packets the host preloads and the packets it keeps at the end.
//
// What a send reads: a packet forwarded in the step right after it arrives is
// sent straight from the link, one forwarded a step later from the register that
// holds the previous row's arrivals; neither needs the store for that send.
// Every other send reads the store, in a bank the read issued one row earlier.
// A packet is stored if such a send or the end needs it; an own packet is
// preloaded once per bank its sends read it from, in banks those ports already
// read (hw/hc_sched_node.v: fewer sources per send multiplexer). Banks and addresses:
// algorithm/store_banks.h (every row at most one write and one read per bank),
// checked by checker/store_bank_checker.h (the flow runs it before it writes
// the files: flow::checkProgramBanks).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithm/collective.h"
#include "algorithm/store_banks.h"
#include "emit/rom_format.h"
#include "topology/port_graph.h"

namespace hypercast {

struct StoredPacket {
  uint32_t slot = 0;  // bank * 2^AW + address (emit/rom_format.h)
  uint32_t origin = 0;
  int32_t dest = kAllNodes;
  uint32_t msg = 0;
};

struct NodeProgram {
  std::vector<RomRow> rows;         // ROM words: rows + 1 of them (word 0: the start cycle's reads)
  uint32_t slots = 0;               // packets stored (each keeps its address while it is needed)
  uint32_t banks = 0;               // banks the node uses
  uint32_t depth = 0;               // words of its deepest bank
  uint32_t bank_bound = 0;          // the lower bound on them (algorithm/store_banks.h)
  std::vector<StoredPacket> loads;  // own packets and their copies, preloaded before the start
  std::vector<StoredPacket> keeps;  // what the node holds at the end (its deliveries)
  std::vector<StoreEntry> store;    // every stored packet's rows, bank and address
};

struct NetworkProgram {
  RomFormat format;
  uint32_t rows = 0;        // rows the node runs: steps + 1
  uint32_t max_slots = 0;   // most packets any node stores
  uint32_t banks = 1;       // banks of every node's store: the most any node uses
  uint32_t depth = 1;       // words per bank: the most any node's bank holds
  uint32_t bank_bound = 0;  // the largest lower bound on the banks of a node

  uint32_t words() const { return rows + 1; }
  std::vector<NodeProgram> nodes;

  uint64_t romBitsPerNode() const {
    return uint64_t{words()} * static_cast<uint64_t>(format.wordBits());
  }
  // Whether every node runs the same rows with the same store (a translation-
  // invariant schedule: the multinode collectives): one ROM can drive them all.
  bool identicalRoms() const;
};

// A transfer from -> to leaves on the output port of `from` whose link leads to
// `to` and arrives on the input port that output drives (topology/port_graph.h).
// Throws Error if the schedule sends a packet a node does not hold, or along no
// link (run the checker first).
// Ties in the bank assignment go by what the node itself sees (arrival row and
// port, first send), so translated nodes of a translation-invariant schedule get
// identical programs.
// `switches`: the nodes without an endpoint (NetworkDesc::switches, ascending);
// they only forward, so they keep nothing (and, sending no own packet, load
// nothing).
NetworkProgram compileSchedule(const Schedule& s, const PortGraph& g,
                               const std::vector<uint32_t>& switches = {});

}  // namespace hypercast
