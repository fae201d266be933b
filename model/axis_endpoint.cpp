#include "model/axis_endpoint.h"

#include <stdexcept>
#include <string>

namespace hypercast {
namespace model {

AxisEndpoint::AxisEndpoint(int np, int depth)
    : np_(static_cast<size_t>(np)),
      qdepth_(static_cast<size_t>(axisQueueDepth(depth))),
      q_(np_),
      fresh_(np_, 0),
      core_cnt_(2 * np_, 0),
      queued_(2 * np_, 0),
      depth_(depth),
      credit_out_(np_, 0) {
  show();
}

void AxisEndpoint::show() {
  // req = held ? hsel : valid; the first request at or after the pointer wins. A
  // lane is valid when it holds an entry written before the last edge.
  shown_ = Flit();
  for (size_t k = 0; k < np_; ++k) {
    const size_t p = (ptr_ + k) % np_;
    const bool req = held_ ? p == hsel_ : q_[p].size() > static_cast<size_t>(fresh_[p]);
    if (req) {
      sel_ = p;
      shown_ = q_[p].front();
      shown_.valid = true;
      break;
    }
  }
  for (size_t p = 0; p < np_; ++p) {
    credit_out_[p] = 0;
    for (size_t v = 0; v < 2; ++v) {
      const int kept = core_cnt_[2 * p + v];
      const int room = static_cast<int>(qdepth_ / 2) - depth_;
      if (kept != 0 && kept + room >= queued_[2 * p + v] + 1) {
        credit_out_[p] = static_cast<uint8_t>(credit_out_[p] | (1u << v));
      }
    }
  }
}

bool AxisEndpoint::clock(const std::vector<Flit>& dlv, const std::vector<uint8_t>& core_credit,
                         bool tready) {
  const bool take = shown_.valid && tready;
  for (size_t p = 0; p < np_; ++p) {
    for (size_t v = 0; v < 2; ++v) {
      const size_t i = 2 * p + v;
      const int fwd = (credit_out_[p] >> v) & 1;
      const int ej = take && sel_ == p && static_cast<size_t>(shown_.vc) == v ? 1 : 0;
      const int push = dlv[p].valid && static_cast<size_t>(dlv[p].vc) == v ? 1 : 0;
      core_cnt_[i] += ((core_credit[p] >> v) & 1) - fwd;
      queued_[i] += push - ej;
      if (core_cnt_[i] > depth_) {
        // a_core_cnt of the RTL: the router broke the credit protocol
        throw std::logic_error("axis endpoint: more than DEPTH credits withheld on port " +
                               std::to_string(p) + " VC " + std::to_string(v));
      }
      if (queued_[i] > static_cast<int>(qdepth_ / 2)) {
        // a_queued_cnt of the RTL: upstream sent more than the credits it was given
        throw std::logic_error("axis endpoint: more than QDEPTH/2 flits of port " +
                               std::to_string(p) + " VC " + std::to_string(v) + " queued");
      }
    }
  }
  if (take) q_[sel_].pop_front();
  for (size_t p = 0; p < np_; ++p) {
    fresh_[p] = dlv[p].valid ? 1 : 0;
    if (!dlv[p].valid) continue;
    if (q_[p].size() >= qdepth_) {
      throw std::logic_error("axis endpoint: lane " + std::to_string(p) + " queue overflows");
    }
    q_[p].push_back(dlv[p]);
  }
  if (take) ptr_ = (sel_ + 1) % np_;
  held_ = shown_.valid && !tready;
  hsel_ = sel_;
  show();
  return take;
}

}  // namespace model
}  // namespace hypercast
