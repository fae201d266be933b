#include "emit/schedule_program.h"

#include <algorithm>
#include <queue>
#include <unordered_map>

#include "algorithm/collective_semantics.h"
#include "util/error.h"

namespace hypercast {

namespace {

constexpr int64_t kForever = INT64_MAX;

struct Held {
  uint32_t origin = 0;
  int32_t dest = kAllNodes;
  uint32_t msg = 0;
  bool own = false;
  int64_t arrival = -1;  // step, -1 for an own packet
  int arrival_port = -1;
  int64_t last_store_read = -1;                         // last row sending it from the store
  std::pair<int64_t, int> first_send = {INT64_MAX, 0};  // (step, port) of its first send
  bool keep = false;
  int64_t slot = -1;
};

}  // namespace

NetworkProgram compileSchedule(const Schedule& s, const PortGraph& g) {
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
  for (uint64_t u = 0; u < n; ++u) {
    std::unordered_map<uint64_t, Held> held;
    for (uint32_t i : in[u]) {
      const Transfer& t = s.transfers[i];
      Held& h = held[key(t)];
      if (h.arrival >= 0) continue;  // a second arrival is not filed
      h.origin = t.origin;
      h.dest = t.dest;
      h.msg = t.msg;
      h.arrival = t.step;
      h.arrival_port = in_port[i];
      h.keep = mustReach(problem, packetOf(t), u);
    }
    for (uint32_t i : out[u]) {
      const Transfer& t = s.transfers[i];
      Held& h = held[key(t)];
      h.origin = t.origin;
      h.dest = t.dest;
      h.msg = t.msg;
      h.first_send = std::min(h.first_send, std::make_pair(int64_t{t.step}, out_port[i]));
      if (t.origin == u) {
        h.own = true;
      } else if (h.arrival < 0 || h.arrival >= t.step) {
        throw Error("node " + std::to_string(u) + " sends packet (" + std::to_string(t.origin) +
                    ", " + std::to_string(t.dest) + ") in step " + std::to_string(t.step) +
                    " before holding it");
      }
      if (h.own || h.arrival + 1 != t.step) {
        h.last_store_read = std::max<int64_t>(h.last_store_read, int64_t{t.step} - 1);
      }
    }
    // Slots, greedily by the row the packet is written (-1: preloaded).
    std::vector<Held*> stored;
    for (auto& kv : held) {
      Held& h = kv.second;
      if (h.keep || h.last_store_read >= 0) stored.push_back(&h);
    }
    // Ties go by what the node sees (arrival port, first send), not by packet
    // numbers: then in a translation-invariant schedule every node gets the same
    // slots and the same ROM (a shared ROM, emit/schedule_rtl.h).
    std::sort(stored.begin(), stored.end(), [](const Held* a, const Held* b) {
      if (a->arrival != b->arrival) return a->arrival < b->arrival;
      if (a->arrival_port != b->arrival_port) return a->arrival_port < b->arrival_port;
      if (a->first_send != b->first_send) return a->first_send < b->first_send;
      if (a->origin != b->origin) return a->origin < b->origin;
      if (a->dest != b->dest) return a->dest < b->dest;
      return a->msg < b->msg;
    });
    using Free = std::pair<int64_t, uint32_t>;  // (free from row, slot)
    std::priority_queue<Free, std::vector<Free>, std::greater<Free>> free_slots;
    NodeProgram& np_u = prog.nodes[u];
    for (Held* h : stored) {
      const int64_t written = h->own ? -1 : h->arrival;
      if (!free_slots.empty() && free_slots.top().first <= written) {
        h->slot = free_slots.top().second;
        free_slots.pop();
      } else {
        h->slot = np_u.slots++;
      }
      free_slots.push({h->keep ? kForever : h->last_store_read, static_cast<uint32_t>(h->slot)});
      const StoredPacket sp{static_cast<uint32_t>(h->slot), h->origin, h->dest, h->msg};
      if (h->own) np_u.loads.push_back(sp);
      if (h->keep) np_u.keeps.push_back(sp);
    }
    // Rows.
    np_u.rows.assign(rows, RomRow{std::vector<SendField>(static_cast<size_t>(np)),
                                  std::vector<RecvField>(static_cast<size_t>(np))});
    for (uint32_t i : out[u]) {
      const Transfer& t = s.transfers[i];
      const Held& h = held[key(t)];
      SendField& f = np_u.rows[t.step - 1].send[static_cast<size_t>(out_port[i])];
      if (f.valid)
        throw Error("node " + std::to_string(u) + " sends twice on one port in step " +
                    std::to_string(t.step));
      f.valid = true;
      f.from_link = !h.own && h.arrival + 1 == t.step;
      f.index = f.from_link ? static_cast<uint32_t>(h.arrival_port) : static_cast<uint32_t>(h.slot);
    }
    for (auto& kv : held) {
      const Held& h = kv.second;
      if (h.arrival < 0 || h.slot < 0) continue;
      RecvField& f =
          np_u.rows[static_cast<size_t>(h.arrival)].recv[static_cast<size_t>(h.arrival_port)];
      f.keep = true;
      f.slot = static_cast<uint32_t>(h.slot);
    }
    prog.max_slots = std::max(prog.max_slots, np_u.slots);
  }
  prog.format = makeRomFormat(np, std::max<uint32_t>(prog.max_slots, 1));
  return prog;
}

bool NetworkProgram::identicalRoms() const {
  for (const NodeProgram& x : nodes) {
    if (x.slots != nodes.front().slots) return false;
    for (uint32_t r = 0; r < rows; ++r) {
      if (encodeRomRow(format, x.rows[r]) != encodeRomRow(format, nodes.front().rows[r])) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace hypercast
