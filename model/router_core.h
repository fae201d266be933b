// Cycle-exact C++ model of hw/hc_router_core.v (the datapath of both the hardwired
// and the programmable router): the same buffers, arbitration order,
// credit timing and weight rules, so that the SystemC network and the Verilated
// RTL agree cycle for cycle. Rules (docs/hardware.md "Router microarchitecture"):
//  - sources s = 2p+v are the input VCs, s = 2NP the injection port;
//  - a VC's head is its oldest buffered flit, or the arriving flit if it is empty;
//  - each output q grants the first requesting source at or after its pointer,
//    then moves the pointer to winner+1; with `fair` (bounded waiting), an output
//    with two downstream VCs keeps one pointer per VC, and when both VCs have a
//    winner the VC that lost the last such tie goes first;
//  - a head leaves once every output it needs has been granted; its credit goes
//    back upstream on the next cycle;
//  - with `grouped` (the hardwired router), the outputs of
//    groupedArbiterOutputs() arbitrate in two levels (hw/hc_group_arbiter.v;
//    with `fair`, each of a two-VC output's two arbiters):
//    the first requesting group (input port p's two VCs 2p, 2p+1; the injection
//    alone) at or after the group pointer wins, then the pointer moves to that
//    group + 1; inside the group, when both VCs request, the one the group's bit
//    names goes first, and after a grant the bit names the other one;
//  - hop_cycles 2 (docs/hardware.md "Two-cycle hop"): the grants are registered. An output
//    sends the head it granted in the cycle after the grant (the head is still at
//    the front of its VC); a head never asks again for an output whose grant is
//    in flight, and leaves in the cycle after its last grant;
//  - epochs and `fair` exclude each other, as the RTL's parameter check p_epoch
//    does: the constructor refuses both (std::invalid_argument);
//  - with epochs (EpochRule, --arbitration epoch) the injection goes last: an
//    output grants it only when no input VC asks for the output, and such a
//    grant leaves the pointer where it is;
//  - with epochs, every packet belongs to an
//    epoch: the injection takes the youngest open epoch, head + window - 1, when
//    it is first offered and the node has injected fewer than `quota` packets
//    into that epoch (else it does not ask for any output until the head epoch
//    moves on), and every copy carries it; heldEpochs() tells the network's
//    epoch counter (HcNetwork) whether any of them is still here;
//  - the hardwired RTL arbitrates only over requestSources(), and the RTL takes a
//    head's wd from its input port's dimension; a head that needs an output
//    outside requestSources(), or arrives with another wd, is a model error.
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "algorithm/broadcast_weights.h"
#include "model/flit.h"

namespace hypercast {
namespace model {

// Admission by epochs (docs/hardware.md "Bounded waiting"): a node injects at
// most `quota` packets into each epoch, and only into the youngest of the
// `window` epochs open at a time; window 0 turns it off.
struct EpochRule {
  int window = 0;  // 2..64
  int quota = 0;
  bool on() const { return window > 0; }
};
// The head epoch moves on in cycle s + kEpochLatency when at the end of cycle
// s no node holds a packet of it (HcNetwork, hw/hc_epoch_head.v): each router's
// registered flag, a registered reduction, and the head epoch's register, which
// checks that it has not moved since.
constexpr int kEpochLatency = 4;
// Epochs open at a time in the routers simulate builds (--arbitration epoch):
// two, so that the hardware would carry one bit, the epoch's parity.
constexpr int kEpochWindow = 2;

class RouterCore {
 public:
  RouterCore(const RouterTables& t, int ndim, int depth, uint32_t addr, std::vector<bool> wrap,
             bool fair = false, int hop_cycles = 1, bool grouped = false, EpochRule epochs = {});

  // One rising clock edge. lin[p]: flit on input link p during the cycle;
  // credit_in[q]: bit v = credit returned by the downstream VC v of output q;
  // head_epoch: the oldest open epoch during the cycle (with epochs).
  void clock(const std::vector<Flit>& lin, const std::vector<uint8_t>& credit_in, bool inj_valid,
             uint64_t inj_payload, uint32_t head_epoch = 0);
  // After clock(): bit e mod window is set when a flit of epoch e is in a
  // buffer or on an output link, or the injection offered belongs to e.
  uint64_t heldEpochs() const;
  // After clock(): the flits it holds, in its input buffers and on its output links.
  size_t heldFlits() const;

  // Registered outputs, valid after clock().
  const std::vector<Flit>& lout() const { return lout_; }
  const std::vector<uint8_t>& creditOut() const { return credit_out_; }
  const std::vector<Flit>& delivery() const { return dlv_; }
  // Whether the injection offered during the last clocked cycle was accepted.
  bool accepted() const { return accepted_; }
  // Test hook: flip payload bit 0 of every flit this router sends, so that tests
  // can show the co-simulation catches and names a divergence.
  void setPayloadFault(bool on) { payload_fault_ = on; }
  // Test hook: the router grants no output at all (a hung node), so that the
  // harness's watchdog can be shown to fire.
  void setStalled(bool on) { stalled_ = on; }
  // Test hook: a flit of no broadcast appears in input VC (0, 0), so that tests
  // can show the harness fails a run that ends with flits left in the network.
  void addStrayFlit() {
    Flit f;
    f.valid = true;
    fifo_[0].push_back(f);
  }

 private:
  const RouterTables& t_;
  int np_;
  int ns_;
  int ndim_;
  size_t depth_;
  uint32_t addr_;
  std::vector<bool> wrap_;
  std::vector<std::deque<Flit>> fifo_;  // [2p+v]
  std::vector<uint64_t> sent_;          // [s] bit q
  std::vector<uint64_t> may_request_;   // [s] bit q: requestSources()
  std::vector<int> credit_;             // [2q+v]
  bool fair_;
  std::vector<int> rr_;                    // [2q+v]: pointer of output q (v = 0; of its
                                           // groups when grouped), or of its
                                           // downstream VC v when fair
  std::vector<uint8_t> pri1_;              // [q] fair: VC 1 goes first on a tie
  std::vector<bool> grouped_;              // [q] two-level arbitration (groupedArbiterOutputs)
  std::vector<std::vector<uint8_t>> odd_;  // [2q+v][g] grouped: VC 1 of group g goes
                                           // first (v: the downstream VC when fair)
  int hop_cycles_;
  std::vector<int> fly_;  // [q] hop_cycles 2: the head granted q last cycle (-1: none)
  EpochRule epochs_;
  bool inj_member_ = false;  // the injection offered has taken its epoch
  uint32_t inj_epoch_ = 0;
  uint32_t quota_epoch_ = 0;  // the epoch quota_used_ counts for
  int quota_used_ = 0;
  std::vector<Flit> lout_;
  std::vector<uint8_t> credit_out_;
  std::vector<Flit> dlv_;
  bool accepted_ = false;
  bool payload_fault_ = false;
  bool stalled_ = false;
};

}  // namespace model
}  // namespace hypercast
