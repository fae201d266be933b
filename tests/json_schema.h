// A validator for the subset of JSON Schema (draft 2020-12) that the schemas in
// docs/schemas/ use: type, enum, required, properties, items,
// additionalProperties (a boolean or a schema). A keyword it does not know
// throws, so a schema cannot use more than this checks and the tests cannot
// drift from the schemas.
#pragma once

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "test_util.h"

namespace hctest {

using SchemaJson = nlohmann::ordered_json;

inline bool schemaHasType(const SchemaJson& v, const std::string& t) {
  if (t == "object") return v.is_object();
  if (t == "array") return v.is_array();
  if (t == "string") return v.is_string();
  if (t == "number") return v.is_number();
  if (t == "integer") return v.is_number_integer() || v.is_number_unsigned();
  if (t == "boolean") return v.is_boolean();
  if (t == "null") return v.is_null();
  throw std::runtime_error("schema: unknown type '" + t + "'");
}

// Appends to `errors` one line per way `v` (at the JSON pointer `at`) breaks
// `schema`.
inline void validateSchema(const SchemaJson& schema, const SchemaJson& v, const std::string& at,
                           std::vector<std::string>* errors) {
  static const std::set<std::string> annotations = {"$schema", "$id",         "$comment",
                                                    "title",   "description", "examples"};
  static const std::set<std::string> known = {"type",       "enum",  "required",
                                              "properties", "items", "additionalProperties"};
  for (auto it = schema.begin(); it != schema.end(); ++it) {
    if (!annotations.count(it.key()) && !known.count(it.key())) {
      throw std::runtime_error("schema: keyword '" + it.key() + "' at " + at +
                               " is not known to this test's validator");
    }
  }
  if (schema.contains("type")) {
    const SchemaJson& t = schema.at("type");
    std::vector<std::string> types;
    if (t.is_string()) {
      types.push_back(t.get<std::string>());
    } else {
      for (const auto& x : t) types.push_back(x.get<std::string>());
    }
    if (std::none_of(types.begin(), types.end(),
                     [&](const std::string& s) { return schemaHasType(v, s); })) {
      errors->push_back(at + ": " + v.dump() + " is not of type " + t.dump());
      return;
    }
  }
  if (schema.contains("enum")) {
    const SchemaJson& e = schema.at("enum");
    if (std::find(e.begin(), e.end(), v) == e.end()) {
      errors->push_back(at + ": " + v.dump() + " is not one of " + e.dump());
    }
  }
  if (v.is_object()) {
    if (schema.contains("required")) {
      for (const auto& k : schema.at("required")) {
        if (!v.contains(k.get<std::string>())) {
          errors->push_back(at + ": the key '" + k.get<std::string>() + "' is missing");
        }
      }
    }
    const SchemaJson props = schema.value("properties", SchemaJson::object());
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (props.contains(it.key())) {
        validateSchema(props.at(it.key()), it.value(), at + "/" + it.key(), errors);
      } else if (schema.contains("additionalProperties")) {
        const SchemaJson& extra = schema.at("additionalProperties");
        if (extra.is_boolean()) {
          if (!extra.get<bool>())
            errors->push_back(at + ": the key '" + it.key() + "' is not allowed");
        } else {
          validateSchema(extra, it.value(), at + "/" + it.key(), errors);
        }
      }
    }
  }
  if (v.is_array() && schema.contains("items")) {
    for (size_t i = 0; i < v.size(); ++i) {
      validateSchema(schema.at("items"), v[i], at + "/" + std::to_string(i), errors);
    }
  }
}

// docs/schemas/<name>.schema.json, parsed (throws if missing or not JSON).
inline SchemaJson loadSchema(const std::string& name) {
  return SchemaJson::parse(
      slurp(std::string(HC_SOURCE_DIR) + "/docs/schemas/" + name + ".schema.json"));
}

inline std::vector<std::string> schemaErrors(const SchemaJson& schema, const SchemaJson& doc) {
  std::vector<std::string> errors;
  validateSchema(schema, doc, "", &errors);
  return errors;
}

inline std::string joinedLines(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}

}  // namespace hctest
