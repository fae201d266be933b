// Writes a set of files into a folder.
//
// writeOutputTree (generate): the set becomes the folder's whole content,
// all-or-nothing. The complete tree is written into a staging folder beside DIR
// and then swapped in (one atomic exchange where the file system has it), the old
// tree removed. DIR may be missing, empty, or hold an earlier hypercast output (a
// regular file DIR/manifest.json whose "tool" is "hypercast", and no file its
// "files" do not list), which is replaced whole; any other non-empty DIR, or one
// that takes no files, is refused. The swap is checked again under a lock on
// DIR's parent, so that two writers take turns. A failure or an interrupt leaves
// DIR as it was.
//
// Files written into a folder beside what it holds (sweep, synth): see
// writeOutputFiles in util/output_file.h.
#pragma once

#include <map>
#include <string>

namespace hypercast {

using FileSet = std::map<std::string, std::string>;  // relative path -> contents

// Before any work: refuses (hypercast::Error) a DIR that writeOutputTree would
// refuse. `option` names it in the message ("--out").
void checkOutputTree(const std::string& option, const std::string& dir);

void writeOutputTree(const std::string& dir, const FileSet& files,
                     const std::string& option = "--out");

}  // namespace hypercast
