// The networks of nodes that `hc-bench synth-nodes` runs through `hypercast
// synth`: one case per row of docs/results.md "Networks of nodes on an iCE40"
// (and the 6-cube's node of "Schedule-driven node on block RAM"), with the
// seeds that row shows. tests/test_docs.cpp checks that every row of those
// tables names a case's options and, where the row names its seeds, the same
// seeds.
#pragma once

#include <string>
#include <vector>

namespace hypercast {
namespace bench {

struct SynthNodeCase {
  std::string label;
  std::string options;  // the network and its collective, as `synth` takes them
  std::string seeds;    // --pnr-seeds
  std::string extra;    // further `synth` options, or ""
};

inline const std::vector<SynthNodeCase>& synthNodeCases() {
  static const std::vector<SynthNodeCase> cases = {
      {"6-cube MNB schedule node", "--topology hypercube --dim 6 --collective multinode-broadcast",
       "1-10", ""},
      {"whole 4-cube MNB, 8-bit payload",
       "--topology hypercube --dim 4 --collective multinode-broadcast --payload-width 8", "1-5",
       ""},
      {"whole 4-cube MNB, 32-bit payload",
       "--topology hypercube --dim 4 --collective multinode-broadcast", "1-5",
       "--pnr-time-limit 10"},
      {"whole 4-cube MNB, 32-bit payload, 4 clocks per step",
       "--topology hypercube --dim 4 --collective multinode-broadcast --clocks-per-step 4", "1-10",
       "--pnr-time-limit 45"},
      {"whole MT(2,5) scatter, 32-bit payload, 4 clocks per step",
       "--topology torus --n 2 --k 5 --collective scatter --clocks-per-step 4", "1-10", ""},
      {"whole MT(2,5) scatter, 8-bit payload",
       "--topology torus --n 2 --k 5 --collective scatter --payload-width 8", "1-5", ""},
      {"whole MT(2,5) scatter, 32-bit payload", "--topology torus --n 2 --k 5 --collective scatter",
       "1-5", ""},
      {"2x2 wormhole mesh, 8-bit payload",
       "--topology mesh --dims 2,2 --collective broadcast --payload-width 8", "1-5", ""},
      {"4x4 wormhole mesh tile", "--topology mesh --dims 4,4 --collective broadcast", "1-10",
       "--pnr-time-limit 10"},
      {"2-cube global-sum node, 4-bit inputs",
       "--topology hypercube --dim 2 --collective global-sum --input-bits 4", "1-2", ""},
      {"3-cube global-sum node", "--topology hypercube --dim 3 --collective global-sum", "1-10",
       ""},
  };
  return cases;
}

}  // namespace bench
}  // namespace hypercast
