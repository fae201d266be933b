// hypercast export: the checked optimal schedule as a GPU collective runtime's
// file, MSCCL algorithm XML (emit/msccl_xml.h) or SCCL/TACCL JSON
// (emit/sccl_json.h). Every file is checked before it is written: the XML by
// the format checker and the executor of checker/msccl_*.h, the JSON by
// reading it back (checker/sccl_json.h), SCCL's own check, and a comparison of
// its sends with the schedule.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <tuple>

#include "checker/msccl_executor.h"
#include "checker/msccl_format.h"
#include "checker/sccl_json.h"
#include "cli/collective_args.h"
#include "cli/commands.h"
#include "cli/network_args.h"
#include "emit/msccl_xml.h"
#include "emit/sccl_json.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/output_file.h"

namespace hypercast {
namespace cli {

namespace {

struct Format {
  const char* name;
  const char* what;
};
const Format kFormats[] = {{"msccl-xml", "MSCCL algorithm XML (msccl-executor-nccl, RCCL)"},
                           {"sccl-json", "SCCL/TACCL algorithm JSON (msccl-tools)"}};

std::string formatNames() {
  std::string s;
  for (const Format& f : kFormats) s += (s.empty() ? "" : ", ") + std::string(f.name);
  return s;
}

// A file of ours that fails our own checks is a bug, not bad input.
[[noreturn]] void internal(const std::string& what, const std::vector<std::string>& errors) {
  for (const std::string& e : errors) std::cerr << "hypercast: " << what << ": " << e << "\n";
  throw std::runtime_error("the exported file fails the " + what + "; nothing was written");
}

}  // namespace

std::vector<OptionSpec> exportOptions() {
  std::vector<OptionSpec> specs = topologyOptions();
  specs.front().help = topologyNames() + " (default hypercube)";
  for (const auto& o : collectiveOptions()) specs.push_back(o);
  specs.push_back({"source", "S", "root of a broadcast or scatter (default 0)"});
  specs.push_back({"format", "msccl-xml|sccl-json", "the file's format"});
  specs.push_back({"out", "FILE", "where to write it"});
  specs.push_back({"json", "", "print a JSON summary"});
  return specs;
}

CommandHelp exportHelp() {
  std::string formats;
  for (const Format& f : kFormats) {
    formats += "  " + std::string(f.name) + std::string(12 - std::string(f.name).size(), ' ') +
               f.what + "\n";
  }
  return {"hypercast export [--topology T] [its options] --collective C --format F --out FILE",
          "Writes the optimal schedule that 'hypercast schedule' builds and checks as a\n"
          "GPU collective runtime's algorithm file. Collectives: multinode-broadcast ->\n"
          "allgather, total-exchange -> alltoall, broadcast -> broadcast, scatter ->\n"
          "scatter. Formats:\n" +
              formats +
              "A file that fails hypercast's format checker or executor is not written.\n",
          ""};
}

int cmdExport(const Args& a) {
  // Everything that can be refused is refused before the work.
  if (!a.has("format")) throw Error("export needs --format (" + formatNames() + ")");
  const std::string format = a.get("format");
  if (std::none_of(std::begin(kFormats), std::end(kFormats),
                   [&](const Format& f) { return format == f.name; })) {
    throw Error("unknown --format '" + format + "' (formats: " + formatNames() + ")");
  }
  if (!a.has("out")) throw Error("export needs --out FILE");
  const std::string out = a.get("out");
  checkOutputPath("--out", out);
  if (a.has("collective")) parseCollective(a.get("collective"));
  if (a.get("links", "full-duplex") != "full-duplex") {
    throw Error("export writes GPU schedules over full-duplex links; drop --links");
  }

  const CheckedSchedule c = buildCheckedSchedule(a, false, "export", kDefaultScheduleTopology);
  const Schedule& s = c.schedule;
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  auto t0 = Clock::now();
  double emit_s = 0, check_s = 0;
  nlohmann::ordered_json j;
  j["format"] = format;
  j["collective"] = toString(s.collective);
  j["runtime_collective"] = runtimeCollective(s.collective);
  j["network"] = c.net.label;
  j["gpus"] = s.nodes;
  j["messages"] = s.messages;
  if (hasRoot(s.collective)) j["source"] = s.root;
  j["schedule_steps"] = s.steps;
  j["transfers"] = s.transfers.size();
  std::string text;
  if (format == "msccl-xml") {
    MscclXmlOptions o;
    o.name = "hypercast_" + std::string(runtimeCollective(s.collective)) + "_" + c.net.name +
             (s.messages > 1 ? "_m" + std::to_string(s.messages) : "") +
             (hasRoot(s.collective) ? "_root" + std::to_string(s.root) : "");
    MscclXml x = emitMscclXml(s, o);
    emit_s = since(t0);
    t0 = Clock::now();
    const checker::MscclFormatReport fr = checker::checkMscclXml(x.text);
    if (!fr.ok) internal("MSCCL format checker", fr.errors);
    const checker::MscclRunReport run = checker::runMscclAlgo(fr.algo, s.problem());
    if (!run.ok) internal("MSCCL executor", run.errors);
    check_s = since(t0);
    j["nchunksperloop"] = x.chunks_per_loop;
    j["channels"] = x.channels;
    j["threadblocks"] = x.threadblocks;
    j["max_threadblocks_per_gpu"] = x.max_threadblocks_per_gpu;
    j["steps"] = x.steps;
    j["max_steps_per_threadblock"] = x.max_steps_per_tb;
    j["max_scratch_chunks"] = x.max_scratch_chunks;
    text = std::move(x.text);
  } else {
    const PortGraph g = PortGraph::build(c.net);
    ScclJson sj = emitScclJson(s, g, c.net.name);
    emit_s = since(t0);
    t0 = Clock::now();
    const checker::ScclAlgorithm back = checker::readScclJson(sj.text);
    const std::vector<std::string> errors = checker::checkScclAlgorithm(back);
    if (!errors.empty()) internal("SCCL check", errors);
    std::vector<Transfer> got = checker::scclTransfers(back), want = s.transfers;
    auto order = [](const Transfer& x, const Transfer& y) {
      return std::tie(x.step, x.from, x.to, x.origin, x.dest, x.msg) <
             std::tie(y.step, y.from, y.to, y.origin, y.dest, y.msg);
    };
    std::sort(got.begin(), got.end(), order);
    std::sort(want.begin(), want.end(), order);
    if (got != want) internal("SCCL round trip", {"its sends are not the schedule's transfers"});
    check_s = since(t0);
    j["steps"] = sj.steps;
    j["sends"] = sj.sends;
    text = std::move(sj.text);
  }
  t0 = Clock::now();
  {
    OutputFile f(out, "--out");
    f.stream() << text;
    f.commit();
  }
  j["bytes"] = text.size();
  j["file"] = out;
  j["emit_seconds"] = emit_s;
  j["check_seconds"] = check_s;
  j["write_seconds"] = since(t0);
  if (a.has("json")) {
    std::cout << jsonText(j) << "\n";
    return 0;
  }
  std::cout << scheduleSummary(c) << "exported         " << format << ", "
            << j["runtime_collective"].get<std::string>() << ", " << text.size() << " bytes, "
            << "checked\nwrote            " << out << "\n";
  return 0;
}

}  // namespace cli
}  // namespace hypercast
