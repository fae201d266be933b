// Reads a schedule network's trace CSV (step,from,to,origin,dest,msg,payload)
// for the tests, independently of the tool's own CSV code.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "test_util.h"

namespace hctest {

inline std::vector<hypercast::Transfer> readSchedTrace(const std::string& path) {
  std::istringstream in(slurp(path));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "step,from,to,origin,dest,msg,payload");
  std::vector<hypercast::Transfer> t;
  while (std::getline(in, line)) {
    std::stringstream ls(line);
    std::string c[7];
    for (auto& cell : c) std::getline(ls, cell, ',');
    t.push_back({uint32_t(std::stoul(c[0])), uint32_t(std::stoul(c[1])), uint32_t(std::stoul(c[2])),
                 uint32_t(std::stoul(c[3])), std::stoi(c[4]), uint32_t(std::stoul(c[5]))});
  }
  return t;
}

}  // namespace hctest
