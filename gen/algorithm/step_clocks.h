// A schedule run at several clocks per step. The schedule-ROM node moves a
// packet over a link in one clock and takes at most one write and one read per
// store bank a clock (hw/hc_sched_node.v); run one step as K clocks and every
// transfer of the step goes in one of them, so that a node that sends and
// receives on P ports in a step sends and receives on at most ceil(P / K) of
// them in a clock. The lower bound on its store banks (algorithm/store_banks.h,
// row for clock) falls to ceil(P / K), which the banks reach when each packet
// is read once, and always at K >= P: one write and one read a clock, one
// bank. The steps and
// transmissions stay the schedule's (the lower bounds are about steps); the
// clocks are K per step.
//
// Which clock a transfer takes. By its output port, p mod K, when that spreads
// every node's sends and receives of every step as evenly as the ports allow
// (at most ceil(D / K) a clock, D the most transfers one node sends or receives
// in a step): the rule sees only what a node sees, so translated nodes of a
// translation-invariant schedule keep identical programs (a shared ROM). On a
// port graph where it does not (two neighbours driving a node from outputs of
// one class), by König's edge colouring of the step's sender-receiver
// multigraph (algorithm/edge_colouring.h) into D colours, colour mod K, which
// reaches ceil(D / K) always.
#pragma once

#include <cstdint>

#include "algorithm/collective.h"
#include "topology/port_graph.h"

namespace hypercast {

// The most clocks per step the tools take.
constexpr uint32_t kMaxClocksPerStep = 64;

// The schedule in clocks: transfer (step t) of s becomes one of clock
// (t - 1) * k + c + 1, c in [0, k); steps = s.steps * k. k = 1 returns s.
// Throws Error if k is 0 or above kMaxClocksPerStep, s.steps * k does not fit
// 32 bits, or a transfer leaves on no link of g.
Schedule scheduleInClocks(const Schedule& s, const PortGraph& g, uint32_t k);

// The step a clock (1 or more) of scheduleInClocks(., ., k) belongs to.
inline uint32_t stepOfClock(uint32_t clock, uint32_t k) { return (clock - 1) / k + 1; }

}  // namespace hypercast
