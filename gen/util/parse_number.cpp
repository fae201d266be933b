#include "util/parse_number.h"

#include <cctype>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "util/error.h"

namespace hypercast {

namespace {

bool digits(const std::string& t, size_t from, size_t to) {
  if (from >= to) return false;
  for (size_t i = from; i < to; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
  }
  return true;
}

// "-12", "7": an optional minus and decimal digits, nothing else (no spaces,
// no "+", no hex, no fraction or exponent).
bool plainWhole(const std::string& t) {
  return digits(t, !t.empty() && t[0] == '-' ? 1 : 0, t.size());
}

// "0.25", "1", ".5", "3.", "1e-3": decimal digits with at most one point and
// an optional decimal exponent, nothing else (no spaces, sign, hex, inf or nan).
bool plainDecimal(const std::string& raw) {
  std::string t = raw;
  const size_t e = t.find_first_of("eE");
  if (e != std::string::npos) {
    const size_t from = e + 1 < t.size() && (t[e + 1] == '-' || t[e + 1] == '+') ? e + 2 : e + 1;
    if (!digits(t, from, t.size())) return false;
    t.resize(e);
  }
  const size_t dot = t.find('.');
  if (dot == std::string::npos) return digits(t, 0, t.size());
  const bool before = dot == 0 || digits(t, 0, dot);
  const bool after = dot + 1 == t.size() || digits(t, dot + 1, t.size());
  return t.size() > 1 && before && after;
}

}  // namespace

long long parseInt(const std::string& option, const std::string& raw) {
  if (raw.empty()) throw Error(option + " is empty");
  const std::string text = oneLine(raw);
  if (!plainWhole(raw)) {
    // A number, but not a whole one (99.5), says so.
    if (plainDecimal(raw)) throw Error(option + ": '" + text + "' is not a whole number");
    throw Error(option + ": '" + text + "' is not a number");
  }
  size_t pos = 0;
  long long v = 0;
  try {
    v = std::stoll(raw, &pos, 10);
  } catch (const std::out_of_range&) {
    throw Error(option + ": " + text + " is out of range (beyond a 64-bit whole number)");
  } catch (const std::exception&) {
    pos = 0;
  }
  if (pos == 0 || pos != raw.size()) throw Error(option + ": '" + text + "' is not a number");
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
      throw Error(option + ": entry " + std::to_string(entry) + " of '" + oneLine(text) +
                  "' is empty");
    }
    const long long v = parseInt(option, item);
    if (v < -1000000 || v > 1000000) {
      throw Error(option + ": " + item + " is out of range (at most 1000000 in magnitude)");
    }
    out.push_back(static_cast<int>(v));
  }
  if (text.back() == ',') throw Error(option + ": trailing comma in '" + oneLine(text) + "'");
  return out;
}

namespace {

// `text` as a plain decimal number ("0.5", "30"); false if it is not one.
bool readDecimal(const std::string& text, double* v) {
  size_t pos = 0;
  if (plainDecimal(text)) {
    try {
      *v = std::stod(text, &pos);
    } catch (const std::exception&) {
      pos = 0;
    }
  }
  return pos != 0 && pos == text.size();
}

}  // namespace

double parseRate(const std::string& option, const std::string& text) {
  double r = 0;
  if (!readDecimal(text, &r) || !(r > 0 && r <= 1)) {
    throw Error(option + " must be a number in (0, 1] (broadcasts per node per cycle), got '" +
                oneLine(text) + "'");
  }
  return r;
}

double parseDecimal(const std::string& option, const std::string& text, double lo, double hi) {
  double v = 0;
  if (!readDecimal(text, &v) || !(v >= lo && v <= hi)) {
    std::ostringstream range;
    range << lo << ".." << hi;
    throw Error(option + " must be a number in " + range.str() + ", got '" + oneLine(text) + "'");
  }
  return v;
}

}  // namespace hypercast
