// The load-latency curve of a hypercycle network under uniform broadcast
// traffic (`hypercast sweep`): one `simulate --traffic uniform` run per offered
// rate, each checking every delivery; the curve written as CSV and SVG with the
// saturation rates marked (the busiest port's and the even-links bound).
#pragma once

#include <string>
#include <vector>

#include "emit/rtl_layout.h"
#include "topology/network.h"
#include "util/params.h"
#include "util/report_json.h"

namespace hypercast {
namespace flow {

// What to run, as typed values; every input checked by readSweepRequest.
struct SweepRequest {
  NetworkDesc network;  // a hypercycle
  RtlOptions rtl;
  std::string engine;  // systemc | verilator | cosim
  long long cycles = 10000;
  long long seed = 1;
  std::vector<double> rates;  // offered, in broadcasts per node per cycle
  // simulate's --endpoints (native | axis) and, with axis, --tready
  std::string endpoints = "native";
  std::string tready = "always";
  bool allow_large = false;  // --allow-large, passed on to every point's run
  std::string out;           // the folder of load_latency.csv and .svg
  bool json = false;         // the report as one JSON document on stdout
  bool quiet = false;        // no progress on stderr
};

// The request the parameters give (--rates, or --points rates up to 1.3x the
// busiest-port saturation); refuses (Error) any bad input before the first run.
SweepRequest readSweepRequest(const Params& a);
// Runs every point and writes the files. Without --json the table's rows are
// printed on stdout as each point ends (a long sweep shows its progress in
// them); the lines after the table, or the JSON report, are returned for the
// CLI to print, with the exit status: 0 when every run passed, 1 otherwise.
CommandReport runSweep(const SweepRequest& r);

// The saturation rates: 1 / the busiest port's flits per broadcast, and the
// even-links bound degree / (N - 1).
double busiestPortSaturation(const NetworkDesc& net, const RtlOptions& o);
double evenLinksSaturation(const NetworkDesc& net);

}  // namespace flow
}  // namespace hypercast
