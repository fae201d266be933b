#include <cstdio>
#include <iostream>

#include "cli/collective_args.h"
#include "cli/commands.h"
#include "emit/schedule_csv.h"
#include "util/error.h"
#include "util/output_file.h"

namespace hypercast {
namespace cli {

namespace {

// `s` as a JSON string (a file name may hold quotes, backslashes, newlines).
std::string jsonString(const std::string& s) {
  std::string o = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += static_cast<char>(c);
    } else if (c < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      o += esc;
    } else {
      o += static_cast<char>(c);
    }
  }
  return o + "\"";
}

}  // namespace

int cmdSchedule(const std::vector<std::string>& words) {
  std::vector<OptionSpec> specs = {{"topology", "NAME", "hypercube (the default)"}};
  for (const auto& o : collectiveOptions()) specs.push_back(o);
  specs.push_back({"source", "S", "root of a broadcast or scatter (default 0)"});
  specs.push_back({"out", "FILE.csv", "write every transfer as CSV: step,from,to,origin,dest"});
  specs.push_back({"json", "", "print a JSON summary"});
  specs.push_back({"help", "", "show this help"});
  const Args a("schedule", specs, words);
  if (a.has("help")) {
    std::cout << "Builds a collective's schedule as the paper constructs it (Bertsekas et al.:\n"
                 "Sec. 2 multinode broadcast, Sec. 3 scatter, Sec. 4 total exchange), checks it\n"
                 "with the independent checker, and compares steps and transmissions with the\n"
                 "lower bounds of Table 1. Step 1 is the first time unit. dest is -1 for a\n"
                 "broadcast packet. A schedule that fails the checker is not written (exit 2).\n\n"
              << usage("hypercast schedule --topology hypercube --dim D --collective C [options]",
                       specs);
    return 0;
  }
  const std::string out = a.get("out");
  if (a.has("out")) checkOutputPath("--out", out);  // before the work
  const CheckedSchedule c = buildCheckedSchedule(a, 1 << 20, "schedule");
  if (a.has("out")) {
    OutputFile f(out, "--out");
    writeScheduleCsv(f.stream(), c.schedule.transfers);
    f.commit();
  }
  if (a.has("json")) {
    std::cout << "{" << scheduleJsonFields(c) << ", \"build_seconds\": " << c.build_seconds
              << ", \"check_seconds\": " << c.check_seconds;
    if (a.has("out")) std::cout << ", \"csv\": " << jsonString(out);
    std::cout << "}\n";
    return 0;
  }
  const Schedule& s = c.schedule;
  std::cout << "hypercube        d = " << c.dim << ", " << c.report.nodes << " nodes\n"
            << "collective       " << toString(s.collective);
  if (hasRoot(s.collective)) std::cout << " from node " << s.root;
  std::cout << "\nsteps            " << c.report.steps << "  (lower bound " << c.bound.steps
            << ")\ntransmissions    " << c.report.transmissions << "  (lower bound "
            << c.bound.transmissions << ")\noptimal          " << (c.optimal ? "yes" : "NO")
            << "\nchecker          PASS (" << c.report.packets << " packets delivered)\n";
  if (a.has("out")) std::cout << "wrote            " << out << "\n";
  return 0;
}

}  // namespace cli
}  // namespace hypercast
