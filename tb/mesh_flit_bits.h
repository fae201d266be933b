// Decodes a wormhole mesh flit (hw/hc_mesh_router.v's layout) from Verilated
// port bits: [PW-1:0] payload, [PW +: AW] source, [PW+AW +: AW] destination,
// [FW-2] tail, [FW-1] head.
#pragma once

#include "model/mesh_network.h"
#include "tb/mesh_rtl.h"
#include "tb/verilated_bits.h"

namespace hypercast {
namespace tb {

template <typename D>
model::MeshFlit decodeMeshFlit(const D& bits, size_t lsb, const MeshRtlSetup& s) {
  const int pw = s.payload_width, aw = s.addrWidth(), fw = s.flitWidth();
  model::MeshFlit f;
  f.payload = getBits(bits, lsb, pw);
  f.src = static_cast<uint32_t>(getBits(bits, lsb + size_t(pw), aw));
  f.dst = static_cast<uint32_t>(getBits(bits, lsb + size_t(pw + aw), aw));
  f.tail = getBits(bits, lsb + size_t(fw - 2), 1) != 0;
  f.head = getBits(bits, lsb + size_t(fw - 1), 1) != 0;
  return f;
}

}  // namespace tb
}  // namespace hypercast
