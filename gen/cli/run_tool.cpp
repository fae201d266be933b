#include "cli/run_tool.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "util/error.h"

namespace hypercast {
namespace cli {

std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void runLogged(const std::string& cmd, const std::string& log, const std::string& what) {
  const std::string full = "(" + cmd + ") >> '" + log + "' 2>&1";
  {
    std::ofstream l(log, std::ios::app);
    l << "$ " << cmd << "\n";
  }
  if (std::system(full.c_str()) != 0) {
    std::string tail = readFile(log);
    if (tail.size() > 2000) tail = tail.substr(tail.size() - 2000);
    std::cerr << tail;
    throw Error(what + " failed; full log in " + log);
  }
}

}  // namespace cli
}  // namespace hypercast
