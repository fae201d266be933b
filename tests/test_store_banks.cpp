// Bank assignment of the schedule node's packet store (algorithm/store_banks.h)
// and its independent check (checker/store_bank_checker.h), on hand-worked
// stores.
#include <gtest/gtest.h>

#include "algorithm/store_banks.h"
#include "checker/store_bank_checker.h"

namespace hypercast {
namespace {

StoreEntry entry(int64_t w, std::vector<int64_t> r, bool keep = false) {
  StoreEntry e;
  e.write_row = w;
  e.read_rows = std::move(r);
  e.keep = keep;
  return e;
}

// Row 0 writes three packets read in rows 1, 2 and 3; row 2 writes two read in
// rows 4 and 5; two preloads, one read in the start cycle (row -1), one only
// kept. Most writes of one row: 3, most reads: 1 -> König gives 3 banks.
TEST(StoreBanks, KonigReachesTheLowerBound) {
  std::vector<StoreEntry> e = {entry(0, {1}), entry(0, {2}),   entry(0, {3}),      entry(2, {4}),
                               entry(2, {5}), entry(-1, {-1}), entry(-1, {}, true)};
  EXPECT_EQ(storeBankLowerBound(e), 3u);
  const StoreBanks b = assignStoreBanks(e);
  EXPECT_EQ(b.lower_bound, 3u);
  EXPECT_EQ(b.banks, 3u);
  EXPECT_TRUE(checker::checkStoreBanks(e, b.banks, b.depth).empty());
  // Four packets live in row 0 (the kept preload and the three written), three
  // banks: some bank holds two.
  EXPECT_GE(b.depth, 2u);
}

TEST(StoreBanks, SeveralReadsStayInOneBank) {
  // Two packets written in row 0, each read in rows 1 and 2; a third written in
  // row 1 read in row 2: reads of row 2 are three -> at least three banks.
  std::vector<StoreEntry> e = {entry(0, {1, 2}), entry(0, {1, 2}), entry(1, {2})};
  const StoreBanks b = assignStoreBanks(e);
  EXPECT_EQ(b.lower_bound, 3u);
  EXPECT_EQ(b.banks, 3u);
  EXPECT_TRUE(checker::checkStoreBanks(e, b.banks, b.depth).empty());
}

TEST(StoreBanks, CheckerRefusesTwoReadsOfOneBankInARow) {
  std::vector<StoreEntry> e = {entry(0, {3}), entry(1, {3})};
  const StoreBanks b = assignStoreBanks(e);
  ASSERT_TRUE(checker::checkStoreBanks(e, b.banks, b.depth).empty());
  e[1].bank = e[0].bank;  // corrupt: both read in row 3 from one bank
  e[1].addr = e[0].addr + 1;
  const auto bad = checker::checkStoreBanks(e, b.banks, b.depth + 1);
  ASSERT_FALSE(bad.empty());
  EXPECT_NE(bad[0].find("two reads in row 3"), std::string::npos) << bad[0];
}

TEST(StoreBanks, CheckerRefusesTwoWritesAndOverwrites) {
  std::vector<StoreEntry> two = {entry(2, {4}), entry(2, {5})};
  two[1].addr = 1;  // both in bank 0
  EXPECT_NE(checker::checkStoreBanks(two, 1, 2).at(0).find("two writes in row 2"),
            std::string::npos);
  // Packet 1 overwrites packet 0 before its read in row 4.
  std::vector<StoreEntry> over = {entry(0, {4}), entry(2, {5})};
  EXPECT_NE(checker::checkStoreBanks(over, 1, 1).at(0).find("packet 1 is there"),
            std::string::npos);
  // A read in the row of the write sees the old word.
  std::vector<StoreEntry> early = {entry(3, {3})};
  EXPECT_NE(checker::checkStoreBanks(early, 1, 1).at(0).find("before it was written"),
            std::string::npos);
  // A read and a write of one address in one row (a block RAM's collision):
  // packet 0 is read in row 2, where packet 1 is written at its address (packet
  // 0's last use; the word it reads is still its own in simulation).
  std::vector<StoreEntry> clash = {entry(0, {2}), entry(2, {4})};
  EXPECT_EQ(checker::checkStoreBanks(clash, 1, 1).at(0),
            "bank 0 reads and writes address 0 in row 2");
  clash[1].addr = 1;
  EXPECT_TRUE(checker::checkStoreBanks(clash, 1, 2).empty());
  // A kept packet overwritten.
  std::vector<StoreEntry> kept = {entry(0, {}, true), entry(5, {6})};
  EXPECT_FALSE(checker::checkStoreBanks(kept, 1, 1).empty());
}

}  // namespace
}  // namespace hypercast
