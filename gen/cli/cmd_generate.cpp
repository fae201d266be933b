#include <chrono>
#include <iostream>

#include "cli/commands.h"
#include "cli/network_args.h"
#include "emit/hypercycle_rtl.h"
#include "util/error.h"

namespace hypercast {
namespace cli {

int cmdGenerate(const std::vector<std::string>& words) {
  std::vector<OptionSpec> specs = networkOptions();
  for (const auto& s : rtlOptions()) specs.push_back(s);
  specs.push_back({"out", "DIR", "output folder (created; existing files are replaced)"});
  specs.push_back({"json", "", "print a JSON summary"});
  specs.push_back({"help", "", "show this help"});
  const Args a("generate", specs, words);
  if (a.has("help")) {
    std::cout << "Writes the router RTL hardwired to the network's constants, the whole-network\n"
                 "top, the hand-written hw/ modules, manifest.json and a FuseSoC .core file.\n\n"
              << usage("hypercast generate --m ... --rho ... --out DIR [options]", specs);
    return 0;
  }
  if (!a.has("out")) throw Error("generate needs --out DIR");
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
