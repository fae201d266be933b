#include "cli/rtl_build.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "build_config.h"
#include "cli/run_tool.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace hypercast {
namespace cli {

namespace {

const std::vector<std::string> kHypercycleLibs = {
    "libhc_harness.a",     "VMODEL",          "libverilated_rt.a", "libhc_model.a",
    "libhc_router_core.a", "libhc_checker.a", "libhc_simjob.a",    "libhc_emit.a",
    "libhc_algorithm.a",   "libhc_topology.a"};

uint64_t fnv(uint64_t h, const std::string& s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

std::string quote(const std::string& s) { return "'" + s + "'"; }

}  // namespace

const char* toString(RtlModel m) { return m == RtlModel::kNetwork ? "network" : "routers"; }

std::string cacheRoot() {
  if (const char* c = std::getenv("HYPERCAST_CACHE")) return c;
  if (const char* x = std::getenv("XDG_CACHE_HOME")) return std::string(x) + "/hypercast";
  if (const char* home = std::getenv("HOME")) return std::string(home) + "/.cache/hypercast";
  return "/tmp/hypercast-cache";
}

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
  spec.libs = kHypercycleLibs;
  return buildVerilatedHarness(spec, quiet);
}

RtlBuild buildVerilatedHarness(const HarnessSpec& spec, bool quiet) {
  const std::string adapter = std::string(HC_SOURCE_DIR) + "/" + spec.adapter;
  const auto t0 = std::chrono::steady_clock::now();
  // Key: every emitted file, the harness adapter source, and the identity of the
  // libraries it links (size and mtime), so a rebuilt tool invalidates the cache.
  uint64_t h = spec.trace ? 7809847782465536322ull : 1469598103934665603ull;
  for (const auto& f : spec.files) h = fnv(fnv(h, f.first), f.second);
  h = fnv(h, readFile(adapter));
  for (const auto& p : spec.parameters) h = fnv(h, p.first + "=" + std::to_string(p.second));
  for (const char* hdr : {"/tb/verilated_bits.h", "/tb/config_port.h", "/tb/wave_dump.h"}) {
    h = fnv(h, readFile(std::string(HC_SOURCE_DIR) + hdr));
  }
  for (const std::string& lib : spec.libs) {
    struct stat st {};
    const std::string p = std::string(HC_LIB_DIR) + "/" + lib;
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
  const std::string rtl_dir = b.dir + "/rtl", obj = b.dir + "/obj", log = b.dir + "/build.log";
  fs::remove_all(rtl_dir, ec);
  fs::remove_all(obj, ec);
  fs::remove(log, ec);
  std::ofstream(log).close();
  for (const auto& f : spec.files) {
    const fs::path p = fs::path(rtl_dir) / f.first;
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << f.second;
    if (!out) throw Error("cannot write " + p.string());
  }
  const std::string ccache = HC_CCACHE;
  const bool have_ccache = !ccache.empty() && ccache.find("NOTFOUND") == std::string::npos;
  std::string vcmd = std::string(HC_VERILATOR) + " --cc --prefix " + spec.prefix +
                     " --top-module " + spec.top + " -Mdir " + quote(obj) +
                     (spec.trace ? " --trace-fst" : "") +
                     " --build -j 2 --no-timing -Wno-fatal -Wno-lint -Wno-style -O3"
                     " --x-assign fast --x-initial fast -MAKEFLAGS 'OPT_FAST=-O2 OPT_SLOW=-O1" +
                     std::string(have_ccache ? " OBJCACHE=" + ccache : "") + "'";
  for (const auto& p : spec.parameters) vcmd += " -G" + p.first + "=" + std::to_string(p.second);
  for (const auto& f : spec.verilog_files) vcmd += " " + quote(rtl_dir + "/" + f);
  runLogged(vcmd, log, "verilator build of " + spec.top);

  const std::string inc = HC_VERILATOR_INCLUDE;
  const std::string lib = HC_LIB_DIR;
  std::string link =
      (have_ccache ? ccache + " " : std::string()) + HC_CXX +
      " -std=c++17 -O2 -DVM_COVERAGE=0 -DVM_SC=0" +
      (spec.trace ? " -DVM_TRACE=1 -DVM_TRACE_FST=1 " + quote(inc + "/verilated_fst_c.cpp")
                  : std::string(" -DVM_TRACE=0")) +
      " -I" + quote(obj) + " -I" + quote(inc) + " -I" + quote(inc + "/vltstd") + " -I" +
      quote(HC_SOURCE_DIR) + " -I" + quote(std::string(HC_SOURCE_DIR) + "/gen") + " " +
      quote(adapter) + " -o " + quote(b.exe + ".tmp") + " -Wl,-u,sc_main";
  for (const std::string& l : spec.libs) {
    link += " " + quote(l == "VMODEL" ? obj + "/" + spec.prefix + "__ALL.a" : lib + "/" + l);
  }
  link += std::string(" -lsystemc -pthread") + (spec.trace ? " -lz" : "");
  runLogged(link, log, "linking the Verilated harness");
  fs::rename(b.exe + ".tmp", b.exe);
  b.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return b;
}

}  // namespace cli
}  // namespace hypercast
