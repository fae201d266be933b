#include "sim/sim_job.h"

#include <set>
#include <sstream>
#include <type_traits>

#include "topology/hypercycle.h"
#include "util/error.h"

namespace hypercast {

static std::string joinInts(const std::vector<int>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

// "8,6,5": whole numbers, nothing else.
static std::vector<int> splitInts(const std::string& s) {
  std::vector<int> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    size_t pos = 0;
    out.push_back(std::stoi(item, &pos));
    if (pos != item.size()) throw Error("malformed list '" + s + "'");
  }
  if (s.empty() || s.back() == ',') throw Error("malformed list '" + s + "'");
  return out;
}

// A path on one line: backslash and newline escaped (a file name may hold both).
static std::string escapeLine(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '\\') {
      o += "\\\\";
    } else if (c == '\n') {
      o += "\\n";
    } else {
      o += c;
    }
  }
  return o;
}

static std::string unescapeLine(const std::string& s) {
  std::string o;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\') {
      o += s[i];
    } else if (i + 1 < s.size() && (s[i + 1] == '\\' || s[i + 1] == 'n')) {
      o += s[++i] == 'n' ? '\n' : '\\';
    } else {
      throw Error("malformed escape in a path");
    }
  }
  return o;
}

std::string serializeJob(const SimJob& j) {
  std::ostringstream os;
  os << "hypercast-job 1\n"
     << "m " << joinInts(j.m) << "\nrho " << joinInts(j.rho) << "\npreference "
     << toString(j.rtl.preference) << "\npayload_width " << j.rtl.payload_width << "\nbuffer_depth "
     << j.rtl.buffer_depth << "\nengine " << j.engine << "\nformat " << j.format << "\nmax_cycles "
     << j.max_cycles << "\nwatchdog " << j.watchdog << "\n";
  if (j.rtl.router == RouterKind::kProgrammable) {
    const ProgLimits& p = j.rtl.limits;
    os << "router programmable " << p.max_dims << " " << p.max_radix << " " << p.max_degree << "\n";
  }
  if (j.rtl.arbitration != Arbitration::kRoundRobin) {
    os << "arbitration " << toString(j.rtl.arbitration) << "\n";
  }
  if (j.rtl.hop_cycles != 1) os << "hop_cycles " << j.rtl.hop_cycles << "\n";
  if (!j.rtl_model.empty()) os << "rtl_model " << j.rtl_model << "\n";
  if (!j.trace_path.empty()) os << "trace " << escapeLine(j.trace_path) << "\n";
  if (j.inject_until > 0) os << "inject_until " << j.inject_until << "\n";
  if (!j.traffic.empty()) os << "traffic " << j.traffic << " " << j.rate << "\n";
  if (!j.wave_path.empty()) os << "wave " << escapeLine(j.wave_path) << "\n";
  if (j.quiet) os << "quiet\n";
  for (const auto& b : j.broadcasts) {
    os << "broadcast " << b.origin << " " << b.start_cycle << " " << b.payload << "\n";
  }
  return os.str();
}

namespace {

// One line's values, read in order; the line must hold exactly them.
class Values {
 public:
  explicit Values(std::istringstream& in) : in_(in) {}
  template <typename T>
  T next() {
    // Unsigned fields take no sign ("-1" would wrap around).
    in_ >> std::ws;
    if (std::is_unsigned<T>::value && (in_.peek() == '-' || in_.peek() == '+')) fail();
    T v{};
    if (!(in_ >> v)) fail();
    return v;
  }
  void end() {
    in_ >> std::ws;
    if (!in_.eof()) fail();
  }
  [[noreturn]] static void fail() { throw Error("malformed value"); }

 private:
  std::istringstream& in_;
};

template <typename T>
void inRange(const char* what, T v, T lo, T hi) {
  if (v < lo || v > hi) {
    throw Error(std::string(what) + " must be in " + std::to_string(lo) + ".." +
                std::to_string(hi) + ", got " + std::to_string(v));
  }
}

// What a harness relies on, checked once the whole file is read.
void checkJob(const SimJob& j, const std::set<std::string>& seen) {
  for (const char* key : {"m", "rho"}) {
    if (!seen.count(key)) throw Error(std::string("job file: no '") + key + "' line");
  }
  const Hypercycle h = Hypercycle::fromPaperOrder(j.m, j.rho);  // throws Error
  validate(j.rtl);
  if (j.engine != "systemc" && j.engine != "verilator" && j.engine != "cosim") {
    throw Error("job file: unknown engine '" + j.engine + "'");
  }
  if (j.format != "text" && j.format != "json") {
    throw Error("job file: unknown format '" + j.format + "'");
  }
  inRange<int64_t>("job file: max_cycles", j.max_cycles, 0, int64_t{1} << 40);
  inRange<int64_t>("job file: watchdog", j.watchdog, 1, int64_t{1} << 40);
  inRange<int64_t>("job file: inject_until", j.inject_until, 0, int64_t{1} << 40);
  if (!(j.rate >= 0 && j.rate <= 1)) throw Error("job file: traffic rate must be in 0..1");
  const uint64_t payloads =
      j.rtl.payload_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << j.rtl.payload_width) - 1;
  for (const BroadcastRequest& b : j.broadcasts) {
    if (b.origin >= h.nodes()) {
      throw Error("job file: broadcast origin " + std::to_string(b.origin) + " is outside 0.." +
                  std::to_string(h.nodes() - 1));
    }
    inRange<int64_t>("job file: broadcast start cycle", b.start_cycle, 0, int64_t{1} << 40);
    if (b.payload > payloads) throw Error("job file: payload wider than payload_width");
  }
}

}  // namespace

SimJob parseJob(const std::string& text) {
  SimJob j;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  std::set<std::string> seen;
  while (std::getline(in, line)) {
    ++lineno;
    std::istringstream ls(line);
    std::string key;
    if (!(ls >> key)) continue;  // an empty line
    // The rest of a path line, verbatim after the one space that follows the key.
    const size_t at = line.find(key) + key.size();
    const std::string rest = at < line.size() ? line.substr(at + 1) : std::string();
    Values v(ls);
    try {
      if (seen.empty() && key != "hypercast-job") throw Error("not a hypercast job file");
      if (key != "broadcast" && !seen.insert(key).second) throw Error("'" + key + "' given twice");
      if (key == "hypercast-job") {
        if (v.next<int>() != 1) throw Error("unknown job file version");
      } else if (key == "m" || key == "rho") {
        (key == "m" ? j.m : j.rho) = splitInts(v.next<std::string>());
      } else if (key == "preference") {
        const std::string p = v.next<std::string>();
        if (p != "clockwise" && p != "counterclockwise") throw Error("unknown preference");
        j.rtl.preference =
            p == "counterclockwise" ? Preference::kCounterclockwise : Preference::kClockwise;
      } else if (key == "payload_width") {
        j.rtl.payload_width = v.next<int>();
      } else if (key == "buffer_depth") {
        j.rtl.buffer_depth = v.next<int>();
      } else if (key == "arbitration") {
        const std::string a = v.next<std::string>();
        if (a != "rr" && a != "fair") throw Error("unknown arbitration");
        j.rtl.arbitration = a == "fair" ? Arbitration::kFair : Arbitration::kRoundRobin;
      } else if (key == "hop_cycles") {
        j.rtl.hop_cycles = v.next<int>();
      } else if (key == "engine") {
        j.engine = v.next<std::string>();
      } else if (key == "format") {
        j.format = v.next<std::string>();
      } else if (key == "max_cycles") {
        j.max_cycles = v.next<int64_t>();
      } else if (key == "watchdog") {
        j.watchdog = v.next<int64_t>();
      } else if (key == "router") {
        const std::string kind = v.next<std::string>();
        if (kind == "programmable") {
          ProgLimits& p = j.rtl.limits;
          j.rtl.router = RouterKind::kProgrammable;
          p.max_dims = v.next<int>();
          p.max_radix = v.next<int>();
          p.max_degree = v.next<int>();
        } else if (kind != "hardwired") {
          throw Error("unknown router '" + kind + "'");
        }
      } else if (key == "rtl_model") {
        j.rtl_model = v.next<std::string>();
      } else if (key == "trace" || key == "wave") {
        (key == "trace" ? j.trace_path : j.wave_path) = unescapeLine(rest);
        if (rest.empty()) throw Error("empty path");
        continue;
      } else if (key == "quiet") {
        j.quiet = true;
      } else if (key == "inject_until") {
        j.inject_until = v.next<int64_t>();
      } else if (key == "traffic") {
        j.traffic = v.next<std::string>();
        j.rate = v.next<double>();
      } else if (key == "broadcast") {
        BroadcastRequest b;
        b.origin = v.next<uint64_t>();
        b.start_cycle = v.next<int64_t>();
        b.payload = v.next<uint64_t>();
        j.broadcasts.push_back(b);
      } else {
        throw Error("unknown key '" + key + "'");
      }
      v.end();
    } catch (const std::logic_error&) {
      throw Error("job file line " + std::to_string(lineno) + ": malformed value");
    } catch (const Error& e) {
      throw Error("job file line " + std::to_string(lineno) + ": " + e.what());
    }
  }
  if (seen.empty()) throw Error("not a hypercast job file");
  checkJob(j, seen);
  return j;
}

}  // namespace hypercast
