// generate's --name NAME, every kind of network: the name the generated folder
// uses for its files, its FuseSoC core and the modules it generates
// (emit/design_name.h).
#pragma once

#include <string>

#include "util/params.h"

namespace hypercast {
namespace flow {

// --name checked (Error, one line, before any work), or "" without it: the
// network's own name.
std::string designName(const Params& a);

}  // namespace flow
}  // namespace hypercast
