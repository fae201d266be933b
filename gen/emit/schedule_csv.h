// The schedule CSV of `hypercast schedule --out`, of the schedule handed to the
// harness, and of simulation traces: a header, then one row per link crossing,
// ascending step:
//   step,from,to,origin,dest,msg[,payload]
// dest is -1 for a broadcast packet; msg numbers the M messages of one
// (origin, dest) pair, 0 when there is one. Traces add the payload column
// (0x-prefixed hex, as the router trace of checker/trace_csv.h).
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "algorithm/collective.h"

namespace hypercast {

class Progress;

// `progress`, when given, holds the rows written so far (Progress::set: its
// heartbeat shows them as a fraction of its total).
void writeScheduleCsv(std::ostream& os, const std::vector<Transfer>& transfers,
                      Progress* progress = nullptr);
// Rows with their payloads (payloads[i] belongs to transfers[i]).
void writeTraceCsv(std::ostream& os, const std::vector<Transfer>& transfers,
                   const std::vector<uint64_t>& payloads);
// Reads writeScheduleCsv's output; throws Error naming the row of a malformed one.
std::vector<Transfer> readScheduleCsv(std::istream& in, const std::string& name);

}  // namespace hypercast
