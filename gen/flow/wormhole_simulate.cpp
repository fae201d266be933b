#include <filesystem>
#include <iostream>

#include "flow/flow.h"
#include "flow/harness_run.h"
#include "flow/sim_outputs.h"
#include "flow/verilated_build.h"
#include "flow/wormhole_mesh.h"
#include "sim/mesh_job.h"
#include "util/error.h"
#include "util/test_hooks.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace flow {

// The wormhole mesh broadcast (flow/wormhole_mesh.h): the SystemC model
// (model/mesh_network.h), the Verilated whole top or tiles, or both in lock step.
CommandReport wormholeSimulate(const Params& a) {
  for (const char* opt : {"sources", "all-sources", "random", "window", "start", "max-cycles",
                          "watchdog", "traffic", "rate", "cycles"}) {
    if (a.has(opt)) {
      throw Error(std::string("--") + opt +
                  " is a hypercycle option; the wormhole mesh runs its broadcast's schedule");
    }
  }
  const std::string engine = parseEngine(a);
  const bool rtl = engine != "systemc";
  if (a.has("rtl-model")) (void)parseRtlModel(a);  // an old name is refused naming wired
  if (a.has("rtl-model") && !rtl) throw Error("--rtl-model needs --engine verilator or cosim");
  if (a.has("wave") && !rtl) throw Error(kWaveNeedsRtl);
  const WormholeMeshBuild b = buildWormholeMesh(a, "simulate --engine " + engine);
  const uint64_t n = b.net.nodes();
  const std::string model =
      rtl ? chooseRtlModel(a, n, 2 * b.net.radices.size(), kWormholeWholeTopLimit) : std::string();
  const std::string trace = outputPath(a, "trace"), wave = outputPath(a, "wave");
  const uint64_t seed = static_cast<uint64_t>(a.getInt("seed", 1, 0, 1LL << 62));
  checksDone();
  const bool quiet = a.has("quiet");  // progress stays under --json (stderr)
  const TempDir job_dir;
  const MeshRtl& r = b.rtl;
  MeshJob job;
  job.extents = b.net.radices;
  job.schedule = b.schedule;
  job.flits = r.options.flits;
  job.depth = r.options.depth;
  job.heads_width = r.options.heads_width;
  job.payload_width = r.options.payload_width;
  job.seed = seed;
  job.engine = engine;
  job.rtl_model = model;
  job.rom_word_bits = r.rom_word_bits;
  job.coord_width = r.coord_width;
  job.step_width = r.step_width;
  job.flit_count_width = r.flit_count_width;
  job.trace = trace;
  job.wave = wave;
  job.json = a.has("json");
  job.quiet = quiet;
  std::string exe, note;
  if (rtl) {
    HarnessSpec spec;
    spec.kind = JobKind::kWormholeMesh;
    spec.trace = !wave.empty();
    spec.libs = {
        "libhc_mesh_harness.a", "VMODEL",         "libverilated_rt.a", "libhc_sched_model.a",
        "libhc_checker.a",      "libhc_simjob.a", "libhc_emit.a",      "libhc_algorithm.a",
        "libhc_topology.a",     "libhc_util.a"};
    if (model == "network") {
      spec.name = r.top_module;
      spec.files = r.files;
      spec.verilog_files = r.verilog_files;
      spec.top = r.top_module;
      spec.prefix = "Vmesh";
      spec.adapter = "tb/verilated_mesh.cpp";
    } else {
      // One tile, Verilated once for this shape; the ROMs are played from their images.
      for (const std::string& f : r.verilog_files) {
        if (f.rfind("hw/hc_mesh_", 0) == 0 || f == "hw/hc_fifo.v") {
          spec.files[f] = r.files.at(f);
          spec.verilog_files.push_back(f);
        }
      }
      spec.top = "hc_mesh_tile";
      spec.prefix = "Vmeshtile";
      spec.adapter = "tb/verilated_mesh_tiles.cpp";
      spec.parameters = r.tileParameters();
      spec.name = "hc_mesh_tile";
      for (const auto& p : spec.parameters) spec.name += "_" + std::to_string(p.second);
      for (const std::string& rom : r.roms) {
        job_dir.write(rom, r.files.at(rom));
        job.roms.push_back(job_dir.path + "/" + rom);
      }
    }
    const RtlBuild rb = buildVerilatedHarness(spec, quiet);
    exe = rb.exe;
    job.rom_dir = model == "network" ? rb.dir + "/rtl" : job_dir.path;
    note = modelNote(model == "network" ? job.rom_dir : rb.dir, spec.top, model, rb);
  } else {
    exe = systemcHarness();
  }
  job_dir.write("job.json", serializeMeshJob(job));
  checkTestHooks(b.net.nodes());  // before anything is printed
  if (!a.has("json") && rtl) std::cout << "files written    " << note << "\n" << std::flush;
  return runHarness({exe, "--job", job_dir.path + "/job.json"}, simulateReport(a, b.net));
}
}  // namespace flow
}  // namespace hypercast
