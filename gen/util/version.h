// The tool's version, as written into every generated file and --version.
#pragma once

namespace hypercast {

constexpr const char* kVersion = "0.1.0";

}  // namespace hypercast
