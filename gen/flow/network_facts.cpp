#include "flow/network_facts.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "algorithm/constructions.h"
#include "algorithm/regular_order.h"
#include "checker/network_links.h"
#include "emit/mesh_broadcast_report.h"
#include "emit/necklace_report.h"
#include "emit/regular_order_report.h"
#include "emit/text_table.h"
#include "topology/hypercycle.h"
#include "topology/torus_necklaces.h"
#include "util/error.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

namespace {

std::vector<std::string> splitList(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  size_t at = 0;
  for (size_t next; (next = s.find(sep, at)) != std::string::npos; at = next + sep.size()) {
    out.push_back(s.substr(at, next - at));
  }
  out.push_back(s.substr(at));
  return out;
}

// An option's value as JSON: an integer as a number, else a string.
nlohmann::ordered_json scalarValue(const std::string& v) {
  if (!v.empty() && v.size() < 19 &&
      std::all_of(v.begin() + (v[0] == '-' ? 1 : 0), v.end(),
                  [](char c) { return c >= '0' && c <= '9'; }) &&
      v != "-") {
    return std::stoll(v);
  }
  return v;
}

// A network's option (NetworkDesc::params, the text it was given as) as JSON:
// lists ("4,4", and the ones of one item) as arrays, generators ("1,0;0,1") as
// an array of arrays, integers as numbers.
nlohmann::ordered_json paramValue(const std::string& key, const std::string& v) {
  static const std::vector<std::string> lists = {"m", "rho", "dims", "group"};
  auto list = [](const std::string& text) {
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    for (const std::string& item : splitList(text, ",")) arr.push_back(scalarValue(item));
    return arr;
  };
  if (key == "gens" || v.find(';') != std::string::npos) {
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    for (const std::string& g : splitList(v, ";")) arr.push_back(list(g));
    return arr;
  }
  if (v.find(',') != std::string::npos ||
      std::find(lists.begin(), lists.end(), key) != lists.end()) {
    return list(v);
  }
  return scalarValue(v);
}

// The hypercycle's own facts: per dimension m, rho, degree, D, a, k (eqs. 2-6),
// as a table whose columns are as wide as their widest entry.
void hypercycleFacts(const Hypercycle& h, nlohmann::ordered_json& j, std::ostream& text) {
  nlohmann::ordered_json dims = nlohmann::ordered_json::array();
  const std::vector<std::string> header = {"dim", "m", "rho", "degree", "D", "a", "k", "weight"};
  std::vector<std::vector<std::string>> rows = {header};
  for (int i = h.dims(); i >= 1; --i) {
    const Dimension& d = h.dim(i);
    dims.push_back({{"dim", i},
                    {"m", d.m},
                    {"rho", d.rho},
                    {"degree", d.degree()},
                    {"D", d.diameter()},
                    {"a", d.a()},
                    {"k", d.k()},
                    {"weight", h.weight(i)}});
    rows.push_back({std::to_string(i), std::to_string(d.m), std::to_string(d.rho),
                    std::to_string(d.degree()), std::to_string(d.diameter()), std::to_string(d.a()),
                    std::to_string(d.k()), std::to_string(h.weight(i))});
  }
  writeTextTable(text, rows);
  j["dimensions"] = dims;
}

// The diameter from each network's own definition: the hypercycle's eq. (4), the
// d-cube's d, MT(n,k)'s n floor(k/2), the mesh's sum of (extent - 1); a Cayley
// graph's by BFS from node 0 (every Cayley graph is vertex-transitive).
long long diameterOf(const NetworkDesc& net, const std::optional<Hypercycle>& h) {
  if (net.kind == NetworkDesc::Kind::kMesh) {
    long long diameter = 0;
    for (int x : net.radices) diameter += x - 1;
    return diameter;
  }
  if (h) return h->diameter();
  if (net.isBinaryHypercube()) return net.hypercubeDim();
  if (net.isTorus()) return static_cast<long long>(net.radices.size()) * (net.radices[0] / 2);
  return checker::NetworkLinks(net).eccentricity(0);
}

}  // namespace

InfoRequest readInfoRequest(const Params& a) {
  InfoRequest r;
  r.topology = &chosenTopology(a.params());
  r.network = a.params();
  r.necklaces = a.has("necklaces");
  r.regular_order = a.has("regular-order");
  r.eyes = a.has("eyes");
  r.json = a.has("json");
  const Topology& topo = *r.topology;
  if (r.necklaces && !topo.necklaces) {
    throw Error("--necklaces lists a torus's necklaces (--topology torus), not a " + topo.name +
                "'s");
  }
  if (r.eyes && topo.kind != NetworkDesc::Kind::kMesh) {
    throw Error("--eyes lists a mesh's eyes (--topology mesh), not a " + topo.name + "'s");
  }
  return r;
}

CommandReport networkFactsReport(const InfoRequest& r) {
  const Topology& topo = *r.topology;
  const NetworkDesc net = topo.parse(r.network);
  // The hypercycle's own facts come from its class (eqs. 2-6).
  const std::optional<Hypercycle> h =
      net.isHypercycle() ? std::optional<Hypercycle>(Hypercycle::of(net)) : std::nullopt;
  const long long diameter = diameterOf(net, h);
  const uint64_t n = net.nodes();
  const int degree = net.ports();
  // What the network's definition gives in figures; its parameters at top level.
  nlohmann::ordered_json j;
  j["figures"] = {{"nodes", n}, {"ports", net.ports()}, {"degree", degree}, {"diameter", diameter}};
  for (const auto& kv : net.params) j[kv.first] = paramValue(kv.first, kv.second);
  j["directed"] = net.directed();
  j["collectives"] = splitList(collectiveNames(constructionsOf(topo)), ", ");
  std::ostringstream facts;
  if (h) {
    j["m"] = nlohmann::json::parse("[" + h->mList() + "]");
    j["rho"] = nlohmann::json::parse("[" + h->rhoList() + "]");
    hypercycleFacts(*h, j, facts);
  } else if (net.kind == NetworkDesc::Kind::kCayley) {
    j["group"] = std::vector<int>(net.radices.rbegin(), net.radices.rend());
    std::vector<std::vector<int>> gens;
    for (const auto& g : net.gens) gens.emplace_back(g.rbegin(), g.rend());
    j["generators"] = gens;
    facts << "group     Z_" << net.radices.back();
    for (size_t i = net.radices.size() - 1; i-- > 0;) facts << " x Z_" << net.radices[i];
    facts << " (first coordinate most significant)\ngenerators";
    for (size_t p = 0; p < gens.size(); ++p) {
      facts << (p ? ", " : " ") << "port " << p << " (";
      for (size_t i = 0; i < gens[p].size(); ++i) facts << (i ? "," : "") << gens[p][i];
      facts << ")";
    }
    facts << "\n";
    if (r.necklaces) {
      if (n > (uint64_t{1} << 20)) {
        throw Error("--necklaces lists networks of at most 1048576 nodes; " + net.label + " has " +
                    std::to_string(n));
      }
      const TorusLabels t(static_cast<int>(net.radices.size()), net.radices.front());
      writeNecklaceReport(t, j, facts);
    }
  } else {
    j["extents"] = net.radices;
    facts << "mesh      node = x + X*y + X*Y*z; ports +x,-x,+y,-y,...; boundary ports absent\n";
    if (r.eyes) writeEyeReport(meshCube(net.radices), j, facts);
  }
  if (r.regular_order) {
    if (net.kind != NetworkDesc::Kind::kCayley) {
      throw Error("--regular-order needs a Cayley graph; a mesh is not one");
    }
    if (n > (uint64_t{1} << 16)) {
      throw Error("--regular-order searches networks of at most 65536 nodes; " + net.label +
                  " has " + std::to_string(n));
    }
    writeRegularOrderReport(searchRegularOrder(PortGraph::build(net)), j, facts);
  }
  if (r.json) return jsonReport({"info", net.topology, net.label, "info", {}}, j);
  std::ostringstream lines;
  lines << net.topology << " " << net.label << "\n"
        << "nodes     " << n << "\n"
        << "degree    " << degree
        << (net.kind == NetworkDesc::Kind::kMesh ? " (at most; fewer on the boundary)" : "") << "\n"
        << "diameter  " << diameter << "\n"
        << "directed  " << (net.directed() ? "yes" : "no") << "\n"
        << "schedules " << collectiveNames(constructionsOf(topo)) << "\n"
        << facts.str();
  return textReport(lines.str());
}

}  // namespace flow
}  // namespace hypercast
