// Test payloads for schedule runs: a bijection between a packet's key
// (packetKey, algorithm/collective.h) and a PW-bit payload, so that every payload on a
// link names its packet and a corrupted payload is caught as a wrong packet.
//   payload = (key * K + salt) mod 2^PW, K odd (invertible mod 2^PW).
#pragma once

#include <cstdint>

#include "algorithm/collective_semantics.h"

namespace hypercast {
namespace tb {

class PacketPayload {
 public:
  PacketPayload(const CollectiveProblem& c, int payload_width, uint64_t seed)
      : c_(c),
        mask_(payload_width >= 64 ? ~uint64_t{0} : (uint64_t{1} << payload_width) - 1),
        salt_((seed * 0x9e3779b97f4a7c15ull) & mask_) {
    inv_ = kMul;  // Newton iteration for the inverse of an odd number mod 2^64
    for (int i = 0; i < 6; ++i) inv_ *= 2 - kMul * inv_;
  }
  // Whether every key fits in the payload width.
  bool fits() const {
    return mask_ == ~uint64_t{0} || packetKeys(c_.nodes, c_.messages) - 1 <= mask_;
  }
  uint64_t key(const Packet& p) const { return keyOf(c_, p); }
  Packet packet(uint64_t key) const { return packetOfKey(c_, key); }
  uint64_t encode(uint64_t key) const { return (key * kMul + salt_) & mask_; }
  // False if the payload is no packet's.
  bool decode(uint64_t payload, Packet& p) const {
    const uint64_t k = ((payload - salt_) * inv_) & mask_;
    if (k >= packetKeys(c_.nodes, c_.messages)) return false;
    p = packetOfKey(c_, k);
    return p.origin < c_.nodes;
  }

 private:
  static constexpr uint64_t kMul = 0x2545f4914f6cdd1dull;
  CollectiveProblem c_;
  uint64_t mask_;
  uint64_t salt_;
  uint64_t inv_;
};

}  // namespace tb
}  // namespace hypercast
