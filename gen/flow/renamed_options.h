// Options a command no longer takes, or never took though a user may expect it:
// typed, they are a one-line error that names the new spelling or says why
// (never silently another meaning).
#pragma once

#include <string>

namespace hypercast {
namespace flow {

struct RenamedOption {
  const char* command;
  const char* old_name;  // a long name without "--", or a short option as typed ("-o")
  const char* message;   // the whole error: the new spelling, or why not
};

// The message for `name` given to `command`; nullptr when there is none.
const char* renamedOption(const std::string& command, const std::string& name);

}  // namespace flow
}  // namespace hypercast
