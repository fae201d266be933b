// What the mesh broadcast harness (tb/mesh_harness.cpp) needs of the Verilated
// wormhole mesh. Two implementations, compiled per mesh by `hypercast
// simulate` (gen/flow/verilated_build.cpp):
//   tb/verilated_mesh.cpp        the generated whole top (--rtl-model network)
//   tb/verilated_mesh_tiles.cpp  hc_mesh_tile Verilated once, N copies wired
//                                as the top wires them, each ROM played from
//                                its image (--rtl-model wired)
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/mesh_network.h"

namespace hypercast {
namespace tb {

class MeshRtl {
 public:
  virtual ~MeshRtl() = default;
  virtual void reset() = 0;
  virtual void load(uint64_t node, uint64_t data) = 0;  // one cycle
  virtual void start() = 0;                             // one cycle with start_i
  virtual void cycle() = 0;
  virtual model::MeshLinkWord linkOut(uint64_t node, int link) const = 0;
  virtual bool rxValid(uint64_t node) const = 0;
  virtual uint32_t rxSrc(uint64_t node) const = 0;
  virtual uint64_t rxData(uint64_t node) const = 0;
  virtual bool go() const = 0;
  virtual bool done() const = 0;
  virtual bool err() const = 0;
  virtual uint64_t linkHeads() const = 0;
  virtual bool has(uint64_t node) = 0;
  virtual uint64_t data(uint64_t node) = 0;
};

struct MeshRtlSetup {
  int dims = 2, coord_width = 1, payload_width = 32;
  uint64_t nodes = 0;
  int links = 4;
  std::vector<std::string> roms;  // tiles model: node x's image
  int rom_word_bits = 0;
  int steps = 0;
  int flits = 1;
  std::string wave_path;
  int flitWidth() const { return 2 + 2 * dims * coord_width + payload_width; }
  int addrWidth() const { return dims * coord_width; }
};

// nullptr in the SystemC-only harness.
std::unique_ptr<MeshRtl> makeMeshRtl(const MeshRtlSetup& setup);

}  // namespace tb
}  // namespace hypercast
