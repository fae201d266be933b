#include "emit/schedule_program.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "algorithm/collective_semantics.h"
#include "algorithm/store_banks.h"
#include "util/error.h"

namespace hypercast {

namespace {

struct Send {
  int64_t step = 0;
  int port = 0;
};

struct Held {
  uint32_t origin = 0;
  int32_t dest = kAllNodes;
  uint32_t msg = 0;
  bool own = false;
  int64_t arrival = -1;  // step, -1 for an own packet
  int arrival_port = -1;
  std::vector<Send> sends;
  std::pair<int64_t, int> first_send = {INT64_MAX, 0};  // (step, port) of its first send
  bool keep = false;
};

// Where the send of step t takes its packet from.
SendKind sourceOf(const Held& h, int64_t t) {
  if (h.own || t > h.arrival + 2) return SendKind::kStore;
  return t == h.arrival + 1 ? SendKind::kLink : SendKind::kLate;
}

// A node's store: its entries, the packet (index into the node's stored list)
// each belongs to, and which entry every store send (step, port) reads.
struct NodeStore {
  std::vector<StoreEntry> entries;
  std::vector<size_t> owner;
  std::map<std::pair<int64_t, int>, size_t> send_entry;
};

// The node's own packets, one preloaded copy per bank its store sends use: a
// send of the own packet on port p reads a copy in a bank p already reads for
// the packets it forwards (the lowest such bank free in that row, one holding a
// copy of the same packet first), so that the own packet adds no source to p's
// send multiplexer (hw/hc_sched_node.v, SMASK). A send whose port reads no
// other bank free in its row keeps the packet's own bank; a packet for which
// some send finds no free bank stays one entry. Copies go only into banks the node has and
// into rows where that bank issues no other read, so the bank count stays.
NodeStore copyOwnPackets(const std::vector<Held>& st, const std::vector<StoreEntry>& es) {
  std::map<int, std::set<uint32_t>> port_banks;
  std::map<std::pair<uint32_t, int64_t>, size_t> busy;  // (bank, row) -> the packet reading it
  for (size_t i = 0; i < st.size(); ++i) {
    for (int64_t r : es[i].read_rows) busy[{es[i].bank, r}] = i;
    if (st[i].own) continue;
    for (const Send& x : st[i].sends) {
      if (sourceOf(st[i], x.step) == SendKind::kStore) port_banks[x.port].insert(es[i].bank);
    }
  }
  NodeStore out;
  auto addEntry = [&](const StoreEntry& e, size_t owner) {
    out.entries.push_back(e);
    out.owner.push_back(owner);
    return out.entries.size() - 1;
  };
  for (size_t i = 0; i < st.size(); ++i) {
    const Held& h = st[i];
    std::map<std::pair<int64_t, int>, uint32_t> choice;  // send -> bank
    bool ok = h.own && !h.keep;
    for (const Send& x : h.sends) {
      if (!ok) break;
      const int64_t r = x.step - 2;
      auto free = [&](uint32_t b) {
        const auto it = busy.find({b, r});
        return it == busy.end() || it->second == i;
      };
      const std::set<uint32_t>& cand = port_banks[x.port];
      uint32_t pick = UINT32_MAX;
      for (const auto& c : choice) {
        if (pick == UINT32_MAX && cand.count(c.second) && free(c.second)) pick = c.second;
      }
      for (uint32_t b : cand) {
        if (pick == UINT32_MAX && free(b)) pick = b;
      }
      if (pick == UINT32_MAX && free(es[i].bank)) pick = es[i].bank;
      if (pick == UINT32_MAX) ok = false;
      choice[{x.step, x.port}] = pick;
    }
    if (!ok) {
      const size_t k = addEntry(es[i], i);
      for (const Send& x : h.sends) {
        if (sourceOf(h, x.step) == SendKind::kStore) out.send_entry[{x.step, x.port}] = k;
      }
      continue;
    }
    for (int64_t r : es[i].read_rows) busy.erase({es[i].bank, r});
    std::map<uint32_t, size_t> copy_of;  // bank -> its copy's entry
    for (const auto& c : choice) {
      const int64_t r = c.first.first - 2;
      busy[{c.second, r}] = i;
      auto it = copy_of.find(c.second);
      if (it == copy_of.end()) {
        StoreEntry e;
        e.bank = c.second;
        it = copy_of.emplace(c.second, addEntry(e, i)).first;
      }
      std::vector<int64_t>& rows = out.entries[it->second].read_rows;
      if (std::find(rows.begin(), rows.end(), r) == rows.end()) rows.push_back(r);
      std::sort(rows.begin(), rows.end());
      out.send_entry[c.first] = it->second;
    }
  }
  return out;
}

}  // namespace

NetworkProgram compileSchedule(const Schedule& s, const PortGraph& g,
                               const std::vector<uint32_t>& switches) {
  const uint64_t n = s.nodes;
  if (g.nodes() != n) throw Error("the schedule and the port graph disagree on the node count");
  const int np = g.ports();
  const uint32_t rows = s.steps + 1;
  const CollectiveProblem problem = s.problem();
  auto key = [&](const Transfer& t) { return packetKey(n, s.messages, t.origin, t.dest, t.msg); };
  // The output port of each transfer, and the input port it arrives on.
  std::vector<int> out_port(s.transfers.size()), in_port(s.transfers.size());
  for (size_t i = 0; i < s.transfers.size(); ++i) {
    const Transfer& t = s.transfers[i];
    out_port[i] = g.portTo(t.from, t.to);
    if (out_port[i] < 0) {
      throw Error("step " + std::to_string(t.step) + ": no link " + std::to_string(t.from) +
                  " -> " + std::to_string(t.to));
    }
    in_port[i] = g.drives(t.from, out_port[i]).port;
  }
  // Per node, the transfers it sends and receives (indices into s.transfers).
  std::vector<std::vector<uint32_t>> out(n), in(n);
  for (uint32_t i = 0; i < s.transfers.size(); ++i) {
    out[s.transfers[i].from].push_back(i);
    in[s.transfers[i].to].push_back(i);
  }
  NetworkProgram prog;
  prog.rows = rows;
  prog.nodes.resize(n);
  // Per node: its packets in store order and their store entries.
  std::vector<std::unordered_map<uint64_t, Held>> helds(n);
  std::vector<std::vector<Held>> stored(n);
  std::vector<NodeStore> stores(n);
  for (uint64_t u = 0; u < n; ++u) {
    const bool is_switch = std::binary_search(switches.begin(), switches.end(), uint32_t(u));
    std::unordered_map<uint64_t, Held>& held = helds[u];
    for (uint32_t i : in[u]) {
      const Transfer& t = s.transfers[i];
      Held& h = held[key(t)];
      if (h.arrival >= 0) continue;  // a second arrival is not filed
      h.origin = t.origin;
      h.dest = t.dest;
      h.msg = t.msg;
      h.arrival = t.step;
      h.arrival_port = in_port[i];
      h.keep = !is_switch && mustReach(problem, packetOf(t), u);
    }
    for (uint32_t i : out[u]) {
      const Transfer& t = s.transfers[i];
      Held& h = held[key(t)];
      h.origin = t.origin;
      h.dest = t.dest;
      h.msg = t.msg;
      h.first_send = std::min(h.first_send, std::make_pair(int64_t{t.step}, out_port[i]));
      h.sends.push_back({t.step, out_port[i]});
      if (t.origin == u) {
        h.own = true;
      } else if (h.arrival < 0 || h.arrival >= t.step) {
        throw Error("node " + std::to_string(u) + " sends packet (" + std::to_string(t.origin) +
                    ", " + std::to_string(t.dest) + ") in step " + std::to_string(t.step) +
                    " before holding it");
      }
    }
    // The store: packets a store send or the end needs. The send of step t is
    // row t-1; its read is issued in row t-2 (row -1: the start cycle).
    std::vector<Held>& st = stored[u];
    for (auto& kv : held) {
      Held& h = kv.second;
      bool needed = h.keep;
      for (const Send& x : h.sends) needed = needed || sourceOf(h, x.step) == SendKind::kStore;
      if (needed) st.push_back(h);
    }
    // Ties go by what the node sees (arrival port, first send), not by packet
    // numbers: then in a translation-invariant schedule every node gets the same
    // banks and the same ROM (a shared ROM, emit/schedule_rtl.h).
    std::sort(st.begin(), st.end(), [](const Held& a, const Held& b) {
      if (a.arrival != b.arrival) return a.arrival < b.arrival;
      if (a.arrival_port != b.arrival_port) return a.arrival_port < b.arrival_port;
      if (a.first_send != b.first_send) return a.first_send < b.first_send;
      if (a.origin != b.origin) return a.origin < b.origin;
      if (a.dest != b.dest) return a.dest < b.dest;
      return a.msg < b.msg;
    });
    std::vector<StoreEntry> es;
    for (const Held& h : st) {
      StoreEntry e;
      e.write_row = h.own ? -1 : h.arrival;
      e.keep = h.keep;
      for (const Send& x : h.sends) {
        if (sourceOf(h, x.step) == SendKind::kStore) e.read_rows.push_back(x.step - 2);
      }
      std::sort(e.read_rows.begin(), e.read_rows.end());
      e.read_rows.erase(std::unique(e.read_rows.begin(), e.read_rows.end()), e.read_rows.end());
      es.push_back(std::move(e));
    }
    const StoreBanks b = assignStoreBanks(es);
    stores[u] = copyOwnPackets(st, es);
    const StoreBanks a = assignStoreAddresses(stores[u].entries);
    NodeProgram& node = prog.nodes[u];
    node.slots = static_cast<uint32_t>(stores[u].entries.size());
    node.banks = a.banks;
    node.depth = a.depth;
    node.bank_bound = b.lower_bound;
    prog.max_slots = std::max(prog.max_slots, node.slots);
    prog.banks = std::max(prog.banks, a.banks);
    prog.depth = std::max(prog.depth, a.depth);
    prog.bank_bound = std::max(prog.bank_bound, b.lower_bound);
  }
  prog.format = makeRomFormat(np, prog.banks, prog.depth);
  const RomFormat& f = prog.format;
  for (uint64_t u = 0; u < n; ++u) {
    NodeProgram& node = prog.nodes[u];
    const std::vector<Held>& st = stored[u];
    const NodeStore& ns = stores[u];
    const std::vector<StoreEntry>& es = ns.entries;
    node.store = es;
    auto slotOf = [&](size_t i) { return (es[i].bank << f.addr_width) | es[i].addr; };
    node.rows.assign(prog.words(), emptyRomRow(f));
    for (size_t i = 0; i < es.size(); ++i) {
      const Held& h = st[ns.owner[i]];
      const StoredPacket sp{slotOf(i), h.origin, h.dest, h.msg};
      if (h.own) node.loads.push_back(sp);
      if (h.keep) node.keeps.push_back(sp);
      const StoreEntry& e = es[i];
      if (e.write_row >= 0) {
        WriteField& w = node.rows[static_cast<size_t>(e.write_row) + 1].write[e.bank];
        w = WriteField{true, static_cast<uint32_t>(h.arrival_port), e.addr};
      }
      for (int64_t r : e.read_rows) {
        node.rows[static_cast<size_t>(r + 1)].read[e.bank] = ReadField{true, e.addr};
      }
    }
    for (uint32_t i : out[u]) {
      const Transfer& t = s.transfers[i];
      SendField& sf = node.rows[t.step].send[static_cast<size_t>(out_port[i])];
      if (sf.valid)
        throw Error("node " + std::to_string(u) + " sends twice on one port in step " +
                    std::to_string(t.step));
      sf.valid = true;
      const auto it = ns.send_entry.find({int64_t{t.step}, out_port[i]});
      if (it == ns.send_entry.end()) {
        const Held& h = helds[u].at(key(t));
        sf.kind = sourceOf(h, t.step);
        sf.index = static_cast<uint32_t>(h.arrival_port);
      } else {
        sf.kind = SendKind::kStore;
        sf.index = es[it->second].bank;
      }
    }
  }
  return prog;
}

bool NetworkProgram::identicalRoms() const {
  for (const NodeProgram& x : nodes) {
    if (x.slots != nodes.front().slots) return false;
    for (uint32_t r = 0; r < words(); ++r) {
      if (encodeRomRow(format, x.rows[r]) != encodeRomRow(format, nodes.front().rows[r])) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace hypercast
