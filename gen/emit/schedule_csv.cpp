#include "emit/schedule_csv.h"

#include <cstdio>

namespace hypercast {

namespace {

void row(std::ostream& os, const Transfer& t) {
  char buf[80];
  std::snprintf(buf, sizeof buf, "%u,%u,%u,%u,%d", t.step, t.from, t.to, t.origin, t.dest);
  os << buf;
}

}  // namespace

void writeScheduleCsv(std::ostream& os, const std::vector<Transfer>& transfers) {
  os << "step,from,to,origin,dest\n";
  for (const Transfer& t : transfers) {
    row(os, t);
    os << '\n';
  }
}

void writeTraceCsv(std::ostream& os, const std::vector<Transfer>& transfers,
                   const std::vector<uint64_t>& payloads) {
  os << "step,from,to,origin,dest,payload\n";
  for (size_t i = 0; i < transfers.size(); ++i) {
    row(os, transfers[i]);
    char buf[24];
    std::snprintf(buf, sizeof buf, ",%llx\n", static_cast<unsigned long long>(payloads[i]));
    os << buf;
  }
}

}  // namespace hypercast
