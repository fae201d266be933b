// `hypercast schedule --collective accumulation|global-sum` on any Cayley graph
// (the hypercube, torus, hypercycle and cayley topologies): Faber's combining
// collectives (algorithm/combining_collectives.h), each checked by its own
// checker (checker/combining_checker.h) before anything is printed or written.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "algorithm/combining_collectives.h"
#include "checker/combining_checker.h"
#include "emit/output_dir.h"  // FileSet
#include "sim/combining_job.h"
#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

// `collective` is a combining one: accumulation or global-sum.
bool isCombiningCollective(const std::string& collective);
// The combining collectives a network of kind `kind` takes: accumulation and
// global-sum on an intact Cayley graph (Faber's constructions use every
// generator), none on a mesh, a graph or a network with links removed.
std::vector<std::string> combiningCollectives(NetworkDesc::Kind kind, bool damaged);
// --collective names a combining collective. --input-bits on any other
// collective (or none) is an Error naming where it applies.
bool wantsCombining(const Params& a);
// The schedule command's work for them (options: the topology's, --out, --json,
// --input-bits).
CommandReport combiningSchedule(const Params& a);
// `generate --collective global-sum|accumulation --out DIR`: the network of
// hc_sum_node or hc_acc_node, its top, the hw/ module, <top>.sdc, <top>.f,
// <top>.core and manifest.json (emit/sum_rtl.h, combiningFolder).
CommandReport combiningGenerate(const Params& a);
// `simulate --collective global-sum|accumulation`: that network Verilated, in
// lock step with the SystemC model (tb/sum_cosim.cpp, tb/acc_cosim.cpp) on
// seeded random inputs (flow/combining_simulate.cpp).
CommandReport combiningSimulate(const Params& a);

// The Cayley network of --topology and its --links; a network with links
// removed is refused.
NetworkDesc combiningNetwork(const Params& a, LinkMode* links);

// The accumulation (full or half duplex) built and passed by its checker
// (throws Error, printing the checker's findings, when it is not).
struct CheckedAccumulation {
  AccumulationSchedule schedule;
  checker::CombiningReport report;
  double build_seconds = 0, check_seconds = 0;
  uint64_t one_way_bound = 0;  // half duplex: ceil(P (P-1) / E)
};
CheckedAccumulation checkedAccumulation(const NetworkDesc& net, LinkMode links);
// Half duplex: the global sum's phases (globalSumPhases), passed by their
// checker; empty for full duplex.
std::vector<uint8_t> checkedPhases(const NetworkDesc& net, LinkMode links);

// What generate writes and simulate Verilates for a combining collective.
struct CombiningRtl {
  NetworkDesc net;
  LinkMode links = LinkMode::kFullDuplex;
  std::string collective;  // "accumulation" or "global-sum"
  std::string top;
  FileSet files;                           // rtl/<top>.v, hw/<node>.v
  std::vector<std::string> verilog_files;  // compile order: the node, then the top
  GlobalSumJob sum_job;                    // the harness's job (sim/combining_job.h), for
  AccumulationJob acc_job;                 //   the collective's kind; simulate sets `run`
  uint32_t steps = 0, clocks = 0;          // clocks per run: 2 x steps for a half-duplex global sum
  nlohmann::ordered_json manifest;         // manifest.json's keys but "files" (the emitter's)
  std::string summary;                     // the text report's lines after the network's
};
CombiningRtl buildCombiningRtl(const Params& a);

}  // namespace flow
}  // namespace hypercast
