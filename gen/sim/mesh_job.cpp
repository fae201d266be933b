#include "sim/mesh_job.h"

#include <nlohmann/json.hpp>

#include "util/error.h"

namespace hypercast {

using Json = nlohmann::ordered_json;

namespace {

int smallInt(const Json& v, const char* what, int lo, int hi) {
  if (!v.is_number_integer())
    throw Error(std::string("mesh job: ") + what + " must be a whole number");
  const int64_t x = v.get<int64_t>();
  if (x < lo || x > hi) throw Error(std::string("mesh job: ") + what + " out of range");
  return static_cast<int>(x);
}

}  // namespace

std::string serializeMeshJob(const MeshJob& j) {
  Json o;
  o["hypercast_mesh_job"] = 1;
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
  if (j.quiet) o["quiet"] = true;
  return o.dump(1) + "\n";
}

MeshJob parseMeshJob(const std::string& text) {
  MeshJob j;
  try {
    const Json o = Json::parse(text);
    if (!o.is_object() || o.value("hypercast_mesh_job", 0) != 1) {
      throw Error("not a hypercast mesh job");
    }
    for (const Json& e : o.at("extents")) j.extents.push_back(smallInt(e, "extents", 2, 1 << 20));
    if (j.extents.empty() || j.extents.size() > 8) throw Error("mesh job: extents");
    uint64_t n = 1;
    for (int e : j.extents) {
      n *= static_cast<uint64_t>(e);
      if (n > (uint64_t{1} << 20)) throw Error("mesh job: too many nodes");
    }
    j.schedule.extents = j.extents;
    j.schedule.source = static_cast<uint32_t>(smallInt(o.at("source"), "source", 0, 1 << 20));
    if (j.schedule.source >= n) throw Error("mesh job: source outside the mesh");
    j.schedule.algorithm = o.at("algorithm").get<std::string>();
    for (const Json& st : o.at("steps")) {
      std::vector<WormholeMessage> msgs;
      for (const Json& m : st) {
        const int from = smallInt(m.at(0), "message", 0, 1 << 20);
        const int to = smallInt(m.at(1), "message", 0, 1 << 20);
        if (static_cast<uint64_t>(from) >= n || static_cast<uint64_t>(to) >= n) {
          throw Error("mesh job: a message leaves the mesh");
        }
        msgs.push_back({static_cast<uint32_t>(from), static_cast<uint32_t>(to)});
      }
      j.schedule.steps.push_back(msgs);
    }
    j.flits = smallInt(o.at("flits"), "flits", 1, 255);
    j.depth = smallInt(o.at("depth"), "depth", 2, 64);
    j.heads_width = smallInt(o.at("heads_width"), "heads_width", 1, 32);
    j.payload_width = smallInt(o.at("payload_width"), "payload_width", 1, 64);
    j.seed = o.at("seed").get<uint64_t>();
    j.engine = o.at("engine").get<std::string>();
    j.rtl_model = o.at("rtl_model").get<std::string>();
    j.rom_dir = o.at("rom_dir").get<std::string>();
    j.roms = o.at("roms").get<std::vector<std::string>>();
    j.rom_word_bits = smallInt(o.at("rom_word_bits"), "rom_word_bits", 0, 64);
    j.coord_width = smallInt(o.at("coord_width"), "coord_width", 1, 20);
    j.step_width = smallInt(o.at("step_width"), "step_width", 1, 32);
    j.flit_count_width = smallInt(o.at("flit_count_width"), "flit_count_width", 1, 32);
    j.trace = o.at("trace").get<std::string>();
    j.wave = o.at("wave").get<std::string>();
    j.json = o.at("json").get<bool>();
    if (o.contains("quiet")) j.quiet = o.at("quiet").get<bool>();
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("mesh job: ") + e.what());
  }
  if (j.engine != "systemc" && j.engine != "verilator" && j.engine != "cosim") {
    throw Error("mesh job: engine");
  }
  return j;
}

}  // namespace hypercast
