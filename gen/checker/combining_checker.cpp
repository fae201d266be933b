#include "checker/combining_checker.h"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "checker/network_links.h"
#include "util/error.h"

namespace hypercast {
namespace checker {

namespace {

// 128-bit integers for bounds beyond 64 bits (a GCC/Clang extension).
__extension__ typedef __int128 I128;
__extension__ typedef unsigned __int128 U128;

constexpr size_t kMaxErrors = 8;

void addError(CombiningReport& r, std::vector<std::string>& more, const std::string& e) {
  if (r.errors.size() < kMaxErrors) {
    r.errors.push_back(e);
  } else {
    more.push_back(e);
  }
}

void finish(CombiningReport& r, const std::vector<std::string>& more) {
  if (!more.empty()) r.errors.push_back("... and " + std::to_string(more.size()) + " more");
  r.ok = r.errors.empty();
}

// A set of nodes as bits.
class Bits {
 public:
  explicit Bits(uint64_t n = 0) : w_((n + 63) / 64, 0) {}
  void set(uint64_t i) { w_[i / 64] |= uint64_t{1} << (i % 64); }
  bool test(uint64_t i) const { return (w_[i / 64] >> (i % 64)) & 1u; }
  // Adds o; returns the first element both held, or ~0 if none.
  uint64_t addDisjoint(const Bits& o) {
    uint64_t first = ~uint64_t{0};
    for (size_t k = 0; k < w_.size(); ++k) {
      const uint64_t both = w_[k] & o.w_[k];
      if (both && first == ~uint64_t{0}) first = k * 64 + uint64_t(__builtin_ctzll(both));
      w_[k] |= o.w_[k];
    }
    return first;
  }
  uint64_t count() const {
    uint64_t c = 0;
    for (uint64_t w : w_) c += uint64_t(__builtin_popcountll(w));
    return c;
  }

 private:
  std::vector<uint64_t> w_;
};

std::string at(const CombiningTransfer& t) {
  return "step " + std::to_string(t.step) + ": " + std::to_string(t.from) + " -> " +
         std::to_string(t.to) + " (target " + std::to_string(t.target) + ")";
}

}  // namespace

CombiningReport checkAccumulation(const NetworkDesc& net,
                                  const std::vector<CombiningTransfer>& transfers,
                                  LinkMode link_mode) {
  CombiningReport r;
  std::vector<std::string> more;
  const NetworkLinks links(net);
  const uint64_t n = links.nodes();
  r.nodes = n;
  if (n > 4096) throw Error("the accumulation checker takes at most 4096 nodes");
  std::vector<size_t> idx;
  idx.reserve(transfers.size());
  for (size_t i = 0; i < transfers.size(); ++i) {
    const CombiningTransfer& t = transfers[i];
    if (t.step < 1 || t.from >= n || t.to >= n || t.target >= n) {
      addError(r, more, at(t) + ": step or node out of range");
      continue;
    }
    if (!links.linked(t.from, t.to)) {
      addError(r, more, at(t) + ": no link");
      continue;
    }
    idx.push_back(i);
    r.steps = std::max<uint64_t>(r.steps, t.step);
  }
  r.transmissions = idx.size();
  // One value per directed link per step; half-duplex: per link, either way.
  const bool hd = link_mode == LinkMode::kHalfDuplex;
  std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> use;
  use.reserve(idx.size());
  for (size_t i : idx) {
    const CombiningTransfer& t = transfers[i];
    use.emplace_back(t.step, hd ? std::min(t.from, t.to) : t.from,
                     hd ? std::max(t.from, t.to) : t.to);
  }
  std::sort(use.begin(), use.end());
  for (size_t i = 1; i < use.size(); ++i) {
    if (use[i] == use[i - 1]) {
      addError(r, more,
               "step " + std::to_string(std::get<0>(use[i])) + ": " +
                   (hd ? "half-duplex link " + std::to_string(std::get<1>(use[i])) + "-" +
                             std::to_string(std::get<2>(use[i])) + " carries two values"
                       : "link " + std::to_string(std::get<1>(use[i])) + " -> " +
                             std::to_string(std::get<2>(use[i])) + " carries two values"));
    }
  }
  // Target by target, step by step: the sets.
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    const CombiningTransfer &x = transfers[a], &y = transfers[b];
    return x.target != y.target ? x.target < y.target : x.step < y.step;
  });
  std::vector<Bits> held;
  std::vector<Bits> sent;
  size_t k = 0;
  for (uint64_t v = 0; v < n; ++v) {
    held.assign(n, Bits(n));
    for (uint64_t x = 0; x < n; ++x) held[x].set(x);
    while (k < idx.size() && transfers[idx[k]].target == v) {
      const uint32_t step = transfers[idx[k]].step;
      size_t e = k;
      while (e < idx.size() && transfers[idx[e]].target == v && transfers[idx[e]].step == step) {
        ++e;
      }
      sent.clear();  // what the senders held before this step
      for (size_t j = k; j < e; ++j) sent.push_back(held[transfers[idx[j]].from]);
      for (size_t j = k; j < e; ++j) {
        const CombiningTransfer& t = transfers[idx[j]];
        const uint64_t twice = held[t.to].addDisjoint(sent[j - k]);
        if (twice != ~uint64_t{0}) {
          ++r.double_counted;
          addError(r, more,
                   at(t) + ": counts node " + std::to_string(twice) +
                       "'s contribution twice at node " + std::to_string(t.to));
        }
      }
      k = e;
    }
    const uint64_t have = held[v].count();
    if (have < n) {
      r.missing += n - have;
      for (uint64_t u = 0; u < n; ++u) {
        if (!held[v].test(u)) {
          addError(r, more,
                   "node " + std::to_string(v) + "'s sum misses node " + std::to_string(u) +
                       "'s contribution");
        }
      }
    }
  }
  finish(r, more);
  return r;
}

CombiningReport checkGlobalSumPhases(const NetworkDesc& net, const std::vector<uint8_t>& phase) {
  CombiningReport r;
  std::vector<std::string> more;
  const NetworkLinks links(net);
  const uint64_t n = links.nodes();
  r.nodes = n;
  if (phase.size() != n) {
    addError(
        r, more,
        "the phases name " + std::to_string(phase.size()) + " nodes, not " + std::to_string(n));
  } else {
    for (uint64_t x = 0; x < n; ++x) {
      for (uint64_t y : links.successors(x)) {
        if (phase[x] == phase[y] && (x < y || !links.linked(y, x))) {
          addError(r, more,
                   "half-duplex link " + std::to_string(x) + "-" + std::to_string(y) +
                       " is driven from both ends in phase " + std::to_string(phase[x]));
        }
      }
    }
  }
  finish(r, more);
  return r;
}

CombiningReport checkGlobalSum(const NetworkDesc& net, const std::vector<int64_t>& constant,
                               const std::vector<bool>& uses_input, int64_t divisor, int width,
                               int input_bits) {
  CombiningReport r;
  std::vector<std::string> more;
  const NetworkLinks links(net);
  const uint64_t n = links.nodes();
  r.nodes = n;
  r.steps = constant.size();
  if (n > 1024) throw Error("the global-sum checker takes at most 1024 nodes");
  if (uses_input.size() != constant.size()) throw Error("global sum: constants and modes differ");
  if (width < 2 || width > 64 || input_bits < 2 || input_bits >= width) {
    throw Error("global sum: widths out of range");
  }
  std::vector<std::vector<uint64_t>> pred(n);
  for (uint64_t y = 0; y < n; ++y) {
    for (uint64_t x : links.successors(y)) pred[x].push_back(y);
  }
  // Coefficients: row x = node x's value as a combination of the inputs.
  using Row = std::vector<I128>;
  std::vector<Row> val(n, Row(n, 0)), next(n, Row(n, 0));
  for (uint64_t x = 0; x < n; ++x) val[x][x] = 1;
  const I128 big = static_cast<I128>(1) << 100;  // far beyond any width: stop
  const I128 in_max = static_cast<I128>(1) << (input_bits - 1);
  const I128 room = (static_cast<I128>(1) << (width - 1)) - 1;
  I128 worst = in_max;
  bool overflow = false;
  auto magnitude = [&](const Row& row) {
    I128 s = 0;
    for (I128 c : row) s += c < 0 ? -c : c;
    return s * in_max;
  };
  Row received(n), product(n);
  for (size_t t = 0; t < constant.size() && !overflow; ++t) {
    for (uint64_t x = 0; x < n; ++x) {
      std::fill(received.begin(), received.end(), 0);
      for (uint64_t y : pred[x]) {
        for (uint64_t u = 0; u < n; ++u) received[u] += val[y][u];
        r.transmissions += 1;
      }
      for (uint64_t u = 0; u < n; ++u) {
        product[u] =
            static_cast<I128>(constant[t]) * (uses_input[t] ? (u == x ? 1 : 0) : val[x][u]);
        next[x][u] = received[u] - product[u];
      }
      for (const Row* row : {&received, &product, &next[x]}) {
        const I128 m = magnitude(*row);
        worst = std::max(worst, m);
        if (m > big) overflow = true;
      }
    }
    std::swap(val, next);
  }
  if (overflow) {
    addError(r, more, "intermediate values exceed 100 bits");
  } else {
    r.max_magnitude =
        worst > static_cast<I128>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(worst);
    if (worst > room) {
      addError(r, more,
               "an intermediate value reaches magnitude " +
                   (worst > static_cast<I128>(INT64_MAX) ? std::string("beyond 2^63")
                                                         : std::to_string(int64_t(worst))) +
                   ", beyond the " + std::to_string(width) + "-bit accumulator");
    }
    // The checker's own divisor: node 0's coefficient on its own input. Every
    // node must end with that multiple of every input, and it must be non-zero
    // (constants that hold the degree d annihilate the sum: every node ends
    // with 0) and be the construction's.
    const I128 own = val[0][0];
    bool uniform = true;
    for (uint64_t x = 0; x < n && uniform; ++x) {
      for (uint64_t u = 0; u < n; ++u) {
        if (val[x][u] != own) {
          addError(r, more,
                   "node " + std::to_string(x) + " ends with " +
                       std::to_string(static_cast<long long>(val[x][u])) + " x_" +
                       std::to_string(u) + ", node 0 with " +
                       std::to_string(static_cast<long long>(own)) + " x_0: not a sum");
          uniform = false;
          break;
        }
      }
    }
    if (uniform) {
      r.divisor = static_cast<int64_t>(own);
      if (own == 0) {
        addError(r, more, "every node ends with 0: the constants annihilate the sum");
      } else if (own != divisor) {
        addError(r, more,
                 "every node ends with " + std::to_string(static_cast<long long>(own)) +
                     " times the sum, not the construction's divisor " + std::to_string(divisor));
      }
    }
  }
  finish(r, more);
  return r;
}

}  // namespace checker
}  // namespace hypercast
