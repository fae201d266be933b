// The name of a generated folder's network (`generate --name`): the stem of its
// <name>.f, <name>.sdc and <name>.core, of its ROM images, slot map and port
// graph, the name in its FuseSoC VLNV and the manifest's `name`, and the prefix
// of every module the folder generates (<name>_top, <name>_router, ...; a
// combining network's top is <name> itself). Without --name it is the name the
// network's kind makes (hc_m8x6x5_r3x2x1, cube3_mnb, mesh_4x4_wh_s5, cube3_gsum).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace hypercast {

// The longest name --name takes.
constexpr size_t kMaxDesignName = 64;

// Throws Error (one line) unless `name` is a letter followed by letters, digits
// and '_', at most kMaxDesignName characters: a Verilog identifier and a file
// name everywhere.
void checkDesignName(const std::string& name);

// `given` (checked) when not empty, else `fallback`.
std::string designName(const std::string& given, const std::string& fallback);

// Throws Error when one of `modules` (the modules a folder generates) is a
// module of hw/ (hc_router, hc_fifo, ...), which every folder also compiles:
// a --name such as "hc" (hc_router) or "hc_fifo" (a combining top).
void checkGeneratedModules(const std::vector<std::string>& modules);

}  // namespace hypercast
