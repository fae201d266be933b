// One schedule-driven node of the SystemC transaction model. It runs the
// collective's schedule itself (the transfers, not the ROM the RTL runs), with
// the RTL's timing: row r files the arrivals of step r from its input links and
// then drives the sends of step r+1 into its output links.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <systemc>
#include <unordered_map>
#include <utility>
#include <vector>

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

// What a node does in each row: (port, packet key) pairs.
struct NodePlan {
  std::vector<std::vector<std::pair<int, uint64_t>>> sends;  // [r]: sends of step r+1
  std::vector<std::vector<std::pair<int, uint64_t>>> recvs;  // [r]: arrivals of step r
  // [r]: packets the node no longer needs after row r's sends (relayed packets
  // and its own), so that at the end it holds only what was delivered to it.
  std::vector<std::vector<uint64_t>> drops;
};

class SchedNode : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_vector<sc_core::sc_in<LinkWord>> lin;
  sc_core::sc_vector<sc_core::sc_out<LinkWord>> lout;

  SchedNode(sc_core::sc_module_name name, int np, NodePlan plan);

  void load(uint64_t key, uint64_t payload) { held_[key] = payload; }
  // Forget every packet (before loading a new run).
  void clear() {
    held_.clear();
    done_ = false;
  }
  void start() {
    running_ = true;
    row_ = 0;
  }
  bool done() const { return done_; }
  const std::unordered_map<uint64_t, uint64_t>& held() const { return held_; }
  const std::vector<std::string>& errors() const { return errors_; }
  // Half-duplex links (hc_sched_node's HD): output p and input p are one channel
  // to one neighbour; both ends driving it in one step is an error.
  void setHalfDuplex(bool on) { half_duplex_ = on; }
  // Test hook: flip payload bit 0 of everything this node sends.
  void setPayloadFault(bool on) { fault_ = on; }

 private:
  void onClock();
  NodePlan plan_;
  std::unordered_map<uint64_t, uint64_t> held_;
  std::vector<LinkWord> out_;
  std::vector<std::string> errors_;
  bool running_ = false;
  bool done_ = false;
  bool fault_ = false;
  bool half_duplex_ = false;
  size_t row_ = 0;
};

}  // namespace model
}  // namespace hypercast
