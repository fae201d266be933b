// The one shape of every command's --json document (docs/schemas/report.schema.json):
// the common keys first, then the command's own.
//  - command:  the command's name ("info", "schedule", "simulate", ...);
//  - topology: the topology's name, or null;
//  - network:  the network's label, or null;
//  - verdict:  "pass" or "fail" where a checker or a simulation decides,
//              "info" for a command that only reports facts;
//  - figures:  the numbers the run measured or computed (steps, transmissions,
//              their lower bounds, cycles, latencies, counts, seconds...): the
//              body's "figures" object, or {} when it has none. The run's
//              parameters (m, rho, dim, engine, collective...) stay outside;
//  - files:    the paths the command wrote (empty when none).
// A body's key of the same name gives way to the common one (a harness's
// "PASS" becomes "pass"); the other keys keep their order.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "util/json_text.h"

namespace hypercast {

// A figure, or null where the run has none (kept as -1: not measured, no
// latency without a delivery).
template <typename T>
nlohmann::ordered_json measured(T v) {
  return v < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
}

struct ReportHead {
  std::string command;
  nlohmann::ordered_json topology;  // a string, or null
  nlohmann::ordered_json network;   // a string, or null
  std::string verdict;              // "pass", "fail" or "info"
  std::vector<std::string> files;
};

inline const std::vector<std::string>& reportCommonKeys() {
  static const std::vector<std::string> keys = {"command", "topology", "network",
                                                "verdict", "figures",  "files"};
  return keys;
}

// The cycles a command's --json report ran (its "figures"."cycles"); null when
// it has none (regress's reports and job messages read it).
inline nlohmann::json reportCycles(const nlohmann::json& report) {
  if (!report.is_object()) return nullptr;
  const auto figures = report.find("figures");
  if (figures == report.end() || !figures->is_object()) return nullptr;
  return figures->value("cycles", nlohmann::json());
}

// A name, or null for none (a report's "rtl_model" when no Verilated model ran).
inline nlohmann::ordered_json nameOrNull(const std::string& name) {
  return name.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(name);
}

// "PASS"/"FAIL" (the harnesses' words) and true/false as a verdict.
inline std::string reportVerdict(bool pass) { return pass ? "pass" : "fail"; }

template <class Body>
nlohmann::ordered_json reportJson(const ReportHead& head, const Body& body) {
  nlohmann::ordered_json j;
  j["command"] = head.command;
  j["topology"] = head.topology;
  j["network"] = head.network;
  j["verdict"] = head.verdict;
  j["figures"] = nlohmann::ordered_json::object();
  const auto figures = body.find("figures");
  if (figures != body.end()) {
    if (!figures->is_object()) throw std::logic_error("a report's figures must be an object");
    j["figures"] = *figures;
  }
  j["files"] = head.files;
  for (auto it = body.begin(); it != body.end(); ++it) {
    if (!j.contains(it.key())) j[it.key()] = it.value();
  }
  return j;
}

// The paths of a folder's files as written (dir/name), in the files' order.
template <class Files>
std::vector<std::string> writtenPaths(const std::string& dir, const Files& files) {
  std::vector<std::string> out;
  for (const auto& f : files) out.push_back(dir + "/" + f.first);
  return out;
}

// What a command's run gives back for the CLI to print (cli/commands.h
// printReport, the one place that writes it to stdout): under --json the
// document, otherwise the terminal's lines; and the exit status.
struct CommandReport {
  nlohmann::ordered_json json;  // the document under --json; null otherwise
  std::string text;             // the lines for the terminal (may be empty)
  int status = 0;               // 0 pass, 1 verification failed
};

template <class Body>
CommandReport jsonReport(const ReportHead& head, const Body& body, int status = 0) {
  return {reportJson(head, body), "", status};
}

inline CommandReport textReport(std::string text, int status = 0) {
  return {nullptr, std::move(text), status};
}

}  // namespace hypercast
