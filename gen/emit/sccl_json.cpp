#include "emit/sccl_json.h"

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <vector>

#include "util/json_text.h"

namespace hypercast {

namespace {

using Json = nlohmann::ordered_json;

// SCCL's unchunked chunk of a packet (msccl/collectives.py): allgather chunk =
// origin, alltoall chunk = dest N + origin, scatter chunk = dest, broadcast 0.
uint64_t scclChunk(Collective c, uint64_t n, uint32_t origin, int32_t dest) {
  switch (c) {
    case Collective::kMultinodeBroadcast:
      return origin;
    case Collective::kTotalExchange:
      return uint64_t(uint32_t(dest)) * n + origin;
    case Collective::kScatter:
      return uint32_t(dest);
    case Collective::kBroadcast:
      return 0;
  }
  return 0;
}

Json ranks(uint64_t from, uint64_t to) {
  Json a = Json::array();
  for (uint64_t r = from; r < to; ++r) a.push_back(r);
  return a;
}

}  // namespace

ScclJson emitScclJson(const Schedule& s, const PortGraph& g, const std::string& topology_name) {
  const std::string runtime = runtimeCollective(s.collective);
  const uint64_t n = s.nodes, m = s.messages;
  const std::string ns = std::to_string(n), root = std::to_string(s.root);

  // The collective, unchunked, and each rank's pre/postcondition addresses
  // after chunk_up(M).
  Json chunks = Json::array();
  std::vector<std::vector<uint64_t>> in(n), out(n);
  auto chunk = [&](uint64_t c, uint64_t pre, int64_t post) {  // post -1: every rank
    Json ch;
    ch["msccl_type"] = "chunk";
    ch["pre"] = ranks(pre, pre + 1);
    ch["post"] = post < 0 ? ranks(0, n) : ranks(uint64_t(post), uint64_t(post) + 1);
    ch["addr"] = c;
    chunks.push_back(std::move(ch));
    for (uint64_t k = 0; k < m; ++k) {
      in[pre].push_back(c * m + k);
      if (post >= 0) {
        out[uint64_t(post)].push_back(c * m + k);
      } else {
        for (uint64_t r = 0; r < n; ++r) out[r].push_back(c * m + k);
      }
    }
  };
  std::string name;
  switch (s.collective) {
    case Collective::kMultinodeBroadcast:
      name = "Allgather(n=" + ns + ")";
      for (uint64_t c = 0; c < n; ++c) chunk(c, c, -1);
      break;
    case Collective::kTotalExchange:
      name = "Alltoall(n=" + ns + ")";
      for (uint64_t c = 0; c < n * n; ++c) chunk(c, c % n, int64_t(c / n));
      break;
    case Collective::kScatter:
      name = "Scatter(n=" + ns + ",root=" + root + ")";
      for (uint64_t c = 0; c < n; ++c) chunk(c, s.root, int64_t(c));
      break;
    case Collective::kBroadcast:
      name = "Broadcast(n=" + ns + ",root=" + root + ")";
      chunk(0, s.root, -1);
      break;
  }

  std::vector<std::vector<std::array<uint64_t, 3>>> steps(s.steps);
  for (const Transfer& t : s.transfers) {
    const uint64_t addr = scclChunk(s.collective, n, t.origin, t.dest) * m + t.msg;
    steps.at(t.step - 1).push_back({addr, t.from, t.to});
  }
  ScclJson result;
  result.steps = s.steps;
  result.sends = s.transfers.size();

  std::string instance = "steps=" + std::to_string(s.steps);
  if (m > 1) instance += ",chunks=" + std::to_string(m);
  Json j;
  j["msccl_type"] = "algorithm";
  j["name"] = name + "-" + topology_name + "-" + instance;
  Json inst;
  inst["msccl_type"] = "instance";
  inst["steps"] = s.steps;
  inst["extra_rounds"] = 0;
  inst["chunks"] = m;
  inst["pipeline"] = nullptr;
  inst["extra_memory"] = nullptr;
  inst["allow_exchange"] = false;
  j["instance"] = std::move(inst);
  Json input_map = Json::object(), output_map = Json::object();
  for (uint64_t r = 0; r < n; ++r) {
    std::sort(in[r].begin(), in[r].end());
    std::sort(out[r].begin(), out[r].end());
    if (!in[r].empty()) input_map[std::to_string(r)] = in[r];
    if (!out[r].empty()) output_map[std::to_string(r)] = out[r];
  }
  j["input_map"] = std::move(input_map);
  j["output_map"] = std::move(output_map);
  Json js = Json::array();
  for (auto& step : steps) {
    std::sort(step.begin(), step.end());
    Json st;
    st["msccl_type"] = "step";
    st["rounds"] = 1;
    st["sends"] = step;
    js.push_back(std::move(st));
  }
  j["steps"] = std::move(js);
  Json coll;
  coll["msccl_type"] = "collective";
  coll["name"] = name;
  coll["nodes"] = n;
  coll["chunks"] = std::move(chunks);
  coll["triggers"] = Json::object();
  coll["runtime_name"] = runtime;
  j["collective"] = std::move(coll);
  std::vector<std::vector<uint32_t>> links(n, std::vector<uint32_t>(n, 0));
  for (uint64_t x = 0; x < n; ++x) {
    for (int p = 0; p < g.ports(); ++p) {
      const PortEnd e = g.drives(x, p);
      if (e.present()) ++links[e.node][x];
    }
  }
  Json topo;
  topo["msccl_type"] = "topology";
  topo["name"] = topology_name;
  topo["switches"] = Json::array();
  topo["links"] = links;
  j["topology"] = std::move(topo);
  result.text = jsonLine(j);
  result.text += '\n';
  return result;
}

}  // namespace hypercast
