// Bit-field access to Verilated ports of any width (CData/SData/IData/QData or
// VlWide<N>), word at a time.
#pragma once

#include <cstdint>
#include <type_traits>

#include "emit/rtl_layout.h"
#include "model/flit.h"
#include "verilated.h"

namespace hypercast {
namespace tb {

inline uint64_t lowMask(int w) { return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1; }

template <typename T>
std::enable_if_t<std::is_integral<T>::value, uint64_t> getBits(const T& v, size_t lsb, int w) {
  return (static_cast<uint64_t>(v) >> lsb) & lowMask(w);
}
template <std::size_t N>
uint64_t getBits(const VlWide<N>& v, size_t lsb, int w) {
  size_t wi = lsb / 32;
  const int sh = static_cast<int>(lsb % 32);
  uint64_t r = static_cast<uint64_t>(v[wi]) >> sh;
  int got = 32 - sh;
  while (got < w) {
    ++wi;
    r |= static_cast<uint64_t>(v[wi]) << got;
    got += 32;
  }
  return r & lowMask(w);
}
template <typename T>
std::enable_if_t<std::is_integral<T>::value> setBits(T& v, size_t lsb, int w, uint64_t val) {
  const uint64_t m = lowMask(w) << lsb;
  v = static_cast<T>((static_cast<uint64_t>(v) & ~m) | ((val << lsb) & m));
}
template <std::size_t N>
void setBits(VlWide<N>& v, size_t lsb, int w, uint64_t val) {
  while (w > 0) {
    const size_t wi = lsb / 32;
    const int sh = static_cast<int>(lsb % 32);
    const int take = w < 32 - sh ? w : 32 - sh;
    const uint32_t m = static_cast<uint32_t>(lowMask(take) << sh);
    v[wi] = (v[wi] & ~m) | (static_cast<uint32_t>(val << sh) & m);
    val >>= take;
    lsb += static_cast<size_t>(take);
    w -= take;
  }
}
// Sets a whole port from 32-bit words, least significant first: as many as the
// port has (VlWide) or up to two; the bits above its width must be zero.
template <typename T>
std::enable_if_t<std::is_integral<T>::value> setWords(T& v, const uint32_t* w, size_t n) {
  uint64_t x = w[0];
  if (n > 1) x |= static_cast<uint64_t>(w[1]) << 32;
  v = static_cast<T>(x);
}
template <std::size_t N>
void setWords(VlWide<N>& v, const uint32_t* w, size_t n) {
  for (size_t i = 0; i < N && i < n; ++i) v[i] = w[i];
}
// Copies n 32-bit words between ports, from word sw of src to word dw of dst.
template <std::size_t N, std::size_t M>
void copyWords(VlWide<N>& dst, size_t dw, const VlWide<M>& src, size_t sw, size_t n) {
  for (size_t i = 0; i < n; ++i) dst[dw + i] = src[sw + i];
}
template <typename D, typename S>
void copyWords(D& dst, size_t dw, const S& src, size_t sw, size_t n) {
  for (size_t i = 0; i < n; ++i) setBits(dst, 32 * (dw + i), 32, getBits(src, 32 * (sw + i), 32));
}
// Copies a field of up to 64 bits between ports.
template <typename D, typename S>
void copyBits(D& dst, size_t dlsb, const S& src, size_t slsb, int w) {
  while (w > 0) {
    const int take = w < 64 ? w : 64;
    setBits(dst, dlsb, take, getBits(src, slsb, take));
    dlsb += static_cast<size_t>(take);
    slsb += static_cast<size_t>(take);
    w -= take;
  }
}

// Decodes lane `lane` of a router's or network's delivery ports.
template <typename V, typename D>
model::Flit decodeFlit(const V& valid, const D& data, size_t lane, const RtlLayout& l) {
  model::Flit f;
  f.valid = getBits(valid, lane, 1) != 0;
  if (!f.valid) return f;
  const size_t base = lane * static_cast<size_t>(l.fw);
  f.payload = getBits(data, base, l.pw);
  f.wc = static_cast<uint32_t>(getBits(data, base + static_cast<size_t>(l.fieldWc()), l.wcw));
  f.wd = static_cast<uint32_t>(getBits(data, base + static_cast<size_t>(l.fieldWd()), l.wdw));
  f.origin =
      static_cast<uint32_t>(getBits(data, base + static_cast<size_t>(l.fieldOrigin()), l.aw));
  f.vc = getBits(data, base + static_cast<size_t>(l.fieldVc()), 1) != 0;
  if (l.epoch) f.epoch = static_cast<uint32_t>(getBits(data, base + size_t(l.fieldEpoch()), 1));
  return f;
}

}  // namespace tb
}  // namespace hypercast
