#include "sim/mesh_job.h"

#include <nlohmann/json.hpp>

#include "util/error.h"

namespace hypercast {

using field::Json;

namespace {

// The body's `key`, a whole number in lo..hi.
int smallInt(const Json& body, const char* key, int lo, int hi) {
  return static_cast<int>(field::integer(body, key, lo, hi));
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
  field::onlyKeys(
      o, JobKind::kWormholeMesh,
      {"extents",    "source",           "algorithm",     "steps",         "flits",
       "depth",      "heads_width",      "payload_width", "seed",          "engine",
       "rtl_model",  "rom_dir",          "roms",          "rom_word_bits", "coord_width",
       "step_width", "flit_count_width", "trace",         "wave",          "json",
       "quiet"});
  MeshJob j;
  j.extents = field::integers(o, "extents", 2, 1 << 20);
  if (j.extents.empty() || j.extents.size() > 8) {
    throw Error("job file: 'extents' must hold 1 to 8 sides");
  }
  uint64_t n = 1;
  for (int e : j.extents) {
    n *= static_cast<uint64_t>(e);
    if (n > (uint64_t{1} << 20)) throw Error("job file: 'extents': more than 2^20 nodes");
  }
  j.schedule.extents = j.extents;
  j.schedule.source = static_cast<uint32_t>(smallInt(o, "source", 0, static_cast<int>(n) - 1));
  j.schedule.algorithm = field::text(o, "algorithm");
  for (const Json& st : field::list(o, "steps")) {
    std::vector<WormholeMessage> msgs;
    for (const Json& m : field::value::list(st, "steps")) {
      if (!m.is_array() || m.size() != 2) {
        throw Error("job file: 'steps' messages must be [from, to], got " + m.dump());
      }
      const int hi = static_cast<int>(n) - 1;
      msgs.push_back({static_cast<uint32_t>(field::value::integer(m[0], "steps", 0, hi)),
                      static_cast<uint32_t>(field::value::integer(m[1], "steps", 0, hi))});
    }
    j.schedule.steps.push_back(msgs);
  }
  j.flits = smallInt(o, "flits", 1, 255);
  j.depth = smallInt(o, "depth", 2, 64);
  j.heads_width = smallInt(o, "heads_width", 1, 32);
  j.payload_width = smallInt(o, "payload_width", 1, 64);
  j.seed = field::unsignedInteger(o, "seed", ~uint64_t{0});
  j.engine = field::text(o, "engine");
  j.rtl_model = field::text(o, "rtl_model");
  j.rom_dir = field::text(o, "rom_dir");
  j.roms = field::texts(o, "roms");
  j.rom_word_bits = smallInt(o, "rom_word_bits", 0, 64);
  j.coord_width = smallInt(o, "coord_width", 1, 20);
  j.step_width = smallInt(o, "step_width", 1, 32);
  j.flit_count_width = smallInt(o, "flit_count_width", 1, 32);
  j.trace = field::text(o, "trace");
  j.wave = field::text(o, "wave");
  j.json = field::flag(o, "json");
  if (const Json* v = field::optional(o, "quiet")) j.quiet = field::value::flag(*v, "quiet");
  if (j.engine != "systemc" && j.engine != "verilator" && j.engine != "cosim") {
    throw Error("job file: 'engine' must be systemc, verilator or cosim, got '" + j.engine + "'");
  }
  return j;
}

MeshJob parseMeshJob(const std::string& text) { return parseMeshJob(readJobFile(text)); }

}  // namespace hypercast
