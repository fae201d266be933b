// The schedule CSV of `hypercast schedule --out` and of simulation traces: a
// header, then one row per link crossing, ascending step:
//   step,from,to,origin,dest[,payload]
// dest is -1 for a broadcast packet. Traces add the payload column (hex).
#pragma once

#include <ostream>
#include <vector>

#include "algorithm/collective.h"

namespace hypercast {

void writeScheduleCsv(std::ostream& os, const std::vector<Transfer>& transfers);
// Rows with their payloads (payloads[i] belongs to transfers[i]).
void writeTraceCsv(std::ostream& os, const std::vector<Transfer>& transfers,
                   const std::vector<uint64_t>& payloads);

}  // namespace hypercast
