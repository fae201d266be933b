// A TLM-2.0 face for the cycle-accurate hypercycle broadcast model (HcNetwork),
// loosely timed, for virtual platforms that connect models through sockets.
//
// Per node x:
//  - target[x] takes a broadcast from x: b_transport with TLM_WRITE_COMMAND,
//    address x (the origin), the payload a uint64_t in host byte order at the
//    data pointer (data length and streaming width kPayloadBytes, no byte
//    enables), of which the network carries the low payload_width bits (the
//    RTL's payload width; the bits above are delivered as 0).
//    Its time, sc_time_stamp() + the annotated delay, is when the
//    broadcast is first offered: from the first cycle that starts at or after
//    it. The call blocks (call it from a thread) until the network accepts the
//    broadcast, which it does in the order of the calls at each node, and
//    returns TLM_OK_RESPONSE with the delay zeroed, at the end of the cycle that
//    accepted it. nb_transport_fw is taken too: the socket's own adaptor
//    (simple_target_socket with no nb callback) runs b_transport for a BEGIN_REQ
//    and answers with BEGIN_RESP on nb_transport_bw once it returns. Anything
//    else returns at once, injecting nothing, with the first that applies of
//    TLM_COMMAND_ERROR_RESPONSE (not a write), TLM_ADDRESS_ERROR_RESPONSE (an
//    address that is not x: out of range, or another node),
//    TLM_BURST_ERROR_RESPONSE (another data length or streaming width),
//    TLM_BYTE_ENABLE_ERROR_RESPONSE (byte enables) or
//    TLM_GENERIC_ERROR_RESPONSE (no data pointer).
//  - initiator[x] delivers every packet that reaches x to the user's target:
//    b_transport with TLM_WRITE_COMMAND, the origin node as the address, the
//    payload as above. A packet on the link into x during cycle c arrives at
//    the end of that cycle, (c + 1) * period; cycle c is the cycle the
//    simulate command's trace (--trace) names. Deliveries to one node go one at
//    a time, in order of arrival (in one cycle: by input port); when the target
//    returns a delay, it is busy for that long and the next delivery to x waits
//    in a queue here. The queue does not slow the network: the model has no
//    ready on its deliveries. With axis_endpoints (TlmNetworkOptions) it has:
//    every node delivers through an AXI4-Stream endpoint (model/axis_endpoint.h,
//    as <name>_axis_top), whose m_axis_tready is high only while x's target is
//    free (no delivery in progress, none waiting, its returned delay over), so
//    a slow target holds its deliveries in the network and backpressures it,
//    and the queue here never holds more than one. A packet then arrives at
//    the end of the cycle it left m_axis. An error response from the target is a
//    SystemC error (SC_REPORT_ERROR). A node whose initiator is unbound drops
//    its deliveries.
//
// Cycle c spans [c * period, (c + 1) * period). The network is clocked from
// inside the simulation (its rising edge mid-cycle), and only while there is
// work: when everything offered is delivered, it stops clocking, so sc_start()
// without a time returns once every delivery is made.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <systemc>
#include <tlm>
#include <vector>

#include "algorithm/broadcast_weights.h"
#include "emit/rtl_layout.h"
#include "model/hc_network.h"
#include "topology/network.h"

namespace hypercast {
namespace model {

// The network's configuration; the defaults are simulate's (the hardwired
// router), and so are the ranges, which the constructor checks.
struct TlmNetworkOptions {
  Preference preference = Preference::kClockwise;  // --preference
  int buffer_depth = 2;  // flits per input virtual channel (--buffer-depth): 1..64
  // --arbitration: kEpoch (admission by epochs), kRoundRobin (rr) or kFair.
  Arbitration arbitration = Arbitration::kEpoch;
  int epoch_quota = 4;  // --epoch-quota (kEpoch): packets per node and epoch, 1..kMaxEpochQuota
  int hop_cycles = 1;   // 1 or 2 (--hop-cycles)
  // --payload-width: the low bits of the 64-bit payload the network carries,
  // 1..64 (a multiple of 8 with axis_endpoints, whole tdata bytes); the bits
  // above are cleared on injection, as the RTL drops them.
  int payload_width = 32;
  bool hardwired = true;  // --router: the hardwired router (true) or the programmable one
  // Deliver through AXI4-Stream endpoints, tready = the target is free at the
  // cycle's end: a target's delay backpressures the network (see above). Needs
  // hardwired, as <name>_axis_top needs the hardwired router, and a
  // payload_width that is a multiple of 8. A target must not inject from inside
  // its b_transport then (docs/tlm.md, Backpressure).
  bool axis_endpoints = false;
  sc_core::sc_time period = sc_core::sc_time(1, sc_core::SC_NS);  // one clock cycle
};

class TlmNetwork : public sc_core::sc_module {
 public:
  static constexpr unsigned kPayloadBytes = sizeof(uint64_t);
  using TargetSocket = tlm_utils::simple_target_socket_tagged_optional<TlmNetwork>;
  using InitiatorSocket = tlm_utils::simple_initiator_socket_optional<TlmNetwork>;

  sc_core::sc_vector<TargetSocket> target;        // [x]: broadcasts from x
  sc_core::sc_vector<InitiatorSocket> initiator;  // [x]: deliveries to x

  // net: a hypercycle. Throws Error otherwise, on an option out of its range
  // (one line naming it), or on a period that is not a positive, even number of
  // time-resolution units.
  TlmNetwork(sc_core::sc_module_name name, const NetworkDesc& net,
             const TlmNetworkOptions& options = TlmNetworkOptions());

  uint64_t nodes() const { return n_; }
  const sc_core::sc_time& period() const { return period_; }
  // Packets that reached x and wait for its target (not yet delivered).
  size_t queuedDeliveries(uint64_t x) const { return deliveries_[x].size(); }

 private:
  struct Offer {
    uint64_t payload = 0;
    int64_t start = 0;  // first cycle it is offered
  };
  struct Delivery {
    uint64_t origin = 0;
    uint64_t payload = 0;
  };

  void inject(int x, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay);
  tlm::tlm_response_status check(int x, const tlm::tlm_generic_payload& trans) const;
  bool busy() const;
  void clockLoop();
  void deliverLoop(uint64_t x);

  uint64_t n_;
  int np_;
  sc_core::sc_time period_;
  sc_core::sc_time half_;
  uint64_t payload_mask_;  // the payload_width low bits
  int drain_cycles_;
  HcNetwork net_;
  std::vector<std::deque<Offer>> offers_;  // [x] in order of the calls
  std::vector<uint64_t> tickets_;          // [x] broadcasts asked for so far
  std::vector<uint64_t> accepted_;         // [x] broadcasts accepted so far
  std::vector<bool> offering_;             // [x] the front offer is on inj_valid
  std::vector<std::deque<Delivery>> deliveries_;
  bool axis_;
  std::vector<bool> in_call_;  // [x] axis: the target's b_transport has not returned
  // [x] axis: when the target is free again (time value): the return of its last
  // b_transport plus the delay it returned
  std::vector<sc_dt::uint64> free_at_;
  std::vector<std::unique_ptr<sc_core::sc_event>> accepted_event_;  // [x]
  std::vector<std::unique_ptr<sc_core::sc_event>> arrived_event_;   // [x]
  sc_core::sc_event work_;
  int64_t next_cycle_ = 0;    // the first cycle not yet run
  int64_t in_flight_ = 0;     // arrivals still due from accepted broadcasts
  int64_t quiet_cycles_ = 0;  // cycles run with nothing offered or in flight
};

}  // namespace model
}  // namespace hypercast
