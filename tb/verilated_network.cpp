// RtlNetwork over the Verilated whole-network top (--rtl-model network, built with
// --prefix Vnet): the generated top's own wiring is what runs. Compiled per
// generated network by `hypercast simulate` (gen/flow/verilated_build.cpp); with
// VM_TRACE (a --wave run) it also writes an FST of every signal (tb/wave_dump.h).
#include "Vnet.h"
#include "tb/config_port.h"
#include "tb/rtl_network.h"
#include "tb/verilated_bits.h"
#include "tb/wave_dump.h"

namespace hypercast {
namespace tb {
namespace {

class VerilatedNetwork : public RtlNetwork {
 public:
  VerilatedNetwork(const RtlLayout& l, const RtlRunOptions& o) : l_(l), config_(o.config) {
    WaveDump::enable(ctx_, o.wave_path);
    top_.reset(new Vnet(&ctx_, "net"));
    wave_.open(*top_, o.wave_path);
  }
  ~VerilatedNetwork() override { top_->final(); }

  void reset() override {
    top_->rst_ni = 0;
    top_->clk_i = 0;
    eval();
    top_->clk_i = 1;
    eval();
    top_->clk_i = 0;
    eval();
    top_->rst_ni = 1;
    eval();
    configure(std::vector<Vnet*>{top_.get()}, config_, l_.cdw, [this] { dump(); });
  }
  void setInjection(uint64_t node, bool valid, uint64_t payload) override {
    setBits(top_->inj_valid_i, node, 1, valid ? 1 : 0);
    setBits(top_->inj_payload_i, node * static_cast<uint64_t>(l_.pw), l_.pw, payload);
  }
  void settle() override {
    top_->clk_i = 0;
    eval();
  }
  bool injReady(uint64_t node) const override { return getBits(top_->inj_ready_o, node, 1) != 0; }
  void edge() override {
    top_->clk_i = 1;
    eval();
  }
  model::Flit delivery(uint64_t node, int lane) const override {
    const uint64_t idx = node * static_cast<uint64_t>(l_.np) + static_cast<uint64_t>(lane);
    return decodeFlit(top_->dlv_valid_o, top_->dlv_data_o, idx, l_);
  }

 private:
  void eval() {
    top_->eval();
    dump();
  }
  void dump() { wave_.dump(top_->clk_i); }

  RtlLayout l_;
  std::vector<uint32_t> config_;
  VerilatedContext ctx_;
  std::unique_ptr<Vnet> top_;
  WaveDump wave_;  // after top_: closed first
};

}  // namespace

std::unique_ptr<RtlNetwork> makeRtlNetwork(const NetworkDesc&, const RtlLayout& layout,
                                           const RtlRunOptions& options) {
  return std::make_unique<VerilatedNetwork>(layout, options);
}

}  // namespace tb
}  // namespace hypercast
