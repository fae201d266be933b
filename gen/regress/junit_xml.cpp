#include "regress/junit_xml.h"

#include <cstdio>

namespace hypercast {
namespace regress {

namespace {

// Length of the UTF-8 sequence starting at s[i], 0 if it is not valid.
size_t utf8Length(const std::string& s, size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2) return 0;
  }
  return n;
}

std::string seconds(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3f", s);
  return b;
}

}  // namespace

std::string xmlEscape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const size_t n = utf8Length(s, i);
    if (n == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD
      ++i;
      continue;
    }
    if (n == 1) {
      switch (c) {
        case '&':
          out += "&amp;";
          break;
        case '<':
          out += "&lt;";
          break;
        case '>':
          out += "&gt;";
          break;
        case '"':
          out += "&quot;";
          break;
        case '\'':
          out += "&apos;";
          break;
        default:
          // XML 1.0 takes no control characters but tab, newline and return.
          if (c >= 0x20 || c == '\t' || c == '\n' || c == '\r') out += static_cast<char>(c);
      }
    } else {
      out.append(s, i, n);
    }
    i += n;
  }
  return out;
}

std::string junitXml(const std::string& suite, const std::vector<JunitCase>& cases) {
  int failures = 0, errors = 0;
  const int skipped = 0;  // every job planned is run: one without a result is an error
  double total = 0;
  for (const JunitCase& c : cases) {
    failures += c.outcome == "fail";
    errors += c.outcome == "error" || c.outcome == "missing";
    total += c.seconds;
  }
  const std::string counts = " tests=\"" + std::to_string(cases.size()) + "\" failures=\"" +
                             std::to_string(failures) + "\" errors=\"" + std::to_string(errors) +
                             "\" skipped=\"" + std::to_string(skipped) + "\" time=\"" +
                             seconds(total) + "\"";
  std::string x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  x += "<testsuites name=\"" + xmlEscape(suite) + "\"" + counts + ">\n";
  x += "  <testsuite name=\"" + xmlEscape(suite) + "\"" + counts + ">\n";
  for (const JunitCase& c : cases) {
    x += "    <testcase classname=\"" + xmlEscape(c.classname) + "\" name=\"" + xmlEscape(c.name) +
         "\" time=\"" + seconds(c.seconds) + "\"";
    if (c.outcome == "pass") {
      x += "/>\n";
      continue;
    }
    x += ">\n";
    const std::string tag = c.outcome == "fail" ? "failure" : "error";
    x += "      <" + tag + " message=\"" + xmlEscape(c.message) + "\" type=\"" +
         (c.outcome == "missing" ? "not-run" : tag) + "\"";
    if (c.details.empty()) {
      x += "/>\n";
    } else {
      x += ">" + xmlEscape(c.details) + "</" + tag + ">\n";
    }
    x += "    </testcase>\n";
  }
  x += "  </testsuite>\n</testsuites>\n";
  return x;
}

}  // namespace regress
}  // namespace hypercast
