// Limits by cost: before any allocation, a run's work and memory are estimated
// from its parameters alone, and a run whose estimate is above the budget is
// refused in one line that names the estimate and the limit. The budget is what
// fits in 8 GiB and about an hour on 2 cores (measured, docs/user-guide.md,
// "Limits"); --allow-large (or HYPERCAST_ALLOW_LARGE=1 in the environment)
// multiplies every budget by kAllowLargeFactor for bigger machines. The
// Limits table in the docs lists each constant with its formula, and a test
// checks the table against these constants.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "flow/flow.h"
#include "util/params.h"

namespace hypercast {
namespace flow {

// simulate (weight-router network): broadcasts x nodes, the deliveries the
// model makes and the checker checks (a --trace has at most one row per
// delivery). Estimated at kBytesPerDelivery each: 2^26 of them are 8 GiB
// (measured with hc-bench memory: 150 to 165 bytes each on G^{1,1}_{64,64}
// with 2,000 to 10,000 random broadcasts in a window of 1,000, where the
// scoreboard holds an N-entry record per broadcast in flight; about 60,000
// deliveries a second).
constexpr uint64_t kMaxDeliveries = uint64_t{1} << 26;
constexpr uint64_t kBytesPerDelivery = 128;
// simulate: ports per node (the generators of a Cayley graph); fixed, not
// raised by --allow-large.
constexpr uint64_t kMaxSimulatePorts = 64;
// simulate: port ends, nodes x ports per node, estimated at kBytesPerPortEnd
// each: 2^20 of them are 8 GiB (measured with hc-bench memory: C_4096<1..32>'s
// 262,144 port ends peak at 1.2 GiB, about 4.8 KiB each).
constexpr uint64_t kMaxSimulatePortEnds = uint64_t{1} << 20;
constexpr uint64_t kBytesPerPortEnd = 8192;
// schedule, generate, simulate of a collective (schedule-ROM networks, the
// mesh): the schedule's transfers, estimated from the paper's counts (N - 1
// for a broadcast; M N (N - 1) for the multinode broadcast; M times the sum of
// distances from the root for the scatter, N times it for the total exchange),
// at kBytesPerTransfer each: 2^27 of them are 8 GiB (measured on `schedule`:
// 43 bytes each for the 10-cube's total exchange, 28 for the 12-cube's
// multinode broadcast, 39 for MT(3,11)'s total exchange; about 2 M a second).
constexpr uint64_t kMaxScheduleTransfers = uint64_t{1} << 27;
constexpr uint64_t kBytesPerTransfer = 64;
// generate, simulate of a schedule-ROM network: ROM bits, N nodes x rows x
// word width. At the steps' lower bound every row is busy, so this is the
// transfers times the bits a transfer takes in a row (a send and a receive
// field: 2 ceil(log2(N M)) + 3). 2^32 bits are 512 MiB in a model's memory
// and 1 GiB of $readmemh text.
constexpr uint64_t kMaxRomBits = uint64_t{1} << 32;
// simulate --trace: rows, one per delivery (weight routers) or per transfer
// (a collective), at kBytesPerTraceRow each: 2^25 rows are 2 GiB of CSV, a
// disk budget below the memory budgets of the deliveries and transfers
// (measured: 25 to 31 bytes a row on 16- and 64-node networks,
// docs/results.md "Peak memory against the estimates").
constexpr uint64_t kMaxTraceRows = uint64_t{1} << 25;
constexpr uint64_t kBytesPerTraceRow = 64;
// simulate --engine verilator|cosim with the whole-network top (--rtl-model
// network, or --wave): its port ends, nodes x ports. Measured on an earlier
// router: Verilator took 6 GB and 100 s on the 240-node G^{3,2,1}_{8,6,5}
// router top (2,880 port ends), about 2 MiB each, so 4,096 of them fit in
// 8 GiB (docs/results.md "Verilator builds and simulation speed").
constexpr uint64_t kMaxVerilatedPortEnds = 4096;
// tcd: every source's two schedules built and checked, each about N deliveries
// and their paths: N sources x N nodes. Measured 0.10 to 0.18 us per source
// and node on 2 cores with both columns, growing with the mesh (64x64: 1.6 s,
// 128x128: 46 s, 32x32x32: 193 s; docs/results.md "Mesh broadcast"), so 2^32
// of them (256x256) take a quarter of an hour or more, and the next mesh of
// equal power-of-two sides, 512x512 or 64x64x64, 16 times as many, hours.
constexpr uint64_t kMaxTcdSourceNodes = uint64_t{1} << 32;
// regress plan: jobs, networks x sweep values x engines x repeats.
constexpr uint64_t kMaxRegressJobs = 100000;
// --allow-large multiplies each budget above by this.
constexpr uint64_t kAllowLargeFactor = 64;

// HYPERCAST_ALLOW_LARGE=1 in the environment.
inline bool allowLargeFromEnvironment() {
  const char* v = std::getenv("HYPERCAST_ALLOW_LARGE");
  return v && std::strcmp(v, "1") == 0;
}

// Large runs allowed: --allow-large, or HYPERCAST_ALLOW_LARGE=1.
inline bool allowLarge(const Params& p) {
  return p.has("allow-large") || allowLargeFromEnvironment();
}

// A refusal's last words: how to raise the limit, or that it was raised.
inline std::string raisedOrHow(bool raised) {
  return raised ? "raised " + std::to_string(kAllowLargeFactor) + "-fold already"
                : "--allow-large or HYPERCAST_ALLOW_LARGE=1 raises it";
}

// The budget `limit`, or kAllowLargeFactor times it when large runs are allowed.
inline uint64_t budget(uint64_t limit, bool allow_large) {
  return allow_large ? limit * kAllowLargeFactor : limit;
}

// The estimates checkCost compares with the budgets, from the options alone;
// 0 where an estimate does not apply or its options cannot be read (the flow
// then reports them itself). hc-bench compares them with measured peaks.
struct CostEstimate {
  double nodes = 0, ports = 0;
  double deliveries = 0;           // simulate (weight routers): broadcasts x nodes
  double transfers = 0;            // a collective's schedule
  std::string transfers_formula;   // how they were counted
  double rom_bits = 0;             // generate, simulate of a schedule-ROM network
  double trace_rows = 0;           // simulate --trace
  double verilated_port_ends = 0;  // simulate's whole-network Verilated top
  // A refusal whatever the budgets (a graph construction's size): checkCost
  // gives it before the budgets' own, which --allow-large would seem to lift.
  std::string refusal;

  // The memory the estimate stands for: the largest of its counted items at
  // the bytes each budget assumes (port ends, deliveries, transfers).
  double bytes() const;
};
CostEstimate estimateCost(const Params& p, Step step);

// Refuses (hypercast::Error, one line) a run of `step` whose estimated cost is
// above its budget. --allow-large in `p`, or the environment, raises it. The
// line starts with `command` ("sweep at rate 0.5"), by default the step's name.
void checkCost(const Params& p, Step step, const std::string& command = "");

// tcd's: refuses a mesh of `nodes` nodes whose sources x nodes is above
// kMaxTcdSourceNodes (raised as checkCost's budgets are), before any work.
void checkTcdCost(const Params& p, uint64_t nodes);

}  // namespace flow
}  // namespace hypercast
