// Emits a hypercycle broadcast network: the router hardwired to the network's
// constants, the whole-network top, manifest.json and a FuseSoC core.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "emit/axis_top.h"
#include "emit/output_dir.h"
#include "emit/rtl_layout.h"
#include "topology/network.h"

namespace hypercast {

struct HypercycleRtl {
  std::string name;  // the folder's name (emit/design_name.h): <name>.f, .sdc, .core
  std::string router_module;
  std::string top_module;
  std::string axis_top_module;             // empty unless Endpoints::kAxis
  std::string axis_testbench;              // its testbench file, relative to the out folder
  std::vector<std::string> verilog_files;  // compile order, relative to the out folder
  FileSet files;                           // everything, including manifest and core
  RtlLayout layout;
};

// What `generate` adds around the network: the AXI4-Stream top and its
// testbench, the clock target of the SDC file, and the folder's name.
struct FolderOptions {
  Endpoints endpoints = Endpoints::kNative;
  std::string name;            // --name (emit/design_name.h); empty: the hypercycle's name
  int target_mhz = 100;        // the SDC's clock (kDefaultTargetMhz)
  int testbench_per_node = 0;  // broadcasts per node in the testbench (0: chosen from N)
};

// `net` is a hypercycle (Hypercycle::of). Endpoints::kAxis needs the hardwired router.
HypercycleRtl emitHypercycleNetwork(const NetworkDesc& net, const RtlOptions& o,
                                    const FolderOptions& f = FolderOptions{});

// The largest router top `generate` writes: nodes x degree port ends (the
// prototype's G^{2,2,2,2}_{15^4} has 810,000; the top takes about 40 bytes per
// port end, C_2000<1..1000> with 4 million wrote 170 MB, so the limit is a top of
// about 45 MB).
constexpr uint64_t kMaxTopPortEnds = uint64_t{1} << 20;

// Refuses (hypercast::Error) a network whose router top exceeds kMaxTopPortEnds.
void checkTopSize(const NetworkDesc& net);

// What Endpoints::kAxis needs of the router options, refused (hypercast::Error)
// otherwise: the hardwired router, and a payload width of whole bytes
// (AXI4-Stream's tdata is whole bytes).
void checkAxisEndpoints(const RtlOptions& o);

}  // namespace hypercast
