#include "flow/combining.h"

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "algorithm/combining_collectives.h"
#include "checker/combining_checker.h"
#include "checker/half_duplex_bounds.h"
#include "emit/output_dir.h"
#include "emit/sum_rtl.h"
#include "flow/collective_options.h"
#include "flow/design_name.h"
#include "flow/router_options.h"
#include "flow/target_clock.h"
#include "sim/combining_job.h"
#include "topology/port_graph.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/output_file.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

namespace {

// The accumulation's transfers (P (P - 1)) the checker takes.
constexpr uint64_t kMaxAccumulationNodes = 4096;
constexpr uint64_t kMaxGlobalSumNodes = 1024;

double seconds(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

void failed(const checker::CombiningReport& r, const std::string& what, const NetworkDesc& net) {
  for (const auto& e : r.errors) std::cerr << "hypercast: checker: " << e << "\n";
  throw Error("the " + what + " on " + net.label + " fails the checker; nothing was written");
}

// The accumulator width, or a one-line Error that says why the global sum stops
// here and what it would have cost against accumulate-then-broadcast.
int checkedWidth(const NetworkDesc& net, const GlobalSumProgram& p, int input_bits) {
  try {
    return globalSumWidth(p, input_bits);
  } catch (const Error& e) {
    throw Error(std::string(e.what()) + ": the global sum on " + net.label + " takes " +
                std::to_string(p.steps) + " steps (" + std::to_string(p.steps + 1) +
                " distinct eigenvalues) and is refused; accumulate-then-broadcast takes 2D = " +
                std::to_string(2 * p.diameter));
  }
}

}  // namespace

CheckedAccumulation checkedAccumulation(const NetworkDesc& net, LinkMode links) {
  if (net.nodes() > kMaxAccumulationNodes) {
    throw Error("the accumulation takes at most " + std::to_string(kMaxAccumulationNodes) +
                " nodes; " + net.label + " has " + std::to_string(net.nodes()));
  }
  CheckedAccumulation c;
  const auto t0 = std::chrono::steady_clock::now();
  if (links == LinkMode::kHalfDuplex) {
    const PortGraph g = PortGraph::build(net);
    c.schedule = halfDuplexAccumulation(net, g, searchRegularOrder(g));
  } else {
    c.schedule = cayleyAccumulation(net, searchRegularOrder(PortGraph::build(negatedNetwork(net))));
  }
  const auto t1 = std::chrono::steady_clock::now();
  c.report = checker::checkAccumulation(net, c.schedule.transfers, links);
  const auto t2 = std::chrono::steady_clock::now();
  if (!c.report.ok) failed(c.report, "accumulation", net);
  c.build_seconds = seconds(t0, t1);
  c.check_seconds = seconds(t1, t2);
  if (links == LinkMode::kHalfDuplex) {
    c.one_way_bound =
        checker::halfDuplexLowerBound(net, {Collective::kMultinodeBroadcast, net.nodes(), 0, 1})
            .bound.steps;
  }
  return c;
}

std::vector<uint8_t> checkedPhases(const NetworkDesc& net, LinkMode links) {
  if (links != LinkMode::kHalfDuplex) return {};
  const std::vector<uint8_t> phase = globalSumPhases(net, PortGraph::build(net));
  const checker::CombiningReport r = checker::checkGlobalSumPhases(net, phase);
  if (!r.ok) failed(r, "global sum's half-duplex phases", net);
  return phase;
}

NetworkDesc combiningNetwork(const Params& a, LinkMode* links) {
  const Topology& topo = chosenTopology(a.params());
  const NetworkDesc net = topo.parse(a.params());
  if (net.kind != NetworkDesc::Kind::kCayley) {
    throw Error("--collective " + a.get("collective") + " needs a Cayley graph (" +
                cayleyTopologyNames() + "), not a " + topo.name);
  }
  if (!net.removed_links.empty()) {
    throw Error("--collective " + a.get("collective") +
                " runs Faber's combining on the intact Cayley graph; the " + net.label +
                " has links removed");
  }
  *links = parseLinkMode(a.get("links", "full-duplex"));
  return net;
}

namespace {

CommandReport accumulation(const Params& a, const NetworkDesc& net, LinkMode links) {
  const CheckedAccumulation c = checkedAccumulation(net, links);
  const AccumulationSchedule& s = c.schedule;
  const checker::CombiningReport& r = c.report;
  const bool hd = links == LinkMode::kHalfDuplex;
  const std::string out = a.get("output");
  if (a.has("output")) {
    OutputFile f(out, "--output");
    f.stream() << "step,from,to,target\n";
    for (const auto& t : s.transfers) {
      f.stream() << t.step << ',' << t.from << ',' << t.to << ',' << t.target << '\n';
    }
    f.commit();
  }
  if (a.has("json")) {
    nlohmann::ordered_json j;
    j["directed"] = net.directed();
    j["collective"] = "accumulation";
    j["links"] = toString(links);
    j["construction"] = s.construction;
    nlohmann::ordered_json& f = j["figures"];
    f["nodes"] = net.nodes();
    f["steps"] = r.steps;
    f["transmissions"] = r.transmissions;
    f["universal_broadcast_bound"] = s.bound;
    if (hd) f["one_way_bound"] = c.one_way_bound;
    f["diameter"] = s.diameter;
    f["build_seconds"] = c.build_seconds;
    f["check_seconds"] = c.check_seconds;
    j["checker"] = "pass";
    if (a.has("output")) j["csv"] = out;
    return jsonReport(
        {"schedule", net.topology, net.label, "pass",
         a.has("output") ? std::vector<std::string>{out} : std::vector<std::string>{}},
        j);
  }
  std::ostringstream lines;
  lines << "network          " << net.label << ", " << net.nodes() << " nodes"
        << (net.directed() ? ", directed" : "")
        << "\ncollective       accumulation (the universal broadcast reversed, combining)"
        << (hd ? "\nlinks            half-duplex (one value per link per step, either way)" : "")
        << "\nconstruction     " << s.construction
        << (hd ? " (the one-way broadcast reversed)" : " (on the negated generators)")
        << "\nsteps            " << r.steps << "  ("
        << (hd ? "one-way bound ceil(P(P-1)/E) = " + std::to_string(c.one_way_bound) + ", "
               : std::string())
        << "ceil((P-1)/d) = " << s.bound << ", diameter " << s.diameter << ")"
        << "\ntransmissions    " << r.transmissions << "  (one partial sum per link per step)"
        << "\nchecker          PASS (" << net.nodes() << " sums of " << net.nodes()
        << " contributions, each counted once)\n";
  if (a.has("output")) lines << "wrote            " << out << "\n";
  return textReport(lines.str());
}

CommandReport globalSum(const Params& a, const NetworkDesc& net, LinkMode links) {
  if (net.nodes() > kMaxGlobalSumNodes) {
    throw Error("the global sum takes at most " + std::to_string(kMaxGlobalSumNodes) + " nodes; " +
                net.label + " has " + std::to_string(net.nodes()));
  }
  const int input_bits = static_cast<int>(a.getInt("input-bits", 16, 2, 48));
  const bool hd = links == LinkMode::kHalfDuplex;
  const auto t0 = std::chrono::steady_clock::now();
  checkedPhases(net, links);
  const GlobalSumProgram p = cayleyGlobalSum(net);
  const int width = checkedWidth(net, p, input_bits);
  const auto t1 = std::chrono::steady_clock::now();
  const checker::CombiningReport r =
      checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, width, input_bits);
  const auto t2 = std::chrono::steady_clock::now();
  if (!r.ok) failed(r, "global sum", net);
  const std::string out = a.get("output");
  if (a.has("output")) {
    OutputFile f(out, "--output");
    f.stream() << "step,constant,operand\n";
    for (uint32_t t = 0; t < p.steps; ++t) {
      f.stream() << t + 1 << ',' << p.constant[t] << ',' << (p.uses_input[t] ? "x" : "v") << '\n';
    }
    f.commit();
  }
  std::vector<std::string> eig;
  for (size_t i = 0; i < p.spectrum.distinct.size(); ++i) eig.push_back(p.spectrum.text(i));
  if (a.has("json")) {
    nlohmann::ordered_json j;
    j["directed"] = net.directed();
    j["collective"] = "global-sum";
    j["links"] = toString(links);
    j["construction"] = p.factored ? "eigenvalue-factors" : "minimal-polynomial-horner";
    j["input_bits"] = input_bits;
    nlohmann::ordered_json& f = j["figures"];
    f["nodes"] = net.nodes();
    f["steps"] = p.steps;
    f["clocks"] = hd ? 2 * p.steps : p.steps;
    f["diameter"] = p.diameter;
    f["accumulate_then_broadcast_steps"] = 2 * p.diameter;
    f["accumulator_bits"] = width;
    f["max_intermediate"] = r.max_magnitude;
    f["build_seconds"] = seconds(t0, t1);
    f["check_seconds"] = seconds(t1, t2);
    // The program: its eigenvalues (as text) and constants, beside their words.
    j["distinct_eigenvalues"] = eig;
    j["multiplicities"] = p.spectrum.multiplicity;
    j["constants"] = p.constant;
    std::vector<std::string> ops;
    for (bool b : p.uses_input) ops.push_back(b ? "x" : "v");
    j["operands"] = ops;
    j["divisor"] = p.divisor;
    j["checker"] = "pass";
    if (a.has("output")) j["csv"] = out;
    return jsonReport(
        {"schedule", net.topology, net.label, "pass",
         a.has("output") ? std::vector<std::string>{out} : std::vector<std::string>{}},
        j);
  }
  std::ostringstream ev, cs;
  for (size_t i = 0; i < eig.size(); ++i) {
    ev << (i ? ", " : "") << eig[i] << " (x" << p.spectrum.multiplicity[i] << ")";
  }
  for (uint32_t t = 0; t < p.steps; ++t) {
    cs << (t ? ", " : "") << p.constant[t] << (p.uses_input[t] ? "*x" : "*v");
  }
  std::ostringstream lines;
  lines << "network          " << net.label << ", " << net.nodes() << " nodes"
        << (net.directed() ? ", directed" : "") << "\ncollective       global-sum"
        << (hd ? "\nlinks            half-duplex: a step is two clocks, the two classes "
                 "drive in turn"
               : "")
        << "\nconstruction     "
        << (p.factored ? "v <- (sum received) - lambda_t v over the eigenvalues != d"
                       : "v <- (sum received) - c_t x, Horner on the minimal polynomial")
        << "\neigenvalues      " << ev.str() << "\nsteps            " << p.steps
        << (hd ? ", " + std::to_string(2 * p.steps) + " clocks" : std::string())
        << "  (distinct eigenvalues - 1; diameter " << p.diameter << ", accumulate-then-broadcast "
        << 2 * p.diameter << ")"
        << "\nconstants        " << cs.str() << "\ndivisor          " << p.divisor
        << "  (every node holds divisor * sum x, divided exactly)"
        << "\naccumulator      " << width << " bits for " << input_bits
        << "-bit inputs (largest intermediate " << r.max_magnitude << ")"
        << "\nchecker          PASS (every node holds " << p.divisor << " x_u of every input u)\n";
  if (a.has("output")) lines << "wrote            " << out << "\n";
  return textReport(lines.str());
}

// Partial sums per node: P entries of W bits; the ROM-driven nodes' registers.
constexpr uint64_t kMaxAccumulationRtlNodes = 256;

// `name`: --name (flow/design_name.h), or "" for the network's own.
void accumulationRtl(const NetworkDesc& net, LinkMode links, int input_bits,
                     const std::string& name, CombiningRtl* out) {
  if (net.nodes() > kMaxAccumulationRtlNodes) {
    throw Error("the accumulation's RTL takes at most " + std::to_string(kMaxAccumulationRtlNodes) +
                " nodes (P partial sums per node); " + net.label + " has " +
                std::to_string(net.nodes()));
  }
  const CheckedAccumulation c = checkedAccumulation(net, links);
  const PortGraph g = PortGraph::build(net);
  AccRtl rtl = emitAccumulationNetwork(net, g, c.schedule, input_bits, name);
  out->top = rtl.top_module;
  out->steps = c.schedule.steps;
  out->clocks = c.schedule.steps;
  out->acc_job = accumulationJob(net, g, c.schedule, rtl, input_bits);
  out->manifest = std::move(rtl.manifest);
  std::ostringstream t;
  t << "collective       accumulation, " << c.schedule.steps << " steps (one per clock)"
    << (links == LinkMode::kHalfDuplex ? ", half-duplex links" : "") << "\n"
    << "top module       " << rtl.top_module << "; hc_acc_node x " << net.nodes() << ", "
    << net.nodes() << " partial sums of " << rtl.w << " bits per node, "
    << (rtl.roms.images.size() == 1 ? std::string("one shared ROM")
                                    : std::to_string(rtl.roms.images.size()) + " ROM images")
    << "\n";
  out->summary = t.str();
  out->files = std::move(rtl.files);
  out->verilog_files = std::move(rtl.verilog_files);
}

void globalSumRtl(const NetworkDesc& net, LinkMode links, int input_bits, const std::string& name,
                  CombiningRtl* out) {
  if (net.nodes() > kMaxGlobalSumNodes) {
    throw Error("the global sum takes at most " + std::to_string(kMaxGlobalSumNodes) + " nodes; " +
                net.label + " has " + std::to_string(net.nodes()));
  }
  const std::vector<uint8_t> phase = checkedPhases(net, links);
  const GlobalSumProgram p = cayleyGlobalSum(net);
  checkedWidth(net, p, input_bits);
  const SumNodeParams w = sumNodeParams(p, input_bits);
  const checker::CombiningReport r =
      checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, w.w, input_bits);
  if (!r.ok) failed(r, "global sum", net);
  const PortGraph g = PortGraph::build(net);
  SumRtl rtl = emitGlobalSumNetwork(net, g, p, w, phase, name);
  const uint32_t clocks = phase.empty() ? p.steps : 2 * p.steps;
  out->top = rtl.top_module;
  out->steps = p.steps;
  out->clocks = clocks;
  out->sum_job = globalSumJob(g, p, w, phase);
  out->manifest = std::move(rtl.manifest);
  std::ostringstream t;
  t << "collective       global-sum, " << p.steps << " steps ("
    << (phase.empty()
            ? std::string("one per clock")
            : "two clocks each on half-duplex links: " + std::to_string(clocks) + " clocks")
    << ")\n"
    << "top module       " << rtl.top_module << "; hc_sum_node x " << net.nodes()
    << ", accumulator " << w.w << " bits for " << w.xw << "-bit inputs, divisor " << p.divisor
    << "\n";
  out->summary = t.str();
  out->files = std::move(rtl.files);
  out->verilog_files = std::move(rtl.verilog_files);
}

}  // namespace

bool isCombiningCollective(const std::string& collective) {
  return collective == "accumulation" || collective == "global-sum";
}

std::vector<std::string> combiningCollectives(NetworkDesc::Kind kind, bool damaged) {
  if (kind != NetworkDesc::Kind::kCayley || damaged) return {};
  return {"accumulation", "global-sum"};
}

bool wantsCombining(const Params& a) {
  const std::string c = a.get("collective");
  const bool combining = isCombiningCollective(c);
  if (!combining && a.has("input-bits")) {
    throw Error(
        "--input-bits applies to --collective global-sum (and to generate and simulate "
        "of accumulation), not to " +
        (a.has("collective") ? "--collective " + c : std::string("this network")));
  }
  return combining;
}

CommandReport combiningSchedule(const Params& a) {
  const std::string out = a.get("output");
  if (a.has("output")) checkOutputPath("--output", out);  // before the work
  if (a.has("source")) throw Error("a combining collective has no --source (every node sends)");
  if (a.has("messages") && a.get("messages") != "1") {
    throw Error("a combining collective sends one value per pair");
  }
  if (a.has("within")) throw Error(withinRefusal());
  if (a.has("algorithm")) {
    throw Error(
        "--algorithm chooses the mesh broadcast's construction, not a combining collective's");
  }
  LinkMode links = LinkMode::kFullDuplex;
  const NetworkDesc net = combiningNetwork(a, &links);
  if (a.get("collective") == "accumulation") {
    if (a.has("input-bits")) throw Error("--input-bits is for the global sum and generate");
    return accumulation(a, net, links);
  }
  return globalSum(a, net, links);
}

CombiningRtl buildCombiningRtl(const Params& a) {
  refuseHypercycleRouterOptions(a);
  for (const char* opt : {"source", "shared-rom", "clocks-per-step", "messages", "construction",
                          "within", "switching", "flits", "algorithm", "payload-width"}) {
    if (a.has(opt)) {
      throw Error(std::string("--") + opt + " does not apply to a combining collective");
    }
  }
  CombiningRtl out;
  out.net = combiningNetwork(a, &out.links);
  out.collective = a.get("collective");
  const int input_bits = static_cast<int>(a.getInt("input-bits", 16, 2, 48));
  const std::string name = designName(a);
  if (out.collective == "accumulation") {
    accumulationRtl(out.net, out.links, input_bits, name, &out);
  } else {
    globalSumRtl(out.net, out.links, input_bits, name, &out);
  }
  return out;
}

CommandReport combiningGenerate(const Params& a) {
  checkOutputTree("--out", a.get("out"));
  const auto t0 = std::chrono::steady_clock::now();
  const CombiningRtl rtl = buildCombiningRtl(a);
  const CombiningFolder folder =
      combiningFolder(rtl.files, rtl.verilog_files, rtl.manifest, targetMhz(a));
  const nlohmann::ordered_json& m = folder.manifest;
  writeOutputTree(a.get("out"), folder.files);
  const double secs = seconds(t0, std::chrono::steady_clock::now());
  size_t bytes = 0;
  for (const auto& f : folder.files) bytes += f.second.size();
  if (a.has("json")) {
    // The manifest's keys, its counts and widths as the figures.
    static const std::set<std::string> figures = {
        "nodes",   "steps", "clocks", "partial_sum_bits", "rom_images", "accumulator_bits",
        "sum_bits"};
    nlohmann::ordered_json j;
    j["figures"] = nlohmann::ordered_json::object();
    for (auto it = m.begin(); it != m.end(); ++it) {
      if (it.key() == "tool" || it.key() == "version" || it.key() == "topology" ||
          it.key() == "network" || it.key() == "files") {
        continue;  // the report's common keys say these
      }
      (figures.count(it.key()) ? j["figures"] : j)[it.key()] = it.value();
    }
    j["figures"]["bytes"] = bytes;
    j["figures"]["seconds"] = secs;
    j["out"] = a.get("out");
    return jsonReport({"generate", rtl.net.topology, rtl.net.label, "pass",
                       writtenPaths(a.get("out"), folder.files)},
                      j);
  }
  std::ostringstream lines;
  lines << "network          " << rtl.net.label << ", " << rtl.net.nodes() << " nodes\n"
        << rtl.summary;
  for (const auto& f : folder.files) lines << "  " << a.get("out") << "/" << f.first << "\n";
  return textReport(lines.str());
}

}  // namespace flow
}  // namespace hypercast
