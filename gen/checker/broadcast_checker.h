// Validates broadcast traces against what a broadcast means, independently of how
// they were produced: it has its own adjacency test (eq. 1 of the hypercycle
// paper, from the raw m_i / rho_i lists) and its own BFS for the step bound. It
// shares no code with the topology, algorithm, model or RTL layers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {
namespace checker {

// m[i-1] = m_i, rho[i-1] = rho_i (dimension 1 first).
struct Shape {
  std::vector<int> m;
  std::vector<int> rho;
};

struct Broadcast {
  uint64_t origin = 0;
  uint64_t tag = 0;  // payload: identifies the broadcast among its origin's
  // First cycle its origin offered it for injection (-1: unknown). The origin's
  // router may send it on some ports before the injection handshake completes
  // (fanout splitting), but never in or before this cycle.
  int64_t start_cycle = -1;
};

struct Transfer {
  int64_t cycle = 0;  // cycle the packet was on the link
  int step = 0;       // hops since injection (1 = origin's send)
  uint64_t from = 0;
  uint64_t to = 0;
  uint64_t origin = 0;
  uint64_t tag = 0;
  int wd = 0;
  int wc = 0;
};

struct Options {
  // Lone broadcast on an idle network: every hop takes hop_cycles cycles, and the
  // last step equals the origin's eccentricity (the diameter, Theorem 2 / eq. 4).
  bool lone = false;
  int hop_cycles = 1;
  size_t max_errors = 20;
};

struct Report {
  bool ok = true;
  std::vector<std::string> errors;
  uint64_t transmissions = 0;
  uint64_t redundant = 0;  // deliveries beyond the first per (node, broadcast)
  uint64_t missing = 0;    // (node, broadcast) pairs never delivered
  uint64_t nodes_all = 0;  // nodes holding every broadcast at the end
  int max_step = 0;
  int64_t last_cycle = -1;
};

uint64_t nodeCount(const Shape& s);
bool adjacent(const Shape& s, uint64_t a, uint64_t b);
int eccentricity(const Shape& s, uint64_t source);

Report check(const Shape& s, const std::vector<Broadcast>& broadcasts,
             const std::vector<Transfer>& transfers, const Options& opt = {});

}  // namespace checker
}  // namespace hypercast
