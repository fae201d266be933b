// `hypercast export`: the optimal schedules as MSCCL algorithm XML
// and SCCL JSON. Every exported file passes the format checker and runs to the
// collective's postcondition on hypercast's own executor (checker/msccl_*.h);
// deliberately broken files are caught, each with its message; the SCCL JSON
// round-trips through the reader and SCCL's own check; the CLI refuses bad
// input in one line with nothing written. Expected figures come from the
// collectives' definitions (Table 1 and the torus paper's Sec. 4.1 counts), not
// from the exporter.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <sstream>
#include <tuple>

#include "algorithm/hypercube_schedules.h"
#include "algorithm/torus_schedules.h"
#include "checker/msccl_executor.h"
#include "checker/msccl_format.h"
#include "checker/sccl_json.h"
#include "emit/msccl_xml.h"
#include "emit/sccl_json.h"
#include "test_util.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

struct Case {
  std::string topology;  // "hypercube" or "torus"
  int a = 0, b = 0;      // d, or (n, k)
  Collective coll;
  uint32_t root = 0;
  uint32_t messages = 1;

  std::string label() const {
    return topology +
           (topology == "hypercube" ? " d=" + std::to_string(a)
                                    : " MT(" + std::to_string(a) + "," + std::to_string(b) + ")") +
           " " + toString(coll) + " root " + std::to_string(root) +
           " M=" + std::to_string(messages);
  }
  uint64_t nodes() const {  // 2^d, k^n
    uint64_t n = 1;
    for (int i = 0; i < a; ++i) n *= topology == "hypercube" ? 2 : uint64_t(b);
    return n;
  }
  NetworkDesc net() const {
    return topology == "hypercube" ? hypercubeNetwork(a) : torusNetwork(a, b);
  }
  Schedule schedule() const {
    if (topology == "hypercube") return hypercubeSchedule(a, coll, root);
    const TorusLabels t(a, b);
    switch (coll) {
      case Collective::kMultinodeBroadcast:
        return torusMultinodeBroadcast(t, messages, TorusConstruction::kAuto);
      case Collective::kScatter:
        return torusScatter(t, root, messages, TorusConstruction::kAuto);
      default:
        return torusTotalExchange(t, messages, TorusConstruction::kAuto);
    }
  }
  // Chunks that cross a link: the optimal transmissions, from the definitions
  // (Bertsekas et al., Table 1; Fragopoulou & Akl, Sec. 4.1).
  uint64_t transmissions() const {
    const uint64_t n = nodes(), m = messages;
    if (topology == "hypercube") {
      const uint64_t d = uint64_t(a);
      switch (coll) {
        case Collective::kBroadcast:
          return n - 1;
        case Collective::kMultinodeBroadcast:
          return n * (n - 1);
        case Collective::kScatter:
          return d * (n / 2);
        case Collective::kTotalExchange:
          return d * n * n / 2;
      }
    }
    const uint64_t nn = uint64_t(a), k = uint64_t(b);
    const uint64_t kn1 = n / k;  // k^(n-1)
    switch (coll) {
      case Collective::kMultinodeBroadcast:
        return m * (n - 1) * n;
      case Collective::kScatter:
        return m * nn * (k * k - 1) * kn1 / 4;
      case Collective::kTotalExchange:
        return m * nn * (k * k - 1) * kn1 * n / 4;
      default:
        return n - 1;
    }
  }
  CollectiveProblem problem() const { return {coll, nodes(), root, messages}; }
};

std::vector<Case> allCases() {
  std::vector<Case> out;
  for (int d = 2; d <= 5; ++d) {
    for (Collective c : {Collective::kMultinodeBroadcast, Collective::kTotalExchange,
                         Collective::kBroadcast, Collective::kScatter}) {
      out.push_back({"hypercube", d, 0, c, 0, 1});
      if (hasRoot(c)) out.push_back({"hypercube", d, 0, c, (1u << d) - 1, 1});
    }
  }
  for (int k : {3, 5}) {
    for (Collective c :
         {Collective::kMultinodeBroadcast, Collective::kTotalExchange, Collective::kScatter}) {
      for (uint32_t m : {1u, 2u}) {
        out.push_back({"torus", 2, k, c, 0, m});
        if (c == Collective::kScatter) out.push_back({"torus", 2, k, c, uint32_t(k + 1), m});
      }
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}

// The mapping, written out.
const std::map<Collective, std::string> kRuntimeName = {
    {Collective::kMultinodeBroadcast, "allgather"},
    {Collective::kTotalExchange, "alltoall"},
    {Collective::kBroadcast, "broadcast"},
    {Collective::kScatter, "scatter"}};

std::string tmp(const std::string& what) {
  return "/tmp/hctest-export-" + std::to_string(::getpid()) + "-" + what;
}

bool anyContains(const std::vector<std::string>& v, const std::string& what) {
  return std::any_of(v.begin(), v.end(),
                     [&](const std::string& e) { return e.find(what) != std::string::npos; });
}

// Lines of a file, and back.
std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}
std::string unlines(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& l : v) s += l + "\n";
  return s;
}

std::string attrOf(const std::string& line, const std::string& key) {
  std::smatch m;
  if (std::regex_search(line, m, std::regex(" " + key + "=\"([^\"]*)\""))) return m[1];
  return "";
}
std::string withAttr(const std::string& line, const std::string& key, const std::string& v) {
  return std::regex_replace(line, std::regex(" " + key + "=\"[^\"]*\""),
                            " " + key + "=\"" + v + "\"");
}

}  // namespace

TEST(Export, EveryFilePassesTheFormatCheckerAndRunsToThePostcondition) {
  for (const Case& c : allCases()) {
    SCOPED_TRACE(c.label());
    const Schedule s = c.schedule();
    ASSERT_EQ(s.transfers.size(), c.transmissions());  // the optimal schedule, as promised
    const MscclXml x = emitMscclXml(s);
    // The parser's text rules, read directly: no declaration, no tabs, one
    // element per line, each tag closed on its line.
    ASSERT_EQ(x.text.rfind("<algo ", 0), 0u);
    EXPECT_EQ(x.text.find('\t'), std::string::npos);
    for (const std::string& l : lines(x.text)) {
      const size_t lt = l.find('<');
      ASSERT_NE(lt, std::string::npos) << l;
      EXPECT_EQ(l.find_first_not_of(' '), lt) << l;
      EXPECT_EQ(l.back(), '>') << l;
      EXPECT_EQ(std::count(l.begin(), l.end(), '<'), 1) << l;
    }
    const checker::MscclFormatReport f = checker::checkMscclXml(x.text);
    ASSERT_TRUE(f.ok) << joined(f.errors);
    const uint64_t n = c.nodes(), m = c.messages;
    const bool all =
        c.coll == Collective::kMultinodeBroadcast || c.coll == Collective::kTotalExchange;
    EXPECT_EQ(f.algo.coll, kRuntimeName.at(c.coll));
    EXPECT_EQ(uint64_t(f.algo.ngpus), n);
    EXPECT_EQ(uint64_t(f.algo.nchunksperloop), all ? n * m : m);
    EXPECT_EQ(f.algo.inplace, 0);
    EXPECT_EQ(f.algo.outofplace, 1);
    EXPECT_GT(f.algo.max_bytes, int64_t{1} << 30);
    for (uint64_t cap : {uint64_t{0}, uint64_t{1}}) {
      checker::MscclRunOptions o;
      o.fifo_capacity = cap;
      const checker::MscclRunReport r = checker::runMscclAlgo(f.algo, c.problem(), o);
      ASSERT_TRUE(r.ok) << "capacity " << cap << "\n" << joined(r.errors);
      EXPECT_EQ(r.chunks_moved, c.transmissions());
    }
  }
}

TEST(Export, FilesFitTheExecutorsLimits) {
  // 10-cube allgather: 1023 chunks in on 10 links, ceil(1023/10) = 103 steps,
  // so each link carries at most 103 chunks: two channels of at most 64 steps.
  const Schedule s = hypercubeMultinodeBroadcast(10);
  const MscclXml x = emitMscclXml(s);
  EXPECT_EQ(x.channels, 2u);
  EXPECT_LE(x.max_steps_per_tb, 64u);
  // Per GPU: 10 peers x 2 channels x 2 directions + the copy.
  EXPECT_EQ(x.max_threadblocks_per_gpu, 41u);
  EXPECT_EQ(x.steps, 2 * s.transfers.size() + 1024);  // a send and a receive each, a copy per GPU
  const checker::MscclFormatReport f = checker::checkMscclXml(x.text);
  EXPECT_TRUE(f.ok) << joined(f.errors);
  // A lower per-threadblock limit takes more channels.
  MscclXmlOptions o;
  o.max_steps_per_tb = 16;
  const MscclXml y = emitMscclXml(hypercubeMultinodeBroadcast(5), o);  // ceil(31/5) = 7 per link
  EXPECT_EQ(y.channels, 1u);
  o.max_steps_per_tb = 3;
  const MscclXml z = emitMscclXml(hypercubeMultinodeBroadcast(5), o);
  EXPECT_EQ(z.channels, 3u);
  checker::MscclLimits lim;
  lim.max_steps_per_tb = 3;
  EXPECT_TRUE(checker::checkMscclXml(z.text, lim).ok);
  EXPECT_FALSE(checker::checkMscclXml(y.text, lim).ok);  // 7 steps in a threadblock
  EXPECT_TRUE(anyContains(checker::checkMscclXml(y.text, lim).errors, "MSCCL_MAX_NUM_STEPS"));
}

namespace {

// The 3-cube allgather and alltoall, as the broken files' starting points.
std::string goodXml(Collective c) { return emitMscclXml(hypercubeSchedule(3, c, 0)).text; }

struct Verdict {
  checker::MscclFormatReport format;
  checker::MscclRunReport run;
};

Verdict judge(const std::string& text, Collective c) {
  Verdict v;
  v.format = checker::checkMscclXml(text);
  if (v.format.parsed) v.run = checker::runMscclAlgo(v.format.algo, {c, 8, 0, 1});
  return v;
}

// The line index of the first line matching pred.
size_t find(const std::vector<std::string>& l,
            const std::function<bool(const std::string&)>& pred) {
  for (size_t i = 0; i < l.size(); ++i) {
    if (pred(l[i])) return i;
  }
  return l.size();
}

bool isStep(const std::string& l) { return l.find("<step ") != std::string::npos; }

}  // namespace

TEST(Export, AMissingReceiveIsCaught) {
  std::vector<std::string> l = lines(goodXml(Collective::kMultinodeBroadcast));
  // The last receive of a receiving threadblock (so the s numbering stays whole).
  const size_t i =
      find(l, [&](const std::string& x) { return x.find("type=\"r\"") != std::string::npos; });
  size_t last = i;
  while (isStep(l[last + 1])) ++last;
  l.erase(l.begin() + long(last));
  const Verdict v = judge(unlines(l), Collective::kMultinodeBroadcast);
  EXPECT_TRUE(anyContains(v.format.errors, "(a missing send or receive)"))
      << joined(v.format.errors);
  EXPECT_FALSE(v.run.ok);
  EXPECT_TRUE(anyContains(v.run.errors, "never received")) << joined(v.run.errors);
  EXPECT_TRUE(anyContains(v.run.errors, "ends with nothing in o[")) << joined(v.run.errors);
}

TEST(Export, AWrongOffsetIsCaught) {
  std::vector<std::string> l = lines(goodXml(Collective::kTotalExchange));
  // A receive into the output: move it one chunk along.
  const size_t i = find(l, [&](const std::string& x) {
    return x.find("type=\"r\"") != std::string::npos && attrOf(x, "dstbuf") == "o";
  });
  ASSERT_LT(i, l.size());
  const int off = std::stoi(attrOf(l[i], "dstoff"));
  l[i] = withAttr(l[i], "dstoff", std::to_string((off + 1) % 8));
  const Verdict v = judge(unlines(l), Collective::kTotalExchange);
  EXPECT_TRUE(anyContains(v.format.errors, "disagree on the chunk's places"))
      << joined(v.format.errors);
  EXPECT_FALSE(v.run.ok);
  EXPECT_TRUE(anyContains(v.run.errors, "overwrites o[") || anyContains(v.run.errors, "ends with"))
      << joined(v.run.errors);
}

TEST(Export, ADependencyCycleIsCaught) {
  std::vector<std::string> l = lines(goodXml(Collective::kMultinodeBroadcast));
  // A forwarded send S on GPU 0 waits on a receive R; make R wait on S too.
  size_t gpu_end =
      find(l, [](const std::string& x) { return x.find("</gpu>") != std::string::npos; });
  size_t s_line = l.size(), tb_line = 0;
  for (size_t i = 0; i < gpu_end; ++i) {
    if (l[i].find("<tb ") != std::string::npos) tb_line = i;
    if (isStep(l[i]) && attrOf(l[i], "type") == "s" && attrOf(l[i], "depid") != "-1") {
      s_line = i;
      break;
    }
  }
  ASSERT_LT(s_line, gpu_end);
  const std::string s_tb = attrOf(l[tb_line], "id"), s_step = attrOf(l[s_line], "s");
  const std::string r_tb = attrOf(l[s_line], "depid"), r_step = attrOf(l[s_line], "deps");
  size_t r_line = l.size();
  for (size_t i = 0, tb = 0; i < gpu_end; ++i) {
    if (l[i].find("<tb ") != std::string::npos) tb = i;
    if (isStep(l[i]) && attrOf(l[tb], "id") == r_tb && attrOf(l[i], "s") == r_step) r_line = i;
  }
  ASSERT_LT(r_line, gpu_end);
  l[r_line] = withAttr(withAttr(l[r_line], "depid", s_tb), "deps", s_step);
  l[s_line] = withAttr(l[s_line], "hasdep", "1");
  const Verdict v = judge(unlines(l), Collective::kMultinodeBroadcast);
  EXPECT_TRUE(anyContains(v.format.errors, "a dependency cycle")) << joined(v.format.errors);
  EXPECT_TRUE(v.run.deadlock) << joined(v.run.errors);
  EXPECT_TRUE(anyContains(v.run.errors, "deadlock: GPU 0")) << joined(v.run.errors);
}

TEST(Export, TwoThreadblocksOnOneConnectionAreCaught) {
  std::vector<std::string> l = lines(goodXml(Collective::kMultinodeBroadcast));
  // GPU 0 sends to 1, 2 and 4; point its sender to 2 at 1 as well.
  const size_t i = find(l, [](const std::string& x) {
    return x.find("<tb ") != std::string::npos && attrOf(x, "send") == "2";
  });
  ASSERT_LT(i, l.size());
  l[i] = withAttr(l[i], "send", "1");
  const Verdict v = judge(unlines(l), Collective::kMultinodeBroadcast);
  EXPECT_TRUE(anyContains(v.format.errors, "one threadblock per (peer, channel, direction)"))
      << joined(v.format.errors);
}

TEST(Export, AMissingMaxBytesIsCaught) {
  std::string t = goodXml(Collective::kMultinodeBroadcast);
  t = std::regex_replace(t, std::regex(" maxBytes=\"[0-9]*\""), "");
  const Verdict v = judge(t, Collective::kMultinodeBroadcast);
  EXPECT_TRUE(anyContains(v.format.errors, "<algo> has no maxBytes")) << joined(v.format.errors);
  std::string zero = std::regex_replace(goodXml(Collective::kMultinodeBroadcast),
                                        std::regex(" maxBytes=\"[0-9]*\""), " maxBytes=\"0\"");
  EXPECT_TRUE(anyContains(checker::checkMscclXml(zero).errors, "maxBytes 0"));
}

TEST(Export, AMissingDependencyIsCaught) {
  std::vector<std::string> l = lines(goodXml(Collective::kMultinodeBroadcast));
  const size_t i = find(l, [](const std::string& x) {
    return isStep(x) && attrOf(x, "type") == "s" && attrOf(x, "depid") != "-1";
  });
  ASSERT_LT(i, l.size());
  l[i] = withAttr(withAttr(l[i], "depid", "-1"), "deps", "-1");
  const Verdict v = judge(unlines(l), Collective::kMultinodeBroadcast);
  // Legal as a format, but a race: the checker orders every read after its
  // write over all interleavings; the executor's eager order trips on it.
  EXPECT_TRUE(anyContains(v.format.errors, "(a missing dependency)")) << joined(v.format.errors);
  EXPECT_EQ(v.format.error_count, 2u)
      << joined(v.format.errors);  // unordered, and before any write
  EXPECT_TRUE(anyContains(v.run.errors, "before anything was written there"))
      << joined(v.run.errors);
  // And a dependency on a step that raises no flag.
  std::vector<std::string> h = lines(goodXml(Collective::kMultinodeBroadcast));
  for (std::string& x : h) {
    if (isStep(x)) x = withAttr(x, "hasdep", "0");
  }
  const Verdict w = judge(unlines(h), Collective::kMultinodeBroadcast);
  EXPECT_TRUE(anyContains(w.format.errors, "never raises the flag")) << joined(w.format.errors);
  EXPECT_TRUE(w.run.deadlock);
}

// Extra dependencies travel as nop steps before the step they belong to; the
// kernel's step counter counts them (msccl_kernel.cu), the parser hands their
// dependency to the next real step (msccl_parser.cc).
TEST(Export, NopStepsCarryExtraDependencies) {
  std::vector<std::string> l = lines(goodXml(Collective::kMultinodeBroadcast));
  // The first forwarded send: a nop with its dependency goes before it.
  const size_t i = find(l, [](const std::string& x) {
    return isStep(x) && attrOf(x, "type") == "s" && attrOf(x, "depid") != "-1";
  });
  ASSERT_LT(i, l.size());
  std::string nop = withAttr(l[i], "type", "nop");
  nop = withAttr(withAttr(withAttr(nop, "srcoff", "-1"), "dstoff", "-1"), "cnt", "0");
  l.insert(l.begin() + long(i), nop);
  for (size_t k = i + 1; k < l.size() && isStep(l[k]); ++k) {  // renumber the rest of the tb
    l[k] = withAttr(l[k], "s", std::to_string(std::stoi(attrOf(l[k], "s")) + 1));
  }
  const Verdict v = judge(unlines(l), Collective::kMultinodeBroadcast);
  EXPECT_TRUE(v.format.ok) << joined(v.format.errors);
  EXPECT_TRUE(v.run.ok) << joined(v.run.errors);
  // The real step after a nop needs a dependency of its own.
  std::vector<std::string> bare = l;
  bare[i + 1] = withAttr(withAttr(bare[i + 1], "depid", "-1"), "deps", "-1");
  EXPECT_TRUE(anyContains(judge(unlines(bare), Collective::kMultinodeBroadcast).format.errors,
                          "without a dependency of its own"));
  // A nop with nothing after it in its threadblock.
  std::vector<std::string> tail = lines(goodXml(Collective::kMultinodeBroadcast));
  const size_t end =
      find(tail, [](const std::string& x) { return x.find("</tb>") != std::string::npos; });
  tail.insert(tail.begin() + long(end),
              "      <step s=\"" + std::to_string(std::stoi(attrOf(tail[end - 1], "s")) + 1) +
                  "\" type=\"nop\" srcbuf=\"i\" srcoff=\"-1\" dstbuf=\"o\" dstoff=\"-1\" cnt=\"0\" "
                  "depid=\"5\" deps=\"0\" hasdep=\"0\"/>");
  EXPECT_TRUE(anyContains(judge(unlines(tail), Collective::kMultinodeBroadcast).format.errors,
                          "a nop with no real step after it"));
}

TEST(Export, TheParsersTextRulesAreChecked) {
  const std::string good = goodXml(Collective::kMultinodeBroadcast);
  ASSERT_TRUE(checker::checkMscclXml(good).ok);
  struct Bad {
    std::string text, message;
  };
  std::string split = good;
  split.replace(split.find(" proto="), 1, "\n");
  std::string tab = good;
  tab.replace(tab.find("  <gpu"), 2, "\t");
  std::string quote = good;
  quote.replace(quote.find("\"Simple\""), 8, "'Simple'");
  std::string octal = std::regex_replace(good, std::regex("ngpus=\"8\""), "ngpus=\"010\"");
  std::string stray = good;
  stray.replace(stray.find("<tb "), 0, "<foo/>\n");
  for (const Bad& b : {Bad{"<?xml version=\"1.0\"?>\n" + good, "XML declaration"},
                       Bad{split, "go on past the line"}, Bad{tab, "a tab between elements"},
                       Bad{quote, "single quotes"}, Bad{octal, "not a plain decimal integer"},
                       Bad{stray, "<foo> inside <gpu>"},
                       Bad{good.substr(0, good.size() - 8), "ends inside an element"}}) {
    const checker::MscclFormatReport r = checker::checkMscclXml(b.text);
    EXPECT_TRUE(anyContains(r.errors, b.message)) << b.message << "\n" << joined(r.errors);
  }
}

TEST(Export, SizesBeyondTheExecutorAreRefused) {
  // MT(2,9) multinode scatter with M = 8: per GPU 2 x 8 x 2 x 80 x 729 / 4 / 81
  // = 5760 steps, beyond the parser's 4096 elements.
  const Schedule s = torusTotalExchange(TorusLabels(2, 9), 8, TorusConstruction::kAuto);
  try {
    emitMscclXml(s);
    ADD_FAILURE() << "no refusal";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("4096"), std::string::npos) << e.what();
  }
}

TEST(Export, ScclJsonRoundTripsAndImplementsItsCollective) {
  for (const Case& c : allCases()) {
    SCOPED_TRACE(c.label());
    const Schedule s = c.schedule();
    const ScclJson j = emitScclJson(s, PortGraph::build(c.net()), c.net().name);
    const checker::ScclAlgorithm a = checker::readScclJson(j.text);
    const std::vector<std::string> errors = checker::checkScclAlgorithm(a);
    ASSERT_TRUE(errors.empty()) << joined(errors);
    const uint64_t n = c.nodes(), m = c.messages;
    EXPECT_EQ(a.nodes, n);
    EXPECT_EQ(a.chunk_split, m);
    EXPECT_EQ(a.runtime_name, kRuntimeName.at(c.coll));
    EXPECT_EQ(a.sends.size(), s.steps);
    // SCCL's collectives (msccl/collectives.py): chunks before chunk_up.
    const uint64_t chunks = c.coll == Collective::kTotalExchange ? n * n
                            : c.coll == Collective::kBroadcast   ? 1
                                                                 : n;
    EXPECT_EQ(a.chunks.size(), chunks);
    uint64_t sends = 0;
    for (const auto& st : a.sends) sends += st.size();
    EXPECT_EQ(sends, c.transmissions());
    auto order = [](const Transfer& x, const Transfer& y) {
      return std::tie(x.step, x.from, x.to, x.origin, x.dest, x.msg) <
             std::tie(y.step, y.from, y.to, y.origin, y.dest, y.msg);
    };
    std::vector<Transfer> got = checker::scclTransfers(a), want = s.transfers;
    std::sort(got.begin(), got.end(), order);
    std::sort(want.begin(), want.end(), order);
    EXPECT_TRUE(got == want);
  }
}

TEST(Export, BrokenScclJsonIsCaught) {
  const Schedule s = hypercubeMultinodeBroadcast(3);
  const std::string good = emitScclJson(s, PortGraph::build(hypercubeNetwork(3)), "cube3").text;
  ASSERT_TRUE(checker::checkScclAlgorithm(checker::readScclJson(good)).empty());
  // A send dropped: its receiver misses the chunk.
  checker::ScclAlgorithm a = checker::readScclJson(good);
  a.sends.back().pop_back();
  EXPECT_TRUE(anyContains(checker::checkScclAlgorithm(a), "as required by the postcondition"));
  // A send in the first step of a chunk its sender does not have yet.
  a = checker::readScclJson(good);
  a.sends.front().push_back({0, 7, 6});  // rank 0's chunk from rank 7 (not its neighbour's yet)
  const auto e = checker::checkScclAlgorithm(a);
  EXPECT_TRUE(anyContains(e, "which it does not hold"));
  EXPECT_TRUE(anyContains(e, "over a bandwidth of 1"));
  // Fields the decoder reads.
  EXPECT_THROW(
      checker::readScclJson(std::regex_replace(good, std::regex("\"input_map\""), "\"x\"")),
      std::exception);
  EXPECT_THROW(checker::readScclJson("{}"), std::exception);
}

// The command line.

TEST(Export, CliWritesACheckedFileAndItsSummary) {
  const std::string out = tmp("ag.xml");
  const auto r = hctest::run(hctest::hypercast() +
                             " export --topology hypercube --dim 4 --collective multinode-broadcast"
                             " --format msccl-xml --output " +
                             out + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(hctest::reportJson(r.out).at("figures").at("gpus").get<long long>(), 16);
  EXPECT_EQ(hctest::reportJson(r.out).at("runtime_collective"), "allgather") << r.out;
  const std::string text = hctest::slurp(out);
  EXPECT_EQ(hctest::reportJson(r.out).at("figures").at("bytes").get<long long>(),
            static_cast<long long>(text.size()));
  const checker::MscclFormatReport f = checker::checkMscclXml(text);
  ASSERT_TRUE(f.ok) << joined(f.errors);
  EXPECT_TRUE(checker::runMscclAlgo(f.algo, {Collective::kMultinodeBroadcast, 16, 0, 1}).ok);
  fs::remove(out);

  const std::string js = tmp("a2a.json");
  const auto t = hctest::run(hctest::hypercast() +
                             " export --topology torus --n 2 --k 5 --collective total-exchange"
                             " --messages 2 --format sccl-json --output " +
                             js);
  ASSERT_EQ(t.code, 0) << t.err;
  const checker::ScclAlgorithm a = checker::readScclJson(hctest::slurp(js));
  EXPECT_TRUE(checker::checkScclAlgorithm(a).empty());
  EXPECT_EQ(a.runtime_name, "alltoall");
  EXPECT_EQ(a.chunk_split, 2u);
  fs::remove(js);

  const auto h = hctest::run(hctest::hypercast() + " export --help");
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("msccl-xml"), std::string::npos);
  EXPECT_NE(h.out.find("sccl-json"), std::string::npos);
}

// A graph file's GPU ranks: names 0..N-1 are the ranks themselves (the 3-cube
// listed with node 4 before node 3: the root named 4 is rank 4, and rank 3
// sends to its own neighbours 1, 2 and 7 only); other names are numbered as
// they first appear, which the printout and gpu_names say.
TEST(Export, GraphFileRanksAreItsNumberNames) {
  const std::string dir = hctest::tempFolder("export-ranks");
  std::ofstream(dir + "/cube3.txt")
      << "0 1\n0 2\n0 4\n1 3\n1 5\n2 3\n2 6\n4 5\n4 6\n3 7\n5 7\n6 7\n";
  const std::string out = dir + "/b.xml";
  const auto r = hctest::runArgv({hctest::hypercast(), "export", "--topology", "graph", "--graph",
                                  dir + "/cube3.txt", "--collective", "broadcast", "--source", "4",
                                  "--format", "msccl-xml", "-o", out, "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = hctest::reportJson(r.out);
  EXPECT_EQ(j.at("source"), 4);
  EXPECT_EQ(j.at("gpu_names"), (std::vector<std::string>{"0", "1", "2", "3", "4", "5", "6", "7"}));
  const checker::MscclFormatReport f = checker::checkMscclXml(hctest::slurp(out));
  ASSERT_TRUE(f.ok) << joined(f.errors);
  EXPECT_TRUE(checker::runMscclAlgo(f.algo, {Collective::kBroadcast, 8, 4, 1}).ok);
  // Every thread block's peer is a neighbour in the 3-cube: one bit apart.
  const std::string xml = hctest::slurp(out);
  std::string::size_type at = 0;
  int gpu = -1, peers = 0;
  while ((at = xml.find('<', at)) != std::string::npos) {
    ++at;
    if (xml.compare(at, 7, "gpu id=") == 0) gpu = std::stoi(xml.substr(at + 8));
    if (xml.compare(at, 3, "tb ") != 0) continue;
    for (const char* attr : {"send=\"", "recv=\""}) {
      const auto a = xml.find(attr, at);
      const int peer = std::stoi(xml.substr(a + 6));
      if (peer < 0) continue;
      ++peers;
      const int diff = peer ^ gpu;
      EXPECT_TRUE(diff == 1 || diff == 2 || diff == 4) << "gpu " << gpu << " peer " << peer;
    }
  }
  EXPECT_GT(peers, 0);
  std::ofstream(dir + "/named.txt") << "b,a\na,c\nc,d\nd,b\n";
  const auto t = hctest::runArgv({hctest::hypercast(), "export", "--topology", "graph", "--graph",
                                  dir + "/named.txt", "--collective", "multinode-broadcast",
                                  "--format", "msccl-xml", "-o", dir + "/n.xml"});
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find("ranks            GPU rank x is node x, numbered as the file's names first "
                       "appear (0: b, 1: a, 2: c, 3: d; --json: gpu_names)\n"),
            std::string::npos)
      << t.out;
  fs::remove_all(dir);
}

// A mesh broadcast is exported as the BFS broadcast on store-and-forward links
// whatever the sides, and the printout's reason says why: the formats carry
// one-link transfers (equal power-of-two sides, where `schedule` builds the
// wormhole broadcast, are no reason to fall back).
TEST(Export, AMeshBroadcastSaysWhyItIsStoreAndForward) {
  for (const std::string dims : {"4,4", "3,5"}) {
    SCOPED_TRACE(dims);
    const std::string out = tmp("mesh.xml");
    const std::string args = " export --topology mesh --dims " + dims +
                             " --collective broadcast --format msccl-xml -o " + out;
    const auto r = hctest::run(hctest::hypercast() + args);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("switching        store-and-forward"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("export writes store-and-forward transmissions"), std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("needs equal power-of-two sides"), std::string::npos) << r.out;
    fs::remove(out);
  }
  // `schedule` on a mesh of other sides keeps the sides as its reason.
  const auto s = hctest::run(hctest::hypercast() +
                             " schedule --topology mesh --dims 3,5 --collective broadcast");
  ASSERT_EQ(s.code, 0) << s.err;
  EXPECT_NE(s.out.find("needs equal power-of-two sides"), std::string::npos) << s.out;
}

TEST(Export, CliRefusesBadInputInOneLineWithNothingWritten) {
  const std::string dir = tmp("refusals");
  fs::create_directories(dir);
  const std::string base = hctest::hypercast() + " export --dim 3 ";
  struct Bad {
    std::string args, message;
  };
  for (const Bad& b :
       {Bad{"--collective allreduce --format msccl-xml --output " + dir + "/x.xml",
            "unknown collective 'allreduce' (collectives: broadcast, multinode-broadcast, scatter, "
            "total-exchange (or multinode-scatter))"},
        // A combining collective is known, but no format carries it.
        Bad{"--collective accumulation --format msccl-xml --output " + dir + "/x.xml",
            "export writes no combining collective: accumulation adds values on the way"},
        Bad{"--format msccl-xml --output " + dir + "/x.xml",
            "export on a hypercube needs --collective (broadcast, multinode-broadcast, scatter, "
            "total-exchange)"},
        Bad{"--collective scatter --format nccl-xml --output " + dir + "/x.xml",
            "unknown --format 'nccl-xml'"},
        Bad{"--collective scatter --output " + dir + "/x.xml", "export needs --format"},
        Bad{"--collective scatter --format msccl-xml", "export needs -o/--output"},
        Bad{"--collective scatter --format msccl-xml --output /dev/null/no/x.xml", "--output"},
        Bad{"--collective scatter --format msccl-xml --output " + dir, "--output"},
        Bad{"--collective multinode-broadcast --source 1 --format msccl-xml --output " + dir +
                "/x.xml",
            "has no --source"},
        Bad{"--collective scatter --format sccl-json --output /dev/full", "cannot write"}}) {
    SCOPED_TRACE(b.args);
    const auto r = hctest::run(base + b.args);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(r.err.rfind("hypercast: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(b.message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_TRUE(fs::is_empty(dir)) << "something was written";
  }
  // Beyond the executor's parser: refused after the schedule, nothing written.
  const auto r = hctest::run(hctest::hypercast() +
                             " export --topology torus --n 2 --k 9 --collective total-exchange"
                             " --messages 8 --format msccl-xml --output " +
                             dir + "/big.xml");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("4096"), std::string::npos) << r.err;
  EXPECT_TRUE(fs::is_empty(dir));
  fs::remove_all(dir);
}
