#include "emit/load_latency_svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace hypercast {

namespace {

std::string num(double v, const char* f = "%.1f") {
  char b[48];
  std::snprintf(b, sizeof b, f, v);
  return b;
}

// Text with "^{..}" and "_{..}" as SVG super- and subscripts (tspans), the rest
// escaped.
std::string scripted(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const size_t close = text.find('}', i);
    if ((c == '^' || c == '_') && i + 1 < text.size() && text[i + 1] == '{' &&
        close != std::string::npos) {
      out += std::string("<tspan font-size=\"10\" dy=\"") + (c == '^' ? "-6" : "4") + "\">" +
             text.substr(i + 2, close - i - 2) + "</tspan><tspan dy=\"" + (c == '^' ? "6" : "-4") +
             "\"></tspan>";
      i = close;
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else if (c == '&') {
      out += "&amp;";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string loadLatencySvg(const std::string& title, const std::vector<LoadPoint>& points,
                           const std::vector<LoadMark>& marks) {
  const double w = 640, h = 440, l = 70, r = 20, t = 40, b = 80;
  double xmax = 0, ymin = 1, ymax = 10;
  for (const auto& p : points) {
    xmax = std::max(xmax, p.offered);
    ymax = std::max(ymax, std::max(p.latency_mean, p.latency_p99));
  }
  for (const auto& m : marks) xmax = std::max(xmax, m.rate);
  xmax *= 1.05;
  if (xmax <= 0) xmax = 1;
  const double lo = std::log10(ymin), hi = std::ceil(std::log10(ymax));
  auto X = [&](double v) { return l + (w - l - r) * v / xmax; };
  auto Y = [&](double v) {
    const double lv = std::log10(std::max(v, ymin));
    return h - b - (h - t - b) * (lv - lo) / (hi - lo);
  };
  std::ostringstream os;
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w << "\" height=\"" << h
     << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
     << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
     << "<text x=\"" << w / 2 << "\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">"
     << scripted(title) << "</text>\n";
  // Axes, ticks and grid.
  os << "<line x1=\"" << l << "\" y1=\"" << h - b << "\" x2=\"" << w - r << "\" y2=\"" << h - b
     << "\" stroke=\"black\"/>\n<line x1=\"" << l << "\" y1=\"" << t << "\" x2=\"" << l
     << "\" y2=\"" << h - b << "\" stroke=\"black\"/>\n";
  for (int i = 0; i <= 5; ++i) {
    const double v = xmax * i / 5;
    os << "<text x=\"" << num(X(v)) << "\" y=\"" << h - b + 18 << "\" text-anchor=\"middle\">"
       << num(v, "%.3g") << "</text>\n";
  }
  for (double e = lo; e <= hi; e += 1) {
    const double v = std::pow(10.0, e);
    os << "<line x1=\"" << l << "\" y1=\"" << num(Y(v)) << "\" x2=\"" << w - r << "\" y2=\""
       << num(Y(v)) << "\" stroke=\"#ddd\"/>\n<text x=\"" << l - 8 << "\" y=\"" << num(Y(v) + 4)
       << "\" text-anchor=\"end\">" << num(v, "%.0f") << "</text>\n";
  }
  os << "<text x=\"" << (l + w - r) / 2 << "\" y=\"" << h - b + 38
     << "\" text-anchor=\"middle\">offered load (broadcasts per node per cycle)</text>\n"
     << "<text transform=\"translate(18," << (t + h - b) / 2
     << ") rotate(-90)\" text-anchor=\"middle\">latency (cycles, log scale)</text>\n";
  // Saturation marks.
  int k = 0;
  for (const auto& m : marks) {
    os << "<line x1=\"" << num(X(m.rate)) << "\" y1=\"" << t << "\" x2=\"" << num(X(m.rate))
       << "\" y2=\"" << h - b << "\" stroke=\"" << (k ? "#999" : "#c00")
       << "\" stroke-dasharray=\"5,4\"/>\n<text x=\"" << num(X(m.rate) - 4) << "\" y=\""
       << t + 14 + 14 * k << "\" text-anchor=\"end\" fill=\"" << (k ? "#666" : "#c00") << "\">"
       << m.label << "</text>\n";
    ++k;
  }
  // Curves.
  const char* colors[2] = {"#1f4e9c", "#2a9d3a"};
  const char* names[2] = {"mean latency", "99th percentile"};
  for (int c = 0; c < 2; ++c) {
    os << "<polyline fill=\"none\" stroke=\"" << colors[c] << "\" stroke-width=\"2\" points=\"";
    // A point without a latency (no broadcast delivered: negative) is left out.
    auto latency = [c](const LoadPoint& p) { return c ? p.latency_p99 : p.latency_mean; };
    for (const auto& p : points) {
      if (latency(p) >= 0) os << num(X(p.offered)) << "," << num(Y(latency(p))) << " ";
    }
    os << "\"/>\n";
    for (const auto& p : points) {
      if (latency(p) < 0) continue;
      os << "<circle cx=\"" << num(X(p.offered)) << "\" cy=\""
         << num(Y(c ? p.latency_p99 : p.latency_mean)) << "\" r=\"" << (p.pass ? 3 : 4)
         << "\" fill=\"" << (p.pass ? colors[c] : "white") << "\""
         << (p.pass ? "" : " stroke=\"#c00\" stroke-width=\"2\"") << "/>\n";
    }
  }
  // The legend in a row below the axis label, clear of the plot: a marker and
  // its words per entry (a failed run's only when the sweep has one).
  const bool failed =
      std::any_of(points.begin(), points.end(), [](const LoadPoint& p) { return !p.pass; });
  const double ly = h - 14;
  // Entry i at x = l + 140 i: an 8 x 8 square (`paint`: its fill and stroke),
  // then the words in `color`.
  auto entry = [&](int i, const std::string& paint, const char* color, const char* words) {
    const double x = l + 140 * i;
    os << "<rect x=\"" << num(x) << "\" y=\"" << num(ly - 9) << "\" width=\"8\" height=\"8\" "
       << paint << "/>\n<text x=\"" << x + 14 << "\" y=\"" << ly << "\" fill=\"" << color << "\">"
       << words << "</text>\n";
  };
  for (int c = 0; c < 2; ++c)
    entry(c, std::string("fill=\"") + colors[c] + "\"", colors[c], names[c]);
  if (failed) entry(2, "fill=\"white\" stroke=\"#c00\" stroke-width=\"2\"", "#c00", "failed run");
  os << "</svg>\n";
  return os.str();
}

}  // namespace hypercast
