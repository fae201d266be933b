#include "regress/regress_report.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "regress/build_id.h"
#include "regress/junit_xml.h"
#include "regress/regress_result.h"
#include "tools/launcher.h"
#include "util/json_text.h"
#include "util/report_json.h"

namespace hypercast {
namespace regress {

namespace {

std::string tail(const std::string& path, size_t lines) {
  const std::string text = tools::readFile(path);
  size_t at = text.size();
  for (size_t n = 0; at > 0 && n <= lines; --at) {
    if (text[at - 1] == '\n') ++n;
    if (n > lines) break;
  }
  return text.substr(at);
}

std::string fixed(double v, const char* f) {
  char b[32];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

// A Markdown table cell: no '|' nor newline.
std::string cell(std::string s) {
  for (char& c : s) {
    if (c == '|') c = '/';
    if (c == '\n') c = ' ';
  }
  return s.size() > 160 ? s.substr(0, 157) + "..." : s;
}

}  // namespace

std::string planMetaPath(const std::string& dir) { return dir + "/plan.json"; }

RegressReport buildReport(const std::string& dir, const std::vector<RegressJob>& jobs) {
  RegressReport r;
  const nlohmann::json meta =
      nlohmann::json::parse(tools::readFile(planMetaPath(dir)), nullptr, false);
  const std::string name = meta.is_object() ? meta.value("name", "regression") : "regression";
  const std::string& build = buildId();
  std::vector<JunitCase> cases;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  std::string failures, rows;
  double seconds = 0;
  for (const RegressJob& job : jobs) {
    const nlohmann::json s = readSummary(dir, job);
    const bool current = s.is_object() && s.value("hash", "") == jobHash(job, build);
    JunitCase c;
    c.classname = "hypercast." + job.network;
    c.name = job.id;
    if (current) {
      c.outcome = s.value("status", "error");
      c.seconds = s.value("seconds", 0.0);
      c.message = s.value("message", "");
    } else {
      c.outcome = "missing";
      c.message = s.is_object() ? "its result is from another hypercast build: run it again"
                                : "not run (or interrupted)";
    }
    ++r.total;
    seconds += c.seconds;
    if (c.outcome == "pass") {
      ++r.passed;
    } else if (c.outcome == "fail") {
      ++r.failed;
    } else if (c.outcome == "error") {
      ++r.errors;
    } else {
      ++r.missing;
    }
    const std::string folder = resultDir(dir, job);
    if (c.outcome == "fail" || c.outcome == "error") {
      c.details = "$ hypercast " + tools::commandLine(job.argv) + "\n";
      for (const auto& kv : job.env)
        c.details += "environment: " + kv.first + "=" + kv.second + "\n";
      if (s.contains("trace")) c.details += "trace: " + folder + "/trace.csv\n";
      c.details += "log (" + folder + "/log.txt), last lines:\n" + tail(folder + "/log.txt", 20);
      failures += "| " + cell(job.id) + " | " + c.outcome + " | " + cell(c.message) + " |\n";
    }
    const nlohmann::json report = current ? s.value("report", nlohmann::json()) : nlohmann::json();
    const nlohmann::json ran = reportCycles(report);
    const std::string cycles = ran.is_null() ? "" : jsonText(ran);
    rows += "| " + cell(job.id) + " | " + job.command + " | " + job.network + " | " +
            (job.engine.empty() ? "-" : job.engine) + " | " + c.outcome + " | " +
            (current ? fixed(c.seconds, "%.1f") : "-") + " | " + cycles + " |\n";
    nlohmann::ordered_json j;
    j["id"] = job.id;
    j["index"] = job.index;
    j["status"] = c.outcome;
    if (current) j["seconds"] = c.seconds;
    if (!c.message.empty()) j["message"] = c.message;
    if (current) j["result"] = folder;
    list.push_back(j);
    cases.push_back(c);
  }
  r.junit = junitXml(name, cases);
  nlohmann::ordered_json j;
  j["name"] = name;
  j["total"] = r.total;
  j["passed"] = r.passed;
  j["failed"] = r.failed;
  j["errors"] = r.errors;
  j["missing"] = r.missing;
  j["seconds"] = seconds;
  j["verdict"] = r.ok() ? "pass" : "fail";
  j["jobs"] = list;
  r.json = jsonText(j, 2) + "\n";
  std::ostringstream md;
  md << "# Regression " << name << ": " << r.passed << " of " << r.total << " passed\n\n"
     << "| jobs | passed | failed | errors | missing | job seconds |\n"
     << "| ---: | ---: | ---: | ---: | ---: | ---: |\n"
     << "| " << r.total << " | " << r.passed << " | " << r.failed << " | " << r.errors << " | "
     << r.missing << " | " << fixed(seconds, "%.1f") << " |\n";
  if (!failures.empty()) {
    md << "\n## Failures\n\n| job | status | first divergence, checker or error |\n"
       << "| --- | --- | --- |\n"
       << failures;
  }
  md << "\n## Jobs\n\n| job | command | network | engine | status | seconds | cycles |\n"
     << "| --- | --- | --- | --- | --- | ---: | ---: |\n"
     << rows;
  r.markdown = md.str();
  return r;
}

}  // namespace regress
}  // namespace hypercast
