// One command-line vocabulary: one name for one meaning across the commands.
// For each point, the new spelling does its job and the old one is a one-line
// error (exit 2, nothing on stdout, nothing written) that names the new one.
//  - --source is one node; several origins are --sources;
//  - -o/--output FILE for the commands that write one file (schedule, export,
//    tcd), --out DIR for those that write a folder;
//  - --pnr-seeds for synth's placement seeds (--seed is the run's random seed);
//  - one default network for every command that takes one;
//  - a command's --help lists only what it accepts;
//  - --rtl-model wired is the per-node model of every kind of network (the old
//    per-kind names routers, nodes and tiles are refused naming it);
//  - --seed is the seed of the run's randomness, whatever the run draws;
//  - a collective is a "collective" (--collective, every report's JSON key), in
//    info's text too, which lists a network's under "collectives" as its JSON does.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "test_util.h"

namespace fs = std::filesystem;

namespace {

hctest::CmdResult hc(const std::string& args) {
  return hctest::run(hctest::hypercast() + " " + args);
}

// Exit 2, one line on stderr naming `fragment`, nothing on stdout.
void expectOneLineError(const std::string& args, const std::string& fragment) {
  SCOPED_TRACE(args);
  const auto r = hc(args);
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
}

TEST(Vocabulary, SourceIsOneNodeAndSourcesSeveral) {
  const std::string sim = "simulate --m 5,4 --rho 1,1 --engine systemc --json ";
  const auto one = hc(sim + "--source 7");
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(hctest::parseJson(one.out).at("figures").at("broadcasts"), 1);
  const auto several = hc(sim + "--sources 0,7,19 --start 0,2,4");
  ASSERT_EQ(several.code, 0) << several.err;
  EXPECT_EQ(hctest::parseJson(several.out).at("figures").at("broadcasts"), 3);
  // The old spelling of several origins names the new option.
  expectOneLineError(sim + "--source 0,7", "--sources 0,7");
  expectOneLineError(sim + "--source 1 --sources 2,3", "give only one of");
  expectOneLineError(sim + "--sources 0,7 --start 1,2,3", "one per --sources entry");
  // A schedule network's root is one node too; several is not a thing it runs.
  expectOneLineError(
      "simulate --topology hypercube --dim 3 --collective broadcast "
      "--engine systemc --sources 1,2",
      "--sources");
}

TEST(Vocabulary, OneFileIsOutputAndAFolderIsOut) {
  const std::string t = hctest::tempFolder("vocab-output");
  struct Case {
    std::string command, args;
  };
  for (const Case& c : {
           Case{"schedule", "--topology hypercube --dim 3 --collective scatter"},
           Case{"export",
                "--topology hypercube --dim 3 --collective multinode-broadcast --format "
                "msccl-xml"},
           Case{"tcd", "--topology mesh --dims 4,4"},
       }) {
    SCOPED_TRACE(c.command);
    const std::string file = t + "/" + c.command + ".out";
    for (const char* spelling : {"-o ", "--output ", "--output="}) {
      fs::remove(file);
      const auto r = hc(c.command + " " + c.args + " " + std::string(spelling) + file);
      EXPECT_EQ(r.code, 0) << spelling << r.err;
      EXPECT_TRUE(fs::is_regular_file(file)) << spelling;
      EXPECT_GT(fs::file_size(file), 0u) << spelling;
    }
    fs::remove(file);
    expectOneLineError(c.command + " " + c.args + " --out " + file, "-o/--output FILE");
    EXPECT_FALSE(fs::exists(file));
  }
  // The commands that write a folder keep --out DIR.
  const auto g = hc("generate --m 4 --rho 1 --out " + t + "/gen");
  EXPECT_EQ(g.code, 0) << g.err;
  EXPECT_TRUE(fs::is_directory(t + "/gen"));
  expectOneLineError("generate --m 4 --rho 1 --output " + t + "/gen2", "unknown option --output");
  fs::remove_all(t);
}

TEST(Vocabulary, PlacementSeedsArePnrSeeds) {
  const std::string t = hctest::tempFolder("vocab-pnr");
  const std::string synth = "synth --m 4 --rho 1 --out " + t + "/s ";
  expectOneLineError(synth + "--seed 3", "--pnr-seeds S");
  expectOneLineError(synth + "--seeds 3", "--pnr-seeds S-T");
  expectOneLineError(synth + "--pnr-seeds 5-2", "--pnr-seeds takes S or S-T");
  expectOneLineError(synth + "--pnr-seeds 1-101", "--pnr-seeds takes S or S-T");
  expectOneLineError(synth + "--pnr-seeds x", "not a number");
  expectOneLineError(synth + "--no-pnr --pnr-seeds 2", "--no-pnr");
  EXPECT_FALSE(fs::exists(t + "/s"));
  // --seed stays the seed of simulate's randomness.
  const auto r = hc("simulate --m 5 --rho 1 --engine systemc --random 3 --seed 9 --json");
  EXPECT_EQ(r.code, 0) << r.err;
  fs::remove_all(t);
}

// The model Verilated once and wired N times has one name, `wired`, for the
// routers, the schedule nodes and the mesh tiles; each old per-kind name is a
// one-line error naming it, whatever the kind and the engine.
TEST(Vocabulary, RtlModelWiredForEveryKindOfNetwork) {
  struct Kind {
    std::string net, old_name;
  };
  for (const Kind& k : {
           Kind{"--m 15 --rho 1", "routers"},
           Kind{"--topology hypercube --dim 3 --collective broadcast", "nodes"},
           Kind{"--topology mesh --dims 4,4 --collective broadcast --source 1,1", "tiles"},
       }) {
    SCOPED_TRACE(k.net);
    for (const char* old : {"routers", "nodes", "tiles"}) {
      expectOneLineError("simulate " + k.net + " --engine verilator --rtl-model " + old,
                         "--rtl-model " + std::string(old) + " is now --rtl-model wired");
    }
    expectOneLineError("simulate " + k.net + " --engine systemc --rtl-model " + k.old_name,
                       "--rtl-model " + k.old_name + " is now --rtl-model wired");
    expectOneLineError("simulate " + k.net + " --engine verilator --rtl-model tile",
                       "--rtl-model must be auto, network or wired, got 'tile'");
    const auto r = hc("simulate " + k.net + " --engine verilator --rtl-model wired --json");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(hctest::parseJson(r.out).at("rtl_model"), "wired");
  }
  const std::string help = hc("simulate --help").out;
  EXPECT_NE(help.find("--rtl-model auto|network|wired"), std::string::npos) << help;
}

// --seed has one meaning in every command that takes it: the seed of the
// run's randomness, whatever the run draws.
TEST(Vocabulary, SeedIsTheSeedOfTheRunsRandomness) {
  int commands = 0;
  for (const char* command :
       {"info", "schedule", "export", "generate", "simulate", "sweep", "synth", "tcd", "regress"}) {
    SCOPED_TRACE(command);
    const std::string help = hc(std::string(command) + " --help").out;
    const size_t at = help.find("\n  --seed ");
    if (at == std::string::npos) continue;
    ++commands;
    const std::string text = help.substr(at, help.find("\n  -", at + 1) - at);
    EXPECT_NE(text.find("the seed of the run's randomness (default 1)"), std::string::npos) << text;
  }
  EXPECT_EQ(commands, 2);  // simulate and sweep
}

TEST(Vocabulary, EveryCommandHasTheSameDefaultNetwork) {
  const std::string label = "G^{3,2,1}_{8,6,5}";
  const auto info = hc("info --json");
  ASSERT_EQ(info.code, 0) << info.err;
  EXPECT_EQ(hctest::parseJson(info.out).at("figures").at("nodes"), 240);
  // schedule and export take it too: every collective it has works there.
  for (const char* coll : {"broadcast", "multinode-broadcast", "total-exchange"}) {
    SCOPED_TRACE(coll);
    const auto s = hc(std::string("schedule --collective ") + coll + " --json");
    ASSERT_EQ(s.code, 0) << s.err;
    const nlohmann::json j = hctest::parseJson(s.out);
    EXPECT_EQ(j.at("network"), label);
    EXPECT_EQ(j.at("figures").at("nodes"), 240);
    EXPECT_EQ(j.at("checker"), "pass");
  }
  expectOneLineError("schedule --collective scatter", "hypercycle' has no scatter");
  const std::string t = hctest::tempFolder("vocab-default");
  const auto e = hc("export --collective broadcast --format sccl-json --json -o " + t + "/b.json");
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_EQ(hctest::parseJson(e.out).at("network"), label);
  const auto sim = hc("simulate --engine systemc --json");
  ASSERT_EQ(sim.code, 0) << sim.err;
  EXPECT_EQ(hctest::parseJson(sim.out).at("figures").at("nodes"), 240);
  // No Verilated model ran: rtl_model is null, not an empty name.
  EXPECT_TRUE(hctest::parseJson(sim.out).at("rtl_model").is_null()) << sim.out;
  fs::remove_all(t);
}

TEST(Vocabulary, HelpListsOnlyWhatTheCommandTakes) {
  struct Case {
    std::string command;
    std::vector<std::string> absent, present;
  };
  for (const Case& c : {
           // The weight-router network only: the hypercycle's options, no other topology's.
           Case{"sweep",
                {"--dim", "--dims", "--n ", "--k ", "--group", "--gens"},
                {"--m ", "--rho"}},
           // Every kind of network: the router's options and every topology's.
           Case{"synth",
                {"--seed ", "--seeds"},
                {"--m ", "--rho", "--pnr-seeds", "--dim", "--dims", "--collective"}},
           // The mesh only.
           Case{"tcd", {"--dim ", "--m ", "--rho", "--n ", "--k "}, {"--dims", "-o,--output"}},
           // GPU schedules run over full-duplex links.
           Case{"export", {"--links", "--out "}, {"-o,--output", "--format"}},
           Case{"schedule", {"--out "}, {"-o,--output"}},
           Case{"simulate", {"--seeds"}, {"--source S ", "--sources"}},
       }) {
    SCOPED_TRACE(c.command);
    const auto r = hc(c.command + " --help");
    ASSERT_EQ(r.code, 0);
    for (const std::string& s : c.absent) EXPECT_EQ(r.out.find(s), std::string::npos) << s;
    for (const std::string& s : c.present) EXPECT_NE(r.out.find(s), std::string::npos) << s;
  }
  // A load run is as long by default in simulate and in sweep.
  for (const char* command : {"simulate", "sweep"}) {
    const std::string help = hc(std::string(command) + " --help").out;
    const size_t at = help.find("--cycles");
    ASSERT_NE(at, std::string::npos) << command;
    EXPECT_NE(help.substr(at, help.find("\n  --", at + 1) - at).find("default 10000"),
              std::string::npos)
        << command;
  }
  // What the help leaves out is refused in one line.
  expectOneLineError("sweep --dim 3 --out /tmp/hctest-never", "unknown option --dim");
  expectOneLineError("tcd --dim 3", "unknown option --dim");
  expectOneLineError(
      "export --topology hypercube --dim 3 --collective scatter --format "
      "msccl-xml --links half-duplex -o /tmp/hctest-never.xml",
      "full-duplex");
  EXPECT_FALSE(fs::exists("/tmp/hctest-never.xml"));
}

// info lists the collectives `schedule` builds on a network under the name its
// JSON key and the option (--collective) use: "collectives", never "schedules";
// the same list in both.
TEST(Vocabulary, InfoListsTheCollectivesUnderThatName) {
  for (const std::string net : {"", "--topology hypercube --dim 3", "--topology torus --n 2 --k 4",
                                "--topology mesh --dims 4,4"}) {
    SCOPED_TRACE(net);
    const auto j = hc("info " + net + " --json");
    ASSERT_EQ(j.code, 0) << j.err;
    std::string list;
    const auto json = hctest::parseJson(j.out);
    for (const auto& c : json.at("collectives")) {
      list += (list.empty() ? "" : ", ") + c.get<std::string>();
    }
    ASSERT_FALSE(list.empty()) << j.out;
    const auto t = hc("info " + net);
    ASSERT_EQ(t.code, 0) << t.err;
    EXPECT_NE(t.out.find("\ncollectives   " + list + "\n"), std::string::npos) << t.out;
    EXPECT_EQ(t.out.find("schedules"), std::string::npos) << t.out;
  }
}

}  // namespace
