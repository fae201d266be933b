#include "emit/output_dir.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "util/error.h"
#include "util/interrupt.h"

namespace fs = std::filesystem;

namespace hypercast {

static void writeOrThrow(const fs::path& p, const std::string& contents) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  if (!f) throw Error("cannot write " + p.string() + ": " + std::strerror(errno));
  f.write(contents.data(), static_cast<std::streamsize>(contents.size()));
  f.close();
  if (!f) throw Error("cannot write " + p.string() + ": " + std::strerror(errno));
}

void writeFileSet(const std::string& dir, const FileSet& files) {
  const fs::path target(dir);
  std::error_code ec;
  if (fs::exists(target, ec) && !fs::is_directory(target, ec)) {
    throw Error("--out " + dir + " exists and is not a folder");
  }
  const fs::path parent = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const fs::path staging = parent / (".hypercast-staging-" + target.filename().string() + "-" +
                                     std::to_string(::getpid()));
  // Registered before it exists: an interrupt at any point removes it.
  interrupt::TempPath staging_guard(staging.string(), /*tree=*/true);
  auto cleanup = [&] { staging_guard.remove(); };
  try {
    fs::create_directories(staging);
    for (const auto& [rel, contents] : files) {
      const fs::path p = staging / rel;
      fs::create_directories(p.parent_path());
      writeOrThrow(p, contents);
    }
    const bool existed = fs::exists(target);
    if (!existed) {
      fs::rename(staging, target);
      staging_guard.release();
      return;
    }
    for (const auto& [rel, contents] : files) {
      const fs::path to = target / rel;
      fs::create_directories(to.parent_path());
      fs::rename(staging / rel, to);
    }
    cleanup();
  } catch (const fs::filesystem_error& e) {
    cleanup();
    throw Error("cannot write --out " + dir + ": " + e.code().message());
  } catch (...) {
    cleanup();
    throw;
  }
}

}  // namespace hypercast
