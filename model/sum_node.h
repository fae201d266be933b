// One node of Faber's global sum (paper 003, Sec. 5) in the SystemC model, the
// arithmetic of hw/hc_sum_node.v: started with its input x it shows v = x on
// its output; each rising clock edge while busy it sets
//     v <- (sum of its inputs' values) - c_t * (uses_input_t ? x : v)
// exactly (64-bit, overflow-checked), flags err when the new value does not fit
// W bits (two's complement) or an input carries no value, and after the last
// step holds v = DIV * sum x; sum() divides exactly and flags an inexact end.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <systemc>
#include <vector>

namespace hypercast {
namespace model {

struct SumWord {
  bool valid = false;
  int64_t value = 0;
  bool operator==(const SumWord& o) const { return valid == o.valid && value == o.value; }
};
std::ostream& operator<<(std::ostream& os, const SumWord& w);
inline void sc_trace(sc_core::sc_trace_file*, const SumWord&, const std::string&) {}

struct SumProgram {
  std::vector<int64_t> constant;  // c_t, t = 1..steps
  std::vector<bool> uses_input;
  int64_t divisor = 1;
  int width = 64;  // W
};

class SumNode : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_vector<sc_core::sc_in<SumWord>> lin;
  sc_core::sc_out<SumWord> lout;  // the same value on every output port

  SumNode(sc_core::sc_module_name name, int np, SumProgram program);

  // Half-duplex links: drive in phase `cls` (0 or 1) of each two-clock step;
  // a value heard in the node's own phase (both ends driving) is an error.
  void setHalfDuplex(int cls) {
    hd_ = true;
    cls_ = cls;
  }
  void start(int64_t x);  // loads x and starts; takes effect now (the RTL's start edge)
  bool busy() const { return busy_; }
  bool done() const { return done_; }
  bool err() const;  // a missing value, an overflow, or an inexact end
  int64_t value() const { return v_; }
  int64_t sum() const;  // v / DIV (meaningful when done and !err)

 private:
  void onClock();
  SumProgram p_;
  bool busy_ = false, done_ = false, err_ = false;
  uint32_t t_ = 0;
  int64_t v_ = 0, x_ = 0;
  bool hd_ = false;
  int cls_ = 0, phase_ = 0;
  int64_t heard_ = 0;  // HD, class 1: the sum heard in phase 0
  bool drives() const { return busy_ && (!hd_ || phase_ == cls_); }
};

}  // namespace model
}  // namespace hypercast
