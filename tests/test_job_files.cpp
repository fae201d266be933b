// The harnesses' job files (gen/sim/job_file.h: one envelope, a body per kind),
// and what the fuzzer (fuzz/, make fuzz) found in their readers: each finding
// is a case here. A file is either refused with a one-line hypercast::Error
// naming the key, or read into a job that serializes back to the same text.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "sim/combining_job.h"
#include "sim/job_file.h"
#include "sim/mesh_job.h"
#include "sim/sched_job.h"
#include "sim/sim_job.h"
#include "test_util.h"
#include "topology/hypercycle.h"
#include "util/error.h"

using hypercast::Error;
using hypercast::JobKind;
using Json = nlohmann::ordered_json;

namespace {

// The error a reader throws, or "(accepted)".
template <class Read>
std::string refusal(Read read) {
  try {
    read();
  } catch (const Error& e) {
    return e.what();
  }
  return "(accepted)";
}

std::string simRefusal(const std::string& text) {
  return refusal([&] { hypercast::parseJob(text); });
}

// A router-network job with these body keys (m 5,4 and rho 1,1 unless given).
std::string simJob(Json body) {
  if (!body.contains("m")) body["m"] = {5, 4};
  if (!body.contains("rho")) body["rho"] = {1, 1};
  return hypercast::writeJobFile(JobKind::kRouterNetwork, body);
}

hypercast::SimJob routerJob() {
  hypercast::SimJob job;
  job.m = {5, 4};
  job.rho = {1, 1};
  job.engine = "cosim";
  job.json = true;
  job.rtl.router = hypercast::RouterKind::kProgrammable;
  job.rtl.arbitration = hypercast::Arbitration::kFair;
  job.trace_path = "  lead\\ing\nspace \r.csv";
  job.wave_path = "/tmp/w.fst";
  job.traffic = "uniform";
  job.rate = 0.25;
  job.inject_until = 100;
  job.broadcasts = {{19, 3, 7}, {0, 0, 1}};
  return job;
}

hypercast::NetworkDesc cube2() {
  hypercast::NetworkDesc n;
  n.topology = "hypercube";
  n.name = "cube2";
  n.label = "2-cube";
  n.radices = {2, 2};
  n.gens = {{1, 0}, {0, 1}};
  n.params = {{"dim", "2"}};
  return n;
}

hypercast::SchedJob scheduleJob() {
  hypercast::SchedJob j;
  j.network = cube2();
  j.problem.collective = hypercast::Collective::kBroadcast;
  j.problem.nodes = 4;
  j.problem.root = 3;
  j.problem.messages = 1;
  j.steps = 2;
  j.engine = "systemc";
  j.payload_width = 8;
  j.construction = "bfs";
  j.bound_known = true;
  j.bound_steps = 2;
  j.bound_transmissions = 3;
  return j;
}

hypercast::MeshJob meshJob() {
  hypercast::MeshJob j;
  j.extents = {2, 2};
  j.schedule.extents = j.extents;
  j.schedule.source = 0;
  j.schedule.algorithm = "test";
  j.schedule.steps = {{{0, 1}}, {{0, 2}, {1, 3}}};
  j.engine = "systemc";
  return j;
}

// Global sum on the 2-cube: 2 steps, node x's port q driven by x ^ (q + 1).
hypercast::GlobalSumJob globalSumJob() {
  hypercast::GlobalSumJob j;
  j.nodes = 4;
  j.ports = 2;
  j.input_bits = 8;
  j.width = 16;
  j.divisor = 4;
  j.constants = {-2, 0};
  j.uses_input = {true, false};
  j.phase = {0, 0, 0, 0};
  j.in_neighbours = {{1, 2}, {0, 3}, {3, 0}, {2, 1}};
  j.run = {7, 3, true};
  return j;
}

hypercast::AccumulationJob accumulationJob() {
  hypercast::AccumulationJob j;
  j.nodes = 2;
  j.ports = 1;
  j.width = 9;
  j.input_bits = 8;
  j.steps = 1;
  j.images = {{{{1, 1}}}};
  j.image_of = {0, 0};
  j.lanes = {{1}, {0}};
  j.targets = {{0, 1}, {1, 0}};
  return j;
}

// One serialized job of every kind.
std::vector<std::pair<JobKind, std::string>> everyKind() {
  return {{JobKind::kRouterNetwork, hypercast::serializeJob(routerJob())},
          {JobKind::kScheduleNetwork, hypercast::serializeSchedJob(scheduleJob())},
          {JobKind::kWormholeMesh, hypercast::serializeMeshJob(meshJob())},
          {JobKind::kGlobalSum, hypercast::serializeGlobalSumJob(globalSumJob())},
          {JobKind::kAccumulation, hypercast::serializeAccumulationJob(accumulationJob())}};
}

}  // namespace

// Every kind: the envelope first, then a body that reads back to the same text.
TEST(JobFile, EveryKindRoundTrips) {
  const auto jobs = everyKind();
  ASSERT_EQ(jobs.size(), hypercast::jobKinds().size());
  for (const auto& [kind, text] : jobs) {
    SCOPED_TRACE(toString(kind));
    const Json o = Json::parse(text);
    auto key = o.begin();
    EXPECT_EQ(key.key(), "format");
    EXPECT_EQ(*key, "hypercast-job");
    EXPECT_EQ((++key).key(), "version");
    EXPECT_EQ(*key, 1);
    EXPECT_EQ((++key).key(), "kind");
    EXPECT_EQ(*key, toString(kind));
    const hypercast::JobFile f = hypercast::readJobFile(text);
    EXPECT_EQ(f.kind, kind);
    EXPECT_EQ(f.version, 1);
    EXPECT_FALSE(f.body.contains("format"));
    std::string again;
    switch (kind) {
      case JobKind::kRouterNetwork:
        again = hypercast::serializeJob(hypercast::parseJob(f));
        break;
      case JobKind::kScheduleNetwork:
        again = hypercast::serializeSchedJob(hypercast::parseSchedJob(f));
        break;
      case JobKind::kWormholeMesh:
        again = hypercast::serializeMeshJob(hypercast::parseMeshJob(f));
        break;
      case JobKind::kGlobalSum:
        again = hypercast::serializeGlobalSumJob(hypercast::parseGlobalSumJob(f));
        break;
      case JobKind::kAccumulation:
        again = hypercast::serializeAccumulationJob(hypercast::parseAccumulationJob(f));
        break;
    }
    EXPECT_EQ(again, text);
  }
}

// What each kind's struct holds survives the file (the values set above).
TEST(JobFile, FieldsSurvive) {
  const hypercast::SimJob r = hypercast::parseJob(hypercast::serializeJob(routerJob()));
  EXPECT_EQ(r.trace_path, "  lead\\ing\nspace \r.csv");  // leading spaces, '\\', newline, CR
  EXPECT_EQ(r.wave_path, "/tmp/w.fst");
  ASSERT_EQ(r.broadcasts.size(), 2u);
  EXPECT_EQ(r.broadcasts[0].origin, 19u);
  EXPECT_EQ(r.broadcasts[0].start_cycle, 3);
  EXPECT_EQ(r.broadcasts[0].payload, 7u);
  EXPECT_EQ(r.rtl.arbitration, hypercast::Arbitration::kFair);
  EXPECT_EQ(r.rtl.router, hypercast::RouterKind::kProgrammable);
  EXPECT_TRUE(r.json);
  EXPECT_EQ(r.rate, 0.25);
  const hypercast::SchedJob s =
      hypercast::parseSchedJob(hypercast::serializeSchedJob(scheduleJob()));
  EXPECT_EQ(s.problem.root, 3u);
  EXPECT_EQ(s.bound_transmissions, 3u);
  EXPECT_EQ(s.network.radices, (std::vector<int>{2, 2}));
  const hypercast::MeshJob m = hypercast::parseMeshJob(hypercast::serializeMeshJob(meshJob()));
  ASSERT_EQ(m.schedule.steps.size(), 2u);
  EXPECT_EQ(m.schedule.steps[1][1].to, 3u);
  const hypercast::GlobalSumJob g =
      hypercast::parseGlobalSumJob(hypercast::serializeGlobalSumJob(globalSumJob()));
  EXPECT_EQ(g.constants, (std::vector<int64_t>{-2, 0}));
  EXPECT_EQ(g.uses_input, (std::vector<bool>{true, false}));
  EXPECT_EQ(g.in_neighbours[2], (std::vector<uint64_t>{3, 0}));
  EXPECT_EQ(g.run.seed, 7u);
  EXPECT_EQ(g.run.runs, 3);
  const hypercast::AccumulationJob a =
      hypercast::parseAccumulationJob(hypercast::serializeAccumulationJob(accumulationJob()));
  EXPECT_EQ(a.images[0][0][0], (std::pair<int, int>{1, 1}));
  EXPECT_EQ(a.targets[0][1], 1u);
}

// --hop-cycles 2 travels in the job file (the hardwired router only).
TEST(JobFile, HopCyclesRoundTrip) {
  hypercast::SimJob job;
  job.m = {7};
  job.rho = {1};
  job.rtl.hop_cycles = 2;
  job.broadcasts = {{0, 0, 1}};
  const std::string text = hypercast::serializeJob(job);
  EXPECT_EQ(Json::parse(text).at("hop_cycles"), 2) << text;
  EXPECT_EQ(hypercast::parseJob(text).rtl.hop_cycles, 2);
}

// The envelope: wrong version, wrong format, unknown kind, each refused on one
// line naming the key; so is a missing body key, and a job of another kind.
TEST(JobFile, ReaderRefusesAWrongEnvelope) {
  const Json ok = Json::parse(simJob({}));
  auto with = [&](const char* key, const Json& v) {
    Json o = ok;
    o[key] = v;
    return o.dump();
  };
  auto without = [&](const char* key) {
    Json o = ok;
    o.erase(key);
    return o.dump();
  };
  auto read = [](const std::string& text) {
    return refusal([&] { hypercast::readJobFile(text); });
  };
  const std::string cases[][2] = {
      {read(with("version", 2)), "job file: 'version' 2 is not 1"},
      {read(with("version", "1")), "job file: 'version' \"1\" is not 1"},
      {read(without("version")), "job file: no 'version' key"},
      {read(with("format", "hypercast-jobs")), "job file: 'format' is \"hypercast-jobs\""},
      {read(without("format")), "job file: no 'format' key"},
      {read(with("kind", "router")),
       "job file: 'kind' \"router\" is not one of router-network, "
       "schedule-network, wormhole-mesh, global-sum, accumulation"},
      {read(without("kind")), "job file: no 'kind' key"},
      {read("[1]"), "job file: not a JSON object"},
      {read("hypercast-job 1\nm 5\n"), "job file: not JSON"},
      {simRefusal(without("m")), "job file: no 'm' key"},
      {simRefusal(with("color", 1)), "job file: unknown key 'color' in a router-network job"},
      {simRefusal(hypercast::serializeMeshJob(meshJob())),
       "job file: a wormhole-mesh job, not a router-network job"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(c[0].find(c[1]), 0u) << c[0];
    EXPECT_EQ(c[0].find('\n'), std::string::npos) << c[0];
  }
  // Each kind names its own missing key.
  for (const auto& [kind, text] : everyKind()) {
    Json o = Json::parse(text);
    const std::string key = std::next(o.begin(), 3).key();  // the body's first key
    o.erase(key);
    const std::string e = refusal([&, k = kind] {
      const hypercast::JobFile f = hypercast::readJobFile(o.dump());
      if (k == JobKind::kRouterNetwork) hypercast::parseJob(f);
      if (k == JobKind::kScheduleNetwork) hypercast::parseSchedJob(f);
      if (k == JobKind::kWormholeMesh) hypercast::parseMeshJob(f);
      if (k == JobKind::kGlobalSum) hypercast::parseGlobalSumJob(f);
      if (k == JobKind::kAccumulation) hypercast::parseAccumulationJob(f);
    });
    EXPECT_EQ(e, "job file: no '" + key + "' key") << toString(kind);
  }
}

// Fuzzer finding 1 (of the text format this replaced): a file with a header
// and no network was accepted, and the harness ran on an empty network.
TEST(JobFile, RefusesAJobWithoutANetwork) {
  EXPECT_EQ(simRefusal(hypercast::writeJobFile(JobKind::kRouterNetwork, {{"engine", "systemc"}})),
            "job file: no 'm' key");
}

// Fuzzer finding 2: rho near INT_MAX overflowed `2 * rho > m` in
// Hypercycle::fromPaperOrder (undefined behaviour) instead of being refused.
TEST(JobFile, HugeRhoIsRefusedWithoutOverflow) {
  EXPECT_NE(simRefusal(simJob({{"m", {8, 6652345, 5}}, {"rho", {1, 2, 1652345991}}}))
                .find("exceeds m_1/2"),
            std::string::npos);
  EXPECT_THROW(hypercast::Hypercycle::fromPaperOrder({8}, {2147483647}), Error);
}

// --arbitration epoch and its quota reach the harness.
TEST(JobFile, EpochQuotaSurvives) {
  hypercast::SimJob job = routerJob();
  job.rtl.arbitration = hypercast::Arbitration::kEpoch;
  job.rtl.epoch_quota = 7;
  const hypercast::SimJob r = hypercast::parseJob(hypercast::serializeJob(job));
  EXPECT_EQ(r.rtl.arbitration, hypercast::Arbitration::kEpoch);
  EXPECT_EQ(r.rtl.epoch_quota, 7);
}

// What the router harness would have trusted: every value is checked.
TEST(JobFile, RefusesWhatARouterHarnessCannotRun) {
  const std::pair<Json, const char*> cases[] = {
      {{{"broadcasts", {{20, 0, 1}}}}, "origin 20 is outside 0..19"},
      {{{"broadcasts", {{-1, 0, 1}}}}, "'broadcasts' must be a whole number"},
      {{{"broadcasts", {{1, -5, 1}}}}, "'broadcasts' must be a whole number in 0.."},
      {{{"payload_width", 8}, {"broadcasts", {{1, 0, 256}}}}, "payload"},
      {{{"broadcasts", {{1, 0, 1, 0}}}}, "[origin, start_cycle, payload]"},
      {{{"broadcasts", Json::array()}}, "no 'broadcasts' and no traffic ('rate' 0)"},
      {{{"broadcasts", {{1, 0, 5}, {1, 3, 5}}}}, "two broadcasts share origin 1 and payload 5"},
      {{{"preference", "sideways"}}, "preference"},
      {{{"engine", "spice"}}, "engine"},
      {{{"watchdog", 0}}, "'watchdog' must be a whole number in 1.."},
      {{{"buffer_depth", 0}}, "buffer-depth"},
      {{{"arbitration", "lottery"}}, "arbitration"},
      {{{"arbitration", "epoch"}, {"epoch_quota", 0}},
       "'epoch_quota' must be a whole number in 1.."},
      {{{"hop_cycles", 3}}, "hop-cycles"},
      {{{"rate", 2}}, "'rate' must be in 0..1"},
      {{{"m", {5, "x"}}}, "'m' must be a whole number"},
      {{{"m", {5, 2.5}}}, "'m' must be a whole number"},
      {{{"trace", 7}}, "'trace' must be a string"},
      {{{"limits", {{"max_dims", 2}}}}, "'limits' needs"},
      {{{"endpoints", "axis"}, {"payload_width", 12}}, "a multiple of 8"},
      {{{"endpoints", "axis"},
        {"router", "programmable"},
        {"limits", {{"max_dims", 4}, {"max_radix", 15}, {"max_degree", 16}}}},
       "needs the hardwired router"},
  };
  for (const auto& [body, says] : cases) {
    const std::string e = simRefusal(simJob(body));
    EXPECT_NE(e.find(says), std::string::npos) << body.dump() << ": " << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  }
}

TEST(JobFile, RefusesWhatAScheduleHarnessCannotRun) {
  auto job = [](const Json& radices, uint64_t nodes, uint32_t root) {
    Json o = Json::parse(hypercast::serializeSchedJob(scheduleJob()));
    o["network"]["radices"] = radices;
    o["network"]["gens"] = Json::array();
    o["collective"]["nodes"] = nodes;
    o["collective"]["root"] = root;
    return o.dump();
  };
  auto says = [](const std::string& text) {
    return refusal([&] { hypercast::parseSchedJob(text); });
  };
  EXPECT_EQ(says(job({2, 2}, 4, 3)), "(accepted)");
  EXPECT_EQ(says(job({2, 2}, 4, 4)), "job file: 'root' is outside the network");
  // 2^32 x 2^32 nodes wrapped around to 0 in the node count.
  EXPECT_EQ(says(job(Json::parse("[65536,65536,65536,65536]"), 0, 0)),
            "job file: 'network': more than 16777216 nodes");
  // Fuzzer finding 3: a radix beyond int (a JSON double) was converted by
  // nlohmann's get<int> with undefined behaviour; one beyond int as an integer
  // was silently cut to 32 bits.
  EXPECT_EQ(says(job(Json::parse("[2,2777777777777777777777,2]"), 8, 0)),
            "job file: 'network': 'radices' must be a whole number in "
            "-2147483648..2147483647, got 2.777777777777778e+21");
  EXPECT_EQ(says(job(Json::parse("[2,4294967298]"), 4, 0)),
            "job file: 'network': 'radices' must be a whole number in "
            "-2147483648..2147483647, got 4294967298");
  // Each prefix once, the network's key after it (never "job file: 'network':
  // job file: 'radices' ...").
  EXPECT_EQ(says(job(Json::parse("[2,2.5]"), 4, 0)),
            "job file: 'network': 'radices' must be a whole number in "
            "-2147483648..2147483647, got 2.5");
  EXPECT_EQ(says(job(Json::parse("[1,4]"), 4, 0)),
            "job file: 'network': 'radices' holds a radix below 2");
  EXPECT_EQ(says(job(Json::array(), 1, 0)), "job file: 'network': 'radices' is empty");
  Json graph = Json::parse(hypercast::serializeSchedJob(scheduleJob()));
  graph["network"]["kind"] = "graph";
  graph["network"]["links"] = Json::array();
  EXPECT_EQ(says(graph.dump()), "job file: 'network': no 'graph_ports' key");
  graph["network"]["kind"] = "ring";
  EXPECT_EQ(says(graph.dump()),
            "job file: 'network': 'kind' \"ring\" is not one of cayley, mesh, graph");
  // The description alone says so under its own prefix, once.
  auto desc = [](const std::string& radices, const std::string& gens) {
    return refusal([&] {
      hypercast::networkDescFromJson(
          R"({"kind":"cayley","topology":"t","name":"n","label":"l","radices":)" + radices +
          R"(,"gens":)" + gens + R"(,"params":{}})");
    });
  };
  EXPECT_EQ(desc("[4]", "[[7]]"),
            "network description: 'gens' holds a coordinate outside its group");
  EXPECT_EQ(desc("[4.5]", "[]"),
            "network description: 'radices' must be a whole number in "
            "-2147483648..2147483647, got 4.5");
  EXPECT_EQ(desc("[1]", "[]"), "network description: 'radices' holds a radix below 2");
  EXPECT_EQ(refusal([] { hypercast::networkDescFromJson("{}"); }),
            "network description: [json.exception.out_of_range.403] key 'kind' not found");
}

// The wormhole mesh's and the combining collectives' shapes: each refusal in
// one line, naming the key.
TEST(JobFile, RefusesWhatAMeshOrCombiningHarnessCannotRun) {
  auto mesh = [](const char* key, const Json& value) {
    Json o = Json::parse(hypercast::serializeMeshJob(meshJob()));
    o[key] = value;
    return refusal([&] { hypercast::parseMeshJob(o.dump()); });
  };
  EXPECT_EQ(mesh("extents", Json::parse("[2,2,2,2,2,2,2,2,2]")),
            "job file: 'extents' must hold 1 to 8 sides");
  EXPECT_EQ(mesh("extents", Json::parse("[1024,1024,2]")),
            "job file: 'extents': more than 2^20 nodes");
  EXPECT_EQ(mesh("steps", Json::parse("[[[0,1,2]]]")),
            "job file: 'steps' messages must be [from, to], got [0,1,2]");
  EXPECT_EQ(mesh("steps", Json::parse("[[3]]")),
            "job file: 'steps' messages must be [from, to], got 3");
  Json g = Json::parse(hypercast::serializeGlobalSumJob(globalSumJob()));
  g["constants"] = Json::array();
  EXPECT_EQ(refusal([&] { hypercast::parseGlobalSumJob(g.dump()); }),
            "job file: 'constants' must hold one per step");
  auto acc = [](const Json& images) {
    Json a = Json::parse(hypercast::serializeAccumulationJob(accumulationJob()));
    a["images"] = images;
    return refusal([&] { hypercast::parseAccumulationJob(a.dump()); });
  };
  EXPECT_EQ(acc(Json::array()), "job file: 'images' must hold at least one ROM image");
  EXPECT_EQ(acc(Json::parse("[[[[1,1,1]]]]")),
            "job file: 'images' entries must be [send, recv], got [1,1,1]");
  EXPECT_EQ(acc(Json::parse("[[[7]]]")), "job file: 'images' entries must be [send, recv], got 7");
}

// The combining harnesses index their tables with these numbers: a neighbour,
// an image or a lane outside the network is refused, naming the key.
TEST(JobFile, RefusesWhatACombiningHarnessCannotRun) {
  Json g = Json::parse(hypercast::serializeGlobalSumJob(globalSumJob()));
  g["in_neighbours"][1][0] = 4;
  EXPECT_NE(refusal([&] { hypercast::parseGlobalSumJob(g.dump()); }).find("'in_neighbours'"),
            std::string::npos);
  g = Json::parse(hypercast::serializeGlobalSumJob(globalSumJob()));
  g["uses_input"] = {true};
  EXPECT_NE(refusal([&] { hypercast::parseGlobalSumJob(g.dump()); }).find("'uses_input'"),
            std::string::npos);
  Json a = Json::parse(hypercast::serializeAccumulationJob(accumulationJob()));
  a["image_of"] = {0, 1};
  EXPECT_NE(refusal([&] { hypercast::parseAccumulationJob(a.dump()); }).find("'image_of'"),
            std::string::npos);
  a = Json::parse(hypercast::serializeAccumulationJob(accumulationJob()));
  a["lanes"][0][0] = 2;
  EXPECT_NE(refusal([&] { hypercast::parseAccumulationJob(a.dump()); }).find("'lanes'"),
            std::string::npos);
}

// The fuzzer's seeds (fuzz/corpus/job_file) hold a job of every kind, each of
// which reads and round-trips.
TEST(JobFile, FuzzSeedsHoldEveryKind) {
  std::set<JobKind> kinds;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(HC_SOURCE_DIR) + "/fuzz/corpus/job_file")) {
    SCOPED_TRACE(e.path().string());
    const std::string text = hctest::slurp(e.path().string());
    const hypercast::JobFile f = hypercast::readJobFile(text);
    kinds.insert(f.kind);
    std::string once;
    switch (f.kind) {
      case JobKind::kRouterNetwork:
        once = hypercast::serializeJob(hypercast::parseJob(f));
        EXPECT_EQ(hypercast::serializeJob(hypercast::parseJob(once)), once);
        break;
      case JobKind::kScheduleNetwork:
        once = hypercast::serializeSchedJob(hypercast::parseSchedJob(f));
        EXPECT_EQ(hypercast::serializeSchedJob(hypercast::parseSchedJob(once)), once);
        break;
      case JobKind::kWormholeMesh:
        once = hypercast::serializeMeshJob(hypercast::parseMeshJob(f));
        EXPECT_EQ(hypercast::serializeMeshJob(hypercast::parseMeshJob(once)), once);
        break;
      case JobKind::kGlobalSum:
        once = hypercast::serializeGlobalSumJob(hypercast::parseGlobalSumJob(f));
        EXPECT_EQ(hypercast::serializeGlobalSumJob(hypercast::parseGlobalSumJob(once)), once);
        break;
      case JobKind::kAccumulation:
        once = hypercast::serializeAccumulationJob(hypercast::parseAccumulationJob(f));
        EXPECT_EQ(hypercast::serializeAccumulationJob(hypercast::parseAccumulationJob(once)), once);
        break;
    }
  }
  EXPECT_EQ(kinds.size(), hypercast::jobKinds().size());
}

// What hc-harness prints for a schedule job whose network it cannot read: one
// line, each prefix once (it was "job file: 'network': job file: 'radices' ...").
TEST(Harness, RefusesAScheduleJobsNetworkWithEachPrefixOnce) {
  const std::string path = "/tmp/hctest-job-" + std::to_string(::getpid()) + ".json";
  const std::string harness = "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 " + std::string(HC_BIN_DIR) +
                              "/hc-harness --job " + path;
  Json o = Json::parse(hypercast::serializeSchedJob(scheduleJob()));
  o["network"]["radices"] = Json::parse("[2,2.5]");
  std::ofstream(path) << o.dump();
  auto r = hctest::run(harness);
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_EQ(r.err,
            "hc-harness: job file: 'network': 'radices' must be a whole number in "
            "-2147483648..2147483647, got 2.5\n");
  o["network"]["radices"] = {1, 4};
  std::ofstream(path) << o.dump();
  r = hctest::run(harness);
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_EQ(r.err, "hc-harness: job file: 'network': 'radices' holds a radix below 2\n");
  std::filesystem::remove(path);
}

// hc-harness links the SystemC adapters only: a combining job (its adapters
// run in lock step with a Verilated network) is refused, exit 2, on one line.
TEST(Harness, RefusesAKindItWasNotBuiltFor) {
  const std::string path = "/tmp/hctest-job-" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << hypercast::serializeGlobalSumJob(globalSumJob());
  const std::string harness =
      "SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 " + std::string(HC_BIN_DIR) + "/hc-harness";
  const auto r = hctest::run(harness + " --job " + path);
  std::filesystem::remove(path);
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_EQ(r.err,
            "hc-harness: this harness runs router-network, schedule-network, wormhole-mesh "
            "jobs, not global-sum (" +
                path + ")\n");
  const auto bad = hctest::run(harness + " --job /nonexistent.json");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.err, "hc-harness: cannot read the job file /nonexistent.json\n");
}
