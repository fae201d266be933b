#include "emit/network_options.h"

#include <algorithm>

#include "topology/registry.h"

namespace hypercast {

std::vector<std::string> splitList(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  size_t at = 0;
  for (size_t next; (next = s.find(sep, at)) != std::string::npos; at = next + sep.size()) {
    out.push_back(s.substr(at, next - at));
  }
  out.push_back(s.substr(at));
  return out;
}

namespace {

// An integer as a number, true and false as booleans, else the text.
nlohmann::ordered_json scalarValue(const std::string& v) {
  if (!v.empty() && v.size() < 19 &&
      std::all_of(v.begin() + (v[0] == '-' ? 1 : 0), v.end(),
                  [](char c) { return c >= '0' && c <= '9'; }) &&
      v != "-") {
    return std::stoll(v);
  }
  if (v == "true" || v == "false") return v == "true";
  return v;
}

}  // namespace

nlohmann::ordered_json networkOptionValue(const std::string& key, const std::string& text) {
  static const std::vector<std::string> lists = {"m", "rho", "dims", "group"};
  auto list = [](const std::string& items) {
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    for (const std::string& item : splitList(items, ",")) arr.push_back(scalarValue(item));
    return arr;
  };
  // A file's path (the registry's FILE options) stays the text, whatever it holds.
  for (const TopologyOption& t : allTopologyOptions()) {
    if (t.name == key && t.value == "FILE") return text;
  }
  if (key == "remove-links") {  // "a-b;c-d": [[a, b], [c, d]], a node by its number or name
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    for (const std::string& link : splitList(text, ";")) {
      const size_t dash = link.find('-');
      if (dash == std::string::npos) {
        arr.push_back(link);
      } else {
        arr.push_back({scalarValue(link.substr(0, dash)), scalarValue(link.substr(dash + 1))});
      }
    }
    return arr;
  }
  if (key == "gens" || text.find(';') != std::string::npos) {
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    for (const std::string& g : splitList(text, ";")) arr.push_back(list(g));
    return arr;
  }
  if (text.find(',') != std::string::npos ||
      std::find(lists.begin(), lists.end(), key) != lists.end()) {
    return list(text);
  }
  return scalarValue(text);
}

nlohmann::ordered_json networkOptionsJson(const NetworkDesc& net) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& kv : net.params) j[kv.first] = networkOptionValue(kv.first, kv.second);
  return j;
}

}  // namespace hypercast
