#include <chrono>
#include <iostream>

#include "cli/collective_args.h"
#include "cli/commands.h"
#include "cli/network_args.h"
#include "emit/hypercycle_rtl.h"
#include "emit/schedule_rtl.h"
#include "util/error.h"

namespace hypercast {
namespace cli {

namespace {

// Largest hypercube whose schedule network `generate` writes: at d = 10 the
// multinode broadcast's ROMs and stores are 1024 x (104 rows, 1024 packets).
constexpr int kScheduleRtlMaxDim = 10;

int generateScheduleNetwork(const Args& a) {
  if (a.has("m") || a.has("rho"))
    throw Error("--m and --rho describe a hypercycle, not a hypercube");
  for (const std::string& opt : hypercycleRouterOptions()) {
    if (a.has(opt)) throw Error("--" + opt + " is a hypercycle router option");
  }
  const CheckedSchedule c = buildCheckedSchedule(a, kScheduleRtlMaxDim, "generate");
  const int pw = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  const auto t0 = std::chrono::steady_clock::now();
  const Hypercube cube(c.dim);
  const ScheduleRtl rtl = emitScheduleNetwork(cube, c.schedule, pw);
  writeFileSet(a.get("out"), rtl.files);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t bytes = 0;
  for (const auto& f : rtl.files) bytes += f.second.size();
  const NetworkProgram& p = rtl.program;
  if (a.has("json")) {
    std::cout << "{" << scheduleJsonFields(c) << ", \"out\": \"" << a.get("out")
              << "\", \"top\": \"" << rtl.top_module << "\", \"files\": " << rtl.files.size()
              << ", \"bytes\": " << bytes << ", \"rom_rows\": " << p.rows
              << ", \"rom_word_bits\": " << p.format.wordBits()
              << ", \"rom_bits_per_node\": " << p.romBitsPerNode()
              << ", \"rom_bits_total\": " << p.romBitsPerNode() * cube.nodes()
              << ", \"peak_store\": " << p.max_slots << ", \"seconds\": " << secs << "}\n";
    return 0;
  }
  std::cout << "hypercube d = " << c.dim << " (" << cube.nodes() << " nodes), "
            << toString(c.schedule.collective) << ": " << c.report.steps << " steps, "
            << c.report.transmissions << " transmissions, optimal " << (c.optimal ? "yes" : "NO")
            << ", checker PASS\n"
            << "top module " << rtl.top_module << "; ROM " << p.rows << " rows x "
            << p.format.wordBits() << " bits = " << p.romBitsPerNode() << " bits per node, "
            << p.romBitsPerNode() * cube.nodes() << " in all; peak store " << p.max_slots
            << " packets\n";
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

int cmdGenerate(const std::vector<std::string>& words) {
  std::vector<OptionSpec> specs = networkOptions();
  for (const auto& s : collectiveOptions()) specs.push_back(s);
  specs.push_back({"source", "S", "hypercube: root of a broadcast or scatter (default 0)"});
  for (const auto& s : rtlOptions()) specs.push_back(s);
  specs.push_back({"out", "DIR", "output folder (created; existing files are replaced)"});
  specs.push_back({"json", "", "print a JSON summary"});
  specs.push_back({"help", "", "show this help"});
  const Args a("generate", specs, words);
  if (a.has("help")) {
    std::cout << "Hypercycle: writes the router RTL hardwired to the network's constants (or,\n"
                 "with --router programmable, the programmable router and config.hex, its\n"
                 "start-up configuration), the whole-network top, the hand-written hw/ modules,\n"
                 "manifest.json and a FuseSoC .core file.\n"
                 "Hypercube (--topology hypercube --dim D --collective C): writes a network of\n"
                 "schedule-driven nodes, one $readmemh ROM image per node (rom/), the top, the\n"
                 "slot map (<name>_slots.csv), manifest.json and the .core; formats in README\n"
                 "\"Schedule ROM format\".\n\n"
              << usage("hypercast generate [network options] --out DIR [options]", specs);
    return 0;
  }
  if (!a.has("out")) throw Error("generate needs --out DIR");
  if (wantsSchedule(a)) return generateScheduleNetwork(a);
  if (a.has("source")) throw Error("--source is a hypercube collective option");
  const Hypercycle h = parseNetwork(a);
  const RtlOptions o = parseRtlOptions(a);
  const auto t0 = std::chrono::steady_clock::now();
  const HypercycleRtl rtl = emitHypercycleNetwork(h, o);
  writeFileSet(a.get("out"), rtl.files);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t bytes = 0;
  for (const auto& f : rtl.files) bytes += f.second.size();
  if (a.has("json")) {
    std::cout << "{\"out\": \"" << a.get("out") << "\", \"top\": \"" << rtl.top_module
              << "\", \"router\": \"" << rtl.router_module << "\", \"nodes\": " << h.nodes()
              << ", \"files\": " << rtl.files.size() << ", \"bytes\": " << bytes
              << ", \"seconds\": " << secs << "}\n";
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
