// `hypercast schedule --collective accumulation|global-sum` on any Cayley graph
// (the hypercube, torus, hypercycle and cayley topologies): Faber's combining
// collectives (algorithm/combining_collectives.h), each checked by its own
// checker (checker/combining_checker.h) before anything is printed or written.
#pragma once

#include <string>

#include "cli/args.h"

namespace hypercast {
namespace cli {

// --collective names a combining collective.
bool wantsCombining(const Args& a);
// --input-bits: the inputs' width for the global sum's accumulator rule.
OptionSpec inputBitsOption();
// The schedule command's work for them (options: the topology's, --out, --json,
// --input-bits).
int combiningSchedule(const Args& a);
// `generate --collective global-sum|accumulation --out DIR`: the network of
// hc_sum_node or hc_acc_node (emit/sum_rtl.h), its top, the hw/ module and
// manifest.json.
int combiningGenerate(const Args& a);

}  // namespace cli
}  // namespace hypercast
