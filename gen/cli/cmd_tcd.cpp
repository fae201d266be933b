#include <iostream>
#include <sstream>
#include <stdexcept>

#include "cli/commands.h"
#include "flow/collective_options.h"
#include "flow/command_files.h"
#include "flow/limits.h"
#include "flow/mesh_schedule.h"
#include "flow/network_args.h"
#include "topology/registry.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/output_file.h"
#include "util/report_json.h"

namespace hypercast {
namespace cli {

CommandHelp tcdHelp() {
  return {"hypercast tcd --topology mesh --dims X,Y[,Z] [options]",
          "The total communication distance (TCD) of the one-port wormhole broadcast\n"
          "of Cang & Wu from every source of a mesh of equal power-of-two sides: the\n"
          "paper's (Algorithm 1 in 2-D, 2 in 3-D), best (the least over its family)\n"
          "and the lower bound N - 1 + max(0, eccentricity - d k). Every schedule is\n"
          "built and checked.\n",
          ""};
}

int cmdTcd(const Args& a) {
  // The topology first: another topology's name is refused as such, before its
  // options are judged against the mesh's.
  if ((a.has("topology") && a.get("topology") != flow::meshTopology().name &&
       findTopology(a.get("topology")) != nullptr) ||
      chosenTopology(a.params(), flow::meshTopology().name).kind != NetworkDesc::Kind::kMesh) {
    throw Error("tcd tabulates the mesh broadcast of Cang & Wu (--topology mesh --dims X,Y[,Z])");
  }
  if (!a.has("dims"))
    throw Error("tcd needs the mesh's --dims X,Y[,Z] (equal powers of two, e.g. 8,8,8)");
  const NetworkDesc net = parseNetworkDesc(a.params());
  meshCube(net.radices);  // refuses other shapes before any work
  flow::checkTcdCost(a, net.nodes());
  const bool both = !a.has("algorithm");
  const std::string only = flow::meshAlgorithm(a);
  const std::string out = a.get("output");
  if (a.has("output")) checkOutputPath("--output", out);
  flow::checkCommandFiles(a);
  const TcdTable t = flow::buildTcdTable(net, both || only == "paper", both || only == "best");
  flow::writeOutOption(a, [&](std::ostream& os) { writeTcdCsv(os, t); });
  if (a.has("json")) {
    nlohmann::ordered_json j;
    nlohmann::ordered_json figures = {{"nodes", net.nodes()}};
    figures.update(tcdSummaryJson(t));
    j["figures"] = figures;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (const auto& r : t.rows) {
      nlohmann::ordered_json row = {{"source", r.source},
                                    {"coordinates", t.mesh.coordinates(r.source)}};
      if (r.eye) row["eye"] = r.eye;
      if (t.paper) row["paper"] = r.paper;
      if (t.best) row["best"] = r.best;
      row["lower_bound"] = r.lower_bound;
      rows.push_back(row);
    }
    j["rows"] = rows;
    if (a.has("output")) j["csv"] = out;
    return printReport(
        jsonReport({"tcd", net.topology, net.label, "pass",
                    a.has("output") ? std::vector<std::string>{out} : std::vector<std::string>{}},
                   j));
  }
  std::ostringstream lines;
  lines << "network          " << net.label << ", " << net.nodes() << " nodes\n";
  if (!a.has("output")) writeTcdText(lines, t);
  writeTcdSummary(lines, t);
  if (a.has("output")) lines << "wrote            " << out << "\n";
  return printReport(textReport(lines.str()));
}

}  // namespace cli
}  // namespace hypercast
