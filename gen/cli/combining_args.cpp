#include "cli/combining_args.h"

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "algorithm/combining_collectives.h"
#include "checker/combining_checker.h"
#include "cli/topologies.h"
#include "emit/output_dir.h"
#include "emit/sum_rtl.h"
#include "topology/port_graph.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/output_file.h"

namespace hypercast {
namespace cli {

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

int accumulation(const Args& a, const NetworkDesc& net) {
  if (net.nodes() > kMaxAccumulationNodes) {
    throw Error("the accumulation takes at most " + std::to_string(kMaxAccumulationNodes) +
                " nodes; " + net.label + " has " + std::to_string(net.nodes()));
  }
  const auto t0 = std::chrono::steady_clock::now();
  const NetworkDesc neg = negatedNetwork(net);
  const AccumulationSchedule s = cayleyAccumulation(net, searchRegularOrder(PortGraph::build(neg)));
  const auto t1 = std::chrono::steady_clock::now();
  const checker::CombiningReport r = checker::checkAccumulation(net, s.transfers);
  const auto t2 = std::chrono::steady_clock::now();
  if (!r.ok) failed(r, "accumulation", net);
  const std::string out = a.get("out");
  if (a.has("out")) {
    OutputFile f(out, "--out");
    f.stream() << "step,from,to,target\n";
    for (const auto& t : s.transfers) {
      f.stream() << t.step << ',' << t.from << ',' << t.to << ',' << t.target << '\n';
    }
    f.commit();
  }
  if (a.has("json")) {
    nlohmann::ordered_json j;
    j["topology"] = net.topology;
    j["network"] = net.label;
    j["nodes"] = net.nodes();
    j["directed"] = net.directed();
    j["collective"] = "accumulation";
    j["construction"] = s.construction;
    j["steps"] = r.steps;
    j["transmissions"] = r.transmissions;
    j["universal_broadcast_bound"] = s.bound;
    j["diameter"] = s.diameter;
    j["checker"] = "pass";
    j["build_seconds"] = seconds(t0, t1);
    j["check_seconds"] = seconds(t1, t2);
    if (a.has("out")) j["csv"] = out;
    std::cout << jsonText(j) << "\n";
    return 0;
  }
  std::cout << "network          " << net.label << ", " << net.nodes() << " nodes"
            << (net.directed() ? ", directed" : "")
            << "\ncollective       accumulation (the universal broadcast reversed, combining)"
            << "\nconstruction     " << s.construction << " (on the negated generators)"
            << "\nsteps            " << r.steps << "  (ceil((P-1)/d) = " << s.bound << ", diameter "
            << s.diameter << ")"
            << "\ntransmissions    " << r.transmissions << "  (one partial sum per link per step)"
            << "\nchecker          PASS (" << net.nodes() << " sums of " << net.nodes()
            << " contributions, each counted once)\n";
  if (a.has("out")) std::cout << "wrote            " << out << "\n";
  return 0;
}

int globalSum(const Args& a, const NetworkDesc& net) {
  if (net.nodes() > kMaxGlobalSumNodes) {
    throw Error("the global sum takes at most " + std::to_string(kMaxGlobalSumNodes) + " nodes; " +
                net.label + " has " + std::to_string(net.nodes()));
  }
  const int input_bits = static_cast<int>(a.getInt("input-bits", 16, 2, 48));
  const auto t0 = std::chrono::steady_clock::now();
  const GlobalSumProgram p = cayleyGlobalSum(net);
  const int width = globalSumWidth(p, input_bits);
  const auto t1 = std::chrono::steady_clock::now();
  const checker::CombiningReport r =
      checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, width, input_bits);
  const auto t2 = std::chrono::steady_clock::now();
  if (!r.ok) failed(r, "global sum", net);
  const std::string out = a.get("out");
  if (a.has("out")) {
    OutputFile f(out, "--out");
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
    j["topology"] = net.topology;
    j["network"] = net.label;
    j["nodes"] = net.nodes();
    j["directed"] = net.directed();
    j["collective"] = "global-sum";
    j["construction"] = p.factored ? "eigenvalue-factors" : "minimal-polynomial-horner";
    j["steps"] = p.steps;
    j["diameter"] = p.diameter;
    j["accumulate_then_broadcast_steps"] = 2 * p.diameter;
    j["distinct_eigenvalues"] = eig;
    j["multiplicities"] = p.spectrum.multiplicity;
    j["constants"] = p.constant;
    std::vector<std::string> ops;
    for (bool b : p.uses_input) ops.push_back(b ? "x" : "v");
    j["operands"] = ops;
    j["divisor"] = p.divisor;
    j["input_bits"] = input_bits;
    j["accumulator_bits"] = width;
    j["max_intermediate"] = r.max_magnitude;
    j["checker"] = "pass";
    j["build_seconds"] = seconds(t0, t1);
    j["check_seconds"] = seconds(t1, t2);
    if (a.has("out")) j["csv"] = out;
    std::cout << jsonText(j) << "\n";
    return 0;
  }
  std::ostringstream ev, cs;
  for (size_t i = 0; i < eig.size(); ++i) {
    ev << (i ? ", " : "") << eig[i] << " (x" << p.spectrum.multiplicity[i] << ")";
  }
  for (uint32_t t = 0; t < p.steps; ++t) {
    cs << (t ? ", " : "") << p.constant[t] << (p.uses_input[t] ? "*x" : "*v");
  }
  std::cout << "network          " << net.label << ", " << net.nodes() << " nodes"
            << (net.directed() ? ", directed" : "") << "\ncollective       global-sum"
            << "\nconstruction     "
            << (p.factored ? "v <- (sum received) - lambda_t v over the eigenvalues != d"
                           : "v <- (sum received) - c_t x, Horner on the minimal polynomial")
            << "\neigenvalues      " << ev.str() << "\nsteps            " << p.steps
            << "  (distinct eigenvalues - 1; diameter " << p.diameter
            << ", accumulate-then-broadcast " << 2 * p.diameter << ")"
            << "\nconstants        " << cs.str() << "\ndivisor          " << p.divisor
            << "  (every node holds divisor * sum x, divided exactly)"
            << "\naccumulator      " << width << " bits for " << input_bits
            << "-bit inputs (largest intermediate " << r.max_magnitude << ")"
            << "\nchecker          PASS (every node holds " << p.divisor
            << " x_u of every input u)\n";
  if (a.has("out")) std::cout << "wrote            " << out << "\n";
  return 0;
}

// Partial sums per node: P entries of W bits; the ROM-driven nodes' registers.
constexpr uint64_t kMaxAccumulationRtlNodes = 256;

int accumulationGenerate(const Args& a, const NetworkDesc& net, int input_bits) {
  if (net.nodes() > kMaxAccumulationRtlNodes) {
    throw Error("generate: the accumulation's RTL takes at most " +
                std::to_string(kMaxAccumulationRtlNodes) + " nodes (P partial sums per node); " +
                net.label + " has " + std::to_string(net.nodes()));
  }
  const AccumulationSchedule s =
      cayleyAccumulation(net, searchRegularOrder(PortGraph::build(negatedNetwork(net))));
  const checker::CombiningReport r = checker::checkAccumulation(net, s.transfers);
  if (!r.ok) failed(r, "accumulation", net);
  AccRtl rtl = emitAccumulationNetwork(net, PortGraph::build(net), s, input_bits);
  nlohmann::ordered_json m;
  m["tool"] = "hypercast";
  m["collective"] = "accumulation";
  m["network"] = net.label;
  m["nodes"] = net.nodes();
  m["top"] = rtl.top_module;
  m["steps"] = s.steps;
  m["construction"] = s.construction;
  m["input_bits"] = input_bits;
  m["partial_sum_bits"] = rtl.w;
  rtl.files["manifest.json"] = jsonText(m) + "\n";
  writeOutputTree(a.get("out"), rtl.files);
  if (a.has("json")) {
    m["out"] = a.get("out");
    std::cout << jsonText(m) << "\n";
    return 0;
  }
  std::cout << "network          " << net.label << ", " << net.nodes() << " nodes\n"
            << "collective       accumulation, " << s.steps << " steps (one per clock)\n"
            << "top module       " << rtl.top_module << "; hc_acc_node x " << net.nodes() << ", "
            << net.nodes() << " partial sums of " << rtl.w << " bits per node, one shared ROM\n";
  for (const auto& f : rtl.files) std::cout << "  " << a.get("out") << "/" << f.first << "\n";
  return 0;
}

}  // namespace

bool wantsCombining(const Args& a) {
  const std::string c = a.get("collective");
  return c == "accumulation" || c == "global-sum";
}

OptionSpec inputBitsOption() {
  return {"input-bits", "B",
          "global-sum (and generate of either): the inputs' two's-complement width\n"
          "(default 16); the accumulator's follows from it"};
}

int combiningSchedule(const Args& a) {
  const std::string out = a.get("out");
  if (a.has("out")) checkOutputPath("--out", out);  // before the work
  if (a.has("source")) throw Error("a combining collective has no --source (every node sends)");
  if (a.has("messages") && a.get("messages") != "1") {
    throw Error("a combining collective sends one value per pair");
  }
  const TopologyEntry& topo = chosenTopology(a, "hypercube");
  const NetworkDesc net = topo.parse(a);
  if (net.kind != NetworkDesc::Kind::kCayley) {
    throw Error("--collective " + a.get("collective") +
                " needs a Cayley graph (hypercube, "
                "torus, hypercycle, cayley), not a " +
                topo.name);
  }
  if (a.get("collective") == "accumulation") {
    if (a.has("input-bits")) throw Error("--input-bits is for the global sum and generate");
    return accumulation(a, net);
  }
  return globalSum(a, net);
}

int combiningGenerate(const Args& a) {
  for (const char* opt : {"source", "shared-rom", "messages", "construction"}) {
    if (a.has(opt)) {
      throw Error(std::string("--") + opt + " does not apply to a combining collective");
    }
  }
  checkOutputTree("--out", a.get("out"));
  const TopologyEntry& topo = chosenTopology(a, "hypercube");
  const NetworkDesc net = topo.parse(a);
  if (net.kind != NetworkDesc::Kind::kCayley) {
    throw Error("--collective " + a.get("collective") + " needs a Cayley graph, not a " +
                topo.name);
  }
  if (net.nodes() > kMaxGlobalSumNodes) {
    throw Error("the global sum takes at most " + std::to_string(kMaxGlobalSumNodes) + " nodes; " +
                net.label + " has " + std::to_string(net.nodes()));
  }
  const int input_bits = static_cast<int>(a.getInt("input-bits", 16, 2, 48));
  if (a.get("collective") == "accumulation") return accumulationGenerate(a, net, input_bits);
  const GlobalSumProgram p = cayleyGlobalSum(net);
  const SumNodeParams w = sumNodeParams(p, input_bits);
  const checker::CombiningReport r =
      checker::checkGlobalSum(net, p.constant, p.uses_input, p.divisor, w.w, input_bits);
  if (!r.ok) failed(r, "global sum", net);
  SumRtl rtl = emitGlobalSumNetwork(net, PortGraph::build(net), p, w);
  nlohmann::ordered_json m;
  m["tool"] = "hypercast";
  m["collective"] = "global-sum";
  m["network"] = net.label;
  m["nodes"] = net.nodes();
  m["top"] = rtl.top_module;
  m["steps"] = p.steps;
  m["divisor"] = p.divisor;
  m["constants"] = p.constant;
  m["input_bits"] = w.xw;
  m["accumulator_bits"] = w.w;
  m["sum_bits"] = w.sw;
  rtl.files["manifest.json"] = jsonText(m) + "\n";
  writeOutputTree(a.get("out"), rtl.files);
  if (a.has("json")) {
    m["out"] = a.get("out");
    std::cout << jsonText(m) << "\n";
    return 0;
  }
  std::cout << "network          " << net.label << ", " << net.nodes() << " nodes\n"
            << "collective       global-sum, " << p.steps << " steps (one per clock)\n"
            << "top module       " << rtl.top_module << "; hc_sum_node x " << net.nodes()
            << ", accumulator " << w.w << " bits for " << w.xw << "-bit inputs, divisor "
            << p.divisor << "\n";
  for (const auto& f : rtl.files) std::cout << "  " << a.get("out") << "/" << f.first << "\n";
  return 0;
}

}  // namespace cli
}  // namespace hypercast
