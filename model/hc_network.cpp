#include "model/hc_network.h"

#include <string>

#include "model/clock.h"
#include "topology/hypercycle.h"
#include "topology/port_graph.h"

namespace hypercast {
namespace model {

HcNetwork::HcNetwork(sc_core::sc_module_name name, const NetworkDesc& net, Preference pref,
                     int depth, bool fair, int hop_cycles, bool grouped, EpochRule epochs)
    : sc_core::sc_module(name),
      tables_(makeRouterTables(net, pref)),
      clk_("clk"),
      depth_(depth),
      epochs_(epochs),
      head_epoch_("head_epoch", 0) {
  const Hypercycle h = Hypercycle::of(net);
  const uint64_t n = h.nodes();
  const size_t np = h.ports().size();
  const PortGraph g = PortGraph::build(net);
  for (uint64_t x = 0; x < n; ++x) {
    std::vector<bool> wrap(np);
    for (size_t p = 0; p < np; ++p) wrap[p] = h.wraps(x, h.ports()[p]);
    const std::string xs = std::to_string(x);
    nodes_.push_back(std::make_unique<HcNode>(("n" + xs).c_str(), tables_, h.dims(), depth,
                                              static_cast<uint32_t>(x), std::move(wrap), fair,
                                              hop_cycles, grouped, epochs));
    held_.push_back(std::make_unique<sc_core::sc_signal<uint64_t>>(("held_epochs" + xs).c_str()));
    inj_valid_.push_back(std::make_unique<sc_core::sc_signal<bool>>(("inj_valid" + xs).c_str()));
    inj_payload_.push_back(
        std::make_unique<sc_core::sc_signal<uint64_t>>(("inj_payload" + xs).c_str()));
    for (size_t p = 0; p < np; ++p) {
      const std::string ps = xs + "_" + std::to_string(p);
      links_.push_back(std::make_unique<sc_core::sc_signal<Flit>>(("link" + ps).c_str()));
      credits_.push_back(std::make_unique<sc_core::sc_signal<uint8_t>>(("credit" + ps).c_str()));
    }
  }
  for (uint64_t x = 0; x < n; ++x) {
    HcNode& node = *nodes_[x];
    node.clk(clk_);
    node.inj_valid(*inj_valid_[x]);
    node.inj_payload(*inj_payload_[x]);
    node.head_epoch(head_epoch_);
    node.held_epochs(*held_[x]);
    for (size_t p = 0; p < np; ++p) {
      // Output p of x is link (x, p); input p of x reads the output that drives
      // it in the port graph.
      const PortEnd up = g.drivenBy(x, static_cast<int>(p));
      const PortEnd down = g.drives(x, static_cast<int>(p));
      node.lout[p](*links_[x * np + p]);
      node.lin[p](*links_[up.node * np + static_cast<size_t>(up.port)]);
      // Credits: x returns credit for its input p on (x, p); its output p reads
      // the credit of the input it drives.
      node.credit_out[p](*credits_[x * np + p]);
      node.credit_in[p](*credits_[down.node * np + static_cast<size_t>(down.port)]);
    }
  }
  if (epochs_.on()) {
    SC_HAS_PROCESS(HcNetwork);
    SC_METHOD(onEpochClock);
    sensitive << clk_.posedge_event();
    dont_initialize();
  }
}

// The head epoch as hw/hc_epoch_head.v and the routers' epoch_busy_o keep it.
// At the edge that ends cycle c the nodes' holdings show the end of cycle
// c - 1 and the head epoch is H(c): each router registers whether it held H(c)
// (busy_, the OR of those flags); at the edge ending c + 1 the reduction
// registers that OR (any_); at the edge ending c + 2 the head epoch moves on for
// cycle c + 3 if none was busy and it is still H(c) (snap2_): kEpochLatency = 4
// cycles after the cycle the holdings describe.
void HcNetwork::onEpochClock() {
  const uint32_t head = head_epoch_.read();
  if (!any_ && snap2_ == head) head_epoch_.write(head + 1);
  any_ = busy_;
  busy_ = false;
  for (const auto& h : held_) {
    busy_ = busy_ || ((h->read() >> (head % static_cast<uint32_t>(epochs_.window))) & 1) != 0;
  }
  snap2_ = snap1_;
  snap1_ = head;
}

void HcNetwork::addAxisEndpoints() {
  if (!sink_ready_.empty()) return;
  for (size_t x = 0; x < nodes_.size(); ++x) {
    sink_ready_.push_back(std::make_unique<sc_core::sc_signal<bool>>(
        (std::string(basename()) + "_sink_ready" + std::to_string(x)).c_str(), true));
    nodes_[x]->addAxisEndpoint(*sink_ready_.back(), depth_);
  }
}

void HcNetwork::setInjection(uint64_t node, bool valid, uint64_t payload) {
  inj_valid_[node]->write(valid);
  inj_payload_[node]->write(payload);
}

void HcNetwork::cycle() { pulseClock(clk_); }

}  // namespace model
}  // namespace hypercast
