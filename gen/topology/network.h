// One description every topology is built from (issue: one network layer).
//
// Two kinds:
//   - an abelian Cayley graph: the group Z_{m_0} x ... x Z_{m_{r-1}} and a list of
//     generators (offsets, negative allowed). Node x has digits x_i in radix m_i,
//     digit 0 least significant: x = sum x_i * (m_0 ... m_{i-1}). Output port p of
//     x sends along generator p, to x + g_p. The graph is directed when some
//     generator's inverse is not in the list. The hypercube (Z_2^d, unit
//     vectors), the hypercycle (C_{m_i}<1..rho_i> per dimension) and the torus
//     MT(n,k) (Z_k^n, +-unit vectors) are factories of it.
//   - a mesh: extents X_0, X_1, ... (no wrap-around). Ports 2i and 2i+1 move by
//     +1 and -1 along dimension i; a port that would leave the mesh is absent.
//   - a graph read from a file (topology/graph_file.h): nodes 0..N-1 (radices =
//     {N}), every one-way link with its output and input port, the nodes' names.
// Any kind may have links removed (--remove-links, a faulty link): their ports
// are absent.
//
// Everything is stored least significant digit first. The command line writes
// Cayley groups and generators most significant first (as --m), and mesh extents
// as X,Y,Z (x least significant): the factories take the command-line order.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hypercast {

// One one-way link of a graph network: output port from_port of `from` drives
// input port to_port of `to`.
struct GraphLink {
  uint32_t from = 0;
  int from_port = 0;
  uint32_t to = 0;
  int to_port = 0;
};

struct NetworkDesc {
  enum class Kind { kCayley, kMesh, kGraph };
  Kind kind = Kind::kCayley;
  std::string topology;                // "hypercube", "hypercycle", "torus", "cayley", "mesh"
  std::string name;                    // a Verilog module prefix, e.g. "cube4", "torus_n2_k5"
  std::string label;                   // for people, e.g. "4-cube", "MT(2,5)", "Z_7 <1,3>"
  std::vector<int> radices;            // m_i (Cayley) or X_i (mesh), digit 0 first
  std::vector<std::vector<int>> gens;  // Cayley: generator p, digit 0 first, each in [0, m_i)
  // The parameters the factory was given, for reports: e.g. {{"dim", "4"}}.
  std::vector<std::pair<std::string, std::string>> params;
  std::vector<GraphLink> links;          // kGraph: every one-way link
  std::vector<std::string> node_labels;  // kGraph: node x's name in its file
  int graph_ports = 0;                   // kGraph: ports per node (the most any node uses)
  // kGraph: the nodes that hold no endpoint (GraphML role "switch"), ascending.
  // They forward; the collectives run among the other nodes, the endpoints.
  std::vector<uint32_t> switches;
  // One-way links (from, to) taken out of the network (--remove-links), any kind.
  std::vector<std::pair<uint32_t, uint32_t>> removed_links;

  uint64_t nodes() const;
  // Ports per node: the generators (Cayley), 2 per dimension (mesh), graph_ports.
  int ports() const;
  // Cayley: a generator's inverse is missing; a mesh never; a graph: a link
  // without its reverse (removed links aside).
  bool directed() const;
  bool removed(uint64_t from, uint64_t to) const;  // (from, to) is in removed_links
  bool isSwitch(uint64_t x) const;                 // x is in `switches`
  uint64_t endpoints() const;                      // nodes() - switches
  // Node x's name for reports: its label in a graph file, else its number.
  std::string nodeName(uint64_t x) const;
  std::vector<int> digits(uint64_t x) const;
  uint64_t address(const std::vector<int>& digits) const;

  // What the factory that built the network makes of it, for the code that
  // needs a topology's own facts (its bounds, formulas, report fields) without
  // naming it. Read from `topology`, so a network read back from a job file
  // has them too. A Cayley graph that happens to be isomorphic to one of these
  // (--topology cayley --group 2,2 --gens "1,0;0,1") is not one.
  bool isBinaryHypercube() const;  // the d-cube of hypercubeNetwork
  int hypercubeDim() const;        // its d (= radices.size()); 0 for any other network
  bool isTorus() const;            // MT(n,k) of torusNetwork: n = radices.size(), k = radices[0]
  bool isHypercycle() const;       // a hypercycleNetwork (topology/hypercycle.h, eqs. 2-6)
};

// The word a job file writes for a kind ("cayley", "mesh"), and back; false
// for any other word.
const char* kindName(NetworkDesc::Kind kind);
bool parseKind(const std::string& word, NetworkDesc::Kind* kind);
// Every kind's word, as a list for messages: "cayley, mesh, graph".
std::string kindNames();

// Most networks any factory builds (node numbers are 32-bit in schedules).
constexpr uint64_t kMaxNetworkNodes = uint64_t{1} << 24;

// The d-cube: Z_2^d, port p = bit p (Bertsekas et al., Sec. 1).
NetworkDesc hypercubeNetwork(int d);
// The hypercycle G^{rho_r..rho_1}_{m_r..m_1}, both lists in the paper's order
// (m_r first), with the ports of topology/hypercycle.h in the same order.
// Throws Error for an illegal network (Hypercycle::fromPaperOrder).
NetworkDesc hypercycleNetwork(const std::vector<int>& m_r_to_1, const std::vector<int>& rho_r_to_1);
// MT(n,k): Z_k^n, node sum v_i k^i; port 2i = +e_i, port 2i+1 = -e_i. k >= 3.
NetworkDesc torusNetwork(int n, int k);
// Z_{m_{r-1}} x ... x Z_{m_0} and generators, both most significant first (the
// command line's order). Throws Error for a zero, repeated or malformed
// generator, or a set that does not generate the group (a disconnected graph).
NetworkDesc cayleyNetwork(const std::vector<int>& group_msf,
                          const std::vector<std::vector<int>>& gens_msf);
// Extents X,Y[,Z,...] (x least significant): node x + X*y + X*Y*z.
NetworkDesc meshNetwork(const std::vector<int>& extents);
// The node a command-line word names: a graph file's node by its name, else
// the node of that number, unless the file names its nodes by numbers (then a
// number is a name only); -1 when it names none.
long long nodeByWord(const NetworkDesc& net, const std::string& word);
// Whether a graph file names some node by a number (nodeByWord's exception).
bool numberNames(const NetworkDesc& net);
// Removes the links "a-b;c-d" (node numbers, or a graph's node names; both
// directions of an undirected link, the one-way link a -> b of a directed
// network) from `net`. Throws Error for a pair that is not a link of it, or a
// removal after which some node cannot reach another.
void removeLinks(NetworkDesc& net, const std::string& text);

// x + y in a Cayley network's group (node numbers as mixed-radix digits over
// `radices`, first digit least significant), digit by digit.
uint32_t groupAdd(const std::vector<int>& radices, uint32_t x, uint32_t y);
// x - y, likewise.
uint32_t groupSub(const std::vector<int>& radices, uint32_t x, uint32_t y);

}  // namespace hypercast
