// yosys in a synthesis work folder: running a script, and the cell counts of its `stat`.
#include "tools/yosys_synth.h"

#include <fstream>
#include <regex>

#include "tools/launcher.h"

namespace hypercast {
namespace tools {

const char* const kIce40Synth = "synth_ice40";
const char* const kIce40SynthAbc9 = "synth_ice40 -abc9";

std::string runYosys(const SynthWork& work, const std::string& name, const std::string& step,
                     const std::string& script) {
  work.announce(step);
  std::ofstream(work.dir + "/" + name + ".ys") << script;
  runLogged({"yosys", "-q", "-s", name + ".ys"}, work.dir + "/" + name + ".log",
            "yosys (" + name + ")", work.dir, /*log_kept=*/false);
  return readFile(work.dir + "/" + name + ".stat");
}

long long statSum(const std::string& stat, const std::string& type) {
  const size_t last = stat.rfind("Number of cells");
  const std::string block = last == std::string::npos ? stat : stat.substr(last);
  std::regex re("\\n\\s+(" + type + ")\\s+([0-9]+)");
  long long v = 0;
  for (auto it = std::sregex_iterator(block.begin(), block.end(), re); it != std::sregex_iterator();
       ++it) {
    v += std::stoll((*it)[2]);
  }
  return v;
}

long long totalCells(const std::string& stat) {
  std::regex re("Number of cells:\\s+([0-9]+)");
  long long v = -1;
  for (auto it = std::sregex_iterator(stat.begin(), stat.end(), re); it != std::sregex_iterator();
       ++it) {
    v = std::stoll((*it)[1]);
  }
  return v;
}

}  // namespace tools
}  // namespace hypercast
