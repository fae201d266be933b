#include "emit/output_dir.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "util/error.h"
#include "util/interrupt.h"
#include "util/output_file.h"

namespace fs = std::filesystem;

namespace hypercast {

namespace {

void writeOrThrow(const fs::path& p, const std::string& contents) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  if (!f) throw Error("cannot write " + p.string() + ": " + std::strerror(errno));
  f.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  f.close();
  if (!f) throw Error("cannot write " + p.string() + ": " + std::strerror(errno));
}

// Writes every file under `staging` (created).
void stage(const fs::path& staging, const FileSet& files) {
  fs::create_directories(staging);
  for (const auto& [rel, contents] : files) {
    const fs::path p = staging / rel;
    fs::create_directories(p.parent_path());
    writeOrThrow(p, contents);
  }
}

// Whether `manifest` is a regular file (not a link) naming hypercast as its tool.
bool isHypercastManifest(const fs::path& manifest) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(manifest, ec))) return false;
  std::ifstream f(manifest, std::ios::binary);
  if (!f) return false;
  std::stringstream text;
  text << f.rdbuf();
  const nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return false;
  const auto tool = j.find("tool");
  return tool != j.end() && tool->is_string() && tool->get<std::string>() == "hypercast";
}

// Whether `folder` is `inner` or one of the folders above it (both absolute).
bool isOrHolds(const fs::path& folder, const fs::path& inner) {
  auto f = folder.begin();
  auto i = inner.begin();
  for (; f != folder.end(); ++f, ++i) {
    if (f->empty()) continue;  // the trailing "" of "a/b/"
    if (i == inner.end() || *f != *i) return false;
  }
  return true;
}

// The folder the tree goes to: DIR itself, or the folder a symbolic link DIR
// leads to (the link is kept). Refuses what cannot become the tree: among it the
// working folder and the folders above it, which the exchange would move away
// from under the shell that runs the command.
fs::path resolveTree(const std::string& option, const std::string& dir) {
  if (dir.empty()) throw Error(option + ": empty path");
  std::error_code cwd_ec;
  const fs::path cwd = fs::current_path(cwd_ec);
  if (cwd_ec) {
    throw Error("cannot write " + option + " " + dir + ": the working folder no longer exists (" +
                cwd_ec.message() + "); change to an existing folder");
  }
  fs::path target = (cwd / fs::path(dir)).lexically_normal();
  if (!target.has_filename()) target = target.parent_path();  // "a/b/" and "."
  if (target == target.root_path())
    throw Error("cannot write " + option + " " + dir + ": the root folder");
  std::error_code ec;
  const fs::file_status link = fs::symlink_status(target, ec);
  if (fs::is_symlink(link)) {
    target = fs::canonical(target, ec);
    if (ec) {
      throw Error("cannot write " + option + " " + dir +
                  ": a symbolic link that leads nowhere (dangling, or a loop)");
    }
  }
  const fs::file_status st = fs::status(target, ec);
  if (!fs::exists(st)) return target;
  // The working folder is a physical path (getcwd); so is `real`.
  const fs::path real = fs::weakly_canonical(target, ec);
  if (isOrHolds(ec ? target : real, cwd)) {
    throw Error("cannot write " + option + " " + dir +
                ": it is the working folder or a folder above it (the whole folder is "
                "replaced); give another folder");
  }
  if (!fs::is_directory(st)) {
    throw Error("cannot write " + option + " " + dir + ": it exists and is not a folder");
  }
  const fs::path manifest = target / "manifest.json";
  const fs::file_status mst = fs::symlink_status(manifest, ec);
  if (fs::exists(mst) && !fs::is_regular_file(mst)) {
    throw Error("cannot write " + option + " " + dir +
                ": its manifest.json is not a regular file, so it is not an earlier hypercast "
                "output to replace");
  }
  if (fs::is_empty(target, ec) && !ec) return target;
  if (ec) throw Error("cannot write " + option + " " + dir + ": " + ec.message());
  if (!isHypercastManifest(manifest)) {
    throw Error("cannot write " + option + " " + dir +
                ": the folder is not empty and holds no earlier hypercast output (a manifest.json "
                "whose tool is hypercast); give a new or empty folder");
  }
  return target;
}

// Exchanges two paths atomically where the file system can; otherwise moves `a`
// aside to `aside`, `b` to `a`, and `aside` to `b`, with signals held.
void exchange(const fs::path& a, const fs::path& b, const fs::path& aside) {
  interrupt::BlockSignals hold;
  if (::renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0) return;
  if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) {
    throw fs::filesystem_error("rename", a, b, std::error_code(errno, std::generic_category()));
  }
  fs::rename(a, aside);
  std::error_code ec;
  fs::rename(b, a, ec);
  if (ec) {
    fs::rename(aside, a);
    throw fs::filesystem_error("rename", b, a, ec);
  }
  fs::rename(aside, b);
}

}  // namespace

void checkOutputTree(const std::string& option, const std::string& dir) {
  const fs::path target = resolveTree(option, dir);
  // The tree is staged beside DIR: the folder above it must take new files.
  checkFolderTakesFiles(option, dir, target.parent_path().string());
}

void writeOutputTree(const std::string& dir, const FileSet& files, const std::string& option) {
  const fs::path target = resolveTree(option, dir);
  const fs::path parent = target.parent_path();
  const std::string tag = target.filename().string() + "-" + std::to_string(::getpid());
  const fs::path staging = parent / (".hypercast-staging-" + tag);
  // Registered before it exists: an interrupt at any point removes it. After the
  // exchange it holds the old tree, which goes the same way.
  interrupt::TempPath staging_guard(staging.string(), /*tree=*/true);
  // The folders made above it (DIR's missing parents), removed again unless the
  // tree lands.
  interrupt::TempPath made = guardMissingFolders(parent.string());
  try {
    std::error_code ec;
    fs::remove_all(staging, ec);
    stage(staging, files);
    const fs::file_status st = fs::status(target, ec);
    if (!fs::exists(st)) {
      fs::rename(staging, target);
      staging_guard.release();
      made.release();
      return;
    }
    fs::permissions(staging, st.permissions());
    const fs::path aside = parent / (".hypercast-old-" + tag);
    interrupt::TempPath aside_guard(aside.string(), /*tree=*/true);
    exchange(target, staging, aside);
    made.release();
    staging_guard.remove();
  } catch (const fs::filesystem_error& e) {
    staging_guard.remove();
    throw Error("cannot write " + option + " " + dir + ": " + e.code().message());
  } catch (...) {
    staging_guard.remove();
    throw;
  }
}

}  // namespace hypercast
