#include "model/router_core.h"

#include <stdexcept>

namespace hypercast {
namespace model {

std::ostream& operator<<(std::ostream& os, const Flit& f) {
  if (!f.valid) return os << "idle";
  return os << "{origin " << f.origin << ", wd " << f.wd << ", wc " << f.wc << ", vc " << int(f.vc)
            << ", payload 0x" << std::hex << f.payload << std::dec
            << (f.epoch != 0 ? ", epoch " + std::to_string(f.epoch) : std::string()) << "}";
}

RouterCore::RouterCore(const RouterTables& t, int ndim, int depth, uint32_t addr,
                       std::vector<bool> wrap, bool fair, int hop_cycles, bool grouped,
                       EpochRule epochs)
    : t_(t),
      np_(static_cast<int>(t.port_dim.size())),
      ns_(2 * np_ + 1),
      ndim_(ndim),
      depth_(static_cast<size_t>(depth)),
      addr_(addr),
      wrap_(std::move(wrap)),
      fifo_(static_cast<size_t>(2 * np_)),
      sent_(static_cast<size_t>(ns_), 0),
      may_request_(static_cast<size_t>(ns_), 0),
      credit_(static_cast<size_t>(2 * np_), 0),
      fair_(fair),
      rr_(static_cast<size_t>(2 * np_), 0),
      pri1_(static_cast<size_t>(np_), 0),
      grouped_(static_cast<size_t>(np_), false),
      odd_(static_cast<size_t>(2 * np_), std::vector<uint8_t>(static_cast<size_t>(np_ + 1), 0)),
      hop_cycles_(hop_cycles),
      fly_(static_cast<size_t>(np_), -1),
      epochs_(epochs),
      lout_(static_cast<size_t>(np_)),
      credit_out_(static_cast<size_t>(np_), 0),
      dlv_(static_cast<size_t>(np_)) {
  if (np_ > 64) throw std::invalid_argument("router model supports at most 64 ports");
  if (hop_cycles_ != 1 && hop_cycles_ != 2) {
    throw std::invalid_argument("router model: hop_cycles must be 1 or 2");
  }
  if (epochs_.on() && (epochs_.window < 2 || epochs_.window > 64 || epochs_.quota < 1)) {
    throw std::invalid_argument(
        "router model: epochs need a window of 2 to 64 and a quota of at least 1");
  }
  // hc_router_core's p_epoch: EPOCH = 1 needs FAIR = 0 (the injection goes last
  // under round robin; the fair arbiters have no such rule).
  if (epochs_.on() && fair_) {
    throw std::invalid_argument(
        "router model: epochs need round-robin arbitration, not fair (hc_router_core: EPOCH = 1 "
        "needs FAIR = 0)");
  }
  const std::vector<bool> ok = requestSources(t_);
  for (size_t q = 0; q < static_cast<size_t>(np_); ++q) {
    for (size_t s = 0; s < static_cast<size_t>(ns_); ++s) {
      if (ok[q * static_cast<size_t>(ns_) + s]) may_request_[s] |= uint64_t{1} << q;
    }
  }
  // The RTL's GROUP_OUT: with fair, each of the output's two arbiters is two-level;
  // with epochs (never with fair, above) the injection goes last, outside the
  // arbiter, and is not counted.
  if (grouped) grouped_ = groupedArbiterOutputs(t_, epochs_.on());
  for (int q = 0; q < np_; ++q) {
    credit_[static_cast<size_t>(2 * q)] = depth;
    credit_[static_cast<size_t>(2 * q + 1)] = t_.two_vc[static_cast<size_t>(q)] ? depth : 0;
  }
}

uint64_t RouterCore::heldEpochs() const {
  if (!epochs_.on()) return 0;
  const uint32_t w = static_cast<uint32_t>(epochs_.window);
  uint64_t held = inj_member_ ? uint64_t{1} << (inj_epoch_ % w) : 0;
  for (const auto& f : fifo_) {
    for (const Flit& x : f) held |= uint64_t{1} << (x.epoch % w);
  }
  for (const Flit& x : lout_) {
    if (x.valid) held |= uint64_t{1} << (x.epoch % w);
  }
  return held;
}

size_t RouterCore::heldFlits() const {
  size_t held = 0;
  for (const auto& f : fifo_) held += f.size();
  for (const Flit& x : lout_) held += x.valid ? 1 : 0;
  return held;
}

void RouterCore::clock(const std::vector<Flit>& lin, const std::vector<uint8_t>& credit_in,
                       bool inj_valid, uint64_t inj_payload, uint32_t head_epoch) {
  const size_t np = static_cast<size_t>(np_), ns = static_cast<size_t>(ns_), inj = 2 * np;
  std::vector<Flit> head(ns);
  std::vector<bool> match(2 * np, false);
  for (size_t p = 0; p < np; ++p) {
    for (size_t v = 0; v < 2; ++v) {
      if (v == 1 && !t_.two_vc[p]) continue;
      const size_t s = 2 * p + v;
      match[s] = lin[p].valid && (t_.two_vc[p] ? lin[p].vc == (v == 1) : true);
      if (!fifo_[s].empty()) {
        head[s] = fifo_[s].front();
      } else if (match[s]) {
        head[s] = lin[p];
      }
    }
  }
  if (epochs_.on()) {
    // The injection takes the youngest open epoch if the node's quota there
    // is not spent; the quota starts afresh when that epoch changes.
    const uint32_t young = head_epoch + static_cast<uint32_t>(epochs_.window) - 1;
    if (quota_epoch_ != young) {
      quota_epoch_ = young;
      quota_used_ = 0;
    }
    if (inj_member_ && inj_epoch_ < head_epoch) {
      throw std::logic_error("router model: the head epoch passed a packet still offered");
    }
    if (inj_valid && !inj_member_ && quota_used_ < epochs_.quota) {
      inj_member_ = true;
      inj_epoch_ = young;
      ++quota_used_;
    }
    inj_valid = inj_valid && inj_member_;
  }
  if (inj_valid) {
    head[inj].valid = true;
    head[inj].epoch = inj_epoch_;
    head[inj].origin = addr_;
    head[inj].wd = static_cast<uint32_t>(ndim_ + 1);
    head[inj].wc = 0;
    head[inj].payload = inj_payload;
  }

  // Needs, per-output decisions and requests. fly[s] bit q: q's grant to s is in
  // flight (hop_cycles 2).
  std::vector<uint64_t> need(ns, 0), fwd(ns, 0), ovc(ns, 0), fly(ns, 0);
  for (size_t q = 0; q < np; ++q) {
    if (fly_[q] >= 0) fly[static_cast<size_t>(fly_[q])] |= uint64_t{1} << q;
  }
  for (size_t s = 0; s < ns; ++s) {
    const Flit& h = head[s];
    if (!h.valid) continue;
    if (epochs_.on() && h.epoch < head_epoch) {
      throw std::logic_error("router model: the head epoch passed a packet still in the network");
    }
    // The RTL takes a head's wd from its input port's dimension (requestSources).
    if (s < inj && h.wd != static_cast<uint32_t>(t_.port_dim[s / 2])) {
      throw std::logic_error(
          "router model: a packet arrived with wd other than its port's dimension");
    }
    for (size_t q = 0; q < np; ++q) {
      const uint64_t bit = uint64_t{1} << q;
      const bool is_fwd = s < inj && static_cast<size_t>(t_.fwd_port[s / 2]) == q && h.wc > 1;
      const bool lower = static_cast<uint32_t>(t_.port_dim[q]) < h.wd && t_.orig_wc[q] != 0;
      if (is_fwd) fwd[s] |= bit;
      if (((sent_[s] | fly[s]) & bit) == 0 && (is_fwd || lower)) need[s] |= bit;
      if (t_.two_vc[q] && (wrap_[q] || (is_fwd && h.vc))) ovc[s] |= bit;
    }
    if ((need[s] & ~may_request_[s]) != 0) {
      throw std::logic_error("router model: a head needs an output outside requestSources()");
    }
  }
  // The flit output q sends for head w.
  auto outFlit = [&](size_t w, size_t q) {
    const uint64_t bit = uint64_t{1} << q;
    const Flit& h = head[w];
    if (!h.valid) throw std::logic_error("router model: a granted head left before it was sent");
    const bool f = (fwd[w] & bit) != 0;
    Flit o;
    o.valid = true;
    o.vc = (ovc[w] & bit) != 0;
    o.origin = h.origin;
    o.wd = f ? h.wd : static_cast<uint32_t>(t_.port_dim[q]);
    o.wc = f ? h.wc - 1 : static_cast<uint32_t>(t_.orig_wc[q]);
    o.payload = payload_fault_ ? h.payload ^ 1 : h.payload;
    o.epoch = h.epoch;
    return o;
  };
  std::vector<uint64_t> gnt(ns, 0);
  std::vector<Flit> next_out(np);
  std::vector<int> next_fly(np, -1);
  for (size_t q = 0; q < np; ++q) {
    const uint64_t bit = uint64_t{1} << q;
    auto avail = [&](size_t v) {
      if (v == 1 && !t_.two_vc[q]) return false;
      return credit_[2 * q + v] != 0 || ((credit_in[q] >> v) & 1) != 0;
    };
    // Head s requests q: it needs q, q's downstream VC for it is `vc` (any VC when
    // vc < 0), and that VC has a credit.
    bool skip_inj = false;  // pick among the input VCs only
    auto asks = [&](size_t s, int vc) {
      if (s >= ns || stalled_ || (need[s] & bit) == 0 || (skip_inj && s == inj)) return false;
      const int v = (ovc[s] & bit) ? 1 : 0;
      return (vc < 0 || v == vc) && avail(static_cast<size_t>(v));
    };
    // The first requester at or after pointer `ptr` among those whose downstream
    // VC is `vc` (any VC when vc < 0).
    auto pick = [&](int ptr, int vc) {
      for (size_t i = 0; i < ns; ++i) {
        size_t s = static_cast<size_t>(ptr) + i;
        if (s >= ns) s -= ns;
        if (asks(s, vc)) return static_cast<int>(s);
      }
      return -1;
    };
    // Two levels (hc_group_arbiter) over the requesters whose downstream VC is
    // `vc` (any VC when vc < 0), with the groups' pointer rr_[slot] and group bits
    // odd_[slot]: the first group at or after the pointer with a requester; in it,
    // VC 1 when only it asks or the group's bit says so.
    const size_t ng = (ns + 1) / 2;
    auto pickGrouped = [&](size_t slot, int vc) {
      for (size_t i = 0; i < ng; ++i) {
        const size_t g = (static_cast<size_t>(rr_[slot]) + i) % ng;
        const bool r0 = asks(2 * g, vc), r1 = asks(2 * g + 1, vc);
        if (r0 || r1) return static_cast<int>(2 * g + ((r1 && (odd_[slot][g] || !r0)) ? 1 : 0));
      }
      return -1;
    };
    auto pickIn = [&](size_t slot, int vc) {
      return grouped_[q] ? pickGrouped(slot, vc) : pick(rr_[slot], vc);
    };
    int win = -1;
    size_t ptr_slot = 2 * q;
    // With epochs the injection goes last: it is granted only when no input VC
    // asks for q, and such a grant leaves the pointer where it is.
    const bool inj_last = epochs_.on();
    if (inj_last) {
      skip_inj = true;
      win = pickIn(2 * q, -1);
      skip_inj = false;
      if (win < 0 && asks(inj, -1)) win = static_cast<int>(inj);
    } else if (fair_ && t_.two_vc[q]) {
      const int w0 = pickIn(2 * q, 0), w1 = pickIn(2 * q + 1, 1);
      const bool take1 = w1 >= 0 && (w0 < 0 || pri1_[q]);
      if (w0 >= 0 && w1 >= 0) pri1_[q] = !take1;
      win = take1 ? w1 : w0;
      ptr_slot = 2 * q + (take1 ? 1 : 0);
    } else {
      win = pickIn(2 * q, -1);
    }
    bool used_vc[2] = {false, false};
    if (win >= 0) {
      const size_t w = static_cast<size_t>(win);
      gnt[w] |= bit;
      if (inj_last && w == inj) {
        // the injection's grant leaves the pointer where it is
      } else if (grouped_[q]) {
        const size_t g = w / 2;
        rr_[ptr_slot] = static_cast<int>((g + 1) % ng);
        odd_[ptr_slot][g] = (w % 2 == 0) ? 1 : 0;
      } else {
        rr_[ptr_slot] = (w == ns - 1) ? 0 : win + 1;
      }
      used_vc[(ovc[w] & bit) ? 1 : 0] = true;
    }
    // One cycle per hop: send the winner now; two: send last cycle's winner,
    // and keep this one in flight.
    if (hop_cycles_ == 1) {
      if (win >= 0) next_out[q] = outFlit(static_cast<size_t>(win), q);
    } else {
      if (fly_[q] >= 0) next_out[q] = outFlit(static_cast<size_t>(fly_[q]), q);
      next_fly[q] = win;
    }
    for (size_t v = 0; v < 2; ++v) {
      const bool ret = ((credit_in[q] >> v) & 1) != 0;
      if (v == 1 && !t_.two_vc[q]) continue;
      if (ret && !used_vc[v]) ++credit_[2 * q + v];
      if (used_vc[v] && !ret) --credit_[2 * q + v];
    }
  }

  // State updates.
  std::vector<uint8_t> next_credit(np, 0);
  for (size_t s = 0; s < ns; ++s) {
    // One cycle per hop: a head leaves with its last grant; two: in the cycle
    // after, when nothing it needs is left without a grant.
    const uint64_t now = hop_cycles_ == 1 ? gnt[s] : 0;
    const bool done = head[s].valid && (need[s] & ~now) == 0;
    sent_[s] = done ? 0 : (sent_[s] | (hop_cycles_ == 1 ? gnt[s] : fly[s]));
    if (s == inj) {
      accepted_ = done;
      if (done) inj_member_ = false;
      continue;
    }
    if (done) next_credit[s / 2] = static_cast<uint8_t>(next_credit[s / 2] | (1u << (s % 2)));
    const size_t p = s / 2;
    auto& f = fifo_[s];
    const bool was_empty = f.empty();
    if (!was_empty && done) f.pop_front();
    if (match[s] && !(was_empty && done)) {
      if (f.size() >= depth_) throw std::logic_error("router model: input buffer overflow");
      f.push_back(lin[p]);
    }
  }
  fly_ = std::move(next_fly);
  lout_ = std::move(next_out);
  credit_out_ = std::move(next_credit);
  dlv_ = lin;
}

}  // namespace model
}  // namespace hypercast
