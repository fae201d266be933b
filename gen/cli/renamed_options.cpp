#include "cli/renamed_options.h"

namespace hypercast {
namespace cli {

namespace {

const RenamedOption kRenamed[] = {
    {"synth", "seed", "--pnr-seeds S (the placement seed; --pnr-seeds S-T tries S..T)"},
    {"synth", "seeds", "--pnr-seeds S-T (placement seeds S..T, the best kept)"},
    {"schedule", "out", "-o/--output FILE (--out DIR is for commands that write a folder)"},
    {"export", "out", "-o/--output FILE (--out DIR is for commands that write a folder)"},
    {"tcd", "out", "-o/--output FILE (--out DIR is for commands that write a folder)"},
};

}  // namespace

const char* renamedOption(const std::string& command, const std::string& name) {
  for (const RenamedOption& r : kRenamed) {
    if (command == r.command && name == r.old_name) return r.now;
  }
  return nullptr;
}

}  // namespace cli
}  // namespace hypercast
