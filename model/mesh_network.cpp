#include "model/mesh_network.h"

#include <algorithm>

namespace hypercast {
namespace model {

std::ostream& operator<<(std::ostream& os, const MeshLinkWord& w) {
  if (!w.valid) return os << "idle";
  return os << (w.flit.head ? "head" : "") << (w.flit.head && w.flit.tail ? "+" : "")
            << (w.flit.tail ? "tail" : "") << (!w.flit.head && !w.flit.tail ? "body" : "")
            << " flit " << w.flit.src << "->" << w.flit.dst << " payload 0x" << std::hex
            << w.flit.payload << std::dec;
}

MeshTile::MeshTile(sc_core::sc_module_name name, MeshTileConfig cfg)
    : sc_core::sc_module(name),
      clk("clk"),
      go("go"),
      step_done("step_done"),
      lin("lin", static_cast<size_t>(2 * cfg.dims)),
      lin_credit("lin_credit", static_cast<size_t>(2 * cfg.dims)),
      lout("lout", static_cast<size_t>(2 * cfg.dims)),
      lout_credit("lout_credit", static_cast<size_t>(2 * cfg.dims)),
      cfg_(std::move(cfg)),
      ports_(2 * cfg_.dims + 1) {
  const size_t p = static_cast<size_t>(ports_);
  fifo_.resize(p);
  lock_.assign(p, false);
  oval_.assign(p, false);
  icr_.assign(p, false);
  owner_.assign(p, 0);
  credit_.assign(p, cfg_.depth);
  oflit_.assign(p, MeshFlit{});
  heads_.assign(p, 0);
  nicr_ = cfg_.depth;
  SC_HAS_PROCESS(MeshTile);
  SC_METHOD(onClock);
  sensitive << clk.pos();
  dont_initialize();
}

void MeshTile::start() { start_ = true; }

uint64_t MeshTile::linkHeads() const {
  uint64_t s = 0;
  for (int o = 1; o < ports_; ++o) s += heads_[static_cast<size_t>(o)];
  return s & cfg_.heads_mask;
}

// hc_mesh_router: the lowest dimension whose coordinate differs; port 1+2j
// towards +j, 2+2j towards -j; 0 (local) at the destination.
int MeshTile::route(const MeshFlit& f) const {
  const uint32_t mask = (1u << cfg_.coord_width) - 1;
  for (int j = 0; j < cfg_.dims; ++j) {
    const uint32_t sh = static_cast<uint32_t>(j * cfg_.coord_width);
    const uint32_t dc = (f.dst >> sh) & mask, mc = (cfg_.coord >> sh) & mask;
    if (dc != mc) return dc > mc ? 1 + 2 * j : 2 + 2 * j;
  }
  return 0;
}

void MeshTile::onClock() {
  const size_t np = static_cast<size_t>(ports_);
  // Inputs, all pre-edge: the links, the node's injection into port 0, credits.
  std::vector<MeshLinkWord> in(np);
  std::vector<bool> out_credit(np, false);
  in[0] = MeshLinkWord{noval_, noflit_};
  out_credit[0] = nicr_out_;
  for (size_t l = 0; l + 1 < np; ++l) {
    in[l + 1] = lin[l].read();
    out_credit[l + 1] = lout_credit[l].read();
  }
  const bool go_now = go.read();
  // Router: what every output does this cycle.
  std::vector<bool> send(np, false), pop(np, false);
  std::vector<int> sel(np, 0);
  for (size_t o = 0; o < np; ++o) {
    bool have = false;
    int s = owner_[o];
    if (lock_[o]) {
      have = !fifo_[static_cast<size_t>(s)].empty();
    } else {
      for (size_t k = 0; k < np && !have; ++k) {
        if (!fifo_[k].empty() && fifo_[k].front().head &&
            route(fifo_[k].front()) == static_cast<int>(o)) {
          have = true;
          s = static_cast<int>(k);
        }
      }
    }
    sel[o] = s;
    send[o] = have && credit_[o] != 0;
    if (send[o]) pop[static_cast<size_t>(s)] = true;
  }
  // Node (pre-edge register values): the router's local output and credit.
  const bool n_in_valid = oval_[0];
  const MeshFlit n_in = oflit_[0];
  const bool n_out_credit = icr_[0];
  // Router registers.
  std::vector<MeshFlit> sent(np);
  for (size_t o = 0; o < np; ++o) {
    if (send[o]) sent[o] = fifo_[static_cast<size_t>(sel[o])].front();
  }
  for (size_t k = 0; k < np; ++k) {
    if (pop[k]) fifo_[k].pop_front();
    if (in[k].valid) fifo_[k].push_back(in[k].flit);
  }
  for (size_t o = 0; o < np; ++o) {
    icr_[o] = pop[o];
    oval_[o] = send[o];
    oflit_[o] = send[o] ? sent[o] : MeshFlit{};
    credit_[o] += (out_credit[o] ? 1 : 0) - (send[o] ? 1 : 0);
    if (send[o]) {
      if (sent[o].tail) {
        lock_[o] = false;
      } else if (sent[o].head) {
        lock_[o] = true;
        owner_[o] = sel[o];
      }
      if (sent[o].head) heads_[o] = (heads_[o] + 1) & cfg_.heads_mask;
    }
  }
  // Node registers (hc_mesh_node).
  const MeshStepPlan row = step_ < cfg_.plan.size() ? cfg_.plan[step_] : MeshStepPlan{};
  const bool first = fc_ == 0, last = fc_ == cfg_.flits - 1;
  const bool inject = state_ == kRun && pend_ && nicr_ != 0;
  noval_ = inject;
  noflit_ =
      inject ? MeshFlit{first, last, dst_, cfg_.coord, data_ ^ (fault_ ? 1u : 0u)} : MeshFlit{};
  nicr_ += (n_out_credit ? 1 : 0) - (inject ? 1 : 0);
  if (inject) {
    fc_ = last ? 0 : fc_ + 1;
    if (last) pend_ = false;
  }
  switch (state_) {
    case kIdle:
    case kDone:
      if (start_) {
        state_ = kFetch;
        step_ = 0;
        err_ = false;
      }
      break;
    case kFetch:
      state_ = kLatch;
      break;
    case kLatch:
      state_ = kRun;
      dst_ = row.dst;
      exp_ = row.recv;
      // The rule: a node sends only once it holds the data.
      pend_ = row.send && has_;
      if (row.send && !has_) err_ = true;
      break;
    case kRun:
      if (!pend_ && (!exp_ || got_)) {
        state_ = kWait;
        sdone_ = true;
      }
      break;
    case kWait:
      if (go_now) {
        sdone_ = false;
        got_ = false;
        if (step_ + 1 == cfg_.plan.size()) {
          state_ = kDone;
        } else {
          state_ = kFetch;
          ++step_;
        }
      }
      break;
  }
  start_ = false;
  nicr_out_ = n_in_valid;
  const bool tail = n_in_valid && n_in.tail;
  rxv_ = tail;
  if (tail) {
    got_ = true;
    has_ = true;
    data_ = n_in.payload;
    rxs_ = n_in.src;
    rxd_ = n_in.payload;
  }
  // Outputs.
  for (size_t l = 0; l + 1 < np; ++l) {
    lout[l].write(MeshLinkWord{oval_[l + 1], oflit_[l + 1]});
    lin_credit[l].write(icr_[l + 1]);
  }
  step_done.write(sdone_);
}

MeshNetwork::MeshNetwork(sc_core::sc_module_name name, const MeshNetworkConfig& cfg,
                         const WormholeSchedule& s)
    : sc_core::sc_module(name),
      links_(2 * static_cast<int>(cfg.extents.size())),
      clk_("clk"),
      go_("go"),
      idle_("idle"),
      no_credit_("no_credit") {
  const int d = static_cast<int>(cfg.extents.size());
  int k = 0;
  while ((1 << k) < cfg.extents[0]) ++k;
  uint64_t n = 1;
  for (int e : cfg.extents) n *= static_cast<uint64_t>(e);
  const int sum_width = cfg.heads_width + [&] {
    int b = 1;
    while ((n >> b) != 0) ++b;
    return b;
  }();
  sum_mask_ = sum_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << sum_width) - 1;
  // Per node and step: what it sends and whether it receives, from the messages.
  std::vector<std::vector<MeshStepPlan>> plans(n, std::vector<MeshStepPlan>(s.steps.size()));
  for (size_t t = 0; t < s.steps.size(); ++t) {
    for (const WormholeMessage& m : s.steps[t]) {
      plans[m.from][t].send = true;
      plans[m.from][t].dst = m.to;
      plans[m.to][t].recv = true;
    }
  }
  for (uint64_t x = 0; x < n; ++x) {
    MeshTileConfig tc;
    tc.dims = d;
    tc.coord = static_cast<uint32_t>(x);
    tc.coord_width = k;
    tc.depth = cfg.depth;
    tc.flits = cfg.flits;
    tc.payload_mask =
        cfg.payload_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << cfg.payload_width) - 1;
    tc.heads_mask = (uint64_t{1} << cfg.heads_width) - 1;
    tc.plan = std::move(plans[x]);
    const std::string xs = std::to_string(x);
    tiles_.push_back(std::make_unique<MeshTile>(("t" + xs).c_str(), std::move(tc)));
    sdone_.push_back(std::make_unique<sc_core::sc_signal<bool>>(("sdone" + xs).c_str()));
    for (int l = 0; l < links_; ++l) {
      const std::string ls = xs + "_" + std::to_string(l);
      lout_.push_back(std::make_unique<sc_core::sc_signal<MeshLinkWord>>(("lout" + ls).c_str()));
      lcredit_.push_back(std::make_unique<sc_core::sc_signal<bool>>(("lcredit" + ls).c_str()));
    }
  }
  const int side = cfg.extents[0];
  for (uint64_t x = 0; x < n; ++x) {
    MeshTile& t = *tiles_[x];
    t.clk(clk_);
    t.go(go_);
    t.step_done(*sdone_[x]);
    for (int l = 0; l < links_; ++l) {
      const size_t li = static_cast<size_t>(l);
      t.lout[li](*lout_[x * static_cast<uint64_t>(links_) + li]);
      t.lin_credit[li](*lcredit_[x * static_cast<uint64_t>(links_) + li]);
      // The tile across link l receives on its link l^1.
      const int j = l / 2;
      const uint64_t w = uint64_t{1} << (j * k);
      const int c = static_cast<int>((x >> (j * k)) & static_cast<uint64_t>(side - 1));
      const int cn = c + (l % 2 ? -1 : 1);
      if (cn < 0 || cn >= side) {
        t.lin[li](idle_);
        t.lout_credit[li](no_credit_);
        continue;
      }
      const uint64_t y = l % 2 ? x - w : x + w;
      const uint64_t yl = y * static_cast<uint64_t>(links_) + static_cast<uint64_t>(l ^ 1);
      t.lin[li](*lout_[yl]);
      t.lout_credit[li](*lcredit_[yl]);
    }
  }
  SC_HAS_PROCESS(MeshNetwork);
  SC_METHOD(barrier);
  for (auto& sd : sdone_) sensitive << *sd;
}

void MeshNetwork::barrier() {
  bool all = true;
  for (const auto& sd : sdone_) all = all && sd->read();
  go_.write(all);
}

void MeshNetwork::start() {
  for (auto& t : tiles_) t->start();
}

void MeshNetwork::cycle() {
  clk_.write(true);
  sc_core::sc_start(500, sc_core::SC_PS);
  clk_.write(false);
  sc_core::sc_start(500, sc_core::SC_PS);
}

uint64_t MeshNetwork::linkHeads() const {
  uint64_t s = 0;
  for (const auto& t : tiles_) s += t->linkHeads();
  return s & sum_mask_;
}

}  // namespace model
}  // namespace hypercast
