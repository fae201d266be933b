#include "model/sched_node.h"

namespace hypercast {
namespace model {

std::ostream& operator<<(std::ostream& os, const LinkWord& w) {
  if (!w.valid) return os << "idle";
  return os << "payload 0x" << std::hex << w.payload << std::dec;
}

SchedNode::SchedNode(sc_core::sc_module_name name, int np, NodePlan plan,
                     std::shared_ptr<const std::vector<RomRow>> rom, const StoreShape& store)
    : sc_core::sc_module(name),
      clk("clk"),
      lin("lin", static_cast<size_t>(np)),
      lout("lout", static_cast<size_t>(np)),
      np_(static_cast<size_t>(np)),
      plan_(std::move(plan)),
      rom_(std::move(rom)),
      store_(store),
      mem_(size_t{store.banks} * store.depth),
      rdq_(store.banks),
      arr_(static_cast<size_t>(np)),
      now_(static_cast<size_t>(np)),
      out_(static_cast<size_t>(np)) {
  rows_ = rom_->empty() ? 0 : rom_->size() - 1;
  SC_HAS_PROCESS(SchedNode);
  SC_METHOD(onClock);
  sensitive << clk.pos();
  dont_initialize();
}

void SchedNode::error(const std::string& what) {
  if (errors_.size() < 10) errors_.push_back(std::string(name()) + " " + what);
}

SchedNode::Word* SchedNode::at(uint32_t bank, uint32_t addr) {
  if (bank >= store_.banks || addr >= store_.depth) return nullptr;
  return &mem_[size_t{bank} * store_.depth + addr];
}

void SchedNode::load(uint64_t slot, uint64_t key, uint64_t payload) {
  const uint32_t bank = static_cast<uint32_t>(slot >> store_.addr_width);
  const uint32_t addr = static_cast<uint32_t>(slot & ((uint64_t{1} << store_.addr_width) - 1));
  if (Word* w = at(bank, addr)) {
    *w = Word{true, payload, key};
  } else {
    error("loads slot " + std::to_string(slot) + ", outside its store");
  }
}

std::pair<uint64_t, uint64_t> SchedNode::read(uint64_t slot) const {
  const uint64_t bank = slot >> store_.addr_width;
  const uint64_t addr = slot & ((uint64_t{1} << store_.addr_width) - 1);
  if (bank >= store_.banks || addr >= store_.depth) return {0, kNoPacket};
  const Word& w = mem_[bank * store_.depth + addr];
  return {w.payload, w.valid ? w.packet : kNoPacket};
}

void SchedNode::clear() {
  for (Word& w : mem_) w = Word{};
  for (Word& w : rdq_) w = Word{};
  done_ = false;
}

void SchedNode::start() {
  running_ = rows_ > 0;
  done_ = false;
  row_ = 0;
  for (Word& w : arr_) w = Word{};
  if (rom_->empty()) return;
  const RomRow& w0 = rom_->front();
  for (uint32_t b = 0; b < store_.banks && b < w0.read.size(); ++b) {
    if (!w0.read[b].valid) continue;
    const Word* w = at(b, w0.read[b].addr);
    rdq_[b] = w ? *w : Word{};
    if (!w) error("start cycle: bank " + std::to_string(b) + " reads beyond its depth");
  }
}

void SchedNode::onClock() {
  for (size_t p = 0; half_duplex_ && running_ && p < np_; ++p) {
    if (out_[p].valid && lin[p].read().valid) {
      error("row " + std::to_string(row_) + ": half-duplex link on port " + std::to_string(p) +
            " driven from both ends");
    }
  }
  for (auto& w : out_) w = LinkWord{};
  if (!running_) {
    for (Word& w : arr_) w = Word{};
  } else {
    const RomRow& word = (*rom_)[row_ + 1];
    const uint64_t* sends = &plan_.sends[row_ * np_];
    const uint64_t* recvs = &plan_.recvs[row_ * np_];
    // Built only for an error.
    auto where = [&] { return "row " + std::to_string(row_); };
    // This row's arrivals, each named by the packet the schedule sends on it.
    std::vector<Word>& now = now_;
    for (size_t q = 0; q < np_; ++q) {
      const LinkWord l = lin[q].read();
      now[q] = Word{l.valid, l.payload, recvs[q] == kNoSend ? kNoPacket : recvs[q]};
      if (recvs[q] != kNoSend && !l.valid) {
        error(where() + ": no packet on input port " + std::to_string(q));
      }
    }
    // Sends: from the words before this clock edge (banks' read words, the
    // arrivals now and of the row before).
    for (size_t p = 0; p < np_; ++p) {
      const SendField& sf = word.send[p];
      uint64_t got = kNoSend;
      if (sf.valid) {
        Word src;
        if (sf.kind == SendKind::kStore && sf.index < store_.banks) {
          src = rdq_[sf.index];
        } else if (sf.kind == SendKind::kLink && sf.index < np_) {
          src = now[sf.index];
        } else if (sf.kind == SendKind::kLate && sf.index < np_) {
          src = arr_[sf.index];
        }
        out_[p] = LinkWord{true, src.payload ^ (flip_ ? 1u : 0u)};
        got = src.valid ? src.packet : kNoPacket;
      }
      if (got != sends[p] && !fault_.found) {
        fault_ = SendFault{true, row_, static_cast<int>(p), sends[p], got, out_[p]};
      }
    }
    // The banks at the edge: each read returns the word before this row's write.
    for (uint32_t b = 0; b < store_.banks; ++b) {
      if (!word.read[b].valid) continue;
      const Word* w = at(b, word.read[b].addr);
      rdq_[b] = w ? *w : Word{};
      if (!w) error(where() + ": bank " + std::to_string(b) + " reads beyond its depth");
    }
    for (uint32_t b = 0; b < store_.banks; ++b) {
      const WriteField& wf = word.write[b];
      if (!wf.valid) continue;
      Word* w = at(b, wf.addr);
      if (!w || wf.port >= np_) {
        error(where() + ": bank " + std::to_string(b) + " writes beyond its depth or ports");
        continue;
      }
      *w = now[wf.port];
    }
    arr_.swap(now_);
    if (++row_ == rows_) {
      running_ = false;
      done_ = true;
    }
  }
  for (size_t p = 0; p < np_; ++p) lout[p].write(out_[p]);
}

}  // namespace model
}  // namespace hypercast
