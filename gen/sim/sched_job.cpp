#include "sim/sched_job.h"

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "util/error.h"

namespace hypercast {

using Json = nlohmann::ordered_json;

namespace {

// A whole-number field: a JSON integer within T's range. (nlohmann's get<T>
// converts a fraction or an integer out of range without a word, or, from a
// double beyond T, with undefined behaviour: the fuzzer's finding.)
template <class T>
T integer(const Json& v, const char* what) {
  static_assert(std::is_integral<T>::value, "whole numbers only");
  constexpr uint64_t kMax = static_cast<uint64_t>(std::numeric_limits<T>::max());
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (u <= kMax) return static_cast<T>(u);
  } else if (v.is_number_integer()) {
    const int64_t s = v.get<int64_t>();
    const bool fits = s >= 0 ? static_cast<uint64_t>(s) <= kMax
                             : std::is_signed<T>::value &&
                                   s >= static_cast<int64_t>(std::numeric_limits<T>::min());
    if (fits) return static_cast<T>(s);
  }
  throw Error(std::string(what) + " must be a whole number in range, got " + v.dump());
}

std::vector<int> integers(const Json& v, const char* what) {
  if (!v.is_array()) throw Error(std::string(what) + " must be a list");
  std::vector<int> out;
  for (const Json& x : v) out.push_back(integer<int>(x, what));
  return out;
}

Json netToJson(const NetworkDesc& n) {
  Json params = Json::object();
  for (const auto& kv : n.params) params[kv.first] = kv.second;
  return Json{{"kind", kindName(n.kind)}, {"topology", n.topology}, {"name", n.name},
              {"label", n.label},         {"radices", n.radices},   {"gens", n.gens},
              {"params", params}};
}

NetworkDesc netFromJson(const Json& j) {
  NetworkDesc n;
  const std::string kind = j.at("kind").get<std::string>();
  if (!parseKind(kind, &n.kind)) throw Error("network kind '" + kind + "'");
  n.topology = j.at("topology").get<std::string>();
  n.name = j.at("name").get<std::string>();
  n.label = j.at("label").get<std::string>();
  n.radices = integers(j.at("radices"), "radices");
  const Json& gens = j.at("gens");
  if (!gens.is_array()) throw Error("gens must be a list");
  for (const Json& g : gens) n.gens.push_back(integers(g, "gens"));
  for (const auto& kv : j.at("params").items()) {
    n.params.emplace_back(kv.key(), kv.value().get<std::string>());
  }
  if (n.radices.empty()) throw Error("network has no radices");
  uint64_t nodes = 1;
  for (int m : n.radices) {
    if (m < 2) throw Error("network radix below 2");
    if (nodes > kMaxNetworkNodes / static_cast<uint64_t>(m)) {
      throw Error("network of more than " + std::to_string(kMaxNetworkNodes) + " nodes");
    }
    nodes *= static_cast<uint64_t>(m);
  }
  for (const auto& g : n.gens) {
    if (g.size() != n.radices.size()) throw Error("generator of the wrong length");
    for (size_t i = 0; i < g.size(); ++i) {
      if (g[i] < 0 || g[i] >= n.radices[i]) throw Error("generator coordinate outside its group");
    }
  }
  return n;
}

}  // namespace

std::string networkDescJson(const NetworkDesc& net) { return netToJson(net).dump(); }

NetworkDesc networkDescFromJson(const std::string& text) {
  try {
    return netFromJson(Json::parse(text));
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("network description: ") + e.what());
  }
}

std::string serializeSchedJob(const SchedJob& j) {
  Json o;
  o["hypercast_sched_job"] = 1;
  o["network"] = netToJson(j.network);
  o["collective"] = {{"name", toString(j.problem.collective)},
                     {"nodes", j.problem.nodes},
                     {"root", j.problem.root},
                     {"messages", j.problem.messages}};
  o["steps"] = j.steps;
  o["schedule_csv"] = j.schedule_csv;
  o["ports_csv"] = j.ports_csv;
  o["engine"] = j.engine;
  o["rtl_model"] = j.rtl_model;
  o["rom_dir"] = j.rom_dir;
  o["roms"] = j.roms;
  o["rom_word_bits"] = j.rom_word_bits;
  o["payload_width"] = j.payload_width;
  o["seed"] = j.seed;
  o["trace"] = j.trace;
  o["wave"] = j.wave;
  o["json"] = j.json;
  o["repeat"] = j.repeat;
  if (j.quiet) o["quiet"] = true;
  o["construction"] = j.construction;
  o["group_store_and_forward"] = j.group_store_and_forward;
  o["links"] = toString(j.links);
  if (j.bound_known) {
    o["lower_bound"] = {{"steps", j.bound_steps}, {"transmissions", j.bound_transmissions}};
  }
  return o.dump(1) + "\n";
}

SchedJob parseSchedJob(const std::string& text) {
  SchedJob j;
  try {
    const Json o = Json::parse(text);
    if (!o.is_object() || !o.contains("hypercast_sched_job") || o.at("hypercast_sched_job") != 1) {
      throw Error("not a hypercast schedule job");
    }
    j.network = netFromJson(o.at("network"));
    const Json& c = o.at("collective");
    j.problem.collective = parseCollective(c.at("name").get<std::string>());
    j.problem.nodes = integer<uint64_t>(c.at("nodes"), "nodes");
    j.problem.root = integer<uint32_t>(c.at("root"), "root");
    j.problem.messages = integer<uint32_t>(c.at("messages"), "messages");
    j.steps = integer<uint32_t>(o.at("steps"), "steps");
    j.schedule_csv = o.at("schedule_csv").get<std::string>();
    j.ports_csv = o.at("ports_csv").get<std::string>();
    j.engine = o.at("engine").get<std::string>();
    j.rtl_model = o.at("rtl_model").get<std::string>();
    j.rom_dir = o.at("rom_dir").get<std::string>();
    j.roms = o.at("roms").get<std::vector<std::string>>();
    j.rom_word_bits = integer<int>(o.at("rom_word_bits"), "rom_word_bits");
    j.payload_width = integer<int>(o.at("payload_width"), "payload_width");
    j.seed = integer<uint64_t>(o.at("seed"), "seed");
    j.trace = o.at("trace").get<std::string>();
    j.wave = o.at("wave").get<std::string>();
    j.json = o.at("json").get<bool>();
    j.repeat = integer<int64_t>(o.at("repeat"), "repeat");
    if (o.contains("quiet")) j.quiet = o.at("quiet").get<bool>();
    j.construction = o.at("construction").get<std::string>();
    j.group_store_and_forward = o.at("group_store_and_forward").get<bool>();
    if (o.contains("links")) j.links = parseLinkMode(o.at("links").get<std::string>());
    if (o.contains("lower_bound")) {
      j.bound_known = true;
      j.bound_steps = integer<uint64_t>(o.at("lower_bound").at("steps"), "lower_bound steps");
      j.bound_transmissions =
          integer<uint64_t>(o.at("lower_bound").at("transmissions"), "lower_bound transmissions");
    }
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("schedule job: ") + e.what());
  }
  if (j.network.nodes() != j.problem.nodes) throw Error("schedule job: node counts disagree");
  if (j.problem.root >= j.problem.nodes) throw Error("schedule job: root outside the network");
  if (j.problem.messages < 1) throw Error("schedule job: messages must be at least 1");
  if (j.payload_width < 1 || j.payload_width > 64) throw Error("schedule job: payload width");
  if (j.repeat < 1) throw Error("schedule job: repeat must be at least 1");
  return j;
}

}  // namespace hypercast
