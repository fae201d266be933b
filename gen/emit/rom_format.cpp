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

int writeAt(const RomFormat& f, int b) { return f.np * f.sendBits() + b * f.writeBits(); }
int readAt(const RomFormat& f, int b) {
  return f.np * f.sendBits() + f.banks * f.writeBits() + b * f.readBits();
}

}  // namespace

RomFormat makeRomFormat(int np, uint32_t banks, uint32_t depth) {
  RomFormat f;
  f.np = np;
  f.banks = static_cast<int>(std::max<uint32_t>(banks, 1));
  f.bank_width = bitsFor(static_cast<uint64_t>(f.banks) - 1);
  f.addr_width = bitsFor(depth > 0 ? depth - 1 : 0);
  f.port_width = bitsFor(static_cast<uint64_t>(np) - 1);
  f.index_width = std::max(f.bank_width, f.port_width);
  return f;
}

RomRow emptyRomRow(const RomFormat& f) {
  RomRow r;
  r.send.resize(static_cast<size_t>(f.np));
  r.write.resize(static_cast<size_t>(f.banks));
  r.read.resize(static_cast<size_t>(f.banks));
  return r;
}

std::string encodeRomRow(const RomFormat& f, const RomRow& row) {
  std::vector<bool> bits(static_cast<size_t>(f.hexDigits() * 4), false);
  for (int p = 0; p < f.np; ++p) {
    const SendField& s = row.send[static_cast<size_t>(p)];
    const int at = p * f.sendBits();
    if (s.valid) {
      put(bits, at, f.index_width, s.index);
      put(bits, at + f.index_width, 2, static_cast<uint64_t>(s.kind));
      put(bits, at + f.index_width + 2, 1, 1);
    }
  }
  for (int b = 0; b < f.banks; ++b) {
    const WriteField& w = row.write[static_cast<size_t>(b)];
    if (w.valid) {
      put(bits, writeAt(f, b), f.addr_width, w.addr);
      put(bits, writeAt(f, b) + f.addr_width, f.port_width, w.port);
      put(bits, writeAt(f, b) + f.addr_width + f.port_width, 1, 1);
    }
    const ReadField& r = row.read[static_cast<size_t>(b)];
    if (r.valid) {
      put(bits, readAt(f, b), f.addr_width, r.addr);
      put(bits, readAt(f, b) + f.addr_width, 1, 1);
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
  RomRow row = emptyRomRow(f);
  for (int p = 0; p < f.np; ++p) {
    const int at = p * f.sendBits();
    SendField& s = row.send[static_cast<size_t>(p)];
    s.valid = get(bits, at + f.index_width + 2, 1) != 0;
    if (!s.valid) continue;
    const uint64_t kind = get(bits, at + f.index_width, 2);
    if (kind > 2) throw Error("ROM word '" + hex + "': send kind 3 on port " + std::to_string(p));
    s.kind = static_cast<SendKind>(kind);
    s.index = static_cast<uint32_t>(get(bits, at, f.index_width));
  }
  for (int b = 0; b < f.banks; ++b) {
    WriteField& w = row.write[static_cast<size_t>(b)];
    w.valid = get(bits, writeAt(f, b) + f.addr_width + f.port_width, 1) != 0;
    if (w.valid) {
      w.addr = static_cast<uint32_t>(get(bits, writeAt(f, b), f.addr_width));
      w.port = static_cast<uint32_t>(get(bits, writeAt(f, b) + f.addr_width, f.port_width));
    }
    ReadField& r = row.read[static_cast<size_t>(b)];
    r.valid = get(bits, readAt(f, b) + f.addr_width, 1) != 0;
    if (r.valid) r.addr = static_cast<uint32_t>(get(bits, readAt(f, b), f.addr_width));
  }
  return row;
}

}  // namespace hypercast
