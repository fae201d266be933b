// A virtual platform on the hypercycle broadcast network C_5<1>: five cores,
// each with an initiator socket into its node's target socket (broadcasts out)
// and a target socket the node's initiator socket delivers to (broadcasts in).
// Core x broadcasts 0x100 + x at x * 3 ns and is busy for 2 ns after each
// delivery. The run ends when every broadcast is delivered.
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "model/tlm/tlm_network.h"
#include "topology/network.h"

using hypercast::model::TlmNetwork;

struct Core : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Core> out;
  tlm_utils::simple_target_socket<Core> in;
  uint64_t node;
  uint64_t received = 0;

  SC_HAS_PROCESS(Core);
  Core(sc_core::sc_module_name name, uint64_t x)
      : sc_core::sc_module(name), out("out"), in("in"), node(x) {
    in.register_b_transport(this, &Core::receive);
    SC_THREAD(broadcast);
  }

  void broadcast() {
    uint64_t payload = 0x100 + node;
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_WRITE_COMMAND);
    trans.set_address(node);  // the origin: this core's node
    trans.set_data_ptr(reinterpret_cast<unsigned char*>(&payload));
    trans.set_data_length(TlmNetwork::kPayloadBytes);
    trans.set_streaming_width(TlmNetwork::kPayloadBytes);
    sc_core::sc_time delay(3.0 * static_cast<double>(node), sc_core::SC_NS);  // injection time
    out->b_transport(trans, delay);  // returns once the network has accepted it
    if (trans.is_response_error()) SC_REPORT_ERROR("core", trans.get_response_string().c_str());
  }

  void receive(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    // What the base protocol has a target check (the network sends only 8-byte
    // writes, but a target is written to refuse anything else).
    if (trans.get_command() != tlm::TLM_WRITE_COMMAND) {
      trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
      return;
    }
    if (trans.get_data_length() != TlmNetwork::kPayloadBytes ||
        trans.get_streaming_width() != TlmNetwork::kPayloadBytes) {
      trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
      return;
    }
    if (trans.get_byte_enable_ptr() != nullptr) {
      trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
      return;
    }
    uint64_t payload = 0;
    std::memcpy(&payload, trans.get_data_ptr(), sizeof payload);
    std::cout << sc_core::sc_time_stamp() + delay << ": node " << node << " got 0x" << std::hex
              << payload << std::dec << " from node " << trans.get_address() << '\n';
    ++received;
    delay += sc_core::sc_time(2, sc_core::SC_NS);  // busy: the next delivery waits
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

int sc_main(int, char**) {
  TlmNetwork noc("noc", hypercast::hypercycleNetwork({5}, {1}));
  std::vector<std::unique_ptr<Core>> cores;
  for (uint64_t x = 0; x < noc.nodes(); ++x) {
    cores.push_back(std::make_unique<Core>(("core" + std::to_string(x)).c_str(), x));
    cores[x]->out.bind(noc.target[x]);
    noc.initiator[x].bind(cores[x]->in);
  }
  sc_core::sc_start();
  for (const auto& core : cores) {
    if (core->received != noc.nodes() - 1) {
      std::cerr << "node " << core->node << " got " << core->received << " broadcasts, not "
                << noc.nodes() - 1 << '\n';
      return 1;
    }
  }
  std::cout << "every node got every broadcast by " << sc_core::sc_time_stamp() << '\n';
  return 0;
}
