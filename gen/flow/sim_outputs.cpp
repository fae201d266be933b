#include "flow/sim_outputs.h"

#include <filesystem>

#include "util/error.h"
#include "util/output_file.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace flow {

std::string selfDir() {
  std::error_code ec;
  const fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string(".") : p.parent_path().string();
}

std::string outputPath(const Params& a, const std::string& opt) {
  if (!a.has(opt)) return "";
  const std::string path = a.get(opt);
  checkOutputPath(opt, path);
  if (opt == "wave" && (path.size() < 4 || path.compare(path.size() - 4, 4, ".fst") != 0)) {
    throw Error("--wave writes FST only: name the file FILE.fst (got " + path + ")");
  }
  return fs::absolute(path).string();
}

std::string parseEngine(const Params& a) {
  const std::string engine = a.get("engine", "cosim");
  if (engine != "systemc" && engine != "verilator" && engine != "cosim") {
    throw Error("unknown engine '" + engine + "' (engines: systemc, verilator, cosim)");
  }
  return engine;
}

}  // namespace flow
}  // namespace hypercast
