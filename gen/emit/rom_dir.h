// Where a generated top finds its ROM images: the top's ROM_DIR parameter (the
// schedule-ROM and wormhole-mesh tops). The folder holds every image under
// rom/; ROM_DIR defaults to that relative path, so a simulator or synthesis tool
// run from the folder needs nothing, and one run from elsewhere sets it.
#pragma once

#include <string>

namespace hypercast {

// The images' folder inside a generated folder, and ROM_DIR's default.
inline const std::string kRomDir = "rom";

// The top's parameter list, its one line of documentation included.
inline std::string romDirParameterList() {
  return " #(\n  // folder of the ROM images ($readmemh): relative to the folder the simulator or\n"
         "  // synthesis tool runs in, or absolute\n  parameter ROM_DIR = \"" +
         kRomDir + "\"\n)";
}

// The ROM_FILE value of the image `file` (a path under kRomDir).
inline std::string romFileExpression(const std::string& file) {
  return "{ROM_DIR, \"" + file.substr(kRomDir.size()) + "\"}";
}

}  // namespace hypercast
