#include "flow/collective_export.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <stdexcept>
#include <tuple>

#include "checker/msccl_executor.h"
#include "checker/msccl_format.h"
#include "checker/sccl_json.h"
#include "emit/msccl_xml.h"
#include "emit/sccl_json.h"
#include "topology/port_graph.h"
#include "util/output_file.h"

namespace hypercast {
namespace flow {

namespace {

// A file of ours that fails our own checks is a bug, not bad input.
[[noreturn]] void internal(const std::string& what, const std::vector<std::string>& errors) {
  for (const std::string& e : errors) std::cerr << "hypercast: " << what << ": " << e << "\n";
  throw std::runtime_error("the exported file fails the " + what + "; nothing was written");
}

}  // namespace

const std::vector<ExportFormat>& exportFormats() {
  static const std::vector<ExportFormat> f = {
      {"msccl-xml", "MSCCL algorithm XML (msccl-executor-nccl, RCCL)"},
      {"sccl-json", "SCCL/TACCL algorithm JSON (msccl-tools)"}};
  return f;
}

std::string exportFormatNames() {
  std::string s;
  for (const ExportFormat& f : exportFormats()) s += (s.empty() ? "" : ", ") + std::string(f.name);
  return s;
}

nlohmann::ordered_json exportSchedule(const CheckedSchedule& c, const std::string& format,
                                      const std::string& out) {
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
  j["messages"] = s.messages;
  if (hasRoot(s.collective)) {
    j["source"] = s.root;
    if (s.root < c.net.node_labels.size()) j["source_name"] = c.net.node_labels[s.root];
  }
  // A graph file's nodes: GPU rank x is node x, named as in the file.
  if (!c.net.node_labels.empty()) j["gpu_names"] = c.net.node_labels;
  nlohmann::ordered_json& fig = j["figures"];
  fig["gpus"] = s.nodes;
  fig["steps"] = s.steps;  // the schedule's, as schedule --json gives them
  fig["transmissions"] = s.transfers.size();
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
    fig["nchunksperloop"] = x.chunks_per_loop;
    fig["channels"] = x.channels;
    fig["threadblocks"] = x.threadblocks;
    fig["max_threadblocks_per_gpu"] = x.max_threadblocks_per_gpu;
    fig["step_elements"] = x.steps;  // MSCCL <step> elements, all GPUs
    fig["max_steps_per_threadblock"] = x.max_steps_per_tb;
    fig["max_scratch_chunks"] = x.max_scratch_chunks;
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
    if (got != want)
      internal("SCCL round trip", {"its sends are not the schedule's transmissions"});
    check_s = since(t0);
    if (sj.steps != s.steps) internal("SCCL emitter", {"its steps are not the schedule's"});
    fig["sends"] = sj.sends;
    text = std::move(sj.text);
  }
  t0 = Clock::now();
  {
    OutputFile f(out, "--output");
    f.stream() << text;
    f.commit();
  }
  fig["bytes"] = text.size();
  fig["emit_seconds"] = emit_s;
  fig["check_seconds"] = check_s;
  fig["write_seconds"] = since(t0);
  j["file"] = out;
  return j;
}

}  // namespace flow
}  // namespace hypercast
