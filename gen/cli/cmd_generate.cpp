#include <chrono>
#include <iostream>

#include "cli/collective_args.h"
#include "cli/combining_args.h"
#include "cli/commands.h"
#include "cli/mesh_broadcast_args.h"
#include "cli/mesh_rtl_args.h"
#include "cli/network_args.h"
#include "emit/hypercycle_rtl.h"
#include "emit/schedule_rtl.h"
#include "util/error.h"
#include "util/json_text.h"

namespace hypercast {
namespace cli {

namespace {

int generateScheduleNetwork(const Args& a) {
  for (const std::string& opt : hypercycleRouterOptions()) {
    if (a.has(opt)) throw Error("--" + opt + " is a hypercycle router option");
  }
  checkOutputTree("--out", a.get("out"));
  const CheckedSchedule c = buildCheckedSchedule(a, true, "generate");
  const int pw = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  const auto t0 = std::chrono::steady_clock::now();
  const ScheduleRtl rtl = emitScheduleNetwork(c.net, c.graph, c.schedule, pw, a.has("shared-rom"));
  writeOutputTree(a.get("out"), rtl.files);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t bytes = 0;
  for (const auto& f : rtl.files) bytes += f.second.size();
  const NetworkProgram& p = rtl.program;
  const uint64_t n = c.graph.nodes();
  if (a.has("json")) {
    nlohmann::ordered_json j = scheduleJson(c);
    j["out"] = a.get("out");
    j["top"] = rtl.top_module;
    j["files"] = rtl.files.size();
    j["bytes"] = bytes;
    j["rom_rows"] = p.rows;
    j["rom_word_bits"] = p.format.wordBits();
    j["rom_bits_per_node"] = p.romBitsPerNode();
    j["rom_bits_total"] = p.romBitsPerNode() * (rtl.shared_rom ? 1 : n);
    j["identical_roms"] = p.identicalRoms();
    j["shared_rom"] = rtl.shared_rom;
    j["peak_store"] = p.max_slots;
    j["seconds"] = secs;
    std::cout << jsonText(j) << "\n";
    return 0;
  }
  std::cout << scheduleSummary(c) << "checker          PASS\n"
            << "top module " << rtl.top_module << "; ROM " << p.rows << " rows x "
            << p.format.wordBits() << " bits = " << p.romBitsPerNode() << " bits per node, "
            << p.romBitsPerNode() * (rtl.shared_rom ? 1 : n)
            << (rtl.shared_rom ? " in all (one ROM shared by every node)" : " in all")
            << "; peak store " << p.max_slots << " packets\n";
  size_t listed = 0;
  for (const auto& f : rtl.files) {
    if (f.first.rfind("rom/", 0) == 0 && listed++ >= 2) continue;
    std::cout << "  " << a.get("out") << "/" << f.first << "\n";
  }
  if (listed > 2) std::cout << "  ... and " << listed - 2 << " more ROM images\n";
  std::cout << rtl.files.size() << " files, " << bytes << " bytes in " << secs << " s\n";
  return 0;
}

}  // namespace

std::vector<OptionSpec> generateOptions() {
  std::vector<OptionSpec> specs = networkOptions();
  for (const auto& s : collectiveOptions()) specs.push_back(s);
  specs.push_back({"source", "S", "with --collective: root of a broadcast or scatter (default 0)"});
  for (const auto& s : rtlOptions()) specs.push_back(s);
  specs.push_back({"shared-rom", "",
                   "with --collective: one ROM drives every node (translation-invariant\n"
                   "schedules: the multinode collectives)"});
  for (const auto& s : meshHardwareOptions()) specs.push_back(s);
  specs.push_back(meshAlgorithmOption());
  specs.push_back(inputBitsOption());
  specs.push_back(
      {"out", "DIR", "output folder: new, empty, or an earlier hypercast output (replaced whole)"});
  specs.push_back({"json", "", "print a JSON summary"});
  return specs;
}

CommandHelp generateHelp() {
  return {"hypercast generate [network options] --out DIR [options]",
          "Hypercycle: writes the router RTL hardwired to the network's constants (or,\n"
          "with --router programmable, the programmable router and config.hex, its\n"
          "start-up configuration), the whole-network top, the hand-written hw/ modules,\n"
          "manifest.json and a FuseSoC .core file.\n"
          "With --collective C (every topology; the hypercube, torus, cayley and mesh\n"
          "have only these): writes a network of schedule-driven nodes, one $readmemh\n"
          "ROM image per node (rom/), the top, the slot map (<name>_slots.csv), the\n"
          "port graph (<name>_ports.csv), manifest.json and the .core; formats in\n"
          "docs/file-formats.md \"Schedule ROM format\".\n"
          "On a mesh of equal power-of-two sides, --collective broadcast --source\n"
          "X,Y[,Z] writes the wormhole mesh instead (--switching wormhole, the default):\n"
          "dimension-ordered wormhole routers, one-port nodes driven by per-node ROMs\n"
          "running Cang & Wu's broadcast (--algorithm paper|best, --flits L), step\n"
          "barrier, link-use counters; the routing's channel-dependency graph is checked\n"
          "acyclic. --switching store-and-forward keeps the BFS schedule-ROM network.\n"
          "With --collective global-sum|accumulation on a Cayley graph: Faber's\n"
          "combining collectives on hc_sum_node or hc_acc_node arithmetic nodes\n"
          "(--input-bits sets the inputs' width).\n",
          ""};
}

int cmdGenerate(const Args& a) {
  if (!a.has("out")) throw Error("generate needs --out DIR");
  if (wantsWormholeMesh(a)) return generateWormholeMesh(a);
  if (wantsCombining(a)) return combiningGenerate(a);  // Faber, combining
  if (wantsSchedule(a)) return generateScheduleNetwork(a);
  if (a.has("shared-rom")) throw Error("--shared-rom needs --collective (a schedule network)");
  if (a.has("source")) throw Error("--source needs --collective");
  const Hypercycle h = parseNetwork(a);
  const RtlOptions o = parseRtlOptions(a);
  checkTopSize(h);
  checkOutputTree("--out", a.get("out"));
  const auto t0 = std::chrono::steady_clock::now();
  const HypercycleRtl rtl = emitHypercycleNetwork(h, o);
  writeOutputTree(a.get("out"), rtl.files);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t bytes = 0;
  for (const auto& f : rtl.files) bytes += f.second.size();
  if (a.has("json")) {
    nlohmann::ordered_json j;
    j["out"] = a.get("out");
    j["top"] = rtl.top_module;
    j["router"] = rtl.router_module;
    j["nodes"] = h.nodes();
    j["files"] = rtl.files.size();
    j["bytes"] = bytes;
    j["seconds"] = secs;
    std::cout << jsonLine(j) << "\n";
    return 0;
  }
  std::cout << "hypercycle G^{" << h.rhoList() << "}_{" << h.mList() << "}: " << h.nodes()
            << " nodes, degree " << h.degree() << ", diameter " << h.diameter() << "\n"
            << "top module " << rtl.top_module << ", router " << rtl.router_module << "\n";
  for (const auto& f : rtl.files) std::cout << "  " << a.get("out") << "/" << f.first << "\n";
  std::cout << rtl.files.size() << " files, " << bytes << " bytes in " << secs << " s\n";
  return 0;
}

}  // namespace cli
}  // namespace hypercast
