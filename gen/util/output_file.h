// Files named by the user (--trace, --out, ...), written one way everywhere:
//  - a regular file, or a path that does not exist yet: written to a temporary
//    file in the same folder (its missing parent folders are made first, and
//    removed again if the file is not completed) (".hypercast-XXXXXX.tmp", registered with
//    util/interrupt.h), renamed over the path once complete. A reader never sees
//    half a file; an error or an interrupt leaves the old file and no temporary.
//    A replaced file keeps its permissions; a new one gets 0666 minus the umask.
//  - a character device or a FIFO (/dev/null, a terminal, a named pipe): opened
//    and written directly. /dev/null stays a device.
//  - this process's own descriptor (/dev/stdout, /dev/stderr, /dev/fd/N,
//    /proc/self/fd/N, whatever it is: a pipe, a terminal, a file the shell
//    redirected to): never reopened by path; written through a duplicate of the
//    open descriptor, so it shares the shell's offset and follows what this
//    process printed there before.
//  - a symbolic link: followed; its target is written by the rules above and the
//    link itself is kept (a dangling link's target is created). A missing folder
//    is never made through a link that leads nowhere: that path is refused.
//  - an empty path, a folder, a block device or a socket: refused.
// A set of files in a folder (sweep's CSV and SVG, synth's report) is written the
// same way, each file by the rules above, beside whatever the folder holds; see
// writeOutputFiles.
// Every failure is a one-line hypercast::Error: "--trace: empty path", or
// "cannot write <option> <path>: <reason>", where `option` is how the caller names
// the output ("--trace", "--wave", "--out"; the empty-path message always says
// "--<name>").
#pragma once

#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "util/interrupt.h"

namespace hypercast {

// Before any work: refuses an empty path, a folder, a path whose folder (or, for a
// missing folder, the nearest existing folder above it) takes no new files, an existing file or
// device that cannot be written. Creates nothing (the folder is probed with an unnamed O_TMPFILE
// file).
void checkOutputPath(const std::string& option, const std::string& path);

// Whether `path` names this process's stdout (/dev/stdout, /dev/fd/1,
// /proc/self/fd/1, a link to one of them), which the file would be written
// through. An empty path, "-" and paths that cannot be resolved are not.
bool namesStdout(const std::string& path);

// Before any work: refuses two outputs of one command that name the same file
// (the same path, a link to it, or another name of it), one line naming both
// options: "--wave and --trace name the same file x.fst". `outputs` are
// (option as typed, path) pairs; a character device (/dev/null) may repeat.
void checkDistinctOutputs(const std::vector<std::pair<std::string, std::string>>& outputs);

// Before any work: refuses a `dir` writeOutputFiles could not write into: an
// empty path, an existing non-folder, a symbolic link that leads nowhere (dangling
// or a loop), a folder (or, for a new `dir`, the nearest existing folder above
// it) that takes no new files, and one of `files` (names in `dir`) that exists as
// a folder. Creates nothing.
void checkOutputFolder(const std::string& option, const std::string& dir,
                       const std::vector<std::string>& files = {});

// Before any work: refuses `dir` (as typed, for the message) when `folder`, or
// for a missing one the nearest existing folder above it, takes no new files.
void checkFolderTakesFiles(const std::string& option, const std::string& dir,
                           const std::string& folder);

// What making the folder `dir` adds, registered for removal with what it holds
// (util/interrupt.h) until released: the highest folder of `dir` (itself or one
// above it) that does not exist yet, as the kernel resolves the path. Nothing
// when `dir` exists.
interrupt::TempPath guardMissingFolders(const std::string& dir);

// Writes every file (relative path -> contents) into `dir`, each by the rules
// above, beside whatever `dir` holds; `dir` and its missing parents are created.
// Every file is complete before the first is renamed into place: an error or an
// interrupt before then leaves `dir` as it was (folders made for it removed).
void writeOutputFiles(const std::string& dir, const std::map<std::string, std::string>& files,
                      const std::string& option = "--out");

// Writes `content` to `path` by the rules above.
void writeOutputFile(const std::string& path, const std::string& content,
                     const std::string& option = "output");

// Streaming: write to stream(), then commit(). Destroyed without a successful
// commit(), it leaves the path as it was (a device may have received part of
// the data) and removes its temporary file.
class OutputFile {
 public:
  explicit OutputFile(const std::string& path, const std::string& option = "output");
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ostream& stream();
  // Writes out what is buffered; throws Error on a write error.
  void flush();
  // Flushes, checks every write, and renames the temporary file into place.
  void commit();
  // For a writer that opens its file by name (the FST writer of --wave, which
  // removes and recreates it): the temporary file it writes instead of
  // stream(), closed by that writer before commitNamed(); empty for a target
  // written directly (a device, a FIFO, this process's descriptor), which such
  // a writer must not be given.
  std::string writePath() const;
  // commit() for such a writer: the file now at writePath() (a regular file)
  // gets the mode commit() gives, and is renamed into place.
  void commitNamed();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hypercast
