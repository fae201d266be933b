#include "sim/sim_job.h"

#include <sstream>

#include "util/error.h"

namespace hypercast {

static std::string joinInts(const std::vector<int>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s;
}

static std::vector<int> splitInts(const std::string& s) {
  std::vector<int> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(std::stoi(item));
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
  if (!j.rtl_model.empty()) os << "rtl_model " << j.rtl_model << "\n";
  if (!j.trace_path.empty()) os << "trace " << escapeLine(j.trace_path) << "\n";
  if (j.inject_until > 0) os << "inject_until " << j.inject_until << "\n";
  if (!j.traffic.empty()) os << "traffic " << j.traffic << " " << j.rate << "\n";
  if (!j.wave_path.empty()) os << "wave " << escapeLine(j.wave_path) << "\n";
  for (const auto& b : j.broadcasts) {
    os << "broadcast " << b.origin << " " << b.start_cycle << " " << b.payload << "\n";
  }
  return os.str();
}

SimJob parseJob(const std::string& text) {
  SimJob j;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  bool header = false;
  while (std::getline(in, line)) {
    ++lineno;
    if (line.empty()) continue;
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    try {
      if (key == "hypercast-job") {
        header = true;
      } else if (key == "m" || key == "rho") {
        std::string v;
        ls >> v;
        (key == "m" ? j.m : j.rho) = splitInts(v);
      } else if (key == "preference") {
        std::string v;
        ls >> v;
        j.rtl.preference =
            v == "counterclockwise" ? Preference::kCounterclockwise : Preference::kClockwise;
      } else if (key == "payload_width") {
        ls >> j.rtl.payload_width;
      } else if (key == "buffer_depth") {
        ls >> j.rtl.buffer_depth;
      } else if (key == "engine") {
        ls >> j.engine;
      } else if (key == "format") {
        ls >> j.format;
      } else if (key == "max_cycles") {
        ls >> j.max_cycles;
      } else if (key == "watchdog") {
        ls >> j.watchdog;
      } else if (key == "router") {
        std::string kind;
        ls >> kind;
        if (kind == "programmable") {
          ProgLimits& p = j.rtl.limits;
          j.rtl.router = RouterKind::kProgrammable;
          ls >> p.max_dims >> p.max_radix >> p.max_degree;
        } else if (kind != "hardwired") {
          throw Error("unknown router '" + kind + "'");
        }
      } else if (key == "rtl_model") {
        ls >> j.rtl_model;
      } else if (key == "trace") {
        std::getline(ls >> std::ws, j.trace_path);
        j.trace_path = unescapeLine(j.trace_path);
      } else if (key == "inject_until") {
        ls >> j.inject_until;
      } else if (key == "traffic") {
        ls >> j.traffic >> j.rate;
      } else if (key == "wave") {
        std::getline(ls >> std::ws, j.wave_path);
        j.wave_path = unescapeLine(j.wave_path);
      } else if (key == "broadcast") {
        BroadcastRequest b;
        ls >> b.origin >> b.start_cycle >> b.payload;
        j.broadcasts.push_back(b);
      } else {
        throw Error("unknown key '" + key + "'");
      }
      if (ls.fail()) throw Error("malformed value");
    } catch (const std::logic_error&) {
      throw Error("job file line " + std::to_string(lineno) + ": malformed value");
    } catch (const Error& e) {
      throw Error("job file line " + std::to_string(lineno) + ": " + e.what());
    }
  }
  if (!header) throw Error("not a hypercast job file");
  return j;
}

}  // namespace hypercast
