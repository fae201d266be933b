#include "checker/step_clock_checker.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "util/error.h"

namespace hypercast {
namespace checker {

namespace {

using Key = std::tuple<uint32_t, uint32_t, uint32_t, uint32_t, int32_t, uint32_t>;

Key keyOf(const Transfer& t, uint32_t step) {
  return Key{step, t.from, t.to, t.origin, t.dest, t.msg};
}

}  // namespace

std::vector<std::string> checkStepClocks(const Schedule& steps, const Schedule& clocked, uint32_t k,
                                         size_t limit) {
  std::vector<std::string> errs;
  auto note = [&](const std::string& e) {
    if (errs.size() < limit) errs.push_back(e);
  };
  if (k == 0) {
    note("no clocks per step");
    return errs;
  }
  if (uint64_t{clocked.steps} != uint64_t{steps.steps} * k) {
    note(std::to_string(clocked.steps) + " clocks for " + std::to_string(steps.steps) +
         " steps at " + std::to_string(k) + " clocks per step");
  }
  // Every transfer of the step schedule, counted; the clocked ones take them off.
  std::map<Key, int64_t> left;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> sent, recvd;  // (step, node) -> count
  for (const Transfer& t : steps.transfers) {
    ++left[keyOf(t, t.step)];
    ++sent[{t.step, t.from}];
    ++recvd[{t.step, t.to}];
  }
  std::map<uint32_t, uint32_t> degree;  // step -> D
  for (const auto& x : sent) degree[x.first.first] = std::max(degree[x.first.first], x.second);
  for (const auto& x : recvd) degree[x.first.first] = std::max(degree[x.first.first], x.second);
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> csent, crecvd;  // (clock, node) -> count
  for (const Transfer& t : clocked.transfers) {
    if (t.step == 0) {
      note("a transmission " + std::to_string(t.from) + " -> " + std::to_string(t.to) +
           " in clock 0");
      continue;
    }
    const uint32_t step = (t.step - 1) / k + 1;
    auto it = left.find(keyOf(t, step));
    if (it == left.end() || it->second == 0) {
      note("clock " + std::to_string(t.step) + " moves packet (" + std::to_string(t.origin) + ", " +
           std::to_string(t.dest) + ") " + std::to_string(t.from) + " -> " + std::to_string(t.to) +
           ", which step " + std::to_string(step) + " does not");
      continue;
    }
    --it->second;
    const uint32_t goal = (degree[step] + k - 1) / k;
    const std::string most = "ceil(" + std::to_string(degree[step]) + "/" + std::to_string(k) +
                             ") = " + std::to_string(goal);
    if (++csent[{t.step, t.from}] == goal + 1) {
      note("node " + std::to_string(t.from) + " sends more transmissions in clock " +
           std::to_string(t.step) + " than " + most);
    }
    if (++crecvd[{t.step, t.to}] == goal + 1) {
      note("node " + std::to_string(t.to) + " receives more transmissions in clock " +
           std::to_string(t.step) + " than " + most);
    }
  }
  for (const auto& x : left) {
    if (x.second > 0) {
      note("step " + std::to_string(std::get<0>(x.first)) + "'s transmission of packet (" +
           std::to_string(std::get<3>(x.first)) + ", " + std::to_string(std::get<4>(x.first)) +
           ") " + std::to_string(std::get<1>(x.first)) + " -> " +
           std::to_string(std::get<2>(x.first)) + " is in no clock of it");
    }
  }
  return errs;
}

void requireStepClocks(const Schedule& steps, const Schedule& clocked, uint32_t k) {
  const std::vector<std::string> errs = checkStepClocks(steps, clocked, k, 1);
  if (!errs.empty()) throw Error("clocks per step: " + errs.front());
}

}  // namespace checker
}  // namespace hypercast
