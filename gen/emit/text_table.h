// A table for people: rows of cells, every column right-aligned to its widest
// cell, columns two spaces apart, one line per row.
#pragma once

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

namespace hypercast {

inline void writeTextTable(std::ostream& os, const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      if (c) line += "  ";
      line += std::string(width[c] - row[c].size(), ' ') + row[c];
    }
    os << line << "\n";
  }
}

}  // namespace hypercast
