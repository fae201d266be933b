// An independent check of a schedule run at K clocks per step (algorithm/
// step_clocks.h): the clocked schedule moves exactly the step schedule's
// transfers, each in one of the K clocks of its step, and no node sends or
// receives more than ceil(D / K) transfers in one clock, D the most one node
// sends or receives in that step (what makes ceil(D / K) store banks enough
// when each packet is read once).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/collective.h"

namespace hypercast {
namespace checker {

// The violations, empty if `clocked` is `steps` at k clocks per step; at most
// `limit` of them.
std::vector<std::string> checkStepClocks(const Schedule& steps, const Schedule& clocked, uint32_t k,
                                         size_t limit = 10);

// Throws Error("clocks per step: <the first violation>"), one line, if not.
void requireStepClocks(const Schedule& steps, const Schedule& clocked, uint32_t k);

}  // namespace checker
}  // namespace hypercast
