// libFuzzer target: the command line. The input is split into argument words at
// '\n'; a word that starts with byte 0x01 names a known token by its next byte
// (every option of every command's table, every command, every topology of the
// registry, collective, engine and the like), followed by the rest of the word
// ("\x01\x05=8,6" may be "--m=8,6"), so that the fuzzer reaches deep without a
// dictionary and a new OptionSpec or topology is fuzzed as soon as it is in a table.
//
// The words go where main() sends them: a command's words to Args (CLI11 from
// the command's option table), then to the option parsers every command shares
// (topology, network, RTL options, numbers and lists); other words to the top
// level. hypercast::Error and HelpRequested are the expected outcomes; any other
// exception (an internal error, finding.h), a crash or a sanitizer report is a
// finding.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "finding.h"
#include "flow/command_options.h"
#include "flow/network_args.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/version.h"

using namespace hypercast;
using namespace hypercast::flow;

namespace {

const std::vector<std::string>& tokens() {
  static const std::vector<std::string> list = [] {
    std::vector<std::string> t = {"--help", "-h", "--version", "help", "--", "-", "=", ",", ";"};
    for (const Topology& e : topologyTable()) t.push_back(e.name);
    t.insert(t.end(), {"broadcast",
                       "multinode-broadcast",
                       "scatter",
                       "total-exchange",
                       "systemc",
                       "verilator",
                       "cosim",
                       "uniform",
                       "cw",
                       "ccw",
                       "programmable",
                       "hardwired",
                       "network",
                       "routers",
                       "nodes",
                       "auto",
                       "0",
                       "1",
                       "-1",
                       "2",
                       "3",
                       "8,6,5",
                       "3,2,1",
                       "0.5",
                       "99999999999999999999",
                       "1e3",
                       "",
                       "x.fst",
                       "/dev/null"});
    for (const CommandEntry& c : commandList()) {
      t.push_back(c.name);
      for (const OptionSpec& s : c.options()) t.push_back(optionWord(s));
    }
    return t;
  }();
  return list;
}

std::vector<std::string> words(const uint8_t* data, size_t size) {
  std::vector<std::string> out;
  const std::string text(reinterpret_cast<const char*>(data), size);
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string w = text.substr(start, end - start);
    if (w.size() >= 2 && w[0] == '\x01') {
      w = tokens()[static_cast<unsigned char>(w[1]) % tokens().size()] + w.substr(2);
    }
    out.push_back(w);
    start = end + 1;
  }
  return out;
}

// What every command parses from its options before its work.
void sharedParsers(const Args& a, const std::vector<OptionSpec>& specs) {
  for (const char* fallback : {kDefaultTopology}) {
    try {
      const Topology& topo = chosenTopology(a.params(), fallback);
      (void)topo;
    } catch (const Error&) {
    }
  }
  try {
    (void)parseNetworkDesc(a.params());
  } catch (const Error&) {
  }
  try {
    (void)parseNetwork(a);
  } catch (const Error&) {
  }
  try {
    (void)parseRtlOptions(a);
  } catch (const Error&) {
  }
  for (const OptionSpec& s : specs) {
    if (s.value.empty() || !a.has(s.name)) continue;
    const std::string v = a.get(s.name);
    try {
      (void)a.getInt(s.name, 0, std::numeric_limits<long long>::min(),
                     std::numeric_limits<long long>::max());
    } catch (const Error&) {
    }
    try {
      (void)parseIntList("--" + s.name, v);
    } catch (const Error&) {
    }
    try {
      (void)parseRate("--" + s.name, v);
    } catch (const Error&) {
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return -1;  // command lines, not files
  std::vector<std::string> w = words(data, size);
  if (size == 0) w.clear();
  const CommandEntry* cmd = nullptr;
  for (const CommandEntry& c : commandList()) {
    if (!w.empty() && w.front() == c.name) cmd = &c;
  }
  onlyRefusals<HelpRequested>([&] {
    if (!cmd) {
      std::vector<CommandSummary> list;
      for (const CommandEntry& c : commandList()) list.push_back({c.name, c.summary});
      (void)parseTopLevel(w, list, CommandHelp{}, kVersion);
      return;
    }
    w.erase(w.begin());
    const std::vector<OptionSpec> specs = cmd->options();
    const Args a(cmd->name, specs, w, CommandHelp{}, cmd->words);
    sharedParsers(a, specs);
  });
  return 0;
}
