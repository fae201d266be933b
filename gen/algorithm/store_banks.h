// Banks and addresses for the packet store of a schedule-driven node
// (hw/hc_sched_node.v): the store is a set of simple-dual-port memories (banks),
// each taking at most one write and issuing at most one read per row, the shape
// of an FPGA block RAM. A packet lives in one bank at one address from the row
// that writes it until the last row that issues a read of it (or to the end if
// the node keeps it).
//
// Bank count. Rows that write and rows that read form the two sides of a
// bipartite multigraph, a packet read once its edge; banks are edge colours, so
// the fewest banks is the maximum degree: the most writes or the most reads of
// one row (König's edge-colouring theorem), and that lower bound is what
// assignStoreBanks reaches when every packet is read at most once (a preloaded
// packet has its own write vertex, a packet only kept its own read vertex).
// A packet read in several rows stays in one bank (no copies: a copy would cost
// a write in a row that already writes up to one packet per port); then the
// banks are the colours of the packets' conflict graph (two packets conflict
// when a row writes both or reads both), coloured greedily in row order. The
// count is reported with the lower bound.
#pragma once

#include <cstdint>
#include <vector>

namespace hypercast {

struct StoreEntry {
  int64_t write_row = -1;          // row that writes it; -1: preloaded before the start
  std::vector<int64_t> read_rows;  // rows that issue a read of it, increasing; -1: the start cycle
  bool keep = false;               // held to the end (read by the host after the run)
  uint32_t bank = 0;
  uint32_t addr = 0;
};

struct StoreBanks {
  uint32_t banks = 0;        // banks used
  uint32_t depth = 0;        // addresses of the deepest bank
  uint32_t lower_bound = 0;  // most writes or reads of one row (preloads excluded)
};

// The lower bound on the bank count: the most packets one row writes or reads.
uint32_t storeBankLowerBound(const std::vector<StoreEntry>& entries);

// Sets every entry's bank and addr (see above). Entries are taken in the given
// order where a choice is free, so equal inputs give equal assignments.
StoreBanks assignStoreBanks(std::vector<StoreEntry>& entries);

// Sets every entry's addr in the bank it already has (the second half of
// assignStoreBanks): by write row, an address reused once its last read came in
// an earlier row than the new write; the fewest addresses for those banks.
StoreBanks assignStoreAddresses(std::vector<StoreEntry>& entries);

}  // namespace hypercast
