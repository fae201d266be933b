// The command line: info, generate, and every bad input of the issue giving one
// clear line on stderr, a non-zero exit and nothing written.
#include <gtest/gtest.h>
#include <pwd.h>
#include <unistd.h>

#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "test_util.h"

namespace fs = std::filesystem;
using hctest::run;

namespace {

void expectRejected(const std::string& args, const std::string& fragment) {
  const auto r = run(hctest::hypercast() + " " + args);
  EXPECT_NE(r.code, 0) << args;
  EXPECT_EQ(r.out, "") << args;
  // One line, starting with the tool's name, saying what is wrong.
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
  EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << args << ": " << r.err;
}

}  // namespace

TEST(Cli, InfoJsonHasThePaperFigures) {
  const auto r =
      run(hctest::hypercast() + " info --topology hypercycle --m 8,6,5 --rho 3,2,1 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  // The computed facts are figures; the parameters stay at top level.
  const nlohmann::json& f = j.at("figures");
  EXPECT_EQ(f.at("nodes"), 8 * 6 * 5);
  EXPECT_EQ(f.at("degree"), 6 + 4 + 2);
  EXPECT_EQ(f.at("ports"), 6 + 4 + 2);
  EXPECT_EQ(f.at("diameter"), 2 + 2 + 2);
  EXPECT_EQ(j.at("m"), nlohmann::json::parse("[8, 6, 5]"));
  EXPECT_EQ(j.at("rho"), nlohmann::json::parse("[3, 2, 1]"));
  EXPECT_FALSE(j.contains("nodes"));
  // Dimension 3: m = 8, rho = 3 -> D = ceil(4/3) = 2, a = floor(7/3) - 2 = 0, k = 8-0-6-1 = 1.
  const nlohmann::json dim3 = j.at("dimensions").at(0);
  EXPECT_EQ(dim3, nlohmann::json::parse(
                      R"({"dim": 3, "m": 8, "rho": 3, "degree": 6, "D": 2, "a": 0, "k": 1,
                          "weight": 30})"))
      << r.out;
}

// simulate's --seed says every workload it seeds: whatever the run draws.
TEST(Cli, SimulateHelpSaysWhatTheSeedSeeds) {
  const auto r = run(hctest::hypercast() + " simulate --help");
  ASSERT_EQ(r.code, 0);
  const size_t at = r.out.find("--seed");
  ASSERT_NE(at, std::string::npos);
  const std::string entry = r.out.substr(at, r.out.find("\n  --", at) - at);
  for (const char* word :
       {"the seed of the run's randomness", "--random", "--traffic", "collective's payloads",
        "combining network's inputs", "whatever the run draws"}) {
    EXPECT_NE(entry.find(word), std::string::npos) << word << " in " << entry;
  }
  EXPECT_EQ(entry.find("with --random: random seed"), std::string::npos) << entry;
}

TEST(Cli, HelpAndVersion) {
  for (const char* cmd : {"--help", "info --help", "generate --help", "simulate --help"}) {
    const auto r = run(hctest::hypercast() + " " + cmd);
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_NE(r.out.find("usage"), std::string::npos) << cmd;
  }
  EXPECT_NE(run(hctest::hypercast()).code, 0);
}

TEST(Cli, GenerateWritesTheManifestAndCore) {
  const std::string out = "/tmp/hctest-gen-" + std::to_string(::getpid());
  fs::remove_all(out);
  const auto r = run(hctest::hypercast() + " generate --m 5,4 --rho 1,1 --out " + out);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string manifest = hctest::slurp(out + "/manifest.json");
  EXPECT_EQ(hctest::parseJson(manifest).at("top"), "hc_m5x4_r1x1_top");
  for (const char* f :
       {"hw/hc_router.v", "hw/hc_fifo.v", "hw/hc_rr_arbiter.v", "hw/hc_group_arbiter.v",
        "rtl/hc_m5x4_r1x1_router.v", "rtl/hc_m5x4_r1x1_top.v", "hc_m5x4_r1x1.core"}) {
    EXPECT_TRUE(fs::exists(out + "/" + f)) << f;
    EXPECT_NE(manifest.find(f), std::string::npos) << f;
  }
  EXPECT_NE(hctest::slurp(out + "/hc_m5x4_r1x1.core").find("CAPI=2:"), std::string::npos);
  fs::remove_all(out);
}

TEST(Cli, BadInputsGetOneLineAndNothingWritten) {
  const std::string out = "/tmp/hctest-bad-" + std::to_string(::getpid());
  fs::remove_all(out);
  const std::string gen = "generate --out " + out + " ";
  expectRejected(gen + "--m 8 --rho 5", "exceeds m_1/2");
  expectRejected(gen + "--m 8,1 --rho 1,1", "at least 2 nodes");
  expectRejected(gen + "--m 8,6 --rho 1", "one rho per dimension");
  expectRejected(gen + "--m '' --rho ''", "is empty");
  expectRejected(gen + "--m 8,x --rho 1,1", "'x' is not a number");
  expectRejected(gen + "--m 8,6 --rho 1,1 --bogus 3", "unknown option --bogus");
  expectRejected(gen + "--topology moebius", "unknown topology");
  expectRejected(gen + "--payload-width 0", "--payload-width must be in 1..64, got 0");
  EXPECT_FALSE(fs::exists(out));
  expectRejected("generate --m 4 --rho 1 --out /proc/hypercast-nope", "cannot write");
  // Before any work: the 10-cube's total exchange takes seconds to build.
  expectRejected(
      "generate --topology hypercube --dim 10 --collective total-exchange --out /proc/hc-nope",
      "cannot write --out /proc/hc-nope: /proc takes no new files");
  expectRejected("generate --m 4 --rho 1 --out /etc/hostname/sub", "cannot write");
  expectRejected("simulate --m 5,4 --rho 1,1 --source 20 --engine systemc", "outside 0..19");
  expectRejected("simulate --m 5,4 --rho 1,1 --source -1 --engine systemc", "outside 0..19");
  expectRejected("simulate --m 5,4 --rho 1,1 --source 20 --engine systemc",
                 "--source 20 is outside 0..19");
  expectRejected("simulate --m 5,4 --rho 1,1 --sources 1,20 --engine systemc",
                 "--sources entry 20 is outside 0..19");
  expectRejected("simulate --m 5,4 --rho 1,1 --engine spice", "unknown engine");
  expectRejected("simulate --m 65,65 --rho 1,1 --engine cosim", "at most 4096");
  expectRejected("simulate --m 300,300 --rho 1,1 --engine systemc", "at most 65536");
  expectRejected("simulate --m 5,4 --rho 1,1 --engine systemc --trace /proc/nope.csv",
                 "cannot write --trace /proc/nope.csv");
  expectRejected("simulate --m 200 --rho 40 --engine systemc", "at most 64 ports per node");
  expectRejected("frobnicate", "unknown command");
  expectRejected(gen + "--router soft", "--router must be hardwired or programmable");
  expectRejected(gen + "--router programmable --max-dims 9", "--max-dims must be in 1..8, got 9");
  expectRejected("simulate --m 5 --rho 1 --engine systemc --wave /tmp/x.fst",
                 "--wave needs the RTL");
  expectRejected("simulate --m 5 --rho 1 --engine cosim --rtl-model wired --wave /tmp/x.fst",
                 "--wave needs the whole-top model");
  expectRejected("simulate --m 5 --rho 1 --engine cosim --wave /proc/nope.fst", "cannot write");
  // The FST writer replaces its file by name: a device, or this process's own
  // stdout, through a link too, is refused before any work.
  {
    const std::string t = hctest::tempFolder("cli-wave-dev");
    fs::create_symlink("/dev/null", t + "/null.fst");
    fs::create_symlink("/dev/stdout", t + "/out.fst");
    for (const char* name : {"/null.fst", "/out.fst"}) {
      expectRejected("simulate --m 4 --rho 1 --engine verilator --wave " + t + name,
                     "cannot write --wave " + t + name +
                         ": an FST waveform goes to a regular file (the FST writer replaces its "
                         "file by name)");
    }
    EXPECT_TRUE(fs::is_character_file("/dev/null"));
    fs::remove_all(t);
  }
  // The default network is beyond the whole top: the advice is not the wired model.
  expectRejected("simulate --engine verilator --wave /tmp/hc-never.fst",
                 "--wave needs the whole-top model (--rtl-model network), which takes at most 80 "
                 "nodes (Verilator's code grows with N); this network has 240: give --wave a "
                 "smaller network");
  expectRejected(gen + "--topology hypercube --dim 3 --collective scatter --router programmable",
                 "hypercycle router option");
  // A combining network refuses the routers' options as the other kinds do.
  for (const char* c : {"global-sum", "accumulation"}) {
    const std::string comb = gen + "--topology hypercube --dim 2 --collective " + c + " ";
    for (const char* opt : {"--endpoints axis", "--router programmable", "--buffer-depth 4",
                            "--arbitration fair", "--hop-cycles 2", "--preference ccw"}) {
      expectRejected(comb + opt, "is a hypercycle router option");
    }
    expectRejected(comb + "--payload-width 8", "--payload-width does not apply");
    const std::string sim = std::string("simulate --topology hypercube --dim 2 --collective ") + c;
    expectRejected(sim + " --endpoints axis", "--endpoints is a hypercycle router option");
    expectRejected(sim + " --hop-cycles 2", "--hop-cycles is a hypercycle router option");
  }
  EXPECT_FALSE(fs::exists(out));
}

TEST(Cli, ExistingOutputIsLeftAsItWasOnError) {
  const std::string out = "/tmp/hctest-keep-" + std::to_string(::getpid());
  fs::remove_all(out);
  fs::create_directories(out);
  { std::ofstream(out + "/mine.txt") << "keep"; }
  expectRejected("generate --m 8 --rho 9 --out " + out, "exceeds");
  EXPECT_EQ(hctest::slurp(out + "/mine.txt"), "keep");
  EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator{}), 1);
  fs::remove_all(out);
}

namespace {

hctest::CmdResult hc(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {hctest::hypercast()};
  argv.insert(argv.end(), args.begin(), args.end());
  return hctest::runArgv(argv);
}

std::set<std::string> tree(const std::string& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    names.insert(fs::relative(e.path(), dir).string());
  }
  return names;
}

void expectOneLine(const hctest::CmdResult& r, int code, const std::string& fragment) {
  EXPECT_EQ(r.code, code) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
}

}  // namespace

// generate swaps a complete tree in: an earlier hypercast output is replaced whole
// (nothing of another network stays), and nothing is left beside DIR. A file
// the earlier output did not write (its manifest's files) is never removed with
// it: such a DIR is refused, as it was. Staging trees a killed generate left
// beside DIR go.
TEST(Cli, GenerateReplacesAnEarlierOutputWhole) {
  const std::string t = hctest::tempFolder("gen-replace");
  const std::string dir = t + "/net";
  ASSERT_EQ(hc({"generate", "--m", "5", "--rho", "1", "--out", dir}).code, 0);
  ASSERT_TRUE(fs::exists(dir + "/hc_m5_r1.core"));
  fs::create_directory(dir + "/doc");
  { std::ofstream(dir + "/doc/notes.txt") << "mine\n"; }
  fs::permissions(dir, fs::perms(0750));
  const std::vector<std::string> cube = {"generate", "--topology",   "hypercube", "--dim",
                                         "2",        "--collective", "broadcast"};
  auto with = [](std::vector<std::string> v, const std::string& out) {
    v.insert(v.end(), {"--out", out});
    return v;
  };
  const std::set<std::string> kept = tree(dir);
  expectOneLine(hc(with(cube, dir)), 2,
                "it holds doc/notes.txt, which the earlier hypercast output there did not write");
  EXPECT_EQ(tree(dir), kept);
  fs::remove_all(dir + "/doc/notes.txt");  // an empty folder of the user's: refused too
  expectOneLine(hc(with(cube, dir)), 2, "it holds doc/, which the earlier hypercast output");
  fs::remove_all(dir + "/doc");
  // An older hypercast's manifest lists no files: its folder is replaced whole.
  const std::string old = t + "/old";
  fs::create_directories(old + "/rtl");
  { std::ofstream(old + "/manifest.json") << R"({"tool": "hypercast"})"; }
  { std::ofstream(old + "/rtl/x_top.v") << "module x_top; endmodule\n"; }
  ASSERT_EQ(hc(with(cube, old)).code, 0);
  EXPECT_FALSE(fs::exists(old + "/rtl/x_top.v"));
  fs::remove_all(old);
  // A killed generate's staging tree (its process gone: a number above any
  // process id) is removed; a running one's (this test's) is kept.
  long pid_max = 4194304;
  std::istringstream(hctest::slurp("/proc/sys/kernel/pid_max")) >> pid_max;
  fs::create_directories(t + "/.hypercast-staging-net-" + std::to_string(pid_max + 1) + "/rtl");
  const std::string live = t + "/.hypercast-staging-net-" + std::to_string(::getpid());
  fs::create_directories(live);
  const auto r = hc(with(cube, dir));
  ASSERT_EQ(r.code, 0) << r.err;
  // Exactly what the same command writes into a new folder.
  const std::string fresh = hctest::tempFolder("gen-fresh") + "/net";
  ASSERT_EQ(hc(with(cube, fresh)).code, 0);
  EXPECT_EQ(tree(dir), tree(fresh));
  fs::remove_all(fs::path(fresh).parent_path());
  EXPECT_FALSE(fs::exists(dir + "/hc_m5_r1.core"));
  EXPECT_FALSE(fs::exists(dir + "/rtl/hc_m5_r1_top.v"));
  EXPECT_EQ(fs::status(dir).permissions(), fs::perms(0750));
  // Only DIR in its parent, and the live tree: no staging or old tree left.
  EXPECT_TRUE(fs::exists(live));
  fs::remove(live);
  EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 1);
  fs::remove_all(t);
}

// A DIR that takes no files (mode 555) is refused, as a read-only file is,
// although only its parent's permissions matter to the swap. As root
// (permissions do not bind root) the command runs as nobody.
TEST(Cli, GenerateRefusesAReadOnlyFolder) {
  const std::string t = hctest::tempFolder("gen-ro");
  fs::permissions(t, fs::perms::all);
  fs::create_directory(t + "/ro");
  fs::permissions(t + "/ro", fs::perms(0555));
  // A copy in the temporary folder, which nobody can run wherever the build is.
  fs::copy_file(hctest::hypercast(), t + "/hypercast");
  std::vector<std::string> argv = {t + "/hypercast", "generate", "--m",   "4",
                                   "--rho",          "1",        "--out", t + "/ro"};
  if (::geteuid() == 0) {
    const struct passwd* nobody = ::getpwnam("nobody");
    const std::vector<std::string> as = {
        "/usr/bin/setpriv", "--reuid=" + std::to_string(nobody ? nobody->pw_uid : 65534),
        "--regid=" + std::to_string(nobody ? nobody->pw_gid : 65534), "--clear-groups"};
    // Where root cannot become nobody (no setpriv, no CAP_SETUID) or /tmp
    // does not run programs, the check cannot be made here.
    std::vector<std::string> trial = as;
    trial.insert(trial.end(), {t + "/hypercast", "--version"});
    if (hctest::runArgv(trial).code != 0) {
      fs::remove_all(t);
      GTEST_SKIP() << "cannot run hypercast as nobody here";
    }
    argv.insert(argv.begin(), as.begin(), as.end());
  }
  expectOneLine(hctest::runArgv(argv), 2, "cannot write --out " + t + "/ro: Permission denied");
  EXPECT_TRUE(fs::is_empty(t + "/ro"));
  fs::permissions(t + "/ro", fs::perms::owner_all);
  fs::remove_all(t);
}

TEST(Cli, GenerateIntoAnEmptyFolderOrThroughALink) {
  const std::string t = hctest::tempFolder("gen-empty");
  fs::create_directory(t + "/empty");
  ASSERT_EQ(hc({"generate", "--m", "4", "--rho", "1", "--out", t + "/empty"}).code, 0);
  EXPECT_TRUE(fs::exists(t + "/empty/manifest.json"));
  fs::create_directory(t + "/real");
  fs::create_directory_symlink("real", t + "/link");
  ASSERT_EQ(hc({"generate", "--m", "4", "--rho", "1", "--out", t + "/link"}).code, 0);
  EXPECT_TRUE(fs::is_symlink(t + "/link"));
  EXPECT_TRUE(fs::exists(t + "/real/manifest.json"));
  EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 3);
  fs::remove_all(t);
}

// The working folder, or a folder above it (an earlier output the shell sits
// in), is refused before any work: replacing it would move the shell's folder
// away. A working folder removed from under the command is exit 2, one line.
TEST(Cli, GenerateRefusesTheWorkingFolderAndTheFoldersAboveIt) {
  const std::string t = hctest::tempFolder("gen-cwd");
  const std::string empty = t + "/empty";
  fs::create_directory(empty);
  auto in = [](const std::string& cwd, const std::string& out) {
    return hctest::runArgv(
        {hctest::hypercast(), "generate", "--m", "4", "--rho", "1", "--out", out}, {}, cwd);
  };
  expectOneLine(in(empty, "."), 2, "--out .: it is the working folder or a folder above it");
  expectOneLine(in(empty, empty), 2, "it is the working folder");
  EXPECT_TRUE(fs::is_empty(empty));
  // An earlier output, and a folder inside it as the working folder.
  const std::string net = t + "/net";
  ASSERT_EQ(hc({"generate", "--m", "4", "--rho", "1", "--out", net}).code, 0);
  fs::create_directory(net + "/work");
  expectOneLine(in(net + "/work", ".."), 2, "--out ..: it is the working folder");
  expectOneLine(in(net, "../net/"), 2, "it is the working folder");
  fs::create_directory_symlink("net", t + "/link");
  expectOneLine(in(net + "/work", t + "/link"), 2, "it is the working folder");
  EXPECT_TRUE(fs::exists(net + "/work"));
  EXPECT_TRUE(fs::exists(net + "/manifest.json"));
  // A sibling of the working folder is fine (once the folder made in it,
  // which the earlier output did not write, is gone).
  fs::remove(net + "/work");
  ASSERT_EQ(in(empty, "../net").code, 0);
  EXPECT_FALSE(fs::exists(net + "/work"));
  EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 3);
  // A working folder that was removed.
  const std::string gone = t + "/gone";
  fs::create_directory(gone);
  const auto r = hctest::run("cd " + gone + " && rmdir " + gone + " && " + hctest::hypercast() +
                             " generate --m 4 --rho 1 --out x");
  expectOneLine(r, 2, "the working folder no longer exists");
  const auto s = hctest::run(
      "mkdir " + gone + " && cd " + gone + " && rmdir " + gone + " && " + hctest::hypercast() +
      " schedule --topology hypercube --dim 2 --collective broadcast -o x.csv");
  expectOneLine(s, 2, "the working folder no longer exists");
  EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 3);
  fs::remove_all(t);
}

// A non-empty folder that is not an earlier hypercast output is refused before any
// work and left as it was; so is one whose manifest.json is a folder.
TEST(Cli, GenerateRefusesAForeignFolder) {
  const std::string t = hctest::tempFolder("gen-foreign");
  const std::string dir = t + "/d";
  struct Setup {
    std::string name;
    std::function<void()> make;
    std::string fragment;
  };
  const std::vector<Setup> setups = {
      {"a file of the user's", [&] { std::ofstream(dir + "/mine.txt") << "keep\n"; }, "not empty"},
      {"manifest.json of another tool",
       [&] { std::ofstream(dir + "/manifest.json") << R"({"tool": "other"})"; }, "not empty"},
      {"manifest.json that is no JSON",
       [&] { std::ofstream(dir + "/manifest.json") << "tool hypercast"; }, "not empty"},
      {"manifest.json a folder",
       [&] {
         fs::create_directories(dir + "/manifest.json");
         std::ofstream(dir + "/manifest.json/x") << R"({"tool": "hypercast"})";
         std::ofstream(dir + "/hc_m4_r1.core") << "old\n";
       },
       "manifest.json is not a regular file"},
  };
  for (const Setup& s : setups) {
    SCOPED_TRACE(s.name);
    fs::remove_all(dir);
    fs::create_directory(dir);
    s.make();
    const std::set<std::string> before = tree(dir);
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"generate", "--m", "4", "--rho", "1", "--out", dir},
          std::vector<std::string>{"generate", "--topology", "hypercube", "--dim", "2",
                                   "--collective", "broadcast", "--out", dir}}) {
      expectOneLine(hc(args), 2, s.fragment);
      EXPECT_EQ(tree(dir), before);
      EXPECT_EQ(std::distance(fs::directory_iterator(t), fs::directory_iterator{}), 1);
    }
  }
  fs::remove_all(t);
}

// generate --json and manifest.json are written by nlohmann-json: a '"' or '\' in
// the output path stays valid JSON (and comes back as it was given), bytes that are
// not UTF-8 do not break it, and the manifest's numbers are numbers.
TEST(Cli, GenerateJsonIsValidForAnyPath) {
  const std::string t = hctest::tempFolder("gen-json");
  for (const std::vector<std::string>& net :
       {std::vector<std::string>{"--m", "5,4", "--rho", "1,1"},
        std::vector<std::string>{"--topology", "hypercube", "--dim", "2", "--collective",
                                 "broadcast"}}) {
    for (const std::string& name : {std::string("a \"q\" b\\c"), std::string("latin-\xe9")}) {
      SCOPED_TRACE(net[0] + " " + name);
      const std::string dir = t + "/" + name;
      std::vector<std::string> args = {"generate"};
      args.insert(args.end(), net.begin(), net.end());
      args.insert(args.end(), {"--out", dir, "--json"});
      const auto r = hc(args);
      ASSERT_EQ(r.code, 0) << r.err;
      const nlohmann::json j = nlohmann::json::parse(r.out);  // throws if invalid
      ASSERT_TRUE(j.at("out").is_string());
      if (name.find('\xe9') == std::string::npos) {
        EXPECT_EQ(j.at("out").get<std::string>(), dir);
      }
      EXPECT_TRUE(j.at("files").is_array());  // the paths written
      EXPECT_FALSE(j.at("files").empty());
      EXPECT_TRUE(j.at("figures").at("bytes").is_number_integer());
      fs::remove_all(dir);
    }
  }
  const std::string dir = t + "/net";
  ASSERT_EQ(hc({"generate", "--m", "5,4", "--rho", "1,1", "--out", dir}).code, 0);
  const nlohmann::json m = nlohmann::json::parse(hctest::slurp(dir + "/manifest.json"));
  EXPECT_EQ(m.at("tool"), "hypercast");
  EXPECT_EQ(m.at("m"), nlohmann::json::parse("[5, 4]"));
  EXPECT_EQ(m.at("rho"), nlohmann::json::parse("[1, 1]"));
  EXPECT_EQ(m.at("nodes"), 20);
  EXPECT_EQ(m.at("ports").size(), 4u);
  EXPECT_TRUE(m.at("ports").at(0).at("two_vc").is_boolean());
  // {vc, origin, wd, wc, epoch, payload}: the default arbitration's flit
  const nlohmann::json& fields = m.at("flit").at("fields_msb_first");
  ASSERT_EQ(fields.size(), 6u);
  EXPECT_EQ(fields.at(4), nlohmann::json::parse(R"({"epoch": 1})"));
  fs::remove_all(t);
}

// An option that would be ignored is refused, naming why (--rtl-model
// with systemc, --window/--seed without --random, --start with --random or
// --traffic, --points with --rates, --pnr-seeds with --no-pnr).
TEST(Cli, OptionsThatWouldBeIgnoredAreRefused) {
  const std::string t = hctest::tempFolder("ignored");
  const std::string sim = "simulate --m 5 --rho 1 ";
  expectRejected(sim + "--engine systemc --rtl-model wired", "needs --engine verilator or cosim");
  expectRejected(sim + "--engine systemc --source 1 --window 9", "--window needs --random");
  expectRejected(sim + "--engine systemc --all-sources --seed 3",
                 "--seed needs --random or --traffic");
  expectRejected(sim + "--engine systemc --random 4 --start 2",
                 "--start does not apply to --random");
  expectRejected(sim + "--engine systemc --traffic uniform --rate 0.1 --start 2",
                 "--start does not apply to --traffic");
  expectRejected("sweep --m 5 --rho 1 --rates 0.1 --points 3 --out " + t + "/s",
                 "--points does not apply with --rates");
  expectRejected("synth --m 4 --rho 1 --no-pnr --pnr-seeds 1-3 --out " + t + "/y", "--no-pnr");
  expectRejected("synth --m 4 --rho 1 --no-pnr --pnr-seeds 3 --out " + t + "/y", "--no-pnr");
  EXPECT_TRUE(fs::is_empty(t));
  // Still accepted: --seed with --traffic, --window and --seed with --random.
  EXPECT_EQ(run(hctest::hypercast() + " " + sim +
                "--engine systemc --traffic uniform --rate 0.1 --cycles 50 --seed 4")
                .code,
            0);
  EXPECT_EQ(
      run(hctest::hypercast() + " " + sim + "--engine systemc --random 4 --window 9 --seed 4").code,
      0);
  fs::remove_all(t);
}

// Messages that say what is wrong ("--m is empty" for ",8", "not a
// number" for a whole number out of range or a fraction).
TEST(Cli, ParseErrorsSayWhatIsWrong) {
  expectRejected("generate --m ,8 --rho 1,1 --out /tmp/never", "--m: entry 1 of ',8' is empty");
  expectRejected("generate --m 8,6 --rho 1,,1 --out /tmp/never", "entry 2");
  expectRejected("simulate --m 5 --rho 1 --engine systemc --random 3 --seed 99999999999999999999",
                 "out of range");
  expectRejected("synth --m 4 --rho 1 --target-mhz 99.5 --out /tmp/never",
                 "'99.5' is not a whole number");
  expectRejected("simulate --m 5 --rho 1 --engine systemc --source 1.5", "not a whole number");
  expectRejected("simulate --m 5 --rho 1 --engine systemc --source x", "'x' is not a number");
  EXPECT_FALSE(fs::exists("/tmp/never"));
}

// Every kind of network's folder has an SDC clock at --target-mhz and a .f of
// its Verilog files (each present, the top last), and its FuseSoC core names
// the SDC file; the clock target has one range in generate and synth.
TEST(Cli, EveryNetworkFolderHasItsClockAndFileList) {
  const std::string tmp = hctest::tempFolder("tool-files");
  ASSERT_FALSE(tmp.empty());
  int k = 0;
  for (const std::string& kind :
       {std::string("--m 4 --rho 1"),
        std::string("--topology hypercube --dim 2 --collective broadcast"),
        std::string("--topology mesh --dims 2,2 --collective broadcast"),
        std::string("--topology hypercube --dim 2 --collective global-sum"),
        std::string("--topology hypercube --dim 2 --collective accumulation")}) {
    const std::string out = tmp + "/n" + std::to_string(k++);
    const auto r = run(hctest::hypercast() + " generate " + kind + " --target-mhz 125 --out " +
                       out + " --json");
    ASSERT_EQ(r.code, 0) << kind << r.err;
    const auto m = nlohmann::json::parse(hctest::slurp(out + "/manifest.json"));
    const std::string top = m.at("top").get<std::string>();
    std::string name;  // the folder's one .sdc names the network
    for (const auto& e : fs::directory_iterator(out)) {
      if (e.path().extension() == ".sdc") name = e.path().stem().string();
    }
    ASSERT_FALSE(name.empty()) << kind << ": no SDC file";
    const std::string sdc = hctest::slurp(out + "/" + name + ".sdc");
    EXPECT_NE(sdc.find("Clock of " + top + ": 125 MHz"), std::string::npos) << kind << sdc;
    EXPECT_NE(sdc.find("create_clock -name clk_i -period 8.000 [get_ports clk_i]"),
              std::string::npos)
        << kind << sdc;
    // the clock is the one constraint; sign-off's I/O and reset lines are a
    // commented template (docs/hardware.md "Reset and I/O timing")
    for (const std::string& line : hctest::lines(sdc))
      EXPECT_TRUE(line.rfind("#", 0) == 0 || line.rfind("create_clock ", 0) == 0)
          << kind << ": " << line;
    EXPECT_NE(sdc.find("#   set_output_delay -clock clk_i <ns> [all_outputs]\n"), std::string::npos)
        << kind << sdc;
    const std::vector<std::string> list = hctest::lines(hctest::slurp(out + "/" + name + ".f"));
    ASSERT_FALSE(list.empty()) << kind;
    for (const std::string& f : list) EXPECT_TRUE(fs::exists(out + "/" + f)) << kind << f;
    EXPECT_EQ(list.back(), "rtl/" + top + ".v") << kind;
    const std::string core = hctest::slurp(out + "/" + name + ".core");
    EXPECT_NE(core.find("      - " + name + ".sdc\n    file_type: SDC"), std::string::npos)
        << kind << core;
    EXPECT_NE(core.find("toplevel: " + top), std::string::npos) << kind << core;
    // synthesis reads hw/ with SYNTHESIS defined (hw/include/hc_assert.vh):
    // the synth target defines it, the default (simulation) target does not
    const size_t synth = core.find("\n  synth:\n");
    ASSERT_NE(synth, std::string::npos) << kind << core;
    EXPECT_NE(core.find("SYNTHESIS]\n    default_tool: yosys", synth), std::string::npos)
        << kind << core;
    EXPECT_EQ(core.substr(0, synth).find("SYNTHESIS"), std::string::npos) << kind << core;
    EXPECT_NE(core.find("\n  SYNTHESIS:\n    datatype: bool\n    default: true\n"),
              std::string::npos)
        << kind << core;
    EXPECT_NE(core.find("    paramtype: vlogdefine\n"), std::string::npos) << kind << core;
    std::set<std::string> listed;
    for (const auto& f : m.at("files")) listed.insert(f.get<std::string>());
    for (const std::string ext : {".sdc", ".f", ".core"}) {
      EXPECT_TRUE(listed.count(name + ext)) << kind << ": manifest lacks " << name << ext;
    }
  }
  fs::remove_all(tmp);
  expectRejected(
      "generate --topology hypercube --dim 2 --collective broadcast --target-mhz 1001 "
      "--out /tmp/never",
      "--target-mhz must be in 1..1000");
  expectRejected("generate --m 4 --rho 1 --target-mhz 1001 --out /tmp/never",
                 "--target-mhz must be in 1..1000");
  expectRejected("synth --m 4 --rho 1 --target-mhz 1001 --out /tmp/never",
                 "--target-mhz must be in 1..1000");
  EXPECT_FALSE(fs::exists("/tmp/never"));
}

// A run that --max-cycles stopped says so, in text and JSON.
TEST(Cli, MaxCyclesStopIsReported) {
  const std::string sim = hctest::hypercast() + " simulate --m 8,6 --rho 1,1 --engine systemc ";
  auto r = run(sim + "--all-sources --max-cycles 3 --json");
  EXPECT_EQ(r.code, 1) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("stopped_by"), "max_cycles");
  EXPECT_EQ(j.at("verdict"), "fail");
  r = run(sim + "--all-sources --max-cycles 3");
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("stopped          by --max-cycles 3"), std::string::npos) << r.out;
  r = run(sim + "--source 0 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(nlohmann::json::parse(r.out).at("stopped_by"), "completed");
}

// info's table is as wide as its widest number: every column lines up.
TEST(Cli, InfoTableAlignsWideNumbers) {
  const auto r = run(hctest::hypercast() + " info --m 1000,999,7 --rho 1,1,1");
  ASSERT_EQ(r.code, 0) << r.err;
  std::istringstream in(r.out.substr(r.out.find("dim")));
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  ASSERT_EQ(lines.size(), 4u) << r.out;
  // Right-aligned: every line as long as the header, each column ending where the
  // header's name ends.
  const std::string& head = lines[0];
  for (const std::string& l : lines) {
    EXPECT_EQ(l.size(), head.size()) << r.out;
    for (size_t c = 0; c < head.size() && c < l.size(); ++c) {
      const bool head_ends = head[c] != ' ' && (c + 1 == head.size() || head[c + 1] == ' ');
      if (head_ends) {
        EXPECT_NE(l[c], ' ') << "column ending at " << c << ":\n" << r.out;
      }
    }
  }
  EXPECT_NE(lines[1].find("6993"), std::string::npos);
}

// info's rows start their values in one column (14), the longest keys
// ("collectives", "generators", "regular order") and a value's continuation
// lines (the eyes) included; the tables below the rows have their own columns.
TEST(Cli, InfoValuesStartInOneColumn) {
  struct Case {
    std::string args, table;  // the first line that is not a row ("" for none)
    int rows;                 // at least
  };
  for (const Case& c : {Case{"--topology torus --n 2 --k 3 --necklaces", "necklaces", 7},
                        Case{"--topology mesh --dims 4,4 --eyes", "", 13},
                        Case{"--topology cayley --group 8 --gens \"1;-1;3\" --regular-order",
                             "order by time", 8}}) {
    SCOPED_TRACE(c.args);
    const auto r = run(hctest::hypercast() + " info " + c.args);
    ASSERT_EQ(r.code, 0) << r.err;
    std::istringstream in(r.out);
    std::string line;
    std::getline(in, line);  // the network's name
    int rows = 0;
    for (; std::getline(in, line) && (c.table.empty() || line.rfind(c.table, 0) != 0); ++rows) {
      ASSERT_GT(line.size(), 14u) << line;
      EXPECT_TRUE(line[13] == ' ' && line[14] != ' ') << "'" << line << "'\n" << r.out;
    }
    EXPECT_GE(rows, c.rows) << r.out;
  }
}

TEST(Cli, TopLevelHelpListsVersion) {
  const auto r = run(hctest::hypercast() + " --help");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("--version"), std::string::npos) << r.out;
  EXPECT_EQ(run(hctest::hypercast() + " --version").code, 0);
}

// generate refuses a router top beyond 2^20 port ends (nodes x degree), before
// any work: C_2000<1..1000> used to write a 170 MB top silently.
TEST(Cli, GenerateRefusesAnOversizedTop) {
  const std::string out = "/tmp/hctest-bigtop-" + std::to_string(::getpid());
  expectRejected("generate --m 2000 --rho 1000 --out " + out, "at most 1048576");
  expectRejected("generate --m 1000000 --rho 500000 --out " + out, "port ends");
  EXPECT_FALSE(fs::exists(out));
}

// The command line is parsed by CLI11 from each command's option table: both
// spellings of a value, and every misuse in one line of hypercast's own words.
TEST(Cli, OptionSyntaxAndItsErrors) {
  const auto eq = run(hctest::hypercast() + " info --m=5,4 --rho=1,1 --json");
  ASSERT_EQ(eq.code, 0) << eq.err;
  EXPECT_EQ(nlohmann::json::parse(eq.out).at("figures").at("nodes"), 20);
  expectRejected("info --m 5 --rho 1 --m 6", "option --m given twice");
  expectRejected("info --json --json", "option --json given twice");
  expectRejected("info --json=1", "option --json takes no value");
  expectRejected("info --m", "option --m needs a value M_r,...,M_1");
  expectRejected("generate --m 5 --rho 1 --out", "option --out needs a value DIR");
  expectRejected("info stray", "unexpected argument 'stray'");
  expectRejected("info -x", "unknown option -x for 'hypercast info'");
  // -o is the one-file commands' short option; a folder command names --out DIR.
  expectRejected("generate --m 4 --rho 1 -o gdir", "this one writes a folder: --out DIR");
  expectRejected("info --bogus=3", "unknown option --bogus for 'hypercast info'");
  expectRejected("--bogus", "unknown option --bogus");
  expectRejected("'' info", "unknown command ''");
  // A value that looks like an option is still the value.
  expectRejected("simulate --m 5 --rho 1 --engine systemc --source --json", "'--json' is not");
}

// Every command's --help is generated from its option table: every option of
// the table is listed, with its metavariable.
TEST(Cli, EveryCommandHelpListsItsOptions) {
  const std::map<std::string, std::vector<std::string>> expected = {
      {"info", {"--topology NAME", "--m M_r,...,M_1", "--gens G;G;...", "--json"}},
      {"schedule", {"--collective C", "-o,--output FILE.csv", "--dim D"}},
      {"generate", {"--out DIR", "--router KIND", "--max-degree K", "--source S"}},
      {"simulate", {"--engine E", "--wave FILE.fst", "--repeat K", "--all-sources"}},
      {"sweep", {"--rates R[,R...]", "--points K", "--out DIR"}},
      {"synth", {"--target-mhz MHZ", "--endpoints native|axis", "--no-pnr", "--weight-unit-only"}},
      {"regress", {"-j N", "--out DIR", "--index I", "--array-limit K", "--submit"}},
  };
  for (const auto& [cmd, options] : expected) {
    const auto r = run(hctest::hypercast() + " " + cmd + " --help");
    EXPECT_EQ(r.code, 0) << cmd;
    EXPECT_EQ(r.err, "") << cmd;
    EXPECT_NE(r.out.find("usage: hypercast " + cmd), std::string::npos) << r.out;
    for (const std::string& o : options) {
      EXPECT_NE(r.out.find("  " + o + " "), std::string::npos) << cmd << ": " << o << "\n" << r.out;
    }
    EXPECT_NE(r.out.find("--help"), std::string::npos) << r.out;
  }
}

namespace {

// Runs hypercast with `args` (an argument vector, no shell).
hctest::CmdResult hcArgv(const std::vector<std::string>& args,
                         const std::vector<std::pair<std::string, std::string>>& env = {}) {
  std::vector<std::string> argv = {hctest::hypercast()};
  argv.insert(argv.end(), args.begin(), args.end());
  return hctest::runArgv(argv, env);
}

// Exit 2, stderr exactly one hypercast line holding `fragment`, nothing on stdout.
void expectRefused(const std::vector<std::string>& args, const std::string& fragment) {
  std::string shown;
  for (const std::string& a : args) shown += a + " ";
  const auto r = hcArgv(args);
  EXPECT_EQ(r.code, 2) << shown << r.err;
  EXPECT_EQ(r.out, "") << shown;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << r.err;
  EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << shown << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << shown << r.err;
}

}  // namespace

// An output that is an input (the --graph file, by its name, a link or a hard
// link; or an --out folder that holds it) is refused before any work, and the
// input is left as it was: every command that writes comes through one check.
TEST(Cli, OutputThatIsAnInputIsRefused) {
  const std::string t = hctest::tempFolder("same-file");
  const std::string in = t + "/in.txt", edges = "a b\nb c\nc d\nd a\n";
  std::ofstream(in) << edges;
  fs::create_symlink(in, t + "/link.txt");
  fs::create_hard_link(in, t + "/hard.txt");
  const std::vector<std::string> graph = {"--topology", "graph", "--graph", in};
  auto with = [&](std::vector<std::string> head, const std::vector<std::string>& tail) {
    head.insert(head.begin() + 1, graph.begin(), graph.end());
    head.insert(head.end(), tail.begin(), tail.end());
    return head;
  };
  for (const std::string& out : {in, t + "/link.txt", t + "/hard.txt",
                                 t + "/../" + fs::path(t).filename().string() + "/in.txt"}) {
    SCOPED_TRACE(out);
    expectRefused(with({"schedule"}, {"--collective", "broadcast", "-o", out}),
                  "is the --graph file " + in + ": an output may not overwrite an input");
    expectRefused(
        with({"export"}, {"--collective", "broadcast", "--format", "msccl-xml", "-o", out}),
        "an output may not overwrite an input");
    expectRefused(
        with({"simulate"}, {"--collective", "broadcast", "--engine", "systemc", "--trace", out}),
        "--trace " + out + " is the --graph file");
    EXPECT_EQ(hctest::slurp(in), edges);
  }
  expectRefused(with({"simulate"},
                     {"--collective", "broadcast", "--engine", "cosim", "--wave", t + "/link.txt"}),
                "--wave " + t + "/link.txt is the --graph file");
  expectRefused(
      with({"generate"}, {"--collective", "broadcast", "--out", t}),
      "--out " + t + " holds the --graph file " + in + ": an output folder may not hold an input");
  expectRefused(with({"synth"}, {"--collective", "broadcast", "--no-pnr", "--out", t}),
                "an output folder may not hold an input");
  EXPECT_EQ(hctest::slurp(in), edges);
  // Another file is fine.
  const auto ok = hcArgv(with({"schedule"}, {"--collective", "broadcast", "-o", t + "/s.csv"}));
  EXPECT_EQ(ok.code, 0) << ok.err;
  fs::remove_all(t);
}

// A sweep above a limit is refused whole before the first run: one line, exit
// 2, nothing written (it ran every point and wrote a table of failures).
TEST(Cli, SweepChecksItsLimitsBeforeTheFirstRun) {
  const std::string t = hctest::tempFolder("sweep-limit");
  expectRefused({"sweep", "--m", "20,20,20", "--rho", "10,10,10", "--out", t + "/big"},
                "is above the limit of 67108864 (docs/user-guide.md#limits; --allow-large or "
                "HYPERCAST_ALLOW_LARGE=1 raises it)");
  const auto r = hcArgv({"sweep", "--m", "20,20,20", "--rho", "10,10,10", "--out", t + "/big"});
  EXPECT_EQ(r.err.rfind("hypercast: sweep at rate ", 0), 0u) << r.err;
  EXPECT_FALSE(fs::exists(t + "/big"));
  fs::remove_all(t);
}

// --allow-large has one meaning: every command whose limit message names it
// takes it, and it raises that command's limits.
TEST(Cli, EveryCommandWithLimitsTakesAllowLarge) {
  for (const char* cmd :
       {"info", "schedule", "export", "generate", "simulate", "sweep", "synth", "tcd"}) {
    const auto r = hcArgv({cmd, "--help"});
    EXPECT_NE(r.out.find("  --allow-large "), std::string::npos) << cmd;
  }
  // schedule: the 13-cube's total exchange, 8192 x 53248 transfers, is above 2^27;
  // --allow-large lifts that check (the construction's own size limit then speaks).
  const std::vector<std::string> big = {"schedule", "--topology",   "hypercube",     "--dim",
                                        "13",       "--collective", "total-exchange"};
  const auto refused = hcArgv(big);
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("schedule: transmissions 436207616 "), std::string::npos)
      << refused.err;
  std::vector<std::string> large = big;
  large.push_back("--allow-large");
  const auto lifted = hcArgv(large);
  EXPECT_EQ(lifted.code, 2);
  EXPECT_EQ(lifted.err.find("is above the limit of"), std::string::npos) << lifted.err;
}

// The hypercycle's router network takes no collective's options: each refused in
// one line naming why, alike in generate, simulate and synth; --max-cycles 0
// too (it is no count of cycles).
TEST(Cli, RouterNetworksRefuseCollectiveOptions) {
  const std::string t = hctest::tempFolder("router-options");
  const std::vector<std::string> net = {"--m", "4", "--rho", "1"};
  for (const std::vector<std::string>& opt : std::vector<std::vector<std::string>>{
           {"--messages", "2"}, {"--links", "half-duplex"}, {"--construction", "paper"}}) {
    std::vector<std::string> gen = {"generate", "--out", t + "/g"},
                             sim = {"simulate", "--engine", "systemc"},
                             syn = {"synth", "--no-pnr", "--out", t + "/s"};
    for (auto* c : {&gen, &sim, &syn}) {
      c->insert(c->end(), net.begin(), net.end());
      c->insert(c->end(), opt.begin(), opt.end());
      expectRefused(*c, opt[0] + " needs --collective (");
    }
  }
  expectRefused({"synth", "--m", "4", "--rho", "1", "--no-pnr", "--source", "2", "--out", t + "/s"},
                "--source needs --collective (the routers' RTL is the same for every source");
  expectRefused({"generate", "--m", "4", "--rho", "1", "--source", "2", "--out", t + "/g"},
                "--source needs --collective (the routers' RTL is the same for every source");
  expectRefused({"simulate", "--m", "4", "--rho", "1", "--engine", "systemc", "--max-cycles", "0"},
                "--max-cycles must be in 1..");
  EXPECT_TRUE(fs::is_empty(t));
  fs::remove_all(t);
}

// tcd's cost, sources x nodes, has a limit like the others: the 1024x1024 mesh
// (an estimated 64 hours) is refused before any work.
TEST(Cli, TcdHasASizeLimit) {
  expectRefused({"tcd", "--dims", "1024,1024"},
                "tcd: sources x nodes 1099511627776 (N x N, N = 1048576) is above the limit of "
                "4294967296");
  expectRefused({"tcd", "--dims", "64,64,64"}, "is above the limit of 4294967296");
  // --allow-large raises it 64-fold: 64x64x64 (2^36) passes the check (and is
  // then interrupted: it would take hours).
  const std::string t = hctest::tempFolder("tcd-large");
  const hctest::Started s = hctest::start(
      {hctest::hypercast(), "tcd", "--dims", "64,64,64", "--allow-large", "-o", t + "/t.csv"},
      {{"HYPERCAST_PROGRESS_SECONDS", "0"}});
  // Its first progress line: past the check, into the work.
  EXPECT_TRUE(hctest::waitUntil(
      [&] { return hctest::slurp(s.err_path).find("tcd:") != std::string::npos; }, 300));
  EXPECT_TRUE(hctest::running(s));
  ::kill(s.pid, SIGINT);
  const auto r = hctest::finish(s);
  EXPECT_EQ(r.code, 130) << r.err;
  EXPECT_FALSE(fs::exists(t + "/t.csv"));
  fs::remove_all(t);
}

// --help and --version stand alone, and --help takes no value.
TEST(Cli, HelpAndVersionTakeNothingElse) {
  expectRefused({"--version", "extra"}, "unexpected argument 'extra' with --version");
  expectRefused({"--version", "--bogus"}, "unexpected argument '--bogus' with --version");
  expectRefused({"--bogus", "--version"}, "unexpected argument '--bogus' with --version");
  expectRefused({"--help", "x"}, "unexpected argument 'x' with --help");
  expectRefused({"info", "--help=foo"}, "option --help takes no value");
  expectRefused({"--version=2"}, "option --version takes no value");
  EXPECT_EQ(hcArgv({"--version"}).code, 0);
  EXPECT_EQ(hcArgv({"info", "--help"}).code, 0);
  // A command's --help alike; regress's verb is its own word.
  expectRefused({"info", "-h", "extra"}, "unexpected argument 'extra' with -h (it stands alone");
  expectRefused({"info", "--m", "5", "--help"}, "unexpected argument '--m' with --help");
  expectRefused({"regress", "plan", "--help", "x"}, "unexpected argument 'x' with --help");
  expectRefused({"generate", "--out", "-h", "--help"}, "unexpected argument '--out' with --help");
  EXPECT_EQ(hcArgv({"regress", "plan", "--help"}).code, 0);
  // Every flag takes no value, an empty one included; an empty --collective
  // is empty, not missing.
  expectRefused({"info", "--json="}, "option --json takes no value");
  expectRefused({"schedule", "--dim", "3", "--collective", ""}, "--collective is empty");
}

// "-" is no file name for an output and not stdout either: refused in one line
// for every output option (/dev/stdout is stdout).
TEST(Cli, DashIsRefusedAsAnOutput) {
  const std::string t = hctest::tempFolder("dash");
  const std::vector<std::vector<std::string>> cases = {
      {"schedule", "--topology", "hypercube", "--dim", "2", "--collective", "broadcast", "-o", "-"},
      {"export", "--topology", "hypercube", "--dim", "2", "--collective", "broadcast", "--format",
       "msccl-xml", "-o", "-"},
      {"tcd", "--dims", "4,4", "-o", "-"},
      {"simulate", "--m", "4", "--rho", "1", "--engine", "systemc", "--trace", "-"},
  };
  for (const auto& c : cases) {
    const auto r = hctest::runArgv(
        [&] {
          std::vector<std::string> argv = {hctest::hypercast()};
          argv.insert(argv.end(), c.begin(), c.end());
          return argv;
        }(),
        {}, t);
    EXPECT_EQ(r.code, 2) << c[0] << r.err;
    EXPECT_NE(r.err.find("-: '-' is not stdout here: name /dev/stdout, or ./- for a file"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  EXPECT_TRUE(fs::is_empty(t));
  fs::remove_all(t);
}

// --json prints one document on stdout and nothing else: an output file that
// is stdout (/dev/stdout, /dev/fd/1, /proc/self/fd/1) is refused with it, in
// one line before any work; without --json the file goes to stdout.
TEST(Cli, StdoutAsAFileIsRefusedWithJson) {
  const std::vector<std::string> cube = {"schedule", "--topology",   "hypercube", "--dim",
                                         "2",        "--collective", "broadcast"};
  auto with = [&](std::vector<std::string> v, std::vector<std::string> more) {
    v.insert(v.end(), more.begin(), more.end());
    return v;
  };
  for (const char* out : {"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}) {
    SCOPED_TRACE(out);
    expectOneLine(hc(with(cube, {"-o", out, "--json"})), 2,
                  std::string("--output ") + out + " with --json");
    const auto plain = hc(with(cube, {"-o", out}));
    EXPECT_EQ(plain.code, 0) << plain.err;
    EXPECT_EQ(plain.out.rfind("step,", 0), 0u) << plain.out;
  }
  expectOneLine(hc({"simulate", "--m", "4", "--rho", "1", "--engine", "systemc", "--trace",
                    "/dev/stdout", "--json"}),
                2, "--trace /dev/stdout with --json");
  expectOneLine(hc({"export", "--topology", "hypercube", "--dim", "2", "--collective", "broadcast",
                    "--format", "msccl-xml", "-o", "/dev/stdout", "--json"}),
                2, "with --json");
  // Another file, and stderr, are fine.
  const auto err = hc(with(cube, {"-o", "/dev/stderr", "--json"}));
  EXPECT_EQ(err.code, 0) << err.err;
  EXPECT_EQ(hctest::parseJson(err.out).at("command"), "schedule");
}

namespace {

// Every regular file under dir, path relative to it -> contents.
std::map<std::string, std::string> folderFiles(const std::string& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file()) {
      out[fs::relative(e.path(), dir).generic_string()] = hctest::slurp(e.path().string());
    }
  }
  return out;
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size()) {
    s.replace(at, from.size(), to);
  }
  return s;
}

}  // namespace

// generate --name NAME, every kind of network: the folder is the default one
// with the network's name replaced by NAME everywhere, in file names and in
// every file's text (the modules, the .f, the SDC, the core's VLNV and
// toplevel, the ROM images' names, manifest.json's name, top and toplevel),
// and the hand-written hw/ files stay as they are.
TEST(Cli, GenerateNameRenamesTheWholeFolder) {
  const std::string tmp = hctest::tempFolder("gen-name");
  ASSERT_FALSE(tmp.empty());
  struct Kind {
    std::vector<std::string> net;
    std::string name;  // the network's own name
    std::string kind;  // of the FuseSoC VLNV
  };
  int k = 0;
  for (const Kind& c :
       {Kind{{"--m", "4", "--rho", "1"}, "hc_m4_r1", "network"},
        Kind{{"--m", "4", "--rho", "1", "--router", "programmable"}, "hc_m4_r1", "network"},
        Kind{{"--m", "4", "--rho", "1", "--endpoints", "axis"}, "hc_m4_r1", "network"},
        Kind{{"--topology", "hypercube", "--dim", "2", "--collective", "multinode-broadcast"},
             "cube2_mnb",
             "schedule"},
        Kind{{"--topology", "mesh", "--dims", "2,2", "--collective", "broadcast"},
             "mesh_2x2_wh_s0",
             "mesh"},
        Kind{{"--topology", "hypercube", "--dim", "2", "--collective", "global-sum"},
             "cube2_gsum",
             "combining"},
        Kind{{"--topology", "hypercube", "--dim", "2", "--collective", "accumulation"},
             "cube2_acc",
             "combining"}}) {
    std::string shown;
    for (const std::string& a : c.net) shown += a + " ";
    SCOPED_TRACE(shown);
    const std::string plain = tmp + "/p" + std::to_string(k),
                      named = tmp + "/n" + std::to_string(k);
    ++k;
    std::vector<std::string> args = {"generate"};
    args.insert(args.end(), c.net.begin(), c.net.end());
    std::vector<std::string> with_name = args;
    args.insert(args.end(), {"--out", plain});
    with_name.insert(with_name.end(), {"--name", "Net_2b", "--out", named});
    const auto p = hcArgv(args), n = hcArgv(with_name);
    ASSERT_EQ(p.code, 0) << p.err;
    ASSERT_EQ(n.code, 0) << n.err;
    const auto want = folderFiles(plain), got = folderFiles(named);
    ASSERT_TRUE(want.count(c.name + ".f")) << "the default name is not " << c.name;
    std::map<std::string, std::string> expected;
    for (const auto& [path, text] : want) {
      expected[path.rfind("hw/", 0) == 0 ? path : replaced(path, c.name, "Net_2b")] =
          path.rfind("hw/", 0) == 0 ? text : replaced(text, c.name, "Net_2b");
    }
    std::set<std::string> want_paths, got_paths;
    for (const auto& f : expected) want_paths.insert(f.first);
    for (const auto& f : got) got_paths.insert(f.first);
    EXPECT_EQ(got_paths, want_paths);
    for (const auto& [path, text] : got) {
      if (expected.count(path)) {
        EXPECT_EQ(text, expected.at(path)) << path;
      }
      if (path.rfind("hw/", 0) != 0) {
        EXPECT_EQ(text.find(c.name), std::string::npos) << path;
      }
    }
    const std::string core = hctest::slurp(named + "/Net_2b.core");
    EXPECT_NE(core.find("name: hypercast:" + c.kind + ":Net_2b:"), std::string::npos) << core;
    const auto m = nlohmann::json::parse(hctest::slurp(named + "/manifest.json"));
    EXPECT_EQ(m.at("name"), "Net_2b");
    EXPECT_EQ(m.at("top").get<std::string>().rfind("Net_2b", 0), 0u) << m.at("top");
    EXPECT_EQ(m.at("toplevel").get<std::string>().rfind("Net_2b", 0), 0u) << m.at("toplevel");
  }
  fs::remove_all(tmp);
}

// A name that is no Verilog identifier, too long, or that would make a module
// of hw/ (every folder compiles hw/): refused in one line, exit 2, nothing written.
TEST(Cli, GenerateRefusesABadName) {
  const std::string tmp = hctest::tempFolder("gen-badname");
  ASSERT_FALSE(tmp.empty());
  const std::string out = tmp + "/out";
  const std::vector<std::string> ring = {"generate", "--m", "4", "--rho", "1", "--out", out};
  auto named = [&](std::vector<std::string> v, const std::string& name) {
    v.insert(v.end(), {"--name", name});
    return v;
  };
  for (const std::string& bad : {std::string(""), std::string("1net"), std::string("_net"),
                                 std::string("a-b"), std::string("a b"), std::string("net\n"),
                                 std::string("n\xc3\xa9t"), std::string(65, 'a')}) {
    expectRefused(named(ring, bad), "--name takes a letter followed by letters, digits and '_'");
  }
  EXPECT_EQ(hcArgv(named(ring, std::string(64, 'a'))).code, 0);
  fs::remove_all(out);
  // hc_router (the router network's <name>_router) and hc_sum_node (a
  // combining network's top is <name>) are hw/'s.
  expectRefused(named(ring, "hc"), "module hc_router, which hw/hc_router.v defines");
  expectRefused(named({"generate", "--topology", "hypercube", "--dim", "2", "--collective",
                       "global-sum", "--out", out},
                      "hc_sum_node"),
                "module hc_sum_node, which hw/hc_sum_node.v defines");
  // A keyword (Verilog's, SystemVerilog's) names no module: a combining top
  // would be `module module (`.
  for (const char* kw : {"module", "wire", "logic", "always_ff"}) {
    expectRefused(named({"generate", "--topology", "hypercube", "--dim", "2", "--collective",
                         "global-sum", "--out", out},
                        kw),
                  "is a Verilog or SystemVerilog keyword");
  }
  EXPECT_EQ(hcArgv(named({"generate", "--topology", "hypercube", "--dim", "2", "--collective",
                          "global-sum", "--out", out},
                         "modules"))
                .code,
            0);
  fs::remove_all(out);
  EXPECT_FALSE(fs::exists(out));
  // Only generate names a folder.
  expectRefused({"simulate", "--m", "4", "--rho", "1", "--name", "x"}, "--name");
  fs::remove_all(tmp);
}

// Each option's rule, said in its own words when broken: one line naming the
// option and what it takes, exit 2, nothing on stdout, nothing written.
TEST(Cli, EachOptionRuleIsSaidWhenBroken) {
  const std::string out = hctest::tempFolder("cli-rules") + "/never";
  const std::string net = "simulate --m 8 --rho 1 ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {net + "--preference up", "--preference must be cw or ccw, got 'up'"},
      {net + "--endpoints foo", "--endpoints must be native or axis, got 'foo'"},
      {net + "--sources 0,1 --start 0,-1", "--start cycles must be in 0..1000000"},
      {net + "--engine systemc --endpoints axis --tready all:0:1000001",
       "--tready term 'all:0:1000001' length must be in 1..1000000, got 1000001"},
      {net + "--engine systemc --endpoints axis --tready stall:1:1000001:5",
       "--tready term 'stall:1:1000001:5' start cycle must be in 0..1000000, got 1000001"},
      {net + "--wave " + out + ".vcd --engine cosim", "--wave writes FST only"},
      {"sweep --m 8 --rho 1 --rates 0.1, --out " + out, "--rates: trailing comma in '0.1,'"},
      {"schedule --topology mesh --dims 4,4 --collective broadcast --switching cut",
       "--switching takes wormhole or store-and-forward, got 'cut'"},
      {"info --topology mesh --dims 4,4 --regular-order",
       "--regular-order needs a Cayley graph (--topology cayley); 4x4 mesh is given as a mesh"},
      {"simulate --topology hypercube --dim 3 --collective broadcast --shared-rom --engine "
       "systemc",
       "--shared-rom needs --engine verilator or cosim"},
      {"schedule --topology hypercube --dim 3 --collective total-exchange --links half-duplex "
       "--messages 2",
       "--links half-duplex sends one message per pair"},
      // --within belongs to the multinode broadcast: one refusal everywhere else.
      {"schedule --topology hypercube --dim 3 --collective global-sum --within 1",
       "--within L is a multinode-broadcast to the nodes within distance L"},
      {"schedule --topology hypercube --dim 3 --collective broadcast --within 1",
       "--within L is a multinode-broadcast to the nodes within distance L"},
      {"schedule --topology mesh --dims 4,4 --collective broadcast --within 2",
       "--within L is a multinode-broadcast to the nodes within distance L"},
      {"schedule --topology hypercube --dim 3 --collective accumulation --input-bits 8",
       "--input-bits is for the global sum and generate"},
      {"generate --m 8 --rho 1 --router programmable --hop-cycles 2 --out " + out,
       "--hop-cycles 2 needs --router hardwired"},
      {"generate --router programmable --max-dims 8 --max-radix 64 --out " + out,
       "--max-radix^--max-dims must be at most 16777216 nodes"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.first);
    const auto r = run(hctest::hypercast() + " " + c.first);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(c.second), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(out));
  EXPECT_FALSE(fs::exists(out + ".vcd"));
  fs::remove_all(fs::path(out).parent_path());
  // The Verilated model's optimisation level, from the environment.
  const auto opt = run("HYPERCAST_MODEL_OPT=3 " + hctest::hypercast() + " " + net +
                       "--engine verilator --source 0");
  EXPECT_EQ(opt.code, 2);
  EXPECT_EQ(opt.err, "hypercast: HYPERCAST_MODEL_OPT must be 0, 1 or 2, not '3'\n");
}
