#include "regress/regress_runner.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include "regress/build_id.h"
#include "regress/regress_result.h"
#include "tools/launcher.h"
#include "util/error.h"
#include "util/interrupt.h"
#include "util/progress.h"

namespace hypercast {
namespace regress {

namespace {

using Clock = std::chrono::steady_clock;

// How long jobs have to end after an interrupt was passed on, before SIGKILL:
// the launcher's grace, as for every child.
constexpr std::chrono::seconds kGrace = tools::kGraceAfterInterrupt;

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

struct Running {
  const RegressJob* job = nullptr;
  std::string hash;
  std::unique_ptr<JobWork> work;
  pid_t pid = -1;
  bool tracing = false;   // the second run, with --trace, of a failed simulate
  tools::ChildEnd first;  // how the job's own run ended
  Clock::time_point start;
  double seconds = 0;
};

class Runner {
 public:
  Runner(const std::string& dir, const RunSettings& s, std::ostream& progress)
      : dir_(dir), s_(s), progress_(progress), exe_(selfExe()) {}

  RunCounts run(const std::vector<RegressJob>& jobs, const std::vector<int>& which);

 private:
  void start(const RegressJob& job, const std::string& hash);
  // Starts the traced rerun of a failed simulate job.
  void startTrace(Running& r);
  // The job ended: commit its folder and report it.
  void finish(Running& r);
  void count(const std::string& status);
  // What the bar (or the plain line) shows after the counts.
  void showCounts();
  [[noreturn]] void stopAll(int sig);

  std::string dir_;
  RunSettings s_;
  std::ostream& progress_;
  std::string exe_;
  std::vector<std::unique_ptr<Running>> running_;
  std::unique_ptr<Progress> bar_;
  RunCounts counts_;
  int done_ = 0;                       // jobs complete, those of earlier runs included
  int queued_ = 0;                     // jobs still to start
  std::vector<double> finished_secs_;  // this run's finished jobs' times
};

}  // namespace

double secondsLeft(const std::vector<double>& finished, const std::vector<double>& running,
                   int queued, int parallel) {
  const size_t jobs_left = running.size() + static_cast<size_t>(std::max(queued, 0));
  if (jobs_left == 0) return 0;
  if (finished.empty()) return -1;
  double mean = 0;
  for (double s : finished) mean += s;
  mean /= static_cast<double>(finished.size());
  double work = mean * static_cast<double>(std::max(queued, 0));
  for (double s : running) {
    if (s > mean) return -1;  // overdue: the mean says nothing of when it ends
    work += mean - s;
  }
  const size_t slots = std::min(jobs_left, static_cast<size_t>(std::max(parallel, 1)));
  return work / static_cast<double>(slots);
}

namespace {

tools::ChildSpec childSpec(const RegressJob& job, const std::vector<std::string>& argv,
                           const std::string& out, const std::string& err) {
  tools::ChildSpec c;
  c.argv = argv;
  c.env = job.env;
  c.env["SYSTEMC_DISABLE_COPYRIGHT_MESSAGE"] = "1";
  c.out = out;
  c.err = err;
  return c;
}

void Runner::start(const RegressJob& job, const std::string& hash) {
  auto r = std::make_unique<Running>();
  r->job = &job;
  r->hash = hash;
  r->work = std::make_unique<JobWork>(dir_, job);
  const std::string w = r->work->path();
  r->start = Clock::now();
  r->pid = tools::startChild(
      childSpec(job, jobCommand(job, exe_, w), w + "/" + stdoutFile(job), w + "/log.txt"));
  running_.push_back(std::move(r));
}

void Runner::startTrace(Running& r) {
  const std::string w = r.work->path();
  std::vector<std::string> argv = jobCommand(*r.job, exe_, w);
  argv.insert(argv.end(), {"--trace", w + "/trace.csv"});
  // Its stderr goes to a log of its own: log.txt stays the failed run's, whose
  // last lines the report shows.
  r.tracing = true;
  r.pid = tools::startChild(childSpec(*r.job, argv, w + "/trace-run.json", w + "/trace-log.txt"));
}

void Runner::count(const std::string& status) {
  if (status == "pass") {
    ++counts_.passed;
  } else if (status == "fail") {
    ++counts_.failed;
  } else {
    ++counts_.errors;
  }
}

void Runner::finish(Running& r) {
  const std::string w = r.work->path();
  placeReport(*r.job, w);
  JobOutcome o =
      classify(r.first.exit_code, r.first.signal, slurp(w + "/report.json"), slurp(w + "/log.txt"));
  o.seconds = r.seconds;
  std::error_code ec;
  std::filesystem::remove(w + "/trace-run.json", ec);
  r.work->commit(summaryJson(*r.job, r.hash, o, w));
  finished_secs_.push_back(std::chrono::duration<double>(Clock::now() - r.start).count());
  count(o.status);
  ++done_;
  // Each job's end: above the bar on a terminal (failures only), else a line.
  char t[32];
  std::snprintf(t, sizeof t, "%.1f s", o.seconds);
  const std::string text = (o.status == "pass"   ? "PASS "
                            : o.status == "fail" ? "FAIL "
                                                 : "ERROR ") +
                           r.job->id + " (" + t + ")" + (o.message.empty() ? "" : ": " + o.message);
  if (!s_.tty && !s_.quiet) {
    bar_->message("[" + std::to_string(done_) + "/" + std::to_string(counts_.total) + "] " + text);
  } else if (o.status != "pass") {
    bar_->message(text);
  }
}

void Runner::showCounts() {
  const int failed = counts_.failed + counts_.errors;
  bar_->detail("passed " + std::to_string(done_ - failed) + "  failed " + std::to_string(failed) +
               "  running " + std::to_string(running_.size()));
  std::vector<double> running;
  const Clock::time_point now = Clock::now();
  for (const auto& r : running_)
    running.push_back(std::chrono::duration<double>(now - r->start).count());
  bar_->left(secondsLeft(finished_secs_, running, queued_, s_.parallel));
  bar_->update(done_);
}

void Runner::stopAll(int sig) {
  for (auto& r : running_) tools::signalChild(r->pid, sig);
  const auto since = Clock::now();
  bool killed = false;
  while (!running_.empty()) {
    for (size_t i = running_.size(); i-- > 0;) {
      tools::ChildEnd end;
      if (tools::childEnded(running_[i]->pid, end))
        running_.erase(running_.begin() + i);  // folder removed
    }
    if (!killed && Clock::now() - since > kGrace) {
      for (auto& r : running_) tools::signalChild(r->pid, SIGKILL);
      killed = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // A terminal keeps the bar where it stopped; a log gets no last line.
  if (s_.tty) {
    bar_->finish();
  } else {
    bar_->abandon();
  }
  throw interrupt::Interrupted(sig);
}

RunCounts Runner::run(const std::vector<RegressJob>& jobs, const std::vector<int>& which) {
  const std::string& build = buildId();
  std::deque<std::pair<const RegressJob*, std::string>> queue;
  std::vector<int> all = which;
  if (all.empty()) {
    for (const RegressJob& j : jobs) all.push_back(j.index);
  }
  counts_.total = static_cast<int>(all.size());
  for (int i : all) {
    const RegressJob& job = jobs.at(static_cast<size_t>(i));
    const std::string hash = jobHash(job, build);
    if (isComplete(dir_, job, hash)) {
      ++counts_.already;
      count(readSummary(dir_, job).value("status", "error"));
    } else {
      queue.emplace_back(&job, hash);
    }
  }
  // On a terminal the bar shows from the start (regress runs are long), else a
  // line at least every 10 s besides each job's.
  Progress::Options po;
  po.out = &progress_;
  po.tty = s_.tty ? 1 : 0;
  po.quiet = s_.quiet;
  po.already = counts_.already;
  po.delay = 0;
  done_ = counts_.already;
  bar_ = std::make_unique<Progress>("regress", counts_.total, po);
  if (!s_.quiet && (!s_.tty || queue.empty())) {
    progress_ << "regress: " << counts_.total << " jobs, " << counts_.already
              << " already complete, " << queue.size() << " to run"
              << (queue.empty() ? "" : " (-j " + std::to_string(s_.parallel) + ")") << "\n"
              << std::flush;
  }
  while (!queue.empty() || !running_.empty()) {
    if (const int sig = interrupt::pending()) stopAll(sig);
    while (!queue.empty() && static_cast<int>(running_.size()) < s_.parallel) {
      start(*queue.front().first, queue.front().second);
      queue.pop_front();
    }
    queued_ = static_cast<int>(queue.size());
    for (size_t i = running_.size(); i-- > 0;) {
      Running& r = *running_[i];
      tools::ChildEnd end;
      if (!tools::childEnded(r.pid, end)) continue;
      if (interrupted(end.exit_code, end.signal)) {
        // Stopped from outside (a scheduler's SIGTERM to the job alone): the
        // whole run stops as if interrupted; nothing of it is recorded.
        running_.erase(running_.begin() + i);
        stopAll(end.signal ? end.signal : end.exit_code - 128);
      }
      if (!r.tracing) {
        r.first = end;
        r.seconds = std::chrono::duration<double>(Clock::now() - r.start).count();
        if (r.job->command == "simulate" && end.signal == 0 && end.exit_code == 1) {
          startTrace(r);
          continue;
        }
      }
      finish(r);
      running_.erase(running_.begin() + i);
    }
    showCounts();
    // A job's end is noticed within 5 ms (jobs of 0.1 s are common).
    if (!running_.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  showCounts();
  bar_->finish();
  return counts_;
}

}  // namespace

namespace {

// The folder's lock (DIR/.hypercast-run.lock, flock): `regress run` holds it
// alone, SLURM's run-one tasks share it. Released when the process ends.
class FolderLock {
 public:
  FolderLock(const std::string& dir, bool alone) {
    const std::string path = dir + "/.hypercast-run.lock";
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd_ < 0) throw Error("cannot open " + path + ": " + std::strerror(errno));
    if (::flock(fd_, (alone ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0) return;
    const int e = errno;
    if (e == EWOULDBLOCK) {
      throw Error(dir + " is locked: another hypercast regress run is running on it");
    }
    if (alone) throw Error("cannot lock " + path + ": " + std::strerror(e));
  }
  ~FolderLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

 private:
  int fd_ = -1;
};

}  // namespace

RunCounts runJobs(const std::string& dir, const std::vector<RegressJob>& jobs,
                  const std::vector<int>& which, const RunSettings& s, std::ostream& progress) {
  const FolderLock lock(dir, which.empty());
  return Runner(dir, s, progress).run(jobs, which);
}

}  // namespace regress
}  // namespace hypercast
