// RtlNetwork over the Verilated whole-network top (--rtl-model network, built with
// --prefix Vnet): the generated top's own wiring is what runs. Compiled per
// generated network by `hypercast simulate` (gen/cli/rtl_build.cpp).
#include "Vnet.h"
#include "tb/rtl_network.h"
#include "tb/verilated_bits.h"

namespace hypercast {
namespace tb {
namespace {

class VerilatedNetwork : public RtlNetwork {
 public:
  explicit VerilatedNetwork(const RtlLayout& l) : l_(l), top_(new Vnet(&ctx_, "net")) {}
  ~VerilatedNetwork() override { top_->final(); }

  void reset() override {
    top_->rst_ni = 0;
    top_->clk_i = 0;
    top_->eval();
    top_->clk_i = 1;
    top_->eval();
    top_->clk_i = 0;
    top_->eval();
    top_->rst_ni = 1;
    top_->eval();
  }
  void setInjection(uint64_t node, bool valid, uint64_t payload) override {
    setBits(top_->inj_valid_i, node, 1, valid ? 1 : 0);
    setBits(top_->inj_payload_i, node * static_cast<uint64_t>(l_.pw), l_.pw, payload);
  }
  void settle() override {
    top_->clk_i = 0;
    top_->eval();
  }
  bool injReady(uint64_t node) const override { return getBits(top_->inj_ready_o, node, 1) != 0; }
  void edge() override {
    top_->clk_i = 1;
    top_->eval();
  }
  model::Flit delivery(uint64_t node, int lane) const override {
    const uint64_t idx = node * static_cast<uint64_t>(l_.np) + static_cast<uint64_t>(lane);
    return decodeFlit(top_->dlv_valid_o, top_->dlv_data_o, idx, l_);
  }

 private:
  RtlLayout l_;
  VerilatedContext ctx_;
  std::unique_ptr<Vnet> top_;
};

}  // namespace

std::unique_ptr<RtlNetwork> makeRtlNetwork(const Hypercycle&, const RtlLayout& layout) {
  return std::make_unique<VerilatedNetwork>(layout);
}

}  // namespace tb
}  // namespace hypercast
