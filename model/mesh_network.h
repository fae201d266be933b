// The SystemC model of the wormhole mesh broadcast (hw/hc_mesh_*.v), cycle for
// cycle: one MeshTile module per node (the router and the one-port node), its
// link outputs and credit returns signals read by the tiles across, and the
// step barrier (go = every tile's step_done) a method of the network. Each
// tile's per-step plan comes from the broadcast's message list itself, not from
// the ROM images the RTL reads. The RTL's timing: a clocked process reads the
// pre-edge values of its inputs and writes its registers.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <ostream>
#include <string>
#include <systemc>
#include <vector>

#include "algorithm/wormhole_schedule.h"

namespace hypercast {
namespace model {

struct MeshFlit {
  bool head = false, tail = false;
  uint32_t dst = 0, src = 0;
  uint64_t payload = 0;
  bool operator==(const MeshFlit& o) const {
    return head == o.head && tail == o.tail && dst == o.dst && src == o.src && payload == o.payload;
  }
};

// One direction of a link in one cycle: the output register.
struct MeshLinkWord {
  bool valid = false;
  MeshFlit flit;
  // Idle words compare equal whatever their flit (the RTL zeroes it anyway).
  bool operator==(const MeshLinkWord& o) const {
    return valid == o.valid && (!valid || flit == o.flit);
  }
};
std::ostream& operator<<(std::ostream& os, const MeshLinkWord& w);
inline void sc_trace(sc_core::sc_trace_file*, const MeshLinkWord&, const std::string&) {}

// The node's part in one step (the ROM row's meaning).
struct MeshStepPlan {
  bool recv = false, send = false;
  uint32_t dst = 0;
};

struct MeshTileConfig {
  int dims = 2;
  uint32_t coord = 0;  // packed coordinates = node number
  int coord_width = 1;
  int depth = 4;
  int flits = 1;
  uint64_t payload_mask = ~uint64_t{0};
  uint64_t heads_mask = 0xffff;
  std::vector<MeshStepPlan> plan;  // [step]
};

class MeshTile : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_in<bool> go;
  sc_core::sc_out<bool> step_done;
  sc_core::sc_vector<sc_core::sc_in<MeshLinkWord>> lin;    // [l]: arrives through side l
  sc_core::sc_vector<sc_core::sc_out<bool>> lin_credit;    // [l]: a flit taken from lin[l]
  sc_core::sc_vector<sc_core::sc_out<MeshLinkWord>> lout;  // [l]: leaves through side l
  sc_core::sc_vector<sc_core::sc_in<bool>> lout_credit;    // [l]: the tile across freed one

  MeshTile(sc_core::sc_module_name name, MeshTileConfig cfg);

  void load(uint64_t data) {
    has_ = true;
    data_ = data & cfg_.payload_mask;
  }
  void start();
  bool busy() const { return state_ != kIdle && state_ != kDone; }
  bool done() const { return state_ == kDone; }
  bool err() const { return err_; }
  bool has() const { return has_; }
  uint64_t data() const { return data_; }
  bool rxValid() const { return rxv_; }
  uint32_t rxSrc() const { return rxs_; }
  uint64_t rxData() const { return rxd_; }
  // Head flits sent on the tile's links since reset (the counters' sum, wrapping).
  uint64_t linkHeads() const;
  // Test hook: flip payload bit 0 of every flit this node injects.
  void setPayloadFault(bool on) { fault_ = on; }

 private:
  enum State { kIdle, kFetch, kLatch, kRun, kWait, kDone };
  void onClock();
  int route(const MeshFlit& f) const;

  MeshTileConfig cfg_;
  int ports_;
  // Router.
  std::vector<std::deque<MeshFlit>> fifo_;
  std::vector<bool> lock_, oval_, icr_;
  std::vector<int> owner_, credit_;
  std::vector<MeshFlit> oflit_;
  std::vector<uint64_t> heads_;
  // Node.
  State state_ = kIdle;
  uint32_t step_ = 0;
  bool err_ = false, has_ = false, pend_ = false, exp_ = false, got_ = false, sdone_ = false;
  uint32_t dst_ = 0;
  uint64_t data_ = 0;
  int fc_ = 0, nicr_ = 0;
  bool noval_ = false, nicr_out_ = false, rxv_ = false;
  MeshFlit noflit_;
  uint32_t rxs_ = 0;
  uint64_t rxd_ = 0;
  bool start_ = false;
  bool fault_ = false;
};

struct MeshNetworkConfig {
  std::vector<int> extents;  // equal powers of two
  int depth = 4;
  int flits = 1;
  int payload_width = 32;
  int heads_width = 16;
};

class MeshNetwork : public sc_core::sc_module {
 public:
  MeshNetwork(sc_core::sc_module_name name, const MeshNetworkConfig& cfg,
              const WormholeSchedule& s);

  void load(uint64_t node, uint64_t data) { tiles_[node]->load(data); }
  void setPayloadFault(uint64_t node) { tiles_[node]->setPayloadFault(true); }
  void start();
  void cycle();  // one clock cycle
  uint64_t nodes() const { return tiles_.size(); }
  int links() const { return links_; }
  const MeshTile& tile(uint64_t x) const { return *tiles_[x]; }
  MeshLinkWord linkOut(uint64_t x, int l) const {
    return lout_[x * static_cast<uint64_t>(links_) + static_cast<uint64_t>(l)]->read();
  }
  bool go() const { return go_.read(); }
  uint64_t linkHeads() const;

 private:
  void barrier();
  int links_;
  uint64_t sum_mask_;
  sc_core::sc_signal<bool> clk_, go_;
  sc_core::sc_signal<MeshLinkWord> idle_;
  sc_core::sc_signal<bool> no_credit_;
  std::vector<std::unique_ptr<MeshTile>> tiles_;
  std::vector<std::unique_ptr<sc_core::sc_signal<bool>>> sdone_;
  std::vector<std::unique_ptr<sc_core::sc_signal<MeshLinkWord>>> lout_;  // [x*2D+l]
  std::vector<std::unique_ptr<sc_core::sc_signal<bool>>> lcredit_;       // [x*2D+l]
};

}  // namespace model
}  // namespace hypercast
