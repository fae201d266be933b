#include "checker/schedule_checker.h"

#include <algorithm>
#include <numeric>
#include <sstream>
#include <unordered_map>

#include "checker/network_links.h"

namespace hypercast {
namespace checker {

namespace {

constexpr uint32_t kNever = ~0u;
constexpr size_t kMaxErrors = 10;

class Errors {
 public:
  explicit Errors(ScheduleReport& r) : r_(r) {}
  void add(const std::string& e) {
    if (r_.errors.size() < kMaxErrors) r_.errors.push_back(e);
    ++count_;
  }
  // Closes the list; returns whether there were none.
  bool finish() {
    if (count_ > kMaxErrors) {
      r_.errors.push_back("... and " + std::to_string(count_ - kMaxErrors) + " more errors");
    }
    return count_ == 0;
  }

 private:
  ScheduleReport& r_;
  uint64_t count_ = 0;
};

// The collective's packets, written here from the definitions of Bertsekas et
// al., Sec. 1, apart from algorithm/collective_semantics.h (which the schedule
// builders, the ROM compiler and the harness use), so that a mistake there is
// not repeated here:
//   broadcast            the root's M packets, each for every node;
//   multinode-broadcast  every node's M packets, each for every node;
//   scatter              the root's M packets for each other node;
//   total-exchange       every node's M packets for each other node.
// On a network with switch nodes (NetworkDesc::switches) "node" reads
// "endpoint": switches originate nothing and need nothing; they may forward.
struct Packet {
  uint32_t origin = 0;
  int32_t dest = kAllNodes;
  uint32_t msg = 0;
};

Packet packetOf(const Transfer& t) { return Packet{t.origin, t.dest, t.msg}; }

// Broadcast and scatter start at the root alone; scatter and total exchange
// give every packet one destination.
bool rootedCollective(Collective c) {
  return c == Collective::kBroadcast || c == Collective::kScatter;
}
bool personalCollective(Collective c) {
  return c == Collective::kScatter || c == Collective::kTotalExchange;
}

// endpoint[x]: node x holds an endpoint.
bool isCollectivePacket(const CollectiveProblem& c, const std::vector<char>& endpoint,
                        const Packet& p) {
  const uint64_t n = c.nodes;
  if (p.origin >= n || p.msg >= c.messages || !endpoint[p.origin]) return false;
  const bool for_all = p.dest == kAllNodes;
  const bool for_other = p.dest >= 0 && uint64_t(p.dest) < n && uint32_t(p.dest) != p.origin &&
                         endpoint[static_cast<size_t>(p.dest)];
  switch (c.collective) {
    case Collective::kBroadcast:
      return p.origin == c.root && for_all;
    case Collective::kMultinodeBroadcast:
      return for_all;
    case Collective::kScatter:
      return p.origin == c.root && for_other;
    case Collective::kTotalExchange:
      return for_other;
  }
  return false;
}

// `n` endpoints.
uint64_t collectivePacketCount(const CollectiveProblem& c, uint64_t n) {
  const uint64_t m = c.messages;
  switch (c.collective) {
    case Collective::kBroadcast:
      return m;
    case Collective::kMultinodeBroadcast:
      return n * m;
    case Collective::kScatter:
      return (n - 1) * m;
    case Collective::kTotalExchange:
      return n * (n - 1) * m;
  }
  return 0;
}

// Calls f(p) for every packet node x must hold at the end that did not start
// there: every origin o (the root alone for broadcast and scatter) other than x,
// with dest x when packets are personalized, each of the M messages.
template <typename F>
void forEachPacketDueAt(const CollectiveProblem& c, const std::vector<char>& endpoint, uint64_t x,
                        F f) {
  if (!endpoint[x]) return;
  const bool rooted = rootedCollective(c.collective);
  const bool personal = personalCollective(c.collective);
  const uint64_t first = rooted ? c.root : 0, last = rooted ? c.root : c.nodes - 1;
  for (uint64_t o = first; o <= last; ++o) {
    if (o == x || !endpoint[o]) continue;
    for (uint32_t msg = 0; msg < c.messages; ++msg) {
      f(Packet{uint32_t(o), personal ? int32_t(x) : kAllNodes, msg});
    }
  }
}

std::string describe(const Transfer& t) {
  std::ostringstream os;
  os << "step " << t.step << " " << t.from << "->" << t.to << " packet (origin " << t.origin
     << ", dest " << t.dest;
  if (t.msg) os << ", msg " << t.msg;
  os << ")";
  return os.str();
}

}  // namespace

ScheduleReport checkSchedule(const CollectiveSpec& spec, const std::vector<Transfer>& transfers) {
  ScheduleReport r;
  Errors err(r);
  const NetworkLinks links(spec.network);
  const CollectiveProblem& c = spec.problem;
  const uint64_t n = links.nodes();
  const uint64_t m = c.messages;
  const bool personal = personalCollective(c.collective);
  r.nodes = n;
  if (c.nodes != n) {
    err.add("the collective is posed on " + std::to_string(c.nodes) + " nodes, the network has " +
            std::to_string(n));
    err.finish();
    return r;
  }
  const bool rooted = rootedCollective(c.collective);
  if (rooted && c.root >= n) {
    err.add("root " + std::to_string(c.root) + " is not a node");
    err.finish();
    return r;
  }
  if (m < 1) {
    err.add("a collective needs at least one message per pair");
    err.finish();
    return r;
  }
  std::vector<char> endpoint(n, 1);
  for (uint32_t x : spec.network.switches) {
    if (x < n) endpoint[x] = 0;
  }
  const uint64_t endpoints =
      static_cast<uint64_t>(std::count(endpoint.begin(), endpoint.end(), char{1}));
  if (rooted && !endpoint[c.root]) {
    err.add("root " + std::to_string(c.root) + " is a switch, not an endpoint");
    err.finish();
    return r;
  }
  r.packets = collectivePacketCount(c, endpoints);
  // The checker's own dense numbering of the packets.
  uint64_t ids = 0;
  switch (c.collective) {
    case Collective::kBroadcast:
      ids = m;
      break;
    case Collective::kMultinodeBroadcast:
    case Collective::kScatter:
      ids = n * m;
      break;
    case Collective::kTotalExchange:
      ids = n * n * m;
      break;
  }
  auto idOf = [&](const Packet& p) -> uint64_t {
    switch (c.collective) {
      case Collective::kBroadcast:
        return p.msg;
      case Collective::kMultinodeBroadcast:
        return uint64_t{p.origin} * m + p.msg;
      case Collective::kScatter:
        return uint64_t(p.dest) * m + p.msg;
      case Collective::kTotalExchange:
        return (uint64_t{p.origin} * n + uint64_t(p.dest)) * m + p.msg;
    }
    return 0;
  };

  // Arrival step of each packet at each node: dense for broadcast packets, a
  // short list of holders for personalized ones.
  std::vector<uint32_t> dense;
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> holders;
  if (personal) {
    holders.resize(ids);
  } else {
    dense.assign(ids * n, kNever);
  }
  auto arrival = [&](const Packet& p, uint64_t id, uint64_t node) -> uint32_t {
    if (node == p.origin) return 0;
    if (!personal) return dense[id * n + node];
    for (const auto& h : holders[id]) {
      if (h.first == node) return h.second;
    }
    return kNever;
  };

  // The checker's own successor table, from NetworkLinks' definitions: a
  // directed link is (from, slot), so a step's link use is one array entry.
  // Every node of a Cayley graph has one successor per generator; a mesh node
  // at most two per dimension.
  // A graph from a file, or a network with links removed, has as many as its
  // busiest node.
  size_t slots = std::max<size_t>(1, spec.network.kind == NetworkDesc::Kind::kMesh
                                         ? 2 * spec.network.radices.size()
                                         : links.successors(0).size());
  if (spec.network.kind == NetworkDesc::Kind::kGraph || !spec.network.removed_links.empty()) {
    for (uint64_t x = 0; x < n; ++x) slots = std::max(slots, links.successors(x).size());
  }
  std::vector<uint32_t> succ(n * slots, ~0u);  // flat: node x's successors at x * slots
  for (uint64_t x = 0; x < n; ++x) {
    const std::vector<uint64_t> s = links.successors(x);
    for (size_t j = 0; j < s.size() && j < slots; ++j) succ[x * slots + j] = uint32_t(s[j]);
  }
  auto linkIndex = [&](uint64_t from, uint64_t to) -> int64_t {
    if (from >= n || to >= n) return -1;
    for (size_t j = 0; j < slots; ++j) {
      if (succ[from * slots + j] == to) return static_cast<int64_t>(from * slots + j);
    }
    return -1;
  };
  std::vector<uint32_t> link_used(n * slots, kNever);  // last step each link carried a packet

  // Transfers in step order (as schedules are written; sorted here otherwise).
  std::vector<size_t> order;
  const bool sorted =
      std::is_sorted(transfers.begin(), transfers.end(),
                     [](const Transfer& a, const Transfer& b) { return a.step < b.step; });
  if (!sorted) {
    order.resize(transfers.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return transfers[a].step < transfers[b].step; });
  }
  for (size_t k = 0; k < transfers.size(); ++k) {
    const Transfer& t = transfers[sorted ? k : order[k]];
    ++r.transmissions;
    r.steps = std::max<uint64_t>(r.steps, t.step);
    const int64_t link = linkIndex(t.from, t.to);
    if (link < 0) {
      err.add(describe(t) + ": not a link of " + spec.network.label);
      continue;
    }
    if (t.step < 1) {
      err.add(describe(t) + ": steps start at 1");
      continue;
    }
    const Packet p = packetOf(t);
    if (!isCollectivePacket(c, endpoint, p)) {
      err.add(describe(t) + ": not a packet of the " + toString(c.collective));
      continue;
    }
    const uint64_t id = idOf(p);
    uint32_t& used = link_used[static_cast<size_t>(link)];
    if (used == t.step) {
      err.add(describe(t) + ": a second packet on link " + std::to_string(t.from) + "->" +
              std::to_string(t.to) + " in the same step");
    }
    used = t.step;
    if (spec.links == LinkMode::kHalfDuplex) {
      const int64_t back = linkIndex(t.to, t.from);
      if (back >= 0 && link_used[static_cast<size_t>(back)] == t.step) {
        err.add(describe(t) + ": half-duplex link " + std::to_string(std::min(t.from, t.to)) + "-" +
                std::to_string(std::max(t.from, t.to)) + " used both ways in step " +
                std::to_string(t.step));
      }
    }
    const uint32_t held = arrival(p, id, t.from);
    if (held == kNever || held >= t.step) {
      err.add(describe(t) + ": node " + std::to_string(t.from) +
              (held == kNever ? " never holds the packet"
                              : " sends it before holding it (it arrives in step " +
                                    std::to_string(held) + ")"));
    }
    if (arrival(p, id, t.to) != kNever) {
      err.add(describe(t) + ": node " + std::to_string(t.to) + " already holds the packet");
      continue;
    }
    if (personal) {
      holders[id].push_back({t.to, t.step});
    } else {
      dense[id * n + t.to] = t.step;
    }
  }
  // Store-and-forward by group: no message of (origin, dest) leaves a node
  // before the last of the group's messages that reach it has arrived.
  if (spec.group_store_and_forward && m > 1) {
    // The last arrival of each group at each node, then one look-up per send.
    auto groupAt = [&](const Transfer& t, uint64_t node) {
      return (uint64_t{t.origin} * (n + 1) + uint64_t(int64_t(t.dest) + 1)) * n + node;
    };
    auto valid = [&](const Transfer& t) {
      return t.from < n && t.to < n && t.origin < n && t.step >= 1 &&
             isCollectivePacket(c, endpoint, packetOf(t));
    };
    std::unordered_map<uint64_t, uint32_t> last;
    for (const Transfer& t : transfers) {
      if (!valid(t)) continue;
      uint32_t& l = last[groupAt(t, t.to)];
      l = std::max(l, t.step);
    }
    for (const Transfer& t : transfers) {
      if (!valid(t) || t.from == t.origin) continue;
      const auto it = last.find(groupAt(t, t.from));
      if (it != last.end() && it->second >= t.step) {
        err.add(describe(t) + ": node " + std::to_string(t.from) +
                " forwards the group before holding all of it (its last message arrives in step " +
                std::to_string(it->second) + ")");
      }
    }
  }
  // Every packet at every node it must reach.
  const bool ball = spec.within >= 0 && c.collective == Collective::kMultinodeBroadcast;
  for (uint64_t o = 0; ball && o < n; ++o) {
    const std::vector<int> dist = links.distances(o);
    for (uint64_t x = 0; x < n; ++x) {
      if (dist[x] <= 0 || dist[x] > spec.within) continue;
      for (uint32_t msg = 0; msg < m; ++msg) {
        const Packet p{static_cast<uint32_t>(o), kAllNodes, msg};
        if (arrival(p, idOf(p), x) == kNever) {
          ++r.missing;
          err.add("packet (origin " + std::to_string(o) + ", msg " + std::to_string(msg) +
                  ") never reaches node " + std::to_string(x) + " at distance " +
                  std::to_string(dist[x]));
        }
      }
    }
  }
  for (uint64_t x = 0; !ball && x < n; ++x) {
    forEachPacketDueAt(c, endpoint, x, [&](const Packet& p) {
      if (arrival(p, idOf(p), x) == kNever) {
        ++r.missing;
        err.add("packet (origin " + std::to_string(p.origin) + ", dest " + std::to_string(p.dest) +
                ", msg " + std::to_string(p.msg) + ") never reaches node " + std::to_string(x));
      }
    });
  }
  r.ok = err.finish();
  return r;
}

}  // namespace checker
}  // namespace hypercast
