#include "emit/rom_format.h"

#include <algorithm>

#include "util/bits.h"
#include "util/error.h"

namespace hypercast {

namespace {

void put(std::vector<bool>& bits, int at, int width, uint64_t v) {
  for (int i = 0; i < width; ++i) bits[static_cast<size_t>(at + i)] = ((v >> i) & 1) != 0;
}

uint64_t get(const std::vector<bool>& bits, int at, int width) {
  uint64_t v = 0;
  for (int i = 0; i < width; ++i) v |= uint64_t{bits[static_cast<size_t>(at + i)]} << i;
  return v;
}

}  // namespace

RomFormat makeRomFormat(int np, uint32_t max_slots) {
  RomFormat f;
  f.np = np;
  f.slot_width = bitsFor(max_slots > 0 ? max_slots - 1 : 0);
  f.index_width = std::max(f.slot_width, bitsFor(static_cast<uint64_t>(np) - 1));
  return f;
}

std::string encodeRomRow(const RomFormat& f, const RomRow& row) {
  std::vector<bool> bits(static_cast<size_t>(f.hexDigits() * 4), false);
  for (int p = 0; p < f.np; ++p) {
    const SendField& s = row.send[static_cast<size_t>(p)];
    const int at = p * f.sendBits();
    if (s.valid) {
      put(bits, at, f.index_width, s.index);
      put(bits, at + f.index_width, 1, s.from_link ? 1 : 0);
      put(bits, at + f.index_width + 1, 1, 1);
    }
    const RecvField& r = row.recv[static_cast<size_t>(p)];
    const int rat = f.np * f.sendBits() + p * f.recvBits();
    if (r.keep) {
      put(bits, rat, f.slot_width, r.slot);
      put(bits, rat + f.slot_width, 1, 1);
    }
  }
  return hexOfBits(bits);
}

RomRow decodeRomRow(const RomFormat& f, const std::string& hex) {
  if (hex.size() != static_cast<size_t>(f.hexDigits()))
    throw Error("ROM word '" + hex + "' has the wrong width");
  std::vector<bool> bits(static_cast<size_t>(f.hexDigits() * 4), false);
  for (size_t i = 0; i < hex.size(); ++i) {
    const char c = hex[hex.size() - 1 - i];
    const int v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
    if (v < 0) throw Error("ROM word '" + hex + "' is not lower-case hex");
    put(bits, static_cast<int>(i) * 4, 4, static_cast<uint64_t>(v));
  }
  RomRow row;
  row.send.resize(static_cast<size_t>(f.np));
  row.recv.resize(static_cast<size_t>(f.np));
  for (int p = 0; p < f.np; ++p) {
    const int at = p * f.sendBits();
    SendField& s = row.send[static_cast<size_t>(p)];
    s.valid = get(bits, at + f.index_width + 1, 1) != 0;
    s.from_link = s.valid && get(bits, at + f.index_width, 1) != 0;
    s.index = s.valid ? static_cast<uint32_t>(get(bits, at, f.index_width)) : 0;
    const int rat = f.np * f.sendBits() + p * f.recvBits();
    RecvField& r = row.recv[static_cast<size_t>(p)];
    r.keep = get(bits, rat + f.slot_width, 1) != 0;
    r.slot = r.keep ? static_cast<uint32_t>(get(bits, rat, f.slot_width)) : 0;
  }
  return row;
}

}  // namespace hypercast
