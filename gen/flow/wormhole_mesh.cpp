#include "flow/wormhole_mesh.h"

#include <chrono>
#include <iostream>
#include <sstream>

#include "algorithm/collective.h"
#include "algorithm/mesh_broadcast.h"
#include "algorithm/mesh_eyes.h"
#include "flow/design_name.h"
#include "flow/mesh_schedule.h"
#include "flow/router_options.h"
#include "flow/target_clock.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

namespace {

bool equalPowersOfTwo(const std::vector<int>& e) {
  for (int x : e) {
    if (x != e[0] || x < 2 || (x & (x - 1)) != 0) return false;
  }
  return true;
}

}  // namespace

std::string wormholeMeshMisfit(const NetworkDesc& net) {
  if (!equalPowersOfTwo(net.radices)) return "equal power-of-two sides";
  return net.removed_links.empty() ? "" : "the intact mesh";
}

bool wantsWormholeMesh(const Params& a) {
  const std::string sw = a.get("switching", "");
  if (a.has("switching") && sw != "wormhole" && sw != "store-and-forward") {
    throw Error("--switching takes wormhole or store-and-forward, got '" + sw + "'");
  }
  const bool mesh = chosenTopology(a.params()).kind == NetworkDesc::Kind::kMesh;
  bool wanted = false;
  if (mesh && a.has("collective") &&
      parseCollective(a.get("collective")) == Collective::kBroadcast && sw != "store-and-forward") {
    const NetworkDesc net = parseNetworkDesc(a.params());
    // Cang & Wu's broadcast routes on the intact mesh: a mesh with links
    // removed is the graph constructions' (store-and-forward), as any network is.
    const std::string misfit = wormholeMeshMisfit(net);
    wanted = misfit.empty();
    if (!wanted && sw == "wormhole") {
      throw Error("the wormhole mesh broadcast needs " + misfit + "; the " + net.label +
                  " has not (use --switching store-and-forward)");
    }
  } else if (sw == "wormhole") {
    throw Error(
        "--switching wormhole is the mesh broadcast's (--topology mesh --collective "
        "broadcast)");
  }
  if (a.has("links")) parseLinkMode(a.get("links"));  // a bad word is refused as such
  if (wanted && a.get("links", "full-duplex") != "full-duplex") {
    throw Error("--links " + a.get("links") +
                " does not apply to the wormhole mesh broadcast, whose messages hold directed "
                "links (use --switching store-and-forward)");
  }
  if (!wanted) {
    for (const char* opt : {"flits", "algorithm"}) {
      if (a.has(opt)) {
        throw Error(std::string("--") + opt +
                    " is the wormhole mesh broadcast's (--topology mesh --collective broadcast, "
                    "equal power-of-two sides, no links removed)");
      }
    }
  }
  return wanted;
}

WormholeMeshBuild buildWormholeMesh(const Params& a, const std::string& what) {
  refuseHypercycleRouterOptions(a);
  for (const char* opt : {"construction", "shared-rom", "clocks-per-step", "repeat"}) {
    if (a.has(opt)) {
      throw Error(std::string("--") + opt + " does not apply to the wormhole mesh broadcast");
    }
  }
  if (a.has("messages") && a.get("messages") != "1") {
    throw Error("the mesh broadcast sends one message (--messages 1)");
  }
  WormholeMeshBuild b;
  b.net = parseNetworkDesc(a.params());
  const MeshCube cube = meshCube(b.net.radices);
  if (b.net.nodes() > kWormholeMaxNodes) {
    throw Error(what + " takes a wormhole mesh of at most " + std::to_string(kWormholeMaxNodes) +
                " nodes; the " + b.net.label + " has " + std::to_string(b.net.nodes()));
  }
  const std::string algorithm = meshAlgorithm(a);
  const uint32_t source = a.has("source") ? parseMeshSource(a.get("source"), b.net) : 0;
  MeshRtlOptions o;
  o.flits = static_cast<int>(a.getInt("flits", 1, 1, 255));
  o.payload_width = static_cast<int>(a.getInt("payload-width", 32, 1, 64));
  o.target_mhz = targetMhz(a);
  o.name = designName(a);
  b.schedule = meshBroadcast(cube, source, algorithm);
  b.report = checker::checkWormholeBroadcast(b.net, source, b.schedule);
  if (!b.report.ok) {
    for (const auto& e : b.report.errors) std::cerr << "hypercast: checker: " << e << "\n";
    throw std::logic_error("the " + algorithm + " broadcast fails the checker");
  }
  b.rtl = emitMeshNetwork(b.net, b.schedule, o);
  return b;
}

CommandReport generateWormholeMesh(const Params& a) {
  checkOutputTree("--out", a.get("out"));
  const auto t0 = std::chrono::steady_clock::now();
  const WormholeMeshBuild b = buildWormholeMesh(a, "generate");
  writeOutputTree(a.get("out"), b.rtl.files);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  size_t bytes = 0;
  for (const auto& f : b.rtl.files) bytes += f.second.size();
  const MeshRtl& r = b.rtl;
  if (a.has("json")) {
    nlohmann::ordered_json j;
    j["collective"] = "broadcast";
    j["switching"] = "wormhole";
    j["source"] = b.schedule.source;
    j["algorithm"] = b.schedule.algorithm;
    j["flits"] = r.options.flits;
    j["checker"] = "pass";
    j["cdg_acyclic"] = true;
    j["out"] = a.get("out");
    j["top"] = r.top_module;
    nlohmann::ordered_json& f = j["figures"];
    f["nodes"] = b.net.nodes();
    f["steps"] = b.report.steps;
    f["messages_sent"] = b.report.messages;
    f["tcd"] = b.report.tcd;
    f["cdg_channels"] = r.cdg_channels;
    f["cdg_edges"] = r.cdg_edges;
    f["bytes"] = bytes;
    f["rom_rows"] = r.steps;
    f["rom_word_bits"] = r.rom_word_bits;
    f["flit_width"] = r.flit_width;
    f["seconds"] = secs;
    return jsonReport(
        {"generate", b.net.topology, b.net.label, "pass", writtenPaths(a.get("out"), r.files)}, j);
  }
  std::ostringstream lines;
  lines << "network          " << b.net.label << ", " << b.net.nodes()
        << " nodes: wormhole routers (dimension-ordered, " << 2 * r.dims + 1 << " ports, "
        << r.options.depth << "-flit input FIFOs, credits)\n"
        << "broadcast        from node " << b.schedule.source << " (" << b.schedule.algorithm
        << "): " << b.report.steps << " steps, " << b.report.messages << " messages, TCD "
        << b.report.tcd << "; checker PASS\n"
        << "deadlock         channel-dependency graph of the routing: " << r.cdg_channels
        << " channels, " << r.cdg_edges << " dependencies, acyclic\n"
        << "top module " << r.top_module << "; ROM " << r.steps << " rows x " << r.rom_word_bits
        << " bits per node; flit " << r.flit_width << " bits, " << r.options.flits
        << (r.options.flits == 1 ? " flit" : " flits") << " per message\n";
  size_t listed = 0;
  for (const auto& f : r.files) {
    if (f.first.rfind("rom/", 0) == 0 && listed++ >= 2) continue;
    lines << "  " << a.get("out") << "/" << f.first << "\n";
  }
  if (listed > 2) lines << "  ... and " << listed - 2 << " more ROM images\n";
  lines << r.files.size() << " files, " << bytes << " bytes in " << secs << " s\n";
  return textReport(lines.str());
}

}  // namespace flow
}  // namespace hypercast
