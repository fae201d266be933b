#include "checker/mesh_broadcast_checker.h"

#include <algorithm>

#include "util/error.h"

namespace hypercast {
namespace checker {

namespace {

uint32_t ceilLog2(uint64_t n) {
  uint32_t s = 0;
  while ((uint64_t{1} << s) < n) ++s;
  return s;
}

std::vector<int> meshExtents(const NetworkDesc& net) {
  if (net.kind != NetworkDesc::Kind::kMesh) {
    throw Error("the wormhole broadcast checker takes a mesh; " + net.label + " is not one");
  }
  return net.radices;
}

std::string name(uint64_t x) { return std::to_string(x); }

}  // namespace

WormholeChecker::WormholeChecker(const NetworkDesc& net) : ext_(meshExtents(net)) {
  weight_.assign(ext_.size(), 1);
  for (size_t i = 1; i < ext_.size(); ++i) weight_[i] = weight_[i - 1] * uint64_t(ext_[i - 1]);
  nodes_ = weight_.back() * uint64_t(ext_.back());
  // The removed links, as the user named them (NetworkDesc::removed_links):
  // each (from, to) that is a mesh link, by the definition, marks its directed
  // link; any other pair is an error of every check.
  const size_t d = ext_.size();
  removed_.assign(nodes_ * 2 * d, false);
  for (const auto& l : net.removed_links) {
    const uint64_t x = l.first, y = l.second;
    bool marked = false;
    for (size_t dim = 0; dim < d && x < nodes_ && y < nodes_; ++dim) {
      const uint64_t e = uint64_t(ext_[dim]);
      const uint64_t cx = x / weight_[dim] % e, cy = y / weight_[dim] % e;
      if (cx + 1 != cy && cy + 1 != cx) continue;
      if ((cy > cx ? y - x : x - y) != weight_[dim]) continue;  // other coordinates differ
      removed_[(x * d + dim) * 2 + (cy > cx ? 0 : 1)] = true;
      marked = true;
    }
    if (!marked) {
      bad_removed_.push_back("the network removes " + name(x) + " -> " + name(y) +
                             ", which is not a link of the mesh");
    }
  }
}

WormholeReport WormholeChecker::check(uint32_t source, const WormholeSchedule& s) {
  const size_t d = ext_.size();
  WormholeReport r;
  r.nodes = nodes_;
  r.optimal_steps = ceilLog2(r.nodes);
  r.steps = static_cast<uint32_t>(s.steps.size());
  auto fail = [&](const std::string& e) {
    if (r.errors.size() < 20) r.errors.push_back(e);
  };
  if (source >= r.nodes) {
    fail("the source " + name(source) + " is not a node");
    return r;
  }
  received_.assign(r.nodes, -1);
  sent_in_.assign(r.nodes, 0);
  got_in_.assign(r.nodes, 0);
  link_step_.assign(r.nodes * 2 * d, 0);
  link_msg_.assign(r.nodes * 2 * d, 0);
  received_[source] = 0;
  r.reached = 1;
  for (const std::string& e : bad_removed_) fail(e);
  for (size_t t = 0; t < s.steps.size(); ++t) {
    const int64_t step = static_cast<int64_t>(t) + 1;
    const auto& msgs = s.steps[t];
    for (size_t i = 0; i < msgs.size(); ++i) {
      const uint64_t a = msgs[i].from, b = msgs[i].to;
      const auto what = [&] { return "step " + name(step) + ": " + name(a) + " -> " + name(b); };
      ++r.messages;
      if (a >= r.nodes || b >= r.nodes || a == b) {
        fail(what() + " does not join two nodes of the mesh");
        continue;
      }
      if (sent_in_[a] == step) fail(what() + ": node " + name(a) + " sends twice in one step");
      if (got_in_[b] == step) fail(what() + ": node " + name(b) + " receives twice in one step");
      sent_in_[a] = step;
      got_in_[b] = step;
      if (received_[a] < 0 || received_[a] >= step) {
        fail(what() + ": node " + name(a) + " sends before it holds the message");
      }
      // The dimension-ordered path, link by link: x first, then y, then z, ...
      uint64_t x = a;
      for (size_t dim = 0; dim < d; ++dim) {
        const int64_t from_c = static_cast<int64_t>(x / weight_[dim] % uint64_t(ext_[dim]));
        const int64_t to_c = static_cast<int64_t>(b / weight_[dim] % uint64_t(ext_[dim]));
        const bool up = to_c > from_c;
        for (int64_t c = from_c; c != to_c; c += up ? 1 : -1) {
          const uint64_t y = up ? x + weight_[dim] : x - weight_[dim];
          const size_t link = (x * d + dim) * 2 + (up ? 0 : 1);
          if (link_step_[link] == step) {
            const auto& other = msgs[link_msg_[link]];
            fail(what() + " and " + name(other.from) + " -> " + name(other.to) +
                 " share the link " + name(x) + " -> " + name(y));
          }
          if (removed_[link]) {
            fail(what() + " crosses the link " + name(x) + " -> " + name(y) +
                 ", which is removed from the network");
          }
          link_step_[link] = step;
          link_msg_[link] = static_cast<uint32_t>(i);
          x = y;
          ++r.tcd;
        }
      }
    }
    // A node that receives in step t sends from step t + 1 on.
    for (const auto& m : msgs) {
      if (m.from >= r.nodes || m.to >= r.nodes || m.from == m.to) continue;
      if (received_[m.to] >= 0) {
        fail("step " + name(step) + ": node " + name(m.to) + " receives the message again");
      } else {
        received_[m.to] = step;
        ++r.reached;
      }
    }
  }
  for (uint64_t x = 0; x < r.nodes; ++x) {
    if (received_[x] < 0) fail("node " + name(x) + " never receives the message");
  }
  if (r.reached == r.nodes && r.steps != r.optimal_steps) {
    fail("the broadcast takes " + name(r.steps) + " steps, not the optimal " +
         name(r.optimal_steps) + " (ceil(log2 N))");
  }
  r.ok = r.errors.empty();
  return r;
}

WormholeReport checkWormholeBroadcast(const NetworkDesc& net, uint32_t source,
                                      const WormholeSchedule& s) {
  return WormholeChecker(net).check(source, s);
}

int64_t wormholeTcdLowerBound(const NetworkDesc& net, uint32_t source) {
  const std::vector<int> ext = meshExtents(net);
  uint64_t nodes = 1;
  int64_t ecc = 0;
  uint64_t x = source;
  for (int e : ext) {
    const int64_t c = static_cast<int64_t>(x % static_cast<uint64_t>(e));
    x /= static_cast<uint64_t>(e);
    ecc += std::max<int64_t>(c, e - 1 - c);
    nodes *= static_cast<uint64_t>(e);
  }
  const int64_t steps = static_cast<int64_t>(ceilLog2(nodes));
  return static_cast<int64_t>(nodes) - 1 + std::max<int64_t>(0, ecc - steps);
}

}  // namespace checker
}  // namespace hypercast
