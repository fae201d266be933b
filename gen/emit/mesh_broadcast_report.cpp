#include "emit/mesh_broadcast_report.h"

#include <algorithm>
#include <cstdlib>
#include <string>

#include "emit/text_table.h"
#include "util/fact_rows.h"

namespace hypercast {

namespace {

std::string coordinateName(int i) {
  static const char* names[] = {"x", "y", "z"};
  return i < 3 ? names[i] : "x" + std::to_string(i);
}

std::string tuple(const std::vector<int>& c) {
  std::string s = "(";
  for (size_t i = 0; i < c.size(); ++i) s += (i ? "," : "") + std::to_string(c[i]);
  return s + ")";
}

// Least and largest of a column, over the rows that have it.
struct Range {
  int64_t lo = -1, hi = -1, sum = 0, count = 0;
  void add(int64_t v) {
    if (v < 0) return;
    lo = lo < 0 ? v : std::min(lo, v);
    hi = std::max(hi, v);
    sum += v;
    ++count;
  }
  double mean() const { return count ? static_cast<double>(sum) / static_cast<double>(count) : 0; }
  nlohmann::ordered_json json() const { return {{"min", lo}, {"max", hi}, {"mean", mean()}}; }
};

struct Summary {
  Range paper, best, bound;
  uint64_t improved = 0, bound_met = 0;
  int64_t gain = 0, max_gain = 0;
};

Summary summarize(const TcdTable& t) {
  Summary s;
  for (const auto& r : t.rows) {
    s.paper.add(r.paper);
    s.best.add(r.best);
    s.bound.add(r.lower_bound);
    const int64_t mine = t.best ? r.best : r.paper;
    s.bound_met += mine == r.lower_bound;
    if (t.paper && t.best && r.best < r.paper) {
      ++s.improved;
      s.gain += r.paper - r.best;
      s.max_gain = std::max(s.max_gain, r.paper - r.best);
    }
  }
  return s;
}

}  // namespace

void writeWormholeCsv(std::ostream& os, const WormholeSchedule& s) {
  std::vector<int64_t> weight(s.extents.size(), 1);
  for (size_t i = 1; i < weight.size(); ++i) weight[i] = weight[i - 1] * s.extents[i - 1];
  os << "step,from,to,length\n";
  for (size_t t = 0; t < s.steps.size(); ++t) {
    for (const auto& m : s.steps[t]) {
      int64_t length = 0;
      for (size_t i = 0; i < weight.size(); ++i) {
        length += std::llabs(m.from / weight[i] % s.extents[i] - m.to / weight[i] % s.extents[i]);
      }
      os << t + 1 << ',' << m.from << ',' << m.to << ',' << length << '\n';
    }
  }
}

void writeEyeReport(const MeshCube& m, nlohmann::ordered_json& j, std::ostream& text) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  const int x1 = eyeCoordinate(m.k, 1), x2 = eyeCoordinate(m.k, 2);
  std::string order;
  for (int b = 0; b < m.d; ++b) order += (b ? "," : "") + coordinateName(eyeBitDimension(m.d, b));
  text << factKey("eyes") << "Cang & Wu, Defs. 1, 2, 7: a_" << m.k << " = " << eyeSide(m.k)
       << ", x_" << m.k << "(1) = " << x1 << ", x_" << m.k << "(2) = " << x2
       << " in every dimension;\n"
       << factIndent() << "E(i): bit b of i - 1 picks x_k(2) in dimension " << order
       << " (bit 0 first)\n";
  for (int i = 1; i <= (1 << m.d); ++i) {
    const std::vector<int> c = eyeCoordinates(m, i);
    list.push_back({{"index", i}, {"node", m.node(c)}, {"coordinates", c}});
    text << factIndent() << "E(" << i << ") = " << tuple(c) << ", node " << m.node(c) << "\n";
  }
  text << factIndent() << "from an eye the paper's optimum TCD is " << eyeBroadcastTcd(m.d, m.k)
       << " (eq. 15)\n";
  j["eyes"] = {{"side", eyeSide(m.k)},
               {"coordinates", {x1, x2}},
               {"bit_order", order},
               {"optimal_tcd", eyeBroadcastTcd(m.d, m.k)},
               {"list", list}};
}

void writeTcdCsv(std::ostream& os, const TcdTable& t) {
  os << "source";
  for (int i = 0; i < t.mesh.d; ++i) os << ',' << coordinateName(i);
  os << ",eye" << (t.paper ? ",paper" : "") << (t.best ? ",best" : "") << ",lower_bound\n";
  for (const auto& r : t.rows) {
    os << r.source;
    for (int c : t.mesh.coordinates(r.source)) os << ',' << c;
    os << ',' << r.eye;
    if (t.paper) os << ',' << r.paper;
    if (t.best) os << ',' << r.best;
    os << ',' << r.lower_bound << '\n';
  }
}

void writeTcdText(std::ostream& os, const TcdTable& t) {
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"source", "coordinates", "eye"});
  if (t.paper) rows.back().push_back("paper");
  if (t.best) rows.back().push_back("best");
  rows.back().push_back("lower bound");
  for (const auto& r : t.rows) {
    rows.push_back({std::to_string(r.source), tuple(t.mesh.coordinates(r.source)),
                    r.eye ? "E(" + std::to_string(r.eye) + ")" : "-"});
    if (t.paper) rows.back().push_back(std::to_string(r.paper));
    if (t.best) rows.back().push_back(std::to_string(r.best));
    rows.back().push_back(std::to_string(r.lower_bound));
  }
  writeTextTable(os, rows);
}

nlohmann::ordered_json tcdSummaryJson(const TcdTable& t) {
  const Summary s = summarize(t);
  nlohmann::ordered_json j;
  j["sources"] = t.rows.size();
  if (t.paper) j["paper"] = s.paper.json();
  if (t.best) j["best"] = s.best.json();
  j["lower_bound"] = s.bound.json();
  if (t.paper && t.best) {
    j["best_below_paper"] = {{"sources", s.improved}, {"total", s.gain}, {"max", s.max_gain}};
  }
  j["meets_lower_bound"] = s.bound_met;
  j["optimal_tcd_from_an_eye"] = eyeBroadcastTcd(t.mesh.d, t.mesh.k);
  j["seconds"] = t.seconds;
  return j;
}

void writeTcdSummary(std::ostream& os, const TcdTable& t) {
  const Summary s = summarize(t);
  os << "sources          " << t.rows.size() << " (each schedule built and checked, " << t.seconds
     << " s)\n";
  const auto line = [&](const char* what, const Range& r, const std::string& tail) {
    os << what << r.lo << " .. " << r.hi << ", mean " << r.mean() << tail << "\n";
  };
  if (t.paper) line("paper            ", s.paper, "");
  if (t.best) line("best             ", s.best, "");
  line("lower bound      ", s.bound, " (met at " + std::to_string(s.bound_met) + " sources)");
  if (t.paper && t.best) {
    os << "best < paper     at " << s.improved << " sources, by " << s.gain << " in all, "
       << s.max_gain << " at most\n";
  }
  os << "from an eye      " << eyeBroadcastTcd(t.mesh.d, t.mesh.k) << " (the paper's optimum)\n";
}

}  // namespace hypercast
