// One Verilated generated top with its context and its optional FST waveform
// (tb/wave_dump.h): what every adapter over a whole generated top holds (the
// hypercycle network, its AXI4-Stream top, the schedule network, the wormhole
// mesh). Evaluations dump the waveform at the clock level just evaluated.
#pragma once

#include <memory>
#include <string>

#include "tb/wave_dump.h"

namespace hypercast {
namespace tb {

template <typename Model>
class VerilatedTop {
 public:
  // `wave_path` "" for no waveform; `name` is the top's scope name.
  VerilatedTop(const std::string& wave_path, const char* name) {
    WaveDump::enable(ctx_, wave_path);
    top_ = std::make_unique<Model>(&ctx_, name);
    wave_.open(*top_, wave_path);
  }
  ~VerilatedTop() { top_->final(); }
  VerilatedTop(const VerilatedTop&) = delete;
  VerilatedTop& operator=(const VerilatedTop&) = delete;

  Model* operator->() { return top_.get(); }
  const Model* operator->() const { return top_.get(); }
  Model* model() { return top_.get(); }
  VerilatedContext& context() { return ctx_; }

  void eval() {
    top_->eval();
    dump();
  }
  // The waveform at the clock level last evaluated (once per level).
  void dump() { wave_.dump(top_->clk_i); }
  // clk_i set to `level`, then evaluated.
  void clock(int level) {
    top_->clk_i = static_cast<uint8_t>(level);
    eval();
  }
  // rst_ni low across one rising edge of clk_i, then released (the clock low).
  void resetPulse() {
    top_->rst_ni = 0;
    clock(0);
    clock(1);
    clock(0);
    top_->rst_ni = 1;
    eval();
  }

 private:
  VerilatedContext ctx_;
  std::unique_ptr<Model> top_;
  WaveDump wave_;  // after top_: closed first
};

}  // namespace tb
}  // namespace hypercast
