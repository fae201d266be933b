#include "flow/mesh_schedule.h"

#include <chrono>
#include <iostream>
#include <optional>
#include <sstream>

#include "algorithm/collective.h"
#include "algorithm/mesh_broadcast.h"
#include "checker/mesh_broadcast_checker.h"
#include "flow/collective_options.h"
#include "flow/wormhole_mesh.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/output_file.h"
#include "util/parse_number.h"
#include "util/progress.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

namespace {

double since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::string tuple(const std::vector<int>& c) {
  std::string s = "(";
  for (size_t i = 0; i < c.size(); ++i) s += (i ? "," : "") + std::to_string(c[i]);
  return s + ")";
}

// A schedule that fails the checker is an internal error: never printed or written.
checker::WormholeReport checked(checker::WormholeChecker& c, const NetworkDesc& net,
                                const WormholeSchedule& s) {
  checker::WormholeReport r = c.check(s.source, s);
  if (!r.ok) {
    for (const auto& e : r.errors) std::cerr << "hypercast: checker: " << e << "\n";
    throw Error("the " + s.algorithm + " broadcast from node " + std::to_string(s.source) + " on " +
                net.label + " fails the checker; nothing was written");
  }
  return r;
}

}  // namespace

std::string meshAlgorithm(const Params& a) {
  const std::string w = a.get("algorithm", "best");
  if (w != "paper" && w != "best") {
    throw Error("--algorithm takes paper or best, got '" + w + "'");
  }
  return w;
}

uint32_t parseMeshSource(const std::string& text, const NetworkDesc& net) {
  const std::vector<int> c = parseIntList("--source", text);
  if (c.size() == 1) {
    if (c[0] < 0 || static_cast<uint64_t>(c[0]) >= net.nodes()) {
      throw Error("--source " + text + " is outside 0.." + std::to_string(net.nodes() - 1));
    }
    return static_cast<uint32_t>(c[0]);
  }
  if (c.size() != net.radices.size()) {
    throw Error("--source takes a node number or " + std::to_string(net.radices.size()) +
                " coordinates on the " + net.label + ", got '" + text + "'");
  }
  for (size_t i = 0; i < c.size(); ++i) {
    if (c[i] < 0 || c[i] >= net.radices[i]) {
      throw Error("--source " + text + ": coordinate " + std::to_string(i + 1) + " must be in 0.." +
                  std::to_string(net.radices[i] - 1));
    }
  }
  return static_cast<uint32_t>(net.address(c));
}

void writeOutOption(const Params& a, const std::function<void(std::ostream&)>& write) {
  if (!a.has("output")) return;
  std::ostringstream text;
  write(text);
  writeOutputFile(a.get("output"), text.str(), "--output");
}

bool wantsMeshBroadcast(const Params& a) { return wantsWormholeMesh(a); }

CommandReport meshBroadcastSchedule(const Params& a) {
  const NetworkDesc net = parseNetworkDesc(a.params());
  const MeshCube cube = meshCube(net.radices);
  if (a.has("construction")) {
    throw Error("--construction is the torus's; the mesh broadcast takes --algorithm paper|best");
  }
  if (a.has("messages") && a.get("messages") != "1") {
    throw Error("the mesh broadcast sends one message (--messages 1)");
  }
  if (a.has("within")) throw Error(withinRefusal());
  const std::string algorithm = meshAlgorithm(a);
  const uint32_t source = a.has("source") ? parseMeshSource(a.get("source"), net) : 0;
  const std::string out = a.get("output");
  if (a.has("output")) checkOutputPath("--output", out);  // before the work
  const auto t0 = std::chrono::steady_clock::now();
  const WormholeSchedule s = meshBroadcast(cube, source, algorithm);
  const double build_seconds = since(t0);
  const auto t1 = std::chrono::steady_clock::now();
  checker::WormholeChecker check(net);
  const checker::WormholeReport r = checked(check, net, s);
  const double check_seconds = since(t1);
  const int64_t paper =
      algorithm == "paper" ? r.tcd : checked(check, net, paperMeshBroadcast(cube, source)).tcd;
  const int64_t bound = checker::wormholeTcdLowerBound(net, source);
  const std::vector<int> coords = cube.coordinates(source);
  const int eye = eyeIndex(cube, coords);
  writeOutOption(a, [&](std::ostream& os) { writeWormholeCsv(os, s); });
  if (a.has("json")) {
    nlohmann::ordered_json j;
    j["collective"] = "broadcast";
    j["switching"] = "wormhole";
    j["routing"] = "one-port, dimension-ordered";
    j["source"] = source;
    j["source_coordinates"] = coords;
    j["eye"] = eye ? nlohmann::ordered_json(eye) : nlohmann::ordered_json(nullptr);
    j["algorithm"] = algorithm;
    nlohmann::ordered_json& f = j["figures"];
    f["nodes"] = r.nodes;
    f["steps"] = r.steps;
    f["optimal_steps"] = r.optimal_steps;
    f["messages_sent"] = r.messages;
    f["tcd"] = r.tcd;
    f["paper_tcd"] = paper;
    f["lower_bound_tcd"] = bound;
    f["optimal_tcd"] = eye ? nlohmann::ordered_json(eyeBroadcastTcd(cube.d, cube.k))
                           : nlohmann::ordered_json(nullptr);
    f["build_seconds"] = build_seconds;
    f["check_seconds"] = check_seconds;
    j["checker"] = "pass";
    if (a.has("output")) j["csv"] = out;
    return jsonReport(
        {"schedule", net.topology, net.label, "pass",
         a.has("output") ? std::vector<std::string>{out} : std::vector<std::string>{}},
        j);
  }
  std::ostringstream lines;
  lines << "network          " << net.label << ", " << r.nodes
        << " nodes (wormhole, one-port, dimension-ordered routing)\n"
        << "broadcast        from node " << source << " " << tuple(coords)
        << (eye ? ", the eye E(" + std::to_string(eye) + ")" : std::string()) << "\n"
        << "algorithm        "
        << (algorithm == "paper" ? "paper (Cang & Wu, " + paperMeshAlgorithmName(cube.d) + ")"
                                 : "best (the paper's family searched)")
        << "\nsteps            " << r.steps << " (optimal: d k = " << r.optimal_steps << ")\n"
        << "messages         " << r.messages << "\n"
        << "tcd              " << r.tcd << "  (paper " << paper << ", lower bound " << bound;
  if (eye) lines << ", the paper's optimum from an eye " << eyeBroadcastTcd(cube.d, cube.k);
  lines << ")\nchecker          PASS (one-port, no shared link in a step, everyone reached)\n";
  if (a.has("output")) lines << "wrote            " << out << "\n";
  return textReport(lines.str());
}

TcdTable buildTcdTable(const NetworkDesc& net, bool paper, bool best) {
  TcdTable t;
  t.mesh = meshCube(net.radices);
  t.paper = paper;
  t.best = best;
  const auto t0 = std::chrono::steady_clock::now();
  checker::WormholeChecker check(net);
  std::optional<BestMeshBroadcast> planner;
  if (best) planner.emplace(t.mesh);
  const uint64_t n = t.mesh.nodes();
  ProgressOptions po;
  po.unit = "sources";
  Progress progress("tcd", static_cast<long long>(n), po);
  for (uint32_t s = 0; s < n; ++s) {
    TcdRow row;
    row.source = s;
    row.eye = eyeIndex(t.mesh, t.mesh.coordinates(s));
    row.lower_bound = checker::wormholeTcdLowerBound(net, s);
    if (paper) row.paper = checked(check, net, paperMeshBroadcast(t.mesh, s)).tcd;
    if (best) {
      row.best = checked(check, net, planner->schedule(s)).tcd;
      if (row.best != planner->tcd(s) || (paper && row.best > row.paper)) {
        throw std::logic_error("best from node " + std::to_string(s) + ": TCD " +
                               std::to_string(row.best) + ", planned " +
                               std::to_string(planner->tcd(s)) + ", paper " +
                               std::to_string(row.paper));
      }
    }
    t.rows.push_back(row);
    progress.tick();
  }
  progress.finish();
  t.seconds = since(t0);
  return t;
}

}  // namespace flow
}  // namespace hypercast
