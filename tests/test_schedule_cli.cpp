// `hypercast schedule` and `hypercast generate --topology hypercube` as a user
// drives them: JSON summaries against Table 1, the CSV re-checked here by the
// independent checker, the ROM images run by an interpreter written from the
// documented ROM format, and one-line refusals of bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "algorithm/hypercube_schedules.h"
#include "checker/schedule_checker.h"
#include "checker/store_bank_checker.h"
#include "emit/rom_format.h"
#include "emit/schedule_program.h"
#include "emit/schedule_rtl.h"
#include "test_util.h"
#include "topology/network.h"
#include "util/error.h"

namespace fs = std::filesystem;
using namespace hypercast;

namespace {

std::string tmp(const std::string& what) {
  return "/tmp/hctest-schedcli-" + std::to_string(::getpid()) + "-" + what;
}

std::vector<std::vector<long long>> readCsv(const std::string& text, std::string& header) {
  std::istringstream in(text);
  std::getline(in, header);
  std::vector<std::vector<long long>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<long long> row;
    std::stringstream ls(line);
    std::string cell;
    while (std::getline(ls, cell, ',')) row.push_back(std::stoll(cell));
    rows.push_back(row);
  }
  return rows;
}

}  // namespace

TEST(ScheduleCli, JsonAndCsvMatchTable1) {
  struct Case {
    const char* collective;
    int d;
    long long steps, transmissions;  // Table 1 for this d, worked by hand
    const char* construction;        // the single-node broadcast is not the paper's (Sec. 1)
  };
  // d = 5: ceil(31/5) = 7; 32*31 = 992; 5*16 = 80; 2^4 = 16; 5*2^9 = 2560.
  for (const Case& c :
       {Case{"broadcast", 5, 5, 31, "binomial-tree"},
        Case{"multinode-broadcast", 5, 7, 992, "paper"}, Case{"scatter", 5, 7, 80, "paper"},
        Case{"total-exchange", 5, 16, 2560, "paper"}}) {
    SCOPED_TRACE(c.collective);
    const std::string csv = tmp(std::string(c.collective) + ".csv");
    const auto r = hctest::run(hctest::hypercast() + " schedule --topology hypercube --dim 5 " +
                               "--collective " + c.collective + " --output " + csv + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const nlohmann::json j = hctest::parseJson(r.out);
    const nlohmann::json& f = j.at("figures");
    EXPECT_EQ(f.at("steps").get<long long>(), c.steps);
    EXPECT_EQ(f.at("transmissions").get<long long>(), c.transmissions);
    EXPECT_EQ(j.at("optimal"), true);
    EXPECT_EQ(j.at("construction"), c.construction);
    EXPECT_EQ(f.at("lower_bound").at("steps").get<long long>(), c.steps);
    EXPECT_EQ(f.at("lower_bound").at("transmissions").get<long long>(), c.transmissions);
    std::string header;
    const auto rows = readCsv(hctest::slurp(csv), header);
    EXPECT_EQ(header, "step,from,to,origin,dest,msg");
    ASSERT_EQ(static_cast<long long>(rows.size()), c.transmissions);
    std::vector<Transfer> t;
    for (const auto& row : rows) {
      ASSERT_EQ(row.size(), 6u);  // step,from,to,origin,dest,msg
      t.push_back({uint32_t(row[0]), uint32_t(row[1]), uint32_t(row[2]), uint32_t(row[3]),
                   int32_t(row[4]), uint32_t(row[5])});
    }
    EXPECT_EQ(t.front().step, 1u);  // step 1 is the first time unit
    checker::CollectiveSpec spec;
    spec.network = hypercubeNetwork(c.d);
    spec.problem = {parseCollective(c.collective), uint64_t{1} << c.d, 0, 1};
    const auto rep = checker::checkSchedule(spec, t);
    EXPECT_TRUE(rep.ok) << (rep.errors.empty() ? "" : rep.errors.front());
    EXPECT_EQ(static_cast<long long>(rep.steps), c.steps);
    fs::remove(csv);
  }
}

TEST(ScheduleCli, SourceMovesTheRoot) {
  const std::string csv = tmp("root.csv");
  const auto r = hctest::run(hctest::hypercast() + " schedule --dim 4 --collective scatter " +
                             "--source 11 --output " + csv + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(hctest::parseJson(r.out).at("source"), 11);
  std::string header;
  const auto rows = readCsv(hctest::slurp(csv), header);
  // One transfer per hop of each packet: the sum of the distances from the root,
  // d 2^(d-1) = 4 x 8 = 32 on Q_4, every one of them carrying a packet of node 11.
  EXPECT_EQ(rows.size(), 32u);
  for (const auto& row : rows) EXPECT_EQ(row[3], 11);
  fs::remove(csv);
}

TEST(ScheduleCli, BadInputIsOneLineAndWritesNothing) {
  const std::string csv = tmp("bad.csv");
  const std::string base = hctest::hypercast() + " schedule ";
  struct Bad {
    std::string args, says;
  };
  for (const Bad& b : {
           Bad{"--topology hypercube --dim 0 --collective scatter", "--dim 1..16"},
           Bad{"--dim 13 --collective multinode-broadcast", "--dim 1..12"},
           Bad{"--dim 11 --collective total-exchange", "--dim 1..10"},
           Bad{"--dim x --collective scatter", "not a number"},
           Bad{"--dim 3 --collective scatter --source 8", "outside 0..7"},
           Bad{"--dim 3 --collective total-exchange --source 1", "has no --source"},
           Bad{"--dim 3 --collective gather", "unknown collective"},
           Bad{"--dim 3 --collective broadcast --messages 2",
               "--messages 2: this construction sends one message per pair (the torus's send "
               "more)"},
           Bad{"--dim 3", "needs --collective"},
           Bad{"--collective scatter", "hypercycle' has no scatter"},  // the default network
           Bad{"--topology torus --n 2 --k 4 --collective scatter", "needs odd k"},
           Bad{"--topology torus --n 2 --k 4 --collective total-exchange --construction paper",
               "needs odd k"},
           Bad{"--topology torus --n 3 --k 3 --collective total-exchange --construction paper",
               "needs 3 | M"},
           Bad{"--topology torus --n 2 --k 5 --collective broadcast --messages 2",
               "sends one message"},
           Bad{"--topology torus --n 2 --k 5 --collective scatter --messages 0", "1..1024"},
           Bad{"--topology torus --n 2 --k 5 --collective scatter --construction best",
               "auto, paper or extension"},
           Bad{"--dim 3 --collective scatter --construction paper", "has one construction"},
           Bad{"--topology torus --n 3 --k 15 --collective total-exchange", "takes at most"},
           Bad{"--topology torus --n 4 --k 11 --collective total-exchange", "above the limit"},
           Bad{"--topology hypercycle --m 8 --rho 1 --collective scatter", "has no scatter"},
           Bad{"--dim 3 --collective scatter --topology torus", "is a hypercube option"},
       }) {
    SCOPED_TRACE(b.args);
    const auto r = hctest::run(base + b.args + " --output " + csv);
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(b.says), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(csv));
  }
  const auto r = hctest::run(base + "--dim 3 --collective scatter --output /dev/null/x.csv");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("cannot write"), std::string::npos) << r.err;
  // generate: a bad request leaves no folder behind.
  const std::string dir = tmp("badgen");
  const auto g =
      hctest::run(hctest::hypercast() +
                  " generate --topology hypercube --dim 11 --collective scatter --out " + dir);
  EXPECT_EQ(g.code, 2);
  EXPECT_NE(g.err.find("--dim 1..10"), std::string::npos) << g.err;
  EXPECT_FALSE(fs::exists(dir));
}

// MT(n,k) with k even: Fragopoulou & Akl's framework takes odd k only, so
// without --construction the multinode broadcast and the total exchange of one
// message take Faber's universal collectives (MT(n,k) is the Cayley graph of
// Z_k^n with the generators +-e_i) and say so. The bounds, written out from the
// papers: P = k^n nodes, d = 2n links per node, D = n k/2 the diameter;
//   multinode broadcast: max(ceil((P-1)/d), D) steps, P (P-1) transmissions
//     (Faber, Thm 4.5; Fragopoulou & Akl, Sec. 4.1);
//   total exchange: max(ceil(S/d), D) steps, P S transmissions, S a node's sum
//     of distances (Sec. 4.1's argument: P S hops over P d links a step), here
//     n k^(n-1) times a ring's k^2/4 (the sum of min(j, k-j) over j < k).
// schedule, generate, export and simulate build the one schedule at them.
TEST(ScheduleCli, EvenTorusTakesFabersCollectivesAtTheBound) {
  struct Case {
    int n, k;
    const char* collective;
    const char* construction;
  };
  for (const Case& c : {Case{2, 4, "multinode-broadcast", "regular-order"},
                        Case{2, 12, "multinode-broadcast", "regular-order"},
                        Case{2, 4, "total-exchange", "coloured-paths"},
                        Case{2, 6, "total-exchange", "coloured-paths"},
                        Case{3, 4, "total-exchange", "coloured-paths"}}) {
    const std::string args = "--topology torus --n " + std::to_string(c.n) + " --k " +
                             std::to_string(c.k) + " --collective " + c.collective;
    SCOPED_TRACE(args);
    uint64_t p = 1;
    for (int i = 0; i < c.n; ++i) p *= static_cast<uint64_t>(c.k);
    const uint64_t d = 2 * static_cast<uint64_t>(c.n);
    const uint64_t diameter = static_cast<uint64_t>(c.n * c.k / 2);
    const uint64_t sum = p / static_cast<uint64_t>(c.k) * static_cast<uint64_t>(c.n) *
                         static_cast<uint64_t>(c.k * c.k / 4);
    const bool mnb = std::string(c.collective) == "multinode-broadcast";
    const uint64_t steps = std::max(((mnb ? p - 1 : sum) + d - 1) / d, diameter);
    const uint64_t transmissions = mnb ? p * (p - 1) : p * sum;

    const auto r = hctest::run(hctest::hypercast() + " schedule " + args + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j.at("construction"), c.construction);
    EXPECT_NE(j.at("fallback").get<std::string>().find("Faber"), std::string::npos);
    EXPECT_NE(j.at("fallback").get<std::string>().find("odd k"), std::string::npos);
    EXPECT_EQ(j.at("checker"), "pass");
    EXPECT_EQ(j.at("figures").at("lower_bound").at("steps"), steps);
    EXPECT_EQ(j.at("figures").at("lower_bound").at("transmissions"), transmissions);
    EXPECT_EQ(j.at("figures").at("steps"), steps);
    EXPECT_EQ(j.at("figures").at("transmissions"), transmissions);
    EXPECT_EQ(j.at("optimal"), true);
    if (c.k > 6) continue;  // the RTL commands on the small ones

    const std::string dir = tmp("even-torus");
    fs::remove_all(dir);
    const auto g =
        hctest::run(hctest::hypercast() + " generate " + args + " --out " + dir + " --json");
    ASSERT_EQ(g.code, 0) << g.err;
    const auto gj = nlohmann::json::parse(g.out);
    EXPECT_EQ(gj.at("construction"), c.construction);
    EXPECT_EQ(gj.at("figures").at("steps"), steps);
    EXPECT_EQ(gj.at("optimal"), true);
    fs::remove_all(dir);

    const std::string xml = tmp("even-torus.xml");
    const auto e = hctest::run(hctest::hypercast() + " export " + args + " --format msccl-xml -o " +
                               xml + " --json");
    ASSERT_EQ(e.code, 0) << e.err;
    EXPECT_EQ(nlohmann::json::parse(e.out).at("figures").at("steps"), steps);
    fs::remove(xml);

    const auto m =
        hctest::run(hctest::hypercast() + " simulate " + args + " --engine systemc --json");
    ASSERT_EQ(m.code, 0) << m.err;
    const auto mj = nlohmann::json::parse(m.out);
    EXPECT_EQ(mj.at("construction"), c.construction);
    EXPECT_EQ(mj.at("figures").at("steps"), steps);
    EXPECT_EQ(mj.at("optimal"), true);
    EXPECT_EQ(mj.at("verdict"), "pass");
  }
}

// Runs the generated ROM images the way docs/file-formats.md "Schedule ROM format" describes
// them, with packets as (origin, dest) tokens, and checks that every node ends
// with exactly the packets the collective promises, in the slots the slot map
// names.
TEST(ScheduleRom, ImagesDeliverWhatTheCollectivePromises) {
  for (const char* coll : {"broadcast", "multinode-broadcast", "scatter", "total-exchange"}) {
    SCOPED_TRACE(coll);
    const int d = 4;
    const uint32_t n = 1u << d;
    const std::string dir = tmp(std::string("rom-") + coll);
    fs::remove_all(dir);
    const auto g = hctest::run(hctest::hypercast() + " generate --topology hypercube --dim 4 " +
                               "--collective " + coll + " --source 6 --out " + dir + " --json");
    if (std::string(coll) != "broadcast" && std::string(coll) != "scatter") {
      EXPECT_EQ(g.code, 2);  // --source is refused for all-node collectives
      const auto g2 =
          hctest::run(hctest::hypercast() + " generate --topology hypercube --dim 4 --collective " +
                      coll + " --out " + dir + " --json");
      ASSERT_EQ(g2.code, 0) << g2.err;
    } else {
      ASSERT_EQ(g.code, 0) << g.err;
    }
    const nlohmann::json manifest = hctest::parseJson(hctest::slurp(dir + "/manifest.json"));
    const std::string top = manifest.at("top").get<std::string>();
    const std::string name = top.substr(0, top.size() - 4);
    const nlohmann::json& romj = manifest.at("rom");
    RomFormat f;
    f.np = manifest.at("ports").get<int>();
    f.banks = romj.at("banks").get<int>();
    f.bank_width = romj.at("bank_width").get<int>();
    f.addr_width = romj.at("addr_width").get<int>();
    f.port_width = romj.at("port_width").get<int>();
    f.index_width = romj.at("index_width").get<int>();
    ASSERT_EQ(romj.at("slot_width").get<int>(), f.bank_width + f.addr_width);
    ASSERT_EQ(f.np, d);
    ASSERT_EQ(romj.at("ports").get<int>(), d);
    ASSERT_EQ(romj.at("word_bits").get<int>(), f.wordBits());
    const long long rows = romj.at("rows").get<long long>();
    ASSERT_EQ(rows, manifest.at("steps").get<long long>() + 1);
    ASSERT_EQ(romj.at("words").get<long long>(), rows + 1);
    using Token = std::pair<long long, long long>;  // (origin, dest)
    std::vector<std::vector<RomRow>> rom(n);
    for (uint32_t x = 0; x < n; ++x) {
      std::istringstream in(
          hctest::slurp(dir + "/rom/" + name + "_n" + std::to_string(x) + ".hex"));
      std::string line;
      while (std::getline(in, line)) rom[x].push_back(decodeRomRow(f, line));
      ASSERT_EQ(static_cast<long long>(rom[x].size()), rows + 1);
    }
    std::vector<std::map<long long, Token>> store(n);
    std::string header;
    std::vector<std::vector<long long>> slots;
    {
      std::istringstream in(hctest::slurp(dir + "/" + name + "_slots.csv"));
      std::getline(in, header);
      EXPECT_EQ(header, "node,slot,origin,dest,msg,role");
      std::string line;
      while (std::getline(in, line)) {
        std::vector<long long> row;
        std::stringstream ls(line);
        std::string cell;
        for (int i = 0; i < 4 && std::getline(ls, cell, ','); ++i) row.push_back(std::stoll(cell));
        std::getline(ls, cell, ',');
        EXPECT_EQ(cell, "0");  // one message per pair
        std::getline(ls, cell);
        row.push_back(cell == "load" ? 0 : 1);
        slots.push_back(row);
      }
    }
    for (const auto& s : slots) {
      if (s[4] == 0) store[s[0]][s[1]] = {s[2], s[3]};
    }
    // The store as banks: a slot is bank * 2^AW + address; a read issued in
    // one word is the bank's output in the next; arr holds the last row's
    // arrivals. Word 0 is the start cycle (its reads only), word r+1 row r.
    const Token none{-2, -2};
    auto slot = [&](uint32_t bank, uint32_t addr) {
      return static_cast<long long>((bank << f.addr_width) | addr);
    };
    std::vector<std::vector<Token>> link(n, std::vector<Token>(d, none)), arr = link;
    std::vector<std::vector<Token>> bank_q(n, std::vector<Token>(f.banks, none));
    for (long long w = 0; w <= rows; ++w) {
      std::vector<std::vector<Token>> next(n, std::vector<Token>(d, none)), next_q = bank_q;
      for (uint32_t x = 0; x < n; ++x) {
        const RomRow& row = rom[x][w];
        auto in = [&](int p) { return link[x ^ (1u << p)][p]; };  // input p = output p of x^e_p
        for (int p = 0; p < d; ++p) {
          const SendField& s = row.send[p];
          if (!s.valid) continue;
          ASSERT_GT(w, 0);
          next[x][p] = s.kind == SendKind::kLink   ? in(static_cast<int>(s.index))
                       : s.kind == SendKind::kLate ? arr[x][s.index]
                                                   : bank_q[x][s.index];
          EXPECT_NE(next[x][p], none) << "node " << x << " word " << w;
        }
        for (int b = 0; b < f.banks; ++b) {  // reads see the words before this row's writes
          if (row.read[b].valid) {
            const auto it = store[x].find(slot(b, row.read[b].addr));
            next_q[x][b] = it == store[x].end() ? none : it->second;
          }
        }
        for (int b = 0; b < f.banks; ++b) {
          if (row.write[b].valid) {
            ASSERT_GT(w, 0);
            EXPECT_NE(in(row.write[b].port), none) << "node " << x << " word " << w;
            store[x][slot(b, row.write[b].addr)] = in(row.write[b].port);
          }
        }
      }
      if (w > 0) {
        for (uint32_t x = 0; x < n; ++x) {
          for (int p = 0; p < d; ++p) arr[x][p] = link[x ^ (1u << p)][p];
        }
        link.swap(next);
      }
      bank_q.swap(next_q);
    }
    const std::string c = coll;
    const long long root = (c == "broadcast" || c == "scatter") ? 6 : -1;
    for (uint32_t x = 0; x < n; ++x) {
      std::set<Token> promised, kept;
      for (uint32_t o = 0; o < n; ++o) {
        if (o == x || (root >= 0 && o != root)) continue;
        const bool bcast = c == "broadcast" || c == "multinode-broadcast";
        promised.insert({o, bcast ? -1LL : static_cast<long long>(x)});
      }
      for (const auto& s : slots) {
        if (s[0] != x || s[4] != 1) continue;
        EXPECT_EQ(store[x].at(s[1]), Token(s[2], s[3])) << "node " << x << " slot " << s[1];
        kept.insert({s[2], s[3]});
      }
      EXPECT_EQ(kept, promised) << "node " << x;
    }
    fs::remove_all(dir);
  }
}

// The generator's own check of the store banks (checker::requireSoundStoreBanks,
// which `generate` and `simulate` run on every node through
// flow::checkProgramBanks before writing anything) refuses a corrupted
// assignment with one line naming the node and the violation: two reads of one
// bank in one row, and a read of an address another packet overwrote before it.
// The 4-cube total exchange, node 0's store, corrupted by hand.
TEST(StoreBankProgram, GeneratorCheckRefusesACorruptedAssignment) {
  const PortGraph g = PortGraph::build(hypercubeNetwork(4));
  const NetworkProgram prog =
      compileSchedule(hypercubeSchedule(4, Collective::kTotalExchange, 0), g);
  const std::vector<StoreEntry>& store = prog.nodes.at(0).store;
  for (size_t x = 0; x < prog.nodes.size(); ++x) {
    EXPECT_NO_THROW(
        checker::requireSoundStoreBanks(x, prog.nodes[x].store, prog.banks, prog.depth));
  }
  auto refusal = [&](const std::vector<StoreEntry>& e) {
    try {
      checker::requireSoundStoreBanks(0, e, prog.banks, prog.depth);
    } catch (const Error& err) {
      return std::string(err.what());
    }
    return std::string();
  };
  // Two reads in one row: packet c of bank B also read in row r, where packet a
  // of bank B is read.
  bool two_reads = false;
  for (size_t a = 0; a < store.size() && !two_reads; ++a) {
    for (size_t c = 0; c < store.size() && !two_reads && !store[a].read_rows.empty(); ++c) {
      const int64_t r = store[a].read_rows.front();
      const auto& rc = store[c].read_rows;
      if (c == a || store[c].bank != store[a].bank || std::count(rc.begin(), rc.end(), r)) continue;
      std::vector<StoreEntry> bad = store;
      bad[c].read_rows.push_back(r);
      std::sort(bad[c].read_rows.begin(), bad[c].read_rows.end());
      const std::string e = refusal(bad);
      EXPECT_EQ(e, "node 0 store banks: bank " + std::to_string(store[a].bank) +
                       " issues two reads in row " + std::to_string(r));
      two_reads = true;
    }
  }
  EXPECT_TRUE(two_reads) << "no bank of node 0 holds two packets, one of them read";
  // An overwrite: packet c, written into a's bank after a and before a's first
  // read, moved to a's address.
  bool overwrite = false;
  for (size_t a = 0; a < store.size() && !overwrite; ++a) {
    for (size_t c = 0; c < store.size() && !overwrite && !store[a].read_rows.empty(); ++c) {
      const int64_t r = store[a].read_rows.front();
      if (c == a || store[c].bank != store[a].bank || store[c].write_row <= store[a].write_row ||
          store[c].write_row >= r) {
        continue;
      }
      std::vector<StoreEntry> bad = store;
      bad[c].addr = store[a].addr;
      const std::string e = refusal(bad);
      EXPECT_EQ(e, "node 0 store banks: packet " + std::to_string(a) + " is read from bank " +
                       std::to_string(store[a].bank) + " address " + std::to_string(store[a].addr) +
                       " in row " + std::to_string(r) + " but packet " + std::to_string(c) +
                       " is there");
      EXPECT_EQ(e.find('\n'), std::string::npos);
      overwrite = true;
    }
  }
  EXPECT_TRUE(overwrite) << "no packet of node 0 is written between another's write and read";
}

// The own packet's copies (emit/schedule_program.h): on the 6-cube multinode
// broadcast every node sends its own packet on all six ports in step 1 (ROM word
// 1) and forwards on every port from step 2 on. Each port's step-1 send must read
// a bank that port also reads for a forward, so the own packet is no extra
// source of its send multiplexer; every load is the node's own packet, one per
// distinct step-1 bank; the bank count stays at the König colouring's 7 (6
// writes per row: one arrival per port).
TEST(StoreBankProgram, OwnPacketCopiesAddNoSendSource) {
  const PortGraph g = PortGraph::build(hypercubeNetwork(6));
  const NetworkProgram prog =
      compileSchedule(hypercubeSchedule(6, Collective::kMultinodeBroadcast, 0), g);
  EXPECT_EQ(prog.bank_bound, 6u);
  EXPECT_EQ(prog.banks, 7u);
  for (size_t x = 0; x < prog.nodes.size(); ++x) {
    const NodeProgram& node = prog.nodes[x];
    std::set<uint32_t> own_banks;
    for (int p = 0; p < 6; ++p) {
      const SendField& own = node.rows.at(1).send.at(static_cast<size_t>(p));
      ASSERT_TRUE(own.valid && own.kind == SendKind::kStore) << "node " << x << " port " << p;
      std::set<uint32_t> forward_banks;
      for (size_t r = 2; r < node.rows.size(); ++r) {
        const SendField& f = node.rows[r].send.at(static_cast<size_t>(p));
        if (f.valid && f.kind == SendKind::kStore) forward_banks.insert(f.index);
      }
      EXPECT_TRUE(forward_banks.count(own.index)) << "node " << x << " port " << p;
      own_banks.insert(own.index);
    }
    ASSERT_EQ(node.loads.size(), own_banks.size()) << "node " << x;
    std::set<uint32_t> load_banks;
    for (const StoredPacket& l : node.loads) {
      EXPECT_EQ(l.origin, x);
      load_banks.insert(l.slot >> prog.format.addr_width);
    }
    EXPECT_EQ(load_banks, own_banks) << "node " << x;
    EXPECT_NO_THROW(checker::requireSoundStoreBanks(x, node.store, prog.banks, prog.depth));
  }
}

// Block RAMs per bank (emit/schedule_rtl.h), worked by hand from SB_RAM40_4K's
// shapes 256 x 16, 512 x 8, 1024 x 4 and 2048 x 2: 32 bits x 4 words takes two
// 16-bit halves; 8 or 16 bits take one; 257 x 16 two (two 256 x 16, or two
// 512 x 8); 600 x 32 six (3 deep x 2 wide of 256 x 16, against 2 x 4 of
// 512 x 8); 2048 x 1 one (2048 x 2).
TEST(StoreBramBanks, BlockRamsPerBank) {
  EXPECT_EQ(ice40BankBrams(32, 4), 2u);
  EXPECT_EQ(ice40BankBrams(8, 4), 1u);
  EXPECT_EQ(ice40BankBrams(16, 256), 1u);
  EXPECT_EQ(ice40BankBrams(16, 257), 2u);
  EXPECT_EQ(ice40BankBrams(32, 600), 6u);
  EXPECT_EQ(ice40BankBrams(1, 2048), 1u);
}

namespace {

NetworkProgram storeOf(uint32_t banks, const std::vector<uint32_t>& depths) {
  NetworkProgram p;
  p.banks = banks;
  for (uint32_t d : depths) {
    NodeProgram n;
    n.depth = d;
    p.nodes.push_back(n);
  }
  return p;
}

}  // namespace

// What fits one HX8K (32 block RAMs, 7,680 flip-flops), worked by hand:
// 4 nodes x 2 banks x 2 RAMs = 16: all in block RAM; 16 nodes x 4 banks of 4
// words at 32 bits: 2 RAMs a bank, 32 per bank index, so 1 bank in block RAM
// and 16 x 3 x 4 x 32 = 6,144 flip-flops; at 8 bits 1 RAM a bank, 2 banks in
// block RAM, 16 x 2 x 4 x 8 = 1,024 flip-flops; 64 nodes x 7 banks of 11 words
// at 32 bits: 16 banks fit (2 RAMs each) and the other 432 banks' words are
// far over 7,680 flip-flops, so all stay in block RAM; a scatter's root with
// 4 banks of 6 words and 24 nodes of one word at 8 bits, one RAM a bank: the
// root's 4 banks (the deepest) first, then bank 0 of the 24 others, then bank
// 1 of nodes 1-4 (32 RAMs), 8 x (20 x 3 + 4 x 2) = 544 flip-flops; a node
// without packets counts one word.
TEST(StoreBramBanks, WholeTopFitsTheDevice) {
  using V = std::vector<uint32_t>;
  EXPECT_EQ(storeBramBanks(storeOf(2, V(4, 3)), 32), V(4, 2));
  EXPECT_EQ(storeBramBanks(storeOf(4, V(16, 4)), 32), V(16, 1));
  EXPECT_EQ(storeBramBanks(storeOf(4, V(16, 4)), 8), V(16, 2));
  EXPECT_EQ(storeBramBanks(storeOf(7, V(64, 11)), 32), V(64, 7));
  V scatter(25, 1);
  scatter[0] = 6;
  V want(25, 1);
  want[0] = 4;
  for (int x = 1; x <= 4; ++x) want[x] = 2;
  EXPECT_EQ(storeBramBanks(storeOf(4, scatter), 8), want);
  // The same at 32 bits, 2 RAMs a bank: the root's 4 banks (8 RAMs), then bank
  // 0 of nodes 1-12 (24): 32 x (12 x 4 + 12 x 3) = 2,688 flip-flops.
  V want32(25, 0);
  want32[0] = 4;
  for (int x = 1; x <= 12; ++x) want32[x] = 1;
  EXPECT_EQ(storeBramBanks(storeOf(4, scatter), 32), want32);
  // 16 nodes x 4 banks of 16 words at 32 bits: 1 in block RAM would leave
  // 16 x 3 x 16 x 32 = 24,576 flip-flops: all in block RAM.
  EXPECT_EQ(storeBramBanks(storeOf(4, V(16, 16)), 32), V(16, 4));
  // 32 nodes x 2 banks, 1 RAM a bank: 64 > 32, 1 per node; a node of no word.
  EXPECT_EQ(storeBramBanks(storeOf(2, V(32, 0)), 8), V(32, 1));
}

// generate writes that choice into the top (NBRAM) and the manifest, and gives
// each node the depth of its own deepest bank: the 4-cube's multinode broadcast
// (16 packets a node in 4 banks of 4) keeps 1 bank in block RAM at 32 bits and
// 2 at 8; the MT(2,5) scatter's root preloads 24 packets into 4 banks of 6, and
// every other node keeps its one delivery (DEPTH 1).
TEST(StoreBramBanks, GenerateWritesTheChoiceAndEachNodesDepth) {
  const std::string dir = "/tmp/hctest-bram-banks-" + std::to_string(::getpid());
  for (const auto& [width, nbram] : std::vector<std::pair<int, int>>{{32, 1}, {8, 2}}) {
    fs::remove_all(dir);
    const auto r = hctest::run(hctest::hypercast() +
                               " generate --topology hypercube --dim 4 --collective "
                               "multinode-broadcast --payload-width " +
                               std::to_string(width) + " --out " + dir);
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string top = hctest::slurp(dir + "/rtl/cube4_mnb_top.v");
    EXPECT_EQ(hctest::count(top, ".NBRAM(" + std::to_string(nbram) + ")"), 16u) << width;
    EXPECT_EQ(hctest::count(top, ".DEPTH(4)"), 16u) << width;
    const nlohmann::json m = hctest::parseJson(hctest::slurp(dir + "/manifest.json"));
    EXPECT_EQ(m.at("store").at("bram_banks"), std::vector<int>(16, nbram));
    EXPECT_EQ(m.at("store").at("node_depths").size(), 16u);
  }
  fs::remove_all(dir);
  const auto r = hctest::run(hctest::hypercast() +
                             " generate --topology torus --n 2 --k 5 --collective scatter "
                             "--payload-width 8 --out " +
                             dir);
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string top = hctest::slurp(dir + "/rtl/torus_n2_k5_scatter_s0_top.v");
  EXPECT_EQ(hctest::count(top, ".DEPTH(6)"), 1u);
  EXPECT_EQ(hctest::count(top, ".DEPTH(1)"), 24u);
  // The root's 4 banks, bank 0 of the 24 others and bank 1 of nodes 1-4: the
  // 32 block RAMs (WholeTopFitsTheDevice's hand count).
  EXPECT_EQ(hctest::count(top, ".NBRAM(4)"), 1u);
  EXPECT_EQ(hctest::count(top, ".NBRAM(2)"), 4u);
  EXPECT_EQ(hctest::count(top, ".NBRAM(1)"), 20u);
  const nlohmann::json m = hctest::parseJson(hctest::slurp(dir + "/manifest.json"));
  EXPECT_EQ(m.at("store").at("bank_depth"), 6);
  EXPECT_EQ(m.at("store").at("node_depths").at(0), 6);
  EXPECT_EQ(m.at("store").at("node_depths").at(1), 1);
  EXPECT_EQ(m.at("store").at("bram_banks").at(0), 4);
  fs::remove_all(dir);
}

// --clocks-per-step 4 on the 4-cube's multinode broadcast: each node sends and
// receives on its 4 ports in a step, one a clock, so its store is one bank
// (lower bound ceil(4/4) = 1) of its 16 packets; the ROM has 4 x 4 + 1 rows,
// the steps stay Table 1's ceil(15/4) = 4, and the folder's name says _c4.
// Out of range and on networks without schedule ROMs it is refused in one line.
TEST(ScheduleCli, ClocksPerStepGivesOneBank) {
  const std::string dir = tmp("clocks") + "-out";
  fs::remove_all(dir);
  const std::string base = hctest::hypercast() +
                           " generate --topology hypercube --dim 4 --collective "
                           "multinode-broadcast --clocks-per-step 4 --out " +
                           dir;
  const auto r = hctest::run(base + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json j = hctest::parseJson(r.out);
  const nlohmann::json& f = j.at("figures");
  EXPECT_EQ(f.at("steps"), 4);
  EXPECT_EQ(f.at("clocks_per_step"), 4);
  EXPECT_EQ(f.at("rom_rows"), 17);
  EXPECT_EQ(f.at("store_banks"), 1);
  EXPECT_EQ(f.at("store_bank_bound"), 1);
  EXPECT_EQ(j.at("identical_roms"), true);
  const nlohmann::json m = hctest::parseJson(hctest::slurp(dir + "/manifest.json"));
  EXPECT_EQ(m.at("clocks_per_step"), 4);
  EXPECT_EQ(m.at("steps"), 4);
  EXPECT_EQ(m.at("store").at("bram_banks"), std::vector<int>(16, 1));
  const std::string top = hctest::slurp(dir + "/rtl/cube4_mnb_c4_top.v");
  EXPECT_EQ(hctest::count(top, ".NB(1)"), 16u);
  const auto text = hctest::run(base);
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("clocks           4 per step, 16 in all"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("store 1 bank x "), std::string::npos) << text.out;
  fs::remove_all(dir);
  for (const std::string& bad :
       {std::string(" generate --topology hypercube --dim 3 --collective broadcast "
                    "--clocks-per-step 0 --out ") +
            dir,
        std::string(" generate --topology hypercube --dim 3 --collective broadcast "
                    "--clocks-per-step 65 --out ") +
            dir,
        std::string(" generate --clocks-per-step 2 --out ") + dir,
        std::string(" simulate --topology hypercube --dim 2 --collective global-sum "
                    "--clocks-per-step 2")}) {
    const auto e = hctest::run(hctest::hypercast() + bad);
    EXPECT_EQ(e.code, 2) << bad;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
    EXPECT_NE(e.err.find("--clocks-per-step"), std::string::npos) << e.err;
    EXPECT_FALSE(fs::exists(dir)) << bad;
  }
}
