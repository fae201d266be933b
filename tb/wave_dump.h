// FST waveforms of a Verilated model (`simulate --wave FILE.fst`). The harness
// adapters are compiled with VM_TRACE=1 and the model with --trace-fst only when a
// waveform is asked for; without them, asking for one is an error. Time advances
// 5 units per clock level (10 per cycle, the clock rising at 5 of each cycle): one
// dump per level, so a second evaluation at the same level (reset's release, a
// load or read port) shows up at the next one.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>

#include "util/error.h"
#include "util/interrupt.h"
#include "util/output_file.h"
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
    // Written as every output file is (util/output_file.h): into a temporary
    // file beside the path (missing folders made), renamed over it when the
    // run ends; an error or an interrupt leaves the path as it was. The FST
    // writer's hierarchy file beside it goes too.
    out_.reset(new OutputFile(path, "--wave"));
    const std::string at = out_->writePath();
    if (at.empty()) throw Error("cannot write --wave " + path + ": not a regular file");
    {
      interrupt::BlockSignals block;
      hier_ = interrupt::TempPath(at + ".hier");
    }
    fst_.reset(new VerilatedFstC);
    model.trace(fst_.get(), 99);
    fst_->open(at.c_str());
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
  // The run ended (whatever its verdict: a waveform is most wanted after a
  // divergence): the file goes into place. Unwinding from an error, it does
  // not, and the path stays as it was. A failure to put it in place (the
  // folder gone) is the harness's refusal: one line, the temporary files
  // removed, exit 2.
  ~WaveDump() {
#if VM_TRACE
    if (!fst_) return;
    fst_->close();
    fst_.reset();
    if (std::uncaught_exceptions() > 0) return;
    try {
      out_->commitNamed();
    } catch (const Error& e) {
      interrupt::removeRegistered();
      std::fflush(stdout);
      std::fprintf(stderr, "hc-harness: %s\n", e.what());
      std::_Exit(2);
    }
#endif
  }

 private:
#if VM_TRACE
  std::unique_ptr<OutputFile> out_;
  interrupt::TempPath hier_;
  std::unique_ptr<VerilatedFstC> fst_;
  uint64_t t_ = 0;
  bool dumped_ = false;
  int last_clk_ = 0;
#endif
};

}  // namespace tb
}  // namespace hypercast
