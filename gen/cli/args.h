// A small, strict option parser: --name VALUE, --name=VALUE and boolean --flag.
// Unknown options, missing values and stray words are one-line errors.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace hypercast {
namespace cli {

struct OptionSpec {
  std::string name;   // without "--"
  std::string value;  // metavariable, empty for a boolean flag
  std::string help;
};

class Args {
 public:
  Args(const std::string& command, const std::vector<OptionSpec>& specs,
       const std::vector<std::string>& words);

  bool has(const std::string& name) const { return values_.count(name) != 0; }
  std::string get(const std::string& name, const std::string& fallback = "") const;
  long long getInt(const std::string& name, long long fallback, long long lo, long long hi) const;

 private:
  std::string command_;
  std::map<std::string, std::string> values_;
};

std::string usage(const std::string& synopsis, const std::vector<OptionSpec>& specs);
std::vector<int> parseIntList(const std::string& option, const std::string& text);
long long parseInt(const std::string& option, const std::string& text);
// An offered load in broadcasts per node per cycle: a number in (0, 1].
double parseRate(const std::string& option, const std::string& text);

}  // namespace cli
}  // namespace hypercast
