#include "checker/network_links.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>

#include "util/error.h"
#include "util/parse_number.h"

namespace hypercast {
namespace checker {

namespace {

const std::string& param(const NetworkDesc& net, const std::string& key) {
  for (const auto& kv : net.params) {
    if (kv.first == key) return kv.second;
  }
  throw Error("'" + net.label + "' (" + net.topology + ") has no parameter '" + key +
              "': the checker cannot define its links");
}

bool hasParam(const NetworkDesc& net, const std::string& key) {
  for (const auto& kv : net.params) {
    if (kv.first == key) return true;
  }
  return false;
}

// Parameter `key` as "8,6,5" -> {8, 6, 5} (Error if it is not such a list).
std::vector<int> numbers(const NetworkDesc& net, const std::string& key) {
  return parseIntList("the network's parameter '" + key + "'", param(net, key));
}

// Parameter `key` as one whole number.
int wholeNumber(const NetworkDesc& net, const std::string& key) {
  const std::vector<int> v = numbers(net, key);
  if (v.size() != 1) throw Error("the network's parameter '" + key + "' is not one number");
  return v[0];
}

std::vector<int> reversed(std::vector<int> v) {
  std::reverse(v.begin(), v.end());
  return v;
}

// The unit vector times s in digit i of n digits.
std::vector<int> unit(size_t n, size_t i, int s) {
  std::vector<int> g(n, 0);
  g[i] = s;
  return g;
}

}  // namespace

// A Cayley network's generators (digit 0 first) from its topology's definition
// and parameters; see network_links.h.
void NetworkLinks::definedCayley(const NetworkDesc& net, std::vector<std::vector<int>>* gens,
                                 bool* defined) {
  // The node numbering the parameters define must be the network's before
  // any generator is made (a hostile job file's parameters stay small).
  auto numbering = [&net](const std::vector<int>& radix) {
    if (radix != net.radices) {
      throw Error("'" + net.label + "' (" + net.topology +
                  "): its node numbering is not the one its parameters define");
    }
    return radix;
  };
  auto repeated = [](int count, int value) {
    return std::vector<int>(static_cast<size_t>(std::max(count, 0)), value);
  };
  std::vector<int> radix;  // digit 0 first
  if (net.isBinaryHypercube()) {
    radix = numbering(repeated(wholeNumber(net, "dim"), 2));
    for (size_t i = 0; i < radix.size(); ++i) gens->push_back(unit(radix.size(), i, 1));
  } else if (net.isTorus()) {
    radix = numbering(repeated(wholeNumber(net, "n"), wholeNumber(net, "k")));
    for (size_t i = 0; i < radix.size(); ++i) {
      for (int s : {1, -1}) gens->push_back(unit(radix.size(), i, s));
    }
  } else if (net.isHypercycle()) {
    radix = numbering(reversed(numbers(net, "m")));
    const std::vector<int> rho = reversed(numbers(net, "rho"));
    if (rho.size() != radix.size()) throw Error("'" + net.label + "': m and rho differ in length");
    for (size_t i = 0; i < radix.size(); ++i) {
      for (int s = 1; s <= rho[i] && s < radix[i]; ++s) {
        gens->push_back(unit(radix.size(), i, s));
        gens->push_back(unit(radix.size(), i, -s));
      }
    }
  } else if (hasParam(net, "group") && hasParam(net, "gens")) {
    radix = numbering(reversed(numbers(net, "group")));
    std::stringstream ss(param(net, "gens"));
    for (std::string g; std::getline(ss, g, ';');) {
      gens->push_back(reversed(parseIntList("the network's parameter 'gens'", g)));
    }
    for (const auto& g : *gens) {
      if (g.size() != radix.size()) throw Error("'" + net.label + "': a generator's length");
    }
  } else {
    radix = net.radices;
    *gens = net.gens;
    *defined = false;
  }
}

NetworkLinks::NetworkLinks(const NetworkDesc& net)
    : mesh_(net.kind == NetworkDesc::Kind::kMesh),
      graph_(net.kind == NetworkDesc::Kind::kGraph),
      radix_(net.radices) {
  for (int m : radix_) nodes_ *= static_cast<uint64_t>(m);
  for (const auto& r : net.removed_links) removed_.emplace(r.first, r.second);
  if (graph_) {
    graph_succ_.resize(nodes_);
    for (const GraphLink& l : net.links) {
      if (l.from >= nodes_ || l.to >= nodes_ || removed_.count({l.from, l.to})) continue;
      if (graph_links_.emplace(l.from, l.to).second) graph_succ_[l.from].push_back(l.to);
    }
  }
  if (net.kind != NetworkDesc::Kind::kCayley) return;
  std::vector<std::vector<int>> gens;  // digit 0 first
  definedCayley(net, &gens, &from_definition_);
  for (const auto& g : gens) {
    std::vector<int> n(g.size());
    for (size_t i = 0; i < g.size(); ++i) n[i] = ((g[i] % radix_[i]) + radix_[i]) % radix_[i];
    generators_.insert(n);
  }
}

std::vector<int> NetworkLinks::coords(uint64_t x) const {
  std::vector<int> c;
  for (int m : radix_) {
    c.push_back(static_cast<int>(x % static_cast<uint64_t>(m)));
    x /= static_cast<uint64_t>(m);
  }
  return c;
}

uint64_t NetworkLinks::number(const std::vector<int>& c) const {
  uint64_t x = 0, w = 1;
  for (size_t i = 0; i < radix_.size(); ++i) {
    x += static_cast<uint64_t>(c[i]) * w;
    w *= static_cast<uint64_t>(radix_[i]);
  }
  return x;
}

bool NetworkLinks::linked(uint64_t x, uint64_t y) const {
  if (x >= nodes_ || y >= nodes_ || x == y) return false;
  if (removed_.count({x, y})) return false;
  if (graph_) return graph_links_.count({x, y}) != 0;
  const std::vector<int> a = coords(x), b = coords(y);
  if (mesh_) {
    int differ = 0, dist = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      differ += a[i] != b[i];
      dist += std::abs(a[i] - b[i]);
    }
    return differ == 1 && dist == 1;
  }
  std::vector<int> diff(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    diff[i] = ((b[i] - a[i]) % radix_[i] + radix_[i]) % radix_[i];
  return generators_.count(diff) != 0;
}

std::vector<uint64_t> NetworkLinks::successors(uint64_t x) const {
  if (graph_) return graph_succ_[x];
  std::vector<uint64_t> out = allSuccessors(x);
  if (removed_.empty()) return out;
  std::vector<uint64_t> kept;
  for (uint64_t y : out) {
    if (!removed_.count({x, y})) kept.push_back(y);
  }
  return kept;
}

std::vector<uint64_t> NetworkLinks::allSuccessors(uint64_t x) const {
  std::vector<uint64_t> out;
  const std::vector<int> a = coords(x);
  if (mesh_) {
    for (size_t i = 0; i < a.size(); ++i) {
      for (int s : {-1, 1}) {
        std::vector<int> b = a;
        b[i] += s;
        if (b[i] >= 0 && b[i] < radix_[i]) out.push_back(number(b));
      }
    }
    return out;
  }
  for (const auto& g : generators_) {
    std::vector<int> b = a;
    for (size_t i = 0; i < b.size(); ++i) b[i] = (b[i] + g[i]) % radix_[i];
    out.push_back(number(b));
  }
  return out;
}

int NetworkLinks::eccentricity(uint64_t x) const {
  std::vector<int> dist(nodes_, -1);
  std::vector<uint64_t> queue = {x};
  dist[x] = 0;
  int far = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const uint64_t u = queue[head];
    for (uint64_t v : successors(u)) {
      if (dist[v] >= 0) continue;
      dist[v] = dist[u] + 1;
      far = dist[v];
      queue.push_back(v);
    }
  }
  return queue.size() == nodes_ ? far : -1;
}

std::vector<int> NetworkLinks::distances(uint64_t x) const {
  std::vector<int> dist(nodes_, -1);
  std::vector<uint64_t> queue = {x};
  dist[x] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    for (uint64_t v : successors(queue[head])) {
      if (dist[v] >= 0) continue;
      dist[v] = dist[queue[head]] + 1;
      queue.push_back(v);
    }
  }
  return dist;
}

}  // namespace checker
}  // namespace hypercast
