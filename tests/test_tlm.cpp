// The TLM-2.0 face of the SystemC model (model/tlm/): a traffic generator
// injects through the target sockets and a checking sink takes what the
// initiator sockets deliver. The same broadcasts run through
// `hypercast simulate --engine systemc --trace`, and every delivery must match
// a row of that trace: the same node, origin and payload, at the end of the
// cycle the trace names. Each test elaborates once (ctest runs every test in
// its own process).
#define SC_INCLUDE_DYNAMIC_PROCESSES

#include <gtest/gtest.h>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <systemc>
#include <tlm>
#include <tuple>
#include <vector>

#include "checker/trace_csv.h"
#include "model/tlm/tlm_network.h"
#include "test_util.h"
#include "topology/network.h"
#include "util/error.h"

// The SystemC library wants one; this binary's main is GoogleTest's.
int sc_main(int, char**) { return 0; }

namespace {

using hypercast::NetworkDesc;
using hypercast::model::TlmNetwork;
using sc_core::SC_NS;
using sc_core::sc_time;

const sc_time kPeriod(1, SC_NS);

// One broadcast the generator injects: from `origin`, at `at` (the time of the
// transaction, sc_time_stamp() + delay).
struct Injection {
  uint64_t origin = 0;
  sc_time at;
  uint64_t payload = 0;
};

// One delivery: the sink's record, or a trace row.
struct Arrival {
  uint64_t node = 0;
  uint64_t origin = 0;
  uint64_t payload = 0;
  int64_t cycle = 0;
  bool operator<(const Arrival& o) const {
    return std::tie(node, origin, payload, cycle) < std::tie(o.node, o.origin, o.payload, o.cycle);
  }
  bool operator==(const Arrival& o) const {
    return std::tie(node, origin, payload, cycle) == std::tie(o.node, o.origin, o.payload, o.cycle);
  }
};

std::ostream& operator<<(std::ostream& os, const Arrival& a) {
  return os << "node " << a.node << " from " << a.origin << " payload 0x" << std::hex << a.payload
            << std::dec << " cycle " << a.cycle;
}

void setWrite(tlm::tlm_generic_payload& t, uint64_t address, unsigned char* data) {
  t.set_command(tlm::TLM_WRITE_COMMAND);
  t.set_address(address);
  t.set_data_ptr(data);
  t.set_data_length(TlmNetwork::kPayloadBytes);
  t.set_streaming_width(TlmNetwork::kPayloadBytes);
  t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}

// A thread per node injects that node's broadcasts in order, each at its time.
struct Generator : sc_core::sc_module {
  sc_core::sc_vector<tlm_utils::simple_initiator_socket_optional<Generator>> out;
  std::vector<std::vector<Injection>> plan;  // [x]
  std::vector<tlm::tlm_response_status> status;
  sc_time last_return;  // when the last injection was accepted

  Generator(sc_core::sc_module_name name, uint64_t n, const std::vector<Injection>& all)
      : sc_core::sc_module(name), out("out", n), plan(n) {
    for (const Injection& i : all) plan[i.origin].push_back(i);
    for (uint64_t x = 0; x < n; ++x) {
      sc_core::sc_spawn([this, x] { run(x); }, ("gen" + std::to_string(x)).c_str());
    }
  }
  void run(uint64_t x) {
    for (const Injection& i : plan[x]) {
      uint64_t payload = i.payload;
      tlm::tlm_generic_payload t;
      setWrite(t, x, reinterpret_cast<unsigned char*>(&payload));
      const sc_time now = sc_core::sc_time_stamp();
      sc_time delay = i.at > now ? i.at - now : sc_core::SC_ZERO_TIME;
      out[x]->b_transport(t, delay);
      status.push_back(t.get_response_status());
      last_return = std::max(last_return, sc_core::sc_time_stamp());
    }
  }
};

// Records every delivery; busy for `busy` after each.
struct Sink : sc_core::sc_module {
  sc_core::sc_vector<tlm_utils::simple_target_socket_tagged<Sink>> in;
  sc_time busy;
  const TlmNetwork* net = nullptr;  // set: record the deliveries queued behind each
  size_t max_queued = 0;
  std::vector<Arrival> got;
  std::vector<std::vector<sc_time>> times;  // [x] in order

  Sink(sc_core::sc_module_name name, uint64_t n, sc_time busy_time)
      : sc_core::sc_module(name), in("in", n), busy(busy_time), times(n) {
    for (uint64_t x = 0; x < n; ++x) {
      in[x].register_b_transport(this, &Sink::receive, static_cast<int>(x));
    }
  }
  void receive(int x, tlm::tlm_generic_payload& t, sc_time& delay) {
    const sc_time at = sc_core::sc_time_stamp() + delay;
    EXPECT_EQ(t.get_command(), tlm::TLM_WRITE_COMMAND);
    EXPECT_EQ(t.get_data_length(), TlmNetwork::kPayloadBytes);
    Arrival a;
    a.node = static_cast<uint64_t>(x);
    a.origin = t.get_address();
    std::memcpy(&a.payload, t.get_data_ptr(), sizeof a.payload);
    EXPECT_EQ(at.value() % kPeriod.value(), 0u) << "a delivery between clock edges: " << at;
    a.cycle = static_cast<int64_t>(at.value() / kPeriod.value()) - 1;
    got.push_back(a);
    times[static_cast<size_t>(x)].push_back(at);
    if (net) max_queued = std::max(max_queued, net->queuedDeliveries(a.node));
    delay += busy;
    t.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// Generator -> network -> sink, wired.
struct Platform {
  TlmNetwork net;
  Generator gen;
  Sink sink;
  Platform(const NetworkDesc& desc, const std::vector<Injection>& injections,
           sc_time busy = sc_core::SC_ZERO_TIME,
           const hypercast::model::TlmNetworkOptions& options = {}, const std::string& prefix = "")
      : net((prefix + "net").c_str(), desc, options),
        gen((prefix + "gen").c_str(), net.nodes(), injections),
        sink((prefix + "sink").c_str(), net.nodes(), busy) {
    for (uint64_t x = 0; x < net.nodes(); ++x) {
      gen.out[x].bind(net.target[x]);
      net.initiator[x].bind(sink.in[x]);
    }
    sink.net = &net;
  }
};

// Runs `hypercast simulate --engine systemc` on broadcasts from `sources` at
// `starts` (cycles) and returns its trace.
std::vector<hypercast::checker::Transfer> simulateTrace(const std::string& shape,
                                                        const std::vector<uint64_t>& sources,
                                                        const std::vector<int64_t>& starts,
                                                        const std::string& options = "") {
  std::string s, c;
  for (size_t i = 0; i < sources.size(); ++i) {
    s += (i ? "," : "") + std::to_string(sources[i]);
    c += (i ? "," : "") + std::to_string(starts[i]);
  }
  const std::string trace = "/tmp/hc-test-tlm-" + std::to_string(::getpid()) + ".csv";
  const auto r = hctest::run(hctest::hypercast() + " simulate " + shape +
                             " --engine systemc --quiet --sources " + s + " --start " + c +
                             " --trace " + trace + options);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  auto rows = hypercast::checker::readTraceCsv(trace);
  std::remove(trace.c_str());
  return rows;
}

// The trace's deliveries, and each broadcast's payload: the k-th broadcast of
// an origin (in start order) is the k-th of its payloads to appear.
std::vector<Arrival> arrivalsOf(const std::vector<hypercast::checker::Transfer>& rows) {
  std::vector<Arrival> out;
  for (const auto& t : rows) out.push_back(Arrival{t.to, t.origin, t.tag, t.cycle});
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Injection> withPayloads(std::vector<Injection> injections,
                                    const std::vector<hypercast::checker::Transfer>& rows) {
  std::map<uint64_t, std::map<uint64_t, int64_t>> first;  // origin -> payload -> first cycle
  for (const auto& t : rows) {
    auto it = first[t.origin].emplace(t.tag, t.cycle).first;
    it->second = std::min(it->second, t.cycle);
  }
  std::map<uint64_t, std::vector<std::pair<int64_t, uint64_t>>> order;
  for (const auto& o : first) {
    for (const auto& p : o.second) order[o.first].push_back({p.second, p.first});
    std::sort(order[o.first].begin(), order[o.first].end());
  }
  std::map<uint64_t, size_t> k;
  for (Injection& i : injections) {
    const auto& list = order[i.origin];
    EXPECT_LT(k[i.origin], list.size()) << "the trace lacks a broadcast from " << i.origin;
    if (k[i.origin] < list.size()) i.payload = list[k[i.origin]++].second;
  }
  return injections;
}

// The same broadcasts through the TLM face and through simulate: every node
// gets every broadcast once, from its origin with its payload, at the end of
// the cycle the trace names. `at` is each injection's time; simulate starts
// it in the first cycle at or after it.
void agreesWithSimulate(const std::string& shape, const NetworkDesc& desc, uint64_t n,
                        std::vector<Injection> injections) {
  std::vector<uint64_t> sources;
  std::vector<int64_t> starts;
  for (const Injection& i : injections) {
    sources.push_back(i.origin);
    const sc_dt::uint64 p = kPeriod.value();
    starts.push_back(static_cast<int64_t>((i.at.value() + p - 1) / p));
  }
  const auto rows = simulateTrace(shape, sources, starts);
  ASSERT_FALSE(rows.empty());
  injections = withPayloads(injections, rows);

  Platform p(desc, injections);
  ASSERT_EQ(p.net.nodes(), n);
  sc_core::sc_start();

  ASSERT_EQ(p.gen.status.size(), injections.size());
  for (const auto s : p.gen.status) EXPECT_EQ(s, tlm::TLM_OK_RESPONSE);
  // Every broadcast reaches every other node exactly once.
  std::map<std::pair<uint64_t, uint64_t>, std::vector<uint64_t>> reached;  // (origin, payload)
  for (const Arrival& a : p.sink.got) reached[{a.origin, a.payload}].push_back(a.node);
  ASSERT_EQ(reached.size(), injections.size());
  for (const Injection& i : injections) {
    auto nodes = reached[{i.origin, i.payload}];
    std::sort(nodes.begin(), nodes.end());
    std::vector<uint64_t> others;
    for (uint64_t x = 0; x < n; ++x) {
      if (x != i.origin) others.push_back(x);
    }
    EXPECT_EQ(nodes, others) << "broadcast from " << i.origin;
  }
  // ... at the cycles of simulate's trace.
  std::vector<Arrival> got = p.sink.got;
  std::sort(got.begin(), got.end());
  const std::vector<Arrival> want = arrivalsOf(rows);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], want[i]) << "delivery " << i;
}

TEST(Tlm, AgreesWithSimulateOnG11_44) {
  // G^{1,1}_{4,4}: 16 nodes. Node 5 broadcasts twice (the second waits for the
  // first's acceptance); 2.3 ns starts in cycle 3.
  const NetworkDesc net = hypercast::hypercycleNetwork({4, 4}, {1, 1});
  agreesWithSimulate("--m 4,4 --rho 1,1", net, 16,
                     {{0, sc_time(0, SC_NS)},
                      {5, sc_time(0, SC_NS)},
                      {5, sc_time(1, SC_NS)},
                      {11, sc_time(2.3, SC_NS)},
                      {15, sc_time(7, SC_NS)}});
}

TEST(Tlm, AgreesWithSimulateOnC5) {
  // C_5<1>: a ring of 5. Every node at once, then node 2 again after a quiet
  // spell (the clock stops and restarts on the same cycle grid).
  const NetworkDesc net = hypercast::hypercycleNetwork({5}, {1});
  agreesWithSimulate("--m 5 --rho 1", net, 5,
                     {{0, sc_time(0, SC_NS)},
                      {1, sc_time(0, SC_NS)},
                      {2, sc_time(0, SC_NS)},
                      {3, sc_time(0, SC_NS)},
                      {4, sc_time(0, SC_NS)},
                      {2, sc_time(40.5, SC_NS)}});
}

TEST(Tlm, LoadedNetworkAgreesWithSimulatesArbitrations) {
  // 160 broadcasts at cycle 0 on G^{1,1}_{4,4}, 10 from each node: a load under
  // which admission by epochs (simulate's default) and plain round robin
  // deliver differently. The default options must give simulate's default
  // trace, kRoundRobin the trace of --arbitration rr.
  const NetworkDesc net = hypercast::hypercycleNetwork({4, 4}, {1, 1});
  std::vector<Injection> injections;
  std::vector<uint64_t> sources;
  std::vector<int64_t> starts;
  for (uint64_t i = 0; i < 160; ++i) {
    injections.push_back({i % 16, sc_core::SC_ZERO_TIME});
    sources.push_back(i % 16);
    starts.push_back(0);
  }
  const auto epoch_rows = simulateTrace("--m 4,4 --rho 1,1", sources, starts);
  const auto rr_rows = simulateTrace("--m 4,4 --rho 1,1", sources, starts, " --arbitration rr");
  ASSERT_EQ(epoch_rows.size(), 160u * 15u);
  ASSERT_NE(arrivalsOf(epoch_rows), arrivalsOf(rr_rows)) << "the load does not tell them apart";
  hypercast::model::TlmNetworkOptions rr;
  rr.arbitration = hypercast::Arbitration::kRoundRobin;
  Platform by_default(net, withPayloads(injections, epoch_rows), sc_core::SC_ZERO_TIME, {},
                      "default_");
  Platform by_rr(net, withPayloads(injections, rr_rows), sc_core::SC_ZERO_TIME, rr, "rr_");
  sc_core::sc_start();
  for (const auto& run : {std::make_pair(&by_default, &epoch_rows), {&by_rr, &rr_rows}}) {
    std::vector<Arrival> got = run.first->sink.got;
    std::sort(got.begin(), got.end());
    const std::vector<Arrival> want = arrivalsOf(*run.second);
    ASSERT_EQ(got.size(), want.size());
    size_t differ = 0;
    for (size_t i = 0; i < got.size(); ++i) differ += got[i] == want[i] ? 0 : 1;
    EXPECT_EQ(differ, 0u) << (run.first == &by_rr ? "rr" : "default") << ": " << differ
                          << " deliveries differ from simulate's";
  }
}

TEST(Tlm, OptionsOutOfSimulatesRangesAreRefused) {
  // Each option outside simulate's range: a one-line hypercast::Error naming it.
  const NetworkDesc net = hypercast::hypercycleNetwork({5}, {1});
  using Options = hypercast::model::TlmNetworkOptions;
  const std::vector<std::pair<std::function<void(Options&)>, std::string>> cases = {
      {[](Options& o) { o.buffer_depth = 0; }, "buffer_depth must be 1..64, got 0"},
      {[](Options& o) { o.buffer_depth = 65; }, "buffer_depth must be 1..64, got 65"},
      {[](Options& o) { o.epoch_quota = 0; }, "epoch_quota must be 1..1048576, got 0"},
      {[](Options& o) { o.hop_cycles = 3; }, "hop_cycles must be 1 or 2, got 3"},
      {[](Options& o) {
         o.hop_cycles = 2;
         o.hardwired = false;
       },
       "hop_cycles 2 needs the hardwired router"},
      {[](Options& o) {
         o.axis_endpoints = true;
         o.hardwired = false;
       },
       "axis_endpoints needs the hardwired router"},
      {[](Options& o) { o.payload_width = 0; }, "payload_width must be 1..64, got 0"},
      {[](Options& o) { o.payload_width = 65; }, "payload_width must be 1..64, got 65"},
      {[](Options& o) {
         o.axis_endpoints = true;
         o.payload_width = 12;
       },
       "axis_endpoints needs a payload_width that is a multiple of 8"},
      {[](Options& o) { o.period = sc_time(3, sc_core::SC_PS); }, "clock period"},
  };
  int k = 0;
  for (const auto& c : cases) {
    Options o;
    c.first(o);
    try {
      TlmNetwork bad(("bad" + std::to_string(k++)).c_str(), net, o);
      ADD_FAILURE() << "accepted: " << c.second;
    } catch (const hypercast::Error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(c.second), std::string::npos) << what;
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
  }
  // In range, and a quota the fair arbitration does not read.
  Options fine;
  fine.arbitration = hypercast::Arbitration::kFair;
  fine.epoch_quota = 0;
  fine.buffer_depth = 64;
  fine.hop_cycles = 2;
  EXPECT_NO_THROW(TlmNetwork("fine", net, fine));
}

TEST(Tlm, ApproximatelyTimedInitiatorIsServed) {
  // An approximately timed initiator on node 0 of C_5<1>: BEGIN_REQ through
  // nb_transport_fw at 0 ns is accepted (TLM_ACCEPTED), the response comes as
  // BEGIN_RESP on nb_transport_bw with TLM_OK_RESPONSE at the end of the cycle
  // that accepted the broadcast (1 ns), and the other four nodes get it.
  // Then a second one, after the first's response.
  struct At : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<At> out;
    uint64_t payload = 0x11;
    tlm::tlm_generic_payload t;
    std::vector<tlm::tlm_sync_enum> fw;
    std::vector<tlm::tlm_phase> bw_phase;
    std::vector<tlm::tlm_response_status> bw_status;
    std::vector<sc_time> bw_at;
    sc_core::sc_event responded;
    SC_HAS_PROCESS(At);
    explicit At(sc_core::sc_module_name name) : sc_core::sc_module(name), out("out") {
      out.register_nb_transport_bw(this, &At::bw);
      SC_THREAD(run);
    }
    void run() {
      for (int k = 0; k < 2; ++k) {
        payload = 0x11 + static_cast<uint64_t>(k);
        setWrite(t, 0, reinterpret_cast<unsigned char*>(&payload));
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_time delay = sc_core::SC_ZERO_TIME;
        fw.push_back(out->nb_transport_fw(t, phase, delay));
        sc_core::wait(responded);
      }
    }
    tlm::tlm_sync_enum bw(tlm::tlm_generic_payload& trans, tlm::tlm_phase& phase, sc_time& delay) {
      bw_phase.push_back(phase);
      bw_status.push_back(trans.get_response_status());
      bw_at.push_back(sc_core::sc_time_stamp() + delay);
      responded.notify(sc_core::SC_ZERO_TIME);
      return tlm::TLM_COMPLETED;
    }
  };
  TlmNetwork net("net", hypercast::hypercycleNetwork({5}, {1}));
  At at("at");
  Sink sink("sink", 5, sc_core::SC_ZERO_TIME);
  at.out.bind(net.target[0]);
  for (uint64_t x = 0; x < 5; ++x) net.initiator[x].bind(sink.in[x]);
  sc_core::sc_start();
  EXPECT_EQ(at.fw, (std::vector<tlm::tlm_sync_enum>{tlm::TLM_ACCEPTED, tlm::TLM_ACCEPTED}));
  EXPECT_EQ(at.bw_phase, (std::vector<tlm::tlm_phase>{tlm::BEGIN_RESP, tlm::BEGIN_RESP}));
  EXPECT_EQ(at.bw_status,
            (std::vector<tlm::tlm_response_status>{tlm::TLM_OK_RESPONSE, tlm::TLM_OK_RESPONSE}));
  ASSERT_EQ(at.bw_at.size(), 2u);
  EXPECT_EQ(at.bw_at[0], sc_time(1, SC_NS));
  std::map<uint64_t, std::vector<uint64_t>> got;  // payload -> nodes
  for (const Arrival& a : sink.got) {
    EXPECT_EQ(a.origin, 0u);
    got[a.payload].push_back(a.node);
  }
  for (auto& g : got) std::sort(g.second.begin(), g.second.end());
  const std::vector<uint64_t> others = {1, 2, 3, 4};
  EXPECT_EQ(got, (std::map<uint64_t, std::vector<uint64_t>>{{0x11, others}, {0x12, others}}));
}

TEST(Tlm, PayloadCarriesPayloadWidthBits) {
  // The RTL carries --payload-width bits of the payload: the model delivers the
  // low payload_width bits of the uint64_t and clears the rest. Node 0 of
  // C_5<1> broadcasts 0x1122334455667788 on three networks: the default (32
  // bits), 12 bits and 64 bits.
  const NetworkDesc net = hypercast::hypercycleNetwork({5}, {1});
  const std::vector<Injection> one = {{0, sc_core::SC_ZERO_TIME, 0x1122334455667788ull}};
  hypercast::model::TlmNetworkOptions pw12, pw64;
  pw12.payload_width = 12;
  pw64.payload_width = 64;
  Platform by_default(net, one, sc_core::SC_ZERO_TIME, {}, "default_");
  Platform narrow(net, one, sc_core::SC_ZERO_TIME, pw12, "pw12_");
  Platform wide(net, one, sc_core::SC_ZERO_TIME, pw64, "pw64_");
  sc_core::sc_start();
  for (const auto& c :
       {std::make_pair(&by_default, uint64_t{0x55667788}), std::make_pair(&narrow, uint64_t{0x788}),
        std::make_pair(&wide, uint64_t{0x1122334455667788ull})}) {
    ASSERT_EQ(c.first->sink.got.size(), 4u);
    for (const Arrival& a : c.first->sink.got) {
      EXPECT_EQ(a.payload, c.second) << std::hex << a.payload << " at node " << a.node;
    }
  }
}

TEST(Tlm, BusyTargetDelaysLaterDeliveries) {
  // Every node of C_5<1> broadcasts at 0; each sink is busy for 3 ns after a
  // delivery. Node x's k-th delivery comes at max(its arrival, the previous
  // delivery + 3 ns), the arrivals being simulate's trace cycles + 1.
  const NetworkDesc net = hypercast::hypercycleNetwork({5}, {1});
  std::vector<Injection> injections;
  for (uint64_t x = 0; x < 5; ++x) injections.push_back({x, sc_core::SC_ZERO_TIME});
  const auto rows = simulateTrace("--m 5 --rho 1", {0, 1, 2, 3, 4}, {0, 0, 0, 0, 0});
  injections = withPayloads(injections, rows);
  const sc_time busy(3, SC_NS);
  Platform p(net, injections, busy);
  sc_core::sc_start();

  std::vector<std::vector<int64_t>> arrival(5);
  for (const auto& t : rows) arrival[t.to].push_back(t.cycle);
  for (uint64_t x = 0; x < 5; ++x) {
    std::sort(arrival[x].begin(), arrival[x].end());
    ASSERT_EQ(arrival[x].size(), 4u);
    std::vector<sc_time> want;
    for (int64_t c : arrival[x]) {
      const sc_time at = kPeriod * static_cast<double>(c + 1);
      want.push_back(want.empty() ? at : std::max(at, want.back() + busy));
    }
    EXPECT_EQ(p.sink.times[x], want) << "node " << x;
  }
  // The same packets, only later.
  std::map<uint64_t, std::vector<std::pair<uint64_t, uint64_t>>> got, expected;
  for (const Arrival& a : p.sink.got) got[a.node].push_back({a.origin, a.payload});
  for (const auto& t : rows) expected[t.to].push_back({t.origin, t.tag});
  for (auto& g : got) std::sort(g.second.begin(), g.second.end());
  for (auto& e : expected) std::sort(e.second.begin(), e.second.end());
  EXPECT_EQ(got, expected);
}

TEST(Tlm, SlowTargetBackpressuresTheNetworkWithAxisEndpoints) {
  // G^{1,1}_{3,3}, axis_endpoints: every node broadcasts 12 times from 0 ns
  // (108 broadcasts, 96 deliveries per node). Two platforms in one simulation,
  // one whose targets take every delivery at once and one whose targets are busy
  // 6 ns after each. Nothing is lost or doubled in either; the slow targets'
  // deliveries never queue in the TLM face (the network holds them: tready is
  // low while a target is busy), each node's come at least 6 ns apart, so the
  // last of 96 at 95 x 6 ns after the first or later, and the injections
  // themselves are accepted later than with the fast targets: the network is
  // slowed down, not overrun.
  const NetworkDesc net = hypercast::hypercycleNetwork({3, 3}, {1, 1});
  const uint64_t n = 9;
  std::vector<Injection> injections;
  for (uint64_t k = 0; k < 12; ++k) {
    for (uint64_t x = 0; x < n; ++x) injections.push_back({x, sc_core::SC_ZERO_TIME, 100 * x + k});
  }
  hypercast::model::TlmNetworkOptions o;
  o.axis_endpoints = true;
  const sc_time busy(6, SC_NS);
  Platform fast(net, injections, sc_core::SC_ZERO_TIME, o, "fast_");
  Platform slow(net, injections, busy, o, "slow_");
  // Busy half a period: free again within the cycle after, so one delivery a
  // cycle (the time the target gave decides, not the order of processes at an edge).
  Platform half(net, injections, sc_time(0.5, SC_NS), o, "half_");
  sc_core::sc_start();

  for (Platform* p : {&fast, &slow, &half}) {
    ASSERT_EQ(p->gen.status.size(), injections.size());
    for (const auto st : p->gen.status) EXPECT_EQ(st, tlm::TLM_OK_RESPONSE);
    std::map<uint64_t, std::vector<std::pair<uint64_t, uint64_t>>> got, want;
    for (const Arrival& a : p->sink.got) got[a.node].push_back({a.origin, a.payload});
    for (const Injection& i : injections) {
      for (uint64_t x = 0; x < n; ++x) {
        if (x != i.origin) want[x].push_back({i.origin, i.payload});
      }
    }
    for (auto& g : got) std::sort(g.second.begin(), g.second.end());
    for (auto& w : want) std::sort(w.second.begin(), w.second.end());
    EXPECT_EQ(got, want);
  }
  EXPECT_EQ(slow.sink.max_queued, 0u);
  for (uint64_t x = 0; x < n; ++x) {
    const auto& t = slow.sink.times[x];
    ASSERT_EQ(t.size(), 96u);
    sc_time least = t.back() - t.front();
    for (size_t k = 1; k < t.size(); ++k) {
      EXPECT_GE(t[k], t[k - 1] + busy) << "node " << x;
      least = std::min(least, t[k] - t[k - 1]);
    }
    EXPECT_GE(t.back(), t.front() + busy * 95.0);
    // A target busy 6 periods takes the next packet in the cycle whose end is
    // 6 ns on: exactly 6 ns apart while packets wait for it, not 7.
    EXPECT_EQ(least, busy) << "node " << x;
    const auto& h = half.sink.times[x];
    ASSERT_EQ(h.size(), 96u);
    sc_time half_least = h.back() - h.front();
    for (size_t k = 1; k < h.size(); ++k) half_least = std::min(half_least, h[k] - h[k - 1]);
    EXPECT_EQ(half_least, sc_time(1, SC_NS)) << "node " << x;
  }
  EXPECT_GT(slow.gen.last_return, fast.gen.last_return);
}

// A faulty injection into node 1 of C_5<1>: its response status, returned at
// once, and nothing delivered.
struct Poke : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Poke> out;
  tlm::tlm_generic_payload trans;
  uint64_t payload = 0x5a;
  sc_time returned_at;

  SC_HAS_PROCESS(Poke);
  Poke(sc_core::sc_module_name name) : sc_core::sc_module(name), out("out") {
    setWrite(trans, 1, reinterpret_cast<unsigned char*>(&payload));
    SC_THREAD(run);
  }
  void run() {
    sc_time delay(2, SC_NS);
    out->b_transport(trans, delay);
    returned_at = sc_core::sc_time_stamp();
  }
};

template <typename Setup>
tlm::tlm_response_status faultyInjection(Setup setup) {
  TlmNetwork net("net", hypercast::hypercycleNetwork({5}, {1}));
  Poke poke("poke");
  Sink sink("sink", 5, sc_core::SC_ZERO_TIME);
  poke.out.bind(net.target[1]);
  for (uint64_t x = 0; x < 5; ++x) net.initiator[x].bind(sink.in[x]);
  setup(poke.trans);
  sc_core::sc_start();
  EXPECT_EQ(poke.returned_at, sc_core::SC_ZERO_TIME);
  EXPECT_TRUE(sink.got.empty());
  return poke.trans.get_response_status();
}

TEST(Tlm, ReadIsACommandError) {
  EXPECT_EQ(
      faultyInjection([](tlm::tlm_generic_payload& t) { t.set_command(tlm::TLM_READ_COMMAND); }),
      tlm::TLM_COMMAND_ERROR_RESPONSE);
}

TEST(Tlm, WrongDataLengthIsABurstError) {
  EXPECT_EQ(faultyInjection([](tlm::tlm_generic_payload& t) {
              t.set_data_length(4);
              t.set_streaming_width(4);
            }),
            tlm::TLM_BURST_ERROR_RESPONSE);
}

TEST(Tlm, OutOfRangeNodeIsAnAddressError) {
  EXPECT_EQ(faultyInjection([](tlm::tlm_generic_payload& t) { t.set_address(5); }),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(Tlm, AnotherNodesAddressIsAnAddressError) {
  EXPECT_EQ(faultyInjection([](tlm::tlm_generic_payload& t) { t.set_address(0); }),
            tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

TEST(Tlm, ByteEnablesAreAByteEnableError) {
  static unsigned char enables[TlmNetwork::kPayloadBytes] = {0xff, 0xff, 0xff, 0xff,
                                                             0xff, 0xff, 0xff, 0xff};
  EXPECT_EQ(faultyInjection([](tlm::tlm_generic_payload& t) {
              t.set_byte_enable_ptr(enables);
              t.set_byte_enable_length(TlmNetwork::kPayloadBytes);
            }),
            tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
}

TEST(Tlm, TargetErrorIsASystemCError) {
  // The user's target answers a delivery with an error: a SystemC error naming
  // the node and the origin.
  struct Refuse : sc_core::sc_module {
    tlm_utils::simple_target_socket<Refuse> in;
    explicit Refuse(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in") {
      in.register_b_transport(this, &Refuse::receive);
    }
    void receive(tlm::tlm_generic_payload& t, sc_time&) {
      t.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    }
  };
  TlmNetwork net("net", hypercast::hypercycleNetwork({5}, {1}));
  Generator gen("gen", 5, {{0, sc_core::SC_ZERO_TIME, 7}});
  Refuse refuse("refuse");
  gen.out[0].bind(net.target[0]);
  net.initiator[1].bind(refuse.in);
  try {
    sc_core::sc_start();
    FAIL() << "no error";
  } catch (const sc_core::sc_report& e) {
    EXPECT_NE(std::string(e.what()).find("node 1's target answered a delivery from node 0"),
              std::string::npos)
        << e.what();
  }
}

TEST(Tlm, DocExampleIsTheCompiledOne) {
  // docs/tlm.md shows examples/tlm/broadcast_platform.cpp, which ctest runs
  // (TlmExample): the two must not drift apart.
  const std::string doc = hctest::slurp(std::string(HC_SOURCE_DIR) + "/docs/tlm.md");
  const std::string file =
      hctest::slurp(std::string(HC_SOURCE_DIR) + "/examples/tlm/broadcast_platform.cpp");
  const std::string open = "```cpp\n";
  const size_t b = doc.find(open);
  ASSERT_NE(b, std::string::npos) << "docs/tlm.md has no cpp block";
  const size_t e = doc.find("```\n", b + open.size());
  ASSERT_NE(e, std::string::npos);
  EXPECT_EQ(doc.substr(b + open.size(), e - b - open.size()), file);
}

}  // namespace

namespace {

TEST(Tlm, DocBuildLinesBuildTheExample) {
  // docs/tlm.md "Building": its sh block, as written, with HC and HCB set to
  // this source tree and build folder, compiles, links and runs the example
  // out of the tree.
  const std::string doc = hctest::slurp(std::string(HC_SOURCE_DIR) + "/docs/tlm.md");
  const size_t section = doc.find("\n## Building\n");
  ASSERT_NE(section, std::string::npos);
  const size_t b = doc.find("```sh\n", section);
  ASSERT_NE(b, std::string::npos) << "docs/tlm.md's Building has no sh block";
  const size_t e = doc.find("```\n", b + 6);
  ASSERT_NE(e, std::string::npos);
  std::string script;
  std::istringstream in(doc.substr(b + 6, e - b - 6));
  int set = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("HC=", 0) == 0) {
      line = "HC='" + std::string(HC_SOURCE_DIR) + "'";
      ++set;
    } else if (line.rfind("HCB=", 0) == 0) {
      line = "HCB='" + std::string(HC_BIN_DIR) + "/..'";
      ++set;
    }
    script += line + "\n";
  }
  ASSERT_EQ(set, 2) << "the block sets HC and HCB first";
  const std::string dir = hctest::tempFolder("tlm-doc-build");
  std::ofstream(dir + "/build.sh") << "set -e\n" << script;
  const auto r = hctest::runArgv({"/bin/bash", dir + "/build.sh"}, {}, dir);
  EXPECT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("every node got every broadcast"), std::string::npos) << r.out << r.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
