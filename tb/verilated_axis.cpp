// RtlNetwork over the Verilated <name>_axis_top (simulate --endpoints axis, built
// with --prefix Vnet): the generated top with an hc_axis_endpoint per node, its
// s_axis ports driven as the injection port and its m_axis ports compared with
// the model's endpoints (model/axis_endpoint.h). Compiled per generated network
// by `hypercast simulate` (gen/flow/router_network.cpp); with VM_TRACE (a --wave
// run) it also writes an FST of every signal (tb/wave_dump.h).
#include "Vnet.h"
#include "tb/rtl_network.h"
#include "tb/verilated_bits.h"
#include "tb/verilated_top.h"

namespace hypercast {
namespace tb {
namespace {

class VerilatedAxis : public RtlNetwork {
 public:
  VerilatedAxis(const RtlLayout& l, const RtlRunOptions& o) : l_(l), top_(o.wave_path, "net") {}

  void reset() override {
    for (uint64_t x = 0; x < nodes(); ++x) setBits(top_->m_axis_tready_i, x, 1, 1);
    top_.resetPulse();
  }
  void setInjection(uint64_t node, bool valid, uint64_t payload) override {
    setBits(top_->s_axis_tvalid_i, node, 1, valid ? 1 : 0);
    setBits(top_->s_axis_tdata_i, node * static_cast<uint64_t>(l_.pw), l_.pw, payload);
  }
  void settle() override { top_.clock(0); }
  bool injReady(uint64_t node) const override {
    return getBits(top_->s_axis_tready_o, node, 1) != 0;
  }
  void edge() override { top_.clock(1); }
  model::Flit delivery(uint64_t, int) const override { return model::Flit(); }
  bool hasAxis() const override { return true; }
  void setSinkReady(uint64_t node, bool ready) override {
    setBits(top_->m_axis_tready_i, node, 1, ready ? 1 : 0);
  }
  model::Flit axisShown(uint64_t node) const override {
    model::Flit f;
    f.valid = getBits(top_->m_axis_tvalid_o, node, 1) != 0;
    if (f.valid) {
      f.origin = static_cast<uint32_t>(
          getBits(top_->m_axis_tuser_o, node * static_cast<uint64_t>(l_.aw), l_.aw));
      f.payload = getBits(top_->m_axis_tdata_o, node * static_cast<uint64_t>(l_.pw), l_.pw);
    }
    return f;
  }

 private:
  uint64_t nodes() const { return static_cast<uint64_t>(l_.nodes); }

  RtlLayout l_;
  VerilatedTop<Vnet> top_;
};

}  // namespace

std::unique_ptr<RtlNetwork> makeRtlNetwork(const NetworkDesc&, const RtlLayout& layout,
                                           const RtlRunOptions& options) {
  return std::make_unique<VerilatedAxis>(layout, options);
}

}  // namespace tb
}  // namespace hypercast
