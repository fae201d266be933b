#include "checker/msccl_executor.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <tuple>
#include <utility>

namespace hypercast {
namespace checker {

namespace {

constexpr int64_t kEmpty = -1;
constexpr size_t kMaxErrors = 50;

// A transmission as the parser stores it: a real step with the dependencies
// of the nop steps before it and its own.
struct Transmission {
  const MscclStep* step = nullptr;
  uint32_t dep_begin = 0, dep_count = 0;  // in Run::deps_
  int32_t counter = 0;  // the kernel's step number once it has run (its flag value)
};

// One connection's FIFO, and the threadblocks waiting for room in it.
struct Fifo {
  std::deque<int64_t> chunks;
  std::deque<uint32_t> entries;  // each send's cnt, oldest first
  std::vector<size_t> waiting;
};

struct Block {
  size_t gpu = 0;
  const MscclTb* tb = nullptr;
  std::vector<Transmission> trans;
  size_t next = 0;
  Fifo* in = nullptr;   // from the recv peer, on the block's channel
  Fifo* out = nullptr;  // to the send peer
  bool queued = false, at_receive = false;
};

struct GpuState {
  std::vector<int64_t> i, o, s;
  std::vector<int64_t> flag;    // by threadblock id: its flag (-1: none yet)
  std::vector<size_t> waiting;  // blocks waiting for a flag of this GPU to rise
};

using FifoKey = std::tuple<int32_t, int32_t, int32_t>;  // (from, to, channel)
constexpr int32_t kMaxTbId = 1 << 16;

class Run {
 public:
  Run(const MscclAlgo& a, const CollectiveProblem& p, const MscclRunOptions& o, MscclRunReport& r)
      : a_(a), p_(p), o_(o), r_(r) {}

  void go() {
    if (!agrees()) return;
    setUp();
    if (r_.error_count) return;
    loop();
    if (r_.error_count) return;
    for (const auto& [key, f] : fifo_) {
      if (!f.entries.empty()) {
        error("GPU " + std::to_string(std::get<0>(key)) + " sent " +
              std::to_string(f.chunks.size()) + " chunks to GPU " +
              std::to_string(std::get<1>(key)) + " on channel " + std::to_string(std::get<2>(key)) +
              " that were never received");
      }
    }
    postcondition();
  }

 private:
  void error(const std::string& e) {
    ++r_.error_count;
    if (r_.errors.size() < kMaxErrors) r_.errors.push_back(e);
  }

  uint64_t m() const { return p_.messages; }
  uint64_t n() const { return p_.nodes; }

  int64_t key(uint64_t origin, int64_t dest, uint64_t msg) const {
    return static_cast<int64_t>(
        packetKey(n(), p_.messages, uint32_t(origin), int32_t(dest), uint32_t(msg)));
  }

  std::string chunk(int64_t v) const {
    if (v == kEmpty) return "nothing";
    const uint64_t k = uint64_t(v);
    const int32_t dest = packetDest(n(), p_.messages, k);
    return "(" + std::to_string(packetOrigin(n(), p_.messages, k)) +
           (dest == kAllNodes ? std::string(" to all") : " to " + std::to_string(dest)) +
           ", message " + std::to_string(packetMsg(p_.messages, k)) + ")";
  }

  bool agrees() {
    const bool all = p_.collective == Collective::kMultinodeBroadcast ||
                     p_.collective == Collective::kTotalExchange;
    const int64_t per_loop = int64_t(all ? n() * m() : m());
    if (a_.coll != runtimeCollective(p_.collective) || a_.ngpus != int64_t(n()) ||
        a_.nchunksperloop != per_loop) {
      error("the file is a " + a_.coll + " on " + std::to_string(a_.ngpus) + " GPUs with " +
            std::to_string(a_.nchunksperloop) + " chunks per loop; expected a " +
            runtimeCollective(p_.collective) + " on " + std::to_string(n()) + " with " +
            std::to_string(per_loop));
      return false;
    }
    return true;
  }

  void setUp() {
    gpus_.resize(n());
    gpu_pos_.assign(n(), SIZE_MAX);
    for (size_t gi = 0; gi < a_.gpus.size(); ++gi) {
      if (a_.gpus[gi].id >= 0 && uint64_t(a_.gpus[gi].id) < n())
        gpu_pos_[size_t(a_.gpus[gi].id)] = gi;
    }
    for (uint64_t g = 0; g < n(); ++g) {
      GpuState& st = gpus_[g];
      switch (p_.collective) {
        case Collective::kMultinodeBroadcast:
          st.i.assign(m(), kEmpty);
          st.o.assign(n() * m(), kEmpty);
          for (uint64_t k = 0; k < m(); ++k) st.i[k] = key(g, kAllNodes, k);
          break;
        case Collective::kTotalExchange:
          st.i.assign(n() * m(), kEmpty);
          st.o.assign(n() * m(), kEmpty);
          for (uint64_t d = 0; d < n(); ++d) {
            for (uint64_t k = 0; k < m(); ++k) st.i[d * m() + k] = key(g, int64_t(d), k);
          }
          break;
        case Collective::kBroadcast:
          st.i.assign(m(), kEmpty);
          st.o.assign(m(), kEmpty);
          if (g == p_.root) {
            for (uint64_t k = 0; k < m(); ++k) st.i[k] = key(g, kAllNodes, k);
          }
          break;
        case Collective::kScatter:
          st.i.assign(n() * m(), kEmpty);
          st.o.assign(m(), kEmpty);
          if (g == p_.root) {
            for (uint64_t d = 0; d < n(); ++d) {
              for (uint64_t k = 0; k < m(); ++k) st.i[d * m() + k] = key(g, int64_t(d), k);
            }
          }
          break;
      }
      if (gpu_pos_[g] == SIZE_MAX) {
        error("the file has no <gpu> with id " + std::to_string(g));
        continue;
      }
      const MscclGpu& gpu = a_.gpus[gpu_pos_[g]];
      st.s.assign(size_t(std::max<int64_t>(gpu.s_chunks, 0)), kEmpty);
      for (const MscclTb& tb : gpu.tbs) {
        if (tb.id < 0 || tb.id >= kMaxTbId) {
          error("GPU " + std::to_string(g) + " has threadblock id " + std::to_string(tb.id));
          return;
        }
        if (size_t(tb.id) >= st.flag.size()) st.flag.resize(size_t(tb.id) + 1, -1);
        Block b;
        b.gpu = g;
        b.tb = &tb;
        if (tb.recv >= 0) b.in = &fifo_[{tb.recv, int32_t(g), tb.chan}];
        if (tb.send >= 0) b.out = &fifo_[{int32_t(g), tb.send, tb.chan}];
        Transmission t;
        t.dep_begin = uint32_t(deps_.size());
        for (const MscclStep& step : tb.steps) {
          if (step.depid >= 0) deps_.emplace_back(step.depid, step.deps), ++t.dep_count;
          if (step.type == MscclStepType::kNop) continue;
          t.step = &step;
          b.trans.push_back(t);
          t = Transmission{};
          t.dep_begin = uint32_t(deps_.size());
        }
        blocks_.push_back(std::move(b));
      }
    }
  }

  std::vector<int64_t>* buffer(size_t g, char buf) {
    GpuState& st = gpus_[g];
    return buf == 'i' ? &st.i : buf == 'o' ? &st.o : &st.s;
  }

  std::string where(const Block& b, const MscclStep& s) const {
    return "GPU " + std::to_string(b.gpu) + " tb " + std::to_string(b.tb->id) + " step " +
           std::to_string(s.s) + " (line " + std::to_string(s.line) + ")";
  }

  int64_t flagOf(size_t g, int32_t bid) const {
    const std::vector<int64_t>& f = gpus_[g].flag;
    return bid >= 0 && size_t(bid) < f.size() ? f[size_t(bid)] : -1;
  }

  bool depsMet(const Block& b, const Transmission& t) const {
    for (uint32_t k = 0; k < t.dep_count; ++k) {
      const auto& [bid, step] = deps_[t.dep_begin + k];
      if (flagOf(b.gpu, bid) < step) return false;
    }
    return true;
  }

  // Reads cnt cells for a send or a copy.
  bool read(const Block& b, const MscclStep& s, std::vector<int64_t>& out) {
    std::vector<int64_t>* buf = buffer(b.gpu, s.srcbuf);
    if (s.srcoff < 0 || size_t(s.srcoff) + size_t(s.cnt) > buf->size()) {
      error(where(b, s) + " reads " + s.srcbuf + "[" + std::to_string(s.srcoff) +
            "], outside the buffer's " + std::to_string(buf->size()) + " chunks");
      return false;
    }
    out.assign(buf->begin() + s.srcoff, buf->begin() + s.srcoff + s.cnt);
    for (int64_t v : out) {
      if (v == kEmpty) {
        error(where(b, s) + " reads " + s.srcbuf + "[" + std::to_string(s.srcoff) +
              "] before anything was written there (a missing dependency?)");
        return false;
      }
    }
    return true;
  }

  bool write(const Block& b, const MscclStep& s, const std::vector<int64_t>& data) {
    std::vector<int64_t>* buf = buffer(b.gpu, s.dstbuf);
    if (s.dstoff < 0 || size_t(s.dstoff) + data.size() > buf->size()) {
      error(where(b, s) + " writes " + s.dstbuf + "[" + std::to_string(s.dstoff) +
            "], outside the buffer's " + std::to_string(buf->size()) + " chunks");
      return false;
    }
    for (size_t k = 0; k < data.size(); ++k) {
      int64_t& cell = (*buf)[size_t(s.dstoff) + k];
      if (s.dstbuf != 's' && cell != kEmpty && cell != data[k]) {
        error(where(b, s) + " overwrites " + s.dstbuf + "[" + std::to_string(size_t(s.dstoff) + k) +
              "], holding " + chunk(cell) + ", with " + chunk(data[k]));
        return false;
      }
      cell = data[k];
    }
    return true;
  }

  // Runs the block's next transmission if it is of the phase's kind and may.
  bool step(Block& b, bool receives) {
    if (b.next >= b.trans.size()) return false;
    Transmission& t = b.trans[b.next];
    const MscclStep& s = *t.step;
    if (receivesFromPeer(s.type) != receives || !depsMet(b, t)) return false;
    if (receives && (!b.in || b.in->entries.empty())) return false;
    if (sendsToPeer(s.type) &&
        (!b.out || (o_.fifo_capacity && b.out->entries.size() >= o_.fifo_capacity))) {
      return false;
    }
    std::vector<int64_t>& data = data_;
    switch (s.type) {
      case MscclStepType::kS:
        if (!read(b, s, data)) return false;
        push(*b.out, data);
        break;
      case MscclStepType::kR:
      case MscclStepType::kRcs: {
        const uint32_t got = b.in->entries.front();
        b.in->entries.pop_front();
        data.assign(b.in->chunks.begin(), b.in->chunks.begin() + got);
        b.in->chunks.erase(b.in->chunks.begin(), b.in->chunks.begin() + got);
        wake(b.in->waiting);
        if (int32_t(got) != s.cnt) {
          error(where(b, s) + " receives " + std::to_string(s.cnt) + " chunks; the send sent " +
                std::to_string(got));
          return false;
        }
        r_.chunks_moved += got;
        if (!write(b, s, data)) return false;
        if (s.type == MscclStepType::kRcs) push(*b.out, data);
        break;
      }
      case MscclStepType::kCpy:
        if (!read(b, s, data) || !write(b, s, data)) return false;
        break;
      default:
        error(where(b, s) + ": a " + toString(s.type) + " step (a reduction) is not executed here");
        return false;
    }
    // The kernel's counter: nop dependencies before it advance it.
    const int32_t base = b.next == 0 ? 0 : b.trans[b.next - 1].counter + 1;
    t.counter = base + (t.dep_count == 0 ? 0 : int32_t(t.dep_count) - 1);
    if (s.hasdep) {
      gpus_[b.gpu].flag[size_t(b.tb->id)] = t.counter;
      wake(gpus_[b.gpu].waiting);
    }
    if (++b.next == b.trans.size()) ++finished_;
    ++r_.steps_run;
    return true;
  }

  static void push(Fifo& f, const std::vector<int64_t>& data) {
    f.chunks.insert(f.chunks.end(), data.begin(), data.end());
    f.entries.push_back(uint32_t(data.size()));
  }

  void enqueue(size_t bi) {
    if (!blocks_[bi].queued) {
      blocks_[bi].queued = true;
      queue_.push_back(bi);
    }
  }

  void wake(std::vector<size_t>& waiting) {
    for (size_t bi : waiting) enqueue(bi);
    waiting.clear();
  }

  // Files a block that cannot go on by what it waits for.
  void park(size_t bi) {
    Block& b = blocks_[bi];
    if (b.next >= b.trans.size()) return;
    const Transmission& t = b.trans[b.next];
    if (!depsMet(b, t)) {
      gpus_[b.gpu].waiting.push_back(bi);
    } else if (receivesFromPeer(t.step->type)) {
      if (!b.at_receive) {
        b.at_receive = true;
        receiving_.push_back(bi);
      }
    } else if (b.out) {
      b.out->waiting.push_back(bi);  // a full FIFO
    }
  }

  // Rounds: every send and copy that may run, runs; then one receive per
  // threadblock that waits at one.
  void loop() {
    for (size_t bi = 0; bi < blocks_.size(); ++bi) {
      if (blocks_[bi].trans.empty()) ++finished_;
      enqueue(bi);
    }
    for (;;) {
      ++r_.rounds;
      bool progress = false;
      while (!queue_.empty()) {
        const size_t bi = queue_.back();
        queue_.pop_back();
        blocks_[bi].queued = false;
        while (step(blocks_[bi], false)) progress = true;
        if (r_.error_count) return;
        park(bi);
      }
      std::vector<size_t> now;
      now.swap(receiving_);
      for (size_t bi : now) {
        blocks_[bi].at_receive = false;
        if (step(blocks_[bi], true)) {
          progress = true;
          enqueue(bi);
        } else {
          park(bi);
        }
        if (r_.error_count) return;
      }
      if (finished_ == blocks_.size()) return;
      if (!progress) {
        deadlock();
        return;
      }
    }
  }

  void deadlock() {
    r_.deadlock = true;
    uint64_t stuck = 0;
    for (Block& b : blocks_) {
      if (b.next == b.trans.size()) continue;
      ++stuck;
      const Transmission& t = b.trans[b.next];
      std::string why;
      for (uint32_t k = 0; k < t.dep_count; ++k) {
        const auto& [bid, st] = deps_[t.dep_begin + k];
        if (flagOf(b.gpu, bid) < st) {
          why = "tb " + std::to_string(bid) + " step " + std::to_string(st) + " (its flag is " +
                std::to_string(flagOf(b.gpu, bid)) + ")";
          break;
        }
      }
      if (why.empty() && receivesFromPeer(t.step->type)) {
        why = "a chunk from GPU " + std::to_string(b.tb->recv) + " on channel " +
              std::to_string(b.tb->chan);
      } else if (why.empty()) {
        why = "room in the FIFO to GPU " + std::to_string(b.tb->send);
      }
      if (stuck <= 8) error("deadlock: " + where(b, *t.step) + " waits for " + why);
    }
    error("deadlock: " + std::to_string(stuck) + " threadblocks can never finish");
  }

  void postcondition() {
    for (uint64_t g = 0; g < n(); ++g) {
      const std::vector<int64_t>& o = gpus_[g].o;
      for (uint64_t j = 0; j < o.size(); ++j) {
        int64_t want = kEmpty;
        switch (p_.collective) {
          case Collective::kMultinodeBroadcast:
            want = key(j / m(), kAllNodes, j % m());
            break;
          case Collective::kTotalExchange:
            want = key(j / m(), int64_t(g), j % m());
            break;
          case Collective::kBroadcast:
            want = key(p_.root, kAllNodes, j);
            break;
          case Collective::kScatter:
            want = key(p_.root, int64_t(g), j);
            break;
        }
        if (o[j] != want) {
          error("GPU " + std::to_string(g) + " ends with " + chunk(o[j]) + " in o[" +
                std::to_string(j) + "], not " + chunk(want));
        }
      }
    }
  }

  const MscclAlgo& a_;
  const CollectiveProblem& p_;
  const MscclRunOptions& o_;
  MscclRunReport& r_;
  std::vector<GpuState> gpus_;
  std::vector<size_t> gpu_pos_;
  std::vector<Block> blocks_;
  std::map<FifoKey, Fifo> fifo_;  // node-based: blocks keep pointers
  std::vector<size_t> queue_, receiving_;
  std::vector<std::pair<int32_t, int32_t>> deps_;  // (threadblock id, step) of every transmission
  std::vector<int64_t> data_;                      // the chunks a step moves
  size_t finished_ = 0;
};

}  // namespace

MscclRunReport runMscclAlgo(const MscclAlgo& algo, const CollectiveProblem& problem,
                            const MscclRunOptions& options) {
  MscclRunReport r;
  Run(algo, problem, options, r).go();
  r.ok = r.error_count == 0;
  return r;
}

}  // namespace checker
}  // namespace hypercast
