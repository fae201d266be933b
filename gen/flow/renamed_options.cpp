#include "flow/renamed_options.h"

namespace hypercast {
namespace flow {

namespace {

constexpr const char* kOutIsOutput =
    "--out is now -o/--output FILE here (--out DIR is for commands that write a folder)";
constexpr const char* kOutputIsOut =
    "-o/--output FILE is for the commands that write one file; this one writes a folder: --out "
    "DIR";

const RenamedOption kRenamed[] = {
    {"synth", "seed",
     "--seed is now --pnr-seeds S (the placement seed; --pnr-seeds S-T tries S..T)"},
    {"synth", "seeds", "--seeds is now --pnr-seeds S-T (placement seeds S..T, the best kept)"},
    {"synth", "freq",
     "--freq is now --target-mhz MHZ (the clock target, as generate's: a hypercycle's SDC clock)"},
    {"schedule", "out", kOutIsOutput},
    {"export", "out", kOutIsOutput},
    {"tcd", "out", kOutIsOutput},
    {"generate", "-o", kOutputIsOut},
    {"sweep", "-o", kOutputIsOut},
    {"synth", "-o", kOutputIsOut},
    {"export", "links", "export writes GPU schedules over full-duplex links: drop --links"},
};

}  // namespace

const char* renamedOption(const std::string& command, const std::string& name) {
  for (const RenamedOption& r : kRenamed) {
    if (command == r.command && name == r.old_name) return r.message;
  }
  return nullptr;
}

}  // namespace flow
}  // namespace hypercast
