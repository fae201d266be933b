#include "flow/command_files.h"

#include <filesystem>
#include <utility>

#include "util/error.h"
#include "util/output_file.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace flow {

namespace {

// The path made absolute, every link and '..' resolved as far as it exists.
fs::path canonicalOf(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? fs::absolute(path).lexically_normal() : p;
}

bool isRegularFile(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(fs::status(path, ec));
}

// Whether `inner` lies inside the folder `outer` (or is it).
bool within(const fs::path& inner, const fs::path& outer) {
  auto i = inner.begin();
  for (auto o = outer.begin(); o != outer.end(); ++o, ++i) {
    if (o->empty()) continue;  // a trailing separator
    if (i == inner.end() || *i != *o) return false;
  }
  return true;
}

}  // namespace

void checkOutputsAgainstInputs(const std::vector<NamedPath>& inputs,
                               const std::vector<NamedPath>& output_files,
                               const std::vector<NamedPath>& output_folders) {
  for (const NamedPath& in : inputs) {
    if (in.path.empty() || !isRegularFile(in.path)) continue;  // its reader says what is wrong
    for (const NamedPath& out : output_files) {
      if (out.path.empty() || !isRegularFile(out.path)) continue;
      std::error_code ec;
      if (fs::equivalent(in.path, out.path, ec) && !ec) {
        throw Error(out.option + " " + out.path + " is the " + in.option + " file " + in.path +
                    ": an output may not overwrite an input");
      }
    }
    const fs::path file = canonicalOf(in.path);
    for (const NamedPath& out : output_folders) {
      if (out.path.empty()) continue;
      if (within(file, canonicalOf(out.path))) {
        throw Error(out.option + " " + out.path + " holds the " + in.option + " file " + in.path +
                    ": an output folder may not hold an input");
      }
    }
  }
}

void checkCommandFiles(const Params& p) {
  std::vector<std::pair<std::string, std::string>> outputs;
  std::vector<NamedPath> files, inputs, folders;
  for (const char* name : {"output", "trace", "wave"}) {
    if (!p.has(name)) continue;
    outputs.emplace_back(std::string("--") + name, p.get(name));
    files.push_back({std::string("--") + name, p.get(name)});
  }
  checkDistinctOutputs(outputs);
  // --json's document is all a command prints on stdout: no file goes there too.
  if (p.has("json")) {
    for (const auto& [option, path] : outputs) {
      if (namesStdout(path)) {
        throw Error("cannot write " + option + " " + path +
                    " with --json: --json prints one JSON document on stdout and nothing "
                    "else; write the file elsewhere or drop --json");
      }
    }
  }
  if (p.has("graph")) inputs.push_back({"--graph", p.get("graph")});
  if (p.has("out")) folders.push_back({"--out", p.get("out")});
  checkOutputsAgainstInputs(inputs, files, folders);
}

}  // namespace flow
}  // namespace hypercast
