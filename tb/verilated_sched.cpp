// SchedRtl over the Verilated schedule-network top (built with --prefix Vsched).
// Compiled per generated network by `hypercast simulate` (gen/flow/verilated_build.cpp);
// with VM_TRACE (a --wave run) it also writes an FST (tb/wave_dump.h). Node x's
// err_o is bit x of the top's `err` vector, which the CLI's Verilator config
// file makes public (public_flat_rd, gen/flow/schedule_network.cpp): found by name
// in the model's scopes, read in place.
#include "Vsched.h"
#include "tb/sched_rtl.h"
#include "tb/verilated_bits.h"
#include "tb/verilated_top.h"
#include "util/error.h"
#include "verilated_syms.h"

namespace hypercast {
namespace tb {
namespace {

class VerilatedSched : public SchedRtl {
 public:
  explicit VerilatedSched(const SchedRtlSetup& s)
      : np_(static_cast<uint64_t>(s.graph->ports())),
        pw_(s.payload_width),
        top_(s.wave_path, "net") {
    for (const auto& kv : *top_.context().scopeNameMap()) {
      if (VerilatedVar* v = kv.second->varFind("err")) err_ = v;
    }
    if (!err_) throw Error("the Verilated top has no public err vector (node err_o)");
  }

  void reset() override {
    top_->start_i = 0;
    top_->ld_valid_i = 0;
    top_.resetPulse();
  }
  void load(bool valid, uint64_t node, uint64_t slot, uint64_t data) override {
    top_->ld_valid_i = valid;
    setBits(top_->ld_node_i, 0, 32, node);
    setBits(top_->ld_slot_i, 0, 32, slot);
    setBits(top_->ld_data_i, 0, pw_, data);
    tick();
    top_->ld_valid_i = 0;
  }
  void start() override {
    top_->start_i = 1;
    tick();
    top_->start_i = 0;
  }
  void cycle() override { tick(); }
  bool linkValid(uint64_t node, int port) const override {
    return getBits(top_->mon_valid_o, node * np_ + static_cast<uint64_t>(port), 1) != 0;
  }
  uint64_t linkData(uint64_t node, int port) const override {
    return getBits(top_->mon_data_o, (node * np_ + static_cast<uint64_t>(port)) * uint64_t(pw_),
                   pw_);
  }
  bool done() const override { return top_->done_o != 0; }
  bool error() const override { return top_->err_o != 0; }
  bool nodeError(uint64_t node) const override {
    const void* p = err_->datap();
    switch (err_->vltype()) {
      case VLVT_UINT8:
        return ((*static_cast<const CData*>(p) >> node) & 1) != 0;
      case VLVT_UINT16:
        return ((*static_cast<const SData*>(p) >> node) & 1) != 0;
      case VLVT_UINT32:
        return ((*static_cast<const IData*>(p) >> node) & 1) != 0;
      case VLVT_UINT64:
        return ((*static_cast<const QData*>(p) >> node) & 1) != 0;
      case VLVT_WDATA:
        return ((static_cast<const EData*>(p)[node / 32] >> (node % 32)) & 1) != 0;
      default:
        throw Error("the top's err vector has an unexpected type");
    }
  }
  uint64_t read(uint64_t node, uint64_t slot) override {
    setBits(top_->rd_node_i, 0, 32, node);
    setBits(top_->rd_slot_i, 0, 32, slot);
    tick();  // a synchronous read: the slot's word is out after the clock
    return getBits(top_->rd_data_o, 0, pw_);
  }

 private:
  void tick() {
    top_.clock(0);
    top_.clock(1);
    top_.clock(0);
  }
  uint64_t np_;
  int pw_;
  VerilatedTop<Vsched> top_;
  const VerilatedVar* err_ = nullptr;  // the top's err[N-1:0], in top_
};

}  // namespace

std::unique_ptr<SchedRtl> makeSchedRtl(const SchedRtlSetup& setup) {
  return std::make_unique<VerilatedSched>(setup);
}

}  // namespace tb
}  // namespace hypercast
