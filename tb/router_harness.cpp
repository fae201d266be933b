// The router-network adapter (tb/harness_adapters.h): runs a job
// (gen/sim/sim_job.h) on the SystemC model,
// on the Verilated RTL, or on both in lock step, comparing every delivery lane and
// every injection handshake each cycle and stopping at the first divergence.
// Every delivered flit is checked for origin, payload and count by the
// scoreboard; the whole trace then goes through the independent checker; a
// watchdog fails a run that stops making progress. With AXI4-Stream endpoints
// (job "endpoints": "axis") the model has an endpoint per node, the Verilated
// model is <name>_axis_top, each m_axis_tready follows the job's tready pattern,
// every m_axis output is compared each cycle, and every transfer on m_axis is
// scored (origin, payload, once per node): the run passes when every accepted
// broadcast has left every other node's m_axis.
//
//   HARNESS --job FILE        (tb/harness_main.cpp) exit 0: PASS, 1: FAIL, 2: bad job
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <systemc>
#include <unordered_map>

#include "algorithm/reference_broadcast.h"
#include "algorithm/wait_bound.h"
#include "checker/broadcast_checker.h"
#include "checker/trace_csv.h"
#include "emit/router_config.h"
#include "emit/rtl_layout.h"
#include "model/hc_network.h"
#include "sim/sim_job.h"
#include "tb/harness_adapters.h"
#include "tb/rtl_network.h"
#include "tb/scoreboard.h"
#include "tb/sim_report.h"
#include "topology/hypercycle.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/output_file.h"
#include "util/progress.h"
#include "util/test_hooks.h"

using namespace hypercast;

namespace {

std::string str(const model::Flit& f) {
  std::ostringstream os;
  os << f;
  return os.str();
}

void writeTrace(const std::string& path, const std::vector<checker::Transfer>& transfers) {
  OutputFile out(path, "--trace");
  out.stream() << checker::kTraceHeader << '\n';
  for (const auto& t : transfers) checker::writeTraceRow(out.stream(), t);
  out.commit();
}

// Load figures: latency from generation to the last node reached, accepted
// throughput, the longest any flit waited for its output, and the bounds.
void fillLoadFigures(tb::SimOutcome& o, const NetworkDesc& desc, const SimJob& job,
                     const tb::Scoreboard& sb, bool load_run,
                     const std::vector<int64_t>& first_offer,
                     const std::vector<int64_t>& axis_done) {
  const Hypercycle h = Hypercycle::of(desc);
  const uint64_t n = h.nodes();
  // Bounds: each broadcast costs N-1 transmissions on N*degree links; and the
  // busiest port carries busiestPortFlits flits per broadcast-per-node.
  const uint64_t busiest = busiestPortFlits(desc, job.rtl.preference);
  o.link_bound_rate = static_cast<double>(h.degree()) / static_cast<double>(n - 1);
  o.routing_bound_rate = 1.0 / static_cast<double>(busiest);
  o.lower_bound_cycles = static_cast<int64_t>((n - 2) / static_cast<uint64_t>(h.degree()) + 1);
  o.routing_bound_cycles = static_cast<int64_t>(busiest);
  o.load = load_run;
  o.arbitration = toString(job.rtl.arbitration);
  o.hop_cycles = job.rtl.hop_cycles;
  if (job.rtl.arbitration == Arbitration::kEpoch) {
    const EpochWaitBound wb = epochWaitBound(n, job.rtl.epoch_quota, model::kEpochWindow,
                                             model::kEpochLatency, job.rtl.hop_cycles);
    o.wait_bound_flit = wb.flit_cycles;
    o.wait_bound_injection = wb.injection_cycles;
  } else if (job.rtl.arbitration == Arbitration::kFair) {
    const WaitBound wb =
        fairWaitBound(desc, job.rtl.preference, job.rtl.buffer_depth, job.rtl.hop_cycles);
    o.wait_bound_flit = wb.flit_cycles;
    o.wait_bound_injection = wb.injection_cycles;
  }
  o.traffic = job.traffic;
  o.offered_rate = job.rate;
  // Latencies of the accepted broadcasts.
  std::vector<int64_t> lat;
  double net_sum = 0;
  // With AXI4-Stream endpoints a broadcast is done when it has left the last
  // m_axis, not when it reached the last router.
  for (size_t b = 0; b < sb.broadcasts().size(); ++b) {
    const int64_t done = axis_done.empty() ? sb.doneCycle(b) : axis_done[b];
    if (done < 0 || sb.acceptCycle(b) < 0) continue;
    lat.push_back(done - sb.broadcasts()[b].start_cycle);
    net_sum += static_cast<double>(done - sb.acceptCycle(b));
  }
  std::sort(lat.begin(), lat.end());
  if (!lat.empty()) {
    double sum = 0;
    for (int64_t l : lat) sum += static_cast<double>(l);
    o.latency_mean = sum / static_cast<double>(lat.size());
    o.latency_p99 = lat[std::min(lat.size() - 1, (lat.size() * 99 + 99) / 100 - 1)];
    o.latency_max = lat.back();
    o.network_latency_mean = net_sum / static_cast<double>(lat.size());
  }
  if (load_run) {
    o.throughput = static_cast<double>(sb.acceptedCount()) /
                   (static_cast<double>(n) * static_cast<double>(job.inject_until));
  }
  // Output waits: a flit that arrived at x during cycle a and left x during
  // cycle d waited d - a - 1 cycles (0: straight through). An origin offers a
  // broadcast from cycle c until every output it needs has taken it (the
  // injection handshake): that wait is the injection wait.
  for (size_t b = 0; b < sb.broadcasts().size(); ++b) {
    if (sb.acceptCycle(b) >= 0 && first_offer[b] >= 0) {
      o.max_injection_wait = std::max(o.max_injection_wait, sb.acceptCycle(b) - first_offer[b]);
    }
  }
  std::unordered_map<uint64_t, int64_t> arrival;  // (broadcast, node) -> cycle
  for (const checker::Transfer& t : sb.transfers()) {
    const int64_t b = sb.broadcastOf(t.origin, t.tag);
    if (b >= 0) arrival[uint64_t(b) * n + t.to] = t.cycle;
  }
  for (const checker::Transfer& t : sb.transfers()) {
    const int64_t b = sb.broadcastOf(t.origin, t.tag);
    if (b < 0 || t.from == t.origin) continue;  // an origin's sends count as injection wait
    auto a = arrival.find(uint64_t(b) * n + t.from);
    if (a != arrival.end())
      o.max_output_wait = std::max(o.max_output_wait, t.cycle - a->second - 1);
  }
}

int run(const SimJob& job) {
  const NetworkDesc desc = hypercycleNetwork(job.m, job.rho);
  const Hypercycle h = Hypercycle::of(desc);
  const RtlOptions& ro = job.rtl;
  const RouterTables tables = makeRouterTables(desc, ro.preference);
  const RtlLayout layout = makeLayout(desc, tables, ro);
  const uint64_t n = h.nodes();
  const int np = layout.np;

  const bool use_model = job.engine == "systemc" || job.engine == "cosim";
  const bool use_rtl = job.engine == "verilator" || job.engine == "cosim";
  const bool axis = job.endpoints == "axis";
  const TreadyPattern tready = parseTready(job.tready, n);
  std::unique_ptr<model::HcNetwork> net;
  if (use_model) {
    model::EpochRule epochs;
    if (ro.arbitration == Arbitration::kEpoch) {
      epochs.window = model::kEpochWindow;
      epochs.quota = ro.epoch_quota;
    }
    net = std::make_unique<model::HcNetwork>("net", desc, ro.preference, ro.buffer_depth,
                                             ro.arbitration == Arbitration::kFair, ro.hop_cycles,
                                             ro.router == RouterKind::kHardwired, epochs);
    if (axis) net->addAxisEndpoints();
  }
  // Test hook: HYPERCAST_FAULT_NODE=x corrupts what node x of the model sends.
  const int64_t fault = hookNode("HYPERCAST_FAULT_NODE", n);
  if (net && fault >= 0) net->setPayloadFault(static_cast<uint64_t>(fault));
  // Test hook: HYPERCAST_STALL_NODE=x makes node x of the model grant nothing.
  const int64_t stall = hookNode("HYPERCAST_STALL_NODE", n);
  if (net && stall >= 0) net->setStalled(static_cast<uint64_t>(stall));
  std::unique_ptr<tb::RtlNetwork> rtl;
  if (use_rtl) {
    tb::RtlRunOptions options;
    if (layout.programmable) options.config = routerConfigWords(desc, ro.preference);
    options.wave_path = job.wave_path;
    rtl = tb::makeRtlNetwork(desc, layout, options);
    if (!rtl) throw Error("this harness was built without an RTL model; use --engine systemc");
    if (rtl->hasAxis() != axis) {
      throw Error(axis ? "this harness was built without the AXI4-Stream top"
                       : "this harness runs the AXI4-Stream top only (endpoints axis)");
    }
    rtl->reset();
  }

  // Per-origin injection queues, in order of start cycle.
  std::vector<std::deque<size_t>> queue(n);
  std::vector<size_t> order(job.broadcasts.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return job.broadcasts[a].start_cycle < job.broadcasts[b].start_cycle;
  });
  int64_t last_start = 0;
  for (size_t i : order) {
    queue[job.broadcasts[i].origin].push_back(i);
    last_start = std::max(last_start, job.broadcasts[i].start_cycle);
  }
  const int64_t drain = int64_t{ro.hop_cycles} * h.diameter() + 4;
  const bool load_run = job.inject_until > 0;
  // A sink ready in D percent of the cycles takes a node's deliveries about 100/D
  // times slower; its stalls add their length.
  const int64_t axis_slack =
      axis ? tready.stallEnd() + 4 * (static_cast<int64_t>(job.broadcasts.size()) + 1) * 100 /
                                     std::max(1, tready.duty)
           : 0;
  const int64_t max_cycles =
      job.max_cycles > 0 ? job.max_cycles
      : load_run         ? job.inject_until + 4 * job.watchdog + 10000 + axis_slack
                         : last_start + drain + 16 + axis_slack +
                       8 * int64_t{ro.hop_cycles} *
                           static_cast<int64_t>(
                               (job.broadcasts.size() * (n - 1)) / static_cast<uint64_t>(np) + 1);
  // The AXI4-Stream scoreboard: which broadcast (origin, payload) names, which
  // nodes it has left m_axis at, and the first error.
  std::map<std::pair<uint64_t, uint64_t>, size_t> named;
  for (size_t b = 0; b < job.broadcasts.size(); ++b) {
    named[{job.broadcasts[b].origin, job.broadcasts[b].payload}] = b;
  }
  std::vector<std::vector<bool>> axis_got;
  std::vector<int64_t> axis_done;
  std::vector<uint64_t> axis_count;
  if (axis) {
    axis_got.assign(job.broadcasts.size(), std::vector<bool>());
    axis_done.assign(job.broadcasts.size(), -1);
    axis_count.assign(job.broadcasts.size(), 0);
  }
  uint64_t axis_deliveries = 0, axis_expected = 0;
  int64_t axis_progress = 0;
  std::string axis_error;

  tb::Scoreboard sb(desc, job.broadcasts);
  tb::Divergence div;
  bool watchdog = false;
  int64_t cycle = 0, compared = 0, done_at = -1;
  std::vector<bool> offering(n, false);  // an offer is pending (valid, not yet ready)
  std::vector<bool> driven(n, false);    // the valid last driven into the network
  std::vector<int64_t> first_offer(job.broadcasts.size(), -1);
  const auto t0 = std::chrono::steady_clock::now();
  // Long runs (a load run of 10^5 cycles) report the cycle reached on stderr.
  Progress::Options po;
  po.quiet = job.quiet;
  po.unit = "cycle";
  Progress progress("hc-sim", 0, po);
  if (load_run) progress.detail("injecting until cycle " + std::to_string(job.inject_until));
  progress.heartbeat();

  for (; cycle < max_cycles; ++cycle) {
    progress.set(cycle);
    if (load_run && cycle == job.inject_until) progress.detail("draining");
    const bool injecting = !load_run || cycle < job.inject_until;
    bool any_offer = false;
    for (uint64_t x = 0; x < n; ++x) {
      // Valid/ready: an offer stays until accepted (its flits may already be on
      // some links), so only new offers stop when injection ends.
      const bool offer = !queue[x].empty() &&
                         job.broadcasts[queue[x].front()].start_cycle <= cycle &&
                         (injecting || offering[x]);
      any_offer = any_offer || offer;
      const uint64_t payload = offer ? job.broadcasts[queue[x].front()].payload : 0;
      if (offer != driven[x] || offer) {
        if (net) net->setInjection(x, offer, payload);
        if (rtl) rtl->setInjection(x, offer, payload);
      }
      if (offer && !offering[x]) first_offer[queue[x].front()] = cycle;
      driven[x] = offering[x] = offer;
    }
    if (axis) {
      for (uint64_t x = 0; x < n; ++x) {
        const bool r = tready.ready(x, cycle);
        if (net) {
          net->setSinkReady(x, r);
          // The user, not the network, holds a delivery back: not a stall.
          if (!r && net->axisShown(x).valid) axis_progress = cycle;
        }
        if (rtl) rtl->setSinkReady(x, r);
      }
    }
    std::vector<bool> rtl_ready;
    if (rtl) {
      rtl->settle();
      rtl_ready.resize(n);
      for (uint64_t x = 0; x < n; ++x) rtl_ready[x] = offering[x] && rtl->injReady(x);
      rtl->edge();
    }
    if (net) net->cycle();

    // Compare, then score what crossed the links during this cycle.
    if (net && rtl) {
      for (uint64_t x = 0; x < n && !div.found; ++x) {
        const bool m_acc = offering[x] && net->accepted(x);
        if (m_acc != rtl_ready[x]) {
          div = {true,
                 cycle,
                 x,
                 "inject",
                 m_acc ? "accepted" : "not accepted",
                 rtl_ready[x] ? "accepted" : "not accepted"};
        }
        for (int p = 0; p < np && !div.found && !axis; ++p) {
          const model::Flit& mf = net->delivery(x, p);
          const model::Flit rf = rtl->delivery(x, p);
          if (mf != rf) div = {true, cycle, x, "lane " + std::to_string(p), str(mf), str(rf)};
        }
        if (axis && !div.found) {
          // m_axis for the coming cycle: tvalid, and with it tuser and tdata.
          model::Flit mf = net->axisShown(x);
          const model::Flit rf = rtl->axisShown(x);
          if (mf.valid != rf.valid ||
              (mf.valid && (mf.origin != rf.origin || mf.payload != rf.payload))) {
            const auto show = [](const model::Flit& f) {
              return f.valid ? "tvalid, tuser " + std::to_string(f.origin) + ", tdata " +
                                   std::to_string(f.payload)
                             : std::string("no tvalid");
            };
            div = {true, cycle, x, "m_axis", show(mf), show(rf)};
          }
        }
      }
      if (div.found) break;
      ++compared;
    }
    for (uint64_t x = 0; x < n; ++x) {
      const bool acc = rtl ? rtl_ready[x] : (offering[x] && net->accepted(x));
      if (acc) {
        if (axis) axis_expected += n - 1;
        sb.accepted(cycle, queue[x].front());
        queue[x].pop_front();
        offering[x] = false;  // the next broadcast is a new offer
      }
      for (int p = 0; p < np; ++p) {
        // (The AXI4-Stream top hides its lanes: the model's, compared on m_axis.)
        const model::Flit f = rtl && !axis ? rtl->delivery(x, p) : net->delivery(x, p);
        // After the edge that ends cycle t, lane p shows the flit that was on the
        // link during cycle t (the upstream's output register).
        if (f.valid) sb.delivered(cycle, x, p, f);
      }
      // What left m_axis during this cycle (the model's; in cosim the RTL showed
      // the same, compared above).
      const model::Flit t = axis && net ? net->axisTaken(x) : model::Flit();
      if (t.valid && axis_error.empty()) {
        const auto it = named.find({t.origin, t.payload});
        const std::string at = "cycle " + std::to_string(cycle) + ": node " + std::to_string(x) +
                               "'s m_axis delivered tuser " + std::to_string(t.origin) +
                               ", tdata " + std::to_string(t.payload);
        if (it == named.end()) {
          axis_error = at + ", which no broadcast carries";
        } else if (first_offer[it->second] < 0 || t.origin == x) {
          // (Some outputs may send an offer before the last one takes it.)
          axis_error = at + (t.origin == x ? " (its own broadcast)" : " before it was offered");
        } else {
          std::vector<bool>& got = axis_got[it->second];
          if (got.empty()) got.assign(n, false);
          if (got[x]) {
            axis_error = at + " a second time";
          } else {
            got[x] = true;
            ++axis_deliveries;
            axis_progress = cycle;
            if (++axis_count[it->second] == n - 1) axis_done[it->second] = cycle;
          }
        }
      }
    }
    if (!axis_error.empty()) break;
    // A load run ends once no offer is left (an offer stays until accepted, and
    // some of its outputs may have sent it already) and everything accepted is
    // delivered.
    const bool axis_drained = axis_deliveries == axis_expected;
    const bool finished =
        (load_run ? !injecting && !any_offer && sb.drained() : sb.complete()) && axis_drained;
    if (finished && done_at < 0) done_at = cycle;
    if (done_at >= 0 && cycle >= done_at + drain) {
      ++cycle;
      break;
    }
    // Watchdog: work pending (an offer waiting, or a broadcast in flight) and
    // nothing accepted or delivered for `watchdog` cycles.
    const bool pending =
        any_offer || !sb.drained() || !axis_drained || (!load_run && cycle <= last_start);
    const int64_t progressed = std::max(sb.lastProgress(), axis_progress);
    if (pending && cycle - progressed > job.watchdog && (load_run || cycle > last_start)) {
      watchdog = true;
      ++cycle;
      break;
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // A completed run leaves the network empty: the model's routers hold no flit
  // `drain` cycles after the last delivery (one stuck, or one sent twice, would
  // otherwise pass unseen). (In cosim the RTL's links matched the model's.)
  std::string left;
  const int64_t stray = hookNode("HYPERCAST_STRAY_NODE", n);
  if (net && stray >= 0) net->addStrayFlit(static_cast<uint64_t>(stray));
  for (uint64_t x = 0; net && done_at >= 0 && !div.found && left.empty() && x < n; ++x) {
    if (const size_t held = net->heldFlits(x)) {
      left = "node " + std::to_string(x) + " holds " + std::to_string(held) + " flit" +
             (held == 1 ? "" : "s") + " " + std::to_string(drain) +
             " cycles after the run's last delivery";
    }
  }
  progress.detail("");
  progress.update(cycle);
  progress.finish();

  // Independent check of the whole trace.
  checker::Shape shape;
  for (int i = 1; i <= h.dims(); ++i) {
    shape.m.push_back(h.dim(i).m);
    shape.rho.push_back(h.dim(i).rho);
  }
  checker::Options copt;
  copt.lone = job.broadcasts.size() == 1;
  copt.hop_cycles = ro.hop_cycles;
  const auto bcasts = sb.checkerBroadcasts();
  const checker::Report rep = checker::check(shape, bcasts, sb.transfers(), copt);

  if (!job.trace_path.empty()) writeTrace(job.trace_path, sb.transfers());

  tb::SimOutcome o;
  o.engine = job.engine;
  o.rtl_model = job.rtl_model;
  o.nodes = n;
  o.degree = h.degree();
  o.diameter = h.diameter();
  o.broadcasts = bcasts.size();
  o.offered_broadcasts = job.broadcasts.size();
  o.reached = rep.nodes_all;
  o.deliveries = sb.reachedPairs() + sb.redundant();
  o.expected_deliveries = load_run ? sb.acceptedCount() * (n - 1) : sb.expectedPairs();
  o.redundant = sb.redundant();
  o.missing = rep.missing;
  o.transmissions = rep.transmissions;
  o.steps = rep.max_step;
  // From the first injection's grant: with two cycles per hop the origin sees
  // inj_ready one cycle after it (docs/hardware.md "Two-cycle hop").
  o.completion_cycles = sb.firstAccept() >= 0 && rep.last_cycle >= 0
                            ? rep.last_cycle - (sb.firstAccept() - (ro.hop_cycles - 1))
                            : -1;
  o.cycles = cycle;
  o.watchdog = watchdog;
  o.watchdog_limit = job.watchdog;
  o.max_cycles = max_cycles;
  o.stopped_by = div.found            ? "divergence"
                 : watchdog           ? "watchdog"
                 : done_at >= 0       ? "completed"
                 : job.max_cycles > 0 ? "max_cycles"
                                      : "cycle_limit";
  o.checker_ok = rep.ok;
  o.checker_errors = rep.errors;
  o.cosim = net && rtl;
  o.cycles_compared = compared;
  o.divergence = div;
  o.seconds = secs;
  const bool delivered_all =
      (load_run ? sb.drained() && done_at >= 0 : sb.complete()) && axis_deliveries == axis_expected;
  o.left_in_network = left;
  o.pass = delivered_all && rep.ok && !watchdog && !div.found && sb.unknown() == 0 &&
           axis_error.empty() && left.empty();
  if (axis) {
    o.endpoints = job.endpoints;
    o.tready = job.tready;
    o.axis_deliveries = axis_deliveries;
    o.axis_expected = axis_expected;
    o.axis_error = axis_error;
    if (!axis_error.empty()) o.stopped_by = "axis_error";
  }
  fillLoadFigures(o, desc, job, sb, load_run, first_offer, axis_done);
  if (job.json) {
    tb::printJson(std::cout, o);
  } else {
    tb::printText(std::cout, o);
  }
  if (div.found) {
    std::cerr << "hc-sim: RTL and model diverge at cycle " << div.cycle << ", node " << div.node
              << ", " << div.port << ": expected " << div.expected << ", actual " << div.actual
              << "\n";
  }
  // SystemC removes each object and port from its registries by linear search, so
  // destroying a network of N nodes costs O(N^2) (minutes at 32K nodes). The
  // process ends right after this; let the OS reclaim the model.
  (void)net.release();
  return o.pass ? 0 : 1;
}

}  // namespace

int hypercast::tb::runRouterNetwork(const JobFile& job) {
  // Interrupted (hypercast forwards SIGINT/SIGTERM): the trace's temporary file
  // is removed and the process ends with 128 + signal, silently; hypercast reports.
  interrupt::install(nullptr);
  return run(parseJob(job));
}
