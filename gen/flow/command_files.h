// Every command's files, checked before any work in one place: its outputs
// against each other (util/output_file.h checkDistinctOutputs) and against its
// inputs, so that no run overwrites what it reads (`schedule --graph in.txt -o
// in.txt` is refused, not an edge list destroyed). run, export, sweep, tcd and
// regress plan all come through here.
#pragma once

#include <string>
#include <vector>

#include "util/params.h"

namespace hypercast {
namespace flow {

// A path as a command names it: the option ("--graph", "--output"), the path.
struct NamedPath {
  std::string option;
  std::string path;
};

// Refuses (Error, one line naming both options) an output file that is an input
// file (the same file by any name: a link, a hard link, another spelling;
// std::filesystem::equivalent), and an output folder that holds an input (it is
// written into, or replaced whole). Devices and FIFOs are never the same file.
void checkOutputsAgainstInputs(const std::vector<NamedPath>& inputs,
                               const std::vector<NamedPath>& output_files,
                               const std::vector<NamedPath>& output_folders);

// A command's own: inputs --graph; output files -o/--output, --trace, --wave
// (also checked against each other); output folder --out.
void checkCommandFiles(const Params& p);

}  // namespace flow
}  // namespace hypercast
