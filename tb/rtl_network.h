// What the harness needs of a cycle-based RTL network model. Implemented over a
// Verilated top in tb/verilated_network.cpp (compiled per generated network).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "emit/rtl_layout.h"
#include "model/flit.h"
#include "topology/network.h"

namespace hypercast {
namespace tb {

class RtlNetwork {
 public:
  virtual ~RtlNetwork() = default;
  virtual void reset() = 0;
  virtual void setInjection(uint64_t node, bool valid, uint64_t payload) = 0;
  // Settle the combinational logic for the current inputs (clock low).
  virtual void settle() = 0;
  virtual bool injReady(uint64_t node) const = 0;
  // Rising clock edge.
  virtual void edge() = 0;
  virtual model::Flit delivery(uint64_t node, int lane) const = 0;
  // The AXI4-Stream top (<name>_axis_top, tb/verilated_axis.cpp) only: whether
  // the model has m_axis ports; m_axis_tready of `node` for the coming cycle;
  // what its m_axis shows now (valid; origin = tuser, payload = tdata). The
  // delivery lanes are inside it: delivery() shows none.
  virtual bool hasAxis() const { return false; }
  virtual void setSinkReady(uint64_t, bool) {}
  virtual model::Flit axisShown(uint64_t) const { return model::Flit(); }
};

struct RtlRunOptions {
  // Programmable routers (layout.programmable): reset() also streams these words
  // into the routers and waits for cfg_done_o; it throws Error if they flag
  // cfg_err_o or never finish.
  std::vector<uint32_t> config;
  // FST waveform of every signal, from reset on (models built with tracing only).
  std::string wave_path;
};

// Returns nullptr in the SystemC-only harness.
std::unique_ptr<RtlNetwork> makeRtlNetwork(const NetworkDesc& net, const RtlLayout& layout,
                                           const RtlRunOptions& options);

}  // namespace tb
}  // namespace hypercast
