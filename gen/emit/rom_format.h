// The schedule ROM of a schedule-driven node (hw/hc_sched_node.v). The node
// runs rows 0 .. S (S steps): row r does the sends of step r+1 and files the
// arrivals of step r. Its packet store is NB banks of DEPTH words (simple dual
// port, synchronous read: a read issued in one row gives its word in the next),
// so every row also issues the reads of the next row's sends. Word 0 holds only
// the reads of row 0 (issued in the start cycle); word r+1 holds row r's sends,
// writes and the reads issued in row r: S+2 words.
//
// Word layout, bit 0 = LSB, NP ports, NB banks, AW address bits, BW = clog2(NB),
// PSW = clog2(NP) port bits (each at least 1), IW = max(BW, PSW) send-index
// bits, SF = IW + 3, WF = PSW + AW + 1, RF = AW + 1:
//   send field of port p  at [p*SF +: SF]: {valid, kind[2], index[IW]}
//     valid = 0: port p sends nothing in this row;
//     kind 0: the word bank `index` read (issued in the row before);
//     kind 1: forward the packet arriving on port `index` in this row;
//     kind 2: forward the packet that arrived on port `index` in the row before.
//   write field of bank b at [NP*SF + b*WF +: WF]: {we, port[PSW], addr[AW]}
//     we = 1: write the packet arriving on port `port` at address `addr`.
//   read field of bank b  at [NP*SF + NB*WF + b*RF +: RF]: {re, addr[AW]}
//     re = 1: read address `addr` (for the next row's sends).
// Word width WW = NP*SF + NB*(WF + RF). The image is $readmemh text: one word per
// line, word 0 first, ceil(WW/4) hex digits, most significant first.
// A store slot (the host's load and read ports, the slot map) is bank*2^AW + addr.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

struct RomFormat {
  int np = 1;
  int banks = 1;        // NB
  int bank_width = 1;   // BW
  int addr_width = 1;   // AW
  int port_width = 1;   // PSW
  int index_width = 1;  // IW

  int sendBits() const { return index_width + 3; }
  int writeBits() const { return port_width + addr_width + 1; }
  int readBits() const { return addr_width + 1; }
  int slotWidth() const { return bank_width + addr_width; }
  int wordBits() const { return np * sendBits() + banks * (writeBits() + readBits()); }
  int hexDigits() const { return (wordBits() + 3) / 4; }
};

// Smallest widths for `np` ports and `banks` banks of `depth` words.
RomFormat makeRomFormat(int np, uint32_t banks, uint32_t depth);

enum class SendKind : uint32_t { kStore = 0, kLink = 1, kLate = 2 };

struct SendField {
  bool valid = false;
  SendKind kind = SendKind::kStore;
  uint32_t index = 0;  // bank (kStore) or input port
};
struct WriteField {
  bool valid = false;
  uint32_t port = 0;
  uint32_t addr = 0;
};
struct ReadField {
  bool valid = false;
  uint32_t addr = 0;
};
struct RomRow {
  std::vector<SendField> send;    // per port
  std::vector<WriteField> write;  // per bank
  std::vector<ReadField> read;    // per bank
};

RomRow emptyRomRow(const RomFormat& f);
std::string encodeRomRow(const RomFormat& f, const RomRow& row);  // hex digits, no newline
RomRow decodeRomRow(const RomFormat& f, const std::string& hex);  // throws Error

}  // namespace hypercast
