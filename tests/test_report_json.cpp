// Every command's --json document against docs/schemas/report.schema.json: one
// small case of each command (info, schedule, export, generate, simulate, sweep,
// tcd; each kind of network), stdout parsed whole as one JSON document, the
// common keys first and in their order, the files it names present; the
// figures of the small cases against values worked by hand. Then every other
// JSON file the tool writes against its schema in docs/schemas/: generate's
// manifest.json (each kind of network), synth_report.json, and regress's
// jobs.json, plan.json, results/<id>/summary.json and report.json. The
// validator (json_schema.h) reads the schema files and knows only the keywords
// they use, so the schemas and the tests cannot drift apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "json_schema.h"
#include "test_util.h"

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

namespace {

const Json& reportSchema() {
  static const Json schema = hctest::loadSchema("report");
  return schema;
}

std::vector<std::string> schemaErrors(const Json& doc) {
  return hctest::schemaErrors(reportSchema(), doc);
}

using hctest::joinedLines;

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
    EXPECT_TRUE(errors.empty()) << joinedLines(errors) << r.out.substr(0, 2000);
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
  Json good = {{"command", "info"},
               {"topology", "hypercube"},
               {"network", "3-cube"},
               {"verdict", "info"},
               {"figures", {{"nodes", 8}, {"lower_bound", {{"steps", 3}}}, {"hops", {1, 2}}}},
               {"files", Json::array()},
               {"dim", 3}};
  EXPECT_TRUE(schemaErrors(good).empty()) << joinedLines(schemaErrors(good));
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
  // figures: an object of numbers (null where not known, arrays, objects of
  // those); a string, a boolean or a deeper object is refused.
  Json no_figures = good;
  no_figures.erase("figures");
  EXPECT_EQ(schemaErrors(no_figures).size(), 1u);
  Json unknown = good;
  unknown["figures"]["lower_bound"] = nullptr;
  EXPECT_TRUE(schemaErrors(unknown).empty()) << joinedLines(schemaErrors(unknown));
  for (const Json& bad : {Json("8"), Json(true), Json::array({"a"}), Json({{"steps", "3"}}),
                          Json({{"a", {{"b", 1}}}})}) {
    Json j = good;
    j["figures"]["nodes"] = bad;
    EXPECT_EQ(schemaErrors(j).size(), 1u) << bad;
  }
  Json list = good;
  list["figures"] = Json::array({8});
  EXPECT_EQ(schemaErrors(list).size(), 1u);
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
  EXPECT_FALSE(j.contains("extents")) << j;  // the sides once, as the option
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
  // The d-cube's broadcast: d steps, 2^d - 1 transmissions, both the bounds.
  EXPECT_EQ(j.at("dim"), 3);  // a parameter, outside the figures
  EXPECT_EQ(j.at("figures").at("nodes"), 8);
  EXPECT_EQ(j.at("figures").at("steps"), 3);
  EXPECT_EQ(j.at("figures").at("transmissions"), 7);
  EXPECT_EQ(j.at("figures").at("lower_bound").at("steps"), 3);
  EXPECT_EQ(j.at("figures").at("lower_bound").at("transmissions"), 7);
  EXPECT_TRUE(j.at("figures").at("build_seconds").is_number());
  // MT(2,5)'s multinode broadcast: ceil(24 / 4) = 6 steps, 25 x 24 packets.
  j = check({"schedule", "--topology", "torus", "--n", "2", "--k", "5", "--collective",
             "multinode-broadcast", "--json"},
            "pass");
  EXPECT_EQ(j.at("figures").at("steps"), 6);
  EXPECT_EQ(j.at("figures").at("transmissions"), 600);
  j = check(
      {"schedule", "--topology", "mesh", "--dims", "4,4", "--collective", "broadcast", "--json"},
      "pass");
  EXPECT_EQ(j.at("network"), "4x4 mesh");
  EXPECT_EQ(j.at("figures").at("nodes"), 16);
  EXPECT_EQ(j.at("figures").at("steps"), 4);  // d k = 2 x 2
  EXPECT_EQ(j.at("figures").at("optimal_steps"), 4);
  // Q_3's accumulation: ceil(7 / 3) = 3 steps, 8 x 7 partial sums sent.
  j = check({"schedule", "--topology", "hypercube", "--dim", "3", "--collective", "accumulation",
             "--json"},
            "pass");
  EXPECT_EQ(j.at("figures").at("steps"), 3);
  EXPECT_EQ(j.at("figures").at("transmissions"), 56);
  EXPECT_EQ(j.at("figures").at("diameter"), 3);
  // Q_3's global sum: d steps (d + 1 distinct eigenvalues, d itself aside).
  j = check(
      {"schedule", "--topology", "hypercube", "--dim", "3", "--collective", "global-sum", "--json"},
      "pass");
  EXPECT_EQ(j.at("figures").at("steps"), 3);
  EXPECT_EQ(j.at("figures").at("accumulate_then_broadcast_steps"), 6);
  EXPECT_EQ(j.at("divisor"), 6);  // 3!, a constant of the program, outside the figures
}

TEST_F(ReportJson, Export) {
  const Json j = check(
      {"export", "--topology", "hypercube", "--dim", "3", "--collective", "multinode-broadcast",
       "--format", "msccl-xml", "--output", dir_ + "/ag.xml", "--json"},
      "pass");
  EXPECT_EQ(j.at("files"), Json::array({dir_ + "/ag.xml"}));
  EXPECT_EQ(j.at("figures").at("gpus"), 8);
  EXPECT_EQ(j.at("figures").at("steps"), 3);           // ceil(7 / 3)
  EXPECT_EQ(j.at("figures").at("transmissions"), 56);  // 8 x 7
  // a send and a receive per transfer, a copy per GPU
  EXPECT_EQ(j.at("figures").at("step_elements"), 2 * 56 + 8);
  EXPECT_EQ(j.at("figures").at("bytes"), fs::file_size(dir_ + "/ag.xml"));
}

// generate's report, and its manifest.json against docs/schemas/manifest.schema.json:
// each kind of network, with the figures the report and the manifest share.
TEST_F(ReportJson, GenerateAndItsManifest) {
  struct Case {
    std::vector<std::string> net;
    int nodes, steps;  // steps: -1 for the routers (no schedule)
  };
  const Json manifest_schema = hctest::loadSchema("manifest");
  for (const Case& c :
       {// G^{1,1}_{4,4}: 16 nodes, degree 2 + 2, diameter 2 + 2.
        Case{{"--topology", "hypercycle", "--m", "4,4", "--rho", "1,1"}, 16, -1},
        Case{{"--topology", "hypercycle", "--m", "4,4", "--rho", "1,1", "--endpoints", "axis"},
             16,
             -1},
        Case{{"--topology", "hypercycle", "--m", "4,4", "--rho", "1,1", "--router", "programmable"},
             16,
             -1},
        Case{{"--topology", "hypercube", "--dim", "3", "--collective", "broadcast"}, 8, 3},
        Case{{"--topology", "mesh", "--dims", "4,4", "--collective", "broadcast"}, 16, 4},
        Case{{"--topology", "hypercube", "--dim", "3", "--collective", "accumulation"}, 8, 3},
        Case{{"--topology", "hypercube", "--dim", "3", "--collective", "global-sum"}, 8, 3},
        // A graph file: the Petersen graph (diameter 2, all-port broadcast in 2 steps).
        Case{{"--topology", "graph", "--graph",
              std::string(HC_SOURCE_DIR) + "/examples/petersen.txt", "--collective", "broadcast"},
             10,
             2}}) {
    const std::string out = dir_ + "/gen";
    std::vector<std::string> args = {"generate"};
    args.insert(args.end(), c.net.begin(), c.net.end());
    args.insert(args.end(), {"--out", out, "--json"});
    // The router network is only emitted (no checker): its report is facts.
    const Json j = check(args, c.steps < 0 ? "info" : "pass");
    EXPECT_FALSE(j.at("files").empty());
    EXPECT_EQ(j.at("out"), out);
    const Json& f = j.at("figures");
    EXPECT_EQ(f.at("nodes"), c.nodes);
    uintmax_t bytes = 0;  // the files' sizes on disk
    for (const auto& x : j.at("files")) bytes += fs::file_size(x.get<std::string>());
    EXPECT_EQ(f.at("bytes"), bytes);
    EXPECT_TRUE(f.at("seconds").is_number());
    if (c.steps < 0) {
      EXPECT_EQ(f.at("degree"), 4);
      EXPECT_EQ(f.at("diameter"), 4);
    } else {
      EXPECT_EQ(f.at("steps"), c.steps);
    }
    const Json m = Json::parse(hctest::slurp(out + "/manifest.json"));
    const std::vector<std::string> errors = hctest::schemaErrors(manifest_schema, m);
    EXPECT_TRUE(errors.empty()) << joinedLines(errors) << m.dump(2).substr(0, 2000);
    EXPECT_EQ(m.value("nodes", 0), c.nodes);
    // The manifest lists every file generate wrote, and only those.
    std::set<std::string> listed, written;
    for (const auto& x : m.value("files", Json::array()))
      listed.insert(out + "/" + x.get<std::string>());
    for (const auto& x : j.at("files")) written.insert(x.get<std::string>());
    EXPECT_EQ(listed, written);
    // Every kind alike: `verilog_files` is the .f, `files` starts with it (compile
    // order first), the text is indented, a collective names its construction.
    std::string flist;
    for (const auto& e : fs::directory_iterator(out))
      if (e.path().extension() == ".f") flist = e.path().string();
    ASSERT_FALSE(flist.empty());
    const std::vector<std::string> f_lines = hctest::lines(hctest::slurp(flist));
    ASSERT_TRUE(m.contains("verilog_files")) << m.dump(2).substr(0, 2000);
    EXPECT_EQ(m.at("verilog_files").get<std::vector<std::string>>(), f_lines);
    const auto files = m.at("files").get<std::vector<std::string>>();
    ASSERT_GE(files.size(), f_lines.size());
    EXPECT_TRUE(std::equal(f_lines.begin(), f_lines.end(), files.begin()));
    EXPECT_EQ(hctest::slurp(out + "/manifest.json"), m.dump(2) + "\n");
    // `name` is the stem of the .f and the core; `toplevel` the root of
    // verilog_files (the last, rtl/<toplevel>.v) and the core's toplevel.
    ASSERT_TRUE(m.contains("name") && m.contains("toplevel")) << m.dump(2).substr(0, 2000);
    const std::string name = m.at("name"), toplevel = m.at("toplevel");
    EXPECT_EQ(fs::path(flist).stem().string(), name);
    EXPECT_EQ(f_lines.back(), "rtl/" + toplevel + ".v");
    EXPECT_NE(hctest::slurp(out + "/" + name + ".core").find("    toplevel: " + toplevel + "\n"),
              std::string::npos);
    const std::string collective = m.value("collective", "");
    if (collective == "accumulation" || collective == "global-sum") {
      EXPECT_TRUE(m.contains("construction")) << collective;
    }
    // A broken manifest is refused: no files, another tool, nodes as text.
    Json bad = m;
    bad.erase("files");
    EXPECT_EQ(hctest::schemaErrors(manifest_schema, bad).size(), 1u);
    bad = m;
    bad["tool"] = "other";
    EXPECT_EQ(hctest::schemaErrors(manifest_schema, bad).size(), 1u);
    bad = m;
    bad["nodes"] = std::to_string(c.nodes);
    EXPECT_EQ(hctest::schemaErrors(manifest_schema, bad).size(), 1u);
    bad = m;
    bad.erase("toplevel");
    EXPECT_EQ(hctest::schemaErrors(manifest_schema, bad).size(), 1u);
    fs::remove_all(out);
  }
}

// manifest.json's network.options are the network's options as `info --json`
// gives them (integers as numbers, lists as arrays, generators and removed
// links as arrays of arrays), on every topology a schedule-ROM network takes;
// the mesh's network has its extents. A string where the schema wants a number
// is refused.
TEST_F(ReportJson, ManifestNetworkOptionsAreInfosOptions) {
  const Json manifest_schema = hctest::loadSchema("manifest");
  const std::string petersen = std::string(HC_SOURCE_DIR) + "/examples/petersen.txt";
  for (const auto& net : std::vector<std::vector<std::string>>{
           {"--topology", "hypercube", "--dim", "3"},
           {"--topology", "torus", "--n", "2", "--k", "3"},
           {"--topology", "hypercycle", "--m", "4,3", "--rho", "1,1"},
           {"--topology", "cayley", "--group", "6", "--gens", "1;5"},
           {"--topology", "mesh", "--dims", "3,4"},
           {"--topology", "graph", "--graph", petersen},
           {"--topology", "torus", "--n", "2", "--k", "4", "--remove-links", "0-1;5-6"}}) {
    std::string shown;
    for (const std::string& a : net) shown += a + " ";
    SCOPED_TRACE(shown);
    const std::string out = dir_ + "/opts";
    std::vector<std::string> gen = {"generate"}, info = {"info"};
    gen.insert(gen.end(), net.begin(), net.end());
    info.insert(info.end(), net.begin(), net.end());
    gen.insert(gen.end(), {"--collective", "broadcast", "--out", out});
    info.push_back("--json");
    const Json facts = check(info, "info");
    std::vector<std::string> argv = {hctest::hypercast()};
    argv.insert(argv.end(), gen.begin(), gen.end());
    const hctest::CmdResult r = hctest::runArgv(argv);
    ASSERT_EQ(r.code, 0) << r.err;
    const Json m = Json::parse(hctest::slurp(out + "/manifest.json"));
    EXPECT_TRUE(hctest::schemaErrors(manifest_schema, m).empty());
    const Json& options = m.at("network").at("options");
    ASSERT_FALSE(options.empty());
    for (auto it = options.begin(); it != options.end(); ++it) {
      EXPECT_FALSE(it.value().is_string() && it.key() != "graph") << it.key() << ": " << it.value();
      // info's `graph` and `directed` are the graph's facts, not the options.
      if (it.key() != "graph" && it.key() != "directed") {
        EXPECT_EQ(it.value(), facts.at(it.key())) << it.key();
      }
    }
    fs::remove_all(out);
  }
  // A graph file's path stays the string given, whatever it holds (',' and ';'
  // split the other options' lists).
  {
    const std::string odd = dir_ + "/p,q;1.txt";
    fs::copy_file(petersen, odd, fs::copy_options::overwrite_existing);
    const std::string out = dir_ + "/odd";
    const hctest::CmdResult r =
        hctest::runArgv({hctest::hypercast(), "generate", "--topology", "graph", "--graph", odd,
                         "--collective", "broadcast", "--out", out});
    ASSERT_EQ(r.code, 0) << r.err;
    const Json m = Json::parse(hctest::slurp(out + "/manifest.json"));
    EXPECT_EQ(m.at("network").at("options").at("graph"), odd) << m.at("network");
    fs::remove_all(out);
  }
  // The wormhole mesh: its extents, X first.
  const std::string out = dir_ + "/mesh";
  const hctest::CmdResult r =
      hctest::runArgv({hctest::hypercast(), "generate", "--topology", "mesh", "--dims", "4,4",
                       "--collective", "broadcast", "--out", out});
  ASSERT_EQ(r.code, 0) << r.err;
  Json m = Json::parse(hctest::slurp(out + "/manifest.json"));
  EXPECT_EQ(m.at("network").at("extents"), Json::parse("[4, 4]"));
  EXPECT_TRUE(hctest::schemaErrors(manifest_schema, m).empty());
  m["network"]["extents"] = Json::parse(R"(["4", "4"])");
  EXPECT_EQ(hctest::schemaErrors(manifest_schema, m).size(), 2u);
  m["network"] = {{"label", "x"}, {"options", {{"dim", nullptr}}}};
  EXPECT_EQ(hctest::schemaErrors(manifest_schema, m).size(), 1u);
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
  const Json& f = j.at("figures");
  EXPECT_EQ(f.at("nodes"), 16);
  EXPECT_EQ(f.at("sources"), 16);
  // From an eye the paper's optimum is N - 1 = 15, the lower bound's least.
  EXPECT_EQ(f.at("optimal_tcd_from_an_eye"), 15);
  EXPECT_EQ(f.at("lower_bound").at("min"), 15);
  EXPECT_EQ(j.at("rows").size(), 16u);  // the table, outside the figures
}

// synth_report.json against docs/schemas/synth-report.schema.json: the router's
// report (the smallest ring, synthesis only: yosys, no place-and-route) and
// hc_weight_unit's alone. synth has no --json: its report is this file.
TEST_F(ReportJson, SynthReportFile) {
  const Json schema = hctest::loadSchema("synth-report");
  const std::string out = dir_ + "/synth";
  const auto r = hctest::runArgv({hctest::hypercast(), "synth", "--m", "4", "--rho", "1",
                                  "--payload-width", "8", "--no-pnr", "--out", out});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Json j = Json::parse(hctest::slurp(out + "/synth_report.json"));
  std::vector<std::string> errors = hctest::schemaErrors(schema, j);
  EXPECT_TRUE(errors.empty()) << joinedLines(errors) << j.dump(2);
  EXPECT_EQ(j.value("nodes", 0), 4);
  EXPECT_TRUE(j.at("ice40").at("fmax_mhz").is_null());  // not placed: not measured
  Json bad = j;
  bad["ice40"]["lut4"] = "12";
  EXPECT_EQ(hctest::schemaErrors(schema, bad).size(), 1u);
  bad = j;
  bad.erase("seconds");
  bad["luts"] = 3;  // not a key of the report
  EXPECT_EQ(hctest::schemaErrors(schema, bad).size(), 2u);

  const std::string unit = dir_ + "/unit";
  const auto u = hctest::runArgv({hctest::hypercast(), "synth", "--router", "programmable",
                                  "--weight-unit-only", "--no-pnr", "--out", unit});
  ASSERT_EQ(u.code, 0) << u.out << u.err;
  const Json w = Json::parse(hctest::slurp(unit + "/synth_report.json"));
  errors = hctest::schemaErrors(schema, w);
  EXPECT_TRUE(errors.empty()) << joinedLines(errors) << w.dump(2);
  EXPECT_EQ(w.value("router_kind", ""), "programmable");
  bad = w;
  bad["weight_unit"].erase("pins");
  EXPECT_EQ(hctest::schemaErrors(schema, bad).size(), 1u);
}

// regress's files against their schemas: a plan of three quick jobs on the
// 3-cube (two schedules, one schedule-ROM simulation), run; jobs.json,
// plan.json, each results/<id>/summary.json (its "report" against the report
// schema) and report.json.
TEST_F(ReportJson, RegressFiles) {
  const std::string yaml = dir_ + "/tiny.yaml";
  {
    std::ofstream f(yaml);
    f << "name: tiny\n"
         "engines: [systemc]\n"
         "networks:\n"
         "  - name: q3\n"
         "    topology: hypercube\n"
         "    dim: 3\n"
         "workloads:\n"
         "  - name: sched\n"
         "    command: schedule\n"
         "    collective: [broadcast, total-exchange]\n"
         "  - name: coll\n"
         "    collective: broadcast\n";
  }
  const std::string out = dir_ + "/reg";
  auto r = hctest::runArgv({hctest::hypercast(), "regress", "plan", yaml, "--out", out});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  r = hctest::runArgv({hctest::hypercast(), "regress", "run", out, "-j", "2"});
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  r = hctest::runArgv({hctest::hypercast(), "regress", "report", out});
  ASSERT_EQ(r.code, 0) << r.out << r.err;

  const Json jobs_schema = hctest::loadSchema("regress-jobs");
  const Json jobs = Json::parse(hctest::slurp(out + "/jobs.json"));
  EXPECT_TRUE(hctest::schemaErrors(jobs_schema, jobs).empty())
      << joinedLines(hctest::schemaErrors(jobs_schema, jobs));
  ASSERT_EQ(jobs.size(), 3u);
  Json bad = jobs;
  bad[1].erase("argv");
  bad[2]["index"] = "2";
  EXPECT_EQ(hctest::schemaErrors(jobs_schema, bad).size(), 2u);

  const Json plan_schema = hctest::loadSchema("regress-plan");
  const Json plan = Json::parse(hctest::slurp(out + "/plan.json"));
  EXPECT_TRUE(hctest::schemaErrors(plan_schema, plan).empty())
      << joinedLines(hctest::schemaErrors(plan_schema, plan));
  EXPECT_EQ(plan.value("jobs", 0), 3);
  bad = plan;
  bad["skipped"] = 0;
  EXPECT_EQ(hctest::schemaErrors(plan_schema, bad).size(), 1u);

  const Json summary_schema = hctest::loadSchema("regress-summary");
  for (const auto& job : jobs) {
    const std::string id = job.at("id").get<std::string>();
    SCOPED_TRACE(id);
    const Json s = Json::parse(hctest::slurp(out + "/results/" + id + "/summary.json"));
    EXPECT_TRUE(hctest::schemaErrors(summary_schema, s).empty())
        << joinedLines(hctest::schemaErrors(summary_schema, s));
    EXPECT_EQ(s.value("status", ""), "pass");
    // The command's own --json report, whole, as the report schema describes it.
    ASSERT_TRUE(s.contains("report") && s.at("report").is_object()) << s.dump(2);
    EXPECT_TRUE(schemaErrors(s.at("report")).empty()) << joinedLines(schemaErrors(s.at("report")));
    EXPECT_EQ(s.at("report").value("command", ""), job.at("command"));
    bad = s;
    bad["status"] = "PASS";
    EXPECT_EQ(hctest::schemaErrors(summary_schema, bad).size(), 1u);
  }

  const Json report_schema = hctest::loadSchema("regress-report");
  const Json rep = Json::parse(hctest::slurp(out + "/report.json"));
  EXPECT_TRUE(hctest::schemaErrors(report_schema, rep).empty())
      << joinedLines(hctest::schemaErrors(report_schema, rep));
  EXPECT_EQ(rep.value("total", 0), 3);
  EXPECT_EQ(rep.value("passed", 0), 3);
  bad = rep;
  bad["verdict"] = "PASS";  // regress's verdict is pass or fail, as in every report
  bad["jobs"][0].erase("status");
  EXPECT_EQ(hctest::schemaErrors(report_schema, bad).size(), 2u);
}

}  // namespace
