// Options as a user gave them, by name: the command line's parsed options and a
// regression job's keys both arrive as a Params. Every layer below the command
// line reads its parameters from one (the topology registry, the flows), so
// nothing below the CLI depends on how they were typed. Names are without
// dashes; a flag's value is "1". Errors name options as typed ("--dim").
#pragma once

#include <map>
#include <string>

namespace hypercast {

using ParamMap = std::map<std::string, std::string>;

class Params {
 public:
  Params() = default;
  explicit Params(ParamMap values) : values_(std::move(values)) {}
  virtual ~Params() = default;
  Params(const Params&) = default;
  Params& operator=(const Params&) = default;

  bool has(const std::string& name) const { return values_.count(name) != 0; }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  // A whole number in lo..hi, `fallback` when absent; a one-line Error otherwise.
  long long getInt(const std::string& name, long long fallback, long long lo, long long hi) const;
  // Every option given: name -> value as typed.
  const ParamMap& params() const { return values_; }

 protected:
  // How the option is typed, for errors: "--name" (the command line has short forms).
  virtual std::string wordOf(const std::string& name) const { return "--" + name; }
  ParamMap values_;
};

}  // namespace hypercast
