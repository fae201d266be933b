// The one progress reporter. Rule: any step that can take more than 2 s reports
// progress on stderr, also under --json (stdout keeps its one JSON document);
// --quiet, where a command has it, silences it (Options::quiet).
//
// On a terminal (stderr a tty, TERM not "dumb"): one line redrawn in place (\r),
// at most 5 times a second, from 2 s into the step on, ended by finish():
//   sweep [#########-----------] 3/8  rate 0.4  0:21  ~0:35 left
// Elsewhere (a pipe, a log, CI): a plain line each time 10 s have passed since
// the last one (or since the start), and one from finish() if the step took more
// than 2 s:
//   sweep: 3/8  rate 0.4  0:21
// A step with no total shows its count alone ("cycle 120000", the unit from
// Options::unit) or only the time ("building Verilated model: 0:40").
//
// HYPERCAST_PROGRESS_SECONDS=S (tests; fractions allowed) replaces the 10 s, and
// the 2 s where S is smaller: with 0 every update() prints a line.
//
// Use:
//   Progress p("sweep", rates.size());          // or Progress p("label") with no total
//   for (...) { p.detail("rate 0.4"); ...; p.tick(); }   // or p.update(done)
//   p.finish();                                   // the destructor finishes too
// A step that blocks (a child process runs) calls heartbeat() first: a thread
// then redraws, or prints the plain lines, on time until finish(). A tight loop
// (a harness's cycles) does the same and stores its count with set():
//   Progress p("building Verilated model"); p.heartbeat(); run(...); p.finish();
//   Progress p("hc-sim", 0, o); p.heartbeat(); for (...) p.set(cycle);
// Every member is thread-safe. Text for stderr while the bar is up goes through
// message(); text for stdout through interject() (the bar is cleared around it;
// `write` must not call the reporter). An exception unwinding past it (an error,
// an interrupt) ends it with no last line, so the error's line stands alone.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <iosfwd>
#include <mutex>
#include <string>
#include <thread>

namespace hypercast {

struct ProgressOptions {
  std::ostream* out = nullptr;  // nullptr: std::cerr
  int tty = -1;                 // 1: bar, 0: plain lines, -1: stderrIsTerminal()
  bool quiet = false;           // no progress at all (message() still prints)
  std::string unit;             // shown before the count: "cycle 120000", "jobs 3/8"
  long long already = 0;        // done before this run (the time estimate ignores them)
  double interval = -1;         // seconds between plain lines (-1: intervalSeconds())
  double delay = -1;            // seconds before the bar first shows (-1: min(2, interval))
};

class Progress {
 public:
  using Options = ProgressOptions;

  // `total` 0: unknown (no bar, no estimate).
  explicit Progress(std::string label, long long total = 0, Options options = {});
  Progress(std::string label, long long total, bool quiet);
  // finish(); while an exception unwinds (an error, an interrupt) the step did
  // not end: the heartbeat stops and a bar is erased, with no last line.
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // `done` units are complete; prints if due.
  void update(long long done);
  // One more unit complete; prints if due.
  void tick();
  // Only stores the count (no lock, no clock: a harness calls it every cycle);
  // the heartbeat prints it.
  void set(long long done);
  // Text shown after the count ("rate 0.4", "passed 15  failed 2  running 2");
  // shown from the next line or redraw on.
  void detail(const std::string& text);
  // The time left as the caller reckons it (negative: unknown), shown from the
  // next line or redraw on instead of the estimate from the pace of this run's
  // units.
  void left(double seconds);
  // Prints `text` (a newline is added if missing) on the progress stream, above
  // the bar on a terminal; printed even when quiet.
  void message(const std::string& text);
  // Runs `write` (printing to stdout, say) with the bar cleared, then redraws it.
  void interject(const std::function<void()>& write);
  // Starts a thread that keeps the progress on time while the caller blocks or
  // runs a tight loop (it blocks every signal: they reach the other threads).
  void heartbeat();
  // Ends the step: stops the heartbeat, ends the bar's line (terminal) or prints
  // the last plain line (if it took more than 2 s). Later calls do nothing.
  void finish();
  // Ends the step without its last line (a terminal's bar is erased).
  void abandon();

  // isatty(2) and TERM is not "dumb".
  static bool stderrIsTerminal();
  // HYPERCAST_PROGRESS_SECONDS if set to a number >= 0, else 10.
  static double intervalSeconds();
  // "1:05", "1:02:03"; "?" for a negative time.
  static std::string clock(double seconds);

 private:
  using Clock = std::chrono::steady_clock;
  void poll(Clock::time_point now);  // under mu_
  void draw(Clock::time_point now);  // under mu_
  void clearBar();                   // under mu_
  void end(bool last_line);
  std::string text(bool bar, Clock::time_point now) const;
  Clock::time_point nextDue() const;  // under mu_: when the heartbeat next acts

  std::string label_, detail_, last_text_;  // last_text_: the last plain line
  long long total_;
  std::atomic<long long> done_;  // atomic: set() takes no lock
  Options o_;
  std::ostream& os_;
  bool tty_, finished_ = false, shown_ = false;
  double interval_, delay_;
  bool has_left_ = false;  // left() was called: left_ is the time left
  double left_ = -1;
  Clock::time_point start_, last_line_, drawn_;
  int unwinding_;  // std::uncaught_exceptions() when constructed
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::thread ticker_;
};

}  // namespace hypercast
