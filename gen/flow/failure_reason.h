// Why a failed run failed, from its --json report (simulate's, of any kind of
// network): the first divergence, the checker's first finding, the watchdog, a
// flit left in the network, a wrong m_axis transfer, why it stopped, or the
// first of its other errors. `sweep` prints it for a failed point and
// `regress` keeps it as a job's message (JUnit's <failure message>).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace hypercast {
namespace flow {

// "" when the report names nothing (or is no JSON object).
std::string failureReason(const nlohmann::json& report);

}  // namespace flow
}  // namespace hypercast
