// The SystemC-only mesh harness links this instead of a Verilated mesh.
#include "tb/mesh_rtl.h"

namespace hypercast {
namespace tb {

std::unique_ptr<MeshRtl> makeMeshRtl(const MeshRtlSetup&) { return nullptr; }

}  // namespace tb
}  // namespace hypercast
