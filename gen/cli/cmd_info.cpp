#include <iostream>

#include "cli/commands.h"
#include "cli/network_args.h"

namespace hypercast {
namespace cli {

int cmdInfo(const std::vector<std::string>& words) {
  std::vector<OptionSpec> specs = networkOptions();
  specs.push_back({"json", "", "print JSON"});
  specs.push_back({"help", "", "show this help"});
  const Args a("info", specs, words);
  if (a.has("help")) {
    std::cout
        << "Topology facts of a network: nodes, degree, diameter (eqs. 2-4) and per\n"
           "dimension m, rho, D, a, k (eqs. 3 and 6).\n\n"
        << usage(
               "hypercast info [--topology hypercycle] --m M_r,...,M_1 --rho R_r,...,R_1 [--json]",
               specs);
    return 0;
  }
  const Hypercycle h = parseNetwork(a);
  if (a.has("json")) {
    std::cout << "{\n  \"topology\": \"hypercycle\",\n  \"m\": [" << h.mList() << "],\n  \"rho\": ["
              << h.rhoList() << "],\n  \"nodes\": " << h.nodes()
              << ",\n  \"degree\": " << h.degree() << ",\n  \"diameter\": " << h.diameter()
              << ",\n  \"dimensions\": [\n";
    for (int i = h.dims(); i >= 1; --i) {
      const Dimension& d = h.dim(i);
      std::cout << "    {\"dim\": " << i << ", \"m\": " << d.m << ", \"rho\": " << d.rho
                << ", \"degree\": " << d.degree() << ", \"D\": " << d.diameter()
                << ", \"a\": " << d.a() << ", \"k\": " << d.k() << ", \"weight\": " << h.weight(i)
                << "}" << (i > 1 ? ",\n" : "\n");
    }
    std::cout << "  ]\n}\n";
    return 0;
  }
  std::cout << "hypercycle G^{" << h.rhoList() << "}_{" << h.mList() << "}\n"
            << "nodes     " << h.nodes() << "\n"
            << "degree    " << h.degree() << "\n"
            << "diameter  " << h.diameter() << "\n"
            << "dim    m  rho  degree  D  a  k  weight\n";
  for (int i = h.dims(); i >= 1; --i) {
    const Dimension& d = h.dim(i);
    std::printf("%3d %4d %4d %7d %2d %2d %2d  %llu\n", i, d.m, d.rho, d.degree(), d.diameter(),
                d.a(), d.k(), static_cast<unsigned long long>(h.weight(i)));
  }
  return 0;
}

}  // namespace cli
}  // namespace hypercast
