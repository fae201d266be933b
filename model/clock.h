// Drives one cycle of a SystemC model's clock signal: the rising edge (every
// clocked process runs), then the falling edge; 1 ns per cycle.
#pragma once

#include <systemc>

namespace hypercast {
namespace model {

inline void pulseClock(sc_core::sc_signal<bool>& clk) {
  clk.write(true);
  sc_core::sc_start(500, sc_core::SC_PS);
  clk.write(false);
  sc_core::sc_start(500, sc_core::SC_PS);
}

}  // namespace model
}  // namespace hypercast
