// A network read from a file (--topology graph --graph FILE), in one of two
// formats (docs/file-formats.md#graph-files):
//   - an edge list: one link per line, "a,b" or "a b", '#' starts a comment;
//     node names are any words, numbered in the order they first appear;
//   - GraphML (a file whose first non-blank character is '<'): <node id=...>,
//     <edge source=... target=...>, the graph's edgedefault, parsed by pugixml;
//     optional data: a node's `role` ("switch": the node holds no endpoint,
//     "endpoint", the default) and an edge's `port` ("P,Q": its port at the
//     source and at the target), each declared by a <key attr.name=...>.
// An undirected link (the default, or GraphML's edgedefault="undirected") is a
// link each way on the same port of both nodes: node x's ports are numbered in
// the order its links appear, after the ports the file gives. --directed (or
// edgedefault="directed") makes each line one one-way link; a node's output and
// input ports are then numbered separately.
//
// One-line errors, each naming the file and (where one is at fault) its line:
// a line or document that does not parse, a self-loop, a link given twice, a
// node with more than kMaxGraphPorts ports, a port given to two links of a
// node, a role other than switch or endpoint, no endpoint, and a graph in which some node
// cannot be reached from the first one (named).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "topology/network.h"

namespace hypercast {

// Most ports a schedule-ROM node of a graph network has (the ROM word holds a
// field per port).
constexpr int kMaxGraphPorts = 32;

struct GraphFile {
  std::vector<std::string> labels;                   // node x's name
  std::vector<std::pair<uint32_t, uint32_t>> links;  // as given, in file order
  std::vector<int> lines;                            // the line of each link
  // Each link's ports at its source and target as the file gives them (GraphML
  // `port`), -1 where not given.
  std::vector<std::pair<int, int>> ports;
  std::vector<uint32_t> switches;  // nodes whose role is switch, ascending
  std::string name;                // the file, for errors
  bool directed = false;
};

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
