// Writes a set of files into a folder all-or-nothing: every file is first
// written into a staging folder beside the target and only moved into place once
// all of them were written. A failure leaves the target as it was.
#pragma once

#include <map>
#include <string>

namespace hypercast {

using FileSet = std::map<std::string, std::string>;  // relative path -> contents

void writeFileSet(const std::string& dir, const FileSet& files);

}  // namespace hypercast
