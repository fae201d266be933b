// Emits a hypercycle broadcast network: the router hardwired to the network's
// constants, the whole-network top, manifest.json and a FuseSoC core.
#pragma once

#include <string>
#include <vector>

#include "emit/output_dir.h"
#include "emit/rtl_layout.h"
#include "topology/hypercycle.h"

namespace hypercast {

struct HypercycleRtl {
  std::string router_module;
  std::string top_module;
  std::vector<std::string> verilog_files;  // compile order, relative to the out folder
  FileSet files;                           // everything, including manifest and core
  RtlLayout layout;
};

HypercycleRtl emitHypercycleNetwork(const Hypercycle& h, const RtlOptions& o);

}  // namespace hypercast
