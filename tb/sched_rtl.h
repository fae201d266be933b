// What the schedule harness needs of the Verilated schedule-network top
// (tb/verilated_sched.cpp, compiled per generated network).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace hypercast {
namespace tb {

class SchedRtl {
 public:
  virtual ~SchedRtl() = default;
  virtual void reset() = 0;
  // One clock cycle with the given load-port values (valid = false: no load).
  virtual void load(bool valid, uint64_t node, uint64_t slot, uint64_t data) = 0;
  // One clock cycle with start_i high.
  virtual void start() = 0;
  // One clock cycle, no inputs.
  virtual void cycle() = 0;
  virtual bool linkValid(uint64_t node, int port) const = 0;
  virtual uint64_t linkData(uint64_t node, int port) const = 0;
  virtual bool done() const = 0;
  virtual bool error() const = 0;
  virtual uint64_t read(uint64_t node, uint64_t slot) = 0;
};

// nullptr in the SystemC-only harness. A non-empty wave_path writes an FST
// waveform (models built with tracing only).
std::unique_ptr<SchedRtl> makeSchedRtl(uint64_t nodes, int ports, int payload_width,
                                       const std::string& wave_path);

}  // namespace tb
}  // namespace hypercast
