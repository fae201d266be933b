#include "emit/schedule_csv.h"

#include <cinttypes>
#include <cstdio>

#include "util/error.h"
#include "util/progress.h"

namespace hypercast {

namespace {

constexpr const char* kColumns = "step,from,to,origin,dest,msg";

void row(std::ostream& os, const Transfer& t) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "%u,%u,%u,%u,%d,%u", t.step, t.from, t.to, t.origin, t.dest,
                t.msg);
  os << buf;
}

}  // namespace

void writeScheduleCsv(std::ostream& os, const std::vector<Transfer>& transfers,
                      Progress* progress) {
  os << kColumns << "\n";
  long long written = 0;
  for (const Transfer& t : transfers) {
    row(os, t);
    os << '\n';
    if (progress) progress->set(++written);
  }
}

void writeTraceCsv(std::ostream& os, const std::vector<Transfer>& transfers,
                   const std::vector<uint64_t>& payloads) {
  os << kColumns << ",payload\n";
  for (size_t i = 0; i < transfers.size(); ++i) {
    row(os, transfers[i]);
    char buf[24];
    std::snprintf(buf, sizeof buf, ",0x%" PRIx64 "\n", payloads[i]);  // as checker/trace_csv.h
    os << buf;
  }
}

std::vector<Transfer> readScheduleCsv(std::istream& in, const std::string& name) {
  std::string line;
  if (!std::getline(in, line) || line != kColumns) {
    throw Error(name + ": not a schedule CSV (expected the header " + kColumns + ")");
  }
  std::vector<Transfer> out;
  uint64_t row_no = 1;
  while (std::getline(in, line)) {
    ++row_no;
    if (line.empty()) continue;
    Transfer t;
    char tail = 0;
    if (std::sscanf(line.c_str(), "%u,%u,%u,%u,%d,%u%c", &t.step, &t.from, &t.to, &t.origin,
                    &t.dest, &t.msg, &tail) != 6) {
      throw Error(name + ": row " + std::to_string(row_no) + " is malformed");
    }
    out.push_back(t);
  }
  return out;
}

}  // namespace hypercast
