#include "checker/sccl_json.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "util/error.h"

namespace hypercast {
namespace checker {

namespace {

using Json = nlohmann::json;

const Json& field(const Json& o, const char* key, const std::string& where) {
  if (!o.is_object() || !o.contains(key)) throw Error(where + " has no \"" + key + "\"");
  return o.at(key);
}

void typed(const Json& o, const char* type, const std::string& where) {
  const Json& t = field(o, "msccl_type", where);
  if (!t.is_string() || t.get<std::string>() != type) {
    throw Error(where + " is not an msccl_type \"" + type + "\" object");
  }
}

uint64_t count(const Json& v, const std::string& what) {
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<int64_t>() >= 0)) {
    throw Error(what + " is not a whole number >= 0");
  }
  return v.get<uint64_t>();
}

std::vector<uint64_t> counts(const Json& v, const std::string& what) {
  if (!v.is_array()) throw Error(what + " is not a list");
  std::vector<uint64_t> out;
  out.reserve(v.size());
  for (const Json& x : v) out.push_back(count(x, what));
  return out;
}

std::string text(const Json& v, const std::string& what) {
  if (!v.is_string()) throw Error(what + " is not a string");
  return v.get<std::string>();
}

std::map<uint64_t, std::vector<uint64_t>> rankMap(const Json& v, const std::string& what) {
  if (!v.is_object()) throw Error(what + " is not an object");
  std::map<uint64_t, std::vector<uint64_t>> out;
  for (auto it = v.begin(); it != v.end(); ++it) {
    const std::string& k = it.key();
    if (k.empty() || k.find_first_not_of("0123456789") != std::string::npos) {
      throw Error(what + " has the key \"" + k + "\", not a rank");
    }
    std::vector<uint64_t> addrs = counts(it.value(), what + "[" + k + "]");
    std::sort(addrs.begin(), addrs.end());
    out[std::stoull(k)] = addrs;
  }
  return out;
}

}  // namespace

ScclAlgorithm readScclJson(const std::string& t) {
  Json j;
  try {
    j = Json::parse(t);
  } catch (const Json::exception& e) {
    throw Error(std::string("not JSON: ") + e.what());
  }
  ScclAlgorithm a;
  typed(j, "algorithm", "the document");
  a.name = text(field(j, "name", "algorithm"), "algorithm.name");
  const Json& inst = field(j, "instance", "algorithm");
  typed(inst, "instance", "algorithm.instance");
  a.instance_steps = count(field(inst, "steps", "instance"), "instance.steps");
  a.chunk_split = count(field(inst, "chunks", "instance"), "instance.chunks");
  for (const char* k : {"extra_rounds", "pipeline", "extra_memory", "allow_exchange"}) {
    field(inst, k, "instance");
  }
  if (a.chunk_split < 1) throw Error("instance.chunks is below 1");
  a.input_map = rankMap(field(j, "input_map", "algorithm"), "input_map");
  a.output_map = rankMap(field(j, "output_map", "algorithm"), "output_map");
  const Json& steps = field(j, "steps", "algorithm");
  if (!steps.is_array()) throw Error("algorithm.steps is not a list");
  for (size_t s = 0; s < steps.size(); ++s) {
    const std::string where = "steps[" + std::to_string(s) + "]";
    typed(steps[s], "step", where);
    a.rounds.push_back(count(field(steps[s], "rounds", where), where + ".rounds"));
    const Json& sends = field(steps[s], "sends", where);
    if (!sends.is_array()) throw Error(where + ".sends is not a list");
    std::vector<std::array<uint64_t, 3>> list;
    list.reserve(sends.size());
    for (const Json& x : sends) {
      const std::vector<uint64_t> v = counts(x, where + ".sends");
      if (v.size() != 3) throw Error(where + ".sends holds a send that is not [chunk, src, dst]");
      list.push_back({v[0], v[1], v[2]});
    }
    a.sends.push_back(std::move(list));
  }
  const Json& coll = field(j, "collective", "algorithm");
  typed(coll, "collective", "algorithm.collective");
  a.collective_name = text(field(coll, "name", "collective"), "collective.name");
  a.runtime_name = text(field(coll, "runtime_name", "collective"), "collective.runtime_name");
  a.nodes = count(field(coll, "nodes", "collective"), "collective.nodes");
  field(coll, "triggers", "collective");
  const Json& chunks = field(coll, "chunks", "collective");
  if (!chunks.is_array()) throw Error("collective.chunks is not a list");
  for (size_t c = 0; c < chunks.size(); ++c) {
    const std::string where = "collective.chunks[" + std::to_string(c) + "]";
    typed(chunks[c], "chunk", where);
    ScclChunk ch;
    ch.pre = counts(field(chunks[c], "pre", where), where + ".pre");
    ch.post = counts(field(chunks[c], "post", where), where + ".post");
    ch.addr = count(field(chunks[c], "addr", where), where + ".addr");
    std::sort(ch.pre.begin(), ch.pre.end());
    std::sort(ch.post.begin(), ch.post.end());
    a.chunks.push_back(std::move(ch));
  }
  const Json& topo = field(j, "topology", "algorithm");
  typed(topo, "topology", "algorithm.topology");
  a.topology_name = text(field(topo, "name", "topology"), "topology.name");
  field(topo, "switches", "topology");
  const Json& links = field(topo, "links", "topology");
  if (!links.is_array()) throw Error("topology.links is not a list");
  for (const Json& row : links) a.links.push_back(counts(row, "topology.links"));
  return a;
}

std::vector<std::string> checkScclAlgorithm(const ScclAlgorithm& a) {
  std::vector<std::string> e;
  const uint64_t n = a.nodes, split = a.chunk_split;
  auto add = [&](const std::string& s) {
    if (e.size() < 50) e.push_back(s);
  };
  if (a.links.size() != n)
    add("topology.links has " + std::to_string(a.links.size()) + " rows, not " + std::to_string(n));
  for (const auto& row : a.links) {
    if (row.size() != n) {
      add("a row of topology.links does not have one entry per rank");
      break;
    }
  }
  if (a.instance_steps != a.sends.size()) {
    add("instance.steps is " + std::to_string(a.instance_steps) + " but there are " +
        std::to_string(a.sends.size()) + " steps");
  }
  // chunk_up: chunk (c, i) has address addr(c) * split + i.
  std::unordered_map<uint64_t, uint64_t> at_address;  // address -> chunked chunk
  const uint64_t chunked = a.chunks.size() * split;
  std::map<uint64_t, std::vector<uint64_t>> in, out;
  for (uint64_t c = 0; c < a.chunks.size(); ++c) {
    const ScclChunk& ch = a.chunks[c];
    for (uint64_t r : ch.pre) {
      if (r >= n) add("a precondition names rank " + std::to_string(r));
    }
    for (uint64_t r : ch.post) {
      if (r >= n) add("a postcondition names rank " + std::to_string(r));
    }
    for (uint64_t i = 0; i < split; ++i) {
      const uint64_t addr = ch.addr * split + i;
      if (!at_address.emplace(addr, c * split + i).second) {
        add("two chunks share address " + std::to_string(addr) +
            " (a combining collective, which is not read here)");
      }
      for (uint64_t r : ch.pre) in[r].push_back(addr);
      for (uint64_t r : ch.post) out[r].push_back(addr);
    }
  }
  for (auto* m : {&in, &out}) {
    for (auto& [r, v] : *m) std::sort(v.begin(), v.end());
  }
  if (in != a.input_map) add("input_map is not the preconditions' addresses per rank");
  if (out != a.output_map) add("output_map is not the postconditions' addresses per rank");
  if (!e.empty()) return e;
  // check_implements, over (rank, chunked chunk).
  std::vector<uint8_t> state(n * chunked, 0);
  for (uint64_t c = 0; c < a.chunks.size(); ++c) {
    for (uint64_t r : a.chunks[c].pre) {
      for (uint64_t i = 0; i < split; ++i) state[r * chunked + c * split + i] = 1;
    }
  }
  for (size_t s = 0; s < a.sends.size(); ++s) {
    std::map<std::pair<uint64_t, uint64_t>, uint64_t> use;
    std::vector<uint64_t> gains;
    for (const auto& [addr, src, dst] : a.sends[s]) {
      auto it = at_address.find(addr);
      if (it == at_address.end() || src >= n || dst >= n) {
        add("step " + std::to_string(s) + ": send [" + std::to_string(addr) + ", " +
            std::to_string(src) + ", " + std::to_string(dst) + "] names no chunk or rank");
        continue;
      }
      ++use[{src, dst}];
      if (!state[src * chunked + it->second]) {
        add("step " + std::to_string(s) + ": rank " + std::to_string(src) + " sends chunk " +
            std::to_string(addr) + ", which it does not hold");
      }
      gains.push_back(dst * chunked + it->second);
    }
    for (uint64_t g : gains) state[g] = 1;
    for (const auto& [pair, k] : use) {
      const uint64_t cap = a.links[pair.second][pair.first] * a.rounds[s];
      if (k > cap) {
        add("step " + std::to_string(s) + " sends " + std::to_string(k) + " chunks from " +
            std::to_string(pair.first) + " to " + std::to_string(pair.second) +
            " over a bandwidth of " + std::to_string(cap));
      }
    }
  }
  for (uint64_t c = 0; c < a.chunks.size(); ++c) {
    for (uint64_t r : a.chunks[c].post) {
      for (uint64_t i = 0; i < split; ++i) {
        if (!state[r * chunked + c * split + i]) {
          add("rank " + std::to_string(r) + " does not get chunk " + std::to_string(c * split + i) +
              " as required by the postcondition");
        }
      }
    }
  }
  return e;
}

std::vector<Transfer> scclTransfers(const ScclAlgorithm& a) {
  std::unordered_map<uint64_t, std::pair<uint64_t, uint64_t>> at_address;  // -> (chunk, part)
  for (uint64_t c = 0; c < a.chunks.size(); ++c) {
    for (uint64_t i = 0; i < a.chunk_split; ++i) {
      at_address[a.chunks[c].addr * a.chunk_split + i] = {c, i};
    }
  }
  std::vector<Transfer> out;
  for (size_t s = 0; s < a.sends.size(); ++s) {
    for (const auto& [addr, src, dst] : a.sends[s]) {
      auto it = at_address.find(addr);
      if (it == at_address.end()) throw Error("a send names address " + std::to_string(addr));
      const ScclChunk& ch = a.chunks[it->second.first];
      if (ch.pre.size() != 1 || (ch.post.size() != 1 && ch.post.size() != a.nodes)) {
        throw Error("chunk " + std::to_string(it->second.first) +
                    " is not from one rank to one rank or to all");
      }
      Transfer t;
      t.step = static_cast<uint32_t>(s + 1);
      t.from = static_cast<uint32_t>(src);
      t.to = static_cast<uint32_t>(dst);
      t.origin = static_cast<uint32_t>(ch.pre[0]);
      t.dest = ch.post.size() == 1 && a.nodes != 1 ? static_cast<int32_t>(ch.post[0]) : kAllNodes;
      t.msg = static_cast<uint32_t>(it->second.second);
      out.push_back(t);
    }
  }
  return out;
}

}  // namespace checker
}  // namespace hypercast
