// --topology graph: the edge-list and GraphML parsers and their one-line
// errors, --remove-links, the general lower bounds worked by hand on the
// example files, the general multinode broadcast and total exchange checked by
// the checker, the hypercycle file against the built-in family, and the
// Petersen graph's and a switched graph's collectives in cosim.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <tuple>

#include "algorithm/constructions.h"
#include "algorithm/graph_collectives.h"
#include "checker/lower_bounds.h"
#include "checker/schedule_checker.h"
#include "sched_trace.h"
#include "test_util.h"
#include "topology/graph_file.h"
#include "topology/port_graph.h"
#include "topology/registry.h"
#include "util/error.h"

using namespace hypercast;
using Json = nlohmann::json;

namespace {

std::string example(const std::string& file) {
  return std::string(HC_SOURCE_DIR) + "/examples/" + file;
}

NetworkDesc fromText(const std::string& text, bool directed = false) {
  return graphNetwork(parseGraphText(text, "g.txt", directed), "g.txt");
}

std::string errorOf(const std::string& text, bool directed = false) {
  try {
    fromText(text, directed);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

NetworkDesc exampleNet(const std::string& file, const std::string& remove = "") {
  ParamMap p = {{"topology", "graph"}, {"graph", example(file)}};
  if (!remove.empty()) p["remove-links"] = remove;
  return parseNetworkDesc(p);
}

checker::LowerBound boundOf(const NetworkDesc& net, Collective c) {
  CollectiveProblem p;
  p.collective = c;
  p.nodes = net.nodes();
  const checker::KnownBound b = checker::lowerBound(net, p);
  EXPECT_TRUE(b.known);
  return b.bound;
}

uint64_t boundSteps(const NetworkDesc& net, Collective c) { return boundOf(net, c).steps; }

// Steps and transmissions.
std::pair<uint64_t, uint64_t> bothBounds(const NetworkDesc& net, Collective c) {
  const checker::LowerBound b = boundOf(net, c);
  return {b.steps, b.transmissions};
}

// The construction's schedule, checked by the checker; its steps.
uint64_t checkedSteps(const NetworkDesc& net, Collective c) {
  CollectiveProblem p;
  p.collective = c;
  p.nodes = net.nodes();
  const Schedule s = constructionsOf(*findTopology(net.topology)).schedule(net, p, "auto");
  checker::CollectiveSpec spec;
  spec.network = net;
  spec.problem = p;
  const checker::ScheduleReport r = checker::checkSchedule(spec, s.transfers);
  EXPECT_TRUE(r.ok) << (r.errors.empty() ? "" : r.errors.front());
  EXPECT_EQ(r.steps, s.steps);
  return r.steps;
}

// A command's text report, and its --json report parsed; both must pass.
std::pair<std::string, Json> textAndJson(std::vector<std::string> argv) {
  const auto text = hctest::runArgv(argv);
  EXPECT_EQ(text.code, 0) << text.err;
  argv.push_back("--json");
  const auto json = hctest::runArgv(argv);
  EXPECT_EQ(json.code, 0) << json.err;
  return {text.out, json.code == 0 ? Json::parse(json.out) : Json::object()};
}

}  // namespace

TEST(GraphFile, EdgeListKeepsNamesInOrderOfAppearance) {
  const NetworkDesc net = fromText("# a triangle and a tail\nb,a\na c  # comment\n\nc,b\nc d\n");
  EXPECT_EQ(net.kind, NetworkDesc::Kind::kGraph);
  EXPECT_EQ(net.nodes(), 4u);
  EXPECT_EQ(net.node_labels, (std::vector<std::string>{"b", "a", "c", "d"}));
  EXPECT_EQ(net.ports(), 3);  // c: a, b, d
  EXPECT_FALSE(net.directed());
  const PortGraph g = PortGraph::build(net);
  EXPECT_EQ(g.degree(2), 3);
  EXPECT_EQ(g.degree(3), 1);
  // An undirected link uses the same port both ways.
  for (uint64_t x = 0; x < 4; ++x) {
    for (int p = 0; p < g.ports(); ++p) EXPECT_EQ(g.drives(x, p).node, g.drivenBy(x, p).node);
  }
}

TEST(GraphFile, EdgeListErrorsNameFileAndLine) {
  EXPECT_EQ(errorOf("a,b\nb,c,d\n"), "g.txt:2: a link is two node names, 'a,b' or 'a b'");
  EXPECT_EQ(errorOf("a,b\n\nb,b\n"), "g.txt:3: self-loop at node b");
  EXPECT_EQ(errorOf("a,b\nb,c\nb a\n"), "g.txt:3: link b-a is given twice");
  EXPECT_EQ(errorOf("a,b\nc,d\n"),
            "g.txt: the graph is not connected: node c cannot be reached from node a");
  EXPECT_EQ(errorOf("a,b\nb,c\n", true),
            "g.txt: the graph is not strongly connected: node a cannot be reached from node b");
  EXPECT_EQ(errorOf("# nothing\n"), "g.txt: a graph needs at least two nodes");
  // A file of one loop names the loop; a name --remove-links could not give is refused.
  EXPECT_EQ(errorOf("# one\na,a\n"), "g.txt:2: self-loop at node a");
  EXPECT_EQ(errorOf("a,b\nb,c;d\n"),
            "g.txt:2: node name 'c;d' holds ';', which separates --remove-links' links");
  // Names go into JSON and the generated files as they are: UTF-8 text, no
  // control characters (\xff and \xfe were two names that JSON showed alike).
  EXPECT_EQ(errorOf("a,b\nb,\xff\n"), "g.txt:2: a node name that is not UTF-8 text");
  EXPECT_EQ(errorOf("a,b\nb,c\x1b[1m\n"),
            "g.txt:2: node name 'c\\x1b[1m' holds a control character");
  EXPECT_EQ(errorOf(std::string("a,b\nb,c\0d\n", 10)),
            "g.txt:2: node name 'c\\x00d' holds a control character");
  EXPECT_EQ(errorOf("<graphml><graph><node id=\"a&#10;b\"/></graph></graphml>\n"),
            "g.txt:1: node name 'a\\nb' holds a control character");
  EXPECT_EQ(errorOf("a,b\nb,caf\xc3\xa9\ncaf\xc3\xa9,a\n"), "");  // UTF-8 is fine
  std::string star;
  for (int i = 0; i < 33; ++i) star += "hub,leaf" + std::to_string(i) + "\n";
  EXPECT_EQ(errorOf(star),
            "g.txt:33: node hub has more than 32 ports (a schedule-ROM node's most)");
}

// A line with commas is exactly two names: an empty name between commas is no
// link (a,,b was read as a-b); spaces around the comma are allowed.
TEST(GraphFile, EmptyNamesBetweenCommasAreRefused) {
  EXPECT_EQ(errorOf("a,b\na,,c\n"),
            "g.txt:2: a link is two node names, 'a,b' or 'a b' (an empty name between commas)");
  EXPECT_EQ(errorOf("a,b\nb,c,\n"),
            "g.txt:2: a link is two node names, 'a,b' or 'a b' (an empty name between commas)");
  EXPECT_EQ(errorOf(",a\na,b\n"),
            "g.txt:1: a link is two node names, 'a,b' or 'a b' (an empty name between commas)");
  EXPECT_EQ(errorOf("a,b\nb c,d\n"), "g.txt:2: a link is two node names, 'a,b' or 'a b'");
  EXPECT_EQ(fromText("a , b\nb,\tc\n").node_labels, (std::vector<std::string>{"a", "b", "c"}));
}

// GraphML: edgedefault is directed or undirected (absent: undirected), and a
// file holds one <graph>; both named with the line.
TEST(GraphFile, GraphMlOneGraphAndAKnownEdgeDefault) {
  const std::string nodes = "<node id=\"a\"/><node id=\"b\"/><edge source=\"a\" target=\"b\"/>";
  EXPECT_EQ(errorOf("<graphml>\n<graph edgedefault=\"bogus\">" + nodes + "</graph></graphml>"),
            "g.txt:2: edgedefault=\"bogus\"; it is directed or undirected");
  EXPECT_EQ(
      errorOf("<graphml>\n<graph>" + nodes + "</graph>\n<graph>" + nodes + "</graph></graphml>"),
      "g.txt:3: a second <graph> element; a file holds one graph");
  EXPECT_FALSE(fromText("<graphml><graph>" + nodes + "</graph></graphml>").directed());
}

// An edge's directed="false" overrides edgedefault="directed" (the links are
// two-way); with --directed it is refused. A namespace prefix is named.
TEST(GraphFile, GraphMlEdgeUndirectedOverridesTheDefault) {
  const std::string ring =
      "<graphml><graph edgedefault=\"directed\"><node id=\"a\"/><node id=\"b\"/>"
      "<node id=\"c\"/><edge source=\"a\" target=\"b\" directed=\"false\"/>"
      "<edge source=\"b\" target=\"c\" directed=\"false\"/>"
      "<edge source=\"c\" target=\"a\" directed=\"false\"/></graph></graphml>";
  const NetworkDesc net = fromText(ring);
  EXPECT_FALSE(net.directed());
  const PortGraph g = PortGraph::build(net);
  EXPECT_GE(g.portTo(1, 0), 0);  // b -> a: the link a-b both ways
  EXPECT_EQ(errorOf(ring, true),
            "g.txt: --directed, but the file's edges are undirected (directed=\"false\")");
  EXPECT_EQ(errorOf("<g:graphml xmlns:g=\"http://graphml.graphdrawing.org/xmlns\">\n"
                    "<g:graph/></g:graphml>"),
            "g.txt:1: <g:graphml>: namespace prefixes are not read; write the GraphML elements "
            "without one (<graphml>, <graph>, ...)");
}

// Names that are exactly 0..N-1 number their nodes, in any order in the file;
// any other names (a leading zero, a gap) are numbered as they first appear.
TEST(GraphFile, NumberNamesAreTheNodeNumbers) {
  const NetworkDesc net = fromText("2,0\n0,1\n1,3\n3,2\n");
  EXPECT_EQ(net.node_labels, (std::vector<std::string>{"0", "1", "2", "3"}));
  const PortGraph g = PortGraph::build(net);
  EXPECT_GE(g.portTo(2, 0), 0);
  EXPECT_GE(g.portTo(1, 3), 0);
  EXPECT_EQ(g.portTo(0, 3), -1);
  EXPECT_EQ(g.portTo(2, 1), -1);
  EXPECT_EQ(fromText("2,0\n0,1\n1,5\n").node_labels,
            (std::vector<std::string>{"2", "0", "1", "5"}));
  EXPECT_EQ(fromText("1,00\n00,2\n").node_labels, (std::vector<std::string>{"1", "00", "2"}));
  const NetworkDesc ml = fromText(
      "<graphml><graph><node id=\"1\"/><node id=\"0\"/><node id=\"2\"/>"
      "<edge source=\"1\" target=\"0\"/><edge source=\"0\" target=\"2\"/></graph></graphml>");
  EXPECT_EQ(ml.node_labels, (std::vector<std::string>{"0", "1", "2"}));
  EXPECT_GE(PortGraph::build(ml).portTo(1, 0), 0);
  EXPECT_EQ(PortGraph::build(ml).portTo(1, 2), -1);
}

// --graph naming a folder says so (not "a graph needs at least two nodes").
TEST(GraphCli, FolderIsNoGraphFile) {
  const std::string dir = hctest::tempFolder("graph-folder");
  const auto r =
      hctest::runArgv({hctest::hypercast(), "info", "--topology", "graph", "--graph", dir});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "hypercast: --graph: '" + dir + "' is a folder, not a graph file\n");
  std::filesystem::remove_all(dir);
}

// A source without an end is read up to the limit, then refused in one line
// (not read until memory runs out).
TEST(GraphCli, EndlessSourceStopsAtTheLimit) {
  const auto r =
      hctest::runArgv({hctest::hypercast(), "info", "--topology", "graph", "--graph", "/dev/zero"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err, "hypercast: --graph: '/dev/zero' is larger than 256 MiB\n");
  EXPECT_EQ(r.out, "");
}

// A report names a graph file's node by its name: in names.txt the node
// named c is node 0 (names are numbered as they first appear).
TEST(GraphCli, ScheduleReportNamesTheSource) {
  const std::string dir = hctest::tempFolder("graph-names");
  std::ofstream(dir + "/names.txt") << "c,a\na,b\nb,c\nc,d\n";
  const std::vector<std::string> base = {
      hctest::hypercast(), "schedule",     "--topology", "graph",    "--graph",
      dir + "/names.txt",  "--collective", "broadcast",  "--source", "c"};
  const auto [text, doc] = textAndJson(base);
  EXPECT_NE(text.find("collective       broadcast from node c\n"), std::string::npos) << text;
  EXPECT_EQ(doc.value("source", -1), 0);
  EXPECT_EQ(doc.value("source_name", ""), "c");
  std::filesystem::remove_all(dir);
}

TEST(GraphFile, DirectedLinksAreOneWay) {
  const NetworkDesc net = fromText("a b\nb c\nc a\n", true);
  EXPECT_TRUE(net.directed());
  EXPECT_EQ(net.ports(), 1);
  const PortGraph g = PortGraph::build(net);
  EXPECT_EQ(g.portTo(0, 1), 0);
  EXPECT_EQ(g.portTo(1, 0), -1);
  EXPECT_EQ(g.eccentricity(0), 2);
}

TEST(GraphFile, GraphMl) {
  const std::string doc =
      "<?xml version=\"1.0\"?>\n<graphml>\n <graph edgedefault=\"undirected\">\n"
      "  <node id=\"x\"/><node id=\"y\"/>\n  <node id=\"z\"/>\n"
      "  <edge source=\"x\" target=\"y\"/>\n  <edge source=\"y\" target=\"z\"/>\n"
      " </graph>\n</graphml>\n";
  const NetworkDesc net = fromText(doc);
  EXPECT_EQ(net.node_labels, (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(net.links.size(), 4u);
  std::string cycle = doc;
  cycle.replace(cycle.find("undirected"), 10, "directed");
  cycle.replace(cycle.find(" </graph>"), 0, "  <edge source=\"z\" target=\"x\"/>\n");
  EXPECT_TRUE(fromText(cycle).directed());
  EXPECT_EQ(
      errorOf("<graphml>\n<graph>\n<node id=\"a\">\n</graph>\n</graphml>\n").rfind("g.txt:", 0),
      0u);
  EXPECT_EQ(errorOf("<graphml><graph>\n<node id=\"a\"/><node id=\"b\"/>\n"
                    "<edge source=\"a\" target=\"b\"/>\n<edge source=\"a\" target=\"q\"/>\n"
                    "</graph></graphml>"),
            "g.txt:4: edge to undeclared node 'q'");
  EXPECT_EQ(errorOf("<graphml><graph>\n<node id=\"a\"/><node id=\"b\"/>\n"
                    "<edge source=\"a\" target=\"b\"/>\n<edge source=\"b\" target=\"a\"/>\n"
                    "</graph></graphml>"),
            "g.txt:4: link b-a is given twice");
  EXPECT_EQ(errorOf("<graphml><graph/></graphml>"), "g.txt: a graph needs at least two nodes");
}

// The optional GraphML attributes: role (a switch holds no endpoint) and port
// (P,Q at the source and the target); links without a port take each end's
// lowest free port after the given ones.
TEST(GraphFile, GraphMlRolesAndPorts) {
  auto doc = [](const std::string& body) {
    return "<graphml>\n<key id=\"r\" for=\"node\" attr.name=\"role\"/>\n"
           "<key id=\"p\" for=\"edge\" attr.name=\"port\"/>\n<graph>\n"
           "<node id=\"a\"/><node id=\"b\"/>\n<node id=\"s\"><data "
           "key=\"r\">switch</data></node>\n" +
           body + "</graph>\n</graphml>\n";
  };
  const NetworkDesc net =
      fromText(doc("<edge source=\"a\" target=\"s\"><data key=\"p\">1,2</data></edge>\n"
                   "<edge source=\"b\" target=\"s\"/>\n"));
  EXPECT_EQ(net.switches, (std::vector<uint32_t>{2}));
  EXPECT_EQ(net.endpoints(), 2u);
  EXPECT_EQ(net.ports(), 3);  // s's port 2
  const PortGraph g = PortGraph::build(net);
  EXPECT_FALSE(g.drives(0, 0).present());      // a's port 0: no link
  EXPECT_EQ(g.drives(0, 1), (PortEnd{2, 2}));  // a port 1 -> s port 2
  EXPECT_EQ(g.drives(2, 2), (PortEnd{0, 1}));  // and back
  EXPECT_EQ(g.drives(1, 0), (PortEnd{2, 0}));  // b-s: the lowest free ports
  EXPECT_EQ(errorOf(doc("<edge source=\"a\" target=\"s\"><data key=\"p\">0,1</data></edge>\n"
                        "<edge source=\"b\" target=\"s\"><data key=\"p\">0,1</data></edge>\n")),
            "g.txt:8: port 1 of node s is given to two links (also line 7)");
  EXPECT_EQ(errorOf(doc("<edge source=\"a\" target=\"s\"><data key=\"p\">x</data></edge>\n")),
            "g.txt:7: port 'x' is not P,Q (the link's port at its source, at its target)");
  EXPECT_EQ(errorOf(doc("<edge source=\"a\" target=\"s\"><data key=\"p\">32,0</data></edge>\n")),
            "g.txt:7: port 32 of node a is beyond a schedule-ROM node's 32 ports (0..31)");
  std::string bad = doc("<edge source=\"a\" target=\"s\"/>\n");
  bad.replace(bad.find(">switch<"), 8, ">router<");
  EXPECT_EQ(errorOf(bad), "g.txt:6: node 's' has role 'router'; a role is switch or endpoint");
  std::string lone = doc("<edge source=\"a\" target=\"s\"/><edge source=\"b\" target=\"s\"/>\n");
  lone.replace(lone.find("<node id=\"b\"/>"), 14,
               "<node id=\"b\"><data key=\"r\">switch</data></node>");
  EXPECT_EQ(errorOf(lone),
            "g.txt: a graph needs at least two endpoints (nodes whose role is not switch)");
}

// A star of three endpoints round one switch: every packet goes through s,
// which needs none; the checker counts the endpoints only and refuses a packet
// that a switch originates. Each endpoint has one link in, so the multinode
// broadcast needs 2 steps by counting; both other endpoints are 2 links away,
// so their packets arrive from step 2 on, one a step: the pipeline bound
// 1 + 2 = 3, reached (the total exchange alike). Each packet must reach s
// too: 3 links a packet, 9 transmissions in the multinode broadcast and 3 in
// the broadcast (not E - 1 = 2).
TEST(GraphEndpoints, StarThroughOneSwitch) {
  const NetworkDesc net = fromText(
      "<graphml><key id=\"r\" for=\"node\" attr.name=\"role\"/><graph>\n"
      "<node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>\n"
      "<node id=\"s\"><data key=\"r\">switch</data></node>\n"
      "<edge source=\"a\" target=\"s\"/><edge source=\"b\" target=\"s\"/>\n"
      "<edge source=\"c\" target=\"s\"/>\n</graph></graphml>");
  EXPECT_EQ(boundSteps(net, Collective::kMultinodeBroadcast), 3u);
  EXPECT_EQ(checkedSteps(net, Collective::kMultinodeBroadcast), 3u);
  EXPECT_EQ(boundSteps(net, Collective::kTotalExchange), 3u);
  EXPECT_EQ(checkedSteps(net, Collective::kTotalExchange), 3u);
  EXPECT_EQ(checkedSteps(net, Collective::kBroadcast), 2u);
  EXPECT_EQ(boundOf(net, Collective::kMultinodeBroadcast).transmissions, 9u);
  EXPECT_EQ(boundOf(net, Collective::kBroadcast).transmissions, 3u);
  EXPECT_EQ(boundOf(net, Collective::kTotalExchange).transmissions, 6u * 2);
  checker::CollectiveSpec spec;
  spec.network = net;
  spec.problem.collective = Collective::kMultinodeBroadcast;
  spec.problem.nodes = 4;
  Transfer t;
  t.step = 1;
  t.from = 3;
  t.to = 0;
  t.origin = 3;  // the switch's own packet: none
  const checker::ScheduleReport r = checker::checkSchedule(spec, {t});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.packets, 3u);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_NE(r.errors.front().find("not a packet"), std::string::npos) << r.errors.front();
}

TEST(GraphFile, RemoveLinks) {
  // MT(2,5) without 0-1: node 0 keeps 3 links.
  const NetworkDesc t =
      parseNetworkDesc({{"topology", "torus"}, {"n", "2"}, {"k", "5"}, {"remove-links", "0-1"}});
  const PortGraph g = PortGraph::build(t);
  EXPECT_EQ(g.degree(0), 3);
  EXPECT_EQ(g.degree(1), 3);
  EXPECT_EQ(g.portTo(0, 1), -1);
  EXPECT_EQ(g.degree(2), 4);
  // The module name tells networks with other links removed apart, and not a
  // link given the other way round.
  auto nameOf = [](const std::string& links) {
    return parseNetworkDesc(
               {{"topology", "torus"}, {"n", "2"}, {"k", "5"}, {"remove-links", links}})
        .name;
  };
  EXPECT_EQ(nameOf("1-0"), t.name);
  EXPECT_NE(nameOf("2-3"), t.name);
  EXPECT_NE(nameOf("0-1;2-3"), nameOf("0-1;3-4"));
  EXPECT_EQ(t.name.rfind("torus_n2_k5_minus1_", 0), 0u) << t.name;
  auto err = [](const ParamMap& p) {
    try {
      parseNetworkDesc(p);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(err({{"topology", "torus"}, {"n", "2"}, {"k", "5"}, {"remove-links", "0-2"}}),
            "--remove-links: 0-2 is not a link of MT(2,5)");
  EXPECT_EQ(err({{"topology", "hypercube"}, {"dim", "1"}, {"remove-links", "0-1"}}),
            "--remove-links 0-1 disconnects 1-cube: node 1 cannot be reached from node 0");
  // A graph's links by name.
  const NetworkDesc p = exampleNet("petersen.txt", "0-1");
  EXPECT_EQ(PortGraph::build(p).degree(0), 2);
  // On a directed network a-b is the one-way link a -> b alone, and the
  // network must stay strongly connected. Z_3 x Z_3 with +(1,0) and +(0,1):
  // node 0 sends to 1 and 3 and hears from 2 and 6.
  const ParamMap z33 = {{"topology", "cayley"}, {"group", "3,3"}, {"gens", "1,0;0,1"}};
  auto with = [&](const std::string& links) {
    ParamMap m = z33;
    m["remove-links"] = links;
    return m;
  };
  const PortGraph one = PortGraph::build(parseNetworkDesc(with("0-1")));
  EXPECT_EQ(one.portTo(0, 1), -1);
  EXPECT_EQ(one.degree(0), 1);
  EXPECT_EQ(one.degree(1), 2);  // 1 -> 0 is no link: nothing else goes
  EXPECT_EQ(err(with("1-0")),
            "--remove-links: 1-0 is not a one-way link (a -> b) of Z_3 x Z_3 <1,0;0,1>");
  // Every node still reaches 0's out-neighbours, but none reaches node 0.
  EXPECT_EQ(err(with("2-0;6-0")),
            "--remove-links 2-0;6-0 disconnects Z_3 x Z_3 <1,0;0,1>: node 0 cannot be reached "
            "from node 1");
}

// Four endpoints on two switches: a and b on s, c and d on t, s - t (the
// switches numbered among the endpoints: a b s t c d = 0..5).
namespace {
const char* const kTwoSwitches =
    "<graphml><key id=\"r\" for=\"node\" attr.name=\"role\"/><graph>\n"
    "<node id=\"a\"/><node id=\"b\"/>\n"
    "<node id=\"s\"><data key=\"r\">switch</data></node>\n"
    "<node id=\"t\"><data key=\"r\">switch</data></node>\n"
    "<node id=\"c\"/><node id=\"d\"/>\n"
    "<edge source=\"a\" target=\"s\"/><edge source=\"b\" target=\"s\"/>\n"
    "<edge source=\"s\" target=\"t\"/><edge source=\"t\" target=\"c\"/>\n"
    "<edge source=\"t\" target=\"d\"/>\n</graph></graphml>\n";

// The file in `dir` (the Verilated model's cache key holds the graph, not its
// path: a run from any folder finds the model an earlier one built).
std::string writeTwoSwitches(const std::string& dir) {
  const std::string path = dir + "/two_switches.graphml";
  std::ofstream(path) << kTwoSwitches;
  return path;
}
}  // namespace

// The bounds on the two-switch network, by hand (the constructions reach
// them; GraphCosim.SwitchedMultinodeBroadcastAndTotalExchange runs them).
// Multinode broadcast: c receives on its one link t -> c the packet of d (2
// links away, from step 2) and of a and b (3 away, from step 3), one a step:
// 2 + 2 = 4 steps (the pipeline bound). Every packet must reach the 3 other
// endpoints and both switches (s is a's and b's only neighbour, t c's and
// d's): 5 links each, 20 transmissions (E(E-1) = 12 counts the endpoints
// only). Total exchange: the cut of {a, b, s} is the one link s -> t, which
// the 4 packets from a and b to c and d must cross, none before step 2 (a
// and b are 1 link from s) and each with 1 link left after: 1 + 4 + 1 = 6
// steps; the transmissions are the sum of the distances, 4 x (2 + 3 + 3) =
// 32. Broadcast from a: 3 steps (c and d are 3 links away), 5 transmissions.
TEST(GraphBounds, TwoSwitches) {
  const NetworkDesc net = fromText(kTwoSwitches);
  EXPECT_EQ(bothBounds(net, Collective::kMultinodeBroadcast),
            std::make_pair(uint64_t{4}, uint64_t{20}));
  EXPECT_EQ(bothBounds(net, Collective::kTotalExchange), std::make_pair(uint64_t{6}, uint64_t{32}));
  EXPECT_EQ(bothBounds(net, Collective::kBroadcast), std::make_pair(uint64_t{3}, uint64_t{5}));
  EXPECT_EQ(checkedSteps(net, Collective::kMultinodeBroadcast), 4u);
  EXPECT_EQ(checkedSteps(net, Collective::kTotalExchange), 6u);
}

// schedule reports them beside its figures, and the schedules that meet both
// as optimal.
TEST(GraphCli, ScheduleReportsTheSwitchedBounds) {
  const std::string dir = hctest::tempFolder("switched_schedule");
  ASSERT_FALSE(dir.empty());
  const std::string file = writeTwoSwitches(dir);
  for (const auto& c :
       {std::make_tuple("multinode-broadcast", 4, 20), std::make_tuple("total-exchange", 6, 32)}) {
    SCOPED_TRACE(std::get<0>(c));
    const auto r = hctest::run(hctest::hypercast() + " schedule --topology graph --graph " + file +
                               " --collective " + std::get<0>(c) + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("figures").at("lower_bound").at("steps"), std::get<1>(c));
    EXPECT_EQ(j.at("figures").at("lower_bound").at("transmissions"), std::get<2>(c));
    EXPECT_EQ(j.at("figures").at("steps"), std::get<1>(c));
    EXPECT_EQ(j.at("figures").at("transmissions"), std::get<2>(c));
  }
}

// A damaged network's schedule beside the intact one's: MT(2,5) without 0-1,
// where nodes 0 and 1 keep 3 links: the multinode broadcast needs ceil(24/3)
// = 8 steps (intact: ceil(24/4) = 6, Fragopoulou & Akl's construction at
// it), 25 x 24 transmissions either way.
TEST(GraphCli, ScheduleReportsTheIntactNetwork) {
  const auto r = hctest::run(hctest::hypercast() +
                             " schedule --topology torus --n 2 --k 5 --remove-links 0-1"
                             " --collective multinode-broadcast --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("figures").at("lower_bound").at("steps"), 8);
  EXPECT_EQ(j.at("intact").at("network"), "MT(2,5)");
  EXPECT_EQ(j.at("intact").at("lower_bound").at("steps"), 6);
  EXPECT_EQ(j.at("intact").at("lower_bound").at("transmissions"), 600);
  EXPECT_EQ(j.at("intact").at("steps"), 6);
  EXPECT_EQ(j.at("intact").at("transmissions"), 600);
}

// Hand-computed bounds. Petersen: N = 10, 3-regular, diameter 2; every node has
// 3 nodes at distance 1 and 6 at distance 2, so S = 10 (3 + 12) = 150 over
// L = 30 one-way links: total exchange max(2, ceil(150/30), ceil(9/3)) = 5;
// multinode broadcast max(2, ceil(9/3)) = 3.
TEST(GraphBounds, Petersen) {
  const NetworkDesc net = exampleNet("petersen.txt");
  EXPECT_EQ(net.nodes(), 10u);
  EXPECT_EQ(net.ports(), 3);
  EXPECT_EQ(boundSteps(net, Collective::kMultinodeBroadcast), 3u);
  EXPECT_EQ(boundSteps(net, Collective::kTotalExchange), 5u);
  EXPECT_EQ(checkedSteps(net, Collective::kBroadcast), 2u);
  EXPECT_EQ(checkedSteps(net, Collective::kMultinodeBroadcast), 3u);  // vertex-transitive
  EXPECT_LE(checkedSteps(net, Collective::kTotalExchange), 6u);       // within 1.25 x 5
}

// Dragonfly a = 4, h = 2, g = 9: N = 36, every router 3 local + 2 global links,
// MNB max(3, ceil(35/5)) = 7 (diameter 3: local, global, local).
TEST(GraphBounds, Dragonfly) {
  const NetworkDesc net = exampleNet("dragonfly_a4_h2_g9.txt");
  EXPECT_EQ(net.nodes(), 36u);
  EXPECT_EQ(net.ports(), 5);
  EXPECT_EQ(boundSteps(net, Collective::kMultinodeBroadcast), 7u);
  EXPECT_LE(checkedSteps(net, Collective::kMultinodeBroadcast), 8u);  // 1.25 x 7 = 8.75
  // One global link joins two groups: 16 packets each way must cross it
  // (lengths on the global links alone: 36 x 32 pairs over 72 links).
  const uint64_t te = boundSteps(net, Collective::kTotalExchange);
  EXPECT_GE(te, 16u);
  EXPECT_LE(checkedSteps(net, Collective::kTotalExchange) * 4, te * 5);  // within 1.25 x
}

// Fat tree k = 4: 36 nodes, of which 16 hosts are the endpoints (the 20
// switches carry role switch). A host has one link, so the multinode broadcast
// and the total exchange need ceil(15/1) = 15 steps; hosts are at most 6 links
// apart (host, edge, aggregation, core and back). The total exchange's sums:
// a host has 1 host at distance 2, 2 at 4 and 12 at 6, S = 16 x 82 = 1312 over
// 96 one-way links (ceil 14); with length 1 on the 32 host links only, every
// pair crosses two of them: 240 x 2 / 32 = 15. The pipeline bound: the 12
// hosts at distance 6 arrive from step 6 on, one a step: 5 + 12 = 17 (distance
// >= 4: 3 + 14 = 17; >= 2: 1 + 15 = 16), for both collectives. The cut
// bounds give no more: a pod's 4 links up to the core carry the 48 packets
// leaving it, from step 3 on, each with 3 links left: 2 + 12 + 3 = 17; an
// edge switch with its two hosts, 2 links up, 24 packets to other pods (4
// links left) and 4 within the pod (2 left): 1 + 12 + 4 = 17. The coupled
// send/receive bound rules out 17 and 18: in T = 18 steps a host sends its 12
// far packets (6 links) by step 13, which leaves one of steps 1..13 for its
// other 3 packets; a packet 4 links away arrives by step 5 only if sent by
// step 2, the neighbour's (2 links) only if sent by step 4, so at most one of
// the 3 arrives by step 5: 14 of each host's packets arrive in steps 6..18,
// 224 in all, where the 16 hosts' one link in each takes 16 x 13 = 208 (T =
// 17: the far packets fill steps 1..12, none of the 3 arrives by step 5, 15 a
// host, 240 against 16 x 12 = 192); T = 19 is not ruled out. Transmissions:
// a multinode broadcast packet must reach the 15 other hosts, the 8 edge
// switches (a host's one link), an aggregation switch in each of the 4 pods
// (the only way into a pod's edge switches from outside it, or between its
// two) and a core switch (the only way between pods): 28 links from each
// host, which the tree through one core switch meets: 16 x 28 = 448; the
// broadcast's 28. The total exchange's: the sum of the distances, 16 x 82.
TEST(GraphBounds, FatTree) {
  const NetworkDesc net = exampleNet("fat_tree_k4.graphml");
  EXPECT_EQ(net.nodes(), 36u);
  EXPECT_EQ(net.endpoints(), 16u);
  EXPECT_EQ(boundSteps(net, Collective::kMultinodeBroadcast), 17u);
  EXPECT_EQ(boundSteps(net, Collective::kTotalExchange), 19u);
  EXPECT_EQ(boundOf(net, Collective::kMultinodeBroadcast).transmissions, 448u);
  EXPECT_EQ(boundOf(net, Collective::kBroadcast).transmissions, 28u);
  EXPECT_EQ(boundOf(net, Collective::kTotalExchange).transmissions, 16u * 82);
  EXPECT_EQ(checkedSteps(net, Collective::kBroadcast), 6u);
  EXPECT_LE(checkedSteps(net, Collective::kMultinodeBroadcast), 21u);  // 1.25 x 17 = 21.25
  EXPECT_LE(checkedSteps(net, Collective::kTotalExchange), 21u);
}

// The coupled send/receive bound where the others fall short: a broom of
// three hosts a, b, c (one link each) and switches s, m, t, a - s - m - t - b
// and m - c. a and b are 4 links apart, c 3 from both. The other bounds give
// 4: the diameter; the pipeline bound (a receives b's packet from step 4 and
// c's from step 3: 3 + 1, 2 + 2); the cut of {a, s} (a's 2 packets over s ->
// m from step 2, 1 or 2 links left: 1 + 2 + 1); every link carries at most 2
// packets each way. In 4 steps a sends to b (4 links) in step 1 and to c (3
// links) in step 2, so both arrive in step 4, and so do b's; c's two packets
// (3 links) leave in steps 1 and 2 and one arrives in step 4: 5 arrivals in
// step 4 on the hosts' 3 links in. 5 steps: the constructions reach it.
TEST(GraphBounds, CoupledSendReceiveOnABroom) {
  const NetworkDesc net = fromText(
      "<graphml><key id=\"r\" for=\"node\" attr.name=\"role\"/><graph>\n"
      "<node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>\n"
      "<node id=\"s\"><data key=\"r\">switch</data></node>\n"
      "<node id=\"m\"><data key=\"r\">switch</data></node>\n"
      "<node id=\"t\"><data key=\"r\">switch</data></node>\n"
      "<edge source=\"a\" target=\"s\"/><edge source=\"s\" target=\"m\"/>\n"
      "<edge source=\"m\" target=\"t\"/><edge source=\"t\" target=\"b\"/>\n"
      "<edge source=\"m\" target=\"c\"/>\n</graph></graphml>");
  EXPECT_EQ(bothBounds(net, Collective::kTotalExchange), std::make_pair(uint64_t{5}, uint64_t{20}));
  EXPECT_EQ(checkedSteps(net, Collective::kTotalExchange), 5u);
}

// late(x) of the coupled bound: a fat-tree host's packets (1 at 2 links, 2 at
// 4, 12 at 6; one link). T = 18, a = 6: 14 (the 12 far ones fill 12 of steps
// 1..13, one near one left early, GraphBounds.FatTree). T = 18, a = 15: the
// far ones arrive by step 14 only if sent by step 9, the 4-link ones by step
// 11, the neighbour's by step 13; 13 of steps 1..13 hold the 12 far packets
// and one other, so at least 3 far ones (9 early at most) and 2 of the other 3
// are late: 5. T = 14: 15 packets on one link need 15 steps: ruled out. Then
// every small case against all early/late splits, each checked by sending
// in deadline order.
TEST(GraphBounds, FewestLatePacketsMatchesExhaustiveSearch) {
  const std::vector<uint64_t> host = {0, 0, 1, 0, 2, 0, 12};
  EXPECT_EQ(checker::fewestLatePackets(host, 1, 18, 6), 14u);
  EXPECT_EQ(checker::fewestLatePackets(host, 1, 18, 15), 5u);
  EXPECT_EQ(checker::fewestLatePackets(host, 1, 14, 3), checker::kRuledOut);
  std::mt19937 rng(5);
  for (int trial = 0; trial < 3000; ++trial) {
    const int jobs = static_cast<int>(rng() % 9) + 1;
    const uint64_t links = rng() % 3 + 1, far = rng() % 5 + 1, t = rng() % 10 + 1;
    const uint64_t a = rng() % t + 1;
    std::vector<uint64_t> count(far + 1, 0);
    std::vector<int64_t> dist;
    for (int j = 0; j < jobs; ++j) {
      dist.push_back(static_cast<int64_t>(rng() % far + 1));
      ++count[static_cast<size_t>(dist.back())];
    }
    while (count.back() == 0) count.pop_back();
    int64_t fewest = -1;
    for (uint32_t early = 0; early < (1u << jobs); ++early) {
      std::vector<int64_t> due;  // the step each packet is sent by
      for (int j = 0; j < jobs; ++j) {
        due.push_back((early >> j & 1)
                          ? static_cast<int64_t>(a) - dist[static_cast<size_t>(j)]
                          : static_cast<int64_t>(t) - dist[static_cast<size_t>(j)] + 1);
      }
      std::sort(due.begin(), due.end());
      bool ok = true;
      for (size_t i = 0; i < due.size(); ++i) {
        ok &= static_cast<int64_t>(i / links) + 1 <= due[i];
      }
      const int64_t late = jobs - __builtin_popcount(early);
      if (ok && (fewest < 0 || late < fewest)) fewest = late;
    }
    const uint64_t got = checker::fewestLatePackets(count, links, t, a);
    EXPECT_EQ(got, fewest < 0 ? checker::kRuledOut : static_cast<uint64_t>(fewest))
        << "trial " << trial;
  }
}

// No total exchange bound passes a proven optimum, the coupled bound among
// them (graphLowerBound: every graph bound, on the intact networks): the
// d-cube's 2^(d-1) (Bertsekas et al., Table 1, reached), MT(2,5)'s and
// MT(3,3)'s (k^2 - 1) k^(n-1) / 8 = 15 and 9 (Fragopoulou & Akl, Sec. 4.1,
// reached by their construction), the default hypercycle's 144 (reached by
// the built-in family) and the Petersen graph's 5 (reached above).
TEST(GraphBounds, TotalExchangeBoundsStayAtProvenOptima) {
  CollectiveProblem te;
  te.collective = Collective::kTotalExchange;
  auto steps = [&](const ParamMap& p) {
    const NetworkDesc net = parseNetworkDesc(p);
    te.nodes = net.nodes();
    return checker::graphLowerBound(net, te).bound.steps;
  };
  EXPECT_EQ(steps({{"topology", "hypercube"}, {"dim", "3"}}), 4u);
  EXPECT_EQ(steps({{"topology", "hypercube"}, {"dim", "4"}}), 8u);
  EXPECT_EQ(steps({{"topology", "hypercube"}, {"dim", "5"}}), 16u);
  EXPECT_EQ(steps({{"topology", "torus"}, {"n", "2"}, {"k", "5"}}), 15u);
  EXPECT_EQ(steps({{"topology", "torus"}, {"n", "3"}, {"k", "3"}}), 9u);
  EXPECT_EQ(steps({{"topology", "hypercycle"}}), 144u);
  EXPECT_EQ(steps({{"topology", "graph"}, {"graph", example("petersen.txt")}}), 5u);
}

// The 8x8 torus with two failed links: the four end nodes keep 3 links, so MNB
// >= ceil(63/3) = 21 (intact: ceil(63/4) = 16), the file and --remove-links alike.
TEST(GraphBounds, DamagedTorus) {
  const NetworkDesc file = exampleNet("torus8x8_two_faults.txt");
  const NetworkDesc cut = parseNetworkDesc(
      {{"topology", "torus"}, {"n", "2"}, {"k", "8"}, {"remove-links", "0-1;35-43"}});
  NetworkDesc intact = cut;
  intact.removed_links.clear();
  EXPECT_EQ(boundSteps(file, Collective::kMultinodeBroadcast), 21u);
  EXPECT_EQ(boundSteps(cut, Collective::kMultinodeBroadcast), 21u);
  CollectiveProblem mnb;
  mnb.collective = Collective::kMultinodeBroadcast;
  mnb.nodes = 64;
  EXPECT_EQ(checker::graphLowerBound(intact, mnb).bound.steps, 16u);
  EXPECT_LE(checkedSteps(cut, Collective::kMultinodeBroadcast), 26u);  // 1.25 x 21 = 26.25
  EXPECT_EQ(checkedSteps(cut, Collective::kBroadcast), 8u);
}

// The default hypercycle as a GraphML file (links one-way, in the built-in
// network's port order): the same broadcast schedule.
TEST(GraphHypercycle, FileGivesTheBuiltInBroadcast) {
  const NetworkDesc file = exampleNet("hypercycle_default.graphml");
  const NetworkDesc own = parseNetworkDesc({{"topology", "hypercycle"}});
  ASSERT_EQ(file.nodes(), own.nodes());
  for (uint32_t root : {0u, 7u, 239u}) {
    CollectiveProblem p;
    p.nodes = own.nodes();
    p.root = root;
    const Schedule a = constructionsOf("graph").schedule(file, p, "auto");
    const Schedule b = constructionsOf("hypercycle").schedule(own, p, "auto");
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_TRUE(a.transfers == b.transfers) << "root " << root;
  }
}

// A Cayley graph given as a file: the hypercycle file's multinode broadcast
// takes the built-in Cayley construction's steps, the bound ceil(239/12) = 20
// (240 nodes of 12 links in).
namespace {
// The hypercycle file's bound, the built-in family's steps and the file's
// checked schedule's, all `steps`.
void expectFileAtTheBuiltInSteps(Collective c, uint64_t steps) {
  const NetworkDesc file = exampleNet("hypercycle_default.graphml");
  const NetworkDesc own = parseNetworkDesc({{"topology", "hypercycle"}});
  CollectiveProblem p;
  p.collective = c;
  p.nodes = own.nodes();
  EXPECT_EQ(boundSteps(file, c), steps);
  EXPECT_EQ(constructionsOf("hypercycle").schedule(own, p, "auto").steps, steps);
  EXPECT_EQ(checkedSteps(file, c), steps);
}
}  // namespace

TEST(GraphHypercycle, FileMultinodeBroadcastMatchesTheBuiltIn) {
  expectFileAtTheBuiltInSteps(Collective::kMultinodeBroadcast, 20);
}

// A product of rings given as a file: G^{2,1}_{6,5} (Z_6 with +-1, +-2, Z_5
// with +-1; 30 nodes) as an edge list, numbered as the built-in network. Each
// origin's packets cross the Z_5 links 6 x (1 + 1 + 2 + 2) = 36 times at least,
// 1,080 in all over 60 one-way Z_5 links: 18 steps (the link-length bound),
// which the rerouted exchange reaches (every Z_5 link busy in every step),
// as does the built-in family's Cayley construction.
TEST(GraphHypercycle, RingProductFileTotalExchangeMeetsItsBound) {
  const NetworkDesc own =
      parseNetworkDesc({{"topology", "hypercycle"}, {"m", "6,5"}, {"rho", "2,1"}});
  const PortGraph g = PortGraph::build(own);
  std::ostringstream text;
  for (uint64_t x = 0; x < g.nodes(); ++x) {
    for (int p = 0; p < g.ports(); ++p) {
      if (g.drives(x, p).node > x) text << x << "," << g.drives(x, p).node << "\n";
    }
  }
  const NetworkDesc file = fromText(text.str());
  ASSERT_EQ(file.nodes(), 30u);
  EXPECT_EQ(boundSteps(file, Collective::kTotalExchange), 18u);
  CollectiveProblem p;
  p.collective = Collective::kTotalExchange;
  p.nodes = own.nodes();
  EXPECT_EQ(constructionsOf("hypercycle").schedule(own, p, "auto").steps, 18u);
  EXPECT_EQ(checkedSteps(file, Collective::kTotalExchange), 18u);
}

// The default hypercycle's file: the total exchange at the built-in family's
// 144 steps (the link-length bound on the C_5 links; 30 s or so).
TEST(GraphHypercycleLong, FileTotalExchangeMatchesTheBuiltIn) {
  expectFileAtTheBuiltInSteps(Collective::kTotalExchange, 144);
}

// --directed on the command line makes each link of the file one-way: a
// 3-cycle a -> b -> c -> a has diameter 2 (1 with its links both ways). A
// parameter that is neither a flag's "1" nor "true"/"false" is refused.
TEST(GraphCli, DirectedFlagMakesTheLinksOneWay) {
  const std::string dir = hctest::tempFolder("directed_flag");
  ASSERT_FALSE(dir.empty());
  const std::string file = dir + "/cycle.txt";
  std::ofstream(file) << "a,b\nb,c\nc,a\n";
  for (const bool one_way : {true, false}) {
    SCOPED_TRACE(one_way);
    const auto r = hctest::run(hctest::hypercast() + " info --topology graph --graph " + file +
                               (one_way ? " --directed" : "") + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("directed"), one_way);
    EXPECT_EQ(j.at("graph_facts").at("diameter"), one_way ? 2 : 1);
  }
  try {
    parseNetworkDesc({{"topology", "graph"}, {"graph", file}, {"directed", "yes"}});
    ADD_FAILURE() << "accepted --directed=yes";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "--directed is a flag, got 'yes'");
  }
}

// --source takes a graph file's node by name: the fat tree's h1_0_0 is its
// fifth node (4), 6 links from the farthest hosts; a switch or an unknown
// name is refused in one line.
TEST(GraphCli, SourceByName) {
  const std::string base = hctest::hypercast() + " schedule --topology graph --graph " +
                           example("fat_tree_k4.graphml") + " --collective broadcast --source ";
  const auto r = hctest::run(base + "h1_0_0 --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("source"), 4);
  EXPECT_EQ(j.at("figures").at("steps"), 6);
  const auto sw = hctest::run(base + "e0_0");
  EXPECT_EQ(sw.code, 2);
  EXPECT_EQ(sw.err, "hypercast: the broadcast's root e0_0 is a switch, not an endpoint\n");
  const auto none = hctest::run(base + "h9");
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("--source: 'h9' is not a node of fat_tree_k4"), std::string::npos)
      << none.err;
}

TEST(GraphCli, InfoAndErrors) {
  const auto r = hctest::run(hctest::hypercast() + " info --topology graph --graph " +
                             example("petersen.txt") + " --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const Json j = Json::parse(r.out);
  // The option graph is the file's path, as parsed; the facts have a key of their own.
  EXPECT_EQ(j.at("graph"), example("petersen.txt"));
  EXPECT_EQ(j.at("graph_facts").at("diameter"), 2);
  EXPECT_EQ(j.at("graph_facts").at("radius"), 2);
  EXPECT_EQ(j.at("graph_facts").at("vertex_transitive"), "yes");
  EXPECT_EQ(j.at("graph_facts").at("multinode_broadcast_bound"), 3);
  EXPECT_EQ(j.at("graph_facts").at("multinode_broadcast_transmissions_bound"), 90);
  EXPECT_EQ(j.at("graph_facts").at("total_exchange_transmissions_bound"), 150);
  // The fat tree's (GraphBounds.FatTree): among the 16 hosts, the switches forwarding.
  const auto ft = hctest::run(hctest::hypercast() + " info --topology graph --graph " +
                              example("fat_tree_k4.graphml"));
  ASSERT_EQ(ft.code, 0) << ft.err;
  EXPECT_NE(ft.out.find("bounds        multinode-broadcast 17 steps, 448 transmissions; "
                        "total-exchange 19 steps, 1312 transmissions"),
            std::string::npos)
      << ft.out;
  const auto cut = hctest::run(
      hctest::hypercast() + " info --topology torus --n 2 --k 8 --remove-links '0-1;35-43' --json");
  ASSERT_EQ(cut.code, 0) << cut.err;
  const Json k = Json::parse(cut.out);
  EXPECT_EQ(k.at("graph_facts").at("multinode_broadcast_bound"), 21);
  EXPECT_EQ(k.at("intact").at("multinode_broadcast_bound"), 16);
  EXPECT_EQ(k.at("intact").at("diameter"), 8);
  EXPECT_EQ(k.at("graph_facts").at("links"), 256 - 4);
  // The weight-based routers take no faulty link: refused, not run intact.
  for (const char* cmd : {"simulate --engine systemc", "generate --out /tmp/hc-unused"}) {
    SCOPED_TRACE(cmd);
    const auto w = hctest::run(hctest::hypercast() + " " + cmd +
                               " --topology hypercycle --m 4,3 --rho 1,1 --remove-links 0-1");
    EXPECT_EQ(w.code, 2);
    EXPECT_NE(w.err.find("--remove-links: the weight-based routers"), std::string::npos) << w.err;
    EXPECT_EQ(std::count(w.err.begin(), w.err.end(), '\n'), 1) << w.err;
  }
  const auto bad = hctest::run(hctest::hypercast() + " info --topology graph --graph /nonexistent");
  EXPECT_NE(bad.code, 0);
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
}

// info's degrees are neighbours per node, beside the router's ports, on the
// smallest sizes each family accepts: a mesh side of 2 has no interior (one
// neighbour along it), C_4<1,2> has +2 = -2 (three ports, three neighbours),
// a removed link takes a neighbour from its two end nodes.
// MT(2,4): no scatter (it needs odd k); its multinode broadcast and total
// exchange take Faber's universal collectives. MT(2,5) has all four.
// info --json's graph_facts: `regular` is a boolean (the degrees decide it),
// `vertex_transitive` a string of three values, "yes", "no" and "not decided"
// (no search above 512 nodes), each as docs/file-formats.md gives them.
TEST(GraphCli, InfoRegularIsABooleanAndVertexTransitiveOneOfThreeWords) {
  const std::string dir = hctest::tempFolder("graph-transitive");
  std::ofstream(dir + "/path.txt") << "a b\nb c\n";
  {
    std::ofstream ring(dir + "/ring513.txt");
    for (int i = 0; i < 513; ++i) ring << "v" << i << " v" << (i + 1) % 513 << "\n";
  }
  const struct {
    std::string file;
    bool regular;
    std::string transitive;
  } cases[] = {{example("petersen.txt"), true, "yes"},
               {dir + "/path.txt", false, "no"},
               {dir + "/ring513.txt", true, "not decided"}};
  const std::string doc = hctest::slurp(std::string(HC_SOURCE_DIR) + "/docs/file-formats.md");
  const size_t row = doc.find("| `vertex_transitive` | string | ");
  ASSERT_NE(row, std::string::npos);
  const std::string values = doc.substr(row, doc.find('\n', row) - row);
  EXPECT_NE(doc.find("| `regular` | boolean | "), std::string::npos);
  for (const auto& c : cases) {
    SCOPED_TRACE(c.file);
    const auto r =
        hctest::run(hctest::hypercast() + " info --topology graph --graph " + c.file + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const Json f = Json::parse(r.out).at("graph_facts");
    ASSERT_TRUE(f.at("regular").is_boolean()) << f;
    EXPECT_EQ(f.at("regular"), c.regular) << f;
    ASSERT_TRUE(f.at("vertex_transitive").is_string()) << f;
    EXPECT_EQ(f.at("vertex_transitive"), c.transitive) << f;
    EXPECT_NE(values.find("`\"" + c.transitive + "\"`"), std::string::npos) << values;
  }
  std::filesystem::remove_all(dir);
}

TEST(GraphCli, EvenTorusInfoListsWhatItSchedules) {
  for (const char* k : {"4", "5"}) {
    const auto r =
        hctest::run(hctest::hypercast() + " info --topology torus --n 2 --k " + k + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const auto list = Json::parse(r.out).at("collectives");
    const bool scatter = std::find(list.begin(), list.end(), "scatter") != list.end();
    EXPECT_EQ(scatter, std::string(k) == "5") << r.out;
    // and the combining collectives, accumulation and global-sum
    EXPECT_EQ(list.size(), std::string(k) == "5" ? 6u : 5u) << r.out;
  }
  const auto s = hctest::run(hctest::hypercast() +
                             " schedule --topology torus --n 2 --k 4 --collective scatter");
  EXPECT_NE(s.code, 0);
}

// info lists exactly the collectives schedule builds: on an intact Cayley graph
// all six; on one with links removed, the graph's constructions' (no scatter)
// and no combining collective (Faber's use every generator).
TEST(GraphCli, InfoListsWhatScheduleBuilds) {
  for (const std::string intact :
       {"--topology hypercube --dim 3", "--topology torus --n 2 --k 3"}) {
    for (const std::string& net : {intact, intact + " --remove-links 0-1"}) {
      SCOPED_TRACE(net);
      const auto r = hctest::run(hctest::hypercast() + " info " + net + " --json");
      ASSERT_EQ(r.code, 0) << r.err;
      const auto list = Json::parse(r.out).at("collectives");
      EXPECT_EQ(list.size(), net == intact ? 6u : 3u) << r.out;
      for (const char* c : {"broadcast", "multinode-broadcast", "scatter", "total-exchange",
                            "accumulation", "global-sum"}) {
        const bool listed = std::find(list.begin(), list.end(), c) != list.end();
        const auto s = hctest::run(hctest::hypercast() + " schedule " + net + " --collective " + c);
        EXPECT_EQ(s.code == 0, listed) << c << ": " << s.err << r.out;
        if (!listed) {
          EXPECT_EQ(std::count(s.err.begin(), s.err.end(), '\n'), 1) << s.err;
        }
      }
    }
  }
}

TEST(GraphCli, InfoDegreesAreNeighboursOnTheSmallestSizes) {
  struct Case {
    std::string args;
    int least, most, ports;
  };
  for (const Case& c : {
           Case{"--topology mesh --dims 2,3,4", 3, 1 + 2 + 2, 6},
           Case{"--topology mesh --dims 2,2", 2, 2, 4},
           Case{"--topology hypercycle --m 2 --rho 1", 1, 1, 1},
           Case{"--topology hypercycle --m 4 --rho 2", 3, 3, 3},
           Case{"--topology torus --n 1 --k 3", 2, 2, 2},
           Case{"--topology hypercube --dim 1", 1, 1, 1},
           Case{"--topology cayley --group 2 --gens 1", 1, 1, 1},
           Case{"--topology torus --n 2 --k 3 --remove-links 0-1", 3, 4, 4},
       }) {
    SCOPED_TRACE(c.args);
    const auto r = hctest::run(hctest::hypercast() + " info " + c.args + " --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const Json f = Json::parse(r.out).at("figures");
    EXPECT_EQ(f.at("degree_min"), c.least);
    EXPECT_EQ(f.at("degree"), c.most);
    EXPECT_EQ(f.at("ports"), c.ports);
  }
  const auto t = hctest::run(hctest::hypercast() + " info --topology mesh --dims 2,3,4");
  ASSERT_EQ(t.code, 0) << t.err;
  EXPECT_NE(t.out.find("degree        3..5 (neighbours per node; 6 router ports)"),
            std::string::npos)
      << t.out;
}

TEST(GraphCosim, PetersenBroadcastAndMultinodeBroadcast) {
  for (const char* c : {"broadcast", "multinode-broadcast"}) {
    SCOPED_TRACE(c);
    const auto r =
        hctest::run(hctest::hypercast() + " simulate --topology graph --graph " +
                    example("petersen.txt") + " --collective " + c + " --engine cosim --json");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("verdict"), "pass");
    EXPECT_EQ(j.at("checker"), "pass");
  }
}

// A damaged network on schedule-ROM nodes: the 3-cube without link 0-1 (node
// 0 keeps ports 1 and 2, node 1 reaches 0 through 3 or 5; the tied-off ports
// carry nothing). The broadcast from 0 is the BFS tree at eccentricity 3
// (node 1 is 3 links away), 7 transmissions; the trace re-checked.
TEST(GraphCosim, DamagedCubeBroadcast) {
  const auto r = hctest::run(hctest::hypercast() +
                             " simulate --topology hypercube --dim 3 --remove-links 0-1"
                             " --collective broadcast --engine cosim --json");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("checker"), "pass");
  EXPECT_EQ(j.at("figures").at("steps"), 3);
  EXPECT_EQ(j.at("figures").at("transmissions"), 7);
  EXPECT_EQ(j.at("figures").at("held"), 7);
}

// Four endpoints on two switches: a and b on s, c and d on t, s - t (the
// switches numbered among the endpoints: a b s t c d = 0..5). The broadcast
// from a: a -> s (step 1), s -> b and s -> t (2), t -> c and t -> d (3): 3
// steps, a's eccentricity among the endpoints (c and d are 3 links away), and
// 5 transmissions. The switches keep nothing and are promised nothing: the
// harness promises the 3 other endpoints one packet each and they hold it;
// generate's slot map keeps on b, c and d only. The trace re-checked here.
TEST(GraphCosim, SwitchedBroadcast) {
  const std::string text = kTwoSwitches;
  const std::string dir = hctest::tempFolder("switched");
  ASSERT_FALSE(dir.empty());
  const std::string file = writeTwoSwitches(dir);
  const std::string net = " --topology graph --graph " + file + " --collective broadcast";
  const auto r = hctest::run(hctest::hypercast() + " simulate" + net + " --engine cosim --trace " +
                             dir + "/trace.csv --json");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Json j = Json::parse(r.out);
  EXPECT_EQ(j.at("verdict"), "pass");
  EXPECT_EQ(j.at("checker"), "pass");
  EXPECT_EQ(j.at("figures").at("steps"), 3);
  EXPECT_EQ(j.at("figures").at("transmissions"), 5);
  EXPECT_EQ(j.at("figures").at("promised"), 3);
  EXPECT_EQ(j.at("figures").at("held"), 3);
  checker::CollectiveSpec spec;
  spec.network = fromText(text);
  ASSERT_EQ(spec.network.switches, (std::vector<uint32_t>{2, 3}));
  spec.problem.nodes = 6;
  const checker::ScheduleReport rep =
      checker::checkSchedule(spec, hctest::readSchedTrace(dir + "/trace.csv"));
  EXPECT_TRUE(rep.ok) << (rep.errors.empty() ? "" : rep.errors.front());
  EXPECT_EQ(rep.steps, 3u);
  EXPECT_EQ(rep.transmissions, 5u);
  const auto g = hctest::run(hctest::hypercast() + " generate" + net + " --out " + dir + "/gen");
  ASSERT_EQ(g.code, 0) << g.out << g.err;
  const Json manifest = Json::parse(hctest::slurp(dir + "/gen/manifest.json"));
  const std::string top = manifest.at("top").get<std::string>();
  std::istringstream slots(
      hctest::slurp(dir + "/gen/" + top.substr(0, top.size() - 4) + "_slots.csv"));
  std::string line, keeps;
  while (std::getline(slots, line)) {
    if (line.size() > 5 && line.substr(line.size() - 5) == ",keep") keeps += line.substr(0, 1);
  }
  EXPECT_EQ(keeps, "145");
}

// The multinode broadcast and the total exchange on the same network (a b s t
// c d), every link one packet a step each way. Multinode broadcast: c takes
// d's packet (2 links away) and a's and b's (3 away) on its one link t -> c,
// one a step, d's at step 2 at the earliest and the others from step 3, so
// the last at step >= 4; and 4 is reached (a, b, c, d send at step 1, s -> t
// carries a's and b's at steps 2 and 3, t -> c and t -> d repeat them at 3 and
// 4 after d's and c's at 2; the other side alike). Each packet must cross all
// 5 links (the network is a tree and every side holds an endpoint): 4 x 5 = 20
// transmissions at the least, the most a tree-shaped schedule sends. Total
// exchange: a and b send 4 packets over s -> t (a -> c, a -> d, b -> c, b -> d),
// none at s before step 1, one a step, so the last crosses at step >= 5 and
// reaches its host at step >= 6; 6 is reached (s -> t at steps 2..5, the
// in-pod packets a -> b and b -> a at steps 3 and 4, t -> c, t -> d fed
// between; the other side alike). The transmissions are the sum of the
// distances, 4 x (2 + 3 + 3) = 32. The switches are promised nothing: 4 x 3 =
// 12 packets promised and held in both. The traces re-checked here.
TEST(GraphCosim, SwitchedMultinodeBroadcastAndTotalExchange) {
  struct Case {
    const char* collective;
    int steps, transmissions;
  };
  const std::string dir = hctest::tempFolder("switched_all");
  ASSERT_FALSE(dir.empty());
  const std::string file = writeTwoSwitches(dir);
  for (const Case& c : {Case{"multinode-broadcast", 4, 20}, Case{"total-exchange", 6, 32}}) {
    SCOPED_TRACE(c.collective);
    const std::string trace = dir + "/" + c.collective + ".csv";
    const auto r = hctest::run(hctest::hypercast() + " simulate --topology graph --graph " + file +
                               " --collective " + c.collective + " --engine cosim --trace " +
                               trace + " --json");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("verdict"), "pass");
    EXPECT_EQ(j.at("checker"), "pass");
    EXPECT_EQ(j.at("match"), true);
    EXPECT_EQ(j.at("figures").at("steps"), c.steps);
    EXPECT_EQ(j.at("figures").at("transmissions"), c.transmissions);
    EXPECT_EQ(j.at("figures").at("promised"), 12);
    EXPECT_EQ(j.at("figures").at("held"), 12);
    checker::CollectiveSpec spec;
    spec.network = fromText(kTwoSwitches);
    spec.problem.nodes = 6;
    spec.problem.collective = parseCollective(c.collective);
    const checker::ScheduleReport rep = checker::checkSchedule(spec, hctest::readSchedTrace(trace));
    EXPECT_TRUE(rep.ok) << (rep.errors.empty() ? "" : rep.errors.front());
    EXPECT_EQ(rep.steps, uint64_t(c.steps));
    EXPECT_EQ(rep.transmissions, uint64_t(c.transmissions));
  }
}

// The Verilated model's cache key holds the graph, not the file's path: the
// Petersen graph's broadcast read from two folders (the same file name, so
// the same top module) runs on one cached model, which the second run reports
// ("model cached", the same cache entry); the same file name holding another
// graph (a path of three nodes) gets an entry of its own.
TEST(GraphCosim, ModelCacheKeyIsTheGraphNotItsPath) {
  const std::string dir = hctest::tempFolder("graph_cache");
  ASSERT_FALSE(dir.empty());
  const std::string petersen = hctest::slurp(example("petersen.txt"));
  ASSERT_FALSE(petersen.empty());
  auto entry = [&](const std::string& sub, const std::string& text, bool cached) {
    std::filesystem::create_directories(dir + "/" + sub);
    const std::string file = dir + "/" + sub + "/petersen.txt";
    std::ofstream(file) << text;
    const auto r = hctest::run(hctest::hypercast() + " simulate --topology graph --graph " + file +
                               " --collective broadcast --engine cosim");
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    const std::string key = "files written    ";
    const size_t at = r.out.find(key);
    EXPECT_NE(at, std::string::npos) << r.out;
    if (at == std::string::npos) return std::string();
    const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
    if (cached) {
      EXPECT_NE(line.find("model cached"), std::string::npos) << line;
    }
    return line.substr(key.size(), line.find(" (top") - key.size());
  };
  const std::string first = entry("a", petersen, false);
  const std::string second = entry("b", petersen, true);
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(first, second);
  EXPECT_NE(entry("c", "a b\nb c\n", false), first);
}

// A file name that is no identifier ("-", a leading '_', a non-ASCII letter)
// co-simulates on the whole-network model: the harness finds the top's err
// vector, which Verilator would rename in a module name holding "__".
TEST(GraphCosim, AnyFileNameCosimulates) {
  const std::string dir = hctest::tempFolder("graph_names");
  const std::string file = dir + "/_tri--\xCE\xB1.txt";
  std::ofstream(file) << "a,b\nb,c\nc,a\n";
  const auto r = hctest::runArgv({hctest::hypercast(), "simulate", "--graph", file, "--collective",
                                  "broadcast", "--engine", "cosim"});
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("result           PASS"), std::string::npos) << r.out;
  std::filesystem::remove_all(dir);
}

// The 8x8 torus without links 0-1 and 35-43 on schedule-ROM nodes, trace
// re-checked by the harness: the broadcast from node 0 at its eccentricity,
// 8 steps (node 1 is now 3 links away, the far corner 8), 63 transmissions;
// the multinode broadcast at its bound, 21 steps (the four end nodes keep 3
// links: ceil(63/3)) and 64 x 63 transmissions, every promised packet held.
TEST(GraphCosimLong, DamagedTorus) {
  struct Case {
    const char* collective;
    int steps, transmissions;
  };
  for (const Case& c : {Case{"broadcast", 8, 63}, Case{"multinode-broadcast", 21, 64 * 63}}) {
    SCOPED_TRACE(c.collective);
    const auto r = hctest::run(hctest::hypercast() +
                               " simulate --topology torus --n 2 --k 8 --remove-links '0-1;35-43'"
                               " --collective " +
                               c.collective + " --engine cosim --json");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("verdict"), "pass");
    EXPECT_EQ(j.at("checker"), "pass");
    EXPECT_EQ(j.at("figures").at("steps"), c.steps);
    EXPECT_EQ(j.at("figures").at("transmissions"), c.transmissions);
    EXPECT_EQ(j.at("figures").at("held"), j.at("figures").at("promised"));
    EXPECT_EQ(j.at("figures").at("held"), c.transmissions);
  }
}

// The fat tree on schedule-ROM nodes (its 20 switches promised nothing):
// the broadcast from the first host at its eccentricity among the hosts, 6
// steps, in its least tree's 28 transmissions (GraphBounds.FatTree), 15
// packets held; the multinode broadcast within 1.25 x its bound of 17 steps,
// at least 448 transmissions, 16 x 15 packets held.
TEST(GraphCosimLong, FatTree) {
  for (const char* c : {"broadcast", "multinode-broadcast"}) {
    SCOPED_TRACE(c);
    const auto r = hctest::run(hctest::hypercast() + " simulate --topology graph --graph " +
                               example("fat_tree_k4.graphml") + " --collective " + c +
                               " --engine cosim --json");
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j.at("verdict"), "pass");
    EXPECT_EQ(j.at("checker"), "pass");
    const Json& f = j.at("figures");
    EXPECT_EQ(f.at("held"), f.at("promised"));
    if (std::string(c) == "broadcast") {
      EXPECT_EQ(f.at("steps"), 6);
      EXPECT_EQ(f.at("transmissions"), 28);
      EXPECT_EQ(f.at("held"), 15);
    } else {
      EXPECT_GE(f.at("steps").get<int>(), 17);
      EXPECT_LE(f.at("steps").get<int>(), 21);
      EXPECT_GE(f.at("transmissions").get<int>(), 448);
      EXPECT_EQ(f.at("held"), 16 * 15);
    }
  }
}

// A graph file's name makes the network's module prefix: every run of
// characters other than letters and digits is one '_', none at either end, so
// that Verilator keeps the name (it renames identifiers holding "__", and the
// cosim harness finds the top's err vector by the module's name), and it is
// short enough for a file name.
TEST(GraphFile, ModuleNameFromAnyFileName) {
  EXPECT_EQ(graphModuleName("ring6"), "graph_ring6");
  EXPECT_EQ(graphModuleName("_ring"), "graph_ring");
  EXPECT_EQ(graphModuleName("a--b"), "graph_a_b");
  EXPECT_EQ(graphModuleName("ring \xCE\xB1"), "graph_ring");
  EXPECT_EQ(graphModuleName("fat-tree (v2)"), "graph_fat_tree_v2");
  EXPECT_EQ(graphModuleName("mesh_"), "graph_mesh");
  EXPECT_EQ(graphModuleName("\xCE\xB1\xCE\xB2"), "graph");
  EXPECT_EQ(graphModuleName(std::string(240, 'r')), "graph_" + std::string(26, 'r'));
  EXPECT_EQ(graphNetwork(parseGraphText("a,b\n", "x/a--b.txt", false), "x/a--b.txt").name,
            "graph_a_b");
}

// A UTF-8 byte-order mark is skipped: the triangle stays a triangle, and a
// GraphML file behind one is still GraphML.
TEST(GraphFile, ByteOrderMarkIsSkipped) {
  const NetworkDesc tri = fromText(
      "\xEF\xBB\xBF"
      "a,b\nb,c\nc,a\n");
  EXPECT_EQ(tri.node_labels, (std::vector<std::string>{"a", "b", "c"}));
  const NetworkDesc ml = fromText(
      "\xEF\xBB\xBF<graphml><graph><node id=\"a\"/><node id=\"b\"/>"
      "<edge source=\"a\" target=\"b\"/></graph></graphml>");
  EXPECT_EQ(ml.node_labels, (std::vector<std::string>{"a", "b"}));
}

// GraphML that changes the graph is honoured (an edge's own directed, a key's
// <default>) or refused naming the line (nested graphs, hyperedges, a second
// root, sourceport/targetport, directed and undirected edges mixed).
TEST(GraphFile, GraphMlConstructsHonouredOrRefused) {
  const std::string abc = "<node id=\"a\"/><node id=\"b\"/><node id=\"c\"/>\n";
  const NetworkDesc cycle =
      fromText("<graphml><graph edgedefault=\"undirected\">\n" + abc +
               "<edge source=\"a\" target=\"b\" directed=\"true\"/>"
               "<edge source=\"b\" target=\"c\" directed=\"true\"/>"
               "<edge source=\"c\" target=\"a\" directed=\"true\"/></graph></graphml>");
  EXPECT_TRUE(cycle.directed());
  EXPECT_EQ(cycle.links.size(), 3u);
  const NetworkDesc star = fromText(
      "<graphml><key id=\"r\" for=\"node\" attr.name=\"role\"><default>switch</default></key>\n"
      "<graph><node id=\"s\"/><node id=\"h1\"><data key=\"r\">endpoint</data></node>"
      "<node id=\"h2\"><data key=\"r\">endpoint</data></node>"
      "<edge source=\"s\" target=\"h1\"/><edge source=\"s\" target=\"h2\"/></graph></graphml>");
  EXPECT_EQ(star.switches, (std::vector<uint32_t>{0}));
  // Each: what follows the three nodes inside <graph> (line 3 on), what follows
  // </graphml>, the error.
  const std::vector<std::tuple<std::string, std::string, std::string>> refused = {
      {"<edge source=\"a\" target=\"b\" directed=\"true\"/>\n<edge source=\"b\" target=\"c\"/>", "",
       "g.txt:4: an undirected edge among directed ones; every link is one-way or every link "
       "two-way"},
      {"<edge source=\"a\" target=\"b\" directed=\"yes\"/>", "",
       "g.txt:3: directed=\"yes\"; it is true or false"},
      {"<node id=\"d\">\n<graph id=\"in\"/></node>\n<edge source=\"a\" target=\"b\"/>", "",
       "g.txt:4: a <graph> inside <node>; a file holds one graph (nested graphs are not read)"},
      {"<hyperedge><endpoint node=\"a\"/></hyperedge>\n", "",
       "g.txt:3: a <hyperedge>; a link joins two nodes (give one <edge> each)"},
      {"<edge source=\"a\" target=\"b\"/>", "\n<graphml/>",
       "g.txt:4: a second <graphml> element; a file holds one graph"},
      {"<edge source=\"a\" target=\"b\" sourceport=\"3\" targetport=\"2\"/>", "",
       "g.txt:3: sourceport/targetport are not read; give the link's ports as a port key's P,Q "
       "(docs/file-formats.md#graph-files)"}};
  for (const auto& [body, after, message] : refused) {
    EXPECT_EQ(errorOf("<graphml><graph>\n" + abc + body + "</graph></graphml>" + after), message);
  }
  // What would be read one way and meant another: a node or edge outside
  // <graph>, a key or a value given twice, --directed against the file's
  // edgedefault, UTF-16 text.
  EXPECT_EQ(errorOf("<graphml><graph>\n" + abc + "<x><node id=\"d\"/></x></graph></graphml>"),
            "g.txt:3: a <node> inside <x>; nodes and edges are read from <graph> only");
  EXPECT_EQ(
      errorOf("<graphml>\n<edge source=\"a\" target=\"b\"/><graph>\n" + abc + "</graph></graphml>"),
      "g.txt:2: an <edge> inside <graphml>; nodes and edges are read from <graph> only");
  // (A value that holds such markup is a value.)
  EXPECT_EQ(errorOf("<graphml><graph>\n" + abc +
                    "<edge source=\"a\" target=\"b\"/><edge source=\"b\" target=\"c\"/>"
                    "<desc><node id=\"d\"/></desc></graph></graphml>"),
            "");
  const std::string role = "<key id=\"r\" for=\"node\" attr.name=\"role\"/>\n";
  EXPECT_EQ(errorOf("<graphml>" + role + role + "<graph>\n" + abc + "</graph></graphml>"),
            "g.txt:2: a second <key> named role; one key gives it");
  EXPECT_EQ(errorOf("<graphml>" + role +
                    "<graph>\n<node id=\"s\"><data key=\"r\">switch</data>\n<data "
                    "key=\"r\">endpoint</data></node>\n" +
                    abc + "</graph></graphml>"),
            "g.txt:4: a second <data key=\"r\"> on one <node>; one gives its value");
  EXPECT_EQ(
      errorOf("<graphml><graph edgedefault=\"undirected\">\n" + abc + "</graph></graphml>", true),
      "g.txt:1: --directed, but the file says edgedefault=\"undirected\"");
  std::string utf16 = "\xFF\xFE";
  for (char c : std::string("a,b\nb,c\n")) utf16 += std::string(1, c) + '\0';
  EXPECT_EQ(errorOf(utf16), "g.txt: UTF-16 text (or binary); save the file as UTF-8");
  EXPECT_EQ(errorOf(utf16.substr(2)), "g.txt: UTF-16 text (or binary); save the file as UTF-8");
}

namespace {

// A ring of n nodes 0..n-1 as an edge list in `dir`; its path.
std::string ringFile(const std::string& dir, int n) {
  const std::string path = dir + "/ring" + std::to_string(n) + ".txt";
  std::ofstream f(path);
  for (int i = 0; i < n; ++i) f << i << "," << (i + 1) % n << "\n";
  return path;
}

// The 4x4 torus as an edge list: its multinode broadcast takes 5 steps on the
// graph construction, above the lower bound 4.
std::string torus44File(const std::string& dir) {
  const std::string path = dir + "/torus4x4.txt";
  std::ofstream f(path);
  for (int y = 0; y < 4; ++y) {
    for (int x = 0; x < 4; ++x) {
      const int n = x + 4 * y;
      f << n << "," << (x + 1) % 4 + 4 * y << "\n" << n << "," << x + 4 * ((y + 1) % 4) << "\n";
    }
  }
  return path;
}

}  // namespace

// The graph's limits are those of the Limits table: info 4096 nodes, raised
// 8-fold by --allow-large; generate and simulate 4096 nodes as for the other
// topologies; the multinode broadcast and total exchange 2048 nodes, not
// raised; each refusal names the graph's label and the option.
TEST(GraphCli, SizeLimitsAsDocumented) {
  const std::string dir = hctest::tempFolder("graph-limits");
  const std::string ring5000 = ringFile(dir, 5000);
  const auto info = hctest::runArgv({hctest::hypercast(), "info", "--graph", ring5000});
  EXPECT_EQ(info.code, 2);
  EXPECT_EQ(info.err,
            "hypercast: info on a graph or a damaged network takes at most 4096 nodes "
            "(--allow-large raises it to 32768); ring5000 has 5000\n");
  const auto large =
      hctest::runArgv({hctest::hypercast(), "info", "--graph", ring5000, "--allow-large"});
  EXPECT_EQ(large.code, 0) << large.err;
  const auto mnb = hctest::runArgv({hctest::hypercast(), "schedule", "--graph", ring5000,
                                    "--collective", "multinode-broadcast"});
  EXPECT_EQ(mnb.code, 2);
  EXPECT_EQ(mnb.err,
            "hypercast: the graph multinode-broadcast takes at most 2048 nodes (its tables grow "
            "as N^2; --allow-large does not raise it); ring5000 has 5000\n");
  // A total exchange above both this and the transmissions' budget is refused
  // by this first: the budget's refusal would say --allow-large raises it.
  const std::string ring3000 = ringFile(dir, 3000);
  for (const bool allow : {false, true}) {
    std::vector<std::string> argv = {hctest::hypercast(), "schedule",      "--graph", ring3000,
                                     "--collective",      "total-exchange"};
    if (allow) argv.push_back("--allow-large");
    const auto te = hctest::runArgv(argv);
    EXPECT_EQ(te.code, 2);
    EXPECT_EQ(te.err,
              "hypercast: the graph total-exchange takes at most 2048 nodes (its tables grow as "
              "N^2; --allow-large does not raise it); ring3000 has 3000\n")
        << allow;
  }
  const std::string ring1100 = ringFile(dir, 1100);
  const auto gen = hctest::runArgv({hctest::hypercast(), "generate", "--graph", ring1100,
                                    "--collective", "broadcast", "--out", dir + "/gen"});
  EXPECT_EQ(gen.code, 0) << gen.err;
  std::filesystem::remove_all(dir);
}

// export writes GPU runtimes' files: every node a GPU (a graph with switches
// is refused before any work) and the schedule at its lower bounds (a graph
// heuristic above them is refused); one line, exit 2, nothing written.
TEST(GraphCli, ExportRefusesSwitchesAndSchedulesAboveTheBound) {
  const std::string dir = hctest::tempFolder("graph-export");
  const auto sw = hctest::runArgv({hctest::hypercast(), "export", "--graph",
                                   example("fat_tree_k4.graphml"), "--collective", "broadcast",
                                   "--format", "msccl-xml", "-o", dir + "/ft.xml"});
  EXPECT_EQ(sw.code, 2);
  EXPECT_EQ(sw.err,
            "hypercast: export needs every node to be an endpoint; fat_tree_k4 has 20 switches (a "
            "GPU runtime's algorithm has a rank on every node and no switches)\n");
  EXPECT_FALSE(std::filesystem::exists(dir + "/ft.xml"));
  const auto slow =
      hctest::runArgv({hctest::hypercast(), "export", "--graph", torus44File(dir), "--collective",
                       "multinode-broadcast", "--format", "msccl-xml", "-o", dir + "/t.xml"});
  EXPECT_EQ(slow.code, 2);
  EXPECT_EQ(slow.err,
            "hypercast: the multinode-broadcast schedule on torus4x4 takes 5 steps and 240 "
            "transmissions, not the lower bounds 4 and 240; export writes optimal schedules "
            "only; nothing was written\n");
  EXPECT_FALSE(std::filesystem::exists(dir + "/t.xml"));
  std::filesystem::remove_all(dir);
}

// Whether a graph is directed is found in N log N: a 2^17-link ring (both ways)
// and the same ring one way answer well within a second (the pairwise scan
// took minutes).
TEST(GraphFile, DirectedIsFastOnLargeGraphs) {
  NetworkDesc net;
  net.kind = NetworkDesc::Kind::kGraph;
  const uint32_t n = 1u << 17;
  for (uint32_t x = 0; x < n; ++x) net.links.push_back({x, 0, (x + 1) % n, 1});
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_TRUE(net.directed());
  for (uint32_t x = 0; x < n; ++x) net.links.push_back({(x + 1) % n, 1, x, 0});
  EXPECT_FALSE(net.directed());
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(s, 2.0);
}

// Options of two topologies without --topology: the error names one of each,
// not the default topology (which takes neither).
TEST(GraphCli, OptionsOfTwoTopologiesAreNamed) {
  const auto r = hctest::runArgv({hctest::hypercast(), "info", "--dim", "3", "--directed"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "hypercast: --dim (hypercube) and --directed (graph) are options of two topologies; "
            "give --topology\n");
  const auto g = hctest::runArgv(
      {hctest::hypercast(), "info", "--graph", example("petersen.txt"), "--m", "4,4"});
  EXPECT_EQ(g.code, 2);
  EXPECT_NE(g.err.find("--graph (graph)"), std::string::npos) << g.err;
  EXPECT_NE(g.err.find("are options of two topologies; give --topology"), std::string::npos)
      << g.err;
}

// Every report names a graph file's root by its name (simulate's text and
// JSON, export's JSON); a default root that is a switch is refused with the
// hint to give --source; on a file whose names are numbers, a number that no
// node is named is not a node (not an internal number).
TEST(GraphCli, RootNamedInEveryReport) {
  const std::string dir = hctest::tempFolder("graph-root");
  std::ofstream(dir + "/sq.txt") << "a,b\nb,c\nc,d\nd,a\n";
  const std::vector<std::string> sim = {
      hctest::hypercast(), "simulate", "--graph", dir + "/sq.txt", "--collective",
      "broadcast",         "--source", "c",       "--engine",      "systemc"};
  const auto [text, json] = textAndJson(sim);
  EXPECT_NE(text.find("broadcast from node c on sq"), std::string::npos) << text;
  EXPECT_EQ(json.value("source_name", ""), "c");
  const auto e = hctest::runArgv({hctest::hypercast(), "export", "--graph", dir + "/sq.txt",
                                  "--collective", "broadcast", "--source", "c", "--format",
                                  "msccl-xml", "-o", dir + "/sq.xml", "--json"});
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_EQ(Json::parse(e.out).at("source_name"), "c");

  std::ofstream(dir + "/sw.graphml")
      << "<graphml><key id=\"r\" for=\"node\" attr.name=\"role\"/><graph>"
         "<node id=\"s\"><data key=\"r\">switch</data></node><node id=\"h1\"/><node id=\"h2\"/>"
         "<edge source=\"s\" target=\"h1\"/><edge source=\"s\" target=\"h2\"/></graph></graphml>";
  const auto sw = hctest::runArgv({hctest::hypercast(), "schedule", "--graph", dir + "/sw.graphml",
                                   "--collective", "broadcast"});
  EXPECT_EQ(sw.code, 2);
  EXPECT_EQ(
      sw.err,
      "hypercast: the broadcast's root s is a switch, not an endpoint (the default root; give "
      "--source an endpoint)\n");

  std::ofstream(dir + "/num.txt") << "10,20\n20,35\n35,100\n100,10\n";
  const auto num = hctest::runArgv({hctest::hypercast(), "schedule", "--graph", dir + "/num.txt",
                                    "--collective", "broadcast", "--source", "99"});
  EXPECT_EQ(num.code, 2);
  EXPECT_EQ(num.err, "hypercast: --source: '99' is not a node of num\n");
  // --remove-links reads a word as --source does: in a file that names its
  // nodes by numbers, a number is a name only.
  const auto cut = hctest::runArgv(
      {hctest::hypercast(), "info", "--graph", dir + "/num.txt", "--remove-links", "0-1"});
  EXPECT_EQ(cut.code, 2);
  EXPECT_EQ(cut.err,
            "hypercast: --remove-links: '0' in '0-1' is not a node of num (a node is its name)\n");
  // No --source is --source 0: the node named 0, although the file names 4
  // first; in a file with no node named 0, its node 0 (10 in num.txt).
  const auto first = hctest::runArgv({hctest::hypercast(), "schedule", "--graph", dir + "/num.txt",
                                      "--collective", "broadcast", "--json"});
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_EQ(hctest::parseJson(first.out).at("source_name"), "10");
  std::ofstream(dir + "/gap.txt") << "4,0\n0,1\n1,2\n2,4\n";
  for (const char* how : {"", "0"}) {
    std::vector<std::string> argv = {hctest::hypercast(), "schedule",  "--graph", dir + "/gap.txt",
                                     "--collective",      "broadcast", "--json"};
    if (*how) argv.insert(argv.end(), {"--source", how});
    const auto gap = hctest::runArgv(argv);
    ASSERT_EQ(gap.code, 0) << gap.err;
    EXPECT_EQ(hctest::parseJson(gap.out).at("source_name"), "0") << how;
  }
  std::filesystem::remove_all(dir);
}

// info's graph facts: the radius among the endpoints beside the diameter
// among them (the fat tree's hosts are all 6 links from the farthest host; an
// aggregation switch's 4 is no host's), and counts in the singular for one.
TEST(GraphCli, InfoRadiusAmongEndpointsAndSingulars) {
  const auto ft =
      hctest::runArgv({hctest::hypercast(), "info", "--graph", example("fat_tree_k4.graphml")});
  ASSERT_EQ(ft.code, 0) << ft.err;
  EXPECT_NE(ft.out.find("diameter      6, radius 6\n"), std::string::npos) << ft.out;
  const std::string dir = hctest::tempFolder("graph-two");
  std::ofstream(dir + "/two.txt") << "a,b\n";
  const auto two = hctest::runArgv({hctest::hypercast(), "info", "--graph", dir + "/two.txt"});
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_NE(two.out.find("(neighbours per node; 1 router port)"), std::string::npos) << two.out;
  // A range whose ends are equal is one number ("1..1 out" before).
  EXPECT_NE(two.out.find("degree        1 out, 1 in\n"), std::string::npos) << two.out;
  EXPECT_NE(ft.out.find("degree        1..4 out, 1..4 in\n"), std::string::npos) << ft.out;
  EXPECT_NE(two.out.find("multinode-broadcast 1 step, 2 transmissions;"), std::string::npos)
      << two.out;
  EXPECT_EQ(two.out.find(" 1 steps"), std::string::npos) << two.out;
  std::ofstream(dir + "/star.graphml")
      << "<graphml><key id=\"r\" for=\"node\" attr.name=\"role\"/><graph>"
         "<node id=\"s\"><data key=\"r\">switch</data></node><node id=\"h1\"/><node id=\"h2\"/>"
         "<edge source=\"s\" target=\"h1\"/><edge source=\"s\" target=\"h2\"/></graph></graphml>";
  const auto star =
      hctest::runArgv({hctest::hypercast(), "info", "--graph", dir + "/star.graphml"});
  ASSERT_EQ(star.code, 0) << star.err;
  EXPECT_NE(star.out.find("endpoints     2 (and 1 switch, which forwards only;"), std::string::npos)
      << star.out;
  std::filesystem::remove_all(dir);
}

// A generated folder maps its node numbers back to the file's names: in
// "b,a" the node named b is node 0, and manifest.json says so.
TEST(GraphCli, ManifestCarriesTheNodeNames) {
  const std::string dir = hctest::tempFolder("graph-manifest");
  std::ofstream(dir + "/swapped.txt") << "b,a\na,c\nc,d\n";
  const auto r =
      hctest::runArgv({hctest::hypercast(), "generate", "--graph", dir + "/swapped.txt",
                       "--collective", "broadcast", "--source", "a", "--out", dir + "/gen"});
  ASSERT_EQ(r.code, 0) << r.err;
  const Json m = Json::parse(hctest::slurp(dir + "/gen/manifest.json"));
  EXPECT_EQ(m.at("network").at("node_labels"), (std::vector<std::string>{"b", "a", "c", "d"}));
  EXPECT_EQ(m.at("source"), 1);
  EXPECT_EQ(m.at("source_name"), "a");
  std::filesystem::remove_all(dir);
}

// A --graph path that is not UTF-8 (manifest.json and the job files, which are
// JSON, hold it) is refused before any work, and a file that cannot be read
// says why.
TEST(GraphCli, PathsAreUtf8AndReadErrorsSayWhy) {
  const std::string dir = hctest::tempFolder("graph-path");
  const std::string odd = dir + "/\xff\xfe.txt";
  std::ofstream(odd) << "a,b\nb,c\nc,a\n";
  const auto r = hctest::runArgv({hctest::hypercast(), "generate", "--graph", odd, "--collective",
                                  "broadcast", "--out", dir + "/out"});
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err,
            "hypercast: --graph: the file's path is not UTF-8 text; give it a UTF-8 name or a "
            "link to it\n");
  EXPECT_FALSE(std::filesystem::exists(dir + "/out"));
  const auto m = hctest::runArgv({hctest::hypercast(), "info", "--graph", dir + "/none.txt"});
  EXPECT_EQ(m.code, 2);
  EXPECT_EQ(m.err,
            "hypercast: --graph: cannot read '" + dir + "/none.txt': No such file or directory\n");
  std::filesystem::remove_all(dir);
}

// --remove-links takes names that hold '-': the pair splits at the one '-'
// that leaves a node on each side; an unknown end says that numbers work too.
TEST(GraphFile, RemoveLinksTakesNamesWithDashes) {
  const std::string dir = hctest::tempFolder("graph-dash");
  std::ofstream(dir + "/dash.txt") << "r-0,r-1\nr-1,r-2\nr-2,r-3\nr-3,r-0\n";
  const NetworkDesc net = parseNetworkDesc(
      {{"topology", "graph"}, {"graph", dir + "/dash.txt"}, {"remove-links", "r-0-r-1"}});
  EXPECT_EQ(net.removed_links.size(), 2u);
  EXPECT_EQ(PortGraph::build(net).portTo(0, 1), -1);
  try {
    parseNetworkDesc(
        {{"topology", "graph"}, {"graph", dir + "/dash.txt"}, {"remove-links", "r-0-q"}});
    ADD_FAILURE() << "r-0-q accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "--remove-links: 'q' in 'r-0-q' is not a node of dash (a node is its number or its "
              "name)");
  }
  std::filesystem::remove_all(dir);
}

// The network's option directed is --directed as given; a GraphML file's
// edgedefault="directed" is the file's (read so again from it), and whether a
// link lacks its reverse is the fact `directed`: a file of links given both
// ways is no directed network, and its options do not say it is.
TEST(GraphFile, DirectedOptionIsTheFlagAsGiven) {
  const std::string both =
      "<graphml><graph edgedefault=\"directed\"><node id=\"a\"/><node id=\"b\"/>"
      "<edge source=\"a\" target=\"b\"/><edge source=\"b\" target=\"a\"/></graph></graphml>";
  const NetworkDesc file = fromText(both);
  EXPECT_FALSE(file.directed());
  EXPECT_EQ(std::count(file.params.begin(), file.params.end(),
                       std::make_pair(std::string("directed"), std::string("true"))),
            0);
  const NetworkDesc flag = fromText("a b\nb a\n", true);
  EXPECT_EQ(std::count(flag.params.begin(), flag.params.end(),
                       std::make_pair(std::string("directed"), std::string("true"))),
            1);
}
