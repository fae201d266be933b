// The job files of the combining collectives' co-simulation harnesses
// (tb/sum_cosim.cpp, tb/acc_cosim.cpp): plain whitespace-separated numbers, written
// by `hypercast simulate --collective global-sum|accumulation` from the same
// network, program and ROM images the RTL was emitted from.
//
// Global sum (hc-sum-cosim):
//   N NP XW W STEPS DIVISOR HD
//   STEPS constants c_t; STEPS operands (1: x, 0: v)
//   N phases (HD: the phase node x drives in; 0 when full duplex)
//   N lines of NP in-neighbours (node driving input port q)
// Accumulation (hc-acc-cosim):
//   N NP W XW STEPS IMAGES HD
//   IMAGES blocks of STEPS lines of NP pairs "send recv" (entry, or -1)
//   N image numbers (node x runs image image_of[x])
//   N lines of NP lanes driving input port q (lane = node * NP + port)
//   N lines of N numbers: u - c, the target of entry c at node u
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithm/combining_collectives.h"
#include "emit/sum_rtl.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {

std::string globalSumJobText(const PortGraph& g, const GlobalSumProgram& p,
                             const SumNodeParams& params, const std::vector<uint8_t>& phase);

std::string accumulationJobText(const NetworkDesc& net, const PortGraph& g,
                                const AccumulationSchedule& s, const AccRtl& rtl, int input_bits);

}  // namespace hypercast
