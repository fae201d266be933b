#include "regress/regress_plan.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "flow/checked_schedule.h"
#include "flow/combining.h"
#include "flow/command_options.h"
#include "flow/flow.h"
#include "flow/limits.h"
#include "flow/network_args.h"
#include "flow/router_options.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/joined.h"
#include "util/parse_number.h"

namespace hypercast {
namespace regress {

namespace {

// Where a value came from: its key's path and the line of that key.
struct Origin {
  std::string key;
  int line = 1;
};

// An option of a command a job runs: its name (without "--") and whether it
// takes no value.
struct JobOption {
  std::string name;
  bool flag;
};

std::vector<JobOption> jobOptions(const std::vector<flow::OptionSpec>& specs) {
  std::vector<JobOption> out;
  for (const flow::OptionSpec& s : specs) out.push_back({s.name, s.value.empty()});
  return out;
}

std::vector<flow::OptionSpec> commandOptions(const std::string& command) {
  if (command == "schedule") return flow::scheduleOptions();
  if (command == "synth") return flow::synthOptions();
  return flow::simulateOptions();
}

// Parses a network's words (--topology T, its options, router options) as the
// commands do; throws Error. `hypercycle`: also checks the router options.
NetworkDesc parseNetworkWords(const std::vector<std::string>& words, bool hypercycle) {
  std::vector<flow::OptionSpec> specs = flow::topologyOptions();
  for (const flow::OptionSpec& s : flow::rtlOptions()) specs.push_back(s);
  const flow::Args a("regress", specs, words);
  NetworkDesc desc = parseNetworkDesc(a.params());
  if (hypercycle) (void)flow::parseRtlOptions(a);
  return desc;
}

class Planner {
 public:
  Planner(std::string file, bool allow_large)
      : file_(std::move(file)), allow_large_(allow_large || flow::allowLargeFromEnvironment()) {}
  RegressPlan run();

 private:
  struct Network {
    std::string name, topology;
    std::vector<std::pair<std::string, std::string>> options;  // without "--"; "" value: flag
    std::map<std::string, Origin> origins;                     // option -> where
    Origin at;
    NetworkDesc desc;  // as the commands parse it
  };
  struct Workload {
    std::string name, command = "simulate";
    std::vector<std::string> networks;  // empty: every one
    Origin networks_at;
    std::vector<std::string> engines;
    int repeats = 0;  // 0: the file's
    std::string fault_node;
    std::vector<std::pair<std::string, std::vector<std::string>>> options;  // several: a sweep
    std::vector<bool> swept;
    std::map<std::string, Origin> origins;
    Origin at;
  };

  [[noreturn]] void fail(const Origin& o, const std::string& what) const {
    throw Error(file_ + ":" + std::to_string(o.line) + ": " + o.key + ": " + what);
  }
  static int lineOf(const YAML::Node& n) { return n.Mark().is_null() ? 1 : n.Mark().line + 1; }
  static Origin at(const std::string& key, const YAML::Node& n) { return {key, lineOf(n)}; }

  std::string scalar(const YAML::Node& n, const Origin& o, const char* what = "a value") const;
  int whole(const YAML::Node& n, const Origin& o, int lo, int hi) const;
  std::string name(const YAML::Node& n, const Origin& o) const;
  std::vector<std::string> words(const YAML::Node& n, const Origin& o) const;
  // Iterates a mapping's keys: f(key text, value, origin of the key).
  void eachKey(
      const YAML::Node& map, const std::string& path,
      const std::function<void(const std::string&, const YAML::Node&, const Origin&)>& f) const;

  Network network(const YAML::Node& n, const std::string& path) const;
  Workload workload(const YAML::Node& n, const std::string& path) const;
  std::vector<std::string> engineList(const YAML::Node& n, const Origin& o) const;
  void expand(const Workload& w, RegressPlan& plan);
  // The jobs expand(w) makes, counted without making them.
  double jobCount(const Workload& w) const;
  // Why the workload cannot run on the network ("" if it can).
  std::string misfit(const Workload& w, const Network& net) const;
  // Why one combination `pick` of the workload's swept values cannot run on the
  // network when the workload can ("" if it can): the message names both and the values.
  std::string comboMisfit(const Workload& w, const std::vector<size_t>& pick,
                          const Network& net) const;
  // The Verilated model a simulate job of combination `pick` runs: the network,
  // the collective and its source, and the workload's options that shape the RTL.
  std::string modelKey(const Workload& w, const std::vector<size_t>& pick, const Network& net,
                       const std::string& collective, const std::string& source) const;
  // Records a pair or combination skipped, and the first one for "no job".
  void skip(RegressPlan& plan, const Workload& w, const std::string& why);
  void checkJob(const RegressJob& job, const Network& net, const Workload& w) const;
  // A fault-node that is no node of `net` is an error, not a fault never injected.
  void checkFaultNode(const Workload& w, const Network& net) const;

  std::vector<JobOption> commandSpecs(const std::string& command) const;
  // Whether a job of `command` (with `collective`, "" none) gets the network
  // option `name`: a topology option always; a router option only when the
  // command takes it (simulate without a collective and synth take them all,
  // simulate with a collective payload-width only, schedule none).
  bool takesRouterOption(const std::string& command, const std::string& collective,
                         const std::string& name) const;

  std::string file_;
  bool allow_large_;
  // The router options a network may carry (every one for a hypercycle,
  // payload-width for the others), in the order --help lists them.
  const std::vector<JobOption> rtl_options_ = jobOptions(flow::rtlOptions());
  std::vector<Network> networks_;
  std::vector<Origin> job_at_;  // [job index]: where a duplicate id is reported
  std::string first_skip_;      // the first pair skipped, and its workload
  Origin first_skip_at_;
  std::vector<std::string> engines_ = {"systemc"};
  int repeats_ = 1;
};

std::vector<JobOption> Planner::commandSpecs(const std::string& command) const {
  return jobOptions(commandOptions(command));
}

bool Planner::takesRouterOption(const std::string& command, const std::string& collective,
                                const std::string& name) const {
  const auto is = [&](const JobOption& s) { return s.name == name; };
  if (std::none_of(rtl_options_.begin(), rtl_options_.end(), is)) return true;
  const std::vector<JobOption> specs = commandSpecs(command);
  if (std::none_of(specs.begin(), specs.end(), is)) return false;
  // The combining networks take none of them (flow/combining.h: not even --payload-width).
  if (flow::isCombiningCollective(collective)) return false;
  const std::vector<std::string>& routers_only = flow::hypercycleRouterOptions();
  return collective.empty() ||
         std::find(routers_only.begin(), routers_only.end(), name) == routers_only.end();
}

bool validName(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-';
  });
}

// A value made part of a job's id: "0.05" stays, "1,2" becomes "1_2".
std::string idPart(const std::string& s) {
  std::string out;
  for (unsigned char c : s) out += std::isalnum(c) || c == '.' || c == '-' ? char(c) : '_';
  return out;
}

// Options the regression sets itself, never the file.
const std::set<std::string>& reserved() {
  // Every option that names a file a job writes (out, output, trace, wave) is
  // the regression's: a job writes in its own folder only.
  static const std::set<std::string> r = {"json",  "trace",    "wave",   "out", "output",
                                          "quiet", "topology", "engine", "help"};
  return r;
}

std::string Planner::scalar(const YAML::Node& n, const Origin& o, const char* what) const {
  if (!n.IsScalar()) {
    fail(o, std::string("expected ") + what + ", got " +
                (n.IsMap()        ? "a mapping"
                 : n.IsSequence() ? "a list"
                                  : "nothing"));
  }
  return n.Scalar();
}

int Planner::whole(const YAML::Node& n, const Origin& o, int lo, int hi) const {
  const std::string s = scalar(n, o, "a whole number");
  long long v = 0;
  try {
    v = parseInt(o.key, s);
  } catch (const Error&) {
    fail(o, "'" + s + "' is not a whole number");
  }
  if (v < lo || v > hi) {
    fail(o, "must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " + s);
  }
  return static_cast<int>(v);
}

std::string Planner::name(const YAML::Node& n, const Origin& o) const {
  const std::string s = scalar(n, o, "a name");
  if (!validName(s)) fail(o, "'" + s + "' is no name (letters, digits, '_' and '-')");
  return s;
}

std::vector<std::string> Planner::words(const YAML::Node& n, const Origin& o) const {
  if (n.IsScalar()) return {n.Scalar()};
  if (!n.IsSequence() || n.size() == 0) fail(o, "expected a name or a non-empty list of names");
  std::vector<std::string> out;
  for (size_t i = 0; i < n.size(); ++i) {
    out.push_back(scalar(n[i], at(o.key + "[" + std::to_string(i) + "]", n[i]), "a name"));
  }
  return out;
}

void Planner::eachKey(
    const YAML::Node& map, const std::string& path,
    const std::function<void(const std::string&, const YAML::Node&, const Origin&)>& f) const {
  for (auto it = map.begin(); it != map.end(); ++it) {
    const std::string key = scalar(it->first, at(path + "?", it->first), "a key");
    f(key, it->second, at(path.empty() ? key : path + "." + key, it->first));
  }
}

std::vector<std::string> Planner::engineList(const YAML::Node& n, const Origin& o) const {
  std::vector<std::string> out = words(n, o);
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] != "systemc" && out[i] != "verilator" && out[i] != "cosim") {
      fail(n.IsSequence() ? at(o.key + "[" + std::to_string(i) + "]", n[i]) : o,
           "unknown engine '" + out[i] + "' (engines: systemc, verilator, cosim)");
    }
  }
  return out;
}

Planner::Network Planner::network(const YAML::Node& n, const std::string& path) const {
  Network net;
  net.at = at(path, n);
  if (!n.IsMap()) fail(net.at, "expected a mapping with name:, topology: and its options");
  if (!n["name"]) fail(net.at, "missing key 'name'");
  if (!n["topology"]) fail(net.at, "missing key 'topology' (" + topologyNames() + ")");
  const Topology* topo = nullptr;
  eachKey(n, path, [&](const std::string& key, const YAML::Node& v, const Origin& o) {
    if (key == "name") {
      net.name = name(v, o);
    } else if (key == "topology") {
      net.topology = scalar(v, o, "a topology name");
      topo = findTopology(net.topology);
      if (!topo) {
        fail(o, "unknown topology '" + net.topology + "' (" + topologyNames() + ")");
      }
    }
  });
  std::vector<JobOption> allowed;
  for (const TopologyOption& s : topo->options) allowed.push_back({s.name, s.value.empty()});
  // Every topology's options too (--remove-links), as the commands take them.
  for (const TopologyOption& s : commonNetworkOptions()) allowed.push_back({s.name, false});
  for (const JobOption& s : rtl_options_) {
    if (topo->weight_routers || s.name == "payload-width") allowed.push_back(s);
  }
  eachKey(n, path, [&](const std::string& key, const YAML::Node& v, const Origin& o) {
    if (key == "name" || key == "topology") return;
    const auto spec = std::find_if(allowed.begin(), allowed.end(),
                                   [&](const JobOption& s) { return s.name == key; });
    if (spec == allowed.end()) {
      std::string keys = "name, topology";
      for (const JobOption& s : allowed) keys += ", " + s.name;
      fail(o, "unknown key for a " + net.topology + " network (keys: " + keys + ")");
    }
    std::string value;
    if (v.IsSequence()) {
      // A list is the option's comma list; a list of lists (--gens) is ';'-separated.
      for (size_t i = 0; i < v.size(); ++i) {
        const Origin item = at(o.key + "[" + std::to_string(i) + "]", v[i]);
        std::string part;
        if (v[i].IsSequence()) {
          for (size_t k = 0; k < v[i].size(); ++k) {
            part += (k ? "," : "") + scalar(v[i][k], item, "a number");
          }
        } else {
          part = scalar(v[i], item, "a number");
        }
        value += (i ? (v[i].IsSequence() ? ";" : ",") : "") + part;
      }
    } else {
      value = scalar(v, o);
    }
    // A file a network option names (a graph's), relative to the regression
    // file's folder, wherever the plan is made from; the jobs get its absolute path.
    const bool names_file =
        std::any_of(topo->options.begin(), topo->options.end(),
                    [&](const TopologyOption& t) { return t.name == key && t.value == "FILE"; });
    if (names_file && !value.empty() && value.front() != '/') {
      const std::filesystem::path here = std::filesystem::absolute(file_).parent_path();
      value = (here / value).lexically_normal().string();
    }
    if (spec->flag) {
      if (value != "true" && value != "false") fail(o, "a flag takes true or false");
      if (value == "false") return;
      value.clear();
    }
    net.options.push_back({key, value});
    net.origins[key] = o;
  });
  // The network as the commands will parse it: a bad size is the file's error.
  std::vector<std::string> argv = {"--topology", net.topology};
  for (const auto& kv : net.options) {
    argv.push_back("--" + kv.first);
    if (!kv.second.empty()) argv.push_back(kv.second);
  }
  try {
    net.desc = parseNetworkWords(argv, topo->weight_routers);
  } catch (const Error& e) {
    const std::string what = e.what();
    Origin where = net.at;
    for (const auto& kv : net.origins) {
      if (what.find("--" + kv.first) != std::string::npos) where = kv.second;
    }
    fail(where, what);
  }
  return net;
}

Planner::Workload Planner::workload(const YAML::Node& n, const std::string& path) const {
  Workload w;
  w.at = at(path, n);
  if (!n.IsMap()) fail(w.at, "expected a mapping with name: and the command's options");
  if (!n["name"]) fail(w.at, "missing key 'name'");
  if (n["command"]) {
    const Origin o = at(path + ".command", n["command"]);
    w.command = scalar(n["command"], o, "a command");
    if (w.command != "simulate" && w.command != "schedule" && w.command != "synth") {
      fail(o, "unknown command '" + w.command + "' (simulate, schedule, synth)");
    }
  }
  const std::vector<JobOption> specs = commandSpecs(w.command);
  std::set<std::string> network_keys = {"topology"};
  for (const TopologyOption& s : allTopologyOptions()) network_keys.insert(s.name);
  for (const JobOption& s : rtl_options_) network_keys.insert(s.name);
  eachKey(n, path, [&](const std::string& key, const YAML::Node& v, const Origin& o) {
    if (key == "command") return;
    if (key == "name") {
      w.name = name(v, o);
    } else if (key == "networks") {
      w.networks = words(v, o);
      w.networks_at = o;
      for (size_t i = 0; i < w.networks.size(); ++i) {
        const bool known = std::any_of(networks_.begin(), networks_.end(),
                                       [&](const Network& x) { return x.name == w.networks[i]; });
        if (!known) {
          fail(v.IsSequence() ? at(o.key + "[" + std::to_string(i) + "]", v[i]) : o,
               "no network named '" + w.networks[i] + "'");
        }
      }
    } else if (key == "engines") {
      if (w.command != "simulate") fail(o, "engines are simulate's; this is " + w.command);
      w.engines = engineList(v, o);
    } else if (key == "repeats") {
      w.repeats = whole(v, o, 1, 1000);
    } else if (key == "fault-node") {
      if (w.command != "simulate") {
        fail(o, "fault-node corrupts the SystemC model's node, and 'hypercast " + w.command +
                    "' runs no model: the fault would do nothing (simulate only)");
      }
      w.fault_node = std::to_string(whole(v, o, 0, 1 << 30));
      w.origins["fault-node"] = o;
    } else if (key.find('_') != std::string::npos) {
      // Keys are spelled as the options are, with hyphens (fault-node, buffer-depth).
      std::string hyphens = key;
      std::replace(hyphens.begin(), hyphens.end(), '_', '-');
      fail(o, "unknown key '" + key + "': keys are spelled with hyphens ('" + hyphens + "')");
    } else if (network_keys.count(key) && key != "payload-width") {
      fail(o, "'" + key + "' describes a network: put it under networks:");
    } else if (reserved().count(key)) {
      fail(o, "'" + key + "' is set by the regression itself");
    } else {
      const auto spec = std::find_if(specs.begin(), specs.end(),
                                     [&](const JobOption& s) { return s.name == key; });
      if (spec == specs.end()) {
        fail(o, "unknown key: not an option of 'hypercast " + w.command + "' (see its --help)");
      }
      std::vector<std::string> values;
      if (v.IsSequence()) {
        if (v.size() == 0) fail(o, "an empty list sweeps nothing");
        for (size_t i = 0; i < v.size(); ++i) {
          values.push_back(scalar(v[i], at(o.key + "[" + std::to_string(i) + "]", v[i])));
        }
      } else {
        values.push_back(scalar(v, o));
      }
      if (spec->flag) {
        for (const std::string& x : values) {
          if (x != "true" && x != "false") fail(o, "a flag takes true or false");
        }
      }
      w.options.push_back({key, values});
      w.swept.push_back(v.IsSequence());
      w.origins[key] = o;
    }
  });
  return w;
}

std::string Planner::misfit(const Workload& w, const Network& net) const {
  const Topology& entry = *findTopology(net.topology);  // network() refused other names
  std::string collective;
  for (const auto& kv : w.options) {
    if (kv.first == "collective") collective = kv.second.front();
  }
  if (w.command == "synth" && !entry.weight_routers) {
    return "synth takes the hypercycle router; " + net.name + " is a " + net.topology;
  }
  if (collective.empty() && w.command == "simulate" && !entry.weight_routers) {
    return net.name + " is a " + net.topology +
           ": simulate without a collective runs the hypercycle's broadcast routers";
  }
  // Which collectives the network has is decided per combination of the swept
  // values (comboMisfit): a list may hold some it has and some it has not.
  return "";
}

std::string Planner::comboMisfit(const Workload& w, const std::vector<size_t>& pick,
                                 const Network& net) const {
  std::string collective, construction = "auto", combo;
  uint32_t messages = 1;
  for (size_t i = 0; i < w.options.size(); ++i) {
    const std::string& key = w.options[i].first;
    const std::string& value = w.options[i].second[pick[i]];
    if (w.swept[i]) combo += (combo.empty() ? " (" : ", ") + key + " " + value;
    if (key == "collective") collective = value;
    if (key == "construction") construction = value;
    // A number out of range is left to the command's own check (checkJob).
    if (key == "messages" && !value.empty() && value.size() < 10 &&
        value.find_first_not_of("0123456789") == std::string::npos) {
      messages = static_cast<uint32_t>(std::stoul(value));
    }
  }
  if (collective.empty()) return "";
  const std::string at = net.name + " x " + w.name + (combo.empty() ? "" : combo + ")") + ": ";
  // The collectives `schedule` builds there (flow::scheduledCollectives: on a
  // network with links removed, the graph's constructions and no combining; a
  // torus with even k has no scatter).
  const std::vector<std::string> offered = flow::scheduledCollectives(net.desc);
  if (std::find(offered.begin(), offered.end(), collective) == offered.end()) {
    // The combining collectives run on every intact Cayley graph (flow/combining.h).
    if (flow::isCombiningCollective(collective) &&
        findTopology(net.topology)->kind != NetworkDesc::Kind::kCayley) {
      return at + net.name + " (" + net.topology + ") is no Cayley graph; " + collective +
             " needs one (" + cayleyTopologyNames() + ")";
    }
    const bool damaged = !net.desc.removed_links.empty();
    return at + net.name + " (" + net.topology + (damaged ? ", links removed" : "") + ") has no " +
           collective + " construction (it has: " + joined(offered) + ")";
  }
  const std::string why = flow::scheduleRefusal(net.desc, collective, messages, construction);
  return why.empty() ? "" : at + why;
}

std::string Planner::modelKey(const Workload& w, const std::vector<size_t>& pick,
                              const Network& net, const std::string& collective,
                              const std::string& source) const {
  // The options a job's harness reads at run time (its job file); every other
  // one may change the Verilated model (payload-width, endpoints, rtl-model,
  // shared-rom, wave, ...), so it names the model. A key unknown here names it
  // too: at worst two keys name one model, which the build stage's second
  // build finds in the cache.
  static const std::set<std::string> kRunTime = {
      "rate",   "traffic",     "cycles",  "seed",       "max-cycles",  "watchdog", "tready",
      "repeat", "trace",       "sources", "start",      "all-sources", "random",   "window",
      "json",   "allow-large", "quiet",   "collective", "source"};
  std::string key = net.name + "/" + (collective.empty() ? "router" : collective + "@" + source);
  for (size_t i = 0; i < w.options.size(); ++i) {
    if (kRunTime.count(w.options[i].first)) continue;
    key += "," + w.options[i].first + "=" + w.options[i].second[pick[i]];
  }
  return key;
}

void Planner::skip(RegressPlan& plan, const Workload& w, const std::string& why) {
  plan.skipped.push_back(why);
  if (first_skip_.empty()) {
    first_skip_ = why;
    first_skip_at_ = w.at;
  }
}

void Planner::checkFaultNode(const Workload& w, const Network& net) const {
  const uint64_t nodes = net.desc.nodes();
  if (std::stoull(w.fault_node) >= nodes) {
    const auto at = w.origins.find("fault-node");
    fail(at == w.origins.end() ? w.at : at->second,
         "node " + w.fault_node + " is not a node of " + net.name + " (" + std::to_string(nodes) +
             " nodes: 0.." + std::to_string(nodes - 1) + ")");
  }
}

void Planner::checkJob(const RegressJob& job, const Network& net, const Workload& w) const {
  bool parsed = false;
  try {
    // The job's words as its command parses them, then its parameters as the
    // command checks them before any work (flow::checkStep): a job its command
    // would refuse is refused here. The job's folder is not known yet: its
    // outputs (synth --out) are checked in the temporary folder instead.
    std::vector<std::string> rest(job.argv.begin() + 1, job.argv.end());
    for (std::string& word : rest) {
      const size_t at = word.find(kJobDirWord);
      if (at != std::string::npos) {
        word.replace(at, std::string(kJobDirWord).size(),
                     (std::filesystem::temp_directory_path() / "hypercast-plan-check").string());
      }
    }
    const flow::Args args(job.command, commandOptions(job.command), rest);
    parsed = true;
    flow::checkStep(args, job.command == "schedule" ? flow::Step::kSchedule
                          : job.command == "synth"  ? flow::Step::kSynth
                                                    : flow::Step::kSimulate);
  } catch (const Error& e) {
    const std::string what = parsed ? "job " + job.id + ": " + e.what() : std::string(e.what());
    Origin where = w.at;
    for (const auto* m : {&net.origins, &w.origins}) {
      for (const auto& kv : *m) {
        if (what.find("--" + kv.first) != std::string::npos) where = kv.second;
      }
    }
    fail(where, what);
  }
}

void Planner::expand(const Workload& w, RegressPlan& plan) {
  const std::vector<std::string>& engines = w.command != "simulate"
                                                ? std::vector<std::string>{""}
                                                : (w.engines.empty() ? engines_ : w.engines);
  const int repeats = w.repeats ? w.repeats : repeats_;
  // Two jobs of one workload share an id only when a swept key's values do
  // in the id ("1,2" and "1_2", or a value twice): that key is where.
  Origin dup_at = w.at;
  for (size_t i = 0; i < w.options.size(); ++i) {
    std::set<std::string> parts;
    for (const std::string& v : w.options[i].second) {
      if (w.swept[i] && !parts.insert(idPart(v)).second) dup_at = w.origins.at(w.options[i].first);
    }
  }
  for (const Network& net : networks_) {
    const bool named =
        std::find(w.networks.begin(), w.networks.end(), net.name) != w.networks.end();
    if (!w.networks.empty() && !named) continue;
    const std::string why = misfit(w, net);
    if (!why.empty()) {
      if (named) fail(w.networks_at, why);
      skip(plan, w, net.name + " x " + w.name + ": " + why);
      continue;
    }
    if (!w.fault_node.empty()) {
      checkFaultNode(w, net);
      if (std::find(engines.begin(), engines.end(), "verilator") != engines.end()) {
        fail(w.origins.at("fault-node"),
             "fault-node corrupts the SystemC model's node, and the verilator engine runs no "
             "model: the fault would do nothing (engines: systemc, cosim)");
      }
    }
    // Every combination of the swept values (odometer over the lists).
    std::vector<size_t> pick(w.options.size(), 0);
    for (bool more = true; more;) {
      // Values the network has no construction for (a torus with even k and two
      // messages) skip their combination alone.
      const std::string why_not = comboMisfit(w, pick, net);
      if (!why_not.empty()) {
        if (named) fail(w.networks_at, why_not);
        skip(plan, w, why_not);
      }
      for (const std::string& engine : why_not.empty() ? engines : std::vector<std::string>{}) {
        for (int r = 1; r <= repeats; ++r) {
          RegressJob job;
          job.command = w.command;
          job.network = net.name;
          job.workload = w.name;
          job.engine = engine;
          job.repeat = r;
          job.id = net.name + "." + w.name + (engine.empty() ? "" : "." + engine);
          job.argv = {w.command, "--topology", net.topology};
          std::string collective, source = "0";
          for (size_t i = 0; i < w.options.size(); ++i) {
            if (w.options[i].first == "collective") collective = w.options[i].second[pick[i]];
          }
          for (const auto& kv : net.options) {
            if (!takesRouterOption(w.command, collective, kv.first)) continue;
            job.argv.push_back("--" + kv.first);
            if (!kv.second.empty()) job.argv.push_back(kv.second);
          }
          for (size_t i = 0; i < w.options.size(); ++i) {
            const std::string& key = w.options[i].first;
            const std::string& value = w.options[i].second[pick[i]];
            // A word names itself (".total-exchange"), a number its key
            // (".rate0.2"), a switch its key or no- and its key (".shared-rom",
            // ".no-shared-rom").
            if (w.swept[i]) {
              job.id +=
                  "." +
                  (value == "true" ? idPart(key)
                   : value == "false"
                       ? "no-" + idPart(key)
                       : (std::isalpha(static_cast<unsigned char>(value[0])) ? "" : idPart(key)) +
                             idPart(value));
            }
            if (key == "source") source = value;
            if (value == "false") continue;
            job.argv.push_back("--" + key);
            if (value != "true") job.argv.push_back(value);
          }
          if (!engine.empty()) job.argv.insert(job.argv.end(), {"--engine", engine});
          if (w.command == "synth") {
            job.argv.insert(job.argv.end(), {"--out", std::string(kJobDirWord) + "/synth"});
          } else {
            job.argv.push_back("--json");
          }
          if (!w.fault_node.empty()) job.env["HYPERCAST_FAULT_NODE"] = w.fault_node;
          if (repeats > 1) job.id += ".r" + std::to_string(r);
          if (w.command == "simulate" && engine != "systemc") {
            job.model = modelKey(w, pick, net, collective, source);
          }
          checkJob(job, net, w);
          job.index = static_cast<int>(plan.jobs.size());
          plan.jobs.push_back(job);
          job_at_.push_back(dup_at);
        }
      }
      more = false;
      for (size_t i = 0; i < pick.size() && !more; ++i) {
        if (++pick[i] < w.options[i].second.size()) {
          more = true;
        } else {
          pick[i] = 0;
        }
      }
    }
  }
}

double Planner::jobCount(const Workload& w) const {
  const double engines =
      w.command != "simulate"
          ? 1.0
          : static_cast<double>(w.engines.empty() ? engines_.size() : w.engines.size());
  double per_network = engines * (w.repeats ? w.repeats : repeats_);
  for (const auto& o : w.options) per_network *= static_cast<double>(o.second.size());
  double jobs = 0;
  for (const Network& net : networks_) {
    const bool named =
        std::find(w.networks.begin(), w.networks.end(), net.name) != w.networks.end();
    if (!w.networks.empty() && !named) continue;
    if (misfit(w, net).empty()) jobs += per_network;
  }
  return jobs;
}

RegressPlan Planner::run() {
  YAML::Node loaded;
  std::error_code ec;
  if (std::filesystem::is_directory(file_, ec)) {
    throw Error(file_ + " is a folder, not a regression file (regress plan FILE.yaml --out DIR)");
  }
  try {
    const std::vector<YAML::Node> docs = YAML::LoadAllFromFile(file_);
    if (docs.size() > 1) {
      // The line of the second document: its node's, or (an empty document) the
      // last '---' line.
      int line = docs[1].Mark().is_null() ? 0 : lineOf(docs[1]);
      if (line == 0) {
        std::ifstream in(file_);
        int row = 0;
        for (std::string text; std::getline(in, text);) {
          ++row;
          if (text.rfind("---", 0) == 0) line = row;
        }
      }
      throw Error(file_ + ":" + std::to_string(std::max(line, 1)) +
                  ": a second YAML document ('---'); a regression file is one document");
    }
    if (!docs.empty()) loaded = docs.front();
  } catch (const YAML::BadFile&) {
    throw Error("cannot read " + file_);
  } catch (const YAML::ParserException& e) {
    throw Error(file_ + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg);
  }
  const YAML::Node& root = loaded;  // const: looking a key up never adds it
  RegressPlan plan;
  plan.name = std::filesystem::path(file_).stem().string();
  const Origin top{"(file)", lineOf(root)};
  if (!root.IsMap()) fail(top, "expected a mapping with networks: and workloads:");
  const char* const keys = "name, engines, repeats, networks, workloads";
  eachKey(root, "", [&](const std::string& key, const YAML::Node& v, const Origin& o) {
    if (key == "name") {
      plan.name = name(v, o);
    } else if (key == "engines") {
      engines_ = engineList(v, o);
    } else if (key == "repeats") {
      repeats_ = whole(v, o, 1, 1000);
    } else if (key != "networks" && key != "workloads") {
      fail(o, std::string("unknown key (keys: ") + keys + ")");
    }
  });
  for (const char* key : {"networks", "workloads"}) {
    if (!root[key]) fail({key, lineOf(root)}, "missing (a list is required)");
    const YAML::Node list = root[key];
    if (!list.IsSequence() || list.size() == 0) {
      fail(at(key, list), "expected a non-empty list");
    }
  }
  const YAML::Node nets = root["networks"];
  for (size_t i = 0; i < nets.size(); ++i) {
    const std::string path = "networks[" + std::to_string(i) + "]";
    Network net = network(nets[i], path);
    for (const Network& other : networks_) {
      if (other.name == net.name) fail({path + ".name", net.at.line}, "duplicate network name");
    }
    networks_.push_back(net);
  }
  const YAML::Node loads = root["workloads"];
  std::set<std::string> names;
  for (size_t i = 0; i < loads.size(); ++i) {
    const std::string path = "workloads[" + std::to_string(i) + "]";
    const Workload w = workload(loads[i], path);
    if (!names.insert(w.name).second) fail({path + ".name", w.at.line}, "duplicate workload name");
    // Counted before the sweep is expanded: a plan too large is refused at once.
    const double jobs = static_cast<double>(plan.jobs.size()) + jobCount(w);
    const uint64_t limit = flow::budget(flow::kMaxRegressJobs, allow_large_);
    if (jobs > static_cast<double>(limit)) {
      char text[32];
      std::snprintf(text, sizeof text, "%.0f", jobs);
      fail({path, w.at.line}, std::string("the plan would have ") + text +
                                  " jobs, above the limit of " + std::to_string(limit) +
                                  " (networks x sweep values x engines x repeats; " +
                                  flow::raisedOrHow(allow_large_) + ")");
    }
    expand(w, plan);
  }
  if (plan.jobs.empty()) {
    if (first_skip_.empty()) fail(top, "no job: no workload applies to any network");
    fail(first_skip_at_, "no job: no workload applies to any network (the first pair skipped: " +
                             first_skip_ + ")");
  }
  std::set<std::string> ids, models;
  for (RegressJob& j : plan.jobs) {
    if (!ids.insert(j.id).second) {
      fail(job_at_[static_cast<size_t>(j.index)],
           "two jobs named " + j.id + " (give sweeps distinct values)");
    }
    if (!j.model.empty()) j.builds_model = models.insert(j.model).second;
  }
  return plan;
}

}  // namespace

RegressPlan planRegression(const std::string& path, bool allow_large) {
  return Planner(path, allow_large).run();
}

}  // namespace regress
}  // namespace hypercast
