// Every command's --json document against docs/report.schema.json: one small
// case of each command (info, schedule, export, generate, simulate, sweep, tcd;
// each kind of network), stdout parsed whole as one JSON document, the common
// keys first and in their order, the files it names present. The validator
// below reads the schema file and knows the keywords the schema uses (type,
// enum, required, properties, items, additionalProperties); a keyword it does
// not know fails the test, so the schema and the test cannot drift apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "test_util.h"

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

// ---- a validator for the subset of JSON Schema the report schema uses ----

bool hasType(const Json& v, const std::string& t) {
  if (t == "object") return v.is_object();
  if (t == "array") return v.is_array();
  if (t == "string") return v.is_string();
  if (t == "number") return v.is_number();
  if (t == "integer") return v.is_number_integer() || v.is_number_unsigned();
  if (t == "boolean") return v.is_boolean();
  if (t == "null") return v.is_null();
  throw std::runtime_error("schema: unknown type '" + t + "'");
}

void validate(const Json& schema, const Json& v, const std::string& at,
              std::vector<std::string>* errors) {
  static const std::set<std::string> annotations = {"$schema", "$id",         "$comment",
                                                    "title",   "description", "examples"};
  static const std::set<std::string> known = {"type",       "enum",  "required",
                                              "properties", "items", "additionalProperties"};
  for (auto it = schema.begin(); it != schema.end(); ++it) {
    if (!annotations.count(it.key()) && !known.count(it.key())) {
      throw std::runtime_error("schema: keyword '" + it.key() + "' at " + at +
                               " is not known to this test's validator");
    }
  }
  if (schema.contains("type")) {
    const Json& t = schema.at("type");
    std::vector<std::string> types;
    if (t.is_string()) {
      types.push_back(t.get<std::string>());
    } else {
      for (const auto& x : t) types.push_back(x.get<std::string>());
    }
    if (std::none_of(types.begin(), types.end(),
                     [&](const std::string& s) { return hasType(v, s); })) {
      errors->push_back(at + ": " + v.dump() + " is not of type " + t.dump());
      return;
    }
  }
  if (schema.contains("enum")) {
    const Json& e = schema.at("enum");
    if (std::find(e.begin(), e.end(), v) == e.end()) {
      errors->push_back(at + ": " + v.dump() + " is not one of " + e.dump());
    }
  }
  if (v.is_object()) {
    if (schema.contains("required")) {
      for (const auto& k : schema.at("required")) {
        if (!v.contains(k.get<std::string>())) {
          errors->push_back(at + ": the key '" + k.get<std::string>() + "' is missing");
        }
      }
    }
    const Json props = schema.value("properties", Json::object());
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (props.contains(it.key())) {
        validate(props.at(it.key()), it.value(), at + "/" + it.key(), errors);
      } else if (schema.contains("additionalProperties")) {
        const Json& extra = schema.at("additionalProperties");
        if (extra.is_boolean()) {
          if (!extra.get<bool>())
            errors->push_back(at + ": the key '" + it.key() + "' is not allowed");
        } else {
          validate(extra, it.value(), at + "/" + it.key(), errors);
        }
      }
    }
  }
  if (v.is_array() && schema.contains("items")) {
    for (size_t i = 0; i < v.size(); ++i) {
      validate(schema.at("items"), v[i], at + "/" + std::to_string(i), errors);
    }
  }
}

const Json& reportSchema() {
  static const Json schema = [] {
    const std::string text = hctest::slurp(std::string(HC_SOURCE_DIR) + "/docs/report.schema.json");
    return Json::parse(text);  // throws if the file is missing or not JSON
  }();
  return schema;
}

std::vector<std::string> schemaErrors(const Json& doc) {
  std::vector<std::string> errors;
  validate(reportSchema(), doc, "", &errors);
  return errors;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}

// ---- running the commands ----

class ReportJson : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = "/tmp/hctest-report-" + std::to_string(::getpid());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Runs `hypercast args...`; checks the exit code, that stdout is one JSON
  // document valid against the schema, with the common keys first, the command
  // and verdict expected and every file it names present. Returns the document.
  Json check(const std::vector<std::string>& args, const std::string& verdict, int code = 0) {
    std::vector<std::string> argv = {hctest::hypercast()};
    argv.insert(argv.end(), args.begin(), args.end());
    std::string line;
    for (const auto& a : args) line += " " + a;
    SCOPED_TRACE("hypercast" + line);
    const hctest::CmdResult r = hctest::runArgv(argv);
    EXPECT_EQ(r.code, code) << r.out << r.err.substr(0, 2000);
    const Json j = Json::parse(r.out, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
      ADD_FAILURE() << "stdout is not one JSON document:\n" << r.out.substr(0, 2000);
      return Json::object();
    }
    const std::vector<std::string> errors = schemaErrors(j);
    EXPECT_TRUE(errors.empty()) << joined(errors) << r.out.substr(0, 2000);
    if (!j.is_object()) return j;
    // The common keys first, in the schema's order.
    const Json& required = reportSchema().at("required");
    size_t i = 0;
    for (auto it = j.begin(); it != j.end() && i < required.size(); ++it, ++i) {
      EXPECT_EQ(it.key(), required[i].get<std::string>()) << "key " << i;
    }
    EXPECT_EQ(j.value("command", ""), args.front());
    EXPECT_EQ(j.value("verdict", ""), verdict);
    for (const auto& f : j.value("files", Json::array())) {
      EXPECT_TRUE(fs::exists(f.get<std::string>())) << f;
    }
    // The same style for every command: nlohmann's two-space indent.
    EXPECT_EQ(r.out, j.dump(2) + "\n");
    return j;
  }

  std::string dir_;
};

TEST(ReportSchema, TheValidatorRejectsADocumentWithoutTheCommonKeys) {
  Json good = {{"command", "info"}, {"topology", "hypercube"}, {"network", "3-cube"},
               {"verdict", "info"}, {"files", Json::array()},  {"nodes", 8}};
  EXPECT_TRUE(schemaErrors(good).empty()) << joined(schemaErrors(good));
  Json no_verdict = good;
  no_verdict.erase("verdict");
  EXPECT_EQ(schemaErrors(no_verdict).size(), 1u);
  Json upper = good;
  upper["verdict"] = "PASS";
  EXPECT_EQ(schemaErrors(upper).size(), 1u);
  Json count = good;
  count["files"] = 3;
  EXPECT_EQ(schemaErrors(count).size(), 1u);
  Json null_net = good;
  null_net["network"] = nullptr;
  EXPECT_TRUE(schemaErrors(null_net).empty());
  Json bad_command = good;
  bad_command["command"] = "synth";
  EXPECT_EQ(schemaErrors(bad_command).size(), 1u);
}

TEST_F(ReportJson, Info) {
  Json j =
      check({"info", "--topology", "hypercycle", "--m", "4,4", "--rho", "1,1", "--json"}, "info");
  EXPECT_EQ(j.at("topology"), "hypercycle");
  EXPECT_EQ(j.at("m"), Json::parse("[4, 4]"));
  EXPECT_TRUE(j.at("collectives").is_array());
  j = check({"info", "--topology", "hypercube", "--dim", "3", "--json"}, "info");
  EXPECT_EQ(j.at("network"), "3-cube");
  EXPECT_EQ(j.at("dim"), 3);  // a number, not "3"
  ASSERT_TRUE(j.at("collectives").is_array());
  EXPECT_EQ(j.at("collectives").at(0), "broadcast");
  j = check({"info", "--topology", "torus", "--n", "2", "--k", "4", "--json"}, "info");
  EXPECT_EQ(j.at("n"), 2);
  EXPECT_EQ(j.at("k"), 4);
  j = check({"info", "--topology", "mesh", "--dims", "4,4", "--json"}, "info");
  EXPECT_EQ(j.at("dims"), Json::parse("[4, 4]"));
  j = check({"info", "--topology", "cayley", "--group", "8,2", "--gens", "1,0;0,1", "--json"},
            "info");
  EXPECT_EQ(j.at("group"), Json::parse("[8, 2]"));
  EXPECT_EQ(j.at("gens"), Json::parse("[[1, 0], [0, 1]]"));
}

TEST_F(ReportJson, Schedule) {
  Json j = check({"schedule", "--topology", "hypercube", "--dim", "3", "--collective", "broadcast",
                  "--output", dir_ + "/q3.csv", "--json"},
                 "pass");
  EXPECT_EQ(j.at("files"), Json::array({dir_ + "/q3.csv"}));
  EXPECT_EQ(j.at("csv"), dir_ + "/q3.csv");
  check({"schedule", "--topology", "torus", "--n", "2", "--k", "5", "--collective",
         "multinode-broadcast", "--json"},
        "pass");
  j = check(
      {"schedule", "--topology", "mesh", "--dims", "4,4", "--collective", "broadcast", "--json"},
      "pass");
  EXPECT_EQ(j.at("network"), "4x4 mesh");
  check({"schedule", "--topology", "hypercube", "--dim", "3", "--collective", "accumulation",
         "--json"},
        "pass");
  check(
      {"schedule", "--topology", "hypercube", "--dim", "3", "--collective", "global-sum", "--json"},
      "pass");
}

TEST_F(ReportJson, Export) {
  const Json j = check(
      {"export", "--topology", "hypercube", "--dim", "3", "--collective", "multinode-broadcast",
       "--format", "msccl-xml", "--output", dir_ + "/ag.xml", "--json"},
      "pass");
  EXPECT_EQ(j.at("files"), Json::array({dir_ + "/ag.xml"}));
}

TEST_F(ReportJson, Generate) {
  for (const auto& net : std::vector<std::vector<std::string>>{
           {"--topology", "hypercycle", "--m", "4,4", "--rho", "1,1"},
           {"--topology", "hypercube", "--dim", "3", "--collective", "broadcast"},
           {"--topology", "mesh", "--dims", "4,4", "--collective", "broadcast"},
           {"--topology", "hypercube", "--dim", "3", "--collective", "accumulation"}}) {
    const std::string out = dir_ + "/gen";
    std::vector<std::string> args = {"generate"};
    args.insert(args.end(), net.begin(), net.end());
    args.insert(args.end(), {"--out", out, "--json"});
    // The router network is only emitted (no checker): its report is facts.
    const bool checked = std::find(net.begin(), net.end(), "--collective") != net.end();
    const Json j = check(args, checked ? "pass" : "info");
    EXPECT_FALSE(j.at("files").empty());
    EXPECT_EQ(j.at("out"), out);
    fs::remove_all(out);
  }
}

TEST_F(ReportJson, Simulate) {
  Json j = check({"simulate", "--topology", "hypercycle", "--m", "4,4", "--rho", "1,1", "--engine",
                  "systemc", "--trace", dir_ + "/t.csv", "--json"},
                 "pass");
  EXPECT_EQ(j.at("topology"), "hypercycle");
  EXPECT_EQ(j.at("network"), "G^{1,1}_{4,4}");
  EXPECT_EQ(j.at("files"), Json::array({dir_ + "/t.csv"}));
  EXPECT_EQ(j.at("stopped_by"), "completed");
  j = check({"simulate", "--topology", "hypercube", "--dim", "3", "--collective", "broadcast",
             "--engine", "systemc", "--json"},
            "pass");
  EXPECT_EQ(j.at("network"), "3-cube");
  j = check({"simulate", "--topology", "mesh", "--dims", "4,4", "--collective", "broadcast",
             "--engine", "systemc", "--json"},
            "pass");
  EXPECT_EQ(j.at("network"), "4x4 mesh");
  // A run that fails: its verdict says so, and the document is still whole.
  j = check({"simulate", "--m", "8,6", "--rho", "1,1", "--engine", "systemc", "--all-sources",
             "--max-cycles", "3", "--json"},
            "fail", 1);
  EXPECT_EQ(j.at("stopped_by"), "max_cycles");
}

// The combining networks simulate only as a co-simulation (a Verilated model,
// the one tests/test_sum_cosim.cpp builds for the same network).
TEST_F(ReportJson, SimulateCombining) {
  const Json j = check({"simulate", "--topology", "hypercube", "--dim", "3", "--collective",
                        "global-sum", "--input-bits", "12", "--json"},
                       "pass");
  EXPECT_EQ(j.at("network"), "3-cube");
  EXPECT_EQ(j.at("match"), true);
}

TEST_F(ReportJson, Sweep) {
  const std::string out = dir_ + "/sweep";
  const Json j = check({"sweep", "--m", "4", "--rho", "1", "--rates", "0.1", "--cycles", "300",
                        "--engine", "systemc", "--out", out, "--json", "--quiet"},
                       "pass");
  EXPECT_EQ(j.at("files"), Json::array({out + "/load_latency.csv", out + "/load_latency.svg"}));
  EXPECT_EQ(j.at("m"), Json::parse("[4]"));
}

TEST_F(ReportJson, Tcd) {
  const Json j = check({"tcd", "--topology", "mesh", "--dims", "4,4", "--json"}, "pass");
  EXPECT_EQ(j.at("network"), "4x4 mesh");
  EXPECT_TRUE(j.at("files").empty());
}

}  // namespace
