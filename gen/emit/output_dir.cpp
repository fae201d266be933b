#include "emit/output_dir.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
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

// The files an earlier output's manifest lists (its "files"), when `manifest` is
// a regular file (not a link) naming hypercast as its tool; nullopt otherwise.
std::optional<std::set<std::string>> hypercastManifestFiles(const fs::path& manifest) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::symlink_status(manifest, ec))) return std::nullopt;
  std::ifstream f(manifest, std::ios::binary);
  if (!f) return std::nullopt;
  std::stringstream text;
  text << f.rdbuf();
  const nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (!j.is_object()) return std::nullopt;
  const auto tool = j.find("tool");
  if (tool == j.end() || !tool->is_string() || tool->get<std::string>() != "hypercast")
    return std::nullopt;
  // An older hypercast's manifest lists no files: its folder is replaced
  // whole, as it was then (an empty set here: nothing to check).
  std::set<std::string> files;
  const auto list = j.find("files");
  if (list == j.end() || !list->is_array()) return files;
  files.insert("manifest.json");
  for (const auto& x : *list) {
    if (x.is_string()) files.insert(x.get<std::string>());
  }
  return files;
}

// The first entry under `dir` that `listed` does not account for, as a path
// relative to `dir`: a file it does not name, or an empty folder that holds
// none of the files it names; empty when there is none. Throws Error (naming `what`)
// for a folder that cannot be read.
std::string firstUnlisted(const fs::path& dir, const std::set<std::string>& listed,
                          const std::string& what) {
  std::error_code ec;
  std::vector<std::string> found;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    const std::string rel = fs::relative(it->path(), dir, ec).string();
    if (it->is_directory(ec) && !it->is_symlink(ec)) {
      const auto below = listed.lower_bound(rel + "/");
      if ((below == listed.end() || below->compare(0, rel.size() + 1, rel + "/") != 0) &&
          fs::is_empty(it->path(), ec)) {
        found.push_back(rel + "/");
      }
      continue;
    }
    if (!listed.count(rel)) found.push_back(rel);
  }
  if (ec) throw Error(what + ": a folder in it cannot be read (" + ec.message() + ")");
  return found.empty() ? std::string() : *std::min_element(found.begin(), found.end());
}

// A lock on a folder (flock on the folder itself, `operation` as flock's),
// held while in scope; not held where the folder cannot be opened (not
// readable), the file system refuses flock (some NFS mounts), or LOCK_NB finds
// it taken.
class FolderLock {
 public:
  FolderLock(const fs::path& folder, int operation)
      : fd_(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
    held_ = fd_ >= 0 && ::flock(fd_, operation) == 0;
  }
  ~FolderLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  bool held() const { return held_; }

 private:
  int fd_;
  bool held_ = false;
};

// Removes the staging and old trees that a killed generate left beside DIR
// (".hypercast-staging-<DIR>-<pid>", ".hypercast-old-<DIR>-<pid>"): the process
// gone, and no writer holding the tree's lock (a writer locks its staging tree
// while it writes it: one in another PID namespace looks gone).
void removeStaleTrees(const fs::path& parent, const std::string& name) {
  std::error_code ec;
  for (auto it = fs::directory_iterator(parent, ec); !ec && it != fs::end(it); it.increment(ec)) {
    const std::string f = it->path().filename().string();
    for (const std::string prefix : {".hypercast-staging-", ".hypercast-old-"}) {
      const std::string head = prefix + name + "-";
      if (f.compare(0, head.size(), head) != 0) continue;
      const std::string pid = f.substr(head.size());
      if (pid.empty() || pid.size() > 9 ||
          !std::all_of(pid.begin(), pid.end(), [](char c) { return c >= '0' && c <= '9'; }))
        continue;
      if (::kill(static_cast<pid_t>(std::stol(pid)), 0) != 0 && errno == ESRCH) {
        const FolderLock stale(it->path(), LOCK_EX | LOCK_NB);  // held while it goes
        std::error_code rm;
        if (stale.held()) fs::remove_all(it->path(), rm);
      }
    }
  }
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
  // DIR is replaced: it must take files as a file written in place would.
  checkFolderTakesFiles(option, dir, target.string());
  if (fs::is_empty(target, ec) && !ec) return target;
  if (ec) throw Error("cannot write " + option + " " + dir + ": " + ec.message());
  const auto listed = hypercastManifestFiles(manifest);
  if (!listed) {
    throw Error("cannot write " + option + " " + dir +
                ": the folder is not empty and holds no earlier hypercast output (a manifest.json "
                "whose tool is hypercast); give a new or empty folder");
  }
  // Nothing the earlier output did not write is removed with it.
  const std::string other =
      listed->empty() ? std::string()
                      : firstUnlisted(target, *listed, "cannot write " + option + " " + dir);
  if (!other.empty()) {
    throw Error("cannot write " + option + " " + dir + ": it holds " + oneLine(other) +
                ", which the earlier hypercast output there did not write (its manifest.json's "
                "files); move it, or give a new or empty folder");
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
  fs::path target = resolveTree(option, dir);
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
    fs::create_directories(staging);
    // Locked while it is written: no other writer takes it for a stale tree.
    const FolderLock writing(staging, LOCK_SH);
    stage(staging, files);
    // Two commands writing the same DIR swap in turn: each checks DIR again
    // under the lock (what the other left there is an earlier output), and
    // the one that swaps last is DIR's content.
    const FolderLock swapping(parent, LOCK_EX);
    target = resolveTree(option, dir);
    if (target.parent_path() != parent) {
      throw Error("cannot write " + option + " " + dir + ": it changed while it was written");
    }
    removeStaleTrees(parent, target.filename().string());
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
