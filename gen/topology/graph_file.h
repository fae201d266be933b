// A network read from a file (--topology graph --graph FILE), in one of two
// formats (docs/file-formats.md#graph-files):
//   - an edge list: one link per line, "a,b" or "a b", '#' starts a comment;
//     node names are any words: names that are exactly 0..N-1 number their
//     nodes, others are numbered in the order they first appear;
//   - GraphML (a file whose first non-blank character is '<'): <node id=...>,
//     <edge source=... target=...>, the graph's edgedefault (an edge's own
//     directed="true|false" overrides it), parsed by pugixml;
//     optional data: a node's `role` ("switch": the node holds no endpoint,
//     "endpoint", the default) and an edge's `port` ("P,Q": its port at the
//     source and at the target), each declared by a <key attr.name=...>
//     whose <default> holds where a node or edge has no such <data>;
//   - a leading UTF-8 byte-order mark is skipped.
// An undirected link (the default, or GraphML's edgedefault="undirected") is a
// link each way on the same port of both nodes: node x's ports are numbered in
// the order its links appear, after the ports the file gives. --directed (or
// edgedefault="directed") makes each line one one-way link; a node's output and
// input ports are then numbered separately.
//
// One-line errors, each naming the file and (where one is at fault) its line:
// a line or document that does not parse, a self-loop, a link given twice, a
// node with more than kMaxGraphPorts ports, a port given to two links of a
// node, GraphML the network cannot honour (a nested <graph>, a <hyperedge>,
// sourceport/targetport, directed and undirected edges mixed), a role other than switch or
// endpoint, no endpoint, and a graph in which some node cannot be reached from the first one
// (named).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "topology/network.h"

namespace hypercast {

// Most ports a schedule-ROM node of a graph network has (the ROM word holds a
// field per port).
constexpr int kMaxGraphPorts = 32;

// Largest graph file read (a file past it, or a source without an end such as
// /dev/zero, is refused in one line): an edge list of 2^24 port ends (8 M
// lines) with names of up to 12 characters fits it.
constexpr size_t kMaxGraphFileBytes = size_t{256} << 20;

struct GraphFile {
  std::vector<std::string> labels;                   // node x's name
  std::vector<std::pair<uint32_t, uint32_t>> links;  // as given, in file order
  std::vector<int> lines;                            // the line of each link
  // Each link's ports at its source and target as the file gives them (GraphML
  // `port`), -1 where not given.
  std::vector<std::pair<int, int>> ports;
  std::vector<uint32_t> switches;  // nodes whose role is switch, ascending
  std::string name;                // the file, for errors
  bool directed = false;           // --directed, or the file says so
  bool directed_given = false;     // --directed (the network's option)
};

// Most characters of a network name derived from a graph file's name.
constexpr size_t kMaxGraphNameChars = 32;

// The network name of a graph file whose name without its folder and
// extension is `stem`: "graph_" and the stem's letters and digits, every other
// run of characters one '_', none at either end, at most kMaxGraphNameChars
// characters ("graph" when nothing is left): a Verilog identifier that
// Verilator keeps as it is (no "__") and a short enough file name.
std::string graphModuleName(const std::string& stem);

// Reads `path` (either format). `directed` is --directed (GraphML's
// edgedefault="directed" also makes it directed). Throws Error.
GraphFile readGraphFile(const std::string& path, bool directed);
// The same from text, `name` standing for the file in errors.
GraphFile parseGraphText(const std::string& text, const std::string& name, bool directed);
// The network of a graph: kind kGraph, ports as described above, its links
// checked (self-loops, duplicates, ports, connectivity). `path` goes into the
// network's params (--graph) and its label.
NetworkDesc graphNetwork(const GraphFile& g, const std::string& path);

}  // namespace hypercast
