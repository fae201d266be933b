// Writes a set of files into a folder.
//
// writeOutputTree (generate): the set becomes the folder's whole content,
// all-or-nothing. The complete tree is written into a staging folder beside DIR
// and then swapped in (one atomic exchange where the file system has it), the old
// tree removed. DIR may be missing, empty, or hold an earlier hypercast output (a
// regular file DIR/manifest.json whose "tool" is "hypercast"), which is replaced
// whole; any other non-empty DIR is refused. A failure or an interrupt leaves DIR
// as it was.
//
// writeFileSet (sweep, synth): the files are written into a staging folder and
// then moved into DIR one by one, beside whatever DIR holds.
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

// Before any work: refuses (hypercast::Error) a DIR writeFileSet could not write:
// an empty path, an existing non-folder, a folder (or, for a new DIR, the nearest
// existing folder above it) that takes no new entries. Probes with a folder it
// removes at once.
void checkOutputFolder(const std::string& option, const std::string& dir);

void writeFileSet(const std::string& dir, const FileSet& files);

}  // namespace hypercast
