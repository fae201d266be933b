#include "util/parse_number.h"

#include <cctype>
#include <sstream>
#include <stdexcept>

#include "util/error.h"

namespace hypercast {

long long parseInt(const std::string& option, const std::string& text) {
  if (text.empty()) throw Error(option + " is empty");
  size_t pos = 0;
  long long v = 0;
  try {
    v = std::stoll(text, &pos, 10);
  } catch (const std::out_of_range&) {
    throw Error(option + ": " + text + " is out of range (beyond a 64-bit whole number)");
  } catch (const std::exception&) {
    pos = 0;
  }
  if (pos == 0 || pos != text.size()) {
    // A number, but not a whole one (99.5, 1e3), says so.
    size_t dpos = 0;
    try {
      (void)std::stod(text, &dpos);
    } catch (const std::exception&) {
      dpos = 0;
    }
    if (dpos == text.size() && !std::isspace(static_cast<unsigned char>(text[0]))) {
      throw Error(option + ": '" + text + "' is not a whole number");
    }
    throw Error(option + ": '" + text + "' is not a number");
  }
  return v;
}

unsigned long long parseIndex(const std::string& what, const std::string& text,
                              unsigned long long limit) {
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  unsigned long long v = 0;
  if (digits) {
    try {
      v = static_cast<unsigned long long>(parseInt(what, text));
    } catch (const Error&) {
      v = limit;  // beyond a 64-bit number: out of range below
    }
  }
  if (!digits || v >= limit) {
    throw Error(what + " '" + text + "' is not in 0.." +
                (limit ? std::to_string(limit - 1) : std::string("(none)")));
  }
  return v;
}

std::vector<int> parseIntList(const std::string& option, const std::string& text) {
  if (text.empty()) throw Error(option + " is empty");
  std::vector<int> out;
  std::stringstream ss(text);
  std::string item;
  size_t entry = 0;
  while (std::getline(ss, item, ',')) {
    ++entry;
    if (item.empty()) {
      throw Error(option + ": entry " + std::to_string(entry) + " of '" + text + "' is empty");
    }
    const long long v = parseInt(option, item);
    if (v < -1000000 || v > 1000000) {
      throw Error(option + ": " + item + " is out of range (at most 1000000 in magnitude)");
    }
    out.push_back(static_cast<int>(v));
  }
  if (text.back() == ',') throw Error(option + ": trailing comma in '" + text + "'");
  return out;
}

double parseRate(const std::string& option, const std::string& text) {
  size_t pos = 0;
  double r = 0;
  try {
    r = std::stod(text, &pos);
  } catch (const std::exception&) {
    pos = 0;
  }
  if (pos != text.size() || !(r > 0 && r <= 1)) {
    throw Error(option + " must be a number in (0, 1] (broadcasts per node per cycle), got '" +
                text + "'");
  }
  return r;
}

}  // namespace hypercast
