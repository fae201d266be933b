// The broadcast trace CSV: one row per packet crossing a link.
//   cycle,step,from,to,origin,dest,wd,wc,payload
// cycle: the cycle the packet was on the link; step: hops since its origin
// injected it (1 for the first hop); dest: -1 for a broadcast; payload in hex.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "checker/broadcast_checker.h"

namespace hypercast {
namespace checker {

extern const char* const kTraceHeader;

void writeTraceRow(std::ostream& os, const Transfer& t);
// Reads a trace file; throws std::runtime_error on a malformed file.
std::vector<Transfer> readTraceCsv(const std::string& path);

}  // namespace checker
}  // namespace hypercast
