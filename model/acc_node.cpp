#include "model/acc_node.h"

namespace hypercast {
namespace model {

AccNode::AccNode(sc_core::sc_module_name name, int np, int width, std::vector<AccRow> rows,
                 uint64_t entries)
    : sc_module(name),
      lin("lin", static_cast<size_t>(np)),
      lout("lout", static_cast<size_t>(np)),
      np_(np),
      width_(width),
      rows_(std::move(rows)),
      acc_(entries, 0) {
  SC_HAS_PROCESS(AccNode);
  SC_METHOD(onClock);
  sensitive << clk.pos();
  dont_initialize();
}

int64_t AccNode::wrap(int64_t v) const {
  if (width_ >= 64) return v;
  const uint64_t m = (uint64_t{1} << width_) - 1;
  uint64_t u = static_cast<uint64_t>(v) & m;
  if (u >> (width_ - 1)) u |= ~m;
  return static_cast<int64_t>(u);
}

void AccNode::drive() {
  for (int k = 0; k < np_; ++k) {
    const size_t kk = static_cast<size_t>(k);
    const int e = busy_ ? rows_[t_].send[kk] : -1;
    lout[kk].write(e < 0 ? SumWord{} : SumWord{true, acc_[static_cast<size_t>(e)]});
  }
}

void AccNode::start() {
  busy_ = true;
  done_ = false;
  err_ = false;
  t_ = 0;
  drive();
}

void AccNode::onClock() {
  if (!busy_) return;
  const AccRow& row = rows_[t_];
  for (int k = 0; k < np_; ++k) {
    const size_t kk = static_cast<size_t>(k);
    const SumWord w = lin[kk].read();
    const int e = row.recv[kk];
    if ((e >= 0) != w.valid) err_ = true;
    if (hd_ && row.send[kk] >= 0 && w.valid) err_ = true;  // both ends drive the link
    if (e >= 0) acc_[static_cast<size_t>(e)] = wrap(acc_[static_cast<size_t>(e)] + w.value);
  }
  if (++t_ == rows_.size()) {
    busy_ = false;
    done_ = true;
    t_ = 0;
  }
  drive();
}

}  // namespace model
}  // namespace hypercast
