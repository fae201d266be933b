// One node of Faber's accumulation in the SystemC model, the behaviour of
// hw/hc_acc_node.v: a partial sum per target (entry c = node - target), and per
// step and port a send entry (the output shows it, before the step's arrivals)
// and a receive entry (the value arriving on that input is added in at the
// clock edge). err: a row expects a value on an input that carries none, or a
// value arrives that no row files, or (setHalfDuplex) the node drives output k
// while the neighbour drives the other end of that half-duplex link.
#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "model/sum_node.h"  // SumWord

namespace hypercast {
namespace model {

struct AccRow {
  std::vector<int> send;  // per port: entry, or -1
  std::vector<int> recv;  // per port: entry, or -1
};

class AccNode : public sc_core::sc_module {
 public:
  sc_core::sc_in<bool> clk;
  sc_core::sc_vector<sc_core::sc_in<SumWord>> lin;
  sc_core::sc_vector<sc_core::sc_out<SumWord>> lout;

  AccNode(sc_core::sc_module_name name, int np, int width, std::vector<AccRow> rows,
          uint64_t entries);

  void setHalfDuplex() { hd_ = true; }
  void load(uint64_t entry, int64_t value) { acc_[entry] = wrap(value); }
  void start();
  bool busy() const { return busy_; }
  bool done() const { return done_; }
  bool err() const { return err_; }
  int64_t sum() const { return acc_[0]; }

 private:
  void onClock();
  void drive();
  int64_t wrap(int64_t v) const;
  int np_, width_;
  std::vector<AccRow> rows_;
  std::vector<int64_t> acc_;
  bool busy_ = false, done_ = false, err_ = false, hd_ = false;
  size_t t_ = 0;
};

}  // namespace model
}  // namespace hypercast
