#include "emit/msccl_xml.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "util/error.h"

namespace hypercast {

namespace {

// Limits of the executor (Azure/msccl-executor-nccl, src/include/msccl/*.h,
// src/misc/msccl/msccl_parser.cc), checked here so that a file we cannot
// write is refused in one line; checker/msccl_format.cpp checks them again.
constexpr uint32_t kMaxChannels = 32;          // MAXCHANNELS (device.h)
constexpr uint32_t kMaxTbsPerChannelDir = 32;  // MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL
constexpr uint32_t kMaxDependedTbId = 127;     // int8_t dependentBid (msccl_struct.h)
constexpr uint64_t kMaxParsedElements = 4096;  // MAX_NODES (msccl_parser.h)
constexpr uint64_t kMaxChildren = 1024;        // MAX_SUBS
constexpr uint64_t kMaxOffset = 32767;         // int16_t srcOffset/dstOffset
constexpr uint32_t kCopyCount = 64;            // cnt of a copy step, below MSCCL_MAX_COUNT (72)

struct Op {
  char type = 's';  // 's', 'r', 'c' (cpy)
  char srcbuf = 'i', dstbuf = 'o';
  uint32_t srcoff = 0, dstoff = 0, cnt = 1;
  int32_t dep_tb = -1;  // index into the GPU's threadblocks (before renumbering)
  uint32_t dep_step = 0;
  bool hasdep = false;
};

struct Tb {
  int64_t send = -1, recv = -1;
  uint32_t chan = 0;
  std::vector<Op> ops;
};

struct Gpu {
  std::vector<Tb> tbs;
  // (peer, chan, direction) -> tbs[]: a GPU has few peers, searched in order.
  std::vector<int64_t> peers;
  std::vector<int32_t> index;  // [(peer's rank in peers * kMaxChannels + chan) * 2 + dir]
  uint32_t scratch = 0;
};

// Where a packet sits on a GPU that holds it.
struct Place {
  char buf = 'i';
  uint32_t off = 0;
  int32_t tb = -1;  // the receiving threadblock, -1 for the origin's own input
  uint32_t step = 0;
};

struct Layout {
  Collective coll;
  uint64_t n;
  uint32_t m;

  uint64_t chunksPerLoop() const {
    return coll == Collective::kMultinodeBroadcast || coll == Collective::kTotalExchange ? n * m
                                                                                         : m;
  }
  uint64_t inputChunks() const {
    return coll == Collective::kTotalExchange || coll == Collective::kScatter ? n * m : m;
  }
  uint64_t outputChunks() const { return chunksPerLoop(); }
  // The packet's chunk in its origin's input.
  uint64_t inOffset(const Transfer& t) const {
    return isPersonalized(coll) ? uint64_t(uint32_t(t.dest)) * m + t.msg : t.msg;
  }
  // Whether GPU x keeps the packet in its output (else it only relays it).
  bool keeps(const Transfer& t, uint64_t x) const {
    return !isPersonalized(coll) || uint64_t(uint32_t(t.dest)) == x;
  }
  uint64_t outOffset(const Transfer& t) const {
    return coll == Collective::kMultinodeBroadcast || coll == Collective::kTotalExchange
               ? uint64_t{t.origin} * m + t.msg
               : t.msg;
  }
};

uint32_t checkedOffset(uint64_t off, const char* what) {
  if (off > kMaxOffset) {
    throw Error(std::string("the MSCCL executor keeps offsets in 16 bits; ") + what + " needs " +
                std::to_string(off + 1) + " chunks");
  }
  return static_cast<uint32_t>(off);
}

uint32_t tbOf(Gpu& g, int64_t peer, uint32_t chan, bool sending, uint32_t steps) {
  size_t p = 0;
  while (p < g.peers.size() && g.peers[p] != peer) ++p;
  if (p == g.peers.size()) {
    g.peers.push_back(peer);
    g.index.resize(g.peers.size() * kMaxChannels * 2, -1);
  }
  int32_t& id = g.index[(p * kMaxChannels + chan) * 2 + (sending ? 1 : 0)];
  if (id < 0) {
    Tb tb;
    tb.chan = chan;
    (sending ? tb.send : tb.recv) = peer;
    tb.ops.reserve(steps);
    g.tbs.push_back(std::move(tb));
    id = static_cast<int32_t>(g.tbs.size() - 1);
  }
  return static_cast<uint32_t>(id);
}

// One element's tag, built in a buffer and appended at once (the files run to
// millions of steps).
class Tag {
 public:
  explicit Tag(std::string_view open) { put(open); }
  Tag& attr(std::string_view key, int64_t v) {
    put(" ");
    put(key);
    put("=\"");
    p_ = std::to_chars(p_, buf_ + sizeof buf_, v).ptr;
    put("\"");
    return *this;
  }
  Tag& attr(std::string_view key, std::string_view v) {
    put(" ");
    put(key);
    put("=\"");
    put(v);
    put("\"");
    return *this;
  }
  void end(std::string& out, std::string_view tail) {
    put(tail);
    out.append(buf_, size_t(p_ - buf_));
  }

 private:
  void put(std::string_view t) {
    std::memcpy(p_, t.data(), t.size());
    p_ += t.size();
  }
  char buf_[640];  // the longest: <algo> with a 200-byte name
  char* p_ = buf_;
};

}  // namespace

MscclXml emitMscclXml(const Schedule& s, const MscclXmlOptions& o) {
  const char* coll = runtimeCollective(s.collective);
  for (char ch : o.name) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9') || ch == '_' || ch == '-' || ch == '.' || ch == ',';
    if (!ok || o.name.size() > 200) throw Error("unsuitable MSCCL algorithm name '" + o.name + "'");
  }
  if (s.nodes < 2 || s.nodes > kMaxChildren) {
    throw Error(
        "the MSCCL parser takes 2..1024 GPUs (1024 children per element); the schedule has " +
        std::to_string(s.nodes));
  }
  const Layout lay{s.collective, s.nodes, s.messages};
  const uint64_t n = s.nodes;
  checkedOffset(lay.inputChunks() - 1, "the input buffer");
  checkedOffset(lay.outputChunks() - 1, "the output buffer");

  // Channels: the fewest that keep every connection's threadblock within the
  // steps per threadblock.
  std::unordered_map<uint64_t, uint32_t> per_pair;
  per_pair.reserve(n * 16);
  uint32_t busiest = 0;
  for (const Transfer& t : s.transfers) {
    busiest = std::max(busiest, ++per_pair[uint64_t{t.from} * n + t.to]);
  }
  const uint32_t limit = std::max<uint32_t>(1, o.max_steps_per_tb);
  const uint32_t channels = std::max<uint32_t>(1, (busiest + limit - 1) / limit);
  if (channels > kMaxChannels) {
    throw Error("the busiest link carries " + std::to_string(busiest) +
                " chunks: " + std::to_string(channels) + " channels of " + std::to_string(limit) +
                " steps, beyond MSCCL's " + std::to_string(kMaxChannels));
  }

  const uint32_t per_tb = (busiest + channels - 1) / channels;  // steps of the fullest threadblock
  std::vector<Gpu> gpus(n);
  std::unordered_map<uint64_t, Place> held;  // (gpu, packet key) -> where it was received
  held.reserve(s.transfers.size());
  const uint64_t keys = packetKeys(n, s.messages);
  std::unordered_map<uint64_t, uint32_t> sent_on_pair;
  sent_on_pair.reserve(per_pair.size());
  for (const Transfer& t : s.transfers) {
    const uint64_t key = packetKey(n, s.messages, t.origin, t.dest, t.msg);
    const uint32_t chan = sent_on_pair[uint64_t{t.from} * n + t.to]++ % channels;
    Place from;
    if (t.from == t.origin) {
      from.off = checkedOffset(lay.inOffset(t), "the input buffer");
    } else {
      auto it = held.find(uint64_t{t.from} * keys + key);
      if (it == held.end()) throw Error("the schedule sends a packet its sender does not hold");
      from = it->second;
    }
    Gpu& rx = gpus[t.to];
    Place to;
    if (lay.keeps(t, t.to)) {
      to.buf = 'o';
      to.off = static_cast<uint32_t>(lay.outOffset(t));
    } else {
      to.buf = 's';
      to.off = checkedOffset(rx.scratch++, "a scratch buffer");
    }
    const uint32_t rtb = tbOf(rx, t.from, chan, false, per_tb);
    Op recv;
    recv.type = 'r';
    recv.srcbuf = from.buf;
    recv.srcoff = from.off;
    recv.dstbuf = to.buf;
    recv.dstoff = to.off;
    to.tb = static_cast<int32_t>(rtb);
    to.step = static_cast<uint32_t>(rx.tbs[rtb].ops.size());
    rx.tbs[rtb].ops.push_back(recv);
    if (!held.emplace(uint64_t{t.to} * keys + key, to).second) {
      throw Error("the schedule delivers a packet twice to one node");
    }
    Gpu& tx = gpus[t.from];
    const uint32_t stb = tbOf(tx, t.to, chan, true, per_tb);
    Op send = recv;
    send.type = 's';
    if (from.tb >= 0) {
      send.dep_tb = from.tb;
      send.dep_step = from.step;
      tx.tbs[size_t(from.tb)].ops[from.step].hasdep = true;
    }
    tx.tbs[stb].ops.push_back(send);
  }

  // Each GPU's own chunks, from i into o (out-of-place).
  for (uint64_t g = 0; g < n; ++g) {
    const bool rooted = hasRoot(s.collective);
    if (rooted && g != s.root) continue;
    uint64_t src = 0, dst = 0;
    switch (s.collective) {
      case Collective::kMultinodeBroadcast:
        dst = g * s.messages;
        break;
      case Collective::kTotalExchange:
        src = dst = g * s.messages;
        break;
      case Collective::kBroadcast:
        break;
      case Collective::kScatter:
        src = g * s.messages;
        break;
    }
    Tb copies;
    for (uint32_t done = 0; done < s.messages; done += kCopyCount) {
      Op cpy;
      cpy.type = 'c';
      cpy.srcoff = static_cast<uint32_t>(src + done);
      cpy.dstoff = static_cast<uint32_t>(dst + done);
      cpy.cnt = std::min(kCopyCount, s.messages - done);
      copies.ops.push_back(cpy);
    }
    gpus[g].tbs.push_back(std::move(copies));
  }

  MscclXml out;
  out.chunks_per_loop = static_cast<uint32_t>(lay.chunksPerLoop());
  out.channels = channels;
  std::string& x = out.text;
  // Steps are at most 136 bytes (a 2-digit s, 5-digit offsets, 3-digit depid).
  x.reserve((s.transfers.size() * 2 + n * 16) * 136 + n * 8 * 64 * 60 + 1024);
  Tag("<algo")
      .attr("name", o.name)
      .attr("proto", "Simple")
      .attr("nchannels", channels)
      .attr("nchunksperloop", int64_t(lay.chunksPerLoop()))
      .attr("ngpus", int64_t(n))
      .attr("coll", coll)
      .attr("inplace", 0)
      .attr("outofplace", 1)
      .attr("minBytes", 0)
      .attr("maxBytes", o.max_bytes)
      .end(x, ">\n");
  for (uint64_t g = 0; g < n; ++g) {
    Gpu& gpu = gpus[g];
    // Ids: receiving threadblocks by (peer, channel), then sending ones, then
    // the copies (recv = send = -1 sorts first, so ranked by a key of its own).
    std::vector<uint32_t> order(gpu.tbs.size());
    for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    auto rank = [&](uint32_t i) {
      const Tb& tb = gpu.tbs[i];
      const int kind = tb.recv >= 0 ? 0 : tb.send >= 0 ? 1 : 2;
      return std::make_tuple(kind, std::max(tb.recv, tb.send), tb.chan);
    };
    std::sort(order.begin(), order.end(),
              [&](uint32_t a, uint32_t b) { return rank(a) < rank(b); });
    std::vector<uint32_t> id_of(gpu.tbs.size());
    for (uint32_t i = 0; i < order.size(); ++i) id_of[order[i]] = i;
    uint64_t elements = 1 + n + gpu.tbs.size();
    std::vector<uint32_t> per_chan_dir(2 * kMaxChannels, 0);
    uint32_t receivers = 0;
    for (const Tb& tb : gpu.tbs) {
      elements += tb.ops.size();
      out.max_steps_per_tb = std::max(out.max_steps_per_tb, static_cast<uint32_t>(tb.ops.size()));
      if (tb.ops.size() > limit) {
        throw Error("a threadblock of GPU " + std::to_string(g) + " has " +
                    std::to_string(tb.ops.size()) + " steps; MSCCL takes " + std::to_string(limit));
      }
      if (tb.recv >= 0) ++receivers, ++per_chan_dir[2 * tb.chan];
      if (tb.send >= 0) ++per_chan_dir[2 * tb.chan + 1];
    }
    if (receivers > kMaxDependedTbId + 1) {  // receivers have ids 0..receivers-1
      throw Error("GPU " + std::to_string(g) + " needs " + std::to_string(receivers) +
                  " receiving threadblocks; depid is 8 bits in MSCCL (at most 128)");
    }
    for (uint32_t c : per_chan_dir) {
      if (c > kMaxTbsPerChannelDir) {
        throw Error("GPU " + std::to_string(g) + " has " + std::to_string(c) +
                    " peers in one direction on one channel; MSCCL takes 32");
      }
    }
    if (elements > kMaxParsedElements) {
      throw Error("GPU " + std::to_string(g) + "'s part of the MSCCL file has " +
                  std::to_string(elements) +
                  " elements with <algo> and every <gpu>; the executor's parser takes 4096");
    }
    out.threadblocks += gpu.tbs.size();
    out.max_threadblocks_per_gpu =
        std::max(out.max_threadblocks_per_gpu, static_cast<uint32_t>(gpu.tbs.size()));
    out.max_scratch_chunks = std::max(out.max_scratch_chunks, gpu.scratch);
    Tag("  <gpu")
        .attr("id", int64_t(g))
        .attr("i_chunks", int64_t(lay.inputChunks()))
        .attr("o_chunks", int64_t(lay.outputChunks()))
        .attr("s_chunks", gpu.scratch)
        .end(x, ">\n");
    for (uint32_t i : order) {
      const Tb& tb = gpu.tbs[i];
      Tag("    <tb")
          .attr("id", id_of[i])
          .attr("send", tb.send)
          .attr("recv", tb.recv)
          .attr("chan", tb.chan)
          .end(x, ">\n");
      for (size_t k = 0; k < tb.ops.size(); ++k) {
        const Op& op = tb.ops[k];
        out.steps++;
        Tag("      <step")
            .attr("s", int64_t(k))
            .attr("type", op.type == 's'   ? "s"
                          : op.type == 'r' ? "r"
                                           : "cpy")
            .attr("srcbuf", std::string_view(&op.srcbuf, 1))
            .attr("srcoff", op.srcoff)
            .attr("dstbuf", std::string_view(&op.dstbuf, 1))
            .attr("dstoff", op.dstoff)
            .attr("cnt", op.cnt)
            .attr("depid", op.dep_tb < 0 ? -1 : int64_t(id_of[size_t(op.dep_tb)]))
            .attr("deps", op.dep_tb < 0 ? -1 : int64_t(op.dep_step))
            .attr("hasdep", op.hasdep ? 1 : 0)
            .end(x, "/>\n");
      }
      x += "    </tb>\n";
    }
    x += "  </gpu>\n";
  }
  x += "</algo>\n";
  return out;
}

}  // namespace hypercast
