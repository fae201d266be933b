// RtlNetwork over the Verilated whole-network top (--rtl-model network, built with
// --prefix Vnet): the generated top's own wiring is what runs. Compiled per
// generated network by `hypercast simulate` (gen/flow/verilated_build.cpp); with
// VM_TRACE (a --wave run) it also writes an FST of every signal (tb/wave_dump.h).
#include "Vnet.h"
#include "tb/config_port.h"
#include "tb/rtl_network.h"
#include "tb/verilated_bits.h"
#include "tb/verilated_top.h"

namespace hypercast {
namespace tb {
namespace {

class VerilatedNetwork : public RtlNetwork {
 public:
  VerilatedNetwork(const RtlLayout& l, const RtlRunOptions& o)
      : l_(l), config_(o.config), top_(o.wave_path, "net") {}

  void reset() override {
    top_.resetPulse();
    configure(std::vector<Vnet*>{top_.model()}, config_, l_.cdw, [this] { top_.dump(); });
  }
  void setInjection(uint64_t node, bool valid, uint64_t payload) override {
    setBits(top_->inj_valid_i, node, 1, valid ? 1 : 0);
    setBits(top_->inj_payload_i, node * static_cast<uint64_t>(l_.pw), l_.pw, payload);
  }
  void settle() override { top_.clock(0); }
  bool injReady(uint64_t node) const override { return getBits(top_->inj_ready_o, node, 1) != 0; }
  void edge() override { top_.clock(1); }
  model::Flit delivery(uint64_t node, int lane) const override {
    const uint64_t idx = node * static_cast<uint64_t>(l_.np) + static_cast<uint64_t>(lane);
    return decodeFlit(top_->dlv_valid_o, top_->dlv_data_o, idx, l_);
  }

 private:
  RtlLayout l_;
  std::vector<uint32_t> config_;
  VerilatedTop<Vnet> top_;
};

}  // namespace

std::unique_ptr<RtlNetwork> makeRtlNetwork(const NetworkDesc&, const RtlLayout& layout,
                                           const RtlRunOptions& options) {
  return std::make_unique<VerilatedNetwork>(layout, options);
}

}  // namespace tb
}  // namespace hypercast
