#include "util/params.h"

#include "util/error.h"
#include "util/parse_number.h"

namespace hypercast {

std::string Params::get(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

long long Params::getInt(const std::string& name, long long fallback, long long lo,
                         long long hi) const {
  if (!has(name)) return fallback;
  const std::string flag = wordOf(name);
  const long long v = parseInt(flag, get(name));
  if (v < lo || v > hi) {
    throw Error(flag + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                std::to_string(v));
  }
  return v;
}

}  // namespace hypercast
