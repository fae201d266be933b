// Multi-dimensional hypercycles within the paper's prototype limits (Sec. 4.1: up
// to 4 dimensions of up to 15 nodes, degree up to 16), in the paper's list order
// (m_r..m_1, rho_r..rho_1). Among them the prototype's largest configuration,
// G^{2,2,2,2}_{15,15,15,15} (degree 16), and the default network.
#pragma once

#include <utility>
#include <vector>

namespace hctest {

inline const std::vector<std::pair<std::vector<int>, std::vector<int>>>& prototypeNetworks() {
  static const std::vector<std::pair<std::vector<int>, std::vector<int>>> nets = {
      {{8, 6, 5}, {3, 2, 1}},  {{15, 15, 15, 15}, {1, 1, 1, 1}}, {{15, 15, 15, 15}, {2, 2, 2, 2}},
      {{15, 15}, {4, 3}},      {{2, 2, 2, 2}, {1, 1, 1, 1}},     {{6, 4}, {3, 2}},
      {{15, 2, 9}, {2, 1, 4}}, {{4, 4, 4, 4}, {2, 2, 1, 1}},     {{13, 11}, {6, 2}}};
  return nets;
}

}  // namespace hctest
