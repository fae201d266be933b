// Driving the programmable router's start-up configuration port (cfg_valid_i,
// cfg_data_i, cfg_ready_o, cfg_done_o, cfg_err_o) and its digit strap on any
// Verilated model that has them: a whole-network top or a single router. Models
// of hardwired routers have no such ports; for them these helpers set the
// hardwired straps, or do nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "algorithm/broadcast_weights.h"
#include "emit/rtl_layout.h"
#include "tb/verilated_bits.h"
#include "topology/network.h"
#include "util/error.h"

namespace hypercast {
namespace tb {

template <typename M, typename = void>
struct HasConfigPort : std::false_type {};
template <typename M>
struct HasConfigPort<M, std::void_t<decltype(std::declval<M&>().cfg_valid_i)>> : std::true_type {};

// Node x's identity straps on one router model: its digits (programmable) or its
// address and dateline bits (hardwired).
template <typename M>
void setNodeStraps(M& r, const NetworkDesc& net, const RtlLayout& l, uint64_t x) {
  if constexpr (HasConfigPort<M>::value) {
    const std::vector<int> digits = net.digits(x);  // digits[i-1] = x_i
    for (size_t i = 0; i < digits.size(); ++i) {
      setBits(r.node_digit_i, i * static_cast<size_t>(l.mw), l.mw,
              static_cast<uint64_t>(digits[i]));
    }
  } else {
    setBits(r.node_addr_i, 0, l.aw, x);
    for (int p = 0; p < net.ports(); ++p) {
      setBits(r.wrap_i, static_cast<size_t>(p), 1, portWraps(net, x, p) ? 1 : 0);
    }
  }
}

// Streams `words` into every model's configuration port (each takes a word when
// it is ready), then clocks until all of them raise cfg_done_o. Call right after
// reset, with the clock low; `after_eval` runs after every evaluation (waveforms).
// Throws Error on cfg_err_o or when it takes too long.
template <typename M>
void configure(
    const std::vector<M*>& models, const std::vector<uint32_t>& words, int width,
    const std::function<void()>& after_eval = [] {}) {
  if constexpr (!HasConfigPort<M>::value) {
    (void)width;
    (void)after_eval;
    if (!words.empty()) throw Error("this RTL model has no configuration port");
  } else {
    const int limit = 64 * static_cast<int>(words.size()) + 4096;
    std::vector<size_t> next(models.size(), 0);
    std::vector<bool> took(models.size(), false);
    for (int cycle = 0; cycle < limit; ++cycle) {
      bool all_done = true;
      for (size_t i = 0; i < models.size(); ++i) {
        M& m = *models[i];
        const bool more = next[i] < words.size();
        m.cfg_valid_i = more ? 1 : 0;
        setBits(m.cfg_data_i, 0, width, more ? words[next[i]] : 0);
        m.clk_i = 0;
        m.eval();
        after_eval();
        if (m.cfg_err_o) {
          throw Error("router " + std::to_string(i) +
                      " rejected its configuration (cfg_err_o after " + std::to_string(next[i]) +
                      " words)");
        }
        took[i] = more && m.cfg_ready_o;
        all_done = all_done && m.cfg_done_o;
      }
      if (all_done) return;
      for (size_t i = 0; i < models.size(); ++i) {
        models[i]->clk_i = 1;
        models[i]->eval();
        after_eval();
        if (took[i]) ++next[i];
      }
    }
    throw Error("the routers did not finish their configuration within " + std::to_string(limit) +
                " cycles");
  }
}

}  // namespace tb
}  // namespace hypercast
