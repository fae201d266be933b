#include "sim/combining_job.h"

#include <limits>

#include "util/error.h"

namespace hypercast {

namespace {

using field::Json;

// The harnesses hold N x N numbers (the accumulation's targets): bounded here.
constexpr int64_t kMaxNodes = 1 << 16;
constexpr int64_t kMaxPorts = 1 << 10;

void addRuns(const CosimRuns& r, Json* o) {
  (*o)["seed"] = r.seed;
  (*o)["runs"] = r.runs;
  (*o)["json"] = r.json;
}

CosimRuns runsFrom(const Json& o) {
  CosimRuns r;
  r.seed = field::unsignedInteger(o, "seed", ~uint64_t{0});
  r.runs = field::integer(o, "runs", 1, std::numeric_limits<int>::max());
  r.json = field::flag(o, "json");
  return r;
}

// The body's `key`: rows x cols numbers in 0..hi.
std::vector<std::vector<uint64_t>> table(const Json& body, const char* key, uint64_t rows,
                                         uint64_t cols, uint64_t hi) {
  std::vector<std::vector<uint64_t>> out;
  for (const Json& row : field::list(body, key)) {
    if (!row.is_array() || row.size() != cols) {
      throw Error(std::string("job file: '") + key + "' rows must hold " + std::to_string(cols) +
                  " numbers");
    }
    std::vector<uint64_t> r;
    for (const Json& x : row) r.push_back(field::value::unsignedInteger(x, key, hi));
    out.push_back(r);
  }
  if (out.size() != rows) {
    throw Error(std::string("job file: '") + key + "' must hold " + std::to_string(rows) + " rows");
  }
  return out;
}

void sized(const char* key, size_t got, size_t want) {
  if (got != want) {
    throw Error(std::string("job file: '") + key + "' must hold " + std::to_string(want) +
                " entries, got " + std::to_string(got));
  }
}

}  // namespace

GlobalSumJob globalSumJob(const PortGraph& g, const GlobalSumProgram& p,
                          const SumNodeParams& params, const std::vector<uint8_t>& phase) {
  GlobalSumJob j;
  j.nodes = g.nodes();
  j.ports = g.ports();
  j.input_bits = params.xw;
  j.width = params.w;
  j.divisor = p.divisor;
  j.half_duplex = !phase.empty();
  j.constants = p.constant;
  j.uses_input = p.uses_input;
  for (uint64_t x = 0; x < j.nodes; ++x) {
    j.phase.push_back(phase.empty() ? 0 : int(phase[x]));
    std::vector<uint64_t> row;
    for (int q = 0; q < g.ports(); ++q) row.push_back(g.drivenBy(x, q).node);
    j.in_neighbours.push_back(row);
  }
  return j;
}

AccumulationJob accumulationJob(const NetworkDesc& net, const PortGraph& g,
                                const AccumulationSchedule& s, const AccRtl& rtl, int input_bits) {
  AccumulationJob j;
  j.nodes = g.nodes();
  j.ports = g.ports();
  j.width = rtl.w;
  j.input_bits = input_bits;
  j.steps = s.steps;
  j.half_duplex = s.links == LinkMode::kHalfDuplex;
  const size_t np = size_t(g.ports());
  for (const auto& image : rtl.roms.images) {
    std::vector<std::vector<std::pair<int, int>>> rows;
    for (uint32_t t = 0; t < s.steps; ++t) {
      std::vector<std::pair<int, int>> row;
      for (size_t k = 0; k < np; ++k) {
        const auto& [snd, rcv] = image[size_t(t) * np + k];
        row.emplace_back(int(snd) - 1, int(rcv) - 1);
      }
      rows.push_back(row);
    }
    j.images.push_back(rows);
  }
  j.image_of.assign(rtl.roms.image_of.begin(), rtl.roms.image_of.end());
  for (uint64_t x = 0; x < j.nodes; ++x) {
    std::vector<uint64_t> row;
    for (int q = 0; q < g.ports(); ++q) {
      const PortEnd e = g.drivenBy(x, q);
      row.push_back(e.node * uint64_t(np) + uint64_t(e.port));
    }
    j.lanes.push_back(row);
    std::vector<uint64_t> t;
    for (uint64_t c = 0; c < j.nodes; ++c) {
      t.push_back(groupSub(net.radices, uint32_t(x), uint32_t(c)));
    }
    j.targets.push_back(t);
  }
  return j;
}

std::string serializeGlobalSumJob(const GlobalSumJob& j) {
  Json o = {{"nodes", j.nodes},           {"ports", j.ports},
            {"input_bits", j.input_bits}, {"width", j.width},
            {"divisor", j.divisor},       {"half_duplex", j.half_duplex},
            {"constants", j.constants},   {"uses_input", j.uses_input},
            {"phase", j.phase},           {"in_neighbours", j.in_neighbours}};
  addRuns(j.run, &o);
  return writeJobFile(JobKind::kGlobalSum, o);
}

GlobalSumJob parseGlobalSumJob(const JobFile& file) {
  const Json& o = jobBody(file, JobKind::kGlobalSum);
  field::onlyKeys(o, JobKind::kGlobalSum,
                  {"nodes", "ports", "input_bits", "width", "divisor", "half_duplex", "constants",
                   "uses_input", "phase", "in_neighbours", "seed", "runs", "json"});
  GlobalSumJob j;
  j.nodes = static_cast<uint64_t>(field::integer(o, "nodes", 1, kMaxNodes));
  j.ports = static_cast<int>(field::integer(o, "ports", 1, kMaxPorts));
  j.input_bits = static_cast<int>(field::integer(o, "input_bits", 1, 62));
  j.width = static_cast<int>(field::integer(o, "width", 1, 62));
  j.divisor = field::integer(o, "divisor", 1, std::numeric_limits<int64_t>::max());
  j.half_duplex = field::flag(o, "half_duplex");
  for (const Json& c : field::list(o, "constants")) {
    j.constants.push_back(field::value::integer(c, "constants", std::numeric_limits<int64_t>::min(),
                                                std::numeric_limits<int64_t>::max()));
  }
  if (j.constants.empty()) throw Error("job file: 'constants' must hold one per step");
  for (const Json& b : field::list(o, "uses_input")) {
    j.uses_input.push_back(field::value::flag(b, "uses_input"));
  }
  sized("uses_input", j.uses_input.size(), j.constants.size());
  j.phase = field::integers(o, "phase", 0, 1);
  sized("phase", j.phase.size(), j.nodes);
  j.in_neighbours = table(o, "in_neighbours", j.nodes, uint64_t(j.ports), j.nodes - 1);
  j.run = runsFrom(o);
  return j;
}

GlobalSumJob parseGlobalSumJob(const std::string& text) {
  return parseGlobalSumJob(readJobFile(text));
}

std::string serializeAccumulationJob(const AccumulationJob& j) {
  Json images = Json::array();
  for (const auto& image : j.images) {
    Json rows = Json::array();
    for (const auto& row : image) {
      Json r = Json::array();
      for (const auto& [snd, rcv] : row) r.push_back({snd, rcv});
      rows.push_back(r);
    }
    images.push_back(rows);
  }
  Json o = {{"nodes", j.nodes},           {"ports", j.ports},       {"width", j.width},
            {"input_bits", j.input_bits}, {"steps", j.steps},       {"half_duplex", j.half_duplex},
            {"images", images},           {"image_of", j.image_of}, {"lanes", j.lanes},
            {"targets", j.targets}};
  addRuns(j.run, &o);
  return writeJobFile(JobKind::kAccumulation, o);
}

AccumulationJob parseAccumulationJob(const JobFile& file) {
  const Json& o = jobBody(file, JobKind::kAccumulation);
  field::onlyKeys(o, JobKind::kAccumulation,
                  {"nodes", "ports", "width", "input_bits", "steps", "half_duplex", "images",
                   "image_of", "lanes", "targets", "seed", "runs", "json"});
  AccumulationJob j;
  j.nodes = static_cast<uint64_t>(field::integer(o, "nodes", 1, kMaxNodes));
  j.ports = static_cast<int>(field::integer(o, "ports", 1, kMaxPorts));
  j.width = static_cast<int>(field::integer(o, "width", 1, 64));
  j.input_bits = static_cast<int>(field::integer(o, "input_bits", 1, 64));
  j.steps = static_cast<uint32_t>(field::integer(o, "steps", 1, 1 << 20));
  j.half_duplex = field::flag(o, "half_duplex");
  const int entry_hi = static_cast<int>(j.nodes) - 1;
  for (const Json& image : field::list(o, "images")) {
    std::vector<std::vector<std::pair<int, int>>> rows;
    for (const Json& row : field::value::list(image, "images")) {
      std::vector<std::pair<int, int>> r;
      for (const Json& pair : field::value::list(row, "images")) {
        if (!pair.is_array() || pair.size() != 2) {
          throw Error("job file: 'images' entries must be [send, recv], got " + pair.dump());
        }
        r.emplace_back(static_cast<int>(field::value::integer(pair[0], "images", -1, entry_hi)),
                       static_cast<int>(field::value::integer(pair[1], "images", -1, entry_hi)));
      }
      sized("images", r.size(), size_t(j.ports));
      rows.push_back(r);
    }
    sized("images", rows.size(), j.steps);
    j.images.push_back(rows);
  }
  if (j.images.empty()) throw Error("job file: 'images' must hold at least one ROM image");
  for (const Json& i : field::list(o, "image_of")) {
    j.image_of.push_back(static_cast<uint32_t>(
        field::value::integer(i, "image_of", 0, int64_t(j.images.size()) - 1)));
  }
  sized("image_of", j.image_of.size(), j.nodes);
  j.lanes = table(o, "lanes", j.nodes, uint64_t(j.ports), j.nodes * uint64_t(j.ports) - 1);
  j.targets = table(o, "targets", j.nodes, j.nodes, j.nodes - 1);
  j.run = runsFrom(o);
  return j;
}

AccumulationJob parseAccumulationJob(const std::string& text) {
  return parseAccumulationJob(readJobFile(text));
}

}  // namespace hypercast
