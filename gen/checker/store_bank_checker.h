// An independent check of a packet store's bank assignment (algorithm/
// store_banks.h): every bank takes at most one write and issues at most one read
// per row, never of the address it writes in that row (a block RAM's read
// during a write of the same address is undefined: hw/hc_sched_bank.v), and
// every read finds the packet that was written there and not yet overwritten
// (its write in an earlier row, or a preload; no other packet of that bank and
// address written from that write up to this read).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/store_banks.h"

namespace hypercast {
namespace checker {

// The violations, empty if the assignment is sound; at most `limit` of them.
std::vector<std::string> checkStoreBanks(const std::vector<StoreEntry>& entries, uint32_t banks,
                                         uint32_t depth, size_t limit = 10);

// Throws Error("node NODE store banks: <the first violation>"), one line, if the
// assignment is unsound: how the generator and the harness refuse one.
void requireSoundStoreBanks(uint64_t node, const std::vector<StoreEntry>& entries, uint32_t banks,
                            uint32_t depth);

}  // namespace checker
}  // namespace hypercast
