// The clock target every network's commands take (--target-mhz): the clock of
// the SDC file `generate` writes, and nextpnr's --freq in `synth`.
#pragma once

#include "util/params.h"

namespace hypercast {
namespace flow {

// --target-mhz MHZ, 1..kMaxTargetMhz (emit/tool_files.h), kDefaultTargetMhz without it.
int targetMhz(const Params& a);

}  // namespace flow
}  // namespace hypercast
