// The one file a `hypercast simulate` flow hands to a simulation harness (tb/):
// a JSON object whose first keys are the envelope,
//   {"format": "hypercast-job", "version": 1, "kind": K, ...}
// and whose other keys are the body of kind K (docs/file-formats.md "Job file").
// readJobFile checks the envelope only; each kind's reader (sim_job.h,
// sched_job.h, mesh_job.h, combining_job.h) reads its body with the helpers
// below, which name the key in their one-line Errors.
#pragma once

#include <cstdint>
#include <exception>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace hypercast {

enum class JobKind {
  kRouterNetwork,    // "router-network": sim_job.h, tb/router_harness.cpp
  kScheduleNetwork,  // "schedule-network": sched_job.h, tb/sched_harness.cpp
  kWormholeMesh,     // "wormhole-mesh": mesh_job.h, tb/mesh_harness.cpp
  kGlobalSum,        // "global-sum": combining_job.h, tb/sum_cosim.cpp
  kAccumulation,     // "accumulation": combining_job.h, tb/acc_cosim.cpp
};
const char* toString(JobKind k);
const std::vector<JobKind>& jobKinds();  // every kind, in the order above

constexpr int kJobFileVersion = 1;

struct JobFile {
  JobKind kind = JobKind::kRouterNetwork;
  int version = kJobFileVersion;
  nlohmann::ordered_json body;  // the object without the envelope's keys
  // The file it was read from, when a harness read it: a schedule-network
  // job's data files are named relative to its folder.
  std::string path;
};

// Throws Error ("job file: ...", one line) on text that is not JSON, not an
// object, or whose format, version or kind is wrong or missing.
JobFile readJobFile(const std::string& text);
// The envelope of `kind`, then the body's keys; indented, one trailing newline.
std::string writeJobFile(JobKind kind, const nlohmann::ordered_json& body);
// The body of a job of `kind`; throws Error naming both kinds otherwise.
const nlohmann::ordered_json& jobBody(const JobFile& f, JobKind kind);

// Reading a body: every Error names the key ("job file: 'steps' ...").
namespace field {
using Json = nlohmann::ordered_json;
// Refuses a key not in `known`.
void onlyKeys(const Json& body, JobKind kind, std::initializer_list<const char*> known);
const Json& at(const Json& body, const char* key);  // the key must be there
// The body's `key`, which must be there, read as one of the types below.
int64_t integer(const Json& body, const char* key, int64_t lo, int64_t hi);
uint64_t unsignedInteger(const Json& body, const char* key, uint64_t hi);
std::string text(const Json& body, const char* key);
bool flag(const Json& body, const char* key);
double number(const Json& body, const char* key);
const Json& list(const Json& body, const char* key);
std::vector<int> integers(const Json& body, const char* key, int lo, int hi);
std::vector<std::string> texts(const Json& body, const char* key);
// A value already found (a list's entry, an optional key's value) read as a
// type; `key` names it in the error.
namespace value {
// A whole number in lo..hi (a JSON integer: no fraction, no string).
int64_t integer(const Json& v, const char* key, int64_t lo, int64_t hi);
uint64_t unsignedInteger(const Json& v, const char* key, uint64_t hi);
std::string text(const Json& v, const char* key);
bool flag(const Json& v, const char* key);
double number(const Json& v, const char* key);
const Json& list(const Json& v, const char* key);  // a JSON array
std::vector<int> integers(const Json& v, const char* key, int lo, int hi);
std::vector<std::string> texts(const Json& v, const char* key);
}  // namespace value
// The key's value, or null when the body has none.
inline const Json* optional(const Json& body, const char* key) {
  const auto it = body.find(key);
  return it == body.end() ? nullptr : &*it;
}
// The message of an error met while reading a value nested under a key (the
// schedule job's 'network'), for the caller to put under its own prefix once:
// without the "job file: " the helpers above begin theirs with ("'radices'
// must be ..."); any other message as it is.
std::string nested(const std::exception& e);
}  // namespace field

}  // namespace hypercast
