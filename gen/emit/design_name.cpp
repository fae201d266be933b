#include "emit/design_name.h"

#include "emit/hw_sources.h"
#include "util/error.h"

namespace hypercast {

namespace {

bool letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

void checkDesignName(const std::string& name) {
  bool ok = !name.empty() && name.size() <= kMaxDesignName && letter(name[0]);
  for (char c : name) ok = ok && (letter(c) || digit(c) || c == '_');
  if (!ok) {
    const std::string shown = name.size() > 80 ? name.substr(0, 80) + "..." : name;
    throw Error("--name takes a letter followed by letters, digits and '_', at most " +
                std::to_string(kMaxDesignName) + " characters, not '" + oneLine(shown) + "'");
  }
}

std::string designName(const std::string& given, const std::string& fallback) {
  if (given.empty()) return fallback;
  checkDesignName(given);
  return given;
}

void checkGeneratedModules(const std::vector<std::string>& modules) {
  for (const HwSource& src : hwSources()) {
    const std::string file = src.name;
    const std::string module = file.substr(0, file.rfind('.'));
    for (const std::string& m : modules) {
      if (m == module) {
        throw Error("the folder would generate module " + m + ", which hw/" + file +
                    " defines; choose another --name");
      }
    }
  }
}

}  // namespace hypercast
