// Which hypercast binary this is, for the regression's content hashes: the
// linker's GNU build id of the running executable (a hash of its contents), or,
// where the linker wrote none, a hash of /proc/self/exe. A rebuilt tool that
// differs in any byte runs every job again.
#pragma once

#include <string>

namespace hypercast {
namespace regress {

// Hex text; computed once per process.
const std::string& buildId();

// The running executable's absolute path (/proc/self/exe resolved).
std::string selfExe();

}  // namespace regress
}  // namespace hypercast
