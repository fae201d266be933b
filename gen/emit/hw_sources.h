// The hand-written RTL of hw/, compiled into the tool so that `generate` writes a
// self-contained folder. The .cpp is produced by CMake from hw/*.v, each file's
// `include of the assertion vocabulary (hw/include/hc_assert.vh) inlined.
#pragma once

#include <string>
#include <vector>

namespace hypercast {

struct HwSource {
  const char* name;  // e.g. "hc_router.v"
  const char* text;
};

const std::vector<HwSource>& hwSources();

}  // namespace hypercast
