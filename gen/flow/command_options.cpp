#include "flow/command_options.h"

#include <stdexcept>

#include "flow/collective_options.h"
#include "flow/network_args.h"
#include "topology/registry.h"

namespace hypercast {
namespace flow {

const Topology& meshTopology() {
  for (const Topology& t : topologyTable()) {
    if (t.kind == NetworkDesc::Kind::kMesh) return t;
  }
  throw std::logic_error("the topology registry has no mesh");
}

namespace {

// --collective's help in the commands that build a collective's network
// (generate, simulate, synth): `what` says what the command does with it.
std::string networkCollectiveHelp(const std::string& what) {
  return what +
         ": broadcast |\n"
         "multinode-broadcast | scatter | total-exchange on schedule-ROM nodes\n"
         "(multinode-scatter is total-exchange; a mesh of equal power-of-two sides:\n"
         "broadcast on the wormhole mesh; which a topology offers: hypercast schedule\n"
         "--help); on a Cayley graph also accumulation and global-sum, on combining\n"
         "nodes (values add up on the way)";
}

// --source of a collective's root, every command that takes one.
OptionSpec rootOption(const std::string& prefix) {
  return {"source", "S",
          prefix +
              "root of a broadcast or scatter (default 0); on a mesh X,Y[,Z] too, in a\n"
              "graph file its name"};
}

// --seed: one meaning in every command, the seed of what the run draws.
OptionSpec seedOption(const std::string& draws) {
  return {"seed", "X", "the seed of the run's randomness (default 1): " + draws};
}

}  // namespace

OptionSpec allowLargeOption() {
  return {"allow-large", "",
          "run above the default limits by cost (docs/user-guide.md#limits), for a\n"
          "machine with more memory and time (also HYPERCAST_ALLOW_LARGE=1)"};
}

std::vector<OptionSpec> scheduleOptions() {
  std::vector<OptionSpec> specs = topologyOptions();
  for (const auto& o : collectiveOptions(
           "the collective whose schedule is built and checked: broadcast |\n"
           "multinode-broadcast | scatter | total-exchange (multinode-scatter is\n"
           "total-exchange; which a topology offers: the list above); on a Cayley graph\n"
           "also accumulation and global-sum (combining: values add up on the way)")) {
    specs.push_back(o);
  }
  specs.push_back(rootOption(""));
  specs.push_back(meshSwitchingOption());
  specs.push_back(meshAlgorithmOption());
  specs.push_back(inputBitsOption());
  specs.push_back({"within", "L",
                   "multinode-broadcast to the nodes within distance L only (Faber's universal\n"
                   "broadcast to within distance L, Def. 6.6; a regular order cut to the ball)"});
  specs.push_back({"output", "FILE.csv",
                   "write every transmission as CSV: step,from,to,origin,dest,msg", false, "o"});
  specs.push_back(allowLargeOption());
  specs.push_back({"json", "", "print a JSON summary"});
  return specs;
}

std::vector<OptionSpec> simulateOptions() {
  std::vector<OptionSpec> specs = rtlCommandOptions({
      {"engine", "E", "systemc | verilator | cosim (default cosim)"},
      {"source", "S",
       "the origin of the routers' broadcast, or a collective's root: one node\n"
       "(default 0); on a mesh X,Y[,Z] too, in a graph file its name"},
      {"sources", "S,S[,S...]", "hypercycle: several broadcasts, one from each origin"},
      {"start", "C[,C...]", "hypercycle: start cycle, one, or one per --sources entry (default 0)"},
      {"all-sources", "", "hypercycle: every node broadcasts, all at the --start cycle"},
      {"random", "K", "hypercycle: K broadcasts from random origins at random cycles"},
      {"window", "W", "hypercycle, with --random: start cycles in 0..W-1 (default 64)"},
      seedOption("--random's origins and\n"
                 "start cycles, --traffic's injections, a collective's payloads or a\n"
                 "combining network's inputs, whatever the run draws"),
      {"rtl-model", "auto|network|wired",
       "the Verilated model of a router, schedule-ROM or mesh network: network, the\n"
       "whole generated top, or wired, each router, schedule node or mesh tile\n"
       "Verilated once and wired N times by the harness (default auto: network while\n"
       "nodes x ports per node <= 32)"},
      {"traffic", "uniform",
       "hypercycle: load run, every node starts broadcasts at random cycles\n(Bernoulli)"},
      {"rate", "R",
       "hypercycle, with --traffic: offered broadcasts per node per cycle, 0 < R <= 1"},
      {"cycles", "C",
       "hypercycle, with --traffic: cycles of injection, then drain (default 10000)"},
      {"trace", "FILE", "write every link crossing as CSV"},
      {"wave", "FILE.fst",
       "write an FST waveform of every RTL signal (verilator or cosim engine,\n"
       "whole-top model; builds a traced model, cached apart)"},
      {"max-cycles", "C", "hypercycle: stop after C cycles (default: derived from the workload)"},
      {"watchdog", "C", "hypercycle: fail after C cycles without progress (default 1000)"},
      {"endpoints", "native|axis",
       "hypercycle: native (the delivery lanes always accept; default) or axis\n"
       "(<name>_axis_top: an AXI4-Stream endpoint per node, in the model too, its\n"
       "m_axis_tready from --tready; engine systemc or cosim; the hardwired router\n"
       "and a --payload-width that is a multiple of 8)"},
      {"tready", "P[,P...]",
       "with --endpoints axis: when the m_axis sinks are ready: always (default),\n"
       "random:D[:SEED] (each sink D percent of the cycles), stall:NODE:FROM:LEN\n"
       "(one sink not ready for LEN cycles), all:FROM:LEN (every sink); a stall\n"
       "wins over the other terms"},
      allowLargeOption(),
      {"json", "", "print a JSON summary"},
      {"quiet", "", "no progress on stderr"},
  });
  for (const auto& s : collectiveOptions(networkCollectiveHelp(
           "run a collective's network instead of the routers' broadcasts"))) {
    specs.push_back(s);
  }
  specs.push_back({"repeat", "K",
                   "with --collective: run it K times back to back (default 1; accumulation\n"
                   "and global-sum: K runs on fresh random inputs, default 4)"});
  specs.push_back(inputBitsOption());
  specs.push_back({"shared-rom", "",
                   "with --collective: one ROM drives every node (translation-invariant\n"
                   "schedules)"});
  specs.push_back(clocksPerStepOption());
  for (const auto& s : meshHardwareOptions()) specs.push_back(s);
  specs.push_back(meshAlgorithmOption());
  return specs;
}

std::vector<OptionSpec> synthOptions() {
  std::vector<OptionSpec> specs = networkOptions();
  for (const auto& s : collectiveOptions(
           networkCollectiveHelp("synthesize a collective's network instead of the router"))) {
    specs.push_back(s);
  }
  specs.push_back(rootOption("with --collective: "));
  for (const auto& s : rtlOptions()) specs.push_back(s);
  specs.push_back({"shared-rom", "", "with --collective: one ROM drives every node"});
  specs.push_back(clocksPerStepOption());
  for (const auto& s : meshHardwareOptions()) specs.push_back(s);
  specs.push_back(meshAlgorithmOption());
  specs.push_back(inputBitsOption());
  const std::vector<OptionSpec> own = {
      {"out", "DIR", "writes DIR/synth_report.md, DIR/synth_report.json and DIR/work/"},
      {"target-mhz", "MHZ",
       "the clock target (default 100): a hypercycle's is the clock of the SDC file\n"
       "<name>.sdc, written as generate writes it and read back for nextpnr's --freq\n"
       "and the report (which says whether Fmax meets it); other networks': nextpnr's\n"
       "--freq"},
      {"endpoints", "native|axis",
       "hypercycle: the whole top synthesized and placed: native (<name>_top; default)\n"
       "or axis (<name>_axis_top, the AXI4-Stream endpoints with their ejection\n"
       "queues, as generate --endpoints axis writes it; the hardwired router)"},
      {"pnr-seeds", "S[-T]",
       "nextpnr placement seed S (default 1), or seeds S..T (at most 100): the router\n"
       "(the largest node) placed and routed with each, the best, the median and the\n"
       "worst reported"},
      {"pnr-time-limit", "MIN",
       "stop nextpnr after MIN minutes per seed (default 30; 0: no limit; decimals\n"
       "allowed): a seed stopped so is counted as failed (0 MHz in the median) and\n"
       "the sweep goes on; with one seed, synth stops with an error"},
      {"xilinx", "", "hypercycle router: also run yosys synth_xilinx (7-series LUT counts)"},
      {"no-pnr", "", "skip nextpnr (synthesis figures only)"},
      allowLargeOption(),
      {"weight-unit-only", "",
       "with --router programmable: only hc_weight_unit, the prototype's module, at the limits"},
  };
  specs.insert(specs.end(), own.begin(), own.end());
  return specs;
}

std::vector<OptionSpec> infoOptions() {
  std::vector<OptionSpec> specs = networkOptions();
  specs.push_back(
      {"necklaces", "", "torus (k odd): list the necklaces of Fragopoulou & Akl, Sec. 2"});
  specs.push_back({"regular-order", "",
                   "a Cayley graph (" + cayleyTopologyNames() +
                       "): search a regular\norder (Faber, Def. 4.3) and print it"});
  specs.push_back(
      {"eyes", "", "mesh of equal power-of-two sides: its eyes (Cang & Wu, Defs. 1, 2, 7)"});
  specs.push_back(allowLargeOption());
  specs.push_back({"json", "", "print JSON"});
  return specs;
}

std::vector<OptionSpec> exportOptions() {
  std::vector<OptionSpec> specs = topologyOptions();
  for (const auto& o :
       collectiveOptions("the collective whose schedule is written: broadcast (the runtime's\n"
                         "broadcast), multinode-broadcast (allgather), scatter (scatter) or\n"
                         "total-exchange (alltoall; multinode-scatter is total-exchange)")) {
    if (o.name != "links") specs.push_back(o);  // GPU links are full duplex
  }
  specs.push_back(rootOption(""));
  specs.push_back({"format", "msccl-xml|sccl-json", "the file's format"});
  specs.push_back({"output", "FILE", "where to write it", false, "o"});
  specs.push_back(allowLargeOption());
  specs.push_back({"json", "", "print a JSON summary"});
  return specs;
}

std::vector<OptionSpec> generateOptions() {
  std::vector<OptionSpec> specs = networkOptions();
  for (const auto& s : collectiveOptions(
           networkCollectiveHelp("the network of a collective instead of the routers"))) {
    specs.push_back(s);
  }
  specs.push_back(rootOption("with --collective: "));
  for (const auto& s : rtlOptions()) specs.push_back(s);
  for (const auto& s : folderOptions()) specs.push_back(s);
  specs.push_back({"shared-rom", "",
                   "with --collective: one ROM drives every node (translation-invariant\n"
                   "schedules: the multinode collectives)"});
  specs.push_back(clocksPerStepOption());
  for (const auto& s : meshHardwareOptions()) specs.push_back(s);
  specs.push_back(meshAlgorithmOption());
  specs.push_back(inputBitsOption());
  specs.push_back(
      {"out", "DIR", "output folder: new, empty, or an earlier hypercast output (replaced whole)"});
  specs.push_back({"name", "NAME",
                   "the network's name in the folder (default: its own, e.g. hc_m8x6x5_r3x2x1,\n"
                   "cube3_mnb): the stem of <name>.f, .sdc and .core, the FuseSoC core's name\n"
                   "and the prefix of every module the folder generates; a letter, then\n"
                   "letters, digits and _, at most 64 characters"});
  specs.push_back(allowLargeOption());
  specs.push_back({"json", "", "print a JSON summary"});
  return specs;
}

std::vector<OptionSpec> sweepOptions() {
  return routerCommandOptions({
      {"rates", "R[,R...]", "offered rates (default: --points rates up to 1.3x saturation)"},
      {"points", "K", "number of rates when --rates is not given (default 8)"},
      {"cycles", "C", "cycles of injection per run, then drain (default 10000, as simulate)"},
      {"engine", "E", "systemc | verilator | cosim (default systemc)"},
      {"endpoints", "native|axis",
       "as simulate's: axis runs every point with AXI4-Stream endpoints (engine\n"
       "systemc or cosim)"},
      {"tready", "P[,P...]", "with --endpoints axis: the sinks' ready pattern, as simulate's"},
      seedOption("every point's traffic"),
      {"out", "DIR", "writes DIR/load_latency.csv and DIR/load_latency.svg"},
      allowLargeOption(),
      {"json", "", "print a JSON summary (the points, the saturation rates, the files)"},
      {"quiet", "", "no progress on stderr"},
  });
}

std::vector<OptionSpec> tcdOptions() {
  std::vector<OptionSpec> specs = {{"topology", "NAME", "mesh (the only one; default)"}};
  for (const OptionSpec& s : optionSpecs(meshTopology().options)) specs.push_back(s);
  OptionSpec algorithm = meshAlgorithmOption();
  algorithm.help =
      "one column only: the paper's (Algorithm 1 in 2-D, 2 in 3-D) or best\n"
      "(default both)";
  specs.push_back(algorithm);
  specs.push_back({"output", "FILE.csv",
                   "write the table as CSV: source,x,y[,z],eye,paper,best,lower_bound", false,
                   "o"});
  specs.push_back(allowLargeOption());
  specs.push_back({"json", "", "print a JSON summary and the rows"});
  return specs;
}

std::vector<OptionSpec> regressOptions() {
  return {
      {"out", "DIR", "plan: the regression's folder (jobs.json, then results/)"},
      {"allow-large", "",
       "plan: more jobs than the default limit (docs/user-guide.md#limits), 64-fold\n"
       "(also HYPERCAST_ALLOW_LARGE=1)"},
      {"j", "N", "run: jobs at a time, 1..32 (default 1)", true},
      {"index", "I", "run-one: the job's index in jobs.json (a SLURM array task's)"},
      {"quiet", "", "run, run-one: no progress on stderr (a job that fails is still named)"},
      {"partition", "P", "slurm: the partition (default: the cluster's)"},
      {"time", "T", "slurm: each task's time limit, as sbatch --time (30, 1:30:00, 2-0)"},
      {"mem", "M", "slurm: each task's memory, as sbatch --mem (4G, 512M)"},
      {"account", "A", "slurm: the account to charge (default: yours)"},
      {"array-limit", "K", "slurm: array tasks running at once (default 8)"},
      {"cache", "DIR",
       "slurm: the Verilated-model cache every node shares (default\n"
       "$HYPERCAST_CACHE, else DIR/hc-cache)"},
      {"submit", "", "slurm: submit with sbatch (build stage, then the array) and print the ids"},
  };
}

std::vector<OptionSpec> folderOptions() {
  return {
      {"endpoints", "native|axis",
       "hypercycle: the top's node ports: native (inj_*/dlv_*, the sink always\n"
       "accepts; default) or axis (also <name>_axis_top, AXI4-Stream s_axis/m_axis\n"
       "per node with ejection backpressure, and its Verilog testbench; needs the\n"
       "hardwired router and a --payload-width that is a multiple of 8)"},
      {"target-mhz", "MHZ", "the clock of the SDC file <name>.sdc (default 100)"},
  };
}

}  // namespace flow
}  // namespace hypercast
