// The harnesses' job files (gen/sim/sim_job.*, gen/sim/sched_job.*), and what
// the fuzzer (fuzz/, make fuzz) found in their parsers: each finding is a case
// here. A file is either refused with a hypercast::Error or read into a job that
// serializes back to a file that reads the same.
#include <gtest/gtest.h>

#include <string>

#include "sim/sched_job.h"
#include "sim/sim_job.h"
#include "topology/hypercycle.h"
#include "util/error.h"

using hypercast::Error;

namespace {

const std::string kHeader = "hypercast-job 1\nm 5,4\nrho 1,1\n";

std::string refusal(const std::string& text) {
  try {
    hypercast::parseJob(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "(accepted)";
}

}  // namespace

TEST(SimJob, RoundTrip) {
  hypercast::SimJob job;
  job.m = {5, 4};
  job.rho = {1, 1};
  job.engine = "cosim";
  job.format = "json";
  job.rtl.router = hypercast::RouterKind::kProgrammable;
  job.rtl.arbitration = hypercast::Arbitration::kFair;
  job.trace_path = "  lead\\ing\nspace \r.csv";
  job.wave_path = "/tmp/w.fst";
  job.traffic = "uniform";
  job.rate = 0.25;
  job.inject_until = 100;
  job.broadcasts = {{19, 3, 7}, {0, 0, 1}};
  const std::string text = hypercast::serializeJob(job);
  const hypercast::SimJob back = hypercast::parseJob(text);
  EXPECT_EQ(back.trace_path, job.trace_path);  // leading spaces, '\\', newline, CR kept
  EXPECT_EQ(back.wave_path, job.wave_path);
  EXPECT_EQ(back.broadcasts.size(), 2u);
  EXPECT_EQ(back.rtl.arbitration, hypercast::Arbitration::kFair);
  EXPECT_EQ(hypercast::serializeJob(back), text);
}

// --hop-cycles 2 travels in the job file (the hardwired router only).
TEST(SimJob, HopCyclesRoundTrip) {
  hypercast::SimJob job;
  job.m = {7};
  job.rho = {1};
  job.rtl.hop_cycles = 2;
  job.broadcasts = {{0, 0, 1}};
  const std::string text = hypercast::serializeJob(job);
  EXPECT_NE(text.find("hop_cycles 2\n"), std::string::npos) << text;
  EXPECT_EQ(hypercast::parseJob(text).rtl.hop_cycles, 2);
}

// Fuzzer finding 1: a file with a header and no network was accepted (the
// harness then ran on an empty network); its serialization did not read back.
TEST(SimJob, RefusesAJobWithoutANetwork) {
  EXPECT_NE(
      refusal(std::string("hypercast-job hm5\0\0 r1o 1\nengine systemc\nbroadcast 0 0 1\n", 57))
          .find("job file"),
      std::string::npos);
  EXPECT_NE(refusal("hypercast-job 1\nengine systemc\n").find("no 'm' line"), std::string::npos);
}

// Fuzzer finding 2: rho near INT_MAX overflowed `2 * rho > m` in
// Hypercycle::fromPaperOrder (undefined behaviour) instead of being refused.
TEST(SimJob, HugeRhoIsRefusedWithoutOverflow) {
  EXPECT_NE(refusal("hypercast-job 1\nm 8,6652345,5\nrho 1,2,1652345991\n").find("exceeds m_1/2"),
            std::string::npos);
  EXPECT_THROW(hypercast::Hypercycle::fromPaperOrder({8}, {2147483647}), Error);
}

// What the harness would have trusted: every value is checked.
TEST(SimJob, RefusesWhatAHarnessCannotRun) {
  EXPECT_NE(refusal(kHeader + "broadcast 20 0 1\n").find("origin 20 is outside 0..19"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "broadcast -1 0 1\n").find("malformed"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "broadcast 1 -5 1\n").find("start cycle"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "payload_width 8\nbroadcast 1 0 256\n").find("payload"),
            std::string::npos);
  EXPECT_NE(refusal(kHeader + "broadcast 1 0 1 junk\n").find("malformed"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "m 5\n").find("given twice"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "preference sideways\n").find("preference"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "engine spice\n").find("engine"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "watchdog 0\n").find("watchdog"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "buffer_depth 0\n").find("buffer-depth"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "arbitration lottery\n").find("arbitration"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "hop_cycles 3\n").find("hop-cycles"), std::string::npos);
  EXPECT_NE(refusal(kHeader + "traffic uniform 2\n").find("rate"), std::string::npos);
  EXPECT_NE(refusal("hypercast-job 1\nm 5,x\nrho 1,1\n").find("malformed"), std::string::npos);
  EXPECT_NE(refusal("hypercast-job 1\nm 5,\nrho 1,1\n").find("malformed"), std::string::npos);
  EXPECT_NE(refusal("hypercast-job 2\n" + kHeader.substr(16)).find("version"), std::string::npos);
  EXPECT_NE(refusal("m 5\nhypercast-job 1\n").find("not a hypercast job file"), std::string::npos);
  EXPECT_NE(refusal("").find("not a hypercast job file"), std::string::npos);
}

TEST(SchedJob, RefusesWhatAHarnessCannotRun) {
  auto job = [](const std::string& radices, uint64_t nodes, uint32_t root) {
    return std::string(R"({"hypercast_sched_job":1,"network":{"kind":"cayley","topology":"t",)") +
           R"("name":"n","label":"l","radices":)" + radices +
           R"(,"gens":[],"params":{}},"collective":{"name":"broadcast","nodes":)" +
           std::to_string(nodes) + R"(,"root":)" + std::to_string(root) +
           R"(,"messages":1},"steps":1,"schedule_csv":"s","ports_csv":"p","engine":"systemc",)"
           R"("rtl_model":"","rom_dir":"","roms":[],"rom_word_bits":0,"payload_width":8,)"
           R"("seed":1,"trace":"","wave":"","json":false,"repeat":1,"construction":"bfs",)"
           R"("group_store_and_forward":false})";
  };
  const hypercast::SchedJob ok = hypercast::parseSchedJob(job("[2,2]", 4, 3));
  EXPECT_EQ(
      hypercast::serializeSchedJob(hypercast::parseSchedJob(hypercast::serializeSchedJob(ok))),
      hypercast::serializeSchedJob(ok));
  EXPECT_THROW(hypercast::parseSchedJob(job("[2,2]", 4, 4)), Error);  // root outside
  // 2^32 x 2^32 nodes wrapped around to 0 in the node count.
  EXPECT_THROW(hypercast::parseSchedJob(job("[65536,65536,65536,65536]", 0, 0)), Error);
  // Fuzzer finding 3: a radix beyond int (a JSON double) was converted by
  // nlohmann's get<int> with undefined behaviour; one beyond int as an integer
  // was silently cut to 32 bits.
  EXPECT_THROW(hypercast::parseSchedJob(job("[2,2777777777777777777777,2]", 8, 0)), Error);
  EXPECT_THROW(hypercast::parseSchedJob(job("[2,4294967298]", 4, 0)), Error);
  EXPECT_THROW(hypercast::parseSchedJob(job("[2,2.5]", 4, 0)), Error);
  EXPECT_THROW(hypercast::networkDescFromJson(
                   R"({"kind":"cayley","topology":"t","name":"n","label":"l","radices":[4],)"
                   R"("gens":[[7]],"params":{}})"),
               Error);  // a generator outside Z_4
}
