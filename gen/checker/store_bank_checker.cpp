#include "checker/store_bank_checker.h"

#include <algorithm>
#include <map>
#include <utility>

#include "util/error.h"

namespace hypercast {
namespace checker {

std::vector<std::string> checkStoreBanks(const std::vector<StoreEntry>& entries, uint32_t banks,
                                         uint32_t depth, size_t limit) {
  std::vector<std::string> bad;
  auto report = [&](const std::string& e) {
    if (bad.size() < limit) bad.push_back(e);
  };
  // Per (bank, row): the entries writing and reading.
  std::map<std::pair<uint32_t, int64_t>, size_t> writes, reads;
  // Per (bank, addr): the events, to replay in row order.
  struct Event {
    int64_t row;
    int kind;  // 0 write, 1 read (a write of row r lands after the reads of row r)
    size_t entry;
  };
  std::map<std::pair<uint32_t, uint32_t>, std::vector<Event>> cell;
  for (size_t i = 0; i < entries.size(); ++i) {
    const StoreEntry& e = entries[i];
    const std::string who = "packet " + std::to_string(i);
    if (e.bank >= banks || e.addr >= depth) {
      report(who + ": bank " + std::to_string(e.bank) + " address " + std::to_string(e.addr) +
             " is outside the store");
      continue;
    }
    if (e.write_row >= 0 && writes[{e.bank, e.write_row}]++ == 1) {
      report("bank " + std::to_string(e.bank) + " takes two writes in row " +
             std::to_string(e.write_row));
    }
    // A preload lands before the start cycle's reads (row -1).
    cell[{e.bank, e.addr}].push_back({e.write_row < 0 ? -2 : e.write_row, 1, i});
    for (int64_t r : e.read_rows) {
      if (reads[{e.bank, r}]++ == 1) {
        report("bank " + std::to_string(e.bank) + " issues two reads in row " + std::to_string(r));
      }
      cell[{e.bank, e.addr}].push_back({r, 0, i});
    }
    if (e.keep) cell[{e.bank, e.addr}].push_back({INT64_MAX, 0, i});
  }
  // A read and a write of one address of one bank in one row.
  std::map<std::pair<uint32_t, int64_t>, uint32_t> write_addr;
  for (const StoreEntry& e : entries) {
    if (e.bank < banks && e.addr < depth && e.write_row >= 0) {
      write_addr[{e.bank, e.write_row}] = e.addr;
    }
  }
  for (const StoreEntry& e : entries) {
    if (e.bank >= banks || e.addr >= depth) continue;
    for (int64_t r : e.read_rows) {
      if (r == e.write_row) continue;  // its own write: read before written, below
      const auto it = write_addr.find({e.bank, r});
      if (it != write_addr.end() && it->second == e.addr) {
        report("bank " + std::to_string(e.bank) + " reads and writes address " +
               std::to_string(e.addr) + " in row " + std::to_string(r));
      }
    }
  }
  for (auto& kv : cell) {
    std::vector<Event>& ev = kv.second;
    // Reads of a row see the word before that row's write (kind 0 sorts first).
    std::stable_sort(ev.begin(), ev.end(), [](const Event& a, const Event& b) {
      return a.row != b.row ? a.row < b.row : a.kind < b.kind;
    });
    size_t holds = SIZE_MAX;
    for (const Event& x : ev) {
      if (x.kind == 1) {
        holds = x.entry;
      } else if (holds != x.entry) {
        report("packet " + std::to_string(x.entry) + " is read from bank " +
               std::to_string(kv.first.first) + " address " + std::to_string(kv.first.second) +
               (x.row == INT64_MAX ? " at the end" : " in row " + std::to_string(x.row)) +
               (holds == SIZE_MAX ? " before it was written"
                                  : " but packet " + std::to_string(holds) + " is there"));
      }
    }
  }
  return bad;
}

void requireSoundStoreBanks(uint64_t node, const std::vector<StoreEntry>& entries, uint32_t banks,
                            uint32_t depth) {
  const std::vector<std::string> bad = checkStoreBanks(entries, banks, depth, 1);
  if (!bad.empty()) throw Error("node " + std::to_string(node) + " store banks: " + bad.front());
}

}  // namespace checker
}  // namespace hypercast
