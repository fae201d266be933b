// Emits a network of schedule-driven nodes (hw/hc_sched_node.v) that runs one
// collective's schedule: per node a ROM image, the whole-network top, the slot
// map, manifest.json, a FuseSoC core, an SDC clock and a .f file list. Formats:
// docs/file-formats.md "Schedule ROM format".
#pragma once

#include <string>
#include <vector>

#include "algorithm/collective.h"
#include "emit/output_dir.h"
#include "emit/schedule_program.h"
#include "emit/tool_files.h"
#include "topology/network.h"
#include "topology/port_graph.h"

namespace hypercast {

struct ScheduleRtl {
  std::string name;                        // e.g. "cube4_te", "torus_n2_k5_bcast_s0" (or --name)
  std::string top_module;                  // name + "_top"
  std::vector<std::string> verilog_files;  // compile order, relative to the out folder
  std::vector<std::string> roms;           // node x's ROM image, relative to the out folder
  FileSet files;
  NetworkProgram program;
  int payload_width = 32;
  int addr_width = 1;                // bits of ld_node_i / rd_node_i
  bool shared_rom = false;           // one ROM drives every node (roms lists it N times)
  bool half_duplex = false;          // nodes with HD = 1 (half-duplex links)
  std::vector<uint32_t> bram_banks;  // node x's banks 0 .. bram_banks[x]-1 in block RAM (NBRAM)
  uint32_t clocks_per_step = 1;  // ROM rows (clocks) per schedule step (algorithm/step_clocks.h)
  Schedule clocked;              // with clocks_per_step > 1: the schedule in clocks the ROMs run
};

// The iCE40 HX8K's block RAMs (SB_RAM40_4K) and flip-flops: what the store of a
// schedule network is fitted to (storeBramBanks).
constexpr uint64_t kHx8kBlockRams = 32;
constexpr uint64_t kHx8kFlipFlops = 7680;

// iCE40 block RAMs one bank of `depth` words of `width` bits takes: the fewest over
// SB_RAM40_4K's shapes 256 x 16, 512 x 8, 1024 x 4 and 2048 x 2.
uint64_t ice40BankBrams(int width, uint32_t depth);

// Per node, how many of its banks keep their words in block RAM (hc_sched_node
// NBRAM, its first banks; the others in flip-flops), by what fits one HX8K,
// node x's banks being max(1, depth_x) words deep: all banks when the whole
// top's banks take at most its 32 block RAMs; else the banks taken deepest
// first (a node's in index order, one bank index across the nodes before the
// next) while block RAMs remain, when the other banks' words fit its 7,680
// flip-flops; else all banks (the network cannot fit one HX8K either way, and a
// node alone keeps its store out of its logic).
std::vector<uint32_t> storeBramBanks(const NetworkProgram& p, int payload_width);

// "cube4_mnb", "cube3_scatter_s5", "mesh_3x4_bcast_s0", ...
std::string scheduleNetworkName(const NetworkDesc& net, const Schedule& s);

// The top wires input p of node x from the output that drives it (g.drivenBy);
// an absent port's input is tied to zero and its output left open. A half-
// duplex schedule (Schedule::links) gets nodes with HD = 1, whose output p and
// input p form one channel: every generator must be its own inverse (throws
// Error otherwise).
// `shared_rom`: every node reads one ROM (one hc_sched_rom, its word fanned out
// to all nodes, addressed by node 0: all nodes start together and step in
// lockstep). Needs a translation-invariant schedule, whose nodes all compile to
// the same program (NetworkProgram::identicalRoms); throws Error otherwise.
// `target_mhz`: the clock of the SDC file <name>.sdc (tool_files.h).
// `name`: the folder's name (emit/design_name.h); empty: scheduleNetworkName,
// with _c<K> after it when a step takes K > 1 clocks.
// `clocks_per_step`: the nodes run each step of s as that many clocks (ROM
// rows), each transfer in one of them (scheduleInClocks, algorithm/
// step_clocks.h): fewer banks a node, the same steps, K times the clocks.
ScheduleRtl emitScheduleNetwork(const NetworkDesc& net, const PortGraph& g, const Schedule& s,
                                int payload_width, bool shared_rom = false,
                                int target_mhz = kDefaultTargetMhz, const std::string& name = {},
                                uint32_t clocks_per_step = 1);

// The parameters of hc_sched_node when every node gets the largest store (the
// wired-node model Verilates the node once with these and wires N copies).
std::vector<std::pair<std::string, int>> uniformNodeParameters(const ScheduleRtl& r, int ports);

// The wired-node model's top: module kSchedNodeLatched, with hc_sched_node's
// ports and the parameters of uniformNodeParameters, takes every input but
// rst_ni into a register at the falling edge of clk_i and hands the registers
// to one hc_sched_node. Exact for a harness that sets the inputs with the clock
// low and clocks each rising edge after them; Verilator then evaluates the
// node's logic at the two edges only, not again for each change of an input.
extern const char* const kSchedNodeLatched;
std::string schedNodeLatchedWrapper();

}  // namespace hypercast
