// MeshRtl over N instances of one Verilated hc_mesh_tile (--rtl-model wired,
// --prefix Vmeshtile, the tile's parameters of this mesh). The harness plays
// the generated top: each cycle it wires tile x's link l from the outputs of
// the tile across (which sends and takes credits on its link l^1), drives
// go_i with the AND of every tile's step_done_o, and plays each node's
// hc_sched_rom (the word at the previous cycle's address, zero in reset) from
// its image. Exact because every tile output is a register: all tiles see the
// pre-edge values, then all clock. The tile's code is compiled once.
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include "Vmeshtile.h"
#include "tb/mesh_flit_bits.h"
#include "tb/mesh_rtl.h"
#include "util/error.h"

namespace hypercast {
namespace tb {
namespace {

// One ROM row: hex digits only (no sign, prefix or blank), at most 64 bits; a
// one-line Error naming the image, the line (from 1) and the row otherwise.
uint64_t hexWord(const std::string& row, const std::string& file, size_t line_no) {
  const std::string at = file + ":" + std::to_string(line_no) + ": ";
  uint64_t word = 0;
  const char* end = row.data() + row.size();
  const auto [stop, ec] = std::from_chars(row.data(), end, word, 16);
  if (ec == std::errc::result_out_of_range) throw Error(at + "wider than 64 bits: " + oneLine(row));
  if (ec != std::errc() || stop != end) throw Error(at + "not a hex word: " + oneLine(row));
  return word;
}

class VerilatedMeshTiles : public MeshRtl {
 public:
  explicit VerilatedMeshTiles(const MeshRtlSetup& s) : s_(s) {
    if (!s.wave_path.empty())
      throw Error("waveforms need the whole-top model (--rtl-model network)");
    if (s.roms.size() != s.nodes) throw Error("one ROM image per node is needed");
    for (uint64_t x = 0; x < s.nodes; ++x) {
      tiles_.emplace_back(new Vmeshtile(&ctx_, ("t" + std::to_string(x)).c_str()));
      std::ifstream f(s.roms[x]);
      if (!f) throw Error("cannot read ROM image " + s.roms[x]);
      std::vector<uint64_t> rom;
      std::string line;
      for (size_t line_no = 1; std::getline(f, line); ++line_no) {
        if (!line.empty()) rom.push_back(hexWord(line, s.roms[x], line_no));
      }
      if (rom.size() != static_cast<size_t>(s.steps)) {
        throw Error(s.roms[x] + " has " + std::to_string(rom.size()) + " rows, expected " +
                    std::to_string(s.steps));
      }
      rom_.push_back(std::move(rom));
      Vmeshtile& t = *tiles_.back();
      setBits(t.coord_i, 0, s.addrWidth(), x);
      setBits(t.flits_i, 0, 32, static_cast<uint64_t>(s.flits));
      setBits(t.last_i, 0, 32, static_cast<uint64_t>(s.steps - 1));
    }
    // Test hook: HYPERCAST_FAULT_ROM=node:row:hexword replaces one ROM word (a
    // corrupted ROM: err_o, the watchdog and the checker must then fail the run).
    if (const char* f = std::getenv("HYPERCAST_FAULT_ROM")) {
      unsigned long long x = 0, row = 0, word = 0;
      if (std::sscanf(f, "%llu:%llu:%llx", &x, &row, &word) == 3 && x < s.nodes &&
          row < rom_[x].size()) {
        rom_[x][row] = word;
      }
    }
    rom_q_.assign(s.nodes, 0);
    // The tile across each link (or -1), as the top wires it.
    const uint64_t side = uint64_t{1} << s.coord_width;
    for (uint64_t x = 0; x < s.nodes; ++x) {
      for (int l = 0; l < s.links; ++l) {
        const int j = l / 2;
        const uint64_t w = uint64_t{1} << (j * s.coord_width);
        const uint64_t c = (x / w) % side;
        across_.push_back(l % 2 ? (c == 0 ? -1 : static_cast<int64_t>(x - w))
                                : (c + 1 == side ? -1 : static_cast<int64_t>(x + w)));
      }
    }
  }
  ~VerilatedMeshTiles() override {
    for (auto& t : tiles_) t->final();
  }
  void reset() override {
    for (auto& t : tiles_) {
      t->rst_ni = 0;
      t->clk_i = 0;
      t->start_i = 0;
      t->ld_valid_i = 0;
      t->go_i = 0;
      t->eval();
    }
    std::fill(rom_q_.begin(), rom_q_.end(), 0);
    tick();
    for (auto& t : tiles_) {
      t->rst_ni = 1;
      t->eval();
    }
  }
  void load(uint64_t node, uint64_t data) override {
    Vmeshtile& t = *tiles_[node];
    t.ld_valid_i = 1;
    setBits(t.ld_data_i, 0, s_.payload_width, data);
    tick();
    t.ld_valid_i = 0;
  }
  void start() override {
    for (auto& t : tiles_) t->start_i = 1;
    tick();
    for (auto& t : tiles_) t->start_i = 0;
  }
  void cycle() override { tick(); }
  model::MeshLinkWord linkOut(uint64_t x, int l) const override {
    const Vmeshtile& t = *tiles_[x];
    model::MeshLinkWord w;
    w.valid = getBits(t.lout_valid_o, size_t(l), 1) != 0;
    if (w.valid) w.flit = decodeMeshFlit(t.lout_flit_o, size_t(l) * size_t(s_.flitWidth()), s_);
    return w;
  }
  bool rxValid(uint64_t x) const override { return tiles_[x]->rx_valid_o; }
  uint32_t rxSrc(uint64_t x) const override {
    return static_cast<uint32_t>(getBits(tiles_[x]->rx_src_o, 0, s_.addrWidth()));
  }
  uint64_t rxData(uint64_t x) const override {
    return getBits(tiles_[x]->rx_data_o, 0, s_.payload_width);
  }
  bool go() const override { return allDone(); }
  bool done() const override {
    for (const auto& t : tiles_) {
      if (!t->done_o) return false;
    }
    return true;
  }
  bool err() const override {
    for (const auto& t : tiles_) {
      if (t->err_o) return true;
    }
    return false;
  }
  uint64_t linkHeads() const override {
    uint64_t s = 0;
    for (const auto& t : tiles_) s += getBits(t->link_heads_o, 0, 32);
    return s;
  }
  bool has(uint64_t x) override { return tiles_[x]->has_o; }
  uint64_t data(uint64_t x) override { return getBits(tiles_[x]->data_o, 0, s_.payload_width); }

 private:
  bool allDone() const {
    for (const auto& t : tiles_) {
      if (!t->step_done_o) return false;
    }
    return true;
  }
  void tick() {
    const bool go = allDone();
    const size_t fw = static_cast<size_t>(s_.flitWidth());
    const int links = s_.links;
    for (uint64_t x = 0; x < tiles_.size(); ++x) {
      Vmeshtile& t = *tiles_[x];
      t.go_i = go;
      for (int l = 0; l < links; ++l) {
        const int64_t y = across_[x * uint64_t(links) + uint64_t(l)];
        const size_t ls = static_cast<size_t>(l);
        if (y < 0) {
          setBits(t.lin_valid_i, ls, 1, 0);
          setBits(t.lout_credit_i, ls, 1, 0);
          continue;
        }
        const Vmeshtile& u = *tiles_[static_cast<uint64_t>(y)];
        const size_t q = static_cast<size_t>(l ^ 1);
        setBits(t.lin_valid_i, ls, 1, getBits(u.lout_valid_o, q, 1));
        copyBits(t.lin_flit_i, ls * fw, u.lout_flit_o, q * fw, s_.flitWidth());
        setBits(t.lout_credit_i, ls, 1, getBits(u.lin_credit_o, q, 1));
      }
      setBits(t.rom_data_i, 0, s_.rom_word_bits, rom_q_[x]);
      t.clk_i = 0;
    }
    for (uint64_t x = 0; x < tiles_.size(); ++x) {
      Vmeshtile& t = *tiles_[x];
      t.eval();
      // hc_sched_rom: data_q <= mem[addr_i], zero in reset.
      const uint64_t a = getBits(t.rom_addr_o, 0, 32);
      rom_q_[x] = t.rst_ni && a < rom_[x].size() ? rom_[x][a] : 0;
    }
    for (auto& t : tiles_) {
      t->clk_i = 1;
      t->eval();
    }
    for (auto& t : tiles_) {
      t->clk_i = 0;
      t->eval();
    }
  }
  MeshRtlSetup s_;
  VerilatedContext ctx_;
  std::vector<std::unique_ptr<Vmeshtile>> tiles_;
  std::vector<std::vector<uint64_t>> rom_;
  std::vector<uint64_t> rom_q_;
  std::vector<int64_t> across_;  // [x*2D+l]
};

}  // namespace

std::unique_ptr<MeshRtl> makeMeshRtl(const MeshRtlSetup& setup) {
  return std::make_unique<VerilatedMeshTiles>(setup);
}

}  // namespace tb
}  // namespace hypercast
