// What the schedule harness needs of a Verilated network of schedule-driven
// nodes. Two implementations, compiled per generated network by `hypercast
// simulate` (gen/flow/verilated_build.cpp):
//   tb/verilated_sched.cpp        the generated whole-network top (--rtl-model network);
//                                 each node's err_o is read from the top's err
//                                 vector, made public by the CLI's Verilator
//                                 config file (gen/flow/schedule_network.cpp)
//   tb/verilated_sched_nodes.cpp  hc_sched_node Verilated once, N copies wired
//                                 from the port graph, each ROM loaded from its
//                                 image at start-up (--rtl-model wired)
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "topology/port_graph.h"

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
  virtual bool error() const = 0;                   // some node's err_o
  virtual bool nodeError(uint64_t node) const = 0;  // node's own err_o
  virtual uint64_t read(uint64_t node, uint64_t slot) = 0;
};

struct SchedRtlSetup {
  const PortGraph* graph = nullptr;
  int payload_width = 32;
  std::string wave_path;          // FST waveform (whole-top models built with tracing)
  std::vector<std::string> roms;  // node x's ROM image ($readmemh text), wired-node model
                                  // (the whole top reads rom/*.hex from its folder)
  int rom_word_bits = 0;
  uint32_t rom_rows = 0;
};

// nullptr in the SystemC-only harness.
std::unique_ptr<SchedRtl> makeSchedRtl(const SchedRtlSetup& setup);

}  // namespace tb
}  // namespace hypercast
