#include "algorithm/store_banks.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <queue>
#include <utility>

#include "algorithm/edge_colouring.h"

namespace hypercast {

namespace {

constexpr int64_t kForever = INT64_MAX;

// Last row the entry must stay intact in its bank.
int64_t lastUse(const StoreEntry& e) {
  if (e.keep) return kForever;
  return e.read_rows.empty() ? e.write_row : std::max(e.write_row, e.read_rows.back());
}

}  // namespace

uint32_t storeBankLowerBound(const std::vector<StoreEntry>& entries) {
  std::map<int64_t, uint32_t> writes, reads;
  uint32_t bound = 0;
  for (const StoreEntry& e : entries) {
    if (e.write_row >= 0) bound = std::max(bound, ++writes[e.write_row]);
    for (int64_t r : e.read_rows) bound = std::max(bound, ++reads[r]);
  }
  return bound;
}

StoreBanks assignStoreBanks(std::vector<StoreEntry>& entries) {
  StoreBanks out;
  out.lower_bound = storeBankLowerBound(entries);
  if (entries.empty()) return out;
  const bool single_reads = std::all_of(
      entries.begin(), entries.end(), [](const StoreEntry& e) { return e.read_rows.size() <= 1; });
  if (single_reads) {
    // König: left vertices the writing rows (a preload its own), right vertices
    // the reading rows (a packet never read its own).
    std::map<int64_t, uint32_t> left, right;
    uint32_t lefts = 0, rights = 0;
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    for (const StoreEntry& e : entries) {
      const uint32_t l = e.write_row >= 0 ? left.emplace(e.write_row, lefts).first->second : lefts;
      if (l == lefts) ++lefts;
      const uint32_t r =
          !e.read_rows.empty() ? right.emplace(e.read_rows[0], rights).first->second : rights;
      if (r == rights) ++rights;
      edges.emplace_back(l, r);
    }
    const std::vector<uint32_t> colour = bipartiteEdgeColouring(lefts, rights, edges);
    for (size_t i = 0; i < entries.size(); ++i) entries[i].bank = colour[i];
  } else {
    // Greedy colouring of the conflict graph, in the given order: the smallest
    // bank free in the entry's write row and in each of its read rows.
    std::map<int64_t, std::vector<bool>> wused, rused;
    auto taken = [](std::map<int64_t, std::vector<bool>>& m, int64_t row, uint32_t b) {
      const auto it = m.find(row);
      return it != m.end() && b < it->second.size() && it->second[b];
    };
    auto take = [](std::map<int64_t, std::vector<bool>>& m, int64_t row, uint32_t b) {
      std::vector<bool>& v = m[row];
      if (v.size() <= b) v.resize(b + 1, false);
      v[b] = true;
    };
    for (StoreEntry& e : entries) {
      uint32_t b = 0;
      for (;; ++b) {
        bool ok = e.write_row < 0 || !taken(wused, e.write_row, b);
        for (int64_t r : e.read_rows) ok = ok && !taken(rused, r, b);
        if (ok) break;
      }
      e.bank = b;
      if (e.write_row >= 0) take(wused, e.write_row, b);
      for (int64_t r : e.read_rows) take(rused, r, b);
    }
  }
  const StoreBanks a = assignStoreAddresses(entries);
  out.banks = a.banks;
  out.depth = a.depth;
  return out;
}

StoreBanks assignStoreAddresses(std::vector<StoreEntry>& entries) {
  StoreBanks out;
  out.lower_bound = storeBankLowerBound(entries);
  // Addresses per bank: by write row, reusing an address whose last read came
  // in an earlier row than this write (a read and a write of one address in one
  // row would read the old word). Greedy by start row uses the peak number of
  // entries live at once, the fewest addresses.
  std::vector<size_t> order(entries.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return entries[a].write_row < entries[b].write_row; });
  using Free = std::pair<int64_t, uint32_t>;  // (last use, address)
  std::map<uint32_t, std::priority_queue<Free, std::vector<Free>, std::greater<Free>>> live;
  std::map<uint32_t, uint32_t> used;
  for (size_t i : order) {
    StoreEntry& e = entries[i];
    auto& q = live[e.bank];
    if (!q.empty() && q.top().first < e.write_row) {
      e.addr = q.top().second;
      q.pop();
    } else {
      e.addr = used[e.bank]++;
    }
    q.push({lastUse(e), e.addr});
    out.banks = std::max(out.banks, e.bank + 1);
    out.depth = std::max(out.depth, used[e.bank]);
  }
  return out;
}

}  // namespace hypercast
