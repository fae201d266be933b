#include "flow/sim_outputs.h"

#include <filesystem>

#include "flow/harness_run.h"
#include "util/error.h"
#include "util/json_text.h"
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
  checkOutputPath("--" + opt, path);
  if (opt == "wave" && (path.size() < 4 || path.compare(path.size() - 4, 4, ".fst") != 0)) {
    throw Error("--wave writes FST only: name the file FILE.fst (got " + path + ")");
  }
  if (opt == "wave") {
    // The FST writer removes and recreates its file by name, with FILE.hier
    // beside it: a device, a FIFO or a descriptor of this process (through a
    // link too) would be replaced by a regular file.
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    const std::string real = fs::weakly_canonical(path, ec).string();
    if ((fs::exists(st) && !fs::is_regular_file(st)) || real.rfind("/proc/", 0) == 0) {
      throw Error("cannot write --wave " + path +
                  ": an FST waveform goes to a regular file (the FST writer replaces its file "
                  "by name)");
    }
  }
  const std::string abs = fs::absolute(path).string();
  if (isUtf8(abs)) return abs;
  // A harness's job file is JSON, which holds UTF-8 text only: a name in
  // another encoding reaches the harness as a link to it, in a folder of this
  // process's (removed at its end), and the harness writes through the link.
  static const TempDir aliases;
  const std::string link = aliases.path + "/" + opt + (opt == "wave" ? ".fst" : ".csv");
  std::error_code ec;
  fs::remove(link, ec);
  fs::create_symlink(abs, link, ec);
  if (ec) throw Error("cannot write --" + opt + " " + path + ": " + ec.message());
  return link;
}

std::string parseRtlModel(const Params& a) {
  const std::string mode = a.get("rtl-model", "auto");
  if (mode == "routers" || mode == "nodes" || mode == "tiles") {
    throw Error("--rtl-model " + mode + " is now --rtl-model " + kWiredModel +
                " (the routers, nodes or tiles Verilated once and wired N times, every kind of "
                "network)");
  }
  if (mode != "auto" && mode != "network" && mode != kWiredModel) {
    throw Error("--rtl-model must be auto, network or " + std::string(kWiredModel) + ", got '" +
                mode + "'");
  }
  return mode;
}

std::string chooseRtlModel(const Params& a, uint64_t nodes, uint64_t ports, uint64_t whole_limit) {
  const std::string mode = parseRtlModel(a);
  const std::string model =
      mode == "auto"
          ? (nodes * ports <= kWholeTopPortEnds || a.has("wave") ? "network" : kWiredModel)
          : mode;
  if (a.has("wave") && model != "network") {
    throw Error("--wave needs the whole-top model (--rtl-model network)");
  }
  if (model == "network" && nodes > whole_limit) {
    if (a.has("wave")) {
      const std::string most = std::to_string(whole_limit), has = std::to_string(nodes);
      throw Error("--wave needs the whole-top model (--rtl-model network), which takes at most " +
                  most + " nodes (Verilator's code grows with N); this network has " + has +
                  ": give --wave a smaller network");
    }
    throw Error("--rtl-model network takes at most " + std::to_string(whole_limit) +
                " nodes (Verilator's code grows with N); use --rtl-model " + kWiredModel);
  }
  return model;
}

std::string modelNote(const std::string& dir, const std::string& top, const std::string& model,
                      const RtlBuild& b) {
  return dir + " (top " + top + ", Verilated: " + model +
         (b.cached
              ? "), model cached"
              : "), model built in " + std::to_string(static_cast<int>(b.seconds + 0.5)) + " s");
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
