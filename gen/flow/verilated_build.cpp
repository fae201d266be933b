#include "flow/verilated_build.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "build_config.h"
#include "tools/launcher.h"
#include "tools/mutation.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/progress.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace flow {

namespace {

const std::vector<std::string> kHypercycleLibs = {
    "libhc_harness.a",     "VMODEL",           "libverilated_rt.a", "libhc_model.a",
    "libhc_router_core.a", "libhc_checker.a",  "libhc_simjob.a",    "libhc_emit.a",
    "libhc_algorithm.a",   "libhc_topology.a", "libhc_util.a"};

uint64_t fnv(uint64_t h, const std::string& s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

// A path make and a shell take as it is.
bool plainPath(const std::string& p) {
  for (unsigned char c : p) {
    if (!std::isalnum(c) && !std::strchr("/_.,+-=@", c)) return false;
  }
  return !p.empty();
}

// libhc_main_router_network.a for "router-network": harness_main.cpp compiled
// with that adapter's macro (tb/CMakeLists.txt).
std::string mainLibrary(JobKind kind) {
  std::string l = std::string(HC_LIB_DIR) + "/libhc_main_";
  for (const char* c = toString(kind); *c; ++c) l += *c == '-' ? '_' : *c;
  return l + ".a";
}

// Generated C++ up to this size compiles as one translation unit.
constexpr uintmax_t kOneUnitBytes = 3u << 20;

// The C++ optimisation of a Verilated model: $HYPERCAST_MODEL_OPT, 0, 1 or 2
// (the default). The test suite builds at 1: a model compiles in about half
// the time and runs a small test network as fast as it needs to.
int modelOptLevel() {
  const char* v = std::getenv("HYPERCAST_MODEL_OPT");
  if (!v || !*v) return 2;
  if (std::strlen(v) == 1 && v[0] >= '0' && v[0] <= '2') return v[0] - '0';
  throw Error(std::string("HYPERCAST_MODEL_OPT must be 0, 1 or 2, not '") + v + "'");
}

}  // namespace

const char* toString(RtlModel m) { return m == RtlModel::kNetwork ? "network" : kWiredModel; }

std::string cacheRoot() {
  std::string root = "/tmp/hypercast-cache";
  if (const char* c = std::getenv("HYPERCAST_CACHE"); c && *c) {
    root = c;
  } else if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) {
    root = std::string(x) + "/hypercast";
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    root = std::string(home) + "/.cache/hypercast";
  }
  // Absolute: the tools run inside the entry.
  std::error_code ec;
  const fs::path abs = fs::absolute(root, ec);
  return ec ? root : abs.string();
}

const std::vector<std::string>& hypercycleHarnessLibs() { return kHypercycleLibs; }

RtlBuild buildRtlHarness(const HypercycleRtl& rtl, RtlModel model, bool quiet, bool trace) {
  const bool whole = model == RtlModel::kNetwork;
  HarnessSpec spec;
  spec.name = rtl.top_module + "-" + toString(model);
  spec.trace = trace;
  spec.files = rtl.files;
  for (const auto& f : rtl.verilog_files) {
    if (!whole && f.find(rtl.top_module) != std::string::npos) continue;
    spec.verilog_files.push_back(f);
  }
  spec.top = whole ? rtl.top_module : rtl.router_module;
  spec.prefix = whole ? "Vnet" : "Vrouter";
  spec.adapter = whole ? "tb/verilated_network.cpp" : "tb/verilated_routers.cpp";
  spec.kind = JobKind::kRouterNetwork;
  spec.libs = kHypercycleLibs;
  return buildVerilatedHarness(spec, quiet);
}

RtlBuild buildVerilatedHarness(const HarnessSpec& given, bool quiet) {
  // A file of hw/ that HYPERCAST_HW_OVERRIDE replaces (tools/mutation.h; a
  // mutant), its `include of the assertion vocabulary inlined as the emitters'
  // copies have it: the replacement's text is part of the key below.
  HarnessSpec spec = given;
  for (auto& f : spec.files) {
    const std::string replacement = tools::hwOverrideFor(f.first);
    if (replacement.empty()) continue;
    std::string text = tools::readFile(replacement);
    if (text.empty()) throw Error("HYPERCAST_HW_OVERRIDE: cannot read " + replacement);
    const std::string include = "`include \"hc_assert.vh\"\n";
    const std::string vocabulary =
        tools::readFile(std::string(HC_SOURCE_DIR) + "/hw/include/hc_assert.vh");
    for (size_t at = text.find(include); at != std::string::npos;
         at = text.find(include, at + vocabulary.size()))
      text.replace(at, include.size(), vocabulary);
    f.second = text;
  }
  const std::string adapter = std::string(HC_SOURCE_DIR) + "/" + spec.adapter;
  const auto t0 = std::chrono::steady_clock::now();
  // Key: every emitted file, the harness adapter source, and the identity of the
  // libraries it links (size and mtime), so a rebuilt tool invalidates the cache.
  // A graph file's path (the manifest's network option "graph") and its node
  // names are left out: the Verilog and ROM images hold the graph itself, so
  // the same graph read from another path finds the model built before, and a
  // changed one misses.
  const int opt = modelOptLevel();
  uint64_t h = spec.trace ? 7809847782465536322ull : 1469598103934665603ull;
  if (opt != 2) h = fnv(h, "opt" + std::to_string(opt));
  for (const auto& f : spec.files) {
    std::string text = f.second;
    if (f.first == "manifest.json") {
      nlohmann::ordered_json m = nlohmann::ordered_json::parse(text, nullptr, false);
      if (!m.is_discarded() && m.contains("network") && m["network"].contains("options") &&
          m["network"]["options"].contains("graph")) {
        m["network"]["options"].erase("graph");
        m["network"].erase("node_labels");
        m.erase("source_name");
        text = m.dump();
      }
    }
    h = fnv(fnv(h, f.first), text);
  }
  h = fnv(h, tools::readFile(adapter));
  for (const auto& p : spec.parameters) h = fnv(h, p.first + "=" + std::to_string(p.second));
  for (const auto& a : spec.verilator_args) h = fnv(h, "arg " + a);
  h = fnv(h, toString(spec.kind));
  for (const char* hdr : {"/tb/harness_main.cpp", "/tb/harness_adapters.h", "/tb/verilated_bits.h",
                          "/tb/config_port.h", "/tb/wave_dump.h", "/tb/verilated_top.h",
                          "/tb/mesh_rtl.h", "/tb/mesh_flit_bits.h", "/model/mesh_network.h",
                          "/tb/combining_harness.h", "/model/sum_node.h", "/model/acc_node.h"}) {
    h = fnv(h, tools::readFile(std::string(HC_SOURCE_DIR) + hdr));
  }
  std::vector<std::string> linked;
  for (const std::string& lib : spec.libs) linked.push_back(std::string(HC_LIB_DIR) + "/" + lib);
  linked.push_back(mainLibrary(spec.kind));
  for (const std::string& p : linked) {
    struct stat st {};
    if (::stat(p.c_str(), &st) == 0) {
      h = fnv(h, p + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtime));
    }
  }
  char key[17];
  std::snprintf(key, sizeof key, "%016llx", static_cast<unsigned long long>(h));
  RtlBuild b;
  b.dir = cacheRoot() + "/" + spec.name + (spec.trace ? "-fst-" : "-") + key;
  b.exe = b.dir + "/hc-sim-rtl";
  std::error_code ec;
  fs::create_directories(b.dir, ec);
  if (ec) throw Error("cannot create the model cache " + b.dir + ": " + ec.message());

  // One builder per cache entry at a time (parallel test runs share entries).
  const std::string lock_path = b.dir + "/.lock";
  const int lock = ::open(lock_path.c_str(), O_CREAT | O_RDWR, 0644);
  if (lock < 0) throw Error("cannot lock " + lock_path);
  ::flock(lock, LOCK_EX);
  struct Unlock {
    int fd;
    ~Unlock() {
      ::flock(fd, LOCK_UN);
      ::close(fd);
    }
  } unlock{lock};

  if (fs::exists(b.exe)) {
    b.cached = true;
    return b;
  }
  if (!quiet) {
    std::cerr << "hypercast: building the Verilated model of " << spec.top << " in " << b.dir
              << " (cached for later runs)\n";
  }
  const std::string rtl_dir = b.dir + "/rtl", log = b.dir + "/build.log";
  fs::remove_all(rtl_dir, ec);
  fs::remove_all(b.dir + "/obj", ec);
  fs::remove(log, ec);
  std::ofstream(log).close();
  // Until the executable is in place, the half-linked executable goes away on an
  // error or an interrupt (and so do the objects, below).
  interrupt::TempPath exe_guard(b.exe + ".tmp");
  for (const auto& f : spec.files) {
    const fs::path p = fs::path(rtl_dir) / f.first;
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << f.second;
    if (!out) throw Error("cannot write " + p.string());
  }
  // Verilator runs in `build` with relative paths: it hands its -Mdir to a shell
  // (`make -C DIR`), and verilated.mk refuses a folder with spaces. The entry is
  // that folder when its path is plain; otherwise (HYPERCAST_CACHE may hold any
  // character) a scratch folder in $TMPDIR or /tmp, whose rtl/ links to the
  // entry's, removed once the executable is linked into the entry.
  std::string build = b.dir;
  interrupt::TempPath scratch;
  if (!plainPath(b.dir)) {
    const char* tmpdir = std::getenv("TMPDIR");
    std::string base = tmpdir && *tmpdir && plainPath(tmpdir) ? tmpdir : "/tmp";
    std::string tmpl = base + "/hypercast-build-XXXXXX";
    {
      interrupt::BlockSignals block;  // created and registered as one step
      if (!::mkdtemp(&tmpl[0])) {
        throw Error("cannot create a build folder in " + base + ": " + std::strerror(errno));
      }
      scratch = interrupt::TempPath(tmpl, /*tree=*/true);
    }
    build = tmpl;
    fs::create_directory_symlink(fs::absolute(rtl_dir), build + "/rtl");
  }
  interrupt::TempPath obj_guard(build + "/obj", /*tree=*/true);
  const std::string ccache = HC_CCACHE;
  const bool have_ccache = !ccache.empty() && ccache.find("NOTFOUND") == std::string::npos;
  std::vector<std::string> vcmd = {HC_VERILATOR,   "--cc",   "--prefix", spec.prefix,
                                   "--top-module", spec.top, "-Mdir",    "obj"};
  if (spec.trace) vcmd.push_back("--trace-fst");
  for (const char* arg : {"--no-timing", "-Wno-fatal", "-Wno-lint", "-Wno-style", "-O3",
                          "--x-assign", "fast", "--x-initial", "fast"}) {
    vcmd.push_back(arg);
  }
  vcmd.insert(vcmd.end(), spec.verilator_args.begin(), spec.verilator_args.end());
  for (const auto& p : spec.parameters)
    vcmd.push_back("-G" + p.first + "=" + std::to_string(p.second));
  for (const auto& f : spec.verilog_files) vcmd.push_back("rtl/" + f);
  // Verilator and the C++ compiler take from seconds to minutes: progress on stderr.
  Progress progress("building Verilated model " + spec.top, 0, quiet);
  progress.heartbeat();
  progress.detail("verilator");
  tools::runLogged(vcmd, log, "verilator of " + spec.top, build);
  // A small model compiles as one translation unit (verilated.mk's
  // VM_PARALLEL_BUILDS=0): each of its files would parse the same headers, which
  // costs more than its code. A large one compiles file by file, two at a time.
  uintmax_t cpp_bytes = 0;
  for (const auto& e : fs::directory_iterator(build + "/obj")) {
    if (e.path().extension() == ".cpp") cpp_bytes += e.file_size();
  }
  const bool one_unit = cpp_bytes <= kOneUnitBytes;
  std::vector<std::string> make = {"make",
                                   "-C",
                                   "obj",
                                   "-f",
                                   spec.prefix + ".mk",
                                   "-j",
                                   "2",
                                   std::string("VM_PARALLEL_BUILDS=") + (one_unit ? "0" : "1"),
                                   "OPT_FAST=-O" + std::to_string(opt),
                                   "OPT_SLOW=-O" + std::to_string(opt / 2)};
  if (have_ccache) make.push_back("OBJCACHE=" + ccache);
  progress.detail(one_unit ? "compiling the model" : "compiling the model (file by file)");
  tools::runLogged(make, log, "compiling the Verilated model of " + spec.top, build);
  progress.detail("linking the harness");

  const std::string inc = HC_VERILATOR_INCLUDE;
  const std::string lib = HC_LIB_DIR;
  const std::string src = HC_SOURCE_DIR;
  std::vector<std::string> link;
  if (have_ccache) link.push_back(ccache);
  for (const std::string& arg :
       {std::string(HC_CXX), std::string("-std=c++17"), "-O" + std::to_string(opt),
        std::string("-DVM_COVERAGE=0"), std::string("-DVM_SC=0")}) {
    link.push_back(arg);
  }
  if (spec.trace) {
    link.insert(link.end(), {"-DVM_TRACE=1", "-DVM_TRACE_FST=1", inc + "/verilated_fst_c.cpp"});
  } else {
    link.push_back("-DVM_TRACE=0");
  }
  link.insert(
      link.end(),
      {"-Iobj", "-I" + inc, "-I" + inc + "/vltstd", "-I" + src, "-I" + src + "/gen", adapter, "-o",
       b.exe + ".tmp", "-Wl,--whole-archive", mainLibrary(spec.kind), "-Wl,--no-whole-archive"});
  for (const std::string& l : spec.libs) {
    link.push_back(l == "VMODEL" ? "obj/" + spec.prefix + "__ALL.a" : lib + "/" + l);
  }
  link.insert(link.end(), {"-lsystemc", "-pthread"});
  if (spec.trace) link.push_back("-lz");
  tools::runLogged(link, log, "linking the Verilated harness", build);
  progress.finish();
  // The entry is complete once its executable exists.
  fs::rename(b.exe + ".tmp", b.exe, ec);
  if (ec) throw Error("cannot write " + b.exe + ": " + ec.message());
  exe_guard.release();
  if (scratch.path().empty()) obj_guard.release();  // the entry keeps its objects
  b.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return b;
}

}  // namespace flow
}  // namespace hypercast
