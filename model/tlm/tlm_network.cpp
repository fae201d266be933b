#define SC_INCLUDE_DYNAMIC_PROCESSES

#include "model/tlm/tlm_network.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "topology/hypercycle.h"
#include "util/error.h"

namespace hypercast {
namespace model {

namespace {

// The options in simulate's ranges, and the period; returns the period.
sc_core::sc_time checkedOptions(const TlmNetworkOptions& o) {
  auto refuse = [](const std::string& what) { throw Error("TlmNetworkOptions: " + what); };
  if (o.preference != Preference::kClockwise && o.preference != Preference::kCounterclockwise) {
    refuse("preference must be kClockwise or kCounterclockwise");
  }
  if (o.buffer_depth < 1 || o.buffer_depth > 64) {
    refuse("buffer_depth must be 1..64, got " + std::to_string(o.buffer_depth));
  }
  if (o.arbitration != Arbitration::kEpoch && o.arbitration != Arbitration::kRoundRobin &&
      o.arbitration != Arbitration::kFair) {
    refuse("arbitration must be kEpoch, kRoundRobin or kFair");
  }
  if (o.arbitration == Arbitration::kEpoch &&
      (o.epoch_quota < 1 || o.epoch_quota > kMaxEpochQuota)) {
    refuse("epoch_quota must be 1.." + std::to_string(kMaxEpochQuota) + ", got " +
           std::to_string(o.epoch_quota));
  }
  if (o.hop_cycles != 1 && o.hop_cycles != 2) {
    refuse("hop_cycles must be 1 or 2, got " + std::to_string(o.hop_cycles));
  }
  if (o.hop_cycles != 1 && !o.hardwired) refuse("hop_cycles 2 needs the hardwired router");
  if (o.axis_endpoints && !o.hardwired) refuse("axis_endpoints needs the hardwired router");
  if (o.payload_width < 1 || o.payload_width > 64) {
    refuse("payload_width must be 1..64, got " + std::to_string(o.payload_width));
  }
  if (o.axis_endpoints && o.payload_width % 8 != 0) {
    refuse(
        "axis_endpoints needs a payload_width that is a multiple of 8 (AXI4-Stream tdata is "
        "whole bytes), got " +
        std::to_string(o.payload_width));
  }
  const sc_core::sc_time& period = o.period;
  if (period.value() == 0 || period.value() % 2 != 0) {
    throw Error("the TLM network's clock period " + period.to_string() +
                " is not a positive, even number of time-resolution units");
  }
  return period;
}

EpochRule epochRule(const TlmNetworkOptions& o) {
  EpochRule rule;
  if (o.arbitration == Arbitration::kEpoch) {
    rule.window = kEpochWindow;
    rule.quota = o.epoch_quota;
  }
  return rule;
}

}  // namespace

TlmNetwork::TlmNetwork(sc_core::sc_module_name name, const NetworkDesc& net,
                       const TlmNetworkOptions& options)
    : sc_core::sc_module(name),
      target("target", Hypercycle::of(net).nodes()),
      initiator("initiator", Hypercycle::of(net).nodes()),
      n_(Hypercycle::of(net).nodes()),
      np_(static_cast<int>(Hypercycle::of(net).ports().size())),
      period_(checkedOptions(options)),
      half_(period_ / 2),
      payload_mask_(options.payload_width >= 64 ? ~uint64_t{0}
                                                : (uint64_t{1} << options.payload_width) - 1),
      // After the last arrival: the credits' return and, with two-cycle hops,
      // the registered grants, so that the routers are idle when the clock stops.
      drain_cycles_(4 * options.hop_cycles + 4),
      net_("net", net, options.preference, options.buffer_depth,
           options.arbitration == Arbitration::kFair, options.hop_cycles, options.hardwired,
           epochRule(options)),
      offers_(n_),
      tickets_(n_, 0),
      accepted_(n_, 0),
      offering_(n_, false),
      deliveries_(n_),
      axis_(options.axis_endpoints),
      in_call_(n_, false),
      free_at_(n_, 0) {
  if (axis_) net_.addAxisEndpoints();
  for (uint64_t x = 0; x < n_; ++x) {
    target[x].register_b_transport(this, &TlmNetwork::inject, static_cast<int>(x));
    // No nb_transport_fw callback: the socket turns a BEGIN_REQ into b_transport.
    accepted_event_.push_back(std::make_unique<sc_core::sc_event>());
    arrived_event_.push_back(std::make_unique<sc_core::sc_event>());
    sc_core::sc_spawn_options opt;
    sc_core::sc_spawn([this, x] { deliverLoop(x); }, ("deliver" + std::to_string(x)).c_str(), &opt);
  }
  SC_HAS_PROCESS(TlmNetwork);
  SC_THREAD(clockLoop);
}

tlm::tlm_response_status TlmNetwork::check(int x, const tlm::tlm_generic_payload& trans) const {
  if (trans.get_command() != tlm::TLM_WRITE_COMMAND) return tlm::TLM_COMMAND_ERROR_RESPONSE;
  if (trans.get_address() != static_cast<uint64_t>(x)) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
  if (trans.get_data_length() != kPayloadBytes || trans.get_streaming_width() != kPayloadBytes) {
    return tlm::TLM_BURST_ERROR_RESPONSE;
  }
  if (trans.get_byte_enable_ptr() != nullptr) return tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE;
  if (trans.get_data_ptr() == nullptr) return tlm::TLM_GENERIC_ERROR_RESPONSE;
  return tlm::TLM_OK_RESPONSE;
}

void TlmNetwork::inject(int x, tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
  const tlm::tlm_response_status status = check(x, trans);
  trans.set_dmi_allowed(false);
  if (status != tlm::TLM_OK_RESPONSE) {
    trans.set_response_status(status);
    return;
  }
  const size_t node = static_cast<size_t>(x);
  Offer offer;
  std::memcpy(&offer.payload, trans.get_data_ptr(), kPayloadBytes);
  offer.payload &= payload_mask_;  // what the RTL's payload carries
  // The first cycle starting at or after the transaction's time, and not one
  // whose injections the clock has already set.
  const sc_dt::uint64 at = (sc_core::sc_time_stamp() + delay).value();
  const sc_dt::uint64 p = period_.value();
  offer.start = std::max(static_cast<int64_t>((at + p - 1) / p), next_cycle_);
  offers_[node].push_back(offer);
  const uint64_t ticket = tickets_[node]++;
  work_.notify(sc_core::SC_ZERO_TIME);
  while (accepted_[node] <= ticket) sc_core::wait(*accepted_event_[node]);
  delay = sc_core::SC_ZERO_TIME;
  trans.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool TlmNetwork::busy() const {
  if (in_flight_ > 0 || quiet_cycles_ < drain_cycles_) return true;
  for (const auto& q : offers_) {
    if (!q.empty()) return true;
  }
  return false;
}

void TlmNetwork::clockLoop() {
  const sc_dt::uint64 p = period_.value();
  const sc_dt::uint64 h = half_.value();
  quiet_cycles_ = drain_cycles_;  // idle until the first offer
  for (;;) {
    while (!busy()) sc_core::wait(work_);
    // The next cycle to run: its rising edge, mid-cycle, not in the past. While
    // busy that is next_cycle_, whose edge is half a period away; after a quiet
    // spell, the first cycle whose edge is still to come and that has an offer.
    const sc_dt::uint64 now = sc_core::sc_time_stamp().value();
    int64_t c = std::max(next_cycle_, static_cast<int64_t>(now <= h ? 0 : (now - h + p - 1) / p));
    if (in_flight_ == 0 && quiet_cycles_ >= drain_cycles_) {
      int64_t first = INT64_MAX;
      for (const auto& q : offers_) {
        if (!q.empty()) first = std::min(first, q.front().start);
      }
      c = std::max(c, first);
    }
    const sc_dt::uint64 edge = static_cast<sc_dt::uint64>(c) * p + h;
    if (edge > now) {
      // A new offer may start earlier: look again when one comes.
      sc_core::wait(sc_core::sc_time::from_value(edge - now), work_);
      if (sc_core::sc_time_stamp().value() != edge) continue;
    }
    next_cycle_ = c + 1;  // from here on, a new offer starts in a later cycle

    // Valid/ready, as the simulate harness drives it: the front offer of each
    // node whose start has come stays on inj_valid until accepted.
    bool any = in_flight_ > 0;
    for (uint64_t x = 0; x < n_; ++x) {
      const bool offer = !offers_[x].empty() && offers_[x].front().start <= c;
      net_.setInjection(x, offer, offer ? offers_[x].front().payload : 0);
      offering_[x] = offer;
      any = any || offer;  // an offer still to start does not keep the clock running
      // The sink takes a packet in cycle c only when the target will be free at
      // the end of c, when the packet is delivered: no call in progress, none
      // waiting, and the delay it returned over by then. (From the time the
      // target gave, not from when its process wakes: no race with this edge.)
      if (axis_) {
        net_.setSinkReady(x, !in_call_[x] && deliveries_[x].empty() &&
                                 free_at_[x] <= static_cast<sc_dt::uint64>(c + 1) * p);
      }
    }
    net_.clock().write(true);
    sc_core::wait(half_);
    net_.clock().write(false);

    // End of cycle c: what the edge accepted, and what was on the links.
    for (uint64_t x = 0; x < n_; ++x) {
      if (offering_[x] && net_.accepted(x)) {
        offers_[x].pop_front();
        ++accepted_[x];
        in_flight_ += static_cast<int64_t>(n_) - 1;
        accepted_event_[x]->notify(sc_core::SC_ZERO_TIME);
      }
      bool arrived = false;
      for (int port = 0; port < (axis_ ? 1 : np_); ++port) {
        const Flit& f = axis_ ? net_.axisTaken(x) : net_.delivery(x, port);
        if (!f.valid) continue;
        deliveries_[x].push_back(Delivery{f.origin, f.payload});
        --in_flight_;
        arrived = true;
      }
      if (arrived) arrived_event_[x]->notify(sc_core::SC_ZERO_TIME);
    }
    quiet_cycles_ = any ? 0 : quiet_cycles_ + 1;
  }
}

void TlmNetwork::deliverLoop(uint64_t x) {
  tlm::tlm_generic_payload trans;
  unsigned char data[kPayloadBytes];
  for (;;) {
    while (deliveries_[x].empty()) sc_core::wait(*arrived_event_[x]);
    const Delivery d = deliveries_[x].front();
    deliveries_[x].pop_front();
    if (initiator[x].size() == 0) continue;
    in_call_[x] = true;
    std::memcpy(data, &d.payload, kPayloadBytes);
    trans.set_command(tlm::TLM_WRITE_COMMAND);
    trans.set_address(d.origin);
    trans.set_data_ptr(data);
    trans.set_data_length(kPayloadBytes);
    trans.set_streaming_width(kPayloadBytes);
    trans.set_byte_enable_ptr(nullptr);
    trans.set_dmi_allowed(false);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    initiator[x]->b_transport(trans, delay);
    if (trans.is_response_error()) {
      SC_REPORT_ERROR("hypercast/tlm",
                      (std::string(name()) + ": node " + std::to_string(x) +
                       "'s target answered a delivery from node " + std::to_string(d.origin) +
                       " with " + trans.get_response_string())
                          .c_str());
    }
    // The target is busy for the delay it returned: the next delivery waits.
    free_at_[x] = (sc_core::sc_time_stamp() + delay).value();
    in_call_[x] = false;
    if (delay > sc_core::SC_ZERO_TIME) sc_core::wait(delay);
  }
}

}  // namespace model
}  // namespace hypercast
