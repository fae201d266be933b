// The schedule ROM of a schedule-driven node (hw/hc_sched_node.v): one word per
// row, row r doing the sends of step r+1 and filing the arrivals of step r.
//
// Word layout, bit 0 = LSB, NP ports, SW slot-index bits, IW = max(SW,
// clog2(NP), 1) send-index bits, SF = IW + 2, RF = SW + 1:
//   send field of port p    at [p*SF +: SF]:        {valid, from_link, index[IW]}
//     valid = 0: port p sends nothing in this row;
//     from_link = 0: send store slot `index`;
//     from_link = 1: forward the packet arriving on port `index` in this row.
//   receive field of port p at [NP*SF + p*RF +: RF]: {keep, slot[SW]}
//     keep = 1: write the packet arriving on port p into store slot `slot`.
// Word width WW = NP * (SF + RF). The image is $readmemh text: one word per line,
// row 0 first, ceil(WW/4) hex digits, most significant first.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

struct RomFormat {
  int np = 1;
  int slot_width = 1;   // SW
  int index_width = 1;  // IW

  int sendBits() const { return index_width + 2; }
  int recvBits() const { return slot_width + 1; }
  int wordBits() const { return np * (sendBits() + recvBits()); }
  int hexDigits() const { return (wordBits() + 3) / 4; }
};

// Smallest widths for `np` ports and stores of up to `max_slots` entries.
RomFormat makeRomFormat(int np, uint32_t max_slots);

struct SendField {
  bool valid = false;
  bool from_link = false;
  uint32_t index = 0;
};
struct RecvField {
  bool keep = false;
  uint32_t slot = 0;
};
struct RomRow {
  std::vector<SendField> send;  // per port
  std::vector<RecvField> recv;  // per port
};

std::string encodeRomRow(const RomFormat& f, const RomRow& row);  // hex digits, no newline
RomRow decodeRomRow(const RomFormat& f, const std::string& hex);  // throws Error

}  // namespace hypercast
