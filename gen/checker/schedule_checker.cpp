#include "checker/schedule_checker.h"

#include <algorithm>
#include <numeric>
#include <sstream>

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

std::string describe(const Transfer& t) {
  std::ostringstream os;
  os << "step " << t.step << " " << t.from << "->" << t.to << " packet (origin " << t.origin
     << ", dest " << t.dest << ")";
  return os.str();
}

}  // namespace

ScheduleReport checkSchedule(const CollectiveSpec& spec, const std::vector<Transfer>& transfers) {
  ScheduleReport r;
  Errors err(r);
  const int d = spec.dim;
  const uint64_t n = uint64_t{1} << d;
  const Collective c = spec.collective;
  const bool personal = c == Collective::kScatter || c == Collective::kTotalExchange;
  const bool rooted = c == Collective::kBroadcast || c == Collective::kScatter;
  r.nodes = n;
  if (rooted && spec.root >= n) {
    err.add("root " + std::to_string(spec.root) + " is not a node");
    err.finish();
    return r;
  }
  // The packets the collective moves, numbered here and nowhere else.
  uint64_t ids = 0;
  switch (c) {
    case Collective::kBroadcast:
      ids = 1, r.packets = 1;
      break;
    case Collective::kMultinodeBroadcast:
      ids = n, r.packets = n;
      break;
    case Collective::kScatter:
      ids = n, r.packets = n - 1;
      break;
    case Collective::kTotalExchange:
      ids = n * n, r.packets = n * (n - 1);
      break;
  }
  auto packetId = [&](const Transfer& t, uint64_t& id) {
    const bool bcast = t.dest == kAllNodes;
    if (t.origin >= n || (!bcast && (t.dest < 0 || uint64_t(t.dest) >= n))) return false;
    switch (c) {
      case Collective::kBroadcast:
        id = 0;
        return bcast && t.origin == spec.root;
      case Collective::kMultinodeBroadcast:
        id = t.origin;
        return bcast;
      case Collective::kScatter:
        id = uint64_t(t.dest);
        return !bcast && t.origin == spec.root && uint64_t(t.dest) != spec.root;
      case Collective::kTotalExchange:
        id = t.origin * n + uint64_t(t.dest);
        return !bcast && uint64_t(t.dest) != t.origin;
    }
    return false;
  };
  auto originOf = [&](uint64_t id) -> uint64_t {
    switch (c) {
      case Collective::kBroadcast:
      case Collective::kScatter:
        return spec.root;
      case Collective::kMultinodeBroadcast:
        return id;
      case Collective::kTotalExchange:
        return id / n;
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
  auto arrival = [&](uint64_t id, uint64_t node) -> uint32_t {
    if (node == originOf(id)) return 0;
    if (!personal) return dense[id * n + node];
    for (const auto& h : holders[id]) {
      if (h.first == node) return h.second;
    }
    return kNever;
  };

  std::vector<size_t> order(transfers.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return transfers[a].step < transfers[b].step; });
  std::vector<uint32_t> link_used(n * static_cast<uint64_t>(d), 0);
  for (size_t i : order) {
    const Transfer& t = transfers[i];
    ++r.transmissions;
    r.steps = std::max<uint64_t>(r.steps, t.step);
    const uint64_t diff = uint64_t{t.from} ^ t.to;
    if (t.from >= n || t.to >= n || diff == 0 || (diff & (diff - 1)) != 0) {
      err.add(describe(t) + ": not a link of the " + std::to_string(d) + "-cube");
      continue;
    }
    if (t.step < 1) {
      err.add(describe(t) + ": steps start at 1");
      continue;
    }
    uint64_t id = 0;
    if (!packetId(t, id)) {
      err.add(describe(t) + ": not a packet of the " + toString(c));
      continue;
    }
    const uint64_t link = uint64_t{t.from} * uint64_t(d) + uint64_t(__builtin_ctzll(diff));
    if (link_used[link] == t.step) {
      err.add(describe(t) + ": a second packet on link " + std::to_string(t.from) + "->" +
              std::to_string(t.to) + " in the same step");
    }
    link_used[link] = t.step;
    const uint32_t held = arrival(id, t.from);
    if (held == kNever || held >= t.step) {
      err.add(describe(t) + ": node " + std::to_string(t.from) +
              (held == kNever ? " never holds the packet"
                              : " sends it before holding it (it arrives in step " +
                                    std::to_string(held) + ")"));
    }
    if (arrival(id, t.to) != kNever) {
      err.add(describe(t) + ": node " + std::to_string(t.to) + " already holds the packet");
      continue;
    }
    if (personal) {
      holders[id].push_back({t.to, t.step});
    } else {
      dense[id * n + t.to] = t.step;
    }
  }
  // Every packet at every node it must reach.
  for (uint64_t id = 0; id < ids; ++id) {
    if (personal) {
      const uint64_t o = originOf(id), dst = c == Collective::kScatter ? id : id % n;
      if (o == dst) continue;
      if (arrival(id, dst) == kNever) {
        ++r.missing;
        err.add("packet (origin " + std::to_string(o) + ", dest " + std::to_string(dst) +
                ") never reaches node " + std::to_string(dst));
      }
    } else {
      for (uint64_t x = 0; x < n; ++x) {
        if (arrival(id, x) == kNever) {
          ++r.missing;
          err.add("packet (origin " + std::to_string(originOf(id)) +
                  ", dest -1) never reaches node " + std::to_string(x));
        }
      }
    }
  }
  r.ok = err.finish();
  return r;
}

}  // namespace checker
}  // namespace hypercast
