#include "flow/command_options.h"

#include "flow/collective_options.h"
#include "flow/network_args.h"

namespace hypercast {
namespace flow {

std::vector<OptionSpec> scheduleOptions() {
  std::vector<OptionSpec> specs = topologyOptions();
  for (const auto& o : collectiveOptions()) specs.push_back(o);
  specs.push_back(
      {"source", "S", "root of a broadcast or scatter (default 0); on a mesh X,Y[,Z] too"});
  specs.push_back(meshAlgorithmOption());
  specs.push_back(inputBitsOption());
  specs.push_back({"within", "L",
                   "multinode-broadcast to the nodes within distance L only (Faber's universal\n"
                   "broadcast to within distance L, Def. 6.6; a regular order cut to the ball)"});
  specs.push_back({"output", "FILE.csv",
                   "write every transfer as CSV: step,from,to,origin,dest,msg", false, "o"});
  specs.push_back({"json", "", "print a JSON summary"});
  return specs;
}

std::vector<OptionSpec> simulateOptions() {
  std::vector<OptionSpec> specs = rtlCommandOptions({
      {"engine", "E", "systemc | verilator | cosim (default cosim)"},
      {"source", "S",
       "the broadcast's origin, one node (default 0); a mesh's also as coordinates\n"
       "X,Y[,Z]"},
      {"sources", "S,S[,S...]", "several broadcasts, one from each origin"},
      {"start", "C[,C...]", "start cycle, one, or one per --sources entry (default 0)"},
      {"all-sources", "", "every node broadcasts, all at the --start cycle"},
      {"random", "K", "K broadcasts from random origins at random cycles"},
      {"window", "W", "with --random: start cycles in 0..W-1 (default 64)"},
      {"seed", "X", "with --random: random seed (default 1)"},
      {"rtl-model", "M",
       "auto | network | routers (nodes with --collective): Verilate the whole\n"
       "generated top, or the router (schedule node) once, wired N times by the\n"
       "harness (default auto: network up to 20 nodes, 16 for schedule networks);\n"
       "the wormhole mesh: network | tiles (hc_mesh_tile once, wired N times)"},
      {"traffic", "uniform", "load run: every node starts broadcasts at random cycles (Bernoulli)"},
      {"rate", "R", "with --traffic: offered broadcasts per node per cycle, 0 < R <= 1"},
      {"cycles", "C", "with --traffic: cycles of injection, then drain (default 10000)"},
      {"trace", "FILE", "write every link crossing as CSV"},
      {"wave", "FILE.fst",
       "write an FST waveform of every RTL signal (verilator or cosim engine,\n"
       "whole-top model; builds a traced model, cached apart)"},
      {"max-cycles", "C", "stop after C cycles (default: derived from the workload)"},
      {"watchdog", "C", "fail after C cycles without progress (default 1000)"},
      {"allow-large", "",
       "run above the default limits by cost (docs/user-guide.md#limits), for a\n"
       "machine with more memory and time (also HYPERCAST_ALLOW_LARGE=1)"},
      {"json", "", "print a JSON summary"},
      {"quiet", "", "no progress messages on stderr"},
  });
  for (const auto& s : collectiveOptions()) specs.push_back(s);
  specs.push_back({"repeat", "K",
                   "with --collective: run it K times back to back (default 1; accumulation\n"
                   "and global-sum: K runs on fresh random inputs, default 4)"});
  specs.push_back(inputBitsOption());
  specs.push_back({"shared-rom", "",
                   "with --collective: one ROM drives every node (translation-invariant\n"
                   "schedules)"});
  for (const auto& s : meshHardwareOptions()) specs.push_back(s);
  specs.push_back(meshAlgorithmOption());
  return specs;
}

std::vector<OptionSpec> synthOptions() {
  return routerCommandOptions({
      {"out", "DIR", "writes DIR/synth_report.md, DIR/synth_report.json and DIR/work/"},
      {"freq", "MHZ", "nextpnr clock target (default 100)"},
      {"pnr-seeds", "S[-T]",
       "nextpnr placement seed S (default 1), or seeds S..T (at most 100): the router\n"
       "placed and routed with each, the best, the median and the worst reported"},
      {"xilinx", "", "also run yosys synth_xilinx (7-series LUT counts)"},
      {"no-pnr", "", "skip nextpnr (synthesis figures only)"},
      {"weight-unit-only", "",
       "with --router programmable: only hc_weight_unit, the prototype's module, at the limits"},
  });
}

std::vector<OptionSpec> folderOptions() {
  return {
      {"endpoints", "native|axis",
       "hypercycle: the top's node ports: native (inj_*/dlv_*, the sink always\n"
       "accepts; default) or axis (also <name>_axis_top, AXI4-Stream s_axis/m_axis\n"
       "per node with ejection backpressure, and its Verilog testbench)"},
      {"target-mhz", "MHZ", "hypercycle: the clock of the SDC file <name>.sdc (default 100)"},
  };
}

}  // namespace flow
}  // namespace hypercast
