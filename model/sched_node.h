// One schedule-driven node of the SystemC transaction model, with the RTL's
// timing (hw/hc_sched_node.v): row r files the arrivals of step r from its input
// links and drives the sends of step r+1 into its output links.
//
// It runs its ROM words (emit/rom_format.h) as the RTL does: the packet store is
// NB banks of DEPTH words, each taking the writes and issuing the reads its
// fields name (a read returns the word before that row's write, and its word is
// what the next row's store sends take); a send takes a bank's read word, the
// packet arriving on a port now, or the one that arrived in the row before. The
// schedule (its transfers, not the ROM) says which packet each send and each
// arrival should be: every stored word carries the name of the packet written
// into it, and a send whose source holds another packet, none, or that the
// schedule does not make (or a scheduled send the ROM omits) is the node's
// first fault, named by row and port. A wrong bank or address thus fails the
// run on the model alone, and in co-simulation, where the RTL runs the same
// ROM, it is the first divergence.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <systemc>
#include <utility>
#include <vector>

#include "emit/rom_format.h"

namespace hypercast {
namespace model {

// One direction of one link during one cycle.
struct LinkWord {
  bool valid = false;
  uint64_t payload = 0;

  bool operator==(const LinkWord& o) const {
    return valid == o.valid && (!valid || payload == o.payload);
  }
};
std::ostream& operator<<(std::ostream& os, const LinkWord& w);
inline void sc_trace(sc_core::sc_trace_file*, const LinkWord&, const std::string&) {}

// The packet names a node's words carry: a packet key (algorithm/collective.h),
// or one of these.
constexpr uint64_t kNoSend = ~uint64_t{0};        // a port that sends nothing
constexpr uint64_t kNoPacket = ~uint64_t{0} - 1;  // a word no scheduled packet filled

// What the schedule makes a node do, per row: the packet each output port sends
// (of step r+1) and each input port receives (of step r), kNoSend for none.
struct NodePlan {
  std::vector<uint64_t> sends;  // [r * NP + p]
  std::vector<uint64_t> recvs;  // [r * NP + p]
};

// The shape of every node's store (the largest any node uses).
struct StoreShape {
  uint32_t banks = 1;
  uint32_t depth = 1;
  int addr_width = 1;  // a slot is bank * 2^addr_width + address
};

// A send the schedule does not make: row, output port, the packet the schedule
// sends there (kNoSend: none), the packet the ROM's source held (kNoSend: the
// ROM sends nothing; kNoPacket: no scheduled packet), and the word sent.
struct SendFault {
  bool found = false;
  uint64_t row = 0;
  int port = 0;
  uint64_t expected = kNoSend;
  uint64_t actual = kNoSend;
  LinkWord sent;
};

class SchedNode : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_vector<sc_core::sc_in<LinkWord>> lin;
  sc_core::sc_vector<sc_core::sc_out<LinkWord>> lout;

  // rom: the node's ROM words (rows + 1 of them), as the RTL's image holds them.
  SchedNode(sc_core::sc_module_name name, int np, NodePlan plan,
            std::shared_ptr<const std::vector<RomRow>> rom, const StoreShape& store);

  // The host's preload: packet `key` into `slot` (bank * 2^AW + address).
  void load(uint64_t slot, uint64_t key, uint64_t payload);
  // What `slot` holds: the payload and the packet written there (kNoPacket: none).
  std::pair<uint64_t, uint64_t> read(uint64_t slot) const;
  // Empty every word (before loading a new run).
  void clear();
  // The start cycle: issues word 0's reads.
  void start();
  bool done() const { return done_; }
  const SendFault& fault() const { return fault_; }
  const std::vector<std::string>& errors() const { return errors_; }
  // Half-duplex links (hc_sched_node's HD): output p and input p are one channel
  // to one neighbour; both ends driving it in one step is an error.
  void setHalfDuplex(bool on) { half_duplex_ = on; }
  // Test hook: flip payload bit 0 of everything this node sends.
  void setPayloadFault(bool on) { flip_ = on; }

 private:
  struct Word {
    bool valid = false;
    uint64_t payload = 0;
    uint64_t packet = kNoPacket;
  };
  void onClock();
  void error(const std::string& what);
  Word* at(uint32_t bank, uint32_t addr);
  size_t np_;
  NodePlan plan_;
  std::shared_ptr<const std::vector<RomRow>> rom_;
  StoreShape store_;
  std::vector<Word> mem_;  // [bank * depth + addr]
  std::vector<Word> rdq_;  // per bank: the word its last read returned
  std::vector<Word> arr_;  // per input port: the arrival of the row before
  std::vector<Word> now_;  // per input port: this row's arrival
  std::vector<LinkWord> out_;
  std::vector<std::string> errors_;
  SendFault fault_;
  bool running_ = false;
  bool done_ = false;
  bool flip_ = false;
  bool half_duplex_ = false;
  size_t row_ = 0;
  size_t rows_ = 0;
};

}  // namespace model
}  // namespace hypercast
