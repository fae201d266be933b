#include "cli/args.h"

#include <cctype>
#include <sstream>
#include <stdexcept>

#include "util/error.h"

namespace hypercast {
namespace cli {

Args::Args(const std::string& command, const std::vector<OptionSpec>& specs,
           const std::vector<std::string>& words)
    : command_(command) {
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w.rfind("--", 0) != 0) {
      throw Error("unexpected argument '" + w + "' (see 'hypercast " + command + " --help')");
    }
    std::string name = w.substr(2), value;
    const size_t eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    const OptionSpec* spec = nullptr;
    for (const auto& s : specs) {
      if (s.name == name) spec = &s;
    }
    if (!spec) {
      throw Error("unknown option --" + name + " for 'hypercast " + command + "' (see 'hypercast " +
                  command + " --help')");
    }
    if (spec->value.empty()) {
      if (inline_value) throw Error("option --" + name + " takes no value");
      value = "1";
    } else if (!inline_value) {
      if (i + 1 >= words.size()) throw Error("option --" + name + " needs a value " + spec->value);
      value = words[++i];
    }
    if (values_.count(name)) throw Error("option --" + name + " given twice");
    values_[name] = value;
  }
}

std::string Args::get(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

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

long long Args::getInt(const std::string& name, long long fallback, long long lo,
                       long long hi) const {
  if (!has(name)) return fallback;
  const long long v = parseInt("--" + name, get(name));
  if (v < lo || v > hi) {
    throw Error("--" + name + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) +
                ", got " + std::to_string(v));
  }
  return v;
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

std::string usage(const std::string& synopsis, const std::vector<OptionSpec>& specs) {
  std::ostringstream os;
  os << "usage: " << synopsis << "\n\noptions:\n";
  for (const auto& s : specs) {
    std::string left = "  --" + s.name + (s.value.empty() ? "" : " " + s.value);
    if (left.size() < 28)
      left.resize(28, ' ');
    else
      left += "\n" + std::string(28, ' ');
    os << left << s.help << "\n";
  }
  return os.str();
}

}  // namespace cli
}  // namespace hypercast
