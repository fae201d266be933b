#include "algorithm/torus_schedules.h"

#include <algorithm>

#include "algorithm/torus_template.h"
#include "util/error.h"

namespace hypercast {

TorusConstruction parseTorusConstruction(const std::string& word) {
  if (word == "auto") return TorusConstruction::kAuto;
  if (word == "paper") return TorusConstruction::kPaper;
  if (word == "extension") return TorusConstruction::kExtension;
  throw Error("--construction must be auto, paper or extension, got '" + word + "'");
}

bool torusPaperSplits(int n, uint32_t messages) {
  int odd = n;
  while (odd % 2 == 0) odd /= 2;
  return messages % static_cast<uint32_t>(odd) == 0;
}

uint64_t torusTransfers(int n, int k, Collective c, uint32_t messages) {
  // In long double first: a size beyond 2^62 saturates instead of wrapping.
  long double approx = messages;
  for (int i = 0; i < 2 * n + 2; ++i) approx *= static_cast<long double>(k);
  if (approx * n > 4.0e18L) return ~uint64_t{0};
  uint64_t nodes = 1;
  for (int i = 0; i < n; ++i) nodes *= static_cast<uint64_t>(k);
  const uint64_t kk = static_cast<uint64_t>(k);
  // Sum of the distances from 0^n (Sec. 4.1): n (k^2 - 1) k^(n-1) / 4.
  const uint64_t sum_dist = static_cast<uint64_t>(n) * (kk * kk - 1) * (nodes / kk) / 4;
  switch (c) {
    case Collective::kBroadcast:
      return messages * (nodes - 1);
    case Collective::kMultinodeBroadcast:
      return messages * (nodes - 1) * nodes;
    case Collective::kScatter:
      return messages * sum_dist;
    case Collective::kTotalExchange:
      return messages * sum_dist * nodes;
  }
  return 0;
}

namespace torus_detail {

Schedule fromTemplate(const TorusLabels& t, Collective c, uint32_t root, uint32_t messages,
                      std::vector<TemplateHop> hops, const std::vector<uint32_t>& sources) {
  std::stable_sort(hops.begin(), hops.end(),
                   [](const TemplateHop& a, const TemplateHop& b) { return a.step < b.step; });
  const int n = t.n();
  const int k = t.k();
  std::vector<uint32_t> pow(static_cast<size_t>(n), 1);
  for (int i = 1; i < n; ++i)
    pow[static_cast<size_t>(i)] = pow[static_cast<size_t>(i - 1)] * static_cast<uint32_t>(k);
  auto digitsOf = [&](uint32_t v) {
    std::vector<int> d(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) d[static_cast<size_t>(i)] = t.digit(v, i);
    return d;
  };
  std::vector<std::vector<int>> src_digits;
  for (uint32_t s : sources) src_digits.push_back(digitsOf(s));
  auto add = [&](const std::vector<int>& a, const std::vector<int>& b) {
    uint32_t v = 0;
    for (int i = 0; i < n; ++i) {
      int x = a[static_cast<size_t>(i)] + b[static_cast<size_t>(i)];
      if (x >= k) x -= k;
      v += static_cast<uint32_t>(x) * pow[static_cast<size_t>(i)];
    }
    return v;
  };
  Schedule s;
  s.collective = c;
  s.nodes = t.nodes();
  s.root = root;
  s.messages = messages;
  s.transfers.reserve(hops.size() * sources.size());
  for (const TemplateHop& h : hops) {
    const std::vector<int> from = digitsOf(h.from);
    const std::vector<int> to = digitsOf(h.to);
    const std::vector<int> dest = digitsOf(h.dest < 0 ? 0 : static_cast<uint32_t>(h.dest));
    for (size_t i = 0; i < sources.size(); ++i) {
      Transfer x;
      x.step = h.step;
      x.from = add(from, src_digits[i]);
      x.to = add(to, src_digits[i]);
      x.origin = sources[i];
      x.dest = h.dest < 0 ? kAllNodes : static_cast<int32_t>(add(dest, src_digits[i]));
      x.msg = h.msg;
      s.transfers.push_back(x);
    }
    s.steps = std::max(s.steps, h.step);
  }
  return s;
}

std::vector<uint32_t> farthestFirstLeaders(const TorusLabels& t) {
  std::vector<uint32_t> out;
  for (uint32_t v = 1; v < t.nodes(); ++v) {
    if (t.isLeader(v)) out.push_back(v);
  }
  std::sort(out.begin(), out.end(), [&](uint32_t a, uint32_t b) {
    if (t.distance(a) != t.distance(b)) return t.distance(a) > t.distance(b);
    return t.leaderKey(a) > t.leaderKey(b);
  });
  return out;
}

std::vector<NonFullLeader> nonFullLeaders(const TorusLabels& t,
                                          const std::vector<uint32_t>& leaders,
                                          const std::vector<int>& bases) {
  std::vector<NonFullLeader> out;
  for (size_t i = 0; i < leaders.size(); ++i) {
    const int p = t.period(leaders[i]);
    if (p < 2 * t.n()) out.push_back({p, bases[i]});
  }
  return out;
}

bool usePaper(const TorusLabels& t, uint32_t messages, TorusConstruction how) {
  const bool splits = torusPaperSplits(t.n(), messages);
  if (how == TorusConstruction::kPaper && !splits) {
    int odd = t.n();
    while (odd % 2 == 0) odd /= 2;
    throw Error(
        "the paper's construction splits a non-full necklace's M messages into groups of "
        "MP/2n, which needs " +
        std::to_string(odd) + " | M on MT(" + std::to_string(t.n()) + "," + std::to_string(t.k()) +
        "); got M = " + std::to_string(messages) + " (use --construction auto or extension)");
  }
  return how != TorusConstruction::kExtension && splits;
}

}  // namespace torus_detail
}  // namespace hypercast
