#include "regress/build_id.h"

#include <elf.h>
#include <link.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "util/error.h"

namespace hypercast {
namespace regress {

namespace {

// The NT_GNU_BUILD_ID note of the main program's PT_NOTE segments.
int findBuildId(struct dl_phdr_info* info, size_t, void* data) {
  auto* out = static_cast<std::string*>(data);
  if (info->dlpi_name && info->dlpi_name[0] != '\0') return 0;  // a shared library
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr)& ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE) continue;
    const char* p = reinterpret_cast<const char*>(info->dlpi_addr + ph.p_vaddr);
    const char* end = p + ph.p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
      const auto* n = reinterpret_cast<const ElfW(Nhdr)*>(p);
      const char* name = p + sizeof(ElfW(Nhdr));
      const char* desc = name + ((n->n_namesz + 3) & ~3u);
      if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && std::string(name, 3) == "GNU") {
        for (unsigned k = 0; k < n->n_descsz; ++k) {
          char hex[3];
          std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(desc[k]));
          *out += hex;
        }
        return 1;
      }
      p = desc + ((n->n_descsz + 3) & ~3u);
    }
  }
  return 1;  // the main program comes first: stop
}

std::string hashOfFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw Error("cannot read " + path);
  uint64_t h = 0xcbf29ce484222325ull;
  char buf[65536];
  while (f.read(buf, sizeof buf) || f.gcount() > 0) {
    for (std::streamsize i = 0; i < f.gcount(); ++i) {
      h ^= static_cast<unsigned char>(buf[i]);
      h *= 0x100000001b3ull;
    }
  }
  char hex[24];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return std::string("file-") + hex;
}

}  // namespace

std::string selfExe() {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) throw Error("cannot find the running hypercast (/proc/self/exe): " + ec.message());
  return p.string();
}

const std::string& buildId() {
  static const std::string id = [] {
    std::string s;
    ::dl_iterate_phdr(findBuildId, &s);
    return s.empty() ? hashOfFile(selfExe()) : s;
  }();
  return id;
}

}  // namespace regress
}  // namespace hypercast
