#include "sim/mesh_job.h"

#include <nlohmann/json.hpp>

#include "util/error.h"

namespace hypercast {

using job::Json;

namespace {

int smallInt(const Json& v, const char* key, int lo, int hi) {
  return static_cast<int>(job::integer(v, key, lo, hi));
}

}  // namespace

std::string serializeMeshJob(const MeshJob& j) {
  Json o;
  o["extents"] = j.extents;
  o["source"] = j.schedule.source;
  o["algorithm"] = j.schedule.algorithm;
  Json steps = Json::array();
  for (const auto& st : j.schedule.steps) {
    Json msgs = Json::array();
    for (const WormholeMessage& m : st) msgs.push_back({m.from, m.to});
    steps.push_back(msgs);
  }
  o["steps"] = steps;
  o["flits"] = j.flits;
  o["depth"] = j.depth;
  o["heads_width"] = j.heads_width;
  o["payload_width"] = j.payload_width;
  o["seed"] = j.seed;
  o["engine"] = j.engine;
  o["rtl_model"] = j.rtl_model;
  o["rom_dir"] = j.rom_dir;
  o["roms"] = j.roms;
  o["rom_word_bits"] = j.rom_word_bits;
  o["coord_width"] = j.coord_width;
  o["step_width"] = j.step_width;
  o["flit_count_width"] = j.flit_count_width;
  o["trace"] = j.trace;
  o["wave"] = j.wave;
  o["json"] = j.json;
  o["quiet"] = j.quiet;
  return writeJobFile(JobKind::kWormholeMesh, o);
}

MeshJob parseMeshJob(const JobFile& file) {
  const Json& o = jobBody(file, JobKind::kWormholeMesh);
  job::onlyKeys(o, JobKind::kWormholeMesh,
                {"extents",    "source",           "algorithm",     "steps",         "flits",
                 "depth",      "heads_width",      "payload_width", "seed",          "engine",
                 "rtl_model",  "rom_dir",          "roms",          "rom_word_bits", "coord_width",
                 "step_width", "flit_count_width", "trace",         "wave",          "json",
                 "quiet"});
  MeshJob j;
  j.extents = job::integers(job::at(o, "extents"), "extents", 2, 1 << 20);
  if (j.extents.empty() || j.extents.size() > 8) {
    throw Error("job file: 'extents' must hold 1 to 8 sides");
  }
  uint64_t n = 1;
  for (int e : j.extents) {
    n *= static_cast<uint64_t>(e);
    if (n > (uint64_t{1} << 20)) throw Error("job file: 'extents': more than 2^20 nodes");
  }
  j.schedule.extents = j.extents;
  j.schedule.source =
      static_cast<uint32_t>(smallInt(job::at(o, "source"), "source", 0, static_cast<int>(n) - 1));
  j.schedule.algorithm = job::text(job::at(o, "algorithm"), "algorithm");
  for (const Json& st : job::list(job::at(o, "steps"), "steps")) {
    std::vector<WormholeMessage> msgs;
    for (const Json& m : job::list(st, "steps")) {
      if (!m.is_array() || m.size() != 2) {
        throw Error("job file: 'steps' messages must be [from, to], got " + m.dump());
      }
      const int hi = static_cast<int>(n) - 1;
      msgs.push_back({static_cast<uint32_t>(smallInt(m[0], "steps", 0, hi)),
                      static_cast<uint32_t>(smallInt(m[1], "steps", 0, hi))});
    }
    j.schedule.steps.push_back(msgs);
  }
  j.flits = smallInt(job::at(o, "flits"), "flits", 1, 255);
  j.depth = smallInt(job::at(o, "depth"), "depth", 2, 64);
  j.heads_width = smallInt(job::at(o, "heads_width"), "heads_width", 1, 32);
  j.payload_width = smallInt(job::at(o, "payload_width"), "payload_width", 1, 64);
  j.seed = job::unsignedInteger(job::at(o, "seed"), "seed", ~uint64_t{0});
  j.engine = job::text(job::at(o, "engine"), "engine");
  j.rtl_model = job::text(job::at(o, "rtl_model"), "rtl_model");
  j.rom_dir = job::text(job::at(o, "rom_dir"), "rom_dir");
  j.roms = job::texts(job::at(o, "roms"), "roms");
  j.rom_word_bits = smallInt(job::at(o, "rom_word_bits"), "rom_word_bits", 0, 64);
  j.coord_width = smallInt(job::at(o, "coord_width"), "coord_width", 1, 20);
  j.step_width = smallInt(job::at(o, "step_width"), "step_width", 1, 32);
  j.flit_count_width = smallInt(job::at(o, "flit_count_width"), "flit_count_width", 1, 32);
  j.trace = job::text(job::at(o, "trace"), "trace");
  j.wave = job::text(job::at(o, "wave"), "wave");
  j.json = job::flag(job::at(o, "json"), "json");
  if (const Json* v = job::optional(o, "quiet")) j.quiet = job::flag(*v, "quiet");
  if (j.engine != "systemc" && j.engine != "verilator" && j.engine != "cosim") {
    throw Error("job file: 'engine' must be systemc, verilator or cosim, got '" + j.engine + "'");
  }
  return j;
}

MeshJob parseMeshJob(const std::string& text) { return parseMeshJob(readJobFile(text)); }

}  // namespace hypercast
