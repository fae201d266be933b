#include "sim/sched_job.h"

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <type_traits>

#include "algorithm/step_clocks.h"
#include "util/error.h"

namespace hypercast {

using field::Json;

namespace {

// Whole numbers in int's range (field::integers; nlohmann's get<int> would
// convert a fraction or a number beyond int without a word, or, from a double
// beyond int, with undefined behaviour: the fuzzer's finding).
std::vector<int> integers(const Json& v, const char* what) {
  return field::value::integers(v, what, std::numeric_limits<int>::min(),
                                std::numeric_limits<int>::max());
}

Json netToJson(const NetworkDesc& n) {
  Json params = Json::object();
  for (const auto& kv : n.params) params[kv.first] = kv.second;
  Json j{{"kind", kindName(n.kind)}, {"topology", n.topology}, {"name", n.name},
         {"label", n.label},         {"radices", n.radices},   {"gens", n.gens},
         {"params", params}};
  if (n.kind == NetworkDesc::Kind::kGraph) {
    Json links = Json::array();
    for (const GraphLink& l : n.links) links.push_back({l.from, l.from_port, l.to, l.to_port});
    j["links"] = links;
    j["node_labels"] = n.node_labels;
    j["graph_ports"] = n.graph_ports;
    if (!n.switches.empty()) j["switches"] = n.switches;
  }
  if (!n.removed_links.empty()) j["removed_links"] = n.removed_links;
  return j;
}

NetworkDesc netFromJson(const Json& j) {
  NetworkDesc n;
  if (!parseKind(j.at("kind").get<std::string>(), &n.kind)) {
    throw Error("'kind' " + j.at("kind").dump() + " is not one of " + kindNames());
  }
  n.topology = j.at("topology").get<std::string>();
  n.name = j.at("name").get<std::string>();
  n.label = j.at("label").get<std::string>();
  n.radices = integers(j.at("radices"), "radices");
  const Json& gens = j.at("gens");
  if (!gens.is_array()) throw Error("'gens' must be a list");
  for (const Json& g : gens) n.gens.push_back(integers(g, "gens"));
  for (const auto& kv : j.at("params").items()) {
    n.params.emplace_back(kv.key(), kv.value().get<std::string>());
  }
  if (n.kind == NetworkDesc::Kind::kGraph) {
    n.graph_ports = static_cast<int>(field::integer(j, "graph_ports", 0, 1024));
    for (const Json& l : j.at("links")) {
      const std::vector<int> v = integers(l, "links");
      if (v.size() != 4 || v[0] < 0 || v[2] < 0 || v[1] < 0 || v[3] < 0 || v[1] >= n.graph_ports ||
          v[3] >= n.graph_ports) {
        throw Error("'links' entries are [from, port, to, port] within 'graph_ports'");
      }
      n.links.push_back({static_cast<uint32_t>(v[0]), v[1], static_cast<uint32_t>(v[2]), v[3]});
    }
    n.node_labels = field::texts(j, "node_labels");
    if (j.contains("switches")) {  // optional: the nodes without an endpoint
      for (int x : integers(j.at("switches"), "switches")) {
        if (x < 0 || (!n.switches.empty() && uint32_t(x) <= n.switches.back())) {
          throw Error("'switches' must be ascending node numbers");
        }
        n.switches.push_back(static_cast<uint32_t>(x));
      }
    }
  }
  if (j.contains("removed_links")) {
    for (const Json& l : j.at("removed_links")) {
      const std::vector<int> v = integers(l, "removed_links");
      if (v.size() != 2 || v[0] < 0 || v[1] < 0)
        throw Error("'removed_links' entries are [from, to]");
      n.removed_links.emplace_back(static_cast<uint32_t>(v[0]), static_cast<uint32_t>(v[1]));
    }
  }
  if (n.radices.empty()) throw Error("'radices' is empty");
  uint64_t nodes = 1;
  for (int m : n.radices) {
    if (m < 2) throw Error("'radices' holds a radix below 2");
    if (nodes > kMaxNetworkNodes / static_cast<uint64_t>(m)) {
      throw Error("more than " + std::to_string(kMaxNetworkNodes) + " nodes");
    }
    nodes *= static_cast<uint64_t>(m);
  }
  for (const GraphLink& l : n.links) {
    if (l.from >= nodes || l.to >= nodes) throw Error("'links' names a node outside the network");
  }
  if (!n.switches.empty() && n.switches.back() >= nodes) {
    throw Error("'switches' names a node outside the network");
  }
  for (const auto& r : n.removed_links) {
    if (r.first >= nodes || r.second >= nodes)
      throw Error("'removed_links' names a node outside the network");
  }
  for (const auto& g : n.gens) {
    if (g.size() != n.radices.size()) throw Error("'gens' holds a generator of the wrong length");
    for (size_t i = 0; i < g.size(); ++i) {
      if (g[i] < 0 || g[i] >= n.radices[i])
        throw Error("'gens' holds a coordinate outside its group");
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
    throw Error("network description: " + field::nested(e));
  } catch (const Error& e) {
    throw Error("network description: " + field::nested(e));
  }
}

std::string serializeSchedJob(const SchedJob& j) {
  Json o;
  o["network"] = netToJson(j.network);
  o["collective"] = {{"name", toString(j.problem.collective)},
                     {"nodes", j.problem.nodes},
                     {"root", j.problem.root},
                     {"messages", j.problem.messages}};
  o["steps"] = j.steps;
  o["clocks_per_step"] = j.clocks_per_step;
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
  o["quiet"] = j.quiet;
  o["construction"] = j.construction;
  o["group_store_and_forward"] = j.group_store_and_forward;
  o["links"] = toString(j.links);
  if (j.bound_known) {
    o["lower_bound"] = {{"steps", j.bound_steps}, {"transmissions", j.bound_transmissions}};
  }
  return writeJobFile(JobKind::kScheduleNetwork, o);
}

SchedJob parseSchedJob(const JobFile& file) {
  const Json& o = jobBody(file, JobKind::kScheduleNetwork);
  field::onlyKeys(
      o, JobKind::kScheduleNetwork,
      {"network",       "collective",    "steps",     "clocks_per_step", "schedule_csv",
       "ports_csv",     "engine",        "rtl_model", "rom_dir",         "roms",
       "rom_word_bits", "payload_width", "seed",      "trace",           "wave",
       "json",          "repeat",        "quiet",     "construction",    "group_store_and_forward",
       "links",         "lower_bound"});
  SchedJob j;
  const Json& network = field::at(o, "network");
  try {
    j.network = netFromJson(network);
  } catch (const nlohmann::json::exception& e) {
    throw Error("job file: 'network': " + field::nested(e));
  } catch (const Error& e) {  // the field helpers' own "job file: " once
    throw Error("job file: 'network': " + field::nested(e));
  }
  const Json& c = field::at(o, "collective");
  j.problem.collective = parseCollective(field::text(c, "name"));
  j.problem.nodes = field::unsignedInteger(c, "nodes", ~uint64_t{0});
  j.problem.root = static_cast<uint32_t>(field::integer(c, "root", 0, UINT32_MAX));
  j.problem.messages = static_cast<uint32_t>(field::integer(c, "messages", 1, UINT32_MAX));
  j.steps = static_cast<uint32_t>(field::integer(o, "steps", 0, UINT32_MAX));
  if (const Json* v = field::optional(o, "clocks_per_step")) {
    j.clocks_per_step =
        static_cast<uint32_t>(field::value::integer(*v, "clocks_per_step", 1, kMaxClocksPerStep));
  }
  j.schedule_csv = field::text(o, "schedule_csv");
  j.ports_csv = field::text(o, "ports_csv");
  j.engine = field::text(o, "engine");
  j.rtl_model = field::text(o, "rtl_model");
  j.rom_dir = field::text(o, "rom_dir");
  j.roms = field::texts(o, "roms");
  j.rom_word_bits =
      static_cast<int>(field::integer(o, "rom_word_bits", 0, std::numeric_limits<int>::max()));
  j.payload_width = static_cast<int>(field::integer(o, "payload_width", 1, 64));
  j.seed = field::unsignedInteger(o, "seed", ~uint64_t{0});
  j.trace = field::text(o, "trace");
  j.wave = field::text(o, "wave");
  j.json = field::flag(o, "json");
  j.repeat = field::integer(o, "repeat", 1, std::numeric_limits<int64_t>::max());
  if (const Json* v = field::optional(o, "quiet")) j.quiet = field::value::flag(*v, "quiet");
  j.construction = field::text(o, "construction");
  j.group_store_and_forward = field::flag(o, "group_store_and_forward");
  if (const Json* v = field::optional(o, "links"))
    j.links = parseLinkMode(field::value::text(*v, "links"));
  if (const Json* v = field::optional(o, "lower_bound")) {
    j.bound_known = true;
    j.bound_steps =
        field::value::unsignedInteger(field::at(*v, "steps"), "lower_bound", ~uint64_t{0});
    j.bound_transmissions =
        field::value::unsignedInteger(field::at(*v, "transmissions"), "lower_bound", ~uint64_t{0});
  }
  if (j.network.nodes() != j.problem.nodes) {
    throw Error("job file: 'nodes' " + std::to_string(j.problem.nodes) + " is not the network's " +
                std::to_string(j.network.nodes()));
  }
  if (j.problem.root >= j.problem.nodes) throw Error("job file: 'root' is outside the network");
  return j;
}

SchedJob parseSchedJob(const std::string& text) { return parseSchedJob(readJobFile(text)); }

}  // namespace hypercast
