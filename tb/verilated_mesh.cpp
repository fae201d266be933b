// MeshRtl over the generated whole top (--rtl-model network, --prefix Vmesh):
// every tile, ROM, the barrier and the counter sum as emitted. Run from the
// generated folder so that the ROMs' $readmemh paths resolve.
#include "Vmesh.h"
#include "tb/mesh_flit_bits.h"
#include "tb/mesh_rtl.h"
#include "tb/verilated_top.h"

namespace hypercast {
namespace tb {
namespace {

class VerilatedMesh : public MeshRtl {
 public:
  explicit VerilatedMesh(const MeshRtlSetup& s) : s_(s), top_(s.wave_path, "top") {}
  void reset() override {
    top_->start_i = 0;
    top_->ld_valid_i = 0;
    top_.resetPulse();
  }
  void load(uint64_t node, uint64_t data) override {
    top_->ld_valid_i = 1;
    setBits(top_->ld_node_i, 0, s_.addrWidth(), node);
    setBits(top_->ld_data_i, 0, s_.payload_width, data);
    tick();
    top_->ld_valid_i = 0;
  }
  void start() override {
    top_->start_i = 1;
    tick();
    top_->start_i = 0;
  }
  void cycle() override { tick(); }
  model::MeshLinkWord linkOut(uint64_t x, int l) const override {
    const size_t i = x * size_t(s_.links) + size_t(l);
    model::MeshLinkWord w;
    w.valid = getBits(top_->mon_valid_o, i, 1) != 0;
    if (w.valid) w.flit = decodeMeshFlit(top_->mon_flit_o, i * size_t(s_.flitWidth()), s_);
    return w;
  }
  bool rxValid(uint64_t x) const override { return getBits(top_->rx_valid_o, x, 1) != 0; }
  uint32_t rxSrc(uint64_t x) const override {
    return static_cast<uint32_t>(
        getBits(top_->rx_src_o, x * size_t(s_.addrWidth()), s_.addrWidth()));
  }
  uint64_t rxData(uint64_t x) const override {
    return getBits(top_->rx_data_o, x * size_t(s_.payload_width), s_.payload_width);
  }
  bool go() const override { return top_->go_o; }
  bool done() const override { return top_->done_o; }
  bool err() const override { return top_->err_o; }
  uint64_t linkHeads() const override { return getBits(top_->link_heads_o, 0, 64); }
  bool has(uint64_t x) override {
    setBits(top_->rd_node_i, 0, s_.addrWidth(), x);
    top_.eval();
    return top_->rd_has_o;
  }
  uint64_t data(uint64_t x) override {
    setBits(top_->rd_node_i, 0, s_.addrWidth(), x);
    top_.eval();
    return getBits(top_->rd_data_o, 0, s_.payload_width);
  }

 private:
  void tick() {
    top_.clock(1);
    top_.clock(0);
  }
  MeshRtlSetup s_;
  VerilatedTop<Vmesh> top_;
};

}  // namespace

std::unique_ptr<MeshRtl> makeMeshRtl(const MeshRtlSetup& setup) {
  return std::make_unique<VerilatedMesh>(setup);
}

}  // namespace tb
}  // namespace hypercast
