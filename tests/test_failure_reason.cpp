// flow::failureReason: why a failed run failed, from its --json report, for
// sweep's failed points and regress's job messages: each kind of failure a
// simulate report can carry, the first that applies.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "flow/failure_reason.h"

using hypercast::flow::failureReason;
using nlohmann::json;

TEST(FailureReason, EachKindOfFailure) {
  EXPECT_EQ(failureReason(json::parse(R"({"first_divergence": {"cycle": 6, "node": 3}})")),
            "first divergence, cycle 6, node 3");
  EXPECT_EQ(failureReason(json::parse(R"({"checker_errors": ["node 2 never received"]})")),
            "checker: node 2 never received");
  EXPECT_EQ(failureReason(json::parse(R"({"watchdog": true, "figures": {"cycles": 512}})")),
            "watchdog: no progress (stopped at cycle 512)");
  EXPECT_EQ(failureReason(json::parse(
                R"({"stopped_by": "completed", "left_in_network": "node 5 holds 1 flit"})")),
            "left_in_network: node 5 holds 1 flit");
  EXPECT_EQ(failureReason(json::parse(R"({"stopped_by": "axis_error", "axis_error": "cycle 9"})")),
            "axis_error: cycle 9");
  EXPECT_EQ(failureReason(json::parse(R"({"stopped_by": "cycle_limit"})")),
            "stopped by cycle_limit");
  EXPECT_EQ(failureReason(json::parse(R"({"holdings_errors": ["node 1 slot 3"]})")),
            "holdings_errors: node 1 slot 3");
}

TEST(FailureReason, FirstThatApplies) {
  // A divergence names the failure even when the checker also complains.
  EXPECT_EQ(
      failureReason(json::parse(
          R"({"checker_errors": ["x"], "first_divergence": {"cycle": 1}, "watchdog": true})")),
      "first divergence, cycle 1");
  EXPECT_EQ(failureReason(json::parse(R"({"stopped_by": "completed", "checker_errors": []})")), "");
  EXPECT_EQ(failureReason(json::parse("[1, 2]")), "");
}
