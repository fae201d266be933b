// hypercast export: the checked optimal schedule as a GPU collective runtime's
// file (flow/collective_export.h: MSCCL algorithm XML or SCCL/TACCL JSON, each
// checked before it is written).
#include <algorithm>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "flow/checked_schedule.h"
#include "flow/collective_export.h"
#include "flow/collective_options.h"
#include "flow/command_files.h"
#include "flow/limits.h"
#include "flow/network_args.h"
#include "util/error.h"
#include "util/json_text.h"
#include "util/output_file.h"
#include "util/report_json.h"

namespace hypercast {
namespace cli {

CommandHelp exportHelp() {
  std::string formats;
  for (const flow::ExportFormat& f : flow::exportFormats()) {
    formats += "  " + std::string(f.name) + std::string(12 - std::string(f.name).size(), ' ') +
               f.what + "\n";
  }
  return {"hypercast export [--topology T] [its options] --collective C --format F -o FILE",
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
  if (!a.has("format")) throw Error("export needs --format (" + flow::exportFormatNames() + ")");
  const std::string format = a.get("format");
  if (std::none_of(flow::exportFormats().begin(), flow::exportFormats().end(),
                   [&](const flow::ExportFormat& f) { return format == f.name; })) {
    throw Error("unknown --format '" + format + "' (formats: " + flow::exportFormatNames() + ")");
  }
  if (!a.has("output")) throw Error("export needs -o/--output FILE");
  const std::string out = a.get("output");
  checkOutputPath("--output", out);
  flow::checkCommandFiles(a);
  if (a.has("collective")) flow::checkCollectiveName(a.get("collective"), false);
  flow::checkCost(a, flow::Step::kSchedule, "export");

  flow::ScheduleRequest request = flow::readScheduleRequest(a, false, "export");
  // The formats carry the checked schedule's transfers, one message over one
  // link per step: a mesh broadcast is the BFS one whatever the sides.
  request.store_and_forward_why =
      "export writes store-and-forward transmissions (one message over one link per step), not "
      "Cang & Wu's wormhole messages, which cross several links";
  request.endpoints_only_why = "a GPU runtime's algorithm has a rank on every node and no switches";
  request.optimal_only = true;
  request.combining = false;
  const flow::CheckedSchedule c = flow::buildCheckedSchedule(request);
  const nlohmann::ordered_json j = flow::exportSchedule(c, format, out);
  if (a.has("json"))
    return printReport(jsonReport({"export", c.net.topology, c.net.label, "pass", {out}}, j));
  std::ostringstream lines;
  lines << flow::scheduleSummary(c);
  // A graph file whose names are not its node numbers: which GPU rank is which.
  const std::vector<std::string>& names = c.net.node_labels;
  bool by_number = true;
  for (size_t x = 0; x < names.size(); ++x) by_number = by_number && names[x] == std::to_string(x);
  if (!by_number) {
    lines << "ranks            GPU rank x is node x, numbered as the file's names first appear (";
    for (size_t x = 0; x < names.size() && x < 4; ++x) {
      lines << (x ? ", " : "") << x << ": " << oneLine(names[x]);
    }
    lines << (names.size() > 4 ? ", ..." : "") << "; --json: gpu_names)\n";
  }
  lines << "exported         " << format << ", " << j["runtime_collective"].get<std::string>()
        << ", " << j.at("figures").at("bytes").get<size_t>() << " bytes, "
        << "checked\nwrote            " << out << "\n";
  return printReport(textReport(lines.str()));
}

}  // namespace cli
}  // namespace hypercast
