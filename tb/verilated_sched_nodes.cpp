// SchedRtl over N instances of one Verilated hc_sched_node (--rtl-model wired,
// built with --prefix Vschednode and the node's parameters; every node gets the
// largest store), each in sched_node_latched (emit/schedule_rtl.h), which takes
// the inputs into registers at the falling edge: the node's logic is evaluated
// at the two edges of a cycle only. The harness plays the part of the generated top: each cycle
// it wires every input port from the output that drives it in the port graph,
// and plays each node's hc_sched_rom (a synchronous-read memory: the word at the
// address of the previous cycle, zero after reset) from the node's ROM image,
// loaded at start-up. Exact because everything between nodes, and the ROM's
// output, is a register: all nodes see the pre-edge values, then all clock.
// The node's code is compiled once, so large networks build in seconds.
#include <fstream>
#include <vector>

#include "Vschednode.h"
#include "tb/sched_rtl.h"
#include "tb/verilated_bits.h"
#include "util/error.h"

namespace hypercast {
namespace tb {
namespace {

using Word = std::vector<uint32_t>;  // one ROM word, 32 bits a piece, LSB first

Word parseHex(const std::string& hex, int bits, const std::string& file, size_t row) {
  Word w(static_cast<size_t>((bits + 31) / 32), 0);
  int pos = 0;  // bit position of the digit being read, from the right
  for (size_t i = hex.size(); i-- > 0;) {
    const char c = hex[i];
    uint32_t v = 0;
    if (c >= '0' && c <= '9') {
      v = static_cast<uint32_t>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      v = static_cast<uint32_t>(c - 'a' + 10);
    } else if (c >= 'A' && c <= 'F') {
      v = static_cast<uint32_t>(c - 'A' + 10);
    } else {
      throw Error(file + " row " + std::to_string(row) + ": not a hex digit");
    }
    if (pos < bits) w[static_cast<size_t>(pos / 32)] |= (v << (pos % 32));
    pos += 4;
  }
  if (bits % 32 != 0) w.back() &= (uint32_t{1} << (bits % 32)) - 1;  // none above the word
  return w;
}

class VerilatedSchedNodes : public SchedRtl {
 public:
  explicit VerilatedSchedNodes(const SchedRtlSetup& s)
      : g_(*s.graph), np_(s.graph->ports()), pw_(s.payload_width), ww_(s.rom_word_bits) {
    if (!s.wave_path.empty()) {
      throw Error("waveforms need the whole-top model (--rtl-model network)");
    }
    const uint64_t n = g_.nodes();
    if (s.roms.size() != n) throw Error("one ROM image per node is needed");
    for (uint64_t x = 0; x < n; ++x) {
      nodes_.emplace_back(new Vschednode(&ctx_, ("n" + std::to_string(x)).c_str()));
      std::ifstream f(s.roms[x]);
      if (!f) throw Error("cannot read ROM image " + s.roms[x]);
      std::vector<Word> rom;
      std::string line;
      while (std::getline(f, line)) {
        if (!line.empty()) rom.push_back(parseHex(line, ww_, s.roms[x], rom.size()));
      }
      if (rom.size() != s.rom_rows) {
        throw Error(s.roms[x] + " has " + std::to_string(rom.size()) + " rows, expected " +
                    std::to_string(s.rom_rows));
      }
      rom_.push_back(std::move(rom));
    }
    zero_word_.assign(static_cast<size_t>((ww_ + 31) / 32), 0);
    for (uint64_t x = 0; x < n; ++x) {
      for (int p = 0; p < np_; ++p) drivers_.push_back(g_.drivenBy(x, p));
    }
    rom_row_.assign(n, -1);
  }
  ~VerilatedSchedNodes() override {
    for (auto& v : nodes_) v->final();
  }

  void reset() override {
    for (auto& v : nodes_) {
      v->rst_ni = 0;
      v->clk_i = 0;
      v->start_i = 0;
      v->ld_valid_i = 0;
      v->eval();
    }
    std::fill(rom_row_.begin(), rom_row_.end(), -1);
    tick();
    for (auto& v : nodes_) {
      v->rst_ni = 1;
      v->eval();
    }
  }
  void load(bool valid, uint64_t node, uint64_t slot, uint64_t data) override {
    Vschednode& v = *nodes_[node];
    v.ld_valid_i = valid;
    setBits(v.ld_slot_i, 0, 32, slot);
    setBits(v.ld_data_i, 0, pw_, data);
    // While every node is idle, a clock edge changes nothing in a node that is
    // not loaded (no start, no load, no sends, its ROM output already holds row
    // 0): only the loaded node is clocked. Preloading N nodes then costs N node
    // cycles instead of N network cycles.
    if (anyBusy()) {
      tick();
    } else {
      tickNode(node);
    }
    v.ld_valid_i = 0;
  }
  void start() override {
    for (auto& v : nodes_) v->start_i = 1;
    tick();
    for (auto& v : nodes_) v->start_i = 0;
  }
  void cycle() override { tick(); }
  bool linkValid(uint64_t node, int port) const override {
    return getBits(nodes_[node]->lnk_valid_o, static_cast<size_t>(port), 1) != 0;
  }
  uint64_t linkData(uint64_t node, int port) const override {
    return getBits(nodes_[node]->lnk_data_o, static_cast<size_t>(port) * size_t(pw_), pw_);
  }
  bool done() const override {
    for (const auto& v : nodes_) {
      if (!v->done_o) return false;
    }
    return true;
  }
  bool error() const override {
    for (const auto& v : nodes_) {
      if (v->err_o) return true;
    }
    return false;
  }
  bool nodeError(uint64_t node) const override { return nodes_[node]->err_o != 0; }
  uint64_t read(uint64_t node, uint64_t slot) override {
    Vschednode& v = *nodes_[node];
    setBits(v.rd_slot_i, 0, 32, slot);
    tickNode(node);  // a synchronous read: the slot's word is out after the clock
    return getBits(v.rd_data_o, 0, pw_);
  }

 private:
  bool anyBusy() const {
    for (const auto& v : nodes_) {
      if (v->busy_o) return true;
    }
    return false;
  }
  // Sets node x's inputs from the pre-edge outputs of the nodes driving it and
  // from its ROM's output register.
  void wireInputs(uint64_t x) {
    const size_t pw = static_cast<size_t>(pw_), words = pw / 32;
    Vschednode& v = *nodes_[x];
    const PortEnd* drivers = &drivers_[x * static_cast<size_t>(np_)];
    for (int p = 0; p < np_; ++p) {
      const PortEnd e = drivers[p];
      const size_t ps = static_cast<size_t>(p);
      if (!e.present()) {
        setBits(v.lnk_valid_i, ps, 1, 0);
        copyBits(v.lnk_data_i, ps * pw, zero_, 0, pw_);
        continue;
      }
      const Vschednode& u = *nodes_[e.node];
      const size_t q = static_cast<size_t>(e.port);
      setBits(v.lnk_valid_i, ps, 1, getBits(u.lnk_valid_o, q, 1));
      if (pw % 32 == 0) {
        copyWords(v.lnk_data_i, ps * words, u.lnk_data_o, q * words, words);
      } else {
        copyBits(v.lnk_data_i, ps * pw, u.lnk_data_o, q * pw, pw_);
      }
    }
    const Word& w = rom_row_[x] < 0 ? zero_word_ : rom_[x][static_cast<size_t>(rom_row_[x])];
    setWords(v.rom_data_i, w.data(), w.size());
    v.clk_i = 0;
  }
  // The falling edge (the wrapper takes the inputs wireInputs set), then files
  // what node x's ROM reads at the rising edge (hc_sched_rom: data_q <=
  // mem[addr_i], zero in reset).
  void settle(uint64_t x) {
    Vschednode& v = *nodes_[x];
    v.eval();
    const uint64_t addr = getBits(v.rom_addr_o, 0, 32);
    rom_row_[x] = v.rst_ni && addr < rom_[x].size() ? static_cast<int64_t>(addr) : -1;
  }
  // The rising edge. The clock stays high until the next settle() lowers it
  // with the next inputs: two evaluations a cycle (the wrapper's registers at
  // the falling edge, the node's at the rising one; every output is a register
  // or settled by this evaluation).
  void edge(Vschednode& v) {
    v.clk_i = 1;
    v.eval();
  }
  void tickNode(uint64_t x) {
    wireInputs(x);
    settle(x);
    edge(*nodes_[x]);
  }
  // One clock cycle: wire every input from pre-edge outputs, then clock all.
  void tick() {
    const uint64_t n = nodes_.size();
    for (uint64_t x = 0; x < n; ++x) wireInputs(x);
    for (uint64_t x = 0; x < n; ++x) settle(x);
    for (auto& v : nodes_) edge(*v);
  }
  const PortGraph& g_;
  int np_;
  int pw_;
  int ww_;
  uint64_t zero_ = 0;
  VerilatedContext ctx_;
  std::vector<std::unique_ptr<Vschednode>> nodes_;
  std::vector<std::vector<Word>> rom_;  // [x][row]
  Word zero_word_;                      // the ROM's output in reset
  std::vector<PortEnd> drivers_;        // [x * np + p]: the output that drives input p of x
  std::vector<int64_t> rom_row_;        // each node's ROM output register: the row, -1 zero
};

}  // namespace

std::unique_ptr<SchedRtl> makeSchedRtl(const SchedRtlSetup& setup) {
  return std::make_unique<VerilatedSchedNodes>(setup);
}

}  // namespace tb
}  // namespace hypercast
