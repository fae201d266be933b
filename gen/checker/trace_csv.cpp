#include "checker/trace_csv.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace hypercast {
namespace checker {

const char* const kTraceHeader = "cycle,step,from,to,origin,dest,wd,wc,payload";

void writeTraceRow(std::ostream& os, const Transfer& t) {
  os << t.cycle << ',' << t.step << ',' << t.from << ',' << t.to << ',' << t.origin << ",-1,"
     << t.wd << ',' << t.wc << ",0x" << std::hex << t.tag << std::dec << '\n';
}

std::vector<Transfer> readTraceCsv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read trace " + path);
  std::string line;
  if (!std::getline(in, line) || line.rfind(kTraceHeader, 0) != 0) {
    throw std::runtime_error(path + ": missing trace header");
  }
  std::vector<Transfer> out;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ',')) f.push_back(cell);
    if (f.size() < 9) throw std::runtime_error(path + ": short row: " + line);
    Transfer t;
    t.cycle = std::stoll(f[0]);
    t.step = std::stoi(f[1]);
    t.from = std::stoull(f[2]);
    t.to = std::stoull(f[3]);
    t.origin = std::stoull(f[4]);
    t.wd = std::stoi(f[6]);
    t.wc = std::stoi(f[7]);
    t.tag = std::stoull(f[8], nullptr, 16);
    out.push_back(t);
  }
  return out;
}

}  // namespace checker
}  // namespace hypercast
