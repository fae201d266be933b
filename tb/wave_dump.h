// FST waveforms of a Verilated model (`simulate --wave FILE.fst`). The harness
// adapters are compiled with VM_TRACE=1 and the model with --trace-fst only when a
// waveform is asked for; without them, asking for one is an error. Time advances
// 5 units per clock level (10 per cycle, the clock rising at 5 of each cycle): one
// dump per level, so a second evaluation at the same level (reset's release, a
// load or read port) shows up at the next one.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "util/error.h"
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

namespace hypercast {
namespace tb {

class WaveDump {
 public:
  // Before the model is constructed.
  static void enable(VerilatedContext& ctx, const std::string& path) {
    if (path.empty()) return;
#if VM_TRACE
    ctx.traceEverOn(true);
#else
    (void)ctx;
    throw Error("this model was built without tracing");
#endif
  }
  template <typename M>
  void open(M& model, const std::string& path) {
    if (path.empty()) return;
#if VM_TRACE
    // A missing folder is made, as for every output file (util/output_file.h).
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    if (!folder.empty()) std::filesystem::create_directories(folder, ec);
    if (ec) throw Error("cannot write --wave " + path + ": " + ec.message());
    fst_.reset(new VerilatedFstC);
    model.trace(fst_.get(), 99);
    fst_->open(path.c_str());
    if (!fst_->isOpen()) throw Error("cannot write --wave " + path);
#else
    (void)model;
#endif
  }
  // After every evaluation, with the clock level just evaluated.
  void dump(int clk) {
#if VM_TRACE
    if (!fst_ || (dumped_ && clk == last_clk_)) return;
    if (dumped_) t_ += 5;
    dumped_ = true;
    last_clk_ = clk;
    fst_->dump(t_);
#else
    (void)clk;
#endif
  }
  ~WaveDump() {
#if VM_TRACE
    if (fst_) fst_->close();
#endif
  }

 private:
#if VM_TRACE
  std::unique_ptr<VerilatedFstC> fst_;
  uint64_t t_ = 0;
  bool dumped_ = false;
  int last_clk_ = 0;
#endif
};

}  // namespace tb
}  // namespace hypercast
