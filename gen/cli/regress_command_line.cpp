#include "cli/regress_command_line.h"

#include "cli/commands.h"
#include "cli/network_args.h"

namespace hypercast {
namespace cli {

namespace {

std::vector<regress::JobOption> jobOptions(const std::vector<OptionSpec>& specs) {
  std::vector<regress::JobOption> out;
  for (const OptionSpec& s : specs) out.push_back({s.name, s.value.empty()});
  return out;
}

std::vector<OptionSpec> jobCommandOptions(const std::string& command) {
  if (command == "schedule") return scheduleOptions();
  if (command == "synth") return synthOptions();
  return simulateOptions();
}

}  // namespace

regress::CommandLine regressCommandLine() {
  regress::CommandLine c;
  c.options = [](const std::string& command) { return jobOptions(jobCommandOptions(command)); };
  c.rtl_options = jobOptions(rtlOptions());
  c.check_network = [](const std::vector<std::string>& words, bool hypercycle) {
    std::vector<OptionSpec> specs = topologyOptions();
    for (const OptionSpec& s : rtlOptions()) specs.push_back(s);
    const Args a("regress", specs, words);
    (void)parseNetworkDesc(a.params());
    if (hypercycle) (void)parseRtlOptions(a);
  };
  c.check_job = [](const std::string& command, const std::vector<std::string>& words) {
    const Args a(command, jobCommandOptions(command), words);
    (void)a;
  };
  return c;
}

}  // namespace cli
}  // namespace hypercast
