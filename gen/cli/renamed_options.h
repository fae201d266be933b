// Options whose spelling changed, per command: typed the old way, they are a
// one-line error that names the new spelling (never silently another meaning).
#pragma once

#include <string>

namespace hypercast {
namespace cli {

struct RenamedOption {
  const char* command;
  const char* old_name;  // without "--"
  const char* now;       // the new spelling and a word on its use
};

// "--pnr-seeds S[-T] (the placement seeds)" for ("synth", "seed"); nullptr when
// `name` was never an option of `command`.
const char* renamedOption(const std::string& command, const std::string& name);

}  // namespace cli
}  // namespace hypercast
