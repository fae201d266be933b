// RtlNetwork over N instances of one Verilated router (--rtl-model wired, built
// with --prefix Vrouter from the generated router wrapper): the harness wires the
// links and credit returns each cycle from the topology layer, exactly as the
// generated top does. Exact because every signal between routers is a register
// output: all routers see their neighbours' pre-edge outputs, then all clock.
// The router's code is compiled once, so large networks build in seconds. With
// admission by epochs it keeps the top's head epoch (hw/hc_epoch_head.v) too.
#include <vector>

#include "Vrouter.h"
#include "tb/config_port.h"
#include "tb/rtl_network.h"
#include "tb/verilated_bits.h"
#include "topology/hypercycle.h"
#include "topology/port_graph.h"

namespace hypercast {
namespace tb {
namespace {

// hw/hc_epoch_head.v's registers, clocked with the routers' flags before the edge.
struct EpochHead {
  bool any = true, snap1 = false, snap2 = false, h = false;
  // h after the next clock edge (hc_epoch_head's hn_o, each router's epoch_hn_i)
  bool next() const { return h != (!any && snap2 == h); }
  void clock(bool busy) {
    const bool n = next();
    any = busy;
    snap2 = snap1;
    snap1 = h;
    h = n;
  }
};

class VerilatedRouters : public RtlNetwork {
 public:
  VerilatedRouters(const NetworkDesc& net, const RtlLayout& l, const std::vector<uint32_t>& config)
      : l_(l), config_(config) {
    const size_t np = static_cast<size_t>(net.ports());
    const PortGraph g = PortGraph::build(net);
    for (uint64_t x = 0; x < net.nodes(); ++x) {
      r_.emplace_back(new Vrouter(&ctx_, ("n" + std::to_string(x)).c_str()));
      Vrouter& r = *r_.back();
      setNodeStraps(r, net, l, x);
      for (size_t p = np; p < static_cast<size_t>(l.router_np); ++p) {  // idle ports
        setBits(r.lin_valid_i, p, 1, 0);
        setBits(r.lin_data_i, p * static_cast<size_t>(l.fw), l.fw, 0);
        setBits(r.lout_credit_i, 2 * p, 2, 0);
      }
      for (size_t p = 0; p < np; ++p) {
        up_.push_back(g.drivenBy(x, static_cast<int>(p)));
        down_.push_back(g.drives(x, static_cast<int>(p)));
      }
    }
  }
  ~VerilatedRouters() override {
    for (auto& r : r_) r->final();
  }

  void reset() override {
    for (int phase = 0; phase < 4; ++phase) {
      for (auto& r : r_) {
        r->rst_ni = phase < 3 ? 0 : 1;
        r->clk_i = phase == 1 ? 1 : 0;
        r->eval();
      }
    }
    head_ = EpochHead();
    std::vector<Vrouter*> all;
    for (auto& r : r_) all.push_back(r.get());
    configure(all, config_, l_.cdw);
  }
  void setInjection(uint64_t node, bool valid, uint64_t payload) override {
    r_[node]->inj_valid_i = valid ? 1 : 0;
    setBits(r_[node]->inj_payload_i, 0, l_.pw, payload);
  }
  void settle() override {
    // The network uses ports 0..np-1 of each router; a programmable router's
    // others stay zero.
    const size_t np = static_cast<size_t>(l_.np), fw = static_cast<size_t>(l_.fw);
    for (size_t x = 0; x < r_.size(); ++x) {
      Vrouter& r = *r_[x];
      for (size_t p = 0; p < np; ++p) {
        const PortEnd up = up_[x * np + p], down = down_[x * np + p];
        const Vrouter& u = *r_[up.node];
        const Vrouter& d = *r_[down.node];
        const size_t q = static_cast<size_t>(up.port), c = static_cast<size_t>(down.port);
        setBits(r.lin_valid_i, p, 1, getBits(u.lout_valid_o, q, 1));
        copyBits(r.lin_data_i, p * fw, u.lout_data_o, q * fw, l_.fw);
        setBits(r.lout_credit_i, 2 * p, 2, getBits(d.lin_credit_o, 2 * c, 2));
      }
    }
    for (auto& r : r_) {
      r->epoch_hn_i = head_.next() ? 1 : 0;
      r->clk_i = 0;
      r->eval();
    }
  }
  bool injReady(uint64_t node) const override { return r_[node]->inj_ready_o != 0; }
  void edge() override {
    bool busy = false;
    for (auto& r : r_) busy = busy || r->epoch_busy_o != 0;
    for (auto& r : r_) {
      r->clk_i = 1;
      r->eval();
    }
    if (l_.epoch) head_.clock(busy);
  }
  model::Flit delivery(uint64_t node, int lane) const override {
    return decodeFlit(r_[node]->dlv_valid_o, r_[node]->dlv_data_o, static_cast<size_t>(lane), l_);
  }

 private:
  RtlLayout l_;
  std::vector<uint32_t> config_;
  VerilatedContext ctx_;
  std::vector<std::unique_ptr<Vrouter>> r_;
  std::vector<PortEnd> up_, down_;
  EpochHead head_;  // [x*NP+p]: what drives input p, what output p drives
};

}  // namespace

std::unique_ptr<RtlNetwork> makeRtlNetwork(const NetworkDesc& net, const RtlLayout& layout,
                                           const RtlRunOptions& options) {
  if (!options.wave_path.empty()) {
    throw Error("waveforms need the whole-top model (--rtl-model network)");
  }
  return std::make_unique<VerilatedRouters>(net, layout, options.config);
}

}  // namespace tb
}  // namespace hypercast
