#include "sim/job_file.h"

#include "util/error.h"

namespace hypercast {

namespace {

const char* const kFormat = "hypercast-job";

std::string kindList() {
  std::string s;
  for (JobKind k : jobKinds()) s += std::string(s.empty() ? "" : ", ") + toString(k);
  return s;
}

}  // namespace

const char* toString(JobKind k) {
  switch (k) {
    case JobKind::kRouterNetwork:
      return "router-network";
    case JobKind::kScheduleNetwork:
      return "schedule-network";
    case JobKind::kWormholeMesh:
      return "wormhole-mesh";
    case JobKind::kGlobalSum:
      return "global-sum";
    case JobKind::kAccumulation:
      return "accumulation";
  }
  return "?";
}

const std::vector<JobKind>& jobKinds() {
  static const std::vector<JobKind> kinds = {JobKind::kRouterNetwork, JobKind::kScheduleNetwork,
                                             JobKind::kWormholeMesh, JobKind::kGlobalSum,
                                             JobKind::kAccumulation};
  return kinds;
}

JobFile readJobFile(const std::string& text) {
  nlohmann::ordered_json o;
  try {
    o = nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("job file: not JSON (") + e.what() + ")");
  }
  if (!o.is_object()) throw Error("job file: not a JSON object");
  const auto format = o.find("format");
  if (format == o.end()) throw Error("job file: no 'format' key (not a hypercast job file)");
  if (*format != kFormat) {
    throw Error("job file: 'format' is " + format->dump() + ", not \"" + kFormat + "\"");
  }
  const auto version = o.find("version");
  if (version == o.end()) throw Error("job file: no 'version' key");
  if (*version != kJobFileVersion) {
    throw Error("job file: 'version' " + version->dump() + " is not " +
                std::to_string(kJobFileVersion) + " (the version this hypercast reads)");
  }
  const auto kind = o.find("kind");
  if (kind == o.end()) throw Error("job file: no 'kind' key");
  JobFile f;
  bool known = false;
  for (JobKind k : jobKinds()) {
    if (*kind == toString(k)) {
      f.kind = k;
      known = true;
    }
  }
  if (!known) throw Error("job file: 'kind' " + kind->dump() + " is not one of " + kindList());
  f.version = kJobFileVersion;
  o.erase("format");
  o.erase("version");
  o.erase("kind");
  f.body = std::move(o);
  return f;
}

std::string writeJobFile(JobKind kind, const nlohmann::ordered_json& body) {
  nlohmann::ordered_json o = {
      {"format", kFormat}, {"version", kJobFileVersion}, {"kind", toString(kind)}};
  for (const auto& kv : body.items()) o[kv.key()] = kv.value();
  return o.dump(1) + "\n";
}

const nlohmann::ordered_json& jobBody(const JobFile& f, JobKind kind) {
  if (f.kind != kind) {
    throw Error(std::string("job file: a ") + toString(f.kind) + " job, not a " + toString(kind) +
                " job");
  }
  return f.body;
}

namespace field {

namespace {

[[noreturn]] void wrong(const char* key, const std::string& what, const Json& v) {
  throw Error(std::string("job file: '") + key + "' must be " + what + ", got " + v.dump());
}

}  // namespace

std::string nested(const std::exception& e) {
  const std::string what = e.what(), prefix = "job file: ";  // every message above begins so
  return what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what;
}

void onlyKeys(const Json& body, JobKind kind, std::initializer_list<const char*> known) {
  for (const auto& kv : body.items()) {
    bool ok = false;
    for (const char* k : known) ok = ok || kv.key() == k;
    if (!ok) {
      throw Error("job file: unknown key '" + kv.key() + "' in a " + toString(kind) + " job");
    }
  }
}

const Json& at(const Json& body, const char* key) {
  const auto it = body.find(key);
  if (it == body.end()) throw Error(std::string("job file: no '") + key + "' key");
  return *it;
}

namespace value {

int64_t integer(const Json& v, const char* key, int64_t lo, int64_t hi) {
  const std::string range = "a whole number in " + std::to_string(lo) + ".." + std::to_string(hi);
  if (v.is_number_unsigned()) {
    const uint64_t u = v.get<uint64_t>();
    if (hi >= 0 && u <= static_cast<uint64_t>(hi) && static_cast<int64_t>(u) >= lo) {
      return static_cast<int64_t>(u);
    }
  } else if (v.is_number_integer()) {
    const int64_t s = v.get<int64_t>();
    if (s >= lo && s <= hi) return s;
  }
  wrong(key, range, v);
}

uint64_t unsignedInteger(const Json& v, const char* key, uint64_t hi) {
  if (v.is_number_unsigned() || (v.is_number_integer() && v.get<int64_t>() >= 0)) {
    const uint64_t u = v.get<uint64_t>();
    if (u <= hi) return u;
  }
  wrong(key, "a whole number in 0.." + std::to_string(hi), v);
}

std::string text(const Json& v, const char* key) {
  if (!v.is_string()) wrong(key, "a string", v);
  return v.get<std::string>();
}

bool flag(const Json& v, const char* key) {
  if (!v.is_boolean()) wrong(key, "true or false", v);
  return v.get<bool>();
}

double number(const Json& v, const char* key) {
  if (!v.is_number()) wrong(key, "a number", v);
  return v.get<double>();
}

const Json& list(const Json& v, const char* key) {
  if (!v.is_array()) wrong(key, "a list", v);
  return v;
}

std::vector<int> integers(const Json& v, const char* key, int lo, int hi) {
  std::vector<int> out;
  for (const Json& x : list(v, key)) out.push_back(static_cast<int>(integer(x, key, lo, hi)));
  return out;
}

std::vector<std::string> texts(const Json& v, const char* key) {
  std::vector<std::string> out;
  for (const Json& x : list(v, key)) out.push_back(text(x, key));
  return out;
}

}  // namespace value

int64_t integer(const Json& body, const char* key, int64_t lo, int64_t hi) {
  return value::integer(at(body, key), key, lo, hi);
}

uint64_t unsignedInteger(const Json& body, const char* key, uint64_t hi) {
  return value::unsignedInteger(at(body, key), key, hi);
}

std::string text(const Json& body, const char* key) { return value::text(at(body, key), key); }

bool flag(const Json& body, const char* key) { return value::flag(at(body, key), key); }

double number(const Json& body, const char* key) { return value::number(at(body, key), key); }

const Json& list(const Json& body, const char* key) { return value::list(at(body, key), key); }

std::vector<int> integers(const Json& body, const char* key, int lo, int hi) {
  return value::integers(at(body, key), key, lo, hi);
}

std::vector<std::string> texts(const Json& body, const char* key) {
  return value::texts(at(body, key), key);
}

}  // namespace field

}  // namespace hypercast
