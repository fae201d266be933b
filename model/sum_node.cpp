#include "model/sum_node.h"

namespace hypercast {
namespace model {

std::ostream& operator<<(std::ostream& os, const SumWord& w) {
  return os << (w.valid ? std::to_string(w.value) : std::string("-"));
}

SumNode::SumNode(sc_core::sc_module_name name, int np, SumProgram program)
    : sc_module(name), lin("lin", static_cast<size_t>(np)), p_(std::move(program)) {
  SC_HAS_PROCESS(SumNode);
  SC_METHOD(onClock);
  sensitive << clk.pos();
  dont_initialize();
}

void SumNode::start(int64_t x) {
  busy_ = true;
  done_ = false;
  err_ = false;
  t_ = 0;
  phase_ = 0;
  x_ = x;
  v_ = x;
  lout.write({drives(), v_});
}

bool SumNode::err() const {
  if (err_) return true;
  if (!done_) return false;
  return p_.divisor == 0 || v_ % p_.divisor != 0;
}

int64_t SumNode::sum() const { return p_.divisor ? v_ / p_.divisor : 0; }

void SumNode::onClock() {
  if (!busy_) return;
  int64_t received = 0;
  bool overflow = false;
  const bool own = hd_ && phase_ == cls_;
  for (auto& in : lin) {
    const SumWord w = in.read();
    if (own ? w.valid : !w.valid) err_ = true;  // both ends driving / a missing value
    overflow |= __builtin_add_overflow(received, w.value, &received);
  }
  if (hd_) {
    if (phase_ == 0) {
      if (overflow) err_ = true;
      heard_ = received;
      phase_ = 1;
      lout.write({drives(), v_});
      return;
    }
    phase_ = 0;
    if (cls_ == 1) received = heard_;
  }
  int64_t prod = 0, next = 0;
  overflow |= __builtin_mul_overflow(p_.constant[t_], p_.uses_input[t_] ? x_ : v_, &prod);
  overflow |= __builtin_sub_overflow(received, prod, &next);
  const int64_t lim = p_.width >= 64 ? INT64_MAX : (int64_t{1} << (p_.width - 1));
  if (overflow || next >= lim || next < -lim) err_ = true;
  // The RTL keeps the low W bits.
  if (p_.width < 64) {
    const uint64_t m = (uint64_t{1} << p_.width) - 1;
    uint64_t u = static_cast<uint64_t>(next) & m;
    if (u >> (p_.width - 1)) u |= ~m;
    next = static_cast<int64_t>(u);
  }
  v_ = next;
  if (++t_ == p_.constant.size()) {
    busy_ = false;
    done_ = true;
  }
  lout.write({drives(), v_});
}

}  // namespace model
}  // namespace hypercast
