// `export`: a checked schedule (flow/checked_schedule.h) written as a GPU
// collective runtime's algorithm file, MSCCL XML or SCCL/TACCL JSON. The file
// goes through hypercast's own format checker and executor (checker/msccl_*,
// checker/sccl_json.h) before it is written; one that fails is a bug, never written.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "flow/checked_schedule.h"

namespace hypercast {
namespace flow {

struct ExportFormat {
  const char* name;  // the --format word
  const char* what;  // one line for --help
};
const std::vector<ExportFormat>& exportFormats();
std::string exportFormatNames();  // "msccl-xml, sccl-json"

// Writes the file to `out` (through util/output_file.h) and returns the
// report body: format, collectives, file; figures {counts, sizes, times}.
nlohmann::ordered_json exportSchedule(const CheckedSchedule& c, const std::string& format,
                                      const std::string& out);

}  // namespace flow
}  // namespace hypercast
