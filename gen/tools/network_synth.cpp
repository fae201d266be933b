// `synth` of a generated network of nodes: the largest node alone and the whole network.
#include "tools/network_synth.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

#include "emit/synth_wrapper.h"
#include "tools/launcher.h"
#include "tools/synth_work.h"
#include "tools/yosys_synth.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/json_text.h"
#include "util/output_file.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace tools {

ModuleCells parseHierarchyStat(const std::string& stat) {
  ModuleCells out;
  std::istringstream in(stat);
  std::string line;
  const std::regex head("^=== (.+) ===\\s*$"), count("^\\s+(\\S+)\\s+([0-9]+)\\s*$");
  bool in_cells = false;
  while (std::getline(in, line)) {
    std::smatch m;
    if (std::regex_match(line, m, head)) {
      if (m[1] == "design hierarchy") break;  // yosys's own totals follow
      out.push_back({m[1], {}});
      in_cells = false;
    } else if (!out.empty() && line.find("Number of cells:") != std::string::npos) {
      in_cells = true;
    } else if (in_cells && std::regex_match(line, m, count)) {
      out.back().second.push_back({m[1], std::stoll(m[2])});
    } else if (in_cells && line.find_first_not_of(" \t") != std::string::npos) {
      in_cells = false;  // the next section (chip area, ...)
    }
  }
  return out;
}

namespace {

// module -> leaf cell type -> count, submodules expanded.
void addFlat(const ModuleCells& modules, const std::string& module, long long times,
             std::map<std::string, long long>& into, int depth) {
  if (depth > 64) throw Error("synth: the module hierarchy under " + module + " is too deep");
  for (const auto& m : modules) {
    if (m.first != module) continue;
    for (const auto& c : m.second) {
      bool sub = false;
      for (const auto& other : modules) sub = sub || other.first == c.first;
      if (sub) {
        addFlat(modules, c.first, times * c.second, into, depth + 1);
      } else {
        into[c.first] += times * c.second;
      }
    }
    return;
  }
  throw Error("synth: yosys's stat has no module " + module);
}

}  // namespace

Ice40Cells flatCells(const ModuleCells& modules, const std::string& module) {
  std::map<std::string, long long> leaf;
  addFlat(modules, module, 1, leaf, 0);
  Ice40Cells c{0, 0, 0, 0, 0};
  for (const auto& t : leaf) {
    c.cells += t.second;
    if (t.first == "SB_LUT4") c.luts += t.second;
    if (t.first == "SB_CARRY") c.carries += t.second;
    if (t.first.rfind("SB_DFF", 0) == 0) c.ffs += t.second;
    if (t.first.rfind("SB_RAM40", 0) == 0) c.brams += t.second;
  }
  return c;
}

long long instanceNode(const std::string& name) {
  size_t i = name.size();
  while (i > 0 && std::isdigit(static_cast<unsigned char>(name[i - 1]))) --i;
  if (i == name.size() || i == 0 || name.size() - i > 12) return -1;
  return std::stoll(name.substr(i));
}

namespace {

// A module's ports from yosys's `dump <module>/x:*`, in port order, clk_i and
// rst_ni left out (the wrapper drives them); throws Error unless both are there.
std::vector<WrapPort> dumpedPorts(const std::string& dump, const std::string& module) {
  std::vector<std::pair<long long, WrapPort>> ports;
  std::istringstream in(dump);
  std::string line;
  bool clk = false, rst = false;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string w;
    if (!(words >> w) || w != "wire") continue;
    WrapPort p;
    long long index = -1;
    std::string name;
    while (words >> w) {
      if (w == "width") {
        words >> p.width;
      } else if (w == "offset") {
        long long skip;
        words >> skip;
      } else if (w == "input" || w == "output" || w == "inout") {
        p.input = w == "input";
        words >> index;
      } else {
        name = w;  // upto, signed, then the name last
      }
    }
    if (index < 0 || name.empty()) continue;
    if (name[0] == '\\') name = name.substr(1);
    p.name = name;
    if (name == "clk_i") clk = true;
    if (name == "rst_ni") rst = true;
    if (name != "clk_i" && name != "rst_ni") ports.push_back({index, p});
  }
  if (!clk || !rst) {
    throw Error("synth: " + module + " has no clk_i and rst_ni ports to drive from the wrapper");
  }
  std::sort(ports.begin(), ports.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<WrapPort> out;
  for (const auto& p : ports) out.push_back(p.second);
  return out;
}

struct TopInstance {
  std::string name, module;
};

// The cells of `top` from `dump <top>/t:*` that are instances of the design's modules.
std::vector<TopInstance> topInstances(const std::string& dump, const ModuleCells& modules) {
  std::vector<TopInstance> out;
  std::istringstream in(dump);
  std::string line;
  const std::regex cell("^\\s*cell (\\S+) (\\S+)\\s*$");
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_match(line, m, cell)) continue;
    std::string type = m[1], name = m[2];
    if (type[0] == '\\') type = type.substr(1);
    if (name[0] != '\\') continue;  // yosys's own names: glue logic
    bool module = false;
    for (const auto& mod : modules) module = module || mod.first == type;
    if (module) out.push_back({name.substr(1), type});
  }
  return out;
}

bool larger(const Ice40Cells& a, const Ice40Cells& b) {
  if (a.luts != b.luts) return a.luts > b.luts;
  if (a.ffs != b.ffs) return a.ffs > b.ffs;
  return a.brams > b.brams;
}

bool sameCounts(const Ice40Cells& a, const Ice40Cells& b) {
  return a.luts == b.luts && a.ffs == b.ffs && a.carries == b.carries && a.brams == b.brams;
}

std::string readVerilog(const NetworkDesign& d) {
  std::string s = "read_verilog";
  for (const auto& f : d.verilog_files) s += " " + f;
  return s + "\n";
}

NetworkFigures synthNetwork(const SynthWork& work, const NetworkDesign& d, const SynthParams& p) {
  NetworkFigures f;
  const std::string& top = d.top;
  std::string script = readVerilog(d) + d.ice40_synth + " -noflatten -top " + top +
                       "\ntee -q -o net.stat stat\ntee -q -o net_cells.txt dump " + top + "/t:*\n";
  if (p.pnr) script += "tee -q -o net_ports.txt dump " + top + "/x:*\nwrite_rtlil net.il\n";
  const ModuleCells modules = parseHierarchyStat(
      runYosys(work, "net", "yosys " + d.ice40_synth + " (network, hierarchy kept)", script));
  f.network_cells = flatCells(modules, top);
  f.network_lcs = std::max(f.network_cells.luts, f.network_cells.ffs);

  // The nodes: the top's instances grouped by the number their names end in.
  std::map<uint64_t, std::vector<TopInstance>> groups;
  for (const TopInstance& i : topInstances(readFile(work.dir + "/net_cells.txt"), modules)) {
    const long long x = instanceNode(i.name);
    if (x >= 0 && static_cast<uint64_t>(x) < d.nodes) groups[static_cast<uint64_t>(x)].push_back(i);
  }
  if (groups.empty()) {
    throw Error("synth: " + top + " has no instances named by node number (such as u_n0)");
  }
  std::map<uint64_t, Ice40Cells> node_cells;
  for (const auto& g : groups) {
    Ice40Cells c{0, 0, 0, 0, 0};
    for (const TopInstance& i : g.second) {
      const Ice40Cells one = flatCells(modules, i.module);
      c.luts += one.luts, c.ffs += one.ffs, c.carries += one.carries, c.brams += one.brams,
          c.cells += one.cells;
    }
    node_cells[g.first] = c;
    if (node_cells.size() == 1 || larger(c, f.node_cells)) {
      f.node = g.first;
      f.node_cells = c;
    }
  }
  for (const auto& c : node_cells) f.nodes_like_it += sameCounts(c.second, f.node_cells) ? 1 : 0;
  for (const TopInstance& i : groups[f.node]) f.instances.push_back(i.name);
  f.node_pnr.best_seed = p.seed;
  if (!p.pnr) return f;

  // The largest node cut out of the synthesized top, in its wrapper.
  const std::string unit = top + "_node" + std::to_string(f.node);
  std::string cut = "read_rtlil net.il\nsplitnets -ports " + top + "\nsubmod -name " + unit;
  for (const std::string& i : f.instances) cut += " " + top + "/" + i;
  cut += "\nhierarchy -top " + unit + "\nrename -enumerate -pattern port% " + unit +
         "/x:*\ntee -q -o node_ports.txt dump " + unit + "/x:*\nwrite_rtlil node.il\n";
  runYosys(work, "node", "yosys submod (node " + std::to_string(f.node) + " alone)", cut);
  writeOutputFiles(
      work.dir,
      {{"rtl/" + unit + "_synth_wrap.v",
        pinLimitedWrapper(unit, dumpedPorts(readFile(work.dir + "/node_ports.txt"), unit))}});
  // The node's cells are mapped already: this maps its wrapper.
  runYosys(work, "node_wrap", "yosys synth_ice40 (node with its I/O wrapper)",
           "read_rtlil node.il\nread_verilog rtl/" + unit + "_synth_wrap.v\nsynth_ice40 -top " +
               unit + "_synth_wrap -json node_wrap.json\ntee -q -o node_wrap.stat stat\n");
  f.node_pnr = placeAndRouteSeeds(work, "node_wrap.json", p.freq, p.seed, p.seeds, "node");

  // The whole network when it may fit (nextpnr then reports the real count either way).
  f.network_tried = f.network_lcs <= 2 * kHx8kLcs && d.nodes <= 64;
  if (f.network_tried) {
    writeOutputFiles(
        work.dir,
        {{"rtl/" + top + "_synth_wrap.v",
          pinLimitedWrapper(top, dumpedPorts(readFile(work.dir + "/net_ports.txt"), top))}});
    // From the sources, flattened: each node's ROM contents simplify its logic (the
    // selects and writes no row uses), as they do on a device.
    const std::string wrap = top + "_synth_wrap";
    f.network_flat = flatCells(
        parseHierarchyStat(
            runYosys(work, "net_wrap",
                     "yosys " + d.ice40_synth + " (network with its I/O wrapper, flattened)",
                     readVerilog(d) + "read_verilog rtl/" + wrap + ".v\n" + d.ice40_synth +
                         " -top " + wrap + " -json net_wrap.json\ntee -q -o net_wrap.stat stat\n")),
        wrap);
    // A failure here is reported, not an error: the node's figures stand.
    f.network_pnr = placeAndRoute(work, "net_wrap.json", "network", "network", p.freq, p.seed,
                                  /*keep_going=*/true);
  }
  return f;
}

std::string seedsText(const SynthParams& p) {
  return p.seeds > 1 ? std::to_string(p.seed) + ".." + std::to_string(p.seed + p.seeds - 1)
                     : std::to_string(p.seed);
}

std::string count(long long v) { return v < 0 ? std::string("-") : std::to_string(v); }

std::string markdown(const NetworkDesign& d, const SynthParams& p, const NetworkFigures& f,
                     double secs) {
  const PnrResult& np = f.node_pnr.best;
  const SeedSpread spread = seedSpread(f.node_pnr, p);
  std::string instances;
  for (const std::string& i : f.instances) instances += (instances.empty() ? "" : ", ") + i;
  const std::string x = std::to_string(f.node);
  std::ostringstream md;
  md << "# Synthesis report: " << d.top << "\n\n"
     << d.title << "; " << d.kind << ", "
     << counted(static_cast<long long>(d.nodes), "node", "nodes") << ".\n"
     << "Tools: yosys `" << d.ice40_synth << " -noflatten` (each module of the top on its own)"
     << (p.pnr ? ", " + nextpnrSettingsText(p.freq, 0) + " --seed " + seedsText(p) : std::string())
     << ". " << fmt(secs, "%.0f") << " s.\n\n"
     << "Node " << x << " is the largest ("
     << (f.instances.size() == 1 ? "instance " : "instances ") << instances << "; "
     << f.nodes_like_it << " of " << counted(static_cast<long long>(d.nodes), "node", "nodes")
     << (f.nodes_like_it == 1 ? " has" : " have") << " its counts).\n\n"
     << "| figure | node " << x << " | whole network |\n|---|---|---|\n"
     << "| iCE40 LUT4 | " << count(f.node_cells.luts) << " | " << count(f.network_cells.luts)
     << " |\n"
     << "| iCE40 flip-flops | " << count(f.node_cells.ffs) << " | " << count(f.network_cells.ffs)
     << " |\n"
     << "| iCE40 carry cells | " << count(f.node_cells.carries) << " | "
     << count(f.network_cells.carries) << " |\n"
     << "| iCE40 block RAMs (SB_RAM40_4K) | " << count(f.node_cells.brams) << " | "
     << count(f.network_cells.brams) << " |\n";
  if (f.network_tried) {
    md << "| flattened with its I/O wrapper: LUT4 / flip-flops / block RAMs | - | "
       << count(f.network_flat.luts) << " / " << count(f.network_flat.ffs) << " / "
       << count(f.network_flat.brams) << " |\n";
  }
  if (p.pnr) {
    md << "| HX8K logic cells, placed (with I/O wrapper) | " << np.lcs << " of " << kHx8kLcs
       << (np.placed ? "" : ": does not fit, not placed") << " | ";
    if (!f.network_tried) {
      md << "not tried: " << f.network_lcs << " cells is over twice the HX8K"
         << (d.nodes > 64 ? " or N > 64" : "");
    } else if (f.network_pnr.failed) {
      md << "not placed: nextpnr-ice40 failed (" << f.network_pnr.failure << ")";
    } else {
      md << f.network_pnr.lcs << " of " << kHx8kLcs
         << (f.network_pnr.placed ? "" : ": does not fit, not placed");
    }
    md << " |\n| Fmax, placed and routed | ";
    if (np.placed) {
      md << fmt(np.fmax) << " MHz (target " << p.freq << " MHz"
         << (spread.text.empty() ? "" : "; " + spread.text) << ")";
    } else {
      md << "-";
    }
    md << " | "
       << (f.network_tried && f.network_pnr.placed ? fmt(f.network_pnr.fmax) + " MHz" : "-")
       << " |\n";
  }
  // The clock target met or missed, in the router report's words (router_report.cpp).
  if (p.pnr && np.placed) {
    md << "\nFmax of node " << x << " " << fmt(np.fmax) << " MHz"
       << (spread.text.empty() ? "" : " (" + spread.text + ")") << " against the target "
       << target(p) << ": " << verdict(np.fmax, p) << ".";
    if (f.network_tried && f.network_pnr.placed) {
      md << " The whole network (" << d.top << ") " << fmt(f.network_pnr.fmax)
         << " MHz: " << verdict(f.network_pnr.fmax, p) << ".";
    }
    md << "\n";
  }
  const bool whole_fits = f.network_tried && (f.network_pnr.placed || f.network_pnr.failed);
  if (p.pnr && !whole_fits && !d.fit_hint.empty()) {
    md << "\nThe whole network "
       << (f.network_tried ? "does not fit one HX8K. "
                           : "was not placed (its estimate is over "
                             "twice the HX8K, or N > 64). ")
       << d.fit_hint << "\n";
  }
  md << "\nA node's figures are its instances' cells with their submodules; the top's own\n"
     << "glue logic counts only in the whole network's. Each module is synthesized on its\n"
     << "own, so no constant crosses a module boundary.\n";
  return md.str();
}

}  // namespace

nlohmann::ordered_json networkReportJson(const NetworkDesign& d, const SynthParams& p,
                                         const NetworkFigures& f, double secs) {
  const PnrResult& np = f.node_pnr.best;
  nlohmann::ordered_json js;
  js["kind"] = d.kind;
  for (auto it = d.facts.begin(); it != d.facts.end(); ++it) js[it.key()] = it.value();
  js["top"] = d.top;
  js["nodes"] = d.nodes;
  js["node"] = f.node;
  js["node_instances"] = f.instances;
  js["nodes_like_it"] = f.nodes_like_it;
  nlohmann::ordered_json ice;
  ice["lut4"] = measured(f.node_cells.luts);
  ice["ff"] = measured(f.node_cells.ffs);
  ice["carry"] = measured(f.node_cells.carries);
  ice["bram"] = measured(f.node_cells.brams);
  ice["placed"] = np.placed;
  ice["placed_lcs"] = measured(np.lcs);
  ice["fmax_mhz"] = measured(np.fmax);
  ice["target_mhz"] = p.freq;
  ice["target_met"] = targetMet(np, p);
  ice["seed"] = f.node_pnr.best_seed;
  ice["fmax_median_mhz"] = measured(seedSpread(f.node_pnr, p).median);
  ice["seeds"] = seedsJson(f.node_pnr.fmax);
  js["ice40"] = ice;
  nlohmann::ordered_json net;
  net["lut4"] = measured(f.network_cells.luts);
  net["ff"] = measured(f.network_cells.ffs);
  net["carry"] = measured(f.network_cells.carries);
  net["bram"] = measured(f.network_cells.brams);
  js["network_ice40"] = net;
  js["network_lcs_estimate"] = f.network_lcs;
  js["network_fits_hx8k"] = f.network_lcs <= kHx8kLcs;
  nlohmann::ordered_json npj;
  npj["tried"] = f.network_tried;
  npj["placed"] = f.network_pnr.placed;
  npj["lut4"] = measured(f.network_flat.luts);
  npj["ff"] = measured(f.network_flat.ffs);
  npj["bram"] = measured(f.network_flat.brams);
  npj["lcs"] = measured(f.network_pnr.lcs);
  npj["fmax_mhz"] = measured(f.network_pnr.fmax);
  npj["target_met"] = targetMet(f.network_pnr, p);
  npj["failure"] = f.network_pnr.failed ? nlohmann::ordered_json(f.network_pnr.failure)
                                        : nlohmann::ordered_json(nullptr);
  js["network_pnr"] = npj;
  js["seconds"] = secs;
  return js;
}

SynthReport synthesizeNetwork(const NetworkDesign& d, const SynthParams& p,
                              std::ostream* progress) {
  for (const char* tool : {"yosys", "nextpnr-ice40"}) {
    if (!p.pnr && std::string(tool) == "nextpnr-ice40") continue;
    if (findProgram(tool).empty()) {
      throw Error(std::string(tool) + " is not installed (run scripts/install_deps.sh)");
    }
  }
  checkOutputFolder("--out", p.out, {"synth_report.md", "synth_report.json"});  // before any work
  const SynthWork work{workFolderBeside(p.out, ::getpid()), progress, p.pnr_limit_min};
  std::error_code ec;
  fs::remove_all(work.dir, ec);
  // Removed on an error or an interrupt, with any folder made above it for it;
  // on success it becomes OUT/work.
  interrupt::TempPath made = guardMissingFolders(fs::path(work.dir).parent_path().string());
  interrupt::TempPath work_guard(work.dir, /*tree=*/true);
  writeOutputFiles(work.dir, d.files);
  const auto t0 = std::chrono::steady_clock::now();
  const NetworkFigures f = synthNetwork(work, d, p);
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const SynthReport report{markdown(d, p, f, secs),
                           jsonLine(networkReportJson(d, p, f, secs)) + "\n"};
  writeOutputFiles(p.out,
                   {{"synth_report.md", report.markdown}, {"synth_report.json", report.json}});
  fs::remove_all(p.out + "/work", ec);
  fs::rename(work.dir, p.out + "/work", ec);
  if (ec) fs::remove_all(work.dir, ec);
  work_guard.release();
  made.release();
  return report;
}

}  // namespace tools
}  // namespace hypercast
