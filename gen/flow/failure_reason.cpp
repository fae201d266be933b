#include "flow/failure_reason.h"

#include "util/json_text.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

namespace {

// A report's entry as text: a string as it is, anything else as JSON.
std::string text(const nlohmann::json& v) {
  return v.is_string() ? v.get<std::string>() : jsonText(v);
}

}  // namespace

std::string failureReason(const nlohmann::json& j) {
  if (!j.is_object()) return "";
  if (j.contains("first_divergence")) {
    std::string s = "first divergence";
    for (const auto& kv : j["first_divergence"].items()) {
      s += ", " + kv.key() + " " + jsonText(kv.value());
    }
    return s;
  }
  const auto errors = j.find("checker_errors");
  if (errors != j.end() && errors->is_array() && !errors->empty()) {
    return "checker: " + text(errors->front());
  }
  if (j.value("watchdog", false)) {
    return "watchdog: no progress (stopped at cycle " + jsonText(reportCycles(j)) + ")";
  }
  for (const char* key : {"left_in_network", "axis_error"}) {
    const auto it = j.find(key);
    if (it != j.end() && it->is_string()) return std::string(key) + ": " + it->get<std::string>();
  }
  const auto stopped = j.find("stopped_by");
  if (stopped != j.end() && stopped->is_string() && *stopped != "completed") {
    return "stopped by " + stopped->get<std::string>();
  }
  for (const char* key : {"holdings_errors", "errors"}) {
    const auto it = j.find(key);
    if (it != j.end() && it->is_array() && !it->empty()) {
      return std::string(key) + ": " + text(it->front());
    }
  }
  return "";
}

}  // namespace flow
}  // namespace hypercast
