#include "sim/sim_job.h"

#include <algorithm>
#include <limits>
#include <set>
#include <sstream>

#include "emit/hypercycle_rtl.h"
#include "topology/network.h"
#include "util/error.h"
#include "util/parse_number.h"

namespace hypercast {

namespace {

using field::Json;

constexpr int64_t kMaxCycles = int64_t{1} << 40;

long long number(const std::string& what, const std::string& text, long long lo, long long hi) {
  const long long v = parseInt(what, text);
  if (v < lo || v > hi) {
    throw Error(what + " must be in " + std::to_string(lo) + ".." + std::to_string(hi) + ", got " +
                text);
  }
  return v;
}

uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// What a harness relies on beyond each value's own range.
void checkJob(const SimJob& j) {
  const NetworkDesc net = hypercycleNetwork(j.m, j.rho);  // throws Error
  validate(j.rtl);
  if (j.engine != "systemc" && j.engine != "verilator" && j.engine != "cosim") {
    throw Error("job file: 'engine' must be systemc, verilator or cosim, got '" + j.engine + "'");
  }
  if (!(j.rate >= 0 && j.rate <= 1)) throw Error("job file: 'rate' must be in 0..1");
  if (j.endpoints != "native" && j.endpoints != "axis") {
    throw Error("job file: 'endpoints' must be native or axis, got '" + j.endpoints + "'");
  }
  if (j.endpoints == "axis" && j.engine == "verilator") {
    throw Error("job file: 'endpoints' axis runs the SystemC model: engine systemc or cosim");
  }
  if (j.endpoints == "axis") checkAxisEndpoints(j.rtl);
  (void)parseTready(j.tready, net.nodes());
  const uint64_t payloads =
      j.rtl.payload_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << j.rtl.payload_width) - 1;
  // A run checks something: broadcasts, or traffic at a rate.
  if (j.broadcasts.empty() && !(j.rate > 0)) {
    throw Error("job file: no 'broadcasts' and no traffic ('rate' 0): nothing to run");
  }
  // A delivery names its broadcast by origin and payload: two alike could not be told apart.
  std::set<std::pair<uint64_t, uint64_t>> named;
  for (const BroadcastRequest& b : j.broadcasts) {
    if (!named.insert({b.origin, b.payload}).second) {
      throw Error("job file: 'broadcasts': two broadcasts share origin " +
                  std::to_string(b.origin) + " and payload " + std::to_string(b.payload));
    }
  }
  for (const BroadcastRequest& b : j.broadcasts) {
    if (b.origin >= net.nodes()) {
      throw Error("job file: 'broadcasts': origin " + std::to_string(b.origin) + " is outside 0.." +
                  std::to_string(net.nodes() - 1));
    }
    if (b.payload > payloads) {
      throw Error("job file: 'broadcasts': payload wider than payload_width");
    }
  }
}

}  // namespace

bool TreadyPattern::ready(uint64_t node, int64_t cycle) const {
  for (const Stall& s : stalls) {
    if ((s.node < 0 || static_cast<uint64_t>(s.node) == node) && cycle >= s.from &&
        cycle < s.from + s.len) {
      return false;
    }
  }
  if (duty >= 100) return true;
  const uint64_t r = mix(mix(seed ^ static_cast<uint64_t>(cycle)) ^ node);
  return static_cast<int>(r % 100) < duty;
}

int64_t TreadyPattern::stallEnd() const {
  int64_t end = 0;
  for (const Stall& s : stalls) end = std::max(end, s.from + s.len);
  return end;
}

TreadyPattern parseTready(const std::string& text, uint64_t nodes) {
  TreadyPattern t;
  constexpr long long kMax = 1LL << 40;  // a seed
  // A stall's cycles, as --start's and --window's: a run is never held for
  // hours by a pattern the watchdog does not count.
  constexpr long long kMaxCycle = 1000000;
  std::stringstream terms(text);
  std::string term;
  bool any = false;
  while (std::getline(terms, term, ',')) {
    any = true;
    std::vector<std::string> w;
    std::stringstream parts(term);
    for (std::string s; std::getline(parts, s, ':');) w.push_back(s);
    const std::string what = "--tready term '" + term + "'";
    if (w.size() == 1 && w[0] == "always") continue;
    if (!w.empty() && w[0] == "random" && (w.size() == 2 || w.size() == 3)) {
      t.duty = static_cast<int>(number(what + " duty", w[1], 0, 100));
      if (w.size() == 3) t.seed = static_cast<uint64_t>(number(what + " seed", w[2], 0, kMax));
      continue;
    }
    if (!w.empty() && w[0] == "stall" && w.size() == 4) {
      TreadyPattern::Stall s;
      s.node = number(what + " node", w[1], 0, static_cast<long long>(nodes) - 1);
      s.from = number(what + " start cycle", w[2], 0, kMaxCycle);
      s.len = number(what + " length", w[3], 1, kMaxCycle);
      t.stalls.push_back(s);
      continue;
    }
    if (!w.empty() && w[0] == "all" && w.size() == 3) {
      TreadyPattern::Stall s;
      s.from = number(what + " start cycle", w[1], 0, kMaxCycle);
      s.len = number(what + " length", w[2], 1, kMaxCycle);
      t.stalls.push_back(s);
      continue;
    }
    throw Error(what + ": expected always, random:D[:SEED], stall:NODE:FROM:LEN or all:FROM:LEN");
  }
  if (!any)
    throw Error("--tready is empty: always, random:D[:SEED], stall:NODE:FROM:LEN or all:FROM:LEN");
  return t;
}

std::string serializeJob(const SimJob& j) {
  Json o;
  o["m"] = j.m;
  o["rho"] = j.rho;
  o["preference"] = toString(j.rtl.preference);
  o["payload_width"] = j.rtl.payload_width;
  o["buffer_depth"] = j.rtl.buffer_depth;
  o["router"] = j.rtl.router == RouterKind::kProgrammable ? "programmable" : "hardwired";
  if (j.rtl.router == RouterKind::kProgrammable) {
    const ProgLimits& p = j.rtl.limits;
    o["limits"] = {
        {"max_dims", p.max_dims}, {"max_radix", p.max_radix}, {"max_degree", p.max_degree}};
  }
  o["arbitration"] = toString(j.rtl.arbitration);
  if (j.rtl.arbitration == Arbitration::kEpoch) {
    o["epoch_quota"] = j.rtl.epoch_quota;
  }
  o["hop_cycles"] = j.rtl.hop_cycles;
  o["engine"] = j.engine;
  o["rtl_model"] = j.rtl_model;
  o["json"] = j.json;
  o["max_cycles"] = j.max_cycles;
  o["watchdog"] = j.watchdog;
  o["inject_until"] = j.inject_until;
  o["traffic"] = j.traffic;
  o["rate"] = j.rate;
  o["trace"] = j.trace_path;
  o["wave"] = j.wave_path;
  o["quiet"] = j.quiet;
  if (j.endpoints != "native") {
    o["endpoints"] = j.endpoints;
    o["tready"] = j.tready;
  }
  Json b = Json::array();
  for (const BroadcastRequest& r : j.broadcasts) b.push_back({r.origin, r.start_cycle, r.payload});
  o["broadcasts"] = b;
  return writeJobFile(JobKind::kRouterNetwork, o);
}

SimJob parseJob(const JobFile& file) {
  const Json& o = jobBody(file, JobKind::kRouterNetwork);
  field::onlyKeys(o, JobKind::kRouterNetwork,
                  {"m",          "rho",       "preference",  "payload_width", "buffer_depth",
                   "router",     "limits",    "arbitration", "hop_cycles",    "engine",
                   "rtl_model",  "json",      "max_cycles",  "watchdog",      "inject_until",
                   "traffic",    "rate",      "trace",       "wave",          "quiet",
                   "broadcasts", "endpoints", "tready",      "epoch_quota"});
  SimJob j;
  constexpr int kBig = std::numeric_limits<int>::max();
  j.m = field::integers(o, "m", 0, kBig);
  j.rho = field::integers(o, "rho", 0, kBig);
  if (const Json* v = field::optional(o, "preference")) {
    const std::string p = field::value::text(*v, "preference");
    if (p != "clockwise" && p != "counterclockwise") {
      throw Error("job file: 'preference' must be clockwise or counterclockwise, got '" + p + "'");
    }
    j.rtl.preference =
        p == "counterclockwise" ? Preference::kCounterclockwise : Preference::kClockwise;
  }
  if (const Json* v = field::optional(o, "payload_width")) {
    j.rtl.payload_width = static_cast<int>(field::value::integer(*v, "payload_width", 0, kBig));
  }
  if (const Json* v = field::optional(o, "buffer_depth")) {
    j.rtl.buffer_depth = static_cast<int>(field::value::integer(*v, "buffer_depth", 0, kBig));
  }
  if (const Json* v = field::optional(o, "router")) {
    const std::string r = field::value::text(*v, "router");
    if (r == "programmable") {
      j.rtl.router = RouterKind::kProgrammable;
      const Json& l = field::at(o, "limits");
      ProgLimits& p = j.rtl.limits;
      p.max_dims = static_cast<int>(field::integer(l, "max_dims", 0, kBig));
      p.max_radix = static_cast<int>(field::integer(l, "max_radix", 0, kBig));
      p.max_degree = static_cast<int>(field::integer(l, "max_degree", 0, kBig));
    } else if (r != "hardwired") {
      throw Error("job file: 'router' must be hardwired or programmable, got '" + r + "'");
    }
  }
  if (j.rtl.router != RouterKind::kProgrammable && o.contains("limits")) {
    throw Error("job file: 'limits' needs \"router\": \"programmable\"");
  }
  if (const Json* v = field::optional(o, "arbitration")) {
    const std::string a = field::value::text(*v, "arbitration");
    if (a != "rr" && a != "fair" && a != "epoch") {
      throw Error("job file: 'arbitration' must be rr, fair or epoch, got '" + a + "'");
    }
    j.rtl.arbitration = a == "fair"    ? Arbitration::kFair
                        : a == "epoch" ? Arbitration::kEpoch
                                       : Arbitration::kRoundRobin;
  }
  if (const Json* v = field::optional(o, "epoch_quota")) {
    j.rtl.epoch_quota =
        static_cast<int>(field::value::integer(*v, "epoch_quota", 1, kMaxEpochQuota));
  }
  if (const Json* v = field::optional(o, "hop_cycles")) {
    j.rtl.hop_cycles = static_cast<int>(field::value::integer(*v, "hop_cycles", 0, kBig));
  }
  if (const Json* v = field::optional(o, "engine")) j.engine = field::value::text(*v, "engine");
  if (const Json* v = field::optional(o, "rtl_model"))
    j.rtl_model = field::value::text(*v, "rtl_model");
  if (const Json* v = field::optional(o, "json")) j.json = field::value::flag(*v, "json");
  if (const Json* v = field::optional(o, "max_cycles")) {
    j.max_cycles = field::value::integer(*v, "max_cycles", 0, kMaxCycles);
  }
  if (const Json* v = field::optional(o, "watchdog")) {
    j.watchdog = field::value::integer(*v, "watchdog", 1, kMaxCycles);
  }
  if (const Json* v = field::optional(o, "inject_until")) {
    j.inject_until = field::value::integer(*v, "inject_until", 0, kMaxCycles);
  }
  if (const Json* v = field::optional(o, "traffic")) j.traffic = field::value::text(*v, "traffic");
  if (const Json* v = field::optional(o, "rate")) j.rate = field::value::number(*v, "rate");
  if (const Json* v = field::optional(o, "trace")) j.trace_path = field::value::text(*v, "trace");
  if (const Json* v = field::optional(o, "wave")) j.wave_path = field::value::text(*v, "wave");
  if (const Json* v = field::optional(o, "quiet")) j.quiet = field::value::flag(*v, "quiet");
  if (const Json* v = field::optional(o, "endpoints")) {
    j.endpoints = field::value::text(*v, "endpoints");
  }
  if (const Json* v = field::optional(o, "tready")) j.tready = field::value::text(*v, "tready");
  if (const Json* v = field::optional(o, "broadcasts")) {
    for (const Json& b : field::value::list(*v, "broadcasts")) {
      if (!b.is_array() || b.size() != 3) {
        throw Error("job file: 'broadcasts' entries must be [origin, start_cycle, payload], got " +
                    b.dump());
      }
      BroadcastRequest r;
      r.origin = field::value::unsignedInteger(b[0], "broadcasts", ~uint64_t{0});
      r.start_cycle = field::value::integer(b[1], "broadcasts", 0, kMaxCycles);
      r.payload = field::value::unsignedInteger(b[2], "broadcasts", ~uint64_t{0});
      j.broadcasts.push_back(r);
    }
  }
  checkJob(j);
  return j;
}

SimJob parseJob(const std::string& text) { return parseJob(readJobFile(text)); }

}  // namespace hypercast
